// The period a document bills, where it bills it in advance: property managers and other
// recurring billers invoice next month's charges in the last days of this one (a commercial
// tenant's January rent invoiced on 20 December, due on 1 January; a Yardi-style recurring-charge
// run on the 26th). What is billed is the period's supply, priced by the terms in force when the
// period begins: a lease's anniversary step or a new CAM budget from 1 January governs January's
// charges on an invoice dated in December, and a concession the lease grants from 1 January is in
// force for them. The document names the period (`Period`, `Post Month`, `Billing Period`,
// `Service Period Start`…) as the export's own text: a month (01/2025, 2025-01, Jan 2025) or a day.
// Service billed in arrears is the other way round: a utility reads the meter at the end of June
// and bills June's usage in July, at the tariff in force for June's service; the document names
// the period's end (`Period End`, `Service Period To`…), whose prices its lines may carry.
import type { Transaction, TransactionLine } from "../../../domain/transaction.ts";
import { type DayOrder, dayOrderFor } from "../../dates.ts";
import { attributeKey, attributeNameTest } from "./markers.ts";
import { dateReadings } from "./work-dates.ts";

/** Attributes naming the period a document bills (its first day, or its month). A due date is no
 *  period: every invoice on terms has one after its day. */
export const BILLED_PERIOD_FIELDS = [
  "period", "billing_period", "billed_period", "service_period", "charge_period", "rent_period", "post_month",
  "period_start", "period_from", "billing_period_start", "service_period_start", "service_from", "service_start",
] as const;
/** One of `fields`' names, or one of them followed by `Date` (`Service Start Date`, `Period Start
 *  Date`: an ERP's invoice-line report adds the word to every date column, as it does to a period's
 *  end below); not a name ending in `To Date`, a period-to-date total's. */
function periodDayField(fields: readonly string[]): (name: string) => string | null {
  const keys: ReadonlySet<string> = new Set(fields.map(attributeKey));
  return attributeNameTest((k) => keys.has(k) || (k.endsWith("DATE") && !k.endsWith("TODATE") && keys.has(k.slice(0, -4))));
}
const billedPeriodField = periodDayField(BILLED_PERIOD_FIELDS);

/** Attributes naming the first day of the policy term a document bills: an insurer invoices a
 *  renewal's down payment weeks before the renewal term begins, and its premium is the new
 *  term's. Read only as the day an invoice issued ahead of them is priced on (billedPeriodStart):
 *  every instalment of a term names the same effective date, so it names no period of its own. */
export const TERM_START_FIELDS = [
  "term_effective", "term_effective_date", "term_start", "term_start_date", "policy_effective", "policy_effective_date",
  "policy_term_start", "coverage_start", "coverage_start_date", "coverage_effective_date",
] as const;
const advanceStartField = periodDayField([...BILLED_PERIOD_FIELDS, ...TERM_START_FIELDS]);

/** Billing in advance precedes the period by weeks: a period starting later is no advance billing
 *  of it (an annual plan's next term, a typo) and leaves the invoice's day. */
const MAX_ADVANCE_DAYS = 62;

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/**
 * The first day of the period (or the policy term) the document bills (YYYY-MM-DD), where it
 * begins after the invoice's `day` and within two months of it: the day its lines are priced on. Undefined when the
 * document names no such period (billed in the period or after it: the invoice's day stands).
 */
export function billedPeriodStart(txn: Transaction, day: string | null, exportOrder?: DayOrder): string | undefined {
  if (day === null) return undefined;
  return firstNamedDay(txn, advanceStartField, exportOrder, (start) => start > day && (Date.parse(start) - Date.parse(day)) / 86_400_000 <= MAX_ADVANCE_DAYS);
}

/**
 * The first day of the period the document says it bills, wherever it falls against the invoice's
 * day (in advance, in the period, or in arrears: last month's usage); undefined when it names none.
 */
export function namedPeriodStart(txn: Transaction, exportOrder?: DayOrder): string | undefined {
  return firstNamedDay(txn, billedPeriodField, exportOrder, () => true);
}

/**
 * The first day of the days a line's own columns say it bills (`mapping.line_attributes`): one of
 * the period's names above, or one of them after `Line` (`Line Service Start`, `Line Period Start
 * Date`: an ERP's invoice-line report beside the document's `Service Start Date`); undefined
 * where the line names none. Where that is, is the caller's to judge (line-facts.ts).
 */
export function lineNamedStart(line: TransactionLine, exportOrder?: DayOrder): string | undefined {
  const attrs = line.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || v === "" || (billedPeriodField(name) === null && billedPeriodField(name.replace(/^line[\s_-]*/i, "")) === null)) continue;
    const d = periodStart(v, attrs, exportOrder);
    if (d !== undefined) return d;
  }
  return undefined;
}

/** Attributes naming the last day of the period a document bills. A staffing back office's
 *  invoice register names the week of a timesheet by its last day (`Week Ending`; TempWorks'
 *  `Weekend Date`): the hours were worked that week, at the rates in force then. */
export const PERIOD_END_FIELDS = [
  "period_end", "period_to", "billing_period_end", "billing_period_to", "bill_period_end",
  "service_period_end", "service_period_to", "service_end", "service_to", "service_through",
  "week_ending", "week_ending_date", "week_end_date", "weekend_date",
] as const;
const PERIOD_END_KEYS: ReadonlySet<string> = new Set(PERIOD_END_FIELDS.map(attributeKey));
/** One of those names, or one of them followed by `Date` (`Period End Date`, `Service End Date`,
 *  `Week Ending Date`): exports add the word to any date column. Not a name ending in `To Date`:
 *  `Period To Date` is a running total's (a period-to-date amount), no period's last day. */
