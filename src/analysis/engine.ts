// The analysis engine behind POST /v1/analyze and the reports: resolves the connector and the
// module, obtains the transaction (inline, by id, or a scan), evaluates it against the cached
// connector context, records the analysis and opens an alert when the score reaches
// alerts.auto_threshold. Connector errors (503/504) propagate unchanged.
import { roundMoney } from "../domain/rounding.ts";
import type { ConnectorAccess } from "../connectors/access.ts";
import { connectorUnavailable } from "../connectors/errors.ts";
import type { Connector, ScanPartition } from "../connectors/types.ts";
import { type AlertOpener, type AnalysisEngine, type Anomaly, type AnalysisResult, type AnalyzeRequest, type FlaggedBatch, flaggedBatchesOf, type HistoryFinding, type ScanRequest, type TransactionFinding } from "../domain/analysis.ts";
import { type Clock, iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import { setAlertId } from "../domain/analysis-json.ts";
import type { Transaction } from "../domain/transaction.ts";
import { ApiError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import type { AnalysisRepository } from "../store/types.ts";
import { evaluateTransaction } from "./evaluate.ts";
import { describeModules, type ResolvedModule } from "./modules.ts";
import { isLookupOnly, normalizeTransaction, validateTransactionId } from "./normalize.ts";
import { parseOptions } from "./options.ts";
import { analysisRecord } from "./record.ts";
import { journalColumnOf } from "./journal-copies.ts";
import { PARTS_PER_WORKER, splitScan, type SplitScanInput, WorkerGang } from "./parallel/split-scan.ts";
import { type ScanSummary, ScanSummarizer, streamFindings, summarizeScan, unattachedGaps } from "./scan.ts";
import { RecurringSchedule, UNBILLED_RECURRING_CODE } from "./detectors/leakage/unbilled-recurring.ts";
import { MonthToDateVolumes } from "./detectors/leakage/month-volumes.ts";
import { RECURRING_BEYOND_SERVICE_CODE } from "./detectors/leakage/recurring-beyond-service.ts";
import { scoreFindings } from "./evaluate.ts";
import { type AnalysisSettings, AnalysisSetup, baselineSettings, type LearnedModel } from "./setup.ts";
import { simulate } from "./backtest/simulate.ts";
import type { SimulationRequest, SimulationResult } from "../domain/simulation.ts";
import { ScanAdmission } from "./scan-admission.ts";
import { riskLevel } from "./scoring.ts";
import { listedAnomalies } from "./strongest.ts";

export { ENGINE_VERSION } from "./setup.ts";

export interface EngineDeps extends AnalysisSettings {
  /** The connectors, and the one rule for using one (the registry). */
  connectors: ConnectorAccess;
  analyses: AnalysisRepository;
  clock: Clock;
  log: Logger;
  /** Worker threads a report's scan may use (reports.workers), and a context build (its amount
   *  contexts on a worker thread: parallel/amount-offload.ts); 1 or undefined: in process. */
  scanWorkers?: number;
  /** The alert service, when there is one (looked up per call: it may be wired after us). */
  alerts?: () => AlertOpener | undefined;
  /** Scans one account may run at once (rate_limit.concurrent_scans_per_account); unlimited when undefined. */
  concurrentScansPerAccount?: number;
}

export interface SimulateRequest extends SimulationRequest {
  /** The candidate's settings; undefined: the setup in force. */
  candidate?: AnalysisSettings;
}

/** A scan limited to fewer transactions than this stays in process (POST /v1/analyze's default is 1,000). */
const MIN_SPLIT_LIMIT = 50_000;

export class AssayAnalysisEngine implements AnalysisEngine {
  private setup: AnalysisSetup;
  private readonly scans: ScanAdmission;

  constructor(private readonly deps: EngineDeps) {
    this.setup = AnalysisSetup.create(deps, deps.clock, undefined, deps.scanWorkers);
    this.scans = new ScanAdmission(deps.concurrentScansPerAccount ?? Number.POSITIVE_INFINITY);
  }

  /** The snapshot in force (a request reads it once, at its start). */
  get current(): AnalysisSetup {
    return this.setup;
  }

  get modelVersion(): string {
    return this.setup.modelVersion;
  }

  /**
   * Swaps in new modules, rules and threshold without stopping: requests under way finish with
   * the snapshot they started with. Throws (and changes nothing) when a rule does not compile.
   */
  reconfigure(settings: AnalysisSettings): AnalysisSetup {
    this.setup = this.setup.next(settings, this.deps.clock);
    return this.setup;
  }

  /**
   * Back-test: replays the connector's transactions under the setup in force (or the built-in
   * baseline) and a candidate, recording nothing. The account may be omitted by the admin CLI.
   */
  async simulate(request: SimulateRequest): Promise<SimulationResult> {
    const running = this.setup;
    const current = request.baseline ? running.next(baselineSettings(running.settings), this.deps.clock).withLearned(new Map()) : running;
    const candidate = request.candidate ? running.next(request.candidate, this.deps.clock) : running;
    const connector =
      request.accountId === undefined
        ? this.adminConnector(request.connector, request.module)
        : this.deps.connectors.access(request.accountId, request.connector, { module: request.module });
    if (!connector.capabilities.scan) {
      throw new ApiError("validation_failed", `connector "${connector.id}" has no source to replay`, { errors: [{ path: "/connector", message: "cannot scan" }] });
    }
    return simulate({ ...request, connector, current, candidate });
  }

  /** Puts connectors' learned models (the store's active ones) in force; requests under way keep theirs. */
  setLearned(models: readonly LearnedModel[]) {
    const next = new Map(models.map((m) => [m.connector, m]));
    const same = next.size === this.setup.learned.size && [...next].every(([c, m]) => this.setup.learned.get(c)?.version === m.version);
    if (!same) this.setup = this.setup.withLearned(next);
  }

  /**
   * The modules with their configured weights and, for each of the given connectors that a
   * learned model analyses (`assay learn`), the weights and alert threshold in force there.
   */
  describe(connectorIds: readonly string[] = []) {
    const setup = this.setup;
    const learnedOn = connectorIds.filter((id) => setup.learned.has(id)).sort();
    return describeModules(setup.modules).map((m) => {
      if (learnedOn.length === 0) return m;
      const learned = learnedOn.map((connector) => ({
        connector,
        model_version: setup.modelVersionFor(connector),
        auto_threshold: setup.autoThresholdFor(connector),
        weights: Object.fromEntries(setup.moduleFor(m.id, connector).weights) as Record<string, number>,
      }));
      return { ...m, learned };
    });
  }

  /**
   * Logs the rules whose expressions threw at run time since the last call (a missing map key, a
   * division by zero: the rule did not match and the transaction was analysed without it), one
   * line per rule with the count and the latest error. The runtime calls it every few seconds.
   */
  logRuleFailures() {
    for (const rule of this.setup.rules.rules) {
      const f = rule.failures;
      if (f.count === f.logged) continue;
      this.deps.log.warn("a rule failed at run time and did not match; the transactions were analysed without it", {
        rule: rule.id,
        path: rule.path,
        failures: f.count - f.logged,
        total: f.count,
        error: f.last,
      });
      f.logged = f.count;
    }
  }

  /** Forgets cached reference data, statistics and models (all connectors, or one). */
  invalidate(connectorId?: string) {
    this.setup.contexts.invalidate(connectorId);
  }

  async analyze(request: AnalyzeRequest): Promise<AnalysisResult> {
    const started = performance.now();
    const setup = this.setup;
    const connector = this.deps.connectors.access(request.accountId, request.connector, { module: request.module });
    this.moduleFor(setup, request.module);
    const module = setup.moduleFor(request.module, connector.id);
    const options = parseOptions(request.options);
    const data = request.data;

    let result: Omit<AnalysisResult, "id" | "object" | "connector" | "module" | "alert_id" | "model_version" | "analyzed_at" | "duration_ms">;
    let customerId: string | null = null;
    if (data) {
      const txn = await this.transactionFrom(connector, data, request.signal);
      customerId = txn.customer_id ?? null;
      const ctx = await setup.contexts.get(connector, request.signal, module.history);
      const ev = evaluateTransaction(txn, ctx, module, setup.config);
      result = {
        transaction_id: txn.transaction_id,
        risk_score: ev.risk_score,
        risk_level: ev.risk_level,
        ...anomalyList(listedAnomalies(ev.anomalies, options.max_anomalies), ev.anomalies.length),
        amount_at_risk: { amount: ev.amount_at_risk, currency: txn.currency ?? null },
        transactions_analyzed: 1,
      };
    } else {
      if (!connector.capabilities.scan) {
        throw new ApiError("validation_failed", `connector "${connector.id}" has no source to scan; send the transaction in data`, {
          errors: [{ path: "/data", message: "required for this connector" }],
        });
      }
      const scan = await this.scans.run(request.accountId, async (): Promise<ScanSummary> => {
        // Over worker threads when the source can be cut, unless a context (history pass done) is
        // cached: one pass in process then costs less than two split ones.
        const split = setup.contexts.has(connector, module.history)
          ? undefined
          : await this.splitInput(setup, connector, module, { limit: options.limit, from: options.from, to: options.to, signal: request.signal }, true);
        if (split) {
          const summary = new ScanSummarizer(module, setup.config, options.max_anomalies);
          for await (const b of splitScan(split)) {
            summary.addFlagged(b.analyzed, b.flagged);
            if (b.population) summary.population.absorb(b.population);
          }
          return summary.finish();
        }
        const ctx = await setup.contexts.get(connector, request.signal, module.history);
        return summarizeScan(
          { connector, ctx, module, config: setup.config, limit: options.limit, from: options.from, to: options.to, signal: request.signal },
          options.max_anomalies,
        );
      });
      result = {
        transaction_id: null,
        risk_score: scan.risk_score,
        risk_level: riskLevel(scan.risk_score, setup.config.scoring.risk_levels),
        ...anomalyList(scan.anomalies, scan.anomalies_found),
        amount_at_risk: headlineAmount(scan.at_risk_by_currency),
        transactions_analyzed: scan.transactions_analyzed,
        flagged_transactions: scan.flagged.map((f) => ({ ...f, risk_level: riskLevel(f.risk_score, setup.config.scoring.risk_levels) })),
      };
    }

    const now = this.deps.clock.now();
    const analysis: AnalysisResult = {
      id: newId("anl", now),
      object: "analysis",
      connector: connector.id,
      module: module.id,
      ...result,
      alert_id: null,
      model_version: setup.modelVersionFor(connector.id),
      analyzed_at: iso(now),
      duration_ms: Math.round((performance.now() - started) * 1000) / 1000,
    };
    // A risky analysis and the alert it opens are written in one transaction (one commit, and
    // never one without the other); `claim` marks the Idempotency-Key claim in that transaction.
    const opener = this.deps.alerts?.();
    if (opener && analysis.risk_score >= setup.autoThresholdFor(connector.id)) {
      setAlertId(analysis, await opener.openFromAnalysis(request.accountId, analysis, { customerId, claim: request.claim }));
    } else {
      await this.deps.analyses.insert(analysisRecord(request.accountId, analysis, customerId), request.claim);
    }
    return analysis;
  }

  async *scanFindings(request: ScanRequest): AsyncIterable<TransactionFinding> {
    const setup = this.setup;
    const connector = this.deps.connectors.access(request.accountId, request.connector, { module: request.module });
    this.moduleFor(setup, request.module);
    const module = setup.moduleFor(request.module, connector.id);
    if (!connector.capabilities.scan) return;
    const ctx = await setup.contexts.get(connector, request.signal, module.history);
    yield* streamFindings({
      connector,
      ctx,
      module,
      config: setup.config,
      limit: request.limit,
      from: request.from,
      to: request.to,
      signal: request.signal,
      onProgress: request.onProgress,
    });
  }

  /**
   * The module's findings about the connector's history that go on no transaction (a recurring
   * charge due in a period without any document of its contract: unbilled_recurring_charge), of
   * periods starting within the request's from..to, each scored as a finding of its own.
   */
  async historyFindings(request: ScanRequest): Promise<HistoryFinding[]> {
    const setup = this.setup;
    const connector = this.deps.connectors.access(request.accountId, request.connector, { module: request.module });
    this.moduleFor(setup, request.module);
    const module = setup.moduleFor(request.module, connector.id);
    // Without a cadence in the contracts there is nothing to find, and no context to build for it
    // (a split report scan built none in process).
    if (!connector.capabilities.scan || !(await this.judgesRecurring(connector, module, request.signal))) return [];
    const ctx = await setup.contexts.get(connector, request.signal, module.history);
    return unattachedGaps(ctx, module, request.from, request.to).map((g) => ({
      anomaly: scoreFindings([g.finding], "*", module, setup.config).anomalies[0]!,
      customer_id: g.customerId,
      date: g.periodStart,
      currency: g.currency ?? null,
    }));
  }

  /**
   * Whether the module judges recurring charges on this connector: unbilled_recurring_charge (or
   * recurring_billed_beyond_service) is on
   * and its contracts state a cadence — asked of the contracts' header where the connector can
   * (connectors' reference tables are not read for it), else of the rows.
   */
  private async judgesRecurring(connector: Connector, module: ResolvedModule, signal?: AbortSignal): Promise<boolean> {
    if ((module.weights.get(UNBILLED_RECURRING_CODE) ?? 0) <= 0 && (module.weights.get(RECURRING_BEYOND_SERVICE_CODE) ?? 0) <= 0) return false;
    if (connector.referenceHasField) return connector.referenceHasField("contracts", "billing_frequency", signal);
    return RecurringSchedule.of((await connector.reference(signal)).contracts) !== undefined;
  }

  /** Whether the module prices lines below their contract and the connector's contracts state volume tiers (`min_quantity`). */
  private async judgesMonthTiers(connector: Connector, module: ResolvedModule, signal?: AbortSignal): Promise<boolean> {
    if ((module.weights.get("price_below_contract") ?? 0) <= 0) return false;
    if (connector.referenceHasField) return connector.referenceHasField("contracts", "min_quantity", signal);
    return MonthToDateVolumes.of((await connector.reference(signal)).contracts) !== undefined;
  }

  /** Whether the module judges journals (posted twice, accruals never reversed) and the source's first line names its journal. */
  private async judgesJournals(connector: Connector, module: ResolvedModule, journalField: string, signal?: AbortSignal): Promise<boolean> {
    if (!(["duplicate_journal", "accrual_not_reversed", "accrual_reversed_twice"] as const).some((code) => (module.weights.get(code) ?? 0) > 0)) return false;
    for await (const t of connector.scan({ limit: 1, signal })) return journalColumnOf(t, journalField) !== undefined;
    return false;
  }

  /**
   * scanFindings as batches of flagged transactions. With `scanWorkers` > 1, a source that can be
   * cut into parts (a CSV connector) and a module that needs at most the history ledger, the
   * history pass and the scan run on that many worker threads (parallel/split-scan.ts), with the
   * same findings in the same order; otherwise the in-process scan, batched.
   */
  async *scanFlagged(request: ScanRequest): AsyncIterable<FlaggedBatch> {
    const setup = this.setup;
    const connector = this.deps.connectors.access(request.accountId, request.connector, { module: request.module });
    this.moduleFor(setup, request.module);
    const module = setup.moduleFor(request.module, connector.id);
    if (!connector.capabilities.scan) return;
    const split = await this.splitInput(setup, connector, module, request, false);
    if (split) {
      yield* splitScan(split);
      return;
    }
    yield* flaggedBatchesOf(this.scanFindings(request));
  }

  /**
   * How to split a scan over the worker threads, or undefined when it runs in process: one
   * worker (scanWorkers), a limit that may stop the scan (only one pass knows where it falls:
   * the split needs the source to hold no more transactions than the limit), a module that needs
   * the full history profile, or a source that cannot be cut into parts.
   */
  private async splitInput(
    setup: AnalysisSetup,
    connector: Connector,
    module: ResolvedModule,
    scan: { limit?: number; from?: string; to?: string; signal?: AbortSignal; onProgress?: (analyzed: number) => void },
    population: boolean,
  ): Promise<SplitScanInput | undefined> {
    const workers = this.deps.scanWorkers ?? 1;
    if (workers <= 1 || module.history === "full" || !connector.partitions) return undefined;
    // Recurring charges not billed are judged over the whole history pass in process (context.ts):
    // a connector whose contracts state a billing cadence scans in process for such a module.
    if (await this.judgesRecurring(connector, module, scan.signal)) return undefined;
    // Volume tiers earned over the month are counted over the same pass (month-volumes.ts): a
    // connector whose contracts state tiers scans in process for a module pricing lines.
    if (await this.judgesMonthTiers(connector, module, scan.signal)) return undefined;
    // Journals posted twice are found by one pass over a ledger's lines in order (journal-copies.ts):
    // a ledger whose lines name their journal scans in process for a module that judges them.
    if (await this.judgesJournals(connector, module, setup.config.duplicate_detection.journal_field, scan.signal)) return undefined;
    // A limit that may stop the scan: only one pass knows where. A small one is not worth threads.
    if (scan.limit !== undefined && scan.limit < MIN_SPLIT_LIMIT) return undefined;
    const limit = setup.config.context.history_limit;
    const level = module.history === "none" || limit === 0 ? "none" : module.history;
    // The workers' whole run is one scan of the source: bounded by its scan_timeout_s. (The
    // deadline's timer is not kept to be cleared: it is unref'd and only aborts a finished gang.)
    const signal = connector.scanDeadline?.(scan.signal).signal ?? scan.signal;
    // The workers load while the parts are cut (which may build the source's index).
    const gang = new WorkerGang(workers, signal);
    // ...and read the reference tables meanwhile: the scan needs them, the index build leaves a core idle.
    const ahead = connector.referencePartition?.();
    if (ahead) gang.send(() => ({ op: "prepare", part: ahead }));
    let parts: ScanPartition[] | undefined;
    let ledgerParts: ScanPartition[] | undefined;
    try {
      parts = await connector.partitions(workers * PARTS_PER_WORKER, signal);
      // The history pass reads the source's first history_limit transactions: its parts share those.
      ledgerParts = level === "none" ? parts : await connector.partitions(workers * PARTS_PER_WORKER, signal, limit);
    } catch (e) {
      gang.close();
      throw e;
    }
    if (!parts || !ledgerParts || (scan.limit !== undefined && parts.reduce((n, p) => n + p.transactions, 0) > scan.limit)) {
      gang.close();
      return undefined;
    }
    return {
      gang,
      parts,
      ledgerParts,
      historyLimit: limit,
      connector: connector.id,
      dayOrder: connector.dayOrder?.(),
      module: module.id,
      level,
      // Only the settings themselves: the engine's dependencies travel with them in process.
      settings: { modules: setup.settings.modules, rules: setup.settings.rules, autoThreshold: setup.settings.autoThreshold },
      learned: setup.learned.get(connector.id) ?? null,
      from: scan.from,
      to: scan.to,
      signal,
      onProgress: scan.onProgress,
      now: this.deps.clock.now(),
      population,
      onRejected: (rows) => connector.recordRejections?.(rows),
    };
  }

  /** The admin CLI's view of a connector: any connector, whatever its accounts (simulate, learn). */
  private adminConnector(id: string, module: string): Connector {
    const connector = this.deps.connectors.get(id);
    if (!connector) {
      const valid = this.deps.connectors.list().map((c) => c.id);
      throw new ApiError("unknown_connector", `no connector "${id}"; valid connectors: ${valid.join(", ") || "(none configured)"}`, {
        errors: [{ path: "/connector", message: "unknown connector" }],
        extra: { valid_values: valid },
      });
    }
    if (!this.setup.modules.has(module)) {
      const valid = [...this.setup.modules.keys()];
      throw new ApiError("unknown_module", `no module "${module}"; valid modules: ${valid.join(", ")}`, { errors: [{ path: "/module", message: "unknown module" }], extra: { valid_values: valid } });
    }
    if (!connector.enabled) throw connectorUnavailable(connector.id, "the connector is disabled");
    return connector;
  }

  /** The module, once access() has checked that the connector offers it (so the catalog has it). */
  private moduleFor(setup: AnalysisSetup, id: string): ResolvedModule {
    const module = setup.modules.get(id);
    if (!module) throw new Error(`module "${id}" passed the connector access check but is not in the catalog`);
    return module;
  }

  private async transactionFrom(connector: Connector, data: Record<string, unknown>, signal?: AbortSignal): Promise<Transaction> {
    if (!isLookupOnly(data)) return normalizeTransaction(data);
    const id = validateTransactionId(data);
    if (!connector.capabilities.lookup) {
      throw new ApiError("validation_failed", `connector "${connector.id}" has no source to look transactions up in; send the whole transaction in data`, {
        errors: [{ path: "/data", message: "transaction fields required for this connector" }],
      });
    }
    const txn = await connector.getTransaction(id, signal);
    if (!txn) throw new ApiError("transaction_not_found", `connector "${connector.id}" has no transaction "${id}"`, { extra: { connector: connector.id, transaction_id: id } });
    return txn;
  }
}

/** One headline figure: the only currency's total, else the largest currency's, with every total in by_currency. */
/** A result's anomalies, and how many were found when the list holds fewer (options.max_anomalies). */
function anomalyList(listed: Anomaly[], found: number): Pick<AnalysisResult, "anomalies" | "anomalies_total"> {
  return found > listed.length ? { anomalies: listed, anomalies_total: found } : { anomalies: listed };
}

function headlineAmount(byCurrency: Map<string, number>): AnalysisResult["amount_at_risk"] {
  const sorted = [...byCurrency].sort(([a], [b]) => (a < b ? -1 : 1));
  let best: [string, number] | undefined;
  for (const entry of sorted) if (!best || entry[1] > best[1]) best = entry;
  if (!best) return { amount: 0, currency: null };
  const headline = { amount: roundMoney(best[1]), currency: best[0] || null };
  if (sorted.length === 1) return headline;
  return { ...headline, by_currency: Object.fromEntries(sorted.map(([c, v]) => [c || "none", roundMoney(v)])) };
}
