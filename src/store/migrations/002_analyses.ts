import type { Migration } from "./index.ts";

export const m002_analyses: Migration = {
  version: 2,
  name: "analyses: every analysis recorded for reports",
  up: `
    CREATE TABLE analyses (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL,
      connector TEXT NOT NULL,
      module TEXT NOT NULL,
      transaction_id TEXT,
      customer_id TEXT,
      risk_score REAL NOT NULL,
      risk_level TEXT NOT NULL,
      amount_at_risk REAL NOT NULL,
      currency TEXT,
      anomaly_codes TEXT NOT NULL,
      transactions_analyzed INTEGER NOT NULL,
      alert_id TEXT,
      created_at TEXT NOT NULL,
      result TEXT NOT NULL
    );
    CREATE INDEX analyses_account_time ON analyses(account_id, created_at);
  `,
};
