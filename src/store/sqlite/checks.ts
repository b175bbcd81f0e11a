// What the SQLite store checks before it serves, and what health asks it: refuse an existing
// empty or foreign file and a corrupt one (quick_check at start-up; the full integrity_check is
// `assay doctor`), and prove on demand that a write can still commit and the disk has room.
import type { Database } from "bun:sqlite";
import { existsSync, lstatSync, readlinkSync, statfsSync, statSync } from "node:fs";
import { dirname, join } from "node:path";
import { StorageUnavailableError } from "../types.ts";

/** A database file Assay must not start on; the message names the file and what to do. */
export class StorageSetupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StorageSetupError";
  }
}

/**
 * What `path` is when it is not a file that can hold a database: a folder was refused as a file
 * not writable (SQLITE_CANTOPEN), a named pipe or a device as an empty database to restore.
 */
export function databasePathKindProblem(path: string): string | undefined {
  const stat = statSync(path, { throwIfNoEntry: false });
  if (!stat || stat.isFile()) return undefined;
  if (stat.isDirectory()) return `${path} is a folder: storage.path names the database file in it (e.g. ${join(path, "assay.db")})`;
  return `${path} is not a regular file (a named pipe or a device): storage.path names the database file`;
}

/**
 * A storage.path that is a symbolic link to nothing: the operator put the database on another
 * disk, and that disk is not mounted (or the file was moved). Opening it made a new, empty
 * database where the link points — on the bare mount point — and the server started with no
 * data (sixteenth attack pass). `assay init` creates a database through such a link on purpose.
 */
export function danglingLinkProblem(path: string): string | undefined {
  if (path === ":memory:" || existsSync(path) || !lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink()) return undefined;
  return (
    `${path} is a symbolic link to ${readlinkSync(path)}, which does not exist: if the database lives on another disk, is it mounted? ` +
    "Assay does not start a new, empty database through a link; to create one there, run `assay init`"
  );
}

/** Before opening: a file that exists but is empty would silently become a new, empty database. */
export function checkFileBeforeOpen(path: string) {
  const dangling = danglingLinkProblem(path);
  if (dangling) throw new StorageSetupError(`the database ${dangling}`);
  if (path === ":memory:" || !existsSync(path)) return;
  const wrongKind = databasePathKindProblem(path);
  if (wrongKind) throw new StorageSetupError(`the database ${wrongKind}`);
  if (statSync(path).size === 0) {
    throw new StorageSetupError(
      `the database file ${path} is empty (0 bytes), not an Assay database: if it should hold your data, restore it from a backup; ` +
        "to start with a new database, delete the file and run `assay init`",
    );
  }
}

/** After opening, before migrating: the file must be Assay's (or new). */
export function checkOwnSchema(db: Database, path: string) {
  const tables = db.query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'").all().map((t) => t.name);
  if (tables.length === 0 || tables.includes("schema_migrations")) return;
  throw new StorageSetupError(
    `the database file ${path} is not an Assay database (it holds ${tables.slice(0, 5).join(", ")}${tables.length > 5 ? ", …" : ""} and no schema_migrations): ` +
      "point storage.path at Assay's database, or at a new file",
  );
}

/** Runs PRAGMA quick_check (or integrity_check); returns the problems found, none when sound. */
export function integrityProblems(db: Database, full = false, max = 20): string[] {
  const rows = db.query<Record<string, string>, []>(`PRAGMA ${full ? "integrity_check" : "quick_check"}(${max | 0})`).all();
  const lines = rows.map((r) => String(Object.values(r)[0]));
  return lines.length === 1 && lines[0] === "ok" ? [] : lines;
}

export function checkIntegrityAtStart(db: Database, path: string) {
  const problems = integrityProblems(db, false, 5);
  if (problems.length === 0) return;
  throw new StorageSetupError(
    `the database file ${path} failed its integrity check (${problems.join("; ")}): stop every process using it, copy it aside, ` +
      "run `assay doctor` for the full report, and restore the latest backup",
  );
}

/** Free space below which storage reports itself unavailable: writes would fail part-way. */
const MIN_FREE_BYTES = 8 * 1024 * 1024;
/** Pages that must remain below max_page_count (or be free) for storage to count as writable. */
const MIN_FREE_PAGES = 16;

/**
 * Proves storage can take writes now: commits a rewrite of the probe row (fails on a read-only,
 * full or broken store), and checks the room left under max_page_count and on the disk (a
 * rewrite can fit in pages already owned while new rows would not).
 */
export function probeWritable(db: Database, path: string, now: string) {
  db.transaction(() => {
    db.query("INSERT OR REPLACE INTO health_probe (id, at, pad) VALUES (1, ?, zeroblob(64))").run(now);
  }).immediate();
  const pages = (p: string) => Number(Object.values(db.query<Record<string, number>, []>(`PRAGMA ${p}`).get() ?? {})[0] ?? 0);
  const headroom = pages("max_page_count") - pages("page_count") + pages("freelist_count");
  if (headroom < MIN_FREE_PAGES) throw new StorageUnavailableError("database is full: max_page_count reached");
  if (path && path !== ":memory:") {
    const fs = statfsSync(dirname(path));
    if (fs.bavail * fs.bsize < MIN_FREE_BYTES) throw new StorageUnavailableError(`disk is full: ${fs.bavail * fs.bsize} bytes free under ${dirname(path)}`);
  }
}
