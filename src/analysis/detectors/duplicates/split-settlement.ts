// Two payments of one invoice alike (counterparty, currency, amount, the invoice they pay) are a
// copy when together they pay more than the invoice — and parts of one settlement when, with the
// credit notes naming the invoice (a retailer's deductions and returns taken on its remittance),
// they settle no more than it: a remittance split over two checks, a bill paid in two equal
// instalments. duplicate-document.ts reports such a pair as medium, worth a look (a copy of a
// partial payment settles no more than the invoice either), not as money paid twice.
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import type { HistoryEntry } from "../../history.ts";

/**
 * Where payment `payment` and its twin `original` pay an invoice of the history (their reference)
 * and, with the credit notes naming that invoice (a retailer's deductions, returns), settle no
 * more than its amount: what they settled and the invoice's amount. Undefined otherwise — a copy
 * of a payment in full settles the invoice twice over.
 */
export function partsOfOneSettlement(payment: Transaction, original: HistoryEntry, ctx: AnalysisContext, tolerance: number): { settled: number; invoiced: number } | undefined {
  if (!payment.reference) return undefined;
  const invoiced = ctx.history.invoiceAmount(payment.reference);
  if (invoiced === undefined || !(invoiced > 0)) return undefined;
  let settled = Math.abs(payment.amount ?? 0) + Math.abs(original.amount);
  for (const c of ctx.history.creditsByReference.get(payment.reference) ?? []) settled += Math.abs(c.amount);
  return settled <= invoiced + tolerance ? { settled, invoiced } : undefined;
}
