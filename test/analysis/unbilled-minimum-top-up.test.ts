// Events not billed on a bill its minimum topped up (docs/analysis.md, "unbilled_shipment"): a
// container terminal's feeder call billed on its scheduled hours of dockage, 1,311.20, topped up
// to the minimum per call of 1,560.00 by a MIN_CHARGE line of 248.80, where the berth events carry
// the actual hours, 3,409.12. The call owed the larger of its dockage and the minimum, 3,409.12, and
// was billed 1,560.00: 1,849.12 lost — the unbilled metre-hours' 2,097.92 less the top-up that
// billed part of them. Where the events' dockage stays within the minimum, the top-up billed it all:
// the call is still reported (billed on other hours than its events'), nothing at risk.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0, minimum_charge_skus: ["MIN_CHARGE"] } });
const contracts = [
  { contract_id: "TC-CAR", customer_id: "CAR", sku: "DOCKAGE", price: 0.88, currency: "USD", unit: "M-HR", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  { contract_id: "TC-CAR", customer_id: "CAR", sku: "RESTOW", price: 95, currency: "USD", unit: "MOVE", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  { contract_id: "TC-CAR", customer_id: "CAR", sku: "MIN_CHARGE", price: 1560, currency: "USD", applies_to: "DOCKAGE", valid_from: "2026-01-01", valid_to: "2026-12-31" },
];
const call = (dockage: number, topUp: number | undefined, restows = 0): Transaction => {
  const lines: Transaction["lines"] = [{ sku: "DOCKAGE", quantity: dockage, unit_price: 0.88, amount: Math.round(dockage * 88) / 100 }];
  if (restows > 0) lines.push({ sku: "RESTOW", quantity: restows, unit_price: 95, amount: restows * 95 });
  if (topUp !== undefined) lines.push({ sku: "MIN_CHARGE", quantity: 1, unit_price: topUp, amount: topUp });
  return { transaction_id: "IN1", type: "invoice", date: "2026-06-17", customer_id: "CAR", contract_id: "TC-CAR", currency: "USD", amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines };
};
const unbilled = async (txn: Transaction, events: { sku: string; quantity: number }[]) =>
  (await analyse(txn, { ref: { contracts, shipments: events.map((e, i) => ({ shipment_id: `E${i}`, transaction_id: "IN1", ...e })) }, config, history: [txn] })).anomalies.filter(
    (a) => a.code === "unbilled_shipment",
  );

describe("unbilled events on a bill topped up to its minimum", () => {
  test("the top-up billed part of the unbilled dockage: what is lost is the rest", async () => {
    const found = await unbilled(call(1490, 248.8), [{ sku: "DOCKAGE", quantity: 3874 }]);
    expect(found).toHaveLength(1);
    expect(found[0]!.amount_at_risk).toBe(1849.12);
  });

  test("events whose dockage stays within the minimum were billed by the top-up: still not billed as carried, nothing lost", async () => {
    const within = await unbilled(call(1490, 248.8), [{ sku: "DOCKAGE", quantity: 1700 }]);
    expect(within.map((a) => a.amount_at_risk)).toEqual([0]);
    expect(within[0]!.message).toContain("184.80 less the 184.80 of it the minimum's top-up billed");
  });

  test("without a top-up, or where the minimum does not apply to the code short, the whole unbilled value", async () => {
    expect((await unbilled(call(1490, undefined), [{ sku: "DOCKAGE", quantity: 3874 }]))[0]!.amount_at_risk).toBe(2097.92);
    // The restows short are no dockage: the minimum's top-up billed none of them.
    const restows = await unbilled(call(1490, 248.8, 2), [{ sku: "DOCKAGE", quantity: 1490 }, { sku: "RESTOW", quantity: 4 }]);
    expect(restows.map((a) => a.amount_at_risk)).toEqual([190]);
  });
});
