// The days a line says it bills, in its own text: a 3PL client moved to its renewed rate sheet on
// the 16th is billed the month's activity in two lines per code — "Pick and pack per order
// 06/01-06/15 (rate sheet RS-C1-2025)" and "… 06/16-06/30 (rate sheet RS-C1-2026)" — each at the
// sheet of its days. A document's work date or period (work-dates.ts, billed-period.ts) is one for
// all its lines; this is the line's own. The terms and list prices in force on the last of those
// days count as well for that line (line-facts.ts), as a work date's do for a document's.
//
// Read: two dates joined by a dash, each month/day with or without a year (06/01-06/15,
// 03/10/2026 - 03/14/2026), or two ISO days (2024-10-01 - 2025-08-27: an ERP's line text). Month-first where both read so (US billing systems write MM/DD); day-
// first where only that reads as dates (16/06-30/06). Without a year, the year that puts the days
// on or before the invoice's day (a December range on a January invoice is last December's). A range
// that reaches the invoice's day or after it (billed in advance) adds no day, nor does text that
// is no range of dates ("Carton 12/24 pack").

import { DAY_MS } from "../../dates.ts";

const RANGE = /(?<![\d/])(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?\s*[-–]\s*(\d{1,2})\/(\d{1,2})(?:\/(\d{2}|\d{4}))?(?![\d/])/;

/** Two ISO days joined by a dash (2024-10-01 - 2025-08-27): an ERP's line text, its order and year written. */
const ISO_RANGE = /(?<![\d-])\d{4}-\d{2}-\d{2}\s*[-–]\s*(\d{4}-\d{2}-\d{2})(?![\d-])/;

/** The last day (YYYY-MM-DD) a line's text says it bills, when before `invoiceDay`; else undefined. */
export function lineServiceEnd(description: string, invoiceDay: string | null): string | undefined {
  if (!invoiceDay || description.length < 9) return undefined;
  const iso = ISO_RANGE.exec(description);
  if (iso) return iso[1]! < invoiceDay && isCalendarDay(iso[1]!) ? iso[1] : undefined;
  const m = RANGE.exec(description);
  if (!m) return undefined;
  const [a1, b1, a2, b2] = [+m[1]!, +m[2]!, +m[4]!, +m[5]!];
  const monthFirst = isMonthDay(a1, b1) && isMonthDay(a2, b2);
  if (!monthFirst && !(isMonthDay(b1, a1) && isMonthDay(b2, a2))) return undefined;
  const [sm, sd, em, ed] = monthFirst ? [a1, b1, a2, b2] : [b1, a1, b2, a2];
  const written = m[6] ?? m[3];
  const invoiceYear = Number(invoiceDay.slice(0, 4));
  const at = (y: number, mo: number, d: number) => `${y}-${String(mo).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  let endYear = written ? (written.length === 2 ? 2000 + Number(written) : Number(written)) : invoiceYear;
  if (!written && at(endYear, em, ed) >= invoiceDay) {
    // This year's range reaching the invoice's day is billed in advance; one wholly after it is last year's.
    const startYear = em < sm ? endYear - 1 : endYear;
    if (at(startYear, sm, sd) <= invoiceDay) return undefined;
    endYear--;
  }
  const end = at(endYear, em, ed);
  return end < invoiceDay && isCalendarDay(end) ? end : undefined;
}

function isMonthDay(month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** Whether YYYY-MM-DD is a day of the calendar (Date.parse reads 2026-02-30 as 2 March). */
export function isCalendarDay(iso: string): boolean {
  const t = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(t.getTime()) && t.toISOString().slice(0, 10) === iso;
}

/** A range whose days carry their year: two ISO days, or two month/day/year days (US order). */
const DATED_RANGE = /(?<![\d/-])(?:(\d{4}-\d{2}-\d{2})|(\d{1,2})\/(\d{1,2})\/(\d{4}))\s*[-–]\s*(?:\d{4}-\d{2}-\d{2}|\d{1,2}\/\d{1,2}\/\d{4})(?![\d/-])/;

/** Billing in advance precedes the days it bills by a term at most: a line's range starting more
 *  than a year after its invoice is no advance billing of it (a typo) and leaves the document's day. */
const MAX_LINE_ADVANCE_DAYS = 366;

/**
 * The first day (YYYY-MM-DD) a line's text says it bills, when after `invoiceDay` (billed in
 * advance) and within a year of it; else undefined. Only a range whose year is written: a yearless
 * one (12/01-12/31) reads as the days on or before the invoice (lineServiceEnd), and a range in
 * the period or in arrears leaves the line at the document's day. A renewal's paid months after
 * free extension months ("2025-12-01 - 2026-09-30 (10 months)" on an invoice of 1 September whose
 * period starts on 1 October) are priced from their own first day (line-facts.ts).
 */
export function lineServiceStart(description: string, invoiceDay: string | null): string | undefined {
  if (!invoiceDay || description.length < 21) return undefined;
  const m = DATED_RANGE.exec(description);
  if (!m) return undefined;
  return inAdvance(m[1] ?? `${m[4]}-${m[2]!.padStart(2, "0")}-${m[3]!.padStart(2, "0")}`, invoiceDay);
}

/** `start` (YYYY-MM-DD) where it is a calendar day after `invoiceDay` and within a year of it (a
 *  line's days billed in advance: lineServiceStart, or a line's own start column); else undefined. */
export function inAdvance(start: string, invoiceDay: string | null): string | undefined {
  if (!invoiceDay || !isCalendarDay(start) || start <= invoiceDay) return undefined;
  return (Date.parse(start) - Date.parse(invoiceDay)) / DAY_MS <= MAX_LINE_ADVANCE_DAYS ? start : undefined;
}
