// A customer is learned exempt when all of its invoices (≥ 3) carry no tax (docs/analysis.md,
// "Tax exempt"). Where a state taxes service parts but not labour, a customer whose calls so far
// needed no parts has only untaxed invoices — of labour the history shows untaxed there for
// everyone. Those prove no exemption: its first part billed without tax is under-charged.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

let seq = 0;
function call(customer: string, lines: [string, number][], taxedSkus: (sku: string) => boolean): Transaction {
  const amount = lines.reduce((s, [, a]) => s + a, 0);
  const base = lines.filter(([sku]) => taxedSkus(sku)).reduce((s, [, a]) => s + a, 0);
  seq++;
  return {
    transaction_id: `SV-${seq}`, type: "invoice", date: `2025-0${1 + (seq % 8)}-1${seq % 9}T10:00:00Z`, customer_id: customer, currency: "USD",
    amount, tax_rate: 0.0775, tax_amount: Math.round(base * 0.0775 * 100) / 100, attributes: { "Job State": "CA" },
    lines: lines.map(([sku, a]) => ({ sku, quantity: 1, unit_price: a, amount: a })),
  };
}
const partsOnly = (sku: string) => sku.startsWith("P-");
// Other customers' calls: labour and the truck untaxed beside taxed parts.
const others = ([[300, "P-1", 120], [450, "P-2", 60], [200, "P-3", 240], [600, "P-1", 80], [350, "P-2", 150], [250, "P-3", 30]] as const).map(([lab, part, price], k) =>
  call(`C-${k}`, [["TRUCK", 115], ["LAB-ST", lab], [part, price]], partsOnly));

test("untaxed labour-only calls prove no exemption where labour is untaxed for everyone", async () => {
  const labourOnly = [250, 400, 325].map((lab) => call("C-NEW", [["TRUCK", 115], ["LAB-ST", lab]], partsOnly));
  const partUntaxed = call("C-NEW", [["TRUCK", 115], ["LAB-ST", 300], ["P-2", 200]], () => false);
  const r = await analyse(partUntaxed, { history: [...others, ...labourOnly, partUntaxed] });
  expect(codes(r.anomalies)).toEqual(["tax_below_rate"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(15.5);
});

test("hard negative: a customer whose untaxed invoices bill parts is exempt (a school)", async () => {
  const school = [250, 400, 325].map((lab, k) => call("SCHOOL", [["TRUCK", 115], ["LAB-ST", lab], [`P-${k + 1}`, 90]], () => false));
  const next = call("SCHOOL", [["TRUCK", 115], ["LAB-ST", 300], ["P-2", 200]], () => false);
  expect((await analyse(next, { history: [...others, ...school, next] })).anomalies).toEqual([]);
});
