// A shipping line's contract with a terminal prices lifts lower once the line's moves of the
// calendar month pass 100 (every lift code together): a call invoiced after the month reached it
// is billed at the tier, though its own 50 moves do not reach it. Before the month reached it, in
// a new month, with the earlier call credited in full, or counting another line's moves, the tier's
// rate is still below the contract.
import { describe, expect, test } from "bun:test";
import type { Contract, ReferenceData, Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const row = (sku: string, price: number, min?: number): Contract => ({ contract_id: "TC-ATL", customer_id: "ATL", sku, price, currency: "USD", unit: "MOVE", valid_from: "2025-01-01", valid_to: "2026-12-31", ...(min ? { min_quantity: min } : {}) });
const ref: Partial<ReferenceData> = {
  contracts: [row("LIFT-20", 140), row("LIFT-20", 132, 100), row("LIFT-40", 200), row("LIFT-40", 190, 100)],
  price_list: [{ sku: "LIFT-20", list_price: 165, currency: "USD", unit: "MOVE" }, { sku: "LIFT-40", list_price: 235, currency: "USD", unit: "MOVE" }],
};
/** A vessel call's invoice: `n20` and `n40` lifts at the base rates, or at the tier's. */
function call(id: string, date: string, n20: number, n40: number, o: { tier?: boolean; customer?: string; type?: Transaction["type"] } = {}): Transaction {
  const sign = o.type === "credit_note" ? -1 : 1;
  const lines = [
    { sku: "LIFT-20", quantity: sign * n20, unit: "MOVE", unit_price: o.tier ? 132 : 140, amount: sign * n20 * (o.tier ? 132 : 140) },
    { sku: "LIFT-40", quantity: sign * n40, unit: "MOVE", unit_price: o.tier ? 190 : 200, amount: sign * n40 * (o.tier ? 190 : 200) },
  ];
  return { transaction_id: id, type: o.type ?? "invoice", date, customer_id: o.customer ?? "ATL", contract_id: "TC-ATL", currency: "USD", amount: lines.reduce((s, l) => s + l.amount, 0), created_by: "N4-BILLING", lines };
}
const first = call("V1", "2026-03-03", 60, 50);
const later = call("V2", "2026-03-10", 30, 20, { tier: true });

describe("a volume tier counted over the calendar month", () => {
  test("a call after the month's moves passed the tier is billed at the tier: no finding", async () => {
    expect((await analyse(later, { history: [first], ref })).anomalies).toEqual([]);
    // The call itself in the history is counted once, from its own lines.
    expect((await analyse(later, { history: [first, later], ref })).anomalies).toEqual([]);
  });

  test("the month's moves with the call's own reach it: the call that crosses the threshold", async () => {
    const crossing = call("V2", "2026-03-10", 40, 30, { tier: true });
    expect((await analyse(crossing, { history: [call("V1", "2026-03-03", 20, 15), crossing], ref })).anomalies).toEqual([]);
  });

  test("the tier's rate before the month reached it is below the contract", async () => {
    // The month's first call, at the tier's rate: its 110 moves come after it.
    const early = call("V0", "2026-03-02", 30, 20, { tier: true });
    const r = await analyse(early, { history: [early, first], ref });
    expect(codes(r.anomalies)).toEqual(["price_below_contract", "price_below_contract"]);
    expect(r.amount_at_risk?.amount).toBe(30 * 8 + 20 * 10);
  });

  test("last month's moves, another line's, or a call credited in full do not earn it", async () => {
    const april = call("V3", "2026-04-02", 30, 20, { tier: true });
    const other = call("V2", "2026-03-10", 30, 20, { tier: true });
    const credit = call("CN1", "2026-03-05", 60, 50, { type: "credit_note" });
    for (const [txn, history] of [
      [april, [first, april]],
      [other, [call("P1", "2026-03-03", 60, 50, { customer: "PAC" }), other]],
      [later, [first, credit, later]],
    ] as [Transaction, Transaction[]][]) {
      const r = await analyse(txn, { history, ref });
      expect(codes(r.anomalies)).toEqual(["price_below_contract", "price_below_contract"]);
      expect(r.amount_at_risk?.amount).toBe(30 * 8 + 20 * 10);
    }
  });
});
