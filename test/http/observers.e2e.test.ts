// The front door's observers see every answered request once: route template, status, caller,
// outcome. Metrics and usage counting are built on them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { RequestObservation } from "../../src/http/observe.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
const seen: RequestObservation[] = [];
beforeAll(async () => {
  s = await startTestServer();
  s.rt.observers.push((o) => seen.push(o));
  s.rt.observers.push(() => {
    throw new Error("a broken observer must not break requests");
  });
});
afterAll(() => s.stop());

test("route templates, statuses, callers and outcomes", async () => {
  expect((await s.call("GET", "/v1/health")).status).toBe(200);
  expect((await fetch(`${s.url}/v1/health`)).status).toBe(401);
  expect((await s.call("GET", "/v1/alerts/alrt_01JD4Q3ZP6XK8F2M9T7R5VWBNC")).status).toBe(404);
  expect((await s.call("POST", "/v1/analyze", { connector: "nope", module: "revenue_leakage" })).status).toBe(422);
  expect((await fetch(`${s.url}/no/such/thing`)).status).toBe(404);
  const rows = seen.map(({ duration_ms, ...o }) => {
    expect(duration_ms).toBeGreaterThanOrEqual(0);
    return o;
  });
  expect(rows).toEqual([
    { method: "GET", route: "/v1/health", status: 200, account: s.creds.accountId, key: s.creds.keyId, outcome: "ok" },
    { method: "GET", route: "/v1/health", status: 401, account: undefined, key: undefined, outcome: "missing_api_key" },
    { method: "GET", route: "/v1/alerts/:id", status: 404, account: s.creds.accountId, key: s.creds.keyId, outcome: "not_found" },
    { method: "POST", route: "/v1/analyze", status: 422, account: s.creds.accountId, key: s.creds.keyId, outcome: "unknown_connector" },
    { method: "GET", route: "unmatched", status: 404, account: undefined, key: undefined, outcome: "not_found" },
  ]);
});
