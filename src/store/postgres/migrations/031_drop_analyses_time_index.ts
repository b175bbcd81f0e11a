import type { Migration } from "../../migrations/index.ts";

// The unused (account_id, created_at) index of analyses (see the SQLite migration of the same number).
export const m031_drop_analyses_time_index: Migration = {
  version: 31,
  name: "analyses: drop the unused (account_id, created_at) index",
  up: `DROP INDEX IF EXISTS analyses_account_time;`,
};
