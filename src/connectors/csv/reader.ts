// A streaming CSV reader over bytes (RFC 4180 as ERP exports write it): header row, quoted fields
// with "" escapes and line breaks inside quotes, CRLF or LF, a UTF-8 BOM, any one-byte delimiter.
// It reads fixed-size chunks and yields records in batches, each with its byte offset and end,
// so that an index can later re-read exactly one transaction's rows. Memory is one chunk plus one
// partial record, whatever the file size.
import { open } from "node:fs/promises";
import { fullGC } from "bun:jsc";

export interface CsvRecord {
  /** Byte offset of the record's first byte in the file. */
  offset: number;
  /** Byte offset just after the record (after its line break). */
  end: number;
  fields: string[];
}

const QUOTE = 34;
const LF = 10;
const CR = 13;
const MIB = 1 << 20;
/**
 * Bytes read at a time (a batch of records is one read's worth). Smaller in a scan worker thread,
 * which collects often: the batch being grouped is what a collection finds alive.
 */
const CHUNK = Bun.isMainThread ? MIB : MIB / 4;

export interface ReadOptions {
  delimiter: string;
  /** First byte to read (default 0, where a BOM is skipped). */
  start?: number;
  /** Byte to stop before (default: end of file). */
  end?: number;
  signal?: AbortSignal;
  /** Decode only this field of each record (fields = [that value]): for building an index. */
  onlyField?: number;
}

/** Streams the records of a file (or of a byte range of it) in batches. */
export async function* readCsvRecords(path: string, options: ReadOptions): AsyncGenerator<CsvRecord[]> {
  const handle = await open(path, "r");
  try {
    const limit = options.end ?? (await handle.stat()).size;
    let position = options.start ?? 0;
    // One working buffer reused for the whole file: the unparsed tail of the previous chunk is
    // moved to its front and the next chunk read after it (grown only for a record over 1 MiB).
    let work = Buffer.allocUnsafe(CHUNK * 2);
    let filled = 0;
    let workOffset = position;
    while (true) {
      options.signal?.throwIfAborted();
      if (work.length - filled < CHUNK) {
        const bigger = Buffer.allocUnsafe(work.length * 2);
        work.copy(bigger, 0, 0, filled);
        work = bigger;
      }
      const want = Math.min(CHUNK, limit - position);
      const { bytesRead } = want > 0 ? await handle.read(work, filled, want, position) : { bytesRead: 0 };
      position += bytesRead;
      filled += bytesRead;
      const eof = bytesRead === 0 || position >= limit;
      const buf = work.subarray(0, filled);
      let pos = 0;
      if (workOffset === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) pos = 3;
      const out: CsvRecord[] = [];
      pos = parseRecords(buf, pos, eof, options.delimiter, workOffset, out, options.onlyField);
      if (out.length > 0) yield out;
      if (eof) return;
      // Each chunk leaves ~20 short-lived strings per row behind and the collector is lazy about
      // them: measured on 1,000,000 lines, peak RSS 410 MB without this, 240 MB with a full
      // collection every 16 MiB (and the scan got faster). Costs a few ms per 16 MiB read.
      // Counted over every reader of the process: a scan that follows another (the analysis
      // context's history pass, then the report's scan) would otherwise start from zero and let
      // the garbage of both pile up (a 200 MB spike between them).
      collectEvery(CHUNK);
      work.copy(work, 0, pos, filled);
      filled -= pos;
      workOffset += pos;
    }
  } finally {
    await handle.close();
  }
}

const COLLECT_EVERY_BYTES = 16 * MIB;
/**
 * Resident memory the garbage of reading may add before a collection (on top of what was left
 * after the previous one). Bounds the peak where the byte count alone does not: measured on a
 * revenue_leakage report over 1,000,000 lines, a collection every 16 MiB still let the garbage of
 * parsing and analysing climb ~200 MB above the live data; with this, ~60 MB, for ~10% more
 * collection time.
 */
const COLLECT_AFTER_GROWTH_BYTES = 32 * 1024 * 1024;
let readSinceCollect = 0;
let rssAfterCollect = 0;

/**
 * A scan worker thread (analysis/parallel) has its own small heap but shares the process's
 * resident memory with the other threads: growth of the RSS says nothing about its own garbage
 * (measured: with the RSS rule each worker collected after nearly every chunk). It collects by
 * bytes read alone, often, with the engine's full collection: Bun.gc(true) also returns memory
 * to the system and took ~100 ms a time in a worker (≈ 20 % of its CPU at one per 4 MiB); a plain
 * full collection every 2 MiB kept the 1,000,000-line report's peak at ~320 MB for less CPU, and
 * 256 KiB reads (a quarter of the batch alive at each collection) at 290–307 MB (every 3 or 4 MiB:
 * 337–364 MB); every 1.5 MiB at 286–292 MB, at no measurable cost in wall time.
 */
const WORKER_COLLECT_EVERY_BYTES = (3 * MIB) / 2;
const isWorker = !Bun.isMainThread;

