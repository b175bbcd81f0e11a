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
 * population (≥ min_history postings) and with a median that is itself an outlier for the context
 * (robust z ≥ the threshold) — a batch user whose every posting there is far above everybody
 * else's (a closing run). Such a routine may explain an alarm in a finer context it has too
 * little history in (one closing posting per account a year). An ordinary user's routine sits
 * near the context's usual and never qualifies, so it cannot excuse a local outlier.
 */
export function ownLevel(routine: RobustSummary, n: number, usual: RobustSummary | undefined, cfg: { min_history: number; threshold: number }): boolean {
  return usual !== undefined && n >= cfg.min_history && (routine.median - usual.median) / usual.scale >= cfg.threshold / 2;
}
