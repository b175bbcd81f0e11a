// zero_price_line: a billable line (positive quantity) billed at zero for a SKU that has a price
// under the terms in force, or on the price list. A contract or promotion at price 0 (a free
// item) is legitimate and is not reported. So is a free-of-charge document, which the pricing
// detector skips as a whole (pricing.ts): every line at 0 (a warranty replacement, a sample
// delivery, a subscription's trial) and a free-of-charge marker (an attribute in
// `free_of_charge_fields` with a value in `free_of_charge_values`, or a text attribute saying so in
// words: "Trial period", "free of charge") or a reference to an invoice of the history (the sale it replaces under
// warranty). A zero line on a priced invoice is still reported.
import { roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { AnalysisContext } from "../../context.ts";
import { money } from "../types.ts";
import { markerOf, wordsOf } from "./markers.ts";
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

/**
 * A document at 0 that says in words why: a subscription's trial ("Trial period for Pro"), a
 * delivery free of charge. Read only on documents whose every line is at 0, which a missing
 * price on one line of a priced invoice is not.
 */
const FREE_WORDS = /\btrial\b|\bfree of charge\b|\bno charge\b|\bcomplimentary\b|\bgratis\b|\bkostenlos\b/i;

/** Why the whole document is legitimately free of charge ("field=value", or "replaces INV-…"), if it is. */
export function freeOfCharge(txn: Transaction, ctx: AnalysisContext, cfg: ModulesConfig["revenue_leakage"]): string | undefined {
  if ((txn.amount ?? 0) !== 0 || txn.lines.some((l) => (l.amount ?? (l.unit_price ?? 0) * (l.quantity ?? 0)) !== 0)) return undefined;
  const marker = markerOf(txn, cfg.free_of_charge_fields, cfg.free_of_charge_values) ?? wordsOf(txn, FREE_WORDS);
  if (marker !== undefined) return marker;
  if (txn.reference && txn.reference !== txn.transaction_id && ctx.history.invoiceAmount(txn.reference) !== undefined) return `replaces ${txn.reference}`;
  return undefined;
}
