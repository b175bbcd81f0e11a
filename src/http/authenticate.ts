// The authentication step of every /v1 request, in the contract's order: API key, then
// signature (with the optional timestamp mode), then the caller's rate limit. Failures are
// counted per client address so a flood of bad credentials is refused cheaply and consumes
// nobody's quota.
import { addressBlock } from "../domain/address-block.ts";
import type { AuthenticatedKey, KeyService } from "../auth/key-service.ts";
import type { ReplayGuard } from "../auth/replay-guard.ts";
import { decodeSignature, requestSigningString, verifySignature } from "../auth/signature.ts";
import type { Clock } from "../domain/clock.ts";
import type { LimitDecision, RateLimiter, WindowSpec } from "../ratelimit/types.ts";
import { planWindows } from "../ratelimit/types.ts";
import { rateLimitedError, setLimitHeaders } from "./rate-limit-headers.ts";
import { ApiError } from "../domain/errors.ts";
import { then } from "../domain/awaitable.ts";
import { pathStart } from "../domain/request-url.ts";
import type { RequestState } from "./request-state.ts";
import { type BodyBudget, bodyBudgetFor } from "./body-budget.ts";
import { ownValue } from "../domain/records.ts";
import { authenticateChallenge, signatureScheme } from "./problem.ts";

export interface AuthenticatorDeps {
  keys: KeyService;
  limiter: RateLimiter;
  failureLimiter: RateLimiter;
  replay: ReplayGuard;
  clock: Clock;
  plans: () => Record<string, { per_second: number; per_minute: number }>;
  signature: { timestamp: "optional" | "required"; tolerance_s: number; scope: "body" | "request" };
  failedAuth: { per_second: number; per_minute: number };
  /** server.max_body_bytes: sizes the bytes of bodies a key may have arriving at once (body-budget.ts). */
  maxBodyBytes?: number;
}

const TIMESTAMP = /^\d{1,12}$/;

/** The limiter subject of an account, kept on the (cached) account object: no string per request. */
const SUBJECT = Symbol("assay.limitSubject");
function subjectOf(account: { id: string; [SUBJECT]?: string }): string {
  return (account[SUBJECT] ??= `acct:${account.id}`);
}

export class Authenticator {
  private readonly failureWindows: WindowSpec[];
  /** Monotonic time of the last failed authentication this node saw. */
  private lastFailureAt = Number.NEGATIVE_INFINITY;
  private readonly failureMemoryMs: number;
  /** Bodies of known keys arriving, not yet verified. */
  readonly bodies: BodyBudget;

  constructor(private readonly deps: AuthenticatorDeps) {
    this.bodies = bodyBudgetFor(deps.maxBodyBytes ?? 1_048_576);
    this.failureWindows = planWindows(deps.failedAuth);
    this.failureMemoryMs = Math.max(...this.failureWindows.map((w) => w.windowMs));
  }

  /**
   * Synchronous (no promise) while every answer is at hand — the key cached, the limiter in
   * memory, no recent failures — which is nearly always: a request then costs no promise
   * jobs. Any step that has to wait returns a promise instead, and so does the whole call.
   */
  authenticate(request: Request, state: RequestState): void | Promise<void> {
    // While no authentication has failed within the failure windows no address can be over its
    // limit: skip resolving the client address and asking the limiter.
    if (this.deps.clock.monotonic() - this.lastFailureAt < this.failureMemoryMs) return this.authenticateAfterFailures(request, state);
    return this.verifyThenCharge(request, state);
  }

  private async authenticateAfterFailures(request: Request, state: RequestState): Promise<void> {
    const blocked = await this.deps.failureLimiter.peek(`ip:${addressBlock(state.clientIp)}`, this.failureWindows);
    if (blocked.allowed) return this.verifyThenCharge(request, state);
    // An address over its allowance is often many clients (an office behind NAT, a proxy): a
    // key that has worked on this node is still verified, so one failing client does not lock
    // out the rest. Anything else is refused before a key lookup or an HMAC; so is a known key
    // whose request fails, with the same 429, so the refusal tells a guesser nothing.
    if (!this.deps.keys.hasAuthenticated(presentedKey(request))) throw this.tooManyFailures(blocked);
    try {
      await this.verifyThenCharge(request, state);
    } catch (e) {
      if (e instanceof ApiError && e.status === 401) throw this.tooManyFailures(blocked);
      throw e;
    }
  }

