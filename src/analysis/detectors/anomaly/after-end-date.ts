// posting_after_end_date: a charge or posting dated after the end date its own row gives for the
// person behind it — an HR system's termination date synced into a card feed or an expense export
// (Concur, Expensify, Ramp carry the employee's status and end date on every row), an ERP user
// list's "valid to" joined into a ledger export. Offboarding is supposed to close the card and
// the account that day; a charge weeks later is a card nobody closed, used by the leaver or by
// whoever has it. Money coming back (a refund, a credit note: the leaver's returned purchase
// credited after they left) is not judged. A day's grace absorbs time zones: an evening purchase
// on the last day is the next day in UTC.
//
// The date is the row's own, read without the connector's date format (attributes keep the
// source's text): ISO, or day and month in the order the value itself says (31/07/2025 is day
// first, 07/31/2025 month first, 31.07.2025 the dotted European form); where both orders read
// (03/04/2025) the row's other dates say the export's order (its posting date 03/21/2025 can only
// be month first); where none does, the later of the two is taken, so only a charge after both is
// reported.
import { attributeNameMatcher } from "../leakage/markers.ts";
import { type DayOrder, dayOrderOf, parseDateMs } from "../../dates.ts";
import type { Detector } from "../types.ts";

/** Column names (compared without case or separators) of the person's end date. */
export const END_DATE_FIELDS = [
  "termination_date", "terminated_on", "terminated_at", "date_of_termination", "termination_effective_date", "employee_termination_date",
  "separation_date", "date_of_separation", "employment_end_date", "employee_end_date", "user_end_date", "cardholder_end_date",
  "last_day_of_employment", "last_working_day", "leaving_date", "leaver_date", "exit_date", "offboarding_date", "offboarded_on",
  "user_deactivated_on", "user_deactivated_at", "user_deactivation_date", "card_closed_on", "card_closed_date", "card_cancelled_on",
  "austrittsdatum", "date_de_sortie", "fecha_de_baja", "data_di_cessazione", "data_cessazione",
] as const;
const endDateField = attributeNameMatcher(END_DATE_FIELDS);

const DAY_MS = 86_400_000;
/** Days after the end date a charge is still the last day's (an evening on the last day, in UTC). */
const GRACE_DAYS = 1;

export const postingAfterEndDateDetector: Detector = {
  codes: ["posting_after_end_date"],
  history: "none",
  detect({ txn }) {
    if (!txn.attributes || !txn.date || txn.type === "credit_note" || (txn.amount ?? 0) <= 0) return [];
    // Most rows name no end date: the posting date is read only for one that does.
    let ms = Number.NaN;
    let order: DayOrder | undefined | null = null;
    for (const name in txn.attributes) {
      if (endDateField(name) === null) continue;
      if (Number.isNaN(ms) && Number.isNaN((ms = parseDateMs(txn.date)))) return [];
      const value = txn.attributes[name];
      if (order === null) order = dayOrderOf(txn.attributes);
      const end = typeof value === "string" ? endDay(value, order) : Number.NaN;
      if (Number.isNaN(end)) continue;
      const days = Math.floor((ms - end) / DAY_MS);
      if (days <= GRACE_DAYS) return [];
      const endIso = new Date(end).toISOString().slice(0, 10);
      const who = txn.created_by ? ` (${txn.created_by})` : "";
      return [
        {
          code: "posting_after_end_date",
          score: 0.85,
          message: `dated ${txn.date.slice(0, 10)}, ${days} days after the end date ${endIso} its row gives for its user${who} in ${name}: a card or account not closed at offboarding`,
          field: `attributes.${name}`,
          expected: { on_or_before: endIso },
          actual: { date: txn.date, end_date: endIso, days_after: days },
          amount_at_risk: 0,
        },
      ];
    }
    return [];
  },
};

/** The end date's day (UTC midnight, ms): where day and month could swap, in the row's `order`
 *  if known, else the later reading; NaN if it is no date. */
export function endDay(text: string, order?: DayOrder): number {
  const v = text.trim();
  if (/^\d{4}-\d{2}-\d{2}/.test(v)) return parseDateMs(v.slice(0, 10));
  const m = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:[ T].*)?$/.exec(v);
  if (!m) return Number.NaN;
  const a = Number(m[1]);
  const b = Number(m[3]);
  const y = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
  const day = (d: number, mo: number) => {
    const t = Date.UTC(y, mo - 1, d);
    const back = new Date(t);
    return back.getUTCDate() === d && back.getUTCMonth() === mo - 1 ? t : Number.NaN;
  };
  if (m[2] === ".") return day(a, b);
  const dayFirst = day(a, b);
  const monthFirst = day(b, a);
  if (Number.isNaN(dayFirst)) return monthFirst;
  if (Number.isNaN(monthFirst)) return dayFirst;
  if (order !== undefined) return order === "day_first" ? dayFirst : monthFirst;
  return Math.max(dayFirst, monthFirst);
}
