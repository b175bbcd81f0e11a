// The day the work was done, as a document names it beside its invoice date: field-service,
// construction and T&M systems bill a job days or weeks after it (a ticket worked on 30 December
// goes out with January's batch). What was done is priced at the rates of that day
// (line-facts.ts), and warranty work is judged against that day (warranty.ts). Source attributes
// keep the export's own text (the connector converts only the mapped date), so a date is read in
// every way it can be — ISO, DD.MM.YYYY, and both month-first and day-first for slashes and dashes.
// A carrier's freight bill names the day the freight was picked up (`Ship Date`, `Pickup Date`):
// freight is rated at the tariff in force that day, though it is billed on delivery. A medical
// claim names its date of service (`Date of Service`, `DOS`): the service is charged at the
// chargemaster and paid at the fee schedule of that day, though the claim is created days later.
// An equipment rental names the day its machines went out (`Date Out` in Wynne RentalMan and
// InTempo, `Out Date` in Point of Rental): the rates are written on the contract that day, and
// every 28-day cycle of a rental that runs past the rate book's yearly renewal is billed at them.
// A charging session names its start (`Session Start`, OCPI's CDR `start_date_time`): it is priced
// at the tariff valid when it started, though its receipt is dated the day it ended.
import type { Transaction } from "../../../domain/transaction.ts";
import { type DayOrder, dayOrderFor } from "../../dates.ts";
import { attributeNameMatcher } from "./markers.ts";

/** Attributes naming the day the work was done. */
export const WORK_DATE_FIELDS = ["service_date", "visit_date", "job_date", "work_date", "completion_date", "completed_date", "ship_date", "pickup_date", "pick_up_date", "date_of_service", "dos", "date_out", "out_date", "session_start", "session_start_time", "start_date_time"] as const;
export const workDateField = attributeNameMatcher(WORK_DATE_FIELDS);

/** Whether the document names the day its work was done (any work date column with a value). */
export function namesWorkDate(txn: Transaction): boolean {
  const attrs = txn.attributes;
  if (!attrs) return false;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v === "string" && v.trim() !== "" && workDateField(name) !== null) return true;
  }
  return false;
}

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

/**
 * The days before `day` (the invoice's, YYYY-MM-DD) on which the document says its work was done:
 * the days whose prices the work may carry. An ambiguous date (06/07/2025) is read in the order
 * the document's other dates show (a "Period Ending" of 06/30/2025 is month-first: an export writes
 * all its dates alike), else in the export's order (`exportOrder`: its configured date format's, or
 * what its other documents show); where none tells, as the reading nearest on or before the invoice's day
 * (work is billed after it is done: 05/02/2025 on an invoice of 2 May is that day, not
 * 5 February). A work date on the invoice's day or after it (billed in advance) adds no day.
 */
export function workDaysBefore(txn: Transaction, day: string | null, exportOrder?: DayOrder): string[] {
  const attrs = txn.attributes;
  if (!attrs || day === null) return [];
  let out: string[] | undefined;
  /** The row's day order once an ambiguous work date asks for it (null: the row does not tell). */
  let order: DayOrder | null | undefined;
  for (const name in attrs) {
    const v = attrs[name];
    if (typeof v !== "string" || v === "" || workDateField(name) === null) continue;
    let readings = dateReadings(v);
    if (readings.length > 1) {
      order ??= dayOrderFor(attrs, exportOrder) ?? null;
      if (order) readings = readingsIn(v, readings, order);
    }
    let nearest: string | undefined;
    for (const d of readings) if (d <= day && (nearest === undefined || d > nearest)) nearest = d;
    if (nearest !== undefined && nearest < day && !(out ??= []).includes(nearest)) out.push(nearest);
  }
  return out ?? [];
}

/**
 * The days before `day` (YYYY-MM-DD) on which the document's lines say their own work was done
 * (`work_date`, ISO: a call berthed on 30 December on an invoice of 1 January), each once.
 */
export function lineWorkDaysBefore(txn: Transaction, day: string | null): string[] {
  if (day === null) return [];
  let out: string[] | undefined;
  for (const l of txn.lines) {
    const worked = l.work_date?.slice(0, 10);
    if (worked !== undefined && worked < day && !(out ??= []).includes(worked)) out.push(worked);
  }
  return out ?? [];
}

const SLASHED = /^(\d{1,2})[/-](\d{1,2})[/-](\d{2}|\d{4})(?:[T ].*)?$/;

/** The readings of `text` (dateReadings) that `order` allows: the one of an ambiguous slashed date. */
export function readingsIn(text: string, readings: string[], order: DayOrder | undefined): string[] {
  if (readings.length < 2 || !order) return readings;
  const m = SLASHED.exec(text.trim());
  return m ? valid(year(m[3]!), order === "month_first" ? +m[1]! : +m[2]!, order === "month_first" ? +m[2]! : +m[1]!) : readings;
}
