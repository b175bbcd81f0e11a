// `assay demo` on a disk too small for its sample data. Its CSV writer was Bun's file writer,
// unchecked: a full disk left the files it had begun cut short (shipments.csv 40,960 of 75,712
// bytes) beside the whole ones, the command failed with the bare `ENOSPC: no space left on device,
// write` naming no file, and the folder — not empty, and without the config that marks a folder
// the demo wrote — was refused by the next run once space was freed ("not created by `assay
// demo`"). The files are now written under a temporary name, their size checked against what was
// handed to the writer (Bun's writer can lose a buffer without a word: reports/runner.ts), and
// renamed into place; on a failure the command names the file and the reason, removes what it
// wrote, and the same command succeeds once there is room. The config, which marks the data set
// as complete, is written last.
import { afterAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { runCli } from "../support/cli.ts";
import { makeTempDir } from "../support/harness.ts";
import { smallDisk, usable } from "../support/tmpfs.ts";

const root = makeTempDir("assay-demo-full-");
const disk = smallDisk(join(root, "disk"), "200k");
const mounted = disk.path;
afterAll(() => {
  disk.unmount();
  rmSync(root, { recursive: true, force: true });
});

/** Every file under `dir`, relative, with its size. */
function files(dir: string): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const st = statSync(join(dir, name));
    if (st.isFile()) out[name] = st.size;
  }
  return out;
}

test("a disk too small for the sample data: the file and the reason named, nothing cut short left, and the same command works once there is room", async () => {
  if (!usable(disk, "full-disk demo")) return;
  // The whole data set, written where there is room: what every file must hold.
  const whole = join(root, "whole");
  expect((await runCli(["demo", "--dir", whole, "--no-serve", "--json"])).code).toBe(0);
  const expected = files(whole);

  const dir = join(mounted, "demo");
  const failed = await runCli(["demo", "--dir", dir, "--no-serve", "--json"]);
  expect(failed.code).toBe(1);
  const message = JSON.parse(failed.stdout).error.message as string;
  expect(message).toMatch(/^cannot write the sample data: .*\/data\/\w+\.csv: no space left on the device \(ENOSPC\)/);
  // Nothing the demo wrote is left behind, whole or cut short.
  expect(existsSync(dir) ? files(dir) : {}).toEqual({});

  expect(spawnSync("mount", ["-o", "remount,size=2m", mounted]).status).toBe(0);
  const again = await runCli(["demo", "--dir", dir, "--no-serve", "--json"]);
  expect(again.stderr).not.toContain("refusing");
  expect(again.code).toBe(0);
  const written = files(dir);
  for (const name of ["data/invoice_lines.csv", "data/contracts.csv", "data/price_list.csv", "data/shipments.csv", "labels.csv", "assay.yaml"]) {
    expect(written[name]).toBe(expected[name]!);
  }
}, 60_000);
