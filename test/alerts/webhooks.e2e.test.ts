// Webhooks: each new or changed alert is POSTed, signed, to the configured targets from a
// durable outbox, in order per target, retried with backoff while the receiver is down, and
// delivered after a restart of Assay.
import { afterAll, describe, expect, test } from "bun:test";
import type { Server as BunServer } from "bun";
import { verifyWebhook } from "../../src/notify/signature.ts";
import { backoffMs } from "../../src/notify/worker.ts";
import { makeTempDir } from "../support/harness.ts";
import { json, startServer } from "../support/server.ts";
import { until } from "../support/wait.ts";

const SECRET = "whsec_test_0123456789abcdef";

interface Received {
  headers: Record<string, string>;
  body: string;
  event: any;
}

/** A local receiver; `fail` makes it answer 500 (the message must then be retried). */
function receiver(port = 0, fail = () => false) {
  const got: Received[] = [];
  const server: BunServer<undefined> = Bun.serve({
    port,
    hostname: "127.0.0.1",
    async fetch(req) {
      const body = await req.text();
      if (fail()) return new Response("nope", { status: 500 });
      got.push({ headers: Object.fromEntries(req.headers.entries()), body, event: JSON.parse(body) });
      return new Response(null, { status: 204 });
    },
  });
  return { got, server, url: `http://127.0.0.1:${server.port}/hook` };
}

function config(url: string, extra = "") {
  return `alerts:
  webhooks:
    - { id: ops, url: "${url}", secret: "\${HOOK_SECRET}", events: ["*"], allow_hosts: ["127.0.0.1"] }${extra}
  webhook_delivery: { backoff_initial_ms: 50, backoff_max_ms: 400, poll_interval_ms: 20 }
`;
}

const cleanup: (() => unknown)[] = [];
afterAll(async () => {
  for (const c of cleanup.reverse()) await c();
});

