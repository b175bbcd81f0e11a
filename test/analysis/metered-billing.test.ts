// Metered bills (electric, water, gas; usage in arrears) as a utility's customer information
// system exports them (docs/analysis.md, "Revenue leakage"): a bill names the service period it
// bills (`Period Start`, `Period End`), read from the meter days before the bill is issued, and
// a tariff applies to service rendered on and after its effective date — June's usage billed on
// 3 July is at June's rates. A line's amount is its quantity at the rate, rounded to the cent:
// a vacant premise's 1 kWh at a rider of 0.0035 per kWh is 0.00, not a missing price. A deposit
// transferred to the final bill settles it with the customer's own money, the rest refunded.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes, invoice, reference } from "./fixtures.ts";

// A tariff is not negotiated: every bill at the rate schedule.
const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });

// The energy rate: 0.112 per kWh until 30 June 2025, 0.1185 from 1 July.
const ref = { price_list: [...reference.price_list, { sku: "E-ENERGY", list_price: 0.112, currency: "USD", valid_from: "2020-01-01" }, { sku: "E-ENERGY", list_price: 0.1185, currency: "USD", valid_from: "2025-07-01" }] };
const bill = (id: string, day: string, rate: number, period?: Record<string, string>): Transaction => ({
  ...invoice(id, { customer: "ACCT-1", date: `${day}T06:00:00Z`, taxRate: 0, lines: [{ sku: "E-ENERGY", qty: 900, unit: rate, list: rate, disc: 0 }] }),
  ...(period ? { attributes: period } : {}),
});

test("usage of a period that ended before a tariff change keeps the old rate on a bill issued after it", async () => {
  // June's read billed on 3 July at June's rate.
  expect((await analyse(bill("BS-1", "2025-07-03", 0.112, { "Period Start": "06/01/2025", "Period End": "06/30/2025" }), { ref, config })).anomalies).toEqual([]);
  // July's usage billed in August at the old rate: the increase was not applied.
  expect(codes((await analyse(bill("BS-2", "2025-08-03", 0.112, { "Period Start": "07/01/2025", "Period End": "07/31/2025" }), { ref, config })).anomalies)).toEqual(["price_below_list"]);
  // A period running into July at the old rate throughout is short for its July days.
  expect(codes((await analyse(bill("BS-3", "2025-07-20", 0.112, { "Period Start": "06/16/2025", "Period End": "07/15/2025" }), { ref, config })).anomalies)).toEqual(["price_below_list"]);
  // Without a period the bill's date prices it, as before.
  expect(codes((await analyse(bill("BS-4", "2025-07-23", 0.112), { ref, config })).anomalies)).toEqual(["price_below_list"]);
});

test("a period ending on or after the bill's day (billed in advance) does not reach back to an older rate", async () => {
  expect(codes((await analyse(bill("BS-5", "2025-07-23", 0.112, { "Service Period To": "08/22/2025" }), { ref, config })).anomalies)).toEqual(["price_below_list"]);
});

test("a line whose quantity at its price is less than half a cent is no zero-price line at 0.00", async () => {
  const rider = { price_list: [...reference.price_list, { sku: "RIDER", list_price: 0.0035, currency: "USD" }] };
  const riderBill = (id: string, kwh: number): Transaction => ({
    ...invoice(id, { customer: "ACCT-2", taxRate: 0, lines: [{ sku: "SKU-A", qty: 1, unit: 100, list: 100, disc: 0 }] }),
    lines: [{ sku: "SKU-A", quantity: 1, unit_price: 100, list_price: 100, discount_pct: 0, amount: 100 }, { sku: "RIDER", quantity: kwh, unit_price: 0.0035, amount: 0 }],
    amount: 100,
  });
  // 1 kWh × 0.0035 = 0.0035: 0.00 to the cent.
  expect((await analyse(riderBill("BS-6", 1), { ref: rider, config })).anomalies).toEqual([]);
  // 10 kWh × 0.0035 = 0.035: 0.04 to the cent, billed at 0.
  expect(codes((await analyse(riderBill("BS-7", 10), { ref: rider, config })).anomalies)).toEqual(["zero_price_line"]);
});

test("a deposit applied to a final bill is the customer's own money settling it, not a credit beyond it", async () => {
  const finalBill = invoice("BS-10", { customer: "ACCT-3", date: "2025-06-02T10:00:00Z", taxRate: 0, lines: [{ sku: "SKU-B", qty: 1, unit: 80 }] });
  const credit = (id: string, description: string): Transaction => ({
    transaction_id: id, type: "credit_note", date: "2025-06-04T10:00:00Z", customer_id: "ACCT-3", currency: "USD", amount: -302.25, reference: "BS-10",
    lines: [{ sku: "XFER-DEP", amount: -302.25, description }],
  });
  // The deposit and its interest (302.25) applied to a final bill of 80.00: the rest is refunded.
  const deposit = credit("AJ-1", "Deposit and interest applied to final bill");
  expect((await analyse(deposit, { module: "duplicate_detection", history: [finalBill, deposit] })).anomalies).toEqual([]);
  // A billing adjustment of the same amount is 222.25 beyond the bill.
  const adjustment = credit("AJ-2", "Billing adjustment");
  const r = await analyse(adjustment, { module: "duplicate_detection", history: [finalBill, adjustment] });
  expect(codes(r.anomalies)).toEqual(["excessive_credit_note"]);
  expect(r.amount_at_risk.amount).toBe(222.25);
});
