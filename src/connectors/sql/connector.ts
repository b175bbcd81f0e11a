// The `sqlite`, `postgres` and `mysql` connectors: a table or a SELECT query of invoice lines (one
// row per line), read through a SqlDriver. Every value goes in as a bind parameter; identifiers
// come only from the config and are quoted. Scans order by transaction id and read `batch_size`
// rows at a time: through a cursor where the driver has one (SQLite, PostgreSQL: one pass), else
// page by page by id (MySQL: keyset pagination). Either way a table of any size streams with
// bounded memory and every transaction arrives with all of its rows.
import type { Clock } from "../../domain/clock.ts";
import type { ReferenceTable, Transaction } from "../../domain/transaction.ts";
import { BaseConnector, ScanWindow, type SourceTable } from "../base.ts";
import { connectorUnavailable } from "../errors.ts";
import { RowMapper, TransactionGrouper, missingColumnsNote } from "../mapping.ts";
import type { ConnectorSettings } from "../settings.ts";
import { isSqlQuery } from "./sources.ts";
import type { ConnectorCapabilities, ScanOptions } from "../types.ts";
import type { SourceValue } from "../values.ts";
import { BunSqlDriver, type SqlDriver, type SqlRow, SqliteDriver } from "./driver.ts";

export class SqlConnector extends BaseConnector {
  readonly capabilities: ConnectorCapabilities;
  private readonly driver: SqlDriver;
  private readonly mapping: Record<string, string>;
  /** Column names of the transactions source, learned from its first row. */
  private columns?: string[];
  /** The lookup's SQL text, made once (it depends on the settings alone). */
  private lookupSql?: string;
  /** The mapper of the last header seen: built once, not per lookup (a source's header rarely changes). */
  private mapper?: { key: string; mapper: RowMapper };

  constructor(settings: ConnectorSettings, clock: Clock) {
    super(settings, clock);
    this.capabilities = this.baseCapabilities(true, true);
    // One column per field: a line key of several columns is refused for SQL sources (settings.ts).
    this.mapping = (settings.mapping ?? {}) as Record<string, string>;
    const options = { connectorId: settings.id, timeoutMs: settings.timeout_ms };
    this.driver =
      settings.type === "sqlite"
        ? new SqliteDriver(settings.path!, options)
        : new BunSqlDriver(settings.url!, settings.type === "mysql" ? "mysql" : "postgres", settings.pool_size, options);
  }

  /** A SQLite file changes in its write-ahead log first: both make the revision. A server has none. */
  protected override revisionFiles(): string[] | undefined {
    return this.settings.type === "sqlite" ? [this.settings.path!, `${this.settings.path!}-wal`] : undefined;
  }

  /** `FROM` target: a quoted (schema.)table, or the configured query as a derived table. */
  private from(source: string): string {
    if (isSqlQuery(source)) return `(${source}) AS assay_src`;
    return source
      .split(".")
      .map((p) => this.driver.quote(p))
      .join(".");
  }

  private get idColumn() {
    return this.mapping.transaction_id ?? "transaction_id";
  }

  /** ORDER BY: the id (keyset pagination needs it), then the configured line order. */
  private get orderBy(): string {
    const line = this.settings.line_order;
    return `${this.driver.quote(this.idColumn)}${line ? `, ${this.driver.quote(line)}` : ""}`;
  }

  private get dateColumn() {
    return this.mapping.date ?? "date";
  }

  private async knownColumns(): Promise<string[]> {
    if (this.columns) return this.columns;
    const rows = await this.driver.query(`SELECT * FROM ${this.from(this.settings.transactions!)} LIMIT 1`, []);
    const columns = rows[0] ? Object.keys(rows[0]) : [];
    if (rows[0] && !columns.includes(this.idColumn)) {
      throw connectorUnavailable(this.id, `the transactions source has no column "${this.idColumn}" for transaction_id (set mapping.transaction_id)`);
    }
    const missing = rows[0] ? missingColumnsNote(columns, this.mapping) : undefined;
    if (missing !== undefined) this.stats.warn(`the transactions source ${missing}`);
    if (rows[0]) this.columns = columns;
    return columns;
  }

  /** A SQLite file is read on this thread, synchronously (SqliteDriver): a lookup never waits. */
  override get lookupRunsToEnd(): boolean {
    return this.driver instanceof SqliteDriver;
  }

  async getTransaction(transactionId: string): Promise<Transaction | null> {
    await this.knownColumns();
    this.lookupSql ??= `SELECT * FROM ${this.from(this.settings.transactions!)} WHERE ${this.driver.quote(this.idColumn)} = ${this.driver.placeholder(1)}${this.settings.line_order ? ` ORDER BY ${this.orderBy}` : ""}`;
    const rows = await this.driver.query(this.lookupSql, [transactionId]);
    if (rows.length === 0) return null;
    const grouper = this.grouperFor(rows[0]!);
    this.feed(grouper, rows);
    return grouper.flush() ?? null;
  }

