// A shipment billed under another variant of its code (docs/analysis.md, "unbilled_shipment"): a
// parcel rated at its actual weight (GND-5-8) where the hub's scan weighed its dimensional weight
// (GND-5-12), a case billed in the size below the one picked. The shipped code is absent from
// the invoice, but the invoice bills the same count of a variant of the same base code that no
// shipment carries: what is lost is the difference between the two, not the shipped code's whole
// price (which overstated a parcel carrier's re-rated packages four- to six-fold).
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

const contracts = [
  { contract_id: "AG-7", customer_id: "A7", sku: "GND-5-8", price: 14.1, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  { contract_id: "AG-7", customer_id: "A7", sku: "GND-5-12", price: 18.3, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
];
const bill = (lines: { sku: string; base?: string; qty: number; amount: number }[]): Transaction => ({
  transaction_id: "PX100",
  type: "invoice",
  date: "2026-03-09",
  customer_id: "A7",
  currency: "USD",
  amount: lines.reduce((s, l) => s + l.amount, 0),
  lines: lines.map((l) => ({ sku: l.sku, ...(l.base ? { base_sku: l.base } : {}), quantity: l.qty, unit_price: l.amount / l.qty, amount: l.amount })),
});
const unbilled = async (txn: Transaction, shipments: { sku: string; quantity: number }[]) =>
  (await analyse(txn, { ref: { contracts, shipments: shipments.map((s, i) => ({ shipment_id: `SC${i}`, transaction_id: "PX100", ...s })) }, history: [txn] })).anomalies.filter(
    (a) => a.code === "unbilled_shipment",
  );

describe("a shipped code billed as another variant of its base code", () => {
  test("the lighter rating billed: the difference is at risk, not the heavier rating's whole price", async () => {
    const found = await unbilled(bill([{ sku: "GND-5-8", base: "GND", qty: 1, amount: 14.1 }]), [{ sku: "GND-5-12", quantity: 1 }]);
    expect(found).toHaveLength(1);
    expect(found[0]!.amount_at_risk).toBe(4.2);
    expect(found[0]!.message).toContain("GND-5-8");
  });

  test("a variant of another base code, or another count, is no substitute: the whole price", async () => {
    const other = await unbilled(bill([{ sku: "NXT-5-8", base: "NXT", qty: 1, amount: 14.1 }]), [{ sku: "GND-5-12", quantity: 1 }]);
    expect(other[0]!.amount_at_risk).toBe(18.3);
    const count = await unbilled(bill([{ sku: "GND-5-8", base: "GND", qty: 2, amount: 28.2 }]), [{ sku: "GND-5-12", quantity: 1 }]);
    expect(count[0]!.amount_at_risk).toBe(18.3);
  });

  test("a billed variant the shipments carry too is billed for itself, not a substitute", async () => {
    const found = await unbilled(bill([{ sku: "GND-5-8", base: "GND", qty: 1, amount: 14.1 }]), [
      { sku: "GND-5-8", quantity: 1 },
      { sku: "GND-5-12", quantity: 1 },
    ]);
    expect(found.map((f) => f.amount_at_risk)).toEqual([18.3]);
  });

  test("a heavier rating billed than scanned loses nothing", async () => {
    const found = await unbilled(bill([{ sku: "GND-5-12", base: "GND", qty: 1, amount: 18.3 }]), [{ sku: "GND-5-8", quantity: 1 }]);
    expect(found.map((f) => f.amount_at_risk)).toEqual([0]);
  });
});
