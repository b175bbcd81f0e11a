// The public views of stored alerts and their events (the response schemas are in
// src/api/alerts/model.ts and must describe exactly these shapes).
import type { AlertEventRecord, AlertRecord, AlertStatus } from "../store/types.ts";
import type { Severity } from "../domain/analysis.ts";

export interface AlertView {
  id: string;
  object: "alert";
  status: AlertStatus;
  severity: Severity;
  title: string;
  description: string | null;
  source: "api" | "analysis";
  connector: string | null;
  module: string | null;
  transaction_id: string | null;
  analysis_id: string | null;
  risk_score: number | null;
  anomalies: unknown[];
  metadata: Record<string, unknown>;
  resolution: string | null;
  created_at: string;
  updated_at: string;
  acknowledged_at: string | null;
  resolved_at: string | null;
  dismissed_at: string | null;
  history_url: string;
}

export interface AlertEventView {
  id: string;
  object: "alert_event";
  alert: string;
  type: string;
  from_status: string | null;
  to_status: string | null;
  resolution: string | null;
  note: string | null;
  changes: Record<string, unknown>;
  actor: { type: "api_key" | "system"; key: string | null; account: string | null };
  created_at: string;
}

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
    actor: { type: e.actor_type, key: e.actor_key, account: e.actor_account },
    created_at: e.created_at,
  };
}
