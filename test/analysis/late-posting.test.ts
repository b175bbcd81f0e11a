// late_posting: entries posted into a period after the ledger had closed it, beyond the user's own
// lag. The subtle parts: the close calendar learned from when entries stop arriving (the closing
// team's run of arrivals, not an interface's standing lag nor one late entry), the user's habit
// (the entry's own lag left out), a period whose close the history has not seen yet, and what a
// source may lack or garble (no entry date, no user, a date that does not parse).
import { describe, expect, test } from "bun:test";
import type { AnalysisContext } from "../../src/analysis/context.ts";
import { latePostingDetector } from "../../src/analysis/detectors/anomaly/late-posting.ts";
import type { Finding } from "../../src/analysis/detectors/types.ts";
import { EntryLagsBuilder } from "../../src/analysis/entry-lags.ts";
import { calendarMonths } from "../../src/analysis/fiscal-periods.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const stamp = (ms: number, hour = 10) => new Date(ms + hour * 3_600_000).toISOString().replace(".000Z", "Z");
const dayNo = (ms: number) => Math.floor(ms / DAY);

let seq = 0;
function entry(user: string | undefined, posting: number, entered: number | string | undefined): Transaction {
  return {
    transaction_id: `T${++seq}`,
    type: "journal_entry",
    date: iso(posting),
    ...(entered === undefined ? {} : { entered_at: typeof entered === "string" ? entered : stamp(entered) }),
    currency: "EUR",
    amount: 100 + (seq % 50),
    ...(user ? { created_by: user } : {}),
    lines: [],
  };
}

const weekday = (ms: number) => new Date(ms).getUTCDay() % 6 !== 0;

/**
 * A year of a small ledger: clerks posting the day they enter, an expense system posting receipts
 * 5–45 days back, and a controller keying each month's accruals on its first eight working days
 * (December's until 6 February), posted to the month's last day.
 */
function ledger(from = Date.UTC(2025, 0, 1), to = Date.UTC(2025, 11, 31)): Transaction[] {
  const out: Transaction[] = [];
  let k = 0;
  for (let d = from; d <= to; d += DAY) {
    if (!weekday(d)) continue;
    for (const clerk of ["clara", "carl"]) out.push(entry(clerk, d, d));
    out.push(entry("EXPENSES", d - (5 + (k++ % 41)) * DAY, d));
    const date = new Date(d);
    const prevEnd = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0);
    const closing = date.getUTCMonth() === 0 ? date.getUTCDate() <= 36 : date.getUTCDate() <= 11;
    if (closing) out.push(entry("ctrl", prevEnd, d));
  }
  // The auditors' year-end adjustments, late January into early February.
  for (const d of [Date.UTC(2025, 0, 27), Date.UTC(2025, 1, 3), Date.UTC(2025, 1, 5)]) out.push(entry("ctrl", Date.UTC(2024, 11, 31), d));
  return out;
}

function historyOf(transactions: Transaction[]) {
  const b = new HistoryBuilder({ categoricalFields: [] });
  for (const t of transactions) b.add(t);
  return b.finish();
}

function detect(transactions: Transaction[], txn: Transaction, config = modulesConfig()): Finding[] {
  const history = historyOf(transactions);
  const ctx = { history } as unknown as AnalysisContext;
  return latePostingDetector.detect({ txn, ctx, config, self: history.entry(txn.transaction_id), moment: () => null, keyedMoment: () => null, lines: () => [], categorical: () => ({ values: [], codes: new Int32Array(0) }), twins: () => undefined });
}

const settings = { closeGapDays: 14, standingLagDays: 3, minHistory: 20 };

