// Precision, recall and F1 of alerting decisions against labels.
import type { LabelMetrics } from "../../domain/simulation.ts";

export class Confusion {
  tp = 0;
  fp = 0;
  fn = 0;
  tn = 0;

  add(predicted: boolean, actual: boolean) {
    if (predicted && actual) this.tp++;
    else if (predicted) this.fp++;
    else if (actual) this.fn++;
    else this.tn++;
  }

  metrics(): LabelMetrics {
    const { tp, fp, fn, tn } = this;
    const precision = tp + fp > 0 ? tp / (tp + fp) : null;
    const recall = tp + fn > 0 ? tp / (tp + fn) : null;
    const f1 = precision !== null && recall !== null && precision + recall > 0 ? (2 * precision * recall) / (precision + recall) : precision === null && recall === null ? null : 0;
    return { labelled: tp + fp + fn + tn, tp, fp, fn, tn, precision: r4(precision), recall: r4(recall), f1: r4(f1) };
  }
}

function r4(v: number | null): number | null {
  return v === null ? null : Math.round(v * 10_000) / 10_000;
}
