// Journals posted twice (duplicate_journal): a general ledger mapped one row per journal line
// (docs/connectors.md) knows each line's journal by its journal or document number column
// (`Journal ID`, `JE No`, `Document No`, BELNR... — profile.ts isDocumentColumn), and an
// interface that re-posts a journal under a NEW number (the POS nightly summary sent again, a
// bank feed imported twice, an AP batch re-run) repeats the earlier journal's lines exactly: the
// same accounts, the same debits and credits to the cent, the same dimensions (cost centre,
// department, document type, counterparty), on the same posting date or within days.
//
// The history pass (history.ts) hands every line here in source order; a journal's lines are
// consecutive in a ledger export. Each finished journal is reduced to a multiset hash of its lines
// (two 32-bit lanes summed over the lines: independent of their order) and the same hash of its
// lines with debit and credit swapped (what its reversal has). Nothing else of its lines is kept:
// per journal its first position, its number of lines, its posting day, its total and its number.
// Not collected at all unless the ledger has a journal column by name (the first line's attributes).
//
// What is no copy, and why:
//  - a recurring journal (rent, depreciation, a payroll accrual) repeats its lines every period: a
//    month, or a week, apart is outside the window (JOURNAL_COPY_DAYS, or
//    duplicate_detection.journal_window_days); a journal that recurs on at least three days more
//    often than that (a daily sweep) is a copy only when far closer than its own rhythm, and on the
//    same day only when it does not usually post several times a day (a sweep run morning and
//    afternoon). A journal posted three times in a day or two recurs on no rhythm: each later one
//    is a copy;
//  - a reversal has the lines with debit and credit swapped: another hash; and a journal that was
//    reversed and then posted again (a correction) is no copy of the reversed one;
//  - two stores' identical small summaries differ in their cost centre: a dimension of the line;
//  - a journal split in two: each half's lines are not the whole's;
//  - a two-line journal (one amount moved between two accounts: a deposit, a standing transfer)
//    recurs for many reasons: judged only on the same posting date.
// Lines are compared by account, signed amount in cents, counterparty, currency and every
// attribute but the journal number itself and what a re-posting changes: when and by whom it was
// keyed, its batch, record or line ids (KEYING_NAMES).
import type { Transaction } from "../domain/transaction.ts";
import { isDocumentColumn } from "./profile.ts";
import { lowerBound, upperBound } from "./sorted-search.ts";
import { DAY_MS } from "./dates.ts";
import { isAccountName } from "./account-field.ts";
import { UnreversedAccruals, findUnreversedAccruals, MAX_ACCOUNT_SIDES, type AccountSide } from "./accrual-reversals.ts";
import { ClosingEntries, ClosingEntriesBuilder } from "./closing-entries.ts";

/** The days within which a journal repeating another's lines is a copy, not a recurrence (the
 *  default of duplicate_detection.journal_window_days). */
export const JOURNAL_COPY_DAYS = 3;
/** Journals of more lines are not judged (a payroll of thousands of lines is keyed once). */
const MAX_JOURNAL_LINES = 2000;
/** Account-sides named (for messages and partial reversals) at most: a ledger's accounts, on either side, by their users. */
const MAX_SIDE_NAMES = 50_000;

/** Attribute names of what a re-posting changes (compared in upper case without separators): also
 *  the numbers a GL detail gives each posted transaction and its lines — Viewpoint Vista's `Trans
 *  #` (GLTrans) and `Line`, a `Seq No`, NetSuite's `Internal ID` (the record's own number: a
 *  rev-rec run submitted twice makes a second journal under a new one), Business Central's `Entry
 *  No.` (each G/L entry's) and `Transaction No.` (each balanced posting's) — which a copy or a
 *  reversal gets anew. A source's own `Transaction ID` is not among them: a bank feed imported
 *  twice repeats it. */
const KEYING_NAMES = /DATE|TIME|CREATED|ENTERED|MODIFIED|CHANGED|UPDATED|BATCH|RECORD|LINEID|ROWID|^ID$|USER|POSTEDBY|KEYEDBY|APPROVED|^(GL)?TRANS(NO|NUM|NUMBER|NR)?$|^LINE(NO|NUM|NUMBER|NR)?$|^SEQ(NO|NUM|NUMBER|NR|UENCE)?$|^INTERNAL(ID|NO|NUM|NUMBER|NR)$|^(GL)?ENTRY(NO|NUM|NUMBER|NR)$|^TRANSACTION(NO|NUM|NUMBER|NR)$/;

