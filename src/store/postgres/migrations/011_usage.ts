import type { Migration } from "../../migrations/index.ts";

// Requests per (account, key, minute), added to by every node (see the SQLite migration of the same number).
export const m011_usage: Migration = {
  version: 11,
  name: "dashboard: usage per account, key and minute",
  up: `
    CREATE TABLE usage_minutes (
      account_id TEXT COLLATE "C" NOT NULL,
      key_id TEXT COLLATE "C" NOT NULL,
      minute INTEGER NOT NULL,
      requests INTEGER NOT NULL,
      limited INTEGER NOT NULL,
      failed_auth INTEGER NOT NULL,
      PRIMARY KEY (account_id, minute, key_id)
    );
    CREATE INDEX usage_minutes_minute ON usage_minutes(minute);
  `,
};
