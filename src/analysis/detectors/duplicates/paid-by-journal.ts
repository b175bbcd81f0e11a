// A payment made again by a journal (duplicate_payment): on a general ledger mapped one row per
// line (its account an attribute, ledgerAccountOf), a journal line naming a counterparty that
// repeats a payment's line — the same counterparty, currency, amount and sign, account and site,
// what history.ts fingerprints of a payment — dated on or up to `window_days` after it. The
// payment run debits the vendor's payable and credits the bank; a clerk's journal doing the same
// for the same vendor and amount days later pays the bill a second time: a payment by its lines,
// though not by its type, so duplicate-document.ts never compared it. A journal voiding the
// payment (the payable credited back) has the other sign; the vendor's next bill paid is weeks
// later; the same amount on another account (a reclass) is no payment; a payment the bank
// returned and treasury booked back (payment-returns.ts) is paid again rightly.
import { daysBetween } from "../../dates.ts";
import { ledgerAccountOf } from "../../account-field.ts";
import { fingerprint, type HistoryEntry } from "../../history.ts";
import { round2, roundMoney } from "../../../domain/rounding.ts";
import type { DetectorInput, Finding } from "../types.ts";
import { returnsOf } from "./payment-returns.ts";
import { twinWindow } from "./twin-window.ts";

/** weight 0.9 × score 0.9: high — the lines prove the money went out twice, not that it is lost. */
const SCORE = 0.9;

/** The finding for a journal line that repeats an earlier payment's line (module comment), else undefined. */
export function paidAgainByJournal(input: DetectorInput, ms: number): Finding | undefined {
  const { txn, ctx, config, self } = input;
  if (txn.type !== "journal_entry" || txn.customer_id === undefined || txn.lines.length > 0 || !txn.amount) return undefined;
  if (!ledgerAccountOf(txn.attributes)) return undefined;
  const payments = ctx.history.withFingerprint(fingerprint({ ...txn, type: "payment" }));
  if (!payments) return undefined;
  const window = config.duplicate_detection.window_days;
  let returned: ReturnType<typeof returnsOf> | undefined;
  // The earliest payment dated within the window up to the journal (before it in history order,
  // when the history holds it), not booked back by then: a payment the bank returned, booked back
  // before this journal, is paid by it once. If a later payment was booked back by then, so was an
  // earlier one (payment-returns.ts): binary searches among the payments in time order
  // (twin-window.ts), not a walk over them for each journal — n payments of one day booked back,
  // and n journals paying again the next day, made n x n steps.
  const upTo: HistoryEntry = self && self.ms <= ms ? self : { id: "", seq: Number.POSITIVE_INFINITY, ms, amount: 0 };
  const original = twinWindow(payments, window).earliestWithin(undefined, ms, upTo, false, (p) => !(returned ??= returnsOf(txn, ctx))(p, ms), true);
  if (!original) return undefined;
  const days = round2(daysBetween(original.ms, ms));
  return {
    code: "duplicate_payment",
    score: SCORE,
    message: `paid again by a journal: the same counterparty, currency, amount and account as payment ${original.id}, ${days} days earlier`,
    field: "transaction_id",
    expected: { unique: true },
    actual: { duplicate_of: original.id, days_apart: days, by_journal: true },
    // Once per journal: on its debit (the payable settled again), not on the bank line as well.
    amount_at_risk: txn.amount > 0 ? roundMoney(txn.amount) : 0,
    risk_key: "whole",
  };
}
