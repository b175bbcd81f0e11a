// The embedded SQLite store: one repository per table over one connection.
import type { Database } from "bun:sqlite";
import type { Store } from "../types.ts";
import { SqliteAccountRepository } from "./accounts.ts";
import { SqliteAlertRepository } from "./alerts.ts";
import { SqliteAnalysisRepository } from "./analyses.ts";
import { SqliteApiKeyRepository } from "./api-keys.ts";
import { guarded, openSqlite, type SqliteOptions } from "./database.ts";
import { GroupCommit } from "./group-commit.ts";
import { SqliteIdempotencyRepository } from "./idempotency.ts";
import { SqliteOutboxRepository } from "./outbox.ts";
import { SqliteReportRepository } from "./reports.ts";

export class SqliteStore implements Store {
  readonly accounts;
  readonly apiKeys;
  readonly idempotency;
  readonly analyses;
  readonly alerts;
  readonly outbox;
  readonly reports;
  private closed = false;

  constructor(readonly db: Database) {
    this.accounts = new SqliteAccountRepository(db);
    this.apiKeys = new SqliteApiKeyRepository(db);
    this.idempotency = new SqliteIdempotencyRepository(db);
    const writes = new GroupCommit(db);
    this.analyses = new SqliteAnalysisRepository(db, writes);
    this.alerts = new SqliteAlertRepository(db, writes);
    this.outbox = new SqliteOutboxRepository(db);
    this.reports = new SqliteReportRepository(db);
  }

  static open(options: SqliteOptions): SqliteStore {
    return new SqliteStore(openSqlite(options));
  }

  ping() {
    return guarded(() => {
      this.db.query("SELECT count(*) FROM schema_migrations").get();
    });
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
