// Which process serves a database: `assay serve` writes `<database>.server` ({pid, host,
// started_at}) when it starts and removes it when it stops, so `assay restore` can refuse to
// replace a database under a running server. A marker whose process is gone (a killed server) is
// stale and ignored.
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

/** The live server using this database (same host, process alive), if any. */
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
    return marker;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === "EPERM" ? marker : undefined;
  }
}
