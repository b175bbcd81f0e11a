// When a process started, from Linux's /proc: its start in clock ticks after boot (the 22nd field
// of /proc/<pid>/stat) plus the boot time (`btime` of /proc/stat). Used to tell a live server from
// a process that was given a dead server's pid (store/server-marker.ts). Elsewhere (no /proc) the
// answer is unknown and callers fall back to whether the pid is alive.
import { readFileSync } from "node:fs";

/** The kernel's USER_HZ: the unit of /proc's times, 100 on every Linux architecture Bun runs on. */
const CLOCK_TICKS_PER_SECOND = 100;

/** The process's start as epoch milliseconds (to about a second), or undefined where /proc cannot tell. */
export function processStartMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (2nd field) is in parentheses and may hold spaces and parentheses itself.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // fields[0] is the 3rd field (state): the 22nd, starttime, is fields[19].
    const ticks = Number(fields[19]);
    const btime = /^btime (\d+)$/m.exec(readFileSync("/proc/stat", "utf8"))?.[1];
    if (!Number.isFinite(ticks) || btime === undefined) return undefined;
    return Number(btime) * 1000 + (ticks / CLOCK_TICKS_PER_SECOND) * 1000;
  } catch {
    return undefined;
  }
}

/**
 * Whether the process has exited and waits only to be reaped (a zombie, state Z, or X): it
 * answers signal 0 like a live one. False where /proc cannot tell.
 */
export function processExited(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.charAt(stat.lastIndexOf(")") + 2);
    return state === "Z" || state === "X";
  } catch {
    return false;
  }
}