/** Attribute names of what a reversal changes beside its sides: the line's free text ("Reversal of
 *  JE10452"), the period it posts to (the next one: NetSuite's Period, SAP's GJAHR/MONAT) and the
 *  journal's other numbers (NetSuite's Internal ID beside its Document Number, a second document
 *  column), and a second amount the line carries signed — in the transaction's currency beside
 *  the base one (NetSuite's `Amount (Foreign Currency)`, SAP's WRBTR beside DMBTR, a `Betrag`,
 *  `Montant`, `Importe`): the reversal negates it, as it swaps the line's side. Left out of the
 *  lines a reversal is matched on (accrual-reversals.ts), kept in those a copy is. */
const REVERSAL_CHANGES = /MEMO|DESCRIPTION|NARRATION|TEXT|COMMENT|NOTE|REMARK|LIBELLE|SGTXT|PERIOD|FISCALYEAR|GJAHR|MONAT|^(INTERNAL|TRANSACTION|TRAN|TXN|ENTRY)(ID|NO|NUM|NUMBER|NR)$|AMOUNT|BETRAG|MONTANT|IMPORTE|IMPORTO|^(WRBTR|DMBTR|DMBE2|DMBE3|WRSHB|DMSHB)$/;
const changedByReversal = (name: string) => REVERSAL_CHANGES.test(plain(name)) || isDocumentColumn(name);

/** Whether `ms` falls on another day than the journal's first line (`day`); a moment unread (NaN) is no other day. */
const anotherDay = (ms: number, day: number) => Math.floor(ms / DAY_MS) !== day && !Number.isNaN(ms) && !Number.isNaN(day);

const plain = (name: string) => name.normalize("NFD").replace(/\p{M}/gu, "").toUpperCase().replace(/[^A-Z0-9]/g, "");

/** A later journal repeating an earlier one's lines. */
export interface JournalCopy {
  /** The copy's own journal number. */
  journal: string;
  /** The journal it repeats. */
  original: string;
  /** Days between their posting dates. */
  days: number;
  lines: number;
  /** The copy's total (its debits). */
  total: number;
  /** The copy's first position in the history (the line that carries the amount at risk). */
  firstSeq: number;
}

/** The journal copies of a history: by the position of each of their lines. */
export class JournalCopies {
  static readonly empty = new JournalCopies(new Map());
  constructor(
    private readonly bySeq: ReadonlyMap<number, JournalCopy>,
    /** The journals of a habitually reversed kind left unreversed (accrual-reversals.ts). */
    readonly unreversed: UnreversedAccruals = UnreversedAccruals.empty,
    /** The year-end closes: journals zeroing the income-statement accounts (closing-entries.ts). */
    readonly closes: ClosingEntries = ClosingEntries.empty,
  ) {}
  /** The copy the line at `seq` belongs to, if it does. */
  copyAt(seq: number): JournalCopy | undefined {
    return this.bySeq.get(seq);
  }
}

/**
 * The attribute naming each line's journal: the configured one (duplicate_detection.journal_field,
 * `attributes.<column>`), else the first of a line's attribute names that says so; undefined when
 * none does.
 */
export function journalColumnOf(t: Transaction, field = "auto"): string | undefined {
  if (field !== "auto") return field.slice("attributes.".length);
  for (const name in t.attributes ?? {}) if (isDocumentColumn(name)) return name;
  return undefined;
}

// 32-bit mixing (murmur3's finalizer): a line's two lanes from two string hashes.
function fmix(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

const FNV_PRIME = 0x01000193;
const FNV_SEED_1 = 0x811c9dc5 | 0;
const FNV_SEED_2 = 0x2c1b3c6d | 0;
const FNV_SEED_SIDE = 0x3c6ef372 | 0;

/** FNV-1a of `s` continued from the int32 state `h`. */
function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), FNV_PRIME);
  return h;
}

