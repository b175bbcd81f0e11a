// Builds the request limiter and the failed-auth limiter from the `rate_limit` section: both in
// this process (memory, the default) or both shared through Redis.
import type { Logger } from "../log.ts";
import type { RateLimitConfig } from "./config-schema.ts";
import type { redisLimiters } from "./redis.ts";
import { SlidingWindowLimiter } from "./sliding-window.ts";
import type { RateLimiter } from "./types.ts";

export interface Limiters {
  limiter: RateLimiter;
  failureLimiter: RateLimiter;
  close(): void;
}

/**
 * The Redis limiter, required (not imported) when the config names it: a bundle initialises every
 * module it imports at start, and an embedded server would pay for it on every cold start.
 */
const redis = (): typeof redisLimiters => (require("./redis.ts") as typeof import("./redis.ts")).redisLimiters;

export function createLimiters(config: RateLimitConfig, log: Logger, now: () => number): Limiters {
  if (config.backend === "redis") return redis()({ ...config, url: config.url! }, log, now);
  return { limiter: new SlidingWindowLimiter({ now }), failureLimiter: new SlidingWindowLimiter({ now }), close() {} };
}
