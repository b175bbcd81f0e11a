// Alerts and their history on PostgreSQL. Every change writes the alert, one history event and
// its webhook notifications in one transaction. Where SQLite relies on IMMEDIATE (one writer at
// a time), this locks what it reads: the alert row (FOR UPDATE) for a change, and a transaction
// advisory lock on (account, dedupe key) for a refresh, so two nodes cannot both change one. The
// analyze path mostly takes neither: a transaction with no active alert opens one in one statement
// whose insert the active index orders against every other opener (insertOpenedAlert), and
// re-recording an unchanged alert's transaction takes only a shared row lock (insertAnalysisOnAlert, in
// the one statement that records it; recordOnUnchanged for an analysis with an idempotency claim).
import {
  ActiveAlertExistsError,
  type AlertDecision,
  type AlertEventRecord,
  type AlertKey,
  type AlertListQuery,
  type AlertProbe,
  type AlertRecord,
  type AnalysisRecord,
  type AlertRepository,
  type AlertRefresh,
  changeOf,
  type OpenOrRefreshResult,
  type OutboxBuilder,
  type Page,
  type SuppressionKey,
} from "../types.ts";
import { type AlertRow, alertFromRow, alertToRow, EVENT_COLUMNS, type EventRow, eventFromRow, eventToRow, PATCHABLE_COLUMNS } from "../alert-rows.ts";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import { insertAnalysis, insertAnalysisOnAlert } from "./analyses.ts";
import { markClaim } from "./idempotency.ts";
import { insertOpenedAlert } from "./open-alert.ts";
import { insertOutbox } from "./outbox.ts";
import { insertOf, isUniqueViolation, one, rows, type PgDatabase, type Sql } from "./pool.ts";

const ACTIVE_INDEX = "alerts_active_dedupe";

/**
 * The suppression check and the active alert's probe columns in one statement ($3–$5 null: no
 * suppression to check). The active index allows one active alert per key, so at most one row.
 */
const SEEN_SQL = `SELECT ($3::text IS NOT NULL AND EXISTS (
    SELECT 1 FROM alert_suppressions s WHERE s.account_id = $1 AND s.connector = $3 AND s.codes = $4::text AND s.entity = $5::text)) AS suppressed,
  a.id, a.analysis_id, a.risk_score, a.anomalies
  FROM (VALUES (1)) AS one LEFT JOIN alerts a ON a.account_id = $1 AND a.dedupe_key = $2 AND a.status IN ('open', 'acknowledged')`;

interface SeenRow {
  suppressed: boolean;
  id: string | null;
  analysis_id: string | null;
  risk_score: number | null;
  anomalies: string | null;
}

const PAGE = 500;

/**
 * Records the analysis, carrying the id of the alert it opened or refreshed (none when a
 * suppression kept it from opening one), and marks its claim.
 */
async function recordWithAlert(tx: Sql, { record, claim }: { record: AnalysisRecord; claim?: IdempotencyRef }, alertId: string | undefined) {
  await insertAnalysis(tx, record, alertId);
  await markClaim(tx, claim, `analysis:${record.id}`);
}

/** The database refused a second active alert for one dedupe key (a concurrent writer won). */
function activeConflict(e: unknown): never {
  if (isUniqueViolation(e, ACTIVE_INDEX)) throw new ActiveAlertExistsError(null);
  throw e;
}

export class PgAlertRepository implements AlertRepository {
  constructor(private readonly db: PgDatabase) {}

  create(alert: AlertRecord, event: AlertEventRecord, outbox: OutboxBuilder, claim?: IdempotencyRef) {
    const opened = { alert, event, outbox: outbox(alert, event) };
    const write = async (sql: Sql) => {
      // Nothing written: an active alert of its dedupe key exists (a manual alert has none).
      if (!(await insertOpenedAlert(sql, opened))) throw new ActiveAlertExistsError(null);
      await markClaim(sql, claim, `alert:${alert.id}`);
      return alert;
    };
    // One statement, unless an idempotency claim is to be marked with it.
    return claim ? this.db.tx(write) : this.db.run(write);
  }

  get(accountId: string, id: string) {
    return this.db.run((sql) => read(sql, accountId, id));
  }

  list(q: AlertListQuery) {
    return this.db.run(async (sql): Promise<Page<AlertRecord>> => {
      // A condition only for each filter given, so the cursor is an index range (sqlite/alerts.ts alertListQuery).
      const where: string[] = [];
      const params: (string | number)[] = [];
      const add = (column: string, op: string, value: string | null | undefined) => {
        if (value === undefined || value === null) return;
        params.push(value);
        where.push(`${column} ${op} $${params.length}`);
      };
      add("account_id", "=", q.account_id);
      add("status", "=", q.status);
      add("severity", "=", q.severity);
      add("connector", "=", q.connector);
      add("created_at", ">=", q.since);
      // Newest first; starting_after is a cursor on the time-sortable id.
      add("id", "<", q.starting_after);
      params.push(q.limit + 1);
      const found = await rows<AlertRow>(sql, `SELECT * FROM alerts ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT $${params.length}`, params);
      return { data: found.slice(0, q.limit).map(alertFromRow), has_more: found.length > q.limit };
    });
  }

