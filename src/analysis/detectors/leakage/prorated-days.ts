// price_below_contract on a prorated line that names the days it bills. A software vendor co-terms
// add-on licences to the main contract's anniversary and bills a cancelled renewal's final partial
// period: each such line is the contract's price for a period (`billing_frequency`: a year, a
// quarter, a month) times the share of it the line's days are — "co-termed to 2026-03-31 (187
// days)", "prorated 123/365 days", "prorated 2025-09-26 - 2026-03-31". A prorated line is
// otherwise judged by its recorded discount only (pricing.ts: the fraction is not stated); where
// the line states its days and the contract in force states its period, the fraction is known, and
// a proration computed on fewer days than the line bills (counted from the wrong day) is a cut no
// recorded discount explains. The line is held to the least generous reading of every convention
// ERPs use — the days counted with one end only, the longest such period (366 days a year, 92 a
// quarter, 31 a month), or a range of whole months by its months (9/12 of a year) where that is
// less — so that no way of counting is a finding; the money at risk is the
// shortfall against that reading (a little below the usual 365-day count: never overstated).
// Not judged: a line naming no days (or as many as the period or more), a contract row stating no
// period, a credit's line (a negative amount).
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelowOnLine, shortfallScore } from "../types.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";
import { cadenceOf } from "./unbilled-recurring.ts";
import { DAY_MS } from "../../dates.ts";
import type { LineFacts } from "./line-facts.ts";
import { isCalendarDay } from "./line-service-days.ts";

/** Two ISO days joined by a dash: the line's first and last day. */
const ISO_RANGE = /(?<![\d-])(\d{4}-\d{2}-\d{2})\s*(?:[-–]|to|through)\s*(\d{4}-\d{2}-\d{2})(?![\d-])/i;
/** A count of days: "(187 days)", "prorated 123/365 days", "201 days". */
const DAY_COUNT = /(?<![\d.,/])(\d{1,3})(?:\s*\/\s*36[56])?\s*days?\b/i;

/** How many days a line's text says it bills (its first and last day counted), or undefined. */
export function namedDays(description: string | undefined): number | undefined {
  if (!description) return undefined;
  const days = rangeDays(description);
  if (days !== undefined) return days;
  const count = DAY_COUNT.exec(description);
  return count ? Number(count[1]) : undefined;
}

/** The fewest days one period of a cadence can have (a year of 365, a quarter from February of 89, February). */
function shortestPeriodDays(months: number, weeks: number): number {
  if (weeks > 0) return 7 * weeks;
  return months === 12 ? 365 : months === 6 ? 181 : months === 3 ? 89 : months === 2 ? 59 : months === 1 ? 28 : Math.floor(months * 28);
}

/**
 * Whether a line bills part of its contract's period by the days its own text names: a range (not
 * a count, which a usage line may state) of fewer days than any period of the contract row's
 * `billing_frequency` has — a renewal's paid months after free extension months, "2025-12-01 -
 * 2026-09-30 (10 months)" of an annual price, the words "prorated" nowhere. Such a line is a
 * prorated line (pricing.ts): held to the contract's price for its days by the rule below, its
 * price no full period's.
 */
export function billsPartOfPeriod(f: Pick<LineFacts, "terms" | "line">): boolean {
  const cadence = f.terms ? cadenceOf(f.terms.billing_frequency, f.terms.billing_timing) : undefined;
  if (!cadence || !f.line.description) return false;
  const days = rangeDays(f.line.description);
  return days !== undefined && days < shortestPeriodDays(cadence.months, cadence.weeks);
}

/** An ISO range in a line's text whose two days are days of the calendar: a typo's 30 February,
 *  which Date.parse reads as 2 March, names no days (line-service-days.ts reads it so too). */
function calendarRange(description: string): RegExpExecArray | undefined {
  const range = ISO_RANGE.exec(description);
  return range && isCalendarDay(range[1]!) && isCalendarDay(range[2]!) ? range : undefined;
}

/** How many days an ISO range in a line's text runs, first and last included; undefined without one. */
function rangeDays(description: string): number | undefined {
  const range = calendarRange(description);
  if (!range) return undefined;
  const from = Date.parse(`${range[1]}T00:00:00Z`), to = Date.parse(`${range[2]}T00:00:00Z`);
  return !Number.isNaN(from) && !Number.isNaN(to) && to >= from ? Math.round((to - from) / DAY_MS) + 1 : undefined;
}

/**
 * How many calendar months an ISO range in a line's text runs, where it runs whole months (from a
 * month's first day to a month's last: "2025-05-01 - 2026-01-31", 9); undefined otherwise. ERPs
 * prorate such a range by its months (9/12 of a year's price) as often as by its days.
 */
function wholeMonths(description: string | undefined): number | undefined {
  const range = description ? calendarRange(description) : undefined;
  if (!range) return undefined;
  const from = new Date(`${range[1]}T00:00:00Z`), after = new Date(Date.parse(`${range[2]}T00:00:00Z`) + DAY_MS);
  if (Number.isNaN(from.getTime()) || Number.isNaN(after.getTime()) || from.getUTCDate() !== 1 || after.getUTCDate() !== 1) return undefined;
  const months = (after.getUTCFullYear() - from.getUTCFullYear()) * 12 + after.getUTCMonth() - from.getUTCMonth();
  return months > 0 ? months : undefined;
}

/** The most days one period of a cadence can have. */
function longestPeriodDays(months: number, weeks: number): number {
  if (weeks > 0) return 7 * weeks;
  return months === 12 ? 366 : months === 6 ? 184 : months === 3 ? 92 : months === 2 ? 62 : months === 1 ? 31 : Math.ceil(months * 30.5) + 1;
}

export const proratedDaysRule: LineRule = {
  code: "price_below_contract",
  check(f, { config }) {
    const terms = f.terms;
    if (!terms || f.net === undefined || f.net <= 0 || f.quantity <= 0 || terms.price <= 0) return null;
    const cadence = cadenceOf(terms.billing_frequency, terms.billing_timing);
    if (!cadence) return null;
    const days = namedDays(f.line.description);
    const period = longestPeriodDays(cadence.months, cadence.weeks);
    if (days === undefined || days < 2 || days >= period) return null;
    // A range of whole months may be prorated by months instead (9/12 of a year for 276 days,
    // below 275/366): the lesser of the two readings.
    const months = cadence.months > 0 ? wholeMonths(f.line.description) : undefined;
    const byMonths = months !== undefined && months < cadence.months && months / cadence.months < (days - 1) / period;
    const floor = byMonths ? (terms.price * months!) / cadence.months : (terms.price * (days - 1)) / period;
    if (!isBelowOnLine(f.net, floor, f.quantity, config.revenue_leakage.tolerance)) return null;
    return {
      code: "price_below_contract",
      score: shortfallScore(floor, f.net),
      message: `${f.sku} prorated for ${days} days at ${roundMoney(f.net)}; contract ${terms.contract_id}'s ${roundMoney(terms.price)} a period owes at least ${roundMoney(floor)} for them (${byMonths ? `${months} of ${cadence.months} months` : `${days - 1} of ${period} days`})`,
      field: lineField(f, "unit_price"),
      expected: { unit_price: roundMoney(floor), contract_id: terms.contract_id, days, period_days: period },
      actual: { unit_price: roundMoney(f.net), quantity: f.quantity },
      amount_at_risk: roundMoney((floor - f.net) * f.quantity),
      risk_key: lineRiskKey(f),
    };
  },
};
