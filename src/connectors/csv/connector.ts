// The `csv` connector: invoice lines exported as CSV, one file or a folder of files, plus CSV
// reference tables. Lookups go through a per-file index (csv/file-index.ts) that is rebuilt when
// the file changes; scans stream the file and never hold more than one chunk and one transaction.
import { readdir, readdirOrEmpty, stat, statOrUndefined } from "../fs-async.ts";
import { basename } from "node:path";
import type { Clock } from "../../domain/clock.ts";
import type { ReferenceTable, Transaction } from "../../domain/transaction.ts";
import { BaseConnector, ScanWindow, type SourceTable } from "../base.ts";
import { connectorUnavailable } from "../errors.ts";
import { ArrayRow, type FlatMapping, ROW_NUMBER, ReferenceMapper, RowMapper, type RowValues, TransactionGrouper, missingColumnsNote } from "../mapping.ts";
import type { ConnectorSettings } from "../settings.ts";
import type { ConnectorCapabilities, ScanOptions } from "../types.ts";
import { buildCsvIndex, type CsvFileIndex, type FileStat, NUL_IN_HEADER, UnreadableFileError, delimiterOf, fileStart, isFresh, runsOf } from "./file-index.ts";
import { DEFAULT_DELIMITER } from "./delimiter.ts";
import { sniffDecimalComma } from "./decimal.ts";
import { type CsvPartition, cutPartitions, segmentIndex } from "./partition.ts";
import { type CsvEncodingSetting, resolveEncoding } from "./encoding.ts";
import { type CsvEncoding, CsvRow, type CsvRows, FileChangedError, MalformedCsvError, readCsvRange, readCsvRows } from "./reader.ts";
import { NumberedRow, type RowNumbering, rowId } from "./row-number.ts";
import { datevDates } from "./datev-header.ts";
import { type DateFormat, type NumberFormat, dateFormat, isoDateFormat } from "../values.ts";
import { sniffDateFormat } from "./date-format.ts";
import { CR_ALONE, crAloneIn } from "./line-ends.ts";
import { folderEntries } from "./folder-files.ts";

/** How much of a file's start firstRows reads, and how many rows of it at most. */
const FIRST_ROWS_BYTES = 64 * 1024;
const FIRST_ROWS = 50;

export class CsvConnector extends BaseConnector {
  readonly capabilities: ConnectorCapabilities;
  private readonly indexes = new Map<string, Promise<CsvFileIndex>>();
  private readonly mappers = new WeakMap<CsvFileIndex, RowMapper>();
  private readonly numberedRowOf = new WeakMap<CsvFileIndex, NumberedRow>();
  private folder?: { mtimeMs: number; files: string[] };
  private readonly mapping: FlatMapping;

  constructor(settings: ConnectorSettings, clock: Clock) {
    super(settings, clock, "text");
    this.capabilities = this.baseCapabilities(true, true);
    this.mapping = settings.mapping ?? {};
  }


  /** The transaction files: the configured file, or the matching files of the folder by name. */
  async files(): Promise<string[]> {
    return (await this.listFiles()).files;
  }

  /** files(), with the configured file's stat when it is one file: a lookup's freshness check reuses it. */
  private async listFiles(): Promise<{ files: string[]; fileStat?: FileStat }> {
    const path = this.settings.transactions!;
    const st = statOrUndefined(path); // every lookup: blocking (see isFresh)
    if (!st) throw connectorUnavailable(this.id, "the transactions file or folder does not exist");
    // A named pipe waits for a writer (its open and reads cannot be cut by a deadline) and a
    // device reads as nothing or for ever: neither is an export, as in a folder (folder-files.ts).
    if (!st.isDirectory() && !st.isFile()) throw connectorUnavailable(this.id, "the transactions path is not a regular file (a named pipe or a device); name the exported file, or its folder");
    if (!st.isDirectory()) return { files: [path], fileStat: st };
    if (this.folder?.mtimeMs !== st.mtimeMs) this.folder = { mtimeMs: st.mtimeMs, files: this.matchingFiles(path, await readdir(path)) };
    return { files: this.folder.files };
  }

