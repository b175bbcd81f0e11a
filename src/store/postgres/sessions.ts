// Dashboard sessions, keyed by the SHA-256 of the cookie's id, on PostgreSQL (as sqlite/sessions.ts).
import type { SessionRecord, SessionRepository } from "../types.ts";
import { changes, insertOf, one, type PgDatabase } from "./pool.ts";

const COLUMNS = ["id_hash", "user_id", "csrf_token", "created_at", "last_seen_at", "expires_at"] as const;

export class PgSessionRepository implements SessionRepository {
  constructor(private readonly db: PgDatabase) {}

  create(session: SessionRecord) {
    return this.db.run(async (sql) => {
      const q = insertOf("user_sessions", COLUMNS, session as unknown as Record<string, unknown>);
      await sql.unsafe(q.text, q.params);
    });
  }

  get(idHash: string) {
    return this.db.run((sql) => one<SessionRecord>(sql, "SELECT * FROM user_sessions WHERE id_hash = $1", [idHash]));
  }

  touch(idHash: string, at: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE user_sessions SET last_seen_at = $1 WHERE id_hash = $2", [at, idHash]);
    });
  }

  delete(idHash: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("DELETE FROM user_sessions WHERE id_hash = $1", [idHash]);
    });
  }

  deleteForUser(userId: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("DELETE FROM user_sessions WHERE user_id = $1", [userId]);
    });
  }

  purge(now: string, idleBefore: string) {
    return this.db.run((sql) => changes(sql, "DELETE FROM user_sessions WHERE expires_at <= $1 OR last_seen_at < $2", [now, idleBefore]));
  }
}
