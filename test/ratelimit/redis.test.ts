// The Redis limiter: the same two-window decisions as the in-memory one, shared by every node,
// and what it does when Redis goes away and comes back (a private redis-server we stop ourselves).
import { afterAll, describe, expect, test } from "bun:test";
import { RedisClient } from "bun";
import { ApiError } from "../../src/domain/errors.ts";
import type { Logger } from "../../src/log.ts";
import { redisLimiters } from "../../src/ratelimit/redis.ts";
import type { WindowSpec } from "../../src/ratelimit/types.ts";
import { PrivateRedis, randomPrefix, REDIS_URL, redisAvailable } from "../support/redis.ts";

// Outage tests count with minute-long windows only: no assertion depends on how fast they run.
const SLOW: WindowSpec[] = [
  { name: "burst", quota: 3, windowMs: 60_000 },
  { name: "sustained", quota: 5, windowMs: 120_000 },
];
const WINDOWS: WindowSpec[] = [
  { name: "burst", quota: 3, windowMs: 1000 },
  { name: "sustained", quota: 5, windowMs: 60_000 },
];

function recordingLog() {
  const lines: { level: string; msg: string }[] = [];
  const at = (level: string) => (msg: string) => void lines.push({ level, msg });
  const log = { info: at("info"), warn: at("warn"), error: at("error"), debug: at("debug") } as unknown as Logger;
  return { log, lines };
}

const node = (url: string, prefix: string, onUnavailable: "local" | "reject" = "local", log = recordingLog().log) =>
  redisLimiters({ url, key_prefix: prefix, on_unavailable: onUnavailable, timeout_ms: 500 }, log, () => performance.now());

const available = await redisAvailable();
const opened: { close(): void }[] = [];
afterAll(() => opened.forEach((o) => o.close()));

describe.skipIf(!available)("RedisRateLimiter on the shared Redis", () => {
  test("two nodes together admit exactly the quota; refused requests are not counted", async () => {
    const prefix = randomPrefix();
    const a = node(REDIS_URL, prefix);
    const b = node(REDIS_URL, prefix);
    opened.push(a, b);
    const decisions = await Promise.all(Array.from({ length: 12 }, (_, i) => (i % 2 ? a : b).limiter.acquire("acct:x", WINDOWS)));
    expect(decisions.filter((d) => d.allowed).length).toBe(3);
    const refused = decisions.find((d) => !d.allowed)!;
    expect(refused.violated).toEqual(["burst"]);
    expect(refused.retryAfterS).toBe(1);
    expect(refused.windows.map((w) => w.remaining)).toEqual([0, 2]);
    // Nine refusals left the sustained window at 3 of 5.
    const peek = await a.limiter.peek("acct:x", WINDOWS);
    expect(peek.windows.map((w) => [w.name, w.quota, w.windowS, w.remaining])).toEqual([
      ["burst", 3, 1, 0],
      ["sustained", 5, 60, 2],
    ]);
    expect(peek.windows[1]!.resetS).toBeGreaterThan(0);
    // Another subject is untouched.
    expect((await b.limiter.acquire("acct:y", WINDOWS)).windows.map((w) => w.remaining)).toEqual([2, 4]);
  });

  test("keys expire with their windows (bounded memory)", async () => {
    const prefix = randomPrefix();
    const a = node(REDIS_URL, prefix);
    opened.push(a);
    await a.limiter.acquire("acct:z", WINDOWS);
    const probe = new RedisClient(REDIS_URL);
    const keys = (await probe.send("KEYS", [`${prefix}*`])) as string[];
    expect(keys.length).toBe(2);
    for (const key of keys) {
      const ttl = Number(await probe.send("PTTL", [key]));
      expect(ttl).toBeGreaterThan(0);
      expect(ttl).toBeLessThanOrEqual(key.endsWith(":1000") ? 2000 : 61_000);
    }
    probe.close();
  });

  test("record counts even over quota but keeps at most quota entries", async () => {
    const prefix = randomPrefix();
    const a = node(REDIS_URL, prefix);
    opened.push(a);
    for (let i = 0; i < 8; i++) await a.failureLimiter.record("ip:1", WINDOWS);
    const probe = new RedisClient(REDIS_URL);
    const keys = (await probe.send("KEYS", [`${prefix}*`])) as string[];
    for (const key of keys) expect(Number(await probe.send("ZCARD", [key]))).toBe(key.endsWith(":1000") ? 3 : 5);
    probe.close();
    expect((await a.failureLimiter.peek("ip:1", WINDOWS)).allowed).toBe(false);
  });

  test("release gives back a place another node took: the allowance is one for both nodes", async () => {
    const prefix = randomPrefix();
    const a = node(REDIS_URL, prefix);
    const b = node(REDIS_URL, prefix);
    opened.push(a, b);
    for (let i = 0; i < 3; i++) expect((await (i % 2 ? a : b).failureLimiter.acquire("user:x", SLOW)).allowed).toBe(true);
    expect((await a.failureLimiter.acquire("user:x", SLOW)).allowed).toBe(false);
    await b.failureLimiter.release("user:x", SLOW);
    const again = await a.failureLimiter.acquire("user:x", SLOW);
    expect(again.allowed).toBe(true);
    expect(again.windows.map((w) => w.remaining)).toEqual([0, 2]);
    // Nothing held: a release takes nothing below zero.
    await a.failureLimiter.release("user:y", SLOW);
    expect((await a.failureLimiter.peek("user:y", SLOW)).windows.map((w) => w.remaining)).toEqual([3, 5]);
  });
});

