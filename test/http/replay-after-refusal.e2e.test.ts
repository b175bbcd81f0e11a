// A timestamped request that the rate limiter refuses was never processed: resending the same
// signed request once Retry-After has passed is its first delivery, not a replay. Found by the
// fourth attack pass: the retry met 401 replayed_request (and counted as a failed
// authentication of the client's address). A request that was processed stays a replay.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer("plans: { single: { per_second: 1, per_minute: 100 } }");
});
afterAll(() => s.stop());

const now = () => String(Math.floor(Date.now() / 1000));

for (const { method, body, accepted } of [
  { method: "GET", body: undefined, accepted: 200 },
  { method: "POST", body: { title: "retried after 429", severity: "low" }, accepted: 201 },
]) {
  test(`a timestamped ${method} refused with 429 is accepted when resent after Retry-After`, async () => {
    const creds = await s.newAccount("single");
    expect((await s.call("GET", "/v1/health", undefined, { creds })).status).toBe(200);
    const ts = now();
    const refused = await s.call(method, "/v1/alerts", body, { creds, timestamp: ts });
    expect(refused.status).toBe(429);
    await Bun.sleep(Number(refused.headers.get("retry-after")) * 1000 + 50);
    const resent = await s.call(method, "/v1/alerts", body, { creds, timestamp: ts });
    expect(resent.status).toBe(accepted);
    // Processed once now: a third delivery is a replay.
    const replay = await s.call(method, "/v1/alerts", body, { creds, timestamp: ts });
    expect(replay.status).toBe(401);
    expect(((await replay.json()) as { code: string }).code).toBe("replayed_request");
  });
}

test("a lost response is retried with a new timestamp and the same Idempotency-Key: the first response comes back; the exact copy is a replay", async () => {
  const creds = await s.newAccount("standard");
  const body = { title: "retried after a lost response", severity: "low" };
  const headers = { "idempotency-key": "lost-response-1" };
  const ts = now();
  const first = await s.call("POST", "/v1/alerts", body, { creds, timestamp: ts, headers });
  expect(first.status).toBe(201);
  const created = await first.text();
  // The exact copy (same timestamp and signature) is what a captured request looks like.
  const copy = await s.call("POST", "/v1/alerts", body, { creds, timestamp: ts, headers });
  expect(copy.status).toBe(401);
  expect(((await copy.json()) as { code: string }).code).toBe("replayed_request");
  // Signed again with a new timestamp: the stored answer, byte for byte.
  await Bun.sleep(1100);
  const retry = await s.call("POST", "/v1/alerts", body, { creds, timestamp: now(), headers });
  expect(retry.status).toBe(201);
  expect(retry.headers.get("idempotent-replayed")).toBe("true");
  expect(await retry.text()).toBe(created);
});
