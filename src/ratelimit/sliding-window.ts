// Exact sliding-window limiting. For a window of W ms and quota Q, each subject keeps the times
// of its last Q accepted requests in a ring. A request at time t is accepted when fewer than Q
// of them are newer than t − W, i.e. when the ring is not full or its oldest entry has left the
// window: O(1) per decision, no approximation, memory bounded by Q per window (and growing only
// with actual use). Subjects idle
// longer than the widest window hold no information and are evicted.
import type { LimitDecision, RateLimiter, WindowSpec, WindowState } from "./types.ts";

class Ring {
  /** Grows by doubling up to the quota, so memory follows actual use, not the plan's size. */
  times: Float64Array;
  head = 0; // index of the oldest entry
  size = 0;

  constructor(readonly quota: number) {
    this.times = new Float64Array(Math.min(quota, 16));
  }

  /**
   * How many entries, from the oldest, were at or before the last `since` asked about: a cursor
   * that follows the window's lower edge. The edge moves forward with the clock, so finding it
   * is a step or two from where it was; a binary search over a large ring (a quota of millions)
   * touched memory far apart on every decision and cost more than the rest of it.
   */
  private expired = 0;

  /** Where the i-th oldest entry sits in `times` (a compare, not a modulo: on every decision). */
  private slot(i: number): number {
    const j = this.head + i;
    return j < this.times.length ? j : j - this.times.length;
  }

  private at(i: number): number {
    return this.times[this.slot(i)]!;
  }

  oldest(): number {
    return this.at(0);
  }

  /** Entries newer than `since`. Entries are ascending from head; the cursor moves either way. */
  countNewerThan(since: number): number {
    const size = this.size;
    let e = Math.min(this.expired, size);
    while (e < size && this.at(e) <= since) e++;
    while (e > 0 && this.at(e - 1) > since) e--;
    this.expired = e;
    return size - e;
  }

  /** The n-th newest entry (n ≥ 1). */
  newest(n: number): number {
    return this.at(this.size - n);
  }

  hasRoom(now: number, windowMs: number): boolean {
    return this.size < this.quota || this.oldest() <= now - windowMs;
  }

  push(now: number) {
    if (this.size < this.quota) {
      if (this.size === this.times.length) this.grow();
      this.times[this.slot(this.size)] = now;
      this.size++;
    } else {
      // The oldest entry is overwritten: the cursor counted it if it had passed it.
      this.times[this.head] = now;
      this.head = this.head + 1 === this.times.length ? 0 : this.head + 1;
      if (this.expired > 0) this.expired--;
    }
  }

  /** Drops the newest entry (a reservation taken back). */
  popNewest() {
    if (this.size === 0) return;
    this.size--;
    if (this.expired > this.size) this.expired = this.size;
  }

  private grow() {
    const next = new Float64Array(Math.min(this.quota, this.times.length * 2));
    for (let i = 0; i < this.size; i++) next[i] = this.at(i);
    this.times = next;
    this.head = 0;
  }

  /** Same entries under a new quota (plan change): keeps the newest. */
  resized(quota: number): Ring {
    const next = new Ring(quota);
    for (let i = Math.max(0, this.size - quota); i < this.size; i++) next.push(this.at(i));
    return next;
  }
}

/** Eviction order is kept to this resolution (see subjectFor). */
const RECENCY_MS = 1000;

function freshDecision(windows: readonly WindowSpec[]): LimitDecision {
  return {
    allowed: true,
    windows: windows.map((w) => ({ name: w.name, quota: w.quota, windowS: Math.ceil(w.windowMs / 1000), remaining: w.quota, resetS: 0 })),
    violated: [],
    retryAfterS: 0,
  };
}

interface Subject {
  rings: Ring[];
  lastSeen: number;
}

export interface SlidingWindowOptions {
  /** Monotonic milliseconds; injectable for tests. */
  now?: () => number;
  /** Subjects idle this long are dropped (must be ≥ the widest window). */
  idleMs?: number;
  /** Upper bound on tracked subjects; the least recently seen go first beyond it. */
  maxSubjects?: number;
}

export class SlidingWindowLimiter implements RateLimiter {
  private readonly subjects = new Map<string, Subject>();
  private readonly now: () => number;
  private readonly idleMs: number;
  private readonly maxSubjects: number;
  private decisionsSinceSweep = 0;

