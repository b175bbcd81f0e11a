// What Assay writes is its user's alone, whatever the umask of the shell that ran it: the database
// holds password hashes, sealed API secrets, key hashes and every analysed transaction; a backup
// is the same database; a report lists transactions and alerts. Under an operator's usual umask
// (022) `assay init`, `assay serve`, `assay backup` and the report worker created them 0644 in
// 0755 folders — readable by every local user — while docs/operations.md promised the database
// 0600 like the master key (eighth attack pass). The systemd unit's UMask=0077 hid it in
// production; `make run`, `assay demo`, a `sudo -u assay assay backup` did not have it.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { makeTempDir, signedFetch } from "../support/harness.ts";
import { spawnServe, type ServerProcess } from "../support/process.ts";

const BINARY = process.env.ASSAY_BINARY;
const mode = (path: string) => (statSync(path).mode & 0o777).toString(8).padStart(4, "0");

let dir: string;
let config: string;
let previousUmask: number;
let server: ServerProcess | undefined;

beforeAll(() => {
  // The umask of an interactive shell; the children inherit it.
  previousUmask = process.umask(0o022);
  dir = makeTempDir("assay-private-files-");
  mkdirSync(join(dir, "etc"));
  config = join(dir, "etc", "assay.yaml");
  writeFileSync(
    config,
    [
      "server: { port: 0, access_log: false }",
      "storage: { path: ../var/data/assay.db }",
      "security: { master_key_file: ../var/secrets/master.key }",
      "reports: { dir: ../var/reports, workers: 1 }",
      "connectors: [{ id: inline, type: inline }]",
      "",
    ].join("\n"),
  );
});

afterAll(async () => {
  await server?.kill("SIGKILL");
  process.umask(previousUmask);
  rmSync(dir, { recursive: true, force: true });
});

test("assay init creates the data, key and report folders 0700 and the database 0600", async () => {
  const init = await runCli(["init", "--config", config], { binary: BINARY });
  expect(init.stderr).toBe("");
  expect(init.code).toBe(0);
  expect({
    data: mode(join(dir, "var/data")),
    database: mode(join(dir, "var/data/assay.db")),
    secrets: mode(join(dir, "var/secrets")),
    masterKey: mode(join(dir, "var/secrets/master.key")),
    reports: mode(join(dir, "var/reports")),
  }).toEqual({ data: "0700", database: "0600", secrets: "0700", masterKey: "0600", reports: "0700" });
});

test("a served database's -wal and -shm files and a report's file are 0600", async () => {
  const account = JSON.parse((await runCli(["accounts", "create", "--name", "files", "--config", config, "--json"], { binary: BINARY })).stdout);
  const key = JSON.parse((await runCli(["keys", "create", "--account", account.id, "--config", config, "--json"], { binary: BINARY })).stdout);
  server = await spawnServe(config, {}, BINARY);
  const creds = { accountId: account.id, keyId: key.id, key: key.key, secret: key.secret };
  expect((await signedFetch(server.url, "POST", "/v1/alerts", { title: "private", severity: "low" }, { creds })).status).toBe(201);
  const created = await signedFetch(server.url, "POST", "/v1/reports", { type: "alerts", format: "csv" }, { creds });
  expect(created.status).toBe(202);
  const { id } = (await created.json()) as { id: string };
  let report: { status: string } = { status: "queued" };
  for (let i = 0; i < 100 && report.status !== "completed" && report.status !== "failed"; i++) {
    await Bun.sleep(100);
    report = (await (await signedFetch(server.url, "GET", `/v1/reports/${id}`, undefined, { creds })).json()) as { status: string };
  }
  expect(report.status).toBe("completed");
  expect({
    wal: mode(join(dir, "var/data/assay.db-wal")),
    shm: mode(join(dir, "var/data/assay.db-shm")),
    report: mode(join(dir, `var/reports/${id}.csv`)),
  }).toEqual({ wal: "0600", shm: "0600", report: "0600" });
});

test("assay backup writes its copy 0600", async () => {
  const out = join(dir, "backup.db");
  const backup = await runCli(["backup", "--out", out, "--config", config], { binary: BINARY });
  expect(backup.stderr).toBe("");
  expect(backup.code).toBe(0);
  expect(mode(out)).toBe("0600");
});

test("a database that serve creates itself (no init) is 0600 in a 0700 folder", async () => {
  const other = join(dir, "etc", "fresh.yaml");
  writeFileSync(other, "server: { port: 0, access_log: false }\nstorage: { path: ../fresh/assay.db }\nsecurity: { master_key_file: ../var/secrets/master.key }\n");
  const fresh = await spawnServe(other, {}, BINARY);
  try {
    expect({ folder: mode(join(dir, "fresh")), database: mode(join(dir, "fresh/assay.db")) }).toEqual({ folder: "0700", database: "0600" });
  } finally {
    await fresh.kill("SIGKILL");
  }
});
