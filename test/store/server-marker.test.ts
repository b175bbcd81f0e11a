// The server marker (`<database>.server`): which live process serves a SQLite database. `assay
// restore` and `migrate` refuse while one does, and `assay serve` refuses to be a second server of
// the same database (each process would keep its own rate limits). A marker whose process is gone
// is stale; so is one whose pid now belongs to a process started after the marker was written (a
// server killed, the machine rebooted, the pid given to another program), else a reused pid would
// refuse every restart.
import { expect, test } from "bun:test";
import { readFileSync, writeFileSync } from "node:fs";
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

test("a marker whose process was killed and not yet reaped (a zombie) is stale (sixteenth attack pass)", async () => {
  // A server killed with SIGKILL stays a zombie until its parent reaps it — for a while under an
  // init that reaps slowly (a container's, this VM's). `assay serve` then refused to start: "a
  // server (pid …) already serves".
  if (process.platform !== "linux") return;
  const db = join(makeTempDir(), "assay.db");
  // The child exits after its parent has turned into `sleep` by exec, which never waits for it.
  // (A child that exited at once could be reaped by the shell itself before the exec: the test
  // failed once in CI that way, the pid already gone.)
  const parent = Bun.spawn(["sh", "-c", "sleep 0.3 & echo $!; exec sleep 30"], { stdout: "pipe" });
  try {
    const first = await parent.stdout.getReader().read(); // the pid line; stdout stays open while sleep runs
    const pid = Number(new TextDecoder().decode(first.value).trim() || NaN);
    expect(Number.isInteger(pid)).toBe(true);
    for (let i = 0; i < 100 && !/\) Z /.test(readStat(pid)); i++) await Bun.sleep(20);
    expect(readStat(pid)).toMatch(/\) Z /);
    marker(db, pid, new Date());
    expect(liveServer(db)).toBeUndefined();
  } finally {
    parent.kill();
    await parent.exited;
  }
});

function readStat(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return "";
  }
}
