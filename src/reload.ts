// Reloading the configuration of a running server (SIGHUP, or a change of the file): the file is
// read and checked as at start-up; if it is valid, what can be swapped without dropping a request
// is swapped — the modules (weights, tolerances, policies), the custom rules,
// alerts.auto_threshold, the plans' limits and the connectors — and the sections that need a
// restart are named in the log. A file with any problem changes nothing: the running
// configuration stays, and the log says why.
import { statSync } from "node:fs";
import { readAtMost } from "./domain/bounded-read.ts";
import { MAX_CONFIG_BYTES } from "./config/yaml-limits.ts";
import { type AssayConfig, ConfigError, loadConfig, sourceTextOf } from "./config/load.ts";
import type { ConnectorSwap } from "./connectors/registry.ts";
import type { Runtime } from "./runtime.ts";

export interface ReloadResult {
  ok: boolean;
  /** One line per problem (a refused reload). */
  problems?: string[];
  model_version?: string;
  /** Changed sections that take effect only after a restart. */
  restart_needed?: string[];
  /** Connectors added, changed (rebuilt) and removed by the reload. */
  connectors?: { added: string[]; changed: string[]; removed: string[] };
}

/** Sections a reload swaps in place; any other change needs a restart. */
const SWAPPED = new Set(["modules", "rules", "connectors", "plans"]);

/**
 * A reload reads on the thread that answers every request, where opening a named pipe waits for
 * a writer: a configuration swapped for one (a secrets agent rendering into a FIFO, a symlink
 * pointed at one) froze the server. Start-up may read a pipe that ends (`--config <(…)`); a reload
 * reads only a regular file.
 */
function refuseIrregularFile(file: string) {
  const st = statSync(file, { throwIfNoEntry: false });
  if (st && !st.isFile()) {
    const what = st.isDirectory() ? "a folder" : "not a regular file (a named pipe or a device)";
    throw new ConfigError(file, [`the file is now ${what}: a running server reloads only a regular file; restart it to read this one`]);
  }
}

export function reloadConfig(rt: Runtime, reason: string, env: Record<string, string | undefined> = process.env): ReloadResult {
  let next: AssayConfig;
  let swap: ConnectorSwap;
  try {
    refuseIrregularFile(rt.config.file);
    next = loadConfig(rt.config.file, env);
    if (isEmptyDocument(sourceTextOf(next) ?? "")) {
      throw new ConfigError(rt.config.file, ["the file is empty (a save still under way?); write the whole configuration, or `{}` for every default"]);
    }
    swap = rt.connectors.prepare(next);
    try {
      rt.analysis.reconfigure({ modules: next.modules, rules: next.rules, autoThreshold: next.alerts.auto_threshold });
    } catch (e) {
      swap.discard();
      throw e;
    }
  } catch (e) {
    const problems = e instanceof ConfigError ? e.problems : [(e as Error).message];
    rt.log.error("config reload refused; the running configuration stays in force", { reason, file: rt.config.file, problems });
    return { ok: false, problems };
  }
  const restartNeeded = sectionsNeedingRestart(rt.config, next);
  swap.commit();
  // What was derived from a replaced connector's source (reference data, history) goes with it.
  for (const id of [...swap.changed, ...swap.removed]) rt.analysis.invalidate(id);
  const connectors = { added: swap.added, changed: swap.changed, removed: swap.removed };
  const connectorsChanged = swap.added.length + swap.changed.length + swap.removed.length > 0;
  // The rest of the runtime reads these through rt.config (e.g. the alert service's threshold).
  rt.config.connectors = next.connectors;
  // The plans are read per request through rt.config (runtime.ts plansFor); the limiter resizes an
  // account's windows to a changed quota on its next request.
  rt.config.plans = next.plans;
  rt.config.modules = next.modules;
  rt.config.rules = next.rules;
  rt.config.alerts.auto_threshold = next.alerts.auto_threshold;
  void rt.refreshLearned().catch((e) => rt.log.warn("reading learned models failed", { error: String(e) }));
  const model_version = rt.analysis.modelVersion;
  rt.log.info("config reloaded", {
    reason,
    model_version,
    rules: next.rules.length,
    ...(connectorsChanged ? { connectors } : {}),
    ...(restartNeeded.length > 0 ? { restart_needed: restartNeeded } : {}),
  });
  return { ok: true, model_version, restart_needed: restartNeeded, ...(connectorsChanged ? { connectors } : {}) };
}

