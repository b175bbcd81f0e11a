// The returns of users after a long silence, judged from the history's posting days
// (posting-days.ts): what dormant_user_posting reports. A departed employee's account used again
// looks like this in a ledger: a user who posted with a rhythm stops, the business goes on posting
// without them for weeks or months, then a few entries appear under their name — and the rhythm
// does not come back. What tells it from the regular business that also has long silences:
//  - holidays: at most a few weeks (min_gap_days is beyond them);
//  - users who post at month, quarter or year end: their gaps are long but regular (the silence
//    must be gap_factor times the user's own usual gap);
//  - new users and users seen a few times: no established rhythm (min_active_days, min_weeks);
//  - a company-wide shutdown: everybody stops (the colleagues who posted before and after the
//    silence must have posted during it, at business_active_share of their own rhythms);
//  - a leave (parental, sick) or a temp back for the summer: the user comes back and posts as
//    before. This is the one that looks most like a departure, and what separates them is the
//    return itself: the volume of posting days after it against the user's old rhythm. A
//    returning employee resumes (a part-time return too, at half the old days); credentials
//    reused post a handful of entries and fall silent again. The hours, accounts or
//    counterparties of the return would say more where a ledger has them, but the days are what
//    every ledger with a user column has, and a reused account's postings are often ordinary
//    ones (the other detectors judge their hours and accounts).
// A resumed return is listed (low) on its first day; one that cannot be judged yet (the history
// ends too soon after it) is medium; one that did not resume is high when the evidence is strong
// — a rhythm that missed many posting days in the silence — and medium otherwise.
import type { ModulesConfig } from "../../config-schema.ts";
import type { PostingDays, UserTimeline } from "../../posting-days.ts";
import { lowerBound } from "../../sorted-search.ts";

type DormantConfig = ModulesConfig["anomaly_detection"]["dormant_user"];

/** Expected posting days a window must hold before their absence says anything (Poisson: five
 *  expected, none or one seen, happens by chance 4 % of the time). */
const MIN_EXPECTED_TO_SEE = 5;
/** The share of gaps below which a user's usual gap lies (their holidays are the rest). */
const USUAL_GAP_QUANTILE = 0.9;

export type Resumption = "resumed" | "not_resumed" | "unknown";
export type ReturnLevel = "high" | "medium" | "low";

export interface UserReturn {
  /** The last posting day before the silence, and the first after it (local day numbers). */
  lastBefore: number;
  returnDay: number;
  /** Days from the last posting to the return. */
  gapDays: number;
  /** The user's 90th-percentile gap between posting days before the silence. */
  usualGapDays: number;
  /** The user's posting days before the silence, and the day of the first of them. */
  activeDaysBefore: number;
  firstDay: number;
  /** Posting days per calendar day before the silence. */
  rate: number;
  /** The colleagues who posted before and after the silence, and their posting days during it
   *  as a share of what their rhythms would have had (capped at 1). */
  colleagues: number;
  businessShare: number;
  /** Posting days the rhythm would have had in the silence. */
  missedDays: number;
  /** After the return: the window looked at, the user's posting days in it and the rhythm's. */
  windowDays: number;
  returnActiveDays: number;
  returnExpected: number;
  resumption: Resumption;
  /** The last day whose postings are reported with this return. */
  untilDay: number;
  level: ReturnLevel;
}

/**
 * The return of `user` at `returnDay` after their posting day `days[prev]`, if it is one: `after` is
 * the index of the user's first posting day on or after `returnDay`, `extra` the posting days
 * outside the timeline on `returnDay` (1 for a transaction judged inline, not in the history).
 */
