// A price list that says which SKUs are taxed (docs/analysis.md, "Untaxed SKUs"): a telecom's
// unreturned-equipment fee is not taxable, and appears on a few final bills spread over seven
// jurisdictions — too few in any one for the history to learn its 0 %. The catalogue's `taxable`
// (or its own `tax_rate`) says it: a final bill taxing the fee as the catalogue states is no
// shortfall, and one that leaves a taxable plan untaxed still is.
import { expect, test } from "bun:test";
import type { PriceListEntry, Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";
import { notTaxable } from "../../src/analysis/reference-index.ts";

const RATE = 0.0825;
let seq = 0;
/** A final bill: a mobile line (taxed) and an unreturned modem's fee; tax on what `taxed` names. */
function finalBill(taxed: (sku: string) => boolean): Transaction {
  const items: [string, number][] = [["MOB-UNL", 65], ["EQUIP-NR-MODEM", 150]];
  const base = items.filter(([sku]) => taxed(sku)).reduce((s, [, a]) => s + a, 0);
  seq++;
  return {
    transaction_id: `F-${seq}`, type: "invoice", date: "2025-06-08T00:00:00Z", customer_id: `A-${seq}`, currency: "USD",
    amount: 215, tax_rate: RATE, tax_amount: Math.round(base * RATE * 100) / 100,
    lines: items.map(([sku, a]) => ({ sku, quantity: 1, unit_price: a, amount: a })),
  };
}
const catalogue = (fee: Partial<PriceListEntry>): PriceListEntry[] => [
  { sku: "MOB-UNL", list_price: 65, taxable: "Y" },
  { sku: "EQUIP-NR-MODEM", list_price: 150, ...fee },
];

test("a fee the price list says is not taxable is owed no tax; the taxable line still is", async () => {
  const ref = { price_list: catalogue({ taxable: "N" }) };
  expect(codes((await analyse(finalBill((s) => s === "MOB-UNL"), { ref })).anomalies)).toEqual([]);
  expect(codes((await analyse(finalBill(() => false), { ref })).anomalies)).toEqual(["tax_below_rate"]);
});

test("without the catalogue's word the fee's missing tax is a shortfall, as before", async () => {
  expect(codes((await analyse(finalBill((s) => s === "MOB-UNL"), { ref: { price_list: catalogue({}) } })).anomalies)).toEqual(["tax_below_rate"]);
});

test("a SKU's own lower rate in the price list is what its line owes", async () => {
  // Taxed at 2 % where the invoice states 8.25 %: the fee's line owes 3.00.
  const bill = finalBill((s) => s === "MOB-UNL");
  bill.tax_amount = Math.round((65 * RATE + 150 * 0.02) * 100) / 100;
  expect(codes((await analyse(bill, { ref: { price_list: catalogue({ tax_rate: 2 }) } })).anomalies)).toEqual([]);
  bill.tax_amount = Math.round(65 * RATE * 100) / 100;
  expect(codes((await analyse(bill, { ref: { price_list: catalogue({ tax_rate: 2 }) } })).anomalies)).toEqual(["tax_below_rate"]);
});

test("the catalogue's ways of saying not taxable", () => {
  for (const v of ["N", "no", "FALSE", "0", "Exempt", "Non-Taxable", "not taxable", "Zero rated", "E", "Z"]) expect(notTaxable(v)).toBe(true);
  for (const v of ["Y", "Yes", "Taxable", "1", "S", "standard"]) expect(notTaxable(v)).toBe(false);
});
