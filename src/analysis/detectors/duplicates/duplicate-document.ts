// duplicate_invoice / duplicate_payment: an earlier invoice (or payment) with the same
// counterparty, currency, amount and lines (and, for a payment, the same reference: the invoice
// it pays) exists within modules.duplicate_detection.window_days.
// Only the later copy is reported (history order: date, then position in the source), so the
// original stays clean. Recurring invoices a month apart fall outside the window. A duplicate
// invoice overbills the customer and proves no lost revenue (amount at risk 0); a duplicate
// payment is money paid out twice (the whole payment is at risk). An invoice whose earlier twin
// was credited in full is a re-issue (an invoice cancelled and issued again, e.g. to correct the
// address or the order number), not a duplicate. Nor is an invoice that, like its twin, bills goods
// shipped against it (shipments naming it, net of returns, carry some of a SKU it bills; freight
// and service lines never ship): two deliveries billed alike are two supplies (a weekly standing
// order), where a copy bills one delivery twice and no shipment names it. Nor is what a payer
// repeats within days again and again (a card's daily coffee, an ad platform's billing threshold):
// a habit, not a copy — but twins each delivered on their own are deliveries, not a habit, so a
// standing order's weeks excuse no copy that no delivery names. On a card feed the card charged is part of the document (history.ts): two
// employees' cards charged the same price at one merchant are two purchases; and where at least
// OTHER_CARDS_ALIKE other cards were each charged a price there twice within the window, a card's
// pair of it is medium (the merchant's price bought again: a café's coffee), not high; on a medical claim the
// patient and the date of service are: two patients' visits billed alike to one payer are two
// claims. An invoice naming the earlier twin as the one it follows (a corrected claim, a
// replacement) is no copy of it, unless the export keeps document statuses and the twin's still
// says it stands (Posted, Paid: a re-issue whose original was never voided). A ledger line with
// neither a counterparty nor lines has no fingerprint but its amount: not judged. A payment
// reversed in full (a payroll void, a returned transfer booked back) and paid again is a reissue.
// Where the documents carry the counterparty's own number (a vendor's invoice number on a bill
// received: counterparty-numbers.ts), it speaks too: a copy keyed weeks later under the same or a
// near-identical number, with its amount's digits swapped or under a second vendor record is a
// copy beyond the window (numbered-copy.ts), and a twin within the window under a number that
// clearly differs is a repeat order or a copy numbered anew: medium, not high. A bill its vendor
// numbered is one received, not issued: a copy of it is paid twice (the whole bill at risk). A
// journal line repeating a payment's line pays it again (paid-by-journal.ts). A general ledger's line
// of a payment received (cash debited, a receivable credited) naming no invoice is the customer's
// money coming in, not judged (received-payment.ts).
import { daysBetween, parseDateMs } from "../../dates.ts";
import { billedContractPeriod, creditedInFull, fingerprint, type HistoryEntry, ledgerSideOf, namesTimesheet, standsByStatus } from "../../history.ts";
import { counterpartyNumberOf, documentColumnNumberOf } from "../../counterparty-numbers.ts";
import { partsOfOneSettlement } from "./split-settlement.ts";
import { instalmentsOf } from "./instalments.ts";
import { type CopyKind, numberedCopy, sameOrNearNumber } from "./numbered-copy.ts";
import { paidAgainByJournal } from "./paid-by-journal.ts";
import { passingOf, twinWindow } from "./twin-window.ts";
import { returnsOf } from "./payment-returns.ts";
import { receivedWithoutInvoice } from "./received-payment.ts";
import { round2, roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { type Detector, type DetectorInput, type Finding, money } from "../types.ts";

export const duplicateDocumentDetector: Detector = {
  codes: ["duplicate_invoice", "duplicate_payment"],
  history: "ledger",
  detect(input) {
    const { txn, ctx, self } = input;
    if (txn.type === "journal_entry") {
      const ms = txn.date ? parseDateMs(txn.date) : Number.NaN;
      const again = Number.isNaN(ms) ? undefined : paidAgainByJournal(input, ms);
      return again ? [again] : [];
    }
    if (txn.type !== "invoice" && txn.type !== "payment") return [];
    // A ledger line that names neither a counterparty nor a line (an FEC's or DATEV's bank, tax or
    // payroll line) is an amount alone, and in double entry both sides of every transfer carry
    // the same one: the salary transfer's bank line is no copy of the payroll's net-pay line.
    if (txn.customer_id === undefined && txn.lines.length === 0) return [];
    // A customer's payment received, naming no invoice: the customer's money coming in, no payment
    // made twice (received-payment.ts).
    if (receivedWithoutInvoice(txn)) return [];
    // parseDateMs: Date.parse's answer, read by hand for the usual shapes (every invoice asks).
    const ms = txn.date ? parseDateMs(txn.date) : Number.NaN;
    if (Number.isNaN(ms)) return [];
    // The counterparty's number from a column naming it, else from the document column where the
    // ledger's numbers there, or its account side's (a bill's payable credited), are the
    // counterparties' own (document-column-numbers.ts).
    let number = counterpartyNumberOf(txn);
    const column = ctx.history.documentColumn;
    const fromDocumentColumn = number === undefined && column.readsAnywhere() && column.reads(ledgerSideOf(txn));
    if (fromDocumentColumn) number = documentColumnNumberOf(txn);
    const twin = twinFinding(input, ms, number, fromDocumentColumn);
    if (twin && twin.score > REPEAT_ORDER_SCORE) return [twin];
    // A copy found by its number (beyond the window, or where the twin's number differs); a
    // document whose own status says it was never made (a voided check) copies nothing.
    const numbered = number !== undefined && !fingerprint(txn).includes("|!not_made") ? numberedCopy(txn, number, ms, ctx, self, fromDocumentColumn) : undefined;
    if (numbered) {
      const days = round2(daysBetween(numbered.original.ms, ms));
      const payment = txn.type === "payment";
      return [
        {
          code: payment ? "duplicate_payment" : "duplicate_invoice",
          score: numbered.kind === "same_number" || numbered.kind === "near_number" ? 0.9 : 0.85,
          message: `same ${payment ? "payment" : "invoice"} as ${numbered.original.id} by the counterparty's number: ${number} and ${numbered.number} ${COPY_WORDS[numbered.kind]}${numbered.kind === "other_vendor_record" ? ` (${numbered.customer})` : ""}, ${days} days apart`,
          field: "transaction_id",
          expected: { unique: true },
          actual: { duplicate_of: numbered.original.id, days_apart: days, counterparty_number: number, original_number: numbered.number, match: numbered.kind, original_counterparty: numbered.customer },
          // A bill the vendor numbered is one received: keyed twice, it is paid twice.
          amount_at_risk: roundMoney(Math.abs(txn.amount ?? 0)),
          risk_key: "whole",
        },
      ];
    }
    return twin ? [twin] : [];
  },
};

/** How each kind of numbered copy is told in the finding's message. */
const COPY_WORDS: Record<CopyKind, string> = {
  same_number: "(the same number, separators, leading zeros and O/0, I/L aside), same counterparty and amount",
  near_number: "(one a copy's variant of the other: two characters swapped, or a suffix), same counterparty and amount",
  amount_digits_swapped: "(the same number and counterparty, the amount with two adjacent digits swapped)",
  other_vendor_record: "(the same number and amount) under another counterparty record",
};

/** The score of a twin within the window whose counterparty number clearly differs: medium. */
const REPEAT_ORDER_SCORE = 0.5;

/** The fingerprint's finding: an earlier document alike within the window (module comment). Exported for the scan workers' tiers (worker-tiers.ts). */
export function twinFinding(input: DetectorInput, ms: number, number: string | undefined, fromDocumentColumn = false): Finding | undefined {
  const { txn, ctx, config, self } = input;
  // Only a document whose cheap key occurs besides itself can have a twin (documentTwins).
  const candidates = input.twins();
  if (!candidates) return undefined;
  const window = config.duplicate_detection.window_days;
  // A twin delivered on its own is a delivery, no evidence of a habit, when the judged invoice has
  // no delivery of its own: a standing order's weeks are each delivered, and its re-released copy
  // bills one of them again.
  const undelivered = txn.type === "invoice" && !deliveredOnItsOwn(txn, txn.transaction_id, ctx);
  const habitEvidence = undelivered ? undeliveredOf(candidates, txn, ctx) : candidates;
  if (habitual(habitEvidence, txn.transaction_id, window)) return undefined;
  // A timesheet or a ticket is billed once, and so is a contract's service period: its twin is a
  // copy however long after it came (history.ts).
  const fp = fingerprint(txn);
  const once = namesTimesheet(fp) || billedContractPeriod(txn, fp);
  let returned: ReturnType<typeof returnsOf> | undefined;
  // The earliest twin within the window (before the judged one, when the history holds it) that
  // passes: a binary search among the group in time order and a walk from there, not a walk over
  // the whole group for each document (twin-window.ts).
  // An invoice's twins credited in full (or, when it is delivered on its own, delivered on their
  // own) never pass: a large group's others are searched, made once per group, history size (a
  // credit note added changes what is credited) and SKUs billed — not walked past for each
  // document judged (a timesheet invoiced, credited and issued again week after week: each
  // invoice walked every earlier one, 8,000 of them 5.1–6.6 s of CPU in process).
  const delivered = txn.type === "invoice" && !undelivered;
  const searched =
    txn.type === "invoice" && candidates.length >= SEARCHED_GROUP
      ? passingOf(candidates, ctx.history.size, delivered ? `d${billedSkus(txn)}` : "", (c) => !creditedInFull(ctx.history, c.id) && !(delivered && deliveredOnItsOwn(txn, c.id, ctx)))
      : candidates;
  const original = twinWindow(searched, window).earliestWithin(txn.transaction_id, ms, self, once, (c) => {
    // An invoice that names the earlier one as the one it follows (a corrected claim re-submitted
    // after a denial, a replacement invoice) says it is no copy of it — unless the export keeps
    // each document's status and both stand: a twin's fingerprint sets a voided original apart, so
    // this one is a re-issue whose original was never voided, billed twice (a credit in full is
    // still a cancellation, below). A document of no amount bills nothing twice.
    if (txn.type === "invoice" && txn.reference === c.id && !(standsByStatus(txn) && (txn.amount ?? 0) !== 0)) return false;
    // An invoice credited in full was cancelled: a copy of it is its re-issue, not a duplicate.
    if (txn.type === "invoice" && creditedInFull(ctx.history, c.id)) return false;
    // A payment reversed in full (voided) before this one was made: this one is its reissue.
    if (txn.type === "payment" && (returned ??= returnsOf(txn, ctx))(c, ms)) return false;
    if (txn.type === "invoice" && deliveredOnItsOwn(txn, txn.transaction_id, ctx) && deliveredOnItsOwn(txn, c.id, ctx)) return false;
    return true;
    // A payment's twins pass but for those booked back by its day: if a later twin was, so was an
    // earlier one (payment-returns.ts), so the first that passes is a binary search.
  }, txn.type === "payment");
  if (!original) return undefined;
  const days = round2(daysBetween(original.ms, ms));
  // Both numbered by the counterparty, and clearly not one number: two orders billed alike.
  const originalNumber = number === undefined ? undefined : (fromDocumentColumn ? ctx.history.documentColumnNumbers : ctx.history.counterpartyNumbers).get(original.seq);
  const renumbered = number !== undefined && originalNumber !== undefined && !sameOrNearNumber(number, originalNumber);
  const payment = txn.type === "payment";
  // A timesheet, a ticket or a contract's service period is billed once: billed again, the whole
  // copy is owed back to the customer (a refund to come, no revenue lost: `owed`), as a service
  // billed beyond its end is (recurring_billed_beyond_service). Two alike invoices naming no such
  // thing say no amount: which one, if either, is owed back is the customer's to show.
  const owedBack = !payment && number === undefined && once;
  // Other cards charged this price there twice within the window too (the card's own pair, when
  // the history holds it, is one of those counted).
  const ownCounted = twinWindow(candidates, window).repeats;
  const otherCards = ctx.history.cardsRepeating(fingerprint(txn), window) - (ownCounted ? 1 : 0);
  const merchantsPrice = otherCards >= OTHER_CARDS_ALIKE;
  // Two payments of one invoice that, with the credits naming it, settle no more than it: a
  // remittance split over two checks or two instalments of one bill — or a copy of a partial
  // payment; no money was paid beyond the invoice. Worth a look, not an alarm.
  const parts = payment ? partsOfOneSettlement(txn, original, ctx, config.revenue_leakage.tolerance.absolute) : undefined;
  if (parts !== undefined) {
    return {
      code: "duplicate_payment",
      score: REPEAT_ORDER_SCORE,
      message: `same payment as ${original.id} (counterparty, currency, amount, paying ${txn.reference}) ${days} days apart; together with the credits naming it they settle ${money(parts.settled)} of its ${money(parts.invoiced)}: two parts of one settlement, or a copy of a partial payment, worth a look`,
      field: "transaction_id",
      expected: { unique: true },
      actual: { duplicate_of: original.id, days_apart: days, settled: roundMoney(parts.settled), invoice_amount: parts.invoiced },
      amount_at_risk: 0,
      risk_key: "whole",
    };
  }
  // Payments alike that together settle the counterparty's open bills (instalments.ts): a bill paid
  // in equal parts, or as many equal bills as payments. Worth a look, not an alarm.
  const instalments = payment && !merchantsPrice && !renumbered ? instalmentsOf(txn, ms, original, candidates, self, window, ctx, config.revenue_leakage.tolerance.absolute) : undefined;
  if (instalments !== undefined) {
    const bills = instalments.bills.length === 1 ? `bill ${instalments.bills[0]}` : `bills ${instalments.bills.join(", ")}`;
    return {
      code: "duplicate_payment",
      score: REPEAT_ORDER_SCORE,
      message:
        `same payment as ${original.id} (counterparty, currency, amount and lines) ${days} days apart; ` +
        (instalments.kind === "equal_bills"
          ? `the counterparty's ${bills} of this amount were open, one for each of the ${instalments.payments} payments: equal bills paid one by one, or a copy, worth a look`
          : `the ${instalments.payments} payments together (${money(instalments.paid)}) settle its ${bills}, open and posted before the first: instalments, or a copy, worth a look`),
      field: "transaction_id",
      expected: { unique: true },
      actual: { duplicate_of: original.id, days_apart: days, settles: instalments.bills, paid_together: roundMoney(instalments.paid) },
      amount_at_risk: 0,
      risk_key: "whole",
    };
  }
  return {
    code: payment ? "duplicate_payment" : "duplicate_invoice",
    score: merchantsPrice || renumbered ? REPEAT_ORDER_SCORE : days <= 1 ? 1 : 0.9,
    message:
      `same ${payment ? "payment" : "invoice"} as ${original.id} (counterparty, currency, amount and lines${payment && txn.reference !== undefined ? `, paying ${txn.reference}` : ""}) ${days} days apart` +
      (merchantsPrice ? `; ${otherCards} other cards were charged this price there twice within ${window} days too: a price of the merchant's that a cardholder pays again, worth a look` : "") +
      (renumbered ? `; under another of the counterparty's numbers (${number} after ${originalNumber}): a repeat order billed alike, or a copy numbered anew, worth a look` : ""),
    field: "transaction_id",
    expected: { unique: true },
    actual: renumbered ? { duplicate_of: original.id, days_apart: days, counterparty_number: number, original_number: originalNumber } : { duplicate_of: original.id, days_apart: days },
    amount_at_risk: payment || number !== undefined || owedBack ? roundMoney(Math.abs(txn.amount ?? 0)) : 0,
    risk_key: "whole",
    ...(owedBack ? { owed: true } : {}),
  };
}

/** A group of at least this many twins has those that can pass made once (passingOf). */
const SEARCHED_GROUP = 16;

/** The SKUs `doc` bills in a positive quantity, the only ones deliveredOnItsOwn reads: a key. */
function billedSkus(doc: Transaction): string {
  return [...new Set(doc.lines.filter((l) => l.sku && (l.quantity ?? 0) > 0).map((l) => l.sku!))].sort().join("\u0000");
}

/** Times the same document, besides the one judged, must follow another of its kind within the
 *  window for the pair to be a habit rather than a copy. */
const HABIT_REPEATS = 2;
/** Other cards charged the same price at the merchant twice within the window that make a card's
 *  pair the merchant's price (a café's coffee) rather than a copy: medium, not high. */
const OTHER_CARDS_ALIKE = 2;

/**
 * Whether the document is one its counterparty and payer repeat within days again and again — a
 * card's daily coffee, a background check per hire, an ad platform charging its billing threshold
 * each time the spend reaches it: its other copies (not counting the one judged) follow one another
 * within the window at least HABIT_REPEATS times. A copy of a one-off purchase, or of a monthly
 * subscription whose other charges are a month apart, has no such run and is still a duplicate.
 */
export function habitual(candidates: readonly HistoryEntry[], id: string, windowDays: number): boolean {
  if (candidates.length < HABIT_REPEATS + 2) return false;
  // Counted once per group (twin-window.ts), not walked for each document judged.
  return twinWindow(candidates, windowDays).closeWithout(id) >= HABIT_REPEATS;
}

/** The group but the twins delivered on their own (deliveredOnItsOwn, which reads only the SKUs
 *  `doc` bills in a positive quantity), made once per group and such SKUs: the same array for each
 *  document of the group that asks, so its habit is counted once. */
function undeliveredOf(candidates: readonly HistoryEntry[], doc: Transaction, ctx: AnalysisContext): readonly HistoryEntry[] {
  const skus = billedSkus(doc);
  let bySkus = undeliveredGroups.get(candidates);
  if (bySkus === undefined) undeliveredGroups.set(candidates, (bySkus = new Map()));
  let kept = bySkus.get(skus);
  if (kept === undefined) bySkus.set(skus, (kept = candidates.filter((c) => c.id === doc.transaction_id || !deliveredOnItsOwn(doc, c.id, ctx))));
  return kept;
}

const undeliveredGroups = new WeakMap<readonly HistoryEntry[], Map<string, readonly HistoryEntry[]>>();

/** Whether shipments naming invoice `id` carry some of a SKU that `doc` bills (its own lines, or
 *  its twin's: the same by fingerprint). Net of returns, and not the whole quantity: a delivery
 *  shipped in parts, or partly returned later, is still its own delivery. */
function deliveredOnItsOwn(doc: Transaction, id: string, ctx: AnalysisContext): boolean {
  const shipped = ctx.reference.shippedFor(id);
  if (!shipped) return false;
  for (const l of doc.lines) if (l.sku && (l.quantity ?? 0) > 0 && (shipped.get(l.sku) ?? 0) > 0) return true;
  return false;
}