const periodEndField = attributeNameTest((k) => PERIOD_END_KEYS.has(k) || (k.endsWith("DATE") && !k.endsWith("TODATE") && PERIOD_END_KEYS.has(k.slice(0, -4))));

/**
 * The last day of the period the document bills (YYYY-MM-DD), where it ends before the invoice's
 * `day`: service billed in arrears, a meter read on 1 July and billed on 3 July for June. A tariff
 * applies to service rendered from its effective date, so what the period rendered may carry the
 * prices in force on its last day beside the invoice's (line-facts.ts); a period running past a
 * change is priced at the new rates, and one ending on or after the invoice's day (billed in
 * advance) reaches back to nothing. Undefined when the document names no such end.
 */
export function periodEndBefore(txn: Transaction, day: string | null, exportOrder?: DayOrder): string | undefined {
  if (day === null) return undefined;
  return firstNamedDay(txn, periodEndField, exportOrder, (end) => end < day);
}

/**
 * The days (YYYY-MM-DD) the last day of the period the document names may be, wherever it falls
 * against the invoice's day: the one its day order reads, else every reading of an ambiguous day
 * (04/05/2026 in an export that does not tell); none when it names no end.
 */
export function namedPeriodEnds(txn: Transaction, exportOrder?: DayOrder): string[] {
  const day = firstNamedDay(txn, periodEndField, exportOrder, () => true);
  if (day !== undefined) return [day];
  const text = firstNamedText(txn, periodEndField);
  return text === undefined ? [] : dateReadings(text);
}

/**
 * How many days the period the document names runs, first and last included: 1 where its start
 * and end are written alike (a work order's day, whatever order its digits are read in), else from
 * the days they read as; undefined where it names no start or no end, or they do not read.
 */
export function namedPeriodDays(txn: Transaction, exportOrder?: DayOrder): number | undefined {
  const startText = firstNamedText(txn, billedPeriodField);
  const endText = firstNamedText(txn, periodEndField);
  if (startText === undefined || endText === undefined) return undefined;
  if (startText === endText) return 1;
  const from = namedPeriodStart(txn, exportOrder);
  const to = firstNamedDay(txn, periodEndField, exportOrder, () => true);
  if (from === undefined || to === undefined || to < from) return undefined;
  return (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
}

/**
 * The first and last day (YYYY-MM-DD) of the period the document names, where it names both and
 * they read as days in order; undefined otherwise.
 */
export function namedPeriod(txn: Transaction, exportOrder?: DayOrder): { from: string; to: string } | undefined {
  const from = namedPeriodStart(txn, exportOrder);
  const to = from === undefined ? undefined : firstNamedDay(txn, periodEndField, exportOrder, () => true);
  return from === undefined || to === undefined || to < from ? undefined : { from, to };
}

function firstNamedText(txn: Transaction, field: (name: string) => string | null): string | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v === "string" && v.trim() !== "" && field(name) !== null) return v.trim();
  }
  return undefined;
}

/** The first day that an attribute `field` matches names (a month's first day, or a day) and that
 *  `wanted` accepts; an ambiguous day in the order dayOrderFor gives. */
function firstNamedDay(txn: Transaction, field: (name: string) => string | null, exportOrder: DayOrder | undefined, wanted: (day: string) => boolean): string | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || v === "" || field(name) === null) continue;
    const d = periodStart(v, attrs, exportOrder);
    if (d !== undefined && wanted(d)) return d;
  }
  return undefined;
}

/** The first day a period text names: a month (01/2025, 1-2025, 2025-01, 2025/01, Jan 2025,
 *  January 2025) or a day (read as work dates are: an ambiguous one in the row's day order, else
 *  the export's). */
function periodStart(text: string, attrs: NonNullable<Transaction["attributes"]>, exportOrder: DayOrder | undefined): string | undefined {
  const v = text.trim();
  let m = /^(\d{1,2})[/.-](\d{4})$/.exec(v);
  if (m) return month(+m[2]!, +m[1]!);
  m = /^(\d{4})[/-](\d{1,2})$/.exec(v);
  if (m) return month(+m[1]!, +m[2]!);
  m = /^([A-Za-z]{3})[a-z]*\.?[ -](\d{4})$/.exec(v);
  if (m) {
    const i = MONTHS.indexOf(m[1]!.toLowerCase());
    return i < 0 ? undefined : month(+m[2]!, i + 1);
  }
  const readings = dateReadings(v);
  if (readings.length === 1) return readings[0];
  if (readings.length === 2) {
    const order = dayOrderFor(attrs, exportOrder);
    // The year's four digits before two: "02/01/2025" is of 2025, not a year "20" that no reading has.
    const s = /^(\d{1,2})[/-](\d{1,2})[/-](\d{4}|\d{2})(?!\d)/.exec(v);
    if (!order || !s) return undefined;
    const [mm, dd] = order === "month_first" ? [+s[1]!, +s[2]!] : [+s[2]!, +s[1]!];
    const y = s[3]!.length === 2 ? 2000 + +s[3]! : +s[3]!;
    return readings.find((r) => r === `${y}-${String(mm).padStart(2, "0")}-${String(dd).padStart(2, "0")}`);
  }
  return undefined;
}

function month(y: number, m: number): string | undefined {
  return m >= 1 && m <= 12 && y >= 1900 ? `${y}-${String(m).padStart(2, "0")}-01` : undefined;
}
