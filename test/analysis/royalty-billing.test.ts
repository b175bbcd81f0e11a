// A franchisor's royalty invoices (docs/analysis.md, "Revenue leakage"): the royalty and the brand
// fund are percentages of the gross sales a unit reports (unit %), the technology fee a flat fee
// per month, each priced by the unit's franchise agreement.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const agreement = [
  // A new unit's royalty abated to 3 % for its first six months, 6 % after.
  { contract_id: "FA-4237", customer_id: "L1129", sku: "ROYALTY", price: 3, unit: "%", currency: "USD", valid_from: "2025-10-22", valid_to: "2026-04-21" },
  { contract_id: "FA-4237", customer_id: "L1129", sku: "ROYALTY", price: 6, unit: "%", currency: "USD", valid_from: "2026-04-22" },
  { contract_id: "FA-4237", customer_id: "L1129", sku: "BRAND-FUND", price: 2, unit: "%", currency: "USD", valid_from: "2025-10-22" },
  { contract_id: "FA-4237", customer_id: "L1129", sku: "TECH-FEE", price: 325, unit: "MO", currency: "USD", valid_from: "2026-01-01" },
];
const invoice = (royaltyRate: number): Transaction => {
  const sales = 88204.12;
  const lines = [
    { sku: "ROYALTY", quantity: sales, unit: "%", unit_price: royaltyRate, amount: Math.round(sales * royaltyRate) / 100 },
    { sku: "BRAND-FUND", quantity: sales, unit: "%", unit_price: 2, amount: 1764.08 },
    { sku: "TECH-FEE", quantity: 1, unit: "MO", unit_price: 325, amount: 325 },
  ];
  return { transaction_id: "RI-1", type: "invoice", date: "2026-07-07T00:00:00Z", customer_id: "L1129", contract_id: "FA-4237", currency: "USD",
    amount: lines.reduce((s, l) => s + l.amount, 0), lines, attributes: { "Period Start": "06/01/2026", "Period End": "06/30/2026" } };
};

test("a royalty at half its agreed percentage beside a flat monthly fee is below the agreement, not a second procedure at half its rate", async () => {
  // June, after the abatement ended on 21 April: the abated 3 % is half of the 6 % in force.
  expect(codes((await analyse(invoice(3), { ref: { contracts: agreement } })).anomalies)).toEqual(["price_below_contract"]);
  expect(codes((await analyse(invoice(6), { ref: { contracts: agreement } })).anomalies)).toEqual([]);
});

const minimumAgreement = [
  { contract_id: "FA-4105", customer_id: "L1005", sku: "ROYALTY", price: 6, unit: "%", currency: "USD", valid_from: "2022-08-21" },
  { contract_id: "FA-4105", customer_id: "L1005", sku: "BRAND-FUND", price: 2, unit: "%", currency: "USD", valid_from: "2022-08-21" },
  { contract_id: "FA-4105", customer_id: "L1005", sku: "TECH-FEE", price: 325, unit: "MO", currency: "USD", valid_from: "2026-01-01", billing_frequency: "Monthly" },
  { contract_id: "FA-4105", customer_id: "L1005", sku: "MIN-ROYALTY", price: 1200, unit: "MO", currency: "USD", valid_from: "2023-08-01", billing_frequency: "Monthly", applies_to: "ROYALTY" },
];
const april = (topUp?: number): Transaction => {
  const sales = 18934.39;
  const lines = [
    { sku: "ROYALTY", quantity: sales, unit: "%", unit_price: 6, amount: 1136.06 },
    { sku: "BRAND-FUND", quantity: sales, unit: "%", unit_price: 2, amount: 378.69 },
    { sku: "TECH-FEE", quantity: 1, unit: "MO", unit_price: 325, amount: 325 },
    ...(topUp === undefined ? [] : [{ sku: "MIN-ROYALTY", quantity: 1, unit: "MO", unit_price: topUp, amount: topUp }]),
  ];
  return { transaction_id: "RI-2", type: "invoice", date: "2026-05-07T00:00:00Z", customer_id: "L1005", contract_id: "FA-4105", currency: "USD",
    amount: lines.reduce((s, l) => s + l.amount, 0), lines, attributes: { "Period Start": "04/01/2026", "Period End": "04/30/2026" } };
};
const minimumConfig = modulesConfig({ revenue_leakage: { minimum_charge_skus: ["MIN-ROYALTY"] } });

