// A streaming CSV reader over bytes (RFC 4180 as ERP exports write it): header row, quoted fields
// with "" escapes and line breaks inside quotes, CRLF or LF, a UTF-8 BOM, any one-byte delimiter.
// It reads fixed-size chunks and yields records in batches, each with its byte offset and end,
// so that an index can later re-read exactly one transaction's rows. Memory is one chunk plus one
// partial record, whatever the file size. A scan reads rows (readCsvRows) as byte ranges of the
// chunk and decodes only the fields it maps (CsvRow), not a string per field. The text is UTF-8,
// or a single-byte encoding (csv.encoding): every ASCII byte is itself in both, so records and
// fields are found in the bytes alike and only decoding a field differs.
import { closeSync, openSync, readSync } from "node:fs";
import { open } from "../fs-async.ts";
import { edenGC, fullGC } from "bun:jsc";
import { plainDecimalAt } from "../values.ts";
import { doubled } from "../../domain/typed-arrays.ts";
import { isUtf8 } from "./encoding.ts";

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

/**
 * The longest record (a row, or a quoted field spanning lines) a file may hold. Far beyond any
 * invoice line; what exceeds it is nearly always an unclosed quote that would make the rest of
 * the file one field: held in memory whole and re-parsed from its start at every chunk.
 */
export const MAX_RECORD_BYTES = 16 * MIB;

/** A file that cannot be read as CSV: the connector reports the file (or table) unavailable with this message. */
export class MalformedCsvError extends Error {}

/** A record longer than MAX_RECORD_BYTES: the file cannot be read as CSV. */
export class RecordTooLongError extends MalformedCsvError {
  constructor(offset: number) {
    super(`the record at byte ${offset} is longer than ${MAX_RECORD_BYTES / MIB} MiB (an unclosed quote?)`);
  }
}

/**
 * The file was truncated or written to while a scan read it (an export rewritten in place): what
 * was read mixes two versions of it, or stops short, so a scan that went on would be complete in
 * appearance only. Not thrown for a file renamed over the one being read: the scan reads the file
 * it opened, which did not change.
 */
export class FileChangedError extends Error {
  constructor() {
    super("the file changed while it was read (rewritten or truncated in place); write exports to another name and rename them into place");
  }
}

/**
 * A field that starts with `"` and has no closing quote before the end of the file: read on, the
 * rest of the file would be one field of one record (its rows silently gone). `line` (1-based,
 * physical lines of the file) is where the quote opened, when known.
 */
export class UnclosedQuoteError extends MalformedCsvError {
  constructor(
    readonly offset: number,
    readonly line?: number,
  ) {
    super(
      `the quoted field opened ${line === undefined ? "" : `on line ${line} `}(byte ${offset}) is never closed: ` +
        `everything after it would be one field; close the quote, double a quote inside a quoted field (""), or remove the stray quote`,
    );
  }
}

/** The 1-based line of the file that byte `offset` is on (LFs before it, plus one); read only on the error path. */
function lineAt(path: string, offset: number): number {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(MIB);
    let line = 1;
    for (let at = 0; at < offset; ) {
      const n = readSync(fd, buf, 0, Math.min(MIB, offset - at), at);
      if (n === 0) break;
      for (let p = buf.indexOf(LF, 0); p !== -1 && p < n; p = buf.indexOf(LF, p + 1)) line++;
      at += n;
    }
    return line;
  } finally {
    closeSync(fd);
  }
}

/** The text encodings of csv.encoding. ISO-8859-1 is read as Windows-1252, as browsers do (it adds only printable characters where Latin-1 has control codes). */
export const CSV_ENCODINGS = ["utf-8", "windows-1252", "iso-8859-1", "iso-8859-15"] as const;
export type CsvEncoding = (typeof CSV_ENCODINGS)[number];

/** Decodes buf[s, e) to a string. */
export type Decode = (buf: Buffer, s: number, e: number) => string;

const decodeUtf8: Decode = (buf, s, e) => buf.toString("utf8", s, e);

/** How fields of a file in `encoding` are decoded (UTF-8 through Buffer, the fastest; the others through a TextDecoder). */
export function decoderOf(encoding: CsvEncoding = "utf-8"): Decode {
  if (encoding === "utf-8") return decodeUtf8;
  // One per encoding: every lookup parses its rows with a CsvRows of its own.
  let decode = singleByteDecoders.get(encoding);
  if (!decode) {
    const decoder = new TextDecoder(encoding);
    decode = (buf, s, e) => decoder.decode(buf.subarray(s, e));
    singleByteDecoders.set(encoding, decode);
  }
  return decode;
}

const singleByteDecoders = new Map<CsvEncoding, Decode>();