  /** The transactions file (or the folder and its matching files) and the reference files. */
  protected override revisionFiles(): string[] {
    const path = this.settings.transactions!;
    const references = this.referenceTables.map((t) => this.settings.reference![t]!);
    if (!statOrUndefined(path)?.isDirectory()) return [path, ...references];
    return [path, ...this.matchingFiles(path, readdirOrEmpty(path)), ...references];
  }

  /**
   * The paths of a folder's files (`names`) that csv.pattern takes, in name order: regular files
   * and links to files of the folder (folder-files.ts); the others are named in mapping.warnings.
   */
  private matchingFiles(folder: string, names: readonly string[]): string[] {
    const glob = new Bun.Glob(this.settings.csv.pattern);
    const files: string[] = [];
    for (const entry of folderEntries(folder, names.filter((n) => glob.match(n)).sort())) {
      if (entry.refused === undefined) files.push(entry.path);
      else this.stats.warn(`${entry.name}: not read: ${entry.refused}`);
    }
    return files;
  }

  /**
   * The index of a file, built once and rebuilt when the file's mtime or size changes. `known`:
   * the file's stat, just taken (else it is taken here).
   */
  async indexOf(file: string, known?: FileStat): Promise<CsvFileIndex> {
    const cached = this.indexes.get(file);
    if (cached) {
      const index = await cached.catch(() => undefined);
      if (index && isFresh(index, known)) return index;
      if (this.indexes.get(file) !== cached) return this.indexOf(file); // another call is rebuilding
    }
    const building = buildCsvIndex(file, {
      delimiter: this.settings.csv.delimiter,
      idColumn: this.mapping.transaction_id ?? "transaction_id",
      idUnmapped: this.mapping.transaction_id === undefined,
      decimal: this.settings.csv.decimal,
      thousands: this.settings.csv.thousands,
      encoding: this.settings.csv.encoding,
      headerRow: this.settings.csv.header_row,
      numbering: this.numberingOf(file),
      mappedColumns: mappedColumns(this.mapping),
    })
      .then(async (built) => {
        // The file's first rows, read once: its date format is found from them and its settings checked on them.
        const first = await this.firstRows(built);
        const datePattern = this.sniffDates(built, first);
        const index = datePattern === undefined ? built : { ...built, datePattern };
        this.checkFirstRows(index, first);
        return index;
      })
      .catch((e: unknown) => {
        this.indexes.delete(file);
        if (e instanceof UnreadableFileError || e instanceof MalformedCsvError) throw connectorUnavailable(this.id, `${basename(file)}: ${e.message}`);
        throw connectorUnavailable(this.id, "a transactions file could not be read");
      });
    this.indexes.set(file, building);
    return building;
  }

  /**
   * How `transaction_id: $row` names a file's rows: by number alone for the connector's one file,
   * by file and number in a folder (row 1 of two exports are two transactions).
   */
  private numberingOf(file: string): RowNumbering {
    return { prefix: statOrUndefined(this.settings.transactions!)?.isDirectory() ? `${basename(file)}:` : "" };
  }

  /** The row as the mapper reads it: with its id after the header's columns when rows are numbered. */
  private numbered(index: CsvFileIndex, row: RowValues, n: number): RowValues {
    if (!index.numbering) return row;
    return this.numberedRows(index).of(row, rowId(index.numbering, n));
  }

  private numberedRows(index: CsvFileIndex): NumberedRow {
    let numbered = this.numberedRowOf.get(index);
    if (!numbered) this.numberedRowOf.set(index, (numbered = new NumberedRow(index.header.length)));
    return numbered;
  }

