// The few node:fs/promises calls the file connectors make, with the module loaded on first use:
// a bundle loads every builtin it imports when the binary starts (node:fs/promises ~1.3 ms of
// CPU on each `assay serve` cold start, docs/benchmarks.md), while connectors reach these only
// when they check or scan their files.
import { readdirSync, statSync } from "node:fs";

const fsp = () => process.getBuiltinModule("node:fs/promises") as typeof import("node:fs/promises");

export const stat = (path: string) => fsp().stat(path);
export const readdir = (path: string) => fsp().readdir(path);
export const open = (path: string, flags: string) => fsp().open(path, flags);

/** statSync (blocking: a system call, no round trip through the thread pool), undefined when the path cannot be stat'ed (it is gone, or unreadable). */
export function statOrUndefined(path: string) {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

/** readdirSync's names, empty when the folder cannot be read. */
export function readdirOrEmpty(path: string): string[] {
  try {
    return readdirSync(path);
  } catch {
    return [];
  }
}
