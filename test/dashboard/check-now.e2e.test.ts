// "Check now" on the Connectors page probes the source, but a flood of the form (by clicks or a
// script; dashboard requests count against no plan) must not become a flood of requests to the
// customer's billing API or database: concurrent checks share one probe, and one asked within
// MANUAL_CHECK_INTERVAL_MS of the last returns the status as it is. Found by an attack pass: 300
// posts of the form made 300 requests to the source in 1.4 s.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server as BunServer } from "bun";
import { activeUser, type DashboardSession, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let hits = 0;
let source: BunServer<undefined>;
let s: TestServer;
let dev: DashboardSession;
beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch() {
      hits++;
      await Bun.sleep(50);
      return Response.json([]);
    },
  });
  s = await startTestServer(`connectors:
  - id: upstream
    type: http
    url: http://127.0.0.1:${source.port}/api
    transactions: /transactions
    allow_hosts: [127.0.0.1]
    retries: 0
    status: { interval_s: 3600 }
`);
  const { password } = await activeUser(s, "checker@example.com", s.creds.accountId);
  dev = await signIn(s, "checker@example.com", password);
  // The monitor's first round at start-up, out of the way.
  await s.rt.connectors.probe("upstream");
});
afterAll(async () => {
  await s.stop();
  source.stop(true);
});

test("a burst of Check now posts makes one request to the source; later ones within the interval make none", async () => {
  const before = hits;
  const answers = await Promise.all(Array.from({ length: 40 }, () => dev.post("/dashboard/connectors/upstream/check", { _csrf: dev.csrf })));
  expect(answers.map((r) => r.status)).toEqual(Array(40).fill(303));
  expect(hits - before).toBe(1);
  for (let i = 0; i < 10; i++) expect((await dev.post("/dashboard/connectors/upstream/check", { _csrf: dev.csrf })).status).toBe(303);
  expect(hits - before).toBe(1);
  // Once the interval has passed a check probes again (here: an interval of 0).
  await s.rt.connectors.checkNow("upstream", 0);
  expect(hits - before).toBe(2);
});
