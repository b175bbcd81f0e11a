import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

export const m001_core: Migration = {
  version: 1,
  name: "core: accounts, api keys, idempotency",
  up: `
    CREATE TABLE accounts (
      id ${T} PRIMARY KEY,
      name ${T} NOT NULL,
      plan ${T} NOT NULL,
      created_at ${T} NOT NULL
    );
    CREATE TABLE api_keys (
      id ${T} PRIMARY KEY,
      account_id ${T} NOT NULL REFERENCES accounts(id),
      name ${T},
      prefix ${T} NOT NULL,
      key_hash ${T} NOT NULL UNIQUE,
      secret_enc BYTEA NOT NULL,
      created_at ${T} NOT NULL,
      expires_at ${T},
      revoked_at ${T},
      rotated_to ${T}
    );
    CREATE INDEX api_keys_account ON api_keys(account_id);
    CREATE TABLE idempotency_keys (
      account_id ${T} NOT NULL,
      key ${T} NOT NULL,
      fingerprint ${T} NOT NULL,
      status INTEGER NOT NULL,
      headers ${T} NOT NULL,
      body ${T} NOT NULL,
      created_at ${T} NOT NULL,
      expires_at ${T} NOT NULL,
      PRIMARY KEY (account_id, key)
    );
    CREATE INDEX idempotency_expiry ON idempotency_keys(expires_at);
  `,
};
