// `assay backup --out` onto a disk without room for the copy (fifteenth attack pass): it failed
// with SQLite's bare "database or disk is full" and left `<out>-journal` beside the removed copy.
// The failure now names the file and the disk, and nothing is left there.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

const root = makeTempDir("assay-backup-full-");
const mounted = join(root, "disk");
mkdirSync(mounted);
const canMount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", mounted]).status === 0;
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
  for (let i = 0; i < 300; i++) await s.call("POST", "/v1/alerts", { title: `alert ${i} ${"x".repeat(300)}`, severity: "low" });
});
afterAll(async () => {
  await s.stop();
  if (canMount) spawnSync("umount", [mounted]);
  rmSync(root, { recursive: true, force: true });
});

test("a backup that does not fit names the disk and leaves nothing behind", async () => {
  // CI runs as root and can mount one: there the test must run, never pass unrun.
  if (!canMount && process.env.CI === "true") throw new Error("cannot mount a tmpfs (needs root) under CI=true: the full-disk backup test must run");
  if (!canMount || process.env.ASSAY_TEST_STORAGE === "postgres") {
    console.log("skipped: cannot mount a tmpfs here, or the store is not SQLite");
    return;
  }
  const out = join(mounted, "b.db");
  const r = await runCli(["backup", "--config", s.configFile, "--out", out]);
  expect(r.code).toBe(1);
  expect(r.stderr).toContain(`cannot write the backup ${out}: no space left on the disk that holds it (SQLITE_FULL)`);
  expect(readdirSync(mounted)).toEqual([]);
});
