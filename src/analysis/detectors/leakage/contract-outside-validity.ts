// contract_price_outside_validity: no contract or promotion is in force on the invoice date, yet
// the line carries the price of one that is not (expired, or not yet started), below what the
// policy allows without a contract. A renewal (another contract in force on the date) makes the
// line governed by the renewal instead, so it is never reported here.
//
// A credit line (a negative price: a concession, an allowance) is owed only while terms granting
// it are in force. Where the customer's contracts grant the SKU as a credit in other windows only
// (a lease's "$100 off for the first six months") and no terms are in force on the date, the
// credit is given away outside its grant: the whole credit is at risk, whatever the list says.
import { roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import { type Finding, isBelowOnLine, money, nearlyEqual, shortfallScore } from "../types.ts";
import { governedElsewhere, type LineFacts } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const contractOutsideValidityRule: LineRule = {
  code: "contract_price_outside_validity",
  check(f, { txn, config }) {
    if (f.terms || governedElsewhere(f) || f.net === undefined || f.quantity <= 0) return null;
    if (f.net < 0) return creditOutsideGrant(f, txn);
    if (f.policyFloor === undefined) return null;
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

/** A credit line whose SKU the customer's contracts grant as a credit only outside the date. */
function creditOutsideGrant(f: LineFacts, txn: Transaction): Finding | null {
  const grants = f.outOfWindow.filter((c) => c.price < 0);
  if (grants.length === 0) return null;
  // The grant that ended last before the date names the window (a concession continued after
  // its months), else the first (a credit given before its grant starts).
  const date = f.pricedDay ?? txn.date?.slice(0, 10) ?? "";
  const ended = grants.filter((c) => c.valid_to !== undefined && c.valid_to < date);
  const applied = ended.length > 0 ? ended.reduce((a, b) => (b.valid_to! > a.valid_to! ? b : a)) : grants[0]!;
  const window = `${applied.valid_from ?? "…"} to ${applied.valid_to ?? "…"}`;
  return {
    code: "contract_price_outside_validity",
    score: 1,
    message: `${f.sku} credited at ${money(f.net!)} ${f.pricedDay && f.pricedDay !== txn.date?.slice(0, 10) ? `for the period from ${f.pricedDay}` : `on ${date || "an undated invoice"}`}, outside the ${applied.contract_id} grant of ${money(applied.price)} (${window})`,
    field: lineField(f, "unit_price"),
    expected: { unit_price: 0, valid_from: applied.valid_from ?? null, valid_to: applied.valid_to ?? null },
    actual: { unit_price: roundMoney(f.net!), contract_id: applied.contract_id, date: txn.date ?? null, quantity: f.quantity },
    amount_at_risk: roundMoney(-f.net! * f.quantity),
    risk_key: lineRiskKey(f),
  };
}
