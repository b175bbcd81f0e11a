// Benchmark: a revenue_leakage report over a 1,000,000-line invoice_lines.csv through the real
// path: a CSV connector with its reference files, the analysis engine, the report service and
// its worker writing the JSON report file, as `assay serve` runs it. Prints lines/s over the
// whole report (context build included) and the peak RSS (VmHWM; design target: ≥ 200,000
// lines/s, ≤ 300 MB). Usage:
//   bun run bench/reports.ts [--lines N] [--prevalence P] [--format json|csv|html] [--json] [--trace] [--threads]
// --threads prints the CPU of each thread of the process (scan workers, JIT compiler, collector
// helpers, main) to stderr: where a run's CPU goes, on a machine too busy for wall figures.
// The data set (clean sample data with leakage planted at a few percent, repeated with fresh
// customers, contracts and ids: src/sampledata/write.ts writeLargeCsvDataset)
// is generated on first use, in a child process so that generating never counts towards the
// peak RSS, and kept under /tmp/assay-bench for the next run.
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { AssayAnalysisEngine } from "../src/analysis/engine.ts";
import { plant } from "../src/sampledata/plant.ts";
import { reportScanWorkers } from "../src/reports/scan-workers.ts";
import { ReportService } from "../src/reports/service.ts";
import { parseConfig } from "../src/config/load.ts";
import { ConnectorRegistry } from "../src/connectors/registry.ts";
import { systemClock } from "../src/domain/clock.ts";
import { jsonLogger, silentLogger } from "../src/log.ts";
import { runnerId } from "../src/reports/worker.ts";
import { generateDataset } from "../src/sampledata/generate.ts";
import { writeLargeCsvDataset } from "../src/sampledata/write.ts";
import { SqliteStore } from "../src/store/sqlite/index.ts";
import { ThreadCpu } from "./thread-cpu.ts";

const { values } = parseArgs({
  options: {
    lines: { type: "string", default: "1000000" },
    prevalence: { type: "string", default: "0.03" },
    format: { type: "string", default: "json" },
    json: { type: "boolean", default: false },
    /** Print RSS / heap every 250 ms to stderr (where does the memory go?). */
    trace: { type: "boolean", default: false },
    /** Print the CPU of each thread (sampled from /proc/self/task every 10 ms) to stderr. */
    threads: { type: "boolean", default: false },
    "generate-only": { type: "boolean", default: false },
    /** reports.workers (unset: the config's default, the machine's cores). */
    workers: { type: "string" },
  },
});
const lines = Number(values.lines);
const prevalence = Number(values.prevalence);
const dataDir = join(tmpdir(), "assay-bench", `reports-${lines}-${prevalence}`);
const say = (s: string) => {
  if (!values.json) console.log(s);
};

/** The data set: leakage planted into clean sample data, repeated with fresh customers and ids. */
async function generate() {
  const work = `${dataDir}.tmp`;
  rmSync(work, { recursive: true, force: true });
  const planted = plant(generateDataset({ seed: 1, invoices: 2000 }), 1, prevalence);
  const written = await writeLargeCsvDataset(planted, work, { lines });
  renameSync(work, dataDir);
  return written;
}

