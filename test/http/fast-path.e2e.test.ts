// The front door answers GET /v1/health and POST /v1/analyze without Elysia (src/http/fast-path.ts).
// Every answer must be the one the Elysia route gives: the same requests go through the server
// (fast path) and through app.handle (the Elysia route, same runtime), and are compared with the
// per-request parts (ids, times, remaining quota) masked. Successful answers are also checked
// against the response schemas the OpenAPI document publishes, which the fast path does not check.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { getSchemaValidator } from "elysia";
import { AnalysisSchema } from "../../src/api/analyze/model.ts";
import { Health } from "../../src/api/health/index.ts";
import { createApp } from "../../src/app.ts";
import { signHex } from "../../src/auth/signature.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let handle: (r: Request) => Promise<Response>;

beforeAll(async () => {
  s = await startTestServer(`connectors:\n  - { id: inline, type: inline }\n`);
  // Settle the connector's first probe: health counts it as unknown until then, and the two paths compared below must see the same status.
  await s.rt.connectors.probe("inline");
  const app = createApp(s.rt);
  handle = (r) => app.handle(r);
});
afterAll(() => s?.stop());

interface Case {
  name: string;
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
  unsigned?: boolean;
  badSignature?: boolean;
}

const invoice = { transaction_id: "INV-FP-1", currency: "USD", lines: [{ sku: "SKU-1", quantity: 10, unit_price: 80, list_price: 100, discount_pct: 20 }] };
const json = { "content-type": "application/json" };
const cases: Case[] = [
  { name: "health", method: "GET", path: "/v1/health" },
  { name: "health unsigned", method: "GET", path: "/v1/health", unsigned: true },
  { name: "health bad signature", method: "GET", path: "/v1/health", badSignature: true },
  { name: "analyze", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "revenue_leakage", data: invoice }), headers: json },
  { name: "analyze invalid body", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: 5, data: { lines: 5 }, extra: 1 }), headers: json },
  { name: "analyze malformed JSON", method: "POST", path: "/v1/analyze", body: '{"connector":', headers: json },
  { name: "analyze not JSON", method: "POST", path: "/v1/analyze", body: "connector=inline", headers: { "content-type": "text/plain" } },
  { name: "analyze unknown connector", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "nope", module: "revenue_leakage" }), headers: json },
  { name: "analyze unknown module", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "nope", data: invoice }), headers: json },
  { name: "analyze empty body", method: "POST", path: "/v1/analyze", headers: json },
  { name: "analyze empty body without a type", method: "POST", path: "/v1/analyze" },
  { name: "analyze JSON null", method: "POST", path: "/v1/analyze", body: "null", headers: json },
  { name: "analyze JSON array", method: "POST", path: "/v1/analyze", body: "[1]", headers: json },
  { name: "analyze scan mode", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "anomaly_detection" }), headers: json },
  // options holds t.Integer (a transform): decoded when sent, skipped otherwise (transformed-keys.ts).
  { name: "analyze with integer options", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "revenue_leakage", data: invoice, options: { limit: 5, max_anomalies: 2 } }), headers: json },
  { name: "analyze with options as integer text", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "revenue_leakage", data: invoice, options: { limit: "5" } }), headers: json },
  { name: "analyze with an option out of range as text", method: "POST", path: "/v1/analyze", body: JSON.stringify({ connector: "inline", module: "revenue_leakage", data: invoice, options: { limit: "0" } }), headers: json },
  { name: "analyze bad signature", method: "POST", path: "/v1/analyze", body: "{}", headers: json, badSignature: true },
  // JSON.parse makes "__proto__" an own key; copying the body must not turn it into the prototype
  // (the route never sees a transaction smuggled in under it).
  { name: "analyze with __proto__ holding data", method: "POST", path: "/v1/analyze", body: `{"connector":"inline","module":"revenue_leakage","__proto__":{"data":${JSON.stringify(invoice)}}}`, headers: json },
  { name: "analyze with an empty __proto__", method: "POST", path: "/v1/analyze", body: `{"connector":"inline","module":"revenue_leakage","__proto__":{},"data":${JSON.stringify(invoice)}}`, headers: json },
];

function request(c: Case, extra: Record<string, string> = {}): Request {
  const body = c.body ?? "";
  const headers: Record<string, string> = { ...c.headers, ...extra };
  if (!c.unsigned) {
    headers.authorization = `Bearer ${s.creds.key}`;
    headers["x-service-signature"] = c.badSignature ? "0".repeat(64) : signHex(s.creds.secret, body);
  }
  return new Request(s.url + c.path, { method: c.method, headers, body: c.body });
}

const VARYING = new Set(["id", "request_id", "analyzed_at", "duration_ms", "alert_id", "uptime_s"]);
function mask(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(mask);
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, VARYING.has(k) ? typeof v : mask(v)]));
  }
  return value;
}

async function seen(response: Response) {
  const headers: Record<string, string> = Object.fromEntries(
    [...response.headers].filter(([k]) => !["date", "content-length"].includes(k)).map(([k, v]) => [k, k === "request-id" ? "(id)" : k.includes("ratelimit") && k !== "ratelimit-policy" ? v.replace(/\d+/g, "n") : v]),
  );
  const text = await response.text();
  return { status: response.status, headers, body: mask(text ? JSON.parse(text) : null) };
}

describe("fast path = Elysia route", () => {
  for (const c of cases) {
    test(c.name, async () => {
      const fast = await seen(await fetch(request(c)));
      const routed = await seen(await handle(request(c)));
      // app.handle runs without the front door, which only adds the request-id header.
      routed.headers["request-id"] = "(id)";
      expect(routed).toEqual(fast);
    });
  }

  test("idempotent analyze: first answer, then the replay", async () => {
    const c = cases[3]!;
    const key = `fp-${crypto.randomUUID()}`;
    const first = await fetch(request(c, { "idempotency-key": key }));
    const replay = await fetch(request(c, { "idempotency-key": key }));
    const otherKey = `fp-${crypto.randomUUID()}`;
    const routedFirst = await handle(request(c, { "idempotency-key": otherKey }));
    const routedReplay = await handle(request(c, { "idempotency-key": otherKey }));
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(await seen(routedFirst)).toEqual(await seen(first));
    const routedSeen = await seen(routedReplay);
    routedSeen.headers["request-id"] = "(id)";
    expect(routedSeen).toEqual(await seen(replay));
  });
});

describe("fast-path answers match the published response schemas", () => {
  test("GET /v1/health", async () => {
    const r = await s.call("GET", "/v1/health");
    expect(getSchemaValidator(Health, {}).Check(await r.json())).toBe(true);
  });
  test("POST /v1/analyze", async () => {
    const r = await s.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: invoice });
    expect(r.status).toBe(200);
    expect(getSchemaValidator(AnalysisSchema, {}).Check(await r.json())).toBe(true);
  });
});
