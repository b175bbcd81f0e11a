// Usage counts per (account, key, minute) on PostgreSQL: additive upserts, so nodes add up.
import type { UsageRepository, UsageRow } from "../types.ts";
import { changes, rows, type PgDatabase } from "./pool.ts";

export class PgUsageRepository implements UsageRepository {
  constructor(private readonly db: PgDatabase) {}

  add(batch: UsageRow[]) {
    if (batch.length === 0) return Promise.resolve();
    return this.db.tx(async (tx) => {
      for (const r of batch) {
        await tx.unsafe(
          `INSERT INTO usage_minutes (account_id, key_id, minute, requests, limited, failed_auth) VALUES ($1, $2, $3, $4, $5, $6)
           ON CONFLICT (account_id, minute, key_id) DO UPDATE SET requests = usage_minutes.requests + EXCLUDED.requests,
             limited = usage_minutes.limited + EXCLUDED.limited, failed_auth = usage_minutes.failed_auth + EXCLUDED.failed_auth`,
          [r.account_id, r.key_id, r.minute, r.requests, r.limited, r.failed_auth],
        );
      }
    });
  }

  series(accountId: string, fromMinute: number, toMinute: number) {
    return this.db.run((sql) =>
      rows<UsageRow>(sql, "SELECT * FROM usage_minutes WHERE account_id = $1 AND minute >= $2 AND minute < $3 ORDER BY minute, key_id", [accountId, fromMinute, toMinute]),
    );
  }

  purge(beforeMinute: number) {
    return this.db.run((sql) => changes(sql, "DELETE FROM usage_minutes WHERE minute < $1", [beforeMinute]));
  }
}
