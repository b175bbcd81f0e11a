// A scan that follows its context's build scans the transactions the history pass has just read
// (AnalysisContext.takeSource) instead of reading the source again — when they are the whole
// source and the scan reads the whole source — with the findings of a scan that reads it: same
// anomalies, scores and order. Otherwise (a history cut at its limit, a date range, a second scan)
// the connector is read as before.
import { describe, expect, test } from "bun:test";
import { generateJournal, JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import { buildContext, KEEP_SOURCE_MAX } from "../../src/analysis/context.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { ScanOptions } from "../../src/connectors/types.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../support/engine.ts";

const journal = generateJournal({ seed: 5, entries: 12_000, anomalyRate: 0.003 }).transactions;

/** An engine over a memory connector that counts the reads of its source. */
function engineCounting(transactions: Transaction[], historyLimit = 1_000_000, workers = 2) {
  const connector = memoryConnector({ transactions });
  const scan = connector.scan.bind(connector);
  const reads = { n: 0 };
  connector.scan = (o?: ScanOptions) => {
    reads.n++;
    return scan(o);
  };
  const engine = new AssayAnalysisEngine({
    modules: modulesConfig({ anomaly_detection: { categorical_fields: JOURNAL_FIELDS }, context: { history_limit: historyLimit } }),
    autoThreshold: 101,
    connectors: connectorAccess([connector]),
    analyses: { insert: async () => {}, async *iterate() {} },
    clock: fixedClock,
    log: silentLogger,
    scanWorkers: workers,
  });
  return { engine, reads };
}

async function findings(engine: AssayAnalysisEngine, o: { limit?: number; from?: string; to?: string } = {}): Promise<string[]> {
  const out: string[] = [];
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: o.limit ?? 1_000_000, from: o.from, to: o.to })) {
    out.push(JSON.stringify([f.transaction.transaction_id, f.risk_score, f.risk_level, f.amount_at_risk, f.anomalies]));
  }
  return out;
}

describe("the scan after a context's build", () => {
  for (const workers of [1, 2]) {
    test(`scans the transactions the build read, with the findings of a read of the source (workers ${workers})`, async () => {
      const { engine, reads } = engineCounting(journal, 1_000_000, workers);
      const first = await findings(engine);
      // One read: the history pass's; the scan took what it read.
      expect(reads.n).toBe(1);
      const second = await findings(engine);
      // The cached context kept nothing for a second scan: it reads the source.
      expect(reads.n).toBe(2);
      expect(first.length).toBe(journal.length);
      expect(first).toEqual(second);
      expect(first.filter((f) => !f.endsWith(",[]]")).length).toBeGreaterThan(10);
    });
  }

  test("a limit takes the first transactions of those kept, as it would of the source", async () => {
    const kept = engineCounting(journal);
    const read = engineCounting(journal);
    await findings(read.engine, { limit: 1 }); // builds the context (and takes what it kept)
    const fromSource = await findings(read.engine, { limit: 500 });
    expect(read.reads.n).toBe(2);
    const fromKept = await findings(kept.engine, { limit: 500 });
    expect(kept.reads.n).toBe(1);
    expect(fromKept).toHaveLength(500);
    expect(fromKept).toEqual(fromSource);
  });

  test(`a source of KEEP_SOURCE_MAX transactions is kept, one of a transaction more is read again`, async () => {
    const big = generateJournal({ seed: 6, entries: KEEP_SOURCE_MAX + 1 }).transactions;
    const atMost = engineCounting(big.slice(0, KEEP_SOURCE_MAX));
    expect((await findings(atMost.engine, { limit: 10 })).length).toBe(10);
    expect(atMost.reads.n).toBe(1);
    const more = engineCounting(big);
    expect((await findings(more.engine, { limit: 10 })).length).toBe(10);
    expect(more.reads.n).toBe(2);
  }, 60_000);

  test("a history cut at its limit, or a scan with a date range, reads the source", async () => {
    const cut = engineCounting(journal, 10_000);
    const all = await findings(cut.engine);
    expect(cut.reads.n).toBe(2);
    expect(all).toHaveLength(journal.length);

    const ranged = engineCounting(journal);
    const dates = journal.map((t) => t.date!.slice(0, 10)).sort();
    const from = dates[Math.floor(dates.length / 2)]!;
    const half = await findings(ranged.engine, { from });
    expect(ranged.reads.n).toBe(2);
    expect(half.length).toBe(journal.filter((t) => t.date!.slice(0, 10) >= from).length);
  });
});

describe("the codes kept with the source", () => {
  // The scan reads each kept transaction's coded values from what the history pass counted
  // (CountedCodes), not through the readers and value maps again (HistoryStats.coded): the same
  // values and codes, configured fields or chosen ones (zero-config, some read by their template).
  for (const fields of ["configured", "auto"] as const) {
    test(`are the history's codes of every kept transaction (${fields} fields)`, async () => {
      const config = modulesConfig(fields === "configured" ? { anomaly_detection: { categorical_fields: JOURNAL_FIELDS } } : {});
      const ctx = await buildContext(memoryConnector({ transactions: journal }), config, fixedClock.now());
      const kept = ctx.takeSource();
      expect(kept?.transactions.length).toBe(journal.length);
      const codes = kept!.codes!;
      expect(codes.size).toBe(journal.length);
      expect(ctx.history.fieldCount).toBeGreaterThan(3);
      let differing = 0;
      for (let i = 0; i < journal.length; i++) {
        const a = codes.coded(i);
        const b = ctx.history.coded(kept!.transactions[i]!);
        if (JSON.stringify([a.values, [...a.codes]]) !== JSON.stringify([b.values, [...b.codes]])) differing++;
      }
      expect(differing).toBe(0);
    });
  }

  test("are not kept past KEEP_SOURCE_MAX transactions, nor for a history cut at its limit", async () => {
    const config = modulesConfig({ anomaly_detection: { categorical_fields: JOURNAL_FIELDS }, context: { history_limit: 5_000 } });
    const ctx = await buildContext(memoryConnector({ transactions: journal }), config, fixedClock.now());
    expect(ctx.takeSource()).toBeUndefined();
  });
});
