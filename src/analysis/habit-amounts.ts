// What amounts are usual for a value of a habit field (rare_combination.habit_fields: a chain's
// stores, a group's sites) in one account: the norm of a (habit value, account) pair. A store's
// cash over/short runs at a few dollars a night and another's at twenty; its returns are a steady
// share of its own sales. Read one field at a time, the account's spread across forty stores is
// wide and heavy-tailed, and a shortage 40× the store's usual sits inside it; the pair's own norm
// is narrow enough to show it.
//
// The business moves every store at once — Black Friday, the week before Christmas, January's
// returns, a payroll with holiday hours —, so a store's amount is judged after the chain's
// movement that day: a two-way robust decomposition (Tukey's median polish, one sweep) of the log
// amounts into the pair's level and the account's level that day (the median, over the pairs of
// that account posting that day, of their departures from their own levels; only where at least
// DAY_PEERS postings share the day, else none). The pair's norm is the median and scaled MAD of
// what is left. Amounts of different currencies are never compared.
//
// Built once per history (one pass, arrays of numbers per pair); judged per entry by a lookup.
import type { Transaction } from "../domain/transaction.ts";
import { isAccountName } from "./account-field.ts";
import { lowerBound, upperBound } from "./sorted-search.ts";
import { logAmount, MAD_TO_SIGMA, median, medianDeviation } from "./stats.ts";
import { DAY_MS } from "./dates.ts";

/** Postings of an account on one day (over its habit values) that make the day's level readable. */
export const DAY_PEERS = 5;
/** A pair's spread is floored: a flat rent or a fixed fee still tolerates some movement. */
const MIN_SCALE = 0.1;
/** Codes of the two fields and the side in one number key (codes are small integers: the order of
 *  first use): the account's code times two, plus one for a credit, is the account side. Room for
 *  the sides of 2^23 accounts (a history holds at most context.history_limit, 5,000,000, values),
 *  the habit code above them within 2^53. */
const SIDE_SPAN = 2 ** 24;

/** One pair's postings, as they arrive. */
class Growing {
  days: number[] = [];
  logs: number[] = [];
}

/** A pair's norm: its postings' days (ascending) and the log amounts left after the day's level
 *  (in the same order), their median and scale. */
export interface PairNorm {
  days: Int32Array;
  adjusted: Float64Array;
  median: number;
  scale: number;
}

/** An entry judged against its pair's norm. */
export interface PairJudgement {
  /** The habit field and the account field (names), and the entry's values of them. */
  habitField: string;
  accountField: string;
  /** Their positions among the categorical fields. */
  habit: number;
  account: number;
  /** Robust z of the entry's log amount after the day's level, and the ratio to the pair's usual. */
  z: number;
  ratio: number;
  /** The account's level that day, as a factor on every pair's usual (1: none read). */
  dayFactor: number;
  /** The pair's usual amount (money) and its postings before and after the entry's day. */
  usual: number;
  before: number;
  after: number;
  /** The pair's postings in all. */
  n: number;
  scale: number;
  /** How many values of the habit field post to the account on that side. */
  values: number;
  credit: boolean;
}

/** The (habit field, account field) pairs among the categorical fields: each habit field with
 *  the first attribute named as an account (account-field.ts); none without either. */
export function habitAccountPairs(fields: readonly string[], habitFields: readonly string[]): [number, number][] {
  const account = fields.findIndex((f) => f.startsWith("attributes.") && isAccountName(f.slice("attributes.".length)));
  if (account < 0) return [];
  const out: [number, number][] = [];
  for (const h of habitFields) {
    const i = fields.indexOf(h);
    if (i >= 0 && i !== account) out.push([i, account]);
  }
  return out;
}

export class HabitAmountsBuilder {
  /** Per pair spec: currency → (habit code, account code) key → postings. */
  private readonly growing: Map<string, Map<number, Growing>>[];

  constructor(
    private readonly fields: readonly string[],
    private readonly pairs: readonly [number, number][],
  ) {
    this.growing = pairs.map(() => new Map());
  }

  /** `codes`: the entry's categorical codes in the history; `ms`: its date (NaN: none). */
  add(t: Transaction, ms: number, codes: Int32Array) {
    const signed = t.amount ?? 0;
    if (signed === 0 || !Number.isFinite(signed) || Number.isNaN(ms)) return;
    const day = Math.floor(ms / DAY_MS);
    for (let p = 0; p < this.pairs.length; p++) {
      const [h, a] = this.pairs[p]!;
      const ch = codes[h]!;
      const ca = codes[a]!;
      if (ch < 0 || ca < 0) continue;
      const byCurrency = this.growing[p]!;
      const currency = t.currency ?? "";
      let byKey = byCurrency.get(currency);
      if (!byKey) byCurrency.set(currency, (byKey = new Map()));
      const key = ch * SIDE_SPAN + sideOf(ca, signed);
      let g = byKey.get(key);
      if (!g) byKey.set(key, (g = new Growing()));
      g.days.push(day);
      g.logs.push(logAmount(signed));
    }
  }