  async *scan(options: ScanOptions = {}): AsyncGenerator<Transaction> {
    const window = new ScanWindow(options);
    if (window.full) return;
    const columns = await this.knownColumns();
    const id = this.driver.quote(this.idColumn);
    const batch = this.settings.batch_size;
    // The date range is pushed down by whole days (cheap, index-friendly, type-agnostic); the
    // exact bounds are applied after mapping by the scan window.
    const filters: string[] = [];
    const params: unknown[] = [];
    const date = this.driver.quote(this.dateColumn);
    if (columns.includes(this.dateColumn)) {
      if (options.from) {
        params.push(options.from.slice(0, 10));
        filters.push(`${date} >= ${this.driver.placeholder(params.length)}`);
      }
      if (options.to) {
        params.push(nextDay(options.to.slice(0, 10)));
        filters.push(`${date} < ${this.driver.placeholder(params.length)}`);
      }
    }
    const source = `SELECT * FROM ${this.from(this.settings.transactions!)}`;
    if (this.driver.stream) {
      // One query, read through a cursor: rows of an id arrive together (ORDER BY id).
      const query = `${source}${filters.length ? ` WHERE ${filters.join(" AND ")}` : ""} ORDER BY ${this.orderBy}`;
      let grouper: TransactionGrouper | undefined;
      const counter = { previous: "", n: 0 };
      for await (const rows of this.driver.stream(query, params, batch)) {
        grouper ??= this.grouperFor(rows[0]!);
        const ready: Transaction[] = [];
        this.feed(grouper, rows, ready, counter);
        for (const t of ready) {
          if (window.accept(t)) yield t;
          if (window.full) return;
        }
      }
      const last = grouper?.flush();
      if (last && window.accept(last)) yield last;
      return;
    }
    // Otherwise page by id (keyset pagination): each page a short query.
    let after: string | undefined;
    while (true) {
      options.signal?.throwIfAborted();
      const where = [...filters];
      const args = [...params];
      if (after !== undefined) {
        args.push(after);
        where.push(`${id} > ${this.driver.placeholder(args.length)}`);
      }
      const rows = await this.driver.query(`${source}${where.length ? ` WHERE ${where.join(" AND ")}` : ""} ORDER BY ${this.orderBy} LIMIT ${batch}`, args);
      if (rows.length === 0) return;
      const lastId = String(rows[rows.length - 1]![this.idColumn]);
      let complete = rows;
      if (rows.length === batch) {
        // The last id may continue in the next page: leave it for the next query, unless the
        // whole page is that one id (then read it whole).
        complete = rows.filter((r) => String(r[this.idColumn]) !== lastId);
        if (complete.length === 0) {
          const whole = await this.getTransaction(lastId);
          if (whole && window.accept(whole)) yield whole;
          if (window.full) return;
          after = lastId;
          continue;
        }
      }
      const grouper = this.grouperFor(complete[0]!);
      const ready: Transaction[] = [];
      this.feed(grouper, complete, ready);
      const last = grouper.flush();
      if (last) ready.push(last);
      for (const t of ready) {
        if (window.accept(t)) yield t;
        if (window.full) return;
      }
      if (rows.length < batch) return;
      after = String(complete[complete.length - 1]![this.idColumn]);
    }
  }

  private grouperFor(sample: SqlRow): TransactionGrouper {
    const header = Object.keys(sample);
    const key = header.join("\0");
    if (this.mapper?.key !== key) this.mapper = { key, mapper: new RowMapper(header, this.mapping, this.formats) };
    return new TransactionGrouper(this.mapper.mapper, this.stats);
  }

  /**
   * Rows in id order into the grouper; finished transactions into `ready`. `counter` numbers the
   * rows of each id (for the mapping report) across calls.
   */
  private feed(grouper: TransactionGrouper, rows: SqlRow[], ready?: Transaction[], counter = { previous: "", n: 0 }) {
    for (const row of rows) {
      const values = Object.values(row) as SourceValue[];
      const id = String(row[this.idColumn] ?? "");
      counter.n = id === counter.previous ? counter.n + 1 : 1;
      counter.previous = id;
      const rowNo = counter.n;
      // The row's reference ("<id>#<row>") is made only if the row is rejected.
      const done = grouper.add(values, rowNo, () => [`${id}#${rowNo}`, `transaction ${id}, row ${rowNo}`]);
      if (done) ready?.push(done);
    }
  }

  async probe(): Promise<void> {
    this.columns = undefined;
    await this.knownColumns();
  }

  protected async readReferenceTable(_table: ReferenceTable, source: string): Promise<SourceTable> {
    // A SQLite table: in slices, the event loop and the file let go between them (sqlite-slices.ts).
    if (this.driver instanceof SqliteDriver && !isSqlQuery(source)) {
      const sliced = await this.driver.sliced(this.from(source));
      if (sliced) return { header: sliced.header, rows: sliced.rows as AsyncIterable<SourceValue[][]> };
    }
    const rows = await this.driver.query(`SELECT * FROM ${this.from(source)}`, []);
    const header = rows[0] ? Object.keys(rows[0]) : [];
    return { header, rows: rows.map((r) => Object.values(r) as SourceValue[]) };
  }

  override async close(): Promise<void> {
    await this.driver.close();
  }
}

function nextDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : new Date(ms + 86_400_000).toISOString().slice(0, 10);
}
