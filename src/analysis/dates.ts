// Reads the calendar facts detectors need from an ISO 8601 date or date-time string. A plain date
// has no time of day, so out-of-hours checks skip it.

export interface Moment {
  /** Milliseconds since the epoch (midnight UTC for a plain date). */
  ms: number;
  /** YYYY-MM-DD in local (configured offset) time. */
  day: string;
  /** 0 = Sunday … 6 = Saturday, local time. */
  weekday: number;
  /** Hour of day 0–23 local time; null for a plain date. */
  hour: number | null;
  /** Day of the month (1–31) and days left in the month after this one (0 on the last day). */
  dayOfMonth: number;
  daysToMonthEnd: number;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const UTC_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?Z?$/;
const DAY_MS = 86_400_000;

export function parseMoment(value: string | undefined, utcOffsetMinutes = 0): Moment | null {
  if (!value) return null;
  const dateOnly = DATE_ONLY.test(value);
  const ms = Date.parse(dateOnly ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(ms)) return null;
  const local = new Date(dateOnly ? ms : ms + utcOffsetMinutes * 60_000);
  const y = local.getUTCFullYear();
  const m = local.getUTCMonth();
  const d = local.getUTCDate();
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  return {
    ms,
    day: local.toISOString().slice(0, 10),
    weekday: local.getUTCDay(),
    hour: dateOnly ? null : local.getUTCHours(),
    dayOfMonth: d,
    daysToMonthEnd: lastDay - d,
  };
}

/** The calendar day (YYYY-MM-DD) of an ISO string, for comparing with validity windows. */
export function dayOf(value: string | undefined): string | null {
  if (!value) return null;
  if (DATE_ONLY.test(value)) return value;
  // A UTC (or zone-less) date-time: its first ten characters are the day, no parsing needed.
  if (UTC_DATE_TIME.test(value)) return value.slice(0, 10);
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString().slice(0, 10);
}

export function daysBetween(aMs: number, bMs: number): number {
  return Math.abs(aMs - bMs) / DAY_MS;
}

export function isValidIsoDate(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/.test(value) && !Number.isNaN(Date.parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value));
}
