// Idempotency claims. The claim is one INSERT … ON CONFLICT that takes a free or expired key and
// leaves a live one alone, so two nodes receiving the same key at once cannot both claim it.
import type { ClaimHolder, IdempotencyRef, ResourceRef } from "../../domain/idempotency.ts";
import { IdempotencyClaimLostError, type IdempotencyRecord, type IdempotencyRepository } from "../types.ts";
import { changes, one, rows, type PgDatabase, type Sql } from "./pool.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

const fromRow = (r: Row): IdempotencyRecord => ({ ...r, headers: JSON.parse(r.headers) });

/**
 * Records on its unfinished claim the resource a request wrote; call it in the resource's
 * transaction. When the claim is gone (released by a recovery that took it for abandoned) or
 * already points at a resource, it throws, and the transaction and its write roll back: the
 * UPDATE and a release's DELETE lock the same row, so exactly one of the two takes effect.
 */
export async function markClaim(sql: Sql, claim: IdempotencyRef | undefined, resource: ResourceRef) {
  if (!claim) return;
  const marked = await changes(
    sql,
    "UPDATE idempotency_keys SET resource = $1 WHERE account_id = $2 AND key = $3 AND token = $4 AND status = 0 AND resource IS NULL",
    [resource, claim.account_id, claim.key, claim.token],
  );
  if (marked !== 1) throw new IdempotencyClaimLostError(claim.key);
}

/** The unfinished claim a holder names: by its token, or (a claim made before tokens) by its owner. */
const HELD_BY = "status = 0 AND token IS NOT DISTINCT FROM $3::text AND owner IS NOT DISTINCT FROM $4::text";

export class PgIdempotencyRepository implements IdempotencyRepository {
  constructor(private readonly db: PgDatabase) {}

  claim(record: IdempotencyRecord) {
    return this.db.run(async (sql) => {
      // A live claim can be released between our insert and our read: then claim again.
      for (let attempt = 0; ; attempt++) {
        const took = await one<{ key: string }>(
          sql,
          `INSERT INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at, owner, lease_until, resource, token)
           VALUES ($1, $2, $3, 0, '{}', '', $4, $5, $6, $7, NULL, $8)
           ON CONFLICT (account_id, key) DO UPDATE SET fingerprint = EXCLUDED.fingerprint, status = 0, headers = '{}',
             body = '', created_at = EXCLUDED.created_at, expires_at = EXCLUDED.expires_at, owner = EXCLUDED.owner,
             lease_until = EXCLUDED.lease_until, resource = NULL, token = EXCLUDED.token
           WHERE idempotency_keys.expires_at <= EXCLUDED.created_at
           RETURNING key`,
          [record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at, record.owner ?? null, record.lease_until ?? null, record.token ?? null],
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

  complete(accountId: string, key: string, holder: ClaimHolder, status: number, headers: Record<string, string>, body: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe(
        `UPDATE idempotency_keys SET status = $5, headers = $6, body = $7, owner = NULL, lease_until = NULL
         WHERE account_id = $1 AND key = $2 AND ${HELD_BY}`,
        [accountId, key, holder.token, holder.owner, status, JSON.stringify(headers), body],
      );
    });
  }

  release(accountId: string, key: string, holder: ClaimHolder, resource: ResourceRef | null = null) {
    // Under READ COMMITTED a DELETE that waited for the row lock of a write marking this claim
    // re-checks its WHERE on the row that write committed: resource is set then, and it deletes nothing.
    return this.db.run(
      async (sql) =>
        (await changes(sql, `DELETE FROM idempotency_keys WHERE account_id = $1 AND key = $2 AND ${HELD_BY} AND resource IS NOT DISTINCT FROM $5::text`, [
          accountId,
          key,
          holder.token,
          holder.owner,
          resource,
        ])) > 0,
    );
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
