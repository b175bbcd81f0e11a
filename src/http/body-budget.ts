// How many bytes of request bodies one API key may have arriving at once, before any of them is
// verified. A body is read whole before its signature can be judged (the signature covers it),
// so a key alone — without its secret, as from a log or a leaked config — could make the server
// hold server.max_body_bytes per request: 300 concurrent 1 MB POSTs with a real key and a wrong
// signature took the built binary from 62 to 216 MB (eleventh attack pass). The budget bounds
// that per key and client address (steps.ts); a body still counts until it is whole, then the
// signature is judged at once.

/** Bodies arriving per key (and address), counted by their declared length (a chunked one as the most it may be). */
export class BodyBudget {
  private readonly arriving = new Map<string, number>();

  constructor(
    /** The most bytes of bodies one key may have arriving at once. */
    readonly perKey: number,
  ) {}

  /** Counts `bytes` for `key` (a key and an address); false (nothing counted) when that would pass the budget. */
  reserve(key: string, bytes: number): boolean {
    const now = this.arriving.get(key) ?? 0;
    // One body is always let through, however large: the budget bounds concurrency, not size.
    if (now > 0 && now + bytes > this.perKey) return false;
    this.arriving.set(key, now + bytes);
    return true;
  }

  /** Takes back what reserve() counted, once the body is whole (or failed). */
  release(key: string, bytes: number): void {
    const left = (this.arriving.get(key) ?? 0) - bytes;
    if (left > 0) this.arriving.set(key, left);
    else this.arriving.delete(key);
  }
}

/** The default budget: 32 MiB per key, and at least two bodies of the largest size allowed. */
export function bodyBudgetFor(maxBodyBytes: number): BodyBudget {
  return new BodyBudget(Math.max(32 * 1024 * 1024, 2 * maxBodyBytes));
}
