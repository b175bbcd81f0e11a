// price_above_contract (docs/analysis.md, "Billed above the agreement"): a line billed above the
// highest price the customer's own agreement in force allows is a refund owed — medium, never an
// alarm alone, one finding per document, its money what the customer was overcharged. Regular
// business that prices above an agreement stays quiet (two prices in force, a promotion the
// customer need not have taken, a second service's row of the same code) or low (a surcharge, two
// agreed charges on one line).
import { expect, test } from "bun:test";
import type { ReferenceData, Transaction } from "../../src/domain/transaction.ts";
import { analyse, invoice } from "./fixtures.ts";
import { ReferenceIndex } from "../../src/analysis/reference-index.ts";
import { countCalls } from "../support/count-calls.ts";

const above = async (txn: Transaction, ref?: Partial<ReferenceData>) => {
  const r = await analyse(txn, { ref });
  return { r, found: r.anomalies.filter((a) => a.code === "price_above_contract") };
};

test("a line above the customer's contract price is a medium finding; its money is what the customer was overcharged", async () => {
  // CTR-1 prices SKU-A at 80 for CUST-1; billed at 90 × 3.
  const { r, found } = await above(invoice("OVER-1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 3, unit: 90 }] }));
  expect(found.map((a) => a.severity)).toEqual(["medium"]);
  expect(found[0]!.amount_at_risk).toBe(30);
  expect(r.risk_score).toBeLessThan(60);
  // At the contract price, or a cent above it on a large line (rounding), nothing.
  expect((await above(invoice("OVER-2", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 3, unit: 80 }] }))).found).toEqual([]);
  expect((await above(invoice("OVER-3", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 1, unit: 80.2 }] }))).found).toEqual([]);
});

