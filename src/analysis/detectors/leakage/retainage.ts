// Retainage (retention, holdback): a construction contractor's pay application withholds a share
// of the work billed (10 %, say) until substantial completion, and a later invoice releases it.
// Sales tax follows one of two practices, by jurisdiction and contract: on the whole work when it
// is billed (the release then carries none), or on what is due now (the work less the retainage),
// the retained part's tax billed when it is released (as GST/HST on a Canadian holdback, or VAT on
// a UK retention, falls due when it is paid). A document cannot show which; either way, the tax
// it must carry is at least the tax on its work less the retainage it withholds and releases
// (tax.ts). The amounts are the export's own text in the document's attributes (its header
// columns: "Less Retainage", "Retainage Released"); a line-level column is kept from the first row
// only, so of several such columns the largest plausible amount is the document's.
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameMatcher } from "./markers.ts";

/** Attributes naming the retainage a document withholds. */
export const RETAINAGE_WITHHELD_FIELDS = [
  "retainage", "retainage_withheld", "retainage_amount", "retainage_this_period", "current_retainage", "less_retainage",
  "retention", "retention_withheld", "retention_amount", "less_retention", "holdback", "holdback_amount", "less_holdback",
] as const;
/** Attributes naming the retainage a document releases (bills). */
export const RETAINAGE_RELEASED_FIELDS = [
  "retainage_released", "retainage_release", "released_retainage", "retainage_billed",
  "retention_released", "retention_release", "released_retention", "holdback_released", "holdback_release",
] as const;
const withheldField = attributeNameMatcher(RETAINAGE_WITHHELD_FIELDS);
const releasedField = attributeNameMatcher(RETAINAGE_RELEASED_FIELDS);

export interface Retainage {
  withheld: number;
  released: number;
}

/**
 * The retainage the document withholds and releases, each between 0 and `net` (an amount of the
 * whole invoice or more is no retainage), or null when it names none.
 */
export function retainageOf(txn: Transaction, net: number): Retainage | null {
  const attrs = txn.attributes;
  if (!attrs || !(net > 0)) return null;
  let withheld = 0;
  let released = 0;
  for (const name in attrs) {
    const isWithheld = withheldField(name) !== null;
    if (!isWithheld && releasedField(name) === null) continue;
    const v = amountOf(attrs[name]);
    if (v === undefined || !(v > 0) || v > net + 0.005) continue;
    if (isWithheld) {
      if (v < net - 0.005 && v > withheld) withheld = v;
    } else if (v > released) released = v;
  }
  if (withheld + released > net + 0.005) withheld = Math.max(0, net - released);
  return withheld > 0 || released > 0 ? { withheld, released } : null;
}

/**
 * An amount as an export writes it: "39,102.17", "39.102,17", "$1,234", "(1,234.56)". With both
 * marks the last is the decimal one; one mark repeated, or alone before exactly three digits
 * ("39,102"), separates thousands (money is written with two decimals).
 */
export function amountOf(v: unknown): number | undefined {
  if (typeof v === "number") return Number.isFinite(v) ? v : undefined;
  if (typeof v !== "string") return undefined;
  let s = v.trim().replace(/[\s\u00a0$€£]|USD|EUR|CAD|GBP/g, "");
  let sign = 1;
  if (/^\(.*\)$/.test(s)) [s, sign] = [s.slice(1, -1), -1];
  if (s.startsWith("-")) [s, sign] = [s.slice(1), -sign];
  if (!/^\d[\d.,]*$/.test(s)) return undefined;
  const mark = Math.max(s.lastIndexOf("."), s.lastIndexOf(","));
  let decimal = mark >= 0;
  if (decimal && !(s.includes(".") && s.includes(","))) decimal = s.indexOf(s[mark]!) === mark && s.length - mark - 1 !== 3;
  const n = Number(decimal ? `${s.slice(0, mark).replace(/[.,]/g, "")}.${s.slice(mark + 1)}` : s.replace(/[.,]/g, ""));
  return Number.isFinite(n) ? sign * n : undefined;
}
