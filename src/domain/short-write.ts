// Whether a file Bun's writer has closed holds every byte it was handed. Bun's FileSink can lose
// its last buffer without a word: on a full disk its end() resolved and a report "completed" with
// 0 bytes (PostgreSQL storage, test/reports/unwritable-dir.e2e.test.ts). Writers that hand it
// text count the bytes and ask here once the file is closed.
import { appendFileSync, statSync } from "node:fs";

/**
 * Why the closed file at `path` holds fewer bytes than the `handed` ones, or undefined when it
 * holds them all. The reason (ENOSPC, EDQUOT …) is asked of the disk with one more byte; when the
 * disk takes it, an Error saying how many bytes are missing.
 */
export function shortWrite(path: string, handed: number): unknown {
  try {
    const size = statSync(path).size;
    if (size === handed) return undefined;
    appendFileSync(path, "\n");
    return new Error(`the file holds ${size} of the ${handed} bytes written`);
  } catch (e) {
    return e;
  }
}
