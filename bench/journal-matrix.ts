// The journal part of the quality benchmark (bench/quality/journal.ts) on several seeds, one JSON
// line each: F1 at high, AUC-PR — to check a detector change on the old generator too.
// Usage: bun run bench/journal-matrix.ts [--seeds 20261121,7,99] [--entries 250000]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { benchEngine } from "./quality/engine.ts";
import { generateJournal, JOURNAL_FIELDS } from "./quality/journal.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { averagePrecision, prf } from "./quality/metrics.ts";

const { values: args } = parseArgs({ options: { seeds: { type: "string", default: "20261121,7,99" }, entries: { type: "string", default: "250000" } } });
for (const seed of args.seeds!.split(",").map(Number)) {
  const data = generateJournal({ seed, entries: Number(args.entries) });
  const modules = Value.Default(ModulesSection, { anomaly_detection: { categorical_fields: JOURNAL_FIELDS }, context: { history_limit: 1_000_000 } }) as ModulesConfig;
  const engine = benchEngine(memoryConnector({ id: "ledger", transactions: data.transactions }), modules);
  const items: { score: number; positive: boolean }[] = [];
  let tp = 0, fp = 0, fn = 0;
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: 1_000_000 })) {
    const label = data.labels.has(f.transaction.transaction_id);
    items.push({ score: f.risk_score, positive: label });
    const high = f.risk_score >= modules.scoring.risk_levels.high;
    if (high && label) tp++;
    else if (high) fp++;
    else if (label) fn++;
  }
  const p = prf(tp, fp, fn);
  console.log(JSON.stringify({ seed, entries: data.transactions.length, anomalies: data.labels.size, tp, fp, fn, f1: +p.f1.toFixed(3), auc: +averagePrecision(items).toFixed(3) }));
}
