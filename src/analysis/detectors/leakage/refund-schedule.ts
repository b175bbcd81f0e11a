// refund_beyond_schedule: a withdrawal refunded at a higher percentage than the term's schedule
// allows. A university refunds a complete withdrawal by its published schedule (Banner's refund
// rules by part of term, Colleague's and PeopleSoft's withdrawal refund tables): a percentage of
// the charges that falls as the term goes on — 100 % the first week, 75 % the second, 50 %, 25 %,
// nothing after the sixth — measured from the term's first day, which the account detail does not
// carry. What it does carry is every withdrawal's date and the percentage refunded (Banner's
// `Refund Pct` and `Withdrawal Date` on the reversal): whatever the schedule, a withdrawal cannot
// be refunded more than the term's earlier withdrawals were. A refund whose percentage is above
// that of at least MIN_LOWER withdrawals of the same term (and part of term: a second summer
// session starts weeks later) dated before it is beyond the schedule — a bursar keying 100 % in
// the 50 % week. At risk: the refund above the lowest percentage those earlier withdrawals got
// (its own percentage's share of it), a floor of what the schedule allowed.
//
// A refund is a credit note stating both a refund percentage (REFUND_PCT_FIELDS) and a withdrawal
// date (WITHDRAWAL_DATE_FIELDS); the term is its term column (TERM_FIELDS), with its part of term
// where the export has one (PART_OF_TERM_FIELDS). A refund without a term is not judged.
import type { Transaction } from "../../../domain/transaction.ts";
import { type DayOrder, dayOrderOf, parseDateMs } from "../../dates.ts";
import type { Finding } from "../types.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";
import { readDay } from "./rental-periods.ts";

export const REFUND_SCHEDULE_CODE = "refund_beyond_schedule" as const;

const refundPctField = attributeNameMatcher(["refund_pct", "refund_percent", "refund_percentage", "refund_rate", "tuition_refund_pct", "refund_pct_applied", "withdrawal_refund_pct"]);
const withdrawalDateField = attributeNameMatcher(["withdrawal_date", "withdrawn_date", "date_withdrawn", "withdrawal_effective_date", "withdrawn_on", "wd_date", "withdraw_date", "last_date_of_attendance"]);
const termField = attributeNameMatcher(["term_code", "term", "term_id", "academic_term", "academic_period", "strm", "session_term"]);
const partOfTermField = attributeNameMatcher(["part_of_term", "ptrm", "ptrm_code", "session", "session_code", "sub_term"]);

/** Earlier withdrawals of the term refunded less: what makes a schedule, not one exception. */
const MIN_LOWER = 3;

/** A withdrawal's refund as the history pass reads it. */
export interface WithdrawalRefund {
  id: string;
  term: string;
  /** The withdrawal's day (UTC midnight, ms). */
  withdrawn: number;
  pct: number;
  /** What it refunded (positive). */
  refunded: number;
}

/** Collects, over the history pass, the credit notes that refund a withdrawal by a percentage. */
export class WithdrawalRefunds {
  readonly refunds: WithdrawalRefund[] = [];

  merge(refunds: readonly WithdrawalRefund[]) {
    for (const r of refunds) this.refunds.push(r);
  }

  add(t: Transaction, exportOrder?: DayOrder) {
    if (t.type !== "credit_note" || !t.attributes) return;
    let pctText: string | undefined, dateText: string | undefined, term: string | undefined, part = "";
    for (const name in t.attributes) {
      const v = t.attributes[name];
      if (v === null || v === undefined) continue;
      const text = String(v).trim();
      if (text === "") continue;
      if (refundPctField(name) !== null) pctText = text;
      else if (withdrawalDateField(name) !== null) dateText = text;
      else if (termField(name) !== null) term = text;
      else if (partOfTermField(name) !== null) part = text;
    }
    if (pctText === undefined || dateText === undefined || term === undefined) return;
    const pct = Number(pctText.replace(/%$/, "").trim());
    if (!Number.isFinite(pct) || pct <= 0 || pct > 100) return;
    const withdrawn = readDayText(dateText, dayOrderOf(t.attributes) ?? exportOrder);
    if (Number.isNaN(withdrawn)) return;
    const refunded = Math.abs(t.amount ?? t.lines.reduce((s, l) => s + (l.amount ?? 0), 0));
    if (!(refunded > 0)) return;
    this.refunds.push({ id: t.transaction_id, term: `${attributeKey(term)}\u0000${attributeKey(part)}`, withdrawn, pct, refunded });
  }

  /** Findings by transaction id. `tolerance`: money that is rounding. */
  judge(tolerance: number): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    const byTerm = new Map<string, WithdrawalRefund[]>();
    for (const r of this.refunds) {
      const list = byTerm.get(r.term);
      if (list) list.push(r);
      else byTerm.set(r.term, [r]);
    }
    for (const refunds of byTerm.values()) {
      if (refunds.length <= MIN_LOWER) continue;
      for (const r of refunds) {
        let lower = 0;
        let floor = r.pct;
        for (const o of refunds) {
          if (o === r || !(o.withdrawn < r.withdrawn)) continue;
          if (o.pct < r.pct) lower++;
          if (o.pct < floor) floor = o.pct;
        }
        if (lower < MIN_LOWER) continue;
        const risk = Math.round(((r.refunded * (r.pct - floor)) / r.pct) * 100) / 100;
        if (risk <= tolerance) continue;
        out.set(r.id, [
          {
            code: REFUND_SCHEDULE_CODE,
            score: 0.85,
            message: `refunds ${r.pct} % of the charges for a withdrawal on ${new Date(r.withdrawn).toISOString().slice(0, 10)}, where ${lower} withdrawals of the same term before it were refunded less (down to ${floor} %): beyond the term's refund schedule`,
            field: "attributes",
            expected: { refund_pct_at_most: floor },
            actual: { refund_pct: r.pct, earlier_withdrawals_refunded_less: lower },
            amount_at_risk: risk,
            risk_key: `refund-schedule:${r.id}`,
          },
        ]);
      }
    }
    return out;
  }
}

const MONTHS: Record<string, number> = { JAN: 1, FEB: 2, MAR: 3, APR: 4, MAY: 5, JUN: 6, JUL: 7, AUG: 8, SEP: 9, SEPT: 9, OCT: 10, NOV: 11, DEC: 12 };

/** A date's day (UTC midnight, ms): ISO, a slashed one in `order` where it could swap, or a month's name (17-SEP-2024, 17 Sep 2024, Sep 17, 2024); NaN if unread. */
function readDayText(text: string, order: DayOrder | undefined): number {
  const named = /^(\d{1,2})[-\s]([A-Za-z]{3,4})[a-z]*[-\s,]+(\d{4})$/.exec(text) ?? null;
  if (named) return monthDay(+named[3]!, named[2]!, +named[1]!);
  const us = /^([A-Za-z]{3,4})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})$/.exec(text);
  if (us) return monthDay(+us[3]!, us[1]!, +us[2]!);
  const day = readDay(text, order);
  if (!Number.isNaN(day)) return day;
  const ms = parseDateMs(text);
  return Number.isNaN(ms) ? Number.NaN : ms - (ms % 86_400_000);
}

function monthDay(y: number, month: string, d: number): number {
  const m = MONTHS[month.toUpperCase()];
  if (m === undefined || d < 1 || d > 31) return Number.NaN;
  const t = Date.UTC(y, m - 1, d);
  return new Date(t).getUTCDate() === d ? t : Number.NaN;
}