test("a minimum royalty that names the royalty applies to it alone, not to the brand fund and technology fee beside it", async () => {
  const run = async (txn: Transaction, contracts = minimumAgreement) => (await analyse(txn, { ref: { contracts }, config: minimumConfig })).anomalies;
  // 6 % of 18,934.39 is 1,136.06: 63.94 short of the 1,200.00 minimum, the top-up missing.
  const missing = await run(april());
  expect(codes(missing)).toEqual(["below_minimum_charge"]);
  expect(missing[0]!.amount_at_risk).toBe(63.94);
  // The top-up billed in full, or short of it.
  expect(codes(await run(april(63.94)))).toEqual([]);
  expect(codes(await run(april(30)))).toEqual(["price_below_contract"]);
  // Without applies_to the minimum applies to every charge its agreement prices, as before.
  const whole = minimumAgreement.map((c) => (c.sku === "MIN-ROYALTY" ? { ...c, applies_to: undefined } : c));
  expect(codes(await run(april(), whole))).toEqual([]);
});

test("a minimum royalty that begins after the period a bill reports (billed in arrears) does not apply to that period", async () => {
  // The minimum from the unit's 13th month, 1 September; August's sales billed on 10 September.
  const fromSeptember = minimumAgreement.map((c) => (c.sku === "MIN-ROYALTY" ? { ...c, valid_from: "2026-09-01" } : c));
  const august: Transaction = { ...april(), date: "2026-09-10T00:00:00Z", attributes: { "Period Start": "08/01/2026", "Period End": "08/31/2026" } };
  expect(codes((await analyse(august, { ref: { contracts: fromSeptember }, config: minimumConfig })).anomalies)).toEqual([]);
  // September's, billed on 9 October, owes it.
  const september: Transaction = { ...april(), date: "2026-10-09T00:00:00Z", attributes: { "Period Start": "09/01/2026", "Period End": "09/30/2026" } };
  expect(codes((await analyse(september, { ref: { contracts: fromSeptember }, config: minimumConfig })).anomalies)).toEqual(["below_minimum_charge"]);
});

test("a true-up naming its estimate takes back the estimate's minimum top-up: the negative line is not priced against the true-up alone", async () => {
  // March billed on an estimate (18,934.39 of sales: the royalty 1,136.06 and a top-up of 63.94 to
  // the 1,200.00 minimum); the report came in at 26,000.00, the true-up bills the royalty on the
  // 7,065.61 more and takes the top-up back, the royalty now above the minimum.
  const estimate: Transaction = { ...april(63.94), transaction_id: "RI-3", date: "2026-04-07T00:00:00Z", attributes: { "Period Start": "03/01/2026", "Period End": "03/31/2026", "Report Status": "Estimated" } };
  const lines = [
    { sku: "ROYALTY", quantity: 7065.61, unit: "%", unit_price: 6, amount: 423.94 },
    { sku: "BRAND-FUND", quantity: 7065.61, unit: "%", unit_price: 2, amount: 141.31 },
    { sku: "MIN-ROYALTY", quantity: 1, unit: "MO", unit_price: -63.94, amount: -63.94 },
  ];
  const trueUp: Transaction = { transaction_id: "RI-4", type: "invoice", date: "2026-04-28T00:00:00Z", customer_id: "L1005", contract_id: "FA-4105", currency: "USD", reference: "RI-3",
    amount: lines.reduce((s, l) => s + l.amount, 0), lines, attributes: { "Period Start": "03/01/2026", "Period End": "03/31/2026", "Report Status": "Submitted", "Reason Code": "TRUEUP" } };
  expect(codes((await analyse(trueUp, { history: [estimate], ref: { contracts: minimumAgreement }, config: minimumConfig })).anomalies)).toEqual([]);
  // The same bill naming no original is a top-up of its own lines, and below the minimum.
  expect(codes((await analyse({ ...trueUp, reference: undefined }, { history: [estimate], ref: { contracts: minimumAgreement }, config: minimumConfig })).anomalies)).toContain("price_below_contract");
});
