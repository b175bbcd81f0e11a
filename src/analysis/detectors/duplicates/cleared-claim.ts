// A customer's deduction and the credit memo that clears it: a retailer deducts an approved
// return from its remittance ("Return per RA12345") and the supplier's AR issues the credit memo
// of that return authorisation; both are credits of one amount against the invoice, and the
// memo is applied to the deduction — one credit, not two. An AR system matches them by the claim
// number both name (the RA, the retailer's debit memo: CLAIM_NUMBER_FIELDS, deduction-evidence.ts),
// and tells the memo — the supplier's document, approved by its analyst (`approved_by`) — from
// the deduction the customer took (no approver of the supplier's). Two deductions of one claim,
// neither approved, are the customer taking it twice: still a copy.
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { claimNumberOf } from "../leakage/deduction-evidence.ts";

/** Whether the credit `earlier` (of the history, naming the same invoice) and `txn` are a deduction and the memo clearing it. */
export function clearedByClaim(ctx: AnalysisContext, txn: Transaction, earlier: string): boolean {
  if (!txn.reference) return false;
  const mine = claimNumberOf(txn);
  if (mine === undefined) return false;
  const theirs = ctx.deductions.claimOf(txn.customer_id, txn.reference, earlier);
  return theirs !== undefined && theirs.claim === mine && theirs.approved !== !!txn.approved_by;
}
