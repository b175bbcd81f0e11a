import type { Migration } from "../../migrations/index.ts";

// Reports stream an account's analyses in id order, one keyset page at a time.
export const m005_report_indexes: Migration = {
  version: 5,
  name: "reports: index to stream an account's analyses in order",
  up: `CREATE INDEX IF NOT EXISTS analyses_account_id ON analyses(account_id, id);`,
};
