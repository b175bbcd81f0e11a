// An index of one CSV file: transaction_id → byte ranges of its rows. Built in one streaming
// pass, kept while the file's mtime and size are unchanged, rebuilt when the file changes. It
// makes lookups a stat plus one small read, and lets scans find transactions whose rows are not
// next to each other in the file (they are read whole, at their first row).
import { stat, statOrUndefined } from "../fs-async.ts";
import { ROW_NUMBER, columnIndex, lineKeyOf } from "../mapping.ts";
// A dependency-free table (the analysis ledger uses it for the same reason).
import { StringTable } from "../../analysis/string-table.ts";
import { type CsvEncodingSetting, isUtf8 } from "./encoding.ts";
import { type CsvEncoding, type CsvRecord, CsvRow, readCsvRecords, readCsvRows } from "./reader.ts";
import { doubled } from "../../domain/typed-arrays.ts";
import { type RowNumbering, rowId } from "./row-number.ts";
import { type DatevHeader, datevHeaderOf } from "./datev-header.ts";
import { CR_ALONE, crAloneIn } from "./line-ends.ts";
import { DEFAULT_DELIMITER, sniffDelimiter } from "./delimiter.ts";
import { sniffDecimalComma } from "./decimal.ts";
import type { NumberFormat } from "../values.ts";
import { statutoryColumns } from "../statutory-headers.ts";

export interface CsvFileIndex {
  path: string;
  mtimeMs: number;
  size: number;
  header: string[];
  /** Byte offset of the first data row. */
  dataStart: number;
  /** id → slot in starts/ends: the byte range of its (first) contiguous run of rows. */
  slots: StringTable;
  starts: Float64Array;
  ends: Float64Array;
  /** Ids whose rows are in more than one run → [offset, end, offset, end, …]. */
  scattered: Map<string, number[]>;
  rows: number;
  /** The file's text encoding (csv.encoding, or what `auto` found). */
  encoding: CsvEncoding;
  /** The file's delimiter: csv.delimiter, or the one its first records split on (csv/delimiter.ts). */
  delimiter: string;
  /** `transaction_id: $row`: how ids number the rows. Every row is then its own slot: slot k is data row k + 1. */
  numbering?: RowNumbering;
  /** A DATEV export's header line (line 1): the period that gives its year-less dates their year. */
  datev?: DatevHeader;
  /** csv.decimal unset and the file's first records write decimal commas: how its numbers read (csv/decimal.ts). */
  numbers?: NumberFormat;
  /** csv.date_format unset and the file's first records write their dates in another shape than ISO: the pattern that reads them (csv/date-format.ts). */
  datePattern?: string;
}

/** The file cannot be read with the connector's settings: no header, no id column, no readable row. */
export class UnreadableFileError extends Error {}

/** Delimiters exports commonly use, in the order a one-column header is tried with them. */
const USUAL_DELIMITERS = [";", "\t", "|", ","];

/**
 * When the header reads as one column that another usual delimiter splits into several: which
 * delimiter to configure. A semicolon file read as commas (the default) otherwise reports only
 * that the id column is missing, which points at the mapping, not at the cause.
 */
function delimiterHint(header: readonly string[], delimiter: string): string | undefined {
  if (header.length !== 1) return undefined;
  const found = USUAL_DELIMITERS.find((d) => d !== delimiter && header[0]!.split(d).length > 2);
  if (found === undefined) return undefined;
  const european = found === ";" ? `, and decimal: "," if its numbers use decimal commas` : "";
  return `: the header reads as one column, but splits on ${JSON.stringify(found)} — set csv: { delimiter: ${JSON.stringify(found)} } on the connector${european}`;
}

/** Byte ranges of an id's rows as [offset, end, …], or undefined when the file has none. */
export function runsOf(index: CsvFileIndex, id: string): number[] | undefined {
  const scattered = index.scattered.get(id);
  if (scattered) return scattered;
  const slot = index.slots.get(id);
  return slot === undefined ? undefined : [index.starts[slot]!, index.ends[slot]!];
}

