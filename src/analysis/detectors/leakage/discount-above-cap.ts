// discount_above_cap: a discount off list above the cap that applies: the contract's
// max_discount_pct when a contract is in force (and the line is then also below the contract
// price), else the policy's max_discount_pct (or the document's approver's authority:
// approver_max_discount_pct) when the recorded discount itself exceeds it. The
// money at risk is measured against the most generous allowed price: the contract price, or the
// list price less the policy's maximum discount.
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelowOnLine, shortfallScore } from "../types.ts";
import { atUnreachedTier, effectiveDiscount, governedElsewhere } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";

export const discountAboveCapRule: LineRule = {
  code: "discount_above_cap",
  check(f, { config }) {
    if (f.net === undefined || f.quantity <= 0) return null;
    const tol = config.revenue_leakage.tolerance;
    const discount = effectiveDiscount(f);
    let cap: number;
    let allowed: number;
    let source: string;
    if (f.terms) {
      if (f.terms.max_discount_pct === undefined || discount === undefined) return null;
      if (atUnreachedTier(f, tol)) return null; // price_below_contract's case
      if (discount <= f.terms.max_discount_pct + 0.01 || !isBelowOnLine(f.net, f.terms.price, f.quantity, tol)) return null;
      cap = f.terms.max_discount_pct;
      allowed = f.terms.price;
      source = `contract ${f.terms.contract_id}`;
    } else {
      if (governedElsewhere(f) || f.policyFloor === undefined || f.recordedDiscount === undefined) return null;
      cap = f.policyMax;
      if (f.recordedDiscount <= cap + 0.01 || !isBelowOnLine(f.net, f.policyFloor, f.quantity, tol)) return null;
      allowed = f.policyFloor;
      source = "the discount policy";
    }
    const shown = roundMoney(discount ?? f.recordedDiscount ?? 0);
    return {
      code: "discount_above_cap",
      score: shortfallScore(allowed, f.net),
      message: `${f.sku} discounted ${shown}% off list; ${source} allows at most ${cap}%`,
      field: lineField(f, "discount_pct"),
      expected: { max_discount_pct: cap, unit_price: roundMoney(allowed) },
      actual: { discount_pct: shown, unit_price: roundMoney(f.net), quantity: f.quantity },
      amount_at_risk: roundMoney((allowed - f.net) * f.quantity),
      risk_key: lineRiskKey(f),
    };
  },
};

/**
 * discount_above_cap on a prorated document: its prices are a fraction of the list's or the
 * contract's by a fraction it does not state, so the discount they imply says nothing (a
 * contract's platform fee for 12 of 30 days looks 60 % off list). Only a discount the line
 * records is judged, against the contract's cap or, without a contract, the policy's.
 */
export const recordedDiscountAboveCapRule: LineRule = {
  code: "discount_above_cap",
  check(f, input) {
    if (f.recordedDiscount === undefined) return null;
    const cap = f.terms ? f.terms.max_discount_pct : f.policyMax;
    if (cap === undefined || f.recordedDiscount <= cap + 0.01) return null;
    return discountAboveCapRule.check(f, input);
  },
};
