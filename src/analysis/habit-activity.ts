// When each value of a habit field (rare_combination.habit_fields: a chain's stores, a group's
// sites) was regularly active: the days it posted on, and which of them were days of its regular
// rhythm — at least half its usual number of posting days in the 30 days up to them (usual: the
// median of that count over its posting days), and the next posting day within RHYTHM_GAP_FACTOR
// of its usual gap (at least RHYTHM_MIN_GAP days: a holiday closes a store for a day). A store
// posting every night has a usual of ~28; the
// weekly payroll, the monthly rent and a utility bill that go on through a three-week remodel, or
// after it closed, are a handful: no rhythm. What posting_to_ended_value reads: a posting to a
// value whose regular activity ended long before and never came back (a vendor bill coded to a
// store closed months ago). Per value one sorted array of days; built once per history.
import { lowerBound } from "./sorted-search.ts";
import { median } from "./stats.ts";
import { DAY_MS } from "./dates.ts";

/** The window a value's rhythm is counted over. */
export const RHYTHM_WINDOW_DAYS = 30;
/** Share of its usual count of posting days that makes a day one of the value's rhythm. */
const REGULAR_SHARE = 0.5;
const RHYTHM_GAP_FACTOR = 3;
const RHYTHM_MIN_GAP = 3;

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

  constructor(
    private readonly fields: readonly string[],
    private readonly habit: readonly number[],
  ) {
    this.days = habit.map(() => new Map());
  }

  /** `codes`: the entry's categorical codes in the history; `ms`: its date (NaN: none). */
  add(ms: number, codes: Int32Array, counterparty: string | undefined, amount: number | undefined) {
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
    }
  }

  finish(): HabitActivity {
    if (this.habit.length === 0) return HabitActivity.empty;
    const specs = this.habit.map((field, k) => {
      const values = new Map<number, ValueActivity>();
      for (const [code, set] of this.days[k]!) values.set(code, activityOf(Int32Array.from(set).sort()));
      return { field: this.fields[field]!, index: field, values };
    });
    return new HabitActivity(specs, Int32Array.from(this.any).sort(), this.settled);
  }
}

/** The first day of a key's debits and of its credits (+∞: none). */
type FirstDays = [debit: number, credit: number];

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
  ) {}

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
