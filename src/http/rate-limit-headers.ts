// Rate-limit response headers: the IETF draft's RateLimit-Policy and RateLimit fields, plus the
// widespread X-RateLimit-* trio for the tighter window (the one with fewer requests left).
import type { LimitDecision } from "../ratelimit/types.ts";
import { ApiError } from "../domain/errors.ts";

export function limitHeaders(decision: LimitDecision): Record<string, string> {
  const windows = decision.windows;
  const tighter = windows.reduce((a, b) => (b.remaining < a.remaining ? b : a));
  return {
    "ratelimit-policy": windows.map((w) => `"${w.name}";q=${w.quota};w=${w.windowS}`).join(", "),
    ratelimit: windows.map((w) => `"${w.name}";r=${w.remaining};t=${w.resetS}`).join(", "),
    "x-ratelimit-limit": String(tighter.quota),
    "x-ratelimit-remaining": String(tighter.remaining),
    "x-ratelimit-reset": String(tighter.resetS),
  };
}

export function rateLimitedError(decision: LimitDecision): ApiError {
  return new ApiError("rate_limited", `rate limit exceeded (${decision.violated.join(", ")}); retry after ${decision.retryAfterS}s`, {
    headers: { "retry-after": String(decision.retryAfterS) },
    extra: { violated_policies: decision.violated },
  });
}
