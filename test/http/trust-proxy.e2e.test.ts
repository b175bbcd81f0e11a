// Behind a trusted proxy (server.trust_proxy: true) the client address is the one the proxy
// wrote: the LAST entry of X-Forwarded-For. nginx's `$proxy_add_x_forwarded_for` (the
// multi-node set-up in docs/deployment.md) appends the peer's address to whatever the client
// sent, so the first entry is the client's own claim. Found by the fourth attack pass: the first
// entry was read, and a client rotating a forged X-Forwarded-For escaped the per-address limit on
// failed authentications (and the dashboard's sign-in limit).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(
    "server: { port: 0, access_log: false, trust_proxy: true }\nsecurity: { master_key_file: ./master.key, failed_auth: { per_second: 3, per_minute: 100 } }\n",
  );
});
afterAll(() => s.stop());

const badAuth = (forwardedFor: string) =>
  fetch(`${s.url}/v1/health`, { headers: { authorization: "Bearer ak_nope", "x-service-signature": "00", "x-forwarded-for": forwardedFor } });

test("a forged first X-Forwarded-For entry does not escape the failed-authentication limit", async () => {
  const statuses: number[] = [];
  // As nginx forwards them: "<what the client sent>, <the client's real address>".
  for (let i = 0; i < 8; i++) statuses.push((await badAuth(`198.51.100.${i}, 203.0.113.7`)).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429]);
  // Another real client (another last entry) is not affected.
  expect((await badAuth("203.0.113.8")).status).toBe(401);
});

test("an IPv6 client is counted per /64: rotating through its own addresses does not renew the allowance", async () => {
  const statuses: number[] = [];
  for (let i = 1; i <= 6; i++) statuses.push((await badAuth(`2001:db8:5:6::${i.toString(16)}`)).status);
  expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
  // The next /64 is another client.
  expect((await badAuth("2001:db8:5:7::1")).status).toBe(401);
});
