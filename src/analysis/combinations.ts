// Counts of three-value combinations over the categorical fields with few values (company,
// currency, document type, posting key...): the evidence for "higher-order" anomalies, three
// values whose every pair is common but which never occur together. Values get small integer
// codes per field, so a combination is a pair of numbers and counting it costs a load (code-pair-counts.ts); fields with
// many values (accounts, users) are left to the pair counts, where a triple would rarely be
// expected often enough to mean anything. The codes are the history's own (history.ts).
import { atMostBits, denseBits, denseCell } from "./code-pair-counts.ts";
import { PairCounts } from "./pair-counts.ts";

const MAX_CODES = 256;
/** A triple's largest dense table: 1 MB, three fields of 40 values (at most 35 such triples:
 *  TRIPLE_MAX_FIELDS in history.ts); a hashed table of as many combinations is larger. */
const MAX_TRIPLE_BITS = 18;

export class TripleCounts {
  /** Positions (in the categorical fields) of the fields combined, and the triples of them. */
  readonly triples: [number, number, number][] = [];
  /** Every triple's dense counts in one array, indexed by offset + the cell of its three codes
   *  (while they are within the ranges the fields' profile sized): one typed array read per
   *  count, not a table object and its array per triple (a scored entry reads 35 of them). */
  private readonly cells: Int32Array;
  /** Per triple: where its cells begin (-1: too many cells, hashed only). */
  private readonly offsets: Int32Array;
  /** Per triple: the bits of its three fields' dense ranges. */
  private readonly bits: Int32Array;
  /** Per triple: ((codes a, b), code c) → count, for codes beyond the dense ranges. */
  private readonly hashed: PairCounts[];
  /** Per triple: its three fields' positions in the categorical fields. */
  private readonly tripleFields: Int32Array;
  /** One bit per dense cell: whether its count is at most `cappedAt` (countCapped), set for the
   *  cap of the first such read after counting (-1: not set). */
  private capped = new Uint32Array(0);
  private cappedAt = -1;

