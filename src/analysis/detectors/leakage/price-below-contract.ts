// price_below_contract: a line billed below the price of the contract (or promotion) in force on
// the invoice date. When the implied discount also breaks the contract's max_discount_pct, the
// more specific discount_above_cap rule reports the line instead.
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelow, money, shortfallScore } from "../types.ts";
import { effectiveDiscount } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const priceBelowContractRule: LineRule = {
  code: "price_below_contract",
  check(f, { txn, config }) {
    const terms = f.terms;
    if (!terms || f.net === undefined || f.quantity <= 0) return null;
    if (!isBelow(f.net, terms.price, config.revenue_leakage.tolerance)) return null;
    const discount = effectiveDiscount(f);
    if (terms.max_discount_pct !== undefined && discount !== undefined && discount > terms.max_discount_pct + 0.01) return null;
    const lost = (terms.price - f.net) * f.quantity;
    return {
      code: "price_below_contract",
      score: shortfallScore(terms.price, f.net),
      message: `${f.sku} billed at ${money(f.net)} ${txn.currency ?? ""}, below the ${terms.contract_id} price of ${money(terms.price)}`.replace("  ", " "),
      field: lineField(f, "unit_price"),
      expected: { unit_price: terms.price, contract_id: terms.contract_id },
      actual: { unit_price: roundMoney(f.net), quantity: f.quantity },
      amount_at_risk: roundMoney(lost),
      risk_key: lineRiskKey(f),
    };
  },
};
