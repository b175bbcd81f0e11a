// Payments alike to one counterparty that settle its bills in parts, where no payment names the
// bill it pays (a G/L entries list, a bank feed): an AP clerk's rule. Two (or more) payments of one
// amount within the window are instalments, not a copy, when together they settle bills of the
// counterparty posted by the first of them and still open then — one bill paid in two equal
// halves a week apart, or the payment run's total of a run of bills (consecutive in posting order:
// a run pays the bills falling due) split over two runs — or when as many bills of the payment's
// own amount are open as there are payments (a vendor paid the same amount for two equal bills).
// A copy of a payment is the same amount again with no second bill to settle: where a bill of the
// payment's own amount is open, the first payment settled it in full, and a second with fewer such
// bills open than payments is a copy even when a bill of twice the amount is open besides (the
// two readings cannot be told apart without the remittance: the auditor wants to see it).
//
// "Open" is read from the history alone: the counterparty's bills posted in the LOOKBACK_DAYS up
// to the first payment's day, less one bill of the same amount for each of its payments before
// that day. A bill paid by a payment of several bills stays "open" by this count (its payment
// matches no one bill), which can only make a run of bills add up to more, not excuse a copy of a
// full payment (the bill of the payment's own amount is open then). On a general ledger both lines
// of one posting carry the counterparty (a bill's cost, tax and payable lines, a payment's payable
// and bank lines): consecutive documents of one kind and day whose last (or first) is the others
// together are one posting's lines and count once, as that line — read line by line, two bills'
// cost, tax and payable lines together are twice the two bills, a copy of their payment's pair.
// duplicate-document.ts reports such payments as medium, worth a look, with no money at risk, as
// it does payments naming one invoice that together settle no more than it (split-settlement.ts).
import { before, counterpartyDocumentKey, type HistoryEntry } from "../../history.ts";
import { daysBetween } from "../../dates.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { twinWindow } from "./twin-window.ts";

/** How far before the first payment a bill it may settle is looked for (days): beyond payment terms and a late payment run. */
const LOOKBACK_DAYS = 180;
/** The longest run of consecutive open bills a payment run's total is read over. */
const MAX_RUN = 8;
/** A counterparty with more invoices and payments than this in the look-back is not read (the alarm stands). */
const MAX_DOCUMENTS = 2000;
const DAY_MS = 86_400_000;

export interface Instalments {
  /** The bills the payments settle, by id, in posting order. */
  bills: string[];
  /** What the payments alike paid together. */
  paid: number;
  /** How many payments alike (this one included). */
  payments: number;
  /** "equal_bills": as many bills of the payment's amount open as payments; "parts": one bill or a run of bills paid in parts. */
  kind: "equal_bills" | "parts";
}

/**
 * Whether `payment`, whose earliest twin within the window is `original` among the payments alike
 * `group`, is with them an instalment of the counterparty's open bills (module comment); what they
 * settle, or undefined (a copy, or nothing to tell).
 */
