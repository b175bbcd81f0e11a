// Times a client sends: parsed strictly, stored as canonical UTC ISO strings.
import { iso } from "./clock.ts";
import { ApiError } from "./errors.ts";

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Days in a month of the Gregorian calendar; `monthIndex` 0 for January, as Date counts. */
export function daysInMonth(year: number, monthIndex: number): number {
  return monthIndex === 1 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : MONTH_DAYS[monthIndex]!;
}

/** The number written by `count` ASCII digits of `s` from `at`, or -1. */
export function digitsAt(s: string, at: number, count: number): number {
  let n = 0;
  for (let i = at; i < at + count; i++) {
    const c = s.charCodeAt(i) - 48;
    if (!(c >= 0 && c <= 9)) return -1;
    n = n * 10 + c;
  }
  return n;
}

const OFFSET = /([+-])(\d{2}):?(\d{2})$/;

/**
 * True when the date (and time of day, and offset) in an ISO 8601 string exist on the calendar.
 * Date.parse rolls "2026-02-30" over to March 2 and "T24:00" to the next day instead of refusing
 * them; a client sending one meant something else, and is told so. Read digit by digit: every
 * analysed transaction's date comes through here.
 */
export function isCalendarDate(value: string): boolean {
  if (value.length < 10 || value.charCodeAt(4) !== 45 || value.charCodeAt(7) !== 45) return false;
  const y = digitsAt(value, 0, 4);
  const mo = digitsAt(value, 5, 2);
  const d = digitsAt(value, 8, 2);
  if (y < 0 || mo < 1 || mo > 12 || d < 1 || d > daysInMonth(y, mo - 1)) return false;
  if (value.length === 10) return true;
  const h = digitsAt(value, 11, 2);
  const mi = value.charCodeAt(13) === 58 ? digitsAt(value, 14, 2) : -1;
  if (h < 0 || mi < 0) return true; // no time of day: the callers' patterns judge the rest
  if (h > 23 || mi > 59) return false;
  let end = 16;
  if (value.charCodeAt(16) === 58) {
    const sec = digitsAt(value, 17, 2);
    if (sec > 59) return false;
    end = 19;
  }
  const last = value.charCodeAt(value.length - 1);
  if (last === 90 || last === 122) return true; // Z
  const offset = OFFSET.exec(value.slice(end));
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
  // Stored times are compared as ISO text, whose years are four digits: an instant past the end
  // of 9999 (9999-12-31T23:59:59-01:00) would be written "+010000-…" and sort before them all, one
  // before 0000 "-000001-…". Every stored time lies within, so the edge means the same.
  return iso(Math.min(Math.max(ms, FIRST_ISO_MS), LAST_ISO_MS));
}

const FIRST_ISO_MS = Date.parse("0000-01-01T00:00:00.000Z");
const LAST_ISO_MS = Date.parse("9999-12-31T23:59:59.999Z");
