// Reading a file an operator named without trusting its size. A device or a pipe reports size 0
// to stat, so a bound checked on the size alone let /dev/zero be read until memory ran out
// (`--config /dev/zero`, `master_key_file: /dev/urandom`). A pipe that ends (bash's `<(…)`,
// /dev/stdin) must still be read.
import { closeSync, openSync, readSync } from "node:fs";

/**
 * The first bytes of `path`, never more than `maxBytes + 1` of them: a result longer than
 * `maxBytes` means the file is longer than the bound (how much longer is not read).
 */
export function readAtMost(path: string, maxBytes: number): Buffer {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.allocUnsafe(maxBytes + 1);
    let length = 0;
    for (let n; length < buffer.length && (n = readSync(fd, buffer, length, buffer.length - length, null)) > 0; ) length += n;
    return buffer.subarray(0, length);
  } finally {
    closeSync(fd);
  }
}
