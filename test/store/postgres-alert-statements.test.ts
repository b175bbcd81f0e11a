// PostgreSQL's one-statement paths of openOrRefresh.
// - A re-analysis whose active alert the probe found unchanged is recorded in one statement
//   (insertAnalysisOnAlert): it must insert nothing when the alert changed after the probe — also
//   when the change is being committed at that moment — and openOrRefresh must then decide again
//   on the alert as it now is.
// - A transaction without an active alert opens one in one statement (insertOpenedAlert), without
//   the per-key advisory lock: the active index orders it against other openers, it writes the
//   alert, event, outbox messages and analysis all or none, and when another writer's alert of the
//   key commits first it records the analysis on that one instead.
// Under CI=true a missing PostgreSQL fails this file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { newId } from "../../src/domain/ids.ts";
import { insertAnalysisOnAlert } from "../../src/store/postgres/analyses.ts";
import { insertOpenedAlert } from "../../src/store/postgres/open-alert.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import type { AlertEventRecord, AlertProbe, AlertRecord, AnalysisRecord, OutboxMessage } from "../../src/store/types.ts";
import { createTestDatabase, postgresAvailable, type TestDatabase } from "../support/postgres.ts";

const available = await postgresAvailable();
const T0 = "2026-01-01T00:00:00.000Z";
const ACCT = "acct_on_alert";

function alert(extra: Partial<AlertRecord> = {}): AlertRecord {
  return {
    id: newId("alrt"), account_id: ACCT, status: "open", severity: "high", title: "t", description: null, source: "analysis",
    connector: "c", module: "m", transaction_id: "tx", analysis_id: "anl_first", risk_score: 50, anomalies: [{ code: "price_below_contract" }],
    metadata: {}, resolution: null, dedupe_key: `c:${newId("anl")}`, created_by_key: null, created_at: T0, updated_at: T0,
    acknowledged_at: null, resolved_at: null, dismissed_at: null, ...extra,
  };
}
const created = (a: AlertRecord): AlertEventRecord => ({
  id: newId("evt"), alert_id: a.id, account_id: ACCT, type: "created", from_status: null, to_status: "open", resolution: null,
  note: null, changes: {}, actor_type: "system", actor_key: null, actor_account: null, created_at: T0,
});
function analysis(id = newId("anl")): AnalysisRecord {
  return {
    id, account_id: ACCT, connector: "c", module: "m", transaction_id: "tx", customer_id: null, risk_score: 50, risk_level: "high",
    amount_at_risk: 12.5, currency: "EUR", anomaly_codes: ["price_below_contract"], transactions_analyzed: 1, alert_id: null, created_at: T0,
    result: { id, alert_id: null },
  };
}
const probeOf = (a: AlertRecord): AlertProbe => ({ id: a.id, analysis_id: a.analysis_id, risk_score: a.risk_score, anomalies: a.anomalies });

