// A text column whose values embed another document's number — a memo or a line description
// written from a template: "Reversal of JE10738", "IC sale IC10828", "Accrual reversal 2024-03",
// "Payroll 03/15/2025". Every numbered instance is a value used once (on one document's lines,
// within days), so read value by value each is "never seen before" and each pairing with an
// account a rare combination: hundreds of false alarms on a routine memo. Read by its template
// (the value with its digits masked: "Reversal of JE#"), the column says what the entry is — a
// routine reversal repeats, a memo never written before ("Write-off per CFO", "AJE # bonus
// true-up") is still a value never seen.
//
// Codes with digits are not such a column: an account "6110", a cost centre "CC-204", a company
// "1000", a SKU each repeat all through the history. The difference is the lifetime of the
// numbered values: a column is read by its template when most of its numbered rows carry a value
// used within a few days and never again (like a batch, profile.ts isBatch, but only for the
// values with digits, the others being the column's routine text), and masking gathers those
// values into few templates. Undated or short samples (under NUMBERED_MIN_SAMPLE_DAYS) say nothing
// of lifetimes: the column is read value by value, as before.
import { parseDateMs } from "./dates.ts";
import type { FieldReader } from "./fields.ts";
import type { Transaction } from "../domain/transaction.ts";
import { shortLivedRows, valueLifetimes } from "./value-lifetimes.ts";

/** Distinct numbered values a column needs before their lifetimes say anything. */
const MIN_NUMBERED_VALUES = 10;
/** Numbered values per template, on average, for masking to gather them (a code's digits are the code). */
const MIN_VALUES_PER_TEMPLATE = 5;
/** The sample's span, in days, from which a value used within SHORT_SPAN_SHARE of it is short-lived. */
const NUMBERED_MIN_SAMPLE_DAYS = 28;
const SHORT_SPAN_SHARE = 1 / 20;
/** Share of the numbered rows that short-lived values must hold. */
const SHORT_LIVED_ROWS_SHARE = 0.8;

const DIGITS = /\d+/g;
const HAS_DIGIT = /\d/;

/** A value with its digit runs masked: "Reversal of JE10738" → "Reversal of JE#", "Payroll 03/15/2025" → "Payroll #/#/#". */
export function valueTemplate(value: string): string {
  return value.replace(DIGITS, "#");
}

/** `read`, giving each value's template (valueTemplate) instead of the value. */
export function templateReader(read: FieldReader): FieldReader {
  return (t) => {
    const v = read(t);
    return v === undefined ? undefined : valueTemplate(v);
  };
}

/**
 * Whether a column is numbered text, to be read by its template: at least MIN_NUMBERED_VALUES
 * distinct values with digits, at least MIN_VALUES_PER_TEMPLATE of them per template, and at least
 * SHORT_LIVED_ROWS_SHARE of their rows on values used within SHORT_SPAN_SHARE of the sample's span
 * (a span of at least NUMBERED_MIN_SAMPLE_DAYS). `values` and `times` are per row of the sample.
 */
export function isNumberedText(values: readonly (string | undefined)[], times: Float64Array): boolean {
  const l = valueLifetimes(values, times, NUMBERED_MIN_SAMPLE_DAYS, (v) => HAS_DIGIT.test(v));
  if (l === undefined || l.values.size < MIN_NUMBERED_VALUES) return false;
  const templates = new Set<string>();
  for (const v of l.values.keys()) templates.add(valueTemplate(v));
  if (l.values.size < templates.size * MIN_VALUES_PER_TEMPLATE) return false;
  return shortLivedRows(l, SHORT_SPAN_SHARE) >= l.rows * SHORT_LIVED_ROWS_SHARE;
}

/** The times of a sample's rows (NaN: undated), as isNumberedText reads them. */
export function sampleTimes(sample: readonly Transaction[]): Float64Array {
  return Float64Array.from(sample, (t) => (t.date ? parseDateMs(t.date) : Number.NaN));
}
