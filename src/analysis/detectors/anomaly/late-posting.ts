// late_posting: an entry posted into a period (a calendar month, or a fiscal period of the configured
// late_posting.fiscal_calendar: fiscal-periods.ts) after the ledger had closed it, with a lag far beyond
// what its user or source usually posts with — the auditors' post-closing and backdated entries
// (PCAOB AS 2401, ISA 240). Needs `entered_at` beside the posting date (`date`); without it the
// detector is silent. The close calendar and the users' habits are learned from the history
// (entry-lags.ts): a month-end accrual keyed on the sixth working day, the auditors' adjustments
// in late January, an expense system posting receipts six weeks back or a bank feed two days back
// are how the ledger works; a receivables clerk who never posts late entering revenue into a
// quarter closed two months ago is not. The audit's adjusting entries keyed in February into a
// December the ledger closed in mid January name themselves so (auditAdjustment): not late.
import { parseDateMs } from "../../dates.ts";
import { localDay } from "../../entry-lags.ts";
import { periodsOf, type Periods } from "../../fiscal-periods.ts";
import type { Detector, Finding } from "../types.ts";
import type { Transaction } from "../../../domain/transaction.ts";


/** Evidence per level, with the default weight 0.8: 68 (high), 40 (medium). */
const SCORE = { high: 0.85, medium: 0.5 } as const;

const isoDay = (day: number) => new Date(day * 86_400_000).toISOString().slice(0, 10);

export const latePostingDetector: Detector = {
  codes: ["late_posting"],
  history: "full",
  detect({ txn, ctx, config, self }) {
    const entered = txn.entered_at;
    if (entered === undefined || txn.date === undefined) return [];
    const lags = ctx.history.entryLags;
    if (!lags.known) return [];
    // A date that cannot be read is no finding (the API and the connectors reject such dates;
    // this guards a transaction built otherwise).
    const postingMs = parseDateMs(txn.date);
    const enteredMs = parseDateMs(entered);
    if (Number.isNaN(postingMs) || Number.isNaN(enteredMs)) return [];
    const offset = config.anomaly_detection.calendar.utc_offset_minutes;
    const postingDay = localDay(txn.date, postingMs, offset);
    const entryDay = localDay(entered, enteredMs, offset);
    const lag = entryDay - postingDay;
    if (lag <= 0) return [];
    const cfg = config.anomaly_detection.late_posting;
    const calendar = lags.calendar({ periods: periodsOf(cfg.fiscal_calendar), closeGapDays: cfg.close_gap_days, standingLagDays: cfg.standing_lag_days, minHistory: cfg.min_history });
    const user = txn.created_by ?? "";
    const close = calendar.closeOf(postingDay, self ? { entryDay, user } : undefined);
    const afterClose = entryDay - close.day;
    if (afterClose < Math.max(1, cfg.min_days_after_close)) return [];
    if (auditAdjustment(txn, calendar.periods, postingDay, lag, cfg.audit_adjustment_days)) return [];
    const habit = calendar.habit(user, cfg.habit_quantile, self ? lag : undefined);
    const own = habit.n >= cfg.min_history;
    const threshold = (own ? Math.max(0, habit.lag) * cfg.habit_factor : 0) + cfg.min_lag_days;
    if (lag < threshold) return [];
    const level = own && afterClose >= cfg.high_after_close_days ? "high" : "medium";
    return [finding(calendar.periods, txn.date, entered, user, lag, postingDay, entryDay, close, afterClose, habit, own, threshold, level)];
  },
};

/** What an entry that is one of the audit's adjusting entries says of itself in its document
 *  number or text: AJE-3 / PAJE 12 / RJE#4 (the auditors' numbering of adjusting, proposed and
 *  reclassifying entries), "Audit adjustment", "Auditor proposed adjustment", "Adjusting journal
 *  entry", a German Prüfungsbuchung, a French écriture d'audit. */
const AUDIT_ADJUSTMENT = /\b(p?aje|rje)\s*[-#:]?\s*\d|\baudit(or)?s?'?s?\s+(proposed\s+)?(adjust|reclass)|\badjusting\s+(journal\s+)?entr|\bprüfungs(anpassung|buchung|korrektur)|\b(ajustement|écriture)s?\s+d'audit/i;

/**
 * Whether the entry is one of the audit's adjusting entries: dated on its period's last day (the
 * year-end the audit adjusts; the ledger does not say which period ends the fiscal year, and a
 * review's quarter-end adjustments are keyed the same way), entered within `days` of it (the
 * fieldwork: weeks to a few months after the year-end, long after the monthly close), and naming
 * itself so in one of its text attributes (its document number, batch title, memo). Named or not,
 * the same entry dated elsewhere, or keyed later, is judged as any other.
 */
function auditAdjustment(txn: Transaction, periods: Periods, postingDay: number, lag: number, days: number): boolean {
  if (days <= 0 || lag > days || !txn.attributes) return false;
  if (periods.lastDayOf(periods.periodOf(postingDay)) !== postingDay) return false;
  for (const name in txn.attributes) {
    const v = txn.attributes[name];
    if (typeof v === "string" && v.length <= 120 && AUDIT_ADJUSTMENT.test(v)) return true;
  }
  return false;
}

function finding(
  periods: Periods,
  date: string,
  entered: string,
  user: string,
  lag: number,
  postingDay: number,
  entryDay: number,
  close: { day: number; seen: boolean },
  afterClose: number,
  habit: { lag: number; n: number },
  own: boolean,
  threshold: number,
  level: "high" | "medium",
): Finding {
  const month = periods.periodOf(postingDay);
  const period = periods.name(month);
  const who = user === "" ? "entries without a user" : user;
  const closeText = close.seen
    ? `which closed on ${isoDay(close.day)} (entries into it stopped arriving then, ${close.day - periods.lastDayOf(month)} days after its end)`
    : `which the ledger usually closes by ${isoDay(close.day)}`;
  const habitText = own
    ? `${who} usually posts at most ${habit.lag} days back (${habit.n} postings with an entry date)`
    : `${who} has too few postings with an entry date (${habit.n}) for a habit of their own`;
  return {
    code: "late_posting",
    score: SCORE[level],
    message: `entered ${isoDay(entryDay)}, ${lag} days after its posting date ${isoDay(postingDay)}, into ${period}, ${closeText}: ${afterClose} days after the close; ${habitText}`,
    field: "entered_at",
    expected: {
      period_closed_on: isoDay(close.day),
      close_seen_in_history: close.seen,
      usual_lag_days: own ? habit.lag : null,
      lag_days_at_most: Math.ceil(threshold) - 1,
    },
    actual: { user: user === "" ? null : user, date: date, entered_at: entered, lag_days: lag, days_after_close: afterClose, postings_with_entry_date: habit.n },
    amount_at_risk: 0,
  };
}
