// `assay learn`: turns a connector's resolved alerts into labels, fits weights and a threshold
// (src/analysis/learn/fit.ts), and — unless it is a dry run — writes them as the connector's next
// model version, which the engine then uses (`model_version` ends in `+m<version>`).
import { labelledAlerts } from "../alerts/labels.ts";
import type { AssayAnalysisEngine } from "../analysis/engine.ts";
import { type Example, fit, type FitResult, NotEnoughLabels } from "../analysis/learn/fit.ts";
import type { ResolvedModule } from "../analysis/modules.ts";
import { type Clock, iso } from "../domain/clock.ts";
import { newId } from "../domain/ids.ts";
import type { LearnedModelRecord, Store } from "../store/types.ts";

export interface LearnOutcome {
  connector: string;
  /** `unchanged`: a scheduled run that wrote nothing (too few new labels, or no improvement). */
  status: "learned" | "dry_run" | "not_enough_labels" | "unchanged";
  message: string;
  labels: { total: number; confirmed: number; false_positive: number };
  fit: FitResult | null;
  /** The model written (not for a dry run). */
  model: { id: string; version: number; model_version: string } | null;
}

export interface LearnDeps {
  store: Store;
  engine: AssayAnalysisEngine;
  clock: Clock;
}

/**
 * A run nobody watches (the server's schedule, learning.every_h) writes a model only when enough
 * labels arrived since the model in force and the new fit does at least as well as the weights in
 * force on the held-out resolutions; `assay learn` leaves that judgement to the person running it.
 */
export interface Unattended {
  minNewLabels: number;
}

export async function learnConnector(deps: LearnDeps, connector: string, dryRun: boolean, unattended?: Unattended): Promise<LearnOutcome> {
  const examples = await examplesOf(deps.store, connector);
  const confirmed = examples.filter((e) => e.label).length;
  const labels = { total: examples.length, confirmed, false_positive: examples.length - confirmed };
  if (unattended) {
    const inForce = (await deps.store.models.active()).find((m) => m.connector === connector);
    const added = examples.length - (inForce?.labels ?? 0);
    if (inForce && added < unattended.minNewLabels) {
      return { connector, status: "unchanged", message: `${added} new labels since model version ${inForce.version} (fewer than ${unattended.minNewLabels}): kept`, labels, fit: null, model: null };
    }
  }
  const setup = deps.engine.current;
  const modules = [...new Set(examples.map((e) => e.module))].filter((m) => setup.modules.has(m));
  const prior = Object.fromEntries(modules.map((m) => [m, weightsOf(setup.modules.get(m)!)]));
  const inForce = { weights: Object.fromEntries(modules.map((m) => [m, weightsOf(setup.moduleFor(m, connector))])), threshold: setup.autoThresholdFor(connector) };
  let result: FitResult;
  try {
    result = await fit(
      examples.filter((e) => setup.modules.has(e.module)),
      { prior, threshold: setup.autoThreshold, inForce },
    );
  } catch (e) {
    if (e instanceof NotEnoughLabels) return { connector, status: "not_enough_labels", message: e.message, labels, fit: null, model: null };
    throw e;
  }
  if (dryRun) return { connector, status: "dry_run", message: "dry run: nothing written", labels, fit: result, model: null };
  if (unattended && !doesAsWell(result)) {
    return { connector, status: "unchanged", message: "the new fit does worse on the held-out resolutions than the weights in force: kept", labels, fit: result, model: null };
  }
  const record = await deps.store.models.activate({
    id: newId("mdl"),
    connector,
    threshold: result.threshold,
    weights: result.weights,
    metrics: { before: result.before, after: result.after, train: result.train, test: result.test, coefficients: result.coefficients, intercept: result.intercept },
    labels: examples.length,
    created_at: iso(deps.clock.now()),
  });
  deps.engine.setLearned(await deps.store.models.active());
  return {
    connector,
    status: "learned",
    message: `model version ${record.version} is in force`,
    labels,
    fit: result,
    model: { id: record.id, version: record.version, model_version: deps.engine.current.modelVersionFor(connector) },
  };
}

/** The fit's held-out F1 is at least that of the weights in force (an undefined F1 counts as 0). */
export function doesAsWell(result: FitResult): boolean {
  return result.after.f1 !== null && result.after.f1 >= (result.before.f1 ?? 0);
}

/** `assay learn --rollback`: the connector's previous model (or the configured weights) back in force. */
export async function rollbackConnector(deps: LearnDeps, connector: string): Promise<LearnedModelRecord | null> {
  const previous = await deps.store.models.rollback(connector);
  deps.engine.setLearned(await deps.store.models.active());
  return previous;
}

/** One example per labelled transaction: its latest resolution, the strongest score per finding code. */
async function examplesOf(store: Store, connector: string): Promise<Example[]> {
  const byTransaction = new Map<string, Example & { at: string }>();
  for (const { alert, label, transaction_id } of await labelledAlerts(store, { connector })) {
    if (!alert.module) continue;
    const at = alert.resolved_at ?? alert.dismissed_at ?? alert.updated_at;
    const seen = byTransaction.get(transaction_id);
    if (seen && seen.at >= at) continue;
    const scores = new Map<string, number>();
    for (const a of alert.anomalies as { code?: unknown; score?: unknown }[]) {
      if (typeof a.code !== "string" || typeof a.score !== "number") continue;
      scores.set(a.code, Math.max(scores.get(a.code) ?? 0, a.score));
    }
    byTransaction.set(transaction_id, { id: transaction_id, module: alert.module, scores, label, at });
  }
  return [...byTransaction.values()].map(({ at: _at, ...e }) => e);
}

function weightsOf(module: ResolvedModule): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(module.weights);
  for (const r of module.rules) if (r.action === "flag") out[r.code] = r.weight;
  return out;
}
