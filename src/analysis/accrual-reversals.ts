// Accruals that never reversed (accrual_not_reversed): a controller's month-end accruals (freight,
// utilities, a bonus) are reversed automatically on the first of the next month — the same lines,
// debit and credit swapped — and one left unreversed overstates the expense and the liability:
// what an auditor's cut-off test looks for. journal-copies.ts reduces every journal of a ledger to
// a multiset hash of its lines and of its lines swapped, its posting day and its distinct
// account-sides (an account with the side it is posted on, the line's dimensions as a reversal keeps
// them — cost centre, location, department, counterparty — and who posted it: "credits to 2100 at
// HQ/Finance posted by the staff accountant"); this file judges
// them once the history pass has read them all. Nothing per line is kept.
//
// Which journals reverse which: in posting-day order (then the order read), a journal whose lines
// are an earlier, still unreversed journal's swapped (free text aside: a reversal's memo says
// "Reversal of JE10452"), at most REVERSAL_DAYS after it, is that journal's reversal — of the
// latest such: a fixed-amount accrual left standing in January is not reversed by February's
// reversal of February's. Paired once: the accrual re-posted next month is no "reversal of the
// reversal" (that reversal is spent), and a journal that is itself a reversal is never judged.
//
// The habit is the account-side's, not the exact journal's: an accrued-liabilities account whose
// credits, as one user keys them, are reversed as a rule (at least MIN_JOURNALS judged journals
// posting on that side, at least MIN_SHARE of them reversed) makes a journal of that user crediting
// it and never reversed an anomaly — the consulting accrual keyed once into the utilities' accrual
// account is of no journal's exact shape. An account-side is the account's and its dimensions',
// amounts and memos aside (the accrual's text changes with what is accrued): a plant's reclass to
// the freight account the head office accrues is another account-side. And its user's: the accountant who keys
// the reversing accruals has the habit; the controller's year-end true-up or the auditors'
// adjustment to the same accounts is keyed by someone else and is not meant to reverse.
//
// What is no finding, and why:
//  - a journal posted less than DUE_DAYS before the history's last day: its reversal may not be due
//    (an accrual of the last month-end is reversed after the export). The last day is the latest
//    journal's up to the horizon (the scan's day + 366, as the recurring rules clamp it): one
//    journal typo-dated 2099 would make every accrual of the last month look long unreversed;
//  - a reversal within REVERSAL_DAYS, however late in it;
//  - a recurring journal never reversed (depreciation, payroll, rent): its account-sides are not
//    habitually reversed, and those of a reversing kind that share an account with it lower that
//    account's share below MIN_SHARE (no finding rather than a guess);
//  - a kind reversed only half the time: below MIN_SHARE;
//  - another user's journal to a habitually reversed account (a true-up, an audit adjustment);
//  - a journal of more than MAX_ACCOUNT_SIDES account-sides (a year-end close, a payroll of many
//    accounts): not an accrual that a single reversal undoes; not judged, nor counted;
//  - a journal reversed by two journals (a split reversal) or by a different amount (a partial
//    reversal): no exact reversal; spared when, within REVERSAL_DAYS after it and before the
//    account-side's next journal, a journal that reverses no other posts the opposite side of its
//    habitual account (what a split or partial reversal does).
// Medium evidence; high when the habit is long and near unbroken (HIGH_REVERSED, HIGH_SHARE).

/** Days within which a journal's swapped lines are its reversal. */
export const REVERSAL_DAYS = 40;
/** Days the history must run past a journal to say its reversal never came. */
export const DUE_DAYS = 45;
/** Judged journals of an account-side, at least, for a habit. */
export const MIN_JOURNALS = 5;
/** Their share reversed, at least. */
export const MIN_SHARE = 0.8;
/** Journals of more account-sides are not judged (not an accrual). */
export const MAX_ACCOUNT_SIDES = 8;
/** High: at least this many reversed, at this share. */
const HIGH_REVERSED = 10;
const HIGH_SHARE = 0.9;

/** A journal left unreversed where its account-side habitually is. */
export interface UnreversedAccrual {
  journal: string;
  /** The account-side whose habit it breaks ("credits to 2100 posted by …"). */
  habit: string;
  /** Judged journals of that account-side, and how many of them were reversed. */
  journals: number;
  reversed: number;
  /** The median days from such a journal to its reversal. */
  lagDays: number;
  /** Days from its posting to the history's last day. */
  daysSince: number;
  lines: number;
  total: number;
  firstSeq: number;
  level: "high" | "medium";
}

