import type { Database } from "bun:sqlite";
import type { ClaimHolder, IdempotencyRef, ResourceRef } from "../../domain/idempotency.ts";
import { IdempotencyClaimLostError, type IdempotencyRecord, type IdempotencyRepository } from "../types.ts";
import { guarded } from "./database.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

const fromRow = (r: Row): IdempotencyRecord => ({ ...r, headers: JSON.parse(r.headers) });

/**
 * Records on its unfinished claim the resource a request wrote. Called inside the resource's
 * own transaction, so the claim points at the resource exactly when the resource committed.
 * When the claim is gone (released by a recovery that took it for abandoned) or already points
 * at a resource, it throws, and the transaction and its write roll back: SQLite runs one write
 * transaction at a time, so this and a release cannot both take effect.
 */
export function markClaim(db: Database, claim: IdempotencyRef | undefined, resource: ResourceRef) {
  if (!claim) return;
  const marked = db
    .query("UPDATE idempotency_keys SET resource = ? WHERE account_id = ? AND key = ? AND token = ? AND status = 0 AND resource IS NULL")
    .run(resource, claim.account_id, claim.key, claim.token).changes;
  if (marked !== 1) throw new IdempotencyClaimLostError(claim.key);
}

/** The unfinished claim a holder names: by its token, or (a claim made before tokens) by its owner. */
const HELD_BY = "status = 0 AND token IS ?3 AND owner IS ?4";

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
        if (existing) return { claimed: false as const, existing: fromRow(existing) };
        this.db
          .query(
            `INSERT OR REPLACE INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at, owner, lease_until, resource, token)
             VALUES (?, ?, ?, 0, '{}', '', ?, ?, ?, ?, NULL, ?)`,
          )
          .run(record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at, record.owner ?? null, record.lease_until ?? null, record.token ?? null);
        return { claimed: true as const };
      }).immediate(),
    );
  }

  complete(accountId: string, key: string, holder: ClaimHolder, status: number, headers: Record<string, string>, body: string) {
    return guarded(() => {
      this.db
        .query(`UPDATE idempotency_keys SET status = ?5, headers = ?6, body = ?7, owner = NULL, lease_until = NULL WHERE account_id = ?1 AND key = ?2 AND ${HELD_BY}`)
        .run(accountId, key, holder.token, holder.owner, status, JSON.stringify(headers), body);
    });
  }

  release(accountId: string, key: string, holder: ClaimHolder, resource: ResourceRef | null = null) {
    return guarded(
      () => this.db.query(`DELETE FROM idempotency_keys WHERE account_id = ?1 AND key = ?2 AND ${HELD_BY} AND resource IS ?5`).run(accountId, key, holder.token, holder.owner, resource).changes > 0,
    );
  }

  renew(owner: string, leaseUntil: string) {
    return guarded(() => {
      this.db.query("UPDATE idempotency_keys SET lease_until = ? WHERE owner = ? AND status = 0").run(leaseUntil, owner);
    });
  }

  unfinished(limit: number) {
    return guarded(() =>
      this.db.query<Row, [number]>("SELECT * FROM idempotency_keys WHERE status = 0 ORDER BY created_at LIMIT ?").all(limit).map(fromRow),
    );
  }

  get(accountId: string, key: string) {
    return guarded(() => {
      const row = this.db.query<Row, [string, string]>("SELECT * FROM idempotency_keys WHERE account_id = ? AND key = ?").get(accountId, key);
      return row ? fromRow(row) : null;
    });
  }

  purgeExpired(now: string) {
    return guarded(() => this.db.query("DELETE FROM idempotency_keys WHERE expires_at <= ?").run(now).changes);
  }
}
