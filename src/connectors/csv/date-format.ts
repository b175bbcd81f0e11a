// csv.date_format unset: a file's date format found from the dates of its first records, as its
// delimiter and decimal separator are. ISO 8601 (and its basic YYYYMMDD) reads as before; an
// export that writes "31.12.2025", "12/31/2025" or "31/12/25" gets the pattern that reads it —
// but only when the dates themselves tell the order of day and month: a day above 12 in the first
// place (day first) or in the second (month first). Dates that all fit both ways (05/03/2025) are
// left to csv.date_format: a guess would silently swap day and month on every row. A point between
// the parts is day first by itself (DD.MM.YYYY: no export writes months first with points).

/** The parts of a dotted, slashed or dashed date, with an optional time after it (on a 12-hour clock: am/pm). */
const NUMERIC_DATE = /^(\d{1,2})([./-])(\d{1,2})\2(\d{4}|\d{2})(?:[ T]\d{1,2}:\d{2}(?::\d{2})?(?: ?[AaPp]\.?[Mm]\.?)?)?$/;
const ISO_LIKE = /^\d{4}-?\d{2}-?\d{2}(?:$|[T ])/;

/**
 * The csv.date_format pattern the values are written in (`DD.MM.YYYY`, `MM/DD/YYYY`, `DD/MM/YY`,
 * …), or undefined: ISO dates (read by default), no dates, dates in mixed shapes, or dates that do
 * not tell day from month. Empty values are skipped.
 */
export function sniffDateFormat(values: Iterable<string>): string | undefined {
  let separator: string | undefined;
  let yearDigits = 0;
  let dayFirst = false;
  let monthFirst = false;
  let seen = 0;
  for (const raw of values) {
    const v = raw.trim();
    if (v === "") continue;
    seen++;
    if (ISO_LIKE.test(v)) return undefined; // ISO, as the default reads (a mix is no one format)
    const m = NUMERIC_DATE.exec(v);
    if (!m) return undefined;
    const [a, sep, b, year] = [+m[1]!, m[2]!, +m[3]!, m[4]!];
    if ((separator !== undefined && sep !== separator) || (yearDigits !== 0 && year.length !== yearDigits)) return undefined;
    separator = sep;
    yearDigits = year.length;
    if (a < 1 || b < 1 || (a > 12 && b > 12) || a > 31 || b > 31) return undefined;
    if (a > 12) dayFirst = true;
    if (b > 12) monthFirst = true;
  }
  if (seen === 0 || separator === undefined || (dayFirst && monthFirst)) return undefined;
  if (!dayFirst && !monthFirst) {
    if (separator !== ".") return undefined; // 05/03/2025: March or May — the user says
    dayFirst = true;
  }
  const year = yearDigits === 4 ? "YYYY" : "YY";
  return dayFirst ? `DD${separator}MM${separator}${year}` : `MM${separator}DD${separator}${year}`;
}
