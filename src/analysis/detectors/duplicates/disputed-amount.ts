// The amount a credit memo's own document says was disputed. A credit issued to settle a
// customer's dispute names the charge and the amount disputed beside it (a 3PL's billing module:
// `Disputed Charge Code`, `Disputed Amount`; SAP Dispute Management's Disputed Amount and Original
// Disputed Amount; Oracle Receivables' AMOUNT_IN_DISPUTE). Crediting the dispute in full or in part
// stays within that amount; a credit beyond it gives back more than the customer contested (the
// disputed hours or pallets credited several times over), though it may stay within the invoice.
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameMatcher } from "../leakage/markers.ts";
import { amountOf } from "../leakage/retainage.ts";

/** Columns naming the amount a document's dispute is about. */
export const DISPUTED_AMOUNT_FIELDS = ["disputed_amount", "dispute_amount", "amount_disputed", "amount_in_dispute", "original_disputed_amount"] as const;
const disputedAmountField = attributeNameMatcher(DISPUTED_AMOUNT_FIELDS);

/** The disputed amount the document names (positive), where one reads; the largest if several do. */
export function disputedAmountOf(txn: Transaction): number | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  let found: number | undefined;
  for (const name in attrs) {
    if (disputedAmountField(name) === null) continue;
    const v = amountOf(attrs[name]);
    if (v === undefined || v === 0) continue;
    if (found === undefined || Math.abs(v) > found) found = Math.abs(v);
  }
  return found;
}
