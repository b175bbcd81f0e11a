// Turning source values into canonical ones: numbers written with a configured decimal and
// thousands separator, dates in a configured format, and the native values of SQL drivers
// (Date objects, NUMERIC strings, bigints). Each parser returns undefined for an empty value and
// throws a short, safe message for a value it cannot read.

import { daysInMonth, digitsAt } from "../domain/time.ts";
import { withinMagnitude } from "../domain/transaction.ts";
import type { DayOrder } from "../analysis/dates.ts";

export interface NumberFormat {
  decimal: "." | ",";
  thousands: string;
}

export const SQL_NUMBER_FORMAT: NumberFormat = { decimal: ".", thousands: "" };

export type SourceValue = string | number | bigint | boolean | Date | null | undefined;

export function isEmpty(v: SourceValue): boolean {
  if (v === null || v === undefined || v === "") return true;
  return typeof v === "string" && v.trim() === "";
}

/** 10^0 … 10^22: every one exactly representable as a double. */
const POW10 = Array.from({ length: 23 }, (_, i) => 10 ** i);

/**
 * `-123.45` style numbers, recognised and read without a regex or allocation (the hot path of a
 * scan: ~8 numbers per CSV line). Up to 15 digits the digits are an exact integer and the value is
 * that integer divided by an exact power of ten: one correctly rounded division, so exactly the
 * double `+s` gives (Clinger's fast path); longer ones go to `+s`.
 */
function plainDecimal(s: string): number | undefined {
  const len = s.length;
  if (len === 0 || len > 40) return undefined;
  const negative = s.charCodeAt(0) === 45;
  let i = negative ? 1 : 0;
  let digits = 0;
  let mantissa = 0;
  let decimals = -1;
  for (; i < len; i++) {
    const c = s.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return undefined;
  }
  if (digits === 0) return undefined;
  if (digits > 15) return +s;
  const value = decimals > 0 ? mantissa / POW10[decimals]! : mantissa;
  return negative ? -value : value;
}

/**
 * plainDecimal of the text buf[start, end) (a CSV field), read from its bytes: the same number,
 * or undefined where plainDecimal gives undefined and also for more than 15 digits (the caller
 * then reads the field's string, which goes to `+s`). Any byte that is not an ASCII digit, "-" or
 * "." stops it, so the bytes are the string's characters.
 *
 * With another number format (`decimal` and `thousands` as bytes, thousands -1 for none) it is
 * parseNumber's answer for that format wherever it gives one: parseNumber drops every thousands
 * character and reads the first decimal character as the point, as this does.
 */
export function plainDecimalAt(buf: Uint8Array, start: number, end: number, decimal = 46, thousands = -1): number | undefined {
  const len = end - start;
  if (len === 0 || len > 40) return undefined;
  const negative = buf[start] === 45;
  let i = negative ? start + 1 : start;
  let digits = 0;
  let mantissa = 0;
  let decimals = -1;
  for (; i < end; i++) {
    const c = buf[i]!;
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === thousands) continue;
    else if (c === decimal && decimals < 0) decimals = 0;
    else return undefined;
  }
  if (digits === 0 || digits > 15) return undefined;
  const value = decimals > 0 ? mantissa / POW10[decimals]! : mantissa;
  return negative ? -value : value;
}

/**
 * A source's number in the format; undefined when empty. Throws for text that is not a number and
 * for a magnitude beyond MAX_MAGNITUDE (1e15: a product of such numbers can overflow to Infinity;
 * plainDecimal's ≤ 15 digits are always within it).
 */
export function parseNumber(v: SourceValue, format: NumberFormat): number | undefined {
  if (typeof v === "string" && format.decimal === "." && !format.thousands) {
    const n = plainDecimal(v);
    if (n !== undefined) return bounded(n, v);
  }
  if (isEmpty(v)) return undefined;
  if (typeof v === "number") {
    if (!Number.isFinite(v)) throw new Error(`${v} is not a finite number`);
    return bounded(v, v);
  }
  if (typeof v === "bigint") return bounded(Number(v), v);
  if (typeof v !== "string") throw new Error(`${typeof v} is not a number`);
  let s = plainSigned((v as string).trim());
  if (format.thousands) s = dropThousands(s, format.thousands);
  if (format.decimal === ",") s = s.replace(",", ".");
  // Number("") and Number("0x1f") are accepted by JS; a source's number is plain decimal only.
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(s)) {
    // A European export read with the default format: say which setting reads it.
    const comma = format.decimal === "." && !format.thousands && /^[+-]?\d+,\d+$/.test(s);
    throw new Error(`"${clip(v as string)}" is not a number${comma ? ' (a decimal comma: set csv: { decimal: "," } on the connector)' : ""}`);
  }
  return bounded(Number(s), v);
}

