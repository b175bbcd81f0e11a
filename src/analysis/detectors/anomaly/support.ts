// How much of the history supports calling something rare (the minimum-history guard of the
// rare_value and rare_combination detectors). "Never seen" is evidence only in proportion to how
// often a legitimate value or pair would have shown up by now:
//  - a pair of values seen (almost) never together is judged against the most specific third
//    value of the transaction that is compatible with both (a company for a profit centre and a
//    currency): "given company C1000, which books dollars 38 times in 1,466 postings, profit centre
//    P1010 (371 postings) would have been seen with dollars about 9.6 times" — far fewer than
//    independence over the whole ledger predicts (115), because most dollars are another
//    company's. Short ledgers are where this matters: a company's occasional foreign currency is
//    seen a handful of times per profit centre, not hundreds.
//  - a value never seen before is decisive only where the field's least-used established value
//    would almost surely not have stayed unseen: if some legitimate account is used only twice in
//    the history, a third one used once is what a short history of a long-tailed chart looks like.
// Everything here runs only for a candidate finding (a pair or value already found rare), never
// for every transaction.
import type { HistoryStats } from "../../history.ts";
import type { RobustSummary } from "../../stats.ts";

/** A third value that explains why a pair is rare: the pair's expected count given it. */
export interface Explanation {
  field: number;
  value: string;
  /** Expected co-occurrences of the pair given this value (conditional independence). */
  expected: number;
}

/** Fields with at most this many values are summed over exactly (a company code, a currency);
 *  finer ones (accounts, users) are bounded from the transaction's own value. */
const EXACT_MAX_VALUES = 64;

/**
 * The smallest expected count of the pair (i = a, j = b) when a and b are independent once the
 * value of one more field k is known, over the fields of the transaction: the sum over k's values
 * c' of n(a,c') · n(b,c') / n(c'). For a field of many values, only the transaction's own value c
 * is looked up and the others add at most what a or b has outside c (each term is at most
 * min(n(a,c'), n(b,c'))): n(a,c) · n(b,c) / n(c) + min(n(a) − n(a,c), n(b) − n(b,c)). The
 * transaction's own value must have been seen more than `maxCount` times with each of a and b
 * (compatible with both): a value never seen with b — or a copy of a's field — cannot explain a
 * pair that includes b; it would only restate the anomaly.
 */
export function conditionalExpectation(h: HistoryStats, values: readonly (string | undefined)[], i: number, j: number, self: number, maxCount: number): Explanation | undefined {
  const a = values[i]!;
  const b = values[j]!;
  const na = h.valueCount(i, a) - self;
  const nb = h.valueCount(j, b) - self;
  let best: Explanation | undefined;
  for (let k = 0; k < values.length; k++) {
    const c = values[k];
    if (k === i || k === j || c === undefined) continue;
    const nac = pairOf(h, i, k, a, c) - self;
    if (nac <= maxCount) continue;
    const nbc = pairOf(h, j, k, b, c) - self;
    if (nbc <= maxCount) continue;
    const nc = h.valueCount(k, c) - self;
    if (nc <= 0) continue;
    let expected = (nac * nbc) / nc;
    if (h.distinctValues(k) <= EXACT_MAX_VALUES) {
      for (const [other, n] of h.valuesOf(k)) {
        if (other === c || n <= 0) continue;
        const x = pairOf(h, i, k, a, other);
        if (x === 0) continue;
        expected += (x * pairOf(h, j, k, b, other)) / n;
      }
    } else expected += Math.max(0, Math.min(na - nac, nb - nbc));
    if (!best || expected < best.expected) best = { field: k, value: c, expected };
  }
  return best;
}

/**
 * The same for three values (fields f[0..2]): the smallest expected count of the three together
 * when they are independent within each value c' of one more field k:
 * Σ n(a,c') · n(b,c') · n(c,c') / n(c')², exact for fields of few values and otherwise bounded by
 * the transaction's own value plus the least any of the three has outside it. A currency its
 * company books only on a few revaluation runs makes (credit key, profit centre, currency) rare
 * within that company, however often the pairs occur over the whole ledger.
 */
export function conditionalTripleExpectation(h: HistoryStats, values: readonly (string | undefined)[], f: readonly [number, number, number], self: number, maxCount: number): Explanation | undefined {
  const v = f.map((i) => values[i]!);
  const n = f.map((i, x) => h.valueCount(i, v[x]!) - self);
  let best: Explanation | undefined;
  for (let k = 0; k < values.length; k++) {
    const c = values[k];
    if (k === f[0] || k === f[1] || k === f[2] || c === undefined) continue;
    const nc = h.valueCount(k, c) - self;
    if (nc <= 0) continue;
    const with0 = pairOf(h, f[0], k, v[0]!, c) - self;
    if (with0 <= maxCount) continue;
    const with1 = pairOf(h, f[1], k, v[1]!, c) - self;
    if (with1 <= maxCount) continue;
    const with2 = pairOf(h, f[2], k, v[2]!, c) - self;
    if (with2 <= maxCount) continue;
    let expected = (with0 * with1 * with2) / (nc * nc);
    if (h.distinctValues(k) <= EXACT_MAX_VALUES) {
      for (const [other, m] of h.valuesOf(k)) {
        if (other === c || m <= 0) continue;
        const x = pairOf(h, f[0], k, v[0]!, other);
        if (x === 0) continue;
        const y = pairOf(h, f[1], k, v[1]!, other);
        if (y === 0) continue;
        expected += (x * y * pairOf(h, f[2], k, v[2]!, other)) / (m * m);
      }
    } else expected += Math.max(0, Math.min(n[0]! - with0, n[1]! - with1, n[2]! - with2));
    // Where c's field is counted three at a time too, the three values' pairs within c are
    // known: Kirkwood's approximation inside c (n(c) · n(abc')n(acc')n(bcc') / (n(ac)n(bc)n(cc))
    // in pair-within-c terms), plus the bound for outside c. It keeps what the pairs say (a credit
    // key never in dollars within this company) that independence within c loses.
    const inside = kirkwoodWithin(h, values, f, k, self, maxCount);
    if (inside !== undefined) expected = Math.min(expected, inside + Math.max(0, Math.min(n[0]! - with0, n[1]! - with1, n[2]! - with2)));
    if (!best || expected < best.expected) best = { field: k, value: c, expected };
  }
  return best;
}

