// The quality of dormant_user_posting on the labelled ledgers of bench/quality/dormant-users.ts:
// an anomaly_detection scan, zero-config, of each seed, and at the product's decision (risk level
// high or critical) precision and recall of the planted postings by departed users, and the
// share of each kind of hard negative flagged high. "before" is the same scan with the detector
// off (its weight 0: the engine as it was without it); "after" with its defaults.
// Usage: bun run bench/dormant-quality.ts [--seeds 1,2,3,4,5]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { DORMANT_KINDS, generateDormantLedger } from "./quality/dormant-users.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { prf } from "./quality/metrics.ts";

const { values: args } = parseArgs({ options: { seeds: { type: "string", default: "1,2,3,4,5" } } });
const seeds = args.seeds.split(",").map(Number);

interface Tally {
  tp: number;
  fp: number;
  fn: number;
  /** Per hard-negative kind: flagged high, of how many. */
  kinds: Record<string, { high: number; medium: number; of: number }>;
  /** Flagged high by dormant_user_posting itself, positives and not. */
  detectorTp: number;
  detectorFp: number;
}

const empty = (): Tally => ({ tp: 0, fp: 0, fn: 0, kinds: Object.fromEntries(DORMANT_KINDS.map((k) => [k, { high: 0, medium: 0, of: 0 }])), detectorTp: 0, detectorFp: 0 });

async function run(seed: number, on: boolean, into: Tally) {
  // Seed 3 without times of day; seeds 2 and 4 with a seasonal closure.
  const data = generateDormantLedger({ seed, dateOnly: seed === 3, closure: seed === 2 || seed === 4 });
  const connector = memoryConnector({ id: "ledger", transactions: data.transactions });
  const modules = Value.Default(ModulesSection, { anomaly_detection: on ? {} : { weights: { dormant_user_posting: 0 } }, context: { history_limit: 1_000_000 } }) as ModulesConfig;
  const engine = benchEngine(connector, modules);
  const { high, medium } = modules.scoring.risk_levels;
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: 1_000_000 })) {
    const id = f.transaction.transaction_id;
    const positive = data.positives.has(id);
    const flagged = f.risk_score >= high;
    if (flagged && positive) into.tp++;
    else if (flagged) into.fp++;
    else if (positive) into.fn++;
    const dormantHigh = f.anomalies.some((a) => a.code === "dormant_user_posting" && (a.severity === "high" || a.severity === "critical"));
    if (dormantHigh && positive) into.detectorTp++;
    else if (dormantHigh) into.detectorFp++;
    const kind = data.regular.get(id);
    if (kind) {
      into.kinds[kind]!.of++;
      if (flagged) into.kinds[kind]!.high++;
      else if (f.risk_score >= medium) into.kinds[kind]!.medium++;
    }
  }
  return data;
}

const before = empty();
const after = empty();
let entries = 0;
let planted = 0;
const started = performance.now();
for (const seed of seeds) {
  const data = await run(seed, false, before);
  await run(seed, true, after);
  entries += data.transactions.length;
  planted += data.positives.size;
}
const f3 = (x: number) => x.toFixed(3);
const line = (name: string, t: Tally) => {
  const m = prf(t.tp, t.fp, t.fn);
  return `| ${name} | ${t.tp} | ${t.fp} | ${t.fn} | ${f3(m.precision)} | ${f3(m.recall)} | ${f3(m.f1)} | ${t.detectorTp} / ${t.detectorFp} |`;
};
console.log(`dormant users: seeds ${seeds.join(",")}, ${entries} entries, ${planted} planted postings by departed users (${((performance.now() - started) / 1000).toFixed(1)} s)\n`);
console.log("anomaly_detection at high (zero-config):\n");
console.log("| | TP | FP | FN | precision | recall | F1 | dormant_user_posting high: TP / FP |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|");
console.log(line("before (detector off)", before));
console.log(line("after", after));
console.log("\nHard negatives flagged high (medium) by the module, before → after:\n");
console.log("| kind | entries | before | after |");
console.log("|---|---:|---:|---:|");
for (const k of DORMANT_KINDS) {
  const b = before.kinds[k]!;
  const a = after.kinds[k]!;
  console.log(`| ${k} | ${a.of} | ${b.high} (${b.medium}) | ${a.high} (${a.medium}) |`);
}
