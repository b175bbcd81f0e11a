// Software vendors co-term add-on licences to the main contract's anniversary: users added in
// mid-year are billed the annual price for the days left, a fraction the line's text names in the
// industry's word — "co-termed to 2026-03-31 (187 days)" — not always "prorated". Such a line is
// judged as a prorated one (its recorded discount only); a whole year beside it is still priced.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { proratedLine } from "../../src/analysis/detectors/leakage/pricing.ts";
import { analyse, codes } from "./fixtures.ts";

const contracts: Contract[] = [
  { contract_id: "SUB-200417", customer_id: "C100", sku: "SUB-ENT", price: 1200, currency: "USD", valid_from: "2025-04-01", valid_to: "2026-03-31", billing_frequency: "Annual" },
  { contract_id: "SUB-200417", customer_id: "C100", sku: "SUP-PREM", price: 180, currency: "USD", valid_from: "2025-04-01", valid_to: "2026-03-31", billing_frequency: "Annual" },
];
const ref = { contracts, price_list: [{ sku: "SUB-ENT", list_price: 1260, currency: "USD" }, { sku: "SUP-PREM", list_price: 189, currency: "USD" }] };
const invoice = (lines: { sku: string; quantity: number; unit_price: number; description: string }[]): Transaction => ({
  transaction_id: "INV-1", type: "invoice", date: "2025-09-26", customer_id: "C100", contract_id: "SUB-200417", currency: "USD", tax_amount: 0,
  amount: Math.round(lines.reduce((s, l) => s + l.quantity * l.unit_price, 0) * 100) / 100,
  lines: lines.map((l) => ({ ...l, amount: Math.round(l.quantity * l.unit_price * 100) / 100 })),
});

test("a co-termed add-on line bills part of the year: not a price cut", async () => {
  const addOn = invoice([
    { sku: "SUB-ENT", quantity: 10, unit_price: 614.79, description: "Add-on: Northpeak Enterprise subscription, co-termed to 2026-03-31 (187 days)" },
    { sku: "SUP-PREM", quantity: 10, unit_price: 92.22, description: "Add-on: Premium Support, co-termed to 2026-03-31 (187 days)" },
  ]);
  expect((await analyse(addOn, { ref })).anomalies).toEqual([]);
  // Without the words the same amounts are cuts of the contract's price.
  const unsaid = structuredClone(addOn);
  for (const l of unsaid.lines) l.description = "Add-on users";
  expect(codes((await analyse(unsaid, { ref })).anomalies)).toEqual(["price_below_contract", "price_below_contract"]);
});

test("a whole year billed below the contract beside a co-termed line is still reported", async () => {
  const cut = invoice([
    { sku: "SUB-ENT", quantity: 10, unit_price: 614.79, description: "Add-on users co-terminous with the renewal date 2026-03-31" },
    { sku: "SUP-PREM", quantity: 50, unit_price: 150, description: "Premium Support, per user per year" },
  ]);
  const found = (await analyse(cut, { ref })).anomalies;
  expect(codes(found)).toEqual(["price_below_contract"]);
  expect(found[0]!.amount_at_risk).toBe(1500);
});

test("the words are the industry's: co-term, co-termed, coterminous; a term alone is none", () => {
  for (const text of ["Co-term adjustment", "users coterminous with SUB-1", "co-termed to 2026-03-31", "Coterm 40 users"]) expect(proratedLine({ sku: "X", description: text })).toBe(true);
  for (const text of ["3-year term, year 2", "Termination fee", "Enterprise subscription, per user per year"]) expect(proratedLine({ sku: "X", description: text })).toBe(false);
});

describe("a prorated line that names its days owes the contract's price for them", () => {
  // 187 days of a year at 1,200.00: 614.79 (of 365, both ends counted), 613.11 (of 366), 611.51 (186 of 365: one end counted), 609.84 (186 of 366).
  const at = (unit_price: number, description: string) => invoice([{ sku: "SUB-ENT", quantity: 10, unit_price, description }]);

  test("hard negative: every usual convention of counting the days is the price for them", async () => {
    for (const price of [614.79, 613.11, 611.51, 609.84]) expect((await analyse(at(price, "Add-on: Enterprise subscription, co-termed to 2026-03-31 (187 days)"), { ref })).anomalies).toEqual([]);
    expect((await analyse(at(614.79, "Enterprise subscription - add-on users prorated 187 days 2025-09-26 - 2026-03-31"), { ref })).anomalies).toEqual([]);
  });

  test("a proration computed on 60 fewer days than the line names is below the contract", async () => {
    const found = (await analyse(at(r2(1200 * 127 / 365), "Add-on: Enterprise subscription, co-termed to 2026-03-31 (187 days)"), { ref })).anomalies;
    expect(codes(found)).toEqual(["price_below_contract"]);
    // Held to the least generous convention: 186 days of 366.
    expect(found[0]!.amount_at_risk).toBe(r2((1200 * 186 / 366 - r2(1200 * 127 / 365)) * 10));
    // The days read from the range the text names where it states no count.
    expect(codes((await analyse(at(r2(1200 * 127 / 365), "Enterprise subscription prorated 2025-09-26 - 2026-03-31"), { ref })).anomalies)).toEqual(["price_below_contract"]);
  });

  test("not judged: a line naming no days, a row stating no billing period, a whole period or more", async () => {
    expect((await analyse(at(300, "Enterprise subscription, prorated"), { ref })).anomalies).toEqual([]);
    const noCadence = { ...ref, contracts: contracts.map(({ billing_frequency: _b, ...c }) => c) };
    expect((await analyse(at(300, "Add-on, co-termed to 2026-03-31 (187 days)"), { ref: noCadence })).anomalies).toEqual([]);
    expect((await analyse(at(900, "Enterprise subscription prorated 400 days"), { ref })).anomalies).toEqual([]);
  });

  test("not judged: a range naming a day its month does not have (a typo: 30 February)", async () => {
    // Bun's Date.parse reads 2026-02-30 as 2 March: the 156 days to 28 February billed by the
    // usual count were held to 157 of 366, a cut of 18.70 that no one made.
    const billed = r2((1200 * 156) / 365);
    expect((await analyse(at(billed, "Enterprise subscription prorated 2025-09-26 - 2026-02-30"), { ref })).anomalies).toEqual([]);
    expect((await analyse(at(billed, "Enterprise subscription prorated 2025-09-26 - 2026-02-28"), { ref })).anomalies).toEqual([]);
    expect((await analyse(at(billed, "Enterprise subscription prorated 2025-04-31 - 2026-02-28"), { ref })).anomalies).toEqual([]);
  });
});

function r2(v: number): number {
  return Math.round(v * 100) / 100;
}
