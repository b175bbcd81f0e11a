// What the engine analyses with, as one immutable snapshot: the modules config, the modules
// resolved from it with their rules, the context cache, the auto-alert threshold and the
// model_version that names them. A reload builds a new snapshot and swaps it in one assignment;
// a request keeps the snapshot it started with, so none sees half of an old and half of a new
// configuration, and none is dropped.
import type { Clock } from "../domain/clock.ts";
import type { ModulesConfig } from "./config-schema.ts";
import { ContextCache } from "./context.ts";
import { resolveModules, type ResolvedModule } from "./modules.ts";
import { compileRules, type RuleSet } from "./rules/compile.ts";
import type { RulesConfig } from "./rules/config-schema.ts";

export const ENGINE_VERSION = "1.0.0";

/** The parts of the configuration the engine can swap while running. */
export interface AnalysisSettings {
  modules: ModulesConfig;
  /** The custom rules (`rules:`); compiled here (the config loader has already checked them). */
  rules?: RulesConfig;
  /** alerts.auto_threshold: a score at or above it opens an alert. */
  autoThreshold: number;
}

/**
 * Weights and a decision threshold fitted to analysts' resolutions for one connector
 * (`assay learn`): they replace the config's weights for that connector's analyses.
 */
export interface LearnedModel {
  connector: string;
  /** Increases with every model fitted for the connector: `+m<version>` in model_version. */
  version: number;
  /** The auto-alert threshold for this connector (0–100). */
  threshold: number;
  /** module id → detector or rule code → weight. */
  weights: Record<string, Record<string, number>>;
}

export class AnalysisSetup {
  readonly modules: Map<string, ResolvedModule>;
  /** Per connector with a learned model: its modules, resolved on first use. */
  private readonly learnedModules = new Map<string, Map<string, ResolvedModule>>();
  readonly rules: RuleSet;
  /** `1.0.0+<fingerprint of modules: and rules:>` */
  readonly modelVersion: string;
  readonly fingerprint: string;

  private constructor(
    readonly settings: AnalysisSettings,
    readonly contexts: ContextCache,
    readonly learned: ReadonlyMap<string, LearnedModel> = new Map(),
    /** Threads a context build may use (reports.workers): kept by next(). */
    private readonly workers = 1,
  ) {
    this.rules = compileRules(settings.rules ?? []);
    this.modules = resolveModules(settings.modules, this.rules.rules);
    this.fingerprint = Bun.hash(JSON.stringify([settings.modules, settings.rules ?? []])).toString(36).slice(0, 8);
    this.modelVersion = `${ENGINE_VERSION}+${this.fingerprint}`;
  }

  get config(): ModulesConfig {
    return this.settings.modules;
  }

  get autoThreshold(): number {
    return this.settings.autoThreshold;
  }

  /** `workers`: threads a context build may use (reports.workers; context.ts). */
  static create(settings: AnalysisSettings, clock: Clock, learned?: ReadonlyMap<string, LearnedModel>, workers = 1): AnalysisSetup {
    return new AnalysisSetup(settings, new ContextCache(settings.modules, clock, workers), learned, workers);
  }

  /** The same setup with other learned models (contexts are kept). */
  withLearned(learned: ReadonlyMap<string, LearnedModel>): AnalysisSetup {
    return new AnalysisSetup(this.settings, this.contexts, learned, this.workers);
  }

  /** The module as it analyses this connector's transactions (its learned weights, if any). */
  moduleFor(moduleId: string, connectorId: string): ResolvedModule {
    const model = this.learned.get(connectorId);
    if (!model) return this.modules.get(moduleId)!;
    let modules = this.learnedModules.get(connectorId);
    if (!modules) {
      modules = resolveModules(withWeights(this.settings.modules, model), this.rules.rules, model);
      this.learnedModules.set(connectorId, modules);
    }
    return modules.get(moduleId)!;
  }

  autoThresholdFor(connectorId: string): number {
    return this.learned.get(connectorId)?.threshold ?? this.settings.autoThreshold;
  }

  /** `1.0.0+<fingerprint>`, plus `+m<version>` when a learned model analyses the connector. */
  modelVersionFor(connectorId: string): string {
    const model = this.learned.get(connectorId);
    return model ? `${this.modelVersion}+m${model.version}` : this.modelVersion;
  }

  /**
   * The next snapshot. Throws (RuleCompileError) when a rule does not compile, leaving this one
   * in force. Cached contexts survive when the settings they were built from did not change.
   */
  next(settings: AnalysisSettings, clock: Clock): AnalysisSetup {
    const same = contextKey(settings.modules) === contextKey(this.settings.modules);
    return new AnalysisSetup(settings, same ? this.contexts : new ContextCache(settings.modules, clock, this.workers), this.learned, this.workers);
  }
}

/** The settings a context is built from: everything but the weights (which only scoring reads). */
function contextKey(config: ModulesConfig): string {
  return JSON.stringify(config, (key, value) => (key === "weights" ? undefined : value));
}

/** The built-in weights of every module, no rules, no learned model: what tuning is compared with. */
export function baselineSettings(settings: AnalysisSettings): AnalysisSettings {
  const modules = JSON.parse(JSON.stringify(settings.modules, (key, value) => (key === "weights" ? {} : value))) as ModulesConfig;
  return { modules, rules: [], autoThreshold: settings.autoThreshold };
}

/** The modules config with a learned model's detector weights in place of the configured ones. */
function withWeights(config: ModulesConfig, model: LearnedModel): ModulesConfig {
  const out = { ...config } as Record<string, unknown>;
  for (const [moduleId, weights] of Object.entries(model.weights)) {
    const section = (config as unknown as Record<string, { weights?: Record<string, number> } | undefined>)[moduleId];
    if (!section || typeof section !== "object" || !("weights" in section)) continue;
    const detectorWeights = Object.fromEntries(Object.entries(weights).filter(([code]) => !code.startsWith("rule:")));
    out[moduleId] = { ...section, weights: { ...section.weights, ...detectorWeights } };
  }
  return out as unknown as ModulesConfig;
}
