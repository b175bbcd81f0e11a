// A telecom bill's per-line fees (docs/analysis.md, "Untaxed SKUs"): a 911 fee of 0.40 per voice
// line is untaxed and billed beside every taxable mobile line, so the two SKUs' amounts keep one
// ratio on every bill. The fit of lower rates cannot tell, from amounts alone, a tiny reduction of
// the mobile plan from the fee being untaxed; a reduction of a few hundredths of the rate is no
// reduced rate a jurisdiction has, and is taken as none: the fee, then, is what is untaxed.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const RATE = 0.0744;
let seq = 0;
/** A monthly bill in Florida: `lines` mobile lines (taxed) each with its 911 fee (untaxed), the
 *  regulatory recovery fee (untaxed) and, where `internet`, an internet plan (untaxed). */
function bill(lines: number, internet: boolean, o: { taxOff?: boolean; customer?: string; plan?: number } = {}): Transaction {
  const items: [string, number][] = [];
  if (internet) items.push(["INT-100", 60]);
  for (let i = 0; i < lines; i++) items.push(["MOB-UNL", o.plan ?? 65]);
  for (let i = 0; i < lines; i++) items.push(["E911", 0.4]);
  items.push(["RRF", 1.99]);
  const amount = Math.round(items.reduce((s, [, a]) => s + a, 0) * 100) / 100;
  const taxable = items.filter(([sku]) => sku === "MOB-UNL").reduce((s, [, a]) => s + a, 0);
  seq++;
  return {
    transaction_id: `B-${seq}`, type: "invoice", date: `2025-${String(1 + (seq % 9)).padStart(2, "0")}-15T00:00:00Z`, customer_id: o.customer ?? `A-${seq % 23}`, currency: "USD",
    amount, tax_rate: RATE, tax_amount: o.taxOff ? 0 : Math.round(taxable * RATE * 100) / 100, attributes: { "Service State": "FL" },
    lines: items.map(([sku, a]) => ({ sku, quantity: 1, unit_price: a, amount: a })),
  };
}

const history: Transaction[] = [];
for (let k = 0; k < 6; k++) for (const [lines, internet] of [[1, true], [2, true], [3, false], [2, false], [4, true], [0, true], [1, false]] as const) history.push(bill(lines, internet, { plan: k % 2 ? 60 : 65 }));

test("a per-line fee untaxed beside taxed lines in one ratio is learned untaxed, not the plan a little reduced", async () => {
  expect((await analyse(bill(2, true), { history })).anomalies).toEqual([]);
  expect((await analyse(bill(3, false), { history })).anomalies).toEqual([]);
  // The mobile lines left untaxed are still short.
  expect(codes((await analyse(bill(2, true, { taxOff: true }), { history })).anomalies)).toEqual(["tax_below_rate"]);
});
