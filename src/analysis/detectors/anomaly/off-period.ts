// off_period_posting: a value that posts only in a few periods of the year — a count adjustment's
// document type in the July and January counts — posting between them, in a month where it has
// (almost) never posted: a shrink adjustment booked in October, outside any count. Read for the
// fields listed in `off_period.fields` (value-periods.ts).
//
// A value's periods are the months it posted on at least PERIOD_DAYS days and at least half as many
// days as in its busiest month; it is judged when it
// has at least outlier.min_history postings and its periods are at most a third of the ledger's
// months. Not judged: a value posting on one day of each month or quarter (a month-end accrual, a
// quarter-end entry, an allocation: no month of it has PERIOD_DAYS days, so it has no periods to
// be off), one posting in most months (a weekly payroll), a month before its first period or after
// its last (a value that begins or ends: a new store's pre-opening month, a closed one's last
// bills). Reported when the posting's month is none of its periods, has at most
// rare_value.max_count other posting days of the value, and lies between two of its periods.
import { parseDateMs } from "../../dates.ts";
import { lowerBound } from "../../sorted-search.ts";
import { monthIndexOf, PERIOD_DAYS } from "../../value-periods.ts";
import type { Detector, Finding } from "../types.ts";

/** Evidence (with the default weight 0.75: 60, high). */
const SCORE = 0.8;

const monthName = (m: number) => `${Math.floor(m / 12)}-${String((m % 12) + 1).padStart(2, "0")}`;

export const offPeriodDetector: Detector = {
  codes: ["off_period_posting"],
  history: "full",
  detect(input) {
    const { txn, ctx, config } = input;
    const periods = ctx.history.valuePeriods;
    if (periods.specs.length === 0 || !txn.date) return [];
    const ms = parseDateMs(txn.date);
    if (Number.isNaN(ms)) return [];
    const month = monthIndexOf(ms);
    const day = Math.floor(ms / 86_400_000);
    const { values, codes } = input.categorical();
    for (const spec of periods.specs) {
      const code = codes[spec.index]!;
      if (code < 0) continue;
      const v = spec.values.get(code);
      if (!v || v.postings < config.anomaly_detection.outlier.min_history) continue;
      const own = v.periods;
      if (own.length === 0 || own.length > periods.ledgerMonths / 3 || sortedIncludes(own, month)) continue;
      const days = v.months.get(month);
      const others = days ? days.size - (days.has(day) ? 1 : 0) : 0;
      if (others > config.anomaly_detection.rare_value.max_count) continue;
      if (own[0]! > month || own[own.length - 1]! < month) continue;
      return [finding(spec.field, values[spec.index]!, own, month, others, v.postings)];
    }
    return [];
  },
};

function sortedIncludes(sorted: readonly number[], x: number): boolean {
  const i = lowerBound(sorted, x);
  return i < sorted.length && sorted[i] === x;
}

function finding(field: string, value: string, own: readonly number[], month: number, others: number, postings: number): Finding {
  const list = own.map(monthName).join(", ");
  return {
    code: "off_period_posting",
    score: SCORE,
    message: `${field} "${value}" posts in its own periods (${list}: ${postings} postings), and here in ${monthName(month)}, between them, where it posted on ${others} other day(s)`,
    field,
    expected: { periods: own.map(monthName), min_period_days: PERIOD_DAYS },
    actual: { [field]: value, month: monthName(month), other_posting_days_that_month: others },
    amount_at_risk: 0,
  };
}