export interface ReadOptions {
  delimiter: string;
  /** The file's text encoding (default UTF-8). */
  encoding?: CsvEncoding;
  /** First byte to read (default 0, where a BOM is skipped). */
  start?: number;
  /** Byte to stop before (default: end of file). */
  end?: number;
  signal?: AbortSignal;
  /** Decode only this field of each record (fields = [that value]): for building an index. */
  onlyField?: number;
  /**
   * The version of the file the caller expects (its index's size and mtime): FileChangedError
   * when the file opened is another, or differs at the end of the read, or ends before `end`. A
   * scan must read one version of the file (an index is rebuilt anyway when its file changes).
   */
  failIfChanged?: { size: number; mtimeMs: number };
  /**
   * Checks the bytes of the records read for UTF-8 as it goes (csv.encoding `auto` while an index
   * is built: the file is read once, not once to tell its encoding and once more to index it);
   * `valid` turns false at the first record that is not. Records end at a line break (ASCII), so
   * no character is cut between two checks.
   */
  utf8Check?: { valid: boolean };
  /**
   * The caller keeps what it reads in typed arrays and makes next to no string per row (an index
   * by one id column): the read's bytes do not count towards the byte rule's collections, each a
   * full collection that also hands the freed memory back to the system (Bun.gc(true)), which
   * found 0–12 MB of garbage in the index of the 136 MB bench file (docs/benchmarks.md, "The
   * system's share on an Intel VM", 2026-11-29).
   */
  garbageFree?: boolean;
}

/** Streams the records of a file (or of a byte range of it) in batches. */
export function readCsvRecords(path: string, options: ReadOptions): AsyncGenerator<CsvRecord[]> {
  return readBatches(path, options, (buf, pos, eof, base, cut) => {
    const out: CsvRecord[] = [];
    const next = parseRecords(buf, pos, eof, options.delimiter, base, out, options.onlyField, options.encoding, cut);
    return { next, batch: out.length > 0 ? out : undefined };
  });
}

/**
 * Streams the rows of a file (or of a byte range of it) as CsvRows: byte ranges of the read
 * buffer, no string made (a scan reads the fields it needs through a CsvRow). One CsvRows object
 * is refilled for every batch: a batch is valid until the next one is asked for.
 */
export function readCsvRows(path: string, options: ReadOptions): AsyncGenerator<CsvRows> {
  const rows = new CsvRows(options.delimiter, options.encoding);
  return readBatches(path, options, (buf, pos, eof, base, cut) => {
    const next = parseRows(buf, pos, eof, rows.delim, base, rows, cut);
    return { next, batch: rows.count > 0 ? rows : undefined };
  });
}

/**
 * Reads the file (or the range) a chunk at a time into one working buffer and hands each to
 * `parse`, which takes the complete records from `pos` on (`base`: the file offset of buf[0]) and
 * says where the first incomplete one starts. `cut`: the range ends before the file does, so a
 * quoted field still open at its end goes on past it (the rows before it are read; it is not).
 */
