// A consumer-goods supplier's deductions validated as its AR team validates them
// (docs/analysis.md, "Deductions validated against their evidence"): an early-payment discount
// against the terms and the days the payment took; a shortage against the proof of delivery; a
// pricing deduction against the invoice it names and the contract price in force; a fine against
// the retailer's agreement; a deduction the retailer repaid; a return's deduction beside the credit
// memo that clears it.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { DeductionEvidence } from "../../src/analysis/detectors/leakage/deduction-evidence.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";
import { ReferenceIndex } from "../../src/analysis/reference-index.ts";
import { countCalls } from "../support/count-calls.ts";

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

// The invoice's contract price (40.00 a case) and the proof of delivery: 125 cases signed for.
const prices = [{ contract_id: "100200", customer_id: "100200", sku: "410013", price: 40, currency: "USD", unit: "CS", valid_from: "2026-01-01" }];
const pod = (received: number) => [{ shipment_id: "POD300001", transaction_id: "940000101", sku: "410013", quantity: received, date: "2026-03-04" }];
const credit = (id: string, o: { cases: number; rate: number; reason: string; sku?: string; unit?: string; claim?: string; approver?: string; customer?: string }): Transaction => {
  // A fine in % of the invoice: its quantity is the invoice's amount.
  const amount = -Math.round((o.cases * o.rate * 100) / (o.unit === "%" ? 100 : 1)) / 100;
  return {
    transaction_id: id, type: "credit_note", date: "2026-03-30T00:00:00Z", customer_id: o.customer ?? "100200", currency: "USD", reference: "940000101", amount,
    ...(o.approver ? { approved_by: o.approver } : {}),
    attributes: { "Reason Text": o.reason, "Customer Claim No": o.claim ?? `KRO${id}` },
    lines: [{ sku: o.sku ?? "410013", unit: o.unit ?? "CS", quantity: o.cases, unit_price: o.rate, amount }],
  };
};
const judged = async (txn: Transaction, o: { received?: number; contracts?: typeof prices; history?: Transaction[] } = {}) => {
  const r = await analyse(txn, { config, history: o.history ?? [inv, txn], ref: { contracts: o.contracts ?? prices, shipments: pod(o.received ?? 125) } });
  return { codes: codes(r.anomalies), risk: Number(r.amount_at_risk?.amount ?? 0) };
};

test("a shortage claimed on a delivery the proof of delivery shows complete is unsupported; one the POD's exception backs is not", async () => {
  const short = credit("D-20", { cases: 10, rate: 40, reason: "Shortage" });
  expect(await judged(short)).toEqual({ codes: ["shortage_not_on_delivery"], risk: 400 });
  // The receiver signed for 115 of 125: ten cases short, as claimed.
  expect((await judged(short, { received: 115 })).codes).toEqual([]);
  // Signed for 120: five of the ten claimed are unsupported.
  expect(await judged(short, { received: 120 })).toEqual({ codes: ["shortage_not_on_delivery"], risk: 200 });
  // A damage claim or a return is no shortage: the POD does not judge it.
  expect((await judged(credit("D-21", { cases: 4, rate: 40, reason: "Damaged product" }))).codes).toEqual([]);
  expect((await judged(credit("D-22", { cases: 4, rate: 40, reason: "Return per RA12345" }))).codes).toEqual([]);
});

test("a pricing deduction on an invoice billed at the contract price takes it below the contract; one on an invoice billed above it does not", async () => {
  const pricing = credit("D-30", { cases: 125, rate: 2.4, reason: "Pricing difference" });
  expect(await judged(pricing)).toEqual({ codes: ["price_below_contract"], risk: 300 });
  // The invoice billed 42.40 where the contract (the grandfathered price) is 40.00: the deduction brings it to the contract.
  const above: Transaction = { ...inv, amount: 5300, lines: [{ sku: "410013", unit: "CS", quantity: 125, unit_price: 42.4, amount: 5300 }] };
  expect((await judged(pricing, { history: [above, pricing] })).codes).toEqual([]);
});

