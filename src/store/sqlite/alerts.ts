// Alerts and their history. Every change (creation, status change, refresh from a new analysis)
// writes the alert, one history event and its webhook notifications in one IMMEDIATE
// transaction, so they commit together and two writers cannot interleave a read and a write.
import type { Database, Statement } from "bun:sqlite";
import type { IdempotencyRef } from "../../domain/idempotency.ts";
import {
  ActiveAlertExistsError,
  type AnalysisRecord,
  type AlertDecision,
  type AlertEventRecord,
  type AlertKey,
  type AlertListQuery,
  type AlertRecord,
  type AlertRepository,
  type AlertProbe,
  type AlertRefresh,
  changeOf,
  type OpenOrRefreshResult,
  type OutboxBuilder,
  type Page,
  type SuppressionKey,
} from "../types.ts";
import { ALERT_COLUMNS, type AlertRow, alertFromRow, alertToRow, type EventRow, eventFromRow, PATCHABLE_COLUMNS } from "../alert-rows.ts";
import { asStorageError, guarded } from "./database.ts";
import { breathe } from "../../domain/event-loop.ts";
import type { GroupCommit } from "./group-commit.ts";
import { insertAnalysis } from "./analyses.ts";
import { markClaim } from "./idempotency.ts";
import { insertOutbox } from "./outbox.ts";

const PAGE = 500;

/**
 * The active alert of (account, dedupe key) by its probe columns (no row when none is active), and
 * whether a false-positive suppression of the account covers the pattern (?3–?5; null never
 * matches). One statement where a re-analysis found two: most find their alert active. (A form
 * that always returns a row, a constant row LEFT JOINed to the alert as PostgreSQL's SEEN_SQL, took
 * SQLite 80–150 µs a run against ~3 for this.) Exported for the test of its query plan.
 */
export const SEEN_SQL = `SELECT EXISTS (
    SELECT 1 FROM alert_suppressions s WHERE s.account_id = ?1 AND s.connector = ?3 AND s.codes = ?4 AND s.entity = ?5) AS suppressed,
  id, analysis_id, risk_score, anomalies
  FROM alerts WHERE account_id = ?1 AND dedupe_key = ?2 AND status IN ('open', 'acknowledged')`;

/** SEEN_SQL's row: the active alert's probe columns, and the suppression's verdict. */
type SeenRow = Omit<AlertProbe, "anomalies"> & { anomalies: string; suppressed: 0 | 1 };

export class SqliteAlertRepository implements AlertRepository {
  constructor(
    private readonly db: Database,
    /** Auto-alerts are written on the analyze hot path: they share commits (group-commit.ts). */
    private readonly writes: GroupCommit,
  ) {}

  create(alert: AlertRecord, event: AlertEventRecord, outbox: OutboxBuilder, claim?: IdempotencyRef) {
    return guarded(() =>
      this.db.transaction(() => {
        this.insertAlert(alert);
        this.insertEvent(event);
        insertOutbox(this.db, outbox(alert, event));
        markClaim(this.db, claim, `alert:${alert.id}`);
        return alert;
      }).immediate(),
    );
  }

  get(accountId: string, id: string) {
    return guarded(() => this.read(accountId, id));
  }

  list(q: AlertListQuery) {
    if (q.severity !== undefined || q.connector !== undefined || q.since !== undefined) return this.listInWindows(q);
    return guarded((): Page<AlertRecord> => {
      const { sql, params } = alertListQuery(q);
      const rows = this.db.query<AlertRow, [Record<string, string | number>]>(sql).all(params);
      return { data: rows.slice(0, q.limit).map(alertFromRow), has_more: rows.length > q.limit };
    });
  }

  /**
   * A list filtered by severity, connector or `since`, which no index range in id order serves:
   * the alerts are read newest first a window of LIST_WINDOW at a time (by the index range of
   * account, status and cursor), with a turn for the event loop between windows. As one query, a
   * filter that matched nothing walked every alert of the account on the thread that answers all
   * requests, and a `since` that matched them all sorted them all by id: on 500,000 alerts /livez
   * waited ~0.4–0.6 s and ~1–1.3 s per request (ninth attack pass).
   */
  private async listInWindows(q: AlertListQuery): Promise<Page<AlertRecord>> {
    const found: AlertRow[] = [];
    let after = q.starting_after;
    for (;;) {
      const window = await guarded(() => {
        const { sql, params } = alertWindowQuery(q, after, q.limit + 1 - found.length);
        const rows = this.db.query<AlertRow, [Record<string, string | number>]>(sql).all(params);
        const { sql: edgeSql, params: edgeParams } = alertWindowEdgeQuery(q, after);
        return { rows, edge: this.db.query<{ id: string }, [Record<string, string | number>]>(edgeSql).get(edgeParams)?.id };
      });
      found.push(...window.rows);
      // No edge: the window held the last alerts of the range.
      if (found.length > q.limit || window.edge === undefined) break;
      after = window.edge;
      await breathe();
    }
    return { data: found.slice(0, q.limit).map(alertFromRow), has_more: found.length > q.limit };
  }

