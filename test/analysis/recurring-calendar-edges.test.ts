// The recurring-charge rules (unbilled_recurring_charge, recurring_billed_beyond_service) walk a
// contract row's periods month by month. Dates at the calendar's edges broke that walk, and with
// it every revenue_leakage scan of the connector (500 internal_error on `dist/assay`, the
// twenty-first attack pass): a row from year 0202 (a typo of 2020) or 0000 stepped into an
// unpadded year ("202-02-01", which no date parser reads), and an invoice of December 9999 (a
// placeholder) into year 10000. Such a walk now steps by the calendar's days — a year under 1000
// padded, a day past 9999-12-31 after every day and before 0000-01-01 before every day — so it
// ends where it would.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { addMonths, RecurringBillings, RecurringSchedule, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import { recurringBilledBeyondService } from "../../src/analysis/detectors/leakage/recurring-beyond-service.ts";
import { addDays, AFTER_THE_CALENDAR, BEFORE_THE_CALENDAR, dayBefore } from "../../src/analysis/dates.ts";
import { makeEngine, memoryConnector } from "../support/engine.ts";

const row = (from: string, to?: string, extra: Partial<Contract> = {}): Contract => ({
  contract_id: "MSA-1", customer_id: "C1", sku: "XC-SMF", price: 280, currency: "USD", valid_from: from, ...(to ? { valid_to: to } : {}), billing_frequency: "Monthly", billing_timing: "In Advance", ...extra,
});
const invoice = (id: string, date: string): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "C1", contract_id: "MSA-1", currency: "USD", amount: 280, lines: [{ sku: "XC-SMF", quantity: 1, unit_price: 280, amount: 280 }],
});
/** Monthly invoices of a year (2025) on the 1st, but for `skipped` months. */
const year = (skipped: number[] = [], y = "2025") => Array.from({ length: 12 }, (_, m) => m + 1).filter((m) => !skipped.includes(m)).map((m) => invoice(`INV-${y}-${m}`, `${y}-${String(m).padStart(2, "0")}-01`));

function judge(contracts: Contract[], txns: Transaction[]) {
  const schedule = RecurringSchedule.of(contracts)!;
  const billings = new RecurringBillings(schedule);
  for (const t of txns) billings.add(t);
  const beyond = recurringBilledBeyondService(schedule, billings);
  return { gaps: unbilledRecurringCharges(schedule, billings).gaps, beyond: txns.flatMap((t) => beyond.findingsFor(t.transaction_id)) };
}

describe("day arithmetic at the calendar's edges", () => {
  test("a year under 1000 is written with four digits", () => {
    expect(addMonths("0202-01-01", 1)).toBe("0202-02-01");
    expect(addMonths("0000-01-31", 1)).toBe("0000-02-29"); // year 0 is a leap year
    expect(addMonths("0999-12-01", 1)).toBe("1000-01-01");
    expect(addMonths("1000-01-01", -1)).toBe("0999-12-01");
    expect(addDays("0202-02-28", 1)).toBe("0202-03-01");
  });

  test("past 9999-12-31 is after every day, before 0000-01-01 before every day, and moving them keeps them", () => {
    expect(addMonths("9999-12-01", 1)).toBe(AFTER_THE_CALENDAR);
    expect(addDays("9999-12-31", 1)).toBe(AFTER_THE_CALENDAR);
    expect(addMonths("0000-01-01", -1)).toBe(BEFORE_THE_CALENDAR);
    expect(dayBefore("0000-01-01")).toBe(BEFORE_THE_CALENDAR);
    expect(AFTER_THE_CALENDAR > "9999-12-31").toBe(true);
    expect(BEFORE_THE_CALENDAR < "0000-01-01").toBe(true);
    for (const edge of [AFTER_THE_CALENDAR, BEFORE_THE_CALENDAR]) {
      expect(addMonths(edge, 1)).toBe(edge);
      expect(addMonths(edge, -1)).toBe(edge);
      expect(dayBefore(edge)).toBe(edge);
      expect(addDays(edge, 3)).toBe(edge);
    }
    expect(dayBefore(addMonths("9999-12-01", 1))).toBe(AFTER_THE_CALENDAR);
  });
});

describe("the recurring rules on rows and invoices at the edges", () => {
  test("a row from year 0202 (a typo of 2020) is walked from there: the unbilled month of 2025 is still found", () => {
    const { gaps } = judge([row("0202-01-01")], year([6]));
    expect(gaps.map((g) => g.periodStart)).toEqual(["2025-06-01"]);
  });

  test("a row from 0000-01-01, a weekly one, and a row stating its quantity judge without failing", () => {
    expect(judge([row("0000-01-01")], year([6])).gaps.map((g) => g.periodStart)).toEqual(["2025-06-01"]);
    expect(() => judge([row("0000-01-01", undefined, { billing_frequency: "Weekly" })], year())).not.toThrow();
    expect(judge([row("0202-01-01", undefined, { quantity: 1 })], year()).beyond).toEqual([]);
  });

  test("invoices of year 9999 to its December end the walk instead of failing it", () => {
    const txns = [...year([6], "9999"), invoice("INV-LAST", "9999-12-31")];
    for (const contracts of [[row("9999-01-01")], [row("9999-01-01", undefined, { quantity: 1 })], [row("9999-01-01", "9999-12-31")], [row("9999-11-01", undefined, { billing_frequency: "Quarterly" })]]) {
      expect(() => judge(contracts, txns)).not.toThrow();
    }
    // June 9999 is judged as June 2025 would be.
    expect(judge([row("9999-01-01")], txns).gaps.map((g) => g.periodStart)).toEqual(["9999-06-01"]);
  });

  test("a revenue_leakage scan of such a connector answers", async () => {
    for (const [from, transactions] of [["0202-01-01", year([6])], ["9999-01-01", year([6], "9999")]] as const) {
      const { engine } = makeEngine([memoryConnector({ reference: { contracts: [row(from)], price_list: [], shipments: [] }, transactions: [...transactions] })]);
      const r = await engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage" });
      expect(r.object).toBe("analysis");
    }
  });
});
