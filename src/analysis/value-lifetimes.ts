// How long each value of a sampled column lives: the time between its first and its last row.
// A batch column (profile.ts isBatch: a pay run, an import id) and a numbered memo
// (numbered-text.ts: "Reversal of JE10738") are told by values that live a few days and never
// return, where a code (an account, a cost centre) lives all through the history.
import { DAY_MS } from "./dates.ts";

export interface ValueLifetimes {
  /** The sample's span (its dated rows' first to last), in ms. */
  span: number;
  /** The dated rows counted (those of the values `counts` keeps). */
  rows: number;
  /** Per value counted: its dated rows, its first and its last time. */
  values: Map<string, { rows: number; first: number; last: number }>;
}

/**
 * The lifetimes of the values of a column (`values` and `times` per row of the sample; NaN:
 * undated), of the values `counts` keeps; undefined when the sample spans fewer than
 * `minSpanDays` days (a day's entries say nothing of lifetimes).
 */
export function valueLifetimes(values: readonly (string | undefined)[], times: Float64Array, minSpanDays: number, counts: (value: string) => boolean = () => true): ValueLifetimes | undefined {
  let lo = Number.POSITIVE_INFINITY;
  let hi = Number.NEGATIVE_INFINITY;
  for (const t of times) {
    if (Number.isNaN(t)) continue;
    if (t < lo) lo = t;
    if (t > hi) hi = t;
  }
  const span = hi - lo;
  if (!(span >= minSpanDays * DAY_MS)) return undefined;
  const out: ValueLifetimes = { span, rows: 0, values: new Map() };
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    const t = times[i]!;
    if (v === undefined || Number.isNaN(t) || !counts(v)) continue;
    out.rows++;
    const seen = out.values.get(v);
    if (seen === undefined) out.values.set(v, { rows: 1, first: t, last: t });
    else {
      seen.rows++;
      if (t < seen.first) seen.first = t;
      if (t > seen.last) seen.last = t;
    }
  }
  return out;
}

/** The rows of values that lived at most `share` of the sample's span. */
export function shortLivedRows(l: ValueLifetimes, share: number): number {
  let n = 0;
  for (const v of l.values.values()) if (v.last - v.first <= l.span * share) n += v.rows;
  return n;
}
