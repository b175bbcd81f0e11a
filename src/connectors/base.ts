// What every built-in connector shares: identity from the config, capabilities, the mapping
// report, value formats, and reference tables read through one mapper and cached for
// reference_ttl_s (analyses ask for them on every call; sources should not be read every time).
import type { Clock } from "../domain/clock.ts";
import { type Contract, type ExchangeRate, type PriceListEntry, REFERENCE_TABLES, type ReferenceData, type ReferenceTable, type Shipment, type Transaction } from "../domain/transaction.ts";
import type { DayOrder } from "../analysis/dates.ts";
import type { ConnectorType, Connector, ConnectorCapabilities, MappingReport, ScanOptions } from "./types.ts";
import { connectorUnavailable } from "./errors.ts";
import { BackwardsContractRows } from "./backwards-contract-rows.ts";
import { columnIndex, MappingStats, ReferenceMapper, type Rejection, typeCodes, type ValueFormats } from "./mapping.ts";
import type { ConnectorSettings } from "./settings.ts";
import { statOrUndefined } from "./fs-async.ts";
import { type DateFormat, dateFormat, inDateRange, isoDateFormat, type NumberFormat, type SourceValue, SQL_NUMBER_FORMAT } from "./values.ts";

/** Rows of a reference table as read from the source: a header and rows of values in its order. */
export interface SourceTable {
  header: string[];
  rows: AsyncIterable<SourceValue[][]> | Iterable<SourceValue[]>;
  /** Releases what reading holds open (a file) when the rows are not read to the end. */
  close?: () => Promise<void>;
  /** How this table's numbers and dates read, when not as the connector's (a CSV table's own, found from its first rows). */
  numbers?: NumberFormat;
  dates?: DateFormat;
}

export abstract class BaseConnector implements Connector {
  readonly id: string;
  readonly type: ConnectorType;
  readonly name: string;
  readonly description: string;
  readonly accounts?: readonly string[];
  readonly enabled: boolean;
  abstract readonly capabilities: ConnectorCapabilities;
  protected readonly stats: MappingStats = new MappingStats(!Bun.isMainThread);
  protected readonly formats: ValueFormats;
  private cache?: { at: number; data: Promise<ReferenceData>; revision: string | undefined };
  /** The last revision() read from the files, and when: read at most once a second. */
  private lastRevision?: { at: number; value: string | undefined };

  /** `values`: how the source writes numbers and dates: as text in the config's CSV formats, or natively. */
  constructor(
    readonly settings: ConnectorSettings,
    protected readonly clock: Clock,
    values: "text" | "native" = "native",
  ) {
    this.id = settings.id;
    this.type = settings.type;
    this.name = settings.name ?? settings.id;
    this.description = settings.description ?? settings.type;
    this.accounts = settings.accounts;
    this.enabled = settings.enabled;
    // Text sources (CSV files) carry locale formats; databases and JSON carry native values.
    const types = typeCodes(settings.type_values);
    this.formats =
      values === "text"
        ? { numbers: { decimal: settings.csv.decimal ?? ".", thousands: settings.csv.thousands }, dates: dateFormat(settings.csv.date_format ?? "iso"), types }
        : { numbers: SQL_NUMBER_FORMAT, dates: isoDateFormat, types };
  }

  /** The order of day and month the configured date format states (a CSV connector's csv.date_format). */
  dayOrder(): DayOrder | undefined {
    return this.formats.dates.dayOrder;
  }

  /** The longest one call (lookup, reference read, probe) may take before it is a timeout. */
  get deadlineMs(): number {
    return this.settings.timeout_ms;
  }

  protected get referenceTables(): ReferenceTable[] {
    return REFERENCE_TABLES.filter((t) => this.settings.reference?.[t] !== undefined);
  }

  /**
   * True when getTransaction never waits on the event loop (a read of a local SQLite file runs on
   * this thread, its awaits resolve in the same turn's microtasks): no timer and no abort event
   * can run before it ends, so the per-call deadline and signal the wrapper would arm for it
   * (monitored.ts) can never act. False wherever a lookup waits on a socket, a file read or a timer.
   */
  get lookupRunsToEnd(): boolean {
    return false;
  }

  abstract getTransaction(transactionId: string, signal?: AbortSignal): Promise<Transaction | null>;
  abstract scan(options?: ScanOptions): AsyncIterable<Transaction>;
  abstract probe(signal?: AbortSignal): Promise<void>;
  /** Reads one configured reference table from the source. */
  protected abstract readReferenceTable(table: ReferenceTable, source: string, signal?: AbortSignal): Promise<SourceTable>;

  async close(): Promise<void> {}

  /** Rows a scan worker rejected while reading a part of this source: counted here, once each. */
  recordRejections(rows: readonly Rejection[]) {
    for (const [key, row, reason] of rows) this.stats.reject(key, row, reason);
  }

  /** What this connector's rows rejected since the last call (in a scan worker thread). */
  takeRejections(): Rejection[] {
    return this.stats.takeLog();
  }

  mappingReport(): MappingReport {
    return this.stats.report();
  }

  /**
   * The files whose modification time and size make the source's revision (its transactions and
   * reference files); undefined for a source that is not files (then revision() is undefined).
   */
  protected revisionFiles(): string[] | undefined {
    return undefined;
  }

