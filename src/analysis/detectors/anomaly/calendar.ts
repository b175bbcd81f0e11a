// weekend_posting / out_of_hours_posting / period_end_posting: when a transaction was posted.
// Each alone is weak evidence (low weights); together with other findings they raise the score.
// Times are read in the configured local offset; a plain date has no time of day, so only the
// weekend and period-end checks apply to it. A period-end posting is only reported when its amount
// is high for the history (window dressing moves large amounts, not small ones).
// What a user does habitually is not remarkable: a batch user whose runs post at night or on
// weekends (depreciation on the calendar month end, payroll at 22h) is not reported for it, nor
// is period end for a user whose postings are habitually there. "Habitually": at least
// HABIT_SHARE of the user's postings (HABIT_MIN_POSTINGS or more) at this hour (± 1) or on
// weekend days; for a user with fewer postings than that, the same share of the whole ledger's. The
// scoring caps these weak signals together (scoring.ts), so they never make a
// transaction high on their own.
import type { Detector, Finding } from "../types.ts";

const HABIT_SHARE = 0.05;
const HABIT_MIN_POSTINGS = 20;

const DAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

export const calendarDetector: Detector = {
  codes: ["weekend_posting", "out_of_hours_posting", "period_end_posting"],
  history: "full",
  detect(input) {
    const { txn, ctx, config } = input;
    const moment = input.moment();
    if (!moment) return [];
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
    const weekendHabit = user !== undefined && habitOf(habits.weekdayShare(user, cfg.weekend_days, moment.weekday, self), () => habits.ledgerWeekdayShare(cfg.weekend_days, moment.weekday, self));
    if (cfg.weekend_days.includes(moment.weekday) && !weekendHabit) {
      out.push({
        code: "weekend_posting",
        score: 1,
        message: `posted on a ${DAY_NAMES[moment.weekday]} (${moment.day})`,
        field: "date",
        expected: { not_on: cfg.weekend_days.map((d) => DAY_NAMES[d]) },
        actual: { date: txn.date, weekday: DAY_NAMES[moment.weekday] },
        amount_at_risk: 0,
      });
    }
    const { start, end } = cfg.business_hours;
    const outOfHours = moment.hour !== null && (moment.hour < start || moment.hour >= end);
    if (outOfHours && !(user !== undefined && habitOf(habits.hourShare(user, moment.hour!, self), () => habits.ledgerHourShare(moment.hour!, self)))) {
      out.push({
        code: "out_of_hours_posting",
        score: 1,
        message: `posted at ${String(moment.hour).padStart(2, "0")}h, outside business hours ${start}–${end}h`,
        field: "date",
        expected: { business_hours: [start, end] },
        actual: { date: txn.date, hour: moment.hour },
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
