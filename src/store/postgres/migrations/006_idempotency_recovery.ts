import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// Idempotency claims get an owner, a lease, and the resource their request committed (see the
// SQLite migration of the same number).
export const m006_idempotency_recovery: Migration = {
  version: 6,
  name: "idempotency: claim owner, lease and committed resource",
  up: `
    ALTER TABLE idempotency_keys ADD COLUMN owner ${T};
    ALTER TABLE idempotency_keys ADD COLUMN lease_until ${T};
    ALTER TABLE idempotency_keys ADD COLUMN resource ${T};
    CREATE INDEX idempotency_unfinished ON idempotency_keys(status) WHERE status = 0;
  `,
};
