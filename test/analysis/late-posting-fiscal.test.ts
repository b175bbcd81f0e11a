// late_posting on a ledger that closes fiscal periods of whole weeks (a 4-4-5 retail calendar),
// not calendar months: configured as late_posting.fiscal_calendar (the weeks per period and the
// years' first days, validated with their YAML path). The hard negative: an invoice dated in the
// last days of a calendar month that belong to a fiscal period still open (29 January, in the
// period 26 January – 22 February), keyed weeks later — into a closed January by the month, into
// an open period by the ledger's own calendar.
import { describe, expect, test } from "bun:test";
import type { AnalysisContext } from "../../src/analysis/context.ts";
import { latePostingDetector } from "../../src/analysis/detectors/anomaly/late-posting.ts";
import type { Finding } from "../../src/analysis/detectors/types.ts";
import { fiscalPeriods } from "../../src/analysis/fiscal-periods.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import { parseConfig } from "../../src/config/load.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number, hour = 10) => new Date(ms + hour * 3_600_000).toISOString().replace(".000Z", "Z");
const dayNo = (ms: number) => Math.floor(ms / DAY);
const isoDay = (day: number) => iso(day * DAY);

const CALENDAR = { periods: "4-4-5" as const, year_starts: ["2024-12-29", "2025-12-28"] };
const periods = fiscalPeriods(CALENDAR);

describe("fiscal periods", () => {
  test("4-4-5 weeks from the year's first day; the last period runs to the next year's start", () => {
    const bounds = (iso: string) => {
      const p = periods.periodOf(dayNo(Date.parse(iso)));
      return [periods.slotOf(p) + 1, isoDay(periods.lastDayOf(p))];
    };
    expect(bounds("2024-12-29")).toEqual([1, "2025-01-25"]);
    expect(bounds("2025-01-26")).toEqual([2, "2025-02-22"]);
    expect(bounds("2025-02-23")).toEqual([3, "2025-03-29"]);
    expect(bounds("2025-12-27")).toEqual([12, "2025-12-27"]);
    // Before the first configured year and after the last: years of 52 weeks.
    expect(bounds("2024-12-28")).toEqual([12, "2024-12-28"]);
    expect(bounds("2026-12-26")).toEqual([12, "2026-12-26"]);
    expect(bounds("2026-12-27")).toEqual([1, "2027-01-23"]);
    // A 53-week year: the extra week is the last period's.
    const long = fiscalPeriods({ periods: "4-4-5", year_starts: ["2025-12-28", "2027-01-03"] });
    expect(isoDay(long.lastDayOf(long.periodOf(dayNo(Date.parse("2026-12-30")))))).toBe("2027-01-02");
    expect(periods.name(periods.periodOf(dayNo(Date.parse("2025-01-29"))))).toBe("period 2 of the fiscal year from 2024-12-29 (2025-01-26 – 2025-02-22)");
  });

  test("13 periods of four weeks", () => {
    const thirteen = fiscalPeriods({ periods: "13x4", year_starts: ["2025-01-05"] });
    const p = thirteen.periodOf(dayNo(Date.parse("2025-12-31")));
    expect([thirteen.slotOf(p) + 1, isoDay(thirteen.lastDayOf(p)), thirteen.perYear]).toEqual([13, "2026-01-03", 13]);
  });

  test("a bad fiscal_calendar is refused with its YAML path", () => {
    const load = (calendar: string) => () => parseConfig(`modules:\n  anomaly_detection:\n    late_posting:\n      fiscal_calendar: ${calendar}\n`, "/etc/assay/assay.yaml", {});
    expect(load("{ periods: 4-4-5, year_starts: [2024-12-29, 2025-12-29] }")).toThrow(
      "modules.anomaly_detection.late_posting.fiscal_calendar.year_starts[1]: 365 days after year_starts[0]; a fiscal year of whole weeks is 364 days (52 weeks) or 371 (53)",
    );
    expect(load("{ periods: 4-4-5, year_starts: [2025-02-30] }")).toThrow('modules.anomaly_detection.late_posting.fiscal_calendar.year_starts[0]: "2025-02-30" is not a calendar day');
    expect(load("{ periods: 4-4-6, year_starts: [2024-12-29] }")).toThrow("modules.anomaly_detection.late_posting.fiscal_calendar.periods");
    expect(load("{ periods: 4-4-5, year_starts: [2024-12-29, 2025-12-28, 2027-01-03] }")).not.toThrow();
  });
});

