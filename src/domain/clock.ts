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
