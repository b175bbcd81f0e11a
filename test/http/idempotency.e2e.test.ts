// Idempotency-Key on POST over real HTTP (docs/api.md, "Idempotency"), exercised through POST /v1/alerts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const alert = (title = "Price below contract on INV-1") => ({ title, severity: "high" });
const withKey = (key: string) => ({ headers: { "idempotency-key": key } });

async function alertCount(creds = s.creds) {
  const r = await s.call("GET", "/v1/alerts?limit=100", undefined, { creds });
  return ((await r.json()) as { data: unknown[] }).data.length;
}

describe("Idempotency-Key", () => {
  test("a replay returns the first response byte for byte, marked Idempotent-Replayed", async () => {
    const first = await s.call("POST", "/v1/alerts", alert(), withKey("k-replay"));
    expect(first.status).toBe(201);
    const firstBody = await first.text();
    const again = await s.call("POST", "/v1/alerts", alert(), withKey("k-replay"));
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await again.text()).toBe(firstBody);
    expect(again.headers.get("request-id")).not.toBe(first.headers.get("request-id"));
  });

  test("20 parallel POSTs with one key create one resource; every success is identical", async () => {
    const creds = await s.newAccount("enterprise");
    const responses = await Promise.all(Array.from({ length: 20 }, () => s.call("POST", "/v1/alerts", alert("parallel"), { ...withKey("k-par"), creds })));
    const statuses = responses.map((r) => r.status);
    for (const st of statuses) expect([201, 409]).toContain(st);
    const bodies = new Set(await Promise.all(responses.filter((r) => r.status === 201).map((r) => r.text())));
    expect(bodies.size).toBe(1);
    for (const r of responses.filter((r) => r.status === 409)) {
      expect(((await r.json()) as { code: string }).code).toBe("idempotency_in_progress");
    }
    expect(await alertCount(creds)).toBe(1);
    // Once the first has finished, every retry replays it.
    const later = await s.call("POST", "/v1/alerts", alert("parallel"), { ...withKey("k-par"), creds });
    expect(later.status).toBe(201);
    expect(bodies.has(await later.text())).toBe(true);
  });

  test("the same key with a different body → 422 idempotency_key_reused", async () => {
    expect((await s.call("POST", "/v1/alerts", alert("one"), withKey("k-reuse"))).status).toBe(201);
    const r = await s.call("POST", "/v1/alerts", alert("two"), withKey("k-reuse"));
    expect(r.status).toBe(422);
    expect(((await r.json()) as { code: string }).code).toBe("idempotency_key_reused");
  });

  test("keys are scoped to the account", async () => {
    const other = await s.newAccount();
    const mine = await s.call("POST", "/v1/alerts", alert(), withKey("k-scope"));
    const theirs = await s.call("POST", "/v1/alerts", alert(), { ...withKey("k-scope"), creds: other });
    expect(theirs.status).toBe(201);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(((await theirs.json()) as { id: string }).id).not.toBe(((await mine.json()) as { id: string }).id);
  });

  test("nothing is stored for a request that fails authentication or validation", async () => {
    const bad = await s.call("POST", "/v1/alerts", alert(), { ...withKey("k-fail"), signature: "00".repeat(32) });
    expect(bad.status).toBe(401);
    const invalid = await s.call("POST", "/v1/alerts", { title: "" , severity: "nope" }, withKey("k-fail"));
    expect(invalid.status).toBe(422);
    const good = await s.call("POST", "/v1/alerts", alert("after failures"), withKey("k-fail"));
    expect(good.status).toBe(201);
    expect(good.headers.get("idempotent-replayed")).toBeNull();
  });

  test("an over-long key → 400 invalid_request", async () => {
    const r = await s.call("POST", "/v1/alerts", alert(), withKey("k".repeat(256)));
    expect(r.status).toBe(400);
    expect(((await r.json()) as { code: string }).code).toBe("invalid_request");
  });

  // A header's value is bytes: a key in UTF-8 is measured in them (seventeenth attack pass: 128
  // "é" were refused as more than "255 characters"). The detail says bytes and how many.
  test("a key is 1 to 255 bytes: 127 é in UTF-8 are 254 (201), 128 are 256 (400 naming bytes)", async () => {
    const utf8 = (s: string) => String.fromCharCode(...new TextEncoder().encode(s)); // the bytes on the wire
    const fits = await s.call("POST", "/v1/alerts", alert("127 e-acute"), withKey(utf8("é".repeat(127))));
    expect(fits.status).toBe(201);
    const over = await s.call("POST", "/v1/alerts", alert("128 e-acute"), withKey(utf8("é".repeat(128))));
    expect(over.status).toBe(400);
    const body = (await over.json()) as { code: string; detail: string };
    expect(body.code).toBe("invalid_request");
    expect(body.detail).toBe("Idempotency-Key must be 1 to 255 bytes (got 256; a character outside ASCII is 2 to 4 in UTF-8)");
  });

  test("a replay survives a restart: the first response is in the database", async () => {
    const dir = s.dir;
    const first = await startTestServer("", { dir: `${dir}-restart` }).catch(() => undefined);
    if (!first) throw new Error("could not start");
    const created = await first.call("POST", "/v1/alerts", alert("durable"), withKey("k-restart"));
    const body = await created.text();
    const creds = first.creds;
    await first.stop();
    const second = await startTestServer("", { dir: `${dir}-restart` });
    try {
      const replay = await second.call("POST", "/v1/alerts", alert("durable"), { ...withKey("k-restart"), creds });
      expect(replay.headers.get("idempotent-replayed")).toBe("true");
      expect(await replay.text()).toBe(body);
    } finally {
      await second.stop();
    }
  });
});
