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

export class AnalysisSetup {
  readonly modules: Map<string, ResolvedModule>;
  readonly rules: RuleSet;
  /** `1.0.0+<fingerprint of modules: and rules:>` */
  readonly modelVersion: string;
  readonly fingerprint: string;

  private constructor(
    readonly settings: AnalysisSettings,
    readonly contexts: ContextCache,
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

  static create(settings: AnalysisSettings, clock: Clock): AnalysisSetup {
    return new AnalysisSetup(settings, new ContextCache(settings.modules, clock));
  }

  /**
   * The next snapshot. Throws (RuleCompileError) when a rule does not compile, leaving this one
   * in force. Cached contexts survive when the settings they were built from did not change.
   */
  next(settings: AnalysisSettings, clock: Clock): AnalysisSetup {
    const same = JSON.stringify(settings.modules) === JSON.stringify(this.settings.modules);
    return new AnalysisSetup(settings, same ? this.contexts : new ContextCache(settings.modules, clock));
  }
}
