// A terminal's import release invoice billing fewer storage days than the chargeable-event extract
// carries: by a waiver granted in writing (its number on the invoice, an approver who is not the
// clerk) it is a decision; without one — free time extended "per line request", the waiver column
// empty or saying none, the clerk approving their own cut — the days are still owed.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

describe("storage days waived in writing", () => {
  const shipments = [
    { shipment_id: "CUE1", transaction_id: "IN77", sku: "STOR-40-T1", quantity: 5 },
    { shipment_id: "CUE2", transaction_id: "IN77", sku: "STOR-40-T2", quantity: 2 },
    { shipment_id: "CUE3", transaction_id: "IN77", sku: "GATE-OUT", quantity: 1 },
  ];
  const price_list = [
    { sku: "STOR-40-T1", list_price: 50, currency: "USD" },
    { sku: "STOR-40-T2", list_price: 80, currency: "USD" },
    { sku: "GATE-OUT", list_price: 35, currency: "USD" },
  ];
  /** Three storage days of tier 1 and the two of tier 2 left off (a waiver of five days' extension). */
  const release = (o: { attributes?: Record<string, string>; created_by?: string; approved_by?: string | null }): Transaction => {
    const t = invoice("IN77", { created_by: o.created_by ?? "jmorales", approved_by: o.approved_by ?? "L. Fontaine", lines: [{ sku: "STOR-40-T1", qty: 2, unit: 50, list: 50, disc: 0 }, { sku: "GATE-OUT", qty: 1, unit: 35, list: 35, disc: 0 }] });
    if (o.approved_by === null) delete t.approved_by;
    return { ...t, tax_amount: 0, tax_rate: 0, ...(o.attributes ? { attributes: o.attributes } : {}) };
  };
  /** Tier 1's three days at their rate; tier 2, absent, at the list less the policy's 10 %. */
  const OWED = 3 * 50 + 2 * 80 * 0.9;
  const run = (t: Transaction) => analyse(t, { ref: { shipments, price_list } });

  test("a waiver number and an approver other than the clerk: the days are waived, not lost", async () => {
    expect((await run(release({ attributes: { "Waiver Nbr": "WV-25-0113" } }))).anomalies).toEqual([]);
    expect((await run(release({ attributes: { "Storage Waiver No": "40117" } }))).anomalies).toEqual([]);
  });

  test("no waiver number: free time extended with no waiver on record is unbilled", async () => {
    const r = await run(release({}));
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
    expect(r.amount_at_risk?.amount).toBe(OWED);
  });

  test("a waiver column that names none, a waiver no one approved, or one the clerk approved: still unbilled", async () => {
    for (const t of [
      release({ attributes: { "Waiver Nbr": "N/A" } }),
      release({ attributes: { "Waiver Nbr": "WV-25-0113" }, approved_by: null }),
      release({ attributes: { "Waiver Nbr": "WV-25-0113" }, approved_by: "JMorales" }),
    ]) {
      const r = await run(t);
      expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
      expect(r.amount_at_risk?.amount).toBe(OWED);
    }
  });

  test("a rental's damage waiver accepted is no waiver of a charge", async () => {
    const r = await run(release({ attributes: { "Damage Waiver": "Accepted 15" } }));
    expect(codes(r.anomalies)).toEqual(["unbilled_shipment", "unbilled_shipment"]);
  });
});