describe("the close calendar", () => {
  test("a month closes on the last arrival of the closing run; a lone entry weeks later does not reopen it", () => {
    const b = new EntryLagsBuilder(0);
    const march31 = Date.UTC(2025, 2, 31);
    for (const d of [1, 2, 3, 4, 7, 8, 9]) b.add({ date: iso(march31), entered_at: stamp(Date.UTC(2025, 3, d)), created_by: "ctrl" }, march31);
    // 40 days later: past a pause longer than close_gap_days, not part of the close.
    b.add({ date: iso(march31), entered_at: stamp(Date.UTC(2025, 4, 19)), created_by: "ann" }, march31);
    b.add({ date: "2025-07-01", entered_at: stamp(Date.UTC(2025, 6, 1)), created_by: "ann" }, Date.UTC(2025, 6, 1));
    const close = b.finish().calendar(settings).closeOf(dayNo(march31));
    expect(iso(close.day * DAY)).toBe("2025-04-09");
    expect(close.seen).toBe(true);
  });

  test("a source with a standing lag arrives into every month long after it: it does not set the close", () => {
    const b = new EntryLagsBuilder(0);
    // Thirty receipts, every one 30 days back: the expense system's habit.
    for (let i = 0; i < 30; i++) {
      const entered = Date.UTC(2025, 3, 1) + i * DAY;
      b.add({ date: iso(entered - 30 * DAY), entered_at: stamp(entered), created_by: "EXPENSES" }, entered - 30 * DAY);
    }
    b.add({ date: "2025-06-30", entered_at: stamp(Date.UTC(2025, 6, 30)), created_by: "ann" }, Date.UTC(2025, 5, 30));
    const calendar = b.finish().calendar(settings);
    // March's receipts arrived all through April; March closed at its end for everyone else.
    expect(iso(calendar.closeOf(dayNo(Date.UTC(2025, 2, 15))).day * DAY)).toBe("2025-03-31");
    // Counted as closers (standing_lag_days above their lags), they would hold March open.
    const counted = b.finish().calendar({ ...settings, standingLagDays: 31 });
    expect(counted.closeOf(dayNo(Date.UTC(2025, 2, 15))).day).toBeGreaterThan(dayNo(Date.UTC(2025, 3, 10)));
  });

  test("a month still closing when the history ends takes the usual delay of its month of the year, else of any month", () => {
    const txns = ledger(Date.UTC(2025, 0, 1), Date.UTC(2025, 10, 4));
    const history = historyOf(txns);
    const calendar = history.entryLags.calendar(settings);
    // October's run (to 11 November) has not ended by 4 November: the usual 11 days stand in.
    const october = calendar.closeOf(dayNo(Date.UTC(2025, 9, 15)));
    expect(october.seen).toBe(false);
    expect(iso(october.day * DAY)).toBe("2025-11-11");
    // A month the history has no entry in at all: the same usual delay after its end.
    const next = calendar.closeOf(dayNo(Date.UTC(2026, 1, 10)));
    expect(next.seen).toBe(false);
    expect(iso(next.day * DAY)).toBe("2026-03-11");
    expect(calendarMonths.periodOf(dayNo(Date.UTC(2026, 1, 28)))).toBe(2026 * 12 + 1);
  });
});

describe("the user's habit", () => {
  test("the quantile of the user's lags, the entry's own lag left out once", () => {
    const b = new EntryLagsBuilder(0);
    for (let i = 0; i < 49; i++) b.add({ date: "2025-03-03", entered_at: "2025-03-05", created_by: "bob" }, Date.UTC(2025, 2, 3));
    b.add({ date: "2025-01-03", entered_at: "2025-04-04", created_by: "bob" }, Date.UTC(2025, 0, 3));
    const calendar = b.finish().calendar(settings);
    expect(calendar.habit("bob", 1, undefined)).toEqual({ lag: 91, n: 50 });
    // Judging that entry itself: its own 91 days are no habit of bob's.
    expect(calendar.habit("bob", 1, 91)).toEqual({ lag: 2, n: 49 });
    expect(calendar.habit("nobody", 0.98, undefined)).toEqual({ lag: 0, n: 0 });
  });
});

