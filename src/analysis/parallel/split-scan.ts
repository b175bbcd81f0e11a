// A scan split over worker threads, one per part of the source (Connector.partitions): the
// history pass runs in every worker over its part and the ledger is merged here in source order
// (ledger-merge.ts), then the scan runs in every worker against the merged ledger (shared memory,
// not copied), and the flagged transactions come back in source order: the first part's, then
// the next part's. The result is exactly the in-process scan's: same ledger, same evaluation,
// same order. Abort (cancellation, a lost lease) terminates the workers; a worker that fails or
// dies fails the scan with an error, never a hang.
import { fullGC } from "bun:jsc";
import { ApiError } from "../../domain/errors.ts";
import type { FlaggedBatch } from "../../domain/analysis.ts";
import type { ScanPartition } from "../../connectors/types.ts";
import { LedgerMerge, shareLedger } from "../ledger-merge.ts";
import type { HistoryLevel, LedgerParts } from "../history.ts";
import type { AnalysisSettings, LearnedModel } from "../setup.ts";
import type { PopulationState } from "../detectors/anomaly/population.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";
import { BilledComponents } from "../detectors/leakage/billed-components.ts";
import { ServiceHistoryFindings } from "../detectors/leakage/service-history.ts";
import { type DayOrder, ExportDayOrder } from "../dates.ts";

export interface SplitScanInput {
  /** The workers (started early: they load while the source's index is built). */
  gang: WorkerGang;
  /** The parts the scan reads, in source order (worker i reads parts i, i + n, i + 2n...). */
  parts: ScanPartition[];
  /** The parts the history pass reads, in source order: shares of its first `historyLimit` transactions. */
  ledgerParts: ScanPartition[];
  /** context.history_limit: the history is the source's first that many transactions. */
  historyLimit: number;
  connector: string;
  /** Connector.dayOrder: the order of day and month its configured date format states. */
  dayOrder: DayOrder | undefined;
  module: string;
  /** What of the history the module reads: "ledger" or "none" (a "full" history is not split). */
  level: HistoryLevel;
  settings: AnalysisSettings;
  learned: LearnedModel | null;
  from?: string;
  to?: string;
  signal?: AbortSignal;
  onProgress?: (analyzed: number) => void;
  now: number;
  /** Also each part's population-test counts (on the part's last batch). */
  population?: boolean;
  /** Rows the workers rejected (mapping errors), in source order: for the connector's mapping report. */
  onRejected?: (rows: [string, string, string][]) => void;
}

/** A batch of a split scan: with the population counts of its part when it is the part's last. */
export interface SplitBatch extends FlaggedBatch {
  population?: PopulationState;
}

/**
 * Parts per worker: the parts are handed out in turn, so the main thread, which reads them in
 * order, holds at most about one part's results ahead of the one it is merging, and a slow
 * worker delays the end by a part, not by half the file.
 */
export const PARTS_PER_WORKER = 4;
/** The main thread collects after merging this many batches (see mergedLedger). */
const MERGE_COLLECT_EVERY_BATCHES = 4;

/** Where the worker's code is: beside this file when run from source, its entry point in the binary. */
export function scanWorkerUrl(): string {
  // In a `bun build --compile` binary every module reports the executable's own URL; the worker
  // is the additional entry point src/analysis/parallel/scan-worker.ts, embedded under the
  // entry points' common folder (src/).
  if (import.meta.url.includes("/$bunfs/")) return "/$bunfs/root/analysis/parallel/scan-worker.js";
  return new URL("./scan-worker.ts", import.meta.url).href;
}

/**
 * The history pass over the ledger parts, merged in order and copied into shared memory; and each
 * service's bills by month (billed-components.ts) of the parts the ledger takes, merged in order.
 */
async function mergedLedger(input: SplitScanInput, share: <T>(parts: T[], i: number) => T[], components: BilledComponents, dayOrders: ExportDayOrder): Promise<LedgerParts> {
  const { gang } = input;
  // The approvals for someone else are read by compliance's self_approval only (a month of covering).
  const approvals = input.module === "compliance" && input.settings.modules.compliance.self_approval.covering_kinds > 0;
  gang.send((i) => ({ op: "ledger", parts: share(input.ledgerParts, i), limit: input.historyLimit, approvals }));
  const merge = new LedgerMerge(input.historyLimit, input.ledgerParts.reduce((n, part) => n + part.transactions, 0));
  let batches = 0;
  for (let p = 0; p < input.ledgerParts.length; p++) {
    // A part the history starts after it is full is not the history's.
    const taken = !merge.full;
    for await (const m of gang.messages(p % gang.size)) {
      if (m.op === "rejected") input.onRejected?.(m.rows);
      if (m.op === "components" && taken) components.merge(m.state);
      if (m.op === "day-orders" && taken) dayOrders.merge(m.counts);
      if (m.op !== "ledger" || merge.full) continue;
      merge.add(m.batch);
      if (merge.full) gang.send(() => ({ op: "enough" }));
      // The batches' strings are garbage once replayed; the collector, left alone, lets them pile
      // up (measured: the main thread's heap from ~40 to ~240 MB during the merge, the report's peak).
      if (++batches % MERGE_COLLECT_EVERY_BATCHES === 0) fullGC();
    }
  }
  return shareLedger(merge.finish());
}

