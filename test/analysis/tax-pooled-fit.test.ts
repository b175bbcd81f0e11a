// What is taxable is the state's, the rate the city's (docs/analysis.md, "Untaxed SKUs"): a
// service company in a state that taxes parts but not labour bills overtime and double-time labour
// items rarely in any one city, too rarely to learn them untaxed at that city's rate. Pooled over
// the state's stated rates, the invoices that bill them beside taxed parts show them untaxed.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

let seq = 0;
/** A service invoice in `state` at `rate`, parts (P-*) taxed, labour and the truck per `taxedLabour`. */
function call(state: string, rate: number, lines: [string, number][], taxedLabour = false, customer = `C-${++seq}`): Transaction {
  const amount = lines.reduce((s, [, a]) => s + a, 0);
  const base = lines.filter(([sku]) => taxedLabour || sku.startsWith("P-")).reduce((s, [, a]) => s + a, 0);
  return {
    transaction_id: `SV-${++seq}`, type: "invoice", date: `2025-0${1 + (seq % 8)}-1${seq % 9}T10:00:00Z`, customer_id: customer, currency: "USD",
    amount, tax_rate: rate, tax_amount: Math.round(base * rate * 100) / 100, attributes: { "Job State": state },
    lines: lines.map(([sku, a]) => ({ sku, quantity: 1, unit_price: a, amount: a })),
  };
}
const cityHistory = (rate: number, dtTaxed = false) => [
  call("FL", rate, [["TRUCK", 115], ["LAB-DT", 500], ["P-1", 200]], dtTaxed),
  call("FL", rate, [["TRUCK", 115], ["LAB-DT", 300], ["P-2", 100]], dtTaxed),
  ...([[200, "P-1", 100], [350, "P-2", 40], [150, "P-3", 260], [500, "P-1", 75], [250, "P-2", 310], [300, "P-3", 20]] as const).map(([hours, part, price]) =>
    call("FL", rate, [["TRUCK", 115], ["LAB-ST", hours], [part, price]])),
];

test("a labour item untaxed beside taxed parts in two cities of a state is untaxed there", async () => {
  const history = [...cityHistory(0.07), ...cityHistory(0.065)];
  const judged = call("FL", 0.07, [["TRUCK", 115], ["LAB-DT", 400], ["P-1", 50]]);
  expect((await analyse(judged, { history })).anomalies).toEqual([]);
  // Its part left untaxed is still short.
  const partUntaxed = { ...judged, transaction_id: "SV-X", tax_amount: 0 };
  expect(codes((await analyse(partUntaxed, { history })).anomalies)).toEqual(["tax_below_rate"]);
});

test("a labour item taxed in one city and untaxed in another learns nothing for the state", async () => {
  const history = [...cityHistory(0.07), ...cityHistory(0.065, true)];
  const judged = call("FL", 0.07, [["TRUCK", 115], ["LAB-DT", 400], ["P-1", 50]]);
  expect(codes((await analyse(judged, { history })).anomalies)).toEqual(["tax_below_rate"]);
});