  change(accountId: string, id: string, decide: (current: AlertRecord) => AlertDecision, outbox: OutboxBuilder) {
    return this.db
      .tx(async (tx) => {
        const current = await read(tx, accountId, id, true);
        if (!current) return null;
        const decision = decide(current);
        if (!decision.ok) throw decision.error;
        const updated = await patchActive(tx, current, decision.patch);
        await insertEvent(tx, decision.event);
        await insertOutbox(tx, outbox(updated, decision.event));
        return updated;
      })
      .catch(activeConflict);
  }

  async openOrRefresh(
    key: AlertKey,
    open: () => { alert: AlertRecord; event: AlertEventRecord },
    refresh: AlertRefresh,
    outbox: OutboxBuilder,
    analysis?: { record: AnalysisRecord; claim?: IdempotencyRef; unlessSuppressed?: SuppressionKey },
  ): Promise<OpenOrRefreshResult> {
    const decide = changeOf(refresh);
    if (analysis) {
      // One round trip tells most re-analyses what they need: whether a suppression covers them
      // (then the analysis is recorded alone; a suppression added just after is honoured by the
      // next analysis, as a dismissal just after), and the active alert's four probe columns.
      const seen = await this.seen(key, analysis.unlessSuppressed);
      if (seen.suppressed) {
        await this.db.tx((tx) => recordWithAlert(tx, analysis, undefined));
        return { id: null, created: false };
      }
      const { active } = seen;
      // The probe's verdict on the active alert (undefined: no probe, the whole row decides).
      const verdict = active && typeof refresh !== "function" ? refresh.unchanged(active.probe) : undefined;
      if (!active && !analysis.claim) {
        // A transaction with no active alert (most often one analysed for the first time): one
        // statement opens its alert, unless another writer's alert of the key commits first.
        const { alert, event } = open();
        const opened = { alert, event, outbox: outbox(alert, event), analysis: analysis.record };
        if (await this.db.run((sql) => insertOpenedAlert(sql, opened))) return { id: alert.id, alert, created: true };
      } else if (active && verdict === true && !analysis.claim) {
        // One statement records the analysis on the alert if the row is still as probed when it
        // is share-locked; else the whole path below decides again.
        if (await this.db.run((sql) => insertAnalysisOnAlert(sql, analysis.record, active.probe, active.anomaliesText))) return { id: active.probe.id, created: false };
      } else if (active && verdict !== false) {
        // An idempotency claim is marked in the same transaction as the analysis.
        const unchanged = await this.recordOnUnchanged(key, decide, analysis);
        if (unchanged) return { id: unchanged.id, alert: unchanged, created: false };
      }
    }
    return this.db.tx(async (tx) => {
      // The analysis that caused it is recorded in the same transaction, carrying the alert's id.
      const recordAnalysis = async (alertId: string) => {
        if (analysis) await recordWithAlert(tx, analysis, alertId);
      };
      // One writer per (account, dedupe key) at a time among these transactions, across every
      // node; the one-statement opener above takes no such lock, the active index orders it.
      await tx.unsafe("SELECT pg_advisory_xact_lock(hashtextextended($1, 0))", [`alert:${key.account_id}:${key.dedupe_key ?? ""}`]);
      for (;;) {
        const active = await one<AlertRow>(
          tx,
          "SELECT * FROM alerts WHERE account_id = $1 AND dedupe_key = $2 AND status IN ('open', 'acknowledged') FOR UPDATE",
          [key.account_id, key.dedupe_key ?? ""],
        );
        if (active) {
          const current = alertFromRow(active);
          const change = decide(current);
          if (!change) {
            await recordAnalysis(current.id);
            return { id: current.id, alert: current, created: false };
          }
          const updated = await patch(tx, current, change.patch);
          await insertEvent(tx, change.event);
          await insertOutbox(tx, outbox(updated, change.event));
          await recordAnalysis(updated.id);
          return { id: updated.id, alert: updated, created: false };
        }
        const { alert, event } = open();
        if (await insertOpenedAlert(tx, { alert, event, outbox: outbox(alert, event), analysis: analysis?.record })) {
          if (analysis) await markClaim(tx, analysis.claim, `analysis:${analysis.record.id}`);
          return { id: alert.id, alert, created: true };
        }
        // A one-statement opener's alert committed after the read: read again (a new statement
        // sees it), and refresh that one.
      }
    });
  }