describe.skipIf(!available)("PostgreSQL: an analysis recorded on the alert its probe found unchanged", () => {
  let db: TestDatabase;
  let store: PostgresStore;
  let sql: SQL;

  beforeAll(async () => {
    db = await createTestDatabase();
    store = new PostgresStore({ url: db.url, pool: 4 });
    await store.migrate();
    sql = new SQL(db.url, { max: 4 });
  });
  afterAll(async () => {
    await sql?.close();
    await store?.close();
    await db?.drop();
  });

  async function opened(extra: Partial<AlertRecord> = {}) {
    const a = alert(extra);
    await store.alerts.create(a, created(a), () => []);
    return a;
  }
  const storedText = async (a: AlertRecord) => ((await sql`SELECT anomalies FROM alerts WHERE id = ${a.id}`) as { anomalies: string }[])[0]!.anomalies;
  const recorded = async (id: string) => (await store.analyses.get(ACCT, id))?.alert_id;

  test("records it on the alert, with the alert's id in its row and its result, while the alert is as probed (open or acknowledged)", async () => {
    const a = await opened();
    const r = analysis();
    expect(await insertAnalysisOnAlert(sql, r, probeOf(a), await storedText(a))).toBe(true);
    const row = await store.analyses.get(ACCT, r.id);
    expect(row?.alert_id).toBe(a.id);
    expect((row?.result as { alert_id: string }).alert_id).toBe(a.id);

    await sql`UPDATE alerts SET status = 'acknowledged' WHERE id = ${a.id}`;
    const again = analysis();
    expect(await insertAnalysisOnAlert(sql, again, probeOf(a), await storedText(a))).toBe(true);
    expect(await recorded(again.id)).toBe(a.id);
  });

  test("inserts nothing once the alert's score, anomalies, analysis or status changed after the probe", async () => {
    const changes = [
      "UPDATE alerts SET risk_score = 60 WHERE id = $1",
      `UPDATE alerts SET anomalies = '[{"code":"duplicate_charge"}]' WHERE id = $1`,
      "UPDATE alerts SET analysis_id = 'anl_other' WHERE id = $1",
      "UPDATE alerts SET status = 'resolved' WHERE id = $1",
      "DELETE FROM alerts WHERE id = $1",
    ];
    for (const change of changes) {
      const a = await opened();
      const text = await storedText(a);
      await sql.unsafe(change, [a.id]);
      const r = analysis();
      expect(await insertAnalysisOnAlert(sql, r, probeOf(a), text)).toBe(false);
      expect(await store.analyses.get(ACCT, r.id)).toBeNull();
    }
  });

  test("waits for a change being committed and then inserts nothing; a change rolled back leaves it recorded", async () => {
    for (const outcome of ["commit", "rollback"] as const) {
      const a = await opened();
      const text = await storedText(a);
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let locked!: () => void;
      const isLocked = new Promise<void>((resolve) => (locked = resolve));
      const changing = sql
        .begin(async (tx) => {
          await tx`UPDATE alerts SET risk_score = 99 WHERE id = ${a.id}`;
          locked();
          await held;
          if (outcome === "rollback") throw new Error("rolled back");
        })
        .catch((e: Error) => e.message);
      await isLocked;
      const r = analysis();
      let settled = false;
      const inserting = insertAnalysisOnAlert(sql, r, probeOf(a), text).finally(() => (settled = true));
      await Bun.sleep(150);
      expect(settled).toBe(false); // the share lock waits for the writer
      release();
      await changing;
      expect(await inserting).toBe(outcome === "rollback");
      expect(await recorded(r.id)).toBe(outcome === "rollback" ? a.id : undefined);
    }
  });

  test("openOrRefresh decides again when the alert changed between its probe and the insert: the change is applied, the analysis recorded on it", async () => {
    const a = await opened();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    // Another node raises the alert's score and holds its transaction open: the probe still reads 50.
    const changing = sql.begin(async (tx) => {
      await tx`UPDATE alerts SET risk_score = 99 WHERE id = ${a.id}`;
      locked();
      await held;
    });
    await isLocked;
    const probes: (number | null)[] = [];
    const r = analysis();
    const result = store.alerts.openOrRefresh(
      { ...a },
      () => {
        throw new Error("an active alert exists: nothing to open");
      },
      {
        unchanged: (p) => {
          probes.push(p.risk_score);
          return p.risk_score === 50;
        },
        change: (current) => ({ patch: { risk_score: 50, updated_at: T0 }, event: { ...created(current), id: newId("evt"), type: "updated" } }),
      },
      () => [],
      { record: r },
    );
    await Bun.sleep(150);
    release();
    await changing;
    expect(await result).toMatchObject({ id: a.id, created: false, alert: { id: a.id, risk_score: 50 } });
    expect(probes).toEqual([50, 99]); // the probe's verdict, then the decision on the committed row
    expect(await recorded(r.id)).toBe(a.id);
  });
});