test("a fine the retailer's agreement does not allow is unsupported; one it allows at its rate is as agreed", async () => {
  const agreements = [
    { contract_id: "100200", customer_id: "100200", sku: "OTIF", price: 3, currency: "USD", unit: "%", valid_from: "2025-01-01" },
    { contract_id: "100207", customer_id: "100207", sku: "LATE", price: 2, currency: "USD", unit: "%", valid_from: "2025-01-01" },
  ];
  const allowed = credit("D-40", { cases: 5000, rate: 3, sku: "OTIF", unit: "%", reason: "On-time in-full fine" });
  expect((await judged(allowed, { contracts: agreements })).codes).toEqual([]);
  const notAllowed = credit("D-41", { cases: 5000, rate: 2, sku: "LATE", unit: "%", reason: "Late delivery fine" });
  expect(await judged(notAllowed, { contracts: agreements })).toEqual({ codes: ["deduction_not_in_agreement"], risk: 100 });
  // The retailer whose agreement allows it.
  const theirs = { ...credit("D-42", { cases: 5000, rate: 2, sku: "LATE", unit: "%", reason: "Late delivery fine", customer: "100207" }), reference: "940000999" };
  expect((await judged(theirs, { contracts: agreements })).codes).toEqual([]);
});

test("a deduction the retailer repaid after dispute no longer stands", async () => {
  const short = credit("D-50", { cases: 10, rate: 40, reason: "Shortage" });
  const repayment: Transaction = { transaction_id: "D-51", type: "payment", date: "2026-05-10T00:00:00Z", customer_id: "100200", currency: "USD", reference: "D-50", amount: 400, lines: [] };
  expect((await judged(short, { history: [inv, short, repayment] })).codes).toEqual([]);
  // Repaid in part: still reported.
  expect((await judged(short, { history: [inv, short, { ...repayment, amount: 100 }] })).codes).toEqual(["shortage_not_on_delivery"]);
});

test("a return's deduction beside the approved credit memo of the same return authorisation is the memo clearing it, not a second credit", async () => {
  const memo = { ...credit("62000001", { cases: 4, rate: 40, reason: "Approved return", claim: "RA12345", approver: "rchen" }), date: "2026-03-25T00:00:00Z" };
  const ded = credit("D-60", { cases: 4, rate: 40, reason: "Return per RA12345", claim: "RA12345" });
  const dup = async (txn: Transaction, history: Transaction[]) => codes((await analyse(txn, { module: "duplicate_detection", history })).anomalies);
  expect(await dup(ded, [inv, memo, ded])).toEqual([]);
  // The retailer deducting the same return twice: two deductions of one claim, neither the memo.
  const again = { ...credit("D-61", { cases: 4, rate: 40, reason: "Return per RA12345", claim: "RA12345" }), date: "2026-04-20T00:00:00Z" };
  expect(await dup(again, [inv, memo, ded, again])).toContain("duplicate_credit_note");
  // Another return's memo of the same amount: a second credit as before.
  const other = { ...credit("D-62", { cases: 4, rate: 40, reason: "Return per RA99999", claim: "RA99999" }) };
  expect(await dup(other, [inv, memo, other])).toContain("duplicate_credit_note");
});

test("an off-invoice allowance on the invoice's cases, read where its deal is no contract, is no pricing deduction", async () => {
  const allowance = credit("D-31", { cases: 125, rate: 1.5, reason: "Off-invoice allowance" });
  expect((await judged(allowance)).codes).toEqual([]);
});

test("a promotion claimed above the deal's rate and repaid after dispute no longer stands", async () => {
  const deal = [{ contract_id: "TPM-26011", customer_id: "100200", sku: "410013", price: 1.5, currency: "USD", unit: "CS", valid_from: "2026-03-02", valid_to: "2026-03-22" }];
  const claim: Transaction = {
    transaction_id: "D-70", type: "credit_note", date: "2026-04-28T00:00:00Z", customer_id: "100200", contract_id: "TPM-26011", currency: "USD", amount: -90,
    lines: [{ sku: "410013", unit: "CS", quantity: 40, unit_price: 2.25, amount: -90, work_date: "2026-03-09" }],
  };
  const run = async (history: Transaction[]) => codes((await analyse(claim, { config, history, ref: { contracts: deal } })).anomalies);
  expect(await run([claim])).toEqual(["price_below_contract"]);
  const repayment: Transaction = { transaction_id: "D-71", type: "payment", date: "2026-06-10T00:00:00Z", customer_id: "100200", currency: "USD", reference: "D-70", amount: 90, lines: [] };
  expect(await run([claim, repayment])).toEqual([]);
});

test("an invoice billed above the contract is no refund owed once the customer's pricing deduction took the difference back", async () => {
  const above: Transaction = { ...inv, transaction_id: "940000102", amount: 5300, lines: [{ sku: "410013", unit: "CS", quantity: 125, unit_price: 42.4, amount: 5300 }] };
  const run = async (history: Transaction[]) => codes((await analyse(above, { config, history, ref: { contracts: prices } })).anomalies);
  expect(await run([above])).toEqual(["price_above_contract"]);
  const pricing = { ...credit("D-80", { cases: 125, rate: 2.4, reason: "Pricing difference" }), reference: "940000102" };
  expect(await run([above, pricing])).toEqual([]);
  // A deduction of part of it leaves the rest owed; another reason's deduction (an allowance) takes no price back.
  expect(await run([above, { ...pricing, amount: -100, lines: [{ sku: "410013", unit: "CS", quantity: 125, unit_price: 0.8, amount: -100 }] }])).toEqual(["price_above_contract"]);
  expect(await run([above, { ...credit("D-81", { cases: 125, rate: 2.4, reason: "Off-invoice allowance" }), reference: "940000102" }])).toEqual(["price_above_contract"]);
});

