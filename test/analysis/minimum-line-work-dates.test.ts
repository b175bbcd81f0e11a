// A minimum charge applies to the period the work was performed in. A container terminal's vessel
// call berthed on 30 December and invoiced on 1 January is billed at December's rates — its lines
// name the day their work was done (`work_date`) — and so is its minimum per call: the contract's
// minimum in force on those days, not the one that came into force with the new year on the
// invoice's day. Work performed on the invoice's own year is still held to that year's minimum.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0, minimum_charge_skus: ["MIN_CHARGE"] } });
const row = (sku: string, price: number, year: number) => ({
  contract_id: `CB-${year}`, customer_id: "CARIBE", sku, price, currency: "USD", applies_to: sku === "MIN_CHARGE" ? "DOCKAGE" : undefined, valid_from: `${year}-01-01`, valid_to: `${year}-12-31`,
});
const ref = {
  contracts: [row("MIN_CHARGE", 1500, 2025), row("DOCKAGE", 0.6, 2025), row("MIN_CHARGE", 1560, 2026), row("DOCKAGE", 0.624, 2026)],
  price_list: [],
};

/** A feeder call's dockage, worked from `worked`, invoiced on 1 January 2026. */
const call = (id: string, worked: string, quantity: number, rate: number): Transaction => {
  const amount = Math.round(quantity * rate * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: "2026-01-01", customer_id: "CARIBE", contract_id: rate === 0.6 ? "CB-2025" : "CB-2026", currency: "USD", amount,
    lines: [{ sku: "DOCKAGE", quantity, unit: "M-HR", unit_price: rate, amount, work_date: worked }],
  };
};

test("a call worked in December and invoiced in January is held to December's minimum", async () => {
  // 2,533 metre-hours at 2025's 0.60: 1,519.80, above 2025's 1,500 though below 2026's 1,560.
  expect((await analyse(call("V1", "2025-12-30", 2533, 0.6), { ref, config })).anomalies).toEqual([]);
});

test("a call worked in the new year is held to the new year's minimum", async () => {
  // 2,436 metre-hours at 2026's 0.624: 1,520.06, below 2026's 1,560.
  const r = await analyse(call("V2", "2026-01-01", 2436, 0.624), { ref, config });
  expect(codes(r.anomalies)).toEqual(["below_minimum_charge"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(39.94);
});