/** How a file is indexed: the connector's csv settings and what names a transaction. */
export interface CsvIndexOptions {
  /** csv.delimiter; undefined: found from the file's first records. */
  delimiter?: string;
  /** The column of transaction_id, the columns of a line key (their values joined), or ROW_NUMBER. */
  idColumn: string | readonly string[];
  encoding?: CsvEncodingSetting;
  /** csv.header_row: the row (from 1) holding the column names; the rows above it are titles. */
  headerRow?: number;
  /**
   * transaction_id is not mapped (idColumn is its default name): a recognised export
   * (statutory-headers.ts: a FEC, a DATEV Buchungsstapel, a QuickBooks Online report), which names
   * no line, has its rows numbered when it has no such column, as `transaction_id: $row` would.
   */
  idUnmapped?: boolean;
  /** With ROW_NUMBER: how ids number the rows, and the columns the mapping names (to find a misplaced header by). */
  numbering?: RowNumbering;
  mappedColumns?: readonly string[];
  /** csv.decimal (undefined: found from the file's first records) and csv.thousands. */
  decimal?: NumberFormat["decimal"];
  thousands?: string;
}

/** How many rows a misplaced header is looked for in (report titles are a handful of lines). */
const HEADER_SEARCH_ROWS = 30;

/**
 * Builds the index. With csv.encoding `auto` the file is read once: its start is checked for UTF-8
 * (the delimiter is found in the same bytes), and the rest while it is indexed. A start that is
 * not UTF-8 settles it at once (Windows-1252). A file whose start is UTF-8 and whose rest is not
 * is Windows-1252 too, and its index is right as built as long as every string it made (the
 * header, the ids that are not plain bytes) was ASCII, the same text in both encodings; else it
 * is built again in Windows-1252 — the second read the check used to cost every file.
 */
export async function buildCsvIndex(path: string, options: CsvIndexOptions): Promise<CsvFileIndex> {
  const st = await stat(path);
  const start = await fileStart(path, st.size);
  if (crAloneIn(start.bytes)) throw new UnreadableFileError(CR_ALONE);
  const delimiter = delimiterOf(start, options.delimiter);
  const auto = options.encoding === undefined || options.encoding === "auto";
  if (!auto) return indexFile(path, st, options, delimiter, options.encoding as CsvEncoding);
  if (!startIsUtf8(start)) return indexFile(path, st, options, delimiter, "windows-1252");
  const rest = { valid: true };
  const index = await indexFile(path, st, options, delimiter, "utf-8", start.whole ? undefined : rest);
  if (rest.valid) return index;
  if (!index.madeNonAscii) return { ...index, encoding: "windows-1252" };
  return indexFile(path, st, options, delimiter, "windows-1252");
}

/** How much of a file's start its delimiter is found from and its encoding first checked on (fifty records of any export fit). */
const START_BYTES = 64 * 1024;

/** A file's first bytes; `whole`: all of it. */
export interface FileStart {
  bytes: Uint8Array;
  whole: boolean;
}

/** The file's first bytes: what its line ends, delimiter and (csv.encoding auto) encoding are first told from. */
export async function fileStart(path: string, size: number): Promise<FileStart> {
  return { bytes: new Uint8Array(await Bun.file(path).slice(0, START_BYTES).arrayBuffer()), whole: size <= START_BYTES };
}

/** csv.delimiter, else the one the file's first records split on, else the comma (csv/delimiter.ts). */
export function delimiterOf(start: FileStart, configured: string | undefined): string {
  return configured ?? sniffDelimiter(start.bytes, start.whole) ?? DEFAULT_DELIMITER;
}

/** Whether the file's start is UTF-8, to its last line break when the file goes on (no character cut). */
function startIsUtf8(start: FileStart): boolean {
  const end = start.whole ? start.bytes.length : start.bytes.lastIndexOf(0x0a) + 1;
  return isUtf8(start.bytes.subarray(0, end));
}

