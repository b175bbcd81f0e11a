// Copies an embedded SQLite database into an empty PostgreSQL one (`assay migrate-store`):
// every table the SQLite migrations created, in creation order (parents before children), in
// batches of rows, inside ONE PostgreSQL transaction, so a failure leaves the target as empty
// as it was. Then it compares the row counts of every table.
import type { Database } from "bun:sqlite";
import type { SQL } from "bun";
import { PG_MIGRATIONS } from "./postgres/migrations/index.ts";
import { asPgStorageError, migrate, openPool } from "./postgres/database.ts";

export interface TableCopy {
  table: string;
  source: number;
  target: number;
}

export class TargetNotEmptyError extends Error {}

/** The tables of the source, in creation order, without SQLite's and the migrations' own. */
function tablesOf(db: Database): string[] {
  return db
    .query<{ name: string }, []>(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'schema_migrations' ORDER BY rowid",
    )
    .all()
    .map((r) => r.name);
}

async function refuseNonEmpty(sql: SQL, tables: string[]) {
  const existing = new Set(
    ((await sql.unsafe("SELECT table_name FROM information_schema.tables WHERE table_schema = current_schema()")) as { table_name: string }[]).map(
      (r) => r.table_name,
    ),
  );
  const held: string[] = [];
  for (const t of tables) {
    if (!existing.has(t)) continue;
    const [row] = (await sql.unsafe(`SELECT count(*)::int AS n FROM ${t}`)) as { n: number }[];
    if (row!.n > 0) held.push(`${t}: ${row!.n} rows`);
  }
  if (held.length > 0) {
    throw new TargetNotEmptyError(`the target database is not empty (${held.join(", ")}); migrate-store copies only into an empty database`);
  }
}

export async function copySqliteToPostgres(
  source: Database,
  targetUrl: string,
  options: { batch?: number; onTable?: (t: TableCopy) => void } = {},
): Promise<TableCopy[]> {
  const batch = options.batch ?? 500;
  const sql = openPool({ url: targetUrl, pool: 2 });
  try {
    const tables = tablesOf(source);
    await refuseNonEmpty(sql, tables);
    await migrate(sql, PG_MIGRATIONS);
    const targetColumns = async (t: string) =>
      new Set(
        ((await sql.unsafe("SELECT column_name FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1", [t])) as {
          column_name: string;
        }[]).map((r) => r.column_name),
      );
    const results: TableCopy[] = [];
    await sql.begin(async (tx) => {
      for (const table of tables) {
        const columns = source.query<{ name: string }, []>(`PRAGMA table_info(${table})`).all().map((c) => c.name);
        const present = await targetColumns(table);
        const missing = columns.filter((c) => !present.has(c));
        if (missing.length > 0) throw new Error(`the PostgreSQL schema has no ${table}(${missing.join(", ")}): is this Assay version's postgres migration missing?`);
        const select = source.query<Record<string, unknown>, [number]>(`SELECT rowid AS _rowid, * FROM ${table} WHERE rowid > ? ORDER BY rowid LIMIT ${batch}`);
        let after = -Infinity as number;
        let copied = 0;
        for (;;) {
          const rows = select.all(after === -Infinity ? Number.MIN_SAFE_INTEGER : after);
          if (rows.length === 0) break;
          const params: unknown[] = [];
          const tuples = rows.map((row) => {
            const start = params.length;
            for (const c of columns) {
              const v = row[c];
              params.push(v instanceof Uint8Array ? Buffer.from(v) : (v ?? null));
            }
            return `(${columns.map((_, i) => `$${start + i + 1}`).join(", ")})`;
          });
          await tx.unsafe(`INSERT INTO ${table} (${columns.join(", ")}) VALUES ${tuples.join(", ")}`, params);
          copied += rows.length;
          after = rows[rows.length - 1]!._rowid as number;
        }
        const [row] = (await tx.unsafe(`SELECT count(*)::int AS n FROM ${table}`)) as { n: number }[];
        const sourceCount = source.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
        const result = { table, source: sourceCount, target: row!.n };
        if (result.source !== result.target || copied !== result.source) {
          throw new Error(`row counts differ for ${table}: ${result.source} in SQLite, ${result.target} in PostgreSQL; nothing was committed`);
        }
        results.push(result);
        options.onTable?.(result);
      }
    });
    return results;
  } catch (e) {
    if (e instanceof TargetNotEmptyError) throw e;
    throw asPgStorageError(e, "cannot copy into PostgreSQL");
  } finally {
    await sql.close().catch(() => {});
  }
}
