import { describe, expect, test } from "bun:test";
import { cpuBound } from "../../bench/table.ts";

describe("cpuBound: the ratio a figure's CPU per request allows on the machine's cores", () => {
  test("cores over the server's and the load generator's CPU per request, against the baseline", () => {
    // 12.8 µs of server and 8.3 µs of wrk per request: two cores answer at most 94,787 req/s.
    expect(cpuBound(2, 12.8, 8.3, 147_741)).toBeCloseTo(2e6 / 21.1 / 147_741, 10);
    expect(cpuBound(2, 12.8, 8.3, 147_741)!).toBeCloseTo(0.642, 3);
  });

  test("a baseline that already used every core has a bound of 1", () => {
    expect(cpuBound(2, 6, 4, 200_000)).toBeCloseTo(1, 10);
  });

  test("undefined without both CPU figures or a baseline", () => {
    expect(cpuBound(2, null, 8, 1000)).toBeUndefined();
    expect(cpuBound(2, 10, undefined, 1000)).toBeUndefined();
    expect(cpuBound(2, 0, 0, 1000)).toBeUndefined();
    expect(cpuBound(2, 10, 8, 0)).toBeUndefined();
  });
});