  constructor(options: SlidingWindowOptions = {}) {
    this.now = options.now ?? (() => performance.now());
    this.idleMs = options.idleMs ?? 120_000;
    this.maxSubjects = options.maxSubjects ?? 1_000_000;
  }

  acquire(subject: string, windows: readonly WindowSpec[]): LimitDecision {
    return this.decide(subject, windows, true);
  }

  peek(subject: string, windows: readonly WindowSpec[]): LimitDecision {
    // An unknown subject has every window free: answer without starting to track it, so peeking
    // at every client address (failed-auth checks) costs no memory for clients that never fail.
    if (!this.subjects.has(subject)) return freshDecision(windows);
    return this.decide(subject, windows, false);
  }

  record(subject: string, windows: readonly WindowSpec[]): void {
    const now = this.now();
    const s = this.subjectFor(subject, windows, now);
    for (const ring of s.rings) ring.push(now);
  }

  release(subject: string, _windows: readonly WindowSpec[]): void {
    const s = this.subjects.get(subject);
    if (s) for (const ring of s.rings) ring.popNewest();
  }

  get trackedSubjects(): number {
    return this.subjects.size;
  }

  /** Drops subjects idle past idleMs. Called every few thousand decisions and by a timer. */
  sweep(now = this.now()): number {
    let dropped = 0;
    for (const [key, s] of this.subjects) {
      if (now - s.lastSeen >= this.idleMs) {
        this.subjects.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  private decide(subject: string, windows: readonly WindowSpec[], count: boolean): LimitDecision {
    const now = this.now();
    if (++this.decisionsSinceSweep >= 4096) {
      this.decisionsSinceSweep = 0;
      this.sweep(now);
    }
    const s = this.subjectFor(subject, windows, now);
    let allowed = true;
    for (let i = 0; i < windows.length; i++) if (!s.rings[i]!.hasRoom(now, windows[i]!.windowMs)) allowed = false;
    if (allowed && count) for (const ring of s.rings) ring.push(now);

    const states: WindowState[] = [];
    const violated: string[] = [];
    let retryAfterMs = 0;
    for (let i = 0; i < windows.length; i++) {
      const w = windows[i]!;
      const ring = s.rings[i]!;
      const since = now - w.windowMs;
      const used = ring.countNewerThan(since);
      const resetMs = used === 0 ? 0 : w.windowMs - (now - ring.newest(used));
      if (!ring.hasRoom(now, w.windowMs) && !allowed) {
        violated.push(w.name);
        // The quota-th newest entry must leave the window before one more fits.
        retryAfterMs = Math.max(retryAfterMs, w.windowMs - (now - ring.oldest()));
      }
      states.push({
        name: w.name,
        quota: w.quota,
        windowS: Math.ceil(w.windowMs / 1000),
        remaining: Math.max(0, w.quota - used),
        resetS: Math.ceil(resetMs / 1000),
      });
    }
    return { allowed, windows: states, violated, retryAfterS: allowed ? 0 : Math.max(1, Math.ceil(retryAfterMs / 1000)) };
  }

  private subjectFor(key: string, windows: readonly WindowSpec[], now: number): Subject {
    let s = this.subjects.get(key);
    if (!s) {
      if (this.subjects.size >= this.maxSubjects) this.evictOldest();
      s = { rings: windows.map((w) => new Ring(w.quota)), lastSeen: now };
      this.subjects.set(key, s);
    } else {
      for (let i = 0; i < windows.length; i++) {
        const ring = s.rings[i];
        if (!ring) s.rings[i] = new Ring(windows[i]!.quota);
        else if (ring.quota !== windows[i]!.quota) s.rings[i] = ring.resized(windows[i]!.quota);
      }
      // Map order doubles as recency order for eviction, refreshed at most once a second per
      // subject: a delete and set on every request cost more than the decision itself.
      if (now - s.lastSeen >= RECENCY_MS) {
        this.subjects.delete(key);
        this.subjects.set(key, s);
      }
    }
    s.lastSeen = now;
    return s;
  }

  private evictOldest() {
    const first = this.subjects.keys().next();
    if (!first.done) this.subjects.delete(first.value);
  }
}
