// Authentication over real HTTP: every failure code, every accepted encoding, the check order.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { computeSignature, signHex } from "../../src/auth/signature.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

async function problem(r: Response) {
  expect(r.headers.get("content-type")).toBe("application/problem+json");
  const body = (await r.json()) as Record<string, unknown>;
  expect(body.request_id).toBe(r.headers.get("request-id")!);
  return body;
}

function raw(headers: Record<string, string>, path = "/v1/health", init: RequestInit = {}) {
  return fetch(s.url + path, { ...init, headers });
}

describe("API key", () => {
  test("missing → 401 missing_api_key", async () => {
    const r = await raw({});
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("missing_api_key");
  });

  test.each([
    ["not Bearer", "Basic abc"],
    ["malformed key", "Bearer ak_short"],
    ["well-formed unknown key", "Bearer ak_0000000000000000000000000000000000000000000000000"],
  ])("%s → 401 invalid_api_key", async (_, authorization) => {
    const r = await raw({ authorization, "x-service-signature": "00".repeat(32) });
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("invalid_api_key");
  });

  test("revoked and expired keys → 401 invalid_api_key", async () => {
    const creds = await s.newAccount();
    expect((await s.call("GET", "/v1/health", undefined, { creds })).status).toBe(200);
    await s.rt.keys.revokeKey(creds.keyId);
    const r = await s.call("GET", "/v1/health", undefined, { creds });
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("invalid_api_key");

    const minted = await s.rt.keys.createKey(creds.accountId, { expiresInMs: -1 });
    const expired = await s.call("GET", "/v1/health", undefined, { creds: { ...creds, key: minted.key, secret: minted.secret } });
    expect(expired.status).toBe(401);
  });

  test("each request is judged by its own Authorization header, whichever came before it", async () => {
    // authenticate.ts keeps the last header's key: a header differing from it by one character,
    // in case or in spacing is read afresh, on a GET and on a POST (read before and after its body).
    const [one, other] = [await s.newAccount("enterprise"), await s.newAccount("enterprise")];
    const body = JSON.stringify({ connector: "inline", module: "revenue_leakage", data: { transaction_id: "AUTH-ORDER-1", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 10 }] } });
    const headersFor = (authorization: string, secret: string, payload = "") => ({ authorization, "x-service-signature": signHex(secret, payload), "content-type": "application/json" });
    const cases: [string, string, number, string?][] = [
      [`Bearer ${one.key}`, one.secret, 200],
      [`Bearer ${other.key}`, one.secret, 401, "invalid_signature"],
      [`Bearer ${other.key}`, other.secret, 200],
      [`Bearer ${one.key.slice(0, -1)}${one.key.endsWith("A") ? "B" : "A"}`, one.secret, 401, "invalid_api_key"],
      [`Bearer  ${one.key} `, one.secret, 200],
      [`bearer ${one.key}`, one.secret, 200],
      [`Basic ${one.key}`, one.secret, 401, "invalid_api_key"],
      [`Bearer ${one.key}`, one.secret, 200],
      [`Bearer ${one.key}`, other.secret, 401, "invalid_signature"],
    ];
    for (const method of ["GET", "POST"] as const) {
      for (const [authorization, secret, status, code] of [...cases, ...cases.toReversed()]) {
        const r =
          method === "GET"
            ? await raw(headersFor(authorization, secret))
            : await raw(headersFor(authorization, secret, body), "/v1/analyze", { method: "POST", body });
        // This server has no inline connector: an authenticated POST is answered 422 unknown_connector.
        const expected = status === 200 && method === "POST" ? 422 : status;
        expect([method, authorization, r.status]).toEqual([method, authorization, expected]);
        if (expected !== 200) expect((await problem(r)).code).toBe(code ?? "unknown_connector");
        else await r.arrayBuffer();
      }
    }
  });
});

describe("signature", () => {
  test("missing → 401 missing_signature", async () => {
    const r = await raw({ authorization: `Bearer ${s.creds.key}` });
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("missing_signature");
  });

  test("undecodable or wrong → 401 invalid_signature", async () => {
    for (const sig of ["xyz", signHex("wrong-secret", ""), signHex(s.creds.secret, "{}")]) {
      const r = await s.call("GET", "/v1/health", undefined, { signature: sig });
      expect(r.status).toBe(401);
      expect((await problem(r)).code).toBe("invalid_signature");
    }
  });

  test("every accepted encoding is accepted over HTTP", async () => {
    const bytes = Buffer.from(computeSignature(s.creds.secret, ""));
    for (const sig of [
      bytes.toString("hex"),
      bytes.toString("hex").toUpperCase(),
      bytes.toString("base64"),
      bytes.toString("base64").replace(/=$/, ""),
      bytes.toString("base64url"),
      `sha256=${bytes.toString("hex")}`,
    ]) {
      const r = await s.call("GET", "/v1/health", undefined, { signature: sig });
      expect(r.status).toBe(200);
    }
  });

  test("a signature over re-serialized JSON is refused: the raw bytes are what count", async () => {
    const sent = '{ "title" : "x",  "severity":"low" }';
    const signature = signHex(s.creds.secret, JSON.stringify(JSON.parse(sent)));
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: sent, signature });
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("invalid_signature");
  });

  test("a body sent without Content-Type is still covered by the signature", async () => {
    const r = await fetch(`${s.url}/v1/health`, {
      method: "GET",
      headers: { authorization: `Bearer ${s.creds.key}`, "x-service-signature": signHex(s.creds.secret, "") },
    });
    expect(r.status).toBe(200);
  });
});

