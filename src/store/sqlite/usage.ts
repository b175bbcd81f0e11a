// Usage counts per (account, key, minute): additive upserts, so nodes sharing the database add up.
import type { Database } from "bun:sqlite";
import type { UsageRepository, UsageRow } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteUsageRepository implements UsageRepository {
  constructor(private readonly db: Database) {}

  add(rows: UsageRow[]) {
    return guarded(() => {
      if (rows.length === 0) return;
      const upsert = this.db.query(
        `INSERT INTO usage_minutes (account_id, key_id, minute, requests, limited, failed_auth)
         VALUES ($account_id, $key_id, $minute, $requests, $limited, $failed_auth)
         ON CONFLICT (account_id, minute, key_id) DO UPDATE SET
           requests = requests + excluded.requests, limited = limited + excluded.limited, failed_auth = failed_auth + excluded.failed_auth`,
      );
      this.db.transaction(() => {
        for (const row of rows) upsert.run(row as never);
      })();
    });
  }

  series(accountId: string, fromMinute: number, toMinute: number) {
    return guarded(() =>
      this.db
        .query<UsageRow, [string, number, number]>("SELECT * FROM usage_minutes WHERE account_id = ? AND minute >= ? AND minute < ? ORDER BY minute, key_id")
        .all(accountId, fromMinute, toMinute),
    );
  }

  purge(beforeMinute: number) {
    return guarded(() => this.db.query("DELETE FROM usage_minutes WHERE minute < ?").run(beforeMinute).changes);
  }
}