export class JournalCopiesBuilder {
  private readonly keyed = new Map<string, boolean>();
  private readonly texts = new Map<string, boolean>();
  // The hashes of the line being added (hashLine): its key, as posted (o1, o2) and without what a
  // reversal changes (u1, u2), and the latter's dimensions (d).
  private o1 = 0;
  private o2 = 0;
  private u1 = 0;
  private u2 = 0;
  private d = 0;
  private readonly accountNamed = new Map<string, boolean>();
  // The journal being read.
  private current: string | undefined;
  private start = 0;
  private count = 0;
  private ms = Number.NaN;
  /** The posting day of the journal's first line. */
  private day = Number.NaN;
  private debits = 0;
  private a = 0;
  private b = 0;
  private ra = 0;
  private rb = 0;
  // The same lanes over the lines without what a reversal changes, as posted and swapped.
  private ta = 0;
  private tb = 0;
  private tra = 0;
  private trb = 0;
  /** The distinct account-sides of the journal being read (accrual-reversals.ts); null: more than MAX_ACCOUNT_SIDES. */
  private sides: number[] | null = [];
  // The journals read (those that can be judged), in order.
  private starts: number[] = [];
  private counts: number[] = [];
  private days: number[] = [];
  private totals: number[] = [];
  private ids: string[] = [];
  private reversals: number[] = [];
  /** The same two hashes of its lines without what a reversal changes, as posted and swapped (accrual-reversals.ts). */
  private untextedHashes: number[] = [];
  private untextedReversals: number[] = [];
  /** Each journal's account-sides: sideKeys[sideStarts[i]..sideStarts[i + 1]) (none: too many to judge). */
  private sideStarts: number[] = [];
  private sideKeys: number[] = [];
  /** Account-side → what it is (the account, the side, the user). */
  private readonly sideNames = new Map<number, AccountSide>();
  /** Hash → the journals of it, in order. */
  private readonly byHash = new Map<number, number | number[]>();
  /** Hash → its journals by posting day, for the reversal checks (made when first asked). */
  private readonly reversalIndexes = new Map<number, ReversalsByDay>();
  /** Each account's net by month and the journals that may be a year-end close (closing-entries.ts). */
  private readonly closing = new ClosingEntriesBuilder();

  /** `horizonDay`: the latest day (a day number) that may be the history's last for accrual_not_reversed
   *  (the scan's day + 366: a typo's year extends nothing); unset: any. */
  constructor(
    private readonly column: string,
    private readonly windowDays = JOURNAL_COPY_DAYS,
    private readonly horizonDay?: number,
  ) {}

  /** The line at position `seq`, posted on `ms`. */
  add(t: Transaction, seq: number, ms: number) {
    const journal = t.attributes?.[this.column];
    const key = journal === undefined || journal === null || journal === "" ? undefined : String(journal);
    // Every line with an account counts in the balances a close zeroes, in a journal or not.
    const account = this.accountOf(t);
    const cents = Math.round((t.amount ?? 0) * 100);
    // A journal posts on one day: the same number's next lines on another day are the next
    // journal (Business Central's recurring journal posts a month-end accrual and its reversal on
    // the 1st in one run, consecutive lines of one Document No.).
    if (key === undefined || key !== this.current || seq !== this.start + this.count || (this.count > 0 && anotherDay(ms, this.day))) {
      this.close();
      this.current = key;
      this.start = seq;
      this.count = 0;
      this.ms = ms;
      this.day = Math.floor(ms / DAY_MS);
      this.debits = 0;
      this.a = this.b = this.ra = this.rb = this.ta = this.tb = this.tra = this.trb = 0;
      this.sides = [];
      if (key === undefined) {
        if (account !== undefined && Number.isFinite(cents)) this.closing.line(account, cents, Math.floor(ms / DAY_MS), false);
        return;
      }
    }
    if (account !== undefined && Number.isFinite(cents)) this.closing.line(account, cents, this.day, true);
    this.count++;
    if (this.count > MAX_JOURNAL_LINES) return;
    if (cents > 0) this.debits += cents;
    if (ms !== this.ms) this.ms = Number.NaN;
    this.hashLine(t, Math.abs(cents));
    const h1 = this.o1 >>> 0;
    const h2 = this.o2 >>> 0;
    const side = cents > 0 ? 1 : cents < 0 ? 2 : 3;
    const other = side === 1 ? 2 : side === 2 ? 1 : 3;
    this.a = (this.a + fmix(h1 ^ Math.imul(side, 0x9e3779b1))) >>> 0;
    this.b = (this.b + fmix(h2 + Math.imul(side, 0x7f4a7c15))) >>> 0;
    this.ra = (this.ra + fmix(h1 ^ Math.imul(other, 0x9e3779b1))) >>> 0;
    this.rb = (this.rb + fmix(h2 + Math.imul(other, 0x7f4a7c15))) >>> 0;
    const t1 = this.u1 >>> 0;
    const t2 = this.u2 >>> 0;
    this.ta = (this.ta + fmix(t1 ^ Math.imul(side, 0x9e3779b1))) >>> 0;
    this.tb = (this.tb + fmix(t2 + Math.imul(side, 0x7f4a7c15))) >>> 0;
    this.tra = (this.tra + fmix(t1 ^ Math.imul(other, 0x9e3779b1))) >>> 0;
    this.trb = (this.trb + fmix(t2 + Math.imul(other, 0x7f4a7c15))) >>> 0;
    if (this.sides !== null && side !== 3) {
      if (account !== undefined) {
        const user = t.created_by ?? "";
        // The line's account and dimensions as a reversal keeps them (the untexted key from its
        // first separator on), amount aside, and its user.
        const key = fmix((fnv(fnv(this.d, "\u0001"), String(user)) >>> 0) ^ Math.imul(side, 0x9e3779b1));
        if (!this.sideNames.has(key) && this.sideNames.size < MAX_SIDE_NAMES) this.sideNames.set(key, { account, debit: side === 1, user });
        if (!this.sides.includes(key)) {
          if (this.sides.length >= MAX_ACCOUNT_SIDES) this.sides = null;
          else this.sides.push(key);
        }
      }
    }
  }

