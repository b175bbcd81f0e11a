// `assay doctor` and a master key it cannot read (fifteenth attack pass). With the key file
// missing, not a key, a folder or unreadable by the user (EACCES), doctor said "master key: does
// not open the database" and "the master key does not open this database's secrets" — which
// sends the operator looking for another key, when the file is what is wrong — and on a database
// no server had started yet (no check value) it said "not checked" and "ok", exit 0, while
// `assay serve` failed at once on the same key. The key is now read first, and a key that cannot
// be read is a problem of its own naming the cause.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { mkdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { loadMasterKey } from "../../src/auth/master-key.ts";
import { verifyMasterKey } from "../../src/auth/master-key-check.ts";
import { startTestServer } from "../support/harness.ts";
import { testStorageDriver } from "../support/postgres.ts";
import { runAssay } from "../support/process.ts";

let dir: string;
let configFile: string;
let stop: () => Promise<void>;
beforeAll(async () => {
  const s = await startTestServer();
  // The check value `assay serve` stores on its first start (the harness does not run that step).
  await verifyMasterKey(s.rt.store, loadMasterKey(join(s.dir, "master.key")), { keySource: "master.key", database: "assay.db" });
  await s.server.stop();
  ({ dir, configFile } = s);
  stop = () => s.stop();
});
afterAll(() => stop());

async function doctor() {
  const r = await runAssay(["doctor", "--config", configFile, "--json"]);
  return { code: r.code, report: JSON.parse(r.stdout) as { ok: boolean; master_key: string; problems: string[] } };
}

/** Runs `check` with the key file replaced by `replace` (a function of its path), then restores it. */
async function withKeyFile(replace: (path: string) => void, check: () => Promise<void>) {
  const key = join(dir, "master.key");
  renameSync(key, `${key}.saved`);
  try {
    replace(key);
    await check();
  } finally {
    rmSync(key, { recursive: true, force: true });
    renameSync(`${key}.saved`, key);
  }
}

describe("assay doctor and the master key", () => {
  test("the sound key opens the database", async () => {
    const { code, report } = await doctor();
    expect(report.master_key).toBe("ok");
    expect(code).toBe(0);
  }, 30_000);

  const cases: [string, (path: string) => void, string][] = [
    ["missing", () => {}, "does not exist"],
    ["not a key", (p) => writeFileSync(p, "not a key\n"), "must hold 32 bytes"],
    ["a folder", (p) => mkdirSync(p), "is a folder"],
  ];
  for (const [what, replace, cause] of cases) {
    test(`a key file ${what} is named as such, not as a key that does not open the database`, async () => {
      await withKeyFile(replace, async () => {
        const { code, report } = await doctor();
        expect(code).toBe(1);
        expect(report.master_key).toBe("cannot be read");
        expect(report.problems.join("\n")).toContain(cause);
        expect(report.problems.join("\n")).not.toContain("does not open");
      });
    }, 30_000);
  }

  // The check value is taken out of the SQLite file by hand; the PostgreSQL pass (make
  // unit-postgres) keeps it in its own database, where the same doctor code reads it.
  test.if(testStorageDriver() === "sqlite")("on a database no server has started yet, a key that cannot be read is still a problem", async () => {
    const db = new Database(join(dir, "assay.db"));
    const saved = db.query<{ value: Uint8Array }, []>("SELECT value FROM meta WHERE key = 'master_key_check'").get();
    db.run("DELETE FROM meta WHERE key = 'master_key_check'");
    try {
      await withKeyFile(
        () => {},
        async () => {
          const { code, report } = await doctor();
          expect(report.master_key).toBe("cannot be read");
          expect(code).toBe(1);
        },
      );
      // With the key in place and nothing to compare it with, doctor says so and passes.
      const { code, report } = await doctor();
      expect(report.master_key).toBe("not checked");
      expect(code).toBe(0);
    } finally {
      db.run("INSERT INTO meta (key, value) VALUES ('master_key_check', ?)", [saved!.value]);
      db.close();
    }
  }, 30_000);
});
