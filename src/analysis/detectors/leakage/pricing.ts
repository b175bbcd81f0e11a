// The pricing detector: runs the line rules in precedence order on every line of an invoice and
// keeps the first finding per line. Zero price is the most specific statement about a line, a
// contract in force comes before the policy, and a stale contract price before a cap breach or a
// plain cut (it explains both).
import type { Detector, Finding } from "../types.ts";
import { contractOutsideValidityRule } from "./contract-outside-validity.ts";
import { discountAboveCapRule } from "./discount-above-cap.ts";
import type { LineRule } from "./line-rule.ts";
import { priceBelowContractRule } from "./price-below-contract.ts";
import { priceBelowListRule } from "./price-below-list.ts";
import { zeroPriceRule } from "./zero-price.ts";

export const PRICING_RULES: readonly LineRule[] = [
  zeroPriceRule,
  priceBelowContractRule,
  contractOutsideValidityRule,
  discountAboveCapRule,
  priceBelowListRule,
];

export const pricingDetector: Detector = {
  codes: PRICING_RULES.map((r) => r.code),
  history: "none",
  detect(input) {
    if (input.txn.type !== "invoice") return [];
    const out: Finding[] = [];
    for (const facts of input.lines()) {
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