  /**
   * A credential other than an API key (the metrics token), under the same allowance of failed
   * authentications per address: an address over it is refused with 429 before the credential is
   * looked at — a right guess then proves nothing — and a wrong one (`refusal`, a 401) is a
   * counted failure. Before, /metrics answered every wrong token 401, without end.
   */
  checkCredential(state: RequestState, matches: () => boolean, refusal: ApiError): void | Promise<void> {
    if (this.deps.clock.monotonic() - this.lastFailureAt >= this.failureMemoryMs) return matches() ? undefined : this.failed(refusal, state, false);
    return then(this.deps.failureLimiter.peek(`ip:${addressBlock(state.clientIp)}`, this.failureWindows), (blocked) => {
      if (!blocked.allowed) throw this.tooManyFailures(blocked);
      return matches() ? undefined : this.failed(refusal, state, false);
    });
  }

  private verifyThenCharge(request: Request, state: RequestState): void | Promise<void> {
    let verified: void | Promise<void>;
    try {
      verified = this.verifyCredentials(request, state);
    } catch (e) {
      return this.failed(e, state);
    }
    if (verified instanceof Promise) return verified.then(() => this.charge(state), (e) => this.failed(e, state));
    return this.charge(state);
  }

  /**
   * A failed authentication (401) is counted against the client address; the error is rethrown,
   * an API credential's with the challenge naming this server's signature scheme (a metrics
   * token, `challenge` false, is no signed request).
   */
  private async failed(e: unknown, state: RequestState, challenge = true): Promise<never> {
    if (e instanceof ApiError && e.status === 401) {
      this.lastFailureAt = this.deps.clock.monotonic();
      // Counted atomically: concurrent failures from one address that all passed the check
      // above (their key lookups were in flight together) still get exactly the allowance.
      const counted = await this.deps.failureLimiter.acquire(`ip:${addressBlock(state.clientIp)}`, this.failureWindows);
      if (!counted.allowed) throw this.tooManyFailures(counted);
      if (challenge) {
        const headers = { ...e.options.headers, "www-authenticate": authenticateChallenge(e.code, signatureScheme(this.deps.signature)) };
        throw new ApiError(e.code, e.detail, { ...e.options, headers });
      }
    }
    throw e;
  }

  private tooManyFailures(decision: LimitDecision): ApiError {
    return new ApiError("rate_limited", "too many failed authentication attempts from this address", {
      headers: { "retry-after": String(decision.retryAfterS) },
      extra: { violated_policies: decision.violated.map((v) => `failed_auth_${v}`) },
    });
  }

  /**
   * What can be judged before a body is read, so that a body is read (and held) only for a key
   * that exists: the address's failure allowance, the Authorization header and the key itself —
   * each refused as authenticate() would refuse it, and counted the same way. The signature, which
   * covers the body, is judged by authenticate() once the body is read. Synchronous (no promise)
   * while the key is in the cache, as it nearly always is. Before (tenth attack pass), every body
   * up to server.max_body_bytes was read before the key was looked at: 300 unauthenticated 1 MB
   * POSTs at once took the built server from 77 to 307 MB.
   */
  identifyBeforeBody(request: Request, state: RequestState): void | Promise<void> {
    const presented = presentedKey(request);
    const cached = presented ? this.deps.keys.cached(presented) : undefined;
    // A cached key has authenticated on this node: an address over its failure allowance would
    // still have it verified (authenticateAfterFailures), so the allowance is not asked here.
    if (!cached) return this.identifySlowly(request, state, presented);
    try {
      this.judgeHeadersBeforeBody(request, state, cached);
    } catch (e) {
      return this.failed(e, state);
    }
  }

  private async identifySlowly(request: Request, state: RequestState, presented: string): Promise<void> {
    let blocked: LimitDecision | undefined;
    if (this.deps.clock.monotonic() - this.lastFailureAt < this.failureMemoryMs) {
      blocked = await this.deps.failureLimiter.peek(`ip:${addressBlock(state.clientIp)}`, this.failureWindows);
      if (blocked.allowed) blocked = undefined;
      else if (!this.deps.keys.hasAuthenticated(presented)) throw this.tooManyFailures(blocked);
    }
    try {
      checkAuthorization(request.headers.get("authorization"));
      const auth = await this.deps.keys.authenticate(presented);
      if (!auth) throw unknownKey();
      this.judgeHeadersBeforeBody(request, state, auth);
    } catch (e) {
      // As authenticateAfterFailures answers a known key's failure from an address over its allowance.
      if (blocked && e instanceof ApiError && e.status === 401) throw this.tooManyFailures(blocked);
      return this.failed(e, state);
    }
  }

