// A copy of a document found by the counterparty's own number (counterparty-numbers.ts), where
// the source keeps it: a vendor's bill keyed twice from two copies of the paper, weeks apart, is
// beyond duplicate_invoice's window of days, and its number says what the dates cannot. Judged
// against the history's documents of the same type and currency within NUMBER_WINDOW_DAYS:
// - the same vendor, the same amount and the same or a near-identical number (separators,
//   leading zeros — of each group of digits a separator sets apart too, "03-5" for "03-05" —,
//   O/0 and I/L aside: the same number, but a separator moved is not, "1-10" and "11-0"; a swap of
//   two adjacent characters as typed, or a copy's suffix "A" or "-1": a near one);
// - the same vendor and number, the amount (or the amount before tax, where the tax is given) with
//   two adjacent digits swapped (a typing slip that the payables system's own check of vendor,
//   number and amount let through);
// - the same number and amount under another vendor record (a vendor master created twice).
// A payment's amount is also compared as what it settled with the early-payment discount it took
// (payment-discount.ts): one at 2 % off and one in full settle one bill twice.
// A counterparty that bills one amount again and again (rent, a subscription, instalments, a
// carrier's zone rate) numbers its documents in sequence: a near number of that amount is the
// next in the series, so only the same number counts there; and only a number of at least
// MIN_SHARED_NUMBER characters is compared across vendors (two contractors' invoice "3").
// A copy typed with the vendor's prefix of letters dropped or added ("1001" for "INV-1001",
// "INV-440219" for "440219") is a near number too. Where the number is the ledger's document
// column's (document-column-numbers.ts: Sage Intacct's `Document` on a bill), it is compared with
// the document column's numbers only.
// A general ledger line (its account an attribute, account-field.ts) is compared with lines of the
// same account and side only: an AP entry's cost, retainage and payable lines and its payment's
// payable and cash lines all name the vendor's number, and the payment's two lines one amount; a
// void crediting the entry's accounts back names its number too.
import { daysBetween } from "../../dates.ts";
import { before, creditedInFull, documentKey, fingerprint, type HistoryEntry, ledgerSideOf, type NumberedDocument, numberKey } from "../../history.ts";
import { canonicalNumber, plainNumber, rawStem, sameGrouping, segmentedNumber, transposedAmounts, transposedNumbers, transpositionsOf, unprefixedNumber } from "../../counterparty-numbers.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { settledAmount } from "../../payment-discount.ts";

/** How far apart a copy keyed by the number can be: a bill paid twice is found at the next
 *  payment runs, not a year later (numbers that restart each year: a contractor's "3" of March). */
export const NUMBER_WINDOW_DAYS = 180;
/** Documents of the counterparty's amount besides this one that make it a recurring amount. */
const RECURRING = 3;
/** The shortest canonical number compared across two vendor records. */
const MIN_SHARED_NUMBER = 5;
/** Counterparties carrying one number that make it a shared reference, no vendor's own. */
const SHARED_REFERENCE = 3;

export type CopyKind = "same_number" | "near_number" | "amount_digits_swapped" | "other_vendor_record";

export interface NumberedCopy {
  original: HistoryEntry;
  kind: CopyKind;
  /** The original's number as written. */
  number: string;
  /** The original's counterparty (another record's id, for other_vendor_record). */
  customer: string;
}

/**
 * The earliest document of the history that `txn` (numbered `raw`, dated `ms`) copies by its
 * counterparty number, or undefined. `self`: txn's own entry when the history has it (only an
 * earlier document is its original). `fromDocumentColumn`: `raw` is the ledger's document
 * column's (history.ts documentNumberOf), compared with that column's numbers.
 */
