// Whether a payment was taken back before it was made again: a payment of the same counterparty,
// currency, amount negated (and reference, account and site: the same fingerprint but for the
// sign) — a payroll system's void row, a returned transfer booked back by the payment register —
// or a general ledger's journal line doing the same (treasury booking the vendor's returned ACH
// back to the payable and the bank by journal; NetSuite's void by reversing journal), dated from
// the original on up to the moment the payment is made again. A void only after the second payment
// corrects a duplicate that was made, which is still one. On a general ledger a credit line is
// taken back by a payment's debit too: the payee's money received back through the cash receipts
// journal (a floor plan lender flooring again the car it was paid off for, the deal unwound).
import { ledgerAccountOf } from "../../account-field.ts";
import { before, fingerprint, type HistoryEntry } from "../../history.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";

/**
 * Whether a payment was reversed in full by the time `again` (at `ms`) paid the same: `again` as a
 * payment's line (its type aside). Made once for `again` (its reversals' fingerprints and their
 * documents in time order) and asked for each payment it may repeat.
 */
export function returnsOf(again: Transaction, ctx: AnalysisContext): (original: HistoryEntry, ms: number) => boolean {
  if (again.amount === undefined || again.amount === 0) return () => false;
  // A payment register's void row is a negative payment: a negative payment's "reversal" would be
  // the positive payments themselves, so only a positive one is judged by payment rows. A general
  // ledger's line (no lines of its own, its account an attribute) is fingerprinted on its account:
  // there a payment's debit of the account a payment credited, the same counterparty and amount, is
  // that money coming back (a receipt from the payee), not another payment of the same, so a credit
  // line is judged by payment lines too. A journal line is fingerprinted on a ledger's account only,
  // where the bank's credit line of a payment and the return's debit to the bank are the one account's.
  const onLedger = again.lines.length === 0 && ledgerAccountOf(again.attributes) !== "";
  const groups: (readonly HistoryEntry[])[] = [];
  for (const type of again.amount > 0 || onLedger ? (["payment", "journal_entry"] as const) : (["journal_entry"] as const)) {
    const reversals = ctx.history.datedInOrder(fingerprint({ ...again, type, amount: -again.amount }));
    if (reversals !== undefined && reversals.length > 0) groups.push(reversals);
  }
  // The first dated one after the original (before()), if any: a reversal when it came by `ms`.
  // A walk over them for each payment asked about made a ledger of n payments, n journals booking
  // them back before them and n journals paying again n × n × n: 1,600 of each took 129 s.
  return (original, ms) => {
    for (const reversals of groups) {
      const next = firstAfter(reversals, original);
      if (next < reversals.length && reversals[next]!.ms <= ms) return true;
    }
    return false;
  };
}

/** The index of the first of `dated` (in before() order, all dated) that `original` is before(); its length if none. */
function firstAfter(dated: readonly HistoryEntry[], original: HistoryEntry): number {
  let lo = 0;
  let hi = dated.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (before(original, dated[mid]!)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}