  /** The values of a file's first rows: at most FIRST_ROWS, within FIRST_ROWS_BYTES of its data (none for an empty file). */
  private async firstRows(index: CsvFileIndex): Promise<string[][]> {
    const out: string[][] = [];
    if (index.header.length === 0) return out;
    const end = Math.min(index.size, index.dataStart + FIRST_ROWS_BYTES);
    const r = new CsvRow();
    for await (const batch of readCsvRows(index.path, { delimiter: index.delimiter, encoding: index.encoding, start: index.dataStart, end })) {
      for (let i = 0; i < batch.count && out.length < FIRST_ROWS; i++) {
        r.load(batch, i);
        out.push(r.values());
      }
      break;
    }
    return out;
  }

  /**
   * csv.date_format unset: the pattern of the file's dates, when its first rows write them in
   * another shape than ISO and tell day from month (csv/date-format.ts). A DATEV export's dates
   * read as DATEV writes them (datesOf) and are not looked at.
   */
  private sniffDates(index: CsvFileIndex, first: readonly (readonly string[])[]): string | undefined {
    if (this.settings.csv.date_format !== undefined || index.datev || first.length === 0) return undefined;
    const columns = new RowMapper(index.header, this.mappingOf(index), this.formats).dateColumns;
    if (columns.length === 0) return undefined;
    return sniffDateFormat(first.flatMap((row) => columns.map((c) => row[c] ?? "")));
  }

  /** The mapping a file is read with: a recognised export that names no line is numbered by the index (file-index.ts, idUnmapped). */
  private mappingOf(index: CsvFileIndex): FlatMapping {
    return index.numbering && this.mapping.transaction_id === undefined ? { ...this.mapping, transaction_id: ROW_NUMBER } : this.mapping;
  }

  /**
   * The first rows of a file mapped as a scan maps them: when not one of them can be read (dates
   * in another format than csv.date_format, decimal commas read as points), the settings do not
   * fit the file. Left alone, every row would be rejected and every transaction analysed as an
   * empty shell: a scan then raises alerts about the settings, not about the data.
   */
  private checkFirstRows(index: CsvFileIndex, first: readonly (readonly string[])[]): void {
    if (index.header.length === 0) return; // an empty file: nothing to check
    // A mapped column the file lacks leaves its field absent: reported in the connector's status
    // (mapping.warnings), not fatal — one export of a folder may lack an optional column.
    const missing = missingColumnsNote(index.header, this.mapping);
    if (missing !== undefined) this.stats.warn(`${basename(index.path)}: the header ${missing}${encodingHint(index)}`);
    if (this.settings.csv.encoding === "auto" && index.encoding !== "utf-8") this.stats.warn(autoEncodingNote(basename(index.path), index.encoding));
    if (this.settings.csv.delimiter === undefined && index.delimiter !== DEFAULT_DELIMITER) this.stats.warn(sniffedDelimiterNote(basename(index.path), index.delimiter));
    if (index.numbers) this.stats.warn(sniffedDecimalNote(basename(index.path), index.numbers));
    if (index.datePattern) this.stats.warn(sniffedDatesNote(basename(index.path), index.datePattern));
    if (index.numbering && this.mapping.transaction_id === undefined) this.stats.warn(`${basename(index.path)}: a ledger export that names no line (mapping.transaction_id is not set): each row is a transaction named by its number, as transaction_id: ${ROW_NUMBER} would`);
    const mapper = this.mapperOf(index);
    let firstProblem = "";
    for (let n = 1; n <= first.length; n++) {
      const row = this.numbered(index, new ArrayRow(first[n - 1]!), n);
      try {
        mapper.mapHeadOf(row);
        mapper.mapLineOf(row);
        return;
      } catch (e) {
        firstProblem ||= `row ${n}: ${(e as Error).message}`;
      }
    }
    if (first.length > 0) {
      throw new UnreadableFileError(`none of its first ${first.length} rows could be read (${firstProblem}); check the connector's csv and mapping settings against the file`);
    }
  }


  /**
   * How a file's dates read: as csv.date_format says, except in a DATEV export, whose year-less
   * Belegdatum (date_format DDMM) takes its year from the file's header line, and whose dates read
   * as DATEV writes them under the default date_format.
   */
  private datesOf(index: CsvFileIndex): DateFormat {
    if (index.datePattern) return dateFormat(index.datePattern);
    const configured = this.formats.dates;
    if (!index.datev) return configured;
    if (configured.fromPeriodStart) return configured.fromPeriodStart(index.datev.periodStart);
    return configured === isoDateFormat ? datevDates(index.datev) : configured;
  }

