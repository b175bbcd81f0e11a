// The revenue_leakage report split over scan workers (reports.workers > 1: the history pass and
// the scan by byte range, the ledger merged) is the report of one in-process scan: same findings
// in the same order, same sums and counts, in json and csv, with and without a period. The data
// set has planted leakage, duplicates and credit notes whose originals lie in another part, and a
// transaction whose rows are spread over the file. A worker that dies fails the report (no hang);
// an aborted scan stops its workers.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { parseConfig } from "../../src/config/load.ts";
import { ConnectorRegistry } from "../../src/connectors/registry.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import type { CsvPartition } from "../../src/connectors/csv/partition.ts";
import { runsOf } from "../../src/connectors/csv/file-index.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { silentLogger } from "../../src/log.ts";
import { ReportService } from "../../src/reports/service.ts";
import { runnerId } from "../../src/reports/worker.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { plant } from "../../src/sampledata/plant.ts";
import { writeCsvDataset } from "../../src/sampledata/write.ts";
import { SqliteStore } from "../../src/store/sqlite/index.ts";
import { makeTempDir } from "../support/harness.ts";

let dir: string;
let files: Awaited<ReturnType<typeof writeCsvDataset>>;

beforeAll(async () => {
  dir = makeTempDir("assay-split-");
  files = await writeCsvDataset(plant(generateDataset({ seed: 3, invoices: 900 }), 1, 0.08), join(dir, "data"));
  // One invoice whose rows are at both ends of the file (the index reads it whole at its first row).
  const [header, ...rows] = readFileSync(files.transactions, "utf8").trimEnd().split("\n");
  const first = rows[0]!.split(",");
  const spread = (sku: string) => ["INV-SPREAD", ...first.slice(1, 12), sku, ...first.slice(13)].join(",");
  writeFileSync(files.transactions, `${[header, spread("SKU-1001"), ...rows, spread("SKU-1002")].join("\n")}\n`);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function setup(workers: number, name: string, historyLimit?: number, transactions = files.transactions, contracts = files.contracts) {
  const yaml = `storage: { path: ${join(dir, `${name}.db`)} }
${historyLimit === undefined ? "" : `modules: { context: { history_limit: ${historyLimit} } }`}
reports: { dir: ${join(dir, name)}, workers: ${workers} }
connectors:
  - id: billing
    type: csv
    transactions: ${transactions}
    reference: { contracts: ${contracts}, price_list: ${files.price_list}, shipments: ${files.shipments} }
`;
  const config = parseConfig(yaml, join(dir, "assay.yaml"), {});
  const store = SqliteStore.open(config.storage);
  const connectors = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
  const engine = new AssayAnalysisEngine({
    modules: config.modules,
    autoThreshold: config.alerts.auto_threshold,
    connectors,
    analyses: store.analyses,
    clock: systemClock,
    log: silentLogger,
    scanWorkers: workers,
  });
  const reports = new ReportService({ store, clock: systemClock, log: silentLogger, config, connectors, engine: () => engine, runner: runnerId("cli") });
  return {
    engine,
    connectors,
    async report(format: "json" | "csv", period?: { from: string; to: string }) {
      const queued = await reports.create({ account: "acct_t", key: null }, { type: "revenue_leakage", connector: "billing", format, ...(period ? { period } : {}) });
      expect(await reports.worker.runNext()).toBe(true);
      const done = await reports.get("acct_t", queued.id);
      const text = done.status === "completed" ? readFileSync(join(dir, name, `${queued.id}.${format}`), "utf8") : "";
      // The same report but for its id and the time it was generated.
      return { done, text: text.replaceAll(queued.id, "<id>").replace(/"generated_at":\s*"[^"]+"/, '"generated_at":"<t>"') };
    },
    async close() {
      await connectors.close();
      store.close();
    },
  };
}

/** Counts the worker threads started (the split really ran). */
function countWorkers() {
  const original = globalThis.Worker;
  const spawned = { count: 0, restore: () => (globalThis.Worker = original) };
  globalThis.Worker = class extends original {
    constructor(...args: ConstructorParameters<typeof Worker>) {
      super(...args);
      spawned.count++;
    }
  } as typeof Worker;
  return spawned;
}

/** A copy of a CSV file (in `dir`, named `name`) with `column` of the given lines (0: the header) set to `value`. */
function withCells(source: string, name: string, lineNumbers: number[], column: number, value: string): string {
  const lines = readFileSync(source, "utf8").trimEnd().split("\n");
  for (const i of lineNumbers) {
    const cells = lines[i]!.split(",");
    cells[column] = value;
    lines[i] = cells.join(",");
  }
  const path = join(dir, name);
  writeFileSync(path, `${lines.join("\n")}\n`);
  return path;
}

describe("revenue_leakage over scan workers", () => {
  test("equals the in-process report: findings, order, sums and counts (json and csv, with and without a period)", async () => {
    const one = setup(1, "one");
    const four = setup(4, "four");
    const spawned = countWorkers();
    try {
      for (const format of ["json", "csv"] as const) {
        for (const period of [undefined, { from: "2025-02-01", to: "2025-04-30" }]) {
          const a = await one.report(format, period);
          const b = await four.report(format, period);
          expect(a.done.status, JSON.stringify(a.done.error)).toBe("completed");
          expect(b.done.status, JSON.stringify(b.done.error)).toBe("completed");
          expect(b.done.summary).toEqual(a.done.summary);
          expect(b.text).toBe(a.text);
        }
      }
      // Four workers per report of four workers (the runs with a period scan twice), none for one.
      expect(spawned.count).toBe(4 * 6);
      const full = JSON.parse((await one.report("json")).text);
      const codes = new Set(full.findings.map((f: { code: string }) => f.code));
      for (const code of ["duplicate_invoice", "excessive_credit_note", "price_below_contract"]) expect(codes).toContain(code);
      expect(full.summary.transactions_analyzed).toBeGreaterThan(900);

      // Duplicates and credit notes whose original lies in another part than themselves.
      const inner = (four.connectors.get("billing") as unknown as { inner: CsvConnector }).inner;
      const parts = (await inner.partitions(4))!;
      expect(parts.length).toBe(4);
      const index = await inner.indexOf(files.transactions);
      const partOf = (id: string) => {
        const at = runsOf(index, id)![0]!;
        return parts.findIndex((p: CsvPartition) => p.segments.some((s) => s.start <= at && at < s.end));
      };
      const crossing = (code: string, original: (f: any) => string) =>
        full.findings.filter((f: any) => f.code === code && partOf(original(f)) !== partOf(f.transaction_id)).length;
      expect(crossing("duplicate_invoice", (f) => f.actual.duplicate_of)).toBeGreaterThan(0);
      expect(crossing("excessive_credit_note", (f) => f.message.match(/against (\S+) total/)[1])).toBeGreaterThan(0);
    } finally {
      spawned.restore();
      await one.close();
      await four.close();
    }
  }, 120_000);

  test("shipped quantity billed by a follow-up in another part of the file is billed over workers too", async () => {
    // The first unbilled shipment found, billed by an invoice at the file's end naming its invoice.
    const plain = setup(1, "follow-up-plain");
    const full = JSON.parse((await plain.report("json")).text);
    await plain.close();
    const f = full.findings.find((x: { code: string }) => x.code === "unbilled_shipment");
    expect(f).toBeDefined();
    const [header, ...rows] = readFileSync(files.transactions, "utf8").trimEnd().split("\n");
    const row = rows.find((r) => r.startsWith(`${f.transaction_id},`))!.split(",");
    const missing = f.expected.quantity - f.actual.quantity;
    // transaction_id,type,date,customer_id,currency,amount,tax_amount,tax_rate,contract_id,reference,created_by,approved_by,sku,quantity,unit_price,list_price,discount_pct,line_amount
    const followUp = ["INV-FOLLOW-UP", "invoice", "2025-12-30T08:00:00Z", row[3], row[4], "1", "0", "0", row[8], f.transaction_id, "chen", "", f.expected.sku, String(missing), "", "", "", ""].join(",");
    const transactions = join(dir, "follow-up.csv");
    writeFileSync(transactions, `${[header, ...rows, followUp].join("\n")}\n`);
    const one = setup(1, "follow-up-one", undefined, transactions);
    const four = setup(4, "follow-up-four", undefined, transactions);
    const spawned = countWorkers();
    try {
      const a = await one.report("json");
      const b = await four.report("json");
      expect(spawned.count).toBe(4);
      expect(b.text).toBe(a.text);
      const found = JSON.parse(a.text).findings.filter((x: { code: string; transaction_id: string; expected: { sku: string } }) => x.code === "unbilled_shipment" && x.transaction_id === f.transaction_id && x.expected.sku === f.expected.sku);
      expect(found).toEqual([]);
    } finally {
      spawned.restore();
      await one.close();
      await four.close();
    }
  }, 120_000);

  test("a history cut short by context.history_limit is the same history", async () => {
    const one = setup(1, "limit-one", 700);
    const three = setup(3, "limit-three", 700);
    const spawned = countWorkers();
    try {
      const a = await one.report("json");
      expect(spawned.count).toBe(0);
      const b = await three.report("json");
      expect(spawned.count).toBe(3);
      expect(b.done.summary).toEqual(a.done.summary);
      expect(b.text).toBe(a.text);
      // The limit changes the findings (else this would prove nothing).
      const unlimited = setup(1, "limit-none");
      expect((await unlimited.report("json")).done.summary).not.toEqual(a.done.summary);
      await unlimited.close();
    } finally {
      spawned.restore();
      await one.close();
      await three.close();
    }
  }, 60_000);

  test("contracts stating volume tiers scan in process: the month's volumes are one pass's (month-volumes.ts)", async () => {
    // The sample contracts with a tier column (one row a tier): the connector now states tiers.
    const [header, ...rows] = readFileSync(files.contracts, "utf8").trimEnd().split("\n");
    const tiered = join(dir, "tiered-contracts.csv");
    writeFileSync(tiered, `${[`${header},min_quantity`, ...rows.map((r, i) => `${r},${i === 0 ? 50 : ""}`)].join("\n")}\n`);
    const one = setup(1, "tiers-one", undefined, files.transactions, tiered);
    const three = setup(3, "tiers-three", undefined, files.transactions, tiered);
    const spawned = countWorkers();
    try {
      const a = await one.report("json");
      const b = await three.report("json");
      expect(spawned.count).toBe(0);
      expect(b.done.status).toBe("completed");
      expect(b.text).toBe(a.text);
    } finally {
      spawned.restore();
      await one.close();
      await three.close();
    }
  }, 120_000);

  test("the parts of the file are the whole scan, in order", async () => {
    const four = setup(4, "parts");
    try {
      const inner = (four.connectors.get("billing") as unknown as { inner: CsvConnector }).inner;
      const whole: string[] = [];
      for await (const t of inner.scan()) whole.push(`${t.transaction_id}:${t.lines.length}`);
      const parts = (await inner.partitions(4))!;
      const pieces: string[] = [];
      for (const p of parts) {
        const c = CsvConnector.forPartition(p, systemClock);
        for await (const t of c.scanPartition(p)) pieces.push(`${t.transaction_id}:${t.lines.length}`);
      }
      expect(pieces).toEqual(whole);
      expect(whole).toContain("INV-SPREAD:2");
    } finally {
      await four.close();
    }
  });

  test("a folder of files: the parts of every file are the whole scan, in order, and the report is the same", async () => {
    // The data set in three files of different sizes (a folder connector reads them by name).
    const folder = join(dir, "folder");
    mkdirSync(folder);
    const [header, ...rows] = readFileSync(files.transactions, "utf8").trimEnd().split("\n");
    const cuts = [0, Math.floor(rows.length * 0.15), Math.floor(rows.length * 0.7), rows.length];
    // Cut at a transaction boundary, so that each transaction is in one file.
    const idOf = (i: number) => rows[i]!.split(",")[0];
    for (let k = 1; k < cuts.length - 1; k++) while (cuts[k]! < rows.length && idOf(cuts[k]!) === idOf(cuts[k]! - 1)) cuts[k]!++;
    for (let k = 0; k < 3; k++) writeFileSync(join(folder, `part-${k}.csv`), `${[header, ...rows.slice(cuts[k], cuts[k + 1])].join("\n")}\n`);
    const yaml = (workers: number, name: string) => `storage: { path: ${join(dir, `${name}.db`)} }
reports: { dir: ${join(dir, name)}, workers: ${workers} }
connectors:
  - id: billing
    type: csv
    transactions: ${folder}
    reference: { contracts: ${files.contracts}, price_list: ${files.price_list}, shipments: ${files.shipments} }
`;
    const config = parseConfig(yaml(3, "folder-parts"), join(dir, "assay.yaml"), {});
    const connectors = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
    try {
      const inner = (connectors.get("billing") as unknown as { inner: CsvConnector }).inner;
      const whole: string[] = [];
      for await (const t of inner.scan()) whole.push(`${t.transaction_id}:${t.lines.length}`);
      for (const count of [2, 5, 12]) {
        const parts = (await inner.partitions(count))!;
        const pieces: string[] = [];
        for (const p of parts) {
          const c = CsvConnector.forPartition(p, systemClock);
          for await (const t of c.scanPartition(p)) pieces.push(`${t.transaction_id}:${t.lines.length}`);
        }
        expect(pieces).toEqual(whole);
        // upTo: the parts share the first transactions, the last runs on to the end.
        const firstParts = (await inner.partitions(count, undefined, 300))!;
        const again: string[] = [];
        for (const p of firstParts) for await (const t of CsvConnector.forPartition(p, systemClock).scanPartition(p)) again.push(`${t.transaction_id}:${t.lines.length}`);
        expect(again).toEqual(whole);
      }
    } finally {
      await connectors.close();
    }
    const reportOf = async (workers: number, name: string) => {
      const cfg = parseConfig(yaml(workers, name), join(dir, "assay.yaml"), {});
      const store = SqliteStore.open(cfg.storage);
      const regs = new ConnectorRegistry(cfg, { log: silentLogger, clock: systemClock });
      const engine = new AssayAnalysisEngine({ modules: cfg.modules, autoThreshold: cfg.alerts.auto_threshold, connectors: regs, analyses: store.analyses, clock: systemClock, log: silentLogger, scanWorkers: workers });
      const reports = new ReportService({ store, clock: systemClock, log: silentLogger, config: cfg, connectors: regs, engine: () => engine, runner: runnerId("cli") });
      try {
        const queued = await reports.create({ account: "acct_t", key: null }, { type: "revenue_leakage", connector: "billing", format: "json" });
        expect(await reports.worker.runNext()).toBe(true);
        const done = await reports.get("acct_t", queued.id);
        expect(done.status, JSON.stringify(done.error)).toBe("completed");
        return JSON.parse(readFileSync(join(dir, name, `${queued.id}.json`), "utf8").replaceAll(queued.id, "<id>")).findings;
      } finally {
        await regs.close();
        store.close();
      }
    };
    expect(await reportOf(3, "folder-three")).toEqual(await reportOf(1, "folder-one"));
  }, 60_000);

  test("POST /v1/analyze's scan of a module over workers: the same summary as in process (and the cached context is used when there is one)", async () => {
    const one = setup(1, "analyze-one");
    const three = setup(3, "analyze-three");
    const spawned = countWorkers();
    try {
      for (const module of ["revenue_leakage", "duplicate_detection", "compliance"]) {
        for (const options of [{ limit: 1_000_000 }, { limit: 50_000, from: "2025-02-01", to: "2025-04-30", max_anomalies: 7 }]) {
          const request = { accountId: "acct_t", connector: "billing", module, options };
          const before = spawned.count;
          const a = await one.engine.analyze(request);
          const b = await three.engine.analyze(request);
          expect(spawned.count - before).toBe(3);
          const same = (r: typeof a) => ({ ...r, id: "", analyzed_at: "", duration_ms: 0 });
          expect(same(b)).toEqual(same(a));
          expect(a.transactions_analyzed).toBeGreaterThan(100);
          three.engine.current.contexts.invalidate();
        }
      }
      // A cached context serves the next scan in process, and so does the default limit (1,000): no workers.
      const before = spawned.count;
      await three.engine.analyze({ accountId: "acct_t", connector: "billing", module: "revenue_leakage", options: {} });
      await three.engine.current.contexts.get(three.connectors.get("billing")!, undefined, "ledger");
      await three.engine.analyze({ accountId: "acct_t", connector: "billing", module: "revenue_leakage", options: { limit: 1_000_000 } });
      expect(spawned.count).toBe(before);
    } finally {
      spawned.restore();
      await one.close();
      await three.close();
    }
  }, 120_000);

  test("rows the workers reject count in the connector's mapping report, once each, as in process", async () => {
    const lineCount = readFileSync(files.transactions, "utf8").trimEnd().split("\n").length;
    // Two unreadable amounts: one near the start, one in the last part (column 13: quantity, read for every row).
    const bad = withCells(files.transactions, "bad-rows.csv", [3, lineCount - 5], 13, "not-a-number");
    const one = setup(1, "rejected-one", undefined, bad);
    const three = setup(3, "rejected-three", undefined, bad);
    try {
      const a = await one.report("json");
      const b = await three.report("json");
      expect(b.done.status, JSON.stringify(b.done.error)).toBe("completed");
      expect(b.text).toBe(a.text);
      const ra = one.connectors.get("billing")!.mappingReport();
      const rb = three.connectors.get("billing")!.mappingReport();
      expect(ra.rejected_rows).toBe(2);
      expect(rb.rejected_rows).toBe(2);
      expect(rb.samples.map((x) => x.reason)).toEqual(ra.samples.map((x) => x.reason));
    } finally {
      await one.close();
      await three.close();
    }
  }, 60_000);

  test("reference tables read ahead by the workers (while the index is built): rejected rows count once, a missing table fails as in process", async () => {
    const bad = withCells(files.contracts, "bad-contracts.csv", [2], 3, "abc"); // column 3: price
    const one = setup(1, "ref-one", undefined, files.transactions, bad);
    const three = setup(3, "ref-three", undefined, files.transactions, bad);
    const gone = setup(3, "ref-gone", undefined, files.transactions, join(dir, "no-such-contracts.csv"));
    const goneInProcess = setup(1, "ref-gone-one", undefined, files.transactions, join(dir, "no-such-contracts.csv"));
    try {
      const a = await one.report("json");
      const b = await three.report("json");
      expect(b.done.status, JSON.stringify(b.done.error)).toBe("completed");
      expect(b.text).toBe(a.text);
      const ra = one.connectors.get("billing")!.mappingReport();
      const rb = three.connectors.get("billing")!.mappingReport();
      expect(ra.rejected_rows).toBe(1);
      expect(rb).toEqual(ra);
      const c = await gone.report("json");
      const d = await goneInProcess.report("json");
      expect(c.done.status).toBe("failed");
      expect(c.done.error).toEqual(d.done.error);
    } finally {
      for (const s of [one, three, gone, goneInProcess]) await s.close();
    }
  }, 60_000);

  test("a scan worker that dies fails the report cleanly", async () => {
    const two = setup(2, "crash");
    process.env.ASSAY_TEST_FAULT = "scan_worker_exit";
    try {
      const r = await two.report("json");
      expect(r.done.status).toBe("failed");
      expect(r.done.error?.code).toBe("internal_error");
    } finally {
      delete process.env.ASSAY_TEST_FAULT;
      await two.close();
    }
    // The next report runs normally.
    const again = setup(2, "crash-after");
    try {
      expect((await again.report("json")).done.status).toBe("completed");
    } finally {
      await again.close();
    }
  }, 60_000);

  test("an aborted scan stops its workers and rejects with the reason", async () => {
    const two = setup(2, "abort");
    try {
      const controller = new AbortController();
      let batches = 0;
      const run = (async () => {
        for await (const _ of two.engine.scanFlagged({ accountId: "acct_t", connector: "billing", module: "revenue_leakage", signal: controller.signal })) {
          if (++batches === 1) controller.abort(new Error("cancelled by the test"));
        }
      })();
      await expect(run).rejects.toThrow("cancelled by the test");
    } finally {
      await two.close();
    }
  });
});
