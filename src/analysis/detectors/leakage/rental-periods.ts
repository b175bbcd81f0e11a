// An equipment rental's bills against the rental contract they belong to. A rental management
// system (Wynne RentalMan, Point of Rental, InTempo / Texada) bills a contract from the day its
// machines went out (`Date Out`) in bills that each name the days they charge (`Bill From`, `Bill
// Thru`): a long rental every 28 days (cycle billing), then a final bill when the last machine is
// off rent — the day the customer called it off (`Off Rent Date`: billing stops, the pickup
// follows) or, without a call-off, the day it came back (`Date Returned`). A revenue-assurance
// analyst lines up each contract's bills and looks for the days no bill charges:
// - rental_period_not_billed: a bill whose days begin after the days the contract's earlier bills
//   charged ended — a 28-day cycle never billed (the billing run skipped it, a hold never lifted).
//   At risk: the gap's days at this bill's rental per day.
// - rental_billed_short_of_return: the contract's last bill ends before the machine was off rent —
//   a rental returned late billed only to the day it was expected back. A day's grace: a machine
//   back the next morning is the last day's (the grace rental houses give on return). Only a bill
//   issued on or after that day is held to it: a contract called off after its last cycle bill
//   has its final bill still to come. At risk: the days after the bill's end at its rental per day,
//   or, where the price list has the bill's rates, by the best-rate rule (rental-best-rate.ts,
//   asked by the detector of the bill it goes on).
// Only documents that say they are a rental are read (a date out, the days billed and the
// contract: `contract_id`), so no other kind of bill is judged. The contract's bills are judged
// together over the history, so a re-export that repeats the return date on a contract's earlier
// cycle bills reports none of them: only the last bill is held to the return.
// Dates are the attributes' text: an export writes them alike, so an ambiguous one (07/09/2026)
// is read in the order its document's other dates show, else in the export's (its configured date
// format's, or what its documents show: AnalysisContext.dayOrder), else in the order most of the
// rental bills of the history show, else not at all.
import type { Transaction } from "../../../domain/transaction.ts";
import { isPercentUnit } from "../../../domain/transaction.ts";
import { DAY_MS, dayOf, type DayOrder, dayOrderOf } from "../../dates.ts";
import type { Finding } from "../types.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";

export const RENTAL_GAP_CODE = "rental_period_not_billed" as const;
export const RENTAL_SHORT_CODE = "rental_billed_short_of_return" as const;

const dateOutField = attributeNameMatcher(["date_out", "out_date", "rental_out_date"]);
const billFromField = attributeNameMatcher(["bill_from", "billed_from", "bill_from_date", "billing_from"]);
const billThruField = attributeNameMatcher(["bill_thru", "bill_through", "billed_thru", "billed_through", "bill_thru_date", "billing_thru"]);
const offRentField = attributeNameMatcher(["off_rent_date", "off_rent", "off_rent_on", "call_off_date", "called_off_on"]);
const returnedField = attributeNameMatcher(["date_returned", "returned_date", "return_date", "returned_on", "date_in", "check_in_date", "checked_in_on"]);

/** A rate period of a rental line (DAY, WK, 4WK, 28 DAY, MO, HR…), as attributeKey writes it. */
const RENTAL_PERIOD = /^\d*(D|DY|DAY|DAYS|W|WK|WKS|WEEK|WEEKS|MO|MOS|MTH|MONTH|MONTHS|HR|HRS|HOUR|HOURS|SHIFT)$/;
/** A machine back within this many days after the bill's end is the last day's. */
const GRACE_DAYS = 1;

/** A rental bill as the history pass reads it: its dates as written, resolved at judgement. */
export interface RentalBill {
  id: string;
  /** The bill's own day (YYYY-MM-DD). */
  date: string;
  /** The contract and the customer billed. */
  contract: string;
  from: string;
  thru: string;
  offRent: string | undefined;
  returned: string | undefined;
  /** The order its own dates show, if they do. */
  order: DayOrder | undefined;
  /** Its rental charges: lines at a rate period, and the charges in percent of them (a damage waiver). */
  rent: number;
}

/** Collects, over the history pass, the bills that say they are a rental. */
export class RentalBills {
  readonly bills: RentalBill[] = [];

  /** Adds a later part of the history (a scan worker's part). */
  merge(bills: readonly RentalBill[]) {
    for (const b of bills) this.bills.push(b);
  }

  add(t: Transaction) {
    if (t.type !== "invoice" || !t.contract_id || !t.attributes) return;
    let out: string | undefined, from: string | undefined, thru: string | undefined, offRent: string | undefined, returned: string | undefined;
    for (const name in t.attributes) {
      const v = t.attributes[name];
      if (typeof v !== "string" || v.trim() === "") continue;
      if (dateOutField(name) !== null) out = v;
      else if (billFromField(name) !== null) from = v;
      else if (billThruField(name) !== null) thru = v;
      else if (offRentField(name) !== null) offRent = v;
      else if (returnedField(name) !== null) returned = v;
    }
    if (out === undefined || from === undefined || thru === undefined) return;
    let rent = 0;
    for (const l of t.lines) {
      if (l.amount === undefined || !Number.isFinite(l.amount) || l.unit === undefined) continue;
      if (isPercentUnit(l.unit) || RENTAL_PERIOD.test(attributeKey(l.unit))) rent += l.amount;
    }
    const date = dayOf(t.date);
    if (date === null) return;
    this.bills.push({ id: t.transaction_id, date, contract: `${t.contract_id}\u0000${t.customer_id ?? ""}`, from, thru, offRent, returned, order: dayOrderOf(t.attributes), rent });
  }