  private mapperOf(index: CsvFileIndex): RowMapper {
    let mapper = this.mappers.get(index);
    if (!mapper) {
      const dates = this.datesOf(index);
      const formats = dates === this.formats.dates && !index.numbers ? this.formats : { ...this.formats, dates, numbers: index.numbers ?? this.formats.numbers };
      // A DATEV row says nothing of when it was keyed: its batch's creation ("erzeugt am") is the latest it can have been.
      mapper = new RowMapper(index.header, this.mappingOf(index), formats, { enteredAt: index.datev?.createdAt });
      this.mappers.set(index, mapper);
    }
    return mapper;
  }

  async getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction | null> {
    let found: Transaction | null = null;
    const { files, fileStat } = await this.listFiles();
    for (const file of files) {
      signal?.throwIfAborted();
      const index = await this.indexOf(file, fileStat);
      if (!index.slots.has(transactionId)) continue;
      const t = await this.readWhole(index, transactionId);
      if (!t) continue;
      // Rows of one id in several files form one transaction (appended one by one: a spread of a
      // million lines throws a RangeError, the call's arguments).
      if (found) for (const line of t.lines) found.lines.push(line);
      else found = t;
    }
    return found;
  }

  /** All rows of one transaction, through the index. */
  private async readWhole(index: CsvFileIndex, id: string): Promise<Transaction | undefined> {
    const runs = runsOf(index, id) ?? [];
    const grouper = new TransactionGrouper(this.mapperOf(index), this.stats);
    const name = basename(index.path);
    for (let i = 0; i < runs.length; i += 2) {
      const records = await readCsvRange(index.path, runs[i]!, runs[i + 1]! - runs[i]!, index.delimiter, index.encoding).catch(() => {
        throw connectorUnavailable(this.id, "a transactions file could not be read");
      });
      const describe = (ref: number | string): [string, string] => [`${name}@${ref}`, `${name}, transaction ${id}`];
      if (!index.numbering) for (const r of records) grouper.add(r.fields, r.offset, describe);
      // A numbered row's id is the one asked for (its number is its slot, not its position here).
      else for (const r of records) grouper.addRow(this.numberedRows(index).of(new ArrayRow(r.fields), id), r.offset, describe);
    }
    return grouper.flush();
  }

  async *scan(options: ScanOptions = {}): AsyncGenerator<Transaction> {
    const window = new ScanWindow(options);
    if (window.full) return;
    for (const file of await this.files()) {
      const index = await this.indexOf(file);
      yield* this.scanRange(index, index.dataStart, index.size, window, options.signal);
      if (window.full) return;
    }
  }

  /**
   * The byte ranges of the transaction files cut into `count` parts of about the same size, each
   * starting at a transaction's first row (from the files' indexes), in source order: scanning
   * the parts one after the other yields exactly what scan() yields. A part is plain data, for a
   * worker thread (csv/partition.ts). Undefined when the files hold fewer than `count` transactions.
   */
  async partitions(count: number, signal?: AbortSignal, upTo?: number): Promise<CsvPartition[] | undefined> {
    const files: CsvFileIndex[] = [];
    for (const file of await this.files()) {
      signal?.throwIfAborted();
      files.push(await this.indexOf(file));
    }
    return cutPartitions(this.settings, files, count, upTo);
  }

  /** A part of no rows: a scan worker reads the reference tables through it (Connector.referencePartition). */
  referencePartition(): CsvPartition {
    return { type: "csv", settings: this.settings, segments: [], transactions: 0 };
  }

  /** A connector of the same settings that scans one part (in a worker thread). */
  static forPartition(part: CsvPartition, clock: Clock): CsvConnector {
    const c = new CsvConnector(part.settings, clock);
    for (const seg of part.segments) c.indexes.set(seg.file, Promise.resolve(segmentIndex(seg)));
    return c;
  }