export function judgeReturn(user: string, timeline: UserTimeline, prev: number, returnDay: number, after: number, extra: number, ledger: PostingDays, cfg: DormantConfig): UserReturn | undefined {
  const days = timeline.days;
  if (prev < 0) return undefined;
  const lastBefore = days[prev]!;
  const gapDays = returnDay - lastBefore;
  if (gapDays < cfg.min_gap_days) return undefined;
  const activeDaysBefore = prev + 1;
  const firstDay = days[0]!;
  const span = lastBefore - firstDay + 1;
  if (activeDaysBefore < cfg.min_active_days || span < cfg.min_weeks * 7) return undefined;
  const usualGapDays = usualGap(days, prev);
  if (gapDays < cfg.gap_factor * usualGapDays) return undefined;
  const silent = gapDays - 1;
  // Measured by the colleagues' rhythms, not by the days the ledger posted on: a nightly batch
  // user posts through a shutdown that stops every person, and a silence that is mostly a
  // shutdown (seven weeks closed, a week of holiday either side) is not one of the business.
  // (Up to the history's end, for a posting judged after it.)
  const business = ledger.colleaguesBetween(user, lastBefore, Math.min(returnDay, ledger.lastDay));
  const businessShare = shareOf(business);
  if (businessShare < cfg.business_active_share) return undefined;
  const rate = activeDaysBefore / span;
  // The rhythm's posting days missed while the business was busy.
  const missedDays = silent * businessShare * rate;
  // Long enough to expect MIN_EXPECTED_TO_SEE posting days of the rhythm, at least the window.
  const wanted = Math.max(cfg.resume_window_days, Math.ceil(MIN_EXPECTED_TO_SEE / rate));
  const end = Math.max(ledger.lastDay, returnDay);
  // Judged over the window, and over all the history after the return when that is longer: a
  // part-time return with a holiday in its first quarter has caught up by then; a reused
  // account's handful of entries has only fallen further behind.
  const first = returnSeen(user, days, after, extra, returnDay, Math.min(wanted, end - returnDay + 1), rate, ledger, cfg);
  const whole = end - returnDay + 1 > wanted ? returnSeen(user, days, after, extra, returnDay, end - returnDay + 1, rate, ledger, cfg) : first;
  const seen = whole.resumption === "resumed" ? whole : first;
  const { windowDays, returnActiveDays, returnExpected, resumption } = seen;
  const level: ReturnLevel = resumption === "resumed" ? "low" : resumption === "not_resumed" && missedDays >= cfg.strong_missed_days ? "high" : "medium";
  const untilDay = resumption === "resumed" ? returnDay : resumedFrom(days, after, rate, wanted, end, cfg) - 1;
  return {
    lastBefore,
    returnDay,
    gapDays,
    usualGapDays,
    activeDaysBefore,
    firstDay,
    rate,
    colleagues: business.colleagues,
    businessShare,
    missedDays,
    windowDays,
    returnActiveDays,
    returnExpected,
    resumption,
    untilDay: Math.max(untilDay, returnDay),
    level,
  };
}

/** The user's posting days in the `windowDays` from `returnDay` against their rhythm's. */
function returnSeen(user: string, days: Int32Array, after: number, extra: number, returnDay: number, windowDays: number, rate: number, ledger: PostingDays, cfg: DormantConfig) {
  const returnActiveDays = extra + lowerBound(days, returnDay + windowDays) - after;
  // The rhythm's days while the business was busy: a return into Christmas or a closure is not
  // held against the user (no colleagues to tell: the rhythm's whole window).
  const busy = ledger.colleaguesBetween(user, returnDay - 1, returnDay + windowDays);
  const returnExpected = rate * windowDays * (busy.expectedDays > 0 ? shareOf(busy) : 1);
  // Resumed: the share of the rhythm's days, seen where enough were expected to tell (or as many
  // as that seen in a shorter window).
  const seenEnough = returnExpected >= MIN_EXPECTED_TO_SEE || returnActiveDays >= MIN_EXPECTED_TO_SEE;
  let resumption: Resumption;
  if (returnActiveDays >= 2 && returnActiveDays >= cfg.resume_share * returnExpected && seenEnough) resumption = "resumed";
  else if (returnExpected >= MIN_EXPECTED_TO_SEE) resumption = "not_resumed";
  else resumption = "unknown";
  return { windowDays, returnActiveDays, returnExpected, resumption };
}

/** The colleagues' posting days as a share of their rhythms' (capped at 1; 0 without colleagues). */
function shareOf(c: { postingDays: number; expectedDays: number }): number {
  return c.expectedDays > 0 ? Math.min(1, c.postingDays / c.expectedDays) : 0;
}

