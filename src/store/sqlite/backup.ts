// Online backup and restore of the SQLite database. `VACUUM INTO` writes a consistent snapshot of
// the database as of one read transaction while the server keeps reading and writing (WAL), and
// the copy is compact and self-contained (no -wal file). Restore checks the file, keeps the
// current database beside it, and swaps the files; it is refused while a server uses them.
import { Database } from "bun:sqlite";
import { copyFileSync, existsSync, renameSync, rmSync } from "node:fs";
import { createPrivateFile } from "../../domain/private-files.ts";

export interface DatabaseCheck {
  integrity: string;
  tables: Record<string, number>;
  migrations: number;
}

/** integrity_check and the row count of every table. */
export function checkDatabase(path: string): DatabaseCheck {
  const db = new Database(path, { readonly: true });
  try {
    const integrity = (db.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check;
    const names = (db.query("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name").all() as { name: string }[]).map((r) => r.name);
    const tables = Object.fromEntries(names.map((n) => [n, (db.query(`SELECT count(*) AS n FROM "${n.replace(/"/g, '""')}"`).get() as { n: number }).n]));
    const migrations = names.includes("schema_migrations") ? tables.schema_migrations! : 0;
    return { integrity, tables, migrations };
  } finally {
    db.close();
  }
}

/** Writes a consistent copy of the live database at `source` to `out` (which must not exist). */
export function backupSqlite(source: string, out: string, busyTimeoutMs: number): DatabaseCheck {
  if (existsSync(out)) throw new Error(`${out} exists; choose a new file name (a backup never overwrites)`);
  if (!existsSync(source)) throw new Error(`no database at ${source} (storage.path)`);
  // Created empty and 0600 first (VACUUM INTO fills an empty file): the copy holds what the
  // database holds, and VACUUM INTO would create it with the umask's mode (0644 from a shell).
  createPrivateFile(out, { exclusive: true });
  const db = new Database(source, { readonly: true });
  try {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs | 0}`);
    db.query("VACUUM INTO ?").run(out);
  } catch (e) {
    rmSync(out, { force: true });
    throw e;
  } finally {
    db.close();
  }
  const check = checkDatabase(out);
  if (check.integrity !== "ok") throw new Error(`the backup ${out} failed its integrity check: ${check.integrity}`);
  return check;
}

/**
 * Replaces the database at `target` with the backup `file`. The current database (with its -wal
 * and -shm) is kept as `<target>.before-restore-<stamp>`; returns that path (or null if none).
 */
export function restoreSqlite(file: string, target: string, stamp: string): { previous: string | null; check: DatabaseCheck } {
  if (!existsSync(file)) throw new Error(`no backup file at ${file}`);
  let check: DatabaseCheck;
  try {
    check = checkDatabase(file);
  } catch (e) {
    throw new Error(`${file} is not an SQLite database (${(e as Error).message})`);
  }
  if (check.integrity !== "ok") throw new Error(`${file} failed its integrity check: ${check.integrity}`);
  if (check.migrations === 0) throw new Error(`${file} is not an Assay database (no schema_migrations table)`);
  const staged = `${target}.restoring`;
  copyFileSync(file, staged);
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = `${target}.before-restore-${stamp}`;
    renameSync(target, previous);
    for (const suffix of ["-wal", "-shm"]) if (existsSync(target + suffix)) renameSync(target + suffix, previous + suffix);
  }
  renameSync(staged, target);
  rmSync(`${target}-wal`, { force: true });
  rmSync(`${target}-shm`, { force: true });
  return { previous, check };
}
