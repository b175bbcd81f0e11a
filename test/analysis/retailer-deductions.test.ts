// A consumer-goods supplier's receivables (docs/analysis.md, "Allowance claims"): a retailer's
// deduction for a trade promotion is a credit note naming the deal, its lines the cases claimed at
// the deal's rate per case (a positive basis and rate, a negative amount) — priced against the
// deal as a bill's deduction is: a rate above the deal's, or a week claimed outside its window,
// loses money; a claim at the rate for a week inside it (claimed weeks later) is what was agreed.
// And a remittance split over two checks of equal amounts against one invoice settles it once.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({});
const deal = { contracts: [
  { contract_id: "TPM-26011", customer_id: "100200", sku: "410013", price: 1.5, currency: "USD", unit: "CS", valid_from: "2026-03-02", valid_to: "2026-03-22" },
  { contract_id: "TPM-26011", customer_id: "100200", sku: "410026", price: 1.5, currency: "USD", unit: "CS", valid_from: "2026-03-02", valid_to: "2026-03-22" },
] };
const claim = (id: string, o: { rate?: number; week?: string; cases?: number; sku?: string; contract?: string } = {}): Transaction => {
  const rate = o.rate ?? 1.5, cases = o.cases ?? 40;
  const amount = -Math.round(cases * rate * 100) / 100;
  return {
    transaction_id: id, type: "credit_note", date: "2026-04-28T00:00:00Z", customer_id: "100200", contract_id: o.contract ?? "TPM-26011", currency: "USD", amount,
    lines: [{ sku: o.sku ?? "410013", unit: "CS", quantity: cases, unit_price: rate, amount, work_date: o.week ?? "2026-03-09" }],
  };
};
const run = async (txn: Transaction) => codes((await analyse(txn, { ref: deal, config })).anomalies);

test("a scan-back claimed weeks after the deal's end for a week inside it, at the deal's rate, is as agreed", async () => {
  expect(await run(claim("D-1"))).toEqual([]);
});

test("a claim above the deal's rate per case is below the deal by what it takes beyond", async () => {
  const above = claim("D-2", { rate: 2.25 });
  expect(await run(above)).toEqual(["price_below_contract"]);
  const r = await analyse(above, { ref: deal, config });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(40 * 0.75, 2);
});

test("a claim for a week after the deal ended is outside its window: the whole claim", async () => {
  const after = claim("D-3", { week: "2026-03-23" });
  expect(await run(after)).toEqual(["contract_price_outside_validity"]);
  const r = await analyse(after, { ref: deal, config });
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(60, 2);
});

test("a credit note naming no deal, or a code the deal does not price (a shortage on the same remittance), is not a claim under it", async () => {
  expect(await run({ ...claim("D-4", { rate: 2.25 }), contract_id: undefined })).toEqual([]);
  expect(await run(claim("D-5", { sku: "410039", rate: 33.69, cases: 3 }))).toEqual([]);
});

const inv: Transaction = { transaction_id: "940000101", type: "invoice", date: "2026-03-02T00:00:00Z", customer_id: "100200", currency: "USD", amount: 5000, lines: [{ sku: "410013", quantity: 125, unit_price: 40, amount: 5000 }] };
const payment = (id: string, date: string, amount: number): Transaction => ({ transaction_id: id, type: "payment", date, customer_id: "100200", currency: "USD", reference: "940000101", amount: -amount, lines: [] });
const deduction: Transaction = { transaction_id: "D700001", type: "credit_note", date: "2026-03-30T00:00:00Z", customer_id: "100200", currency: "USD", reference: "940000101", amount: -200, lines: [{ sku: "410013", quantity: 5, unit_price: 40, amount: -200 }] };
const dup = (txn: Transaction, history: Transaction[]) => analyse(txn, { module: "duplicate_detection", history });

test("a remittance split over two checks of equal amounts settles its invoice once: medium, no money at risk", async () => {
  const first = payment("14100001", "2026-03-30T00:00:00Z", 2400), second = payment("14100002", "2026-04-06T00:00:00Z", 2400);
  const r = await dup(second, [inv, deduction, first, second]);
  expect(codes(r.anomalies)).toEqual(["duplicate_payment"]);
  expect(r.anomalies[0]!.score).toBeLessThan(0.6);
  // A payment in full sent again pays the invoice twice over: high.
  const full = payment("14100003", "2026-03-30T00:00:00Z", 4800), again = payment("14100004", "2026-04-06T00:00:00Z", 4800);
  const twice = await dup(again, [inv, deduction, full, again]);
  expect(codes(twice.anomalies)).toEqual(["duplicate_payment"]);
  expect(twice.anomalies[0]!.score).toBeGreaterThan(0.8);
});

test("a scan-back claimed again on a later remittance for the same week is the claim twice; the next week's claim alike is another claim", async () => {
  const first = claim("D-10", { week: "2026-03-09" });
  const again = { ...claim("D-11", { week: "2026-03-09" }), date: "2026-06-02T00:00:00Z" };
  const r = await dup(again, [first, again]);
  expect(codes(r.anomalies)).toEqual(["duplicate_credit_note"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(60, 2);
  // The deal's next week, the same cases: another claim.
  const next = { ...claim("D-12", { week: "2026-03-16" }), date: "2026-05-05T00:00:00Z" };
  expect((await dup(next, [first, next])).anomalies).toEqual([]);
  // The same lines under another deal: another claim.
  const other = { ...claim("D-13", { week: "2026-03-09", contract: "TPM-26012" }), date: "2026-05-05T00:00:00Z" };
  expect((await dup(other, [first, other])).anomalies).toEqual([]);
});

// A deal that only the retailer's deductions name is an allowance, not a price: its rate per case
// (1.50) would make every invoice of the item (40.00 a case) "above the agreement". An agreement an
// invoice names, or that nothing names (a customer's price list), prices invoices as before.
test("a deal only credit notes name does not price the customer's invoices", async () => {
  const invoiceOf = (id: string, contract?: string): Transaction => ({ ...inv, transaction_id: id, ...(contract ? { contract_id: contract } : {}) });
  const history = [inv, claim("D-8")];
  const priced = async (txn: Transaction, h: Transaction[]) => codes((await analyse(txn, { ref: deal, config, history: h })).anomalies);
  expect(await priced(invoiceOf("940000102"), history)).not.toContain("price_above_contract");
  // Without the claims in the history nothing says the deal is an allowance: it prices as any agreement.
  expect(await priced(invoiceOf("940000103"), [inv])).toContain("price_above_contract");
  // Named by an invoice as well, it is the invoices' agreement.
  expect(await priced(invoiceOf("940000104", "TPM-26011"), [...history, invoiceOf("940000105", "TPM-26011")])).toContain("price_above_contract");
});
