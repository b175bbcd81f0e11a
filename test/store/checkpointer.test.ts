import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, statSync, unlinkSync } from "node:fs";
import { join } from "node:path";
import { Checkpointer } from "../../src/store/sqlite/checkpointer.ts";
import { GroupCommit } from "../../src/store/sqlite/group-commit.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { makeTempDir } from "../support/harness.ts";

const ROW = "x".repeat(3000); // about one page per row
const walBytes = (path: string) => (existsSync(`${path}-wal`) ? statSync(`${path}-wal`).size : 0);
const autoCheckpoint = (db: Database) => (db.query("PRAGMA wal_autocheckpoint").get() as { wal_autocheckpoint: number }).wal_autocheckpoint;

function open() {
  const path = join(makeTempDir(), "c.db");
  const db = new Database(path);
  db.exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t (id INTEGER PRIMARY KEY, body TEXT)");
  return { db, path };
}

/** Group commits of `perBatch` rows each, back to back: a commit lands during nearly every pass. */
async function writeSteadily(db: Database, writes: GroupCommit, batches: number, perBatch: number, onBatch?: () => void) {
  const insert = db.query("INSERT INTO t (body) VALUES (?)");
  for (let b = 0; b < batches; b++) {
    await Promise.all(Array.from({ length: perBatch }, () => writes.run(() => insert.run(ROW))));
    onBatch?.();
  }
}

describe("WAL checkpoints on a worker thread", () => {
  test("under steady writes the worker checkpoints, the writer never does on its own, and the WAL keeps restarting", async () => {
    const { db, path } = open();
    const writes = new GroupCommit(db);
    const started = await Checkpointer.start(db, { intervalMs: 2, catchUpFrames: 300 });
    if (!(started instanceof Checkpointer)) throw new Error(started.error);
    writes.checkpointer = started;
    expect(autoCheckpoint(db)).toBe(0);
    let largest = 0;
    // 6,000 rows of ~one page: 24 MB through the WAL, 20 × the catch-up threshold.
    await writeSteadily(db, writes, 300, 20, () => (largest = Math.max(largest, walBytes(path))));
    expect(started.passes).toBeGreaterThan(0);
    // Without restarts the WAL would hold all 24 MB; it is reused from its start instead.
    expect(largest).toBeLessThan(8 * 1024 * 1024);
    expect((db.query("SELECT count(*) AS n FROM t").get() as { n: number }).n).toBe(6000);
    started.stop();
    db.close();
    const reopened = new Database(path, { readonly: true });
    expect((reopened.query("SELECT count(*) AS n FROM t").get() as { n: number }).n).toBe(6000);
    expect((reopened.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    reopened.close();
  });

  test("the store starts it for a server and stops it on close, which then removes the WAL as SQLite does", async () => {
    const path = join(makeTempDir(), "s.db");
    const store = SqliteStore.open({ path, synchronous: "FULL", busy_timeout_ms: 5000 });
    expect(await store.beginServing()).toBeNull();
    expect(autoCheckpoint(store.db)).toBe(0);
    store.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
  });

  test("a worker that cannot open the file leaves the connection checkpointing itself, and never creates one", async () => {
    const { db, path } = open();
    unlinkSync(path); // the open connection keeps the old file; the path now names nothing
    const started = await Checkpointer.start(db);
    expect(started).toEqual({ error: expect.stringContaining("WAL checkpoints stay on the server's thread") });
    expect(autoCheckpoint(db)).toBe(1000);
    expect(existsSync(path)).toBe(false);
    db.close();
  });

  test("an in-memory store has no WAL to checkpoint", async () => {
    const store = SqliteStore.open({ path: ":memory:", synchronous: "FULL", busy_timeout_ms: 5000 });
    expect(await store.beginServing()).toBeNull();
    store.close();
  });
});

test("a store closed while its worker starts stops the worker without touching the closed connection", async () => {
  const path = join(makeTempDir(), "early.db");
  const store = SqliteStore.open({ path, synchronous: "FULL", busy_timeout_ms: 5000 });
  const serving = store.beginServing();
  store.close();
  expect(await serving).toBeNull();
  expect(existsSync(`${path}-wal`)).toBe(false);
});
