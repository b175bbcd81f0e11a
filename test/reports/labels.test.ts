// The previous period a report compares with (src/reports/labels.ts).
import { expect, test } from "bun:test";
import { previousDates, previousPeriod } from "../../src/reports/labels.ts";

test("the period of the same length just before", () => {
  expect(previousPeriod("2026-03-01T00:00:00.000Z", "2026-03-31T23:59:59.999Z")).toEqual({
    fromTime: "2026-01-29T00:00:00.000Z",
    toTime: "2026-02-28T23:59:59.999Z",
  });
  expect(previousPeriod(undefined, "2026-03-31T00:00:00Z")).toBeUndefined();
});

test("none before the year 1: a period from 0001-01-01 has no previous one written as '-000001'", () => {
  expect(previousPeriod("0001-01-01T00:00:00.000Z", "2026-01-01T00:00:00.000Z")).toBeUndefined();
  expect(previousPeriod("0002-01-01T00:00:00.000Z", "0002-12-31T23:59:59.999Z")?.fromTime).toBe("0001-01-01T00:00:00.000Z");
});

// Thirteenth attack pass: a period given as days (revenue_leakage's `period`) reached back before
// the year 1 unchecked — 1970-01-01..9999-12-31 compared with "-006060-01" to "1969-12-31" (the
// first ten characters of "-006060-01-01T…"), 0001-01-01 alone with "0000-12-31".
test("days: none before the year 1 either, and never a date cut from an extended year", () => {
  expect(previousDates("2026-02-01", "2026-02-28")).toEqual({ from: "2026-01-04", to: "2026-01-31" });
  expect(previousDates("1970-01-01", "9999-12-31")).toBeUndefined();
  expect(previousDates("0001-01-01", "0001-01-01")).toBeUndefined();
  expect(previousDates("0001-01-02", "0001-01-02")).toEqual({ from: "0001-01-01", to: "0001-01-01" });
  expect(previousDates("0001-01-02", "0001-01-03")).toBeUndefined();
});
