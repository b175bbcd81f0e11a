import type { Migration } from "./index.ts";

// analyses(account_id, created_at) was never used: every read of analyses goes by id, or by
// account in id order (analyses_account_id, migration 5), with a time range as a filter on that
// walk. It cost every recorded analysis a fourth B-tree insert: ~5 µs of CPU and a sixth of the
// bytes written to the WAL per analysis (docs/benchmarks.md).
export const m031_drop_analyses_time_index: Migration = {
  version: 31,
  name: "analyses: drop the unused (account_id, created_at) index",
  up: `DROP INDEX IF EXISTS analyses_account_time;`,
};
