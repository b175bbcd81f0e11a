// Who may resolve an unfinished Idempotency-Key claim: a claim of a live process is left alone
// while its lease runs (the owner renews it); a dead owner on this host, or this pid under an
// earlier boot nonce, is resolved at once; an owner elsewhere once its lease has run out. (This
// process's own claims: test/http/idempotency-orphans.test.ts.)
import { expect, test } from "bun:test";
import { hostname } from "node:os";
import { Idempotency } from "../../src/http/idempotency.ts";
import type { RequestState } from "../../src/http/request-state.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";

function setup() {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const clock = { now: () => now, monotonic: () => now };
  const store = SqliteStore.open({ path: ":memory:", synchronous: "FULL", busy_timeout_ms: 100 });
  const idem = new Idempotency(store.idempotency, clock, { retentionMs: 86_400_000, leaseMs: 5_000, rebuild: async () => null });
  const claim = (owner: string, leaseMs = 5_000) => ({
    account_id: "acct",
    key: "k",
    fingerprint: "f",
    status: 0,
    headers: {},
    body: "",
    created_at: new Date(now).toISOString(),
    expires_at: new Date(now + 86_400_000).toISOString(),
    owner,
    lease_until: new Date(now + leaseMs).toISOString(),
  });
  return { store, idem, claim, advance: (ms: number) => (now += ms), at: () => new Date(now).toISOString() };
}

test("an owner on another host: left alone during its lease, resolved after", () => {
  const { idem, claim, advance } = setup();
  const c = claim("elsewhere:123:abcd1234");
  advance(4_000);
  expect(idem.isAbandoned(c)).toBe(false);
  advance(2_000);
  expect(idem.isAbandoned(c)).toBe(true);
});

test("a dead pid on this host, or this pid under another boot nonce: resolved at once", () => {
  const { idem, claim } = setup();
  expect(idem.isAbandoned(claim(`${hostname()}:999999999:abcd1234`))).toBe(true);
  expect(idem.isAbandoned(claim(`${hostname()}:${process.pid}:00000000`))).toBe(true);
});

test("the owner's heartbeat renews the leases of its running requests' claims", async () => {
  const { store, idem, advance } = setup();
  const state = { auth: { account: { id: "acct" } }, raw: new TextEncoder().encode("{}"), headers: {} } as unknown as RequestState;
  const request = new Request("http://assay/v1/alerts", { method: "POST", headers: { "idempotency-key": "k" } });
  expect(await idem.begin(request, state, "/v1/alerts")).toBeUndefined();
  advance(4_000);
  await idem.recover();
  const renewed = (await store.idempotency.get("acct", "k"))!;
  advance(4_000);
  expect(Date.parse(renewed.lease_until!)).toBeGreaterThan(Date.parse("2026-01-01T00:00:08Z"));
  expect(renewed.status).toBe(0);
  idem.stop();
  store.close();
});
