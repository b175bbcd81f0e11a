// The three SQL drivers behind one small interface: PostgreSQL and MySQL/MariaDB through Bun.SQL
// (a pool of `pool_size` connections, each query cancelled after `timeout_ms`), and an external
// SQLite file through bun:sqlite opened read-only. Driver errors are never passed on as they are:
// their text can hold hosts, users or SQL. Only a safe error code is kept.
import { Database, type Statement } from "bun:sqlite";
// Bun.SQL rather than `import { SQL } from "bun"`: a bundle hoists module imports to start-up,
// and loading the SQL client costs every `assay serve` a few milliseconds without SQL connectors.
import type { SQL } from "bun";
import { ApiError } from "../../domain/errors.ts";
import { connectorTimeout, connectorUnavailable } from "../errors.ts";
import { notARegularFile } from "./file-kind.ts";
import { ColumnsChanged, rowidSlices, type Slices } from "./sqlite-slices.ts";

export type SqlRow = Record<string, unknown>;

export interface SqlDriver {
  /** The n-th (1-based) bind placeholder. */
  placeholder(n: number): string;
  quote(identifier: string): string;
  query(text: string, params: readonly unknown[]): Promise<SqlRow[]>;
  /**
   * Runs one query and yields its rows in batches as the server produces them (a cursor), when
   * the driver can; scans then read the source in one pass instead of page by page.
   */
  stream?(text: string, params: readonly unknown[], batchSize: number): AsyncGenerator<SqlRow[]>;
  close(): Promise<void>;
}

export interface DriverOptions {
  connectorId: string;
  timeoutMs: number;
}

/** A short code safe to show (SQLSTATE, errno name), or "" when the error has none. */
export function safeCode(e: unknown): string {
  const err = e as { code?: unknown; errno?: unknown } | undefined;
  for (const c of [err?.code, err?.errno]) {
    if (typeof c === "string" && /^[A-Z0-9_]{2,48}$/.test(c)) return c;
  }
  return "";
}

function failure(id: string, what: string, e: unknown) {
  const code = safeCode(e);
  return connectorUnavailable(id, code ? `${what} (${code})` : what);
}

export class BunSqlDriver implements SqlDriver {
  private readonly sql: SQL;

  constructor(
    url: string,
    private readonly dialect: "postgres" | "mysql",
    poolSize: number,
    private readonly options: DriverOptions,
  ) {
    const normalised = url.replace(/^mariadb:\/\//, "mysql://");
    this.sql = new Bun.SQL({
      url: normalised,
      adapter: dialect === "mysql" ? "mysql" : "postgres",
      max: poolSize,
      idleTimeout: 60,
      connectionTimeout: Math.max(1, Math.ceil(options.timeoutMs / 1000)),
    });
  }

  placeholder(n: number): string {
    return this.dialect === "mysql" ? "?" : `$${n}`;
  }

  quote(identifier: string): string {
    return this.dialect === "mysql" ? `\`${identifier.replace(/`/g, "``")}\`` : `"${identifier.replace(/"/g, '""')}"`;
  }

  query(text: string, params: readonly unknown[]): Promise<SqlRow[]> {
    return this.run(this.sql, text, params);
  }

  /** PostgreSQL: a NO SCROLL cursor in a read-only transaction on a reserved connection. */
  get stream(): SqlDriver["stream"] {
    return this.dialect === "postgres" ? (text, params, batchSize) => this.cursor(text, params, batchSize) : undefined;
  }

  private async *cursor(text: string, params: readonly unknown[], batchSize: number): AsyncGenerator<SqlRow[]> {
    let reserved: Awaited<ReturnType<SQL["reserve"]>>;
    const reserving = this.sql.reserve();
    try {
      reserved = await this.withTimeout(reserving, () => {
        // Given up on: whenever the connection does arrive, hand it straight back to the pool.
        reserving.then((r) => r.release()).catch(() => {});
      });
    } catch (e) {
      throw this.mapError(e);
    }
    let open = false;
    try {
      await this.run(reserved, "BEGIN READ ONLY", []);
      open = true;
      await this.run(reserved, `DECLARE assay_scan NO SCROLL CURSOR FOR ${text}`, params);
      while (true) {
        const rows = await this.run(reserved, `FETCH ${batchSize} FROM assay_scan`, []);
        if (rows.length > 0) yield rows;
        if (rows.length < batchSize) break;
      }
      await this.run(reserved, "COMMIT", []);
      open = false;
    } finally {
      // Stopped early, failed or timed out: end the transaction before the connection goes back.
      if (open) await reserved.unsafe("ROLLBACK").catch(() => {});
      reserved.release();
    }
  }

  private withTimeout<T>(work: Promise<T>, cancel: () => void): Promise<T> {
    const { connectorId, timeoutMs } = this.options;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        try {
          cancel();
        } catch {
          // already finished or not started: nothing to cancel
        }
        reject(connectorTimeout(connectorId, timeoutMs));
      }, timeoutMs);
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  private mapError(e: unknown) {
    if ((e as { code?: string }).code === "connector_timeout") return e;
    return failure(this.options.connectorId, "the database query failed", e);
  }

  private async run(executor: Pick<SQL, "unsafe">, text: string, params: readonly unknown[]): Promise<SqlRow[]> {
    const q = executor.unsafe(text, params as unknown[]);
    try {
      return (await this.withTimeout(q, () => q.cancel())) as SqlRow[];
    } catch (e) {
      throw this.mapError(e);
    }
  }

  async close(): Promise<void> {
    await this.sql.close({ timeout: 1 }).catch(() => {});
  }
}

