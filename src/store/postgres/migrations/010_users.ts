import type { Migration } from "../../migrations/index.ts";
import { T } from "./types.ts";

// Dashboard users, sessions, setup tokens and the audit log (see the SQLite migration of the same number).
export const m010_users: Migration = {
  version: 10,
  name: "dashboard: users, sessions, setup tokens, audit events",
  up: `
    CREATE TABLE users (
      id ${T} PRIMARY KEY,
      email ${T} NOT NULL UNIQUE,
      account_id ${T} NOT NULL REFERENCES accounts(id),
      role ${T} NOT NULL,
      password_hash ${T},
      status ${T} NOT NULL,
      created_at ${T} NOT NULL,
      updated_at ${T} NOT NULL,
      last_sign_in_at ${T}
    );
    CREATE INDEX users_account ON users(account_id);
    CREATE TABLE user_sessions (
      id_hash ${T} PRIMARY KEY,
      user_id ${T} NOT NULL REFERENCES users(id),
      csrf_token ${T} NOT NULL,
      created_at ${T} NOT NULL,
      last_seen_at ${T} NOT NULL,
      expires_at ${T} NOT NULL
    );
    CREATE INDEX user_sessions_user ON user_sessions(user_id);
    CREATE TABLE user_setup_tokens (
      token_hash ${T} PRIMARY KEY,
      user_id ${T} NOT NULL REFERENCES users(id),
      created_at ${T} NOT NULL,
      expires_at ${T} NOT NULL,
      used_at ${T}
    );
    CREATE INDEX user_setup_tokens_user ON user_setup_tokens(user_id);
    CREATE TABLE audit_events (
      id ${T} PRIMARY KEY,
      type ${T} NOT NULL,
      account_id ${T},
      actor_type ${T} NOT NULL,
      actor_id ${T},
      target ${T},
      ip ${T},
      details ${T} NOT NULL,
      created_at ${T} NOT NULL
    );
    CREATE INDEX audit_events_account ON audit_events(account_id, id);
    ALTER TABLE api_keys ADD COLUMN last_used_at ${T};
  `,
};