  /** Findings by transaction id. `tolerance`: money that is rounding; `dayOrder`: the export's. */
  judge(tolerance: number, dayOrder?: DayOrder): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    if (this.bills.length === 0) return out;
    // The export's order: what most bills whose own dates tell say.
    let monthFirst = 0, dayFirst = 0;
    for (const b of this.bills) if (b.order === "month_first") monthFirst++; else if (b.order === "day_first") dayFirst++;
    const exportOrder: DayOrder | undefined = dayOrder ?? (monthFirst > dayFirst ? "month_first" : dayFirst > monthFirst ? "day_first" : undefined);
    const byContract = new Map<string, { bill: RentalBill; from: number; thru: number }[]>();
    for (const b of this.bills) {
      const order = b.order ?? exportOrder;
      const from = readDay(b.from, order), thru = readDay(b.thru, order);
      if (Number.isNaN(from) || Number.isNaN(thru) || thru < from) continue;
      const list = byContract.get(b.contract);
      if (list) list.push({ bill: b, from, thru });
      else byContract.set(b.contract, [{ bill: b, from, thru }]);
    }
    const add = (id: string, f: Finding) => {
      const list = out.get(id);
      if (list) list.push(f);
      else out.set(id, [f]);
    };
    for (const bills of byContract.values()) {
      bills.sort((a, b) => a.from - b.from || a.thru - b.thru);
      // Days no bill charges between the contract's bills.
      let billedUntil = bills[0]!.thru;
      for (const b of bills.slice(1)) {
        const gap = Math.round((b.from - billedUntil) / DAY_MS);
        if (gap > GRACE_DAYS) {
          const risk = round2(perDay(b) * gap);
          if (risk > tolerance)
            add(b.bill.id, {
              code: RENTAL_GAP_CODE,
              score: 0.85,
              message: `bills its contract from ${iso(b.from)}, but the contract's earlier bills end ${iso(billedUntil)}: ${gap} days of the rental are billed by no bill`,
              field: "attributes",
              expected: { bill_from: iso(billedUntil) },
              actual: { bill_from: iso(b.from), bill_thru: iso(b.thru), days_not_billed: gap },
              amount_at_risk: risk,
              risk_key: `rental-gap:${b.bill.id}`,
            });
        }
        if (b.thru > billedUntil) billedUntil = b.thru;
      }
      // The last bill against the day the machines were off rent.
      const last = bills.reduce((a, b) => (b.thru > a.thru ? b : a));
      const order = last.bill.order ?? exportOrder;
      const offRent = last.bill.offRent !== undefined ? readDay(last.bill.offRent, order) : Number.NaN;
      const stop = !Number.isNaN(offRent) ? offRent : last.bill.returned !== undefined ? readDay(last.bill.returned, order) : Number.NaN;
      // Off rent after the bill was issued: the final bill is still to come (a contract called off
      // after its last cycle bill, exported before its final one).
      if (Number.isNaN(stop) || stop > Date.parse(last.bill.date)) continue;
      const short = Math.round((stop - last.thru) / DAY_MS);
      if (short <= GRACE_DAYS) continue;
      const risk = round2(perDay(last) * short);
      if (risk <= tolerance) continue;
      const what = !Number.isNaN(offRent) ? "called off rent" : "returned";
      add(last.bill.id, {
        code: RENTAL_SHORT_CODE,
        score: 0.85,
        message: `the contract's last bill ends ${iso(last.thru)}, but its equipment was ${what} ${iso(stop)}: ${short} days of the rental are billed by no bill`,
        field: "attributes",
        expected: { bill_thru: iso(stop) },
        actual: { bill_from: iso(last.from), bill_thru: iso(last.thru), days_billed: Math.max(1, Math.round((last.thru - last.from) / DAY_MS)), [what === "returned" ? "date_returned" : "off_rent_date"]: iso(stop), days_not_billed: short },
        amount_at_risk: risk,
        risk_key: `rental-short:${last.bill.id}`,
      });
    }
    return out;
  }
}

/** The bill's rental charges per day of the days it bills (a 24-hour rental day: at least one). */
function perDay(b: { bill: RentalBill; from: number; thru: number }): number {
  return b.bill.rent / Math.max(1, Math.round((b.thru - b.from) / DAY_MS));
}

const SLASHED = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4}|\d{2})$/;

/** A date's day (UTC midnight, ms) in `order` where day and month could swap; NaN if it cannot be read. */
export function readDay(text: string, order: DayOrder | undefined): number {
  const v = text.trim().replace(/[T ].*$/, "");
  const isoDay = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  if (isoDay) return utc(+isoDay[1]!, +isoDay[2]!, +isoDay[3]!);
  const m = SLASHED.exec(v);
  if (!m) return Number.NaN;
  const a = +m[1]!, b = +m[2]!, y = m[3]!.length === 2 ? 2000 + +m[3]! : +m[3]!;
  if (a > 12) return utc(y, b, a);
  if (b > 12) return utc(y, a, b);
  if (a === b) return utc(y, a, b);
  if (order === undefined) return Number.NaN;
  return order === "month_first" ? utc(y, a, b) : utc(y, b, a);
}

function utc(y: number, m: number, d: number): number {
  if (m < 1 || m > 12 || d < 1 || d > 31) return Number.NaN;
  const t = Date.UTC(y, m - 1, d);
  return new Date(t).getUTCDate() === d ? t : Number.NaN;
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const round2 = (v: number) => Math.round(v * 100) / 100;
