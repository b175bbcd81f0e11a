// Dashboard users and their one-time setup tokens.
import type { Database } from "bun:sqlite";
import type { SetupTokenRecord, UserRecord, UserRepository, UserStatus } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteUserRepository implements UserRepository {
  constructor(private readonly db: Database) {}

  create(user: UserRecord) {
    return guarded(() => {
      this.db
        .query(
          `INSERT INTO users (id, email, account_id, role, password_hash, status, created_at, updated_at, last_sign_in_at)
           VALUES ($id, $email, $account_id, $role, $password_hash, $status, $created_at, $updated_at, $last_sign_in_at)`,
        )
        .run(user as never);
      return user;
    });
  }

  get(id: string) {
    return guarded(() => this.db.query<UserRecord, [string]>("SELECT * FROM users WHERE id = ?").get(id));
  }

  findByEmail(email: string) {
    return guarded(() => this.db.query<UserRecord, [string]>("SELECT * FROM users WHERE email = ?").get(email));
  }

  list(accountId?: string) {
    return guarded(() =>
      accountId
        ? this.db.query<UserRecord, [string]>("SELECT * FROM users WHERE account_id = ? ORDER BY id").all(accountId)
        : this.db.query<UserRecord, []>("SELECT * FROM users ORDER BY id").all(),
    );
  }

  update(id: string, patch: Partial<UserRecord> & { updated_at: string }, onlyIfStatus?: UserStatus) {
    return guarded(() => {
      const columns = Object.keys(patch).filter((k) => ["password_hash", "status", "role", "last_sign_in_at", "updated_at"].includes(k));
      const sets = columns.map((c) => `${c} = $${c}`).join(", ");
      const params: Record<string, string | null> = { id, only_if_status: onlyIfStatus ?? null };
      for (const c of columns) params[c] = (patch as Record<string, string | null>)[c] ?? null;
      return this.db
        .query<UserRecord, [Record<string, string | null>]>(
          `UPDATE users SET ${sets} WHERE id = $id AND ($only_if_status IS NULL OR status = $only_if_status) RETURNING *`,
        )
        .get(params);
    });
  }

  voidSetupTokens(userId: string, at: string) {
    return guarded(() => {
      this.db.query("UPDATE user_setup_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL").run(at, userId);
    });
  }

  addSetupToken(token: SetupTokenRecord) {
    return guarded(() => {
      this.db.transaction(() => {
        this.db.query("UPDATE user_setup_tokens SET used_at = ? WHERE user_id = ? AND used_at IS NULL").run(token.created_at, token.user_id);
        this.db
          .query(
            `INSERT INTO user_setup_tokens (token_hash, user_id, created_at, expires_at, used_at)
             VALUES ($token_hash, $user_id, $created_at, $expires_at, $used_at)`,
          )
          .run(token as never);
      }).immediate();
    });
  }

  consumeSetupToken(tokenHash: string, now: string) {
    return guarded(
      () =>
        this.db
          .query<{ user_id: string }, [string, string, string]>(
            "UPDATE user_setup_tokens SET used_at = ? WHERE token_hash = ? AND used_at IS NULL AND expires_at > ? RETURNING user_id",
          )
          .get(now, tokenHash, now)?.user_id ?? null,
    );
  }

  peekSetupToken(tokenHash: string, now: string) {
    return guarded(
      () =>
        this.db
          .query<{ user_id: string }, [string, string]>(
            "SELECT user_id FROM user_setup_tokens WHERE token_hash = ? AND used_at IS NULL AND expires_at > ?",
          )
          .get(tokenHash, now)?.user_id ?? null,
    );
  }
}