test("several lines above their prices on one bill are one finding, not an alarm of many pieces of evidence", async () => {
  const ref = { contracts: [
    { contract_id: "CTR-M", customer_id: "CUST-M", sku: "SKU-A", price: 80, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
    { contract_id: "CTR-M", customer_id: "CUST-M", sku: "SKU-B", price: 40, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  ] };
  const { r, found } = await above(invoice("MANY-1", { customer: "CUST-M", lines: [{ sku: "SKU-A", qty: 1, unit: 100 }, { sku: "SKU-B", qty: 2, unit: 50 }] }), ref);
  expect(found.length).toBe(1);
  expect(found[0]!.amount_at_risk).toBe(40);
  expect(r.risk_level).not.toBe("high");
});

test("a promotion open to all is no price the customer was promised: billed at list above it, nothing", async () => {
  // PROMO-B: SKU-B at 40 for anyone in March 2025; CUST-9 has no contract and pays the list's 50.
  expect((await above(invoice("PROMO-1", { date: "2025-03-11T10:00:00Z", lines: [{ sku: "SKU-B", qty: 2, unit: 50 }] }))).found).toEqual([]);
});

test("a price increase billed before the agreement's step is above it; billed for work done after the step, it is not", async () => {
  const ref = { contracts: [
    { contract_id: "CTR-S", customer_id: "CUST-S", sku: "SKU-A", price: 80, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-06-30" },
    { contract_id: "CTR-S", customer_id: "CUST-S", sku: "SKU-A", price: 84, currency: "USD", valid_from: "2025-07-01", valid_to: "2025-12-31" },
  ] };
  expect((await above(invoice("STEP-1", { customer: "CUST-S", date: "2025-06-11T10:00:00Z", lines: [{ sku: "SKU-A", qty: 5, unit: 84 }] }), ref)).found.map((a) => a.amount_at_risk)).toEqual([20]);
  // Billed in July for June's work at July's price: the June price is the lower of two in force, not broken.
  const july = { ...invoice("STEP-2", { customer: "CUST-S", date: "2025-07-02T10:00:00Z", lines: [{ sku: "SKU-A", qty: 5, unit: 84 }] }), attributes: { work_date: "2025-06-27" } };
  expect((await above(july, ref)).found).toEqual([]);
});

test("a second service's row of the same code does not end the first one's escalated step as the most it may be billed at", async () => {
  // A colocation inventory: a cross-connect escalated to 257.50 from 15 February (its row open),
  // a second one of the same code added at 250.00 on 22 May. The first is billed at 257.50 in June.
  const ref = { contracts: [
    { contract_id: "MSA-1", customer_id: "CUST-C", sku: "XC", price: 250, currency: "USD", valid_from: "2025-02-15", valid_to: "2026-02-14" },
    { contract_id: "MSA-1", customer_id: "CUST-C", sku: "XC", price: 257.5, currency: "USD", valid_from: "2026-02-15" },
    { contract_id: "MSA-1", customer_id: "CUST-C", sku: "XC", price: 250, currency: "USD", valid_from: "2026-05-22" },
  ] };
  const bill = { ...invoice("XC-1", { customer: "CUST-C", date: "2026-06-01T00:00:00Z", lines: [{ sku: "XC", qty: 1, unit: 257.5, list: 300 }, { sku: "XC", qty: 1, unit: 250, list: 300 }] }), contract_id: "MSA-1" };
  expect((await above(bill, ref)).found).toEqual([]);
});

test("a line that says it is a surcharge, or bills another charge of the agreement with its own, is low", async () => {
  const surcharge = invoice("SUR-1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 1, unit: 96 }] });
  surcharge.lines[0]!.description = "Installation, after-hours surcharge";
  expect((await above(surcharge)).found.map((a) => a.severity)).toEqual(["low"]);
  // A rent roll's RENT line of the lease's rent and parking together, no PARK line of its own.
  const ref = { contracts: [
    { contract_id: "L-1", customer_id: "T-1", sku: "RENT", price: 1455, currency: "USD", valid_from: "2024-01-01", valid_to: "2024-12-31", billing_frequency: "Monthly" },
    { contract_id: "L-1", customer_id: "T-1", sku: "PARK", price: 75, currency: "USD", valid_from: "2024-01-01", valid_to: "2024-12-31", billing_frequency: "Monthly" },
  ] };
  const rent = (id: string, amount: number): Transaction => ({ transaction_id: id, type: "invoice", date: "2024-03-01T00:00:00Z", customer_id: "T-1", contract_id: "L-1", currency: "USD", amount, lines: [{ sku: "RENT", amount }] });
  expect((await above(rent("R-1", 1530), ref)).found.map((a) => a.severity)).toEqual(["low"]);
  // 60 above the rent is no charge of the lease: medium.
  expect((await above(rent("R-2", 1515), ref)).found.map((a) => a.severity)).toEqual(["medium"]);
});

test("a tier the line's quantity does not reach is a price the agreement allows: a graduated plan's tier line is no overcharge", async () => {
  // 1,000 calls free, the next 9,000 at 0.316, past 10,000 at 0.237 (a SaaS plan's graduated
  // tiers): the month's 1,800 calls are billed as a free line of 1,000 and one of 800 at 0.316.
  const tiers = { contracts: [
    { contract_id: "SUB-1", customer_id: "CUST-T", sku: "API-CALLS", price: 0, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", min_quantity: 0 },
    { contract_id: "SUB-1", customer_id: "CUST-T", sku: "API-CALLS", price: 0.316, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", min_quantity: 1000 },
    { contract_id: "SUB-1", customer_id: "CUST-T", sku: "API-CALLS", price: 0.237, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", min_quantity: 10000 },
  ] };
  expect((await above(invoice("TIER-1", { customer: "CUST-T", lines: [{ sku: "API-CALLS", qty: 1000, unit: 0 }, { sku: "API-CALLS", qty: 800, unit: 0.316 }] }), tiers)).found).toEqual([]);
  // Above every tier's price, still an overcharge.
  expect((await above(invoice("TIER-2", { customer: "CUST-T", lines: [{ sku: "API-CALLS", qty: 800, unit: 0.5 }] }), tiers)).found.length).toBe(1);
});

test("an overcharge is the bill's amount at risk only where nothing is lost: beside an underbilled line, the total is what is lost", async () => {
  const ref = { contracts: [
    { contract_id: "CTR-L", customer_id: "CUST-L", sku: "SKU-A", price: 80, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 0 },
    { contract_id: "CTR-L", customer_id: "CUST-L", sku: "SKU-B", price: 40, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31", max_discount_pct: 0 },
  ] };
  // SKU-A 2 × 70 against its 80 (20 lost), SKU-B 50 against its 40 (an overcharge of 10).
  const { r, found } = await above(invoice("BOTH-1", { customer: "CUST-L", lines: [{ sku: "SKU-A", qty: 2, unit: 70 }, { sku: "SKU-B", qty: 1, unit: 50 }] }), ref);
  expect(found[0]!.amount_at_risk).toBe(10);
  expect(r.amount_at_risk.amount).toBe(20);
  // Alone, the overcharge is the money in question.
  expect((await above(invoice("ONLY-1", { customer: "CUST-L", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }), ref)).r.amount_at_risk.amount).toBe(10);
});

// Whether a line above its price bills another charge of the agreement was asked per line of the
// customer's every agreement row, each row walking the bill's lines: a bill of 1,000 lines above
// their prices for a customer with 1,000 rows held the event loop 10.3 s on dist/assay (one inline
// request of 60 KB). The rows that may be another charge are gathered once per bill.
test("a bill of 1,000 lines above their prices for a customer of 1,000 rows reads the customer's rows once", async () => {
  const rows = Array.from({ length: 1_000 }, (_, i) => ({ contract_id: "K-1", customer_id: "C-MANY", sku: `Z${i}`, price: 10, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" }));
  // A code no line bills, priced at what each line is above its own price: each line bills it with its own.
  rows.push({ contract_id: "K-1", customer_id: "C-MANY", sku: "FEE", price: 2, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" });
  const bill: Transaction = { transaction_id: "MANY-1", type: "invoice", date: "2025-06-11T10:00:00Z", customer_id: "C-MANY", currency: "USD", amount: 12_000, lines: rows.slice(0, 1_000).map((r) => ({ sku: r.sku, quantity: 1, unit_price: 12, amount: 12 })) };
  const reads = await countCalls(ReferenceIndex.prototype, "customerRows", async () => {
    const { found } = await above(bill, { contracts: rows });
    expect(found.map((a) => a.severity)).toEqual(["low"]);
    expect(found[0]!.actual).toMatchObject({ lines_above: 1_000 });
  });
  expect(reads).toBeLessThanOrEqual(3);
});