async function* readBatches<B>(path: string, options: ReadOptions, parse: (buf: Buffer, pos: number, eof: boolean, base: number, cut: boolean) => { next: number; batch: B | undefined }): AsyncGenerator<B> {
  const handle = await open(path, "r");
  try {
    // fstat of the open file: a file renamed over the path later is not the one being read.
    const opened = await handle.stat();
    const expected = options.failIfChanged;
    if (expected && (opened.size !== expected.size || opened.mtimeMs !== expected.mtimeMs)) throw new FileChangedError();
    const size = opened.size;
    const limit = options.end ?? size;
    const cut = limit < size;
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
      if (eof && expected) {
        const now = await handle.stat();
        if (position < limit || now.size !== expected.size || now.mtimeMs !== expected.mtimeMs) throw new FileChangedError();
      }
      const buf = work.subarray(0, filled);
      let pos = 0;
      if (workOffset === 0 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) pos = 3;
      let parsed: { next: number; batch: B | undefined };
      try {
        parsed = parse(buf, pos, eof, workOffset, cut);
      } catch (e) {
        if (e instanceof UnclosedQuoteError) throw new UnclosedQuoteError(e.offset, lineAt(path, e.offset));
        throw e;
      }
      const { next, batch } = parsed;
      const check = options.utf8Check;
      if (check?.valid && next > pos && !isUtf8(buf.subarray(pos, next))) check.valid = false;
      pos = next;
      if (batch !== undefined) yield batch;
      if (eof) return;
      if (filled - pos > MAX_RECORD_BYTES) throw new RecordTooLongError(workOffset + pos);
      // Each chunk leaves ~20 short-lived strings per row behind and the collector is lazy about
      // them: measured on 1,000,000 lines, peak RSS 410 MB without this, 240 MB with a full
      // collection every 16 MiB (and the scan got faster). Costs a few ms per 16 MiB read.
      // Counted over every reader of the process: a scan that follows another (the analysis
      // context's history pass, then the report's scan) would otherwise start from zero and let
      // the garbage of both pile up (a 200 MB spike between them).
      if (!options.garbageFree) collectEvery(CHUNK);
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
/**
 * The main thread's collections by RSS growth (COLLECT_AFTER_GROWTH_BYTES); every other one is an
 * eden collection. A caller that keeps what it reads grows the RSS with live data: the journal
 * scan from a CSV export keeps its 100,000 rows for the scan (AnalysisContext.keepSource) and made
 * three full collections by this rule in its history pass, each freeing a read's young garbage but
 * walking the whole heap of kept rows with the main thread stopped — 580–700 ms of its wall time in
 * all at load 15 (50 ms of its own CPU: the collector's helper threads mark), 90–160 ms each at
 * load 4. An eden collection visits only what was allocated since the last one (the read's
 * garbage). Measured on the zero-config scan (docs/benchmarks.md, 2026-11-29 "The amount
 * contexts in columns"), 3 rounds at load 10–14, main thread held in these collections and peak
 * RSS: all full 237–419 ms, 202–209 MB; every other one eden 155–290 ms, 204–222 MB; three in four
 * eden 31–86 ms, but 207 / 238 / **318** MB — what survives the eden collections waits for JSC's
 * own full collection, and the 300 MB the appliance is sized for is no place to find it. The byte
 * rule (COLLECT_EVERY_BYTES, a long read) stays full.
 *
 * The scan's one-in-eight peaks of 330–380 MB (2026-11-29) were not the history pass's: sampled
 * with its phases (9 runs), the history pass peaked at 200–231 MB in each, and the RSS climbed in the
 * scoring pass over the kept rows — which reads nothing, so made none of these collections — from
 * ~205 MB to 265–302 MB with the JS heap at 80–95 MB, until the engine collected on its own. That
 * pass now applies this rule too (collectOnGrowth, a check every 1,024 entries: one eden
 * collection in the run traced): in 12 alternating pairs against the session's start, peak
 * (VmHWM) median / max 240 / 339 → 244 / 277 MB, process CPU medians 3,278 → 3,293 ms, the main
 * thread's 1,460 → 1,515 (docs/benchmarks.md, "The scoring pass's peak").
 */
let growthCollections = 0;
const GROWTH_FULL_COLLECT_EVERY = 2;
/** Collections a worker thread has made (every WORKER_FULL_COLLECT_EVERY-th is full). */
let workerCollections = 0;
let rssAfterCollect = 0;

/**
 * A scan worker thread (analysis/parallel) has its own small heap but shares the process's
 * resident memory with the other threads: growth of the RSS says nothing about its own garbage
 * (measured: with the RSS rule each worker collected after nearly every chunk). It collects by
 * bytes read alone, often, with the engine's full collection: Bun.gc(true) also returns memory
 * to the system and took ~100 ms a time in a worker (≈ 20 % of its CPU at one per 4 MiB); a plain
 * full collection every 2 MiB kept the 1,000,000-line report's peak at ~320 MB for less CPU, and
 * 256 KiB reads (a quarter of the batch alive at each collection) at 290–307 MB (every 3 or 4 MiB:
 * 337–364 MB); every 1.5 MiB at 286–292 MB, at no measurable cost in wall time. Since scans read
 * rows from the bytes (CsvRow: a few strings per line, not ~20) and reference tables share their
 * repeated strings, a read leaves far less behind: every 1.5 MiB 231–244 MB, every 2 MiB 239–245,
 * every 2.5 MiB 246–253, every 3 MiB 266 (loaded machine; a quiet one adds ~10 MB). Every 2 MiB:
 * a quarter fewer collections than every 1.5, for ~5 MB more.
 *
 * Since 2026-11-28 seven in eight are eden (young generation) collections, every 1.5 MiB: a
 * read's garbage (rows, their strings, a batch's mapped transactions) is young when it is
 * collected, and an eden collection visits only what was allocated since the last one, where a
 * full one walks the whole heap and wakes the collector's helper threads. Every eighth (12 MiB)
 * is full, for what survived an eden collection while its batch was alive. Measured on the
 * 1,000,000-line report (docs/benchmarks.md, 2026-11-28 morning): the collector's threads ~950 →
 * ~300 ms of CPU, the report's CPU −3 to −16 % in each of 10 pairs, the peak no higher. Fewer
 * eden collections (every 2 MiB, full every 8) let the peak reach 303–304 MB at quiet moments;
 * more (every 1 MiB) gave the saving back in the workers' own collections.
 *
 * Every 1 MiB since 2026-11-28 afternoon: on a faster machine (AMD EPYC, 290,000–310,000 lines/s)
 * the workers ran further between collections and the peak at 1.5 MiB was 303–311 MB, over the
 * 300 MB bound; at 1 MiB 278–294 MB for 2–4 % more CPU (6 alternating pairs, same digest). A full
 * collection every eighth (now 8 MiB) instead of every fourth: every fourth did not lower the peak.
 *
 * Every 0.75 MiB since 2026-11-29: the session's new history collectors and detectors took the
 * workers' share up ~6 MB and the peak over the bound again (293 → 299 MB, medians of 7 pairs
 * against the session's start). At 0.75 MiB, 7 alternating pairs against 1 MiB on the same tree:
 * peak 284–294 against 293–307 MB (medians 289 / 299), process CPU medians 10,457 / 10,340 ms (the
 * pairs' spread is ±10 %), the same findings and digest.
 *
 * Every 0.5 MiB since the evening of 2026-11-29: that session's history collectors (deductions'
 * evidence, journals, approvals) took the peak to 301–318 MB at 0.75 MiB; 3 alternating pairs on
 * the same tree, 0.5 against 0.75 MiB: peak 285 / 294 / 293 against 318 / 301 / 305 MB, process
 * CPU 9,993 / 10,014 / 9,699 against 10,057 / 9,811 / 9,069 ms (+2 % at the medians), same digest.
 */
const WORKER_COLLECT_EVERY_BYTES = 0.5 * MIB;
const WORKER_FULL_COLLECT_EVERY = 8;
const isWorker = !Bun.isMainThread;

function collectEvery(bytes: number) {
  readSinceCollect += bytes;
  if (isWorker) {
    if (readSinceCollect < WORKER_COLLECT_EVERY_BYTES) return;
    readSinceCollect = 0;
    if (++workerCollections % WORKER_FULL_COLLECT_EVERY === 0) fullGC();
    else edenGC();
    return;
  }
  const byBytes = readSinceCollect >= COLLECT_EVERY_BYTES;
  if (!byBytes && process.memoryUsage.rss() - rssAfterCollect < COLLECT_AFTER_GROWTH_BYTES) return;
  readSinceCollect = 0;
  collectByGrowthRule(byBytes);
}

/** A collection of the main thread's rule: full when `full` or every GROWTH_FULL_COLLECT_EVERY-th, else eden. */
function collectByGrowthRule(full: boolean) {
  if (full || ++growthCollections % GROWTH_FULL_COLLECT_EVERY === 0) {
    readSinceCollect = 0;
    Bun.gc(true);
  } else edenGC();
  rssAfterCollect = process.memoryUsage.rss();
}

/**
 * The main thread's RSS-growth rule alone (COLLECT_AFTER_GROWTH_BYTES, every other collection
 * eden), for a pass that allocates without reading: the scan over the rows the history pass kept
 * (analysis/scan.ts, AnalysisContext.keepSource), which read nothing and so collected nothing of
 * its own. Measured on the zero-config journal scan from CSV (docs/benchmarks.md, 2026-11-29
 * "The scoring pass's peak"): its JS heap stayed at 80–95 MB while the RSS climbed from ~205 to
 * 265–302 MB before the engine's own collection, the one-in-eight spikes of the scan's peak.
 * `since`: the RSS when the pass began — growth is counted from there (or from the last
 * collection, if later), not from a collection of an earlier read: an in-memory source's kept
 * rows never went through the reader, and counted from zero its scan collected at once and then
 * fully, walking the whole source (in-memory journal scan, 6 pairs: CPU higher in 6 of 6).
 */
export function collectOnGrowth(since: number) {
  if (isWorker || process.memoryUsage.rss() - Math.max(since, rssAfterCollect) < COLLECT_AFTER_GROWTH_BYTES) return;
  collectByGrowthRule(false);
}

/** Reads the records of one byte range completely (for index lookups). */
export async function readCsvRange(path: string, offset: number, length: number, delimiter: string, encoding?: CsvEncoding): Promise<CsvRecord[]> {
  if (length <= SYNC_READ_MAX_BYTES) return readCsvRangeSync(path, offset, length, delimiter, encoding);
  const handle = await open(path, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    const { bytesRead } = await handle.read(buf, 0, length, offset);
    const out: CsvRecord[] = [];
    parseRecords(buf.subarray(0, bytesRead), 0, true, delimiter, offset, out, undefined, encoding);
    return out;
  } finally {
    await handle.close();
  }
}

/**
 * A lookup's rows (a few hundred bytes, usually) are read with blocking calls: open, read and
 * close through the thread pool cost more CPU than the read itself (three hops to a worker
 * thread and back per lookup); a local file's pages are in the page cache. Larger ranges (a
 * transaction of thousands of lines) are read asynchronously, not to hold the event loop.
 */
const SYNC_READ_MAX_BYTES = 64 * 1024;

function readCsvRangeSync(path: string, offset: number, length: number, delimiter: string, encoding?: CsvEncoding): CsvRecord[] {
  const fd = openSync(path, "r");
  try {
    const buf = Buffer.allocUnsafe(length);
    const bytesRead = readSync(fd, buf, 0, length, offset);
    const out: CsvRecord[] = [];
    parseRecords(buf.subarray(0, bytesRead), 0, true, delimiter, offset, out, undefined, encoding);
    return out;
  } finally {
    closeSync(fd);
  }
}

/**
 * Parses complete records from buf[pos..] into out and returns where the first incomplete record
 * starts (everything, when eof). `base` is the file offset of buf[0].
 */
export function parseRecords(buf: Buffer, pos: number, eof: boolean, delimiter: string, base: number, out: CsvRecord[], onlyField?: number, encoding?: CsvEncoding, cut = false): number {
  const rows = new CsvRows(delimiter, encoding);
  const next = parseRows(buf, pos, eof, rows.delim, base, rows, cut);
  for (let i = 0; i < rows.count; i++) {
    const start = rows.starts[i]!;
    let fields: string[];
    if (start === QUOTED) {
      const k = rows.stops[i]!;
      if (onlyField === undefined) {
        fields = new Array<string>(rows.qN[k]!);
        for (let f = 0; f < fields.length; f++) fields[f] = rows.quotedField(k, f);
      } else fields = [onlyField < rows.qN[k]! ? rows.quotedField(k, onlyField) : ""];
    } else {
      const stop = rows.stops[i]!;
      fields = onlyField === undefined ? rows.decode(buf, start, stop).split(delimiter) : [fieldAt(buf, start, stop, rows.delim, onlyField, rows.decode)];
    }
    out.push({ offset: rows.offsets[i]!, end: rows.ends[i]!, fields });
  }
  return next;
}

/** starts[i] of a record that had quotes: its fields were found while parsing (quoted record stops[i]). */
const QUOTED = -1;

/**
 * Records of one read as positions in its buffer: record i is the text buf[starts[i], stops[i])
 * (without its line break), or, when it had quotes, quoted record k = stops[i] (starts[i] =
 * QUOTED), whose fields are byte ranges too; offsets/ends are its bytes in the file. Refilled by
 * parseRows.
 *
 * A quoted field is the bytes between its quotes, so a row with a quoted description is read
 * from the bytes like any other (a string per field for such rows made a real export, with one
 * quoted column, scan at half the speed). Only a field that needs its text put together — a ""
 * escape inside, or characters after the closing quote — has a string (qText).
 */
export class CsvRows {
  count = 0;
  buf: Buffer = Buffer.alloc(0);
  // Small to start with (a lookup parses a few rows); a scan's one CsvRows grows to a read's rows once.
  offsets = new Float64Array(16);
  ends = new Float64Array(16);
  starts = new Int32Array(16);
  stops = new Int32Array(16);
  /** Quoted record k: its fields are qFrom/qTo[qAt[k] .. qAt[k] + qN[k]). */
  qAt = new Int32Array(16);
  qN = new Int32Array(16);
  qRecords = 0;
  qFrom = new Int32Array(64);
  qTo = new Int32Array(64);
  qUsed = 0;
  /** The text of a quoted field that is not one range of bytes, by its index in qFrom/qTo. */
  readonly qText = new Map<number, string>();
  /**
   * Quoted fields that are one range of bytes holding "" escapes (by index in qFrom/qTo): their
   * text is the range decoded with each pair made one, made only when asked for (a scan never
   * reads most columns; a JSON column's string per row was most of what such an export cost).
   */
  readonly qEscaped = new Set<number>();
  /** The delimiter's byte; a row splits byte by byte only when it is ASCII (else as a string). */
  readonly delim: number;
  readonly delimiter: string;
  readonly decode: Decode;

  constructor(delimiter: string, encoding?: CsvEncoding) {
    this.delimiter = delimiter;
    this.delim = delimiter.charCodeAt(0);
    this.decode = decoderOf(encoding);
  }

  /** Field f of quoted record k as a string. */
  quotedField(k: number, f: number): string {
    const j = this.qAt[k]! + f;
    const text = this.qText.get(j);
    if (text !== undefined) return text;
    const decoded = this.decode(this.buf, this.qFrom[j]!, this.qTo[j]!);
    return this.qEscaped.has(j) ? unescapeQuotes(decoded) : decoded;
  }

  /** Room for one more field of a quoted record (index qUsed). */
  reserveField() {
    if (this.qUsed === this.qFrom.length) {
      this.qFrom = doubled(this.qFrom);
      this.qTo = doubled(this.qTo);
    }
  }

  /** Records the quoted record whose fields are qFrom/qTo[at, qUsed). */
  pushQuoted(offset: number, end: number, at: number) {
    if (this.qRecords === this.qAt.length) {
      this.qAt = doubled(this.qAt);
      this.qN = doubled(this.qN);
    }
    const k = this.qRecords++;
    this.qAt[k] = at;
    this.qN[k] = this.qUsed - at;
    this.push(offset, end, QUOTED, k);
  }

  push(offset: number, end: number, start: number, stop: number) {
    if (this.count === this.offsets.length) {
      this.offsets = doubled(this.offsets);
      this.ends = doubled(this.ends);
      this.starts = doubled(this.starts);
      this.stops = doubled(this.stops);
    }
    const i = this.count++;
    this.offsets[i] = offset;
    this.ends[i] = end;
    this.starts[i] = start;
    this.stops[i] = stop;
  }
}

/**
 * Finds the complete records from buf[pos..] (see parseRecords) and puts them in `rows` (emptied
 * first) without decoding anything but the records with quotes.
 */
export function parseRows(buf: Buffer, pos: number, eof: boolean, delim: number, base: number, rows: CsvRows, cut = false): number {
  rows.count = 0;
  rows.qRecords = 0;
  rows.qUsed = 0;
  rows.qText.clear();
  rows.qEscaped.clear();
  rows.buf = buf;
  let nextQuote = buf.indexOf(QUOTE, pos);
  while (pos < buf.length) {
    const nl = buf.indexOf(LF, pos);
    if (nl === -1 && !eof) break;
    const lineEnd = nl === -1 ? buf.length : nl;
    if (nextQuote !== -1 && nextQuote < pos) nextQuote = buf.indexOf(QUOTE, pos);
    if (nextQuote === -1 || nextQuote > lineEnd) {
      // Fast path: no quote on this line.
      const textEnd = lineEnd > pos && buf[lineEnd - 1] === CR ? lineEnd - 1 : lineEnd;
      if (textEnd > pos) rows.push(base + pos, base + Math.min(lineEnd + 1, buf.length), pos, textEnd);
      pos = lineEnd + 1;
      continue;
    }
    const at = rows.qUsed;
    const next = parseQuotedRecord(buf, pos, eof && !cut, delim, rows, base);
    if (next === -1) {
      // Incomplete (it goes on in the next read): forget its fields.
      for (let j = at; j < rows.qUsed; j++) {
        rows.qText.delete(j);
        rows.qEscaped.delete(j);
      }
      rows.qUsed = at;
      break;
    }
    rows.pushQuoted(base + pos, base + next, at);
    pos = next;
  }
  return Math.min(pos, buf.length);
}

/** A printable ASCII byte: a character trim() never removes. */
const untrimmableByte = (c: number) => c > 0x20 && c < 0x7f;

/** Fields of at most this many bytes are looked up in the row's cache of strings (CsvRow.interned). */
const INTERN_MAX_BYTES = 32;
const INTERN_SLOTS = 4096;

/**
 * One row of a CsvRows, its fields found in the bytes and decoded only when asked for (a scan
 * reads a line's id, its sku and five numbers: most of a row's fields are never strings). One
 * object serves every row (load). Values are exactly those of the row's string fields: value(i)
 * is fields[i] (undefined past the last field).
 */
export class CsvRow {
  private buf: Buffer = Buffer.alloc(0);
  /** Field i is buf[from[i], to[i]) (fields = -1: unquoted). */
  private from = new Int32Array(64);
  private to = new Int32Array(64);
  private n = 0;
  /** The fields of a row whose delimiter is not one ASCII byte. */
  private fields: string[] | undefined;
  /** A quoted row's fields that are not one range of bytes (their texts by index qBase + field). */
  private texts: Map<number, string> | undefined;
  /** A quoted row's fields holding "" escapes (rows.qEscaped, by index qBase + field). */
  private escaped: Set<number> | undefined;
  private qBase = 0;
  private decode: Decode = decodeUtf8;
  private readonly cache: (string | undefined)[] = new Array(INTERN_SLOTS).fill(undefined);

  /** Reads row i of `rows`; with `upTo`, finds its fields up to that one only (an index reads one). */
  load(rows: CsvRows, i: number, upTo = Number.POSITIVE_INFINITY) {
    const start = rows.starts[i]!;
    this.texts = undefined;
    this.escaped = undefined;
    this.decode = rows.decode;
    if (start === QUOTED) {
      const k = rows.stops[i]!;
      const at = rows.qAt[k]!;
      const n = rows.qN[k]!;
      while (this.from.length < n) this.grow();
      for (let f = 0; f < n; f++) {
        this.from[f] = rows.qFrom[at + f]!;
        this.to[f] = rows.qTo[at + f]!;
      }
      this.fields = undefined;
      this.buf = rows.buf;
      this.n = n;
      if (rows.qText.size > 0 || rows.qEscaped.size > 0) {
        if (rows.qText.size > 0) this.texts = rows.qText;
        if (rows.qEscaped.size > 0) this.escaped = rows.qEscaped;
        this.qBase = at;
      }
      return;
    }
    const buf = rows.buf;
    const stop = rows.stops[i]!;
    if (rows.delim > 0x7f) {
      // A non-ASCII delimiter is several bytes in UTF-8: split the decoded text, as parseRecords does.
      this.fields = rows.decode(buf, start, stop).split(rows.delimiter);
      return;
    }
    this.fields = undefined;
    this.buf = buf;
    const delim = rows.delim;
    let n = 0;
    let s = start;
    for (let p = start; p < stop && n <= upTo; p++) {
      if (buf[p] !== delim) continue;
      if (n === this.from.length - 1) this.grow();
      this.from[n] = s;
      this.to[n++] = p;
      s = p + 1;
    }
    if (n <= upTo) {
      if (n === this.from.length) this.grow();
      this.from[n] = s;
      this.to[n++] = stop;
    }
    this.n = n;
  }

  /** The row's fields as strings (short ones interned: a table's repeated values share one string). */
  values(): string[] {
    if (this.fields !== undefined) return this.fields;
    const out = new Array<string>(this.n);
    for (let i = 0; i < this.n; i++) out[i] = this.value(i)!;
    return out;
  }

  /** The read buffer field i's bytes are in (see plainAt). */
  get buffer(): Buffer {
    return this.buf;
  }

  /**
   * Whether field i is a string of ASCII bytes (one character each) that trim() would not change:
   * then buffer[fieldStart(i), fieldEnd(i)) is exactly value(i).trim(), and can be compared or
   * looked up as bytes. False for anything else (empty, quoted, non-ASCII, spaces at an end).
   */
  plainAt(i: number): boolean {
    if (this.fields !== undefined || i < 0 || i >= this.n || this.notBytes(i)) return false;
    const buf = this.buf;
    const from = this.from[i]!;
    const to = this.to[i]!;
    if (to === from || !untrimmableByte(buf[from]!) || !untrimmableByte(buf[to - 1]!)) return false;
    for (let p = from; p < to; p++) if (buf[p]! > 0x7f) return false;
    return true;
  }

  fieldStart(i: number): number {
    return this.from[i]!;
  }

  fieldEnd(i: number): number {
    return this.to[i]!;
  }

  private grow() {
    this.from = doubled(this.from);
    this.to = doubled(this.to);
  }

  /** The string of a quoted field that is not one range of bytes, else undefined. */
  private textOf(i: number): string | undefined {
    return this.texts === undefined ? undefined : this.texts.get(this.qBase + i);
  }

  /** Whether field i's text is not exactly its bytes (several pieces, or "" escapes in them). */
  private notBytes(i: number): boolean {
    return this.textOf(i) !== undefined || (this.escaped !== undefined && this.escaped.has(this.qBase + i));
  }

  /** Field i as its string (undefined past the last field). */
  value(i: number): string | undefined {
    if (this.fields !== undefined) return this.fields[i];
    if (i < 0 || i >= this.n) return undefined;
    const text = this.textOf(i);
    if (text !== undefined) return text;
    const s = this.from[i]!;
    const e = this.to[i]!;
    if (this.escaped !== undefined && this.escaped.has(this.qBase + i)) return unescapeQuotes(this.decode(this.buf, s, e));
    if (s === e) return "";
    if (e - s > INTERN_MAX_BYTES) return this.decode(this.buf, s, e);
    return this.interned(s, e);
  }

  /**
   * A short field's string, the same string as the last time these bytes were seen when they are
   * still in the cache: a scan's skus, customers, currencies, types and users repeat on nearly
   * every row, and a decoded string each time was most of what a row cost (and left behind).
   * Only all-ASCII fields are cached (their string is their bytes); a hash collision replaces the
   * entry, never returns another field's string.
   */
  private interned(s: number, e: number): string {
    const buf = this.buf;
    let h = 0x811c9dc5 | 0;
    for (let p = s; p < e; p++) {
      const c = buf[p]!;
      if (c > 0x7f) return this.decode(buf, s, e);
      h = Math.imul(h ^ c, 0x01000193);
    }
    const slot = (h ^ (h >>> 16)) & (INTERN_SLOTS - 1);
    const cached = this.cache[slot];
    const n = e - s;
    if (cached !== undefined && cached.length === n) {
      let k = 0;
      while (k < n && cached.charCodeAt(k) === buf[s + k]) k++;
      if (k === n) return cached;
    }
    const value = buf.toString("latin1", s, e);
    this.cache[slot] = value;
    return value;
  }

  /** plainDecimalAt of field i read from its bytes, in the number format; undefined when it is not one (read value(i) then). */
  plainNumber(i: number, decimal = 46, thousands = -1): number | undefined {
    if (this.fields !== undefined || i < 0 || i >= this.n || this.notBytes(i)) return undefined;
    return plainDecimalAt(this.buf, this.from[i]!, this.to[i]!, decimal, thousands);
  }

  /** Whether field i, trimmed, is `s` (value(i)?.trim() === s), without decoding it when it is plain ASCII. */
  trimmedEquals(i: number, s: string): boolean {
    if (this.plainAt(i)) {
      const buf = this.buf;
      const from = this.from[i]!;
      const n = this.to[i]! - from;
      if (n !== s.length) return false;
      for (let k = 0; k < n; k++) if (buf[from + k] !== s.charCodeAt(k)) return false;
      return true;
    }
    const v = this.value(i);
    return (v === undefined ? "" : v.trim()) === s;
  }
}

/** The n-th field of an unquoted line, decoding nothing else. */
function fieldAt(buf: Buffer, start: number, end: number, delim: number, n: number, decode: Decode): string {
  let s = start;
  for (let i = 0; i < n; i++) {
    const d = buf.indexOf(delim, s);
    if (d === -1 || d >= end) return "";
    s = d + 1;
  }
  const d = buf.indexOf(delim, s);
  return decode(buf, s, d === -1 || d > end ? end : d);
}

/**
 * A record with quotes, possibly spanning lines, its fields appended to rows' quoted fields: a
 * field is the range of bytes it decodes to (inside its quotes), or, when it is made of several
 * pieces ("" escapes, text after the closing quote), a string in qText. Returns where the next
 * record starts, or -1 when buf ends inside this one (and not eof). A field that starts with a
 * quote must close it (UnclosedQuoteError at eof); a quote inside a field that did not start with
 * one is a literal character (`12" pipe`), as lenient RFC 4180 readers take it.
 */
function parseQuotedRecord(buf: Buffer, start: number, eof: boolean, delim: number, rows: CsvRows, base: number): number {
  const field = new FieldPieces(buf, rows.decode);
  let i = start;
  while (true) {
    field.reset();
    if (buf[i] === QUOTE) {
      const opened = i;
      i++;
      const inner = i;
      let escaped = false;
      while (true) {
        const q = buf.indexOf(QUOTE, i);
        if (q === -1) {
          if (!eof) return -1;
          // Never closed: the rest of the file is not one field of this record, it is a mistake.
          throw new UnclosedQuoteError(base + opened);
        }
        if (q + 1 >= buf.length && !eof) return -1;
        if (buf[q + 1] === QUOTE) {
          escaped = true;
          i = q + 2;
          continue;
        }
        // Inside the quotes every quote is one of a "" pair: the field is its bytes, decoded once
        // with the pairs made one when read (a piece decoded per escape made a JSON column of a ""
        // every few characters 8x slower). A quote is one byte in every encoding read, never part
        // of another character.
        field.add(inner, q, escaped);
        i = q + 1;
        break;
      }
      // Lenient: characters between a closing quote and the delimiter are kept.
      const rest = i;
      while (i < buf.length && buf[i] !== delim && buf[i] !== LF && buf[i] !== CR) i++;
      if (i > rest) field.add(rest, i);
    } else {
      const s = i;
      while (i < buf.length && buf[i] !== delim && buf[i] !== LF && buf[i] !== CR) i++;
      field.add(s, i);
    }
    rows.reserveField();
    const j = rows.qUsed++;
    rows.qFrom[j] = field.from;
    rows.qTo[j] = field.to;
    if (field.text !== undefined) rows.qText.set(j, field.text);
    else if (field.escaped) rows.qEscaped.add(j);
    if (i >= buf.length) return eof ? buf.length : -1;
    if (buf[i] === delim) {
      i++;
      continue;
    }
    // Line break ends the record: CRLF or LF (a lone CR too).
    if (buf[i] === CR) {
      if (i + 1 >= buf.length && !eof) return -1;
      i += buf[i + 1] === LF ? 2 : 1;
    } else i++;
    return i;
  }
}

/** A field of a quoted record as it is read: its first piece of bytes (with "" escapes or not), and its text once a second piece comes. */
class FieldPieces {
  from = -1;
  to = -1;
  /** buf[from, to) holds "" pairs, each one quote of the field's text. */
  escaped = false;
  text: string | undefined;

  constructor(
    private readonly buf: Buffer,
    private readonly decode: Decode,
  ) {}

  reset() {
    this.from = this.to = -1;
    this.escaped = false;
    this.text = undefined;
  }

  add(s: number, e: number, escaped = false) {
    if (this.from === -1) {
      this.from = s;
      this.to = e;
      this.escaped = escaped;
    } else this.text = (this.text ?? this.piece(this.from, this.to, this.escaped)) + this.piece(s, e, escaped);
  }

  private piece(s: number, e: number, escaped: boolean): string {
    const text = this.decode(this.buf, s, e);
    return escaped ? unescapeQuotes(text) : text;
  }
}

/** A quoted field's text between its quotes with each "" pair made one quote. */
function unescapeQuotes(text: string): string {
  return text.replaceAll('""', '"');
}
