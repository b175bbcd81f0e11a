// Counts of three-value combinations over the categorical fields with few values (company,
// currency, document type, posting key...): the evidence for "higher-order" anomalies, three
// values whose every pair is common but which never occur together. Values get small integer
// codes per field, so a combination is one number and counting costs a map update; fields with
// many values (accounts, users) are left to the pair counts, where a triple would rarely be
// expected often enough to mean anything.
const MAX_CODES = 256;

export class TripleCounts {
  /** Positions (in the categorical fields) of the fields combined, and the triples of them. */
  readonly triples: [number, number, number][] = [];
  private readonly codes: Map<string, number>[];
  private readonly counts: Map<number, number>[];

  constructor(readonly fieldIndexes: readonly number[]) {
    this.codes = fieldIndexes.map(() => new Map());
    const k = fieldIndexes.length;
    for (let a = 0; a < k; a++) for (let b = a + 1; b < k; b++) for (let c = b + 1; c < k; c++) this.triples.push([a, b, c]);
    this.counts = this.triples.map(() => new Map());
  }

  /** Adds one transaction's values (indexed like the categorical fields). */
  add(values: readonly (string | undefined)[], delta = 1) {
    const codes = this.fieldIndexes.map((f, i) => this.code(i, values[f], true));
    for (let t = 0; t < this.triples.length; t++) {
      const [a, b, c] = this.triples[t]!;
      const key = keyOf(codes[a]!, codes[b]!, codes[c]!);
      if (key < 0) continue;
      const m = this.counts[t]!;
      m.set(key, (m.get(key) ?? 0) + delta);
    }
  }

  /** The codes of a transaction's values (indexed like fieldIndexes; -1: never seen). */
  codesOf(values: readonly (string | undefined)[]): number[] {
    return this.fieldIndexes.map((f, i) => this.code(i, values[f], false));
  }

  /** How often triple t's values (as codesOf gives them) occurred together; undefined when a
   *  value has no code. */
  count(t: number, codes: readonly number[]): number | undefined {
    const [a, b, c] = this.triples[t]!;
    const key = keyOf(codes[a]!, codes[b]!, codes[c]!);
    return key < 0 ? undefined : (this.counts[t]!.get(key) ?? 0);
  }

  private code(i: number, value: string | undefined, assign: boolean): number {
    if (value === undefined) return -1;
    const m = this.codes[i]!;
    const c = m.get(value);
    if (c !== undefined) return c;
    if (!assign || m.size >= MAX_CODES) return -1;
    m.set(value, m.size);
    return m.size - 1;
  }
}

function keyOf(a: number, b: number, c: number): number {
  return a < 0 || b < 0 || c < 0 ? -1 : (a * MAX_CODES + b) * MAX_CODES + c;
}
