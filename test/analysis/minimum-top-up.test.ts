// A monthly minimum billed as a top-up: a 3PL's WMS (and many billing systems) adds to a month
// whose charges fell short a "minimum charge adjustment" line of the minimum's code for the
// difference, not the whole minimum. The line is priced against the minimum row as what it must
// top up: the minimum less the bill's charges the minimum applies to. A top-up that brings the bill
// to the minimum is right; one that leaves it short is still below the contract, by what is missing.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0, minimum_charge_skus: ["MIN-MONTHLY"] } });
const ref = {
  contracts: [
    { contract_id: "RS-C1-2026", customer_id: "C1", sku: "MIN-MONTHLY", price: 1500, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
    { contract_id: "RS-C1-2026", customer_id: "C1", sku: "PICK-ORDER", price: 2.75, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
    { contract_id: "RS-C1-2026", customer_id: "C1", sku: "STOR-PLT-MO", price: 18, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" },
  ],
  price_list: [{ sku: "PEAK-SURCH", list_price: 6, currency: "USD", unit: "%" }],
};
const month = (id: string, topUp: number | undefined): Transaction => {
  const lines: Transaction["lines"] = [
    { sku: "PICK-ORDER", quantity: 200, unit_price: 2.75, amount: 550 },
    { sku: "STOR-PLT-MO", quantity: 30, unit_price: 18, amount: 540 },
  ];
  if (topUp !== undefined) lines.push({ sku: "MIN-MONTHLY", quantity: 1, unit_price: topUp, amount: topUp, description: "Monthly minimum charge adjustment" });
  return { transaction_id: id, type: "invoice", date: "2026-04-03", customer_id: "C1", currency: "USD", amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines };
};

test("a top-up to the minimum is no price below the minimum's row", async () => {
  // 550 + 540 = 1,090 of activity, topped up by 410 to the minimum of 1,500.
  expect((await analyse(month("T1", 410), { ref, config })).anomalies).toEqual([]);
});

test("a top-up that leaves the bill short is below the contract by what is missing", async () => {
  const r = await analyse(month("T2", 300), { ref, config });
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(110);
});

test("the minimum waived (no top-up line) is still below_minimum_charge, and a whole minimum on a bill of nothing else is priced as before", async () => {
  expect(codes((await analyse(month("T3", undefined), { ref, config })).anomalies)).toEqual(["below_minimum_charge"]);
  const alone: Transaction = { transaction_id: "T4", type: "invoice", date: "2026-04-03", customer_id: "C1", currency: "USD", amount: 1200, lines: [{ sku: "MIN-MONTHLY", quantity: 1, unit_price: 1200, amount: 1200 }] };
  const r = await analyse(alone, { ref, config });
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(300);
});

// A minimum the rate sheet states per month ("Monthly") is the month's bill's: a special-project
// work order billed on its own, for the day it was done, is no month of the client's billing.
const monthlyRef = {
  contracts: ref.contracts.map((c) => ({ ...c, billing_frequency: "Monthly" })).concat([{ contract_id: "RS-C1-2026", customer_id: "C1", sku: "ACC-PROJ", price: 55, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31", billing_frequency: "Per Activity" }]),
  price_list: ref.price_list,
};
const project = (id: string, from: string, to: string): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-04-14", customer_id: "C1", currency: "USD", amount: 440,
  attributes: { "Billing Period Start": from, "Billing Period End": to, "Work Order": "WO-260414-311" },
  lines: [{ sku: "ACC-PROJ", quantity: 8, unit_price: 55, amount: 440 }],
});

test("a monthly minimum judges the bill of a month, not a work order's bill of a day", async () => {
  expect((await analyse(project("W1", "04/14/2026", "04/14/2026"), { ref: monthlyRef, config })).anomalies).toEqual([]);
  // A day whose digits read either way (02/04: 4 February or 2 April) is still one day.
  expect((await analyse(project("W1b", "04/02/2026", "04/02/2026"), { ref: monthlyRef, config })).anomalies).toEqual([]);
  expect(codes((await analyse(project("W2", "04/01/2026", "04/30/2026"), { ref: monthlyRef, config })).anomalies)).toEqual(["below_minimum_charge"]);
  // A minimum per bill (no cadence: a carrier's absolute minimum) still judges every bill.
  const perBill = { ...monthlyRef, contracts: monthlyRef.contracts.map(({ billing_frequency: _, ...c }) => c) };
  expect(codes((await analyse(project("W3", "04/14/2026", "04/14/2026"), { ref: perBill, config })).anomalies)).toEqual(["below_minimum_charge"]);
});

// A client's first month: its rate sheet starts on the 12th, the bill names the whole month. Billing
// systems prorate a monthly minimum over the days the agreement ran (Zuora's "use actual number of
// days": 20 of 31 days), so the month's activity is judged against that share of the minimum.
const startedRef = (from: string, earlier?: string) => ({
  contracts: [
    ...monthlyRef.contracts.map((c) => ({ ...c, valid_from: from })),
    ...(earlier ? [{ contract_id: "RS-C1-2025", customer_id: "C1", sku: "MIN-MONTHLY", price: 1400, currency: "USD", valid_from: earlier, valid_to: "2026-03-11", billing_frequency: "Monthly" }] : []),
  ],
  price_list: ref.price_list,
});
const march = (id: string, pick: number): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-04-02", customer_id: "C1", currency: "USD", amount: pick + 540,
  attributes: { "Billing Period Start": "03/01/2026", "Billing Period End": "03/31/2026" },
  lines: [
    { sku: "PICK-ORDER", quantity: pick / 2.75, unit_price: 2.75, amount: pick },
    { sku: "STOR-PLT-MO", quantity: 30, unit_price: 18, amount: 540 },
  ],
});

test("a client's first, partial month owes the monthly minimum prorated from its sheet's start", async () => {
  // 1,500 × 20 / 31 = 967.74 owed; 1,090 billed: no shortfall.
  expect((await analyse(march("P1", 550), { ref: startedRef("2026-03-12"), config })).anomalies).toEqual([]);
  // 852.50 billed: short of the prorated minimum by 115.24, not of the whole one.
  const short = await analyse(march("P2", 312.5), { ref: startedRef("2026-03-12"), config });
  expect(codes(short.anomalies)).toEqual(["below_minimum_charge"]);
  expect(short.anomalies[0]!.amount_at_risk).toBe(115.24);
  expect(short.anomalies[0]!.message).toContain("prorated 20 of 31 days");
  // A sheet in force from the period's first day, or renewed mid-month (the earlier sheet ran until
  // the 11th): the whole minimum is owed.
  expect(codes((await analyse(march("P3", 550), { ref: startedRef("2026-03-01"), config })).anomalies)).toEqual(["below_minimum_charge"]);
  expect(codes((await analyse(march("P4", 550), { ref: startedRef("2026-03-12", "2025-03-12"), config })).anomalies)).toEqual(["below_minimum_charge"]);
  // A minimum per bill (no cadence) is not prorated.
  const perBill = { ...startedRef("2026-03-12"), contracts: startedRef("2026-03-12").contracts.map(({ billing_frequency: _, ...c }) => c) };
  expect(codes((await analyse(march("P5", 550), { ref: perBill, config })).anomalies)).toEqual(["below_minimum_charge"]);
});
