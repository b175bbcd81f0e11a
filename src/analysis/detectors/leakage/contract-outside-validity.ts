// contract_price_outside_validity: no contract or promotion is in force on the invoice date, yet
// the line carries the price of one that is not (expired, or not yet started), below what the
// policy allows without a contract. A renewal (another contract in force on the date) makes the
// line governed by the renewal instead, so it is never reported here.
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelowOnLine, money, nearlyEqual, shortfallScore } from "../types.ts";
import { governedElsewhere } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const contractOutsideValidityRule: LineRule = {
  code: "contract_price_outside_validity",
  check(f, { txn, config }) {
    if (f.terms || governedElsewhere(f) || f.net === undefined || f.policyFloor === undefined || f.quantity <= 0) return null;
    const tol = config.revenue_leakage.tolerance;
    if (!isBelowOnLine(f.net, f.policyFloor, f.quantity, tol)) return null;
    const applied = f.outOfWindow.find((c) => nearlyEqual(c.price, f.net!, tol));
    if (!applied) return null;
    const window = `${applied.valid_from ?? "…"} to ${applied.valid_to ?? "…"}`;
    return {
      code: "contract_price_outside_validity",
      score: shortfallScore(f.policyFloor, f.net),
      message: `${f.sku} billed at the ${applied.contract_id} price ${money(applied.price)} on ${txn.date?.slice(0, 10) ?? "an undated invoice"}, outside its validity (${window})`,
      field: lineField(f, "unit_price"),
      expected: { unit_price: roundMoney(f.policyFloor), valid_from: applied.valid_from ?? null, valid_to: applied.valid_to ?? null },
      actual: { unit_price: roundMoney(f.net), contract_id: applied.contract_id, date: txn.date ?? null, quantity: f.quantity },
      amount_at_risk: roundMoney((f.policyFloor - f.net) * f.quantity),
      risk_key: lineRiskKey(f),
    };
  },
};
