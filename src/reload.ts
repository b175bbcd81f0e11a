// Reloading the configuration of a running server (SIGHUP, or a change of the file): the file is
// read and checked as at start-up; if it is valid, what can be swapped without dropping a request
// is swapped — the modules (weights, tolerances, policies), the custom rules and
// alerts.auto_threshold — and the sections that need a restart are named in the log. A file with
// any problem changes nothing: the running configuration stays, and the log says why.
import { readFileSync, watch } from "node:fs";
import { basename, dirname } from "node:path";
import { type AssayConfig, ConfigError, loadConfig, sourceTextOf } from "./config/load.ts";
import type { Runtime } from "./runtime.ts";

export interface ReloadResult {
  ok: boolean;
  /** One line per problem (a refused reload). */
  problems?: string[];
  model_version?: string;
  /** Changed sections that take effect only after a restart. */
  restart_needed?: string[];
}

/** Sections a reload swaps in place; any other change needs a restart. */
const SWAPPED = new Set(["modules", "rules"]);

export function reloadConfig(rt: Runtime, reason: string, env: Record<string, string | undefined> = process.env): ReloadResult {
  let next: AssayConfig;
  try {
    next = loadConfig(rt.config.file, env);
    rt.analysis.reconfigure({ modules: next.modules, rules: next.rules, autoThreshold: next.alerts.auto_threshold });
  } catch (e) {
    const problems = e instanceof ConfigError ? e.problems : [(e as Error).message];
    rt.log.error("config reload refused; the running configuration stays in force", { reason, file: rt.config.file, problems });
    return { ok: false, problems };
  }
  const restartNeeded = sectionsNeedingRestart(rt.config, next);
  // The rest of the runtime reads these through rt.config (e.g. the alert service's threshold).
  rt.config.modules = next.modules;
  rt.config.rules = next.rules;
  rt.config.alerts.auto_threshold = next.alerts.auto_threshold;
  void rt.refreshLearned().catch((e) => rt.log.warn("reading learned models failed", { error: String(e) }));
  const model_version = rt.analysis.modelVersion;
  rt.log.info("config reloaded", { reason, model_version, rules: next.rules.length, ...(restartNeeded.length > 0 ? { restart_needed: restartNeeded } : {}) });
  return { ok: true, model_version, restart_needed: restartNeeded };
}

/** Changed sections other than those swapped in place (alerts counts without its threshold). */
function sectionsNeedingRestart(current: AssayConfig, next: AssayConfig): string[] {
  const comparable = (c: AssayConfig): Record<string, unknown> => ({ ...c, file: null, dir: null, alerts: { ...c.alerts, auto_threshold: null } });
  const a = comparable(current);
  const b = comparable(next);
  return Object.keys(b).filter((k) => !SWAPPED.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/**
 * Reloads when the file changes. Watches the folder (editors replace a file by renaming a new
 * one over it), waits for writes to settle, and skips events that left the content as it was.
 *
 * The watch itself starts `startAfterMs` later: setting it up costs a few milliseconds that
 * would otherwise delay the first request (cold start, docs/benchmarks.md). Changes are judged
 * against the text the running configuration was loaded from, so an edit saved at any moment
 * after loading — before the watch starts, or before this function runs — is still reloaded.
 */
export function watchConfig(rt: Runtime, env: Record<string, string | undefined> = process.env, settleMs = 300, startAfterMs = 250): () => void {
  const file = rt.config.file;
  let last = sourceTextOf(rt.config) ?? safeRead(file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let watcher: ReturnType<typeof watch> | undefined;
  let stopped = false;
  const settle = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      const text = safeRead(file);
      // Skip what is in force already (a SIGHUP may have loaded it) or was already tried.
      if (text === null || text === last || text === sourceTextOf(rt.config)) return;
      last = text;
      reloadConfig(rt, "file changed", env);
    }, settleMs);
  };
  const start = () => {
    if (stopped) return;
    try {
      watcher = watch(dirname(file), { persistent: false }, (_event, name) => {
        if (name === null || name === basename(file)) settle();
      });
    } catch (e) {
      rt.log.warn("cannot watch the config file; reload with SIGHUP", { file, error: String(e) });
      return;
    }
    settle(); // an edit made before the watch started
  };
  const starting = setTimeout(start, startAfterMs);
  return () => {
    stopped = true;
    clearTimeout(starting);
    clearTimeout(timer);
    watcher?.close();
  };
}

function safeRead(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch {
    return null;
  }
}
