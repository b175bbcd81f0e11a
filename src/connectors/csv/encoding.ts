// Which text encoding a CSV file is in, when csv.encoding is `auto` (the default). Excel's
// "CSV (comma delimited)" on Windows, DATEV and many SAP code pages write Windows-1252; read as
// UTF-8, every accented letter becomes U+FFFD and "Müller GmbH" and "Möller GmbH" are one
// customer. Text that is valid UTF-8 is practically never meant as Windows-1252 (its accented
// letters would have to come in exactly UTF-8's byte patterns), so a file is UTF-8 when all of
// it is valid UTF-8, and Windows-1252 otherwise — the most common single-byte code page, which
// also reads ISO-8859-1 text. The whole file is checked, not a sample: an export's first rows are
// often plain ASCII, its first accented name thousands of rows in. The check runs at native speed
// (node:buffer isUtf8, ~13 µs per MiB here). A transactions file is checked while its index is
// built (file-index.ts: one read); resolveEncoding reads a reference table once more first.
import { open } from "../fs-async.ts";
import type { CsvEncoding } from "./reader.ts";

/** csv.encoding: a file's encoding, or `auto` to tell UTF-8 from Windows-1252 by the bytes. */
export type CsvEncodingSetting = CsvEncoding | "auto";

const CHUNK = 1 << 20;
export const isUtf8 = (bytes: Uint8Array): boolean => (process.getBuiltinModule("node:buffer") as typeof import("node:buffer")).isUtf8(bytes);

/** The encoding to read `path` in: the setting, or for `auto` what the file's bytes are. */
export async function resolveEncoding(path: string, setting: CsvEncodingSetting | undefined): Promise<CsvEncoding> {
  if (setting !== undefined && setting !== "auto") return setting;
  return (await isUtf8File(path)) ? "utf-8" : "windows-1252";
}

/**
 * Whether the whole file is valid UTF-8 (a file that cannot be read counts as UTF-8: its reader
 * reports why). Read a mebibyte at a time with an await between reads: a large file does not
 * hold the server's event loop.
 */
export async function isUtf8File(path: string): Promise<boolean> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, "r");
  } catch {
    return true;
  }
  try {
    const buf = Buffer.allocUnsafe(CHUNK + 3);
    let carried = 0; // bytes of a character cut by the previous read, moved to the front
    for (;;) {
      const { bytesRead } = await file.read(buf, carried, CHUNK, null);
      const filled = carried + bytesRead;
      if (bytesRead === 0) return carried === 0 || isUtf8(buf.subarray(0, filled));
      const end = filled - cutCharacterBytes(buf, filled);
      if (!isUtf8(buf.subarray(0, end))) return false;
      carried = filled - end;
      buf.copy(buf, 0, end, filled);
    }
  } catch {
    return true;
  } finally {
    await file.close().catch(() => {});
  }
}

/** How many bytes at the end of buf[0, filled) begin a multi-byte character they do not finish (0–3). */
function cutCharacterBytes(buf: Uint8Array, filled: number): number {
  for (let back = 1; back <= 3 && back <= filled; back++) {
    const b = buf[filled - back]!;
    if ((b & 0xc0) === 0x80) continue; // a continuation byte: look further back for its lead
    if (b < 0xc0) return 0; // ASCII: nothing is cut
    const length = b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : 2;
    return length > back ? back : 0;
  }
  return 0;
}
