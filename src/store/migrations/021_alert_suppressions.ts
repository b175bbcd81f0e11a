import type { Migration } from "./index.ts";

// Dismissed-as-false-positive patterns: an alert closed with resolution false_positive records
// its connector, finding codes and entity (the customer, else the transaction); auto-alerting
// does not open another alert for the same pattern. Reopening the alert lifts it.
export const m021_alert_suppressions: Migration = {
  version: 21,
  name: "alert suppressions from false-positive resolutions",
  up: `
    CREATE TABLE alert_suppressions (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      connector TEXT NOT NULL,
      codes TEXT NOT NULL,
      entity TEXT NOT NULL,
      alert_id TEXT NOT NULL,
      created_at TEXT NOT NULL,
      UNIQUE (account_id, connector, codes, entity)
    );
    CREATE INDEX alert_suppressions_alert ON alert_suppressions(alert_id);
  `,
};
