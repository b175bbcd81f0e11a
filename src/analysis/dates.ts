// Reads the calendar facts detectors need from an ISO 8601 date or date-time string. A plain date
// has no time of day, so out-of-hours checks skip it.
import { daysInMonth, isCalendarDate } from "../domain/time.ts";
import type { Transaction } from "../domain/transaction.ts";

export interface Moment {
  /** Milliseconds since the epoch (midnight UTC for a plain date). */
  ms: number;
  /** YYYY-MM-DD in local (configured offset) time. */
  day: string;
  /** 0 = Sunday … 6 = Saturday, local time. */
  weekday: number;
  /** Hour of day 0–23 local time; null for a plain date. */
  hour: number | null;
  /** Day of the month (1–31) and days left in the month after this one (0 on the last day). */
  dayOfMonth: number;
  daysToMonthEnd: number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/;
/** A day in milliseconds (days in UTC: no daylight saving). */
export const DAY_MS = 86_400_000;

export function parseMoment(value: string | undefined, utcOffsetMinutes = 0): Moment | null {
  if (!value) return null;
  const dateOnly = isPlainDate(value);
  const ms = dateOnly ? Date.parse(`${value}T00:00:00Z`) : parseDateMs(value);
  if (Number.isNaN(ms)) return null;
  const local = dateOnly ? ms : ms + utcOffsetMinutes * 60_000;
  // Every entry of a scan is read here: the calendar by arithmetic on the day number (the
  // proleptic Gregorian calendar, as Date's UTC getters have it) rather than a Date and its
  // ISO string per entry. Outside years 100–9999 the Date does it (no four-digit day; Date.UTC
  // reads years 0–99 as 1900–1999, which the month length below has always followed).
  const days = Math.floor(local / DAY_MS);
  const { y, m, d } = civilFromDays(days);
  if (y < 100 || y > 9999 || Math.abs(local) > MAX_DATE_MS) return momentOfDate(ms, local, dateOnly);
  return {
    ms,
    day: `${y < 1000 ? `0${y}` : y}-${m < 9 ? "0" : ""}${m + 1}-${d < 10 ? "0" : ""}${d}`,
    weekday: (((days + 4) % 7) + 7) % 7,
    hour: dateOnly ? null : Math.floor((local - days * DAY_MS) / 3_600_000),
    dayOfMonth: d,
    daysToMonthEnd: daysInMonth(y, m) - d,
  };
}

/**
 * When the transaction was keyed: its `entered_at` where that carries a time of day and a user
 * keyed it (`created_by`: a bank feed's "Initiated At" and "Initiated By", a ledger's creation
 * timestamp and user), else its date. A bank feed books on a plain date, so the hour and the
 * weekday a user was at the keyboard are only in the entry time. An entry date without a time
 * says no more than the booking date does, and one without a user is an import's or a file's
 * (a DATEV batch's creation stands in for every row's: docs/connectors.md), not anyone's hours.
 */
export function keyedAt(t: Pick<Transaction, "date" | "entered_at" | "created_by">): string | undefined {
  const entered = t.entered_at;
  return t.created_by && entered !== undefined && entered.length > 10 && !DATE_ONLY.test(entered) ? entered : t.date;
}

const MAX_DATE_MS = 8.64e15;

/** DATE_ONLY.test by character codes: parseMoment asks it of every entry of both passes' dates,
 *  nearly all of them date-times that the length alone tells apart. */
function isPlainDate(value: string): boolean {
  if (value.length !== 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  return digits(value, 0, 4) >= 0 && digits(value, 5, 2) >= 0 && digits(value, 8, 2) >= 0;
}

/**
 * Date.parse, with the shapes sources practically always use read by hand: YYYY-MM-DD (midnight
 * UTC), YYYY-MM-DDTHH:MM:SSZ and YYYY-MM-DDTHH:MM:SS.sssZ, years 1000–9999, every field in range
 * (anything else, a day past the month's end included, goes to Date.parse). Both passes of a scan
 * read every entry's date: this is several times cheaper than the general parser, with the same result.
 */
export function parseDateMs(value: string): number {
  const n = value.length;
  if (n !== 10 && n !== 20 && n !== 24) return Date.parse(value);
  if (value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return Date.parse(value);
  const y = digits(value, 0, 4);
  const m = digits(value, 5, 2);
  const d = digits(value, 8, 2);
  if (y < 1000 || m < 1 || m > 12 || d < 1 || d > daysInMonth(y, m - 1)) return Date.parse(value);
  const day = daysFromCivil(y, m, d) * DAY_MS;
  if (n === 10) return day;
  if (value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58 || value.charCodeAt(n - 1) !== 90) return Date.parse(value);
  const hh = digits(value, 11, 2);
  const mm = digits(value, 14, 2);
  const ss = digits(value, 17, 2);
  if (hh > 23 || mm > 59 || ss > 59) return Date.parse(value);
  let ms = 0;
  if (n === 24) {
    if (value.charCodeAt(19) !== 46) return Date.parse(value);
    ms = digits(value, 20, 3);
  }
  if (hh < 0 || mm < 0 || ss < 0 || ms < 0) return Date.parse(value);
  return day + hh * 3_600_000 + mm * 60_000 + ss * 1000 + ms;
}

/** The number written by `count` ASCII digits from `at`; -1 if any is not a digit. */
function digits(s: string, at: number, count: number): number {
  let v = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (c < 0 || c > 9) return -1;
    v = v * 10 + c;
  }
  return v;
}

/** Days since 1970-01-01 of a proleptic Gregorian date (month 1–12); H. Hinnant's days_from_civil. */
function daysFromCivil(y: number, m: number, d: number): number {
  const yy = m <= 2 ? y - 1 : y;
  const era = Math.floor(yy / 400);
  const yoe = yy - era * 400;
  const doy = Math.floor((153 * (m + (m > 2 ? -3 : 9)) + 2) / 5) + d - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146_097 + doe - 719_468;
}

function momentOfDate(ms: number, localMs: number, dateOnly: boolean): Moment {
  const local = new Date(localMs);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return {
    ms,
    day: local.toISOString().slice(0, 10),
    weekday: local.getUTCDay(),
    hour: dateOnly ? null : local.getUTCHours(),
    dayOfMonth: d,
    daysToMonthEnd: lastDay - d,
  };
}

/** Year, month (0–11) and day of the month of a day number (days since 1970-01-01); H. Hinnant's
 *  civil_from_days. */
function civilFromDays(days: number): { y: number; m: number; d: number } {
  const z = days + 719_468;
  const era = Math.floor(z / 146_097);
  const doe = z - era * 146_097;
  const yoe = Math.floor((doe - Math.floor(doe / 1460) + Math.floor(doe / 36_524) - Math.floor(doe / 146_096)) / 365);
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const d = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const m = mp < 10 ? mp + 2 : mp - 10;
  return { y: yoe + era * 400 + (m <= 1 ? 1 : 0), m, d };
}

/** The calendar day (YYYY-MM-DD) of an ISO string, for comparing with validity windows. */
export function dayOf(value: string | undefined): string | null {
  if (!value) return null;
  // The two shapes nearly every source writes, told by hand (the scan asks this several times an
  // invoice): what the two expressions below would say of them.
  if (value.length === 10 && isoDayAt(value)) return value;
  if (value.length === 20 && isoDayAt(value) && utcTimeAt(value)) return value.slice(0, 10);
  if (DATE_ONLY.test(value)) return value;
  // A UTC (or zone-less) date-time: its first ten characters are the day, no parsing needed.
  if (UTC_DATE_TIME.test(value)) return value.slice(0, 10);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

const isDigit = (c: number) => c >= 48 && c <= 57;

/** Whether `value` starts with dddd-dd-dd (the digits and dashes DATE_ONLY and UTC_DATE_TIME begin with). */
function isoDayAt(value: string): boolean {
  for (let i = 0; i < 10; i++) {
    const c = value.charCodeAt(i);
    if (i === 4 || i === 7 ? c !== 45 : !isDigit(c)) return false;
  }
  return true;
}

/** Whether a 20-character `value` ends in Tdd:dd:ddZ after its day (UTC_DATE_TIME's seconds-and-Z shape). */
function utcTimeAt(value: string): boolean {
  if (value.charCodeAt(10) !== 84 || value.charCodeAt(13) !== 58 || value.charCodeAt(16) !== 58 || value.charCodeAt(19) !== 90) return false;
  for (const i of UTC_TIME_DIGITS) if (!isDigit(value.charCodeAt(i))) return false;
  return true;
}
const UTC_TIME_DIGITS = [11, 12, 14, 15, 17, 18];

/** The calendar day (YYYY-MM-DD, UTC) of a time in ms. */
export function isoDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The calendar day (YYYY-MM-DD, UTC) of a day number (days since 1970-01-01, UTC). */
export function isoDayOfDayNumber(day: number): string {
  return isoDay(day * DAY_MS);
}

/**
 * Where day arithmetic runs off the calendar a date names (0000-01-01 to 9999-12-31): a contract
 * row's periods walked back before year 0, or a month on from an invoice of December 9999 (a
 * placeholder). They sort before and after every day and stay themselves when moved, so that a
 * walk from day to day ends where it would; as "+010000-01" (what isoDay gives past 9999), a day
 * past the calendar sorted before every day, and read back it was no date at all.
 */
export const BEFORE_THE_CALENDAR = "0000-00-00";
export const AFTER_THE_CALENDAR = "9999-99-99";
const FIRST_DAY_MS = Date.parse("0000-01-01T00:00:00Z");
const LAST_DAY_MS = Date.parse("9999-12-31T00:00:00Z");

/** `day` (YYYY-MM-DD) plus `n` calendar days; off the calendar, BEFORE_THE_CALENDAR or AFTER_THE_CALENDAR. */
export function addDays(day: string, n: number): string {
  if (day === AFTER_THE_CALENDAR || day === BEFORE_THE_CALENDAR) return day;
  const ms = Date.parse(`${day}T00:00:00Z`) + n * DAY_MS;
  if (ms > LAST_DAY_MS) return AFTER_THE_CALENDAR;
  if (ms < FIRST_DAY_MS) return BEFORE_THE_CALENDAR;
  return isoDay(ms);
}

/** The calendar day before `day` (YYYY-MM-DD). */
export function dayBefore(day: string): string {
  return addDays(day, -1);
}

export function daysBetween(aMs: number, bMs: number): number {
  return Math.abs(aMs - bMs) / DAY_MS;
}

export function isValidIsoDate(value: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) &&
    isCalendarDate(value) &&
    !Number.isNaN(Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value))
  );
}

