import type { Migration } from "../../migrations/index.ts";
import { REAL, T } from "./types.ts";

// Alerts, their history, and the webhook outbox (one transaction writes all three).
export const m003_alerts: Migration = {
  version: 3,
  name: "alerts: alerts, alert history, webhook outbox",
  up: `
    CREATE TABLE alerts (
      id ${T} PRIMARY KEY,
      account_id ${T} NOT NULL,
      status ${T} NOT NULL CHECK (status IN ('open', 'acknowledged', 'resolved', 'dismissed')),
      severity ${T} NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
      title ${T} NOT NULL,
      description ${T},
      source ${T} NOT NULL CHECK (source IN ('api', 'analysis')),
      connector ${T},
      module ${T},
      transaction_id ${T},
      analysis_id ${T},
      risk_score ${REAL},
      anomalies ${T} NOT NULL DEFAULT '[]',
      metadata ${T} NOT NULL DEFAULT '{}',
      resolution ${T},
      dedupe_key ${T},
      created_by_key ${T},
      created_at ${T} NOT NULL,
      updated_at ${T} NOT NULL,
      acknowledged_at ${T},
      resolved_at ${T},
      dismissed_at ${T}
    );
    CREATE INDEX alerts_account ON alerts(account_id, id);
    CREATE INDEX alerts_account_status ON alerts(account_id, status, id);
    CREATE INDEX alerts_account_created ON alerts(account_id, created_at);
    -- At most one active alert per account, connector and transaction, however many nodes write.
    CREATE UNIQUE INDEX alerts_active_dedupe ON alerts(account_id, dedupe_key)
      WHERE dedupe_key IS NOT NULL AND status IN ('open', 'acknowledged');

    CREATE TABLE alert_events (
      id ${T} PRIMARY KEY,
      alert_id ${T} NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      account_id ${T} NOT NULL,
      type ${T} NOT NULL,
      from_status ${T},
      to_status ${T},
      resolution ${T},
      note ${T},
      changes ${T} NOT NULL DEFAULT '{}',
      actor_type ${T} NOT NULL,
      actor_key ${T},
      actor_account ${T},
      created_at ${T} NOT NULL
    );
    CREATE INDEX alert_events_alert ON alert_events(alert_id, id);

    CREATE TABLE webhook_outbox (
      id ${T} PRIMARY KEY,
      event_id ${T} NOT NULL,
      event_type ${T} NOT NULL,
      target ${T} NOT NULL,
      payload ${T} NOT NULL,
      status ${T} NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at ${T} NOT NULL,
      last_error ${T},
      last_status INTEGER,
      created_at ${T} NOT NULL,
      delivered_at ${T},
      UNIQUE (event_id, target)
    );
    CREATE INDEX webhook_outbox_pending ON webhook_outbox(status, target, id);
  `,
};
