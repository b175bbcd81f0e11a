// What every PostgreSQL repository runs through: the pool, opened at once, and the migrations,
// applied on first use (or explicitly by `assay migrate`, `init` and `serve`). A failed start
// (database down) is retried by the next call, so a node recovers when PostgreSQL comes back.
import type { SQL } from "bun";
import type { Migration } from "../migrations/index.ts";
import { asPgStorageError, migrate, openPool, type PostgresOptions } from "./database.ts";

export type Sql = SQL;

export class PgDatabase {
  readonly sql: SQL;
  private migrated: Promise<void> | null = null;

  constructor(
    options: PostgresOptions,
    private readonly migrations: Migration[],
  ) {
    this.sql = openPool(options);
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
  async run<T>(fn: (sql: SQL) => Promise<T>): Promise<T> {
    await this.ready();
    try {
      return await fn(this.sql);
    } catch (e) {
      throw asPgStorageError(e);
    }
  }

  /** Runs `fn` in one transaction (committed when it resolves, rolled back when it throws). */
  tx<T>(fn: (tx: SQL) => Promise<T>): Promise<T> {
    return this.run((sql) => sql.begin((tx) => fn(tx as unknown as SQL)) as Promise<T>);
  }
}

/** Rows of `query`, typed. */
export async function rows<T>(sql: SQL, query: string, params: unknown[] = []): Promise<T[]> {
  return [...((await sql.unsafe(query, params)) as T[])];
}

export async function one<T>(sql: SQL, query: string, params: unknown[] = []): Promise<T | null> {
  const r = (await sql.unsafe(query, params)) as T[];
  return r[0] ?? null;
}

/** Rows changed by an UPDATE or DELETE. */
export async function changes(sql: SQL, query: string, params: unknown[] = []): Promise<number> {
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
    params: columns.map((c) => row[c] ?? null),
  };
}
