// learning.every_h: the server runs `assay learn` itself. Each run fits every connector that has
// enough new labels and puts the new model in force only when it does at least as well on the
// held-out resolutions as the weights in force (learnConnector's unattended mode); what it did is
// logged. Runs never overlap. With several nodes each runs the schedule: a node that finds the
// model already refreshed by another (no new labels since) keeps it.
import type { Logger } from "../log.ts";
import type { LearningConfig } from "./config-schema.ts";
import { type LearnDeps, learnConnector, type LearnOutcome } from "./service.ts";

export class ScheduledLearning {
  private running = false;

  constructor(
    private readonly deps: LearnDeps,
    private readonly config: LearningConfig,
    private readonly connectors: () => string[],
    private readonly log: Logger,
  ) {}

  get intervalMs(): number {
    return this.config.every_h * 3_600_000;
  }

  /** One run over every connector; undefined when a run is still under way. */
  async run(): Promise<LearnOutcome[] | undefined> {
    if (this.running) return undefined;
    this.running = true;
    const outcomes: LearnOutcome[] = [];
    try {
      for (const connector of this.connectors()) {
        try {
          const outcome = await learnConnector(this.deps, connector, false, { minNewLabels: this.config.min_new_labels });
          outcomes.push(outcome);
          this.report(outcome);
        } catch (e) {
          this.log.warn("scheduled learning failed", { connector, error: String(e) });
        }
      }
    } finally {
      this.running = false;
    }
    return outcomes;
  }

  private report(o: LearnOutcome) {
    if (o.status === "not_enough_labels" || (o.status === "unchanged" && !o.fit)) return; // nothing to tell every run
    this.log.info(o.status === "learned" ? "model learned" : "model kept", {
      connector: o.connector,
      labels: o.labels.total,
      f1_before: o.fit?.before.f1 ?? null,
      f1_after: o.fit?.after.f1 ?? null,
      model_version: o.model?.model_version,
      reason: o.status === "learned" ? undefined : o.message,
    });
  }
}