/**
 * An amount as exports write it, to sign and digits: a currency symbol or ISO code before or
 * after it ("$1,234.56", "1.234,56 EUR"), a percent sign ("19 %": tax_rate and discount_pct take
 * percentages), accounting parentheses ("(1,234.56)"), SAP's trailing minus ("1234.56-") and
 * the Unicode minus sign are read as the number they mean.
 */
function plainSigned(s: string): string {
  let out = s.replace(CURRENCY, "").replace(/\s*%$/, "").replace(/\u2212/g, "-");
  if (out.length > 2 && out.startsWith("(") && out.endsWith(")")) out = `-${out.slice(1, -1).trim()}`;
  else if (out.length > 1 && out.endsWith("-") && !out.startsWith("-")) out = `-${out.slice(0, -1).trim()}`;
  return out.startsWith("-") || out.startsWith("+") ? out[0] + out.slice(1).replace(CURRENCY, "") : out;
}

/** A currency symbol, or a three-letter code, at either end of an amount. */
const CURRENCY = /^(?:[$€£¥₹₽₩¤]|[A-Z]{3}(?=[\s\d(+-]))\s*|\s*(?:[$€£¥₹₽₩¤]|(?<=[\d\s)])[A-Z]{3})$/gu;

/** Removes the thousands separator; a space also stands for the no-break spaces and an apostrophe for the typographic one. */
function dropThousands(s: string, thousands: string): string {
  const out = s.split(thousands).join("");
  if (thousands === " ") return out.replace(/[\u00a0\u202f]/g, "");
  if (thousands === "'") return out.replace(/\u2019/g, "");
  return out;
}

function bounded(n: number, source: string | number | bigint): number {
  if (withinMagnitude(n)) return n;
  throw new Error(`${typeof source === "string" ? `"${clip(source)}"` : String(source)} is beyond ±1e15, the largest amount, price or quantity`);
}

/** A character trim() never removes at an end (printable ASCII): a string with one at both ends is its own trim. */
const untrimmable = (c: number) => c > 0x20 && c < 0x7f;

export function parseText(v: SourceValue): string | undefined {
  // Nearly every text value of a source: no whitespace to trim, not empty (one look at each end).
  if (typeof v === "string" && v.length > 0 && untrimmable(v.charCodeAt(0)) && untrimmable(v.charCodeAt(v.length - 1))) return v;
  if (isEmpty(v)) return undefined;
  if (v instanceof Date) return isoOf(v);
  return String(v).trim();
}

/** A date-only value is kept as YYYY-MM-DD; a moment becomes YYYY-MM-DDTHH:mm:ssZ (UTC). */
export function parseDate(v: SourceValue, format: DateFormat): string | undefined {
  if (typeof v === "string" && v.length > 0 && untrimmable(v.charCodeAt(0)) && untrimmable(v.charCodeAt(v.length - 1))) return format.parse(withoutClosingMark(v));
  if (isEmpty(v)) return undefined;
  if (v instanceof Date) {
    if (Number.isNaN(v.getTime())) throw new Error("invalid date");
    return isoOf(v);
  }
  const s = String(v).trim();
  return format.parse(withoutClosingMark(s));
}

/**
 * A closing date as Business Central and Navision write it — `C12/31/2024`, a C before the date in
 * the export's own form: the fictitious closing period after the year's last day, where the Close
 * Income Statement posts — is that day. Without its C it reads in the date format; any other
 * letter in front is no date.
 */
function withoutClosingMark(s: string): string {
  const c = s.charCodeAt(0);
  if (c !== 67 && c !== 99) return s;
  const next = s.charCodeAt(1);
  return next >= 48 && next <= 57 ? s.slice(1) : s;
}

function isoOf(d: Date): string {
  const iso = d.toISOString();
  return iso.endsWith("T00:00:00.000Z") ? iso.slice(0, 10) : `${iso.slice(0, 19)}Z`;
}

