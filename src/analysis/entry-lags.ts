// When entries arrive against the period they are posted into: what late_posting reads, built in
// the history pass from the entries that carry `entered_at` beside their posting date (`date`).
// Two things are learned:
//  - the ledger's close calendar: per month, the day entries into it stopped arriving. The
//    arrivals after a month's end (accruals keyed in the first working days, the year-end
//    adjustments six weeks into January) run on from its last day without a long pause; the
//    close is the last of that run. Users and sources with a standing lag (an expense system
//    posting receipts weeks back, a payroll import) are left out: they arrive into every period
//    long after it, and say nothing of when the books closed. A month whose run may still be
//    going on when the history ends is given the ledger's usual close delay for that month of the
//    year (else for any month), so that an entry analysed inline is judged against a close the
//    history has not seen yet;
//  - each user's habit: how far back from the entry date they post (lags in days, sorted), so
//    that an interface dated weeks back or a controller's year-end is their routine.
// A ledger without entry dates costs one property read per entry (add()) and keeps nothing.
import { DAY_MS, parseDateMs } from "./dates.ts";
import { calendarMonths, type Periods } from "./fiscal-periods.ts";
import { lowerBound } from "./sorted-search.ts";

/** A posting dated this close to its month's end is dated to the period end (the last working day
 *  of a month that ends on a weekend included). */
const PERIOD_END_DAYS = 3;

/** A user's lags (entry day − posting day), ascending. */
export type UserLags = Int32Array;

/** The local day number of an ISO date or date-time already parsed to `ms`: a plain date is its
 *  own day (no time of day to shift), a date-time is shifted into the calendar's offset. */
export function localDay(value: string, ms: number, utcOffsetMinutes: number): number {
  return Math.floor((value.length === 10 ? ms : ms + utcOffsetMinutes * 60_000) / DAY_MS);
}

export interface CloseSettings {
  /** The periods the ledger closes (calendar months unless a fiscal calendar is configured). */
  periods?: Periods;
  closeGapDays: number;
  standingLagDays: number;
  minHistory: number;
}

export interface PeriodClose {
  /** The day entries into the month stopped arriving (its last day when none came after it). */
  day: number;
  /** Whether the close was seen in the history (false: the usual delay stood in for it). */
  seen: boolean;
}

export class EntryLagsBuilder {
  private posting: number[] = [];
  private entry: number[] = [];
  private users: number[] = [];
  private readonly userCodes = new Map<string, number>();

  constructor(private readonly utcOffsetMinutes: number) {}

  /** `postingMs`: the transaction's date as the history parsed it (NaN when it has none). */
  add(t: { date?: string; entered_at?: string; created_by?: string }, postingMs: number) {
    const entered = t.entered_at;
    if (entered === undefined || Number.isNaN(postingMs)) return;
    const enteredMs = parseDateMs(entered);
    if (Number.isNaN(enteredMs)) return;
    const user = t.created_by ?? "";
    let code = this.userCodes.get(user);
    if (code === undefined) this.userCodes.set(user, (code = this.userCodes.size));
    this.posting.push(localDay(t.date!, postingMs, this.utcOffsetMinutes));
    this.entry.push(localDay(entered, enteredMs, this.utcOffsetMinutes));
    this.users.push(code);
  }

  finish(): EntryLags {
    if (this.posting.length === 0) return EntryLags.empty;
    return new EntryLags(Int32Array.from(this.posting), Int32Array.from(this.entry), Int32Array.from(this.users), [...this.userCodes.keys()]);
  }
}

/** The entries' posting and entry days and users, as the history pass read them. */
export class EntryLags {
  static readonly empty = new EntryLags(new Int32Array(0), new Int32Array(0), new Int32Array(0), []);
  /** The calendars learned, per settings (a simulation may alternate two configurations). */
  private readonly calendars = new Map<string, CloseCalendar>();

  constructor(
    private readonly posting: Int32Array,
    private readonly entry: Int32Array,
    private readonly users: Int32Array,
    /** The users by code (created_by; "" for entries without one). */
    private readonly userNames: readonly string[],
  ) {}

  /** Whether the history had any entry with an entry date (else late_posting has nothing to judge by). */
  get known(): boolean {
    return this.posting.length > 0;
  }

  calendar(settings: CloseSettings): CloseCalendar {
    const key = `${settings.closeGapDays}/${settings.standingLagDays}/${settings.minHistory}/${(settings.periods ?? calendarMonths).id}`;
    let c = this.calendars.get(key);
    if (!c) this.calendars.set(key, (c = this.learn(settings)));
    return c;
  }

