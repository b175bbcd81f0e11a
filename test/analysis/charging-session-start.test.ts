// A charging session is priced at the tariff in force when it started (OCPI 2.2.1: the tariff
// valid at the session's start), though its receipt is dated the day it ended: a session plugged in
// at 22:30 on 30 June and unplugged on 1 July keeps June's tariff after a 1 July price rise. The
// export names the start (`Session Start`, OCPI's `start_date_time`) beside the receipt's date, as
// a freight bill names its pickup day (docs/analysis.md, "Revenue leakage").
import { expect, test } from "bun:test";
import type { PriceListEntry, Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const tariff: PriceListEntry[] = [
  { sku: "AC-ENERGY-OFFPEAK", list_price: 0.39, currency: "EUR", unit: "kWh", valid_from: "2025-01-01" },
  { sku: "AC-ENERGY-OFFPEAK", list_price: 0.42, currency: "EUR", unit: "kWh", valid_from: "2026-07-01" },
];
const receipt = (id: string, start: Record<string, string>): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-07-01", customer_id: "APP-1", currency: "EUR", amount: 11.7,
  lines: [{ sku: "AC-ENERGY-OFFPEAK", unit: "kWh", quantity: 30, unit_price: 0.39, amount: 11.7 }],
  attributes: { "Session End": "2026-07-01T04:12:00Z", ...start },
});
const judged = async (t: Transaction) => analyse(t, { ref: { price_list: tariff }, config });

test("a session started before the tariff change keeps the tariff of its start", async () => {
  expect(codes((await judged(receipt("rc_start", { "Session Start": "2026-06-30T20:41:00Z" }))).anomalies)).toEqual([]);
  expect(codes((await judged(receipt("rc_ocpi", { start_date_time: "2026-06-30T20:41:00Z" }))).anomalies)).toEqual([]);
});

test("a session started after the change at the old tariff is below the list", async () => {
  const r = await judged({ ...receipt("rc_after", { "Session Start": "2026-07-01T00:20:00Z" }), date: "2026-07-06" });
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(0.9, 2);
});
