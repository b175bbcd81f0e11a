// How many threads one report's scan uses, apart from config-schema.ts so that the runtime does
// not initialise TypeBox to read one setting (see store/config-checks.ts).
import type { ReportsConfig } from "./config-schema.ts";

/** Worker threads for one report's scan: reports.workers, else the cores (at most 8). */
export function reportScanWorkers(config: Pick<ReportsConfig, "workers">): number {
  return config.workers ?? Math.max(1, Math.min(8, navigator.hardwareConcurrency || 1));
}
