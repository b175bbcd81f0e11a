// A fingerprint of the anomaly_detection findings: SHA-256 over every entry's id, risk score and
// level, amount at risk and anomalies (code, severity, score, message, expected, actual) for
// generated journals and ledgers. A change that must not change detection (a performance change)
// leaves every line identical; compare the output before and after it.
// --workers N: the engine's scanWorkers (reports.workers), e.g. 2 to build the histories' amount
// contexts on a worker thread (parallel/amount-offload.ts): the lines must not change.
// Usage: bun run bench/findings-fingerprint.ts [--entries N] [--quick] [--forest] [--workers N]
import { parseArgs } from "node:util";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import type { Transaction } from "../src/domain/transaction.ts";
import { generateJournal, JOURNAL_FIELDS } from "./quality/journal.ts";
import { generateLedger, LEDGER_FIELDS, type LedgerVariant } from "./ledger.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";

const { values } = parseArgs({
  options: { entries: { type: "string", default: "30000" }, quick: { type: "boolean", default: false }, forest: { type: "boolean", default: false }, workers: { type: "string", default: "1" } },
});
const entries = Number(values.entries);

async function fingerprint(name: string, transactions: Transaction[], fields: readonly string[] | "auto") {
  const connector = memoryConnector({ id: "fp", transactions });
  // --forest: the isolation forest on too (off by default in the product).
  const forest = values.forest ? { isolation_forest: { enabled: true } } : {};
  const overrides = { anomaly_detection: fields === "auto" ? forest : { ...forest, categorical_fields: fields }, context: { history_limit: 1_000_000 } };
  const engine = benchEngine(connector, Value.Default(ModulesSection, overrides) as ModulesConfig, Number(values.workers));
  const hash = new Bun.CryptoHasher("sha256");
  let flagged = 0;
  let n = 0;
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "fp", module: "anomaly_detection", limit: 1_000_000 })) {
    n++;
    if (f.anomalies.length > 0) flagged++;
    hash.update(JSON.stringify([f.transaction.transaction_id, f.risk_score, f.risk_level, f.amount_at_risk, f.anomalies]));
    hash.update("\n");
  }
  console.log(`${name.padEnd(48)} ${String(n).padStart(7)} entries ${String(flagged).padStart(6)} flagged  ${hash.digest("hex").slice(0, 32)}`);
}

const journalSeeds = values.quick ? [1] : [1, 2];
for (const seed of journalSeeds) {
  await fingerprint(`journal seed ${seed}`, generateJournal({ seed, entries }).transactions, JOURNAL_FIELDS);
}
const ledgers: [number, LedgerVariant, boolean][] = values.quick
  ? [[7, "standard", true]]
  : [[7, "standard", false], [99, "wide", false], [20261121, "doc-currency", false], [7, "standard", true], [11, "wide", true]];
for (const [seed, variant, extra] of ledgers) {
  const data = generateLedger({ seed, variant, entries, extra });
  const name = `ledger ${variant}${extra ? "+extra" : ""} seed ${seed}`;
  await fingerprint(`${name} configured`, data.transactions, LEDGER_FIELDS);
  await fingerprint(`${name} zero-config`, data.transactions, "auto");
}
