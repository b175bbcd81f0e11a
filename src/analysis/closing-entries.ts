// The year-end close: once a year one journal brings every income-statement account to zero
// against an equity account (retained earnings, an income summary) on the fiscal year's last day —
// Business Central's Close Income Statement (CLSINCOME, on the closing date C12/31), SAP's and
// Oracle's closing journals in period 13–16, Xero's, QuickBooks' and NetSuite's close to retained
// earnings. It is the one journal a year that debits every revenue account with the year's total:
// scored as an ordinary entry it is "journal_entry with a revenue account", 12× the account's
// usual. An auditor judges it as a close: does it zero the balances? Not by its date, its user or
// its text alone — a top-side journal debiting revenue at year end (a classic fraud) is dated the
// same day.
//
// A journal (journal-copies.ts reads them) is a close when, all of it on a month's last day:
//  - at least MIN_CLOSED_ACCOUNTS of its accounts end that month at a zero balance (the ledger's
//    every line through that month, the close included: the history read from a fiscal year's
//    start or an earlier close) — the income-statement accounts it closes;
//  - at most MAX_OFFSET_ACCOUNTS of its accounts do not (retained earnings, the income summary);
//  - at least half of the accounts it zeroes it moves by more than any one month of the 12 it
//    closes moved them (the journals of a close's day aside): it carries the year's balance, not a
//    month's posting — a payroll or bonus accrual of many expense accounts on the year's last day,
//    whose accounts the close then zeroes, carries a month's.
// Not a close, and why: a journal debiting revenue against retained earnings or cash (its accounts
// keep their balances); a journal moving half of each balance; one on no month's last day (fiscal
// years end on one); one whose history starts mid-year (the balances it zeroes began before the
// history: not checked, no guess); one of two companies' closes when the other company, sharing
// its account numbers, closes on another day (the shared accounts' balances are not zero).
// Kept: per account its net by month (a number per account and month), and the per-account sums of
// the journals on a month's last day with at least MIN_CLOSED_ACCOUNTS accounts (at most
// MAX_CANDIDATES of them).
import { DAY_MS } from "./dates.ts";

/** A close zeroes at least this many accounts. */
export const MIN_CLOSED_ACCOUNTS = 5;
/** ... against at most this many it does not zero (retained earnings, an income summary). */
export const MAX_OFFSET_ACCOUNTS = 2;
/** Journals on a month's last day kept to be judged, at most. */
const MAX_CANDIDATES = 2_000;
/** Accounts of a journal read for a close, at most (beyond: not judged). */
const MAX_CLOSE_ACCOUNTS = 50_000;
/** Months a close's year spans. */
const YEAR_MONTHS = 12;

/** A journal judged a close: its lines are not scored as ordinary entries. */
export interface ClosingEntry {
  journal: string;
  /** Its posting day (days since 1970-01-01). */
  day: number;
  firstSeq: number;
  lines: number;
  /** Accounts it brings to zero, and those it does not (the equity it closes to). */
  zeroed: number;
  offsets: string[];
}

/** The closes of a history, by the positions of their lines. */
export class ClosingEntries {
  static readonly empty = new ClosingEntries([]);
  /** Sorted by firstSeq; the ranges do not overlap. */
  constructor(private readonly entries: readonly ClosingEntry[]) {}
  /** The close the line at `seq` belongs to, if it does. */
  at(seq: number): ClosingEntry | undefined {
    let lo = 0;
    let hi = this.entries.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.entries[mid]!.firstSeq <= seq) lo = mid + 1;
      else hi = mid;
    }
    const e = this.entries[lo - 1];
    return e !== undefined && seq < e.firstSeq + e.lines ? e : undefined;
  }
  get size(): number {
    return this.entries.length;
  }
}

interface Candidate {
  journal: string;
  day: number;
  month: number;
  firstSeq: number;
  lines: number;
  sums: Map<string, number>;
}