/** A reversal of a journal its reversal had already undone (accrual_reversed_twice). */
export interface AccrualReversedTwice {
  /** The second reversal. */
  journal: string;
  /** The accrual it reverses, and the reversal that had already. */
  original: string;
  firstReversal: string;
  /** Days from the first reversal to this one. */
  days: number;
  /** The accrual's habit ("credits to 2100 posted by …"). */
  habit: string;
  lines: number;
  total: number;
  firstSeq: number;
  level: "high" | "medium";
}

export class UnreversedAccruals {
  static readonly empty = new UnreversedAccruals(new Map());
  constructor(
    private readonly byFirstSeq: ReadonlyMap<number, UnreversedAccrual>,
    private readonly bySeq = new Map<number, UnreversedAccrual>(),
    private readonly twiceBySeq = new Map<number, AccrualReversedTwice>(),
  ) {}
  /** The unreversed journal the line at `seq` belongs to, if it does. */
  at(seq: number): UnreversedAccrual | undefined {
    return this.bySeq.get(seq);
  }
  /** The second reversal the line at `seq` belongs to, if it does. */
  twiceAt(seq: number): AccrualReversedTwice | undefined {
    return this.twiceBySeq.get(seq);
  }
  get size(): number {
    return this.byFirstSeq.size;
  }
}

/** An account posted on one side by one user (who keys a journal: the accountant's accruals, the system's reversals). */
export interface AccountSide {
  account: string;
  debit: boolean;
  user: string;
}

const describe = (s: AccountSide | undefined) => (s === undefined ? "its account" : `${s.debit ? "debits" : "credits"} to ${s.account}${s.user ? ` posted by ${s.user}` : ""}`);

/** What journal-copies.ts keeps of each journal (by its index, in the order read). */
export interface JournalFacts {
  hashes: readonly number[];
  reversals: readonly number[];
  days: readonly number[];
  starts: readonly number[];
  counts: readonly number[];
  totals: readonly number[];
  ids: readonly string[];
  /** Journal i's account-sides: sideKeys[sideStarts[i]..sideStarts[i + 1]); none: not judged. */
  sideStarts: readonly number[];
  sideKeys: readonly number[];
  sideNames: ReadonlyMap<number, AccountSide>;
  /** The latest day that may be the history's last (a day number; unset: any). */
  horizonDay?: number;
}

