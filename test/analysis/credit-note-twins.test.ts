// Which earlier credit against an invoice a credit repeats (duplicate_credit_note) and which count
// towards the credits beyond it (excessive_credit_note): a credit taken back by a debit naming it
// (a waiver posted to the wrong term and reversed, then posted again) no longer stands, and two
// credits of one amount for different charges (a student's withdrawal refund and her waiver of
// the same term, equal by the published percentages) are two credits, not one twice.
import { describe, expect, test } from "bun:test";
import { analyse, codes, invoice } from "./fixtures.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

const bill: Transaction = { ...invoice("TERM-1", { customer: "A0123", date: "2025-08-01T00:00:00Z", lines: [{ sku: "TUUF", qty: 1, unit: 4788 }, { sku: "TECH", qty: 12, unit: 16 }] }), amount: 4980 };
const credit = (id: string, date: string, lines: { sku: string; amount: number }[], reference = "TERM-1"): Transaction => ({
  transaction_id: id, type: "credit_note", date, customer_id: "A0123", currency: "USD", reference,
  amount: -lines.reduce((s, l) => s + l.amount, 0), lines: lines.map((l) => ({ sku: l.sku, amount: -l.amount })),
});
const debit = (id: string, date: string, of: Transaction): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "A0123", currency: "USD", reference: of.transaction_id, amount: -of.amount!, lines: of.lines.map((l) => ({ sku: l.sku, amount: -l.amount! })),
});
const dup = (txn: Transaction, history: Transaction[]) => analyse(txn, { module: "duplicate_detection", history });

describe("the credits a credit is judged against", () => {
  test("a credit reversed by a debit naming it no longer stands: the same credit posted again is no copy, and the credits beyond the invoice leave it out", async () => {
    const waiver = credit("WV-1", "2025-09-10T00:00:00Z", [{ sku: "WVVT", amount: 3000 }]);
    const reversal = debit("WVR-1", "2025-09-14T00:00:00Z", waiver);
    const again = credit("WV-2", "2025-09-30T00:00:00Z", [{ sku: "WVVT", amount: 3000 }]);
    expect((await dup(again, [bill, waiver, reversal, again])).anomalies).toEqual([]);
    // Without the reversal it is the waiver applied twice (and 6,000 credited against 4,980).
    expect(codes((await dup(again, [bill, waiver, again])).anomalies)).toEqual(["duplicate_credit_note"]);
    // A second, larger waiver after the first was reversed: within the invoice.
    const larger = credit("WV-3", "2025-09-30T00:00:00Z", [{ sku: "WVVT", amount: 3500 }]);
    expect((await dup(larger, [bill, waiver, reversal, larger])).anomalies).toEqual([]);
    expect(codes((await dup(larger, [bill, waiver, larger])).anomalies)).toEqual(["excessive_credit_note"]);
  });

  test("a debit naming a credit takes back only what it bills: a partial reversal leaves the credit standing", async () => {
    const waiver = credit("WV-11", "2025-09-10T00:00:00Z", [{ sku: "WVVT", amount: 3000 }]);
    // 500.00 of the waiver taken back (an hour the waiver did not cover), then the whole waiver posted again.
    const partial: Transaction = { ...debit("WVR-11", "2025-09-14T00:00:00Z", waiver), amount: 500, lines: [{ sku: "WVVT", amount: 500 }] };
    const again = credit("WV-12", "2025-09-30T00:00:00Z", [{ sku: "WVVT", amount: 3000 }]);
    expect(codes((await dup(again, [bill, waiver, partial, again])).anomalies)).toEqual(["duplicate_credit_note"]);
    // Two debits naming it that together take back the whole: it no longer stands.
    const rest: Transaction = { ...debit("WVR-12", "2025-09-16T00:00:00Z", waiver), amount: 2500, lines: [{ sku: "WVVT", amount: 2500 }] };
    expect((await dup(again, [bill, waiver, partial, rest, again])).anomalies).toEqual([]);
  });

  test("two credits of one amount for different charges are two credits; the same charges credited twice stay a copy", async () => {
    const refund = credit("WD-1", "2026-02-10T00:00:00Z", [{ sku: "TUUF", amount: 2394 }, { sku: "TECH", amount: 96 }]);
    const waiver = credit("WV-1", "2026-01-25T00:00:00Z", [{ sku: "WVVT", amount: 2490 }]);
    expect((await dup(refund, [bill, waiver, refund])).anomalies).toEqual([]);
    const twice = credit("WD-2", "2026-02-12T00:00:00Z", [{ sku: "TUUF", amount: 2394 }, { sku: "TECH", amount: 96 }]);
    expect(codes((await dup(twice, [bill, refund, twice])).anomalies)).toEqual(["duplicate_credit_note"]);
    // A copy keyed as one line of one of the charges, or with no lines at all, still repeats it.
    const keyed = credit("WD-3", "2026-02-12T00:00:00Z", [{ sku: "TUUF", amount: 2490 }]);
    expect(codes((await dup(keyed, [bill, refund, keyed])).anomalies)).toEqual(["duplicate_credit_note"]);
    const bare: Transaction = { ...credit("WD-4", "2026-02-12T00:00:00Z", []), amount: -2490 };
    expect(codes((await dup(bare, [bill, refund, bare])).anomalies)).toEqual(["duplicate_credit_note"]);
  });
});