  private learn(settings: CloseSettings): CloseCalendar {
    const periods = settings.periods ?? calendarMonths;
    const n = this.posting.length;
    const lagsOf: number[][] = Array.from({ length: this.userNames.length }, () => []);
    let lastEntry = Number.NEGATIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      lagsOf[this.users[i]!]!.push(this.entry[i]! - this.posting[i]!);
      if (this.entry[i]! > lastEntry) lastEntry = this.entry[i]!;
    }
    const sorted = lagsOf.map((l) => Int32Array.from(l).sort());
    // Per user: postings dated in the last days of their month (a closer's accruals, adjustments).
    const atPeriodEnd = new Int32Array(this.userNames.length);
    const monthOf = new Int32Array(n);
    for (let i = 0; i < n; i++) {
      const month = (monthOf[i] = periods.periodOf(this.posting[i]!));
      if (periods.lastDayOf(month) - this.posting[i]! < PERIOD_END_DAYS) atPeriodEnd[this.users[i]!]!++;
    }
    // A standing lag: three postings of four at least standing_lag_days back, dated through the
    // month (an interface posting each item at its own date). A user who posts to the periods'
    // last days with the same lags (the controllers' close, the auditors') is the close itself.
    const standing = sorted.map((l, code) => l.length >= settings.minHistory && l[Math.floor(l.length / 4)]! >= settings.standingLagDays && atPeriodEnd[code]! < l.length / 2);
    const arrivals = new Map<number, number[]>();
    const months = new Set<number>();
    for (let i = 0; i < n; i++) {
      const month = monthOf[i]!;
      months.add(month);
      if (standing[this.users[i]!] || this.entry[i]! <= periods.lastDayOf(month)) continue;
      let list = arrivals.get(month);
      if (!list) arrivals.set(month, (list = []));
      list.push(this.entry[i]!);
    }
    const closes = new Map<number, PeriodClose>();
    const runs = new Map<number, Int32Array>();
    const delays: number[][] = Array.from({ length: periods.perYear }, () => []);
    const allDelays: number[] = [];
    for (const month of months) {
      const end = periods.lastDayOf(month);
      const days = Int32Array.from(arrivals.get(month) ?? []).sort();
      runs.set(month, days);
      const close = closingRun(days, end, settings.closeGapDays, Number.NaN);
      // Settled once the history runs on a whole pause past it.
      const seen = lastEntry > close + settings.closeGapDays;
      closes.set(month, { day: close, seen });
      if (seen) {
        delays[periods.slotOf(month)]!.push(close - end);
        allDelays.push(close - end);
      }
    }
    const usual = delays.map((d) => median(d.length > 0 ? d : allDelays));
    for (const [month, c] of closes) {
      if (c.seen) continue;
      const u = usual[periods.slotOf(month)]!;
      if (!Number.isNaN(u)) c.day = Math.max(c.day, periods.lastDayOf(month) + u);
    }
    const userLags = new Map<string, UserLags>();
    this.userNames.forEach((user, code) => userLags.set(user, sorted[code]!));
    const standingUsers = new Set(this.userNames.filter((_, code) => standing[code]));
    return new CloseCalendar(periods, closes, runs, usual, userLags, standingUsers, settings.closeGapDays);
  }
}

/**
 * The last day of the run of arrivals (ascending) that goes on from the month's end `end`, each
 * within `gap` days of the one before; `skip`: one arrival on that day left out (NaN: none).
 */
function closingRun(days: Int32Array, end: number, gap: number, skip: number): number {
  let close = end;
  let skipped = Number.isNaN(skip);
  for (const d of days) {
    if (!skipped && d === skip) {
      skipped = true;
      continue;
    }
    if (d - close > gap) break;
    close = d;
  }
  return close;
}

function median(xs: readonly number[]): number {
  if (xs.length === 0) return Number.NaN;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)]!;
}

/** The close calendar and the users' habits learned from a history's entry lags. */
export class CloseCalendar {
  constructor(
    /** The periods it closes (a "month" below is one of them). */
    readonly periods: Periods,
    private readonly closes: ReadonlyMap<number, PeriodClose>,
    /** Per month: the arrivals after its end that count for its close, ascending. */
    private readonly runs: ReadonlyMap<number, Int32Array>,
    /** Per month of the year: the usual close delay in days after the month's end (NaN: none seen). */
    private readonly usualDelay: readonly number[],
    private readonly lags: ReadonlyMap<string, UserLags>,
    private readonly standing: ReadonlySet<string>,
    private readonly closeGapDays: number,
  ) {}

  /**
   * The close of the month holding `postingDay`: seen in the history, else the month's end plus
   * the usual delay. `own`: the judged entry's own arrival, when the history holds it — left out,
   * so that a late entry does not close the month itself (an entry 10 days past the close would
   * otherwise extend the run to its own day).
   */
  closeOf(postingDay: number, own?: { entryDay: number; user: string }): PeriodClose {
    const month = this.periods.periodOf(postingDay);
    const c = this.closes.get(month);
    const u = this.usualDelay[this.periods.slotOf(month)];
    const end = this.periods.lastDayOf(month);
    const usual = end + (u === undefined || Number.isNaN(u) ? 0 : u);
    if (!c) return { day: usual, seen: false };
    if (own === undefined || own.entryDay <= end || own.entryDay > c.day || this.standing.has(own.user)) return c;
    const day = closingRun(this.runs.get(month)!, end, this.closeGapDays, own.entryDay);
    return { day: c.seen ? day : Math.max(day, usual), seen: c.seen };
  }

  /**
   * The user's habit: the `q` quantile of their lags, `own` (the entry's own lag, when it is in
   * the history) left out once; `n` the lags it was read from.
   */
  habit(user: string, q: number, own: number | undefined): { lag: number; n: number } {
    const lags = this.lags.get(user);
    if (!lags || lags.length === 0) return { lag: 0, n: 0 };
    let skip = -1;
    if (own !== undefined) {
      // Any index holding the own lag: removing one copy of a value from a sorted array.
      const lo = lowerBound(lags, own);
      if (lo < lags.length && lags[lo] === own) skip = lo;
    }
    const n = lags.length - (skip >= 0 ? 1 : 0);
    if (n === 0) return { lag: 0, n: 0 };
    const k = Math.min(n - 1, Math.max(0, Math.ceil(q * n) - 1));
    return { lag: lags[skip >= 0 && k >= skip ? k + 1 : k]!, n };
  }
}
