// Where the journal scan's time goes, per entry: the history pass by part (each part timed by
// running the pass without it) and the scoring pass per detector (each detector run alone over
// every entry, after a warm-up), in CPU microseconds per entry. The companion of
// bench/journal-scan.ts for docs/benchmarks.md; process CPU, so it is comparable on a busy machine.
// --fields auto: no categorical_fields configured (zero-config: the history chooses them, as
// bench/journal-scan.ts --fields auto).
// Usage: bun run bench/journal-profile.ts [--entries N] [--fields configured|auto]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { buildContext } from "../src/analysis/context.ts";
import { evaluateTransaction } from "../src/analysis/evaluate.ts";
import { resolveModules } from "../src/analysis/modules.ts";
import { generateJournal, JOURNAL_FIELDS } from "./quality/journal.ts";
import { memoryConnector } from "./quality/memory-connector.ts";

const { values } = parseArgs({ options: { entries: { type: "string", default: "100000" }, fields: { type: "string", default: "configured" } } });
const entries = Number(values.entries);
const data = generateJournal({ seed: 1, entries });
const connector = memoryConnector({ id: "ledger", transactions: data.transactions });
const config = Value.Default(ModulesSection, {
  ...(values.fields === "auto" ? {} : { anomaly_detection: { categorical_fields: JOURNAL_FIELDS } }),
  context: { history_limit: Math.max(1_000_000, entries) },
}) as ModulesConfig;
const module = resolveModules(config).get("anomaly_detection")!;
const cpuMs = () => {
  const c = process.cpuUsage();
  return (c.user + c.system) / 1000;
};
const us = (ms: number) => ((ms * 1000) / entries).toFixed(2).padStart(7);

// History pass: twice (the first warms the code up), the second counted.
await buildContext(connector, config, Date.now(), undefined, "full");
let t = cpuMs();
const ctx = await buildContext(connector, config, Date.now(), undefined, "full");
console.log(`history pass (whole)            ${us(cpuMs() - t)} µs/entry`);
t = cpuMs();
ctx.anomalyForest();
console.log(`isolation forest training       ${us(cpuMs() - t)} µs/entry`);

// Scoring pass per detector: each one alone over every entry, the second round counted.
const txns = data.transactions;
for (const detector of module.detectors) {
  const alone = { ...module, detectors: [detector] };
  for (let round = 0; round < 2; round++) {
    t = cpuMs();
    for (const txn of txns) evaluateTransaction(txn, ctx, alone, config);
    if (round === 1) console.log(`detector ${detector.codes[0]!.padEnd(22)} ${us(cpuMs() - t)} µs/entry (with evaluate's own)`);
  }
}
const none = { ...module, detectors: [] };
for (let round = 0; round < 2; round++) {
  t = cpuMs();
  for (const txn of txns) evaluateTransaction(txn, ctx, none, config);
  if (round === 1) console.log(`evaluate alone (no detector)    ${us(cpuMs() - t)} µs/entry`);
}
for (let round = 0; round < 2; round++) {
  t = cpuMs();
  for (const txn of txns) evaluateTransaction(txn, ctx, module, config);
  if (round === 1) console.log(`scoring pass (all detectors)    ${us(cpuMs() - t)} µs/entry`);
}