const NON_ASCII = /[^\x00-\x7f]/;

/**
 * The index of the file read in `encoding`; `utf8Check`: the records after the start are checked
 * for UTF-8 as they are read (csv.encoding auto). `madeNonAscii`: a string the index kept (the
 * header, an id) has a character that is not ASCII, whose text depends on the encoding.
 */
async function indexFile(path: string, st: FileStat, options: CsvIndexOptions, delimiter: string, encoding: CsvEncoding, utf8Check?: { valid: boolean }): Promise<CsvFileIndex & { madeNonAscii?: boolean }> {
  const { idColumn } = options;
  const head = await firstRecords(path, delimiter, encoding, st.size, Math.max(options.headerRow ?? 1, HEADER_SEARCH_ROWS));
  // An empty file (an export with nothing to export yet, or one being written into a watched
  // folder) has no transactions, not a fault: the connector stays usable, its lookups find nothing.
  if (head.length === 0) return emptyIndex(path, st, delimiter);
  // A DATEV export's line 1 is its metadata, never column names: its header is line 2.
  const datev = head[0]!.line === 1 ? datevHeaderOf(head[0]!.fields) : undefined;
  const headerRow = datev && (options.headerRow ?? 1) === 1 ? 2 : (options.headerRow ?? 1);
  // Excel's "Unicode text" is UTF-16: every other byte of its text is 0.
  if (await isUtf16(path)) throw new UnreadableFileError('the file is UTF-16 text; export it as UTF-8 (in Excel: "CSV UTF-8 (comma delimited)")');
  const headerRecord = head.find((r) => r.line === headerRow);
  if (!headerRecord) {
    const last = head[head.length - 1]!.line;
    throw new UnreadableFileError(last < headerRow ? `csv.header_row is ${headerRow}, but the file has ${last} rows` : `csv.header_row is ${headerRow}, an empty row`);
  }
  const header = headerRecord.fields.map((f) => f.trim());
  // No export names a column with a NUL: UTF-16 without a byte order mark, whose every other byte
  // is 0, matched its columns loosely and was read as ids full of NULs that no lookup finds.
  if (header.some((name) => name.includes("\0"))) throw new UnreadableFileError(NUL_IN_HEADER);
  const dataStart = headerRecord.end;
  const numbers = options.decimal === undefined ? sniffDecimalComma(dataRecords(head, headerRow), options.thousands ?? "") : undefined;
  const found = { ...(datev ? { datev } : {}), ...(numbers ? { numbers } : {}) };
  if (idColumn === ROW_NUMBER || (options.idUnmapped && columnIndex(header, idColumn as string) < 0 && statutoryColumns(header) !== undefined)) {
    // Nothing names a row: a header holding none of the mapped columns is the wrong row.
    const mapped = options.mappedColumns ?? [];
    const misplaced = mapped.length > 0 && mapped.every((c) => columnIndex(header, c) < 0) ? headerRowHint(head, mapped, headerRow) : undefined;
    if (misplaced) throw new UnreadableFileError(`the header has none of the mapped columns (${mapped.map((c) => JSON.stringify(c)).join(", ")})${misplaced}`);
    const numbered = await numberedIndex(path, st, header, dataStart, delimiter, encoding, options.numbering ?? { prefix: "" }, utf8Check);
    return { ...numbered, ...found, madeNonAscii: header.some((c) => NON_ASCII.test(c)) };
  }
  const idColumns = typeof idColumn === "string" ? [idColumn] : idColumn;
  const idIndexes = idColumns.map((column) => columnIndex(header!, column));
  const lacking = idColumns.find((_, k) => idIndexes[k]! < 0);
  if (lacking !== undefined) throw new UnreadableFileError(`the header has no column "${lacking}" for transaction_id${headerRowHint(head, idColumns, headerRow) ?? delimiterHint(header, delimiter) ?? ` (set mapping.transaction_id to the id column${typeof idColumn === "string" ? `, or mapping: { transaction_id: ${ROW_NUMBER} } when no column names a row: each row is then a transaction named by its number` : ""})`}`);
  // A line key (several columns) is looked up as its joined string; one column as its bytes where it can.
  const key = typeof idColumn === "string" ? undefined : idIndexes;
  const idIndex = key ? Math.max(...key) : idIndexes[0]!;
  let madeNonAscii = header.some((c) => NON_ASCII.test(c));
  const idOf = (row: CsvRow, i: number) => {
    const id = key ? lineKeyOf(row, key) : oneIdOf(row, i);
    if (!madeNonAscii && NON_ASCII.test(id)) madeNonAscii = true;
    return id;
  };

  // Compact storage: a table from id to a slot in two typed arrays (≈ 40 bytes per transaction,
  // and no JavaScript string per id for the collector to walk while the index lives).
  let starts = new Float64Array(1 << 16);
  let ends = new Float64Array(1 << 16);
  const slots = new StringTable(1 << 16);
  const scattered = new Map<string, number[]>();
  let rows = 0;
  // The id is looked up as the bytes of the row when they are its string (plain ASCII, nothing to
  // trim: practically every id); a string is made only for any other id and for a new scattered one.
  const row = new CsvRow();
  // No collections for this read but with a line key, looked up as a joined string per row: what
  // the reader's collections are for. An id that is not plain is one short string, left to the engine.
  for await (const batch of readCsvRows(path, { delimiter, encoding, start: dataStart, end: st.size, utf8Check, garbageFree: !key })) {
    for (let i = 0; i < batch.count; i++) {
      rows++;
      const offset = batch.offsets[i]!;
      const end = batch.ends[i]!;
      row.load(batch, i, idIndex);
      const plain = !key && row.plainAt(idIndex);
      const slot = plain ? slots.getBytes(row.buffer, row.fieldStart(idIndex), row.fieldEnd(idIndex)) : slots.get(idOf(row, idIndex));
      if (slot === undefined) {
        if (slots.size === starts.length) {
          starts = doubled(starts);
          ends = doubled(ends);
        }
        if (plain) slots.setBytes(row.buffer, row.fieldStart(idIndex), row.fieldEnd(idIndex), slots.size);
        else slots.set(idOf(row, idIndex), slots.size);
        starts[slots.size - 1] = offset;
        ends[slots.size - 1] = end;
        continue;
      }
      // Rows of an id next to each other (nearly all) extend its run without its string. (An id
      // already scattered never gets here: its first run ended before a row that came later.)
      if (ends[slot] === offset) {
        ends[slot] = end;
        continue;
      }
      const id = idOf(row, idIndex);
      const runs = scattered.get(id);
      if (!runs) {
        scattered.set(id, [starts[slot]!, ends[slot]!, offset, end]);
      } else if (runs[runs.length - 1] === offset) {
        runs[runs.length - 1] = end;
      } else runs.push(offset, end);
    }
  }
  return { path, mtimeMs: st.mtimeMs, size: st.size, header, dataStart, slots, starts, ends, scattered, rows, encoding, delimiter, ...found, madeNonAscii };
}