export function findUnreversedAccruals(f: JournalFacts): UnreversedAccruals {
  const n = f.days.length;
  if (n === 0) return UnreversedAccruals.empty;
  const order = Array.from({ length: n }, (_, i) => i).sort((x, y) => f.days[x]! - f.days[y]! || x - y);
  // The history's last day, a far-future typo aside (beyond the horizon: extends nothing).
  const horizon = f.horizonDay ?? Number.POSITIVE_INFINITY;
  let lastDay = Number.NEGATIVE_INFINITY;
  for (let p = n - 1; p >= 0; p--) {
    const day = f.days[order[p]!]!;
    if (day <= horizon) {
      lastDay = day;
      break;
    }
  }
  // Pair each journal with its reversal: open journals by their own hash, oldest first.
  const reversedBy = new Int32Array(n).fill(-1);
  const isReversal = new Uint8Array(n);
  const open = new Map<number, number[]>();
  // A journal already reversed, by its hash (the latest): a copy of its reversal within the window,
  // with nothing open to reverse, reverses it a second time.
  const spent = new Map<number, number>();
  const twice: { i: number; j: number }[] = [];
  for (const i of order) {
    const day = f.days[i]!;
    const waiting = open.get(f.reversals[i]!);
    if (waiting !== undefined && f.reversals[i] !== f.hashes[i]) {
      // The latest open one: older ones are older still (each stack is in day order).
      const j = waiting[waiting.length - 1]!;
      if (day - f.days[j]! <= REVERSAL_DAYS) {
        waiting.pop();
        reversedBy[j] = i;
        isReversal[i] = 1;
        spent.set(f.hashes[j]!, j);
        if (waiting.length === 0) open.delete(f.reversals[i]!);
        continue;
      }
    }
    const done = f.reversals[i] !== f.hashes[i] ? spent.get(f.reversals[i]!) : undefined;
    if (done !== undefined && f.hashes[reversedBy[done]!] === f.hashes[i] && day - f.days[done]! <= REVERSAL_DAYS) {
      // A reversal, of a journal already reversed: no accrual to judge, nor one a later journal reverses.
      isReversal[i] = 1;
      twice.push({ i, j: done });
      continue;
    }
    const mine = open.get(f.hashes[i]!);
    if (mine === undefined) open.set(f.hashes[i]!, [i]);
    else mine.push(i);
  }
  // Each account-side's habit over the journals judged (not reversals, old enough).
  const judged = (i: number) => isReversal[i] === 0 && lastDay - f.days[i]! >= DUE_DAYS && f.sideStarts[i + 1]! > f.sideStarts[i]!;
  const habits = new Map<number, { journals: number; reversed: number; lags: number[] }>();
  for (let i = 0; i < n; i++) {
    if (!judged(i)) continue;
    for (let k = f.sideStarts[i]!; k < f.sideStarts[i + 1]!; k++) {
      const key = f.sideKeys[k]!;
      let h = habits.get(key);
      if (h === undefined) habits.set(key, (h = { journals: 0, reversed: 0, lags: [] }));
      h.journals++;
      if (reversedBy[i]! >= 0) {
        h.reversed++;
        h.lags.push(f.days[reversedBy[i]!]! - f.days[i]!);
      }
    }
  }
  const strong = new Map<number, { journals: number; reversed: number; lagDays: number }>();
  for (const [key, h] of habits) {
    if (h.journals < MIN_JOURNALS || h.reversed < h.journals * MIN_SHARE) continue;
    h.lags.sort((x, y) => x - y);
    strong.set(key, { journals: h.journals, reversed: h.reversed, lagDays: h.lags[Math.floor((h.lags.length - 1) / 2)]! });
  }
  if (strong.size === 0) return UnreversedAccruals.empty;
  const twiceBySeq = reversedTwice(f, twice, reversedBy, strong);
  // Each unreversed judged journal's strongest habit (the highest share, then the most journals).
  const candidates: { i: number; key: number }[] = [];
  for (let i = 0; i < n; i++) {
    if (!judged(i) || reversedBy[i]! >= 0) continue;
    let best: number | undefined;
    for (let k = f.sideStarts[i]!; k < f.sideStarts[i + 1]!; k++) {
      const s = strong.get(f.sideKeys[k]!);
      if (s === undefined) continue;
      const b = best === undefined ? undefined : strong.get(best)!;
      if (b === undefined || s.reversed / s.journals > b.reversed / b.journals || (s.reversed / s.journals === b.reversed / b.journals && s.journals > b.journals)) best = f.sideKeys[k]!;
    }
    if (best !== undefined) candidates.push({ i, key: best });
  }
  if (candidates.length === 0) return twiceBySeq.size === 0 ? UnreversedAccruals.empty : new UnreversedAccruals(new Map(), new Map(), twiceBySeq);
  const byFirstSeq = new Map<number, UnreversedAccrual>();
  const bySeq = new Map<number, UnreversedAccrual>();
  const partly = partialReversals(f, order, isReversal, candidates);
  for (let c = 0; c < candidates.length; c++) {
    const { i, key } = candidates[c]!;
    if (partly[c]) continue;
    const s = strong.get(key)!;
    const found: UnreversedAccrual = {
      journal: f.ids[i]!,
      habit: describe(f.sideNames.get(key)),
      journals: s.journals,
      reversed: s.reversed,
      lagDays: s.lagDays,
      daysSince: lastDay - f.days[i]!,
      lines: f.counts[i]!,
      total: f.totals[i]!,
      firstSeq: f.starts[i]!,
      level: levelOf(s),
    };
    byFirstSeq.set(found.firstSeq, found);
    for (let q = 0; q < found.lines; q++) bySeq.set(found.firstSeq + q, found);
  }
  return byFirstSeq.size === 0 && twiceBySeq.size === 0 ? UnreversedAccruals.empty : new UnreversedAccruals(byFirstSeq, bySeq, twiceBySeq);
}

/** The level of an account-side's habit: high when long and near unbroken. */
const levelOf = (s: { journals: number; reversed: number }): "high" | "medium" => (s.reversed >= HIGH_REVERSED && s.reversed >= s.journals * HIGH_SHARE ? "high" : "medium");

