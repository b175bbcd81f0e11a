// Benchmark: one inline revenue_leakage analysis on a warm engine (the connector context cached),
// in process, without HTTP: the engine's own cost per request. Moved here from the unit tests,
// which must not time anything. Target: well under a millisecond (< 1,000 µs per analysis).
// Usage: bun run bench/engine-warm.ts [--analyses N] [--json]
import { parseArgs } from "node:util";
import { invoice, reference } from "../test/analysis/fixtures.ts";
import { AssayAnalysisEngine } from "../src/analysis/engine.ts";
import { connectorAccess } from "../src/connectors/access.ts";
import { silentLogger } from "../src/log.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../test/support/engine.ts";

const { values } = parseArgs({ options: { analyses: { type: "string", default: "1000" }, json: { type: "boolean", default: false } } });
const analyses = Number(values.analyses);
const history = [
  invoice("A1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] }),
  invoice("A2", { customer: "CUST-9", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }),
];
// The engine alone: the analysis is "recorded" and its alert "opened" by no-ops (the test doubles
// of makeEngine deep-copy every record they keep: that copy was half of this figure before).
const engine = new AssayAnalysisEngine({
  modules: modulesConfig(),
  rules: [],
  autoThreshold: 70,
  connectors: connectorAccess([memoryConnector({ transactions: history, reference })]),
  analyses: { insert: async () => {}, iterate: async function* () {} },
  clock: fixedClock,
  log: silentLogger,
  alerts: () => ({ openFromAnalysis: async () => "alrt_BENCH" }),
});
const data = history[0] as unknown as Record<string, unknown>;
const request = { accountId: "a", connector: "mem", module: "revenue_leakage", data };
for (let i = 0; i < 200; i++) await engine.analyze(request);
const started = performance.now();
const cpu0 = process.cpuUsage();
for (let i = 0; i < analyses; i++) await engine.analyze(request);
const cpu = process.cpuUsage(cpu0);
const usPerAnalysis = Math.round(((performance.now() - started) * 1000) / analyses);
// CPU per analysis: what a busy machine moves least (the wall figure includes waiting for a core).
const cpuUsPerAnalysis = Math.round(((cpu.user + cpu.system) / analyses) * 10) / 10;

const result = { analyses, us_per_analysis: usPerAnalysis, cpu_us_per_analysis: cpuUsPerAnalysis };
if (values.json) console.log(JSON.stringify(result));
else console.log(`warm inline analysis: ${usPerAnalysis} µs each, ${cpuUsPerAnalysis} µs of CPU (${analyses} analyses; target < 1,000 µs)`);
