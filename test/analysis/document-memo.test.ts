// documentFigure (leakage/document-memo.ts): a figure of a whole document is computed once per
// document, context and key — and again for another context (a back-test analyses one transaction
// under the configuration in force and a candidate, each with its own history).
import { expect, test } from "bun:test";
import { documentFigure } from "../../src/analysis/detectors/leakage/document-memo.ts";
import type { AnalysisContext } from "../../src/analysis/context.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

const txn = { transaction_id: "INV-1", lines: [] } as unknown as Transaction;
const ctxA = {} as AnalysisContext;
const ctxB = {} as AnalysisContext;

test("computed once per document, context and key", () => {
  let calls = 0;
  const figure = (ctx: AnalysisContext, key: string, value: number) => documentFigure(txn, ctx, key, () => (calls++, value));
  expect(figure(ctxA, "units-at-zero X", 3)).toBe(3);
  expect(figure(ctxA, "units-at-zero X", 99)).toBe(3);
  expect(calls).toBe(1);
  expect(figure(ctxA, "units-at-zero Y", 5)).toBe(5);
  expect(calls).toBe(2);
  // Another context: computed afresh, and the first context's figures are not reused after it.
  expect(figure(ctxB, "units-at-zero X", 7)).toBe(7);
  expect(figure(ctxA, "units-at-zero X", 11)).toBe(11);
  expect(calls).toBe(4);
  // Another document (even with the same id) has its own figures.
  const twin = { ...txn } as Transaction;
  expect(documentFigure(twin, ctxA, "units-at-zero X", () => 13)).toBe(13);
});