  /** Transactions of one part, in source order (`window`: the scan's dates and limit). */
  async *scanPartition(part: CsvPartition, options: ScanOptions = {}): AsyncGenerator<Transaction> {
    const window = new ScanWindow(options);
    if (window.full) return;
    for (const seg of part.segments) {
      const index = await this.indexOf(seg.file);
      if (index.mtimeMs !== seg.mtimeMs || index.size !== seg.size) throw connectorUnavailable(this.id, "a transactions file changed during the scan");
      yield* this.scanRange(index, seg.start, seg.end, window, options.signal, seg.firstRow);
      if (window.full) return;
    }
  }

  /**
   * The transactions whose first row is in [start, end) of one file: `start` is a transaction's
   * first row (or the file's first data row). Rows of an id spread over the file are read whole
   * at its first one, so a range skips those whose first row lies before it. `firstRow`: the
   * number of the row at `start`, when known (the file's first data row is row 1).
   */
  private async *scanRange(index: CsvFileIndex, start: number, end: number, window: ScanWindow, signal?: AbortSignal, firstRow?: number): AsyncGenerator<Transaction> {
    const mapper = this.mapperOf(index);
    const grouper = new TransactionGrouper(mapper, this.stats);
    const name = basename(index.path);
    const scatteredDone = new Set<string>();
    // Rows are counted from the range's first; `before` makes the count the row's number in the file.
    const before = start === index.dataStart ? 0 : firstRow === undefined ? undefined : firstRow - 1;
    let row = 0;
    let records: AsyncGenerator<CsvRows>;
    try {
      records = readCsvRows(index.path, { delimiter: index.delimiter, encoding: index.encoding, start, end, signal, failIfChanged: index });
    } catch {
      throw connectorUnavailable(this.id, "a transactions file could not be read");
    }
    // Rejected rows are described (offset for counting once, row number for people) only
    // when they happen: nothing is built per row on the hot path.
    let batchFirstRow = 1;
    let current: CsvRows | undefined;
    // A part of the file that starts further on does not know its row numbers (but in a numbered
    // file): its rows are named by byte offset.
    const describe = (ref: number | string): [string, string] => {
      const offset = current!.offsets[(ref as number) - batchFirstRow]!;
      return [`${name}@${offset}`, before !== undefined ? `${name} row ${(ref as number) + before}` : `${name} at byte ${offset}`];
    };
    const scattered = index.scattered;
    const numbered = index.numbering ? this.numberedRows(index) : undefined;
    if (numbered && before === undefined) throw new Error("a part of a numbered file must know its first row's number");
    // One row object for every row: its fields are read from the batch's bytes as needed.
    const r = new CsvRow();
    try {
      for await (const batch of records) {
        const ready: Transaction[] = [];
        current = batch;
        batchFirstRow = row + 1;
        for (let i = 0; i < batch.count; i++) {
          row++;
          r.load(batch, i);
          const values = numbered ? numbered.of(r, rowId(index.numbering!, row + before!)) : r;
          if (scattered.size > 0) {
            const id = mapper.idOfRow(values);
            const runs = scattered.get(id);
            if (runs) {
              // Rows of this id are spread over the file: read them all at the first one.
              if (scatteredDone.has(id) || runs[0]! < start) continue;
              scatteredDone.add(id);
              const done = grouper.flush();
              if (done) ready.push(done);
              const whole = await this.readWhole(index, id);
              if (whole) ready.push(whole);
              continue;
            }
          }
          const done = grouper.addRow(values, row, describe);
          if (done) ready.push(done);
        }
        for (const t of ready) {
          if (window.accept(t)) yield t;
          if (window.full) return;
        }
      }
    } catch (e) {
      // The whole scan fails (a report over it fails, naming why) rather than end complete in
      // appearance over a file rewritten or truncated under it.
      if (e instanceof FileChangedError) throw connectorUnavailable(this.id, `${name}: ${e.message}`);
      throw e;
    }
    const last = grouper.flush();
    if (last && window.accept(last)) yield last;
  }

