// Benchmark: a streaming scan of a 1,000,000-line invoice_lines.csv through the csv connector.
// Prints the index build time, lines/s and transactions/s of the scan, and the peak RSS sampled
// every 10 ms (the design target: the whole report pipeline ≥ 200,000 lines/s, peak RSS ≤ 300 MB,
// i.e. memory flat whatever the file size). Usage:
//   bun run bench/connectors-scan.ts [--lines N] [--file PATH] [--json]
// The file is generated (streamed, deterministic) on first use and kept for the next run.
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { parseConfig } from "../src/config/load.ts";
import { ConnectorRegistry } from "../src/connectors/registry.ts";
import { systemClock } from "../src/domain/clock.ts";
import { silentLogger } from "../src/log.ts";
import { writeLargeInvoiceCsv } from "../src/sampledata/write.ts";

const { values } = parseArgs({
  options: { lines: { type: "string", default: "1000000" }, file: { type: "string" }, json: { type: "boolean", default: false } },
});
const lines = Number(values.lines);
const dir = join(tmpdir(), "assay-bench");
mkdirSync(dir, { recursive: true });
const file = values.file ?? join(dir, `invoice_lines-${lines}.csv`);
const say = (s: string) => {
  if (!values.json) console.log(s);
};

if (!existsSync(file)) {
  const t = performance.now();
  const written = await writeLargeInvoiceCsv(file, { lines, seed: 1 });
  say(`generated ${file}: ${written.lines} lines, ${written.transactions} transactions in ${((performance.now() - t) / 1000).toFixed(1)} s`);
}

let peak = process.memoryUsage.rss();
const sampler = setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10);
const rssBefore = process.memoryUsage.rss();

// Through the registry, as the server and the analysis engine use it (status tracking included).
const config = parseConfig(`connectors:\n  - { id: bench, type: csv, transactions: "${file}" }\n`, join(dir, "bench.yaml"), {});
const registry = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
const connector = registry.get("bench")!;

let t = performance.now();
await registry.probe("bench"); // builds the index (one streaming pass)
const indexMs = performance.now() - t;

t = performance.now();
const cpuBefore = process.cpuUsage();
let transactions = 0;
let scanned = 0;
for await (const txn of connector.scan()) {
  transactions++;
  scanned += txn.lines.length;
}
const scanMs = performance.now() - t;
const cpu = process.cpuUsage(cpuBefore);
const cpuMs = (cpu.user + cpu.system) / 1000;
clearInterval(sampler);
peak = Math.max(peak, process.memoryUsage.rss());

const result = {
  file_lines: lines,
  lines_scanned: scanned,
  transactions,
  index_ms: Math.round(indexMs),
  scan_ms: Math.round(scanMs),
  scan_cpu_ms: Math.round(cpuMs),
  lines_per_s: Math.round(scanned / (scanMs / 1000)),
  /** Per second of CPU: comparable across runs on a busy machine. */
  lines_per_cpu_s: Math.round(scanned / (cpuMs / 1000)),
  transactions_per_s: Math.round(transactions / (scanMs / 1000)),
  rss_before_mb: Math.round(rssBefore / 1e6),
  peak_rss_mb: Math.round(peak / 1e6),
  rejected_rows: connector.mappingReport().rejected_rows,
};
if (values.json) console.log(JSON.stringify(result));
else {
  say(`index: ${result.index_ms} ms`);
  say(`scan:  ${result.lines_scanned} lines, ${result.transactions} transactions in ${result.scan_ms} ms`);
  say(`       ${result.lines_per_s.toLocaleString("en")} lines/s, ${result.transactions_per_s.toLocaleString("en")} transactions/s`);
  say(`       ${result.scan_cpu_ms} ms CPU: ${result.lines_per_cpu_s.toLocaleString("en")} lines per CPU-second`);
  say(`rss:   ${result.rss_before_mb} MB before, peak ${result.peak_rss_mb} MB`);
}
await registry.close();
if (scanned !== lines) {
  console.error(`expected ${lines} lines, scanned ${scanned}`);
  process.exit(1);
}
