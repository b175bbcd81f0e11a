// A scan worker thread (an entry point of its own: the Makefile builds it into the binary beside
// src/main.ts). It runs parts of a source (Connector.partitions), one after the other, through one
// of two passes for split-scan.ts: the history pass, sending what the ledger keeps of each
// transaction, or the scan, evaluating each transaction against the merged ledger and sending back
// the flagged ones with the count of all; "done" after each part. Or it builds the amount contexts
// of a history the main thread is building (amount-offload.ts). A failure is reported as a
// message; the thread never decides anything.
import { fullGC } from "bun:jsc";
import { openPartition, type PartitionSource, referenceKey } from "../../connectors/partitions.ts";
import type { ScanPartition } from "../../connectors/types.ts";
import { systemClock } from "../../domain/clock.ts";
import type { TransactionFinding } from "../../domain/analysis.ts";
import type { Transaction } from "../../domain/transaction.ts";
import { AnalysisContext } from "../context.ts";
import { ExportDayOrder } from "../dates.ts";
import { BilledComponents } from "../detectors/leakage/billed-components.ts";
import { ServiceHistoryFindings } from "../detectors/leakage/service-history.ts";
import { RateAdjustments } from "../detectors/leakage/rate-adjustments.ts";
import { FollowUpBilling } from "../detectors/leakage/follow-up-billing.ts";
import { DeductionEvidence, deductionEvidenceTransfer } from "../detectors/leakage/deduction-evidence.ts";
import { PopulationTests } from "../detectors/anomaly/population.ts";
import { evaluateTransaction } from "../evaluate.ts";
import { HistoryStats } from "../history.ts";
import { batchTransfer, LedgerBatchWriter } from "../ledger-merge.ts";
import { ReferenceIndex } from "../reference-index.ts";
import { AnalysisSetup } from "../setup.ts";
import { amountPartsTransfer } from "../amount-contexts.ts";
import { AmountBatchReader } from "./amount-offload.ts";
import { amountFunctions, belowTopTier, ledgerFunctions, scanFunctions } from "./worker-tiers.ts";
import type { FromWorker, ToWorker } from "./protocol.ts";

declare const self: Worker;

/** Transactions per "found" message: progress granularity against message overhead. */
const FOUND_EVERY = 4096;

const post = (m: FromWorker, transfer?: ArrayBuffer[]) => self.postMessage(m, transfer ?? []);

/** The reference tables read ahead ("prepare"): their source (for its rejected rows) and index. */
let prepared: { key: string; source: PartitionSource; reference: Promise<ReferenceIndex> } | undefined;

function prepare(part: ScanPartition) {
  const source = openPartition(part, systemClock);
  const reference = source.reference().then((r) => new ReferenceIndex(r));
  // A failure is the scan's to report (it awaits this), not an unhandled rejection meanwhile.
  reference.catch(() => {});
  prepared = { key: referenceKey(part), source, reference };
}

/** A history's amount contexts being built ("amounts"; parallel/amount-offload.ts). */
let amounts: AmountBatchReader | undefined;

/** Set by "enough": the merged history is complete, the rest of the parts is not needed. */
let enough = false;

async function ledgerPass(m: Extract<ToWorker, { op: "ledger" }>) {
  enough = false;
  belowTopTier(ledgerFunctions());
  for (const part of m.parts) {
    const writer = new LedgerBatchWriter(undefined, m.approvals);
    const components = new BilledComponents();
    const dayOrders = new ExportDayOrder();
    const source = openPartition(part, systemClock);
    if (!enough) {
      for await (const t of source.scan({ limit: m.limit })) {
        if (enough) break;
        writer.add(t);
        components.add(t);
        dayOrders.add(t);
        if (writer.full) {
          const batch = writer.take();
          post({ op: "ledger", batch }, batchTransfer(batch));
        }
      }
    }
    if (writer.length > 0 && !enough) {
      const batch = writer.take();
      post({ op: "ledger", batch }, batchTransfer(batch));
    }
    if (components.collectedAny) {
      // The invoices' lines in columns go over without a copy (deduction-evidence.ts).
      const state = components.state();
      post({ op: "components", state }, deductionEvidenceTransfer(state.deductions));
    }
    post({ op: "day-orders", counts: dayOrders.counts });
    postRejections(source);
    post({ op: "done" });
  }
  // The pass's last garbage (its last read's rows and transactions, and what eden collections
  // promoted since the reader's last full one) would otherwise wait, with this thread idle, until
  // the scan's first reads: through the end of the main thread's merge, the report's peak.
  fullGC();
}