  finish(): HabitAmounts {
    if (this.pairs.length === 0) return HabitAmounts.empty;
    const specs = this.pairs.map(([h, a], p) => {
      const byCurrency = new Map<string, Decomposed>();
      for (const [currency, byKey] of this.growing[p]!) byCurrency.set(currency, decompose(byKey));
      return { habitField: this.fields[h]!, accountField: this.fields[a]!, habit: h, account: a, byCurrency };
    });
    return new HabitAmounts(specs);
  }
}

/** One sweep of median polish over one currency's pairs: each pair's level, the account's level
 *  per day, and each pair's norm of what is left. */
function decompose(byKey: Map<number, Growing>): Decomposed {
  const levels = new Map<number, number>();
  for (const [key, g] of byKey) levels.set(key, median(Float64Array.from(g.logs).sort()));
  // The departures of every pair of an account from its own level, by day.
  const departures = new Map<number, number[]>();
  const values = new Map<number, number>();
  for (const [key, g] of byKey) {
    const account = key % SIDE_SPAN;
    values.set(account, (values.get(account) ?? 0) + 1);
    const level = levels.get(key)!;
    for (let k = 0; k < g.days.length; k++) {
      const dk = dayKey(account, g.days[k]!);
      if (dk < 0) continue;
      let list = departures.get(dk);
      if (!list) departures.set(dk, (list = []));
      list.push(g.logs[k]! - level);
    }
  }
  const dayLevels = new Map<number, number>();
  for (const [dk, list] of departures) if (list.length >= DAY_PEERS) dayLevels.set(dk, median(Float64Array.from(list).sort()));
  const norms = new Map<number, PairNorm>();
  for (const [key, g] of byKey) {
    const account = key % SIDE_SPAN;
    const order = g.days.map((_, k) => k).sort((x, y) => g.days[x]! - g.days[y]!);
    const days = Int32Array.from(order, (k) => g.days[k]!);
    const adjusted = Float64Array.from(order, (k) => g.logs[k]! - (dayLevels.get(dayKey(account, g.days[k]!)) ?? 0));
    const sorted = Float64Array.from(adjusted).sort();
    const med = median(sorted);
    norms.set(key, { days, adjusted, median: med, scale: Math.max(MAD_TO_SIGMA * medianDeviation(sorted, med), MIN_SCALE) });
  }
  return { norms, dayLevels, values };
}

/** An account side: a debit and a credit to one account are two flows (a store's cash takings and
 *  the deposits that sweep them to the bank), each with its own norm. */
function sideOf(account: number, signed: number): number {
  return account * 2 + (signed < 0 ? 1 : 0);
}

interface Decomposed {
  norms: Map<number, PairNorm>;
  /** (account side, day) → the account's level that day. */
  dayLevels: Map<number, number>;
  /** Account side → how many habit values post to it. */
  values: Map<number, number>;
}

/** Days either side of 1970-01-01 an (account side, day) key holds: every date of years
 *  0000–9999 (-719,528 to 2,932,896), and more. */
const DAY_OFFSET = 2 ** 22;

/** An (account side, day) key. It was account side × 131,072 + day: a day before 1970 or after
 *  2328 was another side's day, and took its level. -1: a day beyond DAY_OFFSET (no level). */
function dayKey(account: number, day: number): number {
  return day >= -DAY_OFFSET && day < DAY_OFFSET ? account * 2 * DAY_OFFSET + (day + DAY_OFFSET) : -1;
}

interface Spec {
  habitField: string;
  accountField: string;
  habit: number;
  account: number;
  byCurrency: Map<string, Decomposed>;
}

export class HabitAmounts {
  static readonly empty = new HabitAmounts([]);

  constructor(private readonly specs: readonly Spec[]) {}

  get size(): number {
    return this.specs.length;
  }

  /**
   * The entry (its categorical codes in the history, its currency, day and amount) against each
   * of its pairs' norms (its own posting, in the history, counts neither before nor after its
   * day). Pairs the history has not seen are skipped.
   */
  judge(codes: Int32Array, currency: string, ms: number, signed: number): PairJudgement[] {
    if (this.specs.length === 0 || signed === 0 || !Number.isFinite(signed) || Number.isNaN(ms)) return [];
    const day = Math.floor(ms / DAY_MS);
    const log = logAmount(signed);
    const out: PairJudgement[] = [];
    for (const s of this.specs) {
      const ch = codes[s.habit]!;
      const ca = codes[s.account]!;
      if (ch < 0 || ca < 0) continue;
      const c = s.byCurrency.get(currency);
      const side = sideOf(ca, signed);
      const norm = c?.norms.get(ch * SIDE_SPAN + side);
      if (!norm) continue;
      const level = c!.dayLevels.get(dayKey(side, day)) ?? 0;
      const left = log - level - norm.median;
      out.push({
        habitField: s.habitField,
        accountField: s.accountField,
        habit: s.habit,
        account: s.account,
        z: left / norm.scale,
        ratio: Math.exp(left),
        dayFactor: Math.exp(level),
        usual: Math.exp(norm.median),
        before: lowerBound(norm.days, day),
        after: norm.days.length - upperBound(norm.days, day),
        n: norm.days.length,
        scale: norm.scale,
        values: c!.values.get(side)!,
        credit: signed < 0,
      });
    }
    return out;
  }
}
