import type { Migration } from "./index.ts";

// Idempotency claims get an owner (the process that holds them) and a lease, and the resource an
// idempotent request committed is recorded on its claim in the same transaction: a claim left
// behind by a killed process is then completed from that resource, or released, not kept
// "in progress" for the whole retention.
export const m006_idempotency_recovery: Migration = {
  version: 6,
  name: "idempotency: claim owner, lease and committed resource",
  up: `
    ALTER TABLE idempotency_keys ADD COLUMN owner TEXT;
    ALTER TABLE idempotency_keys ADD COLUMN lease_until TEXT;
    ALTER TABLE idempotency_keys ADD COLUMN resource TEXT;
    CREATE INDEX idempotency_unfinished ON idempotency_keys(status) WHERE status = 0;
  `,
};
