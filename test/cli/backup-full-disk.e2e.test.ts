// `assay backup --out` onto a disk without room for the copy (fifteenth attack pass): it failed
// with SQLite's bare "database or disk is full" and left `<out>-journal` beside the removed copy.
// The failure now names the file and the disk, and nothing is left there.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";
import { smallDisk, usable } from "../support/tmpfs.ts";

const root = makeTempDir("assay-backup-full-");
const disk = smallDisk(join(root, "disk"), "64k");
const mounted = disk.path;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  for (let i = 0; i < 300; i++) await s.call("POST", "/v1/alerts", { title: `alert ${i} ${"x".repeat(300)}`, severity: "low" });
});
afterAll(async () => {
  await s.stop();
  disk.unmount();
  rmSync(root, { recursive: true, force: true });
});

test("a backup that does not fit names the disk and leaves nothing behind", async () => {
  if (process.env.ASSAY_TEST_STORAGE === "postgres") {
    console.log("skipped: the store is not SQLite");
    return;
  }
  if (!usable(disk, "full-disk backup")) return;
  const out = join(mounted, "b.db");
  const r = await runCli(["backup", "--config", s.configFile, "--out", out]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`cannot write the backup ${out}: no space left on the disk that holds it (SQLITE_FULL)`);
  expect(readdirSync(mounted)).toEqual([]);
});
