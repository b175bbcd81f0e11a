// price_below_list: no contract is in force and the line is billed below the list price less the
// policy's maximum discount, while its recorded discount (if any) stays within the policy: the
// price was cut without an approved discount. Prices within the policy are allowed discounts
// and are not reported.
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelowOnLine, money, shortfallScore } from "../types.ts";
import { governedElsewhere } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const priceBelowListRule: LineRule = {
  code: "price_below_list",
  check(f, { txn, config }) {
    if (f.terms || governedElsewhere(f) || f.net === undefined || f.policyFloor === undefined || f.list === undefined || f.quantity <= 0) return null;
    const cap = config.revenue_leakage.max_discount_pct;
    if ((f.recordedDiscount ?? 0) > cap + 0.01) return null; // discount_above_cap's case
    if (!isBelowOnLine(f.net, f.policyFloor, f.quantity, config.revenue_leakage.tolerance)) return null;
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
