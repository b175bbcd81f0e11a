// PRAGMA quick_check in a worker thread, on its own read-only connection. Its cost grows with the
// file — about a millisecond per 1.5 MB here, seconds for a few GB — and bun:sqlite runs a query
// on the calling thread: on the event loop it would stall every request for that long (at
// start-up, and each time health re-checks). WAL lets the worker read a consistent snapshot while
// the server keeps writing.
//
// The worker's code is a Blob URL, not a file: a compiled binary runs it without an extra entry
// point, and it needs nothing but bun:sqlite.
const SOURCE = `
import { Database } from "bun:sqlite";
self.onmessage = (event) => {
  const { path, max } = event.data;
  try {
    const db = new Database(path, { readonly: true });
    try {
      const rows = db.query("PRAGMA quick_check(" + (max | 0) + ")").all();
      const lines = rows.map((row) => String(Object.values(row)[0]));
      postMessage({ problems: lines.length === 1 && lines[0] === "ok" ? [] : lines });
    } finally {
      db.close();
    }
  } catch (error) {
    postMessage({ problems: [String((error && error.message) || error)] });
  }
};`;

let url: string | undefined;

/** The problems quick_check finds in the file (none when sound); a file it cannot read is a problem too. */
export function quickCheckInWorker(path: string, max = 5): Promise<string[]> {
  url ??= URL.createObjectURL(new Blob([SOURCE], { type: "application/javascript" }));
  return new Promise((resolve) => {
    const worker = new Worker(url!);
    worker.unref(); // a check under way never keeps the process alive
    const finish = (problems: string[]) => {
      worker.terminate();
      resolve(problems);
    };
    worker.onmessage = (event: MessageEvent<{ problems: string[] }>) => finish(event.data.problems);
    worker.onerror = (event: ErrorEvent) => finish([`the integrity check could not run: ${event.message}`]);
    worker.postMessage({ path, max });
  });
}
