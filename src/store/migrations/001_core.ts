import type { Migration } from "./index.ts";

export const m001_core: Migration = {
  version: 1,
  name: "core: accounts, api keys, idempotency",
  up: `
    CREATE TABLE accounts (
      id TEXT PRIMARY KEY,
      name TEXT NOT NULL,
      plan TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE TABLE api_keys (
      id TEXT PRIMARY KEY,
      account_id TEXT NOT NULL REFERENCES accounts(id),
      name TEXT,
      prefix TEXT NOT NULL,
      key_hash TEXT NOT NULL UNIQUE,
      secret_enc BLOB NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT,
      revoked_at TEXT,
      rotated_to TEXT
    );
    CREATE INDEX api_keys_account ON api_keys(account_id);
    CREATE TABLE idempotency_keys (
      account_id TEXT NOT NULL,
      key TEXT NOT NULL,
      fingerprint TEXT NOT NULL,
      status INTEGER NOT NULL,
      headers TEXT NOT NULL,
      body TEXT NOT NULL,
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      PRIMARY KEY (account_id, key)
    );
    CREATE INDEX idempotency_expiry ON idempotency_keys(expires_at);
  `,
};
