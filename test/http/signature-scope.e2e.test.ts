// The replay guard keys on what a request is, not on the signature alone, and the opt-in
// request scope signs method, path and query too (so a captured signature is good for one
// request only).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { requestSigningString, signHex } from "../../src/auth/signature.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const now = () => String(Math.floor(Date.now() / 1000));

function headers(s: TestServer, signature: string, ts?: string, extra: Record<string, string> = {}) {
  return { authorization: `Bearer ${s.creds.key}`, "x-service-signature": signature, ...(ts ? { "x-service-timestamp": ts } : {}), ...extra };
}

describe("body scope (the default) with timestamps required", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer("security: { master_key_file: ./master.key, signature: { timestamp: required } }");
  });
  afterAll(() => s.stop());

  test("body-less GETs of different paths in the same second are all accepted", async () => {
    const ts = now();
    for (const path of ["/v1/health", "/v1/connectors", "/v1/alerts", "/v1/alerts?limit=5", "/v1/reports"]) {
      const r = await s.call("GET", path, undefined, { timestamp: ts });
      expect({ path, status: r.status }).toEqual({ path, status: 200 });
    }
  });

  test("the same request again in the window is a replay", async () => {
    const ts = now();
    expect((await s.call("GET", "/v1/modules", undefined, { timestamp: ts })).status).toBe(200);
    const again = await s.call("GET", "/v1/modules", undefined, { timestamp: ts });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe("replayed_request");
  });
});

describe("request scope", () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer("security: { master_key_file: ./master.key, signature: { scope: request } }");
  });
  afterAll(() => s.stop());

  const sign = (method: string, target: string, body: string, ts: string) => signHex(s.creds.secret, requestSigningString(ts, method, target, body));

  test("the canonical string is `<timestamp>\\n<METHOD>\\n<path?query>\\n<body>`", () => {
    expect(new TextDecoder().decode(requestSigningString("1700000000", "post", "/v1/alerts?x=1", '{"a":1}'))).toBe(
      '1700000000\nPOST\n/v1/alerts?x=1\n{"a":1}',
    );
  });

  test("a request signed over its method, path, query and body is accepted", async () => {
    const ts = now();
    const r = await fetch(`${s.url}/v1/alerts?limit=3`, { headers: headers(s, sign("GET", "/v1/alerts?limit=3", "", ts), ts) });
    expect(r.status).toBe(200);
    const body = JSON.stringify({ title: "scoped", severity: "low" });
    const p = await fetch(`${s.url}/v1/alerts`, {
      method: "POST",
      body,
      headers: headers(s, sign("POST", "/v1/alerts", body, ts), ts, { "content-type": "application/json" }),
    });
    expect(p.status).toBe(201);
  });

  test("a captured signature does not verify on another path, query or method", async () => {
    const ts = now();
    const sig = sign("GET", "/v1/alerts", "", ts);
    for (const [method, path] of [["GET", "/v1/connectors"], ["GET", "/v1/alerts?limit=1"], ["POST", "/v1/alerts"]] as const) {
      const r = await fetch(`${s.url}${path}`, { method, headers: headers(s, sig, ts) });
      expect({ method, path, status: r.status }).toEqual({ method, path, status: 401 });
      expect(((await r.json()) as { code: string }).code).toBe("invalid_signature");
    }
  });

  test("the timestamp is required, and a body-scope signature is refused", async () => {
    const missing = await fetch(`${s.url}/v1/health`, { headers: headers(s, signHex(s.creds.secret, "")) });
    expect(missing.status).toBe(401);
    expect(((await missing.json()) as { code: string }).code).toBe("stale_timestamp");
    const ts = now();
    const bodyOnly = await s.call("GET", "/v1/health", undefined, { timestamp: ts });
    expect(bodyOnly.status).toBe(401);
    expect(((await bodyOnly.json()) as { code: string }).code).toBe("invalid_signature");
  });

  test("an exact replay is refused", async () => {
    const ts = now();
    const h = headers(s, sign("GET", "/v1/modules", "", ts), ts);
    expect((await fetch(`${s.url}/v1/modules`, { headers: h })).status).toBe(200);
    const again = await fetch(`${s.url}/v1/modules`, { headers: h });
    expect(again.status).toBe(401);
    expect(((await again.json()) as { code: string }).code).toBe("replayed_request");
  });
});