let seq = 0;
function entry(user: string, posting: number, entered: number): Transaction {
  return { transaction_id: `T${++seq}`, type: "journal_entry", date: iso(posting), entered_at: stamp(entered), currency: "EUR", amount: 100 + (seq % 50), created_by: user, lines: [] };
}

const weekday = (ms: number) => new Date(ms).getUTCDay() % 6 !== 0;

/**
 * Ten months of a retailer's ledger on the 4-4-5 calendar: two clerks posting the day they enter,
 * and a controller keying each fiscal period's accruals on the eight days after its end, posted
 * to its last day.
 */
function ledger(): Transaction[] {
  const out: Transaction[] = [];
  for (let d = Date.UTC(2025, 0, 1); d <= Date.UTC(2025, 10, 30); d += DAY) {
    if (!weekday(d)) continue;
    for (const clerk of ["clara", "carl"]) out.push(entry(clerk, d, d));
    const previous = periods.periodOf(dayNo(d)) - 1;
    const end = periods.lastDayOf(previous);
    if (dayNo(d) - end <= 8) out.push(entry("ctrl", end * DAY, d));
  }
  return out;
}

function detect(transactions: Transaction[], txn: Transaction, config: unknown): Finding[] {
  const b = new HistoryBuilder({ categoricalFields: [] });
  for (const t of transactions) b.add(t);
  const history = b.finish();
  const ctx = { history } as unknown as AnalysisContext;
  return latePostingDetector.detect({ txn, ctx, config: modulesConfig(config), self: history.entry(txn.transaction_id), moment: () => null, keyedMoment: () => null, lines: () => [], categorical: () => ({ values: [], codes: new Int32Array(0) }), twins: () => undefined });
}

const FISCAL = { anomaly_detection: { late_posting: { fiscal_calendar: CALENDAR } } };

describe("late_posting by the fiscal calendar", () => {
  const year = ledger();

  test("an invoice dated in a calendar month's last days, keyed weeks later into the fiscal period still open: late by the month, not by the fiscal calendar", () => {
    // 29 January is in period 2 (26 January – 22 February), keyed on 18 February.
    const tail = entry("clara", Date.UTC(2025, 0, 29), Date.UTC(2025, 1, 18));
    const byMonth = detect([...year, tail], tail, {});
    expect(byMonth[0]?.code).toBe("late_posting");
    expect(byMonth[0]!.message).toContain("into January 2025");
    expect(detect([...year, tail], tail, FISCAL)).toEqual([]);
  });

  test("an entry into a fiscal period closed weeks ago is found, naming the period and its close", () => {
    // 20 January is in period 1 (to 25 January), closed by the controller on 31 January.
    const late = entry("clara", Date.UTC(2025, 0, 20), Date.UTC(2025, 2, 10));
    const [f] = detect([...year, late], late, FISCAL);
    expect(f?.code).toBe("late_posting");
    expect(f!.score).toBeGreaterThanOrEqual(0.85);
    expect(f!.message).toContain("into period 1 of the fiscal year from 2024-12-29 (2024-12-29 – 2025-01-25), which closed on 2025-01-31");
    expect(f!.expected).toMatchObject({ period_closed_on: "2025-01-31" });
  });

  test("the controller's close after each fiscal period's end is quiet under the fiscal calendar", () => {
    // Period 5 ends 24 May (a Saturday); its accruals keyed on 30 May, posted to 24 May.
    const close = entry("ctrl", Date.UTC(2025, 4, 24), Date.UTC(2025, 4, 30));
    expect(detect([...year, close], close, FISCAL)).toEqual([]);
  });
});
