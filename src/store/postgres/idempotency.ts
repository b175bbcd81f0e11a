// Idempotency claims. The claim is one INSERT … ON CONFLICT that takes a free or expired key and
// leaves a live one alone, so two nodes receiving the same key at once cannot both claim it.
import type { IdempotencyRecord, IdempotencyRepository } from "../types.ts";
import { changes, one, type PgDatabase } from "./pool.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

export class PgIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: PgDatabase) {}

  claim(record: IdempotencyRecord) {
    return this.db.run(async (sql) => {
      // A live claim can be released between our insert and our read: then claim again.
      for (let attempt = 0; ; attempt++) {
        const took = await one<{ key: string }>(
          sql,
          `INSERT INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at)
           VALUES ($1, $2, $3, 0, '{}', '', $4, $5)
           ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = 0, headers = '{}',
             body = '', created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at
           WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
           RETURNING key`,
          [record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at],
        );
        if (took) return { claimed: true as const };
        const existing = await one<Row>(
          sql,
          "SELECT * FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > $3",
          [record.account_id, record.key, record.created_at],
        );
        if (existing) return { claimed: false as const, existing: { ...existing, headers: JSON.parse(existing.headers) } };
        if (attempt >= 5) throw new Error("idempotency key kept changing hands");
      }
    });
  }

  complete(accountId: string, key: string, status: number, headers: Record<string, string>, body: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE idempotency_keys SET status = $1, headers = $2, body = $3 WHERE account_id = $4 AND key = $5", [
        status,
        JSON.stringify(headers),
        body,
        accountId,
        key,
      ]);
    });
  }

  release(accountId: string, key: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status = 0", [accountId, key]);
    });
  }

  purgeExpired(now: string) {
    return this.db.run((sql) => changes(sql, "DELETE FROM idempotency_keys WHERE expires_at <= $1", [now]));
  }
}
