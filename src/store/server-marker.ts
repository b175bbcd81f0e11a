// Which process serves a database: `assay serve` writes `<database>.server` ({pid, host,
// started_at}) when it starts and removes it when it stops, so `assay restore` can refuse to
// replace a database under a running server and a second `assay serve` can refuse to serve it too
// (cli/serve.ts). A marker whose process is gone (a killed server, also one not yet reaped) is stale and ignored; so is one
// whose pid now belongs to a process started after the marker was written — the server was killed
// and the pid given to another program (after a reboot, a service started in the same order gets
// the same pid), which would otherwise refuse every restart.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { processExited, processStartMs } from "../domain/process-start.ts";
import { hostname } from "../domain/host.ts";

interface Marker {
  pid: number;
  host: string;
  started_at: string;
}

export function markerPath(databasePath: string): string {
  return `${databasePath}.server`;
}

export function writeServerMarker(databasePath: string, now: Date): () => void {
  if (databasePath === ":memory:") return () => {};
  const file = markerPath(databasePath);
  const marker: Marker = { pid: process.pid, host: hostname(), started_at: now.toISOString() };
  writeFileSync(file, JSON.stringify(marker));
  return () => {
    try {
      const current = JSON.parse(readFileSync(file, "utf8")) as Marker;
      if (current.pid === process.pid) rmSync(file, { force: true });
    } catch {}
  };
}

/** The live server using this database (same host, process alive and started before its marker), if any. */
export function liveServer(databasePath: string): Marker | undefined {
  const file = markerPath(databasePath);
  if (!existsSync(file)) return undefined;
  let marker: Marker;
  try {
    marker = JSON.parse(readFileSync(file, "utf8")) as Marker;
  } catch {
    return undefined;
  }
  if (marker.host !== hostname()) return marker; // another machine on shared storage: assume live
  try {
    process.kill(marker.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== "EPERM") return undefined;
  }
  // A server killed outright (SIGKILL, OOM) stays a zombie until its parent reaps it, which a
  // container's or a VM's init may do late: until then every restart was refused.
  if (processExited(marker.pid)) return undefined;
  const started = processStartMs(marker.pid);
  const written = Date.parse(marker.started_at);
  // The marker is written after the process started; a process that started later holds a reused pid.
  if (started !== undefined && Number.isFinite(written) && started > written + START_CLOCK_SLACK_MS) return undefined;
  return marker;
}

/** How far the start time read from /proc (whole seconds of boot time, clock ticks) may lie after the marker's own clock reading. */
const START_CLOCK_SLACK_MS = 5_000;
