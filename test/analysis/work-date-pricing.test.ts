// Time-and-materials and service work is priced at the rates in force on the day the work was
// done (docs/analysis.md, "Revenue leakage"): a ticket worked on 30 December and billed with
// January's batch keeps December's labour rate, a part fitted in March billed in April its March
// list price. The document names that day (`Work Date`, `Service Date`…, the same attributes the
// warranty check reads); without it the invoice's date prices the line, as before.
import { expect, test } from "bun:test";
import { analyse, codes, invoice, reference } from "./fixtures.ts";

const worked = (id: string, day: string, lines: Parameters<typeof invoice>[1]["lines"], customer: string, workDate?: string) => ({
  ...invoice(id, { customer, date: day, lines }),
  ...(workDate ? { attributes: { "Work Date": workDate } } : {}),
});

test("a ticket worked before the contract's new year's rates keeps the old rate", async () => {
  // CUST-3: 70 in 2024 (CTR-3A), 75 from 1 January 2025 (CTR-3B).
  const before = worked("TM-1", "2025-01-14T10:00:00Z", [{ sku: "SKU-A", qty: 8, unit: 70 }], "CUST-3", "12/30/2024");
  expect((await analyse(before)).anomalies).toEqual([]);
  // The same line worked in January is below the new rate.
  expect(codes((await analyse(worked("TM-2", "2025-01-14T10:00:00Z", [{ sku: "SKU-A", qty: 8, unit: 70 }], "CUST-3", "01/06/2025"))).anomalies)).toEqual(["price_below_contract"]);
  // Without a work date the invoice's date prices it.
  expect(codes((await analyse(worked("TM-3", "2025-01-14T10:00:00Z", [{ sku: "SKU-A", qty: 8, unit: 70 }], "CUST-3"))).anomalies)).toEqual(["price_below_contract"]);
});

test("a part fitted before a list price change keeps the list price of the day it was fitted", async () => {
  const ref = { price_list: [...reference.price_list, { sku: "PART-C", list_price: 100, currency: "USD" }, { sku: "PART-C", list_price: 130, currency: "USD", valid_from: "2025-04-01" }] };
  const line = [{ sku: "PART-C", qty: 2, unit: 100, list: 100, disc: 0 }];
  expect((await analyse(worked("SV-1", "2025-04-08T10:00:00Z", line, "CUST-9", "03/27/2025"), { ref })).anomalies).toEqual([]);
  expect(codes((await analyse(worked("SV-2", "2025-04-08T10:00:00Z", line, "CUST-9"), { ref })).anomalies)).toEqual(["price_below_list"]);
  // A work date after the invoice's (billed in advance) does not reach back to an older price.
  expect(codes((await analyse(worked("SV-3", "2025-04-08T10:00:00Z", line, "CUST-9", "04/20/2025"), { ref })).anomalies)).toEqual(["price_below_list"]);
});

test("an ambiguous work date is read as the reading nearest before the invoice: the same day is the same day", async () => {
  const ref = { price_list: [...reference.price_list, { sku: "PART-C", list_price: 100, currency: "USD" }, { sku: "PART-C", list_price: 130, currency: "USD", valid_from: "2025-04-01" }] };
  const line = [{ sku: "PART-C", qty: 2, unit: 100, list: 100, disc: 0 }];
  // 05/02/2025 on an invoice of 2 May is 2 May (month first), not 5 February before the change.
  expect(codes((await analyse(worked("SV-4", "2025-05-02T10:00:00Z", line, "CUST-9", "05/02/2025"), { ref })).anomalies)).toEqual(["price_below_list"]);
  // 03/04/2025 on an invoice of 8 April: 4 March or 3 April, both before; the nearest, 3 April, is after the change.
  expect(codes((await analyse(worked("SV-5", "2025-04-08T10:00:00Z", line, "CUST-9", "04/03/2025"), { ref })).anomalies)).toEqual(["price_below_list"]);
});

test("the document's other dates tell an ambiguous work date's order: a period ending 06/30 is month-first", async () => {
  const ref = { price_list: [...reference.price_list, { sku: "PART-C", list_price: 100, currency: "USD" }, { sku: "PART-C", list_price: 130, currency: "USD", valid_from: "2025-07-01" }] };
  const line = [{ sku: "PART-C", qty: 2, unit: 100, list: 100, disc: 0 }];
  const ticket = (id: string, attributes: Record<string, string>) => ({ ...invoice(id, { customer: "CUST-9", date: "2025-07-08T10:00:00Z", lines: line }), attributes });
  // 06/07/2025 billed on 8 July: 7 June (month-first, as 06/30/2025 shows) before the change, not 6 July.
  expect((await analyse(ticket("TM-8", { "Work Date": "06/07/2025", "Period Ending": "06/30/2025" }), { ref })).anomalies).toEqual([]);
  // Day-first where the document says so: 07/06/2025 is 7 June too.
  expect((await analyse(ticket("TM-9", { "Work Date": "07/06/2025", "Period Ending": "30/06/2025" }), { ref })).anomalies).toEqual([]);
  // Without another date to tell, the nearest reading before the invoice: 6 July, after the change.
  expect(codes((await analyse(ticket("TM-10", { "Work Date": "06/07/2025" }), { ref })).anomalies)).toEqual(["price_below_list"]);
});

test("a rental's cycle invoice keeps the rates of its date out: the rate book's renewal does not reach a contract already out", async () => {
  // Wynne RentalMan, Point of Rental and InTempo write the rates on the rental contract the day the
  // equipment goes out (`Date Out`); every 28-day cycle of the rental is billed at them.
  const ref = { price_list: [...reference.price_list, { sku: "100-1020", list_price: 2450, currency: "USD" }, { sku: "100-1020", list_price: 2573, currency: "USD", valid_from: "2026-01-01" }] };
  const line = [{ sku: "100-1020", qty: 1, unit: 2450, list: 2450, disc: 0 }];
  const cycle = (id: string, attributes: Record<string, string>) => ({ ...invoice(id, { customer: "CUST-9", date: "2026-02-10T10:00:00Z", lines: line }), attributes });
  expect((await analyse(cycle("4411001-003", { "Date Out": "11/17/2025", "Bill From": "01/12/2026", "Bill Thru": "02/09/2026" }), { ref })).anomalies).toEqual([]);
  expect((await analyse(cycle("4411002-003", { "Out Date": "11/17/2025" }), { ref })).anomalies).toEqual([]);
  // A rental out after the renewal owes the new book.
  expect(codes((await analyse(cycle("4411003-002", { "Date Out": "01/05/2026", "Bill From": "01/12/2026", "Bill Thru": "02/09/2026" }), { ref })).anomalies)).toEqual(["price_below_list"]);
});
