import type { Migration } from "./index.ts";

// State several nodes must share: the replay guard (one row per signed request seen inside its
// timestamp window; a row whose expiry has passed may be taken again), and a lease on running
// reports, renewed while the report runs, so a node can tell a dead runner on another host.
export const m030_shared_state: Migration = {
  version: 30,
  name: "shared state: replay guard, report leases",
  up: `
    CREATE TABLE replay_guard (
      key TEXT PRIMARY KEY,
      expires_at TEXT NOT NULL
    );
    CREATE INDEX replay_guard_expiry ON replay_guard(expires_at);
    ALTER TABLE reports ADD COLUMN lease_until TEXT;
  `,
};
