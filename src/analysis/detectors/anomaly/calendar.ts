// weekend_posting / out_of_hours_posting / period_end_posting: when a transaction was posted.
// Each alone is weak evidence (low weights); together with other findings they raise the score.
// Times are read in the configured local offset; a plain date has no time of day, so only the
// weekend and period-end checks apply to it. Weekend and hour are when the transaction was keyed:
// its `entered_at` where that carries a time (a bank feed books on a plain date; the moment a user
// initiated a payment is its entry time), else its date; the period end is the booking date's. A period-end posting is only reported when its amount
// is high for the history (window dressing moves large amounts, not small ones).
// What a user does habitually is not remarkable: a batch user whose runs post at night or on
// weekends (depreciation on the calendar month end, payroll at 22h) is not reported for it, nor
// is period end for a user whose postings are habitually there. "Habitually": at least
// HABIT_SHARE of the user's postings (HABIT_MIN_POSTINGS or more) at this hour (± 1) or on
// weekend days; for a user with fewer postings than that, the same share of the whole ledger's. The
// scoring caps these weak signals together (scoring.ts), so they never make a
// transaction high on their own.
// The opposite of a habit is evidence too: a user with a long record (STRONG_HABIT_MIN_POSTINGS),
// next to none of whose timed postings are within an hour of this one and few within three (far
// from their working day), keying at night is out_of_hours_for_user instead of the weak signal —
// medium alone (someone else at their keyboard, or a payment pushed through while nobody looks),
// as a dormant user's return is. A night auditor's or a payroll batch's hours are their habit and
// never reach it. Weekends stay weak whoever keys them: a closing weekend brings in users who
// never work weekends otherwise (on the synthetic ledgers a per-user "never on a weekend" raised
// the period-end weekends' postings to medium: docs/quality.md).
import { STRONG_HABIT_MIN_POSTINGS, STRONG_HABIT_NEAR_SHARE, STRONG_HABIT_WIDE_SHARE } from "../../habits.ts";
import type { Detector, Finding } from "../types.ts";

const HABIT_SHARE = 0.05;
const HABIT_MIN_POSTINGS = 20;
/** out_of_hours_for_user: with its default weight (0.5) a contribution of 0.35, medium. */
const NEVER_SCORE = 0.7;

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const calendarDetector: Detector = {
  codes: ["weekend_posting", "out_of_hours_posting", "out_of_hours_for_user", "period_end_posting"],
  history: "full",
  detect(input) {
    const { txn, ctx, config } = input;
    const moment = input.moment();
    const keyed = input.keyedMoment();
    if (!moment || !keyed) return [];
    const word = keyed === moment ? "posted" : "entered";
    const field = keyed === moment ? "date" : "entered_at";
    const cfg = config.anomaly_detection.calendar;
    const out: Finding[] = [];
    const self = input.self ? 1 : 0;
    const user = txn.created_by;
    const habits = ctx.history.habits;
    const habitual = (h: { share: number; n: number }) => h.n >= HABIT_MIN_POSTINGS && h.share >= HABIT_SHARE;
    // A user with too few postings to have a habit of their own (an external accountant keying
    // year-end entries twice a year) is judged by the business's: in a small business whose owner
    // keys invoices at night and on weekends, that is when the books are kept.
    const habitOf = (own: { share: number; n: number }, ledger: () => { share: number; n: number }) => (own.n >= HABIT_MIN_POSTINGS ? own.share >= HABIT_SHARE : habitual(ledger()));
    const entered = keyed === moment ? {} : { entered_at: txn.entered_at };
    const { start, end } = cfg.business_hours;
    const weekend = cfg.weekend_days.includes(keyed.weekday);
    const outOfHours = keyed.hour !== null && (keyed.hour < start || keyed.hour >= end);
    // The user's weekend habit is read only for a weekend posting (most are not).
    if (weekend && !(user !== undefined && habitOf(habits.weekdayShare(user, cfg.weekend_days, keyed.weekday, self), () => habits.ledgerWeekdayShare(cfg.weekend_days, keyed.weekday, self)))) {
      out.push({
        code: "weekend_posting",
        score: 1,
        message: `${word} on a ${DAY_NAMES[keyed.weekday]} (${keyed.day})`,
        field,
        expected: { not_on: cfg.weekend_days.map((d) => DAY_NAMES[d]) },
        actual: { date: txn.date, ...entered, weekday: DAY_NAMES[keyed.weekday] },
        amount_at_risk: 0,
      });
    }
    // What the user's own long record says: never near this hour (a weekend stays the weak signal above).
    const hours = outOfHours && user !== undefined ? habits.timedHours(user, keyed.hour!, self) : undefined;
    const neverHour = hours !== undefined && hours.timed >= STRONG_HABIT_MIN_POSTINGS && hours.wide <= STRONG_HABIT_WIDE_SHARE * hours.timed && hours.near <= STRONG_HABIT_NEAR_SHARE * hours.timed;
    if (neverHour) {
      const at = `${String(keyed.hour).padStart(2, "0")}h`;
      out.push({
        code: "out_of_hours_for_user",
        score: NEVER_SCORE,
        message: `${word} at ${at} by ${user}, who does not work then: ${hours.near} of their ${hours.timed} timed postings within an hour of ${at}, ${hours.wide} within three`,
        field,
        expected: { business_hours: [start, end], user_postings_within_an_hour_at_most: Math.floor(STRONG_HABIT_NEAR_SHARE * hours.timed) },
        actual: { date: txn.date, ...entered, hour: keyed.hour, user, user_timed_postings: hours.timed, user_postings_within_an_hour: hours.near, user_postings_within_three_hours: hours.wide },
        amount_at_risk: 0,
      });
    }
    if (outOfHours && !neverHour && !(user !== undefined && habitOf(habits.hourShare(user, keyed.hour!, self), () => habits.ledgerHourShare(keyed.hour!, self)))) {
      out.push({
        code: "out_of_hours_posting",
        score: 1,
        message: `${word} at ${String(keyed.hour).padStart(2, "0")}h, outside business hours ${start}–${end}h`,
        field,
        expected: { business_hours: [start, end] },
        actual: { date: txn.date, ...entered, hour: keyed.hour },
        amount_at_risk: 0,
      });
    }
    const amount = Math.abs(txn.amount ?? 0);
    if (moment.daysToMonthEnd < cfg.period_end_days && ctx.history.size > 0) {
      const high = ctx.history.amountQuantile(cfg.period_end_quantile);
      if (amount > high) {
        out.push({
          code: "period_end_posting",
          score: 1,
          message: `large amount ${amount} posted at period end (${moment.day})`,
          field: "date",
          expected: { amount_at_most: high, days_before_month_end_at_least: cfg.period_end_days },
          actual: { date: txn.date, amount, days_before_month_end: moment.daysToMonthEnd },
          amount_at_risk: 0,
        });
      }
    }
    return out;
  },
};
