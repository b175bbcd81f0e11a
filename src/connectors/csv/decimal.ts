// csv.decimal unset: a file's decimal separator found from the numbers of its first records, as
// its delimiter is (delimiter.ts). A European export (a FEC, a DATEV Buchungsstapel, an SAP list
// saved on a German installation) writes "1234,56" or "1.234,56"; read with the default point,
// each such amount is a rejected row, and an evaluator's first scan finds nothing. The evidence is
// a cell that is a number only one way: "1234,56" or "1.234,56" (a decimal comma) against "12.50"
// or "1,234.56" (a decimal point). "1,234" and "1.234" say nothing (a thousands separator or three
// decimals), nor do dates ("31.12.2025"), codes or text.
import type { NumberFormat } from "../values.ts";

/** How many data records of the file's start are read for the evidence. */
export const DECIMAL_SNIFF_RECORDS = 50;

// A decimal comma: digits, optionally grouped by points or spaces (the no-break spaces of French
// exports among them), then a comma and one, two or four or more decimals — three could be a US
// thousands group ("1,234").
const COMMA_GROUPED = /^[+-]?\d{1,3}(?:([. \u00a0\u202f])\d{3})(?:\1\d{3})*,\d+-?$/;
const COMMA_PLAIN = /^[+-]?\d+,(?:\d{1,2}|\d{4,})-?$/;
// A decimal point, the same way round.
const POINT_GROUPED = /^[+-]?\d{1,3}(?:,\d{3})+\.\d+-?$/;
const POINT_PLAIN = /^[+-]?\d+\.(?:\d{1,2}|\d{4,})-?$/;

/**
 * The number format the records' cells show, when it is the decimal comma: undefined when they
 * show the point, nothing either way, or both without one clearly the file's (a comma must be at
 * least four times as common as a point, so that one odd cell, a version "1.5" in a text column,
 * does not decide). `thousands`: csv.thousands as configured; when it is not (""), the grouping
 * the comma's numbers use ("." or " "), else none.
 */
export function sniffDecimalComma(records: Iterable<readonly string[]>, thousands: NumberFormat["thousands"]): NumberFormat | undefined {
  if (thousands === ",") return undefined; // a comma cannot be both
  let comma = 0;
  let point = 0;
  let grouping: "" | "." | " " = "";
  let seen = 0;
  for (const record of records) {
    if (seen++ >= DECIMAL_SNIFF_RECORDS) break;
    for (const field of record) {
      const cell = field.trim();
      // Cheap rejections first: most cells are text, codes or dates.
      if (cell.length < 3 || cell.length > 24) continue;
      const c = cell.charCodeAt(cell.length - 1);
      if (!((c >= 48 && c <= 57) || c === 45)) continue;
      if (COMMA_PLAIN.test(cell)) comma++;
      else if (COMMA_GROUPED.test(cell)) {
        comma++;
        if (grouping === "") grouping = /\d\.\d/.test(cell) ? "." : " ";
      } else if (POINT_PLAIN.test(cell) || POINT_GROUPED.test(cell)) point++;
    }
  }
  if (comma === 0 || comma < 4 * point) return undefined;
  return { decimal: ",", thousands: thousands || grouping };
}
