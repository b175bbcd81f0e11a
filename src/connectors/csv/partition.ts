// Cutting a CSV connector's transaction files into parts for scan workers. A part is a list of
// byte ranges (segments) of the files, each starting at the first row of a transaction, so that
// scanning the parts one after the other yields exactly the transactions of one whole scan, in
// the same order. The index already knows where every transaction starts (its first run); the
// cut points are the first transaction starts at or after equal shares of the bytes. A part is
// plain data (it crosses to a worker thread with postMessage): what a worker needs of each
// file's index is its header, where the data starts, and the ids whose rows are spread.
import { StringTable } from "../../analysis/string-table.ts";
import type { ConnectorSettings } from "../settings.ts";
import type { CsvFileIndex } from "./file-index.ts";
import type { CsvEncoding } from "./reader.ts";
import type { RowNumbering } from "./row-number.ts";

export interface CsvSegment {
  file: string;
  mtimeMs: number;
  size: number;
  header: string[];
  dataStart: number;
  encoding: CsvEncoding;
  delimiter: string;
  /** [start, end): start is a transaction's first row or the first data row. */
  start: number;
  end: number;
  /** The file's ids whose rows are in several runs → [offset, end, …]. */
  scattered: [string, number[]][];
  /** `transaction_id: $row`: how ids number the rows, and the number of the row at `start`. */
  numbering?: RowNumbering;
  firstRow?: number;
  /** The file's DATEV header line, for its year-less dates. */
  datev?: CsvFileIndex["datev"];
  /** How the file's numbers and dates read, when found from its first records. */
  numbers?: CsvFileIndex["numbers"];
  datePattern?: string;
}

export interface CsvPartition {
  type: "csv";
  settings: ConnectorSettings;
  segments: CsvSegment[];
  /** Transactions starting in the part (from the index: an upper bound before rejected rows). */
  transactions: number;
}

/**
 * The files cut into at most `count` parts in source order; undefined when fewer than two parts
 * result. With `upTo`, the shares are of the bytes holding the first `upTo` transactions (a
 * history pass that stops there) and the last part runs on to the end.
 */
export function cutPartitions(settings: ConnectorSettings, files: CsvFileIndex[], count: number, upTo?: number): CsvPartition[] | undefined {
  if (count < 2) return undefined;
  const total = upTo === undefined ? files.reduce((s, f) => s + Math.max(0, f.size - f.dataStart), 0) : bytesBefore(files, upTo);
  if (total === 0) return undefined;
  // Global byte positions (over the files' data, in order) where a new part should start.
  const targets = Array.from({ length: count - 1 }, (_, i) => Math.round((total * (i + 1)) / count));
  const parts: CsvPartition[] = [];
  let part: CsvPartition = { type: "csv", settings, segments: [], transactions: 0 };
  let before = 0; // data bytes of the files already passed
  let t = 0;
  for (const index of files) {
    const scattered = [...index.scattered];
    const n = index.slots.size;
    let from = index.dataStart;
    let fromSlot = 0;
    const length = Math.max(0, index.size - index.dataStart);
    while (t < targets.length && targets[t]! < before + length) {
      const slot = firstStartAtOrAfter(index.starts, n, index.dataStart + (targets[t]! - before));
      t++;
      if (slot >= n) break; // no transaction starts after the target in this file: cut at its end
      const cut = index.starts[slot]!;
      if (cut <= from) continue; // the part would be empty
      part.segments.push(segment(index, scattered, from, cut, fromSlot));
      part.transactions += slot - fromSlot;
      parts.push(part);
      part = { type: "csv", settings, segments: [], transactions: 0 };
      from = cut;
      fromSlot = slot;
    }
    if (from < index.size) {
      part.segments.push(segment(index, scattered, from, index.size, fromSlot));
      part.transactions += n - fromSlot;
    }
    before += length;
    // Targets inside this file that found no transaction start: the next part starts with the next file.
    while (t < targets.length && targets[t]! < before) {
      t++;
      if (part.segments.length > 0) {
        parts.push(part);
        part = { type: "csv", settings, segments: [], transactions: 0 };
      }
    }
  }
  if (part.segments.length > 0) parts.push(part);
  return parts.length >= 2 ? parts : undefined;
}

/** Data bytes before the `upTo`-th transaction's first row (all of them when there are fewer). */
function bytesBefore(files: CsvFileIndex[], upTo: number): number {
  let bytes = 0;
  let left = upTo;
  for (const f of files) {
    if (left < f.slots.size) return bytes + (f.starts[left]! - f.dataStart);
    left -= f.slots.size;
    bytes += Math.max(0, f.size - f.dataStart);
  }
  return bytes;
}

/** `firstSlot`: the slot of the transaction at `start` (in a numbered file, its row's number less one). */
function segment(index: CsvFileIndex, scattered: [string, number[]][], start: number, end: number, firstSlot: number): CsvSegment {
  const seg: CsvSegment = { file: index.path, mtimeMs: index.mtimeMs, size: index.size, header: index.header, dataStart: index.dataStart, encoding: index.encoding, delimiter: index.delimiter, start, end, scattered };
  if (index.numbering) {
    seg.numbering = index.numbering;
    seg.firstRow = firstSlot + 1;
  }
  if (index.datev) seg.datev = index.datev;
  if (index.numbers) seg.numbers = index.numbers;
  if (index.datePattern) seg.datePattern = index.datePattern;
  return seg;
}

/** The first slot whose start is ≥ offset (starts ascend with the slot: ids are numbered as first seen). */
function firstStartAtOrAfter(starts: Float64Array, n: number, offset: number): number {
  let lo = 0;
  let hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (starts[mid]! < offset) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** What a worker's connector needs of a file's index to scan segments of it (no id lookups). */
export function segmentIndex(seg: CsvSegment): CsvFileIndex {
  return {
    path: seg.file,
    mtimeMs: seg.mtimeMs,
    size: seg.size,
    header: seg.header,
    dataStart: seg.dataStart,
    encoding: seg.encoding,
    delimiter: seg.delimiter,
    slots: new StringTable(1),
    starts: new Float64Array(0),
    ends: new Float64Array(0),
    scattered: new Map(seg.scattered),
    rows: 0,
    numbering: seg.numbering,
    datev: seg.datev,
    numbers: seg.numbers,
    datePattern: seg.datePattern,
  };
}
