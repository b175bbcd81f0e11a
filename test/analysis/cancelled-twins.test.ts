// The re-issue check of the line facts (line-facts.ts reissuedMs): the day of the earliest earlier
// identical invoice credited in full. It walked the invoice's whole fingerprint group for each
// invoice judged, so an invoice billed alike every day, with one credit note anywhere in the
// history, made the check invoices × invoices (16,000 such invoices: 4.8 s of CPU in process). The
// group's earliest cancelled twins are now found once per group (cancelled-twins.ts); the walk is
// kept here as it was, and both must give the same answers on random ledgers.
import { describe, expect, test } from "bun:test";
import { buildContext } from "../../src/analysis/context.ts";
import { creditedInFull, documentTwins, type HistoryEntry } from "../../src/analysis/history.ts";
import { reissuedMs } from "../../src/analysis/detectors/leakage/line-facts.ts";
import type { AnalysisContext } from "../../src/analysis/context.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { mulberry32 } from "../../bench/quality/mulberry32.ts";
import { memoryConnector, modulesConfig } from "../support/engine.ts";
import { countElementReads } from "../support/count-calls.ts";
import { invoice, reference } from "./fixtures.ts";

/** The check as it was: a walk over the group for each invoice. */
function reissuedWalk(txn: Transaction, ctx: AnalysisContext, twins: readonly HistoryEntry[] | undefined): number | undefined {
  if (txn.type !== "invoice" || ctx.history.creditsByReference.size === 0 || !twins) return undefined;
  const ms = txn.date ? Date.parse(txn.date) : Number.NaN;
  let found: number | undefined;
  for (const c of twins) {
    if (c.id === txn.transaction_id || Number.isNaN(c.ms) || !(c.ms <= ms) || !creditedInFull(ctx.history, c.id)) continue;
    if (found === undefined || c.ms < found) found = c.ms;
  }
  return found;
}

async function contextOf(history: Transaction[]) {
  return buildContext(memoryConnector({ transactions: history, reference }), modulesConfig(), Date.parse("2040-01-01T00:00:00Z"), undefined, "ledger");
}

/** `n` identical invoices, one a day, and one credit note (for the first, in full): the history has credits. */
function dailyInvoices(n: number): Transaction[] {
  const invoices = Array.from({ length: n }, (_, k) => invoice(`INV-${k}`, { customer: "CUST-8", date: new Date(Date.UTC(2015, 0, 1) + k * 86_400_000).toISOString(), lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }));
  return [...invoices, invoice("CN-1", { customer: "CUST-8", type: "credit_note", reference: "INV-0", date: "2015-01-02T00:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] })];
}

describe("the re-issue check reads an invoice's group once, not once per invoice", () => {
  test("n identical invoices a day apart and one credit note: group elements read grow with n, not n²; every later invoice re-issues the first", async () => {
    const reads: number[] = [];
    for (const n of [200, 400, 800]) {
      const history = dailyInvoices(n);
      const ctx = await contextOf(history);
      const counter = countElementReads(ctx.history, ["withFingerprint"]);
      const answers = new Set<number | undefined>();
      for (const t of history.slice(0, n)) {
        const self = ctx.history.entry(t.transaction_id);
        answers.add(reissuedMs(t, ctx, { twins: () => documentTwins(ctx.history, t, self) }));
      }
      // INV-0 itself has no earlier cancelled twin; every other invoice names INV-0's day.
      expect([...answers].sort()).toEqual([Date.UTC(2015, 0, 1), undefined]);
      reads.push(counter.reads());
    }
    // Walked per invoice: 40,000 / 160,000 / 640,000 reads.
    for (const [k, n] of [200, 400, 800].entries()) expect(reads[k]!).toBeLessThan(10 * n);
  });
});

describe("the earliest cancelled twin answers as the walk did", () => {
  test("random ledgers: identical invoices in half-days (some undated, ids repeated), credit notes in full, in part and to the account, inline copies", async () => {
    const rnd = mulberry32(20_261_129);
    let compared = 0;
    let named = 0;
    for (let round = 0; round < 300; round++) {
      const history: Transaction[] = [];
      const size = 1 + Math.floor(rnd() * 40);
      const ids = Math.max(1, Math.floor(size * (0.5 + rnd() / 2)));
      for (let k = 0; k < size; k++) {
        // Two fingerprints (10 × 50 or 10 × 40), so a group is not the whole ledger.
        const unit = rnd() < 0.75 ? 50 : 40;
        const date = rnd() < 0.1 ? undefined : new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 30) * 43_200_000).toISOString();
        const t = invoice(`INV-${Math.floor(rnd() * ids)}`, { customer: "CUST-8", lines: [{ sku: "SKU-B", qty: 10, unit }] });
        history.push(date === undefined ? { ...t, date: undefined } : { ...t, date });
      }
      const credits = Math.floor(rnd() * 6);
      for (let k = 0; k < credits; k++) {
        const target = history[Math.floor(rnd() * size)]!;
        const part = rnd() < 0.6 ? 10 : 4;
        const note = invoice(`CN-${k}`, { customer: "CUST-8", type: "credit_note", reference: target.transaction_id, date: new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 30) * 43_200_000).toISOString(), lines: [{ sku: "SKU-B", qty: part, unit: 50 }] });
        history.push(rnd() < 0.15 ? { ...note, attributes: { reason: "goodwill credit to account" } } : note);
      }
      const ctx = await contextOf(history);
      const judged = [...history, ...history.slice(0, 3).map((t, k) => ({ ...t, transaction_id: `NEW-${k}` }))];
      for (const t of judged) {
        const self = ctx.history.entry(t.transaction_id);
        const twins = documentTwins(ctx.history, t, self);
        const expected = reissuedWalk(t, ctx, twins);
        expect(reissuedMs(t, ctx, { twins: () => twins })).toBe(expected);
        compared++;
        if (expected !== undefined) named++;
      }
    }
    expect(compared).toBeGreaterThan(5_000);
    // Not a comparison of nothing: many invoices name an earlier cancelled twin.
    expect(named).toBeGreaterThan(500);
  });
});
