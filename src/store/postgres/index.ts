// The PostgreSQL store: the same repositories as SQLite's over one Bun.SQL pool, so several
// `assay serve` nodes can share one database.
import { PG_MIGRATIONS } from "./migrations/index.ts";
import type { Store, StoreCounts } from "../types.ts";
import { PgAccountRepository } from "./accounts.ts";
import { PgAlertRepository } from "./alerts.ts";
import { PgAnalysisRepository } from "./analyses.ts";
import { PgApiKeyRepository } from "./api-keys.ts";
import { asPgStorageError, migrationStatus, type PostgresOptions } from "./database.ts";
import { PgIdempotencyRepository } from "./idempotency.ts";
import { PgOutboxRepository } from "./outbox.ts";
import { PgDatabase } from "./pool.ts";
import { PgReportRepository } from "./reports.ts";
import { PgReplayRepository } from "./replay.ts";
import { PgMetaRepository } from "./meta.ts";
import { PgLearnedModelRepository, PgSuppressionRepository } from "./learning.ts";
import { PgAuditRepository } from "./audit.ts";
import { PgSessionRepository } from "./sessions.ts";
import { PgUsageRepository } from "./usage.ts";
import { PgUserRepository } from "./users.ts";

export class PostgresStore implements Store {
  readonly driver = "postgres" as const;
  readonly db: PgDatabase;
  readonly accounts;
  readonly apiKeys;
  readonly idempotency;
  readonly analyses;
  readonly alerts;
  readonly outbox;
  readonly reports;
  readonly replay;
  readonly meta;
  readonly models;
  readonly suppressions;
  readonly users;
  readonly sessions;
  readonly audit;
  readonly usage;
  private closing: Promise<void> | null = null;

  constructor(options: PostgresOptions) {
    this.db = new PgDatabase(options, PG_MIGRATIONS);
    this.accounts = new PgAccountRepository(this.db);
    this.apiKeys = new PgApiKeyRepository(this.db);
    this.idempotency = new PgIdempotencyRepository(this.db);
    this.analyses = new PgAnalysisRepository(this.db);
    this.alerts = new PgAlertRepository(this.db);
    this.outbox = new PgOutboxRepository(this.db);
    this.reports = new PgReportRepository(this.db);
    this.replay = new PgReplayRepository(this.db);
    this.meta = new PgMetaRepository(this.db);
    this.models = new PgLearnedModelRepository(this.db);
    this.suppressions = new PgSuppressionRepository(this.db);
    this.users = new PgUserRepository(this.db);
    this.sessions = new PgSessionRepository(this.db);
    this.audit = new PgAuditRepository(this.db);
    this.usage = new PgUsageRepository(this.db);
  }

  migrate() {
    return this.db.applyMigrations();
  }

  /** Row counts for /metrics: analyses, alerts by status, reports and webhook outbox by status. */
  counts(): Promise<StoreCounts> {
    return this.db.run(async (sql) => {
      const byStatus = async (table: string) =>
        Object.fromEntries(
          ((await sql.unsafe(`SELECT status, count(*)::int AS n FROM ${table} GROUP BY status`)) as { status: string; n: number }[]).map((r) => [r.status, r.n]),
        );
      const [row] = (await sql.unsafe("SELECT count(*)::int AS n FROM analyses")) as { n: number }[];
      return { analyses: row!.n, alerts: await byStatus("alerts"), reports: await byStatus("reports"), outbox: await byStatus("webhook_outbox") };
    });
  }

  /** Applied and pending migrations, without applying any. */
  migrations() {
    return migrationStatus(this.db.sql, PG_MIGRATIONS).catch((e) => {
      throw asPgStorageError(e, "cannot read the PostgreSQL migrations");
    });
  }

  /** PostgreSQL checks its own pages; nothing to do after opening. */
  async checkAfterOpen(): Promise<string | null> {
    return null;
  }

  /** PostgreSQL checkpoints in its own processes. */
  async beginServing(): Promise<string | null> {
    return null;
  }

  /** Health's storage check: a write commits now (the one-row probe table is rewritten). */
  async ping() {
    await this.db.run((sql) =>
      sql.unsafe("INSERT INTO health_probe (id, at) VALUES (1, $1) ON CONFLICT (id) DO UPDATE SET at = EXCLUDED.at", [new Date().toISOString()]),
    );
  }

  async databaseTime(): Promise<number> {
    const [row] = await this.db.run((sql) => sql.unsafe("SELECT (extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms"));
    return Number((row as { ms: number | string }).ms);
  }

  close(): Promise<void> {
    this.closing ??= this.db.sql.close({ timeout: 5 }).catch(() => {});
    return this.closing;
  }
}
