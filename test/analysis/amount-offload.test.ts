// The amount contexts of a "full" history built on a worker thread (parallel/amount-offload.ts,
// when the engine may use threads: reports.workers > 1) are the ones built in process, and so are
// the scan's findings: same anomalies, scores and order, on generated journals and ledgers with
// their hard negatives (users' routines, closing runs, two-line entries, a company field that
// scopes the amounts), histories of several batches, scans that go past the history.
import { afterEach, describe, expect, test } from "bun:test";
import { generateLedger, LEDGER_FIELDS } from "../../bench/ledger.ts";
import { generateJournal, JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { HistoryBuilder, PROFILE_ROWS } from "../../src/analysis/history.ts";
import { type AmountBatch, AmountContextsOffload, AmountContextsThread } from "../../src/analysis/parallel/amount-offload.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../support/engine.ts";

const journal = generateJournal({ seed: 3, entries: 14_000, anomalyRate: 0.003 }).transactions;
// The further regular business (routines, closing runs, two-line entries) and a company field
// that scopes amounts apart from the document's currency: the detector's hard negatives.
const ledger = generateLedger({ seed: 17, entries: 13_000, anomalyRate: 0.003, extra: true }).transactions;
const docCurrency = generateLedger({ seed: 23, entries: 12_000, anomalyRate: 0.003, variant: "doc-currency" }).transactions;

/** Every finding of an anomaly_detection scan, in order, with the engine using `workers` threads. */
async function scan(transactions: Transaction[], fields: readonly string[] | "auto", workers: number, historyLimit = 1_000_000): Promise<string[]> {
  const anomaly = fields === "auto" ? {} : { categorical_fields: fields };
  const engine = new AssayAnalysisEngine({
    modules: modulesConfig({ anomaly_detection: anomaly, context: { history_limit: historyLimit } }),
    autoThreshold: 101,
    connectors: connectorAccess([memoryConnector({ transactions })]),
    analyses: { insert: async () => {}, async *iterate() {} },
    clock: fixedClock,
    log: silentLogger,
    scanWorkers: workers,
  });
  const out: string[] = [];
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) {
    out.push(JSON.stringify([f.transaction.transaction_id, f.risk_score, f.risk_level, f.amount_at_risk, f.anomalies]));
  }
  return out;
}

/** The history built in process and with the amount contexts on a worker thread. */
async function bothHistories(transactions: Transaction[], fields: readonly string[] | "auto") {
  const inProcess = new HistoryBuilder({ categoricalFields: fields });
  let threads = 0;
  const offloaded = new HistoryBuilder({
    categoricalFields: fields,
    amountContexts: (f, scope, categorical) => {
      threads++;
      return new AmountContextsOffload(f, scope, categorical);
    },
  });
  for (const t of transactions) {
    inProcess.add(t);
    offloaded.add(t);
  }
  const there = await offloaded.finishAll();
  expect(threads).toBe(1);
  return { here: inProcess.finish(), there };
}

describe("amount contexts on a worker thread", () => {
  afterEach(() => {
    delete process.env.ASSAY_TEST_FAULT;
  });

  test("the same contexts, routines and lines as in process (journal; ledger with a company scope)", async () => {
    for (const [transactions, fields] of [
      [journal, JOURNAL_FIELDS],
      [docCurrency, "auto"],
    ] as const) {
      const { here, there } = await bothHistories(transactions, fields);
      expect(there.amounts).not.toBe(here.amounts);
      expect(there.amounts.scopeField).toBe(here.amounts.scopeField);
      // Every context's summary (median, scale, n, max, the sample), the users' routines and the
      // lines by position, as plain data.
      expect(there.amounts.parts()).toEqual(here.amounts.parts());
    }
  });

  test("the batches are copied to the worker, never transferred: detaching a buffer makes JSC drop the main thread's optimized code that reads typed arrays", async () => {
    const thread = new AmountContextsThread();
    const send = thread.send.bind(thread);
    const transfers: ArrayBuffer[][] = [];
    const batches: AmountBatch[] = [];
    thread.send = (m, transfer = []) => {
      transfers.push(transfer);
      if (m.op === "amounts-batch") batches.push(m.batch);
      send(m, transfer);
    };
    const history = new HistoryBuilder({ categoricalFields: JOURNAL_FIELDS, amountContexts: (f, scope, categorical) => new AmountContextsOffload(f, scope, categorical, thread) });
    for (const t of journal) history.add(t);
    const built = await history.finishAll();
    expect(built.amounts.distinct(0)).toBeGreaterThan(0);
    expect(batches.length).toBeGreaterThan(1);
    expect(transfers.every((t) => t.length === 0)).toBe(true);
    // Still attached on this side after the send.
    for (const b of batches) expect(b.ints.buffer.byteLength + b.floats.buffer.byteLength).toBeGreaterThan(0);
  });

  test("a journal's scan: the same findings in the same order", async () => {
    const one = await scan(journal, JOURNAL_FIELDS, 1);
    expect(one.length).toBe(journal.length);
    expect(await scan(journal, JOURNAL_FIELDS, 2)).toEqual(one);
  });

  test("ledgers with routines, closing runs and two-line entries (configured and zero-config): the same findings", async () => {
    for (const fields of [LEDGER_FIELDS, "auto"] as const) {
      const one = await scan(ledger, fields, 1);
      expect(one.some((f) => f.includes("amount_outlier"))).toBe(true);
      expect(await scan(ledger, fields, 2)).toEqual(one);
    }
  });

  test("a scan past its history (history_limit below the source's size) and a doc-currency ledger", async () => {
    const limit = PROFILE_ROWS + 1500;
    expect(await scan(ledger, LEDGER_FIELDS, 2, limit)).toEqual(await scan(ledger, LEDGER_FIELDS, 1, limit));
    expect(await scan(docCurrency, "auto", 2)).toEqual(await scan(docCurrency, "auto", 1));
  });

  test("a history shorter than the profile builds in process (no thread for it), with the same findings", async () => {
    const short = journal.slice(0, PROFILE_ROWS - 1);
    let started = 0;
    const builder = new HistoryBuilder({
      categoricalFields: JOURNAL_FIELDS,
      amountContexts: (f, scope, categorical) => {
        started++;
        return new AmountContextsOffload(f, scope, categorical);
      },
    });
    for (const t of short) builder.add(t);
    await builder.finishAll();
    expect(started).toBe(0);
    expect(await scan(short, JOURNAL_FIELDS, 2)).toEqual(await scan(short, JOURNAL_FIELDS, 1));
  });

  test("a worker that dies fails the history's build with an error (no hang)", async () => {
    process.env.ASSAY_TEST_FAULT = "amount_worker_exit";
    const builder = new HistoryBuilder({ categoricalFields: JOURNAL_FIELDS, amountContexts: (f, scope, categorical) => new AmountContextsOffload(f, scope, categorical) });
    for (const t of journal) builder.add(t);
    await expect(builder.finishAll()).rejects.toThrow(/amount contexts' worker/);
  });
});
