import type { Migration } from "../../migrations/index.ts";
import { REAL, T } from "./types.ts";

export const m002_analyses: Migration = {
  version: 2,
  name: "analyses: every analysis recorded for reports",
  up: `
    CREATE TABLE analyses (
      id ${T} PRIMARY KEY,
      account_id ${T} NOT NULL,
      connector ${T} NOT NULL,
      module ${T} NOT NULL,
      transaction_id ${T},
      customer_id ${T},
      risk_score ${REAL} NOT NULL,
      risk_level ${T} NOT NULL,
      amount_at_risk ${REAL} NOT NULL,
      currency ${T},
      anomaly_codes ${T} NOT NULL,
      transactions_analyzed INTEGER NOT NULL,
      alert_id ${T},
      created_at ${T} NOT NULL,
      result ${T} NOT NULL
    );
    CREATE INDEX analyses_account_time ON analyses(account_id, created_at);
  `,
};
