// When each user usually posts: per user, how many of their postings fall in each local hour
// and on each weekday. A batch user whose depreciation run posts at 2 a.m. on the last day of
// the month, weekend or not, is not "out of hours" in any meaningful sense: the calendar
// detector asks the habit before it reports. The ledger's own counts (every user's postings
// together) are kept too: a user with too few postings to have a habit of their own is judged by
// the business's.
import type { Transaction } from "../domain/transaction.ts";
import { keyedAt, parseDateMs } from "./dates.ts";

const HOURS = 24;
/** A user "never" keys at an hour (calendar.ts, out_of_hours_for_user) when this many of their
 *  postings carry a time of day (a hundred is months of a payables clerk's work), at most
 *  STRONG_HABIT_NEAR_SHARE of them within an hour of it and at most STRONG_HABIT_WIDE_SHARE
 *  within three hours (the hour is far from their working day, whatever the time zone). "Next to
 *  none" rather than none: two night wires keyed with one stolen login make each other's hour
 *  seem used. */
export const STRONG_HABIT_MIN_POSTINGS = 100;
export const STRONG_HABIT_WIDE_SHARE = 0.02;
export const STRONG_HABIT_NEAR_SHARE = 0.002;
const WEEKDAYS = 7;

export class PostingHabits {
  private readonly byUser = new Map<string, Uint32Array>();
  /** Every user's postings together. */
  private readonly ledger = new Uint32Array(HOURS + WEEKDAYS + 1);

  constructor(private readonly utcOffsetMinutes: number) {}

  /** `ms`: the transaction's date as parsed by the history (NaN when it has none). Counted at
   *  when it was keyed (keyedAt: `entered_at` with a time of day, else the date), as the calendar
   *  detector reads it. */
  add(t: Transaction, ms: number) {
    if (!t.created_by) return;
    const at = keyedAt(t);
    if (at !== t.date) {
      const entered = parseDateMs(at!);
      if (!Number.isNaN(entered)) return this.count(t.created_by, at!, entered);
    }
    if (Number.isNaN(ms)) return;
    this.count(t.created_by, t.date!, ms);
  }

  private count(user: string, at: string, ms: number) {
    let h = this.byUser.get(user);
    if (!h) this.byUser.set(user, (h = new Uint32Array(HOURS + WEEKDAYS + 1)));
    // The same local hour and weekday as dates.ts's parseMoment, without a Date per posting. A
    // plain date (YYYY-MM-DD) has no time of day and is read at midnight UTC, unshifted.
    const dateOnly = at.length === 10;
    const local = dateOnly ? ms : ms + this.utcOffsetMinutes * 60_000;
    const days = Math.floor(local / 86_400_000);
    const hour = dateOnly ? -1 : Math.floor((local - days * 86_400_000) / 3_600_000);
    const weekday = (((days + 4) % 7) + 7) % 7;
    // Called for every entry of the history: two plain calls, no array of the two per posting.
    countPosting(h, hour, weekday);
    countPosting(this.ledger, hour, weekday);
  }

  /** Share of the user's postings (besides `self` of them, posted at `hour`) within an hour of
   * this hour, and how many postings the user has. */
  hourShare(user: string, hour: number, self: number): { share: number; n: number } {
    return hourShareOf(this.byUser.get(user), hour, self);
  }

  /** Of the user's postings with a time of day (besides `self`, posted at `hour`): how many, how
   *  many within an hour of `hour` and how many within three hours of it. */
  timedHours(user: string, hour: number, self: number): { timed: number; near: number; wide: number } {
    const h = this.byUser.get(user);
    if (!h) return { timed: 0, near: 0, wide: 0 };
    let timed = -self;
    for (let i = 0; i < HOURS; i++) timed += h[i]!;
    const within = (d: number) => {
      let k = -self;
      for (let i = -d; i <= d; i++) k += h[(hour + i + HOURS) % HOURS]!;
      return k;
    };
    return { timed, near: within(1), wide: within(3) };
  }

  /** The same over every user's postings: the business's hours. */
  ledgerHourShare(hour: number, self: number): { share: number; n: number } {
    return hourShareOf(this.ledger, hour, self);
  }

  /** Share of the user's postings (besides `self`) on any of these weekdays. */
  weekdayShare(user: string, weekdays: readonly number[], weekday: number, self: number): { share: number; n: number } {
    return weekdayShareOf(this.byUser.get(user), weekdays, weekday, self);
  }

  /** The same over every user's postings: the business's days. */
  ledgerWeekdayShare(weekdays: readonly number[], weekday: number, self: number): { share: number; n: number } {
    return weekdayShareOf(this.ledger, weekdays, weekday, self);
  }
}

/** Share of the postings counted in `h` (besides `self`, posted at `hour`) within an hour of it. */
function hourShareOf(h: Uint32Array | undefined, hour: number, self: number): { share: number; n: number } {
  if (!h) return { share: 0, n: 0 };
  const n = h[HOURS + WEEKDAYS]! - self;
  const k = h[(hour + HOURS - 1) % HOURS]! + h[hour]! + h[(hour + 1) % HOURS]! - self;
  return { share: n > 0 ? k / n : 0, n };
}

/** Share of the postings counted in `h` (besides `self`) on any of these weekdays. */
function weekdayShareOf(h: Uint32Array | undefined, weekdays: readonly number[], weekday: number, self: number): { share: number; n: number } {
  if (!h) return { share: 0, n: 0 };
  const n = h[HOURS + WEEKDAYS]! - self;
  let k = 0;
  for (const d of weekdays) k += h[HOURS + d]!;
  if (weekdays.includes(weekday)) k -= self;
  return { share: n > 0 ? k / n : 0, n };
}

/** One posting in a habit's counts: its local hour (-1 for a plain date, which has none) and weekday. */
function countPosting(counts: Uint32Array, hour: number, weekday: number): void {
  if (hour >= 0) counts[hour]!++;
  counts[HOURS + weekday]!++;
  counts[HOURS + WEEKDAYS]!++;
}
