// The pricing detector: runs the line rules in precedence order on every line of an invoice and
// keeps the first finding per line. Zero price is the most specific statement about a line, a
// contract in force comes before the policy, and a stale contract price before a cap breach or a
// plain cut (it explains both). A free-of-charge document, and a line discounted 100 % from a
// stated price, have no price to judge.
import type { Detector, Finding } from "../types.ts";
import { contractOutsideValidityRule } from "./contract-outside-validity.ts";
import { discountAboveCapRule } from "./discount-above-cap.ts";
import type { LineFacts } from "./line-facts.ts";
import type { LineRule } from "./line-rule.ts";
import { priceBelowContractRule } from "./price-below-contract.ts";
import { priceBelowListRule } from "./price-below-list.ts";
import { freeOfCharge, zeroPriceRule } from "./zero-price.ts";

export const PRICING_RULES: readonly LineRule[] = [
  zeroPriceRule,
  priceBelowContractRule,
  contractOutsideValidityRule,
  discountAboveCapRule,
  priceBelowListRule,
];

export const pricingDetector: Detector = {
  codes: PRICING_RULES.map((r) => r.code),
  // The ledger: a free-of-charge replacement refers to an invoice of the history (zero-price.ts).
  history: "ledger",
  detect(input) {
    if (input.txn.type !== "invoice") return [];
    // A free-of-charge document (a warranty replacement, a sample) has no price to judge.
    if (freeOfCharge(input.txn, input.ctx, input.config.revenue_leakage) !== undefined) return [];
    const out: Finding[] = [];
    for (const facts of input.lines()) {
      if (freeLine(facts)) continue;
      for (const rule of PRICING_RULES) {
        const finding = rule.check(facts, input);
        if (finding) {
          out.push(finding);
          break;
        }
      }
    }
    return out;
  },
};

/**
 * A line given away on purpose: its price is stated (unit price above 0) and discounted 100 % to
 * a net of 0 — a sample, a bundle component, goodwill. A line at 0 without a stated price (the
 * price missing, not waived) is still a zero-price line.
 */
export function freeLine(f: LineFacts): boolean {
  return f.net === 0 && (f.line.unit_price ?? 0) > 0 && (f.line.discount_pct ?? 0) >= 99.995;
}
