// `assay init` (or a first `assay serve`) whose new database cannot be created because the disk is
// full. Before (twelfth attack pass) it failed with `cannot open the database at …: SQLITE_FULL`
// and left the file SQLite had begun, 0 bytes; the next `assay init`, once space was freed, said
// "nothing to do: … its data are in place" (exit 0), and `assay serve` then refused the file as
// an empty database to restore from a backup — a database that never held anything. A database
// this start created is now removed when creating it fails before a byte of it is written, and the
// failure says the disk is full.
import { afterAll, expect, test } from "bun:test";
import { closeSync, existsSync, openSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";
import { smallDisk, usable } from "../support/tmpfs.ts";

const root = makeTempDir("assay-init-full-");
const small = smallDisk(join(root, "disk"), "1m");
const disk = small.path;
afterAll(() => {
  small.unmount();
  rmSync(root, { recursive: true, force: true });
});

test("a full disk: init fails saying so and leaves no empty database; once there is room, init creates it", async () => {
  if (!usable(small, "full-disk init")) return;
  const config = join(root, "assay.yaml");
  const database = join(disk, "assay.db");
  writeFileSync(config, `storage: { path: ${database} }\nsecurity: { master_key_file: ${join(root, "master.key")} }\nreports: { dir: ${join(root, "reports")} }\n`);
  // Fill the disk to its last page (4 KiB appends until the file system refuses one).
  const filler = join(disk, "filler");
  const fd = openSync(filler, "w");
  try {
    for (let i = 0; i < 300; i++) writeSync(fd, Buffer.alloc(4096));
  } catch {
    // ENOSPC: full.
  } finally {
    closeSync(fd);
  }
  const failed = await runCli(["init", "--config", config]);
  expect(failed.code).toBe(1);
  expect(failed.stderr).toContain("no space left on the disk");
  expect(existsSync(database)).toBe(false);

  rmSync(filler);
  const again = await runCli(["init", "--config", config, "--json"]);
  expect(again.code).toBe(0);
  expect(JSON.parse(again.stdout).created).toContain(database);
}, 60_000);
