// Start-up refuses what would silently serve wrong data: an existing empty or foreign database
// file, a corrupt one (quick_check), and a master key that does not open the database. Each is
// a clear message naming the file and what to do, and exit status 1.
import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { startTestServer } from "../support/harness.ts";
import { runAssay } from "../support/process.ts";
import { garbleTableRoot } from "../support/corrupt.ts";

async function preparedFolder() {
  const s = await startTestServer();
  for (let i = 0; i < 200; i++) await s.call("POST", "/v1/alerts", { title: `alert ${i} ${"x".repeat(200)}`, severity: "low" });
  await s.server.stop();
  return { dir: s.dir, configFile: s.configFile, db: join(s.dir, "assay.db"), done: () => s.stop() };
}

const serve = (configFile: string, env: Record<string, string> = {}) => runAssay(["serve", "--config", configFile, "--port", "0"], env);

describe("the database file", () => {
  test("an existing empty file is refused, with what to do", async () => {
    const f = await preparedFolder();
    try {
      writeFileSync(f.db, "");
      const r = await serve(f.configFile);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(f.db);
      expect(r.stderr).toContain("empty");
      expect(statSync(f.db).size).toBe(0);
    } finally {
      await f.done();
    }
  }, 30_000);

  test("a foreign SQLite database is refused and left untouched", async () => {
    const f = await preparedFolder();
    try {
      const foreign = join(f.dir, "foreign.db");
      const db = new Database(foreign);
      db.exec("CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT); INSERT INTO customers (name) VALUES ('a')");
      db.close();
      writeFileSync(f.configFile, (await Bun.file(f.configFile).text()).replace("./assay.db", "./foreign.db"));
      const r = await serve(f.configFile);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("foreign.db");
      expect(r.stderr).toContain("not an Assay database");
      const check = new Database(foreign);
      expect(check.query("SELECT name FROM sqlite_master WHERE type = 'table'").all()).toEqual([{ name: "customers" }]);
      check.close();
    } finally {
      await f.done();
    }
  }, 30_000);

  test("a file that is not a database is refused", async () => {
    const f = await preparedFolder();
    try {
      writeFileSync(f.db, randomBytes(8192));
      const r = await serve(f.configFile);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(f.db);
    } finally {
      await f.done();
    }
  }, 30_000);

  test("a corrupt page fails the start-up quick check; assay doctor reports it (exit 1)", async () => {
    const f = await preparedFolder();
    try {
      garbleTableRoot(f.db);
      const r = await serve(f.configFile);
      expect(r.code).toBe(1);
      expect(r.stderr).toContain(f.db);
      expect(r.stderr).toContain("assay doctor");
      const doctor = await runAssay(["doctor", "--config", f.configFile]);
      expect(doctor.code).toBe(1);
      expect(doctor.stdout + doctor.stderr).toContain("integrity");
    } finally {
      await f.done();
    }
  }, 30_000);

  test("assay doctor passes a sound database (exit 0)", async () => {
    const f = await preparedFolder();
    try {
      const doctor = await runAssay(["doctor", "--config", f.configFile, "--json"]);
      expect(doctor.code).toBe(0);
      expect(JSON.parse(doctor.stdout)).toMatchObject({ ok: true, integrity_check: "ok" });
    } finally {
      await f.done();
    }
  }, 30_000);
});

describe("the master key", () => {
  test("a master key that does not open the database is refused at start-up", async () => {
    const f = await preparedFolder();
    try {
      const r = await serve(f.configFile, { ASSAY_MASTER_KEY: randomBytes(32).toString("hex") });
      expect(r.code).toBe(1);
      expect(r.stderr).toContain("master key");
      expect(r.stderr).toContain(f.db);
    } finally {
      await f.done();
    }
  }, 30_000);
});
