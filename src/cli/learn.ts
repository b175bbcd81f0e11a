// `assay learn [--connector C] [--dry-run] [--rollback] [--json]`: fits per-connector detector
// weights and the alert threshold to analysts' resolutions and puts them in force (a new model
// version); --dry-run only shows before/after on the held-out resolutions; --rollback returns to
// the previous version (or the configured weights). A running server picks models up within 30 s
// or at SIGHUP.
import type { LabelMetrics } from "../domain/simulation.ts";
import { learnConnector, type LearnOutcome, rollbackConnector } from "../learning/service.ts";
import { createRuntime } from "../runtime.ts";
import { CliFailure, type CliIO, loadCliConfig, printJson, quietLog, UsageError } from "./common.ts";
import type { Args } from "./framework.ts";

export async function learn(a: Args, io: CliIO): Promise<number> {
  const config = loadCliConfig(a.string("config"), io);
  const only = a.string("connector");
  if (only !== undefined && !config.connectors.some((c) => c.id === only)) {
    throw new UsageError(`--connector: no connector "${only}"; valid connectors: ${config.connectors.map((c) => c.id).join(", ") || "(none configured)"}`);
  }
  const rt = createRuntime(config, { env: io.env, log: quietLog(io) });
  try {
    await rt.refreshLearned();
    const deps = { store: rt.store, engine: rt.analysis, clock: rt.clock };
    if (a.flag("rollback")) {
      if (a.flag("dry-run")) throw new UsageError("--rollback and --dry-run cannot be combined");
      const withModels = (await rt.store.models.active()).map((m) => m.connector);
      const connector = only ?? (withModels.length === 1 ? withModels[0]! : undefined);
      if (!connector) throw new UsageError(`--rollback needs --connector (connectors with a learned model: ${withModels.join(", ") || "none"})`);
      let previous;
      try {
        previous = await rollbackConnector(deps, connector);
      } catch (e) {
        throw new CliFailure((e as Error).message);
      }
      const model_version = rt.analysis.current.modelVersionFor(connector);
      if (a.json) printJson(io, { object: "learn_rollback", connector, active_version: previous?.version ?? null, model_version });
      else io.out(previous ? `${connector}: model version ${previous.version} is back in force (${model_version})` : `${connector}: no learned model left; the configured weights are in force (${model_version})`);
      return 0;
    }
    const connectors = only ? [only] : config.connectors.map((c) => c.id);
    const results: LearnOutcome[] = [];
    for (const c of connectors) results.push(await learnConnector(deps, c, a.flag("dry-run")));
    const shown = only ? results : results.filter((r) => r.labels.total > 0);
    if (a.json) printJson(io, { object: "learn", dry_run: a.flag("dry-run"), results: shown });
    else if (shown.length === 0) throw new CliFailure("no resolved alerts (confirmed / false_positive) on any connector yet: nothing to learn from");
    else io.out(shown.map(describe).join("\n\n"));
    return results.some((r) => r.status !== "not_enough_labels") ? 0 : 1;
  } finally {
    await rt.close();
  }
}

function describe(r: LearnOutcome): string {
  const head = `${r.connector}: ${r.labels.total} labels (${r.labels.confirmed} confirmed, ${r.labels.false_positive} false positives)`;
  if (!r.fit) return `${head}\n  ${r.message}`;
  const f = r.fit;
  const rows: [string, string, string][] = [
    ["", "before", "after"],
    ["threshold", String(f.threshold_before), String(f.threshold)],
    ["precision", pct(f.before.precision), pct(f.after.precision)],
    ["recall", pct(f.before.recall), pct(f.after.recall)],
    ["F1", num(f.before.f1), num(f.after.f1)],
    ["tp / fp / fn", counts(f.before), counts(f.after)],
  ];
  const lines = [`${head}; fitted on ${f.train}, measured on ${f.test} held out`, ...rows.map(([k, b, c]) => `  ${k.padEnd(14)}${b.padStart(10)}${c.padStart(10)}`)];
  for (const [module, weights] of Object.entries(f.weights)) {
    lines.push(`  weights (${module}): ${Object.entries(weights).map(([code, w]) => `${code} ${w.toFixed(2)}`).join(", ")}`);
  }
  lines.push(`  ${r.model ? `${r.message}: model_version ${r.model.model_version}` : r.message}`);
  return lines.join("\n");
}

function pct(v: number | null): string {
  return v === null ? "-" : `${(v * 100).toFixed(1)}%`;
}

function num(v: number | null): string {
  return v === null ? "-" : v.toFixed(3);
}

function counts(m: LabelMetrics): string {
  return `${m.tp}/${m.fp}/${m.fn}`;
}
