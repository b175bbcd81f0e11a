// A small disk for the full-disk tests (install, backup, demo, init): a tmpfs of a given size
// mounted under a test's temporary folder. Mounting needs root, which CI has: under CI=true a disk
// that cannot be mounted fails the test instead of letting it pass unrun.
import { spawnSync } from "node:child_process";
import { mkdirSync } from "node:fs";

export interface SmallDisk {
  path: string;
  /** False where this user cannot mount one (not root): the test says so and returns. */
  mounted: boolean;
  unmount(): void;
}

/** Mounts a tmpfs of `size` (200k, 1m…) at `path` (created). */
export function smallDisk(path: string, size: string): SmallDisk {
  mkdirSync(path, { recursive: true });
  const mounted = spawnSync("mount", ["-t", "tmpfs", "-o", `size=${size}`, "tmpfs", path]).status === 0;
  return {
    path,
    mounted,
    unmount: () => {
      if (mounted) spawnSync("umount", [path]);
    },
  };
}

/** Whether the test may run on `disk`: true when mounted; false (said on the console) when not, outside CI; throws under CI=true. */
export function usable(disk: SmallDisk, what: string): boolean {
  if (disk.mounted) return true;
  if (process.env.CI === "true") throw new Error(`cannot mount a tmpfs (needs root) under CI=true: the ${what} test must run`);
  console.log("skipped: cannot mount a tmpfs here");
  return false;
}