/** The index of a file whose rows are named by their numbers: each row its own slot, no id read. */
async function numberedIndex(path: string, st: FileStat, header: string[], dataStart: number, delimiter: string, encoding: CsvEncoding, numbering: RowNumbering, utf8Check?: { valid: boolean }): Promise<CsvFileIndex> {
  let starts = new Float64Array(1 << 16);
  let ends = new Float64Array(1 << 16);
  const slots = new StringTable(1 << 16);
  let rows = 0;
  for await (const batch of readCsvRows(path, { delimiter, encoding, start: dataStart, end: st.size, utf8Check })) {
    for (let i = 0; i < batch.count; i++) {
      if (rows === starts.length) {
        starts = doubled(starts);
        ends = doubled(ends);
      }
      starts[rows] = batch.offsets[i]!;
      ends[rows] = batch.ends[i]!;
      rows++;
      slots.set(rowId(numbering, rows), rows - 1);
    }
  }
  return { path, mtimeMs: st.mtimeMs, size: st.size, header, dataStart, slots, starts, ends, scattered: new Map(), rows, encoding, delimiter, numbering };
}

/** The fields of the start's records below the header. */
function* dataRecords(head: readonly HeadRecord[], headerRow: number): Generator<readonly string[]> {
  for (const r of head) if (r.line > headerRow) yield r.fields;
}

