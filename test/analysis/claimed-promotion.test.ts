// A promotion open to all that the invoices claim by naming it prices only what names it: a
// charging network's free opening month at a new location is named on each receipt of a session
// there (`contract_id`) and on a fleet invoice's sessions there (the line's own `contract_id`). A
// session at another location that month, billed at last month's tariff, was read against the
// promotion's 0.00 and nothing was below it (docs/quality.md, 27th set, "Second pass"). A
// promotion no invoice names (a web store's sale) still prices every invoice.
import { expect, test } from "bun:test";
import type { Contract, PriceListEntry, Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const tariff: PriceListEntry[] = [
  { sku: "DC-ENERGY", list_price: 0.59, currency: "EUR", unit: "kWh", valid_from: "2025-01-01" },
  { sku: "DC-ENERGY", list_price: 0.62, currency: "EUR", unit: "kWh", valid_from: "2026-07-01" },
];
const opening: Contract = { contract_id: "PROMO-OPEN-7", customer_id: "*", sku: "DC-ENERGY", price: 0, currency: "EUR", unit: "kWh", valid_from: "2026-08-01", valid_to: "2026-08-31" };
const fleet: Contract = { contract_id: "FLT-3", customer_id: "FL-3", sku: "FLEET-DISC", price: 10, currency: "EUR", unit: "%", valid_from: "2026-01-01" };
const receipt = (id: string, price: number, o: Partial<Transaction> = {}): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-08-09", customer_id: `APP-${id}`, currency: "EUR", amount: Math.round(25 * price * 100) / 100,
  lines: [{ sku: "DC-ENERGY", unit: "kWh", quantity: 25, unit_price: price, amount: Math.round(25 * price * 100) / 100 }], ...o,
});
const claimed = [receipt("h1", 0, { contract_id: "PROMO-OPEN-7" }), receipt("h2", 0, { contract_id: "PROMO-OPEN-7" })];
const judged = (t: Transaction, history: Transaction[] = claimed, promotion = opening) =>
  analyse(t, { history, ref: { price_list: tariff, contracts: [promotion, fleet] }, config });

test("a session at last month's tariff is below the list although an opening promotion others name is in force", async () => {
  const r = await judged(receipt("s1", 0.59));
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(0.75, 2);
});

test("a receipt naming the promotion, and a fleet invoice's line naming it, are priced by it", async () => {
  expect(codes((await judged(receipt("s2", 0, { contract_id: "PROMO-OPEN-7" }))).anomalies)).toEqual([]);
  const fleetInvoice = receipt("f1", 0, { customer_id: "FL-3", contract_id: "FLT-3" });
  fleetInvoice.lines[0]!.contract_id = "PROMO-OPEN-7";
  expect(codes((await judged(fleetInvoice, [...claimed, fleetInvoice])).anomalies)).toEqual([]);
});

test("a promotion no invoice names still prices every invoice", async () => {
  const sale = { ...opening, price: 0.55 };
  expect(codes((await judged(receipt("s3", 0.55), [receipt("h3", 0.55)], sale)).anomalies)).toEqual([]);
});
