// The embedded SQLite store: one repository per table over one connection.
import type { Database } from "bun:sqlite";
import { MIGRATIONS } from "../migrations/index.ts";
import { type MigrationState, type Store, type StoreCounts, StorageUnavailableError } from "../types.ts";
import { SqliteAccountRepository } from "./accounts.ts";
import { SqliteAlertRepository } from "./alerts.ts";
import { SqliteAnalysisRepository } from "./analyses.ts";
import { SqliteApiKeyRepository } from "./api-keys.ts";
import { SqliteAuditRepository } from "./audit.ts";
import { guarded, migrate, openSqlite, type SqliteOptions, startupCheckOf } from "./database.ts";
import { probeWritable } from "./checks.ts";
import { FileIdentityWatch } from "./file-identity.ts";
import { quickCheckInWorker } from "./integrity-worker.ts";
import { GroupCommit } from "./group-commit.ts";
import { Checkpointer } from "./checkpointer.ts";
import { SqliteIdempotencyRepository } from "./idempotency.ts";
import { SqliteMetaRepository } from "./meta.ts";
import { SqliteOutboxRepository } from "./outbox.ts";
import { SqliteLearnedModelRepository, SqliteSuppressionRepository } from "./learning.ts";
import { SqliteReportRepository } from "./reports.ts";
import { SqliteReplayRepository } from "./replay.ts";
import { SqliteSessionRepository } from "./sessions.ts";
import { SqliteUsageRepository } from "./usage.ts";
import { SqliteUserRepository } from "./users.ts";

/** How often health re-runs quick_check, and up to which file size (pages) it does at all. */
const INTEGRITY_RECHECK_MS = 60_000;
const QUICK_CHECK_MAX_PAGES = 64 * 1024;

/** How often a serving store checks that its files are still in place (file-identity.ts). */
const FILE_CHECK_EVERY_MS = 100;

export class SqliteStore implements Store {
  readonly driver = "sqlite" as const;
  readonly accounts;
  readonly apiKeys;
  readonly idempotency;
  readonly analyses;
  readonly alerts;
  readonly outbox;
  readonly reports;
  readonly meta;
  readonly models;
  readonly suppressions;
  readonly replay;
  readonly users;
  readonly sessions;
  readonly audit;
  readonly usage;
  private closed = false;
  private readonly writes: GroupCommit;
  /** Whether the database files are still those opened (null for an in-memory database). */
  private readonly files: FileIdentityWatch | null = null;
  private filesTimer: ReturnType<typeof setInterval> | null = null;

  constructor(readonly db: Database) {
    this.accounts = new SqliteAccountRepository(db);
    this.apiKeys = new SqliteApiKeyRepository(db);
    this.idempotency = new SqliteIdempotencyRepository(db);
    const writes = (this.writes = new GroupCommit(db));
    if (db.filename !== "" && db.filename !== ":memory:") {
      const files = (this.files = new FileIdentityWatch(db, db.filename));
      writes.beforeBegin = () => void files.check();
    }
    this.analyses = new SqliteAnalysisRepository(db, writes);
    this.alerts = new SqliteAlertRepository(db, writes);
    this.outbox = new SqliteOutboxRepository(db);
    this.reports = new SqliteReportRepository(db);
    this.meta = new SqliteMetaRepository(db);
    this.models = new SqliteLearnedModelRepository(db);
    this.suppressions = new SqliteSuppressionRepository(db);
    this.replay = new SqliteReplayRepository(db);
    this.users = new SqliteUserRepository(db);
    this.sessions = new SqliteSessionRepository(db);
    this.audit = new SqliteAuditRepository(db);
    this.usage = new SqliteUsageRepository(db);
  }

  /** Opens the database and applies pending migrations (unless `migrate` is false: `assay migrate`). */
  static open(options: SqliteOptions, { migrate = true } = {}): SqliteStore {
    const check = startupCheckOf(options);
    const store = new SqliteStore(openSqlite(options, migrate ? MIGRATIONS : [], check));
    // An inline check has just run (a corrupt file was refused): health's next one is due a
    // minute from now. A file too large to check inline is checked by checkAfterOpen(), which the
    // server calls once listening.
    if (check === "inline") store.integrity.checkedAt = performance.now();
    store.deferredStartupCheck = check === "deferred";
    return store;
  }

  migrate() {
    return guarded(() => migrate(this.db, MIGRATIONS));
  }

  migrations() {
    return guarded((): MigrationState[] => {
      const applied = new Map(
        this.db.query<{ version: number; applied_at: string }, []>("SELECT version, applied_at FROM schema_migrations").all().map((r) => [r.version, r.applied_at]),
      );
      return [...MIGRATIONS].sort((a, b) => a.version - b.version).map((m) => ({ version: m.version, name: m.name, applied_at: applied.get(m.version) ?? null }));
    });
  }

