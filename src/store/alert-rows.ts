// How alerts and their history events are laid out as rows, shared by the SQLite and PostgreSQL
// repositories: both keep anomalies, metadata and changes as JSON text in the same columns.
import type { AlertEventRecord, AlertRecord } from "./types.ts";

export interface AlertRow extends Omit<AlertRecord, "anomalies" | "metadata"> {
  anomalies: string;
  metadata: string;
}

export interface EventRow extends Omit<AlertEventRecord, "changes"> {
  changes: string;
}

export const ALERT_COLUMNS = [
  "id", "account_id", "status", "severity", "title", "description", "source", "connector", "module", "transaction_id",
  "analysis_id", "risk_score", "anomalies", "metadata", "resolution", "dedupe_key", "created_by_key", "created_at",
  "updated_at", "acknowledged_at", "resolved_at", "dismissed_at",
] as const;

export const EVENT_COLUMNS = [
  "id", "alert_id", "account_id", "type", "from_status", "to_status", "resolution", "note", "changes", "actor_type",
  "actor_key", "actor_account", "actor_user", "created_at",
] as const;

/** Columns a change may write: everything but the identity and the creation time. */
export const PATCHABLE_COLUMNS = new Set<string>(ALERT_COLUMNS.filter((c) => c !== "id" && c !== "account_id" && c !== "created_at"));

export const alertFromRow = (r: AlertRow): AlertRecord => ({ ...r, anomalies: JSON.parse(r.anomalies), metadata: JSON.parse(r.metadata) });

export const alertToRow = (a: Partial<AlertRecord>): Record<string, unknown> => ({
  ...a,
  ...(a.anomalies !== undefined ? { anomalies: JSON.stringify(a.anomalies) } : {}),
  ...(a.metadata !== undefined ? { metadata: JSON.stringify(a.metadata) } : {}),
});

export const eventToRow = (e: AlertEventRecord): Record<string, unknown> => ({ ...e, changes: JSON.stringify(e.changes) });

export const eventFromRow = (r: EventRow): AlertEventRecord => ({ ...r, changes: JSON.parse(r.changes) });
