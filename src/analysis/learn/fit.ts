// Learning from outcomes: fits a connector's detector weights and its alert threshold to
// analysts' resolutions. The model is small and explainable: an L2-regularised logistic
// regression of the label on the findings' scores (one coefficient per finding code), pulled
// toward the weights in force, so that codes with few labels keep their prior. Its coefficients,
// divided by PRIOR_SCALE and clipped to [0, 1], become the noisy-OR weights the engine already
// uses; the threshold is then the one that maximises F1 on the training labels (nearest the
// current one on ties). Labels are split by a hash of the transaction id: the held-out part is
// never fitted and measures before and after.
import type { LabelMetrics } from "../../domain/simulation.ts";
import { TimeSlicer } from "../../domain/event-loop.ts";
import { Confusion } from "../backtest/metrics.ts";
import { riskScore } from "../scoring.ts";
import { bestThreshold } from "./threshold.ts";

/** One labelled outcome: the findings' scores (code → strongest score) and what the analyst said. */
export interface Example {
  id: string;
  module: string;
  scores: ReadonlyMap<string, number>;
  label: boolean;
}

export interface FitOptions {
  /** module → code → weight in force (the prior, and "before"). */
  prior: Record<string, Record<string, number>>;
  /** The configured threshold (0–100): where the search starts. */
  threshold: number;
  /** What analyses with now, when it is not the prior (an earlier learned model): "before". */
  inForce?: { weights: Record<string, Record<string, number>>; threshold: number };
  /** Regularisation toward the prior (per coefficient, on the mean log-loss). */
  lambda?: number;
  /** Share of labels held out (0–1). */
  holdout?: number;
}

export interface FitResult {
  weights: Record<string, Record<string, number>>;
  threshold: number;
  /** The threshold in force before (the configured one, or an earlier model's). */
  threshold_before: number;
  /** Logistic coefficients per module and code, and the intercept: the explanation. */
  coefficients: Record<string, Record<string, number>>;
  intercept: number;
  train: number;
  test: number;
  before: LabelMetrics;
  after: LabelMetrics;
}

/** A weight of 1 is a logit contribution of PRIOR_SCALE for a finding of score 1. */
export const PRIOR_SCALE = 6;
export const MIN_LABELS = 20;
/** Each class needs at least this many labels, or there is nothing to separate. */
export const MIN_PER_CLASS = 3;

export class NotEnoughLabels extends Error {}

/** Whether a transaction's label is held out (stable: the same id always falls the same way). */
export function isHeldOut(id: string, share: number): boolean {
  return Number(Bun.hash(id) % 1000n) < share * 1000;
}

/**
 * Fits on the caller's thread: the server's (learning.every_h) too, so the fit hands the event
 * loop a turn every few milliseconds (3,000 steps over every label: 32,000 labels held it 3.7 s).
 */
