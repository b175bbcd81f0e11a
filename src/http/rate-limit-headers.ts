// Rate-limit response headers: the IETF draft's RateLimit-Policy and RateLimit fields, plus the
// widespread X-RateLimit-* trio for the tighter window (the one with fewer requests left).
// Written on every authenticated request, so the strings are built without intermediate arrays
// and the policy (which changes only with the plan) is reused while it stays the same.
import type { LimitDecision, WindowState } from "../ratelimit/types.ts";
import { ApiError } from "../domain/errors.ts";

let lastPolicyOf: readonly WindowState[] | undefined;
let lastPolicy = "";

function samePolicy(a: readonly WindowState[], b: readonly WindowState[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i]!.name !== b[i]!.name || a[i]!.quota !== b[i]!.quota || a[i]!.windowS !== b[i]!.windowS) return false;
  return true;
}

function policyOf(windows: readonly WindowState[]): string {
  if (lastPolicyOf !== undefined && samePolicy(lastPolicyOf, windows)) return lastPolicy;
  let policy = "";
  for (const w of windows) policy += `${policy ? ", " : ""}"${w.name}";q=${w.quota};w=${w.windowS}`;
  lastPolicyOf = windows;
  lastPolicy = policy;
  return policy;
}

/** Sets the five headers on `headers` (the request's response headers). */
export function setLimitHeaders(headers: Record<string, string>, decision: LimitDecision): void {
  const windows = decision.windows;
  let tighter = windows[0]!;
  let current = "";
  for (const w of windows) {
    if (w.remaining < tighter.remaining) tighter = w;
    current += `${current ? ", " : ""}"${w.name}";r=${w.remaining};t=${w.resetS}`;
  }
  headers["ratelimit-policy"] = policyOf(windows);
  headers.ratelimit = current;
  headers["x-ratelimit-limit"] = `${tighter.quota}`;
  headers["x-ratelimit-remaining"] = `${tighter.remaining}`;
  headers["x-ratelimit-reset"] = `${tighter.resetS}`;
}

export function limitHeaders(decision: LimitDecision): Record<string, string> {
  const headers: Record<string, string> = {};
  setLimitHeaders(headers, decision);
  return headers;
}

export function rateLimitedError(decision: LimitDecision): ApiError {
  return new ApiError("rate_limited", `rate limit exceeded (${decision.violated.join(", ")}); retry after ${decision.retryAfterS}s`, {
    headers: { "retry-after": String(decision.retryAfterS) },
    extra: { violated_policies: decision.violated },
  });
}