describe("late_posting", () => {
  const year = ledger();

  test("a clerk who never posts late entering into a month closed weeks ago: high, with the lag, the close and the habit", () => {
    const late = entry("clara", Date.UTC(2025, 5, 30), Date.UTC(2025, 8, 10));
    const [f] = detect([...year, late], late);
    expect(f?.code).toBe("late_posting");
    expect(f!.score).toBeGreaterThanOrEqual(0.85);
    expect(f!.message).toContain("72 days after its posting date 2025-06-30");
    expect(f!.message).toContain("June 2025, which closed on 2025-07-11");
    expect(f!.message).toContain("clara usually posts at most 0 days back");
    expect(f!.expected).toMatchObject({ period_closed_on: "2025-07-11", usual_lag_days: 0 });
    expect(f!.actual).toMatchObject({ user: "clara", lag_days: 72, days_after_close: 61 });
  });

  test("in a scan, an entry 10 days past the close does not close the month itself", () => {
    // June closed on 11 July; within close_gap_days of it, the entry would extend the run to its own day.
    const late = entry("clara", Date.UTC(2025, 5, 30), Date.UTC(2025, 6, 21));
    const [f] = detect([...year, late], late);
    expect(f?.code).toBe("late_posting");
    expect(f!.actual).toMatchObject({ days_after_close: 10 });
    expect(f!.score).toBe(0.5);
  });

  test("the same entry analysed inline (not in the history) is found the same way", () => {
    const late = entry("carl", Date.UTC(2025, 2, 31), Date.UTC(2025, 5, 2));
    const [f] = detect(year, late);
    expect(f?.code).toBe("late_posting");
    expect(f!.score).toBeGreaterThanOrEqual(0.85);
  });

  test("the regular lags are quiet: the controller's close, the year-end, the expense system's receipts, a clerk's entry into an open month", () => {
    const quiet = [
      entry("ctrl", Date.UTC(2025, 4, 31), Date.UTC(2025, 5, 9)),
      entry("ctrl", Date.UTC(2024, 11, 31), Date.UTC(2025, 1, 4)),
      entry("EXPENSES", Date.UTC(2025, 6, 2), Date.UTC(2025, 7, 14)),
      entry("clara", Date.UTC(2025, 7, 29), Date.UTC(2025, 8, 2)),
    ];
    for (const t of quiet) expect(detect([...year, t], t)).toEqual([]);
  });

  test("the year-end audit adjustments, named as such and dated on the period's last day, keyed weeks after the monthly close: not late; unnamed, off the period end or months later, they are", () => {
    // December closed with the monthly close in mid January (no auditors' run into February): the
    // adjusting journal entries (AJE) the audit proposes are keyed in February and March, dated
    // 31 December, by the controller and by the audit firm's user.
    const lagDays = (t: Transaction) => (Date.parse(t.entered_at!) - Date.parse(t.date!)) / DAY;
    const monthly = ledger(Date.UTC(2025, 0, 1), Date.UTC(2026, 3, 30)).filter((t) => !(t.created_by === "ctrl" && lagDays(t) > 16));
    const aje = (user: string, posting: number, entered: number, attributes: Record<string, string>) => ({ ...entry(user, posting, entered), attributes });
    const yearEnd = Date.UTC(2025, 11, 31);
    const quiet = [
      aje("ctrl", yearEnd, Date.UTC(2026, 1, 9), { Document: "AJE-2025-03", "Batch Title": "Audit adjustment AJE 3" }),
      aje("ctrl", yearEnd, Date.UTC(2026, 1, 20), { Document: "", Memo: "Adjusting journal entry #5 per Rollins & Kemp" }),
      aje("ctrl", yearEnd, Date.UTC(2026, 2, 18), { Description: "Auditor proposed adjustment - pledge discount" }),
    ];
    for (const t of quiet) expect(detect([...monthly, t], t)).toEqual([]);
    const late = [
      // The same entry, nothing naming an audit adjustment: a controller backdating into the closed year.
      aje("ctrl", yearEnd, Date.UTC(2026, 1, 9), { Document: "", "Batch Title": "Adjustment" }),
      // Named so, but dated mid-December: no year-end adjustment.
      aje("ctrl", Date.UTC(2025, 11, 15), Date.UTC(2026, 1, 9), { Document: "AJE-2025-03" }),
      // Named so, keyed six months after the year's end: long after any audit's fieldwork.
      aje("ctrl", yearEnd, Date.UTC(2026, 5, 30), { Document: "AJE-2025-03" }),
    ];
    for (const t of late) expect(detect([...monthly, t], t).map((f) => f.code)).toEqual(["late_posting"]);
  });

  test("beyond a user's own habit: the expense system 120 days back is reported, its 40 days are not", () => {
    const far = entry("EXPENSES", Date.UTC(2025, 1, 10), Date.UTC(2025, 5, 10));
    expect(detect([...year, far], far)[0]?.code).toBe("late_posting");
  });

  test("a user with too few postings to have a habit: medium, and said so", () => {
    const t = entry("visitor", Date.UTC(2025, 2, 31), Date.UTC(2025, 6, 1));
    const [f] = detect([...year, t], t);
    expect(f!.score).toBe(0.5);
    expect(f!.message).toContain("too few postings with an entry date (0)");
  });

  test("no entry date, a ledger without any, an entry date before the posting date: nothing", () => {
    const none = entry("clara", Date.UTC(2025, 2, 31), undefined);
    expect(detect([...year, none], none)).toEqual([]);
    const withoutDates = year.map(({ entered_at: _, ...t }) => t as Transaction);
    const late = entry("clara", Date.UTC(2025, 2, 31), Date.UTC(2025, 6, 1));
    expect(detect(withoutDates, late)).toEqual([]);
    const future = entry("clara", Date.UTC(2025, 9, 31), Date.UTC(2025, 6, 1));
    expect(detect([...year, future], future)).toEqual([]);
  });

  test("a malformed entry date in the history or on the entry is skipped, never thrown", () => {
    const garbled = [entry("clara", Date.UTC(2025, 2, 3), "not a date"), entry("clara", Date.UTC(2025, 2, 3), "2025-02-31"), entry("clara", Date.UTC(2025, 2, 3), "")];
    for (const t of garbled) expect(() => detect([...year, ...garbled], t)).not.toThrow();
    for (const t of garbled) expect(detect([...year, ...garbled], t)).toEqual([]);
  });

  test("entries without a user are judged by the habit of the entries without one", () => {
    const anon = Array.from({ length: 30 }, (_, i) => entry(undefined, Date.UTC(2025, 3, 1) + i * DAY, Date.UTC(2025, 3, 1) + i * DAY));
    const late = entry(undefined, Date.UTC(2025, 2, 31), Date.UTC(2025, 6, 1));
    const [f] = detect([...year, ...anon, late], late);
    expect(f!.message).toContain("entries without a user usually posts at most 0 days back");
    expect((f!.actual as { user: string | null }).user).toBeNull();
  });

  test("min_lag_days above the lag: not reported", () => {
    const late = entry("clara", Date.UTC(2025, 5, 30), Date.UTC(2025, 8, 10));
    const config = modulesConfig({ anomaly_detection: { late_posting: { min_lag_days: 400 } } });
    expect(detect([...year, late], late, config)).toEqual([]);
  });
});
