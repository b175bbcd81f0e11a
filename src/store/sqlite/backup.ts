// Online backup and restore of the SQLite database. `VACUUM INTO` writes a consistent snapshot of
// the database as of one read transaction while the server keeps reading and writing (WAL), and
// the copy is compact and self-contained (no -wal file). Restore checks the file, keeps the
// current database beside it, and swaps the files; it is refused while a server uses them.
import { Database } from "bun:sqlite";
import { closeSync, existsSync, fsyncSync, lstatSync, openSync, readlinkSync, readSync, renameSync, rmSync, statSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { createPrivateFile, ensurePrivateDir } from "../../domain/private-files.ts";

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
  checkBackupDestination(out);
  if (!existsSync(source)) throw new Error(`no database at ${source} (storage.path)`);
  // Created empty and 0600 first (VACUUM INTO fills an empty file): the copy holds what the
  // database holds, and VACUUM INTO would create it with the umask's mode (0644 from a shell).
  createPrivateFile(out, { exclusive: true });
  const db = new Database(source, { readonly: true });
  try {
    db.exec(`PRAGMA busy_timeout = ${busyTimeoutMs | 0}`);
    db.query("VACUUM INTO ?").run(out);
  } catch (e) {
    // With the copy, the rollback journal SQLite kept beside it (a full disk left `<out>-journal`).
    rmSync(out, { force: true });
    rmSync(`${out}-journal`, { force: true });
    const code = (e as { code?: string }).code;
    if (code === "SQLITE_FULL") throw new Error(`cannot write the backup ${out}: no space left on the disk that holds it (SQLITE_FULL); nothing was kept there`);
    throw e;
  } finally {
    db.close();
  }
  const check = checkDatabase(out);
  if (check.integrity !== "ok") throw new Error(`the backup ${out} failed its integrity check: ${check.integrity}`);
  return check;
}

/**
 * Refuses what `out` must not be, in words: an existing file, a symbolic link (a dangling one
 * passes existsSync, and the exclusive create then failed with a bare EEXIST), or a path in a
 * folder that does not exist (a bare ENOENT).
 */
function checkBackupDestination(out: string): void {
  const entry = lstatSync(out, { throwIfNoEntry: false });
  if (entry?.isSymbolicLink()) throw new Error(`${out} is a symbolic link (to ${readlinkSync(out)}); a backup never writes through one: choose a new file name`);
  if (entry) throw new Error(`${out} exists; choose a new file name (a backup never overwrites)`);
  const folder = dirname(out);
  const parent = statSync(folder, { throwIfNoEntry: false });
  if (!parent) throw new Error(`the folder ${folder} does not exist; create it first (mkdir -p) or choose another --out`);
  if (!parent.isDirectory()) throw new Error(`${folder} is not a folder; choose another --out`);
}

/**
 * Refuses a backup path that is not a regular file before SQLite opens it: a folder read as
 * "disk I/O error", and a named pipe made the open wait for a writer for ever.
 */
function checkBackupSource(file: string): void {
  const stat = statSync(file, { throwIfNoEntry: false });
  if (!stat) throw new Error(`no backup file at ${file}`);
  if (stat.isDirectory()) throw new Error(`${file} is a folder: name the backup file in it`);
  if (!stat.isFile()) throw new Error(`${file} is not a regular file (a named pipe or a device): name a backup file written by \`assay backup\``);
}

/**
 * Copies `from` into `to`, created (or emptied) 0600 before a byte is written, and synced to
 * disk: copyFileSync gives the copy the source's mode — a backup copied with scp under umask 022
 * (0644) became a database, and -wal and -shm, every local user could read — and the staged
 * copy is renamed into place, so it must be on disk before the rename is.
 */
function copyToPrivateFile(from: string, to: string): void {
  createPrivateFile(to);
  const input = openSync(from, "r");
  try {
    const output = openSync(to, "w");
    try {
      const buffer = Buffer.allocUnsafe(1 << 20);
      for (let n; (n = readSync(input, buffer, 0, buffer.length, null)) > 0; ) {
        for (let written = 0; written < n; ) written += writeSync(output, buffer, written, n - written);
      }
      fsyncSync(output);
    } finally {
      closeSync(output);
    }
  } finally {
    closeSync(input);
  }
}

/**
 * Replaces the database at `target` with the backup `file`. The current database (with its -wal
 * and -shm) is kept as `<target>.before-restore-<stamp>`; returns that path (or null if none).
 */
export function restoreSqlite(file: string, target: string, stamp: string): { previous: string | null; check: DatabaseCheck } {
  checkBackupSource(file);
  let check: DatabaseCheck;
  try {
    check = checkDatabase(file);
  } catch (e) {
    throw new Error(`${file} is not an SQLite database (${(e as Error).message})`);
  }
  if (check.integrity !== "ok") throw new Error(`${file} failed its integrity check: ${check.integrity}`);
  if (check.migrations === 0) throw new Error(`${file} is not an Assay database (no schema_migrations table)`);
  const staged = `${target}.restoring`;
  // A new host has no data folder yet: created as `assay init` creates it (0700).
  ensurePrivateDir(dirname(target));
  copyToPrivateFile(file, staged);
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