/** The user's usual gap between posting days before days[prev]: the 90th percentile (nearest rank). */
function usualGap(days: Int32Array, prev: number): number {
  if (prev < 1) return 0;
  return usualGapsOf(days)[prev]!;
}

/** Per timeline (its days): the usual gap before each of its posting days (usualGaps). */
const usualGapTables = new WeakMap<Int32Array, Int32Array>();

function usualGapsOf(days: Int32Array): Int32Array {
  let table = usualGapTables.get(days);
  if (!table) usualGapTables.set(days, (table = usualGaps(days)));
  return table;
}

/**
 * For each k: the 90th percentile (nearest rank) of the gaps between days[0..k], in one pass (the
 * gaps counted by rank in a Fenwick tree, each percentile found by its rank). Sorted anew for each
 * return judged, a user with a long gap between every posting day (one posting a month over
 * centuries of dates) cost a sort of all the gaps before each: 12,000 such days per user held the
 * event loop ~1.9 s while the context was built, and it grows with the square of the days.
 */
export function usualGaps(days: Int32Array): Int32Array {
  const n = days.length;
  const out = new Int32Array(n);
  if (n < 2) return out;
  const gaps = new Int32Array(n - 1);
  for (let k = 1; k < n; k++) gaps[k - 1] = days[k]! - days[k - 1]!;
  const values = Int32Array.from(gaps).sort();
  // Distinct gap values, ascending: a gap's rank is its place among them (1-based in the tree).
  let u = 0;
  for (let i = 0; i < values.length; i++) if (i === 0 || values[i] !== values[u - 1]) values[u++] = values[i]!;
  const tree = new Int32Array(u + 1);
  let top = 1;
  while (top * 2 <= u) top *= 2;
  for (let prev = 1; prev < n; prev++) {
    for (let i = lowerBound(values.subarray(0, u), gaps[prev - 1]!) + 1; i <= u; i += i & -i) tree[i]!++;
    // The gap of rank `want` (1-based) among the first `prev`: the smallest value with at least
    // `want` gaps at or below it.
    const want = Math.min(prev - 1, Math.ceil(USUAL_GAP_QUANTILE * prev) - 1) + 1;
    let at = 0;
    let below = 0;
    for (let step = top; step > 0; step >>= 1) {
      const next = at + step;
      if (next <= u && below + tree[next]! < want) {
        at = next;
        below += tree[next]!;
      }
    }
    out[prev] = values[at]!;
  }
  return out;
}

/**
 * The first posting day from days[after] on from which the user posts at their rhythm again (a
 * window from it holds the resume share of the rhythm's days): the postings before it are the
 * unresumed return's. No such day: the day after the history.
 */
function resumedFrom(days: Int32Array, after: number, rate: number, wanted: number, end: number, cfg: DormantConfig): number {
  let j = after;
  let k = after;
  for (; j < days.length; j++) {
    const from = days[j]!;
    const window = Math.min(wanted, end - from + 1);
    if (k < j) k = j;
    while (k < days.length && days[k]! < from + window) k++;
    const seen = k - j;
    if (seen >= 2 && seen >= cfg.resume_share * rate * window && rate * window >= MIN_EXPECTED_TO_SEE) return from;
  }
  return end + 1;
}

/** Every return in the history, per user, in day order. */
export function userReturns(ledger: PostingDays, cfg: DormantConfig): Map<string, UserReturn[]> {
  const out = new Map<string, UserReturn[]>();
  for (const [user, timeline] of ledger.users()) {
    const days = timeline.days;
    // Cheap exit for the many users who never fell silent for long.
    let any = false;
    for (let i = 1; i < days.length && !any; i++) any = days[i]! - days[i - 1]! >= cfg.min_gap_days;
    if (!any) continue;
    const found: UserReturn[] = [];
    for (let i = 1; i < days.length; i++) {
      if (days[i]! - days[i - 1]! < cfg.min_gap_days) continue;
      const r = judgeReturn(user, timeline, i - 1, days[i]!, i, 0, ledger, cfg);
      if (r) found.push(r);
    }
    if (found.length > 0) out.set(user, found);
  }
  return out;
}