  /**
   * The signature's headers, judged before the body arrives: one missing or not an HMAC, a
   * timestamp missing where required, not unix seconds or outside the window, fails whatever the
   * body holds — refused before it is read, as authenticate() would refuse it after.
   */
  private judgeHeadersBeforeBody(request: Request, state: RequestState, auth: AuthenticatedKey): void {
    state.claimed = { account: auth.account.id, key: auth.key.id };
    this.signatureHeaders(request);
  }

  /** The signature and timestamp a request sends, refused as they stand when they cannot verify. */
  private signatureHeaders(request: Request): { provided: Uint8Array; timestamp: string | undefined; nowMs: number } {
    const header = request.headers.get("x-service-signature");
    if (!header) throw new ApiError("missing_signature", "send the HMAC-SHA256 of the request body as X-Service-Signature");
    const provided = decodeSignature(header);
    if (!provided) {
      throw new ApiError("invalid_signature", "X-Service-Signature must be 32 bytes of HMAC-SHA256 in hex, base64 or base64url, optionally prefixed sha256=");
    }
    const timestamp = request.headers.get("x-service-timestamp") ?? undefined;
    const { timestamp: mode, tolerance_s, scope } = this.deps.signature;
    if (timestamp === undefined && scope === "request") {
      throw new ApiError("stale_timestamp", "X-Service-Timestamp (unix seconds) is required by this server; sign `<timestamp>\\n<METHOD>\\n<path?query>\\n<body>`");
    }
    if (timestamp === undefined && mode === "required") {
      throw new ApiError("stale_timestamp", "X-Service-Timestamp (unix seconds) is required by this server; sign `<timestamp>.<body>`");
    }
    let nowMs = 0;
    if (timestamp !== undefined) {
      nowMs = this.deps.clock.now();
      if (!TIMESTAMP.test(timestamp)) throw new ApiError("stale_timestamp", "X-Service-Timestamp must be unix seconds");
      // Whole seconds on both sides: a timestamp exactly tolerance_s old is inside the window
      // whatever the fraction of the server's current second.
      if (Math.abs(Math.floor(nowMs / 1000) - Number(timestamp)) > tolerance_s) {
        throw new ApiError("stale_timestamp", `X-Service-Timestamp is more than ${tolerance_s}s from the server clock`);
      }
    }
    return { provided, timestamp, nowMs };
  }

  private verifyCredentials(request: Request, state: RequestState): void | Promise<void> {
    const presented = checkAuthorization(request.headers.get("authorization"));
    const cached = this.deps.keys.cached(presented);
    if (cached !== undefined) return this.verifySignature(request, state, cached);
    return this.deps.keys.authenticate(presented).then((auth) => this.verifySignature(request, state, auth));
  }

  private verifySignature(request: Request, state: RequestState, auth: AuthenticatedKey | null): void | Promise<void> {
    if (!auth) throw unknownKey();
    state.claimed = { account: auth.account.id, key: auth.key.id };
    const { provided, timestamp, nowMs } = this.signatureHeaders(request);
    const { tolerance_s, scope } = this.deps.signature;
    const verified =
      scope === "request"
        ? verifySignature(auth.secret, requestSigningString(timestamp!, request.method, requestTarget(request), state.raw), provided)
        : verifySignature(auth.secret, state.raw, provided, timestamp);
    if (!verified) {
      throw new ApiError(
        "invalid_signature",
        scope === "request"
          ? "the signature does not match HMAC-SHA256 of `<timestamp>\\n<METHOD>\\n<path?query>\\n<body>`"
          : timestamp === undefined
            ? "the signature does not match HMAC-SHA256 of the exact request body bytes"
            : "the signature does not match HMAC-SHA256 of `<timestamp>.<body>`",
      );
    }
    if (timestamp === undefined) {
      state.auth = auth;
      return;
    }
    // Keyed on the request as well as the signature: in the body scope every body-less request
    // of one second has the same signature, and GET /v1/health then GET /v1/connectors is no replay.
    const target = scope === "request" ? requestTarget(request) : replayTarget(request, state.raw);
    const key = `${auth.key.id}:${request.method} ${target}:${timestamp}:${Buffer.from(provided).toString("hex")}`;
    const expires = (Number(timestamp) + tolerance_s) * 1000 + 1000;
    return then(this.deps.replay.firstSeen(key, expires, nowMs), (firstSeen) => {
      if (!firstSeen) throw new ApiError("replayed_request", "this signed request was already received; sign each request with a fresh timestamp");
      state.replayKey = key;
      state.auth = auth;
    });
  }

