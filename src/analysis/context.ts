// What the detectors know beyond the transaction: the connector's reference tables and the
// statistics of its history (and the model trained on it). Building one reads the whole
// reference data and streams up to context.history_limit transactions, so contexts are cached
// per connector for context.ttl_s, built once even when many requests ask at the same moment,
// and rebuilt at once when a file source changes (Connector.revision). A context is built to the
// history level the asking module needs (history.ts): a revenue_leakage scan never pays for the
// anomaly statistics. A module that needs more than the cached context has gets a new one, built
// to the higher level, which then serves every module.
import { TimeSlicer } from "../domain/event-loop.ts";
import type { Clock } from "../domain/clock.ts";
import type { Connector } from "../connectors/types.ts";
import type { ReferenceData, Transaction } from "../domain/transaction.ts";
import type { ModulesConfig } from "./config-schema.ts";
import { addDays, DAY_MS, type DayOrder, ExportDayOrder, isoDay } from "./dates.ts";
import { type CountedCodes, HistoryBuilder, historyCovers, type HistoryLevel, type HistoryStats, maxLevel, PROFILE_ROWS } from "./history.ts";
import { AnomalyForest } from "./anomaly-forest.ts";
import { ReferenceIndex } from "./reference-index.ts";
import { AmountContextsOffload, AmountContextsThread } from "./parallel/amount-offload.ts";
import { RecurringBillings, RecurringGaps, RecurringSchedule, unbilledRecurringCharges } from "./detectors/leakage/unbilled-recurring.ts";
import { recurringBilledBeyondService, RecurringSurpluses } from "./detectors/leakage/recurring-beyond-service.ts";
import { BilledComponents } from "./detectors/leakage/billed-components.ts";
import { RateAdjustments } from "./detectors/leakage/rate-adjustments.ts";
import { FollowUpBilling } from "./detectors/leakage/follow-up-billing.ts";
import { MonthToDateVolumes } from "./detectors/leakage/month-volumes.ts";
import { DeductionEvidence } from "./detectors/leakage/deduction-evidence.ts";
import { ServiceHistoryFindings } from "./detectors/leakage/service-history.ts";

/** A history of at most this many transactions keeps them for the scan that follows its build
 *  (AnalysisContext.takeSource): one read of the source instead of two. A larger source holds
 *  this many alive during its history pass before they are let go (whether a source is larger is
 *  known only at its end): the bound on that, ~85 MB of journal rows from a CSV file. */
export const KEEP_SOURCE_MAX = 100_000;
/** How long they are kept for it: the scan that asked for the build takes them at once; a
 *  context built for anything else must not hold a source's worth of transactions for its ttl. */
const KEEP_SOURCE_MS = 2_000;

export class AnalysisContext {
  private model: AnomalyForest | null | undefined;
  /** Every transaction of the source, in order, as the history pass read them (keepSource). */
  private source: Transaction[] | undefined;
  /** Their codes as the history pass counted them (HistoryBuilder.countedCodes), kept with them. */
  private sourceCodes: CountedCodes | undefined;
  /** Recurring charges due and not billed (unbilled_recurring_charge), judged over the history
   *  pass; empty when no contract row states a cadence or no history was read. */
  recurringGaps: RecurringGaps = RecurringGaps.empty;
  /** Recurring charges billed beyond the services in force (recurring_billed_beyond_service),
   *  judged over the same pass; empty unless contract rows state their quantity in service. */
  recurringSurpluses: RecurringSurpluses = RecurringSurpluses.empty;
  /** Usage stopped and components missing from one bill, judged over each service's bills by
   *  month (usage_stopped, recurring_component_missing); empty when no history was read. */
  serviceFindings: ServiceHistoryFindings = ServiceHistoryFindings.empty;
  /** The retro rate adjustment lines of the history (rate-adjustments.ts): what they made up of
   *  an earlier line billed below the rate in force; empty when no history was read. */
  rateAdjustments: RateAdjustments = RateAdjustments.empty;
  /** What later invoices billed of the documents they name (follow-up-billing.ts), read by
   *  unbilled_shipment; empty when no history was read. */
  followUps: FollowUpBilling = FollowUpBilling.empty;
  /** The customers' quantities of the codes contracts tier, by month (month-volumes.ts), read by
   *  price_below_contract; empty when no contract row states a tier or no history was read. */
  monthVolumes: MonthToDateVolumes = MonthToDateVolumes.empty;
  /** What deductions are validated against (deduction-evidence.ts): the invoices' lines, the
   *  payments naming a document, credit notes' claim numbers; empty when no history was read. */
  deductions: DeductionEvidence = DeductionEvidence.empty;
  /** The order an ambiguous date of the export's attributes (07/09/2026) is read in where its own
   *  document does not tell: the connector's configured date format's, else the one the history's
   *  documents show (dates.ts ExportDayOrder); undefined when neither tells. */
  dayOrder: DayOrder | undefined;