/** n(abc within c') by Kirkwood from the triples (x, y, k) of the entry's values, when field k
 *  and the three fields are all counted three at a time; undefined otherwise or when a triple
 *  with c' was seen no more than maxCount times (c' not compatible with that pair). */
function kirkwoodWithin(h: HistoryStats, values: readonly (string | undefined)[], f: readonly [number, number, number], k: number, self: number, maxCount: number): number | undefined {
  const tc = h.triples;
  const pos = (i: number) => tc.fieldIndexes.indexOf(i);
  if (pos(k) < 0 || f.some((i) => pos(i) < 0)) return undefined;
  const codes = h.codesOf(values);
  const triple = (x: number, y: number): number | undefined => {
    const want = [pos(x), pos(y), pos(k)].sort((p, q) => p - q);
    const t = tc.triples.findIndex((tr) => tr[0] === want[0] && tr[1] === want[1] && tr[2] === want[2]);
    const count = t < 0 ? undefined : tc.count(t, codes);
    return count === undefined ? undefined : count - self;
  };
  const c = values[k]!;
  const nab = triple(f[0], f[1]);
  const nac = triple(f[0], f[2]);
  const nbc = triple(f[1], f[2]);
  if (nab === undefined || nac === undefined || nbc === undefined || Math.min(nab, nac, nbc) <= maxCount) return undefined;
  const na = pairOf(h, f[0], k, values[f[0]]!, c) - self;
  const nb = pairOf(h, f[1], k, values[f[1]]!, c) - self;
  const ncc = pairOf(h, f[2], k, values[f[2]]!, c) - self;
  const nk = h.valueCount(k, c) - self;
  if (na <= 0 || nb <= 0 || ncc <= 0 || nk <= 0) return undefined;
  return (nk * nab * nac * nbc) / (na * nb * ncc);
}

function pairOf(h: HistoryStats, i: number, k: number, a: string, c: string): number {
  return i < k ? h.pairCount(i, k, a, c) : h.pairCount(k, i, c, a);
}

/** P(a legitimate value used at a rate of `lambda` per history shows up at most once) — Poisson. */
export function chanceSeenOnce(lambda: number): number {
  return Math.exp(-lambda) * (1 + lambda);
}

/** How far a robust z-score backs an amount's ratio to its usual beyond "decisive": 0 at the
 *  outlier threshold, 1 at twice it (the same scale as the z-score's own evidence). */
export function ratioSupport(z: number, threshold: number): number {
  return Math.max(0, Math.min(1, (Math.abs(z) - threshold) / threshold));
}

/** The chance, at most, that a legitimate value stays unseen but for this once for "never seen"
 *  to be decisive. */
export const NEVER_SEEN_CHANCE = 0.01;

/**
 * The count of field i's least-used established value other than `value`: the smallest count of
 * at least 2 (a value that has repeated) above `negligible` (values used a negligible share of the
 * average are intruders like the one judged, not evidence of a legitimate tail). Infinity when
 * there is none. Read for candidate findings only (it walks the field's values).
 */
export function leastEstablished(h: HistoryStats, i: number, value: string, negligible: number): number {
  let least = Number.POSITIVE_INFINITY;
  for (const [v, n] of h.valuesOf(i)) if (v !== value && n >= 2 && n > negligible && n < least) least = n;
  return least;
}

/**
 * Whether a user's routine in a context is a business of its own level: long enough to be a
 * population (≥ min_history postings) and with a median well above the context's — a robust z of
 * at least threshold/2 (a batch user whose every posting there is far above everybody else's), or,
 * for the user's first posting in the finer context being judged (a sweep: a closing run posts
 * once per account), at least threshold/4 (the user's usual posting there is several times the
 * context's; a closing posting is a year of the account's postings, fewer on a short ledger). Such
 * a routine may explain an alarm in a finer context it has too little history in. An ordinary
 * user's routine sits near the context's usual and never qualifies, so it cannot excuse a local
 * outlier.
 */
export function ownLevel(routine: RobustSummary, n: number, usual: RobustSummary | undefined, cfg: { min_history: number; threshold: number }, sweep = false): boolean {
  return usual !== undefined && n >= cfg.min_history && (routine.median - usual.median) / usual.scale >= cfg.threshold / (sweep ? 4 : 2);
}
