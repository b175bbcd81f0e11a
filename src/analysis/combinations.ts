// Counts of three-value combinations over the categorical fields with few values (company,
// currency, document type, posting key...): the evidence for "higher-order" anomalies, three
// values whose every pair is common but which never occur together. Values get small integer
// codes per field, so a combination is a pair of numbers and counting it costs a load (code-pair-counts.ts); fields with
// many values (accounts, users) are left to the pair counts, where a triple would rarely be
// expected often enough to mean anything. The codes are the history's own (history.ts).
import { CodePairCounts, denseBits, denseCell } from "./code-pair-counts.ts";

const MAX_CODES = 256;
/** A triple's largest dense table: 1 MB, three fields of 40 values (at most 35 such triples:
 *  TRIPLE_MAX_FIELDS in history.ts); a hashed table of as many combinations is larger. */
const MAX_TRIPLE_BITS = 18;

export class TripleCounts {
  /** Positions (in the categorical fields) of the fields combined, and the triples of them. */
  readonly triples: [number, number, number][] = [];
  /** Per triple: ((codes a, b), code c) → count (code-pair-counts.ts: dense while the codes are
   *  within the ranges the fields' profile sized). */
  private readonly counts: CodePairCounts[];
  /** Per triple: its three fields' positions in the categorical fields. */
  private readonly tripleFields: Int32Array;
  /** Per triple: the bits of its first two fields' dense ranges. */
  private readonly bits: Int32Array;

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
    this.bits = Int32Array.from(this.triples.flatMap(([a, b]) => [bits[a]!, bits[b]!]));
    this.counts = this.triples.map(([a, b, c]) => new CodePairCounts(bits[a]! > 0 && bits[b]! > 0 ? bits[a]! + bits[b]! : 0, bits[c]!, MAX_TRIPLE_BITS));
  }

  /** Adds one transaction, by the history's codes of its values (indexed like the categorical
   *  fields; codes are given in order of first appearance, so the first MAX_CODES values of a
   *  field are the ones combined). `earlier`: the codes of the earlier lines of its document,
   *  whose triples it does not count again (history.ts). */
  add(codes: ArrayLike<number>, delta = 1, earlier: readonly ArrayLike<number>[] = []) {
    const f = this.tripleFields;
    for (let t = 0; t < this.triples.length; t++) {
      const fa = f[3 * t]!;
      const fb = f[3 * t + 1]!;
      const fc = f[3 * t + 2]!;
      const a = own(codes[fa]!);
      const b = own(codes[fb]!);
      const c = own(codes[fc]!);
      if (a < 0 || b < 0 || c < 0) continue;
      if (earlier.length > 0 && earlier.some((line) => line[fa] === codes[fa] && line[fb] === codes[fb] && line[fc] === codes[fc])) continue;
      this.counts[t]!.add(this.firstTwo(t, a, b), c, delta);
    }
  }

  /** How often triple t's values (by the history's codes, indexed like the categorical fields)
   *  occurred together; undefined when a value has no code here. */
  count(t: number, codes: ArrayLike<number>): number | undefined {
    const f = this.tripleFields;
    const a = own(codes[f[3 * t]!]!);
    const b = own(codes[f[3 * t + 1]!]!);
    const c = own(codes[f[3 * t + 2]!]!);
    return a < 0 || b < 0 || c < 0 ? undefined : this.counts[t]!.get(this.firstTwo(t, a, b), c);
  }

  /** The first two codes of triple t as one key: within their dense ranges, the cell of the pair
   *  (below 1 << (bitsA + bitsB)); beyond them, a key above every such cell (hashed). */
  private firstTwo(t: number, a: number, b: number): number {
    const bitsA = this.bits[2 * t]!;
    const bitsB = this.bits[2 * t + 1]!;
    const cell = bitsB > 0 ? denseCell(a, b, bitsA, bitsB) : -1;
    return cell >= 0 ? cell : 2 ** (bitsA + bitsB) + a * MAX_CODES + b;
  }
}

/** A value's code here: the history's code among the first MAX_CODES values, else none (-1). */
const own = (code: number) => (code >= 0 && code < MAX_CODES ? code : -1);