export async function fit(examples: readonly Example[], o: FitOptions): Promise<FitResult> {
  const positives = examples.filter((e) => e.label).length;
  const negatives = examples.length - positives;
  if (examples.length < MIN_LABELS || positives < MIN_PER_CLASS || negatives < MIN_PER_CLASS) {
    throw new NotEnoughLabels(
      `not enough labels to learn from (${positives} confirmed, ${negatives} false positives): at least ${MIN_LABELS}, with ${MIN_PER_CLASS} of each, resolve more alerts as confirmed or false_positive`,
    );
  }
  const holdout = o.holdout ?? 0.3;
  const train = examples.filter((e) => !isHeldOut(e.id, holdout));
  const test = examples.filter((e) => isHeldOut(e.id, holdout));
  // One coefficient per (module, code): the prior's codes and any code seen in the labels.
  const keys: string[] = [];
  const index = new Map<string, number>();
  const key = (module: string, code: string) => `${module}\u0000${code}`;
  for (const [module, weights] of Object.entries(o.prior)) for (const code of Object.keys(weights)) addKey(key(module, code));
  for (const e of examples) for (const code of e.scores.keys()) addKey(key(e.module, code));
  function addKey(k: string) {
    if (!index.has(k)) {
      index.set(k, keys.length);
      keys.push(k);
    }
  }
  const priorBeta = keys.map((k) => {
    const [module, code] = k.split("\u0000") as [string, string];
    return PRIOR_SCALE * (o.prior[module]?.[code] ?? 0);
  });
  const rows = train.map((e) => ({ x: [...e.scores].map(([code, s]) => [index.get(key(e.module, code))!, s] as const), y: e.label ? 1 : 0 }));
  const { beta, intercept } = await logistic(rows, priorBeta, o.lambda ?? 0.02);

  const weights: Record<string, Record<string, number>> = {};
  const coefficients: Record<string, Record<string, number>> = {};
  keys.forEach((k, i) => {
    const [module, code] = k.split("\u0000") as [string, string];
    (weights[module] ??= {})[code] = round4(Math.min(1, Math.max(0, beta[i]! / PRIOR_SCALE)));
    (coefficients[module] ??= {})[code] = round4(beta[i]!);
  });
  const scoreWith = (w: Record<string, Record<string, number>>, e: Example) =>
    riskScore([...e.scores].map(([code, score]) => ({ weight: w[e.module]?.[code] ?? 0, score })));
  const threshold = bestThreshold(train.map((e) => ({ score: scoreWith(weights, e), label: e.label })), o.threshold);
  const measure = (w: Record<string, Record<string, number>>, t: number) => {
    const c = new Confusion();
    for (const e of test) c.add(scoreWith(w, e) >= t, e.label);
    return c.metrics();
  };
  return {
    weights,
    threshold,
    threshold_before: o.inForce?.threshold ?? o.threshold,
    coefficients,
    intercept: round4(intercept),
    train: train.length,
    test: test.length,
    before: measure(o.inForce?.weights ?? o.prior, o.inForce?.threshold ?? o.threshold),
    after: measure(weights, threshold),
  };
}

/**
 * Gradient descent on the mean log-loss plus λ/2·Σ(β − β₀)²; the intercept is not penalised. The
 * rows' codes and scores are read from flat typed arrays (the same sums in the same order).
 */
async function logistic(rows: { x: (readonly [number, number])[]; y: number }[], prior: number[], lambda: number): Promise<{ beta: number[]; intercept: number }> {
  const n = rows.length;
  const starts = new Int32Array(n + 1);
  for (let r = 0; r < n; r++) starts[r + 1] = starts[r]! + rows[r]!.x.length;
  const codes = new Int32Array(starts[n]!);
  const values = new Float64Array(starts[n]!);
  const labels = new Float64Array(n);
  rows.forEach((row, r) => {
    row.x.forEach(([i, v], k) => {
      codes[starts[r]! + k] = i;
      values[starts[r]! + k] = v;
    });
    labels[r] = row.y;
  });
  const slicer = new TimeSlicer();
  const beta = [...prior];
  const base = rows.reduce((s, r) => s + r.y, 0) / Math.max(n, 1);
  let intercept = Math.log(Math.max(base, 0.01) / Math.max(1 - base, 0.01));
  const rate = 0.5;
  for (let iter = 0; iter < 3000; iter++) {
    const grad = beta.map((b, i) => lambda * (b - prior[i]!));
    let gradB = 0;
    for (let r = 0; r < n; r++) {
      const end = starts[r + 1]!;
      let z = intercept;
      for (let k = starts[r]!; k < end; k++) z += beta[codes[k]!]! * values[k]!;
      const err = 1 / (1 + Math.exp(-z)) - labels[r]!;
      gradB += err / n;
      for (let k = starts[r]!; k < end; k++) grad[codes[k]!]! += (err * values[k]!) / n;
      const pause = slicer.due();
      if (pause) await pause;
    }
    intercept -= rate * gradB;
    for (let i = 0; i < beta.length; i++) beta[i]! -= rate * grad[i]!;
  }
  return { beta, intercept };
}

function round4(v: number): number {
  return Math.round(v * 10_000) / 10_000;
}
