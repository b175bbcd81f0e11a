// A warranty's end date on a document billed at 0 as warranty work (zero-price.ts): field-service
// and after-sales systems put the unit's warranty end on the job ("Warranty Expires"), and work
// done after it is billable, whatever the job type says. Source attributes keep the export's own
// text (the connector converts only the mapped date), so a date is read in every way it can be
// read — ISO, DD.MM.YYYY, and both month-first and day-first for slashes and dashes — and the
// warranty has ended only when every reading of its end is before every reading of the day the
// work was done (the document's date, or the service date it names when earlier): 03/07/2025,
// 7 March or 3 July, proves nothing about work done in May.
import type { Transaction } from "../../../domain/transaction.ts";
import { dayOf } from "../../dates.ts";
import { attributeNameMatcher } from "./markers.ts";

/** Attributes naming when a warranty (or guarantee) ends. */
export const WARRANTY_END_FIELDS = [
  "warranty_end", "warranty_end_date", "warranty_ends", "warranty_expires", "warranty_expires_on", "warranty_expiry", "warranty_expiry_date",
  "warranty_expiration", "warranty_expiration_date", "warranty_until", "warranty_valid_until", "warranty_valid_to", "warranty_to",
  "guarantee_end", "guarantee_end_date", "guarantee_expires", "guarantee_until",
] as const;
/** Attributes naming the day the work was done. */
export const WORK_DATE_FIELDS = ["service_date", "visit_date", "job_date", "work_date", "completion_date", "completed_date"] as const;
const warrantyEndField = attributeNameMatcher(WARRANTY_END_FIELDS);
const workDateField = attributeNameMatcher(WORK_DATE_FIELDS);
/** Free-of-charge reasons that are a warranty's. */
export const WARRANTY_REASON = /warrant|guarantee|garantie|gewährleistung/i;

/** The calendar days (YYYY-MM-DD) a date text can mean: one, two (05/03/2025), or none. */
export function dateReadings(text: string): string[] {
  const v = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ].*)?$/.exec(v);
  if (iso) return valid(+iso[1]!, +iso[2]!, +iso[3]!);
  const dotted = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(v);
  if (dotted) return valid(year(dotted[3]!), +dotted[2]!, +dotted[1]!);
  const other = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?:[T ].*)?$/.exec(v);
  if (!other) return [];
  const [a, b, y] = [+other[1]!, +other[2]!, year(other[3]!)];
  return [...new Set([...valid(y, a, b), ...valid(y, b, a)])];
}

const year = (y: string) => (y.length === 2 ? 2000 + +y : +y);

function valid(y: number, m: number, d: number): string[] {
  if (m < 1 || m > 12 || d < 1 || d > 31) return [];
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCMonth() === m - 1 ? [t.toISOString().slice(0, 10)] : [];
}

/** The warranty's end (its latest reading) when it ended before the work was done, else undefined. */
export function warrantyEnded(txn: Transaction): string | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  const ends: string[] = [];
  let work = dayOf(txn.date);
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || v === "") continue;
    if (warrantyEndField(name) !== null) ends.push(...dateReadings(v));
    else if (workDateField(name) !== null) for (const d of dateReadings(v)) if (work === null || d < work) work = d;
  }
  if (ends.length === 0 || work === null) return undefined;
  const latest = ends.reduce((a, b) => (a > b ? a : b));
  return latest < work ? latest : undefined;
}