  /** The line's account: its first attribute named as one (account-field.ts), else its first line's SKU. */
  private accountOf(t: Transaction): string | undefined {
    const attributes = t.attributes;
    for (const name in attributes) {
      let named = this.accountNamed.get(name);
      if (named === undefined) {
        named = isAccountName(name);
        if (this.accountNamed.size < 1000) this.accountNamed.set(name, named);
      }
      if (!named) continue;
      const v = attributes[name];
      if (v !== undefined && v !== null && v !== "") return String(v);
    }
    const sku = t.lines[0]?.sku;
    return sku ? sku : undefined;
  }

  /**
   * Hashes the line's key (o1, o2: FNV-1a of `cents␁counterparty␁currency`, each line's
   * `␂sku:amount`, then `␁name=value` of each attribute that is neither the journal's column nor
   * keying), the same key without the attributes a reversal changes (u1, u2), and that key from
   * its first separator on (d: the account-side's dimensions, amount aside), as the strings were
   * hashed when they were built (hashString): the same values, without building the two strings
   * and reading each twice. int32 states; `>>> 0` gives hashString's.
   */
  private hashLine(t: Transaction, cents: number) {
    this.o1 = this.u1 = FNV_SEED_1;
    this.o2 = this.u2 = FNV_SEED_2;
    this.d = FNV_SEED_SIDE;
    this.feed(String(cents), false);
    this.d = FNV_SEED_SIDE;
    this.feed("\u0001", false);
    this.feed(String(t.customer_id ?? ""), false);
    this.feed("\u0001", false);
    this.feed(String(t.currency ?? ""), false);
    for (const l of t.lines) {
      this.feed("\u0002", false);
      this.feed(String(l.sku ?? ""), false);
      this.feed(":", false);
      this.feed(String(l.amount ?? ""), false);
    }
    const attributes = t.attributes;
    for (const name in attributes) {
      if (name === this.column) continue;
      let keyed = this.keyed.get(name);
      if (keyed === undefined) {
        keyed = KEYING_NAMES.test(plain(name));
        if (this.keyed.size < 1000) this.keyed.set(name, keyed);
      }
      if (keyed) continue;
      const v = attributes[name];
      if (v === undefined || v === null || v === "") continue;
      let text = this.texts.get(name);
      if (text === undefined) {
        text = changedByReversal(name);
        if (this.texts.size < 1000) this.texts.set(name, text);
      }
      this.feed("\u0001", text);
      this.feed(name, text);
      this.feed("=", text);
      this.feed(String(v), text);
    }
  }

