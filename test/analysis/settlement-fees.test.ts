// A payment platform's settlement (docs/analysis.md, "Revenue leakage"): a charge's application fee
// is a percentage of the fee basis, stated on a line in percent (the basis as its quantity, the
// rate as its unit price, the fee as its amount) and priced against the seller's fee plan; a plan
// may cap the fee on a large ticket (the contract row's `max_amount`), and a capped fee is the
// plan's price, not a cut rate.
import { expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const plan = (extra: Partial<Contract> = {}): Contract[] => [
  { contract_id: "FP-007-2", customer_id: "acct_1", sku: "application_fee", price: 3.25, currency: "USD", unit: "percent", valid_from: "2025-01-01", valid_to: "2025-12-31", ...extra },
];
const charge = (id: string, basis: number, fee: number, rate = 3.25): Transaction => ({
  transaction_id: id, type: "invoice", date: "2025-06-11T14:02:11Z", customer_id: "acct_1", currency: "USD", amount: basis,
  lines: [{ sku: "charge", amount: 0 }, { sku: "application_fee", unit: "percent", quantity: basis, unit_price: rate, amount: fee }],
});
const judged = async (t: Transaction, contracts: Contract[]) => analyse(t, { ref: { contracts }, config });

test("a fee capped by the seller's plan on a large ticket is the plan's price", async () => {
  // 3.25 % of 1,840.00 is 59.80; the plan caps the fee at 25.00.
  expect(codes((await judged(charge("ch_cap", 1840, 25), plan({ max_amount: 25 }))).anomalies)).toEqual([]);
  // Under the cap the percentage governs, and a cut rate there is still a cut.
  expect(codes((await judged(charge("ch_small", 400, 13), plan({ max_amount: 25 }))).anomalies)).toEqual([]);
  expect(codes((await judged(charge("ch_cut", 400, 10, 2.5), plan({ max_amount: 25 }))).anomalies)).toEqual(["price_below_contract"]);
});

test("a fee below the cap on a ticket the cap reaches is short by the cap less the fee", async () => {
  const r = await judged(charge("ch_short", 1840, 18.4, 1), plan({ max_amount: 25 }));
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(6.6, 2);
});

test("without a cap the plan's percentage prices a large ticket", async () => {
  const r = await judged(charge("ch_nocap", 1840, 25), plan());
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(34.8, 2);
});
