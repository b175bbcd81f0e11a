// The rate limiter contract. The in-process SlidingWindowLimiter implements it now; a shared
// backend (Redis) can implement the same interface for several nodes without touching routes.

export interface WindowSpec {
  /** Policy name used in headers and problem bodies. */
  name: "burst" | "sustained";
  quota: number;
  windowMs: number;
}

export interface WindowState {
  name: WindowSpec["name"];
  quota: number;
  windowS: number;
  /** Requests still allowed in this window after this decision. */
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (0 when none is counted). */
  resetS: number;
}

export interface LimitDecision {
  allowed: boolean;
  windows: WindowState[];
  /** Names of the windows that refused the request. */
  violated: string[];
  /** Seconds after which the request would be accepted (only when refused). */
  retryAfterS: number;
}

export interface RateLimiter {
  /** Counts the request against every window when all have room; refused requests count nowhere. */
  acquire(subject: string, windows: readonly WindowSpec[]): LimitDecision | Promise<LimitDecision>;
  /** Whether a request would be refused now, without counting it. */
  peek(subject: string, windows: readonly WindowSpec[]): LimitDecision | Promise<LimitDecision>;
  /** Counts one event (e.g. a failed authentication) even if over quota. */
  record(subject: string, windows: readonly WindowSpec[]): void | Promise<void>;
  /**
   * Takes back one counted event of every window: an acquire that held a place while its outcome
   * was unknown (a sign-in being checked) and turned out not to count. The newest entry goes, which
   * entry it was does not change how many are counted.
   */
  release(subject: string, windows: readonly WindowSpec[]): void | Promise<void>;
}

export function planWindows(plan: { per_second: number; per_minute: number }): WindowSpec[] {
  return [
    { name: "burst", quota: plan.per_second, windowMs: 1000 },
    { name: "sustained", quota: plan.per_minute, windowMs: 60_000 },
  ];
}
