// A warranty's end date on a document billed at 0 as warranty work (zero-price.ts): field-service
// and after-sales systems put the unit's warranty end on the job ("Warranty Expires"), and work
// done after it is billable, whatever the job type says. Source attributes keep the export's own
// text (the connector converts only the mapped date), so a date is read in every way it can be
// read — ISO, DD.MM.YYYY, and both month-first and day-first for slashes and dashes — and the
// warranty has ended only when every reading of its end is before every reading of the day the
// work was done (the document's date, or the service date it names when earlier): 03/07/2025,
// 7 March or 3 July, proves nothing about work done in May — unless the document's other dates, or
// the export's (its date format's, or what its documents show: AnalysisContext.dayOrder), tell
// the order it is written in.
import type { Transaction } from "../../../domain/transaction.ts";
import { type DayOrder, dayOf, dayOrderFor } from "../../dates.ts";
import { attributeNameMatcher } from "./markers.ts";
import { dateReadings, readingsIn, workDateField } from "./work-dates.ts";

/** Attributes naming when a warranty (or guarantee) ends. */
export const WARRANTY_END_FIELDS = [
  "warranty_end", "warranty_end_date", "warranty_ends", "warranty_expires", "warranty_expires_on", "warranty_expiry", "warranty_expiry_date",
  "warranty_expiration", "warranty_expiration_date", "warranty_until", "warranty_valid_until", "warranty_valid_to", "warranty_to",
  "guarantee_end", "guarantee_end_date", "guarantee_expires", "guarantee_until",
] as const;
const warrantyEndField = attributeNameMatcher(WARRANTY_END_FIELDS);
/** Free-of-charge reasons that are a warranty's. */
export const WARRANTY_REASON = /warrant|guarantee|garantie|gewährleistung/i;

/** The warranty's end (its latest reading) when it ended before the work was done, else undefined.
 *  `exportOrder`: the export's order of day and month (AnalysisContext.dayOrder). */
export function warrantyEnded(txn: Transaction, exportOrder?: DayOrder): string | undefined {
  const attrs = txn.attributes;
  if (!attrs) return undefined;
  const ends: string[] = [];
  let work = dayOf(txn.date);
  /** The row's order once an ambiguous date asks for it (null: nothing tells). */
  let order: DayOrder | null | undefined;
  const readings = (v: string) => {
    const all = dateReadings(v);
    if (all.length < 2) return all;
    order ??= dayOrderFor(attrs, exportOrder) ?? null;
    return readingsIn(v, all, order ?? undefined);
  };
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || v === "") continue;
    if (warrantyEndField(name) !== null) ends.push(...readings(v));
    else if (workDateField(name) !== null) for (const d of readings(v)) if (work === null || d < work) work = d;
  }
  if (ends.length === 0 || work === null) return undefined;
  const latest = ends.reduce((a, b) => (a > b ? a : b));
  return latest < work ? latest : undefined;
}
