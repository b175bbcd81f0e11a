// zero_price_line: a billable line (positive quantity) billed at zero for a SKU that has a price
// under the terms in force, or on the price list. A contract or promotion at price 0 (a free
// item) is legitimate and is not reported.
import { roundMoney } from "../../../domain/rounding.ts";
import { money } from "../types.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const zeroPriceRule: LineRule = {
  code: "zero_price_line",
  check(f, { txn }) {
    if (f.quantity <= 0 || f.net !== 0) return null;
    if (f.foreignTerms && !f.terms) return null;
    const floor = f.terms ? f.terms.price : f.policyFloor;
    if (floor === undefined || floor <= 0) return null;
    return {
      code: "zero_price_line",
      score: 1,
      message: `${f.quantity} × ${f.sku} billed at 0; the ${f.terms ? "contract" : "lowest allowed list"} price is ${money(floor)} ${txn.currency ?? ""}`.trim(),
      field: lineField(f, "unit_price"),
      expected: { unit_price: roundMoney(floor), ...(f.terms ? { contract_id: f.terms.contract_id } : {}) },
      actual: { unit_price: 0, quantity: f.quantity },
      amount_at_risk: roundMoney(floor * f.quantity),
      risk_key: lineRiskKey(f),
    };
  },
};
