// Idempotency claims. The claim is one INSERT … ON CONFLICT that takes a free or expired key and
// leaves a live one alone, so two nodes receiving the same key at once cannot both claim it.
import type { IdempotencyRef, ResourceRef } from "../../domain/idempotency.ts";
import type { IdempotencyRecord, IdempotencyRepository } from "../types.ts";
import { changes, one, rows, type PgDatabase, type Sql } from "./pool.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

const fromRow = (r: Row): IdempotencyRecord => ({ ...r, headers: JSON.parse(r.headers) });

/** Records on an unfinished claim the resource its request wrote; call it in the resource's transaction. */
export async function markClaim(sql: Sql, claim: IdempotencyRef | undefined, resource: ResourceRef) {
  if (!claim) return;
  await sql.unsafe("UPDATE idempotency_keys SET resource = $1 WHERE account_id = $2 AND key = $3 AND status = 0", [resource, claim.account_id, claim.key]);
}

export class PgIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: PgDatabase) {}

  claim(record: IdempotencyRecord) {
    return this.db.run(async (sql) => {
      // A live claim can be released between our insert and our read: then claim again.
      for (let attempt = 0; ; attempt++) {
        const took = await one<{ key: string }>(
          sql,
          `INSERT INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at, owner, lease_until, resource)
           VALUES ($1, $2, $3, 0, '{}', '', $4, $5, $6, $7, NULL)
           ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = 0, headers = '{}',
             body = '', created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, owner = EXCLUDED.owner,
             lease_until = EXCLUDED.lease_until, resource = NULL
           WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
           RETURNING key`,
          [record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at, record.owner ?? null, record.lease_until ?? null],
        );
        if (took) return { claimed: true as const };
        const existing = await one<Row>(sql, "SELECT * FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND expires_at > $3", [
          record.account_id,
          record.key,
          record.created_at,
        ]);
        if (existing) return { claimed: false as const, existing: fromRow(existing) };
        if (attempt >= 5) throw new Error("idempotency key kept changing hands");
      }
    });
  }

  complete(accountId: string, key: string, status: number, headers: Record<string, string>, body: string, owner?: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        `UPDATE idempotency_keys SET status = $1, headers = $2, body = $3, owner = NULL, lease_until = NULL
         WHERE account_id = $4 AND key = $5 AND status = 0 AND ($6::text IS NULL OR owner = $6)`,
        [status, JSON.stringify(headers), body, accountId, key, owner ?? null],
      );
    });
  }

  release(accountId: string, key: string, owner?: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND status = 0 AND ($3::text IS NULL OR owner = $3)", [
        accountId,
        key,
        owner ?? null,
      ]);
    });
  }

  renew(owner: string, leaseUntil: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE idempotency_keys SET lease_until = $1 WHERE owner = $2 AND status = 0", [leaseUntil, owner]);
    });
  }

  unfinished(limit: number) {
    return this.db.run(async (sql) => (await rows<Row>(sql, "SELECT * FROM idempotency_keys WHERE status = 0 ORDER BY created_at LIMIT $1", [limit])).map(fromRow));
  }

  get(accountId: string, key: string) {
    return this.db.run(async (sql) => {
      const row = await one<Row>(sql, "SELECT * FROM idempotency_keys WHERE account_id = $1 AND key = $2", [accountId, key]);
      return row ? fromRow(row) : null;
    });
  }

  purgeExpired(now: string) {
    return this.db.run((sql) => changes(sql, "DELETE FROM idempotency_keys WHERE expires_at <= $1", [now]));
  }
}
