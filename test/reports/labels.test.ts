// The previous period a report compares with (src/reports/labels.ts).
import { expect, test } from "bun:test";
import { previousPeriod } from "../../src/reports/labels.ts";

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
