import type { Database } from "bun:sqlite";
import type { IdempotencyRef, ResourceRef } from "../../domain/idempotency.ts";
import type { IdempotencyRecord, IdempotencyRepository } from "../types.ts";
import { guarded } from "./database.ts";

interface Row extends Omit<IdempotencyRecord, "headers"> {
  headers: string;
}

const fromRow = (r: Row): IdempotencyRecord => ({ ...r, headers: JSON.parse(r.headers) });

/**
 * Records on an unfinished claim the resource its request wrote. Called inside the resource's
 * own transaction, so the claim points at the resource exactly when the resource committed.
 */
export function markClaim(db: Database, claim: IdempotencyRef | undefined, resource: ResourceRef) {
  if (!claim) return;
  db.query("UPDATE idempotency_keys SET resource = ? WHERE account_id = ? AND key = ? AND status = 0").run(resource, claim.account_id, claim.key);
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
        if (existing) return { claimed: false as const, existing: fromRow(existing) };
        this.db
          .query(
            `INSERT OR REPLACE INTO idempotency_keys (account_id, key, fingerprint, status, headers, body, created_at, expires_at, owner, lease_until, resource)
             VALUES (?, ?, ?, 0, '{}', '', ?, ?, ?, ?, NULL)`,
          )
          .run(record.account_id, record.key, record.fingerprint, record.created_at, record.expires_at, record.owner ?? null, record.lease_until ?? null);
        return { claimed: true as const };
      }).immediate(),
    );
  }

  complete(accountId: string, key: string, status: number, headers: Record<string, string>, body: string, owner?: string) {
    return guarded(() => {
      this.db
        .query(
          `UPDATE idempotency_keys SET status = ?, headers = ?, body = ?, owner = NULL, lease_until = NULL
           WHERE account_id = ? AND key = ? AND status = 0 AND (?6 IS NULL OR owner = ?6)`,
        )
        .run(status, JSON.stringify(headers), body, accountId, key, owner ?? null);
    });
  }

  release(accountId: string, key: string, owner?: string) {
    return guarded(() => {
      this.db
        .query("DELETE FROM idempotency_keys WHERE account_id = ? AND key = ? AND status = 0 AND (?3 IS NULL OR owner = ?3)")
        .run(accountId, key, owner ?? null);
    });
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