  /** Feeds `s` to the line key's hashes, and unless `text` (an attribute a reversal changes) to
   *  the untexted key's and the dimensions'. */
  private feed(s: string, text: boolean) {
    let o1 = this.o1;
    let o2 = this.o2;
    if (text) {
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        o1 = Math.imul(o1 ^ c, FNV_PRIME);
        o2 = Math.imul(o2 ^ c, FNV_PRIME);
      }
    } else {
      let u1 = this.u1;
      let u2 = this.u2;
      let d = this.d;
      for (let i = 0; i < s.length; i++) {
        const c = s.charCodeAt(i);
        o1 = Math.imul(o1 ^ c, FNV_PRIME);
        o2 = Math.imul(o2 ^ c, FNV_PRIME);
        u1 = Math.imul(u1 ^ c, FNV_PRIME);
        u2 = Math.imul(u2 ^ c, FNV_PRIME);
        d = Math.imul(d ^ c, FNV_PRIME);
      }
      this.u1 = u1;
      this.u2 = u2;
      this.d = d;
    }
    this.o1 = o1;
    this.o2 = o2;
  }

  /** Ends the journal being read: kept when it has at least two lines, moves money and has one posting day. */
  private close() {
    // A journal of one posting day may be a year-end close (judged at the end, closing-entries.ts).
    if (this.current !== undefined && this.count >= 2) this.closing.end(this.current, this.start, this.count, Number.isNaN(this.ms) ? Number.NaN : this.day);
    else this.closing.skip();
    if (this.current === undefined || this.count < 2 || this.count > MAX_JOURNAL_LINES || this.debits <= 0 || Number.isNaN(this.ms)) return;
    const index = this.starts.length;
    this.starts.push(this.start);
    this.counts.push(this.count);
    this.days.push(Math.floor(this.ms / DAY_MS));
    this.totals.push(this.debits / 100);
    this.ids.push(this.current);
    const hash = lanes(this.a, this.b, this.count);
    this.reversals.push(lanes(this.ra, this.rb, this.count));
    this.untextedHashes.push(lanes(this.ta, this.tb, this.count));
    this.untextedReversals.push(lanes(this.tra, this.trb, this.count));
    this.sideStarts.push(this.sideKeys.length);
    if (this.sides !== null) for (const k of this.sides) this.sideKeys.push(k);
    const known = this.byHash.get(hash);
    if (known === undefined) this.byHash.set(hash, index);
    else if (typeof known === "number") this.byHash.set(hash, [known, index]);
    else known.push(index);
  }

  finish(): JournalCopies {
    this.close();
    this.current = undefined;
    const bySeq = new Map<number, JournalCopy>();
    for (const group of this.byHash.values()) {
      if (typeof group === "number") continue;
      const order = [...group].sort((x, y) => this.days[x]! - this.days[y]! || x - y);
      const rhythm = rhythmOf(order.map((i) => this.days[i]!));
      for (let k = 1; k < order.length; k++) {
        const copy = order[k]!;
        const original = order[k - 1]!;
        const gap = this.days[copy]! - this.days[original]!;
        if (this.ids[copy] === this.ids[original]) continue;
        // A two-line journal only on the same posting date; others within the window, and where the
        // journal recurs, far closer than its own rhythm (on the same day: not its habit).
        if (gap > (this.counts[copy] === 2 ? 0 : this.windowDays)) continue;
        if (rhythm !== undefined && (gap === 0 ? rhythm.perDay >= 2 : gap * 4 >= rhythm.gapDays)) continue;
        if (this.reversedBetween(original, copy)) continue;
        const found: JournalCopy = { journal: this.ids[copy]!, original: this.ids[original]!, days: gap, lines: this.counts[copy]!, total: this.totals[copy]!, firstSeq: this.starts[copy]! };
        for (let s = 0; s < found.lines; s++) bySeq.set(found.firstSeq + s, found);
      }
    }
    this.sideStarts.push(this.sideKeys.length);
    const unreversed = findUnreversedAccruals({ hashes: this.untextedHashes, reversals: this.untextedReversals, days: this.days, starts: this.starts, counts: this.counts, totals: this.totals, ids: this.ids, sideStarts: this.sideStarts, sideKeys: this.sideKeys, sideNames: this.sideNames, horizonDay: this.horizonDay });
    const closes = this.closing.finish();
    return bySeq.size === 0 && unreversed === UnreversedAccruals.empty && closes === ClosingEntries.empty ? JournalCopies.empty : new JournalCopies(bySeq, unreversed, closes);
  }

  /** Whether a reversal of `original` (its lines, debit and credit swapped) was posted after it and before, or within the window of, `copy`. */
  private reversedBetween(original: number, copy: number): boolean {
    const hash = this.reversals[original]!;
    const reversals = this.byHash.get(hash);
    if (reversals === undefined) return false;
    if (typeof reversals === "number") return reversals > original && (reversals < copy || Math.abs(this.days[reversals]! - this.days[copy]!) <= this.windowDays);
    // The journals of a hash are in the order they were read. Walked for each copy judged, a
    // ledger of many copies and many reversals of one journal was quadratic in them, all on the
    // event loop while the history was finished (50,000 two-line journals and 50,000 reversals:
    // /livez held 3.5 s on dist/assay): one after `original` and before `copy` by a binary
    // search, else one at or after `copy` within the window by the reversals' index by day.
    const after = upperBound(reversals, original);
    if (after === reversals.length) return false;
    if (reversals[after]! < copy) return true;
    let index = this.reversalIndexes.get(hash);
    if (index === undefined) this.reversalIndexes.set(hash, (index = new ReversalsByDay(reversals, this.days)));
    return index.latestWithin(this.days[copy]! - this.windowDays, this.days[copy]! + this.windowDays) >= after;
  }
}

