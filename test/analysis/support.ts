// Test helpers for the analysis engine: an in-memory connector, default module config, and an
// engine wired to an in-memory analyses repository and a recording alert opener.
import { Value } from "@sinclair/typebox/value";
import { ModulesSection, type ModulesConfig } from "../../src/analysis/config-schema.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import type { Connector, ScanOptions } from "../../src/connectors/types.ts";
import type { AlertOpener, AnalysisResult } from "../../src/domain/analysis.ts";
import type { Clock } from "../../src/domain/clock.ts";
import type { ReferenceData, Transaction } from "../../src/domain/transaction.ts";
import { silentLogger } from "../../src/log.ts";
import type { AnalysisQuery, AnalysisRecord, AnalysisRepository } from "../../src/store/types.ts";

export function modulesConfig(overrides: unknown = {}): ModulesConfig {
  const config = Value.Default(ModulesSection, Value.Clone(overrides)) as ModulesConfig;
  if (!Value.Check(ModulesSection, config)) throw new Error(`bad test config: ${[...Value.Errors(ModulesSection, config)].map((e) => `${e.path} ${e.message}`).join("; ")}`);
  return config;
}

export interface MemoryConnectorOptions {
  id?: string;
  transactions?: Transaction[];
  reference?: Partial<ReferenceData>;
  lookup?: boolean;
  scan?: boolean;
  accounts?: string[];
  enabled?: boolean;
}

export function memoryConnector(o: MemoryConnectorOptions = {}): Connector & { scans: number } {
  const transactions = o.transactions ?? [];
  const reference: ReferenceData = { contracts: [], price_list: [], shipments: [], ...o.reference };
  const connector = {
    id: o.id ?? "mem",
    type: "csv" as const,
    name: "in-memory",
    description: "test connector",
    capabilities: { lookup: o.lookup ?? true, scan: o.scan ?? true, reference: ["contracts", "price_list", "shipments"] as const },
    accounts: o.accounts,
    enabled: o.enabled ?? true,
    scans: 0,
    async getTransaction(id: string) {
      return transactions.find((t) => t.transaction_id === id) ?? null;
    },
    async *scan(options: ScanOptions = {}) {
      connector.scans++;
      let n = 0;
      for (const t of transactions) {
        if (options.limit !== undefined && n >= options.limit) return;
        if (options.from && (t.date ?? "") < options.from) continue;
        if (options.to && (t.date ?? "") > options.to) continue;
        n++;
        yield t;
      }
    },
    async reference() {
      return reference;
    },
    async probe() {},
    mappingReport: () => ({ rejected_rows: 0, samples: [] }),
    async close() {},
  };
  return connector as unknown as Connector & { scans: number };
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

export class RecordingAlerts implements AlertOpener {
  readonly opened: { accountId: string; analysis: AnalysisResult }[] = [];
  async openFromAnalysis(accountId: string, analysis: AnalysisResult) {
    this.opened.push({ accountId, analysis });
    return `alrt_TEST${this.opened.length}`;
  }
}

export const fixedClock: Clock = { now: () => Date.parse("2026-01-15T12:00:00Z"), monotonic: () => performance.now() };

export function makeEngine(connectors: Connector[], config: ModulesConfig = modulesConfig(), autoThreshold = 70) {
  const analyses = new MemoryAnalyses();
  const alerts = new RecordingAlerts();
  const engine = new AssayAnalysisEngine({
    modules: config,
    autoThreshold,
    connectors: { get: (id) => connectors.find((c) => c.id === id), list: () => connectors },
    analyses,
    clock: fixedClock,
    log: silentLogger,
    alerts: () => alerts,
  });
  return { engine, analyses, alerts };
}