  constructor(
    readonly connectorId: string,
    readonly reference: ReferenceIndex,
    readonly history: HistoryStats,
    private readonly anomalyConfig: ModulesConfig["anomaly_detection"],
    readonly builtAt: number,
  ) {}

  /**
   * Keeps the source's transactions — all of them: the history pass read the source to its end —
   * for the scan that follows the build, so that it does not read (for a file: parse and map) the
   * source a second time. Kept for KEEP_SOURCE_MS at most, and given to one scan only.
   */
  keepSource(transactions: Transaction[], codes?: CountedCodes) {
    this.source = transactions;
    this.sourceCodes = codes !== undefined && codes.size === transactions.length ? codes : undefined;
    setTimeout(() => {
      this.source = undefined;
      this.sourceCodes = undefined;
    }, KEEP_SOURCE_MS).unref();
  }

  /** The source's transactions as the history pass read them, once, with their counted codes when
   *  kept (the i-th transaction's: `codes.coded(i)`); undefined when not kept (or already taken, or
   *  expired): the scan then reads the source. */
  takeSource(): { transactions: Transaction[]; codes: CountedCodes | undefined } | undefined {
    const kept = this.source;
    const codes = this.sourceCodes;
    this.source = undefined;
    this.sourceCodes = undefined;
    return kept === undefined ? undefined : { transactions: kept, codes };
  }

  /** The isolation forest, trained on first use and kept with the context. */
  anomalyForest(): AnomalyForest | null {
    if (this.model === undefined) this.model = AnomalyForest.train(this.history, this.anomalyConfig);
    return this.model;
  }
}

export interface ContextSource {
  id: string;
  capabilities: Connector["capabilities"];
  reference(signal?: AbortSignal): Promise<ReferenceData>;
  scan: Connector["scan"];
  /** Connector.revision: a context built from another revision of the source is stale. */
  revision?(): string | undefined;
  /** Connector.dayOrder: the order of day and month its configured date format states. */
  dayOrder?(): DayOrder | undefined;
}

/**
 * `workers` > 1 (reports.workers): a "full" history of PROFILE_ROWS entries or more builds its
 * amount contexts on a worker thread meanwhile (parallel/amount-offload.ts): the same contexts.
 */
export async function buildContext(
  source: ContextSource,
  config: ModulesConfig,
  now: number,
  signal?: AbortSignal,
  level: HistoryLevel = "full",
  workers = 1,
): Promise<AnalysisContext> {
  const limit = config.context.history_limit;
  const scans = source.capabilities.scan && limit > 0 && level !== "none";
  // Started now, it loads while the reference tables and the first entries are read; a history
  // that stays under PROFILE_ROWS entries builds its contexts in process and the thread is ended.
  const thread = workers > 1 && scans && level === "full" && limit >= PROFILE_ROWS ? new AmountContextsThread() : undefined;
  try {
    const reference = new ReferenceIndex(await source.reference(signal));
    // Only a schedule with a cadence costs anything: the lines of the contracts it concerns.
    const schedule = scans ? RecurringSchedule.of(reference.contractRows, config.revenue_leakage.minimum_charge_skus) : undefined;
    // The export's order of day and month: its configured date format's is known now, the order its
    // documents show once the pass has read them.
    const configuredOrder = source.dayOrder?.();
    const dayOrders = scans && configuredOrder === undefined ? new ExportDayOrder() : undefined;
    const recurring = schedule ? new RecurringBillings(schedule, configuredOrder, config.revenue_leakage.accepted_adjustment_reasons, addDays(isoDay(now), 366)) : undefined;
    // Only contracts stating volume tiers cost anything: the lines of the codes they tier.
    const volumes = scans ? MonthToDateVolumes.of(reference.contractRows) : undefined;
    // The lines stating a unit of measure, by service and month (an export without units: none).
    const components = scans ? new BilledComponents() : undefined;
    // A deduction posted to the API (inline) may name any invoice of the history, not only those
    // the history's own deductions name: every invoice's lines are kept, in their columns.
    components?.deductions.keepLines();
    const builder = new HistoryBuilder({
      level,
      categoricalFields: config.anomaly_detection.categorical_fields,
      seed: config.anomaly_detection.isolation_forest.seed,
      utcOffsetMinutes: config.anomaly_detection.calendar.utc_offset_minutes,
      names: { field: config.anomaly_detection.lookalike_counterparty.name_field, minHistory: config.anomaly_detection.lookalike_counterparty.min_history },
      habitFields: config.anomaly_detection.rare_combination.habit_fields,
      periodFields: config.anomaly_detection.off_period.fields,
      // The history's last day for accrual_not_reversed: as the recurring rules', at most a year past the scan's day.
      journals: { field: config.duplicate_detection.journal_field, windowDays: config.duplicate_detection.journal_window_days, horizonDay: Math.floor(now / DAY_MS) + 366 },
      amountContexts: thread ? (fields, scope, categorical) => new AmountContextsOffload(fields, scope, categorical, thread) : undefined,
    });
    // The transactions are kept for the scan that follows while the source may turn out to hold
    // fewer than the history's limit and at most KEEP_SOURCE_MAX: then they are the whole source.
    let kept: Transaction[] | undefined = scans && level === "full" ? [] : undefined;
    // With them, each one's codes as the history counts them: the scan reads those, not the values again.
    builder.keepCodes(kept !== undefined);
    if (scans) {
      // A source that never waits (in memory, or a file's rows parsed a megabyte at a time)
      // would hold the event loop for the whole pass: a turn every few milliseconds.
      const slicer = new TimeSlicer();
      for await (const t of source.scan({ limit, signal })) {
        builder.add(t);
        dayOrders?.add(t);
        recurring?.add(t);
        volumes?.add(t);
        components?.add(t);
        kept?.push(t);
        if (kept && kept.length > KEEP_SOURCE_MAX) {
          kept = undefined;
          builder.keepCodes(false);
        }
        const pause = slicer.due();
        if (pause) await pause;
      }
    }
    const history = await builder.finishAll();
    const ctx = new AnalysisContext(source.id, reference, history, config.anomaly_detection, now);
    ctx.dayOrder = configuredOrder ?? dayOrders?.order();
    if (components) ctx.serviceFindings = ServiceHistoryFindings.of(components, config.revenue_leakage.tolerance.absolute, ctx.dayOrder, config.revenue_leakage.minimum_charge_skus);
    if (components && components.rateAdjustments.entries.length > 0) ctx.rateAdjustments = components.rateAdjustments;
    if (components && components.followUps.entries.length > 0) ctx.followUps = components.followUps;
    if (components && components.deductions.judged) ctx.deductions = components.deductions;
    if (volumes?.collected) ctx.monthVolumes = volumes;
    if (schedule && recurring) {
      ctx.recurringGaps = unbilledRecurringCharges(schedule, recurring, config.revenue_leakage.tolerance.absolute);
      ctx.recurringSurpluses = recurringBilledBeyondService(schedule, recurring);
    }
    // Exactly `limit` read: the source may hold more, which the scan would then have to read.
    if (kept && kept.length < limit) ctx.keepSource(kept, builder.countedCodes(history));
    return ctx;
  } finally {
    thread?.close();
  }
}