/** A record of the file's start with the row a spreadsheet shows it on (empty lines count). */
type HeadRecord = CsvRecord & { line: number };

/** The file's records up to row `rows` (fewer when it has fewer), with their rows. */
async function firstRecords(path: string, delimiter: string, encoding: CsvEncoding, size: number, rows: number): Promise<HeadRecord[]> {
  const out: HeadRecord[] = [];
  // The reader skips empty lines; a person counting rows (an editor, a spreadsheet) does not.
  let line = 1;
  let counted = 0;
  let bytes: Uint8Array | undefined;
  for await (const batch of readCsvRecords(path, { delimiter, encoding, end: size })) {
    for (const record of batch) {
      if (!bytes || bytes.length < record.offset) bytes = new Uint8Array(await Bun.file(path).slice(0, Math.max(record.end, 64 * 1024)).arrayBuffer());
      for (; counted < record.offset; counted++) if (bytes[counted] === 0x0a) line++;
      if (line > rows) return out;
      out.push({ ...record, line });
    }
  }
  return out;
}

/**
 * When a row below the configured header holds all of `columns`: the setting that reads it (a
 * report's title lines above its header), as the end of a sentence.
 */
function headerRowHint(head: readonly HeadRecord[], columns: readonly string[], headerRow: number): string | undefined {
  const found = head.find((r) => r.line !== headerRow && columns.every((c) => columnIndex(r.fields.map((f) => f.trim()), c) >= 0));
  return found ? `: the header is on row ${found.line}: set csv: { header_row: ${found.line} } on the connector` : undefined;
}

function emptyIndex(path: string, st: FileStat, delimiter: string): CsvFileIndex {
  return { path, mtimeMs: st.mtimeMs, size: st.size, header: [], dataStart: st.size, slots: new StringTable(16), starts: new Float64Array(0), ends: new Float64Array(0), scattered: new Map(), rows: 0, encoding: "utf-8", delimiter };
}

/** The id of a row as the index keys it: the field, trimmed ("" when the row has none). */
function oneIdOf(row: CsvRow, idIndex: number): string {
  return (row.value(idIndex) ?? "").trim();
}

/** What the freshness check reads of a file's stat. */
export type FileStat = { mtimeMs: number; size: number };

/** True while the file on disk is the one the index was built from; `known`: its stat, just taken by the caller. */
export function isFresh(index: CsvFileIndex, known?: FileStat): boolean {
  // Checked on every lookup: a blocking stat costs a system call, an asynchronous one a round
  // trip through the thread pool as well (and a promise).
  const st = known ?? statOrUndefined(index.path);
  return st !== undefined && st.mtimeMs === index.mtimeMs && st.size === index.size;
}

/** Why a file whose header holds NUL bytes is refused (after its name). */
export const NUL_IN_HEADER = 'its header holds NUL bytes: UTF-16 text without a byte order mark, or not text at all; export it as UTF-8 (in Excel: "CSV UTF-8 (comma delimited)")';

/** Whether the file starts with a UTF-16 byte order mark (FF FE or FE FF). */
async function isUtf16(path: string): Promise<boolean> {
  const head = new Uint8Array(await Bun.file(path).slice(0, 2).arrayBuffer());
  return head.length === 2 && ((head[0] === 0xff && head[1] === 0xfe) || (head[0] === 0xfe && head[1] === 0xff));
}
