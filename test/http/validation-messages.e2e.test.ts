// A value out of range in a body field says which bound it broke. A nullable field (`tax_rate`:
// a number or null) and an integer (`options.limit`) are unions in the schema, and a union that
// fails was answered "should be one of: 'number', 'null'" or "one of: 'integer', 'integer'": true,
// and no help to whoever sent 200 as a tax rate or 0 as a limit.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline, name: Inline }\n");
});
afterAll(() => s.stop());

const analyze = (extra: Record<string, unknown>) => ({ connector: "inline", module: "revenue_leakage", ...extra });

describe("an out-of-range value names the bound it broke", () => {
  test.each([
    ["a nullable number above its maximum", analyze({ data: { transaction_id: "T1", tax_rate: 200 } }), "/data/tax_rate", "Expected number to be less or equal to 100"],
    ["a nullable number below its minimum", analyze({ data: { transaction_id: "T1", amount: 1, tax_rate: -1 } }), "/data/tax_rate", "Expected number to be greater or equal to 0"],
    ["an integer below its minimum", analyze({ options: { limit: 0 } }), "/options/limit", "Expected integer to be greater or equal to 1"],
    ["an integer above its maximum", analyze({ options: { max_anomalies: 10_001 } }), "/options/max_anomalies", "Expected integer to be less or equal to 10000"],
    ["a fraction where an integer goes", analyze({ options: { limit: 1.5 } }), "/options/limit", "Expected integer"],
  ])("%s", async (_, body, path, message) => {
    const r = await s.call("POST", "/v1/analyze", body);
    expect(r.status).toBe(422);
    const problem = await json(r);
    expect(problem.code).toBe("validation_failed");
    expect(problem.errors).toEqual([{ path, message }]);
  });

  test("a value of the wrong type still says what the field takes", async () => {
    const r = await s.call("POST", "/v1/analyze", analyze({ options: { limit: "many" } }));
    expect(r.status).toBe(422);
    const problem = await json(r);
    expect(problem.errors[0].path).toBe("/options/limit");
    expect(problem.errors[0].message).toContain("integer");
  });
});