  change(accountId: string, id: string, decide: (current: AlertRecord) => AlertDecision, outbox: OutboxBuilder) {
    return guarded(() =>
      this.db.transaction(() => {
        const current = this.read(accountId, id);
        if (!current) return null;
        const decision = decide(current);
        if (!decision.ok) throw decision.error;
        const updated = this.patchActive(current, decision.patch);
        this.insertEvent(decision.event);
        insertOutbox(this.db, outbox(updated, decision.event));
        return updated;
      }).immediate(),
    );
  }

  openOrRefresh(
    key: AlertKey,
    open: () => { alert: AlertRecord; event: AlertEventRecord },
    refresh: AlertRefresh,
    outbox: OutboxBuilder,
    analysis?: { record: AnalysisRecord; claim?: IdempotencyRef; unlessSuppressed?: SuppressionKey },
  ): Promise<OpenOrRefreshResult> {
    // The analysis that caused it is recorded in the same transaction, carrying the alert's id:
    // one commit per risky analysis, and never an alert without its analysis or the reverse.
    const recordAnalysis = (alertId?: string) => {
      if (!analysis) return;
      const { record, claim } = analysis;
      insertAnalysis(this.db, record, alertId);
      markClaim(this.db, claim, `analysis:${record.id}`);
    };
    // A group-commit job runs in a savepoint of the group's IMMEDIATE transaction: what it reads
    // and writes is one atomic step, without a transaction (or a read lock) of its own.
    return this.writes.run((): OpenOrRefreshResult => {
      const { seen, suppressed, active } = this.statements();
      const suppression = analysis?.unlessSuppressed;
      // Most re-analyses leave the active alert as it is: four columns tell (the whole row, 22
      // columns made into strings, cost several µs more per request), read in one statement with
      // the suppression check; only without an active alert is that a statement of its own.
      const found = typeof refresh !== "function" ? seen.get(key.account_id, key.dedupe_key ?? "", suppression?.connector ?? null, suppression?.codes ?? null, suppression?.entity ?? null) : undefined;
      const isSuppressed = found ? found.suppressed === 1 : suppression !== undefined && suppressed.get(key.account_id, suppression.connector, suppression.codes, suppression.entity) !== null;
      if (isSuppressed) {
        recordAnalysis();
        return { id: null, created: false };
      }
      if (found === null) return this.openNew(open, outbox, recordAnalysis);
      if (found && typeof refresh !== "function") {
        if (refresh.unchanged({ id: found.id, analysis_id: found.analysis_id, risk_score: found.risk_score, anomalies: this.probedAnomalies(found.anomalies) })) {
          recordAnalysis(found.id);
          return { id: found.id, created: false };
        }
      }
      const row = active.get(key.account_id, key.dedupe_key ?? "");
      if (!row) return this.openNew(open, outbox, recordAnalysis);
      const current = alertFromRow(row);
      const change = changeOf(refresh)(current);
      if (!change) {
        recordAnalysis(current.id);
        return { id: current.id, alert: current, created: false };
      }
      const updated = this.patch(current, change.patch);
      this.insertEvent(change.event);
      insertOutbox(this.db, outbox(updated, change.event));
      recordAnalysis(updated.id);
      return { id: updated.id, alert: updated, created: false };
    });
  }

  /** The active alert's anomalies as last parsed for a probe, with their text. */
  private probed?: { text: string; anomalies: readonly unknown[] };

  /**
   * The probed alert's anomalies, parsed once per distinct text: a re-analysis of the same
   * transaction finds the same alert text again and again, and its parse was ~1 % of a recorded
   * analysis's CPU. Frozen, with its items: one array serves every probe of that text (a probe only reads it).
   */
  private probedAnomalies(text: string): AlertProbe["anomalies"] {
    if (this.probed?.text !== text) {
      const anomalies = JSON.parse(text) as unknown[];
      for (const a of anomalies) Object.freeze(a);
      this.probed = { text, anomalies: Object.freeze(anomalies) };
    }
    return this.probed.anomalies as AlertProbe["anomalies"];
  }

