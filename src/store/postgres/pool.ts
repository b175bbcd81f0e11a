// What every PostgreSQL repository runs through: the pool, opened at once, and the migrations,
// applied on first use (or explicitly by `assay migrate`, `init` and `serve`). A failed start
// (database down) is retried by the next call, so a node recovers when PostgreSQL comes back.
import type { SQL } from "bun";
import type { Migration } from "../migrations/index.ts";
import { asPgStorageError, migrate, openPool, type PostgresOptions } from "./database.ts";

/** What the repositories query through: Bun.SQL's `unsafe`, with parameters PostgreSQL can hold (storable). */
export type Sql = Pick<SQL, "unsafe">;

/**
 * PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"), so a
 * string parameter carrying one — a transaction id, a SKU or a title from a request or a
 * connector's data — would fail its whole write. It is stored with U+FFFD in its place, as Bun's
 * UTF-8 encoding already stores a lone surrogate; SQLite keeps both as sent.
 */
export function storable(params: unknown[]): unknown[] {
  let out: unknown[] | undefined;
  for (let i = 0; i < params.length; i++) {
    const v = params[i];
    if (typeof v === "string" && v.includes("\0")) (out ??= [...params])[i] = v.replaceAll("\0", "\uFFFD");
  }
  return out ?? params;
}

const storableSql = (sql: SQL): Sql => ({ unsafe: (query: string, params?: unknown[]) => sql.unsafe(query, params && storable(params)) });

export class PgDatabase {
  readonly sql: SQL;
  private readonly queries: Sql;
  private migrated: Promise<void> | null = null;

  constructor(
    options: PostgresOptions,
    private readonly migrations: Migration[],
  ) {
    this.sql = openPool(options);
    this.queries = storableSql(this.sql);
  }

  /** Applies pending migrations once per process, before the first query. */
  ready(): Promise<void> {
    this.migrated ??= this.applyMigrations().then(() => undefined);
    return this.migrated;
  }

  /** Applies pending migrations now; returns the versions this call applied. */
  async applyMigrations(): Promise<number[]> {
    try {
      const applied = await migrate(this.sql, this.migrations);
      this.migrated = Promise.resolve();
      return applied;
    } catch (e) {
      this.migrated = null;
      throw asPgStorageError(e, "cannot prepare the PostgreSQL database");
    }
  }

  /** Runs queries once the schema is in place, translating storage failures. */
  async run<T>(fn: (sql: Sql) => Promise<T>): Promise<T> {
    await this.ready();
    try {
      return await fn(this.queries);
    } catch (e) {
      throw asPgStorageError(e);
    }
  }

  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  tx<T>(fn: (tx: Sql) => Promise<T>): Promise<T> {
    return this.run(() => this.sql.begin((tx) => fn(storableSql(tx as unknown as SQL))) as Promise<T>);
  }
}

/** Rows of `query`, typed. */
export async function rows<T>(sql: Sql, query: string, params: unknown[] = []): Promise<T[]> {
  return [...((await sql.unsafe(query, params)) as T[])];
}

export async function one<T>(sql: Sql, query: string, params: unknown[] = []): Promise<T | null> {
  const r = (await sql.unsafe(query, params)) as T[];
  return r[0] ?? null;
}

/** Rows changed by an UPDATE or DELETE. */
export async function changes(sql: Sql, query: string, params: unknown[] = []): Promise<number> {
  const r = (await sql.unsafe(query, params)) as unknown as { count: number };
  return r.count;
}

/** A unique violation (SQLSTATE 23505), optionally of one constraint. */
export function isUniqueViolation(e: unknown, constraint?: string): boolean {
  const err = e as { errno?: string; constraint?: string; message?: string };
  return err?.errno === "23505" && (!constraint || err.constraint === constraint || (err.message ?? "").includes(constraint));
}

/** `INSERT INTO table (a, b) VALUES ($1, $2)` for `columns`, with their values from `row`. */
export function insertOf(table: string, columns: readonly string[], row: Record<string, unknown>, suffix = "") {
  return {
    text: `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(", ")})${suffix ? ` ${suffix}` : ""}`,
    params: valuesOf(columns, row),
  };
}

/** The values of `columns` in `row`, in order (null for a missing one): a row's parameters. */
export function valuesOf(columns: readonly string[], row: Record<string, unknown>): unknown[] {
  return columns.map((c) => row[c] ?? null);
}

/** `$n::type, …` for `columns`, numbered from `first`: parameters no column gives a type to (INSERT … SELECT). */
export function typedParams(columns: readonly string[], types: Record<string, string>, first: number): string {
  return columns.map((c, i) => `$${first + i}::${types[c]}`).join(", ");
}
