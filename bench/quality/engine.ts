// The analysis engine as the quality and scan benchmarks run it: one in-memory connector, nothing
// recorded, no alert ever opened (threshold above 100), so a figure is the engine's own work.
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import type { ModulesConfig } from "../../src/analysis/config-schema.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { Connector } from "../../src/connectors/types.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { silentLogger } from "../../src/log.ts";
import type { AnalysisRepository } from "../../src/store/types.ts";

const nowhere: AnalysisRepository = { insert: async () => {}, async *iterate() {} };

/** `scanWorkers`: reports.workers as the server resolves it (undefined: 1, all in process). */
export function benchEngine(connector: Connector, modules: ModulesConfig, scanWorkers?: number): AssayAnalysisEngine {
  return new AssayAnalysisEngine({
    scanWorkers,
    modules,
    autoThreshold: 101,
    connectors: connectorAccess([connector]),
    analyses: nowhere,
    clock: systemClock,
    log: silentLogger,
  });
}
