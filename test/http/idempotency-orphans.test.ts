// Resolving unfinished Idempotency-Key claims must never make a write happen twice, however stale
// the resolver's view of a claim: a recovery pass reads every unfinished claim first and resolves
// them one by one afterwards, and meanwhile a write may commit (a dead process's transaction
// whose COMMIT PostgreSQL was still applying; a live request of this process). A release decided
// on that stale view deleted a claim whose write had committed, and the retry wrote it again:
// an alert doubled under `make test-faults` on PostgreSQL when a killed process's alert committed
// just after the next process's start-up pass read its claim (docs/reliability.md). And a live
// process's own orphans (a claim whose end failed with the storage) are resolved by it, instead
// of answering 409 until it restarts.
import { expect, test } from "bun:test";
import { hostname } from "node:os";
import type { IdempotencyRef, ResourceRef } from "../../src/domain/idempotency.ts";
import { fingerprintOf, Idempotency } from "../../src/http/idempotency.ts";
import type { RequestState } from "../../src/http/request-state.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { IdempotencyClaimLostError, type IdempotencyRecord, type ReportRecord } from "../../src/store/types.ts";

const ACCT = "acct";
const KEY = "k";
const DEAD_OWNER = `${hostname()}:999999999:abcd1234`;

function setup() {
  let now = Date.parse("2026-01-01T00:00:00Z");
  const clock = { now: () => now, monotonic: () => now };
  const store = SqliteStore.open({ path: ":memory:", synchronous: "FULL", busy_timeout_ms: 100 });
  // The response of a committed report, as idempotency-recovery.ts rebuilds it.
  const rebuild = async (accountId: string, resource: ResourceRef) => {
    const report = await store.reports.get(accountId, resource.slice("report:".length));
    return report ? { status: 202, headers: { "content-type": "application/json" }, body: JSON.stringify({ id: report.id }) } : null;
  };
  const idem = new Idempotency(store.idempotency, clock, { retentionMs: 86_400_000, leaseMs: 5_000, rebuild });
  return { store, idem, advance: (ms: number) => (now += ms), at: () => new Date(now).toISOString() };
}

function report(n: number): ReportRecord {
  return {
    id: `rpt_${n}`, account_id: ACCT, type: "alerts", format: "json", status: "queued", period_from: null, period_to: null, connector: null,
    module: null, progress_processed: 0, progress_total: null, summary: null, file: null, bytes: null, error_code: null, error_message: null,
    attempts: 0, runner: null, lease_until: null, created_by_key: null, created_at: "2026-01-01T00:00:00.000Z", started_at: null, completed_at: null,
  };
}

/** A POST /v1/reports with Idempotency-Key "k", through `begin` as the pipeline calls it: a replay, or undefined once it holds the claim. */
async function post(idem: Idempotency) {
  const state = { auth: { account: { id: ACCT } }, raw: new TextEncoder().encode("{}"), headers: {} } as unknown as RequestState;
  const request = new Request("http://assay/v1/reports", { method: "POST", headers: { "idempotency-key": KEY } });
  const replay = await idem.begin(request, state, "/v1/reports");
  return { state, replay };
}

/** The claim a request's write names (what claimOf gives the route). */
function claimOf(state: RequestState): IdempotencyRef {
  return { account_id: ACCT, key: KEY, ...state.idempotency } as IdempotencyRef;
}

/** Runs `meanwhile` right after the next recovery pass has read the unfinished claims, before it resolves them. */
function afterNextRead(store: SqliteStore, meanwhile: () => Promise<void>) {
  const read = store.idempotency.unfinished.bind(store.idempotency);
  store.idempotency.unfinished = async (limit: number) => {
    store.idempotency.unfinished = read;
    const seen: IdempotencyRecord[] = await read(limit);
    await meanwhile();
    return seen;
  };
}

async function reportsWritten(store: SqliteStore) {
  let n = 0;
  for (let i = 0; i < 10; i++) if (await store.reports.get(ACCT, `rpt_${i}`)) n++;
  return n;
}