if (values["generate-only"]) {
  const t = performance.now();
  const written = await generate();
  console.error(`generated ${dataDir}: ${written.lines} lines, ${written.transactions} transactions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  process.exit(0);
}

if (!existsSync(dataDir)) {
  const child = Bun.spawn([process.execPath, "run", import.meta.path, "--generate-only", "--lines", String(lines), "--prevalence", String(prevalence)], {
    stdout: "inherit",
    stderr: values.json ? "ignore" : "inherit",
  });
  if ((await child.exited) !== 0) throw new Error("generating the data set failed");
}

/** The kernel's peak resident set of this process (VmHWM), in bytes; sampling misses short peaks. */
function vmHwm(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync("/proc/self/status", "utf8"));
  return m ? Number(m[1]) * 1024 : 0;
}

/**
 * The process's minor page faults so far (/proc/self/stat): memory the allocator gave back to the
 * system and took again faults in page by page, which shows as system CPU (docs/benchmarks.md,
 * "Where the system CPU goes", 2026-11-29).
 */
function minorFaults(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[7] ?? 0);
}

const runDir = join(tmpdir(), "assay-bench", `reports-run-${process.pid}`);
mkdirSync(runDir, { recursive: true });
const yaml = `storage: { path: ${join(runDir, "assay.db")}, synchronous: NORMAL }
reports: { dir: ${join(runDir, "reports")}${values.workers ? `, workers: ${values.workers}` : ""} }
connectors:
  - id: bench
    type: csv
    transactions: ${join(dataDir, "invoice_lines.csv")}
    reference:
      contracts: ${join(dataDir, "contracts.csv")}
      price_list: ${join(dataDir, "price_list.csv")}
      shipments: ${join(dataDir, "shipments.csv")}
`;
const config = parseConfig(yaml, join(runDir, "assay.yaml"), {});
const store = SqliteStore.open(config.storage);
const connectors = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
const engine = new AssayAnalysisEngine({
  modules: config.modules,
  autoThreshold: config.alerts.auto_threshold,
  connectors,
  analyses: store.analyses,
  clock: systemClock,
  log: silentLogger,
  scanWorkers: reportScanWorkers(config.reports),
});
const reports = new ReportService({ store, clock: systemClock, log: process.env.BENCH_LOG ? jsonLogger("warn", (l) => process.stderr.write(l)) : silentLogger, config, connectors, engine: () => engine, runner: runnerId("cli") });

const rssBefore = process.memoryUsage.rss();
let peak = rssBefore;
const started = performance.now();
const trace: string[] = [];
let ticks = 0;
const threadCpu = new ThreadCpu();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
  if (values.threads) threadCpu.sample();
  if (values.trace && ++ticks % 25 === 0) {
    const m = process.memoryUsage();
    trace.push(`${((performance.now() - started) / 1000).toFixed(1)}s ${Math.round(m.rss / 1e6)}/${Math.round(m.heapUsed / 1e6)}/${Math.round(vmHwm() / 1e6)}`);
  }
}, 10);

const account = "acct_bench";
const cpuBefore = process.cpuUsage();
const faultsBefore = minorFaults();
const queued = await reports.create({ account, key: null }, { type: "revenue_leakage", connector: "bench", format: values.format as "json" | "csv" | "html" });
// The worker claims the report and runs it to its file, exactly as the server's loop does.
if (!(await reports.worker.runNext())) throw new Error("the report was not claimed");
const ms = performance.now() - started;
const cpu = process.cpuUsage(cpuBefore);
const faults = minorFaults() - faultsBefore;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());
const hwm = vmHwm();
if (values.trace) console.error(`rss/heap/peak MB: ${trace.join(", ")}`);
if (values.threads) {
  console.error(`thread CPU ms: ${threadCpu.summary()}`);
}

const done = await reports.get(account, queued.id);
if (done.status !== "completed") throw new Error(`report ${done.status}: ${JSON.stringify(done.error)}`);
const summary = done.summary as { transactions_analyzed: number; transactions_flagged: number; findings: number; amount_at_risk: { currency: string; amount: number }[] };
const cpuMs = (cpu.user + cpu.system) / 1000;
// The report's content without what differs between runs of the same data (its id and the time
// it was generated): equal digests mean the same findings, order, sums and summaries, so a
// performance change can be checked against the tree before it run by run.
const content = await reports.content(account, queued.id);
const reportDigest = new Bun.CryptoHasher("sha256")
  .update(readFileSync(content.path, "utf8").replace(/"id":"rpt_[0-9A-Z]+"/g, '"id":""').replace(/"generated_at":"[^"]*"/g, '"generated_at":""'))
  .digest("hex")
  .slice(0, 16);
const result = {
  lines,
  transactions: summary.transactions_analyzed,
  transactions_flagged: summary.transactions_flagged,
  findings: summary.findings,
  report_bytes: done.bytes,
  report_digest: reportDigest,
  ms: Math.round(ms),
  cpu_ms: Math.round(cpuMs),
  /** The system's share of cpu_ms (page faults, the allocator's returns of memory, reads). */
  sys_cpu_ms: Math.round(cpu.system / 1000),
  minor_faults: faults,
  lines_per_s: Math.round(lines / (ms / 1000)),
  /** Per second of CPU: comparable across runs on a busy machine. */
  lines_per_cpu_s: Math.round(lines / (cpuMs / 1000)),
  rss_before_mb: Math.round(rssBefore / 1e6),
  peak_rss_mb: Math.round(Math.max(peak, hwm) / 1e6),
  sampled_peak_rss_mb: Math.round(peak / 1e6),
};
say(
  `revenue_leakage report: ${lines.toLocaleString("en")} lines, ${result.transactions.toLocaleString("en")} transactions, ` +
    `${result.findings.toLocaleString("en")} findings in ${(ms / 1000).toFixed(1)} s: ${result.lines_per_s.toLocaleString("en")} lines/s ` +
    `(${result.lines_per_cpu_s.toLocaleString("en")} per CPU-second), peak RSS ${result.peak_rss_mb} MB (target ≥ 200,000 lines/s, ≤ 300 MB)`,
);
console.log(JSON.stringify(result));

await connectors.close();
store.close();
rmSync(runDir, { recursive: true, force: true });
