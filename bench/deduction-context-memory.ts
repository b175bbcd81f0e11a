// The memory a connector's analysis context costs in the server (ContextCache → buildContext) over
// the reports bench's invoice_lines.csv (bench/reports.ts --generate-only makes it), and what a
// deduction posted inline reads of it: a context built for analysis keeps every invoice's lines
// (deduction-evidence.ts keepLines()). Prints the peak RSS (VmHWM) of the build, the RSS and heap
// after a full collection with the context held, the build's CPU, and the items one posted
// deduction reads. Run each tree in its own process, alternating (A B A B…): with --tree DIR
// (e.g. /work/base) the other checkout's modules. Usage:
//   bun run bench/deduction-context-memory.ts [--tree DIR] [--lines 1000000] [--history-limit 5000000]
import { existsSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const { values } = parseArgs({
  options: { tree: { type: "string", default: "." }, lines: { type: "string", default: "1000000" }, "history-limit": { type: "string", default: "5000000" } },
});
const tree = resolve(values.tree!);
const dataDir = join(tmpdir(), "assay-bench", `reports-${values.lines}-0.03`);
if (!existsSync(dataDir)) throw new Error(`no data set at ${dataDir}: run bun run bench/reports.ts --lines ${values.lines} --generate-only first`);
const { parseConfig } = await import(join(tree, "src/config/load.ts"));
const { ConnectorRegistry } = await import(join(tree, "src/connectors/registry.ts"));
const { systemClock } = await import(join(tree, "src/domain/clock.ts"));
const { silentLogger } = await import(join(tree, "src/log.ts"));
const { buildContext } = await import(join(tree, "src/analysis/context.ts"));
const { ModulesSection } = await import(join(tree, "src/analysis/config-schema.ts"));
const { Value } = await import("@sinclair/typebox/value");

const config = parseConfig(`storage: { path: ":memory:" }\nconnectors:\n  - id: bench\n    type: csv\n    transactions: ${join(dataDir, "invoice_lines.csv")}\n`, join(dataDir, "assay.yaml"), {});
const source = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock }).get("bench")!;
const modules = Value.Default(ModulesSection, { context: { history_limit: Number(values["history-limit"]) } });
const mb = (b: number) => (b / 1048576).toFixed(0);
const vm = (field: string) => Number(/\d+/.exec(readFileSync("/proc/self/status", "utf8").split("\n").find((l) => l.startsWith(field)) ?? "0")?.[0] ?? 0) * 1024;
const cpu0 = process.cpuUsage();
const ctx = await buildContext(source, modules, Date.now(), undefined, "full");
const cpu = process.cpuUsage(cpu0);
ctx.takeSource();
Bun.gc(true);
const heap = process.memoryUsage().heapUsed;
// A deduction posted inline naming an invoice of the history: what it reads of it.
let first: string | undefined, customer: string | undefined;
for await (const t of source.scan({ limit: 1 })) (first = t.transaction_id), (customer = t.customer_id);
const items = ctx.deductions.invoiced(customer, first!);
console.log(
  `tree ${tree}: build CPU ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s, peak RSS ${mb(vm("VmHWM:"))} MB, held RSS ${mb(vm("VmRSS:"))} MB, heap ${mb(heap)} MB; ` +
    `${first}'s items read by a posted deduction: ${items ? items.size : "none"}`,
);
