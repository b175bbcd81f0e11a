// An allowance claimed twice: a credit note naming the agreement it claims under (a retailer's
// deduction for a trade promotion — a scan-back, a chargeback — a rebate under its programme),
// alike an earlier one of the same counterparty, currency, amount, lines, agreement and claimed
// period (the lines' work dates: the week of scans or shipments claimed). A retailer's deduction
// system re-deducts a claim the supplier already allowed on a later remittance, under a new claim
// number; the same deal's claim of another week with the same cases is another claim. A claim is
// allowed once, however long after it comes again (the history's fingerprint, history.ts).
import { before, documentTwins, fingerprinted, type HistoryEntry } from "../../history.ts";
import type { DetectorInput } from "../types.ts";

/** The earliest earlier credit note the claim repeats, if any (`input.txn` names an agreement and the period its lines claim). */
export function claimRepeated({ txn, ctx, self }: Pick<DetectorInput, "txn" | "ctx" | "self">): HistoryEntry | undefined {
  if (!fingerprinted(txn) || txn.type !== "credit_note") return undefined;
  const twins = documentTwins(ctx.history, txn, self);
  if (!twins) return undefined;
  let original: HistoryEntry | undefined;
  for (const c of twins) {
    if (c.id === txn.transaction_id || (self && !before(c, self))) continue;
    if (!original || before(c, original)) original = c;
  }
  return original;
}