  private integrity = {
    checkedAt: Number.NEGATIVE_INFINITY,
    problem: null as string | null,
    running: null as Promise<void> | null,
    /** Why the last check could not run (no verdict on the pages; retried at the next interval). */
    unchecked: null as string | null,
  };

  /**
   * Runs quick_check in a worker thread (integrity-worker.ts), off the event loop, unless one is
   * under way or the last finished less than INTEGRITY_RECHECK_MS ago (`force` ignores the
   * interval). A failure is remembered until restart: health answers 503 from then on. Files
   * above QUICK_CHECK_MAX_PAGES are checked only when forced (at start-up).
   */
  checkIntegrity(force = false): Promise<void> {
    const i = this.integrity;
    if (i.running) return i.running;
    if (this.closed || i.problem !== null || this.db.filename === ":memory:" || this.db.filename === "") return Promise.resolve();
    const now = performance.now();
    if (!force && now - i.checkedAt < INTEGRITY_RECHECK_MS) return Promise.resolve();
    i.checkedAt = now;
    if (!force && (this.db.query("PRAGMA page_count").get() as { page_count: number }).page_count > QUICK_CHECK_MAX_PAGES) return Promise.resolve();
    i.running = quickCheckInWorker(this.db.filename, 3).then((outcome) => {
      i.running = null;
      i.checkedAt = performance.now();
      if ("problems" in outcome) {
        if (outcome.problems.length > 0) i.problem = outcome.problems.join("; ");
      } else i.unchecked = outcome.error;
    });
    return i.running;
  }

  private deferredStartupCheck = false;

  /**
   * The start-up check of a file too large to check inline (startupCheckOf), in the background: the
   * server starts it once listening. Resolves with the problem found, or null.
   */
  async checkAfterOpen(): Promise<string | null> {
    if (this.deferredStartupCheck) {
      this.deferredStartupCheck = false;
      await this.checkIntegrity(true);
    }
    return this.integrity.problem;
  }

  /**
   * Health's storage check: a write commits now, there is room for more, and the pages passed
   * their last quick_check (re-run in the background at most every INTEGRITY_RECHECK_MS, and only
   * while the file is small enough for it to be quick; checkIntegrity).
   */
  ping() {
    return guarded(() => {
      const gone = this.files?.check();
      if (gone) throw new StorageUnavailableError(gone);
      probeWritable(this.db, this.db.filename, new Date().toISOString());
      void this.checkIntegrity();
      if (this.integrity.problem !== null) throw new StorageUnavailableError(`database is corrupt: ${this.integrity.problem}`);
    });
  }

  counts(): Promise<StoreCounts> {
    return guarded(() => {
      const byStatus = (table: string) =>
        Object.fromEntries((this.db.query(`SELECT status, count(*) AS n FROM ${table} GROUP BY status`).all() as { status: string; n: number }[]).map((r) => [r.status, r.n]));
      const analyses = (this.db.query("SELECT count(*) AS n FROM analyses").get() as { n: number }).n;
      return { analyses, alerts: byStatus("alerts"), reports: byStatus("reports"), outbox: byStatus("webhook_outbox") };
    });
  }

  /**
   * While a server runs, WAL checkpoints happen on a worker thread instead of inside a commit on
   * the event loop (checkpointer.ts). Resolves with a warning when they cannot (then SQLite
   * checkpoints as it does by default), else null.
   */
  async beginServing(onProblem?: (problem: string | null) => void): Promise<string | null> {
    if (this.closed || this.writes.checkpointer || this.db.filename === ":memory:" || this.db.filename === "") return null;
    // Writes outside group commits (alert changes, keys, claims) are covered by this timer.
    const files = this.files;
    if (files && !this.filesTimer) {
      files.onChange = onProblem;
      this.filesTimer = setInterval(() => {
        try {
          files.check();
        } catch {} // a closed connection: close() clears the timer
      }, FILE_CHECK_EVERY_MS);
      this.filesTimer.unref?.();
    }
    const started = await Checkpointer.start(this.db);
    if (this.closed) {
      if (started instanceof Checkpointer) started.stop();
      return null; // closed while the worker started: nothing to warn about
    }
    if (!(started instanceof Checkpointer)) return started.error;
    this.writes.checkpointer = started;
    return null;
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    if (this.filesTimer) clearInterval(this.filesTimer);
    this.writes.checkpointer?.stop();
    this.writes.checkpointer = undefined;
    this.db.close();
  }
}
