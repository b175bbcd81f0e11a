// The connectors configured in the YAML file, built once at start-up, with their live status.
// (The connectors feature fills in the built-in types and the status monitor.)
import type { AssayConfig } from "../config/load.ts";
import type { Clock } from "../domain/clock.ts";
import type { Logger } from "../log.ts";
import type { Connector } from "./types.ts";

export type ConnectorHealth = "healthy" | "degraded" | "unreachable" | "disabled";

export class ConnectorRegistry {
  private readonly connectors = new Map<string, Connector>();

  constructor(
    readonly config: AssayConfig,
    readonly deps: { log: Logger; clock: Clock },
  ) {}

  list(): Connector[] {
    return [...this.connectors.values()];
  }

  get(id: string): Connector | undefined {
    return this.connectors.get(id);
  }

  /** Counts of connectors by health, for /v1/health. */
  healthCounts(): Record<ConnectorHealth, number> {
    return { healthy: 0, degraded: 0, unreachable: 0, disabled: 0 };
  }

  start() {}

  async close() {
    await Promise.all(this.list().map((c) => c.close().catch(() => {})));
  }
}
