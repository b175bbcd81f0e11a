import { describe, expect, test } from "bun:test";
import { iso } from "../../src/domain/clock.ts";

describe("iso", () => {
  test("is new Date(ms).toISOString() for every ms, repeated or not, in any order", () => {
    const moments = [0, 1, 1, 1_795_000_000_000, 1_795_000_000_000, 1_795_000_000_001, 1_795_000_000_000, -1, 8.64e15, 1_795_000_000_000.5];
    for (const ms of moments) expect(iso(ms)).toBe(new Date(ms).toISOString());
  });

  test("an invalid time throws as toISOString does, every time, and the next valid one is right", () => {
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(Number.NaN)).toThrow(RangeError);
    expect(() => iso(8.64e15 + 1)).toThrow(RangeError);
    expect(iso(5)).toBe(new Date(5).toISOString());
  });
});
