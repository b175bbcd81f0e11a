// What a back-test (`assay simulate`, the `simulation` report) produces: the alerts a connector's
// transactions would open under the configuration in force and under a candidate, side by side,
// with precision, recall and F1 against analysts' resolutions or a labels file.
import type { Severity } from "./analysis.ts";
import type { SuppressedPattern } from "./suppression.ts";

/** Classification quality against labels: an alert is a positive prediction. */
export interface LabelMetrics {
  /** Labelled transactions that were replayed. */
  labelled: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  /** null when undefined (nothing predicted, or no positive label). */
  precision: number | null;
  recall: number | null;
  f1: number | null;
}

export interface SimulationSide {
  model_version: string;
  auto_threshold: number;
  /** Transactions scoring at or above auto_threshold: the alerts that would open. */
  alerts: number;
  /** Transactions that would alert but match a pattern dismissed as a false positive: no alert opens (not in `alerts`). */
  suppressed: number;
  by_severity: Record<Severity, number>;
  /** Alerts carrying each finding code (an alert with two codes counts under both). */
  by_detector: Record<string, number>;
  /** Money at risk on those alerts, per currency ("none" when absent). */
  amount_at_risk: Record<string, number>;
  metrics: LabelMetrics | null;
}

export interface SimulationResult {
  object: "simulation";
  connector: string;
  module: string;
  period: { from: string | null; to: string | null };
  transactions_analyzed: number;
  labels: { source: string; positives: number; negatives: number };
  current: SimulationSide;
  candidate: SimulationSide;
  changes: { opened: number; closed: number; opened_sample: string[]; closed_sample: string[] };
}

/** Transaction id → true (a real problem) or false (a false positive). */
export type Labels = ReadonlyMap<string, boolean>;

/** A back-test request (the engine replays; the caller supplies the labels). */
export interface SimulationRequest {
  /** undefined: the admin CLI, which may replay any connector. */
  accountId?: string;
  connector: string;
  module: string;
  from?: string;
  to?: string;
  limit?: number;
  labels: Labels;
  labelSource: string;
  /** Compare the built-in baseline (default weights, no rules, no learned model) with the setup in force. */
  baseline?: boolean;
  /** Patterns dismissed as false positives: a transaction matching one opens no alert, as in service. */
  suppressions?: readonly SuppressedPattern[];
  signal?: AbortSignal;
  onProgress?: (analyzed: number) => void;
}
