import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// Replay guard rows and report leases (see the SQLite migration of the same number).
export const m030_shared_state: Migration = {
  version: 30,
  name: "shared state: replay guard, report leases",
  up: `
    CREATE TABLE replay_guard (
      key ${T} PRIMARY KEY,
      expires_at ${T} NOT NULL
    );
    CREATE INDEX replay_guard_expiry ON replay_guard(expires_at);
    ALTER TABLE reports ADD COLUMN lease_until ${T};
  `,
};
