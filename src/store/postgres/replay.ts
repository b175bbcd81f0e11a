import type { ReplayRepository } from "../types.ts";
import { changes, one, type PgDatabase } from "./pool.ts";

/** The replay guard shared by every node: one INSERT … ON CONFLICT decides who saw a request first. */
export class PgReplayRepository implements ReplayRepository {
  constructor(private readonly db: PgDatabase) {}

  firstSeen(key: string, expiresAt: string, now: string) {
    return this.db.run(
      async (sql) =>
        (await one(
          sql,
          `INSERT INTO replay_guard (key, expires_at) VALUES ($1, $2)
           ON CONFLICT (key) DO UPDATE SET expires_at = EXCLUDED.expires_at WHERE replay_guard.expires_at <= $3
           RETURNING key`,
          [key, expiresAt, now],
        )) !== null,
    );
  }

  async forget(key: string) {
    await this.db.run((sql) => changes(sql, "DELETE FROM replay_guard WHERE key = $1", [key]));
  }

  purge(now: string) {
    return this.db.run((sql) => changes(sql, "DELETE FROM replay_guard WHERE expires_at <= $1", [now]));
  }
}
