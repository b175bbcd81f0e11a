// The ledger part of the quality benchmark: the anomaly_detection module scans each generated
// ledger (bench/ledger.ts) twice, with the default configuration (zero-config: the module
// profiles the fields itself) and with the ledger attributes configured as categorical fields.
// Per run: precision / recall / F1 at the product's own decision (risk level high or critical)
// and at medium, AUC-PR (average precision of the risk scores), recall per kind of anomaly, and
// how much of each kind of regular business is flagged high (hard negatives: false alarms).
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../src/analysis/config-schema.ts";
import { benchEngine } from "./quality/engine.ts";
import { memoryConnector } from "./quality/memory-connector.ts";
import { averagePrecision, prf, type Prf } from "./quality/metrics.ts";
import { AUDIT_KINDS, EXTRA_KINDS, generateLedger, LEDGER_ANOMALIES, LEDGER_FIELDS, type LedgerVariant, REGULAR_KINDS } from "./ledger.ts";

export interface LedgerRun {
  seed: number;
  variant: LedgerVariant;
  setup: "zero-config" | "configured";
  entries: number;
  anomalies: number;
  high: Prf;
  medium: Prf;
  auc: number;
  /** Recall at high per anomaly kind. */
  recall: Record<string, number>;
  /** Share of each kind of regular business flagged high, and its size. */
  regularHigh: Record<string, { flagged: number; of: number }>;
  seconds: number;
  entriesPerSecond: number;
}

export async function ledgerRun(seed: number, variant: LedgerVariant, setup: LedgerRun["setup"], entries: number, anomalyOverrides: Record<string, unknown> = {}, extra = true, audit = extra): Promise<LedgerRun> {
  const data = generateLedger({ seed, variant, entries, extra, audit });
  const connector = memoryConnector({ id: "ledger", transactions: data.transactions });
  const overrides = { anomaly_detection: { ...anomalyOverrides, ...(setup === "configured" ? { categorical_fields: LEDGER_FIELDS } : {}) }, context: { history_limit: 1_000_000 } };
  const modules = Value.Default(ModulesSection, overrides) as ModulesConfig;
  const engine = benchEngine(connector, modules);
  const started = performance.now();
  const items: { score: number; positive: boolean }[] = [];
  const counts = { high: { tp: 0, fp: 0, fn: 0 }, medium: { tp: 0, fp: 0, fn: 0 } };
  const found: Record<string, number> = {};
  const regularHigh: Record<string, { flagged: number; of: number }> = Object.fromEntries(REGULAR_KINDS.map((k) => [k, { flagged: 0, of: 0 }]));
  const levels = modules.scoring.risk_levels;
  for await (const f of engine.scanFindings({ accountId: "bench", connector: "ledger", module: "anomaly_detection", limit: 1_000_000 })) {
    const id = f.transaction.transaction_id;
    const label = data.labels.get(id);
    items.push({ score: f.risk_score, positive: label !== undefined });
    for (const [name, cut] of [["high", levels.high], ["medium", levels.medium]] as const) {
      const flagged = f.risk_score >= cut;
      const c = counts[name];
      if (flagged && label) c.tp++;
      else if (flagged) c.fp++;
      else if (label) c.fn++;
    }
    const high = f.risk_score >= levels.high;
    if (label && high) found[label] = (found[label] ?? 0) + 1;
    const kind = data.regular.get(id);
    if (kind) {
      regularHigh[kind]!.of++;
      if (high) regularHigh[kind]!.flagged++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  const perKind = (k: string) => [...data.labels.values()].filter((l) => l === k).length;
  return {
    seed,
    variant,
    setup,
    entries: data.transactions.length,
    anomalies: data.labels.size,
    high: prf(counts.high.tp, counts.high.fp, counts.high.fn),
    medium: prf(counts.medium.tp, counts.medium.fp, counts.medium.fn),
    auc: averagePrecision(items),
    recall: Object.fromEntries(LEDGER_ANOMALIES.map((k) => [k, (found[k] ?? 0) / Math.max(1, perKind(k))])),
    regularHigh,
    seconds,
    entriesPerSecond: data.transactions.length / seconds,
  };
}

const f3 = (x: number) => x.toFixed(3);
const pct = (flagged: number, of: number) => (of === 0 ? "–" : `${((100 * flagged) / of).toFixed(2)}%`);

/** Markdown tables of the runs. */
export function ledgerTables(runs: readonly LedgerRun[]): string[] {
  const name = (r: LedgerRun) => `${r.seed} ${r.variant} ${r.setup}`;
  return [
    "| seed, variant, setup | entries | anomalies | P high | R high | F1 high | P medium | R medium | F1 medium | AUC-PR | entries/s (with context) |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...runs.map((r) => `| ${name(r)} | ${r.entries} | ${r.anomalies} | ${f3(r.high.precision)} | ${f3(r.high.recall)} | **${f3(r.high.f1)}** | ${f3(r.medium.precision)} | ${f3(r.medium.recall)} | ${f3(r.medium.f1)} | ${f3(r.auc)} | ${Math.round(r.entriesPerSecond)} |`),
    "",
    "Recall at high per kind of anomaly:",
    "",
    `| seed, variant, setup | ${LEDGER_ANOMALIES.join(" | ")} |`,
    `|---|${LEDGER_ANOMALIES.map(() => "---:").join("|")}|`,
    ...runs.map((r) => `| ${name(r)} | ${LEDGER_ANOMALIES.map((k) => f3(r.recall[k]!)).join(" | ")} |`),
    "",
    "Regular business flagged high (share of its entries):",
    "",
    `| seed, variant, setup | ${REGULAR_KINDS.join(" | ")} |`,
    `|---|${REGULAR_KINDS.map(() => "---:").join("|")}|`,
    ...runs.map((r) => `| ${name(r)} | ${REGULAR_KINDS.map((k) => pct(r.regularHigh[k]!.flagged, r.regularHigh[k]!.of)).join(" | ")} |`),
  ];
}

/** Regular business flagged high by ledger length (the minimum-history guard's table), one row
 *  per length and seed, with F1 at high and AUC-PR beside (few anomalies on short ledgers: those
 *  two are noisy there). */
export function lengthTable(runs: readonly (LedgerRun & { target: number })[]): string[] {
  const kinds = REGULAR_KINDS;
  return [
    `| length, seed | entries | anomalies | F1 high | AUC-PR | ${kinds.join(" | ")} |`,
    `|---|---:|---:|---:|---:|${kinds.map(() => "---:").join("|")}|`,
    ...runs.map((r) => `| ${r.target} ${r.seed} | ${r.entries} | ${r.anomalies} | ${f3(r.high.f1)} | ${f3(r.auc)} | ${kinds.map((k) => pct(r.regularHigh[k]!.flagged, r.regularHigh[k]!.of)).join(" | ")} |`),
    "",
    `Columns ${EXTRA_KINDS.join(", ")} are the further regular business of \`extra: true\`; ${AUDIT_KINDS.join(", ")} the auditor's regular business of \`audit: true\` (bench/ledger.ts).`,
  ];
}
