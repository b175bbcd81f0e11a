// WAL checkpoints on a worker thread, while a server runs.
//
// SQLite's automatic checkpoint runs inside the COMMIT that takes the WAL past
// wal_autocheckpoint pages, on the thread that committed. bun:sqlite runs on the event loop, so
// every 1,000 pages (several times a second under analyze load) one commit also copied ~4 MB
// into the database file and fsynced it: 7–10 ms during which no request moved. That was most of
// the signed analyze p99 (docs/benchmarks.md). Here a worker thread with its own connection
// checkpoints instead (PASSIVE: it never waits for or blocks a writer), and the server's
// connection does not checkpoint at all.
//
// The WAL is written from its start again only when a write transaction begins while every frame
// in it has been copied back. Under steady load a commit nearly always lands while the worker's
// pass runs, so the pass ends a little behind and the file would keep growing. So when the WAL
// holds catchUpFrames (1,000) or more and the pass ended behind, the worker raises a flag, and
// the next group commit first copies the remainder itself (catchUp): a few pages and two fsyncs,
// ~1 ms, instead of thousands of pages. Its BEGIN then finds the WAL fully copied and restarts it.
//
// The worker's code is a string (blob-worker.ts). If the worker cannot start or dies, the
// connection checkpoints itself again, as SQLite does by default.
import type { Database } from "bun:sqlite";
import { startBlobWorker } from "./blob-worker.ts";

/** Cells of the shared state. */
const STOP = 0;
const CATCH_UP = 1;
const PASSES = 2;
const CLOSED = 3;
const CELLS = 4;

/** SQLite's default wal_autocheckpoint: what the connection goes back to without the worker. */
const AUTO_CHECKPOINT_PAGES = 1000;

export interface CheckpointerOptions {
  /** How often the worker looks for new commits (ms). */
  intervalMs?: number;
  /** WAL frames from which a pass that ended behind asks the writer to catch up. */
  catchUpFrames?: number;
}

const SOURCE = `
import { Database } from "bun:sqlite";
self.onmessage = (event) => {
  const { path, state, intervalMs, catchUpFrames } = event.data;
  const s = new Int32Array(state);
  let db;
  try {
    // Never create: a database file that is gone (unlinked under a running server) is not ours.
    db = new Database(path, { readwrite: true, create: false });
    db.exec("PRAGMA busy_timeout = 0");
  } catch (error) {
    Atomics.store(s, ${CLOSED}, 1);
    postMessage({ error: String((error && error.message) || error) });
    return;
  }
  const version = db.prepare("PRAGMA data_version");
  const checkpoint = db.prepare("PRAGMA wal_checkpoint(PASSIVE)");
  const committed = () => version.get().data_version;
  postMessage({ ready: true });
  let seen = committed();
  try {
    while (Atomics.load(s, ${STOP}) === 0) {
      Atomics.wait(s, ${STOP}, 0, intervalMs);
      if (Atomics.load(s, ${STOP}) !== 0) break;
      const now = committed();
      if (now === seen) continue;
      seen = now;
      const { log } = checkpoint.get();
      Atomics.add(s, ${PASSES}, 1);
      if (log >= catchUpFrames && committed() !== seen) Atomics.store(s, ${CATCH_UP}, 1);
    }
  } catch (error) {
    postMessage({ error: String((error && error.message) || error) });
  } finally {
    // Finalized first: with a statement left open, close only defers (sqlite3_close_v2), and the
    // server's close would then not be the last one, which removes the WAL.
    version.finalize();
    checkpoint.finalize();
    db.close();
    Atomics.store(s, ${CLOSED}, 1);
    Atomics.notify(s, ${CLOSED});
  }
};`;

export class Checkpointer {
  private readonly state = new Int32Array(new SharedArrayBuffer(CELLS * 4));
  private worker?: Worker;
  private running = false;

  private constructor(private readonly db: Database) {}

  /**
   * Starts checkpointing `db` (a WAL database file) on a worker thread; resolves once the worker
   * has its connection, or with an error message (then nothing changed: the connection still
   * checkpoints itself).
   */
  static async start(db: Database, options: CheckpointerOptions = {}): Promise<Checkpointer | { error: string }> {
    const c = new Checkpointer(db);
    const error = await c.launch(options.intervalMs ?? 20, options.catchUpFrames ?? AUTO_CHECKPOINT_PAGES);
    return error === null ? c : { error };
  }

  private launch(intervalMs: number, catchUpFrames: number): Promise<string | null> {
    return new Promise((resolve) => {
      const worker = startBlobWorker(SOURCE);
      if (!(worker instanceof Worker)) {
        resolve(`no worker thread for WAL checkpoints: ${worker.error}`);
        return;
      }
      this.worker = worker;
      worker.onmessage = (event: MessageEvent<{ ready?: true; error?: string }>) => {
        if (event.data.ready) {
          // From now on only the worker checkpoints (and the writer when asked to catch up).
          try {
            this.db.exec("PRAGMA wal_autocheckpoint = 0");
          } catch (e) {
            this.stop(); // the database was closed while the worker started
            resolve(`WAL checkpoints stay on the server's thread: ${(e as Error).message}`);
            return;
          }
          this.running = true;
          resolve(null);
        } else if (event.data.error !== undefined) {
          this.fallBack();
          resolve(`WAL checkpoints stay on the server's thread: ${event.data.error}`);
        }
      };
      worker.onerror = (event: ErrorEvent) => {
        this.fallBack();
        resolve(`WAL checkpoints stay on the server's thread: ${event.message}`);
      };
      worker.postMessage({ path: this.db.filename, state: this.state.buffer, intervalMs, catchUpFrames });
    });
  }

  /** The worker is gone: the connection checkpoints itself again. */
  private fallBack() {
    if (this.running) {
      this.running = false;
      try {
        this.db.exec(`PRAGMA wal_autocheckpoint = ${AUTO_CHECKPOINT_PAGES}`);
      } catch {}
    }
    this.worker?.terminate();
    this.worker = undefined;
  }

  /** Passes the worker has made (for tests and diagnostics). */
  get passes(): number {
    return Atomics.load(this.state, PASSES);
  }

  /**
   * Called by the writer before it begins a transaction: when the worker's last pass ended behind
   * on a large WAL, copies what is left (a few pages), so that this transaction restarts the WAL.
   */
  catchUp() {
    if (Atomics.load(this.state, CATCH_UP) === 0) return;
    Atomics.store(this.state, CATCH_UP, 0);
    // query(), not prepare(): Bun finalizes its cached statements on close; an unfinalized
    // prepared one would keep the connection open (a zombie) and the WAL on disk.
    this.db.query("PRAGMA wal_checkpoint(PASSIVE)").get();
  }

  /**
   * Stops the worker and waits (at most a pass, bounded by `timeoutMs`) until its connection is
   * closed, so that the server's close is the last one and removes the WAL as usual.
   */
  stop(timeoutMs = 5000) {
    if (!this.worker) return;
    Atomics.store(this.state, STOP, 1);
    Atomics.notify(this.state, STOP);
    Atomics.wait(this.state, CLOSED, 0, timeoutMs);
    this.fallBack();
  }
}
