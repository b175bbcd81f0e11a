import type { Database } from "bun:sqlite";
import type { IdempotencyRecord, IdempotencyRepository } from "../types.ts";
import { guarded } from "./database.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

export class SqliteIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: Database) {}

  claim(record: IdempotencyRecord) {
    return guarded(() =>
      this.db.transaction(() => {
        const existing = this.db
          .query<Row, [string, string, string]>(
            "SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ? AND expires_at > ?",
          )
          .get(record.account_id, record.key, record.created_at);
        if (existing) return { claimed: false as const, existing: { ...existing, headers: JSON.parse(existing.headers) } };
        this.db
          .query(
            `INSERT OR REPLACE INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at)
             VALUES (?, ?, ?, 0, '{}', '', ?, ?)`,
          )
          .run(record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at);
        return { claimed: true as const };
      }).immediate(),
    );
  }

  complete(accountId: string, key: string, status: number, headers: Record<string, string>, body: string) {
    return guarded(() => {
      this.db
        .query("UPDATE idempotency_keys SET status = ?, headers = ?, body = ? WHERE account_id = ? AND key = ?")
        .run(status, JSON.stringify(headers), body, accountId, key);
    });
  }

  release(accountId: string, key: string) {
    return guarded(() => {
      this.db.query("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status = 0").run(accountId, key);
    });
  }

  purgeExpired(now: string) {
    return guarded(() => this.db.query("DELETE FROM idempotency_keys WHERE expires_at <= ?").run(now).changes);
  }
}
