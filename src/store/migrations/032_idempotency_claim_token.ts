import type { Migration } from "./index.ts";

// Each Idempotency-Key claim gets a token of its own, random per claim. The owner column names a
// process, and one process can hold two claims of one key in turn (a request that failed, then
// its retry): a completion, release or resource mark of the first must never land on the second.
// The write that answers a request, its completion and its release name the token, so each only
// ever touches the claim it belongs to (src/http/idempotency.ts, docs/reliability.md).
export const m032_idempotency_claim_token: Migration = {
  version: 32,
  name: "idempotency: a token per claim",
  up: `ALTER TABLE idempotency_keys ADD COLUMN token TEXT;`,
};
