// Counts keyed by a pair of small non-negative integers (the codes of two categorical values):
// open addressing over typed arrays. The history counts every pair of categorical values of
// every entry (15 pairs an entry for 6 fields) and the detectors read them back for every entry
// scored; keyed by "a\0b" strings in Maps, each of those built and hashed a string, which was
// most of the cost of both passes. Here a count is a hash of two integers and a probe. The same
// table indexes the users' routines by (context, user) (amount-contexts.ts): its value is then an index.

const EMPTY = -1;

export interface PairCountsParts {
  size: number;
  slots: Float64Array;
  mask: number;
}

export class PairCounts {
  /** Distinct pairs counted. */
  size = 0;
  /** Per slot: key a (EMPTY when free), key b, count; one slot's three in one cache line (the
   *  tables are probed at random, a few hundred thousand slots for a large ledger). */
  private slots: Float64Array;
  private mask: number;

  constructor(capacity = 64) {
    let n = 16;
    while (n < capacity * 2) n *= 2;
    this.slots = new Float64Array(n * 3).fill(EMPTY);
    this.mask = n - 1;
  }

  /** The count of (a, b); 0 when never counted. */
  get(a: number, b: number): number {
    const mask = this.mask;
    const slots = this.slots;
    for (let slot = hash(a, b) & mask; ; slot = (slot + 1) & mask) {
      const k = slots[3 * slot]!;
      if (k === EMPTY) return 0;
      if (k === a && slots[3 * slot + 1] === b) return slots[3 * slot + 2]!;
    }
  }

  /** The value of (a, b), or `otherwise` when it has none. */
  find(a: number, b: number, otherwise: number): number {
    const mask = this.mask;
    const slots = this.slots;
    for (let slot = hash(a, b) & mask; ; slot = (slot + 1) & mask) {
      const k = slots[3 * slot]!;
      if (k === EMPTY) return otherwise;
      if (k === a && slots[3 * slot + 1] === b) return slots[3 * slot + 2]!;
    }
  }

  add(a: number, b: number, delta: number): void {
    const mask = this.mask;
    const slots = this.slots;
    let slot = hash(a, b) & mask;
    for (; ; slot = (slot + 1) & mask) {
      const k = slots[3 * slot]!;
      if (k === EMPTY) break;
      if (k === a && slots[3 * slot + 1] === b) {
        slots[3 * slot + 2]! += delta;
        return;
      }
    }
    slots[3 * slot] = a;
    slots[3 * slot + 1] = b;
    slots[3 * slot + 2] = delta;
    if (++this.size * 2 > mask) this.grow();
  }

  /** As plain data, to cross threads. */
  parts(): PairCountsParts {
    return { size: this.size, slots: this.slots, mask: this.mask };
  }

  static fromParts(p: PairCountsParts): PairCounts {
    const c = new PairCounts(1);
    c.size = p.size;
    c.slots = p.slots;
    c.mask = p.mask;
    return c;
  }

  /** Writes each (a, b)'s value at out[a × stride + b] (a dense copy of the table: amount-contexts.ts
   *  Routines). A plain loop: it runs once per history, cold, where entries()'s generator and its
   *  arrays cost several ms. */
  spreadInto(out: Int32Array, stride: number): void {
    const slots = this.slots;
    for (let slot = 0; slot <= this.mask; slot++) {
      const a = slots[3 * slot]!;
      if (a !== EMPTY) out[a * stride + slots[3 * slot + 1]!] = slots[3 * slot + 2]!;
    }
  }

  /** Every (a, b, count), in no particular order. */
  *entries(): IterableIterator<[number, number, number]> {
    const slots = this.slots;
    for (let slot = 0; slot <= this.mask; slot++) if (slots[3 * slot] !== EMPTY) yield [slots[3 * slot]!, slots[3 * slot + 1]!, slots[3 * slot + 2]!];
  }

  private grow() {
    const old = this.slots;
    const n = (this.mask + 1) * 2;
    const slots = (this.slots = new Float64Array(n * 3).fill(EMPTY));
    this.mask = n - 1;
    for (let s = 0; s < old.length; s += 3) {
      const a = old[s]!;
      if (a === EMPTY) continue;
      const b = old[s + 1]!;
      let slot = hash(a, b) & this.mask;
      while (slots[3 * slot] !== EMPTY) slot = (slot + 1) & this.mask;
      slots[3 * slot] = a;
      slots[3 * slot + 1] = b;
      slots[3 * slot + 2] = old[s + 2]!;
    }
  }
}

function hash(a: number, b: number): number {
  let h = Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77);
  h ^= h >>> 15;
  h = Math.imul(h, 0x2c1b3c6d);
  return h ^ (h >>> 13);
}
