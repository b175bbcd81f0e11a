// Routing depends on the path only: a short or odd Host header must not shift where the path
// starts (Elysia reads the path from request.url from a fixed offset).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signHex } from "../../src/auth/signature.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { parseResponses, rawExchange, rawRequest } from "../support/raw-http.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

async function get(target: string, host: string) {
  const headers = { Host: host, Authorization: `Bearer ${s.creds.key}`, "X-Service-Signature": signHex(s.creds.secret, ""), Connection: "close" };
  const { text } = await rawExchange(s.server.port, rawRequest("GET", target, headers));
  return parseResponses(text)[0]!;
}

test("GET /v1/health answers 200 whatever the Host header", async () => {
  for (const host of ["x", "ab", "abc", "a.b", "1", "localhost", "127.0.0.1:1", "[::1]", "x:1"]) {
    const r = await get("/v1/health", host);
    expect({ host, status: r.status }).toEqual({ host, status: 200 });
  }
});

test("/v1/v1/health is 404 whatever the Host header", async () => {
  for (const host of ["x", "ab", "localhost"]) {
    const r = await get("/v1/v1/health", host);
    expect({ host, status: r.status }).toEqual({ host, status: 404 });
    expect(JSON.parse(r.body).code).toBe("not_found");
  }
});

test("a POST with a body still reaches its route with a short Host", async () => {
  const body = JSON.stringify({ title: "host", severity: "low" });
  const headers = {
    Host: "x",
    Authorization: `Bearer ${s.creds.key}`,
    "X-Service-Signature": signHex(s.creds.secret, body),
    "Content-Type": "application/json",
    Connection: "close",
  };
  const { text } = await rawExchange(s.server.port, rawRequest("POST", "/v1/alerts", headers, body));
  const r = parseResponses(text)[0]!;
  expect(r.status).toBe(201);
  expect(JSON.parse(r.body).title).toBe("host");
});

// Without a Host (HTTP/1.0 allows it; HAProxy's `option httpchk GET /livez` sends exactly that) or
// with an empty one, Bun's request.url is the bare target ("/livez"), and the path was looked for
// past a scheme and host that are not there: /livez answered "no route GET /" and /v1/health "no
// route GET /health" (fifth attack pass).
test("a request without a Host header, or with an empty one, reaches its route", async () => {
  const auth = `Authorization: Bearer ${s.creds.key}\r\nX-Service-Signature: ${signHex(s.creds.secret, "")}\r\n`;
  const cases: [string, string, number][] = [
    ["GET /livez HTTP/1.0", "", 200],
    ["GET /v1/health HTTP/1.0", auth, 200],
    ["GET /v1/alerts?limit=1 HTTP/1.0", auth, 200],
    ["GET /dashboard/login HTTP/1.0", "", 200],
    ["GET /v1/health HTTP/1.1", `Host: \r\nConnection: close\r\n${auth}`, 200],
    ["GET /v1/v1/health HTTP/1.0", auth, 404],
  ];
  for (const [line, headers, status] of cases) {
    const { text } = await rawExchange(s.server.port, `${line}\r\n${headers}\r\n`);
    const r = parseResponses(text)[0]!;
    expect({ line, status: r.status }).toEqual({ line, status });
    if (status === 404) expect(JSON.parse(r.body).detail).toContain("/v1/v1/health");
  }
});