describe("timestamp mode", () => {
  const now = () => String(Math.floor(Date.now() / 1000));

  test("signature over `<ts>.<body>` is accepted once; the replay is refused", async () => {
    const ts = now();
    const first = await s.call("GET", "/v1/health", undefined, { timestamp: ts });
    expect(first.status).toBe(200);
    const again = await s.call("GET", "/v1/health", undefined, { timestamp: ts });
    expect(again.status).toBe(401);
    expect((await problem(again)).code).toBe("replayed_request");
  });

  test("a replay sent to another spelling of the same route is still a replay", async () => {
    // The body-scope signature does not cover the target: a trailing slash, an added query or a
    // percent-encoded id reach the same handler and must not open the guard again.
    const ts = now();
    const raw = JSON.stringify({ title: "replayed elsewhere", severity: "low" });
    const first = await s.call("POST", "/v1/alerts", undefined, { raw, timestamp: ts });
    expect(first.status).toBe(201);
    const alert = (await first.json()) as { id: string };
    for (const path of ["/v1/alerts/", "/v1/alerts?x=1", "/v1/alerts?"]) {
      const again = await s.call("POST", path, undefined, { raw, timestamp: ts });
      expect(again.status).toBe(401);
      expect((await problem(again)).code).toBe("replayed_request");
    }
    const patch = JSON.stringify({ status: "acknowledged" });
    expect((await s.call("PATCH", `/v1/alerts/${alert.id}`, undefined, { raw: patch, timestamp: ts })).status).toBe(200);
    const encoded = await s.call("PATCH", `/v1/alerts/%61${alert.id.slice(1)}`, undefined, { raw: patch, timestamp: ts });
    expect((await problem(encoded)).code).toBe("replayed_request");
    // Two different body-less GETs in one second are still two requests.
    expect((await s.call("GET", "/v1/alerts?status=open", undefined, { timestamp: ts })).status).toBe(200);
    expect((await s.call("GET", "/v1/alerts?status=resolved", undefined, { timestamp: ts })).status).toBe(200);
  });

  test("a timestamp outside the tolerance → 401 stale_timestamp", async () => {
    for (const ts of [String(Number(now()) - 301), String(Number(now()) + 400), "yesterday"]) {
      const r = await s.call("GET", "/v1/health", undefined, { timestamp: ts });
      expect(r.status).toBe(401);
      expect((await problem(r)).code).toBe("stale_timestamp");
    }
  });

  test("the tolerance is inclusive at both ends, whatever the fraction of the current second", async () => {
    const nowMs = 1_800_000_000_700; // .7 s into the second
    const clock = { now: () => nowMs, monotonic: () => performance.now() };
    const fixed = await startTestServer("", { clock });
    try {
      const at = (offset: number) => fixed.call("GET", "/v1/health", undefined, { timestamp: String(1_800_000_000 + offset) });
      expect((await at(-300)).status).toBe(200);
      expect((await at(300)).status).toBe(200);
      for (const offset of [-301, 301]) {
        const r = await at(offset);
        expect(r.status).toBe(401);
        expect((await problem(r)).code).toBe("stale_timestamp");
      }
    } finally {
      await fixed.stop();
    }
  });

  test("a body-only signature with a timestamp header does not verify", async () => {
    const r = await s.call("GET", "/v1/health", undefined, { timestamp: now(), signature: signHex(s.creds.secret, "") });
    expect(r.status).toBe(401);
    expect((await problem(r)).code).toBe("invalid_signature");
  });

  test("`timestamp: required` refuses requests without it", async () => {
    const strict = await startTestServer("security: { master_key_file: ./master.key, signature: { timestamp: required } }");
    try {
      const r = await strict.call("GET", "/v1/health");
      expect(r.status).toBe(401);
      expect((await problem(r)).code).toBe("stale_timestamp");
      expect((await strict.call("GET", "/v1/health", undefined, { timestamp: now() })).status).toBe(200);
    } finally {
      await strict.stop();
    }
  });
});

