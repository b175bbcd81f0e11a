// PRAGMA quick_check in a worker thread, on its own read-only connection. Its cost grows with the
// file — about a millisecond per 1.5 MB here, seconds for a few GB — and bun:sqlite runs a query
// on the calling thread: on the event loop it would stall every request for that long (at
// start-up, and each time health re-checks). WAL lets the worker read a consistent snapshot while
// the server keeps writing.
//
// The worker's code is a string (blob-worker.ts): it needs nothing but bun:sqlite.
import { startBlobWorker } from "./blob-worker.ts";

const SOURCE = `
import { Database } from "bun:sqlite";
self.onmessage = (event) => {
  const { path, max } = event.data;
  let db;
  try {
    db = new Database(path, { readonly: true });
  } catch (error) {
    postMessage({ error: String((error && error.message) || error) });
    return;
  }
  try {
    const rows = db.query("PRAGMA quick_check(" + (max | 0) + ")").all();
    const lines = rows.map((row) => String(Object.values(row)[0]));
    postMessage({ problems: lines.length === 1 && lines[0] === "ok" ? [] : lines });
  } catch (error) {
    // quick_check itself failing (SQLITE_CORRUPT, "file is not a database") is what it looks for.
    postMessage({ problems: [String((error && error.message) || error)] });
  } finally {
    db.close();
  }
};`;

/**
 * What quick_check found: `problems` (none when sound), or `error` when the check could not run
 * (no worker thread, the file not readable by a second connection) — which says nothing about
 * the pages, so the caller does not treat it as corruption.
 */
export function quickCheckInWorker(path: string, max = 5): Promise<{ problems: string[] } | { error: string }> {
  return new Promise((resolve) => {
    const worker = startBlobWorker(SOURCE); // a check under way never keeps the process alive
    if (!(worker instanceof Worker)) {
      resolve({ error: `no worker thread for the integrity check: ${worker.error}` });
      return;
    }
    const finish = (outcome: { problems: string[] } | { error: string }) => {
      worker.terminate();
      resolve(outcome);
    };
    worker.onmessage = (event: MessageEvent<{ problems: string[] } | { error: string }>) => finish(event.data);
    worker.onerror = (event: ErrorEvent) => finish({ error: `the integrity check could not run: ${event.message}` });
    worker.postMessage({ path, max });
  });
}
