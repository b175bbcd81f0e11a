// On which days each user posted, and on which days the ledger as a whole did: the timeline the
// dormant-user detector reads (a user who posted regularly, fell silent while the business kept
// posting, and posts again). Kept as days rather than moments: per user one small sorted array of
// local day numbers with the postings of each day — a clerk of a year is ~250 of them whatever
// the thousands of lines they posted — so that it stays cheap for histories of 100,000 entries.
import type { Transaction } from "../domain/transaction.ts";
import { doubled } from "../domain/typed-arrays.ts";
import { lowerBound } from "./sorted-search.ts";
import { DAY_MS } from "./dates.ts";

/** A user's posting days, ascending and distinct, and how many postings each day had. */
export interface UserTimeline {
  days: Int32Array;
  counts: Int32Array;
}

class GrowingTimeline {
  days = new Int32Array(16);
  counts = new Int32Array(16);
  n = 0;
  /** A day earlier than the last one arrived (a source not in date order): sorted at finish. */
  unordered = false;

  add(day: number) {
    const n = this.n;
    if (n > 0 && this.days[n - 1] === day) {
      this.counts[n - 1]!++;
      return;
    }
    if (n > 0 && day < this.days[n - 1]!) this.unordered = true;
    if (n === this.days.length) {
      this.days = doubled(this.days);
      this.counts = doubled(this.counts);
    }
    this.days[n] = day;
    this.counts[n] = 1;
    this.n = n + 1;
  }

  finish(): UserTimeline {
    if (!this.unordered) return { days: this.days.slice(0, this.n), counts: this.counts.slice(0, this.n) };
    const perDay = new Map<number, number>();
    for (let i = 0; i < this.n; i++) perDay.set(this.days[i]!, (perDay.get(this.days[i]!) ?? 0) + this.counts[i]!);
    const days = Int32Array.from(perDay.keys()).sort();
    return { days, counts: Int32Array.from(days, (d) => perDay.get(d)!) };
  }
}

export class PostingDays {
  private readonly building = new Map<string, GrowingTimeline>();
  private readonly timelines = new Map<string, UserTimeline>();
  /** The first and last day the ledger posted on (any user, or none). */
  private first = Number.POSITIVE_INFINITY;
  private last = Number.NEGATIVE_INFINITY;
  // The lines of one document are consecutive and share their user: one map lookup per document.
  private lastUser: string | undefined;
  private lastTimeline: GrowingTimeline | undefined;

  constructor(private readonly utcOffsetMinutes: number) {}

  static readonly empty = new PostingDays(0).finish();

  /** `ms`: the transaction's date as parsed by the history (NaN when it has none). */
  add(t: Transaction, ms: number) {
    if (Number.isNaN(ms)) return;
    const day = this.dayOf(t.date!, ms);
    if (day < this.first) this.first = day;
    if (day > this.last) this.last = day;
    const user = t.created_by;
    if (!user) return;
    let timeline = user === this.lastUser ? this.lastTimeline : this.building.get(user);
    if (!timeline) this.building.set(user, (timeline = new GrowingTimeline()));
    this.lastUser = user;
    this.lastTimeline = timeline;
    timeline.add(day);
  }

  /** The local day number (days since 1970-01-01) of a date; a plain date (YYYY-MM-DD) has no
   *  time of day and is its own day, unshifted (as habits.ts reads it). */
  dayOf(date: string, ms: number): number {
    const local = date.length === 10 ? ms : ms + this.utcOffsetMinutes * 60_000;
    return Math.floor(local / DAY_MS);
  }

  finish(): this {
    for (const [user, t] of this.building) this.timelines.set(user, t.finish());
    this.building.clear();
    this.lastUser = undefined;
    this.lastTimeline = undefined;
    return this;
  }

  timeline(user: string): UserTimeline | undefined {
    return this.timelines.get(user);
  }

  users(): IterableIterator<[string, UserTimeline]> {
    return this.timelines.entries();
  }

  /** The last day the ledger posted on (NaN when it has no dated entry). */
  get lastDay(): number {
    return this.last === Number.NEGATIVE_INFINITY ? Number.NaN : this.last;
  }

  /**
   * How busy the users other than `user` whose postings began before day `a` and go on after day
   * `b` or on it (colleagues through the whole period) were strictly between the two days: their posting
   * days there, against what their own rhythms (posting days per day of their span) would have
   * had. Whether the business went on without `user`, and for how much of the time. Read per
   * silence judged (a few per history), never per entry.
   */
  colleaguesBetween(user: string, a: number, b: number): { colleagues: number; postingDays: number; expectedDays: number } {
    let colleagues = 0;
    let postingDays = 0;
    let expectedDays = 0;
    for (const [other, t] of this.timelines) {
      const n = t.days.length;
      if (other === user || n === 0 || t.days[0]! >= a || t.days[n - 1]! < b) continue;
      colleagues++;
      postingDays += lowerBound(t.days, b) - lowerBound(t.days, a + 1);
      expectedDays += (n / (t.days[n - 1]! - t.days[0]! + 1)) * (b - a - 1);
    }
    return { colleagues, postingDays, expectedDays };
  }
}