export function instalmentsOf(payment: Transaction, ms: number, original: HistoryEntry, group: readonly HistoryEntry[], self: HistoryEntry | undefined, windowDays: number, ctx: AnalysisContext, tolerance: number): Instalments | undefined {
  const amount = Math.abs(payment.amount ?? 0);
  if (!(amount > 0)) return undefined;
  const key = counterpartyDocumentKey(payment);
  const positions = key === undefined ? undefined : ctx.history.counterpartyDocuments.get(key);
  if (positions === undefined) return undefined;
  // The run of payments alike: back from the original while each is within the window of the next.
  const { first, count } = runOf(payment.transaction_id, ms, original, group, self, windowDays);
  const history = ctx.history;
  const from = first - LOOKBACK_DAYS * DAY_MS;
  const bills: { seq: number; amount: number }[] = [];
  const paid: number[] = [];
  const emit = (invoice: boolean, at: number, d: { seq: number; amount: number }) => {
    if (invoice) bills.push(d);
    else if (at < first) paid.push(d.amount);
  };
  // The documents of one posting: consecutive, of one kind and day (module comment).
  let posting: { seq: number; amount: number }[] = [];
  let postingKind = false;
  let postingMs = Number.NaN;
  const close = () => {
    for (const d of posting) emit(postingKind, postingMs, d);
    posting = [];
  };
  const dated = byDate(history, key!, positions);
  let read = 0;
  for (let i = firstFrom(history, dated, from); i < dated.length; i++) {
    const seq = dated[i]!;
    const at = history.msAt(seq);
    if (!(at <= first)) break;
    if (++read > MAX_DOCUMENTS) return undefined;
    const invoice = history.isInvoiceAt(seq);
    const d = { seq, amount: history.amountAt(seq) };
    if (posting.length > 0 && (invoice !== postingKind || at !== postingMs)) close();
    postingKind = invoice;
    postingMs = at;
    posting.push(d);
    const balancing = balancingLine(posting);
    if (balancing !== undefined) {
      emit(invoice, at, balancing);
      posting = [];
    }
  }
  close();
  // Each payment before the run settles one open bill of its amount, the oldest.
  const open = bills.slice().sort((a, b) => history.msAt(a.seq) - history.msAt(b.seq) || a.seq - b.seq);
  for (const p of paid) {
    const k = open.findIndex((b) => Math.abs(b.amount - p) <= tolerance);
    if (k >= 0) open.splice(k, 1);
  }
  const ids = (run: readonly { seq: number }[]) => run.map((b) => history.entryAt(b.seq).id);
  const ofAmount = open.filter((b) => Math.abs(b.amount - amount) <= tolerance);
  if (ofAmount.length >= count) return { bills: ids(ofAmount.slice(0, count)), paid: amount * count, payments: count, kind: "equal_bills" };
  // A bill of the payment's own amount open: the first payment settled it in full.
  if (ofAmount.length > 0) return undefined;
  const target = amount * count;
  const within = tolerance * count;
  for (let i = 0; i < open.length; i++) {
    let sum = 0;
    for (let j = i; j < open.length && j < i + MAX_RUN; j++) {
      sum += open[j]!.amount;
      if (Math.abs(sum - target) <= within) return { bills: ids(open.slice(i, j + 1)), paid: target, payments: count, kind: "parts" };
      if (sum > target + within) break;
    }
  }
  return undefined;
}

/**
 * The counterparty's positions by date, then position (before()): made once per counterparty and
 * history, so that a judged payment reads only its look-back window (a binary search to its start)
 * and not the vendor's whole list — a register of one vendor with tens of thousands of payments
 * alike made each of them walk all of its documents.
 */
const datedPositions = new WeakMap<object, Map<string, Int32Array>>();
function byDate(history: AnalysisContext["history"], key: string, positions: Int32Array): Int32Array {
  let perKey = datedPositions.get(history);
  if (perKey === undefined) datedPositions.set(history, (perKey = new Map()));
  let dated = perKey.get(key);
  if (dated === undefined || dated.length !== positions.length) {
    dated = positions.slice().sort((a, b) => dateOrder(history.msAt(a)) - dateOrder(history.msAt(b)) || a - b);
    perKey.set(key, dated);
  }
  return dated;
}

/** An undated entry sorts last (before(): as +∞). */
function dateOrder(ms: number): number {
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** The first index of `dated` on or after `from`. */
function firstFrom(history: AnalysisContext["history"], dated: Int32Array, from: number): number {
  let lo = 0;
  let hi = dated.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (dateOrder(history.msAt(dated[mid]!)) < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Where the lines so far of one posting balance — the last (a bill's payable after its cost and tax
 * lines, a payment's bank line after its payable line) or the first (the payable first) equal to
 * the others together — the line that stands for the posting's document; else undefined.
 */
function balancingLine(lines: readonly { seq: number; amount: number }[]): { seq: number; amount: number } | undefined {
  const n = lines.length;
  if (n < 2) return undefined;
  let total = 0;
  for (const l of lines) total += l.amount;
  const within = 0.005 * n;
  const last = lines[n - 1]!;
  if (Math.abs(total - 2 * last.amount) <= within) return last;
  const head = lines[0]!;
  if (Math.abs(total - 2 * head.amount) <= within) return head;
  return undefined;
}

/** The day of the first of the run of payments alike ending with the judged one, and how many they are (the judged one included). */
function runOf(id: string, ms: number, original: HistoryEntry, group: readonly HistoryEntry[], self: HistoryEntry | undefined, windowDays: number): { first: number; count: number } {
  const dated = twinWindow(group, windowDays).dated;
  // The others of the group up to the judged one (before it in history order, when the history holds it).
  const earlier = dated.filter((c) => c.id !== id && c.ms <= ms && (self === undefined || before(c, self)));
  let k = earlier.findIndex((c) => c.seq === original.seq);
  if (k < 0) return { first: original.ms, count: 2 };
  let count = earlier.length - k + 1;
  while (k > 0 && daysBetween(earlier[k - 1]!.ms, earlier[k]!.ms) <= windowDays) {
    k--;
    count++;
  }
  return { first: earlier[k]!.ms, count };
}
