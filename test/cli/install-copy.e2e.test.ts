// `assay install` on a disk without room for the binary (fifteenth attack pass). The copy was
// made as `assay.<pid>.tmp` beside the target and renamed; a copy that failed was left there — on
// a 10 MB tmpfs the ~120 MB binary left a temporary file filling the disk, so everything else on
// it (a served database, logs) then met a full disk — and the command answered the bare errno
// (`ENOSPC: no space left on device, copyfile …`). A `--prefix` naming a file answered `EEXIST:
// file already exists, mkdir`, and an empty one installed into the current folder. The failed
// copy is now removed and each case named.
import { afterAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { installCopy } from "../../src/cli/install.ts";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";

const root = makeTempDir("assay-install-");
const mounted = join(root, "disk");
mkdirSync(mounted);
const canMount = spawnSync("mount", ["-t", "tmpfs", "-o", "size=200k", "tmpfs", mounted]).status === 0;
afterAll(() => {
  if (canMount) spawnSync("umount", [mounted]);
  rmSync(root, { recursive: true, force: true });
});

test("a copy that does not fit is removed, and the reason named", () => {
  if (!canMount) {
    // CI runs as root and can mount one: there the test must run, never pass unrun.
    if (process.env.CI === "true") throw new Error("cannot mount a tmpfs (needs root) under CI=true: the full-disk install test must run");
    console.log("skipped: cannot mount a tmpfs here");
    return;
  }
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
