// price_below_list: no contract is in force and the line is billed below the list price less the
// policy's maximum discount, while its recorded discount (if any) stays within the policy: the
// price was cut without an approved discount. Prices within the policy are allowed discounts
// and are not reported — except a line billed at the very price the list had before its latest
// change, with no discount recorded: last year's rate billed after the 1 January increase
// (supersededPrice).
import { roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { AnalysisContext } from "../../context.ts";
import { dayOf, daysBetween, parseDateMs } from "../../dates.ts";
import { isBelowOnLine, money, nearlyEqual, shortfallScore, type Finding } from "../types.ts";
import { governedElsewhere, type LineFacts } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";
import { namesWorkDate } from "./work-dates.ts";

export const priceBelowListRule: LineRule = {
  code: "price_below_list",
  check(f, { txn, ctx, config }) {
    if (f.terms || governedElsewhere(f) || f.net === undefined || f.policyFloor === undefined || f.list === undefined || f.quantity <= 0) return null;
    const cap = f.policyMax;
    if ((f.recordedDiscount ?? 0) > cap + 0.01) return null; // discount_above_cap's case
    const tol = config.revenue_leakage.tolerance;
    if (!isBelowOnLine(f.net, f.policyFloor, f.quantity, tol)) return supersededPrice(f, txn, ctx, tol);
    return {
      code: "price_below_list",
      score: shortfallScore(f.policyFloor, f.net),
      message: `${f.sku} billed at ${money(f.net)} ${txn.currency ?? ""} against list ${money(f.list)} with no contract and a recorded discount of ${f.recordedDiscount ?? 0}% (policy allows ${cap}%)`.replace("  ", " "),
      field: lineField(f, "unit_price"),
      expected: { unit_price: roundMoney(f.policyFloor), list_price: f.list, max_discount_pct: cap },
      actual: { unit_price: roundMoney(f.net), discount_pct: f.recordedDiscount ?? null, quantity: f.quantity },
      amount_at_risk: roundMoney((f.policyFloor - f.net) * f.quantity),
      risk_key: lineRiskKey(f),
    };
  },
};

/** How long after a price change orders taken before it are still being invoiced. */
const ORDER_IN_FLIGHT_DAYS = 7;

/**
 * A line within the policy's discount, but billed at exactly the list price the SKU had before its
 * latest change (within rounding), with no discount recorded: the superseded price list applied
 * after the change (last year's hourly rate billed in February), not a discount anyone gave. The
 * price list's dates are the evidence; a line whose work was done before the change (work_date)
 * or that follows up an invoice of that time is priced at the old list already (line-facts.ts),
 * and a contract in force governs the line instead.
 */
function supersededPrice(f: LineFacts, txn: Transaction, ctx: AnalysisContext, tol: ModulesConfig["revenue_leakage"]["tolerance"]): Finding | null {
  if (f.net === undefined || f.list === undefined || (f.recordedDiscount ?? 0) > 0.01) return null;
  const day = dayOf(txn.date);
  if (day === null || !isBelowOnLine(f.net, f.list, f.quantity, tol)) return null;
  const previous = ctx.reference.previousListPrice(f.pricingSku, txn.currency, day, f.line.unit);
  if (previous === undefined || !(previous.price < f.list) || !nearlyEqual(f.net, previous.price, tol)) return null;
  // Days after a change, an invoice may bill an order taken before it at the price it was taken at
  // (a parcel shipped two days later); the invoice does not say when it was ordered. A work date
  // the document names (after the change: one before it prices the line at the old list already)
  // says the work was done at the new price.
  if (daysBetween(parseDateMs(previous.changed), parseDateMs(day)) < ORDER_IN_FLIGHT_DAYS && !namesWorkDate(txn)) return null;
  return {
    code: "price_below_list",
    score: shortfallScore(f.list, f.net),
    message: `${f.sku} billed at ${money(f.net)} ${txn.currency ?? ""}, the list price before its latest change; the list price is ${money(f.list)} and no discount is recorded`.replace("  ", " "),
    field: lineField(f, "unit_price"),
    expected: { unit_price: roundMoney(f.list), list_price: f.list },
    actual: { unit_price: roundMoney(f.net), discount_pct: f.recordedDiscount ?? null, quantity: f.quantity },
    amount_at_risk: roundMoney((f.list - f.net) * f.quantity),
    risk_key: lineRiskKey(f),
  };
}