describe("errors and order", () => {
  test("an unauthenticated caller never sees a validation or parse error", async () => {
    const r = await fetch(`${s.url}/v1/health`, { method: "GET", headers: { "content-type": "application/json" }, body: undefined });
    expect((await problem(r)).code).toBe("missing_api_key");
    const junk = await s.call("POST", "/v1/alerts", undefined, { raw: "{not json", signature: "00".repeat(32) });
    expect((await problem(junk)).code).toBe("invalid_signature");
    const invalid = await fetch(`${s.url}/v1/alerts`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect((await problem(invalid)).code).toBe("missing_api_key");
  });

  test("after authentication: 400 malformed_json, 415 unsupported_media_type, 422 validation_failed", async () => {
    const junk = await s.call("POST", "/v1/alerts", undefined, { raw: "{not json" });
    expect(junk.status).toBe(400);
    expect((await problem(junk)).code).toBe("malformed_json");
    const text = await s.call("POST", "/v1/alerts", undefined, { raw: "title=x", headers: { "content-type": "text/plain" } });
    expect(text.status).toBe(415);
    expect((await problem(text)).code).toBe("unsupported_media_type");
    // JSON is UTF-8: a body declared in another charset is refused, not misread; utf-8 in any spelling is fine.
    const raw = JSON.stringify({ title: "charset", severity: "low" });
    for (const path of ["/v1/alerts", "/v1/analyze"]) {
      const utf16 = await s.call("POST", path, undefined, { raw, headers: { "content-type": "application/json; charset=utf-16" } });
      expect(utf16.status).toBe(415);
      expect((await problem(utf16)).detail).toContain("charset=utf-16");
    }
    for (const type of ["application/json; charset=UTF-8", 'application/json;charset="utf8"']) {
      expect((await s.call("POST", "/v1/alerts", undefined, { raw, headers: { "content-type": type } })).status).toBe(201);
    }
    const invalid = await s.call("POST", "/v1/alerts", { severity: 3, bogus: true });
    expect(invalid.status).toBe(422);
    const body = await problem(invalid);
    expect(body.code).toBe("validation_failed");
    expect((body.errors as { path: string }[]).length).toBeGreaterThan(0);
  });

  test("unknown route → 404 not_found; wrong method → 405 with Allow", async () => {
    const nf = await s.call("GET", "/v1/nothing-here");
    expect(nf.status).toBe(404);
    expect((await problem(nf)).code).toBe("not_found");
    const na = await s.call("DELETE", "/v1/health");
    expect(na.status).toBe(405);
    expect(na.headers.get("allow")).toContain("GET");
    expect((await problem(na)).code).toBe("method_not_allowed");
  });

  test("a body over server.max_body_bytes → 413 payload_too_large, declared or chunked", async () => {
    const small = await startTestServer("server: { port: 0, access_log: false, max_body_bytes: 2048 }");
    try {
      const big = JSON.stringify({ x: "a".repeat(5000) });
      const r = await small.call("POST", "/v1/alerts", undefined, { raw: big });
      expect(r.status).toBe(413);
      expect((await problem(r)).code).toBe("payload_too_large");
      const chunked = await fetch(`${small.url}/v1/alerts`, {
        method: "POST",
        // A signature of the right form: one missing is refused before the body is read.
        headers: { "content-type": "application/json", authorization: `Bearer ${small.creds.key}`, "x-service-signature": "00".repeat(32) },
        body: new ReadableStream({
          start(c) {
            for (let i = 0; i < 10; i++) c.enqueue(new TextEncoder().encode("a".repeat(1000)));
            c.close();
          },
        }),
      });
      expect(chunked.status).toBe(413);
    } finally {
      await small.stop();
    }
  });

  test("no error body holds a stack, SQL or a path", async () => {
    const responses = await Promise.all([
      s.call("GET", "/v1/health", undefined, { signature: "nope" }),
      s.call("GET", "/v1/../../etc/passwd"),
      raw({ authorization: "Bearer ' OR 1=1 --" }),
    ]);
    for (const r of responses) {
      const text = await r.text();
      expect(text).not.toMatch(/at \w+ \(|\.ts:\d+|SELECT |sqlite|\/work\/|\/tmp\//i);
    }
  });

  test("every response carries Request-Id; authenticated ones carry rate-limit headers", async () => {
    const ok = await s.call("GET", "/v1/health");
    expect(ok.headers.get("request-id")).toMatch(/^req_[0-9A-Z]{26}$/);
    expect(ok.headers.get("ratelimit-policy")).toBe('"burst";q=50;w=1, "sustained";q=1000;w=60');
    expect(ok.headers.get("ratelimit")).toMatch(/^"burst";r=\d+;t=\d+, "sustained";r=\d+;t=\d+$/);
    const live = await fetch(`${s.url}/livez`);
    expect(live.status).toBe(200);
    expect(live.headers.get("request-id")).toMatch(/^req_/);
  });
});
