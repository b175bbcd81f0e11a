// Idempotency-Key on POST (docs/api.md, "Idempotency"). The key is claimed after authentication, limits and
// validation have passed (so nothing is stored for a refused request), scoped to the account,
// and bound to a fingerprint of method, path and raw body. Only a successful response is kept
// for replay; on an error the claim is released so a corrected retry can run.
//
// Crash safety: a claim records its owner (host, pid, boot nonce), a lease and a token of its
// own, and the write that answers the request records itself on the claim (by that token) in its
// own transaction. A claim left unfinished by a process that died is resolved at start-up,
// periodically, and when a retry meets it: completed from the committed resource (rebuilt by
// `resolve`), or released when nothing committed.
//
// A live process leaves claims behind too: when storage fails (a PostgreSQL restart, a full
// disk) the release or completion that ends a request fails with it, and the owner's heartbeat
// would renew such a claim's lease for ever. The process knows the tokens of the claims its
// running requests hold (`running`, registered before the claim is stored, dropped once its end
// is stored or failed); any other unfinished claim under its owner is an orphan, resolved like a
// dead process's.
//
// Why no resolution can make a write happen twice, whoever runs it and however stale its view:
// - a write commits only in a transaction that marks its own claim (its token, still unfinished,
//   no resource yet): if the claim is gone, the write rolls back (`IdempotencyClaimLostError`);
// - a release deletes a claim only while its resource is what the resolver saw (null: nothing
//   committed), checked in the DELETE itself;
// - both touch the same row, which the database serialises (a row lock in PostgreSQL, one
//   writer in SQLite): either the write marked the claim first, and the release deletes nothing,
//   or the release deleted it first, and the write rolls back. A key's claim whose write
//   committed is only ever completed, never released, so no retry runs that write again.
// The token also keeps an end from landing on a later claim of the same key by the same process.
import { hostname } from "../domain/host.ts";
import type { Clock } from "../domain/clock.ts";
import { iso } from "../domain/clock.ts";
import { ApiError } from "../domain/errors.ts";
import type { ClaimHolder, ResourceRef } from "../domain/idempotency.ts";
import type { Logger } from "../log.ts";
import type { IdempotencyRecord, IdempotencyRepository } from "../store/types.ts";
import type { RequestState } from "./request-state.ts";

/** Bytes: a header's value reaches us as its bytes, one character each (128 "é" in UTF-8 are 256). */
const MAX_KEY_LENGTH = 255;
/** First retry of a recovery after a claim could not be ended, then doubled up to the periodic pass's minute. */
const RECOVERY_FIRST_DELAY_MS = 1_000;
const RECOVERY_MAX_DELAY_MS = 60_000;
/** Headers worth replaying; per-request ones (request id, limits) are the new request's own. */
const REPLAYED_HEADERS = ["content-type", "location"];

export interface StoredResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Rebuilds the response of a committed resource (null when it no longer exists). */
export type ResponseRebuilder = (accountId: string, resource: ResourceRef) => Promise<StoredResponse | null>;

/**
 * Test-only fault points (ASSAY_TEST_FAULT), compiled in and inert unless named: the process
 * kills itself with SIGKILL at that moment, as a crash would.
 */
export type IdempotencyFault = "kill_after_idempotency_claim" | "kill_before_idempotency_complete";

export interface IdempotencyOptions {
  retentionMs: number;
  leaseMs: number;
  rebuild: ResponseRebuilder;
  log?: Logger;
  fault?: string;
}

export class Idempotency {
  /** This process: claims it makes carry it, so others can tell whether their holder is alive. */
  readonly owner = `${hostname()}:${process.pid}:${crypto.randomUUID().slice(0, 8)}`;
  /** Tokens of the claims this process's requests hold while they run. */
  private readonly running = new Set<string>();
  private recoveryTimer: ReturnType<typeof setTimeout> | null = null;
  private recoveryDelayMs = RECOVERY_FIRST_DELAY_MS;
  private stopped = false;

  constructor(
    private readonly repo: IdempotencyRepository,
    private readonly clock: Clock,
    private readonly o: IdempotencyOptions,
  ) {}

