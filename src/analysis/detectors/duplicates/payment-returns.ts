// Whether a payment was taken back before it was made again: a payment of the same counterparty,
// currency, amount negated (and reference, account and site: the same fingerprint but for the
// sign) — a payroll system's void row, a returned transfer booked back by the payment register —
// or a general ledger's journal line doing the same (treasury booking the vendor's returned ACH
// back to the payable and the bank by journal; NetSuite's void by reversing journal), dated from
// the original on up to the moment the payment is made again. A void only after the second payment
// corrects a duplicate that was made, which is still one.
import { before, fingerprint, type HistoryEntry } from "../../history.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";

/** Whether payment `original` was reversed in full by the time `again` (at `ms`) paid the same: `again` as a payment's line (its type aside). */
export function returnedBefore(again: Transaction, original: HistoryEntry, ms: number, ctx: AnalysisContext): boolean {
  if (again.amount === undefined || again.amount === 0) return false;
  // A payment register's void row is a negative payment: a negative payment's "reversal" would be
  // the positive payments themselves, so only a positive one is judged by payment rows. A journal
  // line is fingerprinted on a ledger's account only, where the bank's credit line of a payment and
  // the return's debit to the bank are the one account's.
  for (const type of again.amount > 0 ? (["payment", "journal_entry"] as const) : (["journal_entry"] as const)) {
    const reversals = ctx.history.withFingerprint(fingerprint({ ...again, type, amount: -again.amount }));
    if (!reversals) continue;
    for (const r of reversals) if (!Number.isNaN(r.ms) && r.ms <= ms && before(original, r)) return true;
  }
  return false;
}