export interface DateFormat {
  parse(s: string): string;
  /**
   * A pattern without a year (DATEV's Belegdatum `DDMM`) reads dates only with one: this format,
   * reading each day-and-month in the twelve months from `start` (YYYY-MM-DD, a DATEV export's
   * "Datum vom"). Absent on formats whose dates carry their year.
   */
  fromPeriodStart?(start: string): DateFormat;
  /**
   * Whether the pattern writes the day or the month first (`DD/MM/YYYY`, `MM/DD/YYYY`), where it
   * writes the month as a number: an export writes every date alike, so its other dates (the
   * attributes keep their text) read in the same order (src/analysis/dates.ts). Absent for ISO and
   * for a month by its name, whose dates never read both ways.
   */
  dayOrder?: DayOrder;
}

const ISO_START = /^\d{4}-\d{2}-\d{2}(?:$|[T ])/;
/** Whether `s` begins YYYY-MM-DD in ASCII digits. */
function isoDay(s: string): boolean {
  return s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45 && digitsAt(s, 0, 4) >= 0 && digitsAt(s, 5, 2) >= 0 && digitsAt(s, 8, 2) >= 0;
}

/** Whether `s` is YYYY-MM-DD, in ASCII digits (/^\d{4}-\d{2}-\d{2}$/). */
export function isoDate(s: string): boolean {
  return s.length === 10 && isoDay(s);
}

/** Whether `s` is YYYY-MM-DDTHH:MM:SSZ, in ASCII digits (/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/). */
export function isoMomentZ(s: string): boolean {
  return (
    s.length === 20 &&
    isoDay(s) &&
    s.charCodeAt(10) === 84 &&
    s.charCodeAt(13) === 58 &&
    s.charCodeAt(16) === 58 &&
    s.charCodeAt(19) === 90 &&
    digitsAt(s, 11, 2) >= 0 &&
    digitsAt(s, 14, 2) >= 0 &&
    digitsAt(s, 17, 2) >= 0
  );
}

/** ISO 8601's basic format, YYYYMMDD: the French FEC's dates, DATEV's, SAP's internal ones (DATS). */
const ISO_BASIC_DATE = /^\d{8}$/;

export const isoDateFormat: DateFormat = {
  parse(s) {
    // The common exact forms are returned as they are once the calendar is checked. Told apart
    // digit by digit (isoMomentZ, isoDate), since every row of an export's date column comes
    // through here: a regular expression and six substrings turned into numbers cost 3-4 times as
    // much, about a tenth of mapping a journal row.
    if (isoMomentZ(s)) {
      checkCalendar(digitsAt(s, 0, 4), digitsAt(s, 5, 2), digitsAt(s, 8, 2), s);
      if (digitsAt(s, 11, 2) > 23 || digitsAt(s, 14, 2) > 59 || digitsAt(s, 17, 2) > 59) throw new Error(`"${clip(s)}" has an invalid time`);
      return s;
    }
    if (isoDate(s)) {
      checkCalendar(digitsAt(s, 0, 4), digitsAt(s, 5, 2), digitsAt(s, 8, 2), s);
      return s;
    }
    if (ISO_BASIC_DATE.test(s)) {
      checkCalendar(+s.slice(0, 4), +s.slice(4, 6), +s.slice(6, 8), s);
      return `${s.slice(0, 4)}-${s.slice(4, 6)}-${s.slice(6, 8)}`;
    }
    // A moment: anything Date.parse reads with an explicit time; without a zone it is taken as UTC.
    if (!/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}/.test(s)) throw new Error(`"${clip(s)}" is not an ISO 8601 date${/^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/.test(s) ? " (set csv.date_format to the export's, e.g. DD.MM.YYYY)" : ""}`);
    const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(s) ? s : `${s}Z`;
    const ms = Date.parse(zoned.replace(" ", "T"));
    if (Number.isNaN(ms)) throw new Error(`"${clip(s)}" is not an ISO 8601 date`);
    return `${new Date(ms).toISOString().slice(0, 19)}Z`;
  },
};

