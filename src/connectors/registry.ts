// The connectors configured in the YAML file, built once at start-up, each wrapped with its live
// status; plus the background monitor that probes them. Lookups by id apply the `accounts:`
// allow-list: a connector restricted to other accounts is hidden from lists and refused (403).
import type { AssayConfig } from "../config/load.ts";
import type { Clock } from "../domain/clock.ts";
import { ApiError } from "../domain/errors.ts";
import type { Logger } from "../log.ts";
import { buildConnector } from "./factory.ts";
import type { Resolver } from "./http/ssrf.ts";
import { MonitoredConnector } from "./monitored.ts";
import { ConnectorMonitor } from "./monitor.ts";
import { connectorSettings } from "./settings.ts";
import { type ConnectorHealth, type ConnectorStatus, StatusTracker } from "./status.ts";
import type { Connector } from "./types.ts";

export type { ConnectorHealth, ConnectorStatus } from "./status.ts";

export interface RegistryDeps {
  log: Logger;
  clock: Clock;
  /** DNS resolution for HTTP connectors' address checks (tests inject one). */
  resolve?: Resolver;
}

export class ConnectorRegistry {
  private readonly connectors = new Map<string, MonitoredConnector>();
  private readonly monitor: ConnectorMonitor;

  /** Throws a ConfigError (one line per problem, with YAML paths) for an invalid connector. */
  constructor(
    readonly config: AssayConfig,
    readonly deps: RegistryDeps,
  ) {
    for (const settings of connectorSettings(config)) {
      const inner = buildConnector(settings, { clock: deps.clock, resolve: deps.resolve });
      const tracker = new StatusTracker(settings.id, settings.status, settings.enabled, deps.clock, (id, from, to, message) => {
        deps.log.log(to === "healthy" ? "info" : "warn", "connector status changed", { connector: id, from, to, message });
      });
      this.connectors.set(settings.id, new MonitoredConnector(inner, tracker, deps.clock));
    }
    this.monitor = new ConnectorMonitor([...this.connectors.values()], deps.log);
  }

  list(): Connector[] {
    return [...this.connectors.values()];
  }

  get(id: string): Connector | undefined {
    return this.connectors.get(id);
  }

  /** Connectors the account may use, in config order. */
  visibleTo(accountId: string): Connector[] {
    return this.list().filter((c) => allows(c, accountId));
  }

  /**
   * The connector `id` for an account. Unknown → `unknown` (404 not_found for a path, 422
   * unknown_connector listing the valid ids for a request body); restricted → 403 forbidden.
   */
  resolve(id: string, accountId: string, unknown: "not_found" | "unknown_connector" = "not_found"): Connector {
    const connector = this.connectors.get(id);
    if (!connector) {
      if (unknown === "not_found") throw new ApiError("not_found", `no connector "${id}"`);
      const valid = this.visibleTo(accountId).map((c) => c.id);
      throw new ApiError("unknown_connector", `unknown connector "${id}"; valid connectors: ${valid.join(", ") || "(none)"}`, {
        errors: [{ path: "/connector", message: `must be one of: ${valid.join(", ")}` }],
        extra: { valid_values: valid },
      });
    }
    if (!allows(connector, accountId)) throw new ApiError("forbidden", `this account may not use connector "${id}"`);
    return connector;
  }

  status(id: string): ConnectorStatus | undefined {
    return this.connectors.get(id)?.tracker.snapshot();
  }

  /** Counts of connectors by health, for /v1/health. */
  healthCounts(): Record<ConnectorHealth, number> {
    const counts: Record<ConnectorHealth, number> = { healthy: 0, degraded: 0, unreachable: 0, disabled: 0 };
    for (const c of this.connectors.values()) counts[c.tracker.status]++;
    return counts;
  }

  /** Probes one connector now and returns its status (tests, `assay demo`, diagnostics). */
  async probe(id: string): Promise<ConnectorStatus | undefined> {
    const c = this.connectors.get(id);
    if (!c) return undefined;
    await this.monitor.probeNow(c);
    return c.tracker.snapshot();
  }

  /** Starts the background probes (first round at once). Never waits on a source. */
  start() {
    this.monitor.start();
  }

  async close() {
    this.monitor.stop();
    await Promise.all(this.list().map((c) => c.close().catch(() => {})));
  }
}

function allows(connector: Connector, accountId: string): boolean {
  return connector.accounts === undefined || connector.accounts.includes(accountId);
}
