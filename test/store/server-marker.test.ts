// The server marker (`<database>.server`): which live process serves a SQLite database. `assay
// restore` and `migrate` refuse while one does, and `assay serve` refuses to be a second server of
// the same database (each process would keep its own rate limits). A marker whose process is gone
// is stale; so is one whose pid now belongs to a process started after the marker was written (a
// server killed, the machine rebooted, the pid given to another program), else a reused pid would
// refuse every restart.
import { expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { hostname } from "../../src/domain/host.ts";
import { liveServer, markerPath } from "../../src/store/server-marker.ts";
import { makeTempDir } from "../support/harness.ts";

const marker = (db: string, pid: number, startedAt: Date, host = hostname()) =>
  writeFileSync(markerPath(db), JSON.stringify({ pid, host, started_at: startedAt.toISOString() }));

test("a marker naming a live process that started before it was written names a live server", () => {
  const db = join(makeTempDir(), "assay.db");
  marker(db, process.pid, new Date());
  expect(liveServer(db)?.pid).toBe(process.pid);
});

test("a marker whose pid now belongs to a process started after it was written is stale", async () => {
  const db = join(makeTempDir(), "assay.db");
  // An hour-old marker; the pid is a process started just now (the pid reused after a reboot).
  const other = Bun.spawn(["sleep", "30"]);
  try {
    marker(db, other.pid, new Date(Date.now() - 3_600_000));
    expect(liveServer(db)).toBeUndefined();
    // The same process under a marker written after it started is the server.
    marker(db, other.pid, new Date(Date.now() + 1_000));
    expect(liveServer(db)?.pid).toBe(other.pid);
  } finally {
    other.kill();
    await other.exited;
  }
});

test("a marker whose process is gone is stale", async () => {
  const db = join(makeTempDir(), "assay.db");
  const gone = Bun.spawn(["true"]);
  await gone.exited;
  marker(db, gone.pid, new Date());
  expect(liveServer(db)).toBeUndefined();
});