  /** Whether a suppression covers the analysis, and the active alert's probe columns (with its anomalies' stored text). */
  private seen(key: AlertKey, suppression: SuppressionKey | undefined): Promise<{ suppressed: boolean; active?: { probe: AlertProbe; anomaliesText: string } }> {
    return this.db.run(async (sql) => {
      const row = await one<SeenRow>(sql, SEEN_SQL, [key.account_id, key.dedupe_key ?? "", suppression?.connector ?? null, suppression?.codes ?? null, suppression?.entity ?? null]);
      const suppressed = row?.suppressed === true;
      if (!row?.id || row.anomalies === null) return { suppressed };
      const probe = { id: row.id, analysis_id: row.analysis_id, risk_score: row.risk_score, anomalies: JSON.parse(row.anomalies) };
      return { suppressed, active: { probe, anomaliesText: row.anomalies } };
    });
  }

  /**
   * A transaction analysed again whose active alert needs no change (the same score and findings)
   * only gains the analysis. That is recorded under a shared lock on the alert row (FOR SHARE)
   * instead of the exclusive per-key lock of a change: concurrent re-analyses of one transaction
   * no longer queue behind each other across their round trips, while a change or a resolution
   * of the alert still waits for them (and they for it). Null: the locked path must decide.
   */
  private recordOnUnchanged(
    key: AlertKey,
    refresh: (current: AlertRecord) => unknown,
    analysis: { record: AnalysisRecord; claim?: IdempotencyRef },
  ): Promise<AlertRecord | null> {
    return this.db.tx(async (tx) => {
      const active = await one<AlertRow>(
        tx,
        "SELECT * FROM alerts WHERE account_id = $1 AND dedupe_key = $2 AND status IN ('open', 'acknowledged') FOR SHARE",
        [key.account_id, key.dedupe_key ?? ""],
      );
      if (!active) return null;
      const current = alertFromRow(active);
      if (refresh(current) !== null) return null;
      await recordWithAlert(tx, analysis, current.id);
      return current;
    });
  }

  events(accountId: string, alertId: string, q: { starting_after?: string; limit: number }) {
    return this.db.run(async (sql): Promise<Page<AlertEventRecord>> => {
      // History reads oldest first: it is a story.
      const found = await rows<EventRow>(
        sql,
        "SELECT * FROM alert_events WHERE account_id = $1 AND alert_id = $2 AND ($3::text IS NULL OR id > $3) ORDER BY id LIMIT $4",
        [accountId, alertId, q.starting_after ?? null, q.limit + 1],
      );
      return { data: found.slice(0, q.limit).map(eventFromRow), has_more: found.length > q.limit };
    });
  }

  async *iterate(accountId: string, q: { from?: string; to?: string; connector?: string }): AsyncIterable<AlertRecord> {
    let after = "";
    for (;;) {
      const page = await this.db.run((sql) =>
        rows<AlertRow>(
          sql,
          `SELECT * FROM alerts WHERE account_id = $1 AND id > $2
             AND ($3::text IS NULL OR created_at >= $3) AND ($4::text IS NULL OR created_at <= $4)
             AND ($5::text IS NULL OR connector = $5)
           ORDER BY id LIMIT ${PAGE}`,
          [accountId, after, q.from ?? null, q.to ?? null, q.connector ?? null],
        ),
      );
      for (const row of page) yield alertFromRow(row);
      if (page.length < PAGE) return;
      after = page[page.length - 1]!.id;
    }
  }
}

async function read(sql: Sql, accountId: string, id: string, forUpdate = false): Promise<AlertRecord | null> {
  const row = await one<AlertRow>(sql, `SELECT * FROM alerts WHERE id = $1 AND account_id = $2${forUpdate ? " FOR UPDATE" : ""}`, [id, accountId]);
  return row ? alertFromRow(row) : null;
}

async function insertEvent(sql: Sql, e: AlertEventRecord) {
  const q = insertOf("alert_events", EVENT_COLUMNS, eventToRow(e));
  await sql.unsafe(q.text, q.params);
}

/** A patch that may make an alert active again: refused if another active alert has its dedupe key. */
async function patchActive(sql: Sql, current: AlertRecord, change: Partial<AlertRecord>): Promise<AlertRecord> {
  const next = change.status ?? current.status;
  if (current.dedupe_key && (next === "open" || next === "acknowledged")) {
    const other = await one<{ id: string }>(
      sql,
      "SELECT id FROM alerts WHERE account_id = $1 AND dedupe_key = $2 AND id <> $3 AND status IN ('open', 'acknowledged')",
      [current.account_id, current.dedupe_key, current.id],
    );
    if (other) throw new ActiveAlertExistsError(other.id);
  }
  return patch(sql, current, change);
}

async function patch(sql: Sql, current: AlertRecord, change: Partial<AlertRecord>): Promise<AlertRecord> {
  const keys = Object.keys(change).filter((k) => PATCHABLE_COLUMNS.has(k));
  if (keys.length === 0) return current;
  const row = alertToRow(change);
  await sql.unsafe(`UPDATE alerts SET ${keys.map((k, i) => `${k} = $${i + 1}`).join(", ")} WHERE id = $${keys.length + 1}`, [
    ...keys.map((k) => row[k] ?? null),
    current.id,
  ]);
  return { ...current, ...change };
}
