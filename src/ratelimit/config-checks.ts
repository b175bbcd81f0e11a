// Rules of the `rate_limit` section the schema cannot say, apart from config-schema.ts so that
// loading a config file does not initialise TypeBox (see store/config-checks.ts).
import type { RateLimitConfig } from "./config-schema.ts";

export function rateLimitProblems(c: RateLimitConfig): string[] {
  if (c.backend !== "redis") return [];
  if (!c.url) return ["rate_limit.url: required when rate_limit.backend is redis (e.g. ${ASSAY_REDIS_URL})"];
  if (!/^rediss?:\/\//.test(c.url)) return ["rate_limit.url: expected a redis:// or rediss:// URL"];
  return [];
}
