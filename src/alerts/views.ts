// The public views of stored alerts and their events (the response schemas are in
// src/api/alerts/model.ts and must describe exactly these shapes).
import type { AlertEventRecord, AlertRecord } from "../store/types.ts";
import type { Severity } from "../domain/analysis.ts";

/** A stored alert as clients see it: the record without its internal columns. */
export type AlertView = Omit<AlertRecord, "account_id" | "dedupe_key" | "created_by_key" | "severity"> & {
  object: "alert";
  severity: Severity;
  history_url: string;
};

/** One entry of an alert's history as clients see it. */
export type AlertEventView = Pick<AlertEventRecord, "id" | "type" | "from_status" | "to_status" | "resolution" | "note" | "changes" | "created_at"> & {
  object: "alert_event";
  alert: string;
  /** `user` (the dashboard user's id) only when type is "user". */
  actor: { type: AlertEventRecord["actor_type"]; key: string | null; account: string | null; user?: string };
};

export function alertView(a: AlertRecord): AlertView {
  return {
    id: a.id,
    object: "alert",
    status: a.status,
    severity: a.severity as AlertView["severity"],
    title: a.title,
    description: a.description,
    source: a.source,
    connector: a.connector,
    module: a.module,
    transaction_id: a.transaction_id,
    analysis_id: a.analysis_id,
    risk_score: a.risk_score,
    anomalies: a.anomalies,
    metadata: a.metadata,
    resolution: a.resolution,
    created_at: a.created_at,
    updated_at: a.updated_at,
    acknowledged_at: a.acknowledged_at,
    resolved_at: a.resolved_at,
    dismissed_at: a.dismissed_at,
    history_url: `/v1/alerts/${a.id}/history`,
  };
}

export function alertEventView(e: AlertEventRecord): AlertEventView {
  return {
    id: e.id,
    object: "alert_event",
    alert: e.alert_id,
    type: e.type,
    from_status: e.from_status,
    to_status: e.to_status,
    resolution: e.resolution,
    note: e.note,
    changes: e.changes,
    actor: { type: e.actor_type, key: e.actor_key, account: e.actor_account, ...(e.actor_user ? { user: e.actor_user } : {}) },
    created_at: e.created_at,
  };
}
