// Dashboard users and their one-time setup tokens, on PostgreSQL (as sqlite/users.ts).
import type { SetupTokenRecord, UserRecord, UserRepository, UserStatus } from "../types.ts";
import { insertOf, one, rows, type PgDatabase } from "./pool.ts";

const COLUMNS = ["id", "email", "account_id", "role", "password_hash", "status", "created_at", "updated_at", "last_sign_in_at"] as const;
const PATCHABLE = ["password_hash", "status", "role", "last_sign_in_at", "updated_at"] as const;
const TOKEN_COLUMNS = ["token_hash", "user_id", "created_at", "expires_at", "used_at"] as const;

export class PgUserRepository implements UserRepository {
  constructor(private readonly db: PgDatabase) {}

  create(user: UserRecord) {
    return this.db.run(async (sql) => {
      const q = insertOf("users", COLUMNS, user as unknown as Record<string, unknown>);
      await sql.unsafe(q.text, q.params);
      return user;
    });
  }

  get(id: string) {
    return this.db.run((sql) => one<UserRecord>(sql, "SELECT * FROM users WHERE id = $1", [id]));
  }

  findByEmail(email: string) {
    return this.db.run((sql) => one<UserRecord>(sql, "SELECT * FROM users WHERE email = $1", [email]));
  }

  list(accountId?: string) {
    return this.db.run((sql) =>
      accountId ? rows<UserRecord>(sql, "SELECT * FROM users WHERE account_id = $1 ORDER BY id", [accountId]) : rows<UserRecord>(sql, "SELECT * FROM users ORDER BY id"),
    );
  }

  update(id: string, patch: Partial<UserRecord> & { updated_at: string }, onlyIfStatus?: UserStatus) {
    return this.db.run((sql) => {
      const columns = PATCHABLE.filter((c) => c in patch);
      const sets = columns.map((c, i) => `${c} = $${i + 2}`).join(", ");
      const params = [id, ...columns.map((c) => patch[c] ?? null)];
      const only = onlyIfStatus === undefined ? "" : ` AND status = $${params.push(onlyIfStatus)}`;
      return one<UserRecord>(sql, `UPDATE users SET ${sets} WHERE id = $1${only} RETURNING *`, params);
    });
  }

  voidSetupTokens(userId: string, at: string) {
    return this.db.run(async (sql) => {
      await sql.unsafe("UPDATE user_setup_tokens SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", [at, userId]);
    });
  }

  addSetupToken(token: SetupTokenRecord) {
    return this.db.tx(async (tx) => {
      await tx.unsafe("UPDATE user_setup_tokens SET used_at = $1 WHERE user_id = $2 AND used_at IS NULL", [token.created_at, token.user_id]);
      const q = insertOf("user_setup_tokens", TOKEN_COLUMNS, token as unknown as Record<string, unknown>);
      await tx.unsafe(q.text, q.params);
    });
  }

  consumeSetupToken(tokenHash: string, now: string) {
    return this.db.run(
      async (sql) =>
        (
          await one<{ user_id: string }>(
            sql,
            "UPDATE user_setup_tokens SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL AND expires_at > $1 RETURNING user_id",
            [now, tokenHash],
          )
        )?.user_id ?? null,
    );
  }

  peekSetupToken(tokenHash: string, now: string) {
    return this.db.run(
      async (sql) =>
        (await one<{ user_id: string }>(sql, "SELECT user_id FROM user_setup_tokens WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2", [tokenHash, now]))
          ?.user_id ?? null,
    );
  }
}
