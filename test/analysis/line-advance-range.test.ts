// A line whose own text names the days it bills in advance, with their year: a software vendor's
// deal desk grants two free months at a renewal, the CLM prices them at 0 and the paid months at
// the renewal's price, and the renewal invoice (30 days ahead of the contract year, its period
// named from the year's first day) bills "extension 2025-10-01 - 2025-11-30 at no charge" and
// "2025-12-01 - 2026-09-30 (10 months)". The paid months are priced at the row in force from their
// own first day, not at the period's first day (the free months' 0), and as the part of a year
// they are (prorated-days.ts); the paid months at the expiring year's price are still found.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { lineServiceStart } from "../../src/analysis/detectors/leakage/line-service-days.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 10 } });
const row = (price: number, valid_from: string, valid_to: string, billing_frequency?: string) => ({ contract_id: "K-3301", customer_id: "C1", sku: "MAINT-ENT", price, currency: "USD", valid_from, valid_to, ...(billing_frequency ? { billing_frequency } : {}) });
const ref = {
  contracts: [row(1150, "2024-10-01", "2025-09-30", "Annual"), row(0, "2025-10-01", "2025-11-30"), row(1200, "2025-12-01", "2026-09-30", "Annual")],
  price_list: [{ sku: "MAINT-ENT", currency: "USD", list_price: 1500, valid_from: "2024-01-01" }],
};
const renewal = (id: string, paid: number, paidText = "Enterprise maintenance - 2025-12-01 - 2026-09-30 (10 months)"): Transaction => ({
  transaction_id: id, type: "invoice", date: "2025-09-01", customer_id: "C1", contract_id: "K-3301", currency: "USD", amount: paid * 4,
  attributes: { "Service Start Date": "2025-10-01", "Service End Date": "2026-09-30" },
  lines: [
    { sku: "MAINT-ENT", quantity: 4, unit_price: 0, list_price: 1500, discount_pct: 100, amount: 0, description: "Enterprise maintenance - extension 2025-10-01 - 2025-11-30 at no charge (deal desk approval DD-4417)" },
    { sku: "MAINT-ENT", quantity: 4, unit_price: paid, list_price: 1500, amount: paid * 4, description: paidText },
  ],
});

test("the paid months after free extension months are priced from their own first day, as the part of a year they are", async () => {
  expect((await analyse(renewal("R1", 1000), { ref, config })).anomalies).toEqual([]);
});

test("the paid months at the expiring year's price are below the contract; without their days the line is priced on the period's first day", async () => {
  // 1,150 × 10/12 = 958.33 for the months that the renewal's 1,200 prices at least 1,200 × 303/366 = 993.44.
  expect(codes((await analyse(renewal("R2", 958.33), { ref, config })).anomalies)).toEqual(["price_below_contract"]);
  // A line stating no days of its own is priced as the document's period: its first day's 0.
  expect(codes((await analyse(renewal("R3", 1000, "Enterprise maintenance (10 months)"), { ref, config })).anomalies)).toEqual(["price_above_contract"]);
});

test("reading a line's first day in advance: a range with its year written, starting after the invoice's day", () => {
  expect(lineServiceStart("Enterprise maintenance - 2025-12-01 - 2026-09-30 (10 months)", "2025-09-01")).toBe("2025-12-01");
  expect(lineServiceStart("Subscription 12/01/2025 - 09/30/2026", "2025-09-01")).toBe("2025-12-01");
  // In the period or in arrears (a true-up), a range without its year, and no range at all: none.
  expect(lineServiceStart("Subscription 2025-09-01 - 2026-08-31", "2025-09-01")).toBeUndefined();
  expect(lineServiceStart("Seat true-up 2024-10-01 - 2025-08-27", "2025-09-01")).toBeUndefined();
  expect(lineServiceStart("Storage 12/01-12/31", "2025-09-01")).toBeUndefined();
  expect(lineServiceStart("Carton 12/24 pack", "2025-09-01")).toBeUndefined();
  // More than a year ahead is no advance billing (a typo), nor is a day that is no calendar day.
  expect(lineServiceStart("Subscription 2027-12-01 - 2028-11-30", "2025-09-01")).toBeUndefined();
  expect(lineServiceStart("Subscription 2025-11-31 - 2026-09-30", "2025-09-01")).toBeUndefined();
});

test("paid months of whole calendar months may be prorated by months: 9/12 of the year for 276 days is no finding, less is", async () => {
  // 2025-05-01 - 2026-01-31 is 276 days, whose 275/366 of 339.57 is 255.14; the vendor bills 9/12 of it, 254.68.
  const rows = [row(320, "2024-02-01", "2025-01-31", "Annual"), row(0, "2025-02-01", "2025-04-30"), row(339.57, "2025-05-01", "2026-01-31", "Annual")];
  const nine = (id: string, paid: number): Transaction => ({
    ...renewal(id, paid, "Enterprise maintenance - 2025-05-01 - 2026-01-31 (9 months)"), date: "2025-01-02",
    attributes: { "Service Start Date": "2025-02-01", "Service End Date": "2026-01-31" },
  });
  const nineRef = { ...ref, contracts: rows };
  expect((await analyse({ ...nine("R4", 254.68), lines: nine("R4", 254.68).lines.slice(1) }, { ref: nineRef, config })).anomalies).toEqual([]);
  expect(codes((await analyse({ ...nine("R5", 240), lines: nine("R5", 240).lines.slice(1) }, { ref: nineRef, config })).anomalies)).toEqual(["price_below_contract"]);
});

test("a line's own start column names its first day in advance as its text does", async () => {
  // An export mapping the invoice-line report's `Line Service Start` as a line attribute, the text naming no days.
  const byColumn = (id: string, paid: number): Transaction => {
    const t = renewal(id, paid, "Enterprise maintenance (paid months)");
    t.lines[1]!.attributes = { "Line Service Start": "2025-12-01", "Line Service End": "2026-09-30" };
    return t;
  };
  expect((await analyse(byColumn("R7", 1200), { ref, config })).anomalies).toEqual([]);
  expect(codes((await analyse(byColumn("R8", 1150), { ref, config })).anomalies)).toEqual(["price_below_contract"]);
  // The same start on or before the invoice's day (billed in the period) leaves the document's.
  const inPeriod = byColumn("R9", 1200);
  inPeriod.lines[1]!.attributes = { "Line Service Start": "2025-09-01" };
  expect(codes((await analyse(inPeriod, { ref, config })).anomalies)).toEqual(["price_above_contract"]);
});