/** Pattern tokens, longest first (YYYY before YY, MMM before MM before M), and the part each gives. */
const TOKENS = [
  ["YYYY", "year", "(\\d{4})"],
  ["YY", "year2", "(\\d{2})"],
  ["MMMM", "monthName", "(\\p{L}{3,9})\\.?"],
  ["MMM", "monthName", "(\\p{L}{3,9})\\.?"],
  ["MM", "month", "(\\d{1,2})"],
  ["M", "month", "(\\d{1,2})"],
  ["DD", "day", "(\\d{1,2})"],
  ["D", "day", "(\\d{1,2})"],
  ["HH", "hour", "(\\d{1,2})"],
  ["mm", "minute", "(\\d{1,2})"],
  ["ss", "second", "(\\d{1,2})"],
] as const;
type DatePart = (typeof TOKENS)[number][1];

/** Month names and abbreviations by their first three letters, lower case: English, German, and French where they differ. */
const MONTHS: Record<string, number> = {
  jan: 1, feb: 2, fév: 2, fev: 2, mar: 3, mär: 3, apr: 4, avr: 4, may: 5, mai: 5, jun: 6,
  jul: 7, aug: 8, aoû: 8, aou: 8, sep: 9, oct: 10, okt: 10, nov: 11, dec: 12, dez: 12, déc: 12,
};

/** The month a name means (1–12), or 0. French "juin"/"juil." share their first three letters. */
function monthOfName(name: string): number {
  const n = name.toLowerCase();
  const m = MONTHS[n.slice(0, 3)] ?? 0;
  if (m !== 0 || !n.startsWith("jui")) return m;
  return n.startsWith("juin") ? 6 : n.startsWith("juil") ? 7 : 0;
}

/**
 * A two-digit year as POSIX strptime reads it: 69–99 are 1969–1999, 00–68 are 2000–2068. Fixed,
 * not relative to today, so that the same file reads the same whenever it is scanned.
 */
const fullYear = (yy: number) => (yy >= 69 ? 1900 + yy : 2000 + yy);

/**
 * "iso" or a pattern such as "DD/MM/YYYY", "MM/DD/YYYY HH:mm", "DD.MM.YYYY", "M/D/YY",
 * "DD-MMM-YYYY" (31-Dec-2024), "MMMM D, YYYY" (December 31, 2024).
 */