/** An external SQLite file, opened read-only on first use and reopened after a failure. */
export class SqliteDriver implements SqlDriver {
  private db?: Database;
  /**
   * query()'s statements on `db`, prepared once: a lookup runs one per request, and finding it in
   * bun:sqlite's own cache (a search of the cached texts by length, then a compare) costs about a
   * microsecond more than this map. The texts come from the connector's settings (the lookup, the
   * first row, a reference table read whole), so they are few; dropped with the database.
   */
  private statements = new Map<string, Statement>();

  constructor(
    private readonly path: string,
    private readonly options: DriverOptions,
  ) {}

  placeholder(): string {
    return "?";
  }

  quote(identifier: string): string {
    return `"${identifier.replace(/"/g, '""')}"`;
  }

  async query(text: string, params: readonly unknown[]): Promise<SqlRow[]> {
    try {
      const db = (this.db ??= this.open());
      let statement = this.statements.get(text);
      if (statement === undefined) {
        statement = db.prepare(text);
        if (this.statements.size < MAX_KEPT_STATEMENTS) this.statements.set(text, statement);
      }
      return statement.all(...(params as string[])) as SqlRow[];
    } catch (e) {
      throw this.failed(e);
    }
  }

  /** One statement stepped lazily: rows are read from the file as batches are consumed. */
  async *stream(text: string, params: readonly unknown[], batchSize: number): AsyncGenerator<SqlRow[]> {
    let rows: IterableIterator<unknown>;
    try {
      this.db ??= this.open();
      rows = this.db.query(text).iterate(...(params as string[]));
    } catch (e) {
      throw this.failed(e);
    }
    let batch: SqlRow[] = [];
    try {
      while (true) {
        let next: IteratorResult<unknown>;
        try {
          next = rows.next();
        } catch (e) {
          throw this.failed(e);
        }
        if (next.done) break;
        batch.push(next.value as SqlRow);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
      if (batch.length > 0) yield batch;
    } finally {
      rows.return?.(); // stopped early: reset the statement
    }
  }

  /**
   * A table read in rowid slices with a turn of the event loop between them, holding no lock on
   * the file between slices (sqlite-slices.ts); undefined for a source without a rowid (a view, a
   * WITHOUT ROWID table): query() reads those whole.
   */
  async sliced(from: string): Promise<Slices | undefined> {
    let read: Slices | undefined;
    // The database this read began on: a slice read after another read failed (and closed it)
    // must not close the one opened since.
    let db: Database | undefined;
    try {
      db = this.db ??= this.open();
      read = await rowidSlices(db, from, this.options.timeoutMs);
    } catch (e) {
      throw this.failed(e, db);
    }
    if (read === undefined) return undefined;
    const rows = read.rows;
    const id = this.options.connectorId;
    const failed = (e: unknown) => (e instanceof ColumnsChanged ? connectorUnavailable(id, `the SQLite table ${from}: ${e.message}`) : this.failed(e, db));
    return {
      header: read.header,
      rows: (async function* () {
        try {
          yield* rows;
        } catch (e) {
          throw failed(e);
        }
      })(),
    };
  }

  /**
   * Read-only, and only a regular file: bun:sqlite opens on the thread that answers every request,
   * and the open of a named pipe waits for a writer — the whole server froze.
   */
  private open(): Database {
    const kind = notARegularFile(this.path);
    if (kind) throw connectorUnavailable(this.options.connectorId, `the SQLite file is ${kind}`);
    return new Database(this.path, { readonly: true });
  }

  /** `db`: the database the failed read used (closed only if it is still the current one). */
  private failed(e: unknown, db: Database | undefined = this.db) {
    if (e instanceof ApiError) return e;
    if (db !== undefined && db === this.db) {
      this.forget();
      this.db.close();
      this.db = undefined;
    }
    return failure(this.options.connectorId, "the SQLite database could not be read", e);
  }

  async close(): Promise<void> {
    this.forget();
    this.db?.close();
    this.db = undefined;
  }

  /** The kept statements belong to the database being closed. */
  private forget() {
    for (const statement of this.statements.values()) statement.finalize();
    this.statements.clear();
  }
}

/** Bounds the statements a driver keeps (its texts come from the settings; a handful is usual). */
const MAX_KEPT_STATEMENTS = 16;