describe("webhooks", () => {
  test("every change is delivered, signed over <timestamp>.<body>, in order, with the event id of the history", async () => {
    const r = receiver();
    cleanup.push(() => r.server.stop(true));
    const s = await startServer(config(r.url), { env: { HOOK_SECRET: SECRET } });
    cleanup.push(() => s.stop());
    const alert = await json(await s.call("POST", "/v1/alerts", { title: "Hooked", severity: "medium" }));
    await s.call("PATCH", `/v1/alerts/${alert.id}`, { status: "acknowledged", note: "mine" });
    await s.call("PATCH", `/v1/alerts/${alert.id}`, { status: "resolved", resolution: "confirmed" });
    await s.call("PATCH", `/v1/alerts/${alert.id}`, { status: "open" });
    await s.call("PATCH", `/v1/alerts/${alert.id}`, { status: "dismissed" });
    await until("5 deliveries", () => r.got.length >= 5);
    expect(r.got.map((g) => g.event.type)).toEqual(["alert.created", "alert.acknowledged", "alert.resolved", "alert.reopened", "alert.dismissed"]);
    const history = await json(await s.call("GET", `/v1/alerts/${alert.id}/history`));
    expect(r.got.map((g) => g.headers["x-assay-event-id"])).toEqual(history.data.map((e: any) => e.id));
    for (const g of r.got) {
      expect(g.headers["content-type"]).toBe("application/json");
      expect(g.headers["x-assay-event-type"]).toBe(g.event.type);
      expect(g.headers["x-assay-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/);
      expect(verifyWebhook(SECRET, { signature: g.headers["x-assay-signature"]!, timestamp: g.headers["x-assay-timestamp"]! }, g.body)).toBe(true);
      // Tampering with the body, the timestamp or the secret breaks the signature.
      expect(verifyWebhook(SECRET, { signature: g.headers["x-assay-signature"]!, timestamp: g.headers["x-assay-timestamp"]! }, `${g.body} `)).toBe(false);
      expect(verifyWebhook(SECRET, { signature: g.headers["x-assay-signature"]!, timestamp: String(Number(g.headers["x-assay-timestamp"]) - 1) }, g.body)).toBe(false);
      expect(verifyWebhook(`${SECRET}x`, { signature: g.headers["x-assay-signature"]!, timestamp: g.headers["x-assay-timestamp"]! }, g.body)).toBe(false);
      expect(g.event).toMatchObject({ object: "event", account: s.creds.accountId, data: { object: { id: alert.id, object: "alert" } } });
    }
    expect(r.got[1]!.event.data.change).toMatchObject({ from_status: "open", to_status: "acknowledged", note: "mine", actor: { key: s.creds.keyId } });
    expect(r.got[2]!.event.data.object).toMatchObject({ status: "resolved", resolution: "confirmed" });
    const outbox = await until("deliveries recorded", async () => {
      const all = await s.rt.store.outbox.list();
      return all.every((m) => m.status === "delivered") ? all : null;
    });
    expect(outbox.every((m) => m.status === "delivered" && m.attempts === 1)).toBe(true);
  });

  test("events and accounts filters select what a target receives", async () => {
    const r = receiver();
    cleanup.push(() => r.server.stop(true));
    const s = await startServer(
      `alerts:
  webhooks:
    - { id: closed-only, url: "${r.url}", secret: "${SECRET}", events: [alert.resolved, alert.dismissed], allow_hosts: ["127.0.0.1"] }
    - { id: other-account, url: "${r.url}", secret: "${SECRET}", accounts: [acct_01AAAAAAAAAAAAAAAAAAAAAAAA], allow_hosts: ["127.0.0.1"] }
  webhook_delivery: { poll_interval_ms: 20 }
`,
    );
    cleanup.push(() => s.stop());
    const a = await json(await s.call("POST", "/v1/alerts", { title: "f", severity: "low" }));
    await s.call("PATCH", `/v1/alerts/${a.id}`, { status: "dismissed" });
    await until("1 delivery", () => r.got.length >= 1);
    await Bun.sleep(100);
    expect(r.got.map((g) => g.event.type)).toEqual(["alert.dismissed"]);
    expect((await s.rt.store.outbox.list()).map((m) => m.target)).toEqual(["closed-only"]);
  });

  test("a receiver that is down gets the messages later, after retries with growing delays", async () => {
    // Reserve a port, then free it: the receiver is "down" until it listens there again.
    const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = probe.port!;
    probe.stop(true);
    const s = await startServer(config(`http://127.0.0.1:${port}/hook`), { env: { HOOK_SECRET: SECRET } });
    cleanup.push(() => s.stop());
    const a = await json(await s.call("POST", "/v1/alerts", { title: "retry me", severity: "high" }));
    await s.call("PATCH", `/v1/alerts/${a.id}`, { status: "acknowledged" });
    const failing = await until("3 failed attempts", async () => {
      const [head] = await s.rt.store.outbox.list({ status: "pending" });
      return head && head.attempts >= 3 ? head : null;
    });
    expect(failing.last_error).toMatch(/connection failed/);
    expect(failing.last_error).not.toContain(SECRET);
    // The later message waits behind the first: nothing was attempted for it yet.
    const pending = await s.rt.store.outbox.list({ status: "pending" });
    expect(pending.length).toBe(2);
    expect(pending[1]!.attempts).toBe(0);

    let answer500 = 2; // then a 500 twice: also a failure to retry
    const r = receiver(port, () => answer500-- > 0);
    cleanup.push(() => r.server.stop(true));
    await until("2 deliveries", () => r.got.length >= 2);
    expect(r.got.map((g) => g.event.type)).toEqual(["alert.created", "alert.acknowledged"]);
    // The receiver has the message a moment before the worker records the delivery.
    const settled = await until("every message recorded as delivered", async () => {
      const all = await s.rt.store.outbox.list();
      return all.every((m) => m.status === "delivered") ? all : null;
    });
    expect(settled[0]!.attempts).toBeGreaterThanOrEqual(5);
  });

  test("a restart loses nothing: messages queued while the receiver was down go out from the next process", async () => {
    const dir = makeTempDir();
    const probe = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response() });
    const port = probe.port!;
    probe.stop(true);
    const url = `http://127.0.0.1:${port}/hook`;
    const first = await startServer(config(url), { dir, env: { HOOK_SECRET: SECRET } });
    const a = await json(await first.call("POST", "/v1/alerts", { title: "survives", severity: "critical" }));
    await first.call("PATCH", `/v1/alerts/${a.id}`, { status: "dismissed", resolution: "false_positive" });
    await until("a failed attempt", async () => (await first.rt.store.outbox.list())[0]!.attempts >= 1);
    await first.stop();

    const r = receiver(port);
    cleanup.push(() => r.server.stop(true));
    const second = await startServer(config(url), { dir, env: { HOOK_SECRET: SECRET } });
    cleanup.push(() => second.stop());
    await until("2 deliveries", () => r.got.length >= 2);
    expect(r.got.map((g) => [g.event.type, g.event.data.object.id])).toEqual([
      ["alert.created", a.id],
      ["alert.dismissed", a.id],
    ]);
  });

  test("backoff doubles from backoff_initial_ms up to backoff_max_ms, with jitter", () => {
    const d = { backoff_initial_ms: 1000, backoff_max_ms: 60_000 };
    for (const [attempt, base] of [[1, 1000], [2, 2000], [3, 4000], [7, 60_000], [30, 60_000]] as const) {
      const v = backoffMs(attempt, d);
      expect(v).toBeGreaterThanOrEqual(base * 0.8);
      expect(v).toBeLessThanOrEqual(base * 1.2);
    }
  });

  test("a target on loopback is refused unless allow_hosts lists it (the connectors' SSRF rules)", async () => {
    const r = receiver();
    cleanup.push(() => r.server.stop(true));
    const s = await startServer(
      `alerts:
  webhooks:
    - { id: sneaky, url: "${r.url}", secret: "${SECRET}" }
    - { id: named, url: "http://localhost:${r.server.port}/hook", secret: "${SECRET}" }
  webhook_delivery: { backoff_initial_ms: 50, backoff_max_ms: 100, poll_interval_ms: 20, max_attempts: 2 }
`,
    );
    cleanup.push(() => s.stop());
    expect((await s.call("POST", "/v1/alerts", { title: "ssrf", severity: "low" })).status).toBe(201);
    const settled = await until("both messages given up", async () => {
      const all = await s.rt.store.outbox.list();
      return all.length === 2 && all.every((m) => m.status === "dead") ? all : null;
    });
    for (const m of settled) expect(m.last_error).toContain("allow_hosts");
    expect(r.got.length).toBe(0);
  });
});
