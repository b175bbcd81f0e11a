import type { Migration } from "./index.ts";

// Requests per (account, key, minute) for the dashboard's usage page. Each node adds its counts
// (upsert with +), so several nodes share one table. key_id '' = no known key; account_id '' =
// no known account (failed authentications with an unknown key).
export const m011_usage: Migration = {
  version: 11,
  name: "dashboard: usage per account, key and minute",
  up: `
    CREATE TABLE usage_minutes (
      account_id TEXT NOT NULL,
      key_id TEXT NOT NULL,
      minute INTEGER NOT NULL,
      requests INTEGER NOT NULL,
      limited INTEGER NOT NULL,
      failed_auth INTEGER NOT NULL,
      PRIMARY KEY (account_id, minute, key_id)
    );
    CREATE INDEX usage_minutes_minute ON usage_minutes(minute);
  `,
};
