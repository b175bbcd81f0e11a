// The repository contract: the same tests against the embedded SQLite store and PostgreSQL
// (a fresh database per run), so both drivers behave alike for every caller.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { join } from "node:path";
import { firstIdAt, newId } from "../../src/domain/ids.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import {
  ActiveAlertExistsError,
  type AlertEventRecord,
  IdempotencyClaimLostError,
  type AlertRecord,
  type OutboxMessage,
  type ReportRecord,
  type Store,
} from "../../src/store/types.ts";
import { makeTempDir } from "../support/harness.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";

const drivers: { name: string; open: () => Promise<{ store: Store; done: () => Promise<void> }> }[] = [
  {
    name: "sqlite",
    open: async () => {
      const store = SqliteStore.open({ path: join(makeTempDir(), "c.db"), synchronous: "NORMAL", busy_timeout_ms: 1000 });
      return { store, done: async () => store.close() };
    },
  },
];
if (await postgresAvailable()) {
  drivers.push({
    name: "postgres",
    open: async () => {
      const db: TestDatabase = await createTestDatabase();
      const store = new PostgresStore({ url: db.url, pool: 4 });
      await store.migrate();
      return {
        store,
        done: async () => {
          await store.close();
          await db.drop();
        },
      };
    },
  });
}

const T0 = "2026-01-01T00:00:00.000Z";
const at = (s: number) => new Date(Date.parse(T0) + s * 1000).toISOString();

function alert(accountId: string, extra: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id: newId("alrt"), account_id: accountId, status: "open", severity: "high", title: "t", description: null, source: "api",
    connector: "c", module: null, transaction_id: null, analysis_id: null, risk_score: 0.75, anomalies: [{ code: "x" }],
    metadata: { k: "v" }, resolution: null, dedupe_key: null, created_by_key: null, created_at: T0, updated_at: T0,
    acknowledged_at: null, resolved_at: null, dismissed_at: null, ...extra,
  };
}
function event(a: AlertRecord, extra: Partial<AlertEventRecord> = {}): AlertEventRecord {
  return {
    id: newId("evt"), alert_id: a.id, account_id: a.account_id, type: "created", from_status: null, to_status: "open",
    resolution: null, note: null, changes: {}, actor_type: "system", actor_key: null, actor_account: null, created_at: T0, ...extra,
  };
}
const outboxFor = (target: string) => (a: AlertRecord, e: AlertEventRecord): OutboxMessage[] => [
  {
    id: newId("whk"), event_id: e.id, event_type: `alert.${e.type}`, target, payload: JSON.stringify({ alert: a.id }),
    status: "pending", attempts: 0, next_attempt_at: T0, last_error: null, last_status: null, created_at: T0, delivered_at: null,
  },
];
function report(accountId: string, extra: Partial<ReportRecord> = {}): ReportRecord {
  return {
    id: newId("rpt"), account_id: accountId, type: "risk_summary", format: "json", status: "queued", period_from: null,
    period_to: null, connector: null, module: null, progress_processed: 0, progress_total: null, summary: null, file: null,
    bytes: null, error_code: null, error_message: null, attempts: 0, runner: null, lease_until: null, created_by_key: null, created_at: T0,
    started_at: null, completed_at: null, ...extra,
  };
}