  /** Window specs per plan object (the plans table is built once per config). */
  private readonly planWindowCache = new WeakMap<object, WindowSpec[]>();
  private windowsOf(plan: { per_second: number; per_minute: number }): WindowSpec[] {
    let windows = this.planWindowCache.get(plan);
    if (!windows) this.planWindowCache.set(plan, (windows = planWindows(plan)));
    return windows;
  }

  private charge(state: RequestState): void | Promise<void> {
    const auth = state.auth!;
    this.deps.keys.noteUse(auth.key.id);
    const plans = this.deps.plans();
    // A stored plan that is not one of the plans ("toString") gets standard.
    const plan = ownValue(plans, auth.account.plan) ?? plans.standard!;
    const charged = then(this.deps.limiter.acquire(subjectOf(auth.account), this.windowsOf(plan)), (decision) => {
      setLimitHeaders(state.headers, decision);
      if (!decision.allowed) return this.refusedUnprocessed(state, rateLimitedError(decision));
    });
    if (state.replayKey === undefined || !(charged instanceof Promise)) return charged;
    // A shared limiter that cannot be reached (503 rate_limiter_unavailable) refused it unprocessed too.
    return charged.catch((e: unknown) => (e instanceof ApiError && e.code === "rate_limiter_unavailable" ? this.refusedUnprocessed(state, e) : Promise.reject(e)));
  }

  /**
   * A timestamped request the limiter refuses was never processed: its replay-guard entry is
   * removed, so the client may resend the same signed request after Retry-After (refused
   * requests leave no trace, docs/api.md). Only requests that went on to be processed stay seen.
   */
  private refusedUnprocessed(state: RequestState, error: ApiError): never | Promise<never> {
    const key = state.replayKey;
    if (key === undefined) throw error;
    state.replayKey = undefined;
    const forgotten = this.deps.replay.forget(key);
    if (!(forgotten instanceof Promise)) throw error;
    return forgotten.then(
      () => Promise.reject(error),
      () => Promise.reject(error),
    );
  }
}

/**
 * What the replay guard keys a body-scope request on. The body-scope signature does not cover the
 * target, so a captured request resent to `/v1/alerts/`, `/v1/alerts?`, `/v1/alerts?x=1` or
 * `/v1/%61lerts` (all routed to the same handler) must count as the same request: the path is
 * percent-decoded and loses a trailing slash, and the query — which no route with a body reads —
 * is kept only for a request without a body (GET /v1/alerts?status=open and ?status=resolved in
 * one second are two requests).
 */
export function replayTarget(request: Request, body: Uint8Array | undefined): string {
  const target = requestTarget(request);
  const q = target.indexOf("?");
  let path = q === -1 ? target : target.slice(0, q);
  if (path.includes("%")) {
    try {
      path = decodeURIComponent(path);
    } catch {
      // Malformed escapes: no route decodes them either; the raw path is the key.
    }
  }
  if (path.length > 1 && path.endsWith("/")) path = path.slice(0, -1);
  return body !== undefined && body.length > 0 ? path : q === -1 ? path : `${path}${target.slice(q)}`;
}

/** The path and query as they appear in the request line (`/v1/alerts?limit=5`). */
export function requestTarget(request: Request): string {
  const url = request.url;
  const start = pathStart(url);
  return start === -1 ? "/" : url.slice(start);
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

// The last Authorization header read and the key it presents: a client sends the same header on
// request after request, and comparing its text costs less than the regex's match and the array
// and substring it allocates (a body request reads it twice: before its body, and after).
let lastAuthorization = "";
let lastPresented = "";

/** The key an Authorization header in the Bearer scheme presents, or undefined. */
function bearerKey(authorization: string): string | undefined {
  if (authorization === lastAuthorization) return lastPresented;
  const key = BEARER.exec(authorization)?.[1];
  if (key !== undefined) {
    lastAuthorization = authorization;
    lastPresented = key;
  }
  return key;
}

/** The key an Authorization header presents; a missing header or another scheme is refused. */
function checkAuthorization(authorization: string | null): string {
  if (!authorization) throw new ApiError("missing_api_key", "send your API key as `Authorization: Bearer <API_KEY>`");
  const key = bearerKey(authorization);
  if (key === undefined) throw new ApiError("invalid_api_key", "the Authorization header must use the Bearer scheme: `Bearer <API_KEY>`");
  return key;
}

function unknownKey(): ApiError {
  return new ApiError("invalid_api_key", "the API key is unknown, revoked or expired");
}

/** The API key a request presents, or "" when it presents none in the Bearer scheme. */
function presentedKey(request: Request): string {
  const authorization = request.headers.get("authorization");
  return authorization ? (bearerKey(authorization) ?? "") : "";
}
