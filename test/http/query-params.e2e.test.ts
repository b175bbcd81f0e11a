// Query parameters are validated strictly: a `limit` outside 1–100 or not a plain integer is a
// 422 naming `/query/limit` (never a 500 from the database, never silently clamped), and an enum
// parameter names the values it accepts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let alertId: string;
let call: (method: string, path: string, body?: unknown) => Promise<Response>;
beforeAll(async () => {
  s = await startTestServer("plans: { fuzz: { per_second: 1000000, per_minute: 10000000 } }");
  const creds = await s.newAccount("fuzz");
  call = (method, path, body) => s.call(method, path, body, { creds });
  const r = await call("POST", "/v1/alerts", { title: "probe", severity: "low" });
  alertId = ((await r.json()) as { id: string }).id;
});
afterAll(() => s.stop());

const BAD_LIMITS = ["0", "-1", "101", "1.5", "2.5", "1e9", "1e1", "Infinity", "NaN", "1234567890123456789012", "abc", "", "0x10", "+5", "05", " 5", "5 "];

describe("limit", () => {
  const paths = () => ["/v1/alerts", "/v1/reports", `/v1/alerts/${alertId}/history`, "/v1/connectors"];
  test("every malformed or out-of-range limit is a 422 at /query/limit", async () => {
    for (const path of paths()) {
      for (const v of BAD_LIMITS) {
        const r = await call("GET", `${path}?limit=${encodeURIComponent(v)}`);
        const body = (await r.json()) as { code: string; errors: { path: string; message: string }[] };
        expect({ path, v, status: r.status, code: body.code }).toEqual({ path, v, status: 422, code: "validation_failed" });
        expect(body.errors.map((e) => e.path)).toContain("/query/limit");
        // Said in words a user reads, not as the regular expression that checks it.
        expect(body.errors.find((e) => e.path === "/query/limit")?.message).toBe("must be an integer from 1 to 100");
        expect(r.headers.get("content-type")).toContain("application/problem+json");
      }
    }
  });

  test("1 and 100 are accepted and bound the page", async () => {
    for (const path of paths()) {
      for (const v of ["1", "100", "20"]) {
        const r = await call("GET", `${path}?limit=${v}`);
        expect({ path, v, status: r.status }).toEqual({ path, v, status: 200 });
      }
    }
    await call("POST", "/v1/alerts", { title: "second", severity: "low" });
    const page = (await (await call("GET", "/v1/alerts?limit=1")).json()) as { data: unknown[]; has_more: boolean };
    expect(page.data.length).toBe(1);
    expect(page.has_more).toBe(true);
  });
});

describe("enum parameters name their values", () => {
  test("a bad status on the list names the allowed values", async () => {
    const r = await call("GET", "/v1/alerts?status=closed");
    const body = (await r.json()) as { errors: { path: string; message: string }[] };
    expect(r.status).toBe(422);
    expect(body.errors[0]!.path).toBe("/query/status");
    expect(body.errors[0]!.message).toContain("open, acknowledged, resolved, dismissed");
  });

  test("PATCH with a bad status names the allowed values", async () => {
    const r = await call("PATCH", `/v1/alerts/${alertId}`, { status: "closed" });
    const body = (await r.json()) as { errors: { path: string; message: string }[] };
    expect(r.status).toBe(422);
    expect(body.errors[0]!.path).toBe("/status");
    expect(body.errors[0]!.message).not.toContain("'string'");
    expect(body.errors[0]!.message).toContain("open, acknowledged, resolved, dismissed");
  });
});

describe("starting_after of a list held in memory (connectors, modules)", () => {
  // Before (twelfth attack pass) a cursor naming no connector or module was 400 invalid_request,
  // while every other query parameter's error is 422 validation_failed naming it.
  test("an id the list does not hold is a 422 at /query/starting_after", async () => {
    for (const [path, noun] of [["/v1/connectors", "connector"], ["/v1/modules", "module"]] as const) {
      const r = await call("GET", `${path}?starting_after=nope`);
      const body = (await r.json()) as { code: string; detail: string; errors: { path: string; message: string }[] };
      expect({ path, status: r.status, code: body.code }).toEqual({ path, status: 422, code: "validation_failed" });
      expect(body.detail).toBe(`starting_after: no ${noun} "nope"`);
      expect(body.errors).toEqual([{ path: "/query/starting_after", message: `must be the id of a ${noun} in the list` }]);
    }
  });
});