export function dateFormat(pattern: string): DateFormat {
  if (pattern.toLowerCase() === "iso") return isoDateFormat;
  const order: DatePart[] = [];
  let regex = "";
  for (let i = 0; i < pattern.length; ) {
    const token = TOKENS.find(([t]) => pattern.startsWith(t, i));
    if (token) {
      order.push(token[1]);
      regex += token[2];
      i += token[0].length;
    } else {
      regex += pattern[i]!.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      i++;
    }
  }
  const has = (p: DatePart) => order.includes(p);
  // No year: DATEV's Belegdatum (DDMM), whose year is in the export's header line.
  const yearless = !(has("year") || has("year2"));
  if (!(has("month") || has("monthName")) || !has("day")) {
    throw new Error(`date format "${pattern}" needs a year (YYYY or YY), a month (MM, M or MMM for its name) and a day (DD or D), and optionally HH, mm, ss (a time's am/pm is read after it); without a year (DDMM) it reads a DATEV export, whose header line gives the year`);
  }
  if (new Set(order).size !== order.length || (has("year") && has("year2")) || (has("month") && has("monthName"))) {
    throw new Error(`date format "${pattern}" names a part twice`);
  }
  // Exports add what the pattern leaves out: a time after a date-only pattern ("31.12.2024
  // 14:05"), seconds after HH:mm, and a 12-hour clock's am/pm after the time ("3/15/2025 9:05
  // pm": NetSuite's and QuickBooks' default). Each is read when present (captured after the
  // pattern's own; the meridiem last).
  const timed = has("hour");
  const meridiem = "(?: ?([AaPp])\\.?[Mm]\\.?)?";
  // How many of the groups after the pattern's own are parts of a time (hour, minutes, seconds;
  // seconds alone after HH:mm; none after HH or HH:mm:ss): the meridiem's group follows them.
  const timeGroups = !timed ? 3 : has("minute") && !has("second") ? 1 : 0;
  const extra = !timed ? `(?:[ T](\\d{1,2}):(\\d{2})(?::(\\d{2}))?${meridiem})?` : `${timeGroups === 1 ? "(?::(\\d{2}))?" : ""}${meridiem}`;
  const re = new RegExp(`^${regex}${extra}$`, "u");
  // DATEV writes DDMM as a number in some exports: 0501 loses its leading zero (501).
  const compactDayMonth = /^(DD|D)(MM|M)$/.test(pattern);
  const read = (s: string, periodStart: string | undefined): string => {
    if (compactDayMonth && /^\d{3}$/.test(s)) s = `0${s}`;
    const m = re.exec(s);
    if (!m) {
      // An ISO date is unambiguous whatever the pattern (a price list's valid_from beside
      // invoices dated 31.12.2024).
      if (ISO_START.test(s)) return isoDateFormat.parse(s);
      throw new Error(`"${clip(s)}" does not match the date format ${pattern}`);
    }
    const text = (p: DatePart) => m[order.indexOf(p) + 1];
    const part = (p: DatePart) => (has(p) ? Number(text(p)) : 0);
    const after = (k: number) => (k < timeGroups ? Number(m[order.length + 1 + k] ?? 0) : 0);
    const mo = has("month") ? part("month") : monthOfName(text("monthName")!);
    if (mo === 0) throw new Error(`"${clip(s)}" has no month name the date format ${pattern} knows`);
    const d = part("day");
    let y: number;
    if (!yearless) y = has("year") ? part("year") : fullYear(part("year2"));
    else if (periodStart === undefined) throw new Error(`"${clip(s)}" has no year: the date format ${pattern} reads only a DATEV export, whose header line (line 1: "EXTF";700;…) gives the year`);
    else {
      // The day in the twelve months from the period's start (a fiscal year from July reads 1503 in the next calendar year).
      const startYear = +periodStart.slice(0, 4), startMonth = +periodStart.slice(5, 7), startDay = +periodStart.slice(8, 10);
      y = mo > startMonth || (mo === startMonth && d >= startDay) ? startYear : startYear + 1;
    }
    checkCalendar(y, mo, d, s);
    const date = `${String(y).padStart(4, "0")}-${pad(mo)}-${pad(d)}`;
    if (!timed && m[order.length + 1] === undefined) return date;
    const [clock, mi, se] = timed ? [part("hour"), part("minute"), has("second") ? part("second") : after(0)] : [after(0), after(1), after(2)];
    const half = m[m.length - 1]?.toLowerCase();
    // 12 am is midnight, 12 pm noon; a 12-hour clock has no hour 0 or 13.
    if (half !== undefined && (clock < 1 || clock > 12)) throw new Error(`"${clip(s)}" has an invalid time`);
    const h = half === undefined ? clock : (clock % 12) + (half === "p" ? 12 : 0);
    if (h > 23 || mi > 59 || se > 59) throw new Error(`"${clip(s)}" has an invalid time`);
    return `${date}T${pad(h)}:${pad(mi)}:${pad(se)}Z`;
  };
  const dayOrder: DayOrder | undefined = has("month") ? (order.indexOf("day") < order.indexOf("month") ? "day_first" : "month_first") : undefined;
  const format = (periodStart: string | undefined): DateFormat => ({
    parse: (s) => read(s, periodStart),
    ...(dayOrder ? { dayOrder } : {}),
    ...(yearless ? { fromPeriodStart: (start: string) => format(start) } : {}),
  });
  return format(undefined);
}

/** Throws unless y-m-d is a day of the calendar (the same rule as the API's dates: daysInMonth). */
/** A date kept as YYYY-MM-DD has a year of four digits: a DATEV Belegdatum in a period from December 9999 would be in 10000. */
function checkCalendar(y: number, m: number, d: number, s: string) {
  if (!(y <= 9999 && m >= 1 && m <= 12 && d >= 1 && d <= daysInMonth(y, m - 1))) throw new Error(`"${clip(s)}" is not a calendar date`);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** Source values quoted in messages are cut short: a report is for people, not a data dump. */
export function clip(s: string, max = 40): string {
  return s.length > max ? `${s.slice(0, max)}…` : s;
}

/** Inclusive date-range test; a date-only bound compares by day. */
export function inDateRange(date: string | undefined, from?: string, to?: string): boolean {
  if (!from && !to) return true;
  if (!date) return false;
  if (from && (from.length === 10 ? date.slice(0, 10) : date) < from) return false;
  if (to && (to.length === 10 ? date.slice(0, 10) : date) > to) return false;
  return true;
}
