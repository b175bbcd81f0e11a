// A request body is read only for an API key that exists. Every body up to server.max_body_bytes
// was read before the key was looked at, so anyone could make the server hold 1 MiB per request:
// 300 unauthenticated 1 MB POSTs at once took the built binary from 77 to 307 MB (tenth attack
// pass). A request refused on its credentials alone (no key, another scheme, an unknown key, an
// address over its failure allowance) is now answered before its body arrives, with
// Connection: close; a known key's body is read as before (the signature covers it).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { connect } from "node:net";
import { signHex } from "../../src/auth/signature.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let port: number;
beforeAll(async () => {
  s = await startTestServer();
  port = Number(new URL(s.url).port);
  await s.call("GET", "/v1/health"); // the app built, the key cached
});
afterAll(() => s.stop());

/**
 * Sends a POST's head declaring a 1,000,000-byte body and only its first bytes; resolves with the
 * answer's head and the ms it took, or "no answer" once `waitMs` passed. `rest` sends the remainder.
 */
function partialPost(path: string, headers: string, waitMs: number, rest?: string, to = port): Promise<{ head: string; ms: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const socket = connect(to, "127.0.0.1");
    let text = "";
    const done = (head: string) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ head, ms: performance.now() - started });
    };
    const timer = setTimeout(() => done("no answer"), waitMs);
    socket.on("data", (d) => {
      text += d.toString();
      const end = text.indexOf("\r\n\r\n");
      if (end !== -1) done(text.slice(0, end));
    });
    socket.on("error", () => {});
    socket.write(`POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}Content-Type: application/json\r\nContent-Length: 1000000\r\n\r\n{"title":"`);
    if (rest !== undefined) setTimeout(() => socket.write(rest), 300);
  });
}

for (const path of ["/v1/alerts", "/v1/analyze"]) {
  test(`${path}: no key, another scheme or an unknown key is refused before the body arrives, and the connection closed`, async () => {
    for (const [headers, code] of [
      ["", "401 Unauthorized"],
      ["Authorization: Basic dXNlcjpwYXNz\r\n", "401 Unauthorized"],
      ["Authorization: Bearer ak_unknown\r\nX-Service-Signature: 00\r\n", "401 Unauthorized"],
    ] as const) {
      const { head, ms } = await partialPost(path, headers, 5_000);
      expect(head.split("\r\n")[0], headers).toBe(`HTTP/1.1 ${code}`);
      expect(head.toLowerCase()).toContain("connection: close");
      expect(head.toLowerCase()).toContain("content-type: application/problem+json");
      expect(ms).toBeLessThan(3_000);
    }
  });
}

test("a known key's body is read whole before it is judged: no answer while it is still arriving", async () => {
  const headers = `Authorization: Bearer ${s.creds.key}\r\nX-Service-Signature: ${signHex(s.creds.secret, "x")}\r\n`;
  const { head } = await partialPost("/v1/alerts", headers, 1_000);
  expect(head).toBe("no answer");
  // The same request completed: its signature (over other bytes) is what fails.
  const rest = `${"a".repeat(1_000_000 - 10 - 2)}"}`;
  const completed = await partialPost("/v1/alerts", headers, 5_000, rest);
  expect(completed.head.split("\r\n")[0]).toBe("HTTP/1.1 401 Unauthorized");
});

// Eleventh attack pass: a known key's body was read whole whatever its signature headers said,
// and 300 concurrent 1 MB POSTs with a real key and a wrong signature took the built binary from
// 62 to 216 MB (a missing signature: 307 MB). What the headers alone refuse is refused before
// the body arrives; the bodies one key may have arriving at once are bounded.
test("a known key whose signature headers cannot verify is refused before the body arrives", async () => {
  const key = `Authorization: Bearer ${s.creds.key}\r\n`;
  const good = `X-Service-Signature: ${signHex(s.creds.secret, "x")}\r\n`;
  for (const [headers, code] of [
    [key, "missing_signature"],
    [`${key}X-Service-Signature: not-an-hmac\r\n`, "invalid_signature"],
    [`${key}${good}X-Service-Timestamp: 1000\r\n`, "stale_timestamp"],
    [`${key}${good}X-Service-Timestamp: 1.7e9\r\n`, "stale_timestamp"],
  ] as const) {
    const { head, ms } = await partialPost("/v1/alerts", headers, 5_000);
    expect(head.split("\r\n")[0], code).toBe("HTTP/1.1 401 Unauthorized");
    expect(head.toLowerCase()).toContain("connection: close");
    expect(ms).toBeLessThan(3_000);
  }
});

test("one key's bodies arriving at once from one address are bounded: past 32 MiB the next is 429 concurrent_bodies, at once", async () => {
  // Behind a trusted proxy, so that X-Forwarded-For gives each request its address.
  const proxied = await startTestServer("server: { port: 0, trust_proxy: true }");
  try {
    const to = Number(new URL(proxied.url).port);
    const { key, secret } = proxied.creds;
    const from = (address: string) => `X-Forwarded-For: ${address}\r\nAuthorization: Bearer ${key}\r\nX-Service-Signature: ${signHex(secret, "x")}\r\n`;
    await proxied.call("GET", "/v1/health"); // the key cached
    // Each holds a 1,000,000-byte body open: 16 fit in the key's half of 32 MiB, 16 more in the
    // address's half (body-budget.ts), the 33rd does not.
    const held = Array.from({ length: 32 }, () => partialPost("/v1/analyze", from("203.0.113.9"), 2_500, undefined, to));
    await Bun.sleep(500);
    const refused = await partialPost("/v1/analyze", from("203.0.113.9"), 2_000, undefined, to);
    expect(refused.head.split("\r\n")[0]).toBe("HTTP/1.1 429 Too Many Requests");
    expect(refused.head.toLowerCase()).toContain("connection: close");
    expect(refused.ms).toBeLessThan(1_500);
    // The same key from another address (its owner, where the key alone leaked) is not held back.
    const owner = await proxied.call("POST", "/v1/alerts", { title: "the owner", severity: "low", transaction_id: "INV-2" }, { headers: { "x-forwarded-for": "198.51.100.7" } });
    expect(owner.status).toBe(201);
    // The held bodies never arrive; once their connections close, the address's bodies are read again.
    expect((await Promise.all(held)).map((r) => r.head)).toEqual(Array(32).fill("no answer"));
    await Bun.sleep(300);
    const again = await proxied.call("POST", "/v1/alerts", { title: "after", severity: "low", transaction_id: "INV-3" }, { headers: { "x-forwarded-for": "203.0.113.9" } });
    expect(again.status).toBe(201);
  } finally {
    await proxied.stop();
  }
}, 15_000);