test("the evidence collected in two parts of the history (split-scan workers) and merged is the evidence of one pass", () => {
  const pricing = { ...credit("D-90", { cases: 125, rate: 2.4, reason: "Pricing difference" }) };
  const memo = credit("62000009", { cases: 4, rate: 40, reason: "Approved return", claim: "RA777", approver: "rchen" });
  const repayment: Transaction = { transaction_id: "D-91", type: "payment", date: "2026-05-10T00:00:00Z", customer_id: "100200", currency: "USD", reference: "D-90", amount: 300, lines: [] };
  const all = [inv, pricing, memo, repayment];
  const one = new DeductionEvidence();
  for (const t of all) one.add(t);
  const first = new DeductionEvidence(), second = new DeductionEvidence();
  for (const t of all.slice(0, 2)) first.add(t);
  for (const t of all.slice(2)) second.add(t);
  // Each part crosses to the main thread as postMessage copies it; the main thread's settled evidence to a scan worker.
  const main = DeductionEvidence.of(structuredClone(first.state()));
  main.merge(structuredClone(second.state()));
  const merged = DeductionEvidence.of(structuredClone(main.judgedState()));
  for (const e of [one, main, merged]) {
    expect(e.invoiced("100200", "940000101")?.get("410013")).toEqual({ quantity: 125, amount: 5000 });
    expect(e.repaid("D-90")).toBe(300);
    expect(e.pricingDeducted("100200", "940000101", "410013")).toBe(300);
    expect(e.claimOf("100200", "940000101", "62000009")).toEqual({ claim: "RA777", approved: true });
    expect(e.judged).toBe(true);
  }
  // A history without a credit note keeps nothing for the workers.
  const invoicesOnly = new DeductionEvidence();
  invoicesOnly.add(inv);
  expect(invoicesOnly.judged).toBe(false);
  expect(invoicesOnly.judgedState().items).toEqual([]);
});

test("only what a deduction reads is kept: credit notes needing no evidence keep none, a deduction keeps its invoice's items alone", () => {
  const other: Transaction = { ...inv, transaction_id: "940000102", lines: [{ sku: "410014", unit: "CS", quantity: 10, unit_price: 20, amount: 200 }] };
  // A return credited at the invoice's positive amounts, a credit naming no invoice, a payment of the invoice: nothing to validate.
  const returned: Transaction = { transaction_id: "CN-1", type: "credit_note", date: "2026-04-01T00:00:00Z", customer_id: "100200", currency: "USD", reference: "940000101", amount: 400, lines: [{ sku: "410013", quantity: 10, unit_price: 40, amount: 400 }] };
  const unnamed: Transaction = { ...returned, transaction_id: "CN-2", reference: undefined };
  const quiet = new DeductionEvidence();
  for (const t of [inv, other, returned, unnamed, payment("P-1", "2026-03-05T00:00:00Z", 4900)]) quiet.add(t);
  expect(quiet.judged).toBe(false);
  expect(quiet.judgedState()).toMatchObject({ items: [], repayments: [], claims: [], priced: [] });
  expect(quiet.invoiced("100200", "940000101")).toBeUndefined();
  // A shortage deduction naming the first invoice: its items are kept, the other invoice's are not.
  const short = credit("D-1", { cases: 5, rate: 40, reason: "Shortage" });
  const judgedOne = new DeductionEvidence();
  for (const t of [inv, other, short]) judgedOne.add(t);
  expect(judgedOne.judged).toBe(true);
  expect(judgedOne.judgedState().items).toEqual([["100200\u0001940000101", "410013", 125, 5000]]);
  expect(judgedOne.invoiced("100200", "940000102")).toBeUndefined();
});