/**
 * A hash's journals (their places among the hash's, in the order read) sorted by posting day, and
 * the latest place over any run of them (a sparse table of maxima): whether one of them at or
 * after a place was posted within some days, in constant time.
 */
class ReversalsByDay {
  private readonly days: Int32Array;
  /** levels[k][i]: the latest place among the 2^k journals from i on, in day order. */
  private readonly levels: Int32Array[];

  constructor(journals: readonly number[], dayOf: readonly number[]) {
    const order = journals.map((_, i) => i).sort((x, y) => dayOf[journals[x]!]! - dayOf[journals[y]!]! || x - y);
    this.days = Int32Array.from(order, (i) => dayOf[journals[i]!]!);
    this.levels = [Int32Array.from(order)];
    for (let span = 1; span * 2 <= order.length; span *= 2) {
      const below = this.levels[this.levels.length - 1]!;
      const level = new Int32Array(order.length - span * 2 + 1);
      for (let i = 0; i < level.length; i++) level[i] = Math.max(below[i]!, below[i + span]!);
      this.levels.push(level);
    }
  }

  /** The latest place (in the order read) among the journals posted on days from..to; -1: none. */
  latestWithin(from: number, to: number): number {
    const a = lowerBound(this.days, from);
    const b = upperBound(this.days, to);
    if (a >= b) return -1;
    const k = 31 - Math.clz32(b - a);
    const level = this.levels[k]!;
    return Math.max(level[a]!, level[b - (1 << k)]!);
  }
}

/** The two lanes and the number of lines as one exact number (53 bits). */
function lanes(a: number, b: number, count: number): number {
  return (fmix(a ^ Math.imul(count, 0x27d4eb2f)) & 0x1fffff) * 0x100000000 + fmix(b + count);
}

/**
 * How a journal recurs, from its posting days (sorted): the median gap between the days it posts
 * on and the median number of times it posts on one of them; undefined when it posts on fewer than
 * three days (no rhythm to be far closer than).
 */
function rhythmOf(days: readonly number[]): { gapDays: number; perDay: number } | undefined {
  const distinct: number[] = [];
  const counts: number[] = [];
  for (const d of days) {
    if (distinct[distinct.length - 1] === d) counts[counts.length - 1]!++;
    else {
      distinct.push(d);
      counts.push(1);
    }
  }
  if (distinct.length < 3) return undefined;
  const gaps = distinct.slice(1).map((d, i) => d - distinct[i]!).sort((x, y) => x - y);
  // Several a day is its habit only on most of its days (the lower median): a journal posted twice
  // on every other of its days is copied on those days.
  counts.sort((x, y) => x - y);
  return { gapDays: gaps[Math.floor(gaps.length / 2)]!, perDay: counts[Math.floor((counts.length - 1) / 2)]! };
}
