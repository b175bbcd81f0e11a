// Opening an alert on PostgreSQL in one statement: the alert, its `created` event, its webhook
// messages and the analysis that caused it. A risky analysis of a transaction not seen before
// (the common case of a ledger's traffic) then costs one statement after the probe instead of a
// transaction of up to nine round trips (BEGIN, the per-key advisory lock, the locked read, the
// alert, its event, each webhook message, the analysis, COMMIT).
import type { AlertEventRecord, AlertRecord, AnalysisRecord, OutboxMessage } from "../types.ts";
import { ALERT_COLUMNS, alertToRow, EVENT_COLUMNS, eventToRow } from "../alert-rows.ts";
import { ANALYSIS_COLUMNS, storedRow } from "./analyses.ts";
import { OUTBOX_COLUMNS } from "./outbox.ts";
import type { Sql } from "./pool.ts";

const list = (columns: readonly string[], prefix = "") => columns.map((c) => prefix + c).join(", ");

/**
 * Each row travels as one JSON parameter read as the table's row type (json_populate_record), so
 * every column keeps its type without a cast per parameter; the parameter is sent as text (typed
 * json, Bun.SQL would send the string as a JSON string). The alert is inserted unless the
 * active index already holds an alert of its key: ON CONFLICT waits for a concurrent opener of the
 * key to commit or roll back, then decides. The other rows are inserted only with the alert (FROM
 * alert: none when it was not), so the statement writes all of them or none. The event's foreign
 * key is checked at the statement's end, where the alert is visible.
 */
const OPEN_SQL = `WITH alert AS (
    INSERT INTO alerts (${list(ALERT_COLUMNS)})
      SELECT ${list(ALERT_COLUMNS, "a.")} FROM json_populate_record(NULL::alerts, $1::text::json) a
    ON CONFLICT (account_id, dedupe_key) WHERE dedupe_key IS NOT NULL AND status IN ('open', 'acknowledged') DO NOTHING
    RETURNING id
  ), event AS (
    INSERT INTO alert_events (${list(EVENT_COLUMNS)})
      SELECT ${list(EVENT_COLUMNS, "e.")} FROM alert, json_populate_record(NULL::alert_events, $2::text::json) e
  ), outbox AS (
    INSERT INTO webhook_outbox (${list(OUTBOX_COLUMNS)})
      SELECT ${list(OUTBOX_COLUMNS, "o.")} FROM alert, json_populate_recordset(NULL::webhook_outbox, $3::text::json) o
    ON CONFLICT DO NOTHING
  ), analysis AS (
    INSERT INTO analyses (${list(ANALYSIS_COLUMNS)})
      SELECT ${list(ANALYSIS_COLUMNS, "r.")} FROM alert, json_populate_record(NULL::analyses, $4::text::json) r WHERE $4::text IS NOT NULL
  )
  SELECT count(*)::int AS opened FROM alert`;

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
  const result = (await sql.unsafe(OPEN_SQL, [
    JSON.stringify(alertToRow(alert)),
    JSON.stringify(eventToRow(event)),
    JSON.stringify(outbox),
    analysis ? JSON.stringify(storedRow(analysis, alert.id)) : null,
  ])) as { opened: number }[];
  return result[0]!.opened === 1;
}
