// Streaming analysis of a connector's transactions: each transaction is evaluated against the
// cached context as it arrives and then dropped, so memory stays bounded whatever the source's
// size. A scan keeps the strongest anomalies (bounded), the money at risk per currency, the
// highest transaction score and the population tests.
import { round2 } from "../domain/rounding.ts";
import { TimeSlicer } from "../domain/event-loop.ts";
import type { Anomaly, TransactionFinding } from "../domain/analysis.ts";
import type { Connector } from "../connectors/types.ts";
import { collectOnGrowth } from "../connectors/csv/reader.ts";
import type { Transaction } from "../domain/transaction.ts";
import type { DetectorCode } from "./catalog.ts";
import type { ModulesConfig } from "./config-schema.ts";
import type { AnalysisContext } from "./context.ts";
import type { CountedCodes } from "./history.ts";
import { PopulationTests } from "./detectors/anomaly/population.ts";
import type { Finding } from "./detectors/types.ts";
import { evaluateTransaction, scoreFindings } from "./evaluate.ts";
import type { ResolvedModule } from "./modules.ts";
import { type RecurringGap, UNBILLED_RECURRING_CODE } from "./detectors/leakage/unbilled-recurring.ts";
import { Strongest, StrongestAnomalies } from "./strongest.ts";

export interface ScanInput {
  connector: Connector;
  ctx: AnalysisContext;
  module: ResolvedModule;
  config: ModulesConfig;
  limit?: number;
  from?: string;
  to?: string;
  signal?: AbortSignal;
  onProgress?: (analyzed: number) => void;
}

const PROGRESS_EVERY = 1000;

/** Per-transaction findings, streamed (reports aggregate these). */
export async function* streamFindings(input: ScanInput): AsyncIterable<TransactionFinding> {
  let n = 0;
  // Transactions the context build kept arrive without a wait: the scan hands the event loop a
  // turn every few milliseconds itself.
  const slicer = new TimeSlicer();
  const read = readOf(input);
  for await (const transaction of read.transactions) {
    input.signal?.throwIfAborted();
    // A kept transaction's codes as the history pass counted them (the n-th read is the n-th kept).
    const ev = evaluateTransaction(transaction, input.ctx, input.module, input.config, read.codes, n);
    n++;
    if (input.onProgress && n % PROGRESS_EVERY === 0) input.onProgress(n);
    yield { transaction, risk_score: ev.risk_score, risk_level: ev.risk_level, anomalies: ev.anomalies, amount_at_risk: ev.amount_at_risk };
    const pause = slicer.due();
    if (pause) await pause;
  }
  input.onProgress?.(n);
}

/**
 * The scan's transactions: the ones its context's build has just read, when it kept them (the
 * whole source, in order: AnalysisContext.takeSource) and the scan reads the whole source too (no
 * date range: a connector may apply one in its query, and its answer is the connector's to give);
 * otherwise the connector's scan.
 */
function readOf(input: ScanInput): { transactions: AsyncIterable<Transaction>; codes: CountedCodes | undefined } {
  const kept = input.from === undefined && input.to === undefined && input.ctx.connectorId === input.connector.id ? input.ctx.takeSource() : undefined;
  if (!kept) return { transactions: input.connector.scan({ limit: input.limit, from: input.from, to: input.to, signal: input.signal }), codes: undefined };
  return { transactions: keptOf(kept.transactions, input.limit), codes: kept.codes };
}

async function* keptOf(kept: Transaction[], limit: number | undefined): AsyncIterable<Transaction> {
  // streamFindings checks the signal for each transaction, as it does for the connector's.
  const end = limit === undefined ? kept.length : Math.min(kept.length, Math.max(0, limit));
  const since = process.memoryUsage.rss();
  for (let i = 0; i < end; i++) {
    // Reading nothing, the pass makes none of the reader's collections: its scoring garbage took
    // the RSS ~100 MB up before the engine collected (collectOnGrowth). A check every 1,024.
    if ((i & (KEPT_COLLECT_CHECK_EVERY - 1)) === 0) collectOnGrowth(since);
    yield kept[i]!;
  }
}
const KEPT_COLLECT_CHECK_EVERY = 1024;

export interface ScanSummary {
  transactions_analyzed: number;
  /** Highest transaction score combined with the population findings. */
  risk_score: number;
  anomalies: Anomaly[];
  /** Anomalies found, listed or not (transactions' and population findings). */
  anomalies_found: number;
  /** The riskiest transactions (score above 0), strongest first, at most max_anomalies. */
  flagged: ScoredTransaction[];
  /** Money at risk per currency ("" for transactions without one). */
  at_risk_by_currency: Map<string, number>;
}