export function numberedCopy(txn: Transaction, raw: string, ms: number, ctx: AnalysisContext, self: HistoryEntry | undefined, fromDocumentColumn = false): NumberedCopy | undefined {
  const history = ctx.history;
  const numbers = fromDocumentColumn ? history.documentColumnNumbers : history.counterpartyNumbers;
  const amount = Math.abs(txn.amount ?? 0);
  if (amount === 0) return undefined;
  const type = `${fromDocumentColumn ? "?" : ""}${txn.type ?? ""}`;
  const currency = txn.currency ?? "";
  const customer = txn.customer_id ?? "";
  // The amount before tax too: a clerk who types the net has the tax computed from it.
  const net = txn.tax_amount === undefined ? Number.NaN : amount - Math.abs(txn.tax_amount);
  // What a payment settled with the discount it took (NaN where it names none).
  const settled = settledAmount(txn);
  const canon = canonicalNumber(raw);
  const side = ledgerSideOf(txn);
  // A general ledger's line counts the documents of its own account (its fingerprint's group): a
  // bill's payable line and its payment's payable and cash lines carry the bill's amount too, and
  // a bill paid once is no amount the vendor bills again and again.
  const alike = side === "" ? (history.documentKeys.get(documentKey(txn)) ?? 0) : (history.withFingerprint(fingerprint(txn))?.length ?? 0);
  const recurring = alike - (self ? 1 : 0) >= RECURRING;
  // Each list: its documents, how their number is this one ("number": the same; "groups": the same
  // but a group's leading zeros, trusted for the same vendor only; false: a near one), and what a
  // hit on a canonical key must also hold of the original's number as written (canonicalNumber
  // drops separators and leading zeros, which a copy's slip does not move).
  type Check = ((theirs: string) => boolean) | undefined;
  const lists: [NumberedDocument[] | undefined, Same, Check][] = [[history.documentsByNumber.get(numberKey(type, currency, canon)), "number", (theirs) => sameGrouping(raw, theirs)]];
  const grouped = segmentedNumber(raw);
  if (grouped !== undefined) lists.push([history.documentsByNumber.get(`=${numberKey(type, currency, grouped)}`), "groups", undefined]);
  if (!recurring) {
    const swaps = transposedNumbers(raw);
    if (swaps.length > 0) {
      // A swap of the characters as typed: "IN0973" for "IN9073", not "A-105" for "A-15" (a zero written in).
      const typed = transpositionsOf(plainNumber(raw));
      const swapped: Check = (theirs) => typed.includes(plainNumber(theirs));
      for (const t of new Set(swaps)) lists.push([history.documentsByNumber.get(numberKey(type, currency, t)), false, swapped]);
    }
    const stem = rawStem(raw);
    if (stem !== undefined) {
      lists.push([history.documentsByNumber.get(numberKey(type, currency, canonicalNumber(stem))), false, (theirs) => sameGrouping(stem, theirs)]);
      const groupedStem = segmentedNumber(stem);
      if (groupedStem !== undefined) lists.push([history.documentsByNumber.get(`=${numberKey(type, currency, groupedStem)}`), false, undefined]);
    }
    lists.push([history.documentsByNumber.get(`~${numberKey(type, currency, canon)}`), false, (theirs) => sameGrouping(raw, rawStem(theirs) ?? theirs)]);
    // The vendor's prefix of letters: dropped from theirs ("INV-1001" before "1001"), or from ours.
    lists.push([history.documentsByNumber.get(`^${numberKey(type, currency, canon)}`), false, undefined]);
    const unprefixed = unprefixedNumber(raw);
    if (unprefixed !== undefined) lists.push([history.documentsByNumber.get(numberKey(type, currency, unprefixed)), false, undefined]);
    if (grouped !== undefined) lists.push([history.documentsByNumber.get(`~=${numberKey(type, currency, grouped)}`), false, undefined]);
  }
  // A number three or more counterparties' documents carry within the window is a reference they
  // share, not the number one vendor gave its bill: an operator's joint interest bills re-bill a
  // vendor's invoice to each partner of the well, two partners of one decimal for one amount. A
  // vendor record created twice carries its copy under two records; a third vendor's bill of the
  // same number within the window (a coincidence MIN_SHARED_NUMBER makes rare) spares it too.
  let shared: boolean | undefined;
  const sharedReference = (): boolean => (shared ??= counterpartiesCarrying(lists[0]![0], customer, ms, ctx) >= SHARED_REFERENCE);
  let best: NumberedCopy | undefined;
  for (const [docs, same, check] of lists) {
    if (!docs) continue;
    for (const d of docs) {
      if (d.notMade || (self && d.seq === self.seq) || d.accountSide !== side) continue;
      const e = history.entryAt(d.seq);
      if (e.id === txn.transaction_id || Number.isNaN(e.ms) || daysBetween(e.ms, ms) > NUMBER_WINDOW_DAYS) continue;
      if (self && !before(e, self)) continue;
      if (txn.type === "invoice" && (txn.reference === e.id || creditedInFull(history, e.id))) continue;
      const swapped = transposedAmounts(e.amount, amount) || (!Number.isNaN(net) && !Number.isNaN(d.net) && transposedAmounts(d.net, net));
      const kind = copyKind(d.customer === customer, same, Math.abs(Math.abs(e.amount) - amount) < 0.005 || sameSettled(d, Math.abs(e.amount), settled, amount), swapped, canon.length, recurring);
      if (kind === undefined || (kind === "other_vendor_record" && sharedReference())) continue;
      if (check !== undefined && !check(numbers.get(d.seq) ?? "")) continue;
      if (!best || before(e, best.original)) best = { original: e, kind, number: numbers.get(d.seq) ?? "", customer: d.customer };
    }
  }
  return best;
}

