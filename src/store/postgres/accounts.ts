import type { Account, AccountRepository } from "../types.ts";
import { one, rows, type PgDatabase } from "./pool.ts";

export class PgAccountRepository implements AccountRepository {
  constructor(private readonly db: PgDatabase) {}

  create(account: Account) {
    return this.db.run(async (sql) => {
      await sql.unsafe("INSERT INTO accounts (id, name, plan, created_at) VALUES ($1, $2, $3, $4)", [
        account.id,
        account.name,
        account.plan,
        account.created_at,
      ]);
      return account;
    });
  }

  get(id: string) {
    return this.db.run((sql) => one<Account>(sql, "SELECT * FROM accounts WHERE id = $1", [id]));
  }

  list() {
    return this.db.run((sql) => rows<Account>(sql, "SELECT * FROM accounts ORDER BY id"));
  }

  setPlan(id: string, plan: string) {
    return this.db.run((sql) => one<Account>(sql, "UPDATE accounts SET plan = $1 WHERE id = $2 RETURNING *", [plan, id]));
  }
}
