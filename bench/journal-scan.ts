// Benchmark: an anomaly_detection scan of 100,000 SAP-shaped journal entries (the generator of
// the quality benchmark, bench/quality/journal.ts) through the analysis engine, as a
// report or a connector scan runs it: the context's history pass, then every entry scored.
// The entries are held by an in-memory connector, so the figure is the engine's own cost (the
// CSV connector's is measured by bench/connectors-scan.ts). Target (issue 14): ≥ 100,000 entries/s.
// The engine gets the server's reports.workers (unset: the machine's cores, at most 8; --workers
// N sets it), as the server's reports and POST /v1/analyze scans get it: with 2 or more, the
// history pass builds its amount contexts on a worker thread (src/analysis/parallel/
// amount-offload.ts), the path every connector's scan of a "full" history of 10,000 entries or
// more takes in the product. --workers 1: all on the main thread. cpu_ms is the whole process's
// (every thread: the worker, the JIT compiler, the collector), main_cpu_ms the main thread's.
// --source csv: the journal as a CSV file through the csv connector (the product's path for an
// export), instead of the in-memory connector. --fields auto: no categorical_fields configured
// (zero-config: the history profiles its first 10,000 entries and chooses the fields itself, eight
// on this journal where the configuration names six), as an evaluator's first scan runs.
// --counterparties N: each entry also names one of N counterparties (company and people names,
// a few percent of them first seen late, some imitating an earlier one) in customer_id, so that
// lookalike_counterparty has names to index and judge (the journal itself names none).
// --threads: the CPU of each thread of the process to stderr (bench/thread-cpu.ts; a thread that
// ended between two samples, as the amount contexts' worker may, is counted as "ended threads"),
// since the process started and in the scan alone (the JIT's compiles of the generator left out).
// Usage: bun run bench/journal-scan.ts [--entries N] [--workers N] [--source memory|csv] [--fields configured|auto] [--counterparties N] [--threads] [--json]
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { type ReportsConfig, ReportsSection } from "../src/reports/config-schema.ts";
import { reportScanWorkers } from "../src/reports/scan-workers.ts";
import { parseConfig } from "../src/config/load.ts";
import { ConnectorRegistry } from "../src/connectors/registry.ts";
import type { Connector } from "../src/connectors/types.ts";
import { systemClock } from "../src/domain/clock.ts";
import type { Transaction } from "../src/domain/transaction.ts";
import { silentLogger } from "../src/log.ts";
import { SeededRandom } from "../src/analysis/random.ts";
import { generateJournal, JOURNAL_FIELDS } from "./quality/journal.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { ThreadCpu } from "./thread-cpu.ts";

const { values } = parseArgs({
  options: { entries: { type: "string", default: "100000" }, workers: { type: "string" }, source: { type: "string", default: "memory" }, fields: { type: "string", default: "configured" }, counterparties: { type: "string", default: "0" }, threads: { type: "boolean", default: false }, json: { type: "boolean", default: false } },
});
const entries = Number(values.entries);
const data = generateJournal({ seed: 1, entries });
if (Number(values.counterparties) > 0) nameCounterparties(data.transactions, Number(values.counterparties));
const connector = values.source === "csv" ? await csvConnector(data.transactions) : memoryConnector({ id: "ledger", transactions: data.transactions });
const modules = Value.Default(ModulesSection, {
  ...(values.fields === "auto" ? {} : { anomaly_detection: { categorical_fields: JOURNAL_FIELDS } }),
  context: { history_limit: Math.max(1_000_000, entries) },
}) as ModulesConfig;
const workers = values.workers !== undefined ? Number(values.workers) : reportScanWorkers(Value.Default(ReportsSection, {}) as ReportsConfig);
const engine = benchEngine(connector, modules, workers);

/**
 * --source csv: the same journal as a CSV file (one row per entry, the SAP fields as columns that
 * become attributes) read by the csv connector, as a customer's export is: the scan then also
 * parses and maps the file (once: the scan takes the rows the history pass read,
 * AnalysisContext.keepSource). The file's index is built before the clock starts.
 */
async function csvConnector(transactions: Transaction[]): Promise<Connector> {
  const dir = join(tmpdir(), "assay-bench");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `journal-${entries}.csv`);
  const columns = ["transaction_id", "type", "date", "currency", "amount", "created_by", "sku", "quantity", "line_amount", "BUKRS", "KTOSL", "PRCTR", "BSCHL", "HKONT"];
  const rows = transactions.map((t) => {
    const a = t.attributes as Record<string, string>;
    const l = t.lines[0]!;
    return [t.transaction_id, t.type, t.date, t.currency, t.amount, t.created_by, l.sku, l.quantity, l.amount, a.BUKRS, a.KTOSL, a.PRCTR, a.BSCHL, a.HKONT].join(",");
  });
  writeFileSync(file, `${columns.join(",")}\n${rows.join("\n")}\n`);
  const config = parseConfig(`connectors:\n  - { id: ledger, type: csv, transactions: "${file}" }\n`, join(dir, "journal-bench.yaml"), {});
  const registry = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
  await registry.probe("ledger");
  return registry.get("ledger")!;
}

