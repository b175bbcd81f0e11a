// The CPU of each thread of this process, from /proc/self/task (Linux): where a benchmark's CPU
// goes (scan workers, the JIT compiler's threads, the collector's helpers, the main thread) on a
// machine too busy for wall figures. Sampled on a timer, because a worker thread's figures vanish
// from /proc when it ends: each thread keeps the last value seen. bench/reports.ts and
// bench/journal-scan.ts print it with --threads.
import { readdirSync, readFileSync } from "node:fs";

/** USER_HZ: /proc's unit of CPU time on Linux. */
const CLOCK_TICKS = 100;

export class ThreadCpu {
  /** "tid name" → CPU ms, the last seen (a thread that ended keeps its last sample). */
  private readonly byThread = new Map<string, number>();

  /** Reads every thread's CPU now. */
  sample() {
    let tids: string[];
    try {
      tids = readdirSync("/proc/self/task");
    } catch {
      return;
    }
    for (const tid of tids) {
      try {
        const stat = readFileSync(`/proc/self/task/${tid}/stat`, "utf8");
        const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
        const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        this.byThread.set(`${tid} ${name}`, ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS);
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  }

  /** The CPU ms of every thread seen, summed. */
  total(): number {
    let sum = 0;
    for (const ms of this.byThread.values()) sum += ms;
    return sum;
  }

  /** The figures so far, for summary(since): a phase's CPU per thread rather than the process's. */
  snapshot(): Map<string, number> {
    return new Map(this.byThread);
  }

  /** "name ms, name ms…", summed by thread name (the workers, the JIT's and the collector's threads each share one), largest first;
   *  with `since` (a snapshot), each thread's CPU after it. */
  summary(since?: Map<string, number>): string {
    const byName = new Map<string, number>();
    for (const [key, ms] of this.byThread) {
      const name = key.slice(key.indexOf(" ") + 1);
      byName.set(name, (byName.get(name) ?? 0) + ms - (since?.get(key) ?? 0));
    }
    return [...byName].sort((a, b) => b[1] - a[1]).map(([name, ms]) => `${name} ${Math.round(ms)}`).join(", ");
  }
}
