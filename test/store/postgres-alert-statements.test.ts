// PostgreSQL records a re-analysis whose active alert the probe found unchanged in one statement
// (insertAnalysisOnAlert): it must insert nothing when the alert changed after the probe — also
// when the change is being committed at that moment — and openOrRefresh must then decide again
// on the alert as it now is. Under CI=true a missing PostgreSQL fails this file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { SQL } from "bun";
import { newId } from "../../src/domain/ids.ts";
import { insertAnalysisOnAlert } from "../../src/store/postgres/analyses.ts";
import { PostgresStore } from "../../src/store/postgres/index.ts";
import type { AlertEventRecord, AlertProbe, AlertRecord, AnalysisRecord } from "../../src/store/types.ts";
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
