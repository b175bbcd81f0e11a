// The money a late return left unbilled, by the best-rate rule. A rental house bills a rental at
// the cheapest mix of its day, week and 4-week rates that covers its days (RentalMan's and Point
// of Rental's "best rate": five days are billed as a week when the week costs less than five
// days, three weeks and five days as a 4-week). A rental billed to the day it was expected back
// and returned days later owes the best rate of all its days less what the bill charged — not the
// bill's rental per day times the days short: a week billed for five days makes each of them dear,
// and the days after it may cost a day each, or nothing more than a second week.
//
// The rates are the rate book's (the price list's day, week and 4-week rows of the bill's
// cat-class, in force on the bill's first day) at the discount the bill's own rate shows off the
// book's rate of its period (a national account's 80 % of the book, a quote approved below it).
// Each cat-class on the bill is priced for as many machines as its lines' periods cover the days
// billed (two weeks on a seven-day bill: two machines). A bill whose rental lines cannot all be
// priced so keeps the judge's amount (rental-periods.ts). The charges in percent of the rental (a
// damage waiver, an environmental fee) follow it in the share they add to the bill's rental.
import type { Transaction } from "../../../domain/transaction.ts";
import { isPercentUnit } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { attributeKey } from "./markers.ts";

/** Spellings of the three rate periods as a price list writes them, by their days. */
const PERIODS: readonly [number, readonly string[]][] = [
  [1, ["DAY", "D", "DY", "DAYS", "DAILY"]],
  [7, ["WK", "W", "WEEK", "WEEKS", "WKS", "WEEKLY"]],
  [28, ["4WK", "4W", "4WEEK", "4WEEKS", "28DAY", "28DAYS", "28D", "FOURWEEK"]],
];

/** Days in a rental line's rate period (DAY 1, WK 7, 4WK 28); undefined for others (HR, SHIFT, MO). */
function periodDays(unit: string): number | undefined {
  const k = attributeKey(unit);
  for (const [days, names] of PERIODS) if (names.includes(k)) return days;
  return undefined;
}

/** The cheapest mix of the rates covering `days` (a day rate, a week's, a 4-week's where there is one). */
export function bestRate(days: number, day: number, week: number, fourWeek: number | undefined): number {
  const best = new Float64Array(days + 1);
  for (let d = 1; d <= days; d++) {
    let v = best[d - 1]! + day;
    v = Math.min(v, best[Math.max(0, d - 7)]! + week);
    if (fourWeek !== undefined) v = Math.min(v, best[Math.max(0, d - 28)]! + fourWeek);
    best[d] = v;
  }
  return best[days]!;
}

/**
 * What the rental of `txn`, billed for `billedDays` from `from` (YYYY-MM-DD), comes to short of
 * the best rate of `billedDays + shortDays`, with its percentage charges; undefined when the price
 * list cannot price each of its rental lines' cat-classes at a day and a week rate.
 */
export function bestRateShortfall(txn: Transaction, ctx: AnalysisContext, from: string, billedDays: number, shortDays: number): number | undefined {
  const groups = new Map<string, { amount: number; periodDays: number; rate?: number; unit?: string }>();
  let rental = 0, percent = 0;
  for (const l of txn.lines) {
    if (l.amount === undefined || !Number.isFinite(l.amount) || l.unit === undefined) continue;
    if (isPercentUnit(l.unit)) {
      percent += l.amount;
      continue;
    }
    const days = periodDays(l.unit);
    if (days === undefined) continue;
    if (!l.sku || !(l.quantity! > 0)) return undefined;
    rental += l.amount;
    const g = groups.get(l.sku) ?? { amount: 0, periodDays: 0 };
    g.amount += l.amount;
    g.periodDays += l.quantity! * days;
    if (g.rate === undefined && l.unit_price !== undefined && l.unit_price > 0) {
      g.rate = l.unit_price;
      g.unit = l.unit;
    }
    groups.set(l.sku, g);
  }
  if (groups.size === 0 || !(rental > 0)) return undefined;
  let short = 0;
  for (const [sku, g] of groups) {
    if (g.rate === undefined || g.unit === undefined) return undefined;
    const book = (names: readonly string[]) => {
      for (const n of names) {
        const p = ctx.reference.listPrice(sku, txn.currency, from, n);
        if (p !== undefined && p > 0) return p;
      }
      return undefined;
    };
    const ownDays = periodDays(g.unit)!;
    const own = book(PERIODS.find(([d]) => d === ownDays)![1]);
    const day = book(PERIODS[0]![1]), week = book(PERIODS[1]![1]), fourWeek = book(PERIODS[2]![1]);
    if (own === undefined || day === undefined || week === undefined) return undefined;
    const f = g.rate / own;
    const machines = Math.max(1, Math.round(g.periodDays / Math.max(1, billedDays)));
    short += Math.max(0, machines * bestRate(billedDays + shortDays, day * f, week * f, fourWeek === undefined ? undefined : fourWeek * f) - g.amount);
  }
  return Math.round(short * (1 + percent / rental) * 100) / 100;
}