function collectEvery(bytes: number) {
  readSinceCollect += bytes;
  if (isWorker) {
    if (readSinceCollect < WORKER_COLLECT_EVERY_BYTES) return;
    readSinceCollect = 0;
    fullGC();
    return;
  }
  if (readSinceCollect < COLLECT_EVERY_BYTES && process.memoryUsage.rss() - rssAfterCollect < COLLECT_AFTER_GROWTH_BYTES) return;
  readSinceCollect = 0;
  Bun.gc(true);
  rssAfterCollect = process.memoryUsage.rss();
}

/** Reads the records of one byte range completely (for index lookups). */
export async function readCsvRange(path: string, offset: number, length: number, delimiter: string): Promise<CsvRecord[]> {
  const handle = await open(path, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buf, 0, length, offset);
    const out: CsvRecord[] = [];
    parseRecords(buf.subarray(0, bytesRead), 0, true, delimiter, offset, out);
    return out;
  } finally {
    await handle.close();
  }
}

/**
 * Parses complete records from buf[pos..] into out and returns where the first incomplete record
 * starts (everything, when eof). `base` is the file offset of buf[0].
 */
export function parseRecords(buf: Buffer, pos: number, eof: boolean, delimiter: string, base: number, out: CsvRecord[], onlyField?: number): number {
  const delim = delimiter.charCodeAt(0);
  let nextQuote = buf.indexOf(QUOTE, pos);
  while (pos < buf.length) {
    const nl = buf.indexOf(LF, pos);
    if (nl === -1 && !eof) break;
    const lineEnd = nl === -1 ? buf.length : nl;
    if (nextQuote !== -1 && nextQuote < pos) nextQuote = buf.indexOf(QUOTE, pos);
    if (nextQuote === -1 || nextQuote > lineEnd) {
      // Fast path: no quote on this line.
      const textEnd = lineEnd > pos && buf[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
      if (textEnd > pos) {
        const fields = onlyField === undefined ? buf.toString("utf8", pos, textEnd).split(delimiter) : [fieldAt(buf, pos, textEnd, delim, onlyField)];
        out.push({ offset: base + pos, end: base + Math.min(lineEnd + 1, buf.length), fields });
      }
      pos = lineEnd + 1;
      continue;
    }
    const parsed = parseQuotedRecord(buf, pos, eof, delim);
    if (!parsed) break;
    const fields = onlyField === undefined ? parsed.fields : [parsed.fields[onlyField] ?? ""];
    out.push({ offset: base + pos, end: base + parsed.next, fields });
    pos = parsed.next;
  }
  return Math.min(pos, buf.length);
}

/** The n-th field of an unquoted line, decoding nothing else. */
function fieldAt(buf: Buffer, start: number, end: number, delim: number, n: number): string {
  let s = start;
  for (let i = 0; i < n; i++) {
    const d = buf.indexOf(delim, s);
    if (d === -1 || d >= end) return "";
    s = d + 1;
  }
  const d = buf.indexOf(delim, s);
  return buf.toString("utf8", s, d === -1 || d > end ? end : d);
}

/** A record with quotes, possibly spanning lines; null when buf ends inside it (and not eof). */
function parseQuotedRecord(buf: Buffer, start: number, eof: boolean, delim: number): { fields: string[]; next: number } | null {
  const fields: string[] = [];
  let i = start;
  while (true) {
    let value = "";
    if (buf[i] === QUOTE) {
      i++;
      let seg = i;
      while (true) {
        const q = buf.indexOf(QUOTE, i);
        if (q === -1) {
          if (!eof) return null;
          value += buf.toString("utf8", seg, buf.length); // unterminated quote at end of file
          i = buf.length;
          break;
        }
        if (q + 1 >= buf.length && !eof) return null;
        if (buf[q + 1] === QUOTE) {
          value += buf.toString("utf8", seg, q + 1);
          i = q + 2;
          seg = i;
          continue;
        }
        value += buf.toString("utf8", seg, q);
        i = q + 1;
        break;
      }
      // Lenient: characters between a closing quote and the delimiter are kept.
      const rest = i;
      while (i < buf.length && buf[i] !== delim && buf[i] !== LF && buf[i] !== CR) i++;
      if (i > rest) value += buf.toString("utf8", rest, i);
    } else {
      const s = i;
      while (i < buf.length && buf[i] !== delim && buf[i] !== LF && buf[i] !== CR) i++;
      value = buf.toString("utf8", s, i);
    }
    fields.push(value);
    if (i >= buf.length) {
      if (!eof) return null;
      return { fields, next: buf.length };
    }
    if (buf[i] === delim) {
      i++;
      continue;
    }
    // Line break ends the record: CRLF or LF (a lone CR too).
    if (buf[i] === CR) {
      if (i + 1 >= buf.length && !eof) return null;
      i += buf[i + 1] === LF ? 2 : 1;
    } else i++;
    return { fields, next: i };
  }
}
