// The learning fit and the back-test metrics, without a server.
import { describe, expect, test } from "bun:test";
import { parseLabelsCsv } from "../../src/alerts/labels.ts";
import { Confusion } from "../../src/analysis/backtest/metrics.ts";
import { type Example, fit, isHeldOut, MIN_LABELS } from "../../src/analysis/learn/fit.ts";

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

  test("a noisy code loses weight, a reliable one gains; an unlabelled code keeps its prior; F1 rises on held-out", () => {
    const r = fit(examples, { prior, threshold: 50 });
    expect(r.weights.m!.noisy!).toBeLessThan(0.5);
    expect(r.weights.m!.good!).toBeGreaterThan(0.6);
    expect(r.weights.m!.unused).toBe(0.4);
    expect(r.train + r.test).toBe(120);
    expect(r.after.f1!).toBeGreaterThan(r.before.f1!);
    // Deterministic: the same labels give the same model.
    expect(fit(examples, { prior, threshold: 50 })).toEqual(r);
  });

  test("the held-out split is stable and about the asked share", () => {
    const ids = Array.from({ length: 2000 }, (_, i) => `T-${i}`);
    const share = ids.filter((id) => isHeldOut(id, 0.3)).length / ids.length;
    expect(share).toBeGreaterThan(0.25);
    expect(share).toBeLessThan(0.35);
    expect(ids.filter((id) => isHeldOut(id, 0.3))).toEqual(ids.filter((id) => isHeldOut(id, 0.3)));
  });

  test("too few labels, or one class only, is refused", () => {
    expect(() => fit(examples.slice(0, MIN_LABELS - 1), { prior, threshold: 50 })).toThrow(/not enough labels to learn from .*: at least 20, with 3 of each/);
    expect(() => fit(examples.slice(80), { prior, threshold: 50 })).toThrow(/0 false positives/);
  });
});
