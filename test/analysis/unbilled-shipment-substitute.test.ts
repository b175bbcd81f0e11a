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

describe("a shipped code priced by its base code", () => {
  // A print dealer's invoice keys its click lines by item and device serial (CLICK-MONO-E7300037)
  // while the contract prices the item (CLICK-MONO): a line billed at quantity 0 (a stale meter
  // read) still states its rate, and a device whose line is missing is priced as a line of its
  // serial would be, by the contract's code.
  const rows = [{ contract_id: "MPS-1", customer_id: "A7", sku: "CLICK-MONO", price: 0.012, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" }];
  const click = (lines: { sku: string; qty: number; rate: number }[]): Transaction => ({
    transaction_id: "PX100", type: "invoice", date: "2026-03-04", customer_id: "A7", currency: "USD", amount: lines.reduce((s, l) => s + l.qty * l.rate, 0),
    lines: lines.map((l) => ({ sku: l.sku, base_sku: "CLICK-MONO", quantity: l.qty, unit_price: l.rate, amount: Math.round(l.qty * l.rate * 100) / 100 })),
  });
  const atRisk = async (txn: Transaction, shipments: { sku: string; quantity: number }[]) =>
    (await analyse(txn, { ref: { contracts: rows, shipments: shipments.map((s, i) => ({ shipment_id: `MW${i}`, transaction_id: "PX100", ...s })) }, history: [txn] })).anomalies
      .filter((a) => a.code === "unbilled_shipment").map((a) => a.amount_at_risk);
  test("a line billing 0 at its rate: the shortfall at that rate", async () => {
    expect(await atRisk(click([{ sku: "CLICK-MONO-E1", qty: 0, rate: 0.0137 }]), [{ sku: "CLICK-MONO-E1", quantity: 1000 }])).toEqual([13.7]);
  });
  test("a device without a line: at the contract's price of its base code", async () => {
    expect(await atRisk(click([{ sku: "CLICK-MONO-E2", qty: 500, rate: 0.0137 }]), [{ sku: "CLICK-MONO-E1", quantity: 1000 }, { sku: "CLICK-MONO-E2", quantity: 500 }])).toEqual([12]);
  });
});

describe("a shipped code billed under its base code's line", () => {
  // A pooled fleet: the worksheet has the pool's overage (CLICK-MONO) and a device on its own
  // allowance (CLICK-MONO-E9); the invoice billed the device's clicks inside the pool's line.
  const rows = [{ contract_id: "MPS-1", customer_id: "A7", sku: "CLICK-MONO", price: 0.012, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" }];
  const pool = (qty: number): Transaction => ({
    transaction_id: "PX100", type: "invoice", date: "2026-03-04", customer_id: "A7", currency: "USD", amount: qty * 0.012,
    lines: [{ sku: "CLICK-MONO", quantity: qty, unit_price: 0.012, amount: Math.round(qty * 1.2) / 100 }],
  });
  const found = async (txn: Transaction) =>
    (await analyse(txn, { ref: { contracts: rows, shipments: [{ shipment_id: "MW1", transaction_id: "PX100", sku: "CLICK-MONO", quantity: 1800 }, { shipment_id: "MW2", transaction_id: "PX100", sku: "CLICK-MONO-E9", quantity: 1500 }] }, history: [txn] })).anomalies
      .filter((a) => a.code === "unbilled_shipment").map((a) => a.amount_at_risk);
  test("the pool line billing the device's clicks beyond its own: billed", async () => {
    expect(await found(pool(3300))).toEqual([]);
  });
  test("the pool line billing part of them: the rest is unbilled", async () => {
    expect(await found(pool(2300))).toEqual([12]);
  });
  test("billed inside the pool at a lower rate than the device's own: the difference", async () => {
    // The pool's line at 0.010 (its volume tier); the device's 1,500 clicks owe 0.012 on their own.
    const cheaper: Transaction = { ...pool(3300), lines: [{ sku: "CLICK-MONO", quantity: 3300, unit_price: 0.01, amount: 33 }] };
    expect(await found(cheaper)).toEqual([3]);
  });
});

describe("a shipped code priced by its contract's volume tiers", () => {
  const tiers = [0, 10_000, 50_000].map((min, i) => ({ contract_id: "MPS-1", customer_id: "A7", sku: "CLICK-MONO", price: [0.012, 0.0098, 0.0079][i]!, min_quantity: min, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" }));
  test("at the tier its quantity reaches, not the deepest", async () => {
    const txn: Transaction = { transaction_id: "PX100", type: "invoice", date: "2026-03-04", customer_id: "A7", currency: "USD", amount: 30, lines: [{ sku: "BASE", quantity: 1, unit_price: 30, amount: 30 }] };
    const found = (await analyse(txn, { ref: { contracts: tiers, shipments: [{ shipment_id: "MW1", transaction_id: "PX100", sku: "CLICK-MONO-E9", quantity: 1000 }] }, history: [txn] })).anomalies.filter((a) => a.code === "unbilled_shipment");
    expect(found.map((a) => a.amount_at_risk)).toEqual([12]);
  });
});
