import type { Database } from "bun:sqlite";
import type { Account, AccountRepository } from "../types.ts";
import { guarded } from "./database.ts";

export class SqliteAccountRepository implements AccountRepository {
  constructor(private readonly db: Database) {}

  create(account: Account) {
    return guarded(() => {
      this.db
        .query("INSERT INTO accounts (id, name, plan, created_at) VALUES ($id, $name, $plan, $created_at)")
        .run(account as unknown as Record<string, string>);
      return account;
    });
  }

  get(id: string) {
    return guarded(() => this.db.query<Account, [string]>("SELECT * FROM accounts WHERE id = ?").get(id));
  }

  list() {
    return guarded(() => this.db.query<Account, []>("SELECT * FROM accounts ORDER BY id").all());
  }

  setPlan(id: string, plan: string) {
    return guarded(() =>
      this.db.query<Account, [string, string]>("UPDATE accounts SET plan = ? WHERE id = ? RETURNING *").get(plan, id),
    );
  }
}
