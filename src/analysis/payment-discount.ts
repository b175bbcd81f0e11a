// What a payment settled: its amount plus the early-payment (cash) discount it took. A bill of
// 2,421.48 on 2/10 net 30 paid within ten days is settled by 2,373.05 and a discount of 48.43;
// the payment register names the discount beside the amount paid (NetSuite's and Oracle
// Payables' "Discount Taken", Dynamics 365 Business Central's "Pmt. Discount Amount", SAP's cash
// discount SKNTO / WSKTO in local and document currency). A second payment of the same bill in
// full — or at the discount after one in full — settles the same amount: the bill paid twice,
// though the two amounts differ (numbered-copy.ts).
import type { Transaction } from "../domain/transaction.ts";
import { attributeNameMatcher } from "./detectors/leakage/markers.ts";
import { amountOf } from "./detectors/leakage/retainage.ts";

/** Columns naming the discount a payment took. */
export const DISCOUNT_TAKEN_FIELDS = [
  "discount_taken", "discounts_taken", "pmt_discount_amount", "payment_discount_amount", "pmt_discount_taken",
  "cash_discount", "cash_discount_amount", "cash_discount_taken", "early_payment_discount", "sknto", "wskto",
] as const;
const discountTakenField = attributeNameMatcher(DISCOUNT_TAKEN_FIELDS);

/**
 * The amount (absolute) a payment settled where its row names a discount taken above 0: its amount
 * and the discount. NaN for any other document, and for a payment that names none.
 */
export function settledAmount(t: Transaction): number {
  const discount = discountTaken(t);
  return discount > 0 ? Math.abs(t.amount ?? 0) + discount : Number.NaN;
}

/** The early-payment discount (absolute) a payment's row says it took; 0 for none, and for any other document. */
export function discountTaken(t: Transaction): number {
  if (t.type !== "payment" || !t.attributes) return 0;
  let discount = 0;
  for (const name in t.attributes) {
    if (discountTakenField(name) === null) continue;
    const v = amountOf(t.attributes[name]);
    if (v !== undefined && Math.abs(v) > discount) discount = Math.abs(v);
  }
  return discount;
}
