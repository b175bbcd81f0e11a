// Everything a running Assay needs, built from one config with no module-level singletons:
// `assay serve` builds one; tests build as many as they like in one process.
import type { RequestObserver } from "./http/observe.ts";
import type { AlertService } from "./alerts/service.ts";
import type { AssayAnalysisEngine } from "./analysis/engine.ts";
import { reportScanWorkers } from "./reports/scan-workers.ts";
import type { ReportService } from "./reports/service.ts";
import { AuditService } from "./audit/service.ts";
import { KeyService } from "./auth/key-service.ts";
import { loadMasterKey } from "./auth/master-key.ts";
import { verifyMasterKey } from "./auth/master-key-check.ts";
import { MemoryReplayGuard, StoreReplayGuard } from "./auth/replay-guard.ts";
import { keepSeenSignatures, restoreSeenSignatures } from "./auth/replay-memory.ts";
import { type AssayConfig, plansOf } from "./config/load.ts";
import { ConnectorRegistry } from "./connectors/registry.ts";
import type { Resolver } from "./connectors/http/ssrf.ts";
import { type Clock, iso, ShiftedClock, systemClock } from "./domain/clock.ts";
import { Authenticator } from "./http/authenticate.ts";
import { Idempotency } from "./http/idempotency.ts";
import { rebuildResponse } from "./http/idempotency-recovery.ts";
import { jsonLogger, silentLogger, type Logger } from "./log.ts";
import type { ScheduledLearning } from "./learning/schedule.ts";
import { Metrics } from "./metrics/metrics.ts";
import { WebhookWorker } from "./notify/worker.ts";
import { createLimiters } from "./ratelimit/factory.ts";
import type { RateLimiter } from "./ratelimit/types.ts";
import { followDatabaseClock } from "./store/database-time.ts";
import { openStore } from "./store/open.ts";
import { purgeAnalyses } from "./store/retention.ts";
import type { Store } from "./store/types.ts";
import { UsageService } from "./usage/service.ts";
import { dashboardBaseUrl, UserService } from "./users/service.ts";

export interface RuntimeOptions {
  clock?: Clock;
  log?: Logger;
  env?: Record<string, string | undefined>;
  /** Injected limiter (tests, or a shared backend later). */
  limiter?: RateLimiter;
  /** Resolves the host names of webhook targets and http connectors (the system resolver otherwise; tests inject one). */
  resolve?: Resolver;
}

export interface Runtime {
  config: AssayConfig;
  clock: Clock;
  log: Logger;
  store: Store;
  keys: KeyService;
  /** Dashboard users, setup links, sign-in and sessions. */
  users: UserService;
  audit: AuditService;
  /** Requests per account, key and minute (the dashboard's usage page). */
  usage: UsageService;
  limiter: RateLimiter;
  authenticator: Authenticator;
  idempotency: Idempotency;
  connectors: ConnectorRegistry;
  /** Alerts: lifecycle, history, auto-alerts from analyses (openFromAnalysis). */
  alerts: AlertService;
  /** The analysis engine (implements AnalysisEngine; also describes modules for GET /v1/modules). */
  analysis: AssayAnalysisEngine;
  /** Reports: queue, background worker (started by start()), content files. */
  reports: ReportService;
  startedAt: number;
  /** Request and store metrics for GET /metrics (when `metrics.enabled`); counted through the observers. */
  metrics?: Metrics;
  /** Called by the front door once per answered request (metrics, usage counting); add to it before serving. */
  observers: RequestObserver[];
  /** Refuses a master key that does not open this database (`assay serve` calls it before listening). */
  checkMasterKey(): Promise<void>;
  /** Reads the signatures the previous process had seen (one node, SQLite; `assay serve` calls it before listening). */
  restoreReplayGuard(): Promise<void>;
  /** Reads the connectors' active learned models (`assay learn`) into the engine. */
  refreshLearned(): Promise<void>;
  /** Starts background work (connector monitor, report worker, cleanup). */
  /**
   * Decrypts the active keys' secrets ahead of their first requests; started once (by `assay
   * serve` before it listens, else by the server when listening), the same promise after.
   */
  warmKeys(): Promise<void>;
  start(): void;
  /** Stops background work (timers, webhook delivery, the report worker) while requests may still finish. */
  quiesce(): Promise<void>;
  /** Stops background work and closes connectors and storage. */
  close(): Promise<void>;
}

