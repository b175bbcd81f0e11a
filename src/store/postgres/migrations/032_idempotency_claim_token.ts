import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// A token per Idempotency-Key claim (see the SQLite migration of the same number).
export const m032_idempotency_claim_token: Migration = {
  version: 32,
  name: "idempotency: a token per claim",
  up: `ALTER TABLE idempotency_keys ADD COLUMN token ${T};`,
};
