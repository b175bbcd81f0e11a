// The parts of the revenue-leakage report's history pass, timed apart over the bench file's
// transactions held in memory (bench/reports.ts generates the file): the learners (tax,
// kits, promotions), the fingerprints, the whole ledger-level HistoryBuilder, a scan worker's
// LedgerBatchWriter and the main thread's LedgerMerge; and the scan pass's revenue_leakage
// evaluations against the context of the whole file ("scan"). CPU ms, median of --reps. With --base DIR
// (another checkout of Assay, e.g. the commit before a change), the same parts of that tree run
// in the same process, alternating with this one's: on a shared, loaded machine the two sides
// then see the same load, which separate runs of bench/reports.ts do not (it moved by a fifth
// between runs on 2026-11-28). Usage:
//   bun run bench/history-parts.ts [--base DIR] [--lines 300000] [--reps 9] [part,part…]
import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import type { Transaction } from "../src/domain/transaction.ts";
import { parseConfig } from "../src/config/load.ts";
import { ConnectorRegistry } from "../src/connectors/registry.ts";
import { systemClock } from "../src/domain/clock.ts";
import { silentLogger } from "../src/log.ts";

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { base: { type: "string" }, lines: { type: "string", default: "300000" }, reps: { type: "string", default: "9" } },
});
const dataDir = join(tmpdir(), "assay-bench", `reports-${values.lines}-0.03`);
if (!existsSync(dataDir)) throw new Error(`no data set at ${dataDir}: run bun run bench/reports.ts --lines ${values.lines} --generate-only first`);
const config = parseConfig(`storage: { path: ":memory:" }\nconnectors:\n  - id: bench\n    type: csv\n    transactions: ${join(dataDir, "invoice_lines.csv")}\n`, join(dataDir, "assay.yaml"), {});
const connectors = new ConnectorRegistry(config, { log: silentLogger, clock: systemClock });
const transactions: Transaction[] = [];
for await (const t of connectors.get("bench")!.scan({ limit: Number.MAX_SAFE_INTEGER })) transactions.push(t);
// Kept open: the "scan" part builds each tree's context (history and reference tables) from it.
const source = connectors.get("bench")!;

const cpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Each part of one tree: a function returning the CPU ms of what it times. */
async function partsOf(tree: string): Promise<Record<string, () => number>> {
  const history = await import(join(tree, "src/analysis/history.ts"));
  const tax = await import(join(tree, "src/analysis/detectors/leakage/tax-habits.ts"));
  const kits = await import(join(tree, "src/analysis/detectors/leakage/kit-components.ts"));
  const promotions = await import(join(tree, "src/analysis/detectors/leakage/promotion-habits.ts"));
  const merge = await import(join(tree, "src/analysis/ledger-merge.ts"));
  const { buildContext } = await import(join(tree, "src/analysis/context.ts"));
  const { evaluateTransaction } = await import(join(tree, "src/analysis/evaluate.ts"));
  const { resolveModules } = await import(join(tree, "src/analysis/modules.ts"));
  const { ModulesSection } = await import(join(tree, "src/analysis/config-schema.ts"));
  const { Value } = await import("@sinclair/typebox/value");
  // The scan pass's evaluations (a scan worker's second pass, without the CSV reading): every
  // transaction through revenue_leakage against the context of the whole file, built once.
  const modules = Value.Default(ModulesSection, { context: { history_limit: Number.MAX_SAFE_INTEGER } });
  const leakage = resolveModules(modules).get("revenue_leakage");
  const ctx = await buildContext(source, modules, Date.now(), undefined, "ledger");
  const timed = (f: () => void) => () => {
    const t0 = cpuMs();
    f();
    return cpuMs() - t0;
  };
  const invoices = () => transactions.filter((t) => t.type === "invoice");
  const learner = (Builder: new () => { add(t: Transaction): void; finish(): unknown }) =>
    timed(() => {
      const b = new Builder();
      for (const t of invoices()) b.add(t);
      b.finish();
    });
  return {
    tax: learner(tax.TaxHabitsBuilder),
    kits: learner(kits.KitComponentsBuilder),
    promotions: learner(promotions.PromotionHabitsBuilder),
    fingerprints: timed(() => {
      for (const t of transactions) if (t.type === "invoice" || t.type === "payment") history.fingerprint(t), history.documentKey(t);
    }),
    ledger: timed(() => {
      const b = new history.HistoryBuilder({ level: "ledger", categoricalFields: [] });
      for (const t of transactions) b.add(t);
      b.finish();
    }),
    batches: timed(() => {
      const w = new merge.LedgerBatchWriter();
      for (const t of transactions) if ((w.add(t), w.full)) w.take();
    }),
    scan: timed(() => {
      for (const t of transactions) evaluateTransaction(t, ctx, leakage, modules);
    }),
    // The batches are written first (a scan worker's work), only the merge is timed.
    merge: () => {
      const w = new merge.LedgerBatchWriter();
      const batches = [];
      for (const t of transactions) if ((w.add(t), w.full)) batches.push(w.take());
      batches.push(w.take());
      const t0 = cpuMs();
      const m = new merge.LedgerMerge();
      for (const b of batches) m.add(b);
      return cpuMs() - t0;
    },
  };
}

const sides: [string, Record<string, () => number>][] = [["this tree", await partsOf(resolve(import.meta.dir, ".."))]];
if (values.base) sides.unshift(["base", await partsOf(resolve(values.base))]);
const reps = Number(values.reps);
const median = (a: number[]) => a.sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
console.log(`${transactions.length.toLocaleString("en")} transactions from ${values.lines} lines; CPU ms, median of ${reps}${values.base ? ", alternating" : ""}`);
for (const name of Object.keys(sides[0]![1])) {
  if (positionals.length > 0 && !positionals.includes(name)) continue;
  const times = sides.map(() => [] as number[]);
  for (let r = 0; r < reps; r++) sides.forEach(([, parts], i) => times[i]!.push(parts[name]!()));
  console.log(`${name.padEnd(13)} ${sides.map(([side], i) => `${side} ${median(times[i]!).toFixed(0)}`).join("  ")}`);
}