interface Entry {
  promise: Promise<AnalysisContext>;
  at: number;
  level: HistoryLevel;
  /** The source's revision when the build began (a change during the build makes it stale too). */
  revision: string | undefined;
  /** The connector it was built from: a reload that replaces the connector replaces the context. */
  source: object;
}

export class ContextCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly config: ModulesConfig,
    private readonly clock: Clock,
    /** Threads a context build may use (reports.workers; buildContext). */
    private readonly workers = 1,
  ) {}

  /** The connector's context with at least `level` of its history ("full" unless said otherwise). */
  get(source: ContextSource, signal?: AbortSignal, level: HistoryLevel = "full"): Promise<AnalysisContext> {
    const now = this.clock.now();
    const cached = this.entries.get(source.id);
    const revision = source.revision?.();
    const fresh = cached !== undefined && this.isFresh(cached, source, now, revision);
    if (fresh && historyCovers(cached.level, level)) return cached.promise;
    // A fresh context with less history is upgraded to what both need, so that alternating
    // modules do not rebuild in turn.
    const build = fresh ? maxLevel(cached.level, level) : level;
    // The build is shared by concurrent callers, so it must not die with one caller's signal.
    const promise = buildContext(source, this.config, now, undefined, build, this.workers);
    const entry = { promise, at: now, level: build, revision, source };
    this.entries.set(source.id, entry);
    promise.catch(() => {
      if (this.entries.get(source.id) === entry) this.entries.delete(source.id);
    });
    return abortableIf(promise, signal);
  }

  /** Whether a fresh context with at least `level` of the connector's history is cached (or being built). */
  has(source: Pick<ContextSource, "id" | "revision">, level: HistoryLevel = "full"): boolean {
    const cached = this.entries.get(source.id);
    return cached !== undefined && this.isFresh(cached, source, this.clock.now(), source.revision?.()) && historyCovers(cached.level, level);
  }

  /** Within context.ttl_s, from this connector, and built from its source as it is now (when the source can tell). */
  private isFresh(entry: Entry, source: object, now: number, revision: string | undefined): boolean {
    return now - entry.at < this.config.context.ttl_s * 1000 && entry.source === source && entry.revision === revision;
  }

  /** Drops one connector's context, or all of them. */
  invalidate(connectorId?: string) {
    if (connectorId === undefined) this.entries.clear();
    else this.entries.delete(connectorId);
  }
}

function abortableIf<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  return signal ? abortable(promise, signal) : promise;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (v) => {
        signal.removeEventListener("abort", onAbort);
        resolve(v);
      },
      (e) => {
        signal.removeEventListener("abort", onAbort);
        reject(e);
      },
    );
  });
}