/**
 * How many counterparties (the judged document's `customer` among them) carry the same number on
 * documents made within NUMBER_WINDOW_DAYS of `ms` (`docs`: the history's documents of the number,
 * its type and currency).
 */
function counterpartiesCarrying(docs: NumberedDocument[] | undefined, customer: string, ms: number, ctx: AnalysisContext): number {
  const seen = new Set<string>([customer]);
  for (const d of docs ?? []) {
    if (d.notMade || seen.has(d.customer)) continue;
    const e = ctx.history.entryAt(d.seq);
    if (!Number.isNaN(e.ms) && daysBetween(e.ms, ms) <= NUMBER_WINDOW_DAYS) seen.add(d.customer);
    if (seen.size >= SHARED_REFERENCE) break;
  }
  return seen.size;
}

/**
 * Whether two payments settled the same amount, one of them (at least) with an early-payment
 * discount (payment-discount.ts): 2,373.05 and 48.43 taken settle what 2,421.48 does.
 */
function sameSettled(d: NumberedDocument, amount: number, settled: number, txnAmount: number): boolean {
  if (Number.isNaN(d.settled) && Number.isNaN(settled)) return false;
  const theirs = Number.isNaN(d.settled) ? amount : d.settled;
  const ours = Number.isNaN(settled) ? txnAmount : settled;
  return Math.abs(theirs - ours) < 0.005;
}

/** How a list's number is the judged one's: the same, the same but a group's leading zeros, or near. */
type Same = "number" | "groups" | false;

function copyKind(sameVendor: boolean, same: Same, sameAmount: boolean, swappedAmount: boolean, numberLength: number, recurring: boolean): CopyKind | undefined {
  const sameNumber = same !== false;
  if (sameVendor) {
    if (sameAmount) return sameNumber ? "same_number" : "near_number";
    return sameNumber && swappedAmount ? "amount_digits_swapped" : undefined;
  }
  // Across vendor records the number as written (a group's zeros aside, two vendors' "2024-001" and "2024-1").
  return same === "number" && sameAmount && numberLength >= MIN_SHARED_NUMBER && !recurring ? "other_vendor_record" : undefined;
}

/** Whether two counterparty numbers are one number, or one a copy's variant of the other (the
 *  same canonical number, a swap of two adjacent characters, a copy's suffix). */
export function sameOrNearNumber(a: string, b: string): boolean {
  const x = canonicalNumber(a);
  const y = canonicalNumber(b);
  if (x === y && sameGrouping(a, b)) return true;
  const ga = segmentedNumber(a);
  const gb = segmentedNumber(b);
  if (ga !== undefined && ga === gb) return true;
  const sa = rawStem(a);
  const sb = rawStem(b);
  const stemOf = (s: string | undefined, other: string, g: string | undefined) =>
    s !== undefined && ((canonicalNumber(s) === canonicalNumber(other) && sameGrouping(s, other)) || (g !== undefined && segmentedNumber(s) === g));
  return transpositionsOf(plainNumber(a)).includes(plainNumber(b)) || stemOf(sa, b, gb) || stemOf(sb, a, ga);
}
