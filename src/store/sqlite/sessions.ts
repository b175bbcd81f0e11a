// Dashboard sessions, keyed by the SHA-256 of the cookie's id.
import type { Database } from "bun:sqlite";
import type { SessionRecord, SessionRepository } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteSessionRepository implements SessionRepository {
  constructor(private readonly db: Database) {}

  create(session: SessionRecord) {
    return guarded(() => {
      this.db
        .query(
          `INSERT INTO user_sessions (id_hash, user_id, csrf_token, created_at, last_seen_at, expires_at)
           VALUES ($id_hash, $user_id, $csrf_token, $created_at, $last_seen_at, $expires_at)`,
        )
        .run(session as never);
    });
  }

  get(idHash: string) {
    return guarded(() => this.db.query<SessionRecord, [string]>("SELECT * FROM user_sessions WHERE id_hash = ?").get(idHash));
  }

  touch(idHash: string, at: string) {
    return guarded(() => {
      this.db.query("UPDATE user_sessions SET last_seen_at = ? WHERE id_hash = ?").run(at, idHash);
    });
  }

  delete(idHash: string) {
    return guarded(() => {
      this.db.query("DELETE FROM user_sessions WHERE id_hash = ?").run(idHash);
    });
  }

  deleteForUser(userId: string) {
    return guarded(() => {
      this.db.query("DELETE FROM user_sessions WHERE user_id = ?").run(userId);
    });
  }

  purge(now: string, idleBefore: string) {
    return guarded(() => this.db.query("DELETE FROM user_sessions WHERE expires_at <= ? OR last_seen_at < ?").run(now, idleBefore).changes);
  }
}