  async probe(signal?: AbortSignal): Promise<void> {
    // Building (or checking) the index of every file proves the files are there, readable and
    // have a usable header; it is also what the next lookup needs anyway.
    for (const file of await this.files()) {
      signal?.throwIfAborted();
      await this.indexOf(file);
    }
    for (const table of this.referenceTables) {
      await referenceFileStat(this.id, table, this.settings.reference![table]!);
    }
  }

  protected async readReferenceTable(table: ReferenceTable, source: string, signal?: AbortSignal): Promise<SourceTable> {
    const what = `reference table ${table} (${basename(source)})`;
    // Before its encoding is sniffed: a named pipe's first read waits for a writer for ever.
    await referenceFileStat(this.id, table, source);
    const encoding = await resolveEncoding(source, this.settings.csv.encoding);
    if (this.settings.csv.encoding === "auto" && encoding !== "utf-8") this.stats.warn(autoEncodingNote(what, encoding));
    const read = await readCsvTable(this.id, table, source, { ...this.settings.csv, encoding }, signal, {
      delimiter: (delimiter) => {
        if (delimiter !== DEFAULT_DELIMITER) this.stats.warn(sniffedDelimiterNote(what, delimiter));
      },
      numbers: (numbers) => this.stats.warn(sniffedDecimalNote(what, numbers)),
    });
    // csv.date_format unset: the table's own dates, as a transactions file's (sniffDates).
    if (this.settings.csv.date_format !== undefined || !read.sample) return read;
    const columns = new ReferenceMapper(read.header, table, this.settings.reference_mapping?.[table] ?? {}, this.formats).dateColumns;
    const pattern = sniffDateFormat(read.sample.flatMap((row) => columns.map((c) => row[c] ?? "")));
    if (pattern === undefined) return read;
    this.stats.warn(sniffedDatesNote(what, pattern));
    return { ...read, dates: dateFormat(pattern) };
  }
}

/** The columns a mapping names (but the row number), each once. */
function mappedColumns(mapping: FlatMapping): string[] {
  return [...new Set(Object.values(mapping).flatMap((c) => (typeof c === "string" ? [c] : c)))].filter((c) => c !== ROW_NUMBER);
}

/** When a header read as UTF-8 has bytes that are not UTF-8 (U+FFFD): the setting that reads it. */
function encodingHint(index: CsvFileIndex): string {
  if (index.encoding !== "utf-8" || !index.header.some((c) => c.includes("\ufffd"))) return "";
  return '; the header is not UTF-8 text: set csv: { encoding: windows-1252 } (or the code page the export uses) on the connector';
}

/** What `auto` decided for a file that is not UTF-8: the reading may be wrong for another code page, so it is said. */
function autoEncodingNote(what: string, encoding: CsvEncoding): string {
  return `${what}: not UTF-8 text, read as ${encoding} (csv.encoding: auto); if its accented letters read wrong, set csv.encoding to the export's code page`;
}

/** What the connector found for a file when csv.decimal is not set and its numbers write decimal commas: said, as the delimiter is. */
function sniffedDecimalNote(what: string, numbers: NumberFormat): string {
  const grouped = numbers.thousands ? ` and ${JSON.stringify(numbers.thousands)} between thousands` : "";
  return `${what}: numbers read with a decimal comma${grouped}, as its first records write them (csv.decimal is not set); if amounts read wrong, set csv.decimal`;
}

/** What the connector found for a file when csv.date_format is not set and its dates are not ISO: said, as the delimiter is. */
function sniffedDatesNote(what: string, pattern: string): string {
  return `${what}: dates read as ${pattern}, as its first records write them (csv.date_format is not set); if dates read wrong, set csv.date_format`;
}

