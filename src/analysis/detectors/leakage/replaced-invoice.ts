// An invoice whose prices no longer bill anything. A payer's claim reversed in full and
// re-adjudicated (an 835's reversal, claim status 22, after a retroactive fee schedule), an
// invoice cancelled by a credit note of its whole amount and issued again: what it charged was
// taken back, and the re-issue is what is billed (and judged). A denied claim — every line allowed
// at 0 for missing information or authorisation — that a corrected claim names as the claim it
// replaces (its `reference`): its services are billed on the corrected claim. Still judged: an
// invoice credited in part, an invoice of nothing no later invoice names (a denial never worked),
// and an invoice that bills something and is named by a follow-up (a backorder bills the rest).
import type { Transaction } from "../../../domain/transaction.ts";
import { creditedInFull } from "../../history.ts";
import type { AnalysisContext } from "../../context.ts";

export function replacedInvoice(txn: Transaction, ctx: AnalysisContext): "credited in full" | "re-submitted" | undefined {
  if (creditedInFull(ctx.history, txn.transaction_id)) return "credited in full";
  if (txn.lines.length > 0 && (txn.amount ?? 0) === 0 && txn.lines.every((l) => (l.amount ?? 0) === 0) && ctx.history.invoiceReferences.has(txn.transaction_id)) return "re-submitted";
  return undefined;
}