/** How often a server looks for models `assay learn` wrote (SIGHUP reads them at once). */
const LEARNED_REFRESH_MS = 30_000;

/** The plans in force, read again when a reload swaps `config.plans` (the table is built once per version). */
export function plansFor(config: AssayConfig) {
  let source = config.plans;
  let plans = plansOf(config);
  return () => {
    if (config.plans !== source) {
      source = config.plans;
      plans = plansOf(config);
    }
    return plans;
  };
}

/** The store and key service alone: what the admin CLI needs. */
export function openAdmin(config: AssayConfig, options: RuntimeOptions = {}) {
  const store = openStore(config);
  // Nodes sharing PostgreSQL follow its clock when theirs disagrees (store/database-time.ts; set by start()).
  const clock = options.clock ?? (store.databaseTime ? new ShiftedClock(systemClock) : systemClock);
  let masterKey: Buffer;
  try {
    masterKey = loadMasterKey(config.security.master_key_file, options.env);
  } catch (e) {
    void store.close();
    throw e;
  }
  const audit = new AuditService(store.audit, clock);
  const keys = new KeyService(store, masterKey, clock, plansFor(config), audit);
  const users = new UserService({ store, clock, audit, log: options.log ?? silentLogger, config: config.dashboard, setupBase: dashboardBaseUrl(config) });
  const keySource = options.env?.ASSAY_MASTER_KEY ? "ASSAY_MASTER_KEY" : `security.master_key_file ${config.security.master_key_file}`;
  /** Refuses a master key that does not open this database (stores its check value on first use). */
  const checkMasterKey = () => verifyMasterKey(store, masterKey, { keySource, database: config.storage.path });
  return { store, keys, clock, checkMasterKey, audit, users };
}

/** A value made on first use, then kept (or replaced: tests swap in their own); `made` tells whether it exists. */
type Once<T> = (() => T) & { readonly made: boolean; replace(value: T): void };
function once<T>(make: () => T): Once<T> {
  let value: T | undefined;
  let made = false;
  const get = (() => {
    if (!made) {
      value = make();
      made = true;
    }
    return value as T;
  }) as Once<T>;
  Object.defineProperty(get, "made", { get: () => made });
  get.replace = (next) => {
    value = next;
    made = true;
  };
  return get;
}

/** How long the lease work waits for the first reading of the database's clock (runtime start()). */
const FIRST_CLOCK_READING_WAIT_MS = 2_000;

/** How often rules that failed at run time are logged (at most one line per rule each time). */
const RULE_FAILURES_LOG_MS = 10_000;

