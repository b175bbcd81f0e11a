// instalment_after_cancellation: an instalment invoiced on a cancelled policy after its
// cancellation was settled. An insurer's billing system (Guidewire BillingCenter, Duck Creek,
// Majesco) writes the policy's status and cancellation date on every invoice of the term; when the
// cancellation is processed it settles the term — the return premium credited above the earned
// figure, or the earned premium billed where the instalments fell short — and closes the payment
// plan. An instalment issued between the cancellation's effective date and its processing is
// regular (the settlement counts it among the premium billed); one issued after the settlement
// bills a policy no longer in force (the schedule never stopped), and nothing settles it again.
//
// A document of a cancelled policy states the cancellation date (CANCELLATION_DATE_FIELDS) and,
// where the export has a status column (POLICY_STATUS_FIELDS), a status saying cancelled (a
// reinstated policy is in force again: its instalments go on). An instalment is an invoice stating
// its number (INSTALMENT_FIELDS); the settlement is the first document of the same contract and
// cancellation date, dated on or after that date, that bills no instalment (the return premium, a
// final bill of earned premium; an audit of the cancelled policy comes later still). An instalment
// dated after the settlement is reported. At risk: the instalment's amount.
import type { Transaction } from "../../../domain/transaction.ts";
import { type DayOrder, dayOrderOf, parseDateMs } from "../../dates.ts";
import type { Finding } from "../types.ts";
import { INSTALMENT_FIELDS } from "../../history.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";
import { readDay } from "./rental-periods.ts";

export const INSTALMENT_AFTER_CANCELLATION_CODE = "instalment_after_cancellation" as const;

const CANCELLATION_DATE_FIELDS = [
  "cancellation_date", "cancel_date", "cancellation_effective_date", "cancel_effective_date", "cancellation_effective",
  "cancelled_on", "canceled_on", "date_cancelled", "date_canceled", "policy_cancel_date", "policy_cancellation_date",
];
const POLICY_STATUS_FIELDS = ["policy_status", "contract_status", "coverage_status", "agreement_status"];
const cancellationDateField = attributeNameMatcher(CANCELLATION_DATE_FIELDS);
const policyStatusField = attributeNameMatcher(POLICY_STATUS_FIELDS);
const numberField = attributeNameMatcher(INSTALMENT_FIELDS);

/** A document of a cancelled policy, as the history pass reads it. */
export interface CancelledPolicyDocument {
  id: string;
  /** Contract and the cancellation date as written. */
  policy: string;
  cancellation: string;
  /** The order of day and month the document's own dates show, if they show one. */
  order?: DayOrder;
  /** The document's day (ms). */
  day: number;
  instalment: boolean;
  /** Whether it bills the plan's first instalment (the down payment): the term's billing begins in the history. */
  firstInstalment?: boolean;
  amount: number;
  /** What it bills, signed: a credit note's amount negative however the export writes it. */
  signed?: number;
}

/** Collects, over the history pass, the documents of cancelled policies. */
export class CancelledPolicies {
  readonly documents: CancelledPolicyDocument[] = [];

  merge(documents: readonly CancelledPolicyDocument[]) {
    for (const d of documents) this.documents.push(d);
  }

  add(t: Transaction) {
    if ((t.type !== "invoice" && t.type !== "credit_note") || !t.attributes || !t.contract_id) return;
    let cancellation = "", status: string | undefined, instalment = false, firstInstalment = false;
    for (const name in t.attributes) {
      const v = t.attributes[name];
      if (v === null || v === undefined) continue;
      const text = String(v).trim();
      if (cancellationDateField(name) !== null) cancellation = text;
      else if (policyStatusField(name) !== null) status = attributeKey(text);
      else if (numberField(name) !== null && /^\d+$/.test(text) && Number(text) >= 1) {
        instalment = true;
        firstInstalment = Number(text) === 1;
      }
    }
    if (cancellation === "" || (status !== undefined && !status.startsWith("CANCEL"))) return;
    const ms = t.date ? parseDateMs(t.date) : Number.NaN;
    if (Number.isNaN(ms)) return;
    const amount = t.amount ?? t.lines.reduce((s, l) => s + (l.amount ?? 0), 0);
    const signed = t.type === "credit_note" ? -Math.abs(amount) : amount;
    this.documents.push({ id: t.transaction_id, policy: t.contract_id, cancellation, order: dayOrderOf(t.attributes), day: ms - (ms % 86_400_000), instalment: instalment && t.type === "invoice", firstInstalment: instalment && firstInstalment && t.type === "invoice", amount, signed });
  }

  /** Findings by transaction id. `dayOrder`: the export's order of day and month, for a cancellation date the document's own dates leave open. */
  judge(dayOrder?: DayOrder): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    const byPolicy = new Map<string, CancelledPolicyDocument[]>();
    for (const d of this.documents) {
      const key = `${d.policy}\u0000${d.cancellation}`;
      const list = byPolicy.get(key);
      if (list) list.push(d);
      else byPolicy.set(key, [d]);
    }
    for (const docs of byPolicy.values()) {
      const first = docs[0]!;
      const cancelled = readDay(first.cancellation, first.order ?? dayOrder);
      if (Number.isNaN(cancelled)) continue;
      let settled = Number.POSITIVE_INFINITY;
      for (const d of docs) if (!d.instalment && d.day >= cancelled && d.day < settled) settled = d.day;
      if (settled === Number.POSITIVE_INFINITY) continue;
      const on = (ms: number) => new Date(ms).toISOString().slice(0, 10);
      for (const d of docs) {
        if (!d.instalment || !(d.day > settled) || !(d.amount > 0)) continue;
        out.set(d.id, [
          {
            code: INSTALMENT_AFTER_CANCELLATION_CODE,
            score: 0.85,
            message: `bills an instalment on ${on(d.day)} of a policy cancelled on ${on(cancelled)} whose cancellation was settled on ${on(settled)}: the payment plan was not stopped`,
            field: "attributes",
            expected: { cancelled_on: on(cancelled), settled_on: on(settled) },
            actual: { instalment_billed_on: on(d.day) },
            amount_at_risk: Math.round(d.amount * 100) / 100,
            risk_key: `instalment-after-cancellation:${d.id}`,
          },
        ]);
      }
    }
    return out;
  }
}
