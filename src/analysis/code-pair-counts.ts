// Counts keyed by a pair of value codes (history.ts gives each categorical value a small integer
// code, in order of first appearance): how often two values occurred together. The history counts
// every pair of categorical values of every entry (28 pairs an entry for 8 fields) and the
// detectors read them back for every entry scored. Most fields have few values, so a pair's
// counts fit a dense array indexed by the two codes: a count is one load and one add, where a
// probe of an open-addressing table (pair-counts.ts) over tens of thousands of slots missed the
// cache once or twice per pair per entry. The dense range of each side is sized from the values
// the history's profile saw, with room for a quarter more; a code beyond it (a value first seen
// later, or a field with too many values for the table) is counted in the hashed table.
import { PairCounts } from "./pair-counts.ts";

/** The largest dense table of a pair of fields (cells of 4 bytes): 256 KB, e.g. 200 values
 *  against 200; the 120 pairs of 16 fields stay within 30 MB. */
export const MAX_DENSE_BITS = 16;

/** Bits of the dense range for a field whose profile saw `distinct` values (0: none). */
export function denseBits(distinct: number | undefined): number {
  if (distinct === undefined || distinct <= 0) return 0;
  return Math.ceil(Math.log2(distinct + (distinct >> 2) + 1));
}

export class CodePairCounts {
  private readonly dense: Int32Array;
  /** Bits of the first and second code's dense ranges; both 0 when the table has none. */
  private readonly bitsA: number;
  private readonly bitsB: number;
  private readonly hashed = new PairCounts();
  /** One bit per dense cell: whether its count is at most `cappedAt` (getCapped), set for the cap
   *  of the first such read after counting (-1: not set). */
  private capped = new Uint32Array(0);
  private cappedAt = -1;

  /** `bitsA`, `bitsB`: the dense range of each side (denseBits); a product over `maxBits`
   *  leaves the table hashed only. */
  constructor(bitsA = 0, bitsB = 0, maxBits = MAX_DENSE_BITS) {
    const dense = bitsA > 0 && bitsB > 0 && bitsA + bitsB <= maxBits;
    this.bitsA = dense ? bitsA : 0;
    this.bitsB = dense ? bitsB : 0;
    this.dense = new Int32Array(dense ? 2 ** (bitsA + bitsB) : 0);
  }

  /** The count of (a, b), both non-negative; 0 when never counted. */
  get(a: number, b: number): number {
    const cell = this.cell(a, b);
    return cell >= 0 ? this.dense[cell]! : this.hashed.get(a, b);
  }

  /**
   * get(), for a reader that only needs to know whether the count is above `cap`
   * (rare_combination reads the pairs of every entry scored, and almost all are common): a count
   * above `cap` may come back as cap + 1. Answered from one bit per pair of codes within the dense
   * ranges, a 32nd of the counts' memory, and from the count itself for the rare ones.
   */
  getCapped(a: number, b: number, cap: number): number {
    const cell = this.cell(a, b);
    if (cell < 0) return this.hashed.get(a, b);
    if (this.cappedAt < 0) this.markCapped(cap);
    // Another cap than the bits were set for (another configuration's reader): the count itself.
    if (this.cappedAt !== cap) return this.dense[cell]!;
    return (this.capped[cell >>> 5]! & (1 << (cell & 31))) === 0 ? cap + 1 : this.dense[cell]!;
  }

  /** Sets the bit of every dense cell whose count is at most `cap`. */
  private markCapped(cap: number) {
    this.capped = atMostBits(this.dense, cap);
    this.cappedAt = cap;
  }

  add(a: number, b: number, delta: number): void {
    this.cappedAt = -1;
    const cell = this.cell(a, b);
    if (cell >= 0) this.dense[cell]! += delta;
    else this.hashed.add(a, b, delta);
  }

  private cell(a: number, b: number): number {
    return denseCell(a, b, this.bitsA, this.bitsB);
  }
}

/** The cell of (a, b) in a dense range of bitsA × bitsB bits, or -1 when either is beyond it (or
 *  the range is empty: bitsA 0). Also the key of a triple's first two codes (combinations.ts). */
export function denseCell(a: number, b: number, bitsA: number, bitsB: number): number {
  if (bitsA === 0 || a >>> bitsA !== 0 || b >>> bitsB !== 0) return -1;
  return (a << bitsB) | b;
}

/** One bit per count: whether it is at most `cap` (the capped reads of the pair and triple counts). */
export function atMostBits(counts: ArrayLike<number>, cap: number): Uint32Array<ArrayBuffer> {
  const bits = new Uint32Array((counts.length + 31) >>> 5);
  for (let k = 0; k < counts.length; k++) if (counts[k]! <= cap) bits[k >>> 5]! |= 1 << (k & 31);
  return bits;
}