  private openNew(open: () => { alert: AlertRecord; event: AlertEventRecord }, outbox: OutboxBuilder, recordAnalysis: (alertId: string) => void): OpenOrRefreshResult {
    const { alert, event } = open();
    this.insertAlert(alert);
    this.insertEvent(event);
    insertOutbox(this.db, outbox(alert, event));
    recordAnalysis(alert.id);
    return { id: alert.id, alert, created: true };
  }

  // Prepared once: the analyze path runs them on every risky analysis.
  private prepared?: {
    seen: Statement<SeenRow, [string, string, string | null, string | null, string | null]>;
    suppressed: Statement<{ x: number }, [string, string, string, string]>;
    active: Statement<AlertRow, [string, string]>;
  };
  private statements() {
    return (this.prepared ??= {
      seen: this.db.prepare(SEEN_SQL),
      suppressed: this.db.prepare("SELECT 1 AS x FROM alert_suppressions WHERE account_id = ? AND connector = ? AND codes = ? AND entity = ?"),
      active: this.db.prepare("SELECT * FROM alerts WHERE account_id = ? AND dedupe_key = ? AND status IN ('open', 'acknowledged')"),
    });
  }

  events(accountId: string, alertId: string, q: { starting_after?: string; limit: number }) {
    return guarded((): Page<AlertEventRecord> => {
      // History reads oldest first: it is a story.
      const rows = this.db
        .query<EventRow, [string, string, string | null, number]>(
          "SELECT * FROM alert_events WHERE account_id = ? AND alert_id = ? AND (?3 IS NULL OR id > ?3) ORDER BY id LIMIT ?4",
        )
        .all(accountId, alertId, q.starting_after ?? null, q.limit + 1);
      return { data: rows.slice(0, q.limit).map(eventFromRow), has_more: rows.length > q.limit };
    });
  }

  async *iterate(accountId: string, q: { from?: string; to?: string; connector?: string }): AsyncIterable<AlertRecord> {
    let after = "";
    for (;;) {
      let rows: AlertRow[];
      try {
        rows = this.db
          .query<AlertRow, Record<string, string | null>>(
            `SELECT * FROM alerts WHERE account_id = $account AND id > $after
               AND ($from IS NULL OR created_at >= $from) AND ($to IS NULL OR created_at <= $to)
               AND ($connector IS NULL OR connector = $connector)
             ORDER BY id LIMIT ${PAGE}`,
          )
          .all({ account: accountId, after, from: q.from ?? null, to: q.to ?? null, connector: q.connector ?? null });
      } catch (e) {
        throw asStorageError(e);
      }
      for (const row of rows) yield alertFromRow(row);
      if (rows.length < PAGE) return;
      after = rows[rows.length - 1]!.id;
    }
  }

  private read(accountId: string, id: string): AlertRecord | null {
    const row = this.db.query<AlertRow, [string, string]>("SELECT * FROM alerts WHERE id = ? AND account_id = ?").get(id, accountId);
    return row ? alertFromRow(row) : null;
  }

  private insertAlert(alert: AlertRecord) {
    this.db
      .query(`INSERT INTO alerts (${ALERT_COLUMNS.join(", ")}) VALUES (${ALERT_COLUMNS.map((c) => `$${c}`).join(", ")})`)
      .run(alertToRow(alert) as never);
  }

  /** A patch that may make an alert active again: refused if another active alert has its dedupe key. */
  private patchActive(current: AlertRecord, patch: Partial<AlertRecord>): AlertRecord {
    const next = patch.status ?? current.status;
    if (current.dedupe_key && (next === "open" || next === "acknowledged")) {
      const other = this.db
        .query<{ id: string }, [string, string, string]>(
          "SELECT id FROM alerts WHERE account_id = ? AND dedupe_key = ? AND id <> ? AND status IN ('open', 'acknowledged')",
        )
        .get(current.account_id, current.dedupe_key, current.id);
      if (other) throw new ActiveAlertExistsError(other.id);
    }
    return this.patch(current, patch);
  }

