// `make test-faults`, part 2: SIGTERM under load, and a full disk. Each must end in an answer —
// the request's own, 503 shutting_down or 503 storage_unavailable — never a 500, a reset
// connection, or wrong data; the database passes integrity_check afterwards. (The empty, foreign,
// corrupt and not-a-database files and the wrong master key are in test/reliability/.)
import { Database } from "bun:sqlite";
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { type Credentials, makeTempDir, signedFetch, startTestServer } from "../support/harness.ts";
import { runAssay, spawnServe } from "../support/process.ts";
import { UNLIMITED_PLAN } from "../support/server.ts";

let configFile: string;
let dir: string;
let creds: Credentials;
let cleanup: () => Promise<void>;
beforeAll(async () => {
  const seed = await startTestServer(UNLIMITED_PLAN);
  await seed.rt.keys.setPlan(seed.creds.accountId, "unlimited");
  ({ configFile, creds, dir } = seed);
  await seed.server.stop();
  cleanup = () => seed.stop();
});
afterAll(() => cleanup());

test("SIGTERM under load: every request sent is answered (its own answer or 503 shutting_down)", async () => {
  const server = await spawnServe(configFile, {}, process.env.ASSAY_BINARY);
  const outcomes = new Map<string, number>();
  const note = (k: string) => outcomes.set(k, (outcomes.get(k) ?? 0) + 1);
  // When each reset and each refused connection happened: a reset is only allowed at the instant
  // the listener closes (see below).
  const resetsAt: number[] = [];
  let firstRefusedAt = Number.POSITIVE_INFINITY;
  let stopAt = Number.POSITIVE_INFINITY;
  const writer = async (w: number) => {
    for (let i = 0; Date.now() < stopAt; i++) {
      try {
        const r = await signedFetch(server.url, "POST", "/v1/alerts", { title: `drain ${w}-${i}`, severity: "low" }, { creds });
        const body = (await r.json()) as { code?: string };
        note(r.status === 503 ? `503 ${body.code}` : String(r.status));
        if (r.status === 503) await Bun.sleep(20);
      } catch (e) {
        // After the listener closes, a new connection is refused: that is not a request lost.
        const code = (e as { code?: string }).code ?? (e as Error).name;
        note(`error ${code}`);
        if (code === "ECONNRESET") resetsAt.push(performance.now());
        if (code === "ECONNREFUSED") {
          firstRefusedAt = Math.min(firstRefusedAt, performance.now());
          break;
        }
      }
    }
  };
  const writers = Array.from({ length: 8 }, (_, w) => writer(w));
  await Bun.sleep(400);
  server.proc.kill("SIGTERM");
  stopAt = Date.now() + 4000;
  await Promise.all(writers);
  expect(await server.proc.exited).toBe(0);
  const kinds = [...outcomes.keys()];
  console.log(`faults: SIGTERM outcomes ${JSON.stringify(Object.fromEntries(outcomes))}`);
  for (const k of kinds) expect(["201", "503 shutting_down", "error ECONNREFUSED", "error ECONNRESET"]).toContain(k);
  // A connection the kernel completed but the server had not yet accepted when the listener
  // closed is reset by the kernel (TCP: the accept queue is dropped with the listener). That can
  // only happen at that instant — right before new connections are refused — and to at most one
  // connection per writer: the writers reconnect in step (each waits 20 ms after its 503), so a
  // CI run once saw all eight opened in that instant. A reset at any other time is a request the
  // server dropped.
  expect(resetsAt.length).toBeLessThanOrEqual(8);
  for (const at of resetsAt) expect(Math.abs(firstRefusedAt - at)).toBeLessThan(250);
  expect(outcomes.get("201")).toBeGreaterThan(0);
  expect(outcomes.get("503 shutting_down")).toBeGreaterThan(0);
}, 60_000);

/** This suite's config with the database at `dbPath`, and an account with a key on that database. */
async function configAt(dbPath: string, name: string): Promise<{ file: string; acct: Credentials }> {
  const yaml = (await Bun.file(configFile).text()).replace("./assay.db", dbPath);
  const file = join(dir, `${name}.yaml`);
  await Bun.write(file, yaml);
  const { openAdmin } = await import("../../src/runtime.ts");
  const { parseConfig } = await import("../../src/config/load.ts");
  const admin = openAdmin(parseConfig(yaml, file, process.env), { env: process.env });
  const account = await admin.keys.createAccount(name, "unlimited");
  const key = await admin.keys.createKey(account.id);
  admin.store.close();
  return { file, acct: { accountId: account.id, keyId: key.id, key: key.key, secret: key.secret } };
}

