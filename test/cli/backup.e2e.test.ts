// `assay backup` of a live server restores to an identical database: integrity_check ok and the
// same row count in every table; `assay restore` is refused while a server uses the database.
import { expect, test } from "bun:test";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { checkDatabase } from "../../src/store/sqlite/backup.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir, startTestServer } from "../support/harness.ts";

test("a backup taken while the server writes restores to an identical database", async () => {
  // A given dir outlives stop(): the restore runs against it afterwards.
  const s = await startTestServer("connectors:\n  - { id: inline, type: inline }\n", { dir: makeTempDir(), driver: "sqlite" });
  const cfg = ["--config", s.configFile];
  const db = join(s.dir, "assay.db");
  const out = join(makeTempDir(), "assay-backup.db");
  let stopped = false;
  try {
    for (let i = 0; i < 5; i++) expect((await s.call("POST", "/v1/alerts", { title: `alert ${i}`, severity: "high" })).status).toBe(201);
    const body = { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-9", currency: "EUR", lines: [{ sku: "A", quantity: 2, unit_price: 5, list_price: 50 }] } };
    expect((await s.call("POST", "/v1/analyze", body)).status).toBe(200);

    // Writes keep going while the backup runs, from their own account: the tight loop spends
    // that account's burst quota, not the one the calls after the backup use.
    let writing = true;
    const writerCreds = await s.newAccount();
    const writer = (async () => {
      while (writing) await s.call("POST", "/v1/alerts", { title: "during backup", severity: "low" }, { creds: writerCreds });
    })();
    const r = await runCli(["backup", "--out", out, "--json", ...cfg]);
    writing = false;
    await writer;
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).integrity).toBe("ok");
    const copy = checkDatabase(out);
    expect(copy.integrity).toBe("ok");
    expect(copy.tables.alerts).toBeGreaterThanOrEqual(5);
    expect(copy.tables.analyses).toBe(1);

    const again = await runCli(["backup", "--out", out, ...cfg]);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("exists");

    const refused = await runCli(["restore", out, ...cfg]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("is using");
    expect(refused.stderr).toContain("stop it first");

    // More writes after the backup: the restore must bring the database back to the backup.
    expect((await s.call("POST", "/v1/alerts", { title: "after backup", severity: "low" })).status).toBe(201);
    await s.stop();
    stopped = true;
    const restored = await runCli(["restore", out, "--json", ...cfg]);
    expect(restored.code).toBe(0);
    const result = JSON.parse(restored.stdout) as { previous: string };
    expect(existsSync(result.previous)).toBe(true);
    const live = checkDatabase(db);
    expect(live.integrity).toBe("ok");
    expect(live.tables).toEqual(copy.tables);
  } finally {
    if (!stopped) await s.stop();
  }
});

test("restore refuses a file that is not an Assay database", async () => {
  const dir = makeTempDir();
  await Bun.write(join(dir, "junk.db"), "not a database");
  const s = await startTestServer("", { dir: makeTempDir(), driver: "sqlite" });
  await s.stop();
  const r = await runCli(["restore", join(dir, "junk.db"), "--config", s.configFile]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain("not an SQLite database");
});