  /** Returns a replayed Response, throws a conflict, or claims the key and returns undefined. */
  async begin(request: Request, state: RequestState, path: string): Promise<Response | undefined> {
    if (request.method !== "POST") return undefined;
    const key = request.headers.get("idempotency-key");
    if (key === null) return undefined;
    if (key.length === 0 || key.length > MAX_KEY_LENGTH) {
      throw new ApiError("invalid_request", `Idempotency-Key must be 1 to ${MAX_KEY_LENGTH} bytes (got ${key.length}; a character outside ASCII is 2 to 4 in UTF-8)`);
    }
    const fingerprint = fingerprintOf(request.method, path, state.raw);
    const accountId = state.auth!.account.id;
    for (let attempt = 0; ; attempt++) {
      const now = this.clock.now();
      const token = crypto.randomUUID();
      // Registered before the claim is stored, so a recovery pass never takes a running request's
      // claim for an orphan; dropped when no claim was made. When storing it failed, a row that
      // committed anyway is an orphan no request holds: recovered (released) soon.
      this.running.add(token);
      let result: Awaited<ReturnType<IdempotencyRepository["claim"]>>;
      try {
        result = await this.repo.claim({
          account_id: accountId,
          key,
          fingerprint,
          status: 0,
          headers: {},
          body: "",
          created_at: iso(now),
          expires_at: iso(now + this.o.retentionMs),
          owner: this.owner,
          lease_until: iso(now + this.o.leaseMs),
          token,
        });
      } catch (e) {
        this.running.delete(token);
        this.recoverSoon();
        throw e;
      }
      if (result.claimed) {
        state.idempotency = { key, fingerprint, token };
        this.faultPoint("kill_after_idempotency_claim");
        return undefined;
      }
      this.running.delete(token);
      const existing = result.existing;
      if (existing.fingerprint !== fingerprint) {
        throw new ApiError("idempotency_key_reused", "this Idempotency-Key was used with a different request body or path; use a new key");
      }
      if (existing.status !== 0) {
        return new Response(existing.body, {
          status: existing.status,
          headers: { ...existing.headers, ...state.headers, "idempotent-replayed": "true" },
        });
      }
      // Unfinished: still running somewhere, or left behind (by a process that died, or by this
      // one when storage failed as the request ended).
      if (attempt === 0 && this.isAbandoned(existing)) {
        await this.resolve(existing);
        continue;
      }
      throw new ApiError("idempotency_in_progress", "the first request with this Idempotency-Key is still running; retry shortly", {
        headers: { "retry-after": "1" },
      });
    }
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
    this.faultPoint("kill_before_idempotency_complete");
    const accountId = state.auth!.account.id;
    const holder = { token: claim.token, owner: this.owner };
    if (status >= 200 && status < 300) await this.ending(claim.token, () => this.repo.complete(accountId, claim.key, holder, status, kept, body));
    else await this.ending(claim.token, () => this.release(accountId, claim.key, holder));
  }

  async abandon(state: RequestState) {
    const claim = state.idempotency;
    if (!claim || !state.auth) return;
    state.idempotency = undefined;
    const accountId = state.auth.account.id;
    await this.ending(claim.token, () => this.release(accountId, claim.key, { token: claim.token, owner: this.owner }));
  }

  /**
   * A request's own release after an error. A write of its own that committed before the error
   * keeps the claim (the release refuses a claim with a resource): it is then an orphan, soon
   * completed from that write, so the retry replays it instead of writing again.
   */
  private async release(accountId: string, key: string, holder: ClaimHolder) {
    if (!(await this.repo.release(accountId, key, holder))) this.recoverSoon();
  }

  /** Ends a running claim; when storing its end fails, the claim is an orphan to recover soon. */
  private async ending(token: string, end: () => Promise<void>) {
    try {
      await end();
    } catch (e) {
      this.recoverSoon();
      throw e;
    } finally {
      this.running.delete(token);
    }
  }

