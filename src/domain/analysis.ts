// What an analysis produces (POST /v1/analyze, docs/analysis.md) and the engine contract that the
// analyze route and the reports share. The analysis feature implements AnalysisEngine.
import type { IdempotencyRef } from "./idempotency.ts";
import type { SimulationRequest, SimulationResult } from "./simulation.ts";
import type { Transaction } from "./transaction.ts";

export const SEVERITIES = ["low", "medium", "high", "critical"] as const;
export type Severity = (typeof SEVERITIES)[number];
export type RiskLevel = Severity;

export interface Anomaly {
  /** Stable detector code, e.g. `price_below_contract`. */
  code: string;
  severity: Severity;
  /** Detector confidence/strength in [0, 1]. */
  score: number;
  message: string;
  transaction_id: string;
  field: string | null;
  expected: unknown;
  actual: unknown;
  /** Money provably lost, in the transaction's currency (0 when the anomaly proves no loss). */
  amount_at_risk: number;
}

export interface AnalysisResult {
  id: string;
  object: "analysis";
  connector: string;
  module: string;
  /** The transaction analysed; null for a scan. */
  transaction_id: string | null;
  risk_score: number;
  risk_level: RiskLevel;
  anomalies: Anomaly[];
  /** Present when `anomalies` lists fewer than were found (at most options.max_anomalies, the strongest): how many were found. */
  anomalies_total?: number;
  /** by_currency (scans only) gives the total of every currency when there are several. */
  amount_at_risk: { amount: number; currency: string | null; by_currency?: Record<string, number> };
  transactions_analyzed: number;
  /** Scans only: the riskiest transactions (score above 0), strongest first, at most max_anomalies. */
  flagged_transactions?: { transaction_id: string; risk_score: number; risk_level: RiskLevel }[];
  alert_id: string | null;
  model_version: string;
  analyzed_at: string;
  duration_ms: number;
}

export interface AnalyzeRequest {
  accountId: string;
  connector: string;
  module: string;
  data?: Record<string, unknown>;
  options?: Record<string, unknown>;
  /** Aborts a long scan when the client goes away. */
  signal?: AbortSignal;
  /** The Idempotency-Key claim this analysis answers (recorded with it). */
  claim?: IdempotencyRef;
}

/** One transaction's outcome inside a scan (reports aggregate these). */
export interface TransactionFinding {
  transaction: Transaction;
  risk_score: number;
  risk_level: RiskLevel;
  anomalies: Anomaly[];
  amount_at_risk: number;
}

export interface ScanRequest {
  accountId: string;
  connector: string;
  module: string;
  from?: string;
  to?: string;
  limit?: number;
  signal?: AbortSignal;
  /** Called now and then with the number of transactions analysed so far. */
  onProgress?: (analyzed: number) => void;
}

/** Transactions evaluated since the previous batch, and those of them with findings (in order). */
export interface FlaggedBatch {
  analyzed: number;
  flagged: TransactionFinding[];
}

/** Per-transaction findings as batches of 1,000 analysed, keeping only the flagged ones. */
export async function* flaggedBatchesOf(findings: AsyncIterable<TransactionFinding>): AsyncIterable<FlaggedBatch> {
  let batch: FlaggedBatch = { analyzed: 0, flagged: [] };
  for await (const f of findings) {
    batch.analyzed++;
    if (f.anomalies.length > 0) batch.flagged.push(f);
    if (batch.analyzed === 1000) {
      yield batch;
      batch = { analyzed: 0, flagged: [] };
    }
  }
  if (batch.analyzed > 0) yield batch;
}

/** A finding about a connector's history that goes on no transaction (its `transaction_id` is "*"):
 *  a recurring charge due in a period in which its contract has no document at all. */
export interface HistoryFinding {
  anomaly: Anomaly;
  customer_id: string | null;
  /** The first day of the period it concerns (YYYY-MM-DD). */
  date: string;
  currency: string | null;
}

export interface AnalysisEngine {
  /** POST /v1/analyze: inline, by id, or a scan; records the analysis; may open an alert. */
  analyze(request: AnalyzeRequest): Promise<AnalysisResult>;
  /** Streams per-transaction findings over a connector's transactions (for reports). */
  scanFindings(request: ScanRequest): AsyncIterable<TransactionFinding>;
  /**
   * The same scan, as batches: how many transactions were evaluated and those of them with
   * findings, in source order (a report's way: most transactions have none). May run on worker
   * threads (reports.workers).
   */
  scanFlagged?(request: ScanRequest): AsyncIterable<FlaggedBatch>;
  /** Findings about the connector's history that go on no transaction (reports list them after
   *  the transactions' findings). */
  historyFindings?(request: ScanRequest): Promise<HistoryFinding[]>;
  /** Back-test of two configurations over a connector's transactions (the simulation report). */
  simulate?(request: SimulationRequest): Promise<SimulationResult>;
}

/** Opens (or finds the open) alert for an analysis whose score reached alerts.auto_threshold. */
export interface AlertOpener {
  /** With `recording`, also records the analysis in the alert's transaction (with the alert id set). */
  openFromAnalysis(accountId: string, analysis: AnalysisResult, recording?: { customerId: string | null; claim?: IdempotencyRef }): Promise<string /* alert id */ | null /* suppressed: recorded, no alert */>;
}
