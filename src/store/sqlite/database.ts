// Opens the embedded SQLite database with the durability settings we promise, and applies
// migrations. WAL lets the CLI write (mint/revoke keys) while the server reads.
//
// Durability: journal_mode=WAL with synchronous=FULL (the default) fsyncs the WAL on every
// commit, so an acknowledged write survives a process kill and a power loss. synchronous=NORMAL
// (opt-in) survives a process kill but may lose the last commits on power loss.
import { Database } from "bun:sqlite";
import { existsSync, rmSync, statSync } from "node:fs";
import { dirname } from "node:path";
import { MIGRATIONS, type Migration } from "../migrations/index.ts";
import { StorageUnavailableError } from "../types.ts";
import { ensurePrivateDir, makePrivate } from "../../domain/private-files.ts";
import { checkFileBeforeOpen, checkIntegrityAtStart, checkOwnSchema, StorageSetupError } from "./checks.ts";

export interface SqliteOptions {
  path: string;
  synchronous: "FULL" | "NORMAL";
  busy_timeout_ms: number;
  /** quick: PRAGMA quick_check before serving (refuses a corrupt file); off: skip it. */
  startup_check?: "quick" | "off";
  /** Files up to this size are checked before opening completes; larger ones in the background (tests lower it). */
  inline_check_max_bytes?: number;
}

/**
 * Up to this size quick_check runs before the store opens (~10 ms here) and a corrupt file is
 * refused at once; a larger file is opened and checked in a worker thread (integrity-worker.ts),
 * health answering 503 if that check fails, so start-up does not grow with the database.
 */
const INLINE_CHECK_MAX_BYTES = 16 * 1024 * 1024;

/** How opening a database checks its pages: before it opens, in the background after, or not at all. */
export type StartupCheck = "inline" | "deferred" | "none";

export function startupCheckOf(options: SqliteOptions): StartupCheck {
  if (options.startup_check === "off") return "none";
  if (options.path === ":memory:") return "inline";
  let bytes = 0;
  try {
    bytes = statSync(options.path).size;
  } catch {}
  return bytes <= (options.inline_check_max_bytes ?? INLINE_CHECK_MAX_BYTES) ? "inline" : "deferred";
}

export function openSqlite(options: SqliteOptions, migrations: Migration[] = MIGRATIONS, check: StartupCheck = startupCheckOf(options)): Database {
  const onDisk = options.path !== ":memory:";
  if (onDisk) ensurePrivateDir(dirname(options.path));
  checkFileBeforeOpen(options.path);
  const creating = onDisk && !existsSync(options.path);
  let db: Database | undefined;
  try {
    db = new Database(options.path, { create: true, strict: true });
    // Before the first write: SQLite gives the -wal and -shm files the database file's mode.
    if (creating) makePrivate(options.path);
    db.exec(`PRAGMA busy_timeout = ${options.busy_timeout_ms | 0}`);
    db.exec("PRAGMA journal_mode = WAL");
    db.exec(`PRAGMA synchronous = ${options.synchronous}`);
    db.exec("PRAGMA foreign_keys = ON");
    checkOwnSchema(db, options.path);
    if (check === "inline") checkIntegrityAtStart(db, options.path);
    migrate(db, migrations);
  } catch (e) {
    db?.close();
    if (creating) removeUnwritten(options.path);
    if (e instanceof StorageSetupError) throw e;
    if (/NOTADB|not a database/i.test(`${(e as { code?: string }).code} ${(e as Error).message}`)) {
      throw new StorageSetupError(`the database file ${options.path} is not a SQLite database (or is encrypted or damaged at its header): point storage.path at Assay's database, or restore it from a backup`);
    }
    if (/CORRUPT|malformed/i.test(`${(e as { code?: string }).code} ${(e as Error).message}`)) {
      throw new StorageSetupError(`the database file ${options.path} is corrupt (${(e as Error).message}): run \`assay doctor\` for the full report and restore the latest backup`);
    }
    if (/CANTOPEN|READONLY|PERM|unable to open|readonly/i.test(`${(e as { code?: string }).code} ${(e as Error).message}`)) {
      throw new StorageSetupError(
        `cannot open the database ${options.path} for writing (${(e as { code?: string }).code ?? (e as Error).message}): ` +
          "the file and its folder must be writable by this user (SQLite writes -wal and -shm files beside it) and the disk not mounted read-only",
      );
    }
    if (/SQLITE_FULL|disk is full/i.test(`${(e as { code?: string }).code} ${(e as Error).message}`)) {
      throw new StorageSetupError(`cannot open the database ${options.path}: no space left on the disk that holds it (SQLITE_FULL); free some space, then start again`);
    }
    throw asStorageError(e, `cannot open the database at ${options.path}`);
  }
  return db;
}

/**
 * A database file this open created and could not write a byte of (a full disk) is removed, with
 * its -wal and -shm (only what this failed open wrote): left behind, the next start refused the
 * empty file as one to restore from a backup, and `assay init` said its data were in place
 * (twelfth attack pass).
 */
function removeUnwritten(path: string): void {
  try {
    if (statSync(path).size !== 0) return;
    for (const file of [path, `${path}-wal`, `${path}-shm`]) rmSync(file, { force: true });
  } catch {
    // Nothing there, or it cannot be removed: the start-up checks will name it.
  }
}

export function migrate(db: Database, migrations: Migration[]): number[] {
  db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at TEXT NOT NULL)`);
  const applied = new Set(
    db.query<{ version: number }, []>("SELECT version FROM schema_migrations").all().map((r) => r.version),
  );
  const ran: number[] = [];
  for (const m of [...migrations].sort((a, b) => a.version - b.version)) {
    if (applied.has(m.version)) continue;
    // IMMEDIATE takes the write lock first, so two processes starting at once cannot both apply it.
    db.transaction(() => {
      const again = db.query("SELECT 1 FROM schema_migrations WHERE version = ?").get(m.version);
      if (again) return;
      db.exec(m.up);
      db.query("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        m.version,
        m.name,
        new Date().toISOString(),
      );
      ran.push(m.version);
    }).immediate();
  }
  return ran;
}

const UNAVAILABLE = /SQLITE_(FULL|READONLY|CORRUPT|NOTADB|BUSY|LOCKED|IOERR|CANTOPEN|PERM)|disk is full|readonly|malformed|not a database|locked|disk I\/O|closed database|database has closed/i;

/** Turns the SQLite failures that mean "the store cannot work now" into StorageUnavailableError. */
export function asStorageError(e: unknown, context = "storage error"): Error {
  if (e instanceof StorageUnavailableError) return e;
  const err = e as { code?: string; message?: string };
  if (UNAVAILABLE.test(`${err?.code ?? ""} ${err?.message ?? ""}`)) {
    return new StorageUnavailableError(`${context}: ${err.code ?? err.message}`, { cause: e });
  }
  return e instanceof Error ? e : new Error(String(e));
}

/** Runs a synchronous database call, translating storage failures. */
export function guarded<T>(fn: () => T): Promise<T> {
  try {
    return Promise.resolve(fn());
  } catch (e) {
    return Promise.reject(asStorageError(e));
  }
}