test("a dead process's write that commits after the recovery pass read its claim: the claim is completed from it, not released", async () => {
  const { store, idem, at } = setup();
  const token = "dead-claim";
  const created = at();
  expect((await store.idempotency.claim({ account_id: ACCT, key: KEY, fingerprint: fingerprintOf("POST", "/v1/reports", new TextEncoder().encode("{}")), status: 0, headers: {}, body: "", created_at: created, expires_at: "2026-01-02T00:00:00.000Z", owner: DEAD_OWNER, lease_until: created, token })).claimed).toBe(true);
  // PostgreSQL applies a COMMIT the killed process sent just before it died, after the read.
  afterNextRead(store, () => store.reports.create(report(1), { account_id: ACCT, key: KEY, token }).then(() => undefined));
  await idem.recover();
  expect(await store.idempotency.get(ACCT, KEY)).toMatchObject({ status: 202, resource: "report:rpt_1" });
  const retry = await post(idem);
  expect(retry.replay?.headers.get("idempotent-replayed")).toBe("true");
  expect(await retry.replay!.json()).toEqual({ id: "rpt_1" });
  expect(await reportsWritten(store)).toBe(1);
  store.close();
});

test("a live request's claim whose write committed but whose answer could not be stored: its owner completes it, even from a stale view, and the retry replays", async () => {
  const { store, idem } = setup();
  const first = await post(idem);
  expect(first.replay).toBeUndefined();
  // The recovery pass reads the claim while the request runs (no resource yet); then the request's
  // write commits and storing its answer fails with the storage, so the claim is left behind.
  afterNextRead(store, async () => {
    await store.reports.create(report(1), claimOf(first.state));
    const complete = store.idempotency.complete;
    store.idempotency.complete = () => Promise.reject(new Error("storage unavailable"));
    await expect(idem.complete(first.state, 202, { "content-type": "application/json" }, '{"id":"rpt_1"}')).rejects.toThrow("storage unavailable");
    store.idempotency.complete = complete;
  });
  await idem.recover();
  const retry = await post(idem);
  expect(retry.replay?.headers.get("idempotent-replayed")).toBe("true");
  expect(await retry.replay!.json()).toEqual({ id: "rpt_1" });
  expect(await reportsWritten(store)).toBe(1);
  idem.stop();
  store.close();
});

test("a live request's claim whose release failed with the storage: its owner releases it, and the retry runs once", async () => {
  const { store, idem } = setup();
  const first = await post(idem);
  const held = (await store.idempotency.get(ACCT, KEY))!;
  expect(held.owner).toBe(idem.owner);
  expect(idem.isAbandoned(held)).toBe(false);
  const release = store.idempotency.release;
  store.idempotency.release = () => Promise.reject(new Error("storage unavailable"));
  await expect(idem.abandon(first.state)).rejects.toThrow("storage unavailable");
  store.idempotency.release = release;
  const left = (await store.idempotency.get(ACCT, KEY))!;
  expect(left.status).toBe(0);
  expect(idem.isAbandoned(left)).toBe(true);
  expect(await idem.recover()).toEqual({ completed: 0, released: 1 });
  const retry = await post(idem);
  expect(retry.replay).toBeUndefined();
  await store.reports.create(report(2), claimOf(retry.state));
  expect(await reportsWritten(store)).toBe(1);
  idem.stop();
  store.close();
});

test("a request whose claim was released while it ran (taken for abandoned): its write is refused, nothing is written", async () => {
  const { store, idem } = setup();
  const first = await post(idem);
  const claim = (await store.idempotency.get(ACCT, KEY))!;
  // Another node whose view says the claim is abandoned (its lease ran out) releases it.
  expect(await store.idempotency.release(ACCT, KEY, { token: claim.token!, owner: claim.owner! })).toBe(true);
  const second = await post(idem);
  expect(second.replay).toBeUndefined();
  await expect(store.reports.create(report(1), claimOf(first.state))).rejects.toBeInstanceOf(IdempotencyClaimLostError);
  await store.reports.create(report(2), claimOf(second.state));
  expect(await reportsWritten(store)).toBe(1);
  idem.stop();
  store.close();
});

test("a claim of this process's running request is never resolved by a recovery pass", async () => {
  const { store, idem } = setup();
  const first = await post(idem);
  expect(await idem.recover()).toEqual({ completed: 0, released: 0 });
  await store.reports.create(report(1), claimOf(first.state));
  await idem.complete(first.state, 202, {}, '{"id":"rpt_1"}');
  expect((await store.idempotency.get(ACCT, KEY))!.status).toBe(202);
  idem.stop();
  store.close();
});