  /**
   * `distinct`: per field of `fieldIndexes`, how many values its profile saw (the dense ranges
   * are sized from it; without it every triple is counted in a hashed table).
   */
  constructor(
    readonly fieldIndexes: readonly number[],
    distinct: readonly number[] = [],
  ) {
    const k = fieldIndexes.length;
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) for (let c = b + 1; c < k; c++) this.triples.push([a, b, c]);
    this.tripleFields = Int32Array.from(this.triples.flatMap(([a, b, c]) => [fieldIndexes[a]!, fieldIndexes[b]!, fieldIndexes[c]!]));
    const bits = fieldIndexes.map((_, i) => Math.min(denseBits(distinct[i]), Math.log2(MAX_CODES)));
    this.bits = Int32Array.from(this.triples.flatMap(([a, b, c]) => [bits[a]!, bits[b]!, bits[c]!]));
    this.offsets = new Int32Array(this.triples.length);
    let size = 0;
    this.triples.forEach(([a, b, c], t) => {
      const total = bits[a]! + bits[b]! + bits[c]!;
      const dense = bits[a]! > 0 && bits[b]! > 0 && bits[c]! > 0 && total <= MAX_TRIPLE_BITS;
      this.offsets[t] = dense ? size : -1;
      if (dense) size += 2 ** total;
    });
    this.cells = new Int32Array(size);
    this.hashed = this.triples.map(() => new PairCounts());
  }

  /** Adds one transaction, by the history's codes of its values (indexed like the categorical
   *  fields; codes are given in order of first appearance, so the first MAX_CODES values of a
   *  field are the ones combined). `earlier`: the codes of the earlier lines of its document,
   *  whose triples it does not count again (history.ts). Codes are integers (Int32Array): the
   *  dense ranges' test below reads a negative code (none, unseen) as beyond them. */
  add(codes: Int32Array, delta = 1, earlier: readonly ArrayLike<number>[] = []) {
    this.cappedAt = -1;
    if (earlier.length > 0) {
      this.addAfter(codes, delta, earlier);
      return;
    }
    // Every triple of every entry of the history pass: the dense cell found and counted in line
    // (a code within its field's dense range is a code of its own: the ranges are at most
    // MAX_CODES), the rest (a hashed triple, a code beyond its range or none) by addOne.
    const f = this.tripleFields;
    const bits = this.bits;
    const offsets = this.offsets;
    const cells = this.cells;
    for (let t = 0, k = 0; t < offsets.length; t++, k += 3) {
      const a = codes[f[k]!]!;
      const b = codes[f[k + 1]!]!;
      const c = codes[f[k + 2]!]!;
      const offset = offsets[t]!;
      const bitsB = bits[k + 1]!;
      const bitsC = bits[k + 2]!;
      if (offset >= 0 && ((a >>> bits[k]!) | (b >>> bitsB) | (c >>> bitsC)) === 0) cells[offset + ((((a << bitsB) | b) << bitsC) | c)]! += delta;
      else this.addOne(t, a, b, c, delta);
    }
  }

  /** add() of triple t's codes, any of them beyond its dense range or none. */
  private addOne(t: number, codeA: number, codeB: number, codeC: number, delta: number) {
    const a = own(codeA);
    const b = own(codeB);
    const c = own(codeC);
    if (a < 0 || b < 0 || c < 0) return;
    const cell = this.cellOf(t, a, b, c);
    if (cell >= 0) this.cells[cell]! += delta;
    else this.hashed[t]!.add(this.firstTwo(t, a, b), c, delta);
  }

  /** add() of a line whose document's earlier lines were counted (`earlier`: their codes). */
  private addAfter(codes: ArrayLike<number>, delta: number, earlier: readonly ArrayLike<number>[]) {
    const f = this.tripleFields;
    for (let t = 0; t < this.triples.length; t++) {
      const fa = f[3 * t]!;
      const fb = f[3 * t + 1]!;
      const fc = f[3 * t + 2]!;
      const a = own(codes[fa]!);
      const b = own(codes[fb]!);
      const c = own(codes[fc]!);
      if (a < 0 || b < 0 || c < 0) continue;
      if (earlier.some((line) => line[fa] === codes[fa] && line[fb] === codes[fb] && line[fc] === codes[fc])) continue;
      const cell = this.cellOf(t, a, b, c);
      if (cell >= 0) this.cells[cell]! += delta;
      else this.hashed[t]!.add(this.firstTwo(t, a, b), c, delta);
    }
  }

  /** How often triple t's values (by the history's codes, indexed like the categorical fields)
   *  occurred together; undefined when a value has no code here. */
  count(t: number, codes: ArrayLike<number>): number | undefined {
    const f = this.tripleFields;
    const a = own(codes[f[3 * t]!]!);
    const b = own(codes[f[3 * t + 1]!]!);
    const c = own(codes[f[3 * t + 2]!]!);
    if (a < 0 || b < 0 || c < 0) return undefined;
    const cell = this.cellOf(t, a, b, c);
    return cell >= 0 ? this.cells[cell]! : this.hashed[t]!.get(this.firstTwo(t, a, b), c);
  }

  /**
   * count(), for a reader that only needs to know whether it is above `cap` (rare_combination
   * reads every triple of every entry scored, and almost all are common): a count above `cap` may
   * come back as cap + 1. Answered from one bit per combination while the codes are within the
   * dense ranges — the scored entry's 35 reads then touch a few tens of kilobytes instead of
   * megabytes of counts — and from the count itself for the rare ones.
   */
  countCapped(t: number, codes: ArrayLike<number>, cap: number): number | undefined {
    const f = this.tripleFields;
    const a = own(codes[f[3 * t]!]!);
    const b = own(codes[f[3 * t + 1]!]!);
    const c = own(codes[f[3 * t + 2]!]!);
    if (a < 0 || b < 0 || c < 0) return undefined;
    const cell = this.cellOf(t, a, b, c);
    if (cell < 0) return this.hashed[t]!.get(this.firstTwo(t, a, b), c);
    if (this.cappedAt < 0) this.markCapped(cap);
    // Another cap than the bits were set for (another configuration's reader): the count itself.
    if (this.cappedAt !== cap) return this.cells[cell]!;
    return (this.capped[cell >>> 5]! & (1 << (cell & 31))) === 0 ? cap + 1 : this.cells[cell]!;
  }

  /**
   * The first triple from `from` on whose count countCapped(t, codes, cap) may give at most `cap`
   * (`triples.length` when none): the triples it passes over are those a dense cell's bit says are
   * above `cap`, for which countCapped gives cap + 1. rare_combination asks it of every entry
   * scored, in place of a countCapped per triple: almost every triple of an entry is common, and
   * one loop here reads their bits without a call, its field codes and range checks per triple.
   * `codes`: integers (Int32Array), as for add().
   */
  nextUncommon(codes: Int32Array, cap: number, from: number): number {
    const offsets = this.offsets;
    if (from >= offsets.length) return offsets.length;
    if (this.cappedAt < 0) this.markCapped(cap);
    if (this.cappedAt !== cap) return from;
    const f = this.tripleFields;
    const bits = this.bits;
    const capped = this.capped;
    for (let t = from, k = 3 * from; t < offsets.length; t++, k += 3) {
      const a = codes[f[k]!]!;
      const b = codes[f[k + 1]!]!;
      const c = codes[f[k + 2]!]!;
      const offset = offsets[t]!;
      const bitsB = bits[k + 1]!;
      const bitsC = bits[k + 2]!;
      if (offset < 0 || ((a >>> bits[k]!) | (b >>> bitsB) | (c >>> bitsC)) !== 0) return t;
      const cell = offset + ((((a << bitsB) | b) << bitsC) | c);
      if ((capped[cell >>> 5]! & (1 << (cell & 31))) !== 0) return t;
    }
    return offsets.length;
  }

  /** Sets the bit of every dense cell whose count is at most `cap`. */
  private markCapped(cap: number) {
    this.capped = atMostBits(this.cells, cap);
    this.cappedAt = cap;
  }

  /** The cell of triple t's codes in `cells`, or -1 when the triple is hashed only or a code is
   *  beyond its dense range. */
  private cellOf(t: number, a: number, b: number, c: number): number {
    const offset = this.offsets[t]!;
    if (offset < 0) return -1;
    const bitsA = this.bits[3 * t]!;
    const bitsB = this.bits[3 * t + 1]!;
    const bitsC = this.bits[3 * t + 2]!;
    if (a >>> bitsA !== 0 || b >>> bitsB !== 0 || c >>> bitsC !== 0) return -1;
    return offset + ((((a << bitsB) | b) << bitsC) | c);
  }

  /** The first two codes of triple t as one key of its hashed table: within their dense ranges,
   *  the cell of the pair (below 1 << (bitsA + bitsB)); beyond them, a key above every such cell. */
  private firstTwo(t: number, a: number, b: number): number {
    const bitsA = this.bits[3 * t]!;
    const bitsB = this.bits[3 * t + 1]!;
    const cell = denseCell(a, b, bitsA, bitsB);
    return cell >= 0 ? cell : 2 ** (bitsA + bitsB) + a * MAX_CODES + b;
  }
}

/** A value's code here: the history's code among the first MAX_CODES values, else none (-1). */
const own = (code: number) => (code >= 0 && code < MAX_CODES ? code : -1);
