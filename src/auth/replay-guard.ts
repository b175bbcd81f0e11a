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
  /**
   * The latest window end among live signatures dropped to keep the bound: a request whose window
   * ends no later cannot be told from a replay of one of them, so it is refused. Dropping the
   * oldest alone let a client flooding the guard (about 3,300 valid requests a second for the
   * 300 s window fill a million entries) make a captured request acceptable again.
   */
  private droppedUntil = Number.NEGATIVE_INFINITY;

  constructor(private readonly maxEntries = 1_000_000) {}

  firstSeen(signature: string, expiresAtMs: number, nowMs: number): boolean {
    // Expired signatures go at most once a second (a pass over them all); at the bound, the oldest
    // go one by one (the Map keeps arrival order), not a pass per request.
    if (nowMs - this.lastSweep > 1000) this.sweep(nowMs);
    if (this.seen.size >= this.maxEntries) this.dropOldest();
    if (expiresAtMs <= this.droppedUntil) return false;
    const until = this.seen.get(signature);
    if (until !== undefined && until > nowMs) return false;
    this.seen.set(signature, expiresAtMs);
    return true;
  }

  forget(signature: string) {
    this.seen.delete(signature);
  }

  /** The signatures still inside their window, with its end (kept over a restart: replay-memory.ts). */
  live(nowMs: number): [signature: string, expiresAtMs: number][] {
    return [...this.seen].filter(([, until]) => until > nowMs);
  }

  /** Signatures a previous process had seen, each refused until its window ends. */
  restore(entries: Iterable<[signature: string, expiresAtMs: number]>) {
    for (const [signature, until] of entries) {
      if (this.seen.size >= this.maxEntries) this.dropOldest();
      this.seen.set(signature, Math.max(until, this.seen.get(signature) ?? 0));
    }
  }

  private sweep(nowMs: number) {
    this.lastSweep = nowMs;
    for (const [sig, until] of this.seen) if (until <= nowMs) this.seen.delete(sig);
  }

  /** Full of live entries: the bound holds by dropping the oldest, remembering how far their windows reached. */
  private dropOldest() {
    while (this.seen.size >= this.maxEntries) {
      const [oldest, until] = this.seen.entries().next().value!;
      this.seen.delete(oldest);
      if (until > this.droppedUntil) this.droppedUntil = until;
    }
  }
}
