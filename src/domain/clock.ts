// Time sources. Wall time is for timestamps people read; monotonic time is for measuring
// intervals (rate limits, timeouts), where a wall clock stepping back would be a bug.
export interface Clock {
  /** Milliseconds since the Unix epoch. */
  now(): number;
  /** Milliseconds on a clock that never goes backwards. */
  monotonic(): number;
}

export const systemClock: Clock = {
  now: () => Date.now(),
  monotonic: () => performance.now(),
};

/**
 * Another clock's wall time shifted by an offset it is told: a node whose own clock disagrees
 * with the shared database's follows the database's (store/database-time.ts), so that leases and
 * expiries written by several nodes are compared on one timeline. Monotonic time is the base's.
 */
export class ShiftedClock implements Clock {
  /** Added to the base's wall time. */
  offsetMs = 0;
  constructor(private readonly base: Clock) {}
  now(): number {
    return this.base.now() + this.offsetMs;
  }
  monotonic(): number {
    return this.base.monotonic();
  }
}

// Under load many timestamps share a millisecond (an analysis, its alert, its log line): the
// text of the last one is kept and reused.
let isoAt = Number.NaN;
let isoText = "";

/** new Date(ms).toISOString(), made once per millisecond (an invalid ms throws, as it would). */
export function iso(ms: number): string {
  if (ms !== isoAt) {
    isoText = new Date(ms).toISOString();
    isoAt = ms;
  }
  return isoText;
}
