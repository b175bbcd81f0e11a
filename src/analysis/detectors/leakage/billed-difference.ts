// A bill that adds to an original: a carrier's balance due after a re-weigh or an accessorial
// found at delivery, a supplementary invoice. It names the original (`reference`), which stands —
// the history has it and it was not credited in full by the bill's day (a credited original is
// replaced by its corrected bill, which is the whole bill again and judged as one; a refund of
// the whole bill weeks later, a service-failure credit, does not make an earlier balance due a
// replacement). Such a bill is not the whole
// charge for what it bills, only what the original left out:
// - a line of a quantity and an amount but no unit price bills the difference of two ratings —
//   the whole weight at the new weight break's rate less the original weight at its own —, an
//   amount for the extra units, not a rate per unit: 28.53 for 3 more cwt is 156.53 (11 cwt at
//   the 1M rate) less the 128.00 billed for 8 at the 5C rate, no rate of 9.51. Its price is not
//   compared with the contract or the list (a line at 0 still is); a line stating its rate is a
//   rate, and judged as ever.
// - the bill as a whole is not held to a minimum charge (minimum-charge.ts): the original bore it.
// - a line of the minimum's code is not priced as the top-up of this bill's lines (pricing.ts,
//   minimum-top-up.ts): it re-figures the minimum on the original and the difference together — a
//   franchisor's true-up of an estimated report, its royalty now above the minimum, takes back
//   the estimate's top-up with a negative minimum line, against a royalty line of the difference
//   alone that would price the top-up as far below the minimum.
// The original's lines are not in the history (it keeps an invoice's amount and date), so the
// two are not re-rated together: a cut hidden in a difference is not found.
import type { Transaction, TransactionLine } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { parseDateMs } from "../../dates.ts";
import { creditedInFull } from "../../history.ts";

/** Whether the document adds to a standing original of the history (a balance due, a supplementary bill). */
export function addsToOriginal(txn: Transaction, ctx: AnalysisContext): boolean {
  const ref = txn.reference;
  if (txn.type !== "invoice" || !ref || ref === txn.transaction_id) return false;
  if (ctx.history.invoiceAmount(ref) === undefined) return false;
  const ms = txn.date ? parseDateMs(txn.date) : Number.NaN;
  return !creditedInFull(ctx.history, ref, Number.isNaN(ms) ? undefined : ms);
}

/** Whether a line of such a document bills an amount for extra units rather than units at a rate. */
export function billsDifference(line: TransactionLine): boolean {
  return line.unit_price === undefined && line.quantity !== undefined && line.amount !== undefined;
}
