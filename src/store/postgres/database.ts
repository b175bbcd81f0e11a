// The PostgreSQL connection pool (Bun.SQL), its migrations and the translation of its failures.
//
// Migrations run under a transaction-scoped advisory lock, so two nodes starting at once apply
// each one exactly once: the second waits, then finds it recorded. Each migration commits with
// its `schema_migrations` row.
// A type-only import: `import { SQL } from "bun"` would load Bun's SQL client at start-up in
// the compiled binary (a bundle hoists it), even on SQLite; Bun.SQL is reached on first use.
import type { SQL } from "bun";
import { redactUrl } from "../config-checks.ts";
import type { Migration } from "../migrations/index.ts";
import { type MigrationState, StorageUnavailableError } from "../types.ts";

export interface PostgresOptions {
  url: string;
  pool: number;
}

/** Any number shared by every Assay node: the advisory lock that serialises migrations. */
const MIGRATION_LOCK = 0x4a55a7;

export function openPool(options: PostgresOptions): SQL {
  return new Bun.SQL(options.url, {
    max: options.pool,
    // A node that cannot reach the database should say so within seconds, not hang a request.
    connectionTimeout: 5,
    idleTimeout: 60,
  });
}


async function ensureTable(sql: SQL) {
  await sql.unsafe(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
}

/** Every known migration, with when it was applied (null = pending). */
export async function migrationStatus(sql: SQL, migrations: Migration[]): Promise<MigrationState[]> {
  const rows = (await sql.unsafe(
    "SELECT version, applied_at FROM schema_migrations",
  ).catch(async (e: { errno?: string }) => {
    if (e?.errno === "42P01") return []; // no table yet: nothing applied
    throw e;
  })) as { version: number; applied_at: string }[];
  const applied = new Map(rows.map((r) => [r.version, r.applied_at]));
  return [...migrations].sort((a, b) => a.version - b.version).map((m) => ({ version: m.version, name: m.name, applied_at: applied.get(m.version) ?? null }));
}

/** Applies the pending migrations in order; returns the versions it applied. */
export async function migrate(sql: SQL, migrations: Migration[]): Promise<number[]> {
  await ensureTable(sql).catch(async (e: { errno?: string }) => {
    // Two nodes creating the table at the same instant: one loses the race harmlessly.
    if (e?.errno !== "23505" && e?.errno !== "42P07") throw e;
  });
  const ran: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    await sql.begin(async (tx) => {
      await tx.unsafe(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
      const again = await tx.unsafe("SELECT 1 FROM schema_migrations WHERE version = $1", [m.version]);
      if (again.length > 0) return;
      await tx.unsafe(m.up);
      await tx.unsafe("INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)", [
        m.version,
        m.name,
        new Date().toISOString(),
      ]);
      ran.push(m.version);
    });
  }
  return ran;
}

// Bun's own codes for "the server cannot be reached or the pool cannot serve".
const UNAVAILABLE_CODES = /^ERR_POSTGRES_(CONNECTION_CLOSED|CONNECTION_REFUSED|CONNECTION_TIMEOUT|IDLE_TIMEOUT|LIFETIME_TIMEOUT|TLS|SERVER_ERROR_CONNECTION|AUTHENTICATION|UNSUPPORTED_AUTHENTICATION|EXPECTED_|INVALID_SERVER)/;
// SQLSTATE classes: 08 connection exception, 53 insufficient resources (disk full, too many
// connections), 57 operator intervention (shutdown), 3D000 database missing, 28 auth failure.
const UNAVAILABLE_STATES = /^(08|53|57|58|3D|28)/;

/** Turns the PostgreSQL failures that mean "the store cannot work now" into StorageUnavailableError. */
export function asPgStorageError(e: unknown, context = "storage error"): Error {
  if (e instanceof StorageUnavailableError) return e;
  const err = e as { code?: string; errno?: string; message?: string; name?: string };
  const code = err?.code ?? "";
  const state = err?.errno ?? "";
  const network = /ECONNREFUSED|ECONNRESET|EPIPE|ETIMEDOUT|ENOTFOUND|EHOSTUNREACH|Failed to connect|Connection closed|connection.*(closed|timeout)/i.test(`${code} ${err?.message ?? ""}`);
  if (UNAVAILABLE_CODES.test(code) || UNAVAILABLE_STATES.test(state) || network) {
    return new StorageUnavailableError(`${context}: ${code || state} ${err?.message ?? ""}`.trim(), { cause: e });
  }
  return e instanceof Error ? e : new Error(String(e));
}

export function describeTarget(url: string): string {
  return redactUrl(url);
}
