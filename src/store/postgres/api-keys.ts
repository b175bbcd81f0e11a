import type { ApiKeyRecord, ApiKeyRepository } from "../types.ts";
import { insertOf, one, rows, type PgDatabase } from "./pool.ts";

const COLUMNS = ["id", "account_id", "name", "prefix", "key_hash", "secret_enc", "created_at", "expires_at", "revoked_at", "rotated_to"] as const;

/** BYTEA arrives as a Buffer; the contract (and SQLite) give a plain Uint8Array. */
const fromRow = (r: ApiKeyRecord | null): ApiKeyRecord | null => (r ? { ...r, secret_enc: new Uint8Array(r.secret_enc) } : null);

export class PgApiKeyRepository implements ApiKeyRepository {
  constructor(private readonly db: PgDatabase) {}

  create(key: ApiKeyRecord) {
    return this.db.run(async (sql) => {
      const q = insertOf("api_keys", COLUMNS, { ...key, secret_enc: Buffer.from(key.secret_enc) });
      await sql.unsafe(q.text, q.params);
      return key;
    });
  }

  get(id: string) {
    return this.db.run(async (sql) => fromRow(await one<ApiKeyRecord>(sql, "SELECT * FROM api_keys WHERE id = $1", [id])));
  }

  findByHash(keyHash: string) {
    return this.db.run(async (sql) => fromRow(await one<ApiKeyRecord>(sql, "SELECT * FROM api_keys WHERE key_hash = $1", [keyHash])));
  }

  list(accountId?: string) {
    return this.db.run(async (sql) =>
      (accountId
        ? await rows<ApiKeyRecord>(sql, "SELECT * FROM api_keys WHERE account_id = $1 ORDER BY id", [accountId])
        : await rows<ApiKeyRecord>(sql, "SELECT * FROM api_keys ORDER BY id")
      ).map((r) => fromRow(r)!),
    );
  }

  revoke(id: string, at: string) {
    return this.db.run(async (sql) =>
      fromRow(await one<ApiKeyRecord>(sql, "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, $1) WHERE id = $2 RETURNING *", [at, id])),
    );
  }

  rotate(id: string, successor: ApiKeyRecord, at: string) {
    // The conditional UPDATE row-locks the old key: a concurrent rotation waits for this
    // transaction, then finds rotated_to set and updates nothing.
    return this.db.tx(async (sql) => {
      const old = await one<ApiKeyRecord>(
        sql,
        `UPDATE api_keys SET expires_at = CASE WHEN expires_at IS NULL OR expires_at > $1 THEN $1 ELSE expires_at END,
           rotated_to = $2 WHERE id = $3 AND rotated_to IS NULL AND revoked_at IS NULL RETURNING *`,
        [at, successor.id, id],
      );
      if (old) {
        const q = insertOf("api_keys", COLUMNS, { ...successor, secret_enc: Buffer.from(successor.secret_enc) });
        await sql.unsafe(q.text, q.params);
      }
      return fromRow(old);
    });
  }

  touch(id: string, at: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE api_keys SET last_used_at = $1 WHERE id = $2", [at, id]);
    });
  }
}
