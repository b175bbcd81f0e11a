// quantity_above_delivered_count (count-above-delivered.ts): an IO billed on third-party counts
// states, per line, the publisher's count (delivered_quantity) and the advertiser's ad server's
// (verified_quantity). Beyond a 10 % discrepancy the line is billed on the lower; within it on the
// publisher's. Hard negatives: the lower billed, a discrepancy within the tolerance billed on the
// publisher's count, a line with one count only, a make-good at 0, a capped line below both.
import { expect, test } from "bun:test";
import type { Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

let seq = 0;
/** A CPM line: billed units, the publisher's and the third party's counts, rate 12.00 per thousand. */
const cpm = (billed: number, delivered?: number, verified?: number, rate = 12): TransactionLine => ({
  sku: "DSP-ROS-300", quantity: billed, unit: "CPM", unit_price: rate, amount: Math.round((billed / 1000) * rate * 100) / 100,
  ...(delivered === undefined ? {} : { delivered_quantity: delivered }), ...(verified === undefined ? {} : { verified_quantity: verified }),
});
const invoice = (lines: TransactionLine[]): Transaction => ({
  transaction_id: `INV-${++seq}`, type: "invoice", date: "2025-07-01", customer_id: "ADV-1", contract_id: "IO-1", currency: "USD", amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines,
});
const found = async (t: Transaction, config = modulesConfig()) => (await analyse(t, { config })).anomalies.filter((a) => a.code === "quantity_above_delivered_count");

test("billed on the publisher's count where the third party's is 18 % lower: the units beyond it overbilled", async () => {
  const f = await found(invoice([cpm(500_000, 500_000, 410_000)]));
  expect(f).toHaveLength(1);
  expect(f[0]!.amount_at_risk).toBe(1080); // 90,000 of 500,000 impressions billed at 6,000.00
  expect(codes((await analyse(invoice([cpm(500_000, 500_000, 410_000)]))).anomalies)).toContain("quantity_above_delivered_count");
});

test("hard negatives: the lower billed, within the tolerance on the publisher's count, one count only, a make-good at 0, a capped line", async () => {
  expect(await found(invoice([cpm(410_000, 500_000, 410_000)]))).toHaveLength(0);
  expect(await found(invoice([cpm(500_000, 500_000, 470_000)]))).toHaveLength(0);
  expect(await found(invoice([cpm(500_000, 500_000)]))).toHaveLength(0);
  expect(await found(invoice([cpm(300_000, 300_000, 200_000, 0)]))).toHaveLength(0);
  expect(await found(invoice([cpm(400_000, 520_000, 500_000)]))).toHaveLength(0);
});

test("the tolerance is the configured discrepancy", async () => {
  const config = modulesConfig();
  config.revenue_leakage.count_discrepancy_pct = 20;
  expect(await found(invoice([cpm(500_000, 500_000, 410_000)]), config)).toHaveLength(0);
});

test("the bill's agency commission takes its share of the overbilled units: at risk net of it", async () => {
  const t = invoice([cpm(500_000, 500_000, 410_000), { sku: "AGY-COMM", quantity: 6000, unit: "%", unit_price: 15, amount: -900 }]);
  expect((await found(t))[0]!.amount_at_risk).toBe(918);
});
