// The connector's anomaly forest (its unsupervised model): an isolation forest trained on the seeded reservoir sample
// of its history, with the training medians of every feature so that an explanation can say
// what is typical next to what this transaction has.
import type { Transaction } from "../domain/transaction.ts";
import type { ModulesConfig } from "./config-schema.ts";
import { featureSpace, type FeatureSpace, type KnownFacts } from "./features.ts";
import type { HistoryStats } from "./history.ts";
import { IsolationForest } from "./isolation-forest.ts";
import { median } from "./stats.ts";

export interface FeatureDriver {
  feature: string;
  value: number;
  typical: number;
  share: number;
}

export interface ForestVerdict {
  score: number;
  drivers: FeatureDriver[];
}

export class AnomalyForest {
  private constructor(
    private readonly space: FeatureSpace,
    private readonly forest: IsolationForest,
    private readonly typical: number[],
  ) {}

  /** null when the history is too small to learn what is normal. */
  static train(history: HistoryStats, config: ModulesConfig["anomaly_detection"]): AnomalyForest | null {
    const cfg = config.isolation_forest;
    if (!cfg.enabled || history.reservoir.length < cfg.min_history) return null;
    const space = featureSpace(history, config.calendar.utc_offset_minutes, config.outlier.min_history);
    const rows = history.reservoir.map((t) => space.extract(t));
    const forest = IsolationForest.train(rows, { trees: cfg.trees, sampleSize: cfg.sample_size, seed: cfg.seed });
    const typical = space.names.map((_, f) => median(rows.map((r) => r[f]!).sort((a, b) => a - b)));
    return new AnomalyForest(space, forest, typical);
  }

  /** The score, and the drivers when it reaches `explainFrom` (a scan scores every entry and
   *  explains the few that pass: the explanation costs more than the score). */
  assess(t: Transaction, topDrivers = 3, explainFrom = Number.NEGATIVE_INFINITY, known?: KnownFacts): ForestVerdict {
    const x = this.space.extract(t, known);
    const { score, attribution } = this.forest.score(x);
    if (score < explainFrom) return { score, drivers: [] };
    const drivers = attribution
      .map((share, f) => ({ feature: this.space.names[f]!, value: round(x[f]!), typical: round(this.typical[f]!), share: round(share) }))
      .filter((d) => d.value !== d.typical)
      .sort((a, b) => b.share - a.share || (a.feature < b.feature ? -1 : 1))
      .slice(0, topDrivers);
    return { score, drivers };
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;
