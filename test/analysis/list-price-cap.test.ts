// A public tariff may cap what one line of a charge costs (docs/analysis.md, "Revenue leakage"): an
// EV charging operator's idle fee of 0.10 a minute after the grace period, at most 20.00 a session;
// a car park's hourly rate up to a daily maximum. The price-list row's `max_amount` says so, as a
// contract row's does: a line at the cap is billed at the list price, a line short of it is not.
import { expect, test } from "bun:test";
import type { PriceListEntry, Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const tariff = (extra: Partial<PriceListEntry> = {}): PriceListEntry[] => [
  { sku: "AC-IDLE", list_price: 0.1, currency: "EUR", unit: "min", ...extra },
  { sku: "AC-ENERGY", list_price: 0.39, currency: "EUR", unit: "kWh" },
];
const receipt = (id: string, idleMinutes: number, idleFee: number): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-03-02", customer_id: "APP-1", currency: "EUR", amount: 7.8 + idleFee,
  lines: [{ sku: "AC-ENERGY", unit: "kWh", quantity: 20, unit_price: 0.39, amount: 7.8 }, { sku: "AC-IDLE", unit: "min", quantity: idleMinutes, unit_price: 0.1, amount: idleFee }],
});
const judged = async (t: Transaction, price_list: PriceListEntry[]) => analyse(t, { ref: { price_list }, config });

test("an idle fee at the tariff's cap per session is the list price", async () => {
  // 356 minutes at 0.10 is 35.60; the tariff caps the fee at 20.00.
  expect(codes((await judged(receipt("rc_cap", 356, 20), tariff({ max_amount: 20 }))).anomalies)).toEqual([]);
  // Under the cap the rate governs.
  expect(codes((await judged(receipt("rc_small", 90, 9), tariff({ max_amount: 20 }))).anomalies)).toEqual([]);
});

test("a fee short of the cap where the cap is reached is below the list by the cap less the fee", async () => {
  const r = await judged(receipt("rc_short", 356, 12), tariff({ max_amount: 20 }));
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(8, 2);
});

test("without a cap the rate prices every minute", async () => {
  const r = await judged(receipt("rc_nocap", 356, 20), tariff());
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(15.6, 2);
});