/**
 * The second reversals (`twice`: journal i reversing journal j, which reversedBy[j] had reversed
 * already) of a journal of a kind reversed as a rule (one of its account-sides a `strong` habit):
 * an accrual reversed twice takes its expense back twice. Another kind's back-and-forth (a
 * transfer returned twice) is no finding.
 */
function reversedTwice(f: JournalFacts, twice: readonly { i: number; j: number }[], reversedBy: Int32Array, strong: ReadonlyMap<number, { journals: number; reversed: number }>): Map<number, AccrualReversedTwice> {
  const out = new Map<number, AccrualReversedTwice>();
  for (const { i, j } of twice) {
    let best: number | undefined;
    for (let k = f.sideStarts[j]!; k < f.sideStarts[j + 1]!; k++) {
      const s = strong.get(f.sideKeys[k]!);
      if (s === undefined) continue;
      const b = best === undefined ? undefined : strong.get(best)!;
      if (b === undefined || s.reversed / s.journals > b.reversed / b.journals) best = f.sideKeys[k]!;
    }
    if (best === undefined) continue;
    const r = reversedBy[j]!;
    const found: AccrualReversedTwice = {
      journal: f.ids[i]!,
      original: f.ids[j]!,
      firstReversal: f.ids[r]!,
      days: f.days[i]! - f.days[r]!,
      habit: describe(f.sideNames.get(best)),
      lines: f.counts[i]!,
      total: f.totals[i]!,
      firstSeq: f.starts[i]!,
      level: levelOf(strong.get(best)!),
    };
    for (let q = 0; q < found.lines; q++) out.set(found.firstSeq + q, found);
  }
  return out;
}

/**
 * For each candidate (journal `i`, its habitual account-side `key`): whether, within REVERSAL_DAYS
 * after it and before the next journal posting on that account-side, a journal that reverses none
 * posts the opposite side of the same account (a split or partial reversal). That is: the first
 * journal after it in day order (then the order read) posting the opposite side of the account
 * comes before the first posting the same account-side, and within REVERSAL_DAYS. Both are found
 * by a binary search among the places of the journals posting each side asked about, listed in
 * one pass. (A walk over the journals from each candidate was candidates × the journals of 40
 * days: 8,000 habits each with one accrual left standing, 72,001 journals, took 26.7 s.)
 */
export function partialReversals(f: JournalFacts, order: readonly number[], isReversal: Uint8Array, candidates: readonly { i: number; key: number }[]): boolean[] {
  const opposite = (s: AccountSide) => `${s.debit ? "c" : "d"}\u0000${s.account}`;
  const own = (s: AccountSide) => `${s.debit ? "d" : "c"}\u0000${s.account}`;
  // The places (in `order`) of the journals that reverse none, posting each side asked about.
  const sameAt = new Map<number, number[]>();
  const oppositeAt = new Map<string, number[]>();
  for (const { key } of candidates) {
    const side = f.sideNames.get(key);
    if (side === undefined) continue;
    sameAt.set(key, []);
    oppositeAt.set(opposite(side), []);
  }
  for (let p = 0; p < order.length; p++) {
    const j = order[p]!;
    if (isReversal[j] !== 0) continue;
    for (let k = f.sideStarts[j]!; k < f.sideStarts[j + 1]!; k++) {
      const key = f.sideKeys[k]!;
      const same = sameAt.get(key);
      if (same !== undefined && same[same.length - 1] !== p) same.push(p);
      const name = f.sideNames.get(key);
      if (name === undefined) continue;
      const other = oppositeAt.get(own(name));
      if (other !== undefined && other[other.length - 1] !== p) other.push(p);
    }
  }
  const placeOf = new Int32Array(order.length);
  for (let p = 0; p < order.length; p++) placeOf[order[p]!] = p;
  return candidates.map(({ i, key }) => {
    const side = f.sideNames.get(key);
    if (side === undefined) return false;
    const at = placeOf[i]!;
    const others = oppositeAt.get(opposite(side))!;
    const o = upperPlace(others, at);
    if (o === others.length || f.days[order[others[o]!]!]! - f.days[i]! > REVERSAL_DAYS) return false;
    const same = sameAt.get(key)!;
    const s = upperPlace(same, at);
    // A journal posting both sides is the account-side's next journal: no partial reversal.
    return s === same.length || others[o]! < same[s]!;
  });
}

/** The first index of `places` (ascending) holding a place after `at`. */
function upperPlace(places: readonly number[], at: number): number {
  let lo = 0;
  let hi = places.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (places[mid]! <= at) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