/** A transaction of a scan with its own risk score. */
export interface ScoredTransaction {
  transaction_id: string;
  risk_score: number;
}

export async function summarizeScan(input: ScanInput, maxAnomalies: number): Promise<ScanSummary> {
  const summary = new ScanSummarizer(input.module, input.config, maxAnomalies);
  for await (const f of streamFindings(input)) summary.add(f);
  summary.addUnattached(unattachedGaps(input.ctx, input.module, input.from, input.to));
  return summary.finish();
}

/**
 * The module's findings about the history that go on no transaction: recurring charges due in a
 * period in which the contract has no document at all (unbilled_recurring_charge), those of
 * periods starting within `from`..`to` when given.
 */
export function unattachedGaps(ctx: AnalysisContext, module: ResolvedModule, from?: string, to?: string): readonly RecurringGap[] {
  if ((module.weights.get(UNBILLED_RECURRING_CODE) ?? 0) <= 0) return [];
  const a = from ? from.slice(0, 10) : undefined;
  const b = to ? to.slice(0, 10) : undefined;
  return ctx.recurringGaps.unattached.filter((g) => (a === undefined || g.periodStart >= a) && (b === undefined || g.periodStart <= b));
}

/**
 * A scan's summary built from its findings in source order: every transaction (add), or the
 * flagged ones with the count of all and the population tests' state of each part in order (a
 * scan split over workers, parallel/split-scan.ts): the same summary either way.
 */
export class ScanSummarizer {
  readonly population: PopulationTests;
  private readonly keep: StrongestAnomalies;
  private readonly riskiest: Strongest<ScoredTransaction>;
  private readonly byCurrency = new Map<string, number>();
  private analyzed = 0;
  private top = 0;
  private unattached: readonly RecurringGap[] = [];

  constructor(
    private readonly module: ResolvedModule,
    private readonly config: ModulesConfig,
    maxAnomalies: number,
  ) {
    this.population = new PopulationTests(config.anomaly_detection.population);
    this.keep = new StrongestAnomalies(maxAnomalies);
    this.riskiest = new Strongest<ScoredTransaction>(maxAnomalies, (x, y) => y.risk_score - x.risk_score);
  }

  /** One transaction of the scan, in order. */
  add(f: TransactionFinding) {
    this.analyzed++;
    this.population.add(f.transaction.transaction_id, f.transaction.amount);
    this.addFindings(f);
  }

  /** `analyzed` transactions of which `flagged` had findings (the population is counted apart). */
  addFlagged(analyzed: number, flagged: readonly TransactionFinding[]) {
    this.analyzed += analyzed;
    // A transaction without findings scores 0 and has nothing at risk: only the flagged count.
    for (const f of flagged) this.addFindings(f);
  }

  private addFindings(f: TransactionFinding) {
    this.top = Math.max(this.top, f.risk_score);
    if (f.risk_score > 0) this.riskiest.add({ transaction_id: f.transaction.transaction_id, risk_score: f.risk_score });
    for (const a of f.anomalies) this.keep.add(a);
    if (f.amount_at_risk > 0) {
      const cur = f.transaction.currency ?? "";
      this.byCurrency.set(cur, (this.byCurrency.get(cur) ?? 0) + f.amount_at_risk);
    }
  }

  /** Findings about the history that go on no transaction (unattachedGaps): listed with
   *  transaction_id "*", their money at risk counted in their currency. */
  addUnattached(gaps: readonly RecurringGap[]) {
    this.unattached = gaps;
  }

  finish(): ScanSummary {
    const popFindings: Finding[] = this.population.findings().filter((p) => (this.module.weights.get(p.code as DetectorCode) ?? 0) > 0);
    for (const g of this.unattached) {
      popFindings.push(g.finding);
      const cur = g.currency ?? "";
      if (g.finding.amount_at_risk > 0) this.byCurrency.set(cur, (this.byCurrency.get(cur) ?? 0) + g.finding.amount_at_risk);
    }
    const pop = scoreFindings(popFindings, "*", this.module, this.config);
    for (const a of pop.anomalies) this.keep.add(a);
    // The scan's score: its riskiest transaction, raised by population evidence (noisy-OR).
    const risk = 100 * (1 - (1 - this.top / 100) * (1 - pop.risk_score / 100));
    return { transactions_analyzed: this.analyzed, risk_score: round2(risk), anomalies: this.keep.list(), anomalies_found: this.keep.seen, flagged: this.riskiest.list(), at_risk_by_currency: this.byCurrency };
  }
}
