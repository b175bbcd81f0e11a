// `assay install` on a disk without room for the binary (fifteenth attack pass). The copy was
// made as `assay.<pid>.tmp` beside the target and renamed; a copy that failed was left there — on
// a 10 MB tmpfs the ~120 MB binary left a temporary file filling the disk, so everything else on
// it (a served database, logs) then met a full disk — and the command answered the bare errno
// (`ENOSPC: no space left on device, copyfile …`). A `--prefix` naming a file answered `EEXIST:
// file already exists, mkdir`, and an empty one installed into the current folder. The failed
// copy is now removed and each case named.
import { afterAll, expect, test } from "bun:test";
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installCopy } from "../../src/cli/install.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";
import { smallDisk, usable } from "../support/tmpfs.ts";

const root = makeTempDir("assay-install-");
const disk = smallDisk(join(root, "disk"), "200k");
const mounted = disk.path;
afterAll(() => {
  disk.unmount();
  rmSync(root, { recursive: true, force: true });
});

test("a copy that does not fit is removed, and the reason named", () => {
  if (!usable(disk, "full-disk install")) return;
  const binary = join(root, "binary");
  writeFileSync(binary, Buffer.alloc(1024 * 1024, 7));
  expect(() => installCopy(binary, mounted)).toThrow(/^cannot install .*\/assay: no space left on the device \(ENOSPC\); nothing was changed there$/);
  expect(readdirSync(mounted)).toEqual([]);
});

test("a --prefix that is a file, or empty, is named as such", async () => {
  const file = join(root, "a-file");
  writeFileSync(file, "");
  expect(() => installCopy(file, file)).toThrow(`cannot install into ${file}: it is not a folder`);
  const empty = await runCli(["install", "--prefix="]);
  expect(empty.code).toBe(2);
  expect(empty.stderr).toContain("--prefix: expected a folder");
});
