// Opening an alert on PostgreSQL in one statement: the alert, its `created` event, its webhook
// messages and the analysis that caused it. A risky analysis of a transaction not seen before
// (the common case of a ledger's traffic) then costs one statement after the probe instead of a
// transaction of up to nine round trips (BEGIN, the per-key advisory lock, the locked read, the
// alert, its event, each webhook message, the analysis, COMMIT).
import type { AlertEventRecord, AlertRecord, AnalysisRecord, OutboxMessage } from "../types.ts";
import { ALERT_COLUMNS, alertToRow, EVENT_COLUMNS, eventToRow } from "../alert-rows.ts";
import { ANALYSIS_COLUMN_TYPES, ANALYSIS_COLUMNS, storedRow } from "./analyses.ts";
import { OUTBOX_COLUMNS } from "./outbox.ts";
import { type Sql, typedParams, valuesOf } from "./pool.ts";

/** The outbox's column types, for its rows' parameters (INSERT … SELECT gives them none). */
const OUTBOX_COLUMN_TYPES: Record<(typeof OUTBOX_COLUMNS)[number], string> = {
  id: "text", event_id: "text", event_type: "text", target: "text", payload: "text", status: "text", attempts: "integer",
  next_attempt_at: "text", last_error: "text", last_status: "integer", created_at: "text", delivered_at: "text",
};

/**
 * The statement for `messages` webhook messages, with or without an analysis. The alert is
 * inserted unless the active index already holds an alert of its key: ON CONFLICT waits for a
 * concurrent opener of the key to commit or roll back, then decides. The other rows are inserted
 * only with the alert (FROM alert: none when it was not), so the statement writes all of them or
 * none; the event's foreign key is checked at the statement's end, where the alert is visible.
 * Every value is a parameter of its column's type, as the other inserts send them (text
 * PostgreSQL cannot hold is replaced as there, pool.ts).
 */
function openSql(messages: number, withAnalysis: boolean): string {
  let next = ALERT_COLUMNS.length + 1;
  const eventAt = next;
  next += EVENT_COLUMNS.length;
  const analysisAt = next;
  if (withAnalysis) next += ANALYSIS_COLUMNS.length;
  const rows = Array.from({ length: messages }, (_, m) => `(${typedParams(OUTBOX_COLUMNS, OUTBOX_COLUMN_TYPES, next + m * OUTBOX_COLUMNS.length)})`);
  return `WITH alert AS (
    INSERT INTO alerts (${ALERT_COLUMNS.join(", ")}) VALUES (${ALERT_COLUMNS.map((_, i) => `$${i + 1}`).join(", ")})
    ON CONFLICT (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('open', 'acknowledged') DO NOTHING
    RETURNING id
  ), event AS (
    INSERT INTO alert_events (${EVENT_COLUMNS.join(", ")})
      SELECT ${EVENT_COLUMNS.map((_, i) => `$${eventAt + i}::text`).join(", ")} FROM alert
  )${
    withAnalysis
      ? `, analysis AS (
    INSERT INTO analyses (${ANALYSIS_COLUMNS.join(", ")}) SELECT ${typedParams(ANALYSIS_COLUMNS, ANALYSIS_COLUMN_TYPES, analysisAt)} FROM alert
  )`
      : ""
  }${
    messages > 0
      ? `, outbox AS (
    INSERT INTO webhook_outbox (${OUTBOX_COLUMNS.join(", ")})
      SELECT m.* FROM alert, (VALUES ${rows.join(", ")}) AS m (${OUTBOX_COLUMNS.join(", ")})
    ON CONFLICT DO NOTHING
  )`
      : ""
  }
  SELECT count(*)::int AS opened FROM alert`;
}

// One text per shape, made once: PostgreSQL prepares each text once per connection.
const statements = new Map<string, string>();

/**
 * Inserts `alert` with its event, outbox messages and (if any) the analysis recorded on it, in one
 * statement (atomic on its own, or part of the caller's transaction). False, with nothing
 * written: an active alert of the same key is committed, and that one is to be refreshed instead.
 */
export async function insertOpenedAlert(
  sql: Sql,
  opened: { alert: AlertRecord; event: AlertEventRecord; outbox: OutboxMessage[]; analysis?: AnalysisRecord },
): Promise<boolean> {
  const { alert, event, outbox, analysis } = opened;
  const shape = `${outbox.length}:${analysis ? 1 : 0}`;
  let text = statements.get(shape);
  if (text === undefined) statements.set(shape, (text = openSql(outbox.length, analysis !== undefined)));
  const params = [...valuesOf(ALERT_COLUMNS, alertToRow(alert)), ...valuesOf(EVENT_COLUMNS, eventToRow(event))];
  if (analysis) params.push(...valuesOf(ANALYSIS_COLUMNS, storedRow(analysis, alert.id)));
  for (const m of outbox) params.push(...valuesOf(OUTBOX_COLUMNS, m as unknown as Record<string, unknown>));
  const result = (await sql.unsafe(text, params)) as { opened: number }[];
  return result[0]!.opened === 1;
}