/** A day's month, counted from year 0 (y × 12 + m). */
function monthOfDay(day: number): number {
  const d = new Date(day * DAY_MS);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** Fed by journal-copies.ts: every line with an account, and each journal's end. */
export class ClosingEntriesBuilder {
  /** Account → month → net in cents, of every line read. */
  private readonly nets = new Map<string, Map<number, number>>();
  /** The journal being read: account → its net in cents; null: too many accounts. */
  private sums: Map<string, number> | null = new Map();
  private readonly candidates: Candidate[] = [];
  private lastDay = Number.NaN;
  private lastMonth = 0;

  /** A line of `cents` (debit positive) to `account`, posted on `day`; `inJournal`: of the journal being read. */
  line(account: string, cents: number, day: number, inJournal: boolean) {
    if (cents === 0 || Number.isNaN(day)) return;
    if (day !== this.lastDay) {
      this.lastDay = day;
      this.lastMonth = monthOfDay(day);
    }
    let byMonth = this.nets.get(account);
    if (byMonth === undefined) this.nets.set(account, (byMonth = new Map()));
    byMonth.set(this.lastMonth, (byMonth.get(this.lastMonth) ?? 0) + cents);
    if (inJournal && this.sums !== null) {
      if (this.sums.size >= MAX_CLOSE_ACCOUNTS && !this.sums.has(account)) this.sums = null;
      else this.sums.set(account, (this.sums.get(account) ?? 0) + cents);
    }
  }

  /** The journal `id` ends: `lines` lines from `firstSeq`, on `day` (NaN: several days). */
  end(id: string, firstSeq: number, lines: number, day: number) {
    const sums = this.sums;
    this.sums = new Map();
    if (sums === null || sums.size < MIN_CLOSED_ACCOUNTS || Number.isNaN(day) || this.candidates.length >= MAX_CANDIDATES) return;
    // A month's last day: the next day is a 1st.
    if (new Date((day + 1) * DAY_MS).getUTCDate() !== 1) return;
    this.candidates.push({ journal: id, day, month: monthOfDay(day), firstSeq, lines, sums });
  }

  /** A journal read no further (no journal number): its lines are no candidate's. */
  skip() {
    this.sums = new Map();
  }

  finish(): ClosingEntries {
    if (this.candidates.length === 0) return ClosingEntries.empty;
    // The lines of the journals of each close's day (by day, then account), apart from the month's net.
    const ofDay = new Map<number, Map<string, number>>();
    for (const c of this.candidates) {
      let m = ofDay.get(c.day);
      if (m === undefined) ofDay.set(c.day, (m = new Map()));
      for (const [a, v] of c.sums) m.set(a, (m.get(a) ?? 0) + v);
    }
    const found: ClosingEntry[] = [];
    for (const c of this.candidates) {
      const sameDay = ofDay.get(c.day)!;
      let zeroed = 0;
      let yearSized = 0;
      const offsets: string[] = [];
      for (const [account, cents] of c.sums) {
        if (cents === 0) continue;
        const byMonth = this.nets.get(account);
        let balance = 0;
        let largestMonth = 0;
        if (byMonth !== undefined) {
          for (const [month, net] of byMonth) {
            if (month > c.month) continue;
            balance += net;
            if (month <= c.month - YEAR_MONTHS) continue;
            const own = month === c.month ? net - (sameDay.get(account) ?? 0) : net;
            if (Math.abs(own) > largestMonth) largestMonth = Math.abs(own);
          }
        }
        // Cents summed exactly; a close computed from rounded lines may leave a few.
        if (Math.abs(balance) <= Math.max(5, Math.abs(cents) * 1e-6)) {
          zeroed++;
          if (Math.abs(cents) > largestMonth) yearSized++;
        } else {
          offsets.push(account);
          if (offsets.length > MAX_OFFSET_ACCOUNTS) break;
        }
      }
      if (zeroed < MIN_CLOSED_ACCOUNTS || offsets.length > MAX_OFFSET_ACCOUNTS || yearSized * 2 < zeroed) continue;
      found.push({ journal: c.journal, day: c.day, firstSeq: c.firstSeq, lines: c.lines, zeroed, offsets: offsets.sort() });
    }
    found.sort((x, y) => x.firstSeq - y.firstSeq);
    return found.length === 0 ? ClosingEntries.empty : new ClosingEntries(found);
  }
}
