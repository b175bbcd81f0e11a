// Refuses an exact replay of a timestamped request inside the tolerance window. A signature is
// remembered until its timestamp falls out of the window, after which the timestamp check alone
// refuses it; memory is bounded by the request rate over that window. In-process for now, behind
// an interface so several nodes can share one later.
export interface ReplayGuard {
  /** True the first time a signature is seen within its window; false for a replay. */
  firstSeen(signature: string, expiresAtMs: number, nowMs: number): boolean;
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

  private sweep(nowMs: number) {
    this.lastSweep = nowMs;
    for (const [sig, until] of this.seen) if (until <= nowMs) this.seen.delete(sig);
    // Still full of live entries: refuse to grow past the bound by dropping the oldest.
    while (this.seen.size >= this.maxEntries) this.seen.delete(this.seen.keys().next().value!);
  }
}
