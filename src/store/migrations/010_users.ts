import type { Migration } from "./index.ts";

// Dashboard users, their sessions and setup links, and the audit log (issue 13). Session ids and
// setup tokens are stored as SHA-256 hex: a copy of the database opens no session.
export const m010_users: Migration = {
  version: 10,
  name: "dashboard: users, sessions, setup tokens, audit events",
  up: `
    CREATE TABLE users (
      id TEXT PRIMARY KEY,
      email TEXT NOT NULL UNIQUE,
      account_id TEXT NOT NULL REFERENCES accounts(id),
      role TEXT NOT NULL,
      password_hash TEXT,
      status TEXT NOT NULL,
      created_at TEXT NOT NULL,
      updated_at TEXT NOT NULL,
      last_sign_in_at TEXT
    );
    CREATE INDEX users_account ON users(account_id);
    CREATE TABLE user_sessions (
      id_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      csrf_token TEXT NOT NULL,
      created_at TEXT NOT NULL,
      last_seen_at TEXT NOT NULL,
      expires_at TEXT NOT NULL
    );
    CREATE INDEX user_sessions_user ON user_sessions(user_id);
    CREATE TABLE user_setup_tokens (
      token_hash TEXT PRIMARY KEY,
      user_id TEXT NOT NULL REFERENCES users(id),
      created_at TEXT NOT NULL,
      expires_at TEXT NOT NULL,
      used_at TEXT
    );
    CREATE INDEX user_setup_tokens_user ON user_setup_tokens(user_id);
    CREATE TABLE audit_events (
      id TEXT PRIMARY KEY,
      type TEXT NOT NULL,
      account_id TEXT,
      actor_type TEXT NOT NULL,
      actor_id TEXT,
      target TEXT,
      ip TEXT,
      details TEXT NOT NULL,
      created_at TEXT NOT NULL
    );
    CREATE INDEX audit_events_account ON audit_events(account_id, id);
    ALTER TABLE api_keys ADD COLUMN last_used_at TEXT;
  `,
};
