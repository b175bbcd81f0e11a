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
// be month first), else the export's own (its connector's date format's, or what its documents
// show: AnalysisContext.dayOrder); where none does, the later of the two is taken, so only a
// charge after both is reported.
//
// A payroll register carries the end date on every payment as well, and there money after it is
// ordinary in two documented ways. Pay is in arrears: the period in which the employee left is
// paid on the next pay date, days or weeks after the end date — the row names the period it pays
// (`Pay Period Start`), and a period that began by the end date paid work done while employed.
// And the termination itself makes pay due after it — the accrued vacation paid out, severance in
// instalments, pay in lieu of notice —, which the row's pay type names. Regular pay for a period
// that began after the end date, named as nothing of the kind, is a leaver still on the payroll.
import { attributeNameMatcher } from "../leakage/markers.ts";
import { DAY_MS, type DayOrder, dayOrderFor, parseDateMs } from "../../dates.ts";
import type { Detector } from "../types.ts";
import type { Transaction } from "../../../domain/transaction.ts";

/** Column names (compared without case or separators) of the person's end date. */
export const END_DATE_FIELDS = [
  "termination_date", "terminated_on", "terminated_at", "date_of_termination", "termination_effective_date", "employee_termination_date",
  "separation_date", "date_of_separation", "employment_end_date", "employee_end_date", "user_end_date", "cardholder_end_date",
  "last_day_of_employment", "last_working_day", "leaving_date", "leaver_date", "exit_date", "offboarding_date", "offboarded_on",
  "user_deactivated_on", "user_deactivated_at", "user_deactivation_date", "card_closed_on", "card_closed_date", "card_cancelled_on",
  "austrittsdatum", "date_de_sortie", "fecha_de_baja", "data_di_cessazione", "data_cessazione",
] as const;
const endDateField = attributeNameMatcher(END_DATE_FIELDS);

/** Column names of the start of the period a payment pays (a payroll register's pay period). */
export const PERIOD_START_FIELDS = [
  "pay_period_start", "pay_period_start_date", "pay_period_begin", "pay_period_begin_date", "pay_period_from", "period_start",
  "period_start_date", "period_begin", "period_begin_date", "period_from", "earnings_period_start", "work_period_start",
  "service_period_start", "abrechnungszeitraum_von", "debut_de_periode",
] as const;
const periodStartField = attributeNameMatcher(PERIOD_START_FIELDS);

/** What the end of employment itself makes due, in a row's own words (its pay type or earning code). */
const SEPARATION_PAY = /\b(severance|final pay(check)?|termination pay|separation pay|in lieu of notice|pilon|(vacation|pto|holiday|leave) ?pay ?out|payout of (accrued )?(vacation|pto|leave)|abfindung|indemnit[eé] de licenciement)\b/i;

/** Days after the end date a charge is still the last day's (an evening on the last day, in UTC). */
const GRACE_DAYS = 1;

export const postingAfterEndDateDetector: Detector = {
  codes: ["posting_after_end_date"],
  history: "none",
  detect({ txn, ctx }) {
    if (!txn.attributes || !txn.date || txn.type === "credit_note" || (txn.amount ?? 0) <= 0) return [];
    // Most rows name no end date: the posting date is read only for one that does.
    let ms = Number.NaN;
    let order: DayOrder | undefined | null = null;
    for (const name in txn.attributes) {
      if (endDateField(name) === null) continue;
      if (Number.isNaN(ms) && Number.isNaN((ms = parseDateMs(txn.date)))) return [];
      const value = txn.attributes[name];
      if (order === null) order = dayOrderFor(txn.attributes, ctx.dayOrder);
      const end = typeof value === "string" ? endDay(value, order) : Number.NaN;
      if (Number.isNaN(end)) continue;
      const days = Math.floor((ms - end) / DAY_MS);
      if (days <= GRACE_DAYS) return [];
      if (separationPay(txn.attributes)) return [];
      const periodStart = periodStartOf(txn.attributes, order);
      // Pay in arrears: the period it pays began while the person was still employed.
      if (!Number.isNaN(periodStart) && periodStart <= end) return [];
      const endIso = new Date(end).toISOString().slice(0, 10);
      const who = txn.created_by ? ` (${txn.created_by})` : "";
      const paying = Number.isNaN(periodStart) ? "" : ` paying a period that began ${new Date(periodStart).toISOString().slice(0, 10)}`;
      return [
        {
          code: "posting_after_end_date",
          score: 0.85,
          message: `dated ${txn.date.slice(0, 10)}${paying}, ${days} days after the end date ${endIso} its row gives for its user${who} in ${name}: a card or account not closed at offboarding`,
          field: `attributes.${name}`,
          expected: { on_or_before: endIso },
          actual: { date: txn.date, end_date: endIso, days_after: days, ...(Number.isNaN(periodStart) ? {} : { period_start: new Date(periodStart).toISOString().slice(0, 10) }) },
          amount_at_risk: 0,
        },
      ];
    }
    return [];
  },
};

/** Whether a text attribute of the row names a payment the end of employment made due. */
function separationPay(attrs: NonNullable<Transaction["attributes"]>): boolean {
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v === "string" && v.length <= 80 && SEPARATION_PAY.test(v)) return true;
  }
  return false;
}

/** The first day of the period the row pays, where it names one (UTC midnight, ms), else NaN. */
function periodStartOf(attrs: NonNullable<Transaction["attributes"]>, order: DayOrder | undefined | null): number {
  for (const name in attrs) {
    if (periodStartField(name) === null) continue;
    const v = attrs[name];
    const day = typeof v === "string" ? endDay(v, order ?? undefined) : Number.NaN;
    if (!Number.isNaN(day)) return day;
  }
  return Number.NaN;
}

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