  /**
   * `mtime:size` of each of revisionFiles() ("-" for one missing), read at most once a second: a
   * lookup asks on every request, and a few stat calls per request would cost more than the
   * lookup's own read. A change is therefore seen within a second.
   */
  revision(): string | undefined {
    const now = this.clock.monotonic();
    if (this.lastRevision !== undefined && now - this.lastRevision.at < 1000) return this.lastRevision.value;
    const files = this.revisionFiles();
    let value: string | undefined;
    if (files !== undefined) {
      value = "";
      for (const file of files) {
        const st = statOrUndefined(file);
        value += st ? `${st.mtimeMs}:${st.size};` : "-;";
      }
    }
    this.lastRevision = { at: now, value };
    return value;
  }

  /** True while reference() would answer from its cache without touching the source. */
  referenceCached(): boolean {
    return this.cache !== undefined && this.clock.monotonic() - this.cache.at < this.settings.reference_ttl_s * 1000 && this.cache.revision === this.revision();
  }

  /**
   * Whether the reference table has a column for the canonical field (the mapped one, else the
   * field's own name): from its header alone, the rows not read, unless the tables are cached.
   */
  async referenceHasField(table: ReferenceTable, field: string, signal?: AbortSignal): Promise<boolean> {
    const source = this.settings.reference?.[table];
    if (source === undefined) return false;
    if (this.referenceCached()) return ((await this.cache!.data)[table] ?? []).some((row) => (row as unknown as Record<string, unknown>)[field] !== undefined);
    const { header, close } = await this.readReferenceTable(table, source, signal);
    await close?.();
    // A field mapped from several columns (a code and its modifiers) is there when its first is.
    const mapped = this.settings.reference_mapping?.[table]?.[field] ?? field;
    return columnIndex(header, typeof mapped === "string" ? mapped : mapped[0]!) >= 0;
  }

  reference(signal?: AbortSignal): Promise<ReferenceData> {
    if (this.referenceCached()) return this.cache!.data;
    const now = this.clock.monotonic();
    const revision = this.revision();
    const data = this.loadReference(signal);
    this.cache = { at: now, data, revision };
    // A failed read is not cached: the next call tries the source again.
    data.catch(() => {
      if (this.cache?.data === data) this.cache = undefined;
    });
    return data;
  }

  private async loadReference(signal?: AbortSignal): Promise<ReferenceData> {
    // exchange_rates is present only when configured (the other three always are).
    const out: ReferenceData = { contracts: [], price_list: [], shipments: [] };
    await Promise.all(
      this.referenceTables.map(async (table) => {
        const source = this.settings.reference![table]!;
        const { header, rows, close, numbers, dates } = await this.readReferenceTable(table, source, signal);
        const formats = numbers || dates ? { ...this.formats, numbers: numbers ?? this.formats.numbers, dates: dates ?? this.formats.dates } : this.formats;
        const mapper = new ReferenceMapper<Contract | PriceListEntry | Shipment | ExchangeRate>(header, table, this.settings.reference_mapping?.[table] ?? {}, formats);
        if (header.length > 0 && mapper.missing.length > 0) {
          // The rows are not read: a file's stream is closed here, not left to the collector.
          await close?.();
          throw connectorUnavailable(this.id, `reference table ${table} has no column for ${mapper.missing.join(", ")}`);
        }
        for (const u of mapper.unmapped) this.stats.warn(`reference table ${table} has no column for ${u}: the field is absent from its rows`);
        const target = (out[table] ??= []) as (Contract | PriceListEntry | Shipment | ExchangeRate)[];
        let n = 0;
        let firstProblem: string | undefined;
        const backwards = table === "contracts" ? new BackwardsContractRows() : undefined;
        const take = (values: SourceValue[]) => {
          n++;
          try {
            const row = mapper.map(values);
            target.push(row);
            backwards?.note(n, row as Contract);
          } catch (e) {
            firstProblem ??= `row ${n}: ${(e as Error).message}`;
            this.stats.reject(`${table}#${n}`, `${table} row ${n}`, (e as Error).message);
          }
        };
        if (Symbol.asyncIterator in rows) {
          for await (const batch of rows) for (const values of batch) take(values);
        } else for (const values of rows) take(values);
        // Not one row readable is a setting that does not fit the table (a date format, a number
        // format), not bad data: analysed without the table, every invoice would look like leakage.
        if (n > 0 && target.length === 0) {
          throw connectorUnavailable(this.id, `reference table ${table}: none of its ${n} rows could be read (${firstProblem}); check the connector's csv/mapping settings against the table`);
        }
        const backwardsWarning = backwards?.warning();
        if (backwardsWarning !== undefined) this.stats.warn(backwardsWarning);
      }),
    );
    return out;
  }

  protected baseCapabilities(lookup: boolean, scan: boolean): ConnectorCapabilities {
    return { lookup, scan, reference: this.referenceTables };
  }
}

/** The date range and limit of a scan, applied as transactions are produced. */
export class ScanWindow {
  private taken = 0;

  constructor(private readonly options: ScanOptions) {}

  /** True once the limit is reached: the scan should stop reading. */
  get full(): boolean {
    return this.options.limit !== undefined && this.taken >= this.options.limit;
  }

  /** Whether to emit this transaction (counts it when so). */
  accept(t: Transaction): boolean {
    if (this.full || !inDateRange(t.date, this.options.from, this.options.to)) return false;
    this.taken++;
    return true;
  }
}

/** Applies the date range and limit of a scan to a stream of transactions. */
export async function* limitScan(source: AsyncIterable<Transaction>, options: ScanOptions): AsyncGenerator<Transaction> {
  const window = new ScanWindow(options);
  if (window.full) return;
  for await (const t of source) {
    options.signal?.throwIfAborted();
    if (window.accept(t)) yield t;
    if (window.full) return;
  }
}
