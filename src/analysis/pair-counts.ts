// Counts keyed by a pair of small non-negative integers (the codes of two categorical values):
// open addressing over typed arrays. The history counts every pair of categorical values of
// every entry (15 pairs an entry for 6 fields) and the detectors read them back for every entry
// scored; keyed by "a\0b" strings in Maps, each of those built and hashed a string, which was
// most of the cost of both passes. Here a count is a hash of two integers and a probe.

const EMPTY = -1;

export class PairCounts {
  /** Distinct pairs counted. */
  size = 0;
  private keysA: Int32Array;
  private keysB: Int32Array;
  private counts: Float64Array;
  private mask: number;

  constructor(capacity = 64) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.keysA = new Int32Array(n).fill(EMPTY);
    this.keysB = new Int32Array(n);
    this.counts = new Float64Array(n);
    this.mask = n - 1;
  }

  /** The count of (a, b); 0 when never counted. */
  get(a: number, b: number): number {
    const mask = this.mask;
    const keysA = this.keysA;
    for (let slot = hash(a, b) & mask; ; slot = (slot + 1) & mask) {
      const k = keysA[slot]!;
      if (k === EMPTY) return 0;
      if (k === a && this.keysB[slot] === b) return this.counts[slot]!;
    }
  }

  add(a: number, b: number, delta: number): void {
    const mask = this.mask;
    const keysA = this.keysA;
    let slot = hash(a, b) & mask;
    for (; ; slot = (slot + 1) & mask) {
      const k = keysA[slot]!;
      if (k === EMPTY) break;
      if (k === a && this.keysB[slot] === b) {
        this.counts[slot]! += delta;
        return;
      }
    }
    keysA[slot] = a;
    this.keysB[slot] = b;
    this.counts[slot] = delta;
    if (++this.size * 2 > mask) this.grow();
  }

  /** Every (a, b, count), in no particular order. */
  *entries(): IterableIterator<[number, number, number]> {
    for (let slot = 0; slot <= this.mask; slot++) if (this.keysA[slot] !== EMPTY) yield [this.keysA[slot]!, this.keysB[slot]!, this.counts[slot]!];
  }

  private grow() {
    const { keysA, keysB, counts } = this;
    const n = keysA.length * 2;
    this.keysA = new Int32Array(n).fill(EMPTY);
    this.keysB = new Int32Array(n);
    this.counts = new Float64Array(n);
    this.mask = n - 1;
    for (let s = 0; s < keysA.length; s++) {
      const a = keysA[s]!;
      if (a === EMPTY) continue;
      const b = keysB[s]!;
      let slot = hash(a, b) & this.mask;
      while (this.keysA[slot] !== EMPTY) slot = (slot + 1) & this.mask;
      this.keysA[slot] = a;
      this.keysB[slot] = b;
      this.counts[slot] = counts[s]!;
    }
  }
}

function hash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}
