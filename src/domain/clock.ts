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

export function iso(ms: number): string {
  return new Date(ms).toISOString();
}