/** Whether a source writes the day or the month first in dates such as 03/04/2025. */
export type DayOrder = "day_first" | "month_first";

const SLASHED_DATE = /^(\d{1,2})([/-])(\d{1,2})\2(\d{4}|\d{2})(?:[ T].*)?$/;

/**
 * The order to read a row's ambiguous dates in: the one its own dates show (dayOrderOf), else the
 * export's (`exportOrder`: its configured date format's, else what its other documents show —
 * ExportDayOrder); undefined when neither tells.
 */
export function dayOrderFor(attributes: NonNullable<Transaction["attributes"]>, exportOrder: DayOrder | undefined): DayOrder | undefined {
  return dayOrderOf(attributes) ?? exportOrder;
}

/**
 * The order of day and month in a row's slashed dates (its attributes keep the export's own text),
 * where one of them says it — a date of 03/21/2025 can only be month first, 21/03/2025 only day
 * first — and none contradicts it: an export writes every date the same way. Undefined when none
 * says, or they disagree. Reads an ambiguous date in the row: an end date (after-end-date.ts), a
 * work date (work-dates.ts).
 */
export function dayOrderOf(attributes: NonNullable<Transaction["attributes"]>): DayOrder | undefined {
  let found: DayOrder | undefined;
  for (const name in attributes) {
    const v = attributes[name];
    // Most attributes are no date: a slashed date is 6 to 30 characters.
    if (typeof v !== "string" || v.length < 6 || v.length > 30) continue;
    const m = SLASHED_DATE.exec(v.trim());
    if (!m) continue;
    const a = Number(m[1]);
    const b = Number(m[3]);
    const says: DayOrder | undefined = a > 12 && b <= 12 ? "day_first" : b > 12 && a <= 12 ? "month_first" : undefined;
    if (says === undefined) continue;
    if (found !== undefined && found !== says) return undefined;
    found = says;
  }
  return found;
}

