// How many bytes of request bodies one API key may have arriving at once, before any of them is
// verified. A body is read whole before its signature can be judged (the signature covers it),
// so a key alone — without its secret, as from a log or a leaked config — could make the server
// hold server.max_body_bytes per request: 300 concurrent 1 MB POSTs with a real key and a wrong
// signature took the built binary from 62 to 216 MB (eleventh attack pass). The budget bounds
// that per key and client address (steps.ts); a body still counts until it is whole, then the
// signature is judged at once.
//
// The client's address costs a system call (Bun's requestIP is a getpeername per request, a few
// µs of a signed analyze under load), so it is asked only past the first half of the budget: the
// first half is counted to the key wherever its bodies come from, the second per key and address.
// One address can then have at most the whole budget arriving (both halves), and whoever holds a
// key without its secret, elsewhere, can fill the key's half and their own address's, never the
// half of the owner's address.

/** Where a reserved body was counted: release() takes it back from there. */
export type BodyCount = string;

/** Bodies arriving per key (and address), counted by their declared length (a chunked one as the most it may be). */
export class BodyBudget {
  private readonly arriving = new Map<string, number>();

  /** Half the budget: counted to the key alone, then to the key and each address. */
  private readonly half: number;

  constructor(
    /** The most bytes of bodies one key may have arriving at once from one address. */
    readonly perKey: number,
  ) {
    this.half = perKey / 2;
  }

  /**
   * Counts `bytes` for `key`, or past the key's half for `key` from the address `address()`
   * names; undefined (nothing counted) when that would pass the address's half too.
   */
  reserve(key: string, bytes: number, address: () => string): BodyCount | undefined {
    const ofKey = this.arriving.get(key) ?? 0;
    // One body is always let through, however large: the budget bounds concurrency, not size.
    if (ofKey === 0 || ofKey + bytes <= this.half) {
      this.arriving.set(key, ofKey + bytes);
      return key;
    }
    const there = `${key}|${address()}`;
    const ofAddress = this.arriving.get(there) ?? 0;
    if (ofAddress > 0 && ofAddress + bytes > this.half) return undefined;
    this.arriving.set(there, ofAddress + bytes);
    return there;
  }

  /** Takes back what reserve() counted, once the body is whole (or failed). */
  release(count: BodyCount, bytes: number): void {
    const left = (this.arriving.get(count) ?? 0) - bytes;
    if (left > 0) this.arriving.set(count, left);
    else this.arriving.delete(count);
  }
}

/** The default budget: 32 MiB per key, and at least two bodies of the largest size allowed. */
export function bodyBudgetFor(maxBodyBytes: number): BodyBudget {
  return new BodyBudget(Math.max(32 * 1024 * 1024, 2 * maxBodyBytes));
}