async function scanPass(m: Extract<ToWorker, { op: "scan" }>) {
  if (m.parts.length === 0) return;
  const setup = AnalysisSetup.create(m.settings, systemClock, m.learned ? new Map([[m.connector, m.learned]]) : undefined);
  const module = setup.moduleFor(m.module, m.connector);
  belowTopTier(scanFunctions(module));
  const history = m.ledger ? HistoryStats.fromLedgerParts(m.ledger) : new HistoryStats([], "none");
  // The parts are of one source: one read of its reference tables serves them all (the one read
  // ahead, "prepare", when it was of the same source).
  const ahead = prepared?.key === referenceKey(m.parts[0]!) ? prepared : undefined;
  prepared = undefined;
  const first = ahead?.source ?? openPartition(m.parts[0]!, systemClock);
  const reference = ahead ? await ahead.reference : new ReferenceIndex(await first.reference());
  postRejections(first);
  const ctx = new AnalysisContext(m.connector, reference, history, setup.config.anomaly_detection, m.now);
  ctx.dayOrder = m.dayOrder;
  if (m.serviceFindings.length > 0) ctx.serviceFindings = new ServiceHistoryFindings(new Map(m.serviceFindings));
  if (m.rateAdjustments.length > 0) ctx.rateAdjustments = RateAdjustments.of(m.rateAdjustments);
  if (m.followUps.length > 0) ctx.followUps = FollowUpBilling.of(m.followUps);
  const deductions = DeductionEvidence.of(m.deductions);
  if (deductions.judged) ctx.deductions = deductions;
  // Test-only fault point (ASSAY_TEST_FAULT, inert unless named): the thread dies mid-scan.
  const exitMidway = process.env.ASSAY_TEST_FAULT === "scan_worker_exit";
  for (const part of m.parts) {
    let analyzed = 0;
    let flagged: TransactionFinding[] = [];
    const population = m.population ? new PopulationTests(setup.config.anomaly_detection.population) : undefined;
    const source = openPartition(part, systemClock);
    for await (const t of source.scan({ from: m.from, to: m.to })) {
      if (exitMidway) process.exit(70);
      population?.add(t.transaction_id, t.amount);
      const ev = evaluateTransaction(t, ctx, module, setup.config);
      analyzed++;
      if (ev.anomalies.length > 0) {
        flagged.push({ transaction: slim(t), risk_score: ev.risk_score, risk_level: ev.risk_level, anomalies: ev.anomalies, amount_at_risk: ev.amount_at_risk });
      }
      if (analyzed === FOUND_EVERY) {
        post({ op: "found", analyzed, flagged });
        analyzed = 0;
        flagged = [];
      }
    }
    post({ op: "found", analyzed, flagged, population: population?.state() });
    postRejections(source);
    post({ op: "done" });
  }
}

/** Rows the part's source rejected, for the main thread's connector (its mapping report). */
function postRejections(source: { takeRejections(): [string, string, string][] }) {
  const rows = source.takeRejections();
  if (rows.length > 0) post({ op: "rejected", rows });
}

/** What a report reads of a flagged transaction (its lines stay here). */
function slim(t: Transaction): Transaction {
  return {
    transaction_id: t.transaction_id,
    type: t.type,
    date: t.date,
    customer_id: t.customer_id,
    currency: t.currency,
    amount: t.amount,
    reference: t.reference,
    lines: [],
  } as Transaction;
}

self.onmessage = async (e: MessageEvent<ToWorker>) => {
  if (e.data.op === "enough") {
    enough = true;
    return;
  }
  if (e.data.op === "prepare") {
    prepare(e.data.part);
    return;
  }
  try {
    if (e.data.op === "amounts") {
      belowTopTier(amountFunctions());
      amounts = new AmountBatchReader(e.data.categorical, e.data.kind);
    } else if (e.data.op === "amounts-batch") {
      // Test-only fault point (ASSAY_TEST_FAULT, inert unless named): the thread dies mid-history.
      if (process.env.ASSAY_TEST_FAULT === "amount_worker_exit") process.exit(70);
      amounts!.add(e.data.batch);
    }
    else if (e.data.op === "amounts-finish") {
      const parts = amounts!.builder.finishParts();
      amounts = undefined;
      post({ op: "amounts", parts }, amountPartsTransfer(parts));
    } else if (e.data.op === "ledger") await ledgerPass(e.data);
    else await scanPass(e.data);
  } catch (err) {
    const error = err as { message?: string; code?: string };
    post({ op: "failed", message: String(error?.message ?? err), code: typeof error?.code === "string" ? error.code : undefined });
  }
};
