// A consumer-goods supplier's deductions validated as its AR team validates them
// (docs/analysis.md, "Deductions validated against their evidence"): an early-payment discount
// against the terms and the days the payment took; a shortage against the proof of delivery; a
// pricing deduction against the invoice it names and the contract price in force; a fine against
// the retailer's agreement; a deduction the retailer repaid; a return's deduction beside the credit
// memo that clears it.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({});
const inv: Transaction = {
  transaction_id: "940000101", type: "invoice", date: "2026-03-02T00:00:00Z", customer_id: "100200", currency: "USD", amount: 5000,
  attributes: { "Payment Terms": "2% 10 Net 30" }, lines: [{ sku: "410013", unit: "CS", quantity: 125, unit_price: 40, amount: 5000 }],
};
const payment = (id: string, date: string, amount: number, discount?: number, terms = "2% 10 Net 30"): Transaction => ({
  transaction_id: id, type: "payment", date, customer_id: "100200", currency: "USD", reference: "940000101", amount: -amount, lines: [],
  attributes: { "Payment Terms": terms, "Discount Taken": discount === undefined ? "" : discount.toFixed(2) },
});
const leakage = async (txn: Transaction, history: Transaction[]) => codes((await analyse(txn, { config, history })).anomalies);

test("an early-payment discount taken inside its days is as agreed; taken after them it is the discount lost", async () => {
  const inside = payment("14100001", "2026-03-11T00:00:00Z", 4900, 100);
  expect(await leakage(inside, [inv, inside])).toEqual([]);
  const late = payment("14100002", "2026-03-30T00:00:00Z", 4900, 100);
  expect(await leakage(late, [inv, late])).toEqual(["discount_taken_after_terms"]);
  const r = await analyse(late, { config, history: [inv, late] });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(100, 2);
  // Terms written the other common way (2/10 net 30) read alike.
  const slash = payment("14100003", "2026-03-30T00:00:00Z", 4900, 100, "2/10 Net 30");
  expect(await leakage(slash, [inv, slash])).toEqual(["discount_taken_after_terms"]);
});

test("a payment taking no discount, the second payment of a split remittance, or terms without a discount are not judged", async () => {
  const full = payment("14100004", "2026-03-30T00:00:00Z", 5000);
  expect(await leakage(full, [inv, full])).toEqual([]);
  const second = payment("14100005", "2026-03-20T00:00:00Z", 2400, 0);
  expect(await leakage(second, [inv, second])).toEqual([]);
  const net = payment("14100006", "2026-03-30T00:00:00Z", 4900, 100, "Net 30");
  expect(await leakage(net, [inv, net])).toEqual([]);
});
