// The learning fit and the back-test metrics, without a server.
import { describe, expect, spyOn, test } from "bun:test";
import { parseLabelsCsv } from "../../src/alerts/labels.ts";
import { Confusion } from "../../src/analysis/backtest/metrics.ts";
import { type Example, fit, isHeldOut, MIN_LABELS } from "../../src/analysis/learn/fit.ts";
import { bestThreshold } from "../../src/analysis/learn/threshold.ts";
import { turnsDuring } from "../support/turns.ts";

describe("metrics", () => {
  test("precision, recall, F1; undefined ones are null", () => {
    const c = new Confusion();
    for (const [p, a] of [[true, true], [true, true], [true, false], [false, true], [false, false]] as const) c.add(p, a);
    expect(c.metrics()).toEqual({ labelled: 5, tp: 2, fp: 1, fn: 1, tn: 1, precision: 0.6667, recall: 0.6667, f1: 0.6667 });
    expect(new Confusion().metrics()).toMatchObject({ precision: null, recall: null, f1: null });
  });

  test("labels CSV: header, 1/0 or words; a bad row names its line", () => {
    expect([...parseLabelsCsv("transaction_id,label\nA,1\nB,false_positive\nC,yes\n", "l.csv")]).toEqual([["A", true], ["B", false], ["C", true]]);
    expect(() => parseLabelsCsv("id,label\nA,1\n", "l.csv")).toThrow("l.csv:1: the header must name transaction_id and label");
    expect(() => parseLabelsCsv("transaction_id,label\nA,2\n", "l.csv")).toThrow("l.csv:2:");
  });
});

describe("fit", () => {
  const examples: Example[] = [];
  for (let i = 0; i < 80; i++) examples.push({ id: `N-${i}`, module: "m", scores: new Map([["noisy", 1]]), label: i % 16 === 0 });
  for (let i = 0; i < 40; i++) examples.push({ id: `G-${i}`, module: "m", scores: new Map([["good", 0.9]]), label: true });
  const prior = { m: { noisy: 0.7, good: 0.6, unused: 0.4 } };

  test("a noisy code loses weight, a reliable one gains; an unlabelled code keeps its prior; F1 rises on held-out", async () => {
    const r = await fit(examples, { prior, threshold: 50 });
    expect(r.weights.m!.noisy!).toBeLessThan(0.5);
    expect(r.weights.m!.good!).toBeGreaterThan(0.6);
    expect(r.weights.m!.unused).toBe(0.4);
    expect(r.train + r.test).toBe(120);
    expect(r.after.f1!).toBeGreaterThan(r.before.f1!);
    // Deterministic: the same labels give the same model.
    expect(await fit(examples, { prior, threshold: 50 })).toEqual(r);
  });

  test("the held-out split is stable and about the asked share", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `T-${i}`);
    const share = ids.filter((id) => isHeldOut(id, 0.3)).length / ids.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(ids.filter((id) => isHeldOut(id, 0.3))).toEqual(ids.filter((id) => isHeldOut(id, 0.3)));
  });

  test("too few labels, or one class only, is refused", async () => {
    await expect(fit(examples.slice(0, MIN_LABELS - 1), { prior, threshold: 50 })).rejects.toThrow(/not enough labels to learn from .*: at least 20, with 3 of each/);
    await expect(fit(examples.slice(80), { prior, threshold: 50 })).rejects.toThrow(/0 false positives/);
  });
});

// The server fits on its own thread (learning.every_h), where every request is answered: the
// twenty-first attack pass found it holding the event loop for the whole fit — 32,000 labels
// 3.7 s, /livez with it — and the threshold's search scoring every label again for each distinct
// score (labels × up to 10,001 scores). The search now sweeps the labels in score order, and the
// fit hands the event loop a turn every few milliseconds; the same model either way.
describe("the fit's cost", () => {
  let seed = 11;
  const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
  const codes = ["a", "b", "c", "d"];
  const manyExamples = (n: number): Example[] =>
    Array.from({ length: n }, (_, i) => {
      const scores = new Map<string, number>();
      for (let j = 0, k = 1 + Math.floor(rnd() * 2); j < k; j++) scores.set(codes[Math.floor(rnd() * codes.length)]!, Math.round(rnd() * 10_000) / 10_000);
      return { id: `T-${i}`, module: "m", scores, label: rnd() < 0.4 };
    });
  const manyPrior = { m: { a: 0.6, b: 0.5, c: 0.4, d: 0.3 } };

  /** The search as it was: every candidate scored against every label (the answer to keep). */
  function walkedThreshold(scored: { score: number; label: boolean }[], current: number): number {
    const candidates = [...new Set([current, ...scored.map((s) => s.score).filter((s) => s > 0)])];
    let best = current;
    let bestF1 = -1;
    for (const t of candidates) {
      const c = new Confusion();
      for (const s of scored) c.add(s.score >= t, s.label);
      const f1 = c.metrics().f1 ?? 0;
      if (f1 > bestF1 + 1e-9 || (Math.abs(f1 - bestF1) <= 1e-9 && Math.abs(t - current) < Math.abs(best - current))) {
        best = t;
        bestF1 = f1;
      }
    }
    return best;
  }

  test("the threshold's search gives the walk's answer on random labels (ties, zeros, one class, the current among the scores)", () => {
    for (let round = 0; round < 3000; round++) {
      const n = Math.floor(rnd() * 40);
      const grid = [1, 5, 100][round % 3]!; // coarse grids make ties
      const positives = round % 7 === 0 ? 0 : round % 7 === 1 ? 1 : 0.3; // one class only, now and then
      const scored = Array.from({ length: n }, () => ({ score: Math.round(rnd() * grid) * (100 / grid), label: rnd() < positives }));
      const current = round % 5 === 0 && n > 0 ? scored[Math.floor(rnd() * n)]!.score : Math.round(rnd() * 100);
      expect(bestThreshold(scored, current)).toBe(walkedThreshold(scored, current));
    }
  });

  test("the threshold's search scores each label a bounded number of times", async () => {
    const n = 3000;
    const adds = spyOn(Confusion.prototype, "add");
    try {
      await fit(manyExamples(n), { prior: manyPrior, threshold: 50 });
      // Measuring before and after on the held-out labels: 2 per held-out label. The walk: millions.
      expect(adds.mock.calls.length).toBeLessThan(4 * n);
    } finally {
      adds.mockRestore();
    }
  });

  test("the fit hands the event loop turns while it runs", async () => {
    const { result, turns } = await turnsDuring(() => fit(manyExamples(5_000), { prior: manyPrior, threshold: 50 }));
    expect(result.train + result.test).toBe(5_000);
    expect(turns).toBeGreaterThan(0);
  });
});
