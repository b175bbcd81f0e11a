// A SQLite table read whole without holding the event loop or the file: slices of a few hundred
// rows in rowid order, each its own short statement (`WHERE rowid > last ORDER BY rowid LIMIT n`),
// with a turn of the event loop between them. bun:sqlite reads on the thread that answers every
// request, and one `SELECT *` of a reference table (7,508 rows of the sample: 24–69 ms on a loaded
// VM) held the server for its whole length at each context rebuild — about once a second for a
// database the ERP writes to all the time. A statement stepped across turns (as a scan's cursor)
// would hold the reader's shared lock between them: on a rollback-journal file that refuses the
// ERP's commit (SQLITE_BUSY) for as long. Between these slices nothing is held.
//
// What a read sees while the ERP writes: each slice as committed when it ran. A row changed in a
// slice already read is seen as it was, one appended is seen if it is committed before the last
// slice; the write changes the file's revision, and the context built from this read is rebuilt
// from the new state (Connector.revision: within a second).
import type { Database, Statement } from "bun:sqlite";
import { breathe } from "../../domain/event-loop.ts";

/** Rows per slice: ~1–3 ms of reading and mapping on the VM measured (docs/benchmarks.md). */
export const SLICE_ROWS = 256;
/** How long to wait before trying a slice again that met the ERP's lock (SQLITE_BUSY). */
const BUSY_RETRY_MS = 10;

/** The names a table's rowid answers to; a column of the table by one of them hides it under that name. */
const ROWID_NAMES = ["_rowid_", "rowid", "oid"];

export interface Slices {
  /** The table's columns, in its order (empty when it has no rows: as a whole read's first row tells). */
  header: string[];
  /** The rows, a slice at a time, values in the header's order. */
  rows: AsyncGenerator<unknown[][]>;
}

/**
 * `from` (a quoted table name) read in rowid slices, or undefined when it has no rowid to page by
 * (a view, a WITHOUT ROWID table, or every name of the rowid taken by a column): read those whole.
 * `busyFor` is how long a slice may keep meeting the writer's lock before the read fails with it.
 */
export async function rowidSlices(db: Database, from: string, busyFor: number, sliceRows = SLICE_ROWS): Promise<Slices | undefined> {
  // Preparing reads the schema: that too may meet the writer's lock. db.query keeps the
  // statements for the next rebuild. The columns are read after a step of the (empty) statement:
  // a statement's columns are those of the schema the connection last read, and only a step finds
  // that the ERP changed it since (then SQLite prepares it again) — read unstepped, every read
  // after the ERP's ALTER TABLE had the old header over the new rows: a column added, and the key
  // read after the old columns was its NULL, each read ending after one slice (256 rows); a column
  // dropped, and every value sat under the previous column's name.
  const columns = await whenNotBusy(() => {
    const statement = db.query(`SELECT * FROM ${from} LIMIT 0`);
    statement.values();
    return statement.columnNames;
  }, busyFor);
  const taken = new Set(columns.map((c) => c.toLowerCase()));
  const key = ROWID_NAMES.find((n) => !taken.has(n));
  if (key === undefined) return undefined;
  // The key last: taken off each row in place (pop), no copy of the row.
  const statements = await whenNotBusy(() => {
    try {
      return {
        first: db.query(`SELECT *, ${key} FROM ${from} ORDER BY ${key} LIMIT ${sliceRows}`),
        next: db.query(`SELECT *, ${key} FROM ${from} WHERE ${key} > ? ORDER BY ${key} LIMIT ${sliceRows}`),
      };
    } catch (e) {
      if (/no such column/i.test((e as Error).message)) return undefined;
      throw e;
    }
  }, busyFor);
  if (statements === undefined) return undefined;
  const head = await whenNotBusy(() => statements.first.values() as unknown[][], busyFor);
  return { header: head.length > 0 ? columns : [], rows: slices(head, statements.next, columns.length, sliceRows, busyFor) };
}

/** The table's columns changed between two slices of one read (an ALTER TABLE). */
export class ColumnsChanged extends Error {
  constructor(before: number, now: number) {
    super(`its columns changed while it was read (${before} columns, now ${now}): read again on the next request`);
  }
}

/** `columns`: the table's; the key is the value after them. */
async function* slices(head: unknown[][], next: Statement, columns: number, sliceRows: number, busyFor: number): AsyncGenerator<unknown[][]> {
  let slice = head;
  while (slice.length > 0) {
    // SQLite prepares a statement again when the table's columns changed since (an ALTER TABLE
    // between two slices): its rows then have the new columns, which the header read before does
    // not name — the key read after the old ones was an added column's NULL (the read ended there,
    // the rest of the table silently missing) or a dropped column shifted every value. One read
    // has one header: it fails, and the next read (the file's revision moved) has the new one.
    const width = slice[0]!.length;
    if (width !== columns + 1) throw new ColumnsChanged(columns, width - 1);
    const last = slice[slice.length - 1]![columns];
    for (const row of slice) row.pop();
    yield slice;
    if (slice.length < sliceRows) return;
    await breathe();
    slice = await whenNotBusy(() => next.values(last as number) as unknown[][], busyFor);
  }
}

/** `read()`, tried again every BUSY_RETRY_MS while the file is locked by a writer, for `busyFor` ms at most. */
export async function whenNotBusy<T>(read: () => T, busyFor: number): Promise<T> {
  const until = performance.now() + busyFor;
  while (true) {
    try {
      return read();
    } catch (e) {
      if (!isBusy(e) || performance.now() >= until) throw e;
    }
    await Bun.sleep(BUSY_RETRY_MS);
  }
}

function isBusy(e: unknown): boolean {
  const code = (e as { code?: unknown } | undefined)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}
