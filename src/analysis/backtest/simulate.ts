// The back-test: replays a connector's transactions once and evaluates each under two analysis
// setups (the one in force and a candidate), counting the alerts each would open (score ≥ its
// auto_threshold) by severity and finding code, the money at risk on them, and — for labelled
// transactions — the confusion matrix. A transaction matching a pattern analysts dismissed as a
// false positive opens no alert, as in service (counted as suppressed). Nothing is recorded and
// no alert is opened.
import type { Connector } from "../../connectors/types.ts";
import { SEVERITIES } from "../../domain/analysis.ts";
import type { Transaction } from "../../domain/transaction.ts";
import type { Labels, SimulationResult, SimulationSide } from "../../domain/simulation.ts";
import { codesKey, entityKey, type SuppressedPattern } from "../../domain/suppression.ts";
import { evaluateTransaction, type Evaluation } from "../evaluate.ts";
import type { AnalysisSetup } from "../setup.ts";
import { Confusion } from "./metrics.ts";
import { TimeSlicer } from "../../domain/event-loop.ts";

export interface SimulationInput {
  connector: Connector;
  module: string;
  current: AnalysisSetup;
  candidate: AnalysisSetup;
  from?: string;
  to?: string;
  limit?: number;
  labels: Labels;
  labelSource: string;
  /** Dismissed false-positive patterns: a matching transaction opens no alert (alerts/suppressions.ts). */
  suppressions?: readonly SuppressedPattern[];
  signal?: AbortSignal;
  /** Called every PROGRESS_EVERY transactions, and at the end. */
  onProgress?: (analyzed: number) => void;
}

const PROGRESS_EVERY = 500;
const SAMPLE = 20;

/** Patterns dismissed as false positives, as the service matches them (alerts/suppressions.ts). */
class DismissedPatterns {
  private readonly keys: ReadonlySet<string>;

  constructor(patterns: readonly SuppressedPattern[]) {
    this.keys = new Set(patterns.map((p) => `${p.codes}\u0000${p.entity}`));
  }

  /** Whether this evaluation of the transaction matches one (it would open no alert). */
  match(ev: Evaluation, txn: Transaction): boolean {
    if (this.keys.size === 0 || ev.anomalies.length === 0) return false;
    const entity = entityKey(txn.customer_id, txn.transaction_id);
    return entity !== null && this.keys.has(`${codesKey(ev.anomalies)}\u0000${entity}`);
  }
}

class SideTally {
  alerts = 0;
  suppressed = 0;
  readonly bySeverity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as SimulationSide["by_severity"];
  readonly byDetector = new Map<string, number>();
  readonly atRisk = new Map<string, number>();
  readonly confusion = new Confusion();

  constructor(readonly setup: AnalysisSetup, readonly connectorId: string) {}

  get threshold(): number {
    return this.setup.autoThresholdFor(this.connectorId);
  }

  add(ev: Evaluation, txn: Transaction, label: boolean | undefined, dismissed: DismissedPatterns): boolean {
    let alert = ev.risk_score >= this.threshold;
    if (alert && dismissed.match(ev, txn)) {
      this.suppressed++;
      alert = false;
    }
    if (label !== undefined) this.confusion.add(alert, label);
    if (!alert) return false;
    this.alerts++;
    this.bySeverity[ev.risk_level]++;
    for (const code of new Set(ev.anomalies.map((a) => a.code))) this.byDetector.set(code, (this.byDetector.get(code) ?? 0) + 1);
    if (ev.amount_at_risk > 0) {
      const c = txn.currency || "none";
      this.atRisk.set(c, Math.round(((this.atRisk.get(c) ?? 0) + ev.amount_at_risk) * 100) / 100);
    }
    return true;
  }

  result(labelled: boolean): SimulationSide {
    return {
      model_version: this.setup.modelVersionFor(this.connectorId),
      auto_threshold: this.threshold,
      alerts: this.alerts,
      suppressed: this.suppressed,
      by_severity: this.bySeverity,
      by_detector: Object.fromEntries([...this.byDetector].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))),
      amount_at_risk: Object.fromEntries([...this.atRisk].sort()),
      metrics: labelled ? this.confusion.metrics() : null,
    };
  }
}

export async function simulate(input: SimulationInput): Promise<SimulationResult> {
  const { connector, current, candidate } = input;
  const moduleA = current.moduleFor(input.module, connector.id);
  const moduleB = candidate.moduleFor(input.module, connector.id);
  const ctxA = await current.contexts.get(connector, input.signal, moduleA.history);
  const ctxB = candidate.contexts === current.contexts && moduleB.history === moduleA.history ? ctxA : await candidate.contexts.get(connector, input.signal, moduleB.history);
  const a = new SideTally(current, connector.id);
  const b = new SideTally(candidate, connector.id);
  const opened: string[] = [];
  const closed: string[] = [];
  let openedCount = 0;
  let closedCount = 0;
  let analyzed = 0;
  let positives = 0;
  let negatives = 0;
  const dismissed = new DismissedPatterns(input.suppressions ?? []);
  // Each transaction is judged twice, and a source hands many over without a wait: the replay
  // hands the event loop a turn every few milliseconds itself, as a scan does (scan.ts).
  const slicer = new TimeSlicer();
  for await (const txn of connector.scan({ from: input.from, to: input.to, limit: input.limit, signal: input.signal })) {
    input.signal?.throwIfAborted();
    const label = input.labels.get(txn.transaction_id);
    if (label === true) positives++;
    else if (label === false) negatives++;
    const alertA = a.add(evaluateTransaction(txn, ctxA, moduleA, current.config), txn, label, dismissed);
    const alertB = b.add(evaluateTransaction(txn, ctxB, moduleB, candidate.config), txn, label, dismissed);
    if (alertB && !alertA && openedCount++ < SAMPLE) opened.push(txn.transaction_id);
    if (alertA && !alertB && closedCount++ < SAMPLE) closed.push(txn.transaction_id);
    if (++analyzed % PROGRESS_EVERY === 0) input.onProgress?.(analyzed);
    const pause = slicer.due();
    if (pause) await pause;
  }
  input.onProgress?.(analyzed);
  const labelled = positives + negatives > 0;
  return {
    object: "simulation",
    connector: connector.id,
    module: input.module,
    period: { from: input.from ?? null, to: input.to ?? null },
    transactions_analyzed: analyzed,
    labels: { source: input.labelSource, positives, negatives },
    current: a.result(labelled),
    candidate: b.result(labelled),
    changes: { opened: openedCount, closed: closedCount, opened_sample: opened, closed_sample: closed },
  };
}
