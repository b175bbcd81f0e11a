// Test helpers for the analysis engine: an in-memory connector, default module config, and an
// engine wired to an in-memory analyses repository and a recording alert opener.
import { analysisRecord } from "../../src/analysis/record.ts";
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../../src/analysis/config-schema.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { RulesSection, type RulesConfig } from "../../src/analysis/rules/config-schema.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import {
  type MemoryConnector,
  memoryConnector as sharedMemoryConnector,
  type MemoryConnectorOptions,
} from "../../bench/quality/memory-connector.ts";
import type { AlertOpener, AnalysisResult, TransactionFinding } from "../../src/domain/analysis.ts";
import type { Clock } from "../../src/domain/clock.ts";
import type { Connector } from "../../src/connectors/types.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { type Logger, silentLogger } from "../../src/log.ts";
import type { AnalysisQuery, AnalysisRecord, AnalysisRepository } from "../../src/store/types.ts";

export function modulesConfig(overrides: unknown = {}): ModulesConfig {
  const config = Value.Default(ModulesSection, Value.Clone(overrides)) as ModulesConfig;
  if (!Value.Check(ModulesSection, config)) throw new Error(`bad test config: ${[...Value.Errors(ModulesSection, config)].map((e) => `${e.path} ${e.message}`).join("; ")}`);
  return config;
}

/** A `rules:` section with its defaults filled in, as the config loader would give it. */
export function rulesConfig(rules: unknown[]): RulesConfig {
  return Value.Default(RulesSection, Value.Clone(rules)) as RulesConfig;
}

/** The engine's in-memory connector (bench/quality/memory-connector.ts), id "mem" by default. */
export function memoryConnector(o: MemoryConnectorOptions = {}): MemoryConnector {
  return sharedMemoryConnector({ id: "mem", ...o });
}

export class MemoryAnalyses implements AnalysisRepository {
  readonly records: AnalysisRecord[] = [];
  async insert(r: AnalysisRecord) {
    this.records.push(structuredClone(r));
  }

  async *iterate(accountId: string, _q?: AnalysisQuery) {
    for (const r of this.records) if (r.account_id === accountId) yield r;
  }
}

/** Records the alerts it is asked to open and, as the real service does, the analysis with them. */
export class RecordingAlerts implements AlertOpener {
  readonly opened: { accountId: string; analysis: AnalysisResult }[] = [];
  constructor(private readonly analyses?: MemoryAnalyses) {}
  async openFromAnalysis(accountId: string, analysis: AnalysisResult, recording?: { customerId: string | null }) {
    this.opened.push({ accountId, analysis });
    const id = `alrt_TEST${this.opened.length}`;
    if (recording) await this.analyses?.insert(analysisRecord(accountId, { ...analysis, alert_id: id }, recording.customerId));
    return id;
  }
}

export const fixedClock: Clock = { now: () => Date.parse("2026-01-15T12:00:00Z"), monotonic: () => performance.now() };

export function makeEngine(connectors: Connector[], config: ModulesConfig = modulesConfig(), autoThreshold = 70, rules: RulesConfig = [], log: Logger = silentLogger, scanWorkers?: number) {
  const analyses = new MemoryAnalyses();
  const alerts = new RecordingAlerts(analyses);
  const engine = new AssayAnalysisEngine({
    modules: config,
    rules,
    autoThreshold,
    connectors: connectorAccess(connectors),
    analyses,
    clock: fixedClock,
    log,
    alerts: () => alerts,
    scanWorkers,
  });
  return { engine, analyses, alerts };
}

/**
 * An anomaly_detection scan of `transactions` held in memory (connector "mem"), each transaction's
 * finding by its id. The default keeps the whole ledger as history.
 */
export async function anomalyFindingsById(
  transactions: Transaction[],
  config: ModulesConfig = modulesConfig({ context: { history_limit: 1_000_000 } }),
): Promise<Map<string, TransactionFinding>> {
  const { engine } = makeEngine([memoryConnector({ transactions })], config);
  const out = new Map<string, TransactionFinding>();
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) out.set(f.transaction.transaction_id, f);
  return out;
}
