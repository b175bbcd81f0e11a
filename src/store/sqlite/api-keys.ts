import type { Database, Statement } from "bun:sqlite";
import type { ApiKeyRecord, ApiKeyRepository } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteApiKeyRepository implements ApiKeyRepository {
  private byHashQuery: Statement<ApiKeyRecord, [string]> | null = null;

  constructor(private readonly db: Database) {}

  /** The hot path of every request: prepared once, on first use (`assay migrate` opens a store before its tables exist). */
  private get byHash() {
    this.byHashQuery ??= this.db.query<ApiKeyRecord, [string]>("SELECT * FROM api_keys WHERE key_hash = ?");
    return this.byHashQuery;
  }

  create(key: ApiKeyRecord) {
    return guarded(() => {
      this.insert(key);
      return key;
    });
  }

  private insert(key: ApiKeyRecord) {
    this.db
      .query(
        `INSERT INTO api_keys (id, account_id, name, prefix, key_hash, secret_enc, created_at, expires_at, revoked_at, rotated_to)
         VALUES ($id, $account_id, $name, $prefix, $key_hash, $secret_enc, $created_at, $expires_at, $revoked_at, $rotated_to)`,
      )
      .run(key as never);
  }

  get(id: string) {
    return guarded(() => this.db.query<ApiKeyRecord, [string]>("SELECT * FROM api_keys WHERE id = ?").get(id));
  }

  findByHash(keyHash: string) {
    return guarded(() => this.byHash.get(keyHash));
  }

  list(accountId?: string) {
    return guarded(() =>
      accountId
        ? this.db.query<ApiKeyRecord, [string]>("SELECT * FROM api_keys WHERE account_id = ? ORDER BY id").all(accountId)
        : this.db.query<ApiKeyRecord, []>("SELECT * FROM api_keys ORDER BY id").all(),
    );
  }

  revoke(id: string, at: string) {
    return guarded(() =>
      this.db
        .query<ApiKeyRecord, [string, string]>(
          "UPDATE api_keys SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ? RETURNING *",
        )
        .get(at, id),
    );
  }

  rotate(id: string, successor: ApiKeyRecord, at: string) {
    // IMMEDIATE: the write lock from the start, so a second process's rotation waits (busy
    // timeout) and then sees rotated_to set, instead of both reading the key as unrotated.
    const replace = this.db.transaction((): ApiKeyRecord | null => {
      const old = this.db
        .query<ApiKeyRecord, [string, string, string, string]>(
          `UPDATE api_keys SET expires_at = CASE WHEN expires_at IS NULL OR expires_at > ? THEN ? ELSE expires_at END,
             rotated_to = ? WHERE id = ? AND rotated_to IS NULL AND revoked_at IS NULL RETURNING *`,
        )
        .get(at, at, successor.id, id);
      if (old) this.insert(successor);
      return old;
    });
    return guarded(() => replace.immediate());
  }

  touch(id: string, at: string) {
    return guarded(() => {
      this.db.query("UPDATE api_keys SET last_used_at = ? WHERE id = ?").run(at, id);
    });
  }
}