  /**
   * Runs `recover` shortly after a claim could not be ended, and again (backing off to the
   * minute the periodic pass takes anyway) while storage keeps failing, so a key is not left
   * "in progress" much longer than the outage.
   */
  private recoverSoon() {
    if (this.recoveryTimer || this.stopped) return;
    this.recoveryTimer = setTimeout(() => {
      this.recoveryTimer = null;
      this.recover().then(
        () => (this.recoveryDelayMs = RECOVERY_FIRST_DELAY_MS),
        (e) => {
          this.o.log?.warn("idempotency recovery failed", { error: String(e) });
          this.recoveryDelayMs = Math.min(this.recoveryDelayMs * 2, RECOVERY_MAX_DELAY_MS);
          this.recoverSoon();
        },
      );
    }, this.recoveryDelayMs);
    this.recoveryTimer.unref?.();
  }

  /** Stops the retries of `recoverSoon` (server shutdown). */
  stop() {
    this.stopped = true;
    if (this.recoveryTimer) clearTimeout(this.recoveryTimer);
    this.recoveryTimer = null;
  }

  /**
   * Renews the leases of this process's own unfinished claims (a long request keeps its claim),
   * then resolves every claim left unfinished by a process that is gone, and this process's own
   * orphans; returns how many. Runs at start-up, every minute (well inside a lease), and soon
   * after a claim could not be ended.
   */
  async recover(): Promise<{ completed: number; released: number }> {
    await this.repo.renew(this.owner, iso(this.clock.now() + this.o.leaseMs));
    const out = { completed: 0, released: 0 };
    for (const claim of await this.repo.unfinished(1_000)) {
      if (!this.isAbandoned(claim)) continue;
      const outcome = await this.resolve(claim);
      if (outcome !== "untouched") out[outcome]++;
    }
    if (out.completed + out.released > 0) this.o.log?.info("idempotency claims recovered", out);
    return out;
  }

  purge() {
    return this.repo.purgeExpired(iso(this.clock.now()));
  }

  /**
   * Whether a claim's holder is gone: ours, when none of our running requests holds it (its end
   * failed with the storage); on this host, its process is dead (or is us under an earlier boot
   * nonce: a restarted container reuses pids); elsewhere, or with no owner recorded, its lease
   * has run out.
   */
  isAbandoned(claim: IdempotencyRecord): boolean {
    if (claim.owner === this.owner) return !this.running.has(claim.token ?? "");
    const leaseOver = Date.parse(claim.lease_until ?? claim.created_at) + (claim.lease_until ? 0 : this.o.leaseMs) <= this.clock.now();
    const parts = claim.owner?.split(":");
    if (!parts || parts.length < 3) return leaseOver;
    const nonce = parts.pop()!;
    const pid = Number(parts.pop());
    if (parts.join(":") !== hostname()) return leaseOver;
    if (pid === process.pid) return nonce !== this.owner.split(":").pop();
    return !processAlive(pid) || leaseOver;
  }

  /**
   * Completes an abandoned claim from the resource its write committed, or releases it when none
   * did. `claim` may be stale (read before its write committed): the release then finds the
   * resource recorded and deletes nothing, and the claim is read again and completed.
   */
  private async resolve(claim: IdempotencyRecord): Promise<"completed" | "released" | "untouched"> {
    const holder = { token: claim.token ?? null, owner: claim.owner ?? null };
    const resource = claim.resource ?? null;
    const response = resource ? await this.o.rebuild(claim.account_id, resource) : null;
    if (response) {
      await this.repo.complete(claim.account_id, claim.key, holder, response.status, response.headers, response.body);
      return "completed";
    }
    // Nothing committed, or what committed no longer exists (a resource that is gone cannot be replayed).
    if (await this.repo.release(claim.account_id, claim.key, holder, resource)) return "released";
    const now = await this.repo.get(claim.account_id, claim.key);
    const same = now && now.status === 0 && (now.token ?? null) === holder.token && (now.owner ?? null) === holder.owner;
    return same && now.resource && now.resource !== resource ? this.resolve(now) : "untouched";
  }

  private faultPoint(name: IdempotencyFault) {
    if (this.o.fault === name) process.kill(process.pid, "SIGKILL");
  }
}

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as { code?: string }).code === "EPERM";
  }
}

export function fingerprintOf(method: string, path: string, raw: Uint8Array | undefined): string {
  const h = new Bun.CryptoHasher("sha256");
  h.update(`${method} ${path}\n`);
  if (raw) h.update(raw);
  return h.digest("hex");
}
