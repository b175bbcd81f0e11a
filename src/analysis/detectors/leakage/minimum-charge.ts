// below_minimum_charge: a bill below the minimum charge its contract states, the minimum waived
// without approval. Minimum charges run through billing — a carrier's absolute minimum per
// shipment, a courier's minimum per parcel, a firm's minimum fee per engagement bill, a utility's
// minimum bill —, and where the discounted charges come to less, the bill carries the minimum
// instead (a MIN line). The contract states the minimum as a row of a minimum item code
// (`revenue_leakage.minimum_charge_skus`: MIN, MINIMUM, MIN_CHARGE, MIN_FEE…, compared
// without case or separators) whose price is the minimum per document.
//
// What the minimum applies to is what the contract prices: the lines of SKUs the minimum's
// contract has rows for (a carrier's agreement prices the linehaul; fuel and accessorials come
// from the tariff and are charged on top), or, where the contract states nothing but the minimum,
// the whole bill; a minimum row that names the codes it applies to (`applies_to`: a franchise
// agreement's minimum royalty, beside the brand fund and technology fee it also prices) applies
// to those (minimumScope in minimum-top-up.ts). A bill with none of the contract's SKUs (a bill
// of accessorials alone) is not judged. Those lines are counted at their billed amounts, or at the contract's price where a
// line is billed below it (the line's own finding has that shortfall: the minimum's adds only
// what the agreed prices would still have fallen short), and the money at risk is the minimum
// less that.
//
// Not judged: a bill carrying a minimum line (billed at the minimum), one naming an approver (a
// pricing manager's waiver), a credit, a bill adding to a standing original (a balance due:
// billed-difference.ts), a bill credited in full and billed again (replaced-invoice.ts), and bills whose lines are not priced as billed (free of charge, at a
// quote, prorated, intercompany: documentRules in pricing.ts).
import type { Contract, Transaction } from "../../../domain/transaction.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import type { AnalysisContext } from "../../context.ts";
import { dayOf } from "../../dates.ts";
import { validOn } from "../../reference-index.ts";
import { isBelow, money, shortfallScore, type Detector, type Finding } from "../types.ts";
import { addsToOriginal } from "./billed-difference.ts";
import { contractsInScope } from "./contract-scope.ts";
import { documentRules, PRICING_RULES } from "./pricing.ts";
import { replacedInvoice } from "./replaced-invoice.ts";
import { lineWorkDaysBefore, workDaysBefore } from "./work-dates.ts";
import { isMinimumCode, minimumScope } from "./minimum-top-up.ts";
import { namedPeriod, namedPeriodDays, periodEndBefore } from "./billed-period.ts";
import { cadenceOf } from "./unbilled-recurring.ts";

export const minimumChargeDetector: Detector = {
  codes: ["below_minimum_charge"],
  // The ledger: a balance due's original, the contracts the invoices name (contract-scope.ts).
  history: "ledger",
  detect(input) {
    const { txn, ctx, config } = input;
    const cfg = config.revenue_leakage;
    if (txn.type !== "invoice" || txn.approved_by || txn.lines.length === 0) return [];
    const codes = minimumCodes(ctx, cfg.minimum_charge_skus);
    if (codes.length === 0 || txn.lines.some((l) => l.sku !== undefined && isMinimumCode(l.sku, cfg.minimum_charge_skus))) return [];
    const minimum = minimumInForce(txn, ctx, codes);
    if (!minimum || documentRules(txn, ctx, cfg) !== PRICING_RULES || addsToOriginal(txn, ctx) || billsLessThanItsPeriod(txn, minimum, ctx)) return [];
    // The lines the minimum applies to: the codes its row names, else the SKUs its contract prices, else all.
    const scope = minimumScope(minimum, ctx, cfg.minimum_charge_skus);
    const appliesToAll = scope.all;
    let billed = 0;
    let counted = 0;
    for (const f of input.lines()) {
      if (!scope.covers(f.pricingSku)) continue;
      const amount = f.line.amount ?? (f.net ?? 0) * f.quantity;
      const agreed = f.terms && f.quantity > 0 ? f.terms.price * f.quantity : amount;
      billed += Math.max(amount, agreed);
      counted++;
    }
    if (counted === 0 || !(billed > 0)) return [];
    const owed = owedInPeriod(txn, ctx, codes, minimum);
    if (!isBelow(billed, owed.amount, cfg.tolerance)) return [];
    // Credited in full and billed again: the new bill is the one judged (asked only of a finding).
    if (replacedInvoice(txn, ctx) !== undefined) return [];
    return [finding(txn, minimum, billed, owed, appliesToAll)];
  },
};

/**
 * Whether the minimum is stated per period (its row's `billing_frequency`: a 3PL's "Monthly"
 * minimum) and the bill names a period of its own shorter than one of them: a special-project work
 * order billed for the day it was done is no month of the client's billing, whose bill owes the
 * minimum. A minimum without a cadence (a carrier's absolute minimum) is per bill, and a bill that
 * names no period is judged as ever.
 */
