// A franchisor's royalty invoices (docs/analysis.md, "Revenue leakage"): the royalty and the brand
// fund are percentages of the gross sales a unit reports (unit %), the technology fee a flat fee
// per month, each priced by the unit's franchise agreement.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
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