describe("RedisRateLimiter when Redis goes away", () => {
  test("local: falls back to this node's limiter, logs the outage once, and returns to Redis when it is back", async () => {
    const redis = await PrivateRedis.start();
    const { log, lines } = recordingLog();
    const a = node(redis.url, randomPrefix(), "local", log);
    opened.push(a);
    try {
      await Bun.sleep(50);
      expect((await a.limiter.acquire("acct:o", SLOW)).allowed).toBe(true);
      await redis.stop();
      const during = [];
      for (let i = 0; i < 6; i++) during.push(await a.limiter.acquire("acct:o", SLOW));
      // The per-node fallback applies the same limits on its own.
      expect(during.filter((d) => d.allowed).length).toBe(3);
      expect(lines.filter((l) => l.msg === "rate limiter backend unavailable").length).toBe(1);
      await redis.start();
      let back = false;
      for (let i = 0; i < 60 && !back; i++) {
        await Bun.sleep(100);
        await a.limiter.peek("acct:o", SLOW);
        back = lines.some((l) => l.msg === "rate limiter backend recovered");
      }
      expect(back).toBe(true);
      // Redis lost its data with the restart: the subject starts afresh there.
      expect((await a.limiter.acquire("acct:o", SLOW)).windows[0]!.remaining).toBe(2);
      expect(lines.filter((l) => l.msg === "rate limiter backend unavailable").length).toBe(1);
    } finally {
      await redis.stop();
    }
  });

  test("a Redis that hangs (connected, not answering) is waited for once, then failed over at once until it answers (sixteenth attack pass)", async () => {
    // Before, every decision sent its command and waited the full timeout_ms (500 ms) for the
    // whole outage: on the built binary with Redis stopped, each request took ~515 ms instead of
    // ~15, and the unanswered commands piled up in the client. Counted here by what Redis
    // received: before, one command per decision; now one, then at most one probe a second.
    const redis = await PrivateRedis.start();
    const { log, lines } = recordingLog();
    const a = node(redis.url, randomPrefix(), "local", log);
    opened.push(a);
    try {
      expect((await a.limiter.acquire("acct:h", SLOW)).allowed).toBe(true);
      const stats = new RedisClient(redis.url, { autoReconnect: false, enableOfflineQueue: false });
      await stats.connect();
      await stats.send("CONFIG", ["RESETSTAT"]);
      redis.pause();
      const decisions = [];
      for (let i = 0; i < 20; i++) decisions.push(await a.limiter.acquire("acct:h", SLOW));
      // The per-node fallback decides meanwhile (3 of the burst quota).
      expect(decisions.filter((d) => d.allowed).length).toBe(3);
      expect(lines.filter((l) => l.msg === "rate limiter backend unavailable").length).toBe(1);
      redis.resume();
      // Redis serves its connections in no fixed order once resumed: count until the count holds.
      const evalCalls = async () => {
        const info = String(await stats.send("INFO", ["commandstats"]));
        return Number(/cmdstat_evalsha:calls=(\d+)/.exec(info)?.[1] ?? 0) + Number(/cmdstat_eval:calls=(\d+)/.exec(info)?.[1] ?? 0);
      };
      let sent = -1;
      for (let i = 0, now = await evalCalls(); i < 20 && now !== sent; i++, await Bun.sleep(150), now = await evalCalls()) sent = now;
      expect(sent).toBeLessThan(10);
      stats.close();
      // Answering again: a later probe finds it and the decisions are Redis's again.
      let back = false;
      for (let i = 0; i < 40 && !back; i++) {
        await Bun.sleep(100);
        await a.limiter.peek("acct:h", SLOW);
        back = lines.some((l) => l.msg === "rate limiter backend recovered");
      }
      expect(back).toBe(true);
    } finally {
      await redis.stop();
    }
  });

  test("a connection that never answers again (its peer gone without a word) is opened anew and Redis used again", async () => {
    // A proxy to Redis whose first connection, once in use, swallows every byte (a half-open TCP
    // connection, a NAT that forgot it); later connections reach Redis. Before, that connection
    // was kept for good: every decision waited timeout_ms or failed over, Redis never used again.
    const redis = await PrivateRedis.start();
    let connections = 0;
    let wedged = false;
    type Link = { n: number; upstream?: Bun.Socket<undefined>; pending: Uint8Array[] };
    const proxy = Bun.listen<Link>({
      hostname: "127.0.0.1",
      port: 0,
      socket: {
        async open(client) {
          const link: Link = { n: ++connections, pending: [] };
          client.data = link;
          link.upstream = await Bun.connect({
            hostname: "127.0.0.1",
            port: redis.port,
            socket: { data: (_s, d) => void (wedged && link.n === 1 ? 0 : client.write(d)), close: () => void client.end(), error: () => void client.end() },
          });
          for (const d of link.pending) link.upstream.write(d);
        },
        data(client, d) {
          if (wedged && client.data.n === 1) return;
          if (client.data.upstream) client.data.upstream.write(d);
          else client.data.pending.push(new Uint8Array(d));
        },
        close: (client) => void client.data?.upstream?.end(),
      },
    });
    const { log, lines } = recordingLog();
    const a = node(`redis://127.0.0.1:${proxy.port}`, randomPrefix(), "local", log);
    opened.push(a);
    try {
      await Bun.sleep(50);
      await a.limiter.peek("acct:w", SLOW);
      expect(lines.some((l) => l.msg === "rate limiter backend unavailable")).toBe(false);
      wedged = true;
      let back = false;
      for (let i = 0; i < 100 && !back; i++) {
        await a.limiter.peek("acct:w", SLOW);
        back = lines.some((l) => l.msg === "rate limiter backend recovered");
        if (!back) await Bun.sleep(100);
      }
      expect(lines.some((l) => l.msg === "rate limiter backend unavailable")).toBe(true);
      expect(back).toBe(true);
      expect(connections).toBeGreaterThanOrEqual(2);
    } finally {
      proxy.stop(true);
      await redis.stop();
    }
  });

  test("reject: 503 rate_limiter_unavailable while Redis is down", async () => {
    const redis = await PrivateRedis.start();
    const a = node(redis.url, randomPrefix(), "reject");
    opened.push(a);
    await redis.stop();
    const error = await Promise.resolve(a.limiter.acquire("acct:r", SLOW)).catch((e) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe("rate_limiter_unavailable");
    expect((error as ApiError).status).toBe(503);
  });
});
