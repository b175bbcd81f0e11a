// A line that states its own day is priced at the rates of that day: a hotel folio is billed on
// the day the guest leaves, but the night audit posted each night's room charge on its own
// business date, at that night's rate — BAR changes every night, a negotiated rate is renewed on
// 1 April. A medical claim's service lines, a timesheet's days carry their own dates the same way.
// The document's day (and its work date) judge the lines that state none (docs/analysis.md,
// "Revenue leakage").
import { expect, test } from "bun:test";
import type { Contract, PriceListEntry, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
// BAR of a king room, a price-list row per night (the revenue-management system's calendar).
const bar: PriceListEntry[] = [
  { sku: "1000-BAR-KING", list_price: 199, currency: "USD", valid_from: "2026-03-01" },
  { sku: "1000-BAR-KING", list_price: 229, currency: "USD", valid_from: "2026-03-02" },
  { sku: "1000-BAR-KING", list_price: 249, currency: "USD", valid_from: "2026-03-03" },
];
const negotiated: Contract[] = [
  { contract_id: "LNRACME", customer_id: "AUSDT", sku: "1000-LNRACME-KING", price: 160, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-03-31" },
  { contract_id: "LNRACME", customer_id: "AUSDT", sku: "1000-LNRACME-KING", price: 166, currency: "USD", valid_from: "2026-04-01", valid_to: "2027-03-31" },
];
const folio = (id: string, date: string, lines: TransactionLine[], contract_id?: string): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "P1234567", currency: "USD", contract_id,
  amount: lines.reduce((s, l) => s + (l.amount ?? 0), 0), lines,
});
const night = (sku: string, date: string, rate: number): TransactionLine => ({ sku, quantity: 1, unit_price: rate, amount: rate, date });

test("each night at its own night's BAR is no price below the list, though the bill's day has a higher one", async () => {
  const r = await analyse(folio("AUS1", "2026-03-03", [night("1000-BAR-KING", "2026-03-01", 199), night("1000-BAR-KING", "2026-03-02", 229)]), { ref: { price_list: bar }, config });
  expect(codes(r.anomalies)).toEqual([]);
});

test("a night below its own night's BAR is below the list, by what that night's rate lacks", async () => {
  const r = await analyse(folio("AUS2", "2026-03-03", [night("1000-BAR-KING", "2026-03-01", 199), night("1000-BAR-KING", "2026-03-02", 189)]), { ref: { price_list: bar }, config });
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(40, 2);
});

test("a stay across a negotiated rate's renewal: each night at the rate of its own day", async () => {
  const across = [night("1000-LNRACME-KING", "2026-03-31", 160), night("1000-LNRACME-KING", "2026-04-01", 166)];
  expect(codes((await analyse(folio("AUS3", "2026-04-02", across, "LNRACME"), { ref: { contracts: negotiated }, config })).anomalies)).toEqual([]);
  const old = [night("1000-LNRACME-KING", "2026-04-01", 160), night("1000-LNRACME-KING", "2026-04-02", 160)];
  const r = await analyse(folio("AUS4", "2026-04-03", old, "LNRACME"), { ref: { contracts: negotiated }, config });
  expect(codes(r.anomalies)).toEqual(["price_below_contract", "price_below_contract"]);
  expect(Number(r.amount_at_risk?.amount)).toBeCloseTo(12, 2);
});

test("a line without a day of its own is judged at the bill's day, as before", async () => {
  const r = await analyse(folio("AUS5", "2026-03-03", [{ sku: "1000-BAR-KING", quantity: 1, unit_price: 229, amount: 229 }]), { ref: { price_list: bar }, config });
  expect(codes(r.anomalies)).toEqual(["price_below_list"]);
});