export function createRuntime(config: AssayConfig, options: RuntimeOptions = {}): Runtime {
  const log = options.log ?? jsonLogger();
  const { store, keys, clock, checkMasterKey, audit, users } = openAdmin(config, { ...options, log });
  const limiters = createLimiters(config.rate_limit, log, () => clock.monotonic());
  const limiter = options.limiter ?? limiters.limiter;
  const failureLimiter = limiters.failureLimiter;
  users.shareFailures(failureLimiter);
  const plans = plansFor(config);
  // One node keeps seen signatures in memory (and in the database over a restart); nodes sharing
  // PostgreSQL share them in the store.
  const memoryReplay = store.driver === "postgres" ? undefined : new MemoryReplayGuard();
  const authenticator = new Authenticator({
    keys,
    limiter,
    failureLimiter,
    replay: memoryReplay ?? new StoreReplayGuard(store.replay),
    clock,
    plans,
    signature: config.security.signature,
    failedAuth: config.security.failed_auth,
    maxBodyBytes: config.server.max_body_bytes,
  });
  const idempotency = new Idempotency(store.idempotency, clock, {
    retentionMs: config.idempotency.retention_h * 3_600_000,
    leaseMs: config.idempotency.lease_s * 1000,
    rebuild: (accountId, resource) => rebuildResponse({ alerts: alerts(), reports: reports(), store }, accountId, resource),
    log,
    fault: options.env?.ASSAY_TEST_FAULT,
  });
  const connectors = new ConnectorRegistry(config, { log, clock, resolve: options.resolve });
  const timers: ReturnType<typeof setInterval>[] = [];
  /** Set by quiesce(): background work that was waiting to start does not. */
  let stopped = false;
  const webhooks = new WebhookWorker({ outbox: store.outbox, targets: config.alerts.webhooks, delivery: config.alerts.webhook_delivery, clock, log, resolve: options.resolve });
  // The analysis engine and what is built on it (its detectors, alerts, reports, learning) are
  // loaded on first use: the server listens and answers a signed health request without them
  // (the cold start, docs/benchmarks.md); the app is built just after listening.
  const alerts = once((): AlertService => {
    const { AlertService } = require("./alerts/service.ts") as typeof import("./alerts/service.ts");
    return new AlertService({ store, clock, config, connectors, onNotify: () => webhooks.kick() });
  });
  const analysis = once((): AssayAnalysisEngine => {
    const { AssayAnalysisEngine } = require("./analysis/engine.ts") as typeof import("./analysis/engine.ts");
    return new AssayAnalysisEngine({
      modules: config.modules,
      rules: config.rules,
      autoThreshold: config.alerts.auto_threshold,
      connectors,
      analyses: store.analyses,
      clock,
      log,
      alerts,
      scanWorkers: reportScanWorkers(config.reports),
      concurrentScansPerAccount: config.rate_limit.concurrent_scans_per_account,
    });
  });
  const refreshLearned = async () => analysis().setLearned(await store.models.active());
  const reports = once((): ReportService => {
    const { ReportService } = require("./reports/service.ts") as typeof import("./reports/service.ts");
    return new ReportService({ store, clock, log, config, connectors, engine: analysis });
  });
  const usage = new UsageService(store.usage, clock, log);
  const startedAt = clock.now();
  const learning = once((): ScheduledLearning => {
    const { ScheduledLearning } = require("./learning/schedule.ts") as typeof import("./learning/schedule.ts");
    return new ScheduledLearning({ store, engine: analysis(), clock }, config.learning, () => config.connectors.map((c) => c.id), log);
  });
  const metrics = config.metrics.enabled ? new Metrics({ store, connectors, startedAt, now: () => clock.now() }) : undefined;

  let warming: Promise<void> | undefined;

  return {
    config,
    clock,
    log,
    store,
    keys,
    users,
    audit,
    usage,
    limiter,
    authenticator,
    idempotency,
    connectors,
    get alerts() {
      return alerts();
    },
    set alerts(value) {
      alerts.replace(value);
    },
    get analysis() {
      return analysis();
    },
    set analysis(value) {
      analysis.replace(value);
    },
    get reports() {
      return reports();
    },
    set reports(value) {
      reports.replace(value);
    },
    startedAt,
    metrics,
    // Usage counting for the dashboard: every /v1 request, by the key it presented; metrics count every request.
    observers: [(o) => o.route.startsWith("/v1/") && usage.count(o.account, o.key, o.status), ...(metrics ? [metrics.observe] : [])],
    checkMasterKey,
    async restoreReplayGuard() {
      if (!memoryReplay) return;
      const n = await restoreSeenSignatures(memoryReplay, store.replay, clock.now()).catch((e) => {
        log.warn("reading the signatures seen before the restart failed: requests signed before it may be replayed once", { error: String(e) });
        return 0;
      });
      if (n > 0) log.info("replay guard: signatures seen before the restart read back", { signatures: n });
    },
    refreshLearned,
    warmKeys() {
      // Off the first requests' path (key-service.ts).
      return (warming ??= keys.warmSecrets().then(
        () => {},
        (e) => log.warn("warming key secrets failed", { error: String(e) }),
      ));
    },
    start() {
      // Nodes sharing PostgreSQL: the clock follows the database's when they disagree. The work that
      // writes or judges leases (webhook deliveries, reports, orphaned Idempotency-Key claims)
      // starts after the first reading, so that a node whose clock runs fast does not take over
      // other nodes' reports in its first seconds; a database that does not answer delays it 2 s at most.
      const recover = () => idempotency.recover().catch((e) => log.warn("idempotency recovery failed", { error: String(e) }));
      let leaseWorkStarted = false;
      const startLeaseWork = () => {
        if (stopped || leaseWorkStarted) return;
        leaseWorkStarted = true;
        webhooks.start();
        void reports().worker.start();
        void recover();
      };
      connectors.start();
      usage.start();
      if (clock instanceof ShiftedClock && store.databaseTime) {
        const databaseTime = store.databaseTime.bind(store);
        const follow = () => followDatabaseClock(databaseTime, clock, log);
        const waited = setTimeout(startLeaseWork, FIRST_CLOCK_READING_WAIT_MS);
        waited.unref?.();
        void follow().then(() => {
          clearTimeout(waited);
          startLeaseWork();
        });
        timers.push(setInterval(follow, 60_000));
      } else startLeaseWork();
      const purge = () => idempotency.purge().catch((e) => log.warn("idempotency purge failed", { error: String(e) }));
      timers.push(setInterval(purge, 10 * 60_000));
      // Claims left unfinished by a process that died: after the clock's first reading (above), and
      // whenever a lease may have run out.
      timers.push(setInterval(recover, 60_000));
      // `assay learn` (another process) writes models to the store: pick them up.
      const learned = () => refreshLearned().catch((e) => log.warn("reading learned models failed", { error: String(e) }));
      void learned();
      timers.push(setInterval(learned, LEARNED_REFRESH_MS));
      // learning.every_h: `assay learn` on a schedule (learning/schedule.ts); off, nothing of it is loaded.
      if (config.learning.every_h > 0) timers.push(setInterval(() => void learning().run(), learning().intervalMs));
      // Rules whose expressions threw at run time: logged with their counts (engine.ts).
      timers.push(setInterval(() => analysis().logRuleFailures(), RULE_FAILURES_LOG_MS));
      const fileProblem = (problem: string | null) =>
        problem === null ? log.info("the database files are back in place: writes accepted again", { database: config.storage.path }) : log.error(problem, { database: config.storage.path });
      void store.beginServing(fileProblem).then((warning) => {
        if (warning !== null) log.warn(warning, { database: config.storage.path });
      });
      // A database too large for the inline start-up check is checked now, off the event loop.
      void store.checkAfterOpen().then((problem) => {
        if (problem === null) return;
        log.error("the database failed its integrity check: storage reports unavailable; stop the server, run `assay doctor` and restore the latest backup", {
          database: config.storage.path,
          problem,
        });
      });
      if (store.driver === "postgres") {
        const forget = () => store.replay.purge(iso(clock.now())).catch((e) => log.warn("replay guard purge failed", { error: String(e) }));
        timers.push(setInterval(forget, 60_000));
      }
      const purgeSessions = () => users.purgeSessions().catch((e) => log.warn("session purge failed", { error: String(e) }));
      timers.push(setInterval(purgeSessions, 10 * 60_000));
      // storage.analyses_retention_days: hourly, and once a minute after start (off the cold start).
      const retention = config.storage.analyses_retention_days;
      if (retention > 0) {
        const purgeOld = () =>
          purgeAnalyses(store.analyses, clock, retention).then(
            (n) => n > 0 && log.info("old analyses deleted", { deleted: n, retention_days: retention }),
            (e) => log.warn("deleting old analyses failed", { error: String(e) }),
          );
        timers.push(setTimeout(purgeOld, 60_000), setInterval(purgeOld, 3_600_000));
      }
      for (const t of timers) t.unref?.();
    },
    quiesce() {
      stopped = true;
      for (const t of timers) clearInterval(t);
      idempotency.stop();
      // A report worker that never started (the server stopped before its app was built) is not loaded for this.
      return Promise.all([webhooks.stop(), reports.made ? reports().worker.stop() : undefined, usage.stop()]).then(() => undefined);
    },
    async close() {
      await this.quiesce();
      await connectors.close();
      limiters.close();
      if (memoryReplay) {
        await keepSeenSignatures(memoryReplay, store.replay, clock.now()).catch((e) =>
          log.warn("keeping the signatures seen for the next start failed: requests signed before the stop may be replayed once after it", { error: String(e) }),
        );
      }
      await store.close();
    },
  };
}