/**
 * Nothing but blank lines and comments. At start-up that means every default; on a reload it is
 * nearly always a file caught between truncation and the rest of the write, and applying it would
 * drop every rule and module policy in force.
 */
function isEmptyDocument(text: string): boolean {
  return text.split("\n").every((line) => {
    const t = line.trim();
    return t === "" || t.startsWith("#");
  });
}

/** Changed sections other than those swapped in place (alerts counts without its threshold). */
function sectionsNeedingRestart(current: AssayConfig, next: AssayConfig): string[] {
  const comparable = (c: AssayConfig): Record<string, unknown> => ({ ...c, file: null, dir: null, alerts: { ...c.alerts, auto_threshold: null } });
  const a = comparable(current);
  const b = comparable(next);
  return Object.keys(b).filter((k) => !SWAPPED.has(k) && JSON.stringify(a[k]) !== JSON.stringify(b[k]));
}

/** What safeRead gives for a path that is no regular file: NUL cannot start a YAML file's text. */
const IRREGULAR_FILE = "\u0000not a regular file";

/** How often the config file's identity (inode, size, times) is compared, in ms. */
const POLL_MS = 1000;

/**
 * Reloads when the file changes. Its identity is polled (one `stat` a second, following symlinks):
 * an edit in place, an editor renaming a new file over it and a swapped symlink (a Kubernetes
 * ConfigMap) all change it. A watch of the folder (inotify) would also see those, but it wakes the
 * server for every write to any file beside the config — with the database there, for every WAL
 * write: 3–3.5 µs of each recorded analysis (docs/benchmarks.md). Writes are left to settle, and a
 * change that left the content as it was is skipped.
 *
 * Polling starts `startAfterMs` later, off the cold start's path (docs/benchmarks.md). Changes are
 * judged against the text the running configuration was loaded from, so an edit saved at any
 * moment after start-up is picked up.
 */
export function watchConfig(rt: Runtime, env: Record<string, string | undefined> = process.env, settleMs = 300, startAfterMs = 250, pollMs = POLL_MS): () => void {
  const file = rt.config.file;
  let last = sourceTextOf(rt.config) ?? safeRead(file);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let poller: ReturnType<typeof setInterval> | undefined;
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
    let seen = identityOf(file);
    poller = setInterval(() => {
      const now = identityOf(file);
      if (now === seen) return;
      seen = now;
      settle();
    }, pollMs);
    poller.unref?.();
    settle(); // an edit made before polling started
  };
  const starting = setTimeout(start, startAfterMs);
  return () => {
    stopped = true;
    clearTimeout(starting);
    clearTimeout(timer);
    clearInterval(poller);
  };
}

/** What tells one version of the file from another without reading it; "" while it is missing. */
function identityOf(file: string): string {
  try {
    const s = statSync(file, { bigint: true });
    return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
  } catch {
    return "";
  }
}

/**
 * The file's text to compare with the last one, never more than a byte past the configuration's
 * bound: a 300 MB file swapped in was read whole on the thread that answers requests (~450 ms,
 * and its memory kept) before the reload refused it by size, and /dev/zero until a string could
 * grow no longer. Text over the bound differs from any valid one, so the reload runs and refuses
 * it in the log.
 */
function safeRead(file: string): string | null {
  try {
    // Not read when it is no regular file (a named pipe's open waits for a writer): a text no file
    // holds, so the reload runs once and refuses it in the log (refuseIrregularFile).
    if (statSync(file, { throwIfNoEntry: false })?.isFile() === false) return IRREGULAR_FILE;
    return readAtMost(file, MAX_CONFIG_BYTES).toString("utf8");
  } catch {
    return null;
  }
}
