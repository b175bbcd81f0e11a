// The detector contract. A detector reads one transaction with its context and reports findings;
// the engine turns findings into anomalies (adding the transaction id and a severity) and the
// scoring ensemble turns them into a risk score.
import type { Severity } from "../../domain/analysis.ts";
import type { Transaction } from "../../domain/transaction.ts";
import type { DetectorCode } from "../catalog.ts";
import type { ModulesConfig } from "../config-schema.ts";
import type { AnalysisContext } from "../context.ts";
import type { Moment } from "../dates.ts";
import type { CodedValues, HistoryEntry, HistoryLevel } from "../history.ts";
import type { LineFacts } from "./leakage/line-facts.ts";

/** A custom rule's finding code (src/analysis/rules). */
export type RuleCode = `rule:${string}`;

export interface Finding {
  code: DetectorCode | RuleCode;
  /** Strength of the evidence in [0, 1]. */
  score: number;
  message: string;
  field: string | null;
  expected: unknown;
  actual: unknown;
  /** Money provably lost, in the transaction's currency; 0 when the finding proves no loss. */
  amount_at_risk: number;
  /** Findings sharing a key are the same money: the transaction total counts only the largest. */
  risk_key?: string;
  /**
   * The amount is owed to the counterparty, not lost (an overcharge, a refund to come): the
   * transaction's total counts it only where no finding of it states money lost.
   */
  owed?: boolean;
  /** The weight of a finding that is not a module detector's (a rule's, by its severity). */
  weight?: number;
  /** A severity stated by the rule that found it, rather than derived from the contribution. */
  severity?: Severity;
}

export interface DetectorInput {
  txn: Transaction;
  ctx: AnalysisContext;
  config: ModulesConfig;
  /** The transaction's place in the connector's history; undefined when it is not part of it. */
  self: HistoryEntry | undefined;
  /** Calendar facts of the date (computed on first use). */
  moment(): Moment | null;
  /** Calendar facts of when it was keyed (dates.ts keyedAt: `entered_at` with a time of day, else the date). */
  keyedMoment(): Moment | null;
  /** Per-line pricing facts (computed once, shared by the leakage detectors). */
  lines(): LineFacts[];
  /** The categorical values and their codes in the history (computed once, shared by the
   *  rarity detectors and the isolation forest). */
  categorical(): CodedValues;
  /** The history's documents that may be copies of this one (history.ts documentTwins; computed once,
   *  shared by duplicate_invoice and the line facts' re-issue check). */
  twins(): readonly HistoryEntry[] | undefined;
}

export interface Detector {
  /** The codes this detector can report. */
  codes: readonly DetectorCode[];
  /** What of the connector's history it reads (the context builds only what a module needs). */
  history: HistoryLevel;
  /** What it reads under a configuration, where that turns its history off (default: `history`). */
  historyFor?(config: ModulesConfig): HistoryLevel;
  detect(input: DetectorInput): Finding[];
}

/** Whether `actual` is below `expected` by more than rounding. */
export function isBelow(actual: number, expected: number, tol: ModulesConfig["revenue_leakage"]["tolerance"]): boolean {
  return expected - actual > Math.max(tol.absolute, tol.relative * Math.abs(expected));
}

/**
 * Whether a line's net unit price `actual` is below the unit price `expected` by more than
 * rounding, judged on the line's money: the shortfall times the quantity against the absolute
 * tolerance (a cent of the line's amount, what rounding the amount can move), or the relative
 * tolerance on the price. Per unit, a cent is no rounding for prices quoted below a cent or a
 * few cents (0.0116 a minute billed at 0.01 is 14 % off, over 80,000 minutes), and the billed
 * net (amount ÷ quantity) of a large line is exact to far less than a cent.
 */
export function isBelowOnLine(actual: number, expected: number, quantity: number, tol: ModulesConfig["revenue_leakage"]["tolerance"]): boolean {
  const q = Math.abs(quantity);
  if (!(q > 0)) return isBelow(actual, expected, tol);
  return (expected - actual) * q > Math.max(tol.absolute, tol.relative * Math.abs(expected) * q);
}

export function nearlyEqual(a: number, b: number, tol: ModulesConfig["revenue_leakage"]["tolerance"]): boolean {
  return Math.abs(a - b) <= Math.max(tol.absolute, tol.relative * Math.max(Math.abs(a), Math.abs(b)));
}

/** Evidence strength of a price shortfall: certain from the start, stronger as it grows. */
export function shortfallScore(expected: number, actual: number): number {
  if (expected <= 0) return 0.8;
  return Math.min(1, 0.8 + 0.2 * Math.min(1, (expected - actual) / expected / 0.25));
}

export function money(n: number): string {
  return n.toFixed(2);
}
