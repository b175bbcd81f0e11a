// The three SQL drivers behind one small interface: PostgreSQL and MySQL/MariaDB through Bun.SQL
// (a pool of `pool_size` connections, each query cancelled after `timeout_ms`), and an external
// SQLite file through bun:sqlite opened read-only. Driver errors are never passed on as they are:
// their text can hold hosts, users or SQL. Only a safe error code is kept.
import { Database } from "bun:sqlite";
import { SQL } from "bun";
import { connectorTimeout, connectorUnavailable } from "../errors.ts";

export type SqlRow = Record<string, unknown>;

export interface SqlDriver {
  /** The n-th (1-based) bind placeholder. */
  placeholder(n: number): string;
  quote(identifier: string): string;
  query(text: string, params: readonly unknown[]): Promise<SqlRow[]>;
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
    this.sql = new SQL({
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

  async query(text: string, params: readonly unknown[]): Promise<SqlRow[]> {
    const { connectorId, timeoutMs } = this.options;
    const q = this.sql.unsafe(text, params as unknown[]);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        try {
          q.cancel();
        } catch {
          // already finished or not started: nothing to cancel
        }
        reject(connectorTimeout(connectorId, timeoutMs));
      }, timeoutMs);
    });
    try {
      return (await Promise.race([q, timeout])) as SqlRow[];
    } catch (e) {
      if ((e as { code?: string }).code === "connector_timeout") throw e;
      throw failure(connectorId, "the database query failed", e);
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    await this.sql.close({ timeout: 1 }).catch(() => {});
  }
}

/** An external SQLite file, opened read-only on first use and reopened after a failure. */
export class SqliteDriver implements SqlDriver {
  private db?: Database;

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
      this.db ??= new Database(this.path, { readonly: true });
      return this.db.query(text).all(...(params as string[])) as SqlRow[];
    } catch (e) {
      this.db?.close();
      this.db = undefined;
      throw failure(this.options.connectorId, "the SQLite database could not be read", e);
    }
  }

  async close(): Promise<void> {
    this.db?.close();
    this.db = undefined;
  }
}
