// Refuses an exact replay of a timestamped request inside the tolerance window. A signature is
// remembered until its timestamp falls out of the window, after which the timestamp check alone
// refuses it; memory is bounded by the request rate over that window. In-process on one node;
// in the shared store when several nodes share PostgreSQL.
import { iso } from "../domain/clock.ts";
import type { ReplayRepository } from "../store/types.ts";

export interface ReplayGuard {
  /** True the first time a signature is seen within its window; false for a replay. */
  firstSeen(signature: string, expiresAtMs: number, nowMs: number): boolean | Promise<boolean>;
  /** Unrecords a request that was refused before it was processed (429): resending it is no replay. */
  forget(signature: string): void | Promise<void>;
}

/**
 * The replay guard of several nodes: the store's replay_guard table (one upsert decides who saw
 * a signed request first), so a request replayed to another node is refused there too.
 * Expired rows are purged by the runtime every minute.
 */
export class StoreReplayGuard implements ReplayGuard {
  constructor(private readonly repo: ReplayRepository) {}

  firstSeen(signature: string, expiresAtMs: number, nowMs: number): Promise<boolean> {
    return this.repo.firstSeen(signature, iso(expiresAtMs), iso(nowMs));
  }

  forget(signature: string): Promise<void> {
    return this.repo.forget(signature);
  }
}

export class MemoryReplayGuard implements ReplayGuard {
  private readonly seen = new Map<string, number>();
  private lastSweep = 0;

  constructor(private readonly maxEntries = 1_000_000) {}

  firstSeen(signature: string, expiresAtMs: number, nowMs: number): boolean {
    if (nowMs - this.lastSweep > 1000 || this.seen.size >= this.maxEntries) this.sweep(nowMs);
    const until = this.seen.get(signature);
    if (until !== undefined && until > nowMs) return false;
    this.seen.set(signature, expiresAtMs);
    return true;
  }

  forget(signature: string) {
    this.seen.delete(signature);
  }

  private sweep(nowMs: number) {
    this.lastSweep = nowMs;
    for (const [sig, until] of this.seen) if (until <= nowMs) this.seen.delete(sig);
    // Still full of live entries: refuse to grow past the bound by dropping the oldest.
    while (this.seen.size >= this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
  }
}
