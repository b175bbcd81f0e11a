// isolation_forest: the connector's unsupervised model finds the transaction unusually easy to
// isolate from its history. The finding names the features that drove the score, with the value
// here and the typical (median) value in training. Proves no loss.
import { round4 } from "../../stats.ts";
import type { Detector } from "../types.ts";

export const isolationForestDetector: Detector = {
  codes: ["isolation_forest"],
  history: "full",
  detect(input) {
    const { txn, ctx, config } = input;
    const forest = ctx.anomalyForest();
    if (!forest) return [];
    const threshold = config.anomaly_detection.isolation_forest.threshold;
    const verdict = forest.assess(txn, 3, threshold, { inHistory: input.self !== undefined, coded: input.categorical() });
    if (verdict.score < threshold) return [];
    const drivers = verdict.drivers.map((d) => `${d.feature} ${d.value} (typical ${d.typical})`).join(", ");
    return [
      {
        code: "isolation_forest",
        score: Math.min(1, 0.5 + (0.5 * (verdict.score - threshold)) / Math.max(1e-9, 0.8 - threshold)),
        message: `isolation forest score ${round4(verdict.score)} (threshold ${threshold}); driven by ${drivers || "no single feature"}`,
        field: verdict.drivers[0]?.feature ?? null,
        expected: { score_below: threshold },
        actual: { score: round4(verdict.score), drivers: verdict.drivers },
        amount_at_risk: 0,
      },
    ];
  },
};
