// Figures of a whole document that the line rules ask for line after line — the units of a SKU at
// 0 and the kits that cover them (zero-price.ts), the order value beside a line shipped free over a
// threshold (pricing.ts) — kept per document and SKU once computed: asked afresh for each line,
// a document of 10,000 such lines (the most a request may carry) was read 10,000 times over.
// Kept with the context they were computed against: a back-test analyses one transaction under two.
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";

const memo = new WeakMap<Transaction, { ctx: AnalysisContext; values: Map<string, number> }>();

/** `compute()` for this document, context and key (a figure's name and its SKU), once. */
export function documentFigure(txn: Transaction, ctx: AnalysisContext, key: string, compute: () => number): number {
  let entry = memo.get(txn);
  if (entry === undefined || entry.ctx !== ctx) {
    entry = { ctx, values: new Map() };
    memo.set(txn, entry);
  }
  let value = entry.values.get(key);
  if (value === undefined) {
    value = compute();
    entry.values.set(key, value);
  }
  return value;
}
