// discount_taken_after_terms: an early-payment discount taken after its days. Terms of "2% 10
// Net 30" let the customer take 2 % off if it pays within ten days of the invoice date; a
// retailer paying on day 28 and still deducting the 2 % takes a discount it did not earn — what
// a deductions team recovers as an "unearned discount". Judged on a payment whose row names the
// discount it took (payment-discount.ts) and the terms (payment-terms.ts: its own row's, where
// receivables repeat the invoice's terms on each item) and the invoice it pays (`reference`, an
// invoice of the history with its date): paid more than the discount days after the invoice date,
// the discount taken is at risk. A payment taking no discount (the second check of a split
// remittance), or terms stating none, are not judged; nor a payment whose invoice the history
// does not hold (its date unknown).
//
// No grace days: a product that allows mail float would count it here; a payment dated (the
// remittance's date) within the days is as agreed.
import { roundMoney } from "../../../domain/rounding.ts";
import type { Detector, Finding } from "../types.ts";
import { money } from "../types.ts";
import { DAY_MS, parseDateMs } from "../../dates.ts";
import { discountTaken } from "../../payment-discount.ts";
import { discountTermsOf } from "../../payment-terms.ts";

export const DISCOUNT_AFTER_TERMS_CODE = "discount_taken_after_terms" as const;

export const discountAfterTermsDetector: Detector = {
  codes: [DISCOUNT_AFTER_TERMS_CODE],
  // The invoice's date, from the ledger.
  history: "ledger",
  detect({ txn, ctx }) {
    if (txn.type !== "payment" || !txn.reference || !txn.date) return [];
    const discount = discountTaken(txn);
    if (!(discount > 0)) return [];
    const terms = discountTermsOf(txn);
    if (!terms) return [];
    const invoiced = ctx.history.invoiceMs(txn.reference);
    const paid = parseDateMs(txn.date);
    if (invoiced === undefined || Number.isNaN(paid)) return [];
    const days = Math.round((paid - invoiced) / DAY_MS);
    if (days <= terms.days) return [];
    const finding: Finding = {
      code: DISCOUNT_AFTER_TERMS_CODE,
      score: 0.9,
      message: `An early-payment discount of ${money(roundMoney(discount))} taken ${days} days after invoice ${txn.reference}, where its terms (${terms.text}) allow it within ${terms.days} days`,
      field: "amount",
      expected: { discount_days: terms.days, discount_pct: terms.pct },
      actual: { days_after_invoice: days, discount_taken: roundMoney(discount) },
      amount_at_risk: roundMoney(discount),
      risk_key: DISCOUNT_AFTER_TERMS_CODE,
    };
    return [finding];
  },
};
