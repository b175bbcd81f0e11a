import type { Database } from "bun:sqlite";
import type { ReplayRepository } from "../types.ts";
import { guarded } from "./database.ts";

/** The replay guard in the database: one upsert decides, so concurrent writers agree. */
export class SqliteReplayRepository implements ReplayRepository {
  constructor(private readonly db: Database) {}

  firstSeen(key: string, expiresAt: string, now: string) {
    return guarded(
      () =>
        this.db
          .query(
            `INSERT INTO replay_guard (key, expires_at) VALUES (?1, ?2)
             ON CONFLICT (key) DO UPDATE SET expires_at = excluded.expires_at WHERE replay_guard.expires_at <= ?3
             RETURNING key`,
          )
          .get(key, expiresAt, now) !== null,
    );
  }

  forget(key: string) {
    return guarded(() => {
      this.db.query("DELETE FROM replay_guard WHERE key = ?").run(key);
    });
  }

  purge(now: string) {
    return guarded(() => this.db.query("DELETE FROM replay_guard WHERE expires_at <= ?").run(now).changes);
  }

  keepAll(entries: { key: string; expires_at: string }[]) {
    return guarded(() => {
      this.db.transaction(() => {
        this.db.run("DELETE FROM replay_guard");
        const insert = this.db.query("INSERT OR REPLACE INTO replay_guard (key, expires_at) VALUES (?1, ?2)");
        for (const e of entries) insert.run(e.key, e.expires_at);
      })();
    });
  }

  takeAll(now: string) {
    return guarded(() =>
      this.db.transaction(() => {
        const rows = this.db.query<{ key: string; expires_at: string }, [string]>("SELECT key, expires_at FROM replay_guard WHERE expires_at > ?").all(now);
        this.db.run("DELETE FROM replay_guard");
        return rows;
      })(),
    );
  }
}