for (const driver of drivers) {
  describe(`store contract: ${driver.name}`, () => {
    let store: Store;
    let done: () => Promise<void>;
    let acct: string;
    beforeAll(async () => {
      ({ store, done } = await driver.open());
      acct = newId("acct");
      await store.accounts.create({ id: acct, name: "A", plan: "standard", created_at: T0 });
    });
    afterAll(() => done());

    test("migrations: every one applied, none pending", async () => {
      const states = await store.migrations();
      expect(states.length).toBeGreaterThan(0);
      expect(states.every((s) => s.applied_at !== null)).toBe(true);
      expect(await store.migrate()).toEqual([]);
      await store.ping();
    });

    test("accounts: create, get, list in id order, set plan", async () => {
      const b = await store.accounts.create({ id: `${acct}z`, name: "B", plan: "free", created_at: T0 });
      expect(await store.accounts.get(b.id)).toEqual(b);
      expect(await store.accounts.get("acct_missing")).toBeNull();
      const ids = (await store.accounts.list()).map((a) => a.id);
      expect(ids).toEqual([...ids].sort());
      expect((await store.accounts.setPlan(b.id, "pro"))!.plan).toBe("pro");
      expect(await store.accounts.setPlan("acct_missing", "pro")).toBeNull();
    });

    test("api keys: secret bytes round-trip, revoke keeps the first time", async () => {
      const secret = new Uint8Array([0, 1, 2, 255, 128, 7]);
      const key = {
        id: newId("key"), account_id: acct, name: null, prefix: "ak_live_ab", key_hash: `h${newId("key")}`, secret_enc: secret,
        created_at: T0, expires_at: null, revoked_at: null, rotated_to: null,
      };
      await store.apiKeys.create(key);
      const found = await store.apiKeys.findByHash(key.key_hash);
      expect(found).toEqual({ ...key, last_used_at: null });
      expect(found!.secret_enc).toBeInstanceOf(Uint8Array);
      expect(Array.from(found!.secret_enc)).toEqual(Array.from(secret));
      expect((await store.apiKeys.revoke(key.id, at(10)))!.revoked_at).toBe(at(10));
      expect((await store.apiKeys.revoke(key.id, at(20)))!.revoked_at).toBe(at(10));
      expect((await store.apiKeys.list(acct)).map((k) => k.id)).toEqual([key.id]);
      await expect(store.apiKeys.create({ ...key, id: newId("key") })).rejects.toThrow();
    });

    test("api keys: rotate replaces a key once, atomically; a revoked key is not replaced", async () => {
      const key = (id: string) => ({
        id, account_id: acct, name: null, prefix: "ak_live_ab", key_hash: `h${id}`, secret_enc: new Uint8Array([1]),
        created_at: T0, expires_at: null, revoked_at: null, rotated_to: null,
      });
      const old = key(newId("key"));
      await store.apiKeys.create(old);
      const successors = Array.from({ length: 6 }, () => key(newId("key")));
      const outcomes = await Promise.all(successors.map((s) => store.apiKeys.rotate(old.id, s, at(30))));
      const winners = outcomes.flatMap((o, i) => (o ? [successors[i]!.id] : []));
      expect(winners).toHaveLength(1);
      expect(await store.apiKeys.get(old.id)).toMatchObject({ rotated_to: winners[0], expires_at: at(30) });
      const stored = new Set((await store.apiKeys.list(acct)).map((k) => k.id));
      expect(successors.filter((s) => stored.has(s.id)).map((s) => s.id)).toEqual(winners);

      const early = { ...key(newId("key")), expires_at: at(10) };
      await store.apiKeys.create(early);
      expect((await store.apiKeys.rotate(early.id, key(newId("key")), at(40)))!.expires_at).toBe(at(10)); // keeps the earlier time
      const revoked = key(newId("key"));
      await store.apiKeys.create(revoked);
      await store.apiKeys.revoke(revoked.id, at(5));
      const orphan = key(newId("key"));
      expect(await store.apiKeys.rotate(revoked.id, orphan, at(50))).toBeNull();
      expect(await store.apiKeys.get(orphan.id)).toBeNull();
      expect(await store.apiKeys.rotate("key_missing", key(newId("key")), at(50))).toBeNull();
    });

    test("idempotency: one claim wins among concurrent ones; live keys replay, expired ones are taken again", async () => {
      const rec = { account_id: acct, key: "k1", fingerprint: "f", status: 0, headers: {}, body: "", created_at: at(0), expires_at: at(100) };
      const claims = Array.from({ length: 8 }, (_, i) => ({ ...rec, token: `t${i}` }));
      const outcomes = await Promise.all(claims.map((c) => store.idempotency.claim(c)));
      expect(outcomes.filter((o) => o.claimed).length).toBe(1);
      const winner = (await store.idempotency.get(acct, "k1"))!.token!;
      await store.idempotency.complete(acct, "k1", { token: winner, owner: null }, 201, { "content-type": "application/json" }, '{"a":1}');
      const again = await store.idempotency.claim({ ...rec, created_at: at(5) });
      expect(again).toMatchObject({ claimed: false, existing: { ...rec, status: 201, headers: { "content-type": "application/json" }, body: '{"a":1}' } });
      expect((await store.idempotency.claim({ ...rec, fingerprint: "g", created_at: at(100), expires_at: at(200), token: "t-late" })).claimed).toBe(true);
      expect(await store.idempotency.release(acct, "k1", { token: "t-late", owner: null })).toBe(true);
      expect((await store.idempotency.claim({ ...rec, created_at: at(101), expires_at: at(200) })).claimed).toBe(true);
      expect(await store.idempotency.purgeExpired(at(300))).toBeGreaterThanOrEqual(1);
    });

    test("idempotency: owners, tokens, unfinished claims, and the resource a write records on its claim", async () => {
      const rec = { account_id: acct, key: "k-owned", fingerprint: "f", status: 0, headers: {}, body: "", created_at: at(0), expires_at: at(100), owner: "node-a", lease_until: at(30), token: "tok-a" };
      expect((await store.idempotency.claim(rec)).claimed).toBe(true);
      expect((await store.idempotency.unfinished(100)).map((r) => r.key)).toContain("k-owned");
      // A write naming another claim of the key (another token) is refused, and rolls back.
      const stray = report(acct);
      await expect(store.reports.create(stray, { account_id: acct, key: "k-owned", token: "tok-other" })).rejects.toBeInstanceOf(IdempotencyClaimLostError);
      expect(await store.reports.get(acct, stray.id)).toBeNull();
      const r = report(acct);
      await store.reports.create(r, { account_id: acct, key: "k-owned", token: "tok-a" });
      expect(await store.idempotency.get(acct, "k-owned")).toMatchObject({ owner: "node-a", lease_until: at(30), resource: `report:${r.id}`, token: "tok-a" });
      // A claim points at one write: a second one naming it is refused.
      await expect(store.reports.create(report(acct), { account_id: acct, key: "k-owned", token: "tok-a" })).rejects.toBeInstanceOf(IdempotencyClaimLostError);
      // The owner's heartbeat extends its own unfinished claims only.
      await store.idempotency.renew("node-b", at(90));
      expect((await store.idempotency.get(acct, "k-owned"))!.lease_until).toBe(at(30));
      await store.idempotency.renew("node-a", at(60));
      expect((await store.idempotency.get(acct, "k-owned"))!.lease_until).toBe(at(60));
      // A release never drops a claim whose write committed, nor another holder's.
      expect(await store.idempotency.release(acct, "k-owned", { token: "tok-a", owner: "node-a" })).toBe(false);
      expect(await store.idempotency.release(acct, "k-owned", { token: "tok-b", owner: "node-a" }, `report:${r.id}`)).toBe(false);
      expect(await store.idempotency.get(acct, "k-owned")).not.toBeNull();
      await store.idempotency.complete(acct, "k-owned", { token: "tok-a", owner: "node-b" }, 202, {}, "{}");
      expect((await store.idempotency.get(acct, "k-owned"))!.status).toBe(0);
      await store.idempotency.complete(acct, "k-owned", { token: "tok-a", owner: "node-a" }, 202, {}, "{}");
      expect(await store.idempotency.get(acct, "k-owned")).toMatchObject({ status: 202, owner: null });
      await store.reports.delete(r.id);
    });

    test("idempotency: a claim whose recorded resource is gone is released by naming that resource", async () => {
      const rec = { account_id: acct, key: "k-gone", fingerprint: "f", status: 0, headers: {}, body: "", created_at: at(0), expires_at: at(100), owner: "node-a", lease_until: at(30), token: "tok-g" };
      expect((await store.idempotency.claim(rec)).claimed).toBe(true);
      const r = report(acct);
      await store.reports.create(r, { account_id: acct, key: "k-gone", token: "tok-g" });
      await store.reports.delete(r.id);
      expect(await store.idempotency.release(acct, "k-gone", { token: "tok-g", owner: "node-a" }, `report:${r.id}`)).toBe(true);
      expect(await store.idempotency.get(acct, "k-gone")).toBeNull();
    });

    test("idempotency: an analysis whose claim is gone is refused alone; the write beside it in the same group commits", async () => {
      // An account of its own: the analyses tests below count this account's analyses.
      const other = `${acct}_claims`;
      const rec = { account_id: other, key: "k-group", fingerprint: "f", status: 0, headers: {}, body: "", created_at: at(0), expires_at: at(100), owner: "node-a", lease_until: at(30), token: "tok-live" };
      expect((await store.idempotency.claim(rec)).claimed).toBe(true);
      const analysisOf = (id: string) => ({
        id, account_id: other, connector: "c", module: "m", transaction_id: null, customer_id: null, risk_score: 0, risk_level: "low",
        amount_at_risk: 0, currency: null, anomaly_codes: [], transactions_analyzed: 1, alert_id: null, created_at: at(0), result: {},
      });
      const [lost, live] = [newId("anl"), newId("anl")];
      const outcomes = await Promise.allSettled([
        store.analyses.insert(analysisOf(lost), { account_id: other, key: "k-group", token: "tok-released" }),
        store.analyses.insert(analysisOf(live), { account_id: other, key: "k-group", token: "tok-live" }),
      ]);
      expect(outcomes[0]).toMatchObject({ status: "rejected", reason: expect.any(IdempotencyClaimLostError) });
      expect(outcomes[1]!.status).toBe("fulfilled");
      expect(await store.analyses.get(other, lost)).toBeNull();
      expect((await store.analyses.get(other, live))?.id).toBe(live);
      expect((await store.idempotency.get(other, "k-group"))!.resource).toBe(`analysis:${live}`);
    });

    test("analyses: iterate in id order with filters, numbers and JSON intact", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = newId("anl");
        ids.push(id);
        await store.analyses.insert({
          id, account_id: acct, connector: i % 2 ? "odd" : "even", module: "m", transaction_id: `t${i}`, customer_id: null,
          risk_score: 0.1 + i / 10, risk_level: "low", amount_at_risk: 1234.56 + i, currency: "EUR", anomaly_codes: ["a", "b"],
          transactions_analyzed: i, alert_id: null, created_at: at(i), result: { n: i, nested: { ok: true } },
        });
      }
      const all = [];
      for await (const a of store.analyses.iterate(acct)) all.push(a);
      expect(all.map((a) => a.id)).toEqual(ids);
      expect(all[2]!.risk_score).toBeCloseTo(0.3, 10);
      expect(all[2]!.amount_at_risk).toBe(1236.56);
      expect(all[2]!.anomaly_codes).toEqual(["a", "b"]);
      expect(all[2]!.result).toEqual({ n: 2, nested: { ok: true } });
      expect(await store.analyses.get(acct, ids[2]!)).toEqual(all[2]!);
      expect(await store.analyses.get("acct_other", ids[2]!)).toBeNull();
      const filtered = [];
      for await (const a of store.analyses.iterate(acct, { connector: "odd", from: at(2), to: at(4) })) filtered.push(a.transaction_id);
      expect(filtered).toEqual(["t3"]);
    });

    test("analyses: purgeBefore deletes the analyses made before an id's time, a batch at a time", async () => {
      const owner = "acct_purge";
      const day = 86_400_000;
      const now = Date.now();
      // Ids of past times (newId never goes back in time within a process: its ids are monotonic).
      const made = [40, 35, 33, 1].map((daysAgo, i) => `${firstIdAt("anl", now - daysAgo * day)}${String(i).padStart(16, "0")}`);
      for (const [i, id] of made.entries()) {
        await store.analyses.insert({
          id, account_id: owner, connector: "c", module: "m", transaction_id: `p${i}`, customer_id: null,
          risk_score: 0, risk_level: "low", amount_at_risk: 0, currency: null, anomaly_codes: [],
          transactions_analyzed: 1, alert_id: null, created_at: new Date(now - [40, 35, 33, 1][i]! * day).toISOString(), result: {},
        });
      }
      const before = firstIdAt("anl", now - 31 * day);
      expect(await store.analyses.purgeBefore(before, 2)).toBe(2);
      expect(await store.analyses.purgeBefore(before, 2)).toBe(1);
      expect(await store.analyses.purgeBefore(before, 2)).toBe(0);
      const left = [];
      for await (const a of store.analyses.iterate(owner)) left.push(a.id);
      expect(left).toEqual([made[3]!]);
    });

    test("alerts: create with event and outbox, list newest first with a cursor, change, history", async () => {
      const made: AlertRecord[] = [];
      for (let i = 0; i < 3; i++) {
        const a = alert(acct, { severity: i === 1 ? "low" : "high" });
        made.push(await store.alerts.create(a, event(a), outboxFor("hook")));
      }
      expect(await store.alerts.get(acct, made[0]!.id)).toEqual(made[0]!);
      expect(await store.alerts.get("acct_other", made[0]!.id)).toBeNull();
      const page1 = await store.alerts.list({ account_id: acct, limit: 2 });
      expect(page1.data.map((a) => a.id)).toEqual([made[2]!.id, made[1]!.id]);
      expect(page1.has_more).toBe(true);
      const page2 = await store.alerts.list({ account_id: acct, limit: 2, starting_after: made[1]!.id });
      expect(page2.data.map((a) => a.id)).toEqual([made[0]!.id]);
      expect((await store.alerts.list({ account_id: acct, severity: "low", limit: 10 })).data.map((a) => a.id)).toEqual([made[1]!.id]);
      // Each filter with the cursor (the query names only the filters given), and across accounts.
      expect((await store.alerts.list({ account_id: acct, severity: "high", starting_after: made[2]!.id, limit: 10 })).data.map((a) => a.id)).toEqual([made[0]!.id]);
      expect((await store.alerts.list({ account_id: acct, status: "open", starting_after: made[1]!.id, limit: 10 })).data.map((a) => a.id)).toEqual([made[0]!.id]);
      expect((await store.alerts.list({ account_id: acct, status: "resolved", limit: 10 })).data).toEqual([]);
      expect((await store.alerts.list({ account_id: acct, since: made[0]!.created_at, starting_after: made[2]!.id, limit: 10 })).data.map((a) => a.id)).toEqual([made[1]!.id, made[0]!.id]);
      expect((await store.alerts.list({ starting_after: made[1]!.id, limit: 100 })).data.map((a) => a.id)).toContain(made[0]!.id);
      expect((await store.alerts.list({ account_id: "acct_other", limit: 10 })).data).toEqual([]);

      const target = made[0]!;
      const changed = await store.alerts.change(
        acct,
        target.id,
        (cur) => ({
          ok: true,
          patch: { status: "resolved", resolution: "fixed", resolved_at: at(5), updated_at: at(5), metadata: { ...cur.metadata, n: 1 } },
          event: event(cur, { type: "status_changed", from_status: "open", to_status: "resolved", created_at: at(5) }),
        }),
        outboxFor("hook"),
      );
      expect(changed!.status).toBe("resolved");
      expect((await store.alerts.get(acct, target.id))!.metadata).toEqual({ k: "v", n: 1 });
      const refused = store.alerts.change(acct, target.id, () => ({ ok: false, error: new Error("no") }), outboxFor("hook"));
      await expect(refused).rejects.toThrow("no");
      expect(await store.alerts.change(acct, "alrt_missing", () => ({ ok: false, error: new Error("x") }), outboxFor("h"))).toBeNull();
      const history = await store.alerts.events(acct, target.id, { limit: 10 });
      expect(history.data.map((e) => e.type)).toEqual(["created", "status_changed"]);
      expect((await store.outbox.list({ target: "hook" })).length).toBe(4);
    });

    test("alerts: concurrent open-or-refresh of one dedupe key opens exactly one", async () => {
      const results = await Promise.all(
        Array.from({ length: 6 }, () => {
          const a = alert(acct, { source: "analysis", dedupe_key: "c:tx-1" });
          return store.alerts.openOrRefresh(a, () => ({ alert: a, event: event(a) }), (cur) => ({
            patch: { risk_score: 0.9, updated_at: at(9) },
            event: event(cur, { type: "updated" }),
          }), outboxFor("dedupe"));
        }),
      );
      expect(results.filter((r) => r.created).length).toBe(1);
      expect(new Set(results.map((r) => r.alert?.id)).size).toBe(1);
      const other = alert(acct, { source: "analysis", dedupe_key: "c:tx-1", status: "dismissed" });
      await store.alerts.create(other, event(other), outboxFor("dedupe"));
      const reopen = store.alerts.change(
        acct,
        other.id,
        (cur) => ({ ok: true, patch: { status: "open" }, event: event(cur, { type: "status_changed" }) }),
        outboxFor("dedupe"),
      );
      await expect(reopen).rejects.toBeInstanceOf(ActiveAlertExistsError);
      const seen = [];
      for await (const a of store.alerts.iterate(acct, {})) seen.push(a.id);
      expect(seen).toEqual([...seen].sort());
    });

    test("alerts: re-analyses that change nothing record their analysis on the active alert, concurrently; after resolution a new alert opens", async () => {
      const record = (i: number) => ({
        record: {
          id: newId("anl"), account_id: acct, connector: "c", module: "m", transaction_id: "tx-same", customer_id: null,
          risk_score: 80, risk_level: "high" as const, amount_at_risk: 10, currency: "EUR", anomaly_codes: ["a"],
          transactions_analyzed: 1, alert_id: null, created_at: at(20 + i), result: { n: i },
        },
      });
      const unchanged = () => null;
      const first = alert(acct, { source: "analysis", dedupe_key: "c:tx-same" });
      const opened = await store.alerts.openOrRefresh(first, () => ({ alert: first, event: event(first) }), unchanged, outboxFor("same"), record(0));
      expect(opened.created).toBe(true);
      const before = await store.alerts.get(acct, opened.alert!.id);
      const again = await Promise.all(
        Array.from({ length: 8 }, (_, i) => {
          const a = alert(acct, { source: "analysis", dedupe_key: "c:tx-same" });
          return store.alerts.openOrRefresh(a, () => ({ alert: a, event: event(a) }), unchanged, outboxFor("same"), record(i + 1));
        }),
      );
      expect(again.every((r) => !r.created && r.alert?.id === opened.alert!.id)).toBe(true);
      expect(await store.alerts.get(acct, opened.alert!.id)).toEqual(before); // no change, no event
      expect((await store.alerts.events(acct, opened.alert!.id, { limit: 10 })).data.map((e) => e.type)).toEqual(["created"]);
      const recorded = [];
      for await (const a of store.analyses.iterate(acct, { connector: "c" })) recorded.push(a);
      expect(recorded.length).toBe(9);
      expect(recorded.every((a) => a.alert_id === opened.alert!.id && (a.result as { alert_id?: string }).alert_id === opened.alert!.id)).toBe(true);

      await store.alerts.change(acct, opened.alert!.id, (cur) => ({ ok: true, patch: { status: "resolved", resolution: "fixed", resolved_at: at(40) }, event: event(cur, { type: "status_changed" }) }), outboxFor("same"));
      const next = alert(acct, { source: "analysis", dedupe_key: "c:tx-same" });
      const reopened = await store.alerts.openOrRefresh(next, () => ({ alert: next, event: event(next) }), unchanged, outboxFor("same"), record(9));
      expect(reopened.created).toBe(true);
      expect(reopened.alert!.id).not.toBe(opened.alert!.id);
    });

    test("outbox: the due head of each target, then delivered, retried, dead, purged", async () => {
      const a = alert(acct);
      await store.alerts.create(a, event(a), outboxFor("t1"));
      const b = alert(acct);
      await store.alerts.create(b, event(b), outboxFor("t1"));
      const head = await store.outbox.head("t1");
      const due = (await store.outbox.due(at(1), 100)).filter((m) => m.target === "t1");
      expect(due.map((m) => m.id)).toEqual([head!.id]);
      await store.outbox.retryLater(head!.id, 1, at(60), "boom", 500);
      expect((await store.outbox.due(at(1), 100)).filter((m) => m.target === "t1")).toEqual([]);
      await store.outbox.delivered(head!.id, at(61), 200, 2);
      const got = await store.outbox.get(head!.id);
      expect([got!.status, got!.attempts, got!.last_status, got!.last_error]).toEqual(["delivered", 2, 200, null]);
      const next = await store.outbox.head("t1");
      await store.outbox.dead(next!.id, 5, "gone", null);
      expect((await store.outbox.list({ status: "dead", target: "t1" })).map((m) => m.id)).toEqual([next!.id]);
      expect(await store.outbox.purge(at(1000))).toBeGreaterThanOrEqual(2);
    });

    test("meta: put-if-absent keeps the first value, bytes intact", async () => {
      expect(await store.meta.get("k")).toBeNull();
      const first = new Uint8Array([0, 255, 7]);
      expect(Array.from(await store.meta.putIfAbsent("k", first))).toEqual([0, 255, 7]);
      expect(Array.from(await store.meta.putIfAbsent("k", new Uint8Array([1])))).toEqual([0, 255, 7]);
      expect(Array.from((await store.meta.get("k"))!)).toEqual([0, 255, 7]);
    });

    test("learned models: versions per connector, one active, rollback re-activates the one before", async () => {
      const fit = (id: string) => ({ id, connector: "erp", threshold: 61.5, weights: { revenue_leakage: { x: 0.25 } }, metrics: { auc: 0.9 }, labels: 12, created_at: T0 });
      const v1 = await store.models.activate(fit("lm_1"));
      const v2 = await store.models.activate(fit("lm_2"));
      expect([v1.version, v2.version]).toEqual([1, 2]);
      expect((await store.models.active()).map((m) => [m.id, m.version, m.threshold, m.weights])).toEqual([["lm_2", 2, 61.5, { revenue_leakage: { x: 0.25 } }]]);
      expect((await store.models.rollback("erp"))!.id).toBe("lm_1");
      expect((await store.models.list("erp")).map((m) => [m.version, m.status])).toEqual([[2, "rolled_back"], [1, "active"]]);
      expect(await store.models.rollback("erp")).toBeNull();
      await expect(store.models.rollback("erp")).rejects.toThrow("no learned model");
    });

    test("suppressions: add is idempotent per pattern, matches, lifted with their alert", async () => {
      const r = { id: "sup_1", account_id: acct, connector: "erp", codes: "a,b", entity: "customer:C1", alert_id: "alrt_x", created_at: T0 };
      await store.suppressions.add(r);
      await store.suppressions.add({ ...r, id: "sup_2" });
      expect(await store.suppressions.matches(acct, "erp", "a,b", "customer:C1")).toBe(true);
      expect(await store.suppressions.matches(acct, "erp", "a", "customer:C1")).toBe(false);
      expect((await store.suppressions.list(acct)).map((x) => x.id)).toEqual(["sup_1"]);
      expect((await store.suppressions.list(acct, "other")).length).toBe(0);
      expect(await store.suppressions.removeForAlert("alrt_x")).toBe(1);
    });

    test("alerts: open-or-refresh with a probe: unchanged by the probe records on the alert's id; a change gets the whole alert", async () => {
      const first = alert(acct, { source: "analysis", dedupe_key: "c:tx-probe", risk_score: 50 });
      const record = (id: string) => ({
        record: {
          id, account_id: acct, connector: "c", module: "m", transaction_id: "tx-probe", customer_id: null, risk_score: 50, risk_level: "high" as const,
          amount_at_risk: 1, currency: "EUR", anomaly_codes: [], transactions_analyzed: 1, alert_id: null, created_at: at(60), result: { id },
        },
      });
      const opened = await store.alerts.openOrRefresh(first, () => ({ alert: first, event: event(first) }), () => null, outboxFor("probe"), record("anl_p1"));
      const seen: unknown[] = [];
      const refresh = {
        unchanged: (probe: { id: string; risk_score: number | null }) => {
          seen.push(probe.id);
          return probe.risk_score === 50;
        },
        change: (cur: AlertRecord) => ({ patch: { risk_score: 60, updated_at: at(61) }, event: event(cur, { type: "updated" }) }),
      };
      const same = await store.alerts.openOrRefresh(first, () => { throw new Error("not opened"); }, refresh, outboxFor("probe"), record("anl_p2"));
      expect(same.id).toBe(opened.id!);
      expect(same.created).toBe(false);
      expect(seen).toEqual([opened.id]);
      const other = alert(acct, { source: "analysis", dedupe_key: "c:tx-probe" });
      const changed = await store.alerts.openOrRefresh(other, () => ({ alert: other, event: event(other) }), { ...refresh, unchanged: () => false }, outboxFor("probe"), record("anl_p3"));
      expect(changed).toMatchObject({ id: opened.id, created: false, alert: { id: opened.id } });
      expect((await store.alerts.get(acct, opened.id!))?.risk_score).toBe(60);
      const recorded = [];
      for await (const a of store.analyses.iterate(acct, { connector: "c" })) if (a.transaction_id === "tx-probe") recorded.push(a.alert_id);
      expect(recorded).toEqual([opened.id, opened.id, opened.id]);
    });

    test("suppressions: open-or-refresh of a suppressed pattern records the analysis without an alert; another pattern opens one", async () => {
      await store.suppressions.add({ id: "sup_s", account_id: acct, connector: "sup", codes: "a", entity: "customer:CS", alert_id: "alrt_gone", created_at: T0 });
      const record = (id: string) => ({
        id, account_id: acct, connector: "sup", module: "m", transaction_id: "tx-s", customer_id: "CS", risk_score: 90, risk_level: "high" as const,
        amount_at_risk: 1, currency: "EUR", anomaly_codes: ["a"], transactions_analyzed: 1, alert_id: null, created_at: at(50), result: { id, alert_id: null },
      });
      const first = alert(acct, { source: "analysis", dedupe_key: "sup:tx-s" });
      const suppressed = await store.alerts.openOrRefresh(first, () => ({ alert: first, event: event(first) }), () => null, outboxFor("sup"), {
        record: record("anl_s1"),
        unlessSuppressed: { connector: "sup", codes: "a", entity: "customer:CS" },
      });
      expect(suppressed).toEqual({ id: null, created: false });
      expect(await store.alerts.get(acct, first.id)).toBeNull();
      const opened = await store.alerts.openOrRefresh(first, () => ({ alert: first, event: event(first) }), () => null, outboxFor("sup"), {
        record: record("anl_s2"),
        unlessSuppressed: { connector: "sup", codes: "a,b", entity: "customer:CS" },
      });
      expect(opened.created).toBe(true);
      const recorded = [];
      for await (const a of store.analyses.iterate(acct, { connector: "sup" })) recorded.push(a);
      expect(recorded.map((a) => [a.id, a.alert_id, (a.result as { alert_id: unknown }).alert_id])).toEqual([
        ["anl_s1", null, null],
        ["anl_s2", first.id, first.id],
      ]);
    });

    test("suppressions with a probe: a suppressed pattern records without an alert whether one is active or not; another pattern or account is not suppressed", async () => {
      const other = newId("acct");
      await store.accounts.create({ id: other, name: "o", plan: "standard", created_at: T0 });
      const record = (account: string, id: string, tx: string) => ({
        id, account_id: account, connector: "supp", module: "m", transaction_id: tx, customer_id: "CP", risk_score: 90, risk_level: "high" as const,
        amount_at_risk: 1, currency: "EUR", anomaly_codes: ["a"], transactions_analyzed: 1, alert_id: null, created_at: at(70), result: { id, alert_id: null },
      });
      const probed: string[] = [];
      const refresh = {
        unchanged: (probe: { id: string }) => {
          probed.push(probe.id);
          return true;
        },
        change: () => null,
      };
      const pattern = { connector: "supp", codes: "a", entity: "customer:CP" };
      const active = alert(acct, { source: "analysis", dedupe_key: "supp:tx-p", risk_score: 90 });
      const opened = await store.alerts.openOrRefresh(active, () => ({ alert: active, event: event(active) }), refresh, outboxFor("supp"), { record: record(acct, "anl_sp1", "tx-p") });
      expect(opened).toMatchObject({ id: active.id, created: true });
      await store.suppressions.add({ id: "sup_p", account_id: acct, connector: "supp", codes: "a", entity: "customer:CP", alert_id: "alrt_gone", created_at: T0 });
      const noAlert = () => {
        throw new Error("not opened");
      };
      // The alert of the transaction is active: the suppression still decides, and the alert stays as it was.
      expect(await store.alerts.openOrRefresh(active, noAlert, refresh, outboxFor("supp"), { record: record(acct, "anl_sp2", "tx-p"), unlessSuppressed: pattern })).toEqual({ id: null, created: false });
      expect(probed).toEqual([]);
      // Another pattern: the active alert is probed and the analysis recorded on it.
      expect(await store.alerts.openOrRefresh(active, noAlert, refresh, outboxFor("supp"), { record: record(acct, "anl_sp3", "tx-p"), unlessSuppressed: { ...pattern, codes: "a,b" } })).toMatchObject({ id: active.id, created: false });
      expect(probed).toEqual([active.id]);
      // No active alert for the transaction: suppressed, nothing opened.
      const fresh = alert(acct, { source: "analysis", dedupe_key: "supp:tx-q" });
      expect(await store.alerts.openOrRefresh(fresh, noAlert, refresh, outboxFor("supp"), { record: record(acct, "anl_sp4", "tx-q"), unlessSuppressed: pattern })).toEqual({ id: null, created: false });
      expect(await store.alerts.get(acct, fresh.id)).toBeNull();
      // Another account's analysis of the same pattern is not covered by this account's suppression.
      const theirs = alert(other, { source: "analysis", dedupe_key: "supp:tx-p" });
      expect(await store.alerts.openOrRefresh(theirs, () => ({ alert: theirs, event: event(theirs) }), refresh, outboxFor("supp"), { record: record(other, "anl_sp5", "tx-p"), unlessSuppressed: pattern })).toMatchObject({ id: theirs.id, created: true });
      expect((await store.alerts.get(acct, active.id))?.analysis_id).toBe(active.analysis_id);
      const recorded = [];
      for await (const a of store.analyses.iterate(acct, { connector: "supp" })) recorded.push([a.id, a.alert_id]);
      expect(recorded).toEqual([
        ["anl_sp1", active.id],
        ["anl_sp2", null],
        ["anl_sp3", active.id],
        ["anl_sp4", null],
      ]);
    });

    test("replay guard: one first sighting among concurrent ones; taken again once expired; purged", async () => {
      const seen = await Promise.all(Array.from({ length: 6 }, () => store.replay.firstSeen("key_1:abc", at(10), at(0))));
      expect(seen.filter(Boolean).length).toBe(1);
      expect(await store.replay.firstSeen("key_1:abc", at(20), at(5))).toBe(false);
      expect(await store.replay.firstSeen("key_1:abc", at(30), at(10))).toBe(true);
      expect(await store.replay.purge(at(31))).toBeGreaterThanOrEqual(1);
      expect(await store.replay.firstSeen("key_1:abc", at(40), at(31))).toBe(true);
      // A request refused unprocessed (429) is forgotten: its next sighting is the first.
      await store.replay.forget("key_1:abc");
      expect(await store.replay.firstSeen("key_1:abc", at(40), at(32))).toBe(true);
      expect(await store.replay.firstSeen("key_1:abc", at(40), at(33))).toBe(false);
    });

    test("replay guard of one node: the signatures kept at a stop are read back once, the expired ones not", async () => {
      if (!store.replay.keepAll || !store.replay.takeAll) return; // PostgreSQL's table is the shared guard itself
      await store.replay.keepAll([{ key: "k:live", expires_at: at(50) }, { key: "k:old", expires_at: at(5) }]);
      expect(await store.replay.takeAll(at(10))).toEqual([{ key: "k:live", expires_at: at(50) }]);
      expect(await store.replay.takeAll(at(10))).toEqual([]);
    });

    test("outbox claim: one node per due message; after the lease it is due again", async () => {
      const a = alert(acct);
      await store.alerts.create(a, event(a), outboxFor("claims"));
      const m = (await store.outbox.head("claims"))!;
      const claims = await Promise.all(Array.from({ length: 4 }, () => store.outbox.claim(m.id, at(1), at(50))));
      expect(claims.filter(Boolean).length).toBe(1);
      expect((await store.outbox.due(at(2), 100)).some((x) => x.id === m.id)).toBe(false);
      expect((await store.outbox.due(at(50), 100)).some((x) => x.id === m.id)).toBe(true);
      expect(await store.outbox.claim(m.id, at(50), at(100))).toBe(true);
      await store.outbox.unclaim(m.id, at(1));
      expect((await store.outbox.due(at(2), 100)).some((x) => x.id === m.id)).toBe(true);
    });

    test("report leases: set by the claim, renewed only by their runner, cleared when done", async () => {
      const r = report(acct);
      await store.reports.create(r);
      const claimed = (await store.reports.claim(r.id, "node-a", at(0), at(30)))!;
      expect(claimed.lease_until).toBe(at(30));
      expect(await store.reports.renew(r.id, "node-b", at(60))).toBe(false);
      expect(await store.reports.renew(r.id, "node-a", at(60))).toBe(true);
      expect((await store.reports.get(acct, r.id))!.lease_until).toBe(at(60));
      await store.reports.complete(r.id, at(61), {}, "f", 1);
      expect((await store.reports.get(acct, r.id))!.lease_until).toBeNull();
      expect(await store.reports.renew(r.id, "node-a", at(90))).toBe(false);
      await store.reports.delete(r.id);
    });

    test("reports: concurrent claims never share a job; requeue, complete, fail, expire, delete", async () => {
      const queued = [report(acct), report(acct), report(acct)];
      for (const r of queued) await store.reports.create(r);
      const claims = await Promise.all(Array.from({ length: 5 }, (_, i) => store.reports.claimNext(`runner-${i}`, at(1))));
      const got = claims.filter((c) => c !== null);
      expect(got.length).toBe(3);
      expect(new Set(got.map((c) => c!.id)).size).toBe(3);
      expect(got.every((c) => c!.status === "running" && c!.attempts === 1)).toBe(true);
      const [r1, r2, r3] = got as ReportRecord[];
      expect(await store.reports.claim(r1!.id, "late", at(2))).toBeNull();
      await store.reports.progress(r1!.id, 10, 20);
      expect((await store.reports.get(acct, r1!.id))!.progress_processed).toBe(10);
      expect(await store.reports.requeue(r1!.id, "someone-else")).toBe(false);
      expect(await store.reports.requeue(r1!.id, r1!.runner!)).toBe(true);
      expect((await store.reports.claim(r1!.id, "again", at(3)))!.attempts).toBe(2);
      await store.reports.complete(r1!.id, at(4), { total: 1.5 }, "r1.json", 123);
      await store.reports.fail(r2!.id, at(5), "boom", "it failed");
      expect((await store.reports.running()).map((r) => r.id)).toEqual([r3!.id]);
      const done1 = await store.reports.get(acct, r1!.id);
      expect([done1!.status, done1!.summary, done1!.bytes, done1!.runner]).toEqual(["completed", { total: 1.5 }, 123, null]);
      const page = await store.reports.list({ account_id: acct, limit: 2 });
      expect(page.data.map((r) => r.id)).toEqual([queued[2]!.id, queued[1]!.id]);
      expect(page.has_more).toBe(true);
      expect((await store.reports.expired(at(100), 10)).map((r) => r.id)).toEqual([r1!.id, r2!.id]);
      await store.reports.delete(r1!.id);
      expect(await store.reports.get(acct, r1!.id)).toBeNull();
    });
    test("users: create, find by email, list, patch; setup tokens single use, superseded, expiring", async () => {
      const u = { id: newId("usr"), email: "u@example.com", account_id: acct, role: "developer" as const, password_hash: null, status: "invited" as const, created_at: T0, updated_at: T0, last_sign_in_at: null };
      expect(await store.users.create(u)).toEqual(u);
      expect(await store.users.findByEmail("u@example.com")).toEqual(u);
      expect((await store.users.list(acct)).map((x) => x.id)).toEqual([u.id]);
      expect(await store.users.list("acct_none")).toEqual([]);
      const patched = await store.users.update(u.id, { password_hash: "$argon2id$x", status: "active", updated_at: at(1) });
      expect([patched!.password_hash, patched!.status, patched!.updated_at, patched!.role]).toEqual(["$argon2id$x", "active", at(1), "developer"]);
      expect(await store.users.update("usr_missing", { status: "disabled", updated_at: at(1) })).toBeNull();
      await store.users.addSetupToken({ token_hash: "h1", user_id: u.id, created_at: at(0), expires_at: at(100), used_at: null });
      await store.users.addSetupToken({ token_hash: "h2", user_id: u.id, created_at: at(1), expires_at: at(100), used_at: null });
      expect(await store.users.peekSetupToken("h1", at(2))).toBeNull(); // superseded by h2
      expect(await store.users.peekSetupToken("h2", at(2))).toBe(u.id);
      expect(await store.users.consumeSetupToken("h2", at(200))).toBeNull(); // expired
      expect(await store.users.consumeSetupToken("h2", at(3))).toBe(u.id);
      expect(await store.users.consumeSetupToken("h2", at(4))).toBeNull(); // single use
      // A patch conditional on the status (a setup link sets the password only of an invited user).
      expect(await store.users.update(u.id, { status: "active", updated_at: at(5) }, "invited")).toBeNull();
      expect((await store.users.get(u.id))!.updated_at).toBe(at(1));
      expect((await store.users.update(u.id, { status: "disabled", updated_at: at(5) }, "active"))!.status).toBe("disabled");
      // Voiding: every unused token of the user stops working (a disabled user's link).
      await store.users.addSetupToken({ token_hash: "h3", user_id: u.id, created_at: at(6), expires_at: at(100), used_at: null });
      await store.users.voidSetupTokens(u.id, at(7));
      expect(await store.users.peekSetupToken("h3", at(8))).toBeNull();
      expect(await store.users.consumeSetupToken("h3", at(8))).toBeNull();
    });

    test("sessions: create, get, touch, delete, delete for a user, purge idle and expired", async () => {
      const u = { id: newId("usr"), email: "s@example.com", account_id: acct, role: "admin" as const, password_hash: null, status: "active" as const, created_at: T0, updated_at: T0, last_sign_in_at: null };
      await store.users.create(u);
      const s = (id: string, expires: string) => ({ id_hash: id, user_id: u.id, csrf_token: `c-${id}`, created_at: at(0), last_seen_at: at(0), expires_at: expires });
      await store.sessions.create(s("a", at(1000)));
      await store.sessions.create(s("b", at(1000)));
      await store.sessions.create(s("c", at(10)));
      expect(await store.sessions.get("a")).toEqual(s("a", at(1000)));
      await store.sessions.touch("a", at(50));
      expect((await store.sessions.get("a"))!.last_seen_at).toBe(at(50));
      // At 20 s: c has expired, b was idle since before 40 s... with idleBefore = at(40): b (last seen 0) goes too.
      expect(await store.sessions.purge(at(20), at(40))).toBe(2);
      expect(await store.sessions.get("b")).toBeNull();
      await store.sessions.create(s("d", at(1000)));
      await store.sessions.delete("a");
      expect(await store.sessions.get("a")).toBeNull();
      await store.sessions.deleteForUser(u.id);
      expect(await store.sessions.get("d")).toBeNull();
    });

    test("audit: newest first, filters by account and type, paging by id", async () => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = newId("aud");
        ids.push(id);
        await store.audit.insert({ id, type: i % 2 ? "key.created" : "user.signed_in", account_id: i < 4 ? acct : null, actor_type: "cli", actor_id: null, target: `t${i}`, ip: null, details: { n: i, s: "x" }, created_at: at(i) });
      }
      const all = await store.audit.list({ limit: 10 });
      expect(all.data.filter((e) => ids.includes(e.id)).map((e) => e.id)).toEqual([...ids].reverse());
      const mine = await store.audit.list({ account_id: acct, type: "key.created", limit: 1 });
      expect([mine.data.map((e) => e.id), mine.has_more]).toEqual([[ids[3]!], true]);
      const next = await store.audit.list({ account_id: acct, type: "key.created", before: ids[3]!, limit: 1 });
      expect([next.data[0]!.id, next.data[0]!.details, next.has_more]).toEqual([ids[1]!, { n: 1, s: "x" }, false]);
    });

    test("usage: counts add up across writers; series by account and minute; purge", async () => {
      const row = { account_id: acct, key_id: "key_1", minute: 1000, requests: 3, limited: 1, failed_auth: 0 };
      await store.usage.add([row, { ...row, key_id: "", minute: 1001, requests: 1, limited: 0, failed_auth: 1 }]);
      await Promise.all([store.usage.add([row]), store.usage.add([row])]);
      expect(await store.usage.series(acct, 1000, 1002)).toEqual([
        { ...row, requests: 9, limited: 3 },
        { ...row, key_id: "", minute: 1001, requests: 1, limited: 0, failed_auth: 1 },
      ]);
      expect(await store.usage.series(acct, 1001, 1002)).toHaveLength(1);
      expect(await store.usage.purge(1001)).toBe(1);
      expect(await store.usage.series(acct, 0, 2000)).toHaveLength(1);
    });

    test("api keys: last use is recorded; alert events keep the dashboard user", async () => {
      const id = newId("key");
      await store.apiKeys.create({ id, account_id: acct, name: null, prefix: "ak_x", key_hash: `h-${id}`, secret_enc: new Uint8Array([1]), created_at: T0, expires_at: null, revoked_at: null, rotated_to: null });
      expect((await store.apiKeys.get(id))!.last_used_at).toBeNull();
      await store.apiKeys.touch(id, at(5));
      expect((await store.apiKeys.get(id))!.last_used_at).toBe(at(5));
      const a = alert(acct);
      await store.alerts.create(a, event(a, { actor_type: "user", actor_user: "usr_1", actor_account: acct }), () => []);
      const history = await store.alerts.events(acct, a.id, { limit: 5 });
      expect([history.data[0]!.actor_type, history.data[0]!.actor_user]).toEqual(["user", "usr_1"]);
    });
  });
}
