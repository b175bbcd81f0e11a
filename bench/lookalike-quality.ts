// Quality of lookalike_counterparty on the labelled ledgers of bench/quality/lookalike.ts:
// anomaly_detection scans each seed and setup zero-config (no configuration but the history
// limit), once with the detector off (weight 0: the module as it was before it) and once with
// it on. Per document (Journal No), as an auditor reads a ledger: a document is flagged when one
// of its lines is; precision and recall at the product's decision (high or critical), and the
// share of each kind of hard negative flagged high, and medium by this detector.
// Usage: bun run bench/lookalike-quality.ts [--seeds 20261121,7,99] [--setups name,code] [--min-history N] [--verbose]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { benchEngine } from "./quality/engine.ts";
import { generateLookalikeLedger, type LookalikeSetup, NEGATIVE_KINDS, POSITIVE_KINDS } from "./quality/lookalike.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { prf } from "./quality/metrics.ts";

const { values: args } = parseArgs({ options: { seeds: { type: "string", default: "20261121,7,99" }, setups: { type: "string", default: "name,code" }, "min-history": { type: "string" }, verbose: { type: "boolean", default: false } } });

async function run(seed: number, setup: LookalikeSetup, on: boolean) {
  const data = generateLookalikeLedger({ seed, setup });
  const modules = Value.Default(ModulesSection, { anomaly_detection: { weights: on ? {} : { lookalike_counterparty: 0 }, ...(args["min-history"] ? { lookalike_counterparty: { min_history: Number(args["min-history"]) } } : {}) }, context: { history_limit: 1_000_000 } }) as ModulesConfig;
  const engine = benchEngine(memoryConnector({ id: "ledger", transactions: data.transactions }), modules);
  const high = modules.scoring.risk_levels.high;
  const flaggedDocs = new Set<string>();
  const lookalikeMediumDocs = new Set<string>();
  const messages = new Map<string, string>();
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: 1_000_000 })) {
    const doc = data.documents.get(f.transaction.transaction_id)!;
    if (f.risk_score >= high) {
      flaggedDocs.add(doc);
      if (args.verbose && on && !data.positives.has(f.transaction.transaction_id)) console.log(`  FP ${data.negatives.get(f.transaction.transaction_id)} ${doc} ${f.transaction.customer_id} ${f.risk_score}: ${f.anomalies.map((a) => `${a.code} ${a.message}`).join(" | ")}`);
    }
    const l = f.anomalies.find((a) => a.code === "lookalike_counterparty");
    if (l) {
      lookalikeMediumDocs.add(doc);
      messages.set(doc, `${f.risk_score} ${l.message}`);
    }
  }
  const positiveDocs = new Map<string, string>();
  for (const [id, kind] of data.positives) positiveDocs.set(data.documents.get(id)!, kind);
  const negativeDocs = new Map<string, string>();
  for (const [id, kind] of data.negatives) if (!positiveDocs.has(data.documents.get(id)!)) negativeDocs.set(data.documents.get(id)!, kind);
  let tp = 0;
  let fn = 0;
  const byKind: Record<string, { found: number; medium: number; of: number }> = {};
  for (const [doc, kind] of positiveDocs) {
    const k = (byKind[kind] ??= { found: 0, medium: 0, of: 0 });
    k.of++;
    if (flaggedDocs.has(doc)) {
      tp++;
      k.found++;
    } else {
      fn++;
      if (lookalikeMediumDocs.has(doc)) k.medium++;
    }
  }
  const negatives: Record<string, { high: number; lookalike: number; of: number }> = {};
  let fp = 0;
  for (const [doc, kind] of negativeDocs) {
    const k = (negatives[kind] ??= { high: 0, lookalike: 0, of: 0 });
    k.of++;
    if (flaggedDocs.has(doc)) {
      k.high++;
      fp++;
    }
    if (lookalikeMediumDocs.has(doc)) k.lookalike++;
  }
  if (args.verbose && on) {
    for (const [doc, m] of messages) console.log(`  ${positiveDocs.has(doc) ? "TP" : "--"} ${negativeDocs.get(doc) ?? positiveDocs.get(doc)} ${doc}: ${m}`);
    for (const [doc, kind] of positiveDocs) if (!flaggedDocs.has(doc)) console.log(`  missed ${kind} ${doc}`);
    console.log(data.planted);
  }
  return { m: prf(tp, fp, fn), byKind, negatives, lines: data.transactions.length, documents: positiveDocs.size + negativeDocs.size };
}

const f3 = (x: number) => x.toFixed(3);
const totals = { before: { tp: 0, fp: 0, fn: 0 }, after: { tp: 0, fp: 0, fn: 0 } };
const kinds: Record<string, { found: number; medium: number; of: number }> = {};
const negatives: Record<string, { high: number; lookalike: number; of: number }> = {};
console.log("| seed | setup | lines | documents | before: P / R (tp/fp/fn) | after: P / R (tp/fp/fn) |");
console.log("|---|---|---:|---:|---|---|");
for (const seed of args.seeds!.split(",").map(Number)) {
  for (const setup of args.setups!.split(",") as LookalikeSetup[]) {
    const before = await run(seed, setup, false);
    const after = await run(seed, setup, true);
    for (const [k, side] of [["before", before], ["after", after]] as const) {
      totals[k].tp += side.m.tp;
      totals[k].fp += side.m.fp;
      totals[k].fn += side.m.fn;
    }
    for (const [k, v] of Object.entries(after.byKind)) {
      const t = (kinds[k] ??= { found: 0, medium: 0, of: 0 });
      t.found += v.found;
      t.medium += v.medium;
      t.of += v.of;
    }
    for (const [k, v] of Object.entries(after.negatives)) {
      const t = (negatives[k] ??= { high: 0, lookalike: 0, of: 0 });
      t.high += v.high;
      t.lookalike += v.lookalike;
      t.of += v.of;
    }
    const cell = (m: typeof before.m) => `${f3(m.precision)} / ${f3(m.recall)} (${m.tp}/${m.fp}/${m.fn})`;
    console.log(`| ${seed} | ${setup} | ${after.lines} | ${after.documents} | ${cell(before.m)} | ${cell(after.m)} |`);
  }
}
const b = prf(totals.before.tp, totals.before.fp, totals.before.fn);
const a = prf(totals.after.tp, totals.after.fp, totals.after.fn);
console.log(`\nall: before P ${f3(b.precision)} R ${f3(b.recall)} F1 ${f3(b.f1)}; after P ${f3(a.precision)} R ${f3(a.recall)} F1 ${f3(a.f1)}\n`);
console.log("| planted kind | documents | found at high | below high, lookalike_counterparty medium |\n|---|---:|---:|---:|");
for (const k of POSITIVE_KINDS) if (kinds[k]) console.log(`| ${k} | ${kinds[k].of} | ${kinds[k].found} | ${kinds[k].medium} |`);
console.log("\n| hard negative | documents | high (any finding) | lookalike_counterparty (any level) |\n|---|---:|---:|---:|");
for (const k of NEGATIVE_KINDS) if (negatives[k]) console.log(`| ${k} | ${negatives[k].of} | ${negatives[k].high} | ${negatives[k].lookalike} |`);
