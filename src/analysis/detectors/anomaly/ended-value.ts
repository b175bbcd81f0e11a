// posting_to_ended_value: a posting to a value of a habit field (rare_combination.habit_fields: a
// store, a site) whose regular activity ended more than a month before and never came back, while
// the rest of the field's values kept posting — a vendor bill, and its payment, coded to a store
// closed in September, in December. dormant_user_posting's idea for a cost centre rather than a
// user (habit-activity.ts says what a value's regular rhythm is).
//
// What is not reported: a value with no rhythm (fewer than MIN_USUAL posting days a month: a
// cost centre posting monthly has no end to tell), or with fewer than MIN_RHYTHM_DAYS posting days
// up to its last regular one (a store's first weeks); its closing month — the entries within
// CLOSING_DAYS of its last regular day (the stock sent back, the last payroll, the lease
// termination dated the month's end), and the payment of a bill booked then (the same counterparty
// and amount to the value on the other side, dated within it), and the settling of a balance the
// value built on an account with a counterparty while it was active, up to what it built (a job's retainage, withheld
// from a subcontractor on each pay application, released in one payment after the close; a
// second release is more than was withheld); a value whose rhythm came back after the posting (a store
// reopened after a remodel, a seasonal site's next season); a silence the whole ledger shared
// (at least half the days in between, some value posted).
import { lowerBound, upperBound } from "../../sorted-search.ts";
import { isoDayOfDayNumber, parseDateMs } from "../../dates.ts";
import { ledgerAccountOf } from "../../account-field.ts";
import type { Detector, Finding } from "../types.ts";

/** A value posting on fewer days a month than this has no rhythm that could end. */
const MIN_USUAL = 4;
/** Posting days up to the last regular one that make an established value. */
const MIN_RHYTHM_DAYS = 20;
/** A value's closing month: entries up to this many days after its last regular day. */
const CLOSING_DAYS = 31;
/** Evidence (with the default weight 0.8: 68, high). */
const SCORE = 0.85;
/** A value posting within this many days of the history's first is one active before it began. */
const OPENED_BEFORE_DAYS = 7;

export const endedValueDetector: Detector = {
  codes: ["posting_to_ended_value"],
  history: "full",
  detect(input) {
    const { txn, ctx } = input;
    const activity = ctx.history.habitActivity;
    if (activity.specs.length === 0 || !txn.date) return [];
    const ms = parseDateMs(txn.date);
    if (Number.isNaN(ms)) return [];
    const day = Math.floor(ms / 86_400_000);
    const { values, codes } = input.categorical();
    for (let k = 0; k < activity.specs.length; k++) {
      const spec = activity.specs[k]!;
      const code = codes[spec.index]!;
      if (code < 0) continue;
      const a = spec.values.get(code);
      if (!a || a.usual < MIN_USUAL) continue;
      const at = lowerBound(a.regular, day) - 1;
      if (at < 0) continue;
      const last = a.regular[at]!;
      if (upperBound(a.days, last) < MIN_RHYTHM_DAYS) continue;
      const gap = day - last;
      if (gap <= CLOSING_DAYS) continue;
      if (upperBound(a.regular, day) < a.regular.length) continue;
      const business = activity.businessDaysBetween(last, day);
      if (business < 0.5 * (gap - 1)) continue;
      // The payment of a bill booked in the closing month settles the value's own business.
      if (txn.customer_id && txn.amount && activity.settles(k, code, txn.customer_id, txn.amount, last + CLOSING_DAYS)) continue;
      // A balance the value built while active, settled (up to what it built) after its end.
      if (txn.customer_id && txn.amount && activity.clears(k, code, ledgerAccountOf(txn.attributes), txn.customer_id, txn.amount, last, last + CLOSING_DAYS, a.days[0]! - activity.anyDays[0]! <= OPENED_BEFORE_DAYS)) continue;
      const before = lowerBound(a.days, day) - upperBound(a.days, last);
      return [finding(spec.field, values[spec.index]!, last, gap, a.usual, before, business)];
    }
    return [];
  },
};

function finding(field: string, value: string, last: number, gap: number, usual: number, between: number, business: number): Finding {
  return {
    code: "posting_to_ended_value",
    score: SCORE,
    message:
      `posting to ${field} "${value}" ${gap} days after its regular activity ended (last regular day ${isoDayOfDayNumber(last)}, ` +
      `usually ${Math.round(usual)} posting days a month; ${between} posting day(s) since) and never came back, ` +
      `while the other values of ${field} posted on ${business} of the ${gap - 1} days in between`,
    field,
    expected: { last_regular_day: isoDayOfDayNumber(last), usual_posting_days_per_30: Math.round(usual), closing_days: CLOSING_DAYS },
    actual: { [field]: value, days_after_end: gap, posting_days_since_end: between },
    amount_at_risk: 0,
  };
}
