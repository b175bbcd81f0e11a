// Counts of three-value combinations over the categorical fields with few values (company,
// currency, document type, posting key...): the evidence for "higher-order" anomalies, three
// values whose every pair is common but which never occur together. Values get small integer
// codes per field, so a combination is one number and counting costs a map update; fields with
// many values (accounts, users) are left to the pair counts, where a triple would rarely be
// expected often enough to mean anything. The codes are the history's own (history.ts).
const MAX_CODES = 256;

export class TripleCounts {
  /** Positions (in the categorical fields) of the fields combined, and the triples of them. */
  readonly triples: [number, number, number][] = [];
  private readonly counts: Map<number, number>[];
  private readonly tripleFields: Int32Array;

  constructor(readonly fieldIndexes: readonly number[]) {
    const k = fieldIndexes.length;
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) for (let c = b + 1; c < k; c++) this.triples.push([a, b, c]);
    this.counts = this.triples.map(() => new Map());
    // Per triple, the categorical field positions of its three fields.
    this.tripleFields = Int32Array.from(this.triples.flatMap(([a, b, c]) => [fieldIndexes[a]!, fieldIndexes[b]!, fieldIndexes[c]!]));
  }

  /** Adds one transaction, by the history's codes of its values (indexed like the categorical
   *  fields; codes are given in order of first appearance, so the first MAX_CODES values of a
   *  field are the ones combined). */
  add(codes: ArrayLike<number>, delta = 1) {
    const f = this.tripleFields;
    for (let t = 0; t < this.triples.length; t++) {
      const key = keyOf(codes[f[3 * t]!]!, codes[f[3 * t + 1]!]!, codes[f[3 * t + 2]!]!);
      if (key < 0) continue;
      const m = this.counts[t]!;
      m.set(key, (m.get(key) ?? 0) + delta);
    }
  }

  /** How often triple t's values (by the history's codes, indexed like the categorical fields)
   *  occurred together; undefined when a value has no code here. */
  count(t: number, codes: ArrayLike<number>): number | undefined {
    const f = this.tripleFields;
    const key = keyOf(codes[f[3 * t]!]!, codes[f[3 * t + 1]!]!, codes[f[3 * t + 2]!]!);
    return key < 0 ? undefined : (this.counts[t]!.get(key) ?? 0);
  }
}

/** A value's code here: the history's code among the first MAX_CODES values, else none (-1). */
const own = (code: number) => (code >= 0 && code < MAX_CODES ? code : -1);

function keyOf(a: number, b: number, c: number): number {
  const x = own(a);
  const y = own(b);
  const z = own(c);
  return x < 0 || y < 0 || z < 0 ? -1 : (x * MAX_CODES + y) * MAX_CODES + z;
}
