// `assay migrate` and `assay migrate-store` as separate processes: a SQLite appliance with data
// moves into an empty PostgreSQL database, and then serves the same keys and alerts from it.
import { afterAll, describe, expect, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadConfig } from "../../src/config/load.ts";
import { silentLogger } from "../../src/log.ts";
import { createRuntime } from "../../src/runtime.ts";
import { startServer } from "../../src/server.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir, signedFetch } from "../support/harness.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";

const available = await postgresAvailable();
const databases: TestDatabase[] = [];
afterAll(async () => {
  for (const d of databases) await d.drop();
});

function appliance() {
  const dir = makeTempDir();
  writeFileSync(join(dir, "master.key"), randomBytes(32).toString("hex"), { mode: 0o600 });
  const sqlite = join(dir, "sqlite.yaml");
  writeFileSync(sqlite, "server: { port: 0, access_log: false }\nstorage: { path: ./assay.db }\nsecurity: { master_key_file: ./master.key }\n");
  return { dir, sqlite };
}

describe("assay migrate", () => {
  test("lists pending migrations of a new SQLite store, applies them with --apply, then none are pending", async () => {
    const { sqlite } = appliance();
    const before = await runCli(["migrate", "--json", "--config", sqlite]);
    expect(before.code).toBe(0);
    const listed = JSON.parse(before.stdout);
    expect(listed.store).toBe("sqlite");
    expect(listed.pending).toBe(listed.migrations.length);
    const applied = await runCli(["migrate", "--apply", "--config", sqlite]);
    expect(applied.code).toBe(0);
    expect(applied.stdout).toContain("applied");
    const after = JSON.parse((await runCli(["migrate", "--json", "--config", sqlite])).stdout);
    expect(after.pending).toBe(0);
    expect(after.migrations[0]).toMatchObject({ version: 1 });
  });
});

describe.skipIf(!available)("assay migrate-store", () => {
  test("copies every table into an empty PostgreSQL, verifies counts, refuses a second copy; the copy serves the same keys", async () => {
    const { dir, sqlite } = appliance();
    const account = JSON.parse((await runCli(["accounts", "create", "--name", "Move Me", "--json", "--config", sqlite])).stdout);
    const key = JSON.parse((await runCli(["keys", "create", "--account", account.id, "--json", "--config", sqlite])).stdout);
    const creds = { accountId: account.id, keyId: key.id, key: key.key, secret: key.secret };
    // An alert with its history and a webhook-free outbox, through a server on the SQLite store.
    const rt1 = createRuntime(loadConfig(sqlite, {}), { log: silentLogger, env: {} });
    const s1 = startServer(rt1, { host: "127.0.0.1", port: 0 });
    const created = await signedFetch(s1.url, "POST", "/v1/alerts", { title: "moved", severity: "high" }, { creds });
    expect(created.status).toBe(201);
    const alertId = ((await created.json()) as { id: string }).id;
    await s1.stop();

    const db = await createTestDatabase();
    databases.push(db);
    const pending = await runCli(["migrate", "--json", "--config", writePg(dir, db.url)]);
    expect(JSON.parse(pending.stdout).pending).toBeGreaterThan(0);

    const copy = await runCli(["migrate-store", "--to", db.url, "--batch", "1", "--json", "--config", sqlite]);
    expect(copy.stderr).toBe("");
    expect(copy.code).toBe(0);
    const report = JSON.parse(copy.stdout) as { tables: { table: string; source: number; target: number }[]; verified: boolean };
    expect(report.verified).toBe(true);
    const counts = Object.fromEntries(report.tables.map((t) => [t.table, t.target]));
    expect(counts).toMatchObject({ accounts: 1, api_keys: 1, alerts: 1, alert_events: 1 });
    expect(report.tables.every((t) => t.source === t.target)).toBe(true);

    const again = await runCli(["migrate-store", "--to", db.url, "--config", sqlite]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("not empty");
    expect(again.stderr).toContain("accounts: 1 rows");

    // The same config on PostgreSQL: the key (its secret decrypted) and the alert are there.
    const pg = writePg(dir, db.url);
    expect((await runCli(["keys", "list", "--account", account.id, "--config", pg])).stdout).toContain(key.id);
    const rt2 = createRuntime(loadConfig(pg, {}), { log: silentLogger, env: {} });
    const s2 = startServer(rt2, { host: "127.0.0.1", port: 0 });
    try {
      const read = await signedFetch(s2.url, "GET", `/v1/alerts/${alertId}`, undefined, { creds });
      expect(read.status).toBe(200);
      expect(((await read.json()) as { title: string }).title).toBe("moved");
    } finally {
      await s2.stop();
    }
  });

  test("usage errors: no --to, a non-postgres URL, a store that is not SQLite", async () => {
    const { dir, sqlite } = appliance();
    expect((await runCli(["migrate-store", "--config", sqlite])).stderr).toContain("--to: required");
    expect((await runCli(["migrate-store", "--to", "mysql://x", "--config", sqlite])).code).toBe(2);
    const r = await runCli(["migrate-store", "--to", "postgres://x/y", "--config", writePg(dir, "postgres://127.0.0.1:1/none")]);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("not SQLite");
  });
});

function writePg(dir: string, url: string): string {
  const file = join(dir, "pg.yaml");
  writeFileSync(file, `server: { port: 0, access_log: false }\nstorage: { driver: postgres, url: "${url}", pool: 2 }\nsecurity: { master_key_file: ./master.key }\n`);
  return file;
}

describe("assay migrate-store beside a running server", () => {
  test("is refused while a server uses the SQLite database, naming it: writes after the copy would stay behind", async () => {
    const { sqlite } = appliance();
    const rt = createRuntime(loadConfig(sqlite, {}), { log: silentLogger, env: {} });
    const server = startServer(rt, { host: "127.0.0.1", port: 0 });
    try {
      // The target is never reached: the refusal comes first, so no PostgreSQL is needed.
      const r = await runCli(["migrate-store", "--to", "postgres://127.0.0.1:1/none", "--config", sqlite]);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(`pid ${process.pid}`);
      expect(r.stderr).toContain("stop it first");
    } finally {
      await server.stop();
    }
  });
});