function billsLessThanItsPeriod(txn: Transaction, minimum: Contract, ctx: AnalysisContext): boolean {
  const cadence = cadenceOf(minimum.billing_frequency, minimum.billing_timing);
  if (!cadence) return false;
  const days = namedPeriodDays(txn, ctx.dayOrder);
  return days !== undefined && days < (cadence.months > 0 ? 28 * cadence.months : 7 * cadence.weeks);
}

/** What a bill owes of its minimum: the whole, or the share of its period the minimum ran. */
interface Owed {
  amount: number;
  /** Where prorated: the days of the period the minimum ran, and the period's days. */
  days?: { covered: number; period: number };
}

/**
 * The minimum the bill owes. A minimum stated per period (its row's cadence: a 3PL's "Monthly"
 * minimum) that no row of the customer's had in force on the first day of the period the bill
 * names — a client's first month, its rate sheet starting on the 12th — is prorated over the days
 * of the period from its start, as billing systems prorate a monthly charge over a partial month
 * (Zuora's "use actual number of days", a WMS's minimum in a client's first month): 20 of 31 days
 * of a 1,500 minimum owe 967.74. A sheet renewed mid-month still owes the whole (the earlier one
 * ran from the first), and a minimum per bill (no cadence) is never prorated.
 */
function owedInPeriod(txn: Transaction, ctx: AnalysisContext, codes: readonly string[], minimum: Contract): Owed {
  const whole = { amount: minimum.price };
  if (!cadenceOf(minimum.billing_frequency, minimum.billing_timing)) return whole;
  const period = namedPeriod(txn, ctx.dayOrder);
  const start = minimum.valid_from?.slice(0, 10);
  if (!period || !start || !(start > period.from) || start > period.to) return whole;
  for (const code of codes) {
    for (const c of contractsInScope(ctx, txn, code)) {
      if (c.currency && txn.currency && c.currency.toUpperCase() !== txn.currency) continue;
      if (c.price > 0 && validOn(c, period.from)) return whole;
    }
  }
  const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;
  const covered = days(start, period.to);
  const all = days(period.from, period.to);
  return { amount: roundMoney((minimum.price * covered) / all), days: { covered, period: all } };
}

function finding(txn: Transaction, minimum: Contract, billed: number, owed: Owed, appliesToAll: boolean): Finding {
  const what = appliesToAll ? "the bill" : `the charges ${minimum.contract_id} prices`;
  const short = owed.amount - billed;
  const prorated = owed.days ? `, prorated ${owed.days.covered} of ${owed.days.period} days from its start to ${money(owed.amount)}` : "";
  return {
    code: "below_minimum_charge",
    score: shortfallScore(owed.amount, billed),
    message: `${what} come to ${money(billed)} ${txn.currency ?? ""}, below the minimum charge of ${money(minimum.price)} in ${minimum.contract_id}${prorated}, with no minimum line and no approver (${money(short)} short)`.replace("  ", " "),
    field: "lines",
    expected: { contract_id: minimum.contract_id, sku: minimum.sku, minimum: owed.amount },
    actual: { billed: roundMoney(billed) },
    amount_at_risk: roundMoney(short),
    // The bill's shortfall as a whole: the same money as a duplicate's or an excess credit's.
    risk_key: "minimum",
  };
}

/**
 * The most generous minimum (the lowest) in force on the bill's day or a day its work was done —
 * the document's, or its lines' own (`work_date`) —, in its currency. The minimum applies to the
 * period the work was performed in, as the lines' rates do (line-facts.ts): a call berthed on 30
 * December and invoiced on 1 January owes December's minimum, not the new year's. Service billed in
 * arrears is judged on the last day of the period the bill names instead of the bill's day
 * (billed-period.ts): a minimum royalty from a unit's 13th month owes nothing on the bill of its
 * 12th, issued in the 13th.
 */
function minimumInForce(txn: Transaction, ctx: AnalysisContext, codes: readonly string[]): Contract | undefined {
  const day = dayOf(txn.date);
  const days = [periodEndBefore(txn, day, ctx.dayOrder) ?? day, ...workDaysBefore(txn, day, ctx.dayOrder), ...lineWorkDaysBefore(txn, day)];
  let best: Contract | undefined;
  for (const code of codes) {
    for (const c of contractsInScope(ctx, txn, code)) {
      if (c.currency && txn.currency && c.currency.toUpperCase() !== txn.currency) continue;
      if (!(c.price > 0) || !days.some((d) => validOn(c, d))) continue;
      if (!best || c.price < best.price) best = c;
    }
  }
  return best;
}

/** The contract SKUs that state a minimum, as the contracts spell them (per reference index and configured list). */
const codesCache = new WeakMap<object, { configured: readonly string[]; codes: string[] }>();
function minimumCodes(ctx: AnalysisContext, configured: readonly string[]): readonly string[] {
  const cached = codesCache.get(ctx.reference);
  if (cached && cached.configured === configured) return cached.codes;
  const codes = [...ctx.reference.contractedSkus].filter((sku) => isMinimumCode(sku, configured));
  codesCache.set(ctx.reference, { configured, codes });
  return codes;
}
