// Times a client sends: parsed strictly, stored as canonical UTC ISO strings.
import { iso } from "./clock.ts";
import { ApiError } from "./errors.ts";

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the Gregorian calendar; `monthIndex` 0 for January, as Date counts. */
export function daysInMonth(year: number, monthIndex: number): number {
  return monthIndex === 1 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[monthIndex]!;
}

const FIELDS = /^(\d{4})-(\d{2})-(\d{2})(?:[Tt ](\d{2}):(\d{2})(?::(\d{2}))?)?/;
const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * True when the date (and time of day, and offset) in an ISO 8601 string exist on the calendar.
 * Date.parse rolls "2026-02-30" over to March 2 and "T24:00" to the next day instead of refusing
 * them; a client sending one meant something else, and is told so.
 */
export function isCalendarDate(value: string): boolean {
  const m = FIELDS.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  if (mo < 1 || mo > 12 || d < 1) return false;
  if (d > daysInMonth(y, mo - 1)) return false;
  if (m[4] !== undefined && (Number(m[4]) > 23 || Number(m[5]) > 59 || (m[6] !== undefined && Number(m[6]) > 59))) return false;
  const offset = m[4] !== undefined ? OFFSET.exec(value.slice(m[0].length)) : null;
  return !offset || (Number(offset[2]) <= 23 && Number(offset[3]) <= 59);
}

/** An RFC 3339 time (or a date) → canonical UTC ISO string; 422 naming `path` otherwise. */
export function parseTime(value: string, path: string): string {
  const ok = /^\d{4}-\d{2}-\d{2}([Tt ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?([Zz]|[+-]\d{2}:\d{2}))?$/.test(value) && isCalendarDate(value);
  const ms = ok ? Date.parse(value) : NaN;
  if (Number.isNaN(ms)) {
    throw new ApiError("validation_failed", "expected an RFC 3339 date-time such as 2026-01-31T00:00:00Z", {
      errors: [{ path, message: "not an RFC 3339 date-time" }],
    });
  }
  return iso(ms);
}
