// When each value of a habit field (rare_combination.habit_fields: a chain's stores, a group's
// sites) was regularly active: the days it posted on, and which of them were days of its regular
// rhythm — at least half its usual number of posting days in the 30 days up to them (usual: the
// median of that count over its posting days), and the next posting day within RHYTHM_GAP_FACTOR
// of its usual gap (at least RHYTHM_MIN_GAP days: a holiday closes a store for a day). A store
// posting every night has a usual of ~28; the
// weekly payroll, the monthly rent and a utility bill that go on through a three-week remodel, or
// after it closed, are a handful: no rhythm. What posting_to_ended_value reads: a posting to a
// value whose regular activity ended long before and never came back (a vendor bill coded to a
// store closed months ago). Per value one sorted array of days; built once per history. Per value,
// account and counterparty (a ledger line naming one) also each side's first day, count and total (a ledger line's account:
// account-field.ts): the balance a value built on an account while it was active — a job's
// retainage withheld from a subcontractor on every pay application — is settled after its end
// (released in one payment when the job closes), and that settling is its own business.
import { lowerBound } from "./sorted-search.ts";
import { median } from "./stats.ts";
import { DAY_MS } from "./dates.ts";

/** The window a value's rhythm is counted over. */
export const RHYTHM_WINDOW_DAYS = 30;
/** Share of its usual count of posting days that makes a day one of the value's rhythm. */
const REGULAR_SHARE = 0.5;
const RHYTHM_GAP_FACTOR = 3;
const RHYTHM_MIN_GAP = 3;
/** Balances kept at most (value, account and counterparty): beyond, a new one is not known (never settled). */
const MAX_BALANCES = 200_000;
/** Postings of one side that build a balance (one posting is a bill, not a balance). */
const MIN_BUILT = 3;
/** What a settling may exceed the balance built by: rounding of the withheld shares. */
const SETTLE_TOLERANCE = 0.005;

export interface ValueActivity {
  /** The posting days, ascending and distinct. */
  days: Int32Array;
  /** The days of its regular rhythm, ascending. */
  regular: Int32Array;
  /** Its usual number of posting days in RHYTHM_WINDOW_DAYS. */
  usual: number;
}

export class HabitActivityBuilder {
  /** Per habit field: value code → its posting days. */
  private readonly days: Map<number, Set<number>>[];
  /** Every value's posting days together: whether the business went on. */
  private readonly any = new Set<number>();
  /** (field, value code, counterparty, amount) → the first day of its debits and of its credits
   *  (settles() asks only whether the other side posted by a day): a payment and the bill it
   *  settles share all four, on opposite sides. */
  private readonly settled = new Map<string, FirstDays>();
  /** (field, value code, account, counterparty) → each side's first day, count and total. */
  private readonly balances = new Map<string, Balance>();

  constructor(
    private readonly fields: readonly string[],
    private readonly habit: readonly number[],
  ) {
    this.days = habit.map(() => new Map());
  }

  /** `codes`: the entry's categorical codes in the history; `ms`: its date (NaN: none); `account`:
   *  a ledger line's account ("" when it names none). */
  add(ms: number, codes: Int32Array, counterparty: string | undefined, amount: number | undefined, account = "") {
    if (Number.isNaN(ms)) return;
    const day = Math.floor(ms / DAY_MS);
    for (let k = 0; k < this.habit.length; k++) {
      const c = codes[this.habit[k]!]!;
      if (c < 0) continue;
      let set = this.days[k]!.get(c);
      if (!set) this.days[k]!.set(c, (set = new Set()));
      set.add(day);
      this.any.add(day);
      if (counterparty && amount) {
        const key = settlementKey(k, c, counterparty, amount);
        let first = this.settled.get(key);
        if (!first) this.settled.set(key, (first = [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY]));
        const side = amount > 0 ? 0 : 1;
        if (day < first[side]) first[side] = day;
      }
      if (account && amount && counterparty) {
        const key = balanceKey(k, c, account, counterparty);
        let b = this.balances.get(key);
        if (!b) {
          if (this.balances.size >= MAX_BALANCES) continue;
          this.balances.set(key, (b = { first: [Number.POSITIVE_INFINITY, Number.POSITIVE_INFINITY], count: [0, 0], total: [0, 0] }));
        }
        const side = amount > 0 ? 0 : 1;
        if (day < b.first[side]) b.first[side] = day;
        b.count[side]++;
        b.total[side] += Math.abs(amount);
      }
    }
  }

