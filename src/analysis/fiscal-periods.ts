// The periods a ledger closes: calendar months, or the weeks of a retail (4-4-5) calendar. A
// retailer or manufacturer on a 4-4-5 calendar (or 4-5-4, 5-4-4: the weeks of each quarter's three
// periods; or thirteen periods of four weeks) closes its books at the end of a period of whole
// weeks, not at a month's end: an invoice dated 29 January keyed on 18 February goes into the
// period 28 January – 24 February, still open, not into a January that closed weeks before. Its
// fiscal years are 52 weeks, with a 53rd now and then (added to the last period); when each year
// starts is the company's own (the Sunday nearest 31 January for the NRF calendar), so it is
// configured as the years' first days (late_posting.fiscal_calendar). late_posting learns each
// period's close from when entries into it stop arriving, by whichever calendar is in force.
import { DAY_MS } from "./dates.ts";

/** A ledger's closing periods, as day numbers (days since 1970-01-01) and period keys. */
export interface Periods {
  /** Identifies the calendar (a learned close calendar is kept per calendar). */
  readonly id: string;
  /** Periods a year: the usual close delay is learned per period of the year. */
  readonly perYear: number;
  /** The period holding a day, as a key that orders the periods. */
  periodOf(day: number): number;
  /** The period's last day. */
  lastDayOf(period: number): number;
  /** Its place in its year, 0 … perYear − 1. */
  slotOf(period: number): number;
  /** How a finding names it: "March 2025", "period 2 of the fiscal year from 2024-12-29 (2025-01-26 – 2025-02-22)". */
  name(period: number): string;
}

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

/** Calendar months: period = year × 12 + month index. */
export const calendarMonths: Periods = {
  id: "months",
  perYear: 12,
  periodOf(day) {
    const d = new Date(day * DAY_MS);
    return d.getUTCFullYear() * 12 + d.getUTCMonth();
  },
  lastDayOf(month) {
    return Math.floor(Date.UTC(Math.floor(month / 12), (month % 12) + 1, 1) / DAY_MS) - 1;
  },
  slotOf: (month) => month % 12,
  name: (month) => `${MONTHS[month % 12]} ${Math.floor(month / 12)}`,
};

/** The week patterns of late_posting.fiscal_calendar.periods: weeks per period through the year. */
export const FISCAL_PATTERNS = {
  "4-4-5": [4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5],
  "4-5-4": [4, 5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4],
  "5-4-4": [5, 4, 4, 5, 4, 4, 5, 4, 4, 5, 4, 4],
  "13x4": [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4],
} as const;
export type FiscalPattern = keyof typeof FISCAL_PATTERNS;

export interface FiscalCalendarSetting {
  periods: FiscalPattern;
  /** The first day of each fiscal year the ledger spans, ascending (YYYY-MM-DD). */
  year_starts: string[];
}

const YEAR_DAYS = 364;
/** A period key: the fiscal year's index (from the first year start, negative before it) × this + the period. */
const KEY = 16;

const dayOf = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOf = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/**
 * A retail calendar: the configured years, each from its start to the next one's (52 or 53 weeks:
 * a 53rd week goes to its last period); before the first and after the last, years of 52 weeks.
 */
export function fiscalPeriods(setting: FiscalCalendarSetting): Periods {
  const weeks = FISCAL_PATTERNS[setting.periods];
  const starts = setting.year_starts.map(dayOf);
  const first = starts[0]!;
  const last = starts[starts.length - 1]!;
  /** The first day of fiscal year `y` (0: the first configured). */
  const yearStart = (y: number) => (y < 0 ? first + y * YEAR_DAYS : y < starts.length ? starts[y]! : last + (y - starts.length + 1) * YEAR_DAYS);
  const yearOf = (day: number) => {
    if (day < first) return -Math.ceil((first - day) / YEAR_DAYS);
    let y = 0;
    while (yearStart(y + 1) <= day) y++;
    return y;
  };
  // Each period's first day, counted in days from its year's start.
  const offsets: number[] = [];
  let at = 0;
  for (const w of weeks) {
    offsets.push(at);
    at += w * 7;
  }
  return {
    id: `${setting.periods}@${setting.year_starts.join(",")}`,
    perYear: weeks.length,
    periodOf(day) {
      const y = yearOf(day);
      const into = day - yearStart(y);
      let k = weeks.length - 1;
      while (k > 0 && offsets[k]! > into) k--;
      return y * KEY + k;
    },
    lastDayOf(period) {
      const y = Math.floor(period / KEY);
      const k = period - y * KEY;
      return k === weeks.length - 1 ? yearStart(y + 1) - 1 : yearStart(y) + offsets[k + 1]! - 1;
    },
    slotOf: (period) => period - Math.floor(period / KEY) * KEY,
    name(period) {
      const y = Math.floor(period / KEY);
      const k = period - y * KEY;
      return `period ${k + 1} of the fiscal year from ${isoOf(yearStart(y))} (${isoOf(yearStart(y) + offsets[k]!)} – ${isoOf(this.lastDayOf(period))})`;
    },
  };
}

/** The periods late_posting judges by: the configured fiscal calendar, else calendar months. */
export function periodsOf(setting: FiscalCalendarSetting | undefined): Periods {
  if (setting === undefined) return calendarMonths;
  let periods = built.get(setting);
  if (!periods) built.set(setting, (periods = fiscalPeriods(setting)));
  return periods;
}

const built = new WeakMap<FiscalCalendarSetting, Periods>();

/**
 * What is wrong with a fiscal_calendar setting, each problem with its YAML path (`at`): year starts
 * that are no calendar day, not ascending, or a year that is not 52 or 53 weeks.
 */
export function fiscalCalendarProblems(setting: FiscalCalendarSetting | undefined, at: string): string[] {
  if (setting === undefined) return [];
  const problems: string[] = [];
  const days = setting.year_starts.map((s, i) => {
    const day = dayOf(s);
    if (!Number.isInteger(day) || isoOf(day) !== s) problems.push(`${at}.year_starts[${i}]: "${s}" is not a calendar day`);
    return day;
  });
  if (problems.length > 0) return problems;
  for (let i = 1; i < days.length; i++) {
    const length = days[i]! - days[i - 1]!;
    if (length !== 364 && length !== 371) {
      problems.push(`${at}.year_starts[${i}]: ${length} days after year_starts[${i - 1}]; a fiscal year of whole weeks is 364 days (52 weeks) or 371 (53)`);
    }
  }
  return problems;
}