/** How many documents of an export show each order of day and month (dayOrderOf): plain data, to cross threads. */
export interface DayOrderCounts {
  monthFirst: number;
  dayFirst: number;
}

/**
 * The order of day and month an export's documents show, learned over the history pass: an export
 * writes every date alike, so a document whose dates all read both ways (07/09/2026, a period of
 * 08/01/2025–08/11/2025) is read in the order its other documents' dates say (03/21/2025 on one of
 * them can only be month first). Only an order nine in ten of the documents that tell show is the
 * export's: a file mixing two systems' dates tells none.
 */
export class ExportDayOrder {
  readonly counts: DayOrderCounts = { monthFirst: 0, dayFirst: 0 };

  add(t: Pick<Transaction, "attributes">) {
    if (!t.attributes) return;
    const says = dayOrderOf(t.attributes);
    if (says === "month_first") this.counts.monthFirst++;
    else if (says === "day_first") this.counts.dayFirst++;
  }

  /** Adds another part of the history (a scan worker's). */
  merge(counts: DayOrderCounts) {
    this.counts.monthFirst += counts.monthFirst;
    this.counts.dayFirst += counts.dayFirst;
  }

  order(): DayOrder | undefined {
    return exportDayOrder(this.counts);
  }
}

/** The order nine in ten of the telling documents show; undefined when none tells or they are mixed. */
export function exportDayOrder({ monthFirst, dayFirst }: DayOrderCounts): DayOrder | undefined {
  if (monthFirst > 0 && monthFirst >= 9 * dayFirst) return "month_first";
  if (dayFirst > 0 && dayFirst >= 9 * monthFirst) return "day_first";
  return undefined;
}