  finish(): HabitActivity {
    if (this.habit.length === 0) return HabitActivity.empty;
    const specs = this.habit.map((field, k) => {
      const values = new Map<number, ValueActivity>();
      for (const [code, set] of this.days[k]!) values.set(code, activityOf(Int32Array.from(set).sort()));
      return { field: this.fields[field]!, index: field, values };
    });
    return new HabitActivity(specs, Int32Array.from(this.any).sort(), this.settled, this.balances);
  }
}

/** The first day of a key's debits and of its credits (+∞: none). */
type FirstDays = [debit: number, credit: number];

/** A value's postings to one account with one counterparty, per side (0: debits, 1: credits). */
interface Balance {
  first: [number, number];
  count: [number, number];
  total: [number, number];
}

function balanceKey(k: number, code: number, account: string, counterparty: string): string {
  return `${k}\u0000${code}\u0000${account}\u0000${counterparty}`;
}

function settlementKey(k: number, code: number, counterparty: string, amount: number): string {
  return `${k}\u0000${code}\u0000${counterparty}\u0000${Math.abs(amount).toFixed(2)}`;
}

function activityOf(days: Int32Array): ValueActivity {
  const counts = new Float64Array(days.length);
  for (let i = 0; i < days.length; i++) counts[i] = i - lowerBound(days, days[i]! - RHYTHM_WINDOW_DAYS + 1) + 1;
  const usual = median(Float64Array.from(counts).sort());
  const gaps = new Float64Array(Math.max(0, days.length - 1));
  for (let i = 1; i < days.length; i++) gaps[i - 1] = days[i]! - days[i - 1]!;
  const within = Math.max(RHYTHM_MIN_GAP, RHYTHM_GAP_FACTOR * (gaps.length > 0 ? median(gaps.sort()) : 0));
  const regular: number[] = [];
  // The last posting day has no next one: regular if its window is (the history ends there).
  for (let i = 0; i < days.length; i++) {
    if (counts[i]! >= REGULAR_SHARE * usual && (i === days.length - 1 || days[i + 1]! - days[i]! <= within)) regular.push(days[i]!);
  }
  return { days, regular: Int32Array.from(regular), usual };
}

export class HabitActivity {
  static readonly empty = new HabitActivity([], new Int32Array(0));

  constructor(
    readonly specs: readonly { field: string; index: number; values: Map<number, ValueActivity> }[],
    /** The days any value posted on, ascending. */
    readonly anyDays: Int32Array,
    private readonly settled: Map<string, FirstDays> = new Map(),
    private readonly balances: Map<string, Balance> = new Map(),
  ) {}

  /**
   * Whether a posting of `amount` to `account` with `counterparty` settles a balance the value (its
   * spec `k`, its code) built there with that counterparty while it was active: the other side
   * posted at least MIN_BUILT times, from on or before `lastRegular`, and this side never up to
   * `until` (the end of its closing month) — a job's retainage withheld on each pay application,
   * released after the close. Not beyond what was built: this side's postings together at most
   * the other side's (SETTLE_TOLERANCE for rounding) — a second release of the same retainage is
   * more than was withheld — unless `openedBefore` (the value was active when the history began:
   * part of its balance was built before it, unseen).
   */
  clears(k: number, code: number, account: string, counterparty: string, amount: number, lastRegular: number, until: number, openedBefore: boolean): boolean {
    if (!account || !amount || !counterparty) return false;
    const b = this.balances.get(balanceKey(k, code, account, counterparty));
    if (!b) return false;
    const side = amount > 0 ? 0 : 1;
    const other = side === 0 ? 1 : 0;
    if (b.first[side] <= until || b.first[other] > lastRegular || b.count[other] < MIN_BUILT) return false;
    return openedBefore || b.total[side] <= b.total[other] * (1 + SETTLE_TOLERANCE) + 0.01;
  }

  /** Whether a posting of `amount` with `counterparty` to the value (its spec `k`, its code) has
   *  an earlier counterpart on the other side (the bill a payment settles, the payment a bill's
   *  reversal returns) dated up to `until`. The first day of each side, not every posting's: a
   *  list walked per posting judged made 30,000 postings of one vendor and amount to a closed
   *  store 19 s of a scan's CPU (dist/assay), quadratic in them. */
  settles(k: number, code: number, counterparty: string, amount: number, until: number): boolean {
    const first = this.settled.get(settlementKey(k, code, counterparty, amount));
    if (!first || amount === 0) return false;
    return first[amount > 0 ? 1 : 0] <= until;
  }

  /** How many of the days strictly between a and b some value posted on. */
  businessDaysBetween(a: number, b: number): number {
    return Math.max(0, lowerBound(this.anyDays, b) - lowerBound(this.anyDays, a + 1));
  }

  get lastDay(): number {
    return this.anyDays.length === 0 ? Number.NaN : this.anyDays[this.anyDays.length - 1]!;
  }
}
