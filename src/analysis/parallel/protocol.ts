// Messages between a split scan (split-scan.ts) and its scan workers (scan-worker.ts). Everything
// here is plain data: it crosses threads with postMessage.
import type { TransactionFinding } from "../../domain/analysis.ts";
import type { ScanPartition } from "../../connectors/types.ts";
import type { PopulationState } from "../detectors/anomaly/population.ts";
import type { LedgerParts } from "../history.ts";
import type { AmountContextsParts } from "../amount-contexts.ts";
import type { AmountBatch } from "./amount-offload.ts";
import type { LedgerBatch } from "../ledger-merge.ts";
import type { AnalysisSettings, LearnedModel } from "../setup.ts";
import type { BilledComponentsState } from "../detectors/leakage/billed-components.ts";
import type { RateAdjustmentEntry } from "../detectors/leakage/rate-adjustments.ts";
import type { FollowUpLine } from "../detectors/leakage/follow-up-billing.ts";
import type { DeductionEvidenceState } from "../detectors/leakage/deduction-evidence.ts";
import type { Finding } from "../detectors/types.ts";
import type { DayOrder, DayOrderCounts } from "../dates.ts";

/** Main → worker. */
export type ToWorker =
  /** Build a history's amount contexts from the batches that follow (amount-offload.ts). */
  | { op: "amounts"; categorical: string[]; kind?: string }
  | { op: "amounts-batch"; batch: AmountBatch }
  /** The history is complete: send the finished contexts ("amounts"). */
  | { op: "amounts-finish" }
  /**
   * Read the reference tables of the source now (Connector.referencePartition: a part of no rows),
   * while the main thread cuts the source: the scan of parts with the same settings uses them.
   */
  | { op: "prepare"; part: ScanPartition }
  /**
   * Pass 1: read the parts one after the other and send what the history ledger keeps of each
   * transaction, "done" after each part.
   */
  | { op: "ledger"; parts: ScanPartition[]; limit: number; /** Collect the approvals for someone else (LedgerBatchWriter). */ approvals: boolean }
  /** Pass 1: the history has all it may hold (context.history_limit): stop reading (still "done" per part). */
  | { op: "enough" }
  /** Pass 2: evaluate the parts' transactions against the merged ledger; the findings, "done" after each part. */
  | {
      op: "scan";
      parts: ScanPartition[];
      ledger: LedgerParts | null;
      /** The findings judged over each service's bills by month (service-history.ts), by transaction. */
      serviceFindings: [string, readonly Finding[]][];
      /** The retro rate adjustment lines of the history (rate-adjustments.ts). */
      rateAdjustments: RateAdjustmentEntry[];
      /** What later invoices billed of the documents they name (follow-up-billing.ts). */
      followUps: FollowUpLine[];
      /** What deductions are validated against (deduction-evidence.ts). */
      deductions: DeductionEvidenceState;
      /** The export's order of day and month (AnalysisContext.dayOrder). */
      dayOrder: DayOrder | undefined;
      settings: AnalysisSettings;
      learned: LearnedModel | null;
      module: string;
      connector: string;
      /** Also the population tests' counts of each part (a scan's summary needs them). */
      population: boolean;
      from?: string;
      to?: string;
      now: number;
    };

/** Worker → main. */
export type FromWorker =
  | { op: "amounts"; parts: AmountContextsParts }
  | { op: "ledger"; batch: LedgerBatch }
  /** Pass 1, at the end of each part: its services' bills by month (billed-components.ts). */
  | { op: "components"; state: BilledComponentsState }
  /** Pass 1, at the end of each part: how many of its documents show each order of day and month (dates.ts ExportDayOrder). */
  | { op: "day-orders"; counts: DayOrderCounts }
  /** The last "found" of a part carries the part's population counts, when asked for. */
  | { op: "found"; analyzed: number; flagged: TransactionFinding[]; population?: PopulationState }
  /** Rows rejected while reading (mapping errors): [key, label, reason], counted by the main thread's connector. */
  | { op: "rejected"; rows: [string, string, string][] }
  | { op: "done" }
  | { op: "failed"; message: string; code?: string };
