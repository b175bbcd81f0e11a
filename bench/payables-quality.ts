// Splits under an approval limit on a Xero-shaped payables ledger (bench/quality/payables.ts):
// the anomaly_detection module scans each seed's ledger with split_below_approval_limit off
// (weight 0: what the module found before it) and on, zero-config and with the limit configured
// (compliance.default_approver_limit). Judged per journal, at the product's decision (a line of
// the journal at risk level high or critical): precision / recall of the planted splits, and the
// journals of each kind of regular business flagged high (hard negatives).
// Usage: bun run bench/payables-quality.ts [--seeds 20261121,7,99]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { prf } from "./quality/metrics.ts";
import { generatePayables, PAYABLES_KINDS, PAYABLES_LIMIT } from "./quality/payables.ts";

const { values: args } = parseArgs({ options: { seeds: { type: "string", default: "20261121,7,99" } } });

async function run(seed: number, setup: "zero-config" | "configured", detector: boolean) {
  const data = generatePayables(seed);
  const overrides = {
    anomaly_detection: detector ? {} : { weights: { split_below_approval_limit: 0 } },
    ...(setup === "configured" ? { compliance: { default_approver_limit: PAYABLES_LIMIT } } : {}),
    context: { history_limit: 1_000_000 },
  };
  const modules = Value.Default(ModulesSection, overrides) as ModulesConfig;
  const engine = benchEngine(memoryConnector({ id: "gl", transactions: data.transactions }), modules);
  const high = new Set<string>();
  const bySplit = new Set<string>();
  const cpu = process.cpuUsage();
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "gl", module: "anomaly_detection", limit: 1_000_000 })) {
    if (f.risk_score < modules.scoring.risk_levels.high) continue;
    const journal = data.journalOf.get(f.transaction.transaction_id)!;
    high.add(journal);
    if (f.anomalies.some((a) => a.code === "split_below_approval_limit" && (a.severity === "high" || a.severity === "critical"))) bySplit.add(journal);
  }
  const used = process.cpuUsage(cpu);
  let tp = 0;
  let fp = 0;
  for (const j of high) if (data.splits.has(j)) tp++;
  else fp++;
  const perKind = Object.fromEntries(PAYABLES_KINDS.map((k) => [k, { journals: 0, high: 0, bySplit: 0 }]));
  for (const [j, kind] of data.kinds) {
    if (data.splits.has(j)) continue;
    perKind[kind]!.journals++;
    if (high.has(j)) perKind[kind]!.high++;
    if (bySplit.has(j)) perKind[kind]!.bySplit++;
  }
  return { seed, setup, detector, lines: data.transactions.length, journals: data.kinds.size, splits: data.splits.size, m: prf(tp, fp, data.splits.size - tp), perKind, cpuSeconds: (used.user + used.system) / 1e6 };
}

const f3 = (x: number) => x.toFixed(3);
const rows: string[] = ["| seed | setup | split detector | lines | journals | planted | TP | FP | FN | precision | recall | F1 | CPU s |", "|---|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"];
const kindRows: string[] = [`| seed | setup | ${PAYABLES_KINDS.join(" | ")} |`, `|---|---|${PAYABLES_KINDS.map(() => "---:").join("|")}|`];
for (const seed of args.seeds!.split(",").map(Number)) {
  for (const setup of ["zero-config", "configured"] as const) {
    for (const detector of [false, true]) {
      const r = await run(seed, setup, detector);
      rows.push(`| ${seed} | ${setup} | ${detector ? "on" : "off"} | ${r.lines} | ${r.journals} | ${r.splits} | ${r.m.tp} | ${r.m.fp} | ${r.m.fn} | ${f3(r.m.precision)} | ${f3(r.m.recall)} | ${f3(r.m.f1)} | ${r.cpuSeconds.toFixed(1)} |`);
      if (detector) kindRows.push(`| ${seed} | ${setup} | ${PAYABLES_KINDS.map((k) => `${r.perKind[k]!.high} (${r.perKind[k]!.bySplit}) / ${r.perKind[k]!.journals}`).join(" | ")} |`);
    }
  }
}
console.log(["# Splits under an approval limit (bench/quality/payables.ts), anomaly_detection, per journal at high", "", ...rows, "", "Regular business flagged high with the detector on: journals high (of them by split_below_approval_limit) / journals of the kind.", "", ...kindRows].join("\n"));
