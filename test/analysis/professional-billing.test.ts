// A law firm's bills (docs/analysis.md, "Regular business"): a write-down recorded off the client's
// agreed rate, within the policy, on a bill that names its approver is an approved discount, not a
// price below the contract; a fixed-fee bill lists its recorded time at 0 beside the fee. What
// stays reported: a cut off the agreed rate with no write-down recorded, a write-down beyond the
// policy, one no approver is named for, a discount recorded off the list (not the agreed rate), and
// a priced line at 0 on an hourly bill.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, reference } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

// Partner 1101: standard 1,000 USD an hour; the client's negotiated rate 900 (10 % off).
const ref = {
  price_list: [...reference.price_list, { sku: "1101", list_price: 1000, currency: "USD" }],
  contracts: [...reference.contracts, { contract_id: "RX-C1", customer_id: "C1", sku: "1101", price: 900, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" }],
};
const bill = (id: string, o: { rate: number; hours?: number; writeDown?: number; approver?: string; arrangement?: string; extra?: Transaction["lines"] }): Transaction => {
  const hours = o.hours ?? 4;
  const amount = Math.round(hours * o.rate * (1 - (o.writeDown ?? 0) / 100) * 100) / 100;
  const lines: Transaction["lines"] = [{ sku: "1101", quantity: hours, unit_price: o.rate, list_price: 1000, amount, ...(o.writeDown !== undefined ? { discount_pct: o.writeDown } : {}) }, ...(o.extra ?? [])];
  const total = Math.round(lines.reduce((s, l) => s + (l.amount ?? 0), 0) * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: "2025-06-10", customer_id: "C1", contract_id: "C1-0001", currency: "USD", amount: total, tax_amount: 0, tax_rate: 0,
    ...(o.approver ? { approved_by: o.approver } : {}),
    attributes: { billing_arrangement: o.arrangement ?? "Hourly" },
    lines,
  };
};

test("a write-down off the agreed rate within the policy, approved on the bill, is no finding", async () => {
  // 900 less 8 % = 828 an hour, approved by the billing partner.
  expect((await analyse(bill("B-1", { rate: 900, writeDown: 8, approver: "1101" }), { ref })).anomalies).toEqual([]);
});

test("the same write-down with no approver named is reported", async () => {
  const r = await analyse(bill("B-2", { rate: 900, writeDown: 8 }), { ref });
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(288); // (900 − 828) × 4
});

test("a write-down beyond the policy, a cut with no write-down recorded, and a discount recorded off the list are reported", async () => {
  // The fixtures' policy allows 10 %; 40 % is beyond it (reported as a cut or beyond the cap).
  expect(codes((await analyse(bill("B-3", { rate: 900, writeDown: 40, approver: "1101" }), { ref })).anomalies)).toHaveLength(1);
  expect(codes((await analyse(bill("B-4", { rate: 850, writeDown: 0, approver: "1101" }), { ref })).anomalies)).toEqual(["price_below_contract"]);
  // 12 % recorded off the list: 880 an hour, below the agreed 900 — and not 900 less 8 %.
  const offList = bill("B-5", { rate: 1000, writeDown: 12, approver: "1101" });
  expect(offList.lines[0]!.amount).toBe(3520);
  expect(codes((await analyse(offList, { ref })).anomalies)).toEqual(["price_below_contract"]);
});

test("a fixed-fee bill's time listed at 0 beside the fee is no finding; on an hourly bill it is", async () => {
  const time0 = { sku: "1101", quantity: 2.5, unit_price: 0, list_price: 1000, amount: 0 };
  const fee = (arrangement: string) => ({ ...bill("F-1", { rate: 900, arrangement }), lines: [{ sku: "FEE", quantity: 1, unit_price: 5000, amount: 5000 }, time0], amount: 5000 });
  expect((await analyse(fee("Fixed Fee"), { ref })).anomalies).toEqual([]);
  expect((await analyse({ ...fee("Flat fee"), transaction_id: "F-2" }, { ref })).anomalies).toEqual([]);
  expect(codes((await analyse({ ...fee("Hourly"), transaction_id: "F-3" }, { ref })).anomalies)).toEqual(["zero_price_line"]);
});

// The rate book raises associate 2145 from 500 to 530 on 1 January 2026.
const rateBook = { price_list: [...reference.price_list, { sku: "2145", list_price: 500, currency: "USD", valid_from: "2025-01-01" }, { sku: "2145", list_price: 530, currency: "USD", valid_from: "2026-01-01" }] };
const february = (id: string, rate: number, o: { writeDown?: number; workDate?: string; date?: string } = {}): Transaction => {
  const amount = Math.round(10 * rate * (1 - (o.writeDown ?? 0) / 100) * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: o.date ?? "2026-02-09", customer_id: "C2", currency: "USD", amount, tax_amount: 0, tax_rate: 0, approved_by: "2128",
    attributes: { billing_arrangement: "Hourly", ...(o.workDate ? { work_date: o.workDate } : {}) },
    lines: [{ sku: "2145", quantity: 10, unit_price: rate, list_price: 530, amount, ...(o.writeDown !== undefined ? { discount_pct: o.writeDown } : {}) }],
  };
};

test("last year's rate billed after the 1 January increase, no write-down recorded, is price_below_list, within the policy or not", async () => {
  const r = await analyse(february("J-1", 500), { ref: rateBook });
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(300); // (530 − 500) × 10
  expect(r.anomalies[0]!.severity).toBe("high");
});

test("time worked before the increase, a recorded write-down, and a rate that is no earlier list price stay quiet", async () => {
  // December's time billed in February at December's rate.
  expect((await analyse(february("J-2", 500, { workDate: "2025-12-15" }), { ref: rateBook })).anomalies).toEqual([]);
  // The new rate less a recorded write-down within the policy (530 less 5.66 % ≈ 500).
  expect((await analyse(february("J-3", 530, { writeDown: 5.66 }), { ref: rateBook })).anomalies).toEqual([]);
  // 510 an hour: within the policy's discount and no price the list ever had.
  expect((await analyse(february("J-4", 510), { ref: rateBook })).anomalies).toEqual([]);
});

test("within a week of the change, an invoice that names no work date may bill an order taken before it: only a work date after the change is evidence", async () => {
  // A parcel invoiced on 4 January of an order taken in December, at December's price.
  expect((await analyse(february("J-5", 500, { date: "2026-01-04" }), { ref: rateBook })).anomalies).toEqual([]);
  // The same with time worked on 2 January: last year's rate for this year's work.
  expect(codes((await analyse(february("J-6", 500, { date: "2026-01-04", workDate: "2026-01-02" }), { ref: rateBook })).anomalies)).toEqual(["price_below_list"]);
  // Three weeks after the change no order in flight explains it.
  expect(codes((await analyse(february("J-7", 500, { date: "2026-01-22" }), { ref: rateBook })).anomalies)).toEqual(["price_below_list"]);
});

// A matter's own rate agreement (a blended rate keyed to the matter in the rate exception table)
// prices that matter only. Client C3: a client-wide rate of 900 for partner 1101; matter C3-0002
// has a blended rate of 600 for everyone on it, associate 2146 (standard 500) included.
const scoped = {
  price_list: [...reference.price_list, { sku: "1101", list_price: 1000, currency: "USD" }, { sku: "2146", list_price: 500, currency: "USD" }],
  contracts: [
    ...reference.contracts,
    { contract_id: "RX-C3", customer_id: "C3", sku: "1101", price: 900, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
    { contract_id: "C3-0002", customer_id: "C3", sku: "1101", price: 600, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
    { contract_id: "C3-0002", customer_id: "C3", sku: "2146", price: 600, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  ],
};
const matterBill = (id: string, matter: string | undefined, sku: string, rate: number, date = "2025-06-10"): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "C3", ...(matter ? { contract_id: matter } : {}), currency: "USD", amount: 4 * rate, tax_amount: 0, tax_rate: 0,
  attributes: { billing_arrangement: "Hourly" },
  lines: [{ sku, quantity: 4, unit_price: rate, amount: 4 * rate }],
});
// The blended matter's own bills: the history shows the agreement's id is a matter's.
const blendedBills = [matterBill("M2-1", "C3-0002", "2146", 600, "2025-03-07"), matterBill("M2-2", "C3-0002", "1101", 600, "2025-04-08")];

test("another matter's blended rate does not price the client's hourly matter: an associate at standard is no finding", async () => {
  expect((await analyse(matterBill("H-1", "C3-0001", "2146", 500), { ref: scoped, history: blendedBills })).anomalies).toEqual([]);
});

test("a partner's cut rate on the hourly matter is judged by the client's rate, not hidden below another matter's blended one", async () => {
  const r = await analyse(matterBill("H-2", "C3-0001", "1101", 650), { ref: scoped, history: blendedBills });
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(1000); // (900 − 650) × 4
});

test("the blended matter's own bills keep its rate; without bills naming it, an agreement stays the client's", async () => {
  // On the blended matter, the partner at 600 and the associate at 600 are the agreement.
  expect((await analyse(matterBill("M2-3", "C3-0002", "1101", 600), { ref: scoped, history: blendedBills })).anomalies).toEqual([]);
  // Below it, reported against it.
  expect(codes((await analyse(matterBill("M2-4", "C3-0002", "2146", 520), { ref: scoped, history: blendedBills })).anomalies)).toEqual(["price_below_contract"]);
  // No invoice of the history names C3-0002: it may be the client's general terms (as before).
  expect(codes((await analyse(matterBill("H-3", "C3-0001", "2146", 500), { ref: scoped })).anomalies)).toEqual(["price_below_contract"]);
  // An invoice that names no matter: every agreement of the client is an alternative (as before).
  expect((await analyse(matterBill("H-4", undefined, "1101", 650), { ref: scoped, history: blendedBills })).anomalies).toEqual([]);
});

// A write-down authority matrix: the billing partner approves up to the policy's 15 %, the
// management committee beyond it (revenue_leakage.approver_max_discount_pct).
const authority = (matrix: Record<string, number> = { "MGMT-COMMITTEE": 100 }) =>
  modulesConfig({ revenue_leakage: { max_discount_pct: 15, approver_max_discount_pct: matrix } });

test("a write-down beyond the partner's 15 % that the bill names the committee as approving is within its authority; the partner's own is not", async () => {
  // Off the agreed rate (900 less 25 %) and off the standard rate of a client without one.
  expect((await analyse(bill("W-1", { rate: 900, writeDown: 25, approver: "MGMT-COMMITTEE" }), { ref, config: authority() })).anomalies).toEqual([]);
  const standard = { ...bill("W-2", { rate: 1000, writeDown: 25, approver: "MGMT-COMMITTEE" }), customer_id: "C9", contract_id: "C9-0001" };
  expect((await analyse(standard, { ref, config: authority() })).anomalies).toEqual([]);
  // The billing partner approving the same 25 %: beyond their 15 %.
  expect(codes((await analyse(bill("W-3", { rate: 900, writeDown: 25, approver: "1101" }), { ref, config: authority() })).anomalies)).toEqual(["price_below_contract"]);
  expect(codes((await analyse({ ...standard, transaction_id: "W-4", approved_by: "1101" }, { ref, config: authority() })).anomalies)).toEqual(["discount_above_cap"]);
  // The committee's own limit, when the matrix gives one, still binds it.
  expect(codes((await analyse({ ...standard, transaction_id: "W-5" }, { ref, config: authority({ "MGMT-COMMITTEE": 20 }) })).anomalies)).toEqual(["discount_above_cap"]);
});
