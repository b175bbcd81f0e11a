// A receiver that answers, but slowly, must not hold back the other targets. Each target's
// messages go out one at a time; the targets are independent of each other. Found by the
// twenty-third attack pass: a pass over the outbox waited for every target's run of successful
// deliveries, so a receiver answering 200 after a second, with a backlog, kept every other target
// waiting for the whole backlog (on the built binary: a healthy receiver had 1 of 202 messages
// after 20 s while a slow one took them one a second).
import { afterAll, expect, test } from "bun:test";
import { json, startServer } from "../support/server.ts";
import { until } from "../support/wait.ts";

const SECRET = "whsec_test_0123456789abcdef";

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

/** A receiver that answers each message once `answer` resolves (at once by default). */
function receiver(answer: () => Promise<unknown> = async () => {}) {
  const got: string[] = [];
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    idleTimeout: 60,
    async fetch(req) {
      const event = JSON.parse(await req.text());
      got.push(event.id);
      await answer();
      return new Response(null, { status: 204 });
    },
  });
  cleanup.push(() => server.stop(true));
  return { got, url: `http://127.0.0.1:${server.port}/hook` };
}

test("a slow receiver's backlog does not delay another target's deliveries", async () => {
  // The slow receiver answers nothing until the fast one has had every message (well within its
  // timeout_ms), then each message at once: no race between the two, however loaded the machine.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const slow = receiver(() => released);
  const fast = receiver();
  const s = await startServer(
    `alerts:
  webhooks:
    - { id: slow, url: "${slow.url}", secret: "\${HOOK_SECRET}", events: ["*"], timeout_ms: 30000, allow_hosts: ["127.0.0.1"] }
    - { id: fast, url: "${fast.url}", secret: "\${HOOK_SECRET}", events: ["*"], timeout_ms: 5000, allow_hosts: ["127.0.0.1"] }
  webhook_delivery: { backoff_initial_ms: 50, backoff_max_ms: 400, poll_interval_ms: 20 }
`,
    { env: { HOOK_SECRET: SECRET } },
  );
  cleanup.push(() => s.stop());
  // The first alert: the slow receiver then holds it.
  await s.call("POST", "/v1/alerts", { title: "first", severity: "low" });
  await until("the slow receiver has the first message", () => slow.got.length >= 1);
  const more = 8;
  for (let i = 0; i < more; i++) expect((await s.call("POST", "/v1/alerts", { title: `next ${i}`, severity: "low" })).status).toBe(201);
  // The fast receiver gets them all while the slow one still holds its first (before: the fast
  // one waited for the slow one's answer, and then for its whole backlog).
  await until("the fast receiver has every message", () => fast.got.length >= more + 1, 10_000);
  expect(slow.got.length).toBe(1);
  release();
  // And the slow one still gets all of them, in order.
  await until("the slow receiver has every message", () => slow.got.length >= more + 1, 15_000);
  expect(slow.got).toEqual(fast.got);
  const list = await json(await s.call("GET", "/v1/alerts?limit=100"));
  expect(list.data.length).toBe(more + 1);
}, 30_000);