/** What the connector found for a file when csv.delimiter is not set and it is not the comma: said, since a guess can be wrong. */
function sniffedDelimiterNote(what: string, delimiter: string): string {
  return `${what}: read with the delimiter ${JSON.stringify(delimiter)}, the one its first records split on (csv.delimiter is not set); if its columns read wrong, set csv.delimiter`;
}

/** What of the connector's csv settings a reference table is read with (unset: found from the file). */
export interface CsvTableSettings {
  delimiter?: string;
  decimal?: NumberFormat["decimal"];
  thousands?: string;
  encoding?: CsvEncodingSetting;
}

/** Told what was found for a table whose csv settings are unset (to say so in the connector's status). */
export interface SniffedNotes {
  delimiter?: (delimiter: string) => void;
  numbers?: (numbers: NumberFormat) => void;
}

/** A reference table's file, if it is a regular one: a named pipe or a device is no export. */
async function referenceFileStat(connectorId: string, table: ReferenceTable, file: string) {
  const st = await stat(file).catch(() => undefined);
  if (!st?.isFile()) throw connectorUnavailable(connectorId, `the reference file for ${table} ${st ? "is not a regular file (a named pipe, a device or a folder)" : "does not exist"}`);
  return st;
}

/**
 * A whole CSV reference table as a header and a stream of row batches. The rows' repeated values
 * (customers, SKUs, currencies, dates) are one string each (CsvRow interns them): a table is held
 * for as long as its connector caches it, in every scan worker too, and every string is one more
 * object for each full collection to visit.
 */
export async function readCsvTable(connectorId: string, table: ReferenceTable, file: string, csv: CsvTableSettings, signal?: AbortSignal, found?: SniffedNotes): Promise<SourceTable & { sample?: readonly string[][] }> {
  const st = await referenceFileStat(connectorId, table, file);
  const encoding = await resolveEncoding(file, csv.encoding);
  // Its line ends and (csv.delimiter unset) its delimiter told from one read of its start, as a transactions file's.
  const start = await fileStart(file, st.size);
  if (crAloneIn(start.bytes)) throw connectorUnavailable(connectorId, `${basename(file)}: ${CR_ALONE}`);
  const delimiter = delimiterOf(start, csv.delimiter);
  if (csv.delimiter === undefined) found?.delimiter?.(delimiter);
  const records = readCsvRows(file, { delimiter, encoding, signal });
  const row = new CsvRow();
  // A batch is valid until the next is read: its rows are made into arrays first.
  const valuesOf = (batch: CsvRows, from: number): string[][] => {
    const out: string[][] = [];
    for (let i = from; i < batch.count; i++) {
      row.load(batch, i);
      out.push(row.values());
    }
    return out;
  };
  // A malformed file (a record over 16 MiB, a quote never closed) makes the table unavailable, naming the file.
  const unreadable = (e: unknown): never => {
    if (e instanceof MalformedCsvError) throw connectorUnavailable(connectorId, `${basename(file)}: ${e.message}`);
    throw e;
  };
  const first = await records.next().catch(unreadable);
  let header: string[] = [];
  let firstRows: string[][] = [];
  if (!first.done) {
    row.load(first.value, 0);
    header = row.values().map((f) => f.trim());
    if (header.some((name) => name.includes("\0"))) throw connectorUnavailable(connectorId, `${basename(file)}: ${NUL_IN_HEADER}`);
    firstRows = valuesOf(first.value, 1);
  }
  // csv.decimal unset: its numbers read as its first rows write them, as a transactions file's.
  const numbers = csv.decimal === undefined ? sniffDecimalComma(firstRows, csv.thousands ?? "") : undefined;
  if (numbers) found?.numbers?.(numbers);
  async function* rows() {
    yield firstRows;
    try {
      for await (const b of records) yield valuesOf(b, 0);
    } catch (e) {
      unreadable(e);
    }
  }
  // The file is open from the first read on: a table given up before its rows (a header
  // without the required columns) must close it.
  return { header, rows: rows(), close: async () => void (await records.return(undefined)), sample: firstRows.slice(0, FIRST_ROWS), ...(numbers ? { numbers } : {}) };
}
