// Idempotency-Key on POST (API.md §6). The key is claimed after authentication, limits and
// validation have passed (so nothing is stored for a refused request), scoped to the account,
// and bound to a fingerprint of method, path and raw body. Only a successful response is kept
// for replay; on an error the claim is released so a corrected retry can run.
import type { Clock } from "../domain/clock.ts";
import { iso } from "../domain/clock.ts";
import type { IdempotencyRepository } from "../store/types.ts";
import { ApiError } from "../domain/errors.ts";
import type { RequestState } from "./request-state.ts";

const MAX_KEY_LENGTH = 255;
/** Headers worth replaying; per-request ones (request id, limits) are the new request's own. */
const REPLAYED_HEADERS = ["content-type", "location"];

export class Idempotency {
  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly retentionMs: number,
  ) {}

  /** Returns a replayed Response, throws a conflict, or claims the key and returns undefined. */
  async begin(request: Request, state: RequestState, path: string): Promise<Response | undefined> {
    if (request.method !== "POST") return undefined;
    const key = request.headers.get("idempotency-key");
    if (key === null) return undefined;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError("invalid_request", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} characters`);
    }
    const fingerprint = fingerprintOf(request.method, path, state.raw);
    const now = this.clock.now();
    const accountId = state.auth!.account.id;
    const result = await this.repo.claim({
      account_id: accountId,
      key,
      fingerprint,
      status: 0,
      headers: {},
      body: "",
      created_at: iso(now),
      expires_at: iso(now + this.retentionMs),
    });
    if (result.claimed) {
      state.idempotency = { key, fingerprint };
      return undefined;
    }
    const existing = result.existing;
    if (existing.fingerprint !== fingerprint) {
      throw new ApiError("idempotency_key_reused", "this Idempotency-Key was used with a different request body or path; use a new key");
    }
    if (existing.status === 0) {
      throw new ApiError("idempotency_in_progress", "the first request with this Idempotency-Key is still running; retry shortly", {
        headers: { "retry-after": "1" },
      });
    }
    return new Response(existing.body, {
      status: existing.status,
      headers: { ...existing.headers, ...state.headers, "idempotent-replayed": "true" },
    });
  }

  async complete(state: RequestState, status: number, headers: Headers | Record<string, string>, body: string) {
    const claim = state.idempotency;
    if (!claim) return;
    state.idempotency = undefined;
    const kept: Record<string, string> = {};
    const get = (h: string) => (headers instanceof Headers ? headers.get(h) : headers[h]);
    for (const h of REPLAYED_HEADERS) {
      const v = get(h);
      if (v) kept[h] = v;
    }
    if (status >= 200 && status < 300) await this.repo.complete(state.auth!.account.id, claim.key, status, kept, body);
    else await this.repo.release(state.auth!.account.id, claim.key);
  }

  async abandon(state: RequestState) {
    const claim = state.idempotency;
    if (!claim || !state.auth) return;
    state.idempotency = undefined;
    await this.repo.release(state.auth.account.id, claim.key);
  }

  purge() {
    return this.repo.purgeExpired(iso(this.clock.now()));
  }
}

export function fingerprintOf(method: string, path: string, raw: Uint8Array | undefined): string {
  const h = new Bun.CryptoHasher("sha256");
  h.update(`${method} ${path}\n`);
  if (raw) h.update(raw);
  return h.digest("hex");
}