/** Gives every entry one of n counterparty names, in order: the later names first appear late. */
function nameCounterparties(transactions: Transaction[], n: number) {
  const rng = new SeededRandom(5);
  const words = ["North", "South", "Bright", "Green", "River", "Stone", "Iron", "Silver", "Oak", "Maple", "Harbour", "Summit", "Falcon", "Cedar", "Crown", "Beacon"];
  const trades = ["Supplies", "Logistics", "Traders", "Cleaning", "Catering", "Consulting", "Engineering", "Freight", "Software", "Security"];
  const names: string[] = [];
  for (let i = 0; i < n; i++) {
    const base = rng.chance(0.3) ? `${String.fromCharCode(65 + rng.int(0, 25))} ${rng.pick(["Smith", "Jones", "Patel", "Brown"])}${i}` : `${rng.pick(words)}${rng.pick(words).toLowerCase()} ${rng.pick(trades)} ${i} Ltd`;
    // One in fifty imitates an earlier name (a letter dropped).
    names.push(i > 10 && rng.chance(0.02) ? names[rng.int(0, i - 1)]!.replace(/[aeiou]/, "") : base);
  }
  transactions.forEach((t, k) => {
    // Names are introduced over the first half of the journal; each entry draws among those so far.
    const known = Math.max(1, Math.min(n, Math.ceil((n * (k + 1)) / (transactions.length / 2))));
    t.customer_id = names[rng.int(0, known - 1)];
  });
}

/**
 * The scan, read as a report reads it, with a digest of the flagged entries (id, score, each
 * anomaly's code, score and message, in scan order): a change that should leave every finding
 * alone must print the same one. A function of its own: as the module's top-level loop, the whole
 * module (its set-up, the CSV export, the printing) was the loop's body, resumed per entry, and
 * the JIT compiled all of it twice by its top tier (FTL) during the scan — 17.6 KB of machine
 * code, the largest of the scan's 138 FTL compiles, on the core the amount contexts' worker needs.
 */
async function consumeScan(): Promise<{ scanned: number; flagged: number; digest: string }> {
  let scanned = 0;
  let flagged = 0;
  const flaggedDigest = new Bun.CryptoHasher("sha256");
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: entries })) {
    scanned++;
    if (f.anomalies.length > 0) {
      flagged++;
      flaggedDigest.update(`${f.transaction.transaction_id}|${f.risk_score}|${f.anomalies.map((a) => `${a.code}:${a.score}:${a.message}`).join(",")}\n`);
    }
  }
  return { scanned, flagged, digest: flaggedDigest.digest("hex").slice(0, 16) };
}

/** Resets the kernel's peak resident set of this process (VmHWM) to its current RSS. */
function resetPeakRss(): boolean {
  try {
    writeFileSync("/proc/self/clear_refs", "5");
    return true;
  } catch {
    return false;
  }
}

/** The kernel's peak resident set of this process (VmHWM), in bytes; 0 where /proc has none. */
function vmHwm(): number {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
    return m ? Number(m[1]) * 1024 : 0;
  } catch {
    return 0;
  }
}

/** The main thread's CPU (ms) from /proc (its thread id is the process id); NaN elsewhere. */
function mainThreadCpuMs(): number {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, "utf8");
    const f = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(f[11]) + Number(f[12])) * 1000) / 100; // USER_HZ
  } catch {
    return Number.NaN;
  }
}

const threadCpu = new ThreadCpu();
const sampler = values.threads ? setInterval(() => threadCpu.sample(), 10) : undefined;
const rssBefore = process.memoryUsage.rss();
// The kernel's peak (VmHWM) from the scan's start: writing 5 to clear_refs resets it (Linux ≥ 4.0),
// so the data set's generation does not count. The RSS at the scan's end is no peak: the scoring
// pass's garbage peaked ~100 MB above it before a collection (docs/benchmarks.md, "The scoring
// pass's peak").
const peakReset = resetPeakRss();
if (sampler) threadCpu.sample();
const threadsBefore = threadCpu.snapshot();
const mainBefore = mainThreadCpuMs();
const cpuBefore = process.cpuUsage();
const started = performance.now();
const { scanned, flagged, digest } = await consumeScan();
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const mainCpuMs = mainThreadCpuMs() - mainBefore;
if (sampler) {
  clearInterval(sampler);
  threadCpu.sample();
  // Since the process started, as the threads' figures are.
  const all = process.cpuUsage();
  const ended = (all.user + all.system) / 1000 - threadCpu.total();
  console.error(`thread CPU ms (since start): ${threadCpu.summary()}, ended threads ${Math.max(0, Math.round(ended))}`);
  // The scan's own: the generator's and the CSV export's compiles and collections left out.
  console.error(`thread CPU ms (the scan): ${threadCpu.summary(threadsBefore)}`);
}
const cpuMs = (cpu.user + cpu.system) / 1000;
const result = {
  entries: scanned,
  workers,
  flagged,
  flagged_digest: digest,
  ms: Math.round(ms),
  cpu_ms: Math.round(cpuMs),
  /** Of which the main thread's (the scan's critical path when the other threads have a core). */
  main_cpu_ms: Math.round(mainCpuMs),
  entries_per_s: Math.round(scanned / (ms / 1000)),
  /** Per second of CPU: comparable across runs on a busy machine. */
  entries_per_cpu_s: Math.round(scanned / (cpuMs / 1000)),
  rss_before_mb: Math.round(rssBefore / 1e6),
  end_rss_mb: Math.round(process.memoryUsage.rss() / 1e6),
  /** VmHWM since the scan began (since the process began where it could not be reset). */
  peak_rss_mb: Math.round(Math.max(rssBefore, vmHwm()) / 1e6),
  peak_rss_since: peakReset ? "scan" : "process",
};
if (!values.json) {
  console.error(
    `anomaly_detection scan: ${scanned.toLocaleString("en")} journal entries in ${(ms / 1000).toFixed(2)} s: ` +
      `${result.entries_per_s.toLocaleString("en")} entries/s (${result.entries_per_cpu_s.toLocaleString("en")} per CPU-second; target ≥ 100,000/s)`,
  );
}
console.log(JSON.stringify(result));
if (scanned !== entries) {
  console.error(`expected ${entries} entries, scanned ${scanned}`);
  process.exit(1);
}
