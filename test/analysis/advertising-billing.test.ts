// A publisher's advertising bill (docs/analysis.md, "Revenue leakage"): impressions are priced per
// thousand (CPM, CPT, MIL: a line of 1,077,704 impressions at 19.26 bills 20,756.58), and the
// agency commission and a volume discount are deductions the bill writes as a positive percentage
// on a positive basis with a negative amount ("Agency commission 15 %: −3,113.49"), priced against
// the insertion order's 15 % as deductions: a deduction larger than agreed loses money, one the
// size agreed is no price below anything.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const io = (unit: string, rate = 19.26) => ({
  contracts: [
    { contract_id: "IO-1", customer_id: "ADV-1", sku: "7100946", price: rate, currency: "USD", unit, valid_from: "2025-09-29", valid_to: "2025-10-26", max_amount: 21378.6 },
    { contract_id: "IO-1", customer_id: "ADV-1", sku: "VOL-DISC", price: 5, currency: "USD", unit: "%", valid_from: "2025-09-29", valid_to: "2025-10-26" },
    { contract_id: "IO-1", customer_id: "ADV-1", sku: "AGY-COMM", price: 15, currency: "USD", unit: "%", valid_from: "2025-09-29", valid_to: "2025-10-26" },
  ],
});
const r2 = (v: number) => Math.round(v * 100) / 100;
const bill = (id: string, o: { unit?: string; impressions?: number; rate?: number; discount?: number; commission?: number[] } = {}): Transaction => {
  const unit = o.unit ?? "CPM", impressions = o.impressions ?? 1_077_704, rate = o.rate ?? 19.26, discount = o.discount ?? 5;
  const media = r2((impressions * rate) / 1000);
  const lines: Transaction["lines"] = [{ sku: "7100946", unit, quantity: impressions, unit_price: rate, amount: media }];
  let basis = media;
  const d = r2((media * discount) / 100);
  lines.push({ sku: "VOL-DISC", unit: "%", quantity: media, unit_price: discount, amount: -d });
  basis = r2(media - d);
  for (const c of o.commission ?? [15]) lines.push({ sku: "AGY-COMM", unit: "%", quantity: basis, unit_price: c, amount: -r2((basis * c) / 100) });
  return { transaction_id: id, type: "invoice", date: "2025-11-05T00:00:00Z", customer_id: "ADV-1", contract_id: "IO-1", currency: "USD", attributes: { "Broadcast Month": "Oct-2025", "Period Start": "09/29/2025", "Period End": "10/26/2025" }, amount: r2(lines.reduce((s, l) => s + (l.amount ?? 0), 0)), lines };
};
const run = async (txn: Transaction, unit = "CPM", rate?: number) => codes((await analyse(txn, { ref: io(unit, rate), config })).anomalies);

test("impressions are priced per thousand: a CPM line at the IO's rate is no price below it", async () => {
  for (const unit of ["CPM", "cpm", "CPT", "MIL"]) expect(await run(bill(`A-${unit}`, { unit }), unit)).toEqual([]);
  // 10 % below the IO's CPM is below it, and what it loses is a thousandth of the impressions times the cut.
  const cut = bill("A-cut", { rate: 17.33 });
  expect(await run(cut)).toEqual(["price_below_contract"]);
  const r = await analyse(cut, { ref: io("CPM"), config });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo((1_077_704 * (19.26 - 17.33)) / 1000, 0);
});


test("the commission and a volume discount at the IO's percentages are deductions as agreed; a deduction beyond them is below the IO", async () => {
  expect(await run(bill("D-1"))).toEqual([]);
  // The commission at 30 %: twice what the IO grants.
  const twice = bill("D-3", { commission: [30] });
  expect(await run(twice)).toEqual(["price_below_contract"]);
  const r = await analyse(twice, { ref: io("CPM"), config });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(r2((r2(20756.58 * 0.95) * 15) / 100), 0);
  // A volume discount of 10 % where the IO grants 5 %.
  expect(await run(bill("D-4", { discount: 10 }))).toEqual(["price_below_contract"]);
  // A commission of 10 %, smaller than agreed, costs the publisher nothing: it overbills the agency (a deduction smaller than agreed).
  expect(await run(bill("D-5", { commission: [10] }))).toEqual(["price_above_contract"]);
});

test("the commission deducted twice of the same basis on one bill: the second line has nothing left to deduct", async () => {
  const twice = bill("T-1", { commission: [15, 15] });
  expect(await run(twice)).toEqual(["price_below_contract"]);
  const r = await analyse(twice, { ref: io("CPM"), config });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(r2((r2(20756.58 * 0.95) * 15) / 100), 0);
  // Two deductions of the same code of different bases (two media lines' commissions) are two.
  const split: Transaction = bill("T-2");
  const comm = split.lines.find((l) => l.sku === "AGY-COMM")!;
  const half = r2(comm.quantity! / 2);
  split.lines = [...split.lines.filter((l) => l !== comm), { ...comm, quantity: half, amount: -r2(half * 0.15) }, { ...comm, quantity: r2(comm.quantity! - half), amount: -r2(r2(comm.quantity! - half) * 0.15) }];
  expect(await run(split)).toEqual([]);
});
