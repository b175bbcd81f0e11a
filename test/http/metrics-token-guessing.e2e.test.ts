// GET /metrics behind metrics.token: a wrong token is a failed authentication of the client's
// address, counted with the API's (security.failed_auth), so the token cannot be guessed at wire
// speed. Before, every wrong token was a plain 401, without end: 500 guesses in a row from one
// address were all answered 401, none refused (eighth attack pass). An address over its allowance
// is refused before the token is compared, so a right guess then proves nothing; a scraper behind
// the same address as a guesser waits out the Retry-After like every client there.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

const TOKEN = "metrics-token-0123456789abcdef";
let s: Server;
beforeAll(async () => {
  s = await startServer(`server: { trust_proxy: true }\nmetrics: { enabled: true, token: "${TOKEN}" }\nsecurity: { master_key_file: ./master.key, failed_auth: { per_second: 1000, per_minute: 20 } }\n`);
});
afterAll(() => s.stop());

const scrape = (from: string, token: string) => fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": from } });

test("guesses from one address are refused with 429 once past the failed-authentication allowance", async () => {
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await scrape("198.51.100.7", `guess-${i}`)).status);
  expect(statuses.slice(0, 20)).toEqual(Array(20).fill(401));
  expect(statuses.slice(20)).toEqual(Array(10).fill(429));
  const refused = await scrape("198.51.100.7", "guess-again");
  expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
  expect(((await refused.json()) as { code: string }).code).toBe("rate_limited");
  // The right token from the guessing address proves nothing now: refused like a wrong one.
  expect((await scrape("198.51.100.7", TOKEN)).status).toBe(429);
  // Another address is not concerned.
  expect((await scrape("198.51.100.8", TOKEN)).status).toBe(200);
});

test("scrapes with the right token spend nothing; guesses spend the address's allowance shared with API keys", async () => {
  const scraper = "203.0.113.50";
  for (let i = 0; i < 40; i++) expect((await scrape(scraper, TOKEN)).status).toBe(200);
  for (let i = 0; i < 20; i++) expect((await scrape(scraper, `guess-${i}`)).status).toBe(401);
  const apiCall = await fetch(`${s.url}/v1/health`, { headers: { authorization: `Bearer ak_${"x".repeat(49)}`, "x-service-signature": "0".repeat(64), "x-forwarded-for": scraper } });
  expect(apiCall.status).toBe(429);
});
