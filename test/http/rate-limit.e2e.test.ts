// Plan limits over real HTTP: exact counts under concurrency, isolation between accounts, and
// failed authentication limited per client address without touching anyone's quota.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signHex } from "../../src/auth/signature.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";
import { until } from "../support/wait.ts";
import { rmSync } from "node:fs";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer("plans: { tiny: { per_second: 3, per_minute: 5 } }");
});
afterAll(() => s.stop());

describe("plan limits over HTTP", () => {
  test("60 concurrent signed requests on a fresh standard account → exactly 50 accepted", async () => {
    const creds = await s.newAccount("standard");
    const responses = await Promise.all(Array.from({ length: 60 }, () => s.call("GET", "/v1/health", undefined, { creds })));
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((x) => x === 200).length).toBe(50);
    expect(statuses.filter((x) => x === 429).length).toBe(10);
    const refused = responses.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(refused.headers.get("content-type")).toBe("application/problem+json");
    const body = (await refused.json()) as { code: string; violated_policies: string[] };
    expect(body.code).toBe("rate_limited");
    expect(body.violated_policies).toEqual(["burst"]);
    expect(refused.headers.get("x-ratelimit-remaining")).toBe("0");
  });

  test("two accounts do not affect each other", async () => {
    const a = await s.newAccount("tiny");
    const b = await s.newAccount("tiny");
    const ra = await Promise.all(Array.from({ length: 5 }, () => s.call("GET", "/v1/health", undefined, { creds: a })));
    expect(ra.filter((r) => r.status === 200).length).toBe(3);
    const rb = await s.call("GET", "/v1/health", undefined, { creds: b });
    expect(rb.status).toBe(200);
    expect(rb.headers.get("ratelimit-policy")).toBe('"burst";q=3;w=1, "sustained";q=5;w=60');
    expect(rb.headers.get("ratelimit")).toMatch(/^"burst";r=2;t=1, "sustained";r=4;t=60$/);
  });

  test("all keys of one account share its quota", async () => {
    const a = await s.newAccount("tiny");
    const second = await s.rt.keys.createKey(a.accountId);
    const other = { ...a, key: second.key, secret: second.secret };
    for (let i = 0; i < 3; i++) expect((await s.call("GET", "/v1/health", undefined, { creds: i % 2 ? other : a })).status).toBe(200);
    expect((await s.call("GET", "/v1/health", undefined, { creds: other })).status).toBe(429);
  });
});

describe("failed authentication", () => {
  test("a flood of bad signatures is refused per address and leaves the account's quota untouched", async () => {
    const strict = await startTestServer("security: { master_key_file: ./master.key, failed_auth: { per_second: 5, per_minute: 20 } }");
    try {
      const victim = strict.creds;
      const bad = await Promise.all(
        Array.from({ length: 40 }, () =>
          fetch(`${strict.url}/v1/health`, { headers: { authorization: `Bearer ${victim.key}`, "x-service-signature": signHex("guess", "") } }),
        ),
      );
      const codes = await Promise.all(bad.map(async (r) => ((await r.json()) as { code: string }).code));
      expect(codes.filter((c) => c === "invalid_signature").length).toBe(5);
      expect(codes.filter((c) => c === "rate_limited").length).toBe(35);
      // The victim's own limiter never saw those requests.
      const decision = strict.rt.limiter.peek(`acct:${victim.accountId}`, [
        { name: "burst", quota: 50, windowMs: 1000 },
        { name: "sustained", quota: 1000, windowMs: 60_000 },
      ]) as { windows: { remaining: number }[] };
      expect(decision.windows.map((w) => w.remaining)).toEqual([50, 1000]);
    } finally {
      await strict.stop();
    }
  });

  test("a client whose key has worked before is not locked out by another client failing from its address", async () => {
    // One address is often a whole office behind NAT, or a proxy; one forgotten script with a
    // revoked key must not cut off every good client there.
    const strict = await startTestServer("security: { master_key_file: ./master.key, failed_auth: { per_second: 5, per_minute: 20 } }");
    try {
      const good = strict.creds;
      const other = await strict.newAccount("standard");
      expect((await strict.call("GET", "/v1/health", undefined, { creds: good })).status).toBe(200);
      const unknownKey = (i: number) => `ak_${"A".repeat(40)}${String(i).padStart(3, "0")}`;
      const flood = await Promise.all(
        Array.from({ length: 30 }, (_, i) => fetch(`${strict.url}/v1/health`, { headers: { authorization: `Bearer ${unknownKey(i)}`, "x-service-signature": signHex("x", "") } })),
      );
      expect(flood.filter((r) => r.status === 429).length).toBe(25);
      // The address is over its allowance: the good key still works, its account is charged as usual.
      const ok = await strict.call("GET", "/v1/health", undefined, { creds: good });
      expect(ok.status).toBe(200);
      expect(ok.headers.get("x-ratelimit-remaining")).not.toBeNull();
      // The same key with a wrong signature, and keys this node has not seen work, are refused
      // without a lookup: 429, as before.
      const forged = await fetch(`${strict.url}/v1/health`, { headers: { authorization: `Bearer ${good.key}`, "x-service-signature": signHex("guess", "") } });
      expect(forged.status).toBe(429);
      expect(((await forged.json()) as { code: string }).code).toBe("rate_limited");
      expect((await fetch(`${strict.url}/v1/health`, { headers: { authorization: `Bearer ${unknownKey(99)}`, "x-service-signature": signHex("x", "") } })).status).toBe(429);
      expect((await strict.call("GET", "/v1/health", undefined, { creds: other })).status).toBe(429);
      // A key revoked after it worked is forgotten with it: refused as an unknown key.
      await strict.rt.keys.revokeKey(good.keyId);
      await Bun.sleep(600);
      expect((await strict.call("GET", "/v1/health", undefined, { creds: good })).status).toBe(429);
    } finally {
      await strict.stop();
    }
  });

  test("after a restart, a key that had worked before is still verified from an address over its allowance", async () => {
    // A restart empties the memory of keys that worked: every client behind a NAT with one
    // failing script was refused until the script stopped. Keys with a last use on record are
    // known again from the start (loaded with their secrets), without a lookup per request.
    const dir = makeTempDir("assay-failed-auth-restart-");
    const yaml = "security: { master_key_file: ./master.key, failed_auth: { per_second: 5, per_minute: 20 } }";
    try {
      const first = await startTestServer(yaml, { dir });
      const good = first.creds;
      expect((await first.call("GET", "/v1/health", undefined, { creds: good })).status).toBe(200);
      await until("the key's last use on record", async () => (await first.rt.store.apiKeys.get(good.keyId))?.last_used_at ?? undefined);
      await first.stop();
      const again = await startTestServer(yaml, { dir });
      try {
        await again.rt.warmKeys();
        const unknownKey = (i: number) => `ak_${"B".repeat(40)}${String(i).padStart(3, "0")}`;
        const flood = await Promise.all(
          Array.from({ length: 30 }, (_, i) => fetch(`${again.url}/v1/health`, { headers: { authorization: `Bearer ${unknownKey(i)}`, "x-service-signature": signHex("x", "") } })),
        );
        expect(flood.filter((r) => r.status === 429).length).toBe(25);
        expect((await again.call("GET", "/v1/health", undefined, { creds: good })).status).toBe(200);
        // A key with no use on record (minted by this start) is still refused without a lookup.
        expect((await again.call("GET", "/v1/health", undefined, { creds: again.creds })).status).toBe(429);
      } finally {
        await again.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
