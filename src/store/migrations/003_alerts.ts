import type { Migration } from "./index.ts";

// Alerts, their history, and the webhook outbox. The outbox lives beside the alerts so that an
// alert change and its notifications commit in one transaction: a crash loses neither or both.
export const m003_alerts: Migration = {
  version: 3,
  name: "alerts: alerts, alert history, webhook outbox",
  up: `
    CREATE TABLE alerts (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      status TEXT NOT NULL CHECK (status IN ('open', 'acknowledged', 'resolved', 'dismissed')),
      severity TEXT NOT NULL CHECK (severity IN ('low', 'medium', 'high', 'critical')),
      title TEXT NOT NULL,
      description TEXT,
      source TEXT NOT NULL CHECK (source IN ('api', 'analysis')),
      connector TEXT,
      module TEXT,
      transaction_id TEXT,
      analysis_id TEXT,
      risk_score REAL,
      anomalies TEXT NOT NULL DEFAULT '[]',
      metadata TEXT NOT NULL DEFAULT '{}',
      resolution TEXT,
      -- Set on alerts opened from analyses: connector + transaction, for de-duplication.
      dedupe_key TEXT,
      created_by_key TEXT,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      acknowledged_at TEXT,
      resolved_at TEXT,
      dismissed_at TEXT
    );
    CREATE INDEX alerts_account ON alerts(account_id, id);
    CREATE INDEX alerts_account_status ON alerts(account_id, status, id);
    CREATE INDEX alerts_account_created ON alerts(account_id, created_at);
    -- At most one active (open or acknowledged) alert per account, connector and transaction,
    -- whatever the number of processes writing: the database refuses the duplicate.
    CREATE UNIQUE INDEX alerts_active_dedupe ON alerts(account_id, dedupe_key)
      WHERE dedupe_key IS NOT NULL AND status IN ('open', 'acknowledged');

    CREATE TABLE alert_events (
      id TEXT PRIMARY KEY,
      alert_id TEXT NOT NULL REFERENCES alerts(id) ON DELETE CASCADE,
      account_id TEXT NOT NULL,
      type TEXT NOT NULL,
      from_status TEXT,
      to_status TEXT,
      resolution TEXT,
      note TEXT,
      changes TEXT NOT NULL DEFAULT '{}',
      actor_type TEXT NOT NULL,
      actor_key TEXT,
      actor_account TEXT,
      created_at TEXT NOT NULL
    );
    CREATE INDEX alert_events_alert ON alert_events(alert_id, id);

    CREATE TABLE webhook_outbox (
      id TEXT PRIMARY KEY,
      event_id TEXT NOT NULL,
      event_type TEXT NOT NULL,
      target TEXT NOT NULL,
      payload TEXT NOT NULL,
      status TEXT NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'dead')),
      attempts INTEGER NOT NULL DEFAULT 0,
      next_attempt_at TEXT NOT NULL,
      last_error TEXT,
      last_status INTEGER,
      created_at TEXT NOT NULL,
      delivered_at TEXT,
      UNIQUE (event_id, target)
    );
    CREATE INDEX webhook_outbox_pending ON webhook_outbox(status, target, id);
  `,
};