export async function* splitScan(input: SplitScanInput): AsyncGenerator<SplitBatch> {
  const { gang } = input;
  const n = gang.size;
  /** Worker i's share of a list of parts: i, i + n, i + 2n... */
  const share = <T>(parts: T[], i: number) => parts.filter((_, p) => p % n === i);
  try {
    const components = new BilledComponents();
    const dayOrders = new ExportDayOrder();
    let ledger = input.level === "none" ? null : await mergedLedger(input, share, components, dayOrders);
    // The export's order of day and month, as an in-process context learns it (context.ts).
    const dayOrder = input.dayOrder ?? dayOrders.order();
    // Judged here, once, as an in-process context judges them (context.ts).
    const serviceFindings = ServiceHistoryFindings.of(components, input.settings.modules.revenue_leakage.tolerance.absolute, dayOrder, input.settings.modules.revenue_leakage.minimum_charge_skus).entries();
    // Only what deductions of the history read is kept of the invoices' lines (deduction-evidence.ts).
    components.deductions.settle();
    // The merge's own copy of the ledger and the batches (and the invoices' lines) are garbage now:
    // collect (and give the memory back) before the scan.
    if (ledger) Bun.gc(true);
    const shared = ledger;
    gang.send((i) => ({
      op: "scan",
      parts: share(input.parts, i),
      ledger: shared,
      serviceFindings,
      rateAdjustments: components.rateAdjustments.entries,
      followUps: components.followUps.entries,
      deductions: components.deductions.judgedState(),
      dayOrder,
      settings: input.settings,
      learned: input.learned,
      module: input.module,
      connector: input.connector,
      from: input.from,
      to: input.to,
      now: input.now,
      population: input.population ?? false,
    }));
    ledger = null;
    // Progress counts every worker's transactions as they come; the batches are read in order.
    let analyzed = 0;
    gang.onMessage = (m) => {
      if (m.op === "found") {
        analyzed += m.analyzed;
        input.onProgress?.(analyzed);
      }
    };
    for (let p = 0; p < input.parts.length; p++) {
      for await (const m of gang.messages(p % n)) {
        if (m.op === "rejected") input.onRejected?.(m.rows);
        else if (m.op === "found") yield { analyzed: m.analyzed, flagged: m.flagged, population: m.population };
      }
    }
  } finally {
    gang.close();
  }
}

/** The workers of one split scan, their messages queued per worker until read in order. */
export class WorkerGang {
  private readonly workers: Worker[] = [];
  private readonly queues: FromWorker[][] = [];
  /** Workers that finished the current pass ("done" received). */
  private failure: Error | undefined;
  private wake: (() => void) | undefined;
  private closed = false;
  onMessage: ((m: FromWorker) => void) | undefined;
  private readonly onAbort: () => void;
  readonly size: number;

  constructor(
    count: number,
    private readonly signal?: AbortSignal,
  ) {
    this.size = count;
    signal?.throwIfAborted();
    const url = scanWorkerUrl();
    for (let i = 0; i < count; i++) {
      // The environment as it is now (a worker otherwise sees the one the process started with).
      const w = new Worker(url, { env: process.env } as WorkerOptions);
      this.queues.push([]);
      w.onmessage = (e: MessageEvent<FromWorker>) => {
        const m = e.data;
        if (m.op === "failed") {
          this.fail(m.code === "connector_unavailable" ? new ApiError("connector_unavailable", m.message) : new Error(`a scan worker failed: ${m.message}`));
          return;
        }
        this.onMessage?.(m);
        this.queues[i]!.push(m);
        this.notify();
      };
      w.onerror = (e: ErrorEvent) => this.fail(new Error(`a scan worker failed: ${e.message || "uncaught error"}`));
      w.addEventListener("close", () => {
        if (!this.closed) this.fail(new Error("a scan worker stopped before finishing its part"));
      });
      this.workers.push(w);
    }
    this.onAbort = () => this.fail(signal!.reason instanceof Error ? signal!.reason : new Error(String(signal!.reason)));
    signal?.addEventListener("abort", this.onAbort, { once: true });
  }

  /** Starts a pass: one message to each worker. */
  send(message: (i: number) => ToWorker) {
    this.check();
    this.workers.forEach((w, i) => w.postMessage(message(i)));
  }

  /** Worker i's messages of its current part, until its "done". */
  async *messages(i: number): AsyncGenerator<FromWorker> {
    const queue = this.queues[i]!;
    while (true) {
      this.check();
      const m = queue.shift();
      if (!m) {
        await new Promise<void>((resolve) => (this.wake = resolve));
        continue;
      }
      if (m.op === "done") return;
      yield m;
    }
  }

  close() {
    if (this.closed) return;
    this.closed = true;
    this.signal?.removeEventListener("abort", this.onAbort);
    for (const w of this.workers) w.terminate();
  }

  private check() {
    if (this.failure) throw this.failure;
  }

  private fail(error: Error) {
    if (this.closed) return;
    this.failure ??= error;
    this.close();
    this.notify();
  }

  private notify() {
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
  }
}