  private patch(current: AlertRecord, patch: Partial<AlertRecord>): AlertRecord {
    const keys = Object.keys(patch).filter((k) => PATCHABLE_COLUMNS.has(k));
    if (keys.length === 0) return current;
    this.db
      .query(`UPDATE alerts SET ${keys.map((k) => `${k} = $${k}`).join(", ")} WHERE id = $id`)
      .run({ ...Object.fromEntries(keys.map((k) => [k, alertToRow(patch)[k]])), id: current.id } as never);
    return { ...current, ...patch };
  }

  private insertEvent(e: AlertEventRecord) {
    this.db
      .query(
        `INSERT INTO alert_events (id, alert_id, account_id, type, from_status, to_status, resolution, note, changes,
           actor_type, actor_key, actor_account, actor_user, created_at)
         VALUES ($id, $alert_id, $account_id, $type, $from_status, $to_status, $resolution, $note, $changes,
           $actor_type, $actor_key, $actor_account, $actor_user, $created_at)`,
      )
      .run({ ...e, actor_user: e.actor_user ?? null, changes: JSON.stringify(e.changes) } as never);
  }
}

/**
 * The alert list's query, newest first, with a condition only for each filter given: the cursor
 * then is a range on (account_id, id) or (account_id, status, id), so a page deep in a long list
 * costs what the first does. (Written as `($after IS NULL OR id < $after)` the planner could use
 * no range: every page scanned the alerts newer than its cursor, and walking a list of 190,000
 * alerts slowed a soak run fourfold; test/store/migrations.test.ts checks the plans.)
 */
export function alertListQuery(q: AlertListQuery): { sql: string; params: Record<string, string | number> } {
  const where: string[] = [];
  const params: Record<string, string | number> = { limit: q.limit + 1 };
  const add = (column: string, op: string, name: string, value: string | null | undefined) => {
    if (value === undefined || value === null) return;
    where.push(`${column} ${op} $${name}`);
    params[name] = value;
  };
  add("account_id", "=", "account", q.account_id);
  add("status", "=", "status", q.status);
  add("severity", "=", "severity", q.severity);
  add("connector", "=", "connector", q.connector);
  add("created_at", ">=", "since", q.since);
  // Newest first; starting_after is a cursor on the time-sortable id.
  add("id", "<", "after", q.starting_after);
  return { sql: `SELECT * FROM alerts ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY id DESC LIMIT $limit`, params };
}

/** Alerts read per window by a list filtered by severity, connector or since (a few ms of SQLite each). */
export const LIST_WINDOW = 2_000;

/** The index range a window walks: account, status and the cursor (alertListQuery's range). */
function windowRange(q: AlertListQuery, after: string | undefined): { where: string; params: Record<string, string | number> } {
  const where: string[] = [];
  const params: Record<string, string | number> = { window: LIST_WINDOW };
  if (q.account_id !== undefined) (where.push("account_id = $account"), (params.account = q.account_id));
  if (q.status !== undefined) (where.push("status = $status"), (params.status = q.status));
  if (after !== undefined) (where.push("id < $after"), (params.after = after));
  return { where: where.length ? `WHERE ${where.join(" AND ")}` : "", params };
}

/** The matching alerts among the next window's, newest first, at most `limit`. */
export function alertWindowQuery(q: AlertListQuery, after: string | undefined, limit: number): { sql: string; params: Record<string, string | number> } {
  const range = windowRange(q, after);
  const filters: string[] = [];
  const params: Record<string, string | number> = { ...range.params, limit };
  if (q.severity !== undefined) (filters.push("severity = $severity"), (params.severity = q.severity));
  if (q.connector !== undefined) (filters.push("connector = $connector"), (params.connector = q.connector));
  if (q.since !== undefined) (filters.push("created_at >= $since"), (params.since = q.since));
  const window = `SELECT id FROM alerts ${range.where} ORDER BY id DESC LIMIT $window`;
  return { sql: `SELECT * FROM alerts WHERE id IN (${window}) AND ${filters.join(" AND ")} ORDER BY id DESC LIMIT $limit`, params };
}

/** The oldest id of the next window when it is full (the next window starts below it), else no row. */
export function alertWindowEdgeQuery(q: AlertListQuery, after: string | undefined): { sql: string; params: Record<string, string | number> } {
  const range = windowRange(q, after);
  return { sql: `SELECT id FROM alerts ${range.where} ORDER BY id DESC LIMIT 1 OFFSET $window - 1`, params: range.params };
}
