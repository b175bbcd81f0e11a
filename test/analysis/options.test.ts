// parseOptions: a request without options gets the defaults (one shared, frozen object); any
// options sent are validated as before.
import { describe, expect, test } from "bun:test";
import { DEFAULT_MAX_ANOMALIES, DEFAULT_SCAN_LIMIT, parseOptions } from "../../src/analysis/options.ts";
import { ApiError } from "../../src/domain/errors.ts";

const errorsOf = (raw: Record<string, unknown>) => {
  try {
    parseOptions(raw);
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return (e as ApiError).options.errors;
  }
  throw new Error("accepted");
};

describe("parseOptions", () => {
  test("no options and empty options give the same defaults; the shared one cannot be changed", () => {
    const none = parseOptions(undefined);
    expect(none).toEqual({ limit: DEFAULT_SCAN_LIMIT, max_anomalies: DEFAULT_MAX_ANOMALIES, from: undefined, to: undefined });
    expect(parseOptions({})).toEqual(none);
    expect(parseOptions(undefined)).toBe(none);
    expect(Object.isFrozen(none)).toBe(true);
    expect(() => {
      (none as { limit: number }).limit = 5;
    }).toThrow();
    expect(parseOptions(undefined).limit).toBe(DEFAULT_SCAN_LIMIT);
  });

  test("options sent are read and validated", () => {
    expect(parseOptions({ limit: 5, max_anomalies: 3, from: "2026-01-01", to: "2026-02-01" })).toEqual({ limit: 5, max_anomalies: 3, from: "2026-01-01", to: "2026-02-01" });
    expect(parseOptions({ limit: null })).toEqual({ limit: DEFAULT_SCAN_LIMIT, max_anomalies: DEFAULT_MAX_ANOMALIES, from: undefined, to: undefined });
    expect(JSON.stringify(errorsOf({ limit: 0, nope: 1, from: "2026-03-01", to: "2026-02-01" }))).toContain("/options/nope");
    expect(JSON.stringify(errorsOf({ limit: 0 }))).toContain("/options/limit");
    expect(JSON.stringify(errorsOf({ from: "2026-03-01", to: "2026-02-01" }))).toContain("is after options.to");
  });
});
