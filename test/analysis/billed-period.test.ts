// The period a document names (billed-period.ts): an ambiguous day (02/01/2025) is read in the
// order the document's other dates show, whatever the length of its year; where none does, in the
// export's (its connector's date format's, or what its other documents show).
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { billedPeriodStart, namedPeriod, namedPeriodDays, namedPeriodStart, periodEndBefore } from "../../src/analysis/detectors/leakage/billed-period.ts";
import { ExportDayOrder } from "../../src/analysis/dates.ts";
import { dateFormat } from "../../src/connectors/values.ts";

const doc = (attributes: Record<string, string>, date = "2025-01-30"): Transaction => ({ transaction_id: "T", type: "invoice", date, lines: [], attributes });

test("an ambiguous period start with a four-digit year is read month-first where the period's end says so", () => {
  // A franchisor's technology fee billed in advance on 30 January for February (Period End 02/28/2025: month-first).
  const t = doc({ "Period Start": "02/01/2025", "Period End": "02/28/2025" });
  expect(namedPeriodStart(t)).toBe("2025-02-01");
  expect(billedPeriodStart(t, "2025-01-30")).toBe("2025-02-01");
  expect(namedPeriodDays(t)).toBe(28);
});

test("and day-first where the other dates are, with a two-digit year as before", () => {
  expect(namedPeriodStart(doc({ "Period Start": "01/02/2025", "Period End": "28/02/2025" }))).toBe("2025-02-01");
  expect(namedPeriodStart(doc({ "Period Start": "02/01/25", "Period End": "02/28/25" }))).toBe("2025-02-01");
});

test("an ambiguous day with nothing telling its order names no period", () => {
  expect(namedPeriodStart(doc({ "Period Start": "02/01/2025" }))).toBeUndefined();
});

test("a period whose every date reads both ways is read in the export's order: its date format's, or what its documents show", () => {
  // A utility's service period 08/01/2025–08/11/2025 under a MM/DD/YYYY connector, and under a DD/MM/YYYY one.
  const t = doc({ "Service Period Start": "08/01/2025", "Service Period End": "08/11/2025" }, "2025-08-20");
  expect(namedPeriod(t)).toBeUndefined();
  expect(namedPeriod(t, "month_first")).toEqual({ from: "2025-08-01", to: "2025-08-11" });
  expect(namedPeriodDays(t, "month_first")).toBe(11);
  expect(periodEndBefore(t, "2025-08-20", "month_first")).toBe("2025-08-11");
  expect(namedPeriod(t, "day_first")).toEqual({ from: "2025-01-08", to: "2025-11-08" });
  // The document's own telling date still wins over the export's.
  expect(namedPeriodStart(doc({ "Period Start": "02/01/2025", "Period End": "28/02/2025" }), "month_first")).toBe("2025-01-02");
});

test("the export's order is what nine in ten of its telling documents show", () => {
  const orders = new ExportDayOrder();
  for (let i = 0; i < 9; i++) orders.add(doc({ "Date Out": "06/21/2026" }));
  orders.add(doc({ "Date Out": "07/09/2026" })); // tells nothing
  expect(orders.order()).toBe("month_first");
  orders.add(doc({ "Date Out": "21/06/2026" }));
  expect(orders.order()).toBe("month_first");
  orders.add(doc({ "Date Out": "22/06/2026" }));
  expect(orders.order()).toBeUndefined(); // 9 against 2: a mixed export tells none
  const parts = new ExportDayOrder();
  parts.merge({ monthFirst: 0, dayFirst: 3 });
  expect(parts.order()).toBe("day_first");
  expect(new ExportDayOrder().order()).toBeUndefined();
});

test("a connector's date format states its order where the month is a number", () => {
  expect(dateFormat("MM/DD/YYYY").dayOrder).toBe("month_first");
  expect(dateFormat("DD.MM.YYYY").dayOrder).toBe("day_first");
  expect(dateFormat("D/M/YY").dayOrder).toBe("day_first");
  expect(dateFormat("DD-MMM-YYYY").dayOrder).toBeUndefined();
  expect(dateFormat("iso").dayOrder).toBeUndefined();
});

test("a period's start named with the word Date after it is its start, as a period's end is", () => {
  // An ERP's invoice-line report: a software renewal invoiced 30 days ahead of its contract year
  // names it by "Service Start Date" and "Service End Date" (Oracle's, NetSuite's columns).
  const t = doc({ "Service Start Date": "2025-10-01", "Service End Date": "2026-09-30" }, "2025-09-01");
  expect(billedPeriodStart(t, "2025-09-01")).toBe("2025-10-01");
  expect(namedPeriod(t)).toEqual({ from: "2025-10-01", to: "2026-09-30" });
  expect(namedPeriodDays(t)).toBe(365);
  expect(billedPeriodStart(doc({ "Period Start Date": "2025-10-01" }, "2025-09-20"), "2025-09-20")).toBe("2025-10-01");
  // A name ending in "To Date" is a running total's, never a period's day; nor is an unrelated date.
  expect(namedPeriodStart(doc({ "Period From To Date": "2025-10-01" }))).toBeUndefined();
  expect(namedPeriodStart(doc({ "Due Date": "2025-10-01" }))).toBeUndefined();
});