/** A 3 MB tmpfs for the database when the machine lets us mount one (root in a container). */
function smallDisk(): { path: string; release(): void } | null {
  const path = makeTempDir("assay-tmpfs-");
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", "size=3m", "tmpfs", path]).status === 0;
  if (!mounted) {
    rmSync(path, { recursive: true, force: true });
    return null;
  }
  return {
    path,
    release() {
      spawnSync("umount", [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

test("disk full: writes and health answer 503 storage_unavailable, reads go on, nothing acknowledged is lost", async () => {
  const disk = smallDisk();
  if (!disk) {
    // No tmpfs here: the same through max_page_count is covered by test/reliability/health-storage.e2e.test.ts.
    console.log("faults: disk full skipped (cannot mount tmpfs); max_page_count variant runs in make test");
    return;
  }
  try {
    const dbDir = join(disk.path, "data");
    mkdirSync(dbDir);
    const { file: fullConfig, acct } = await configAt(join(dbDir, "assay.db"), "full");
    const server = await spawnServe(fullConfig, {}, process.env.ASSAY_BINARY);
    try {
      const acked: string[] = [];
      const statuses = new Map<string, number>();
      for (let i = 0; i < 2000; i++) {
        const r = await signedFetch(server.url, "POST", "/v1/alerts", { title: `fill ${i}`, severity: "low", description: "x".repeat(4000) }, { creds: acct });
        const body = (await r.json()) as { id?: string; code?: string };
        const k = `${r.status} ${body.code ?? ""}`.trim();
        statuses.set(k, (statuses.get(k) ?? 0) + 1);
        if (r.status === 201) acked.push(body.id!);
        else if ((statuses.get("503 storage_unavailable") ?? 0) >= 20) break;
      }
      console.log(`faults: disk full outcomes ${JSON.stringify(Object.fromEntries(statuses))}`);
      for (const k of statuses.keys()) expect(["201", "503 storage_unavailable"]).toContain(k);
      expect(statuses.get("503 storage_unavailable")).toBeGreaterThan(0);
      await Bun.sleep(1100); // health reuses its storage check for a second
      const health = await signedFetch(server.url, "GET", "/v1/health", undefined, { creds: acct });
      expect(health.status).toBe(503);
      expect(((await health.json()) as { checks: { storage: string } }).checks.storage).toBe("unavailable");
      for (const id of acked.filter((_, i) => i % 10 === 0)) {
        const r = await signedFetch(server.url, "GET", `/v1/alerts/${id}`, undefined, { creds: acct });
        expect(r.status).toBe(200);
      }
    } finally {
      await server.kill("SIGKILL");
    }
    const db = new Database(join(dbDir, "assay.db"), { readonly: true });
    expect(db.query("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
    db.close();
  } finally {
    disk.release();
  }
}, 120_000);

/** A bind mount of a fresh folder that the test can flip to read-only (root in a container). */
function flippableDisk(): { path: string; readOnly(on: boolean): boolean; release(): void } | null {
  const path = makeTempDir("assay-ro-");
  if (spawnSync("mount", ["--bind", path, path]).status !== 0) {
    rmSync(path, { recursive: true, force: true });
    return null;
  }
  return {
    path,
    readOnly: (on) => spawnSync("mount", ["-o", `remount,bind,${on ? "ro" : "rw"}`, path]).status === 0,
    release() {
      spawnSync("umount", [path]);
      rmSync(path, { recursive: true, force: true });
    },
  };
}

test("a read-only disk: a clear refusal at start, and serving again once writable", async () => {
  const disk = flippableDisk();
  if (!disk) {
    console.log("faults: read-only skipped (cannot bind-mount); the query_only variant runs in make test");
    return;
  }
  try {
    const { file: roConfig, acct } = await configAt(join(disk.path, "assay.db"), "ro");

    // Started on a read-only disk: refused with what to do.
    expect(disk.readOnly(true)).toBe(true);
    const refused = await runAssay(["serve", "--config", roConfig, "--port", "0"]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("read-only");
    expect(disk.readOnly(false)).toBe(true);

    // Back to writable: the same database serves again, nothing lost. (A disk cannot be remounted
    // read-only under a server holding its files open for writing; a store turning read-only
    // while serving is tested with PRAGMA query_only in test/reliability/health-storage.)
    const server = await spawnServe(roConfig, {}, process.env.ASSAY_BINARY);
    try {
      const r = await signedFetch(server.url, "GET", "/v1/health", undefined, { creds: acct });
      expect(r.status).toBe(200);
    } finally {
      await server.kill("SIGTERM");
    }
  } finally {
    disk.readOnly(false);
    disk.release();
  }
}, 60_000);