// The API's most natural use: an AR analyst posts today's deduction (POST /v1/analyze, inline)
// against a history of invoices that no earlier deduction names.
test("a deduction posted inline is validated against any invoice of the history, though no deduction of the history names it", async () => {
  const other: Transaction = { ...inv, transaction_id: "940000102", lines: [{ sku: "410014", unit: "CS", quantity: 10, unit_price: 20, amount: 200 }] };
  const history = [other, inv];
  const short = credit("D-100", { cases: 10, rate: 40, reason: "Shortage" });
  expect(await judged(short, { history })).toEqual({ codes: ["shortage_not_on_delivery"], risk: 400 });
  // The POD shows the ten cases missing: as claimed.
  expect((await judged(short, { history, received: 115 })).codes).toEqual([]);
  const pricing = credit("D-101", { cases: 125, rate: 2.4, reason: "Pricing difference" });
  expect(await judged(pricing, { history })).toEqual({ codes: ["price_below_contract"], risk: 300 });
  // Hard negatives: the invoice billed above the contract (the deduction brings it to the contract);
  // a deduction naming an invoice the history does not hold is not judged against lines.
  const above: Transaction = { ...inv, amount: 5300, lines: [{ sku: "410013", unit: "CS", quantity: 125, unit_price: 42.4, amount: 5300 }] };
  expect((await judged(pricing, { history: [other, above] })).codes).toEqual([]);
  expect((await judged(short, { history: [other] })).codes).toEqual([]);
});

test("evidence kept for posted deductions reads any invoice's items, summed over its rows in order; the settled form is unchanged", () => {
  const other: Transaction = { ...inv, transaction_id: "940000102", lines: [{ sku: "410014", unit: "CS", quantity: 10, unit_price: 20, amount: 200 }] };
  // The same invoice on two rows apart (an export of one row a line), and a key that is not one byte a character.
  const again: Transaction = { ...inv, lines: [{ sku: "410013", unit: "CS", quantity: 5, unit_price: 40, amount: 200 }] };
  const wide: Transaction = { ...inv, transaction_id: "940000\u20ac", lines: [{ sku: "410015", unit: "CS", quantity: 3, unit_price: 10, amount: 30 }] };
  const kept = new DeductionEvidence();
  kept.keepLines();
  for (const t of [inv, other, wide, again]) kept.add(t);
  expect(kept.judged).toBe(true);
  expect(kept.invoiced("100200", "940000101")?.get("410013")).toEqual({ quantity: 130, amount: 5200 });
  expect(kept.invoiced("100200", "940000102")?.get("410014")).toEqual({ quantity: 10, amount: 200 });
  expect(kept.invoiced("100200", "940000\u20ac")?.get("410015")).toEqual({ quantity: 3, amount: 30 });
  expect(kept.invoiced("100200", "940000103")).toBeUndefined();
  expect(kept.invoiced("100201", "940000101")).toBeUndefined();
  // A history without invoice lines keeps nothing, even so.
  const none = new DeductionEvidence();
  none.keepLines();
  none.add(payment("P-2", "2026-03-05T00:00:00Z", 4900));
  expect(none.judged).toBe(false);
  // Not kept (a split-scan report's history): settled to the invoices its deductions name.
  const settled = new DeductionEvidence();
  for (const t of [inv, other, again]) settled.add(t);
  expect(settled.judged).toBe(false);
  expect(settled.invoiced("100200", "940000102")).toBeUndefined();
});

// Whether the retailer has any agreement rows was a copy of all its rows for each line of a
// deduction: a deduction of thousands of fine lines for a retailer of thousands of rows was
// quadratic in them. Asked once per deduction.
test("a deduction of 2,000 fine lines for a retailer of 2,000 agreement rows reads its rows once", async () => {
  const agreements = [
    ...Array.from({ length: 2_000 }, (_, i) => ({ contract_id: "100200", customer_id: "100200", sku: `OWN${i}`, price: 3, currency: "USD", unit: "%", valid_from: "2025-01-01" })),
    ...Array.from({ length: 2_000 }, (_, i) => ({ contract_id: "100207", customer_id: "100207", sku: `FINE${i}`, price: 2, currency: "USD", unit: "%", valid_from: "2025-01-01" })),
  ];
  const fines = credit("D-50", { cases: 1, rate: 2, sku: "FINE0", unit: "%", reason: "Compliance fines" });
  fines.lines = Array.from({ length: 2_000 }, (_, i) => ({ sku: `FINE${i}`, unit: "%", quantity: 1, unit_price: 2, amount: -0.02 }));
  fines.amount = -40;
  const reads = await countCalls(ReferenceIndex.prototype, "customerRows", async () => {
    const r = await analyse(fines, { config, history: [inv, fines], ref: { contracts: agreements, shipments: pod(125) } });
    expect(r.anomalies.map((a) => a.code)).toContain("deduction_not_in_agreement");
    expect(r.anomalies_total ?? r.anomalies.length).toBeGreaterThanOrEqual(1);
  });
  expect(reads).toBeLessThanOrEqual(3);
});
