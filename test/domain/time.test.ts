// Client times are parsed strictly: a date that is not on the calendar is refused, not rolled
// over to another day by Date.parse (which reads 2026-02-30 as March 2).
import { describe, expect, test } from "bun:test";
import { isValidIsoDate } from "../../src/analysis/dates.ts";
import { isCalendarDate, parseTime } from "../../src/domain/time.ts";

const refused = ["2026-02-29", "2026-02-30", "2026-04-31", "2026-01-01T24:00:00Z", "2026-01-01T23:60:00Z", "2026-01-01T10:00:00+24:00", "2026-00-10", "2026-01-00"];
const accepted = ["2024-02-29", "2026-02-28", "2026-04-30", "2026-12-31T23:59:59Z", "2026-01-01T23:59:59.999+14:00"];

describe("calendar dates", () => {
  test.each(refused)("%s is refused everywhere", (value) => {
    expect(isCalendarDate(value)).toBe(false);
    expect(isValidIsoDate(value)).toBe(false);
    expect(() => parseTime(value, "/period/from")).toThrow();
  });

  test.each(accepted)("%s is accepted", (value) => {
    expect(isCalendarDate(value)).toBe(true);
    expect(isValidIsoDate(value)).toBe(true);
    expect(parseTime(value, "/period/from")).toBe(new Date(Date.parse(value)).toISOString());
  });
});

describe("times whose UTC instant leaves the years 0000-9999 (sixteenth attack pass)", () => {
  // 9999-12-31T23:59:59-01:00 is in the year 10000 once in UTC: its ISO text "+010000-…" sorted
  // before every "2026-…" in the string comparisons of stored times, so `GET /v1/alerts?since=`
  // it listed every alert, and a report from 1900 to it was refused as "period.from is after
  // period.to". Such a bound is the edge of the range every stored time is in.
  test("a bound past 9999-12-31 UTC is the last instant of 9999, one before 0000-01-01 the first of 0000", () => {
    expect(parseTime("9999-12-31T23:59:59-01:00", "/query/since")).toBe("9999-12-31T23:59:59.999Z");
    expect(parseTime("9999-12-31T23:59:59.999-12:00", "/period/to")).toBe("9999-12-31T23:59:59.999Z");
    expect(parseTime("0000-01-01T00:00:00+01:00", "/period/from")).toBe("0000-01-01T00:00:00.000Z");
    expect(parseTime("1900-01-01T00:00:00+14:00", "/period/from") < parseTime("9999-12-31T23:59:59.999-12:00", "/period/to")).toBe(true);
  });
});

