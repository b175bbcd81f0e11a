// weekend_posting / out_of_hours_posting / period_end_posting: when a transaction was posted.
// Each alone is weak evidence (low weights); together with other findings they raise the score.
// Times are read in the configured local offset; a plain date has no time of day, so only the
// weekend and period-end checks apply to it. A period-end posting is only reported when its amount
// is high for the history (window dressing moves large amounts, not small ones).
import type { Detector, Finding } from "../types.ts";

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
    if (cfg.weekend_days.includes(moment.weekday)) {
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
    if (moment.hour !== null && (moment.hour < start || moment.hour >= end)) {
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