describe.skipIf(!available)("PostgreSQL: an alert opened in one statement", () => {
  let db: TestDatabase;
  /** Two stores, two pools: two nodes on one database. */
  let nodes: PostgresStore[];
  let sql: SQL;

  beforeAll(async () => {
    db = await createTestDatabase();
    nodes = [new PostgresStore({ url: db.url, pool: 4 }), new PostgresStore({ url: db.url, pool: 4 })];
    await nodes[0]!.migrate();
    sql = new SQL(db.url, { max: 4 });
  });
  afterAll(async () => {
    await sql?.close();
    for (const n of nodes ?? []) await n.close();
    await db?.drop();
  });

  const messages = (a: AlertRecord, e: AlertEventRecord): OutboxMessage[] =>
    ["hook-a", "hook-b"].map((target) => ({
      id: newId("whk"), event_id: e.id, event_type: "alert.created", target, payload: JSON.stringify({ alert: a.id, note: "€ \"q\" \\ \n" }),
      status: "pending", attempts: 0, next_attempt_at: T0, last_error: null, last_status: null, created_at: T0, delivered_at: null,
    }));
  /** Nothing changes an active alert: a re-analysis is recorded on it. */
  const keep = { unchanged: () => true, change: () => null };
  const openAnalysis = (store: PostgresStore, key: string, extra: { claim?: boolean } = {}) => {
    const r = analysis();
    // The claim a write marks must exist: a write whose claim is gone rolls back.
    const claim = extra.claim ? { account_id: ACCT, key: newId("key"), token: crypto.randomUUID() } : undefined;
    const claimed = claim
      ? store.idempotency.claim({ ...claim, fingerprint: "f", status: 0, headers: {}, body: "", created_at: T0, expires_at: "2999-01-01T00:00:00.000Z" })
      : Promise.resolve();
    const result = claimed.then(() =>
      store.alerts.openOrRefresh(
        { account_id: ACCT, dedupe_key: key },
        () => {
          const a = alert({ dedupe_key: key, analysis_id: r.id });
          return { alert: a, event: created(a) };
        },
        keep,
        messages,
        { record: r, ...(claim ? { claim } : {}) },
      ),
    );
    return { r, result };
  };
  const activeOf = async (key: string) =>
    (await sql`SELECT id FROM alerts WHERE account_id = ${ACCT} AND dedupe_key = ${key} AND status IN ('open', 'acknowledged')`) as { id: string }[];
  const eventsOf = async (alertId: string) => (await sql`SELECT type FROM alert_events WHERE alert_id = ${alertId}`) as { type: string }[];
  /** Holds a transaction open in another session after `write`; `release(commit)` ends it. */
  async function holding(write: (tx: SQL) => Promise<unknown>) {
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    let ready!: () => void;
    const written = new Promise<void>((resolve) => (ready = resolve));
    const done = sql
      .begin(async (tx) => {
        await write(tx as unknown as SQL);
        ready();
        if (!(await ended)) throw new Error("rolled back");
      })
      .catch(() => undefined);
    await written;
    return async (commit: boolean) => {
      end(commit);
      await done;
    };
  }

  test("writes the alert, its event, its outbox messages and the analysis, each column as given", async () => {
    const r = analysis();
    const a = alert({
      analysis_id: r.id, risk_score: 0.1 + 0.2, description: "Überweisung \"doppelt\" \\ €\n2",
      anomalies: [{ code: "duplicate_charge", detail: { amount: 1e-7, lines: [1, 2], note: "ünïcødé" } }], metadata: { customer_id: "C-1" },
    });
    const e = created(a);
    const outbox = messages(a, e);
    expect(await insertOpenedAlert(sql, { alert: a, event: e, outbox, analysis: r })).toBe(true);
    expect(await nodes[0]!.alerts.get(ACCT, a.id)).toEqual(a);
    expect((await nodes[0]!.alerts.events(ACCT, a.id, { limit: 5 })).data).toEqual([{ ...e, actor_user: null }]);
    const sent = (await nodes[0]!.outbox.list()).filter((m) => m.event_id === e.id).sort((x, y) => x.target.localeCompare(y.target));
    expect(sent).toEqual(outbox);
    expect(await nodes[0]!.analyses.get(ACCT, r.id)).toEqual({ ...r, alert_id: a.id, result: { id: r.id, alert_id: a.id } });
  });

  test("all or none: a row that fails leaves no alert, event or outbox message", async () => {
    const r = analysis();
    await nodes[0]!.analyses.insert(r); // the analysis's id is taken
    const a = alert({ analysis_id: r.id });
    const e = created(a);
    await expect(insertOpenedAlert(sql, { alert: a, event: e, outbox: messages(a, e), analysis: r })).rejects.toThrow();
    expect(await nodes[0]!.alerts.get(ACCT, a.id)).toBeNull();
    expect(await eventsOf(a.id)).toEqual([]);
    expect((await nodes[0]!.outbox.list()).filter((m) => m.event_id === e.id)).toEqual([]);
  });

  test("takes no per-key advisory lock (an analysis with an idempotency claim still does)", async () => {
    const key = `c:${newId("anl")}`;
    const release = await holding((tx) => tx`SELECT pg_advisory_xact_lock(hashtextextended(${`alert:${ACCT}:${key}`}, 0))`);
    const plain = openAnalysis(nodes[0]!, key);
    expect(await plain.result).toMatchObject({ created: true });
    const other = `c:${newId("anl")}`;
    const releaseOther = await holding((tx) => tx`SELECT pg_advisory_xact_lock(hashtextextended(${`alert:${ACCT}:${other}`}, 0))`);
    let settled = false;
    const claimed = openAnalysis(nodes[0]!, other, { claim: true });
    claimed.result.finally(() => (settled = true));
    await Bun.sleep(150);
    expect(settled).toBe(false);
    await releaseOther(true);
    expect(await claimed.result).toMatchObject({ created: true });
    await release(true);
  });

  test("waits for another opener of the key: once it commits the analysis is recorded on its alert; once it rolls back, it opens its own (with a claim too)", async () => {
    for (const [commit, claim] of [[true, false], [false, false], [true, true], [false, true]] as const) {
      const key = `c:${newId("anl")}`;
      const theirs = alert({ dedupe_key: key });
      const release = await holding(async (tx) => {
        await tx.unsafe(`INSERT INTO alerts (id, account_id, status, severity, title, source, anomalies, dedupe_key, created_at, updated_at)
          VALUES ($1, $2, 'open', 'high', 't', 'analysis', '[]', $3, $4, $4)`, [theirs.id, ACCT, key, T0]);
      });
      let settled = false;
      // With a claim: the locked path reads no active alert (not committed yet), and its insert waits.
      const mine = openAnalysis(nodes[0]!, key, { claim });
      mine.result.finally(() => (settled = true));
      await Bun.sleep(150);
      expect(settled).toBe(false); // the active index waits for the other opener's outcome
      await release(commit);
      const result = await mine.result;
      const active = await activeOf(key);
      expect(active.length).toBe(1);
      if (commit) {
        expect(result).toMatchObject({ id: theirs.id, created: false });
        expect(await eventsOf(theirs.id)).toEqual([]); // refreshed with no change: no event of ours
      } else {
        expect(result).toMatchObject({ created: true });
        expect(result.id).not.toBe(theirs.id);
        expect(await eventsOf(result.id!)).toEqual([{ type: "created" }]);
      }
      expect(active[0]!.id).toBe(result.id!);
      expect((await nodes[0]!.analyses.get(ACCT, mine.r.id))?.alert_id).toBe(result.id!);
    }
  });

  test("two nodes opening the same keys at once, with and without claims: one alert per key, every analysis recorded on it", async () => {
    const keys = Array.from({ length: 6 }, () => `c:${newId("anl")}`);
    const calls = keys.flatMap((key) => Array.from({ length: 8 }, (_, i) => ({ key, ...openAnalysis(nodes[i % 2]!, key, { claim: i % 3 === 0 }) })));
    const results = await Promise.all(calls.map((c) => c.result));
    for (const key of keys) {
      const mine = calls.map((c, i) => ({ ...c, out: results[i]! })).filter((c) => c.key === key);
      const active = await activeOf(key);
      expect(active.length).toBe(1);
      expect(mine.filter((c) => c.out.created).length).toBe(1);
      expect(new Set(mine.map((c) => c.out.id))).toEqual(new Set([active[0]!.id]));
      expect(await eventsOf(active[0]!.id)).toEqual([{ type: "created" }]);
      for (const c of mine) expect((await nodes[0]!.analyses.get(ACCT, c.r.id))?.alert_id).toBe(active[0]!.id);
    }
    const alerts = (await sql`SELECT count(*)::int AS n FROM alerts WHERE dedupe_key IN ${sql(keys)}`) as { n: number }[];
    expect(alerts[0]!.n).toBe(keys.length);
  });
});
