// The connectors configured in the YAML file, built at start-up (and on a reload, those whose entry
// changed), each wrapped with its live status; plus the background monitor that probes them. Lists apply the `accounts:` allow-list
// (a connector restricted to other accounts is hidden); `access` is the one rule for using one.
import type { AssayConfig } from "../config/load.ts";
import type { Clock } from "../domain/clock.ts";
import type { Logger } from "../log.ts";
import { type AccessOptions, accessConnector, type ConnectorAccess, mayUse } from "./access.ts";
import { buildConnector } from "./descriptors.ts";
import type { Resolver } from "./http/ssrf.ts";
import { MonitoredConnector } from "./monitored.ts";
import { ConnectorMonitor } from "./monitor.ts";
import { type ConnectorSettings, connectorSettings } from "./settings.ts";
import { type ConnectorHealth, type ConnectorStatus, StatusTracker } from "./status.ts";
import type { Connector } from "./types.ts";

export type { ConnectorHealth, ConnectorStatus } from "./status.ts";

/** The shortest time between two manual checks of one connector (ConnectorRegistry.checkNow). */
export const MANUAL_CHECK_INTERVAL_MS = 5_000;

export interface RegistryDeps {
  log: Logger;
  clock: Clock;
  /** DNS resolution for HTTP connectors' address checks (tests inject one). */
  resolve?: Resolver;
}

export class ConnectorRegistry implements ConnectorAccess {
  private readonly connectors = new Map<string, MonitoredConnector>();
  private monitor: ConnectorMonitor;
  /** Manual checks (the dashboard's "Check now"): the one in flight, and when the last one began. */
  private readonly manual = new Map<string, { running?: Promise<void>; startedAt: number }>();

  /** Each connector's entry as configured, to tell on a reload which ones changed. */
  private readonly entries = new Map<string, string>();
  private monitoring = false;

  /** Throws a ConfigError (one line per problem, with YAML paths) for an invalid connector. */
  constructor(
    config: AssayConfig,
    readonly deps: RegistryDeps,
  ) {
    for (const settings of connectorSettings(config)) {
      this.connectors.set(settings.id, this.build(settings));
      this.entries.set(settings.id, entryOf(settings));
    }
    this.monitor = new ConnectorMonitor([...this.connectors.values()], deps.log);
  }

  /**
   * A reload's connectors: builds those whose entry is new or changed — nothing is swapped yet, and
   * an invalid entry throws a ConfigError — and returns the swap, to commit once the rest of the
   * reloaded file is known to be valid. Unchanged connectors are kept as they are (their status,
   * indexes and cached contexts with them).
   */
  prepare(next: AssayConfig): ConnectorSwap {
    const settings = connectorSettings(next);
    const built = new Map<string, MonitoredConnector>();
    for (const s of settings) if (this.entries.get(s.id) !== entryOf(s)) built.set(s.id, this.build(s));
    const ids = new Set(settings.map((s) => s.id));
    const removed = [...this.connectors.keys()].filter((id) => !ids.has(id));
    const added = [...built.keys()].filter((id) => !this.connectors.has(id));
    const changed = [...built.keys()].filter((id) => this.connectors.has(id));
    return {
      added,
      changed,
      removed,
      commit: () => {
        const replaced = [...changed, ...removed].map((id) => this.connectors.get(id)!);
        const order = new Map(settings.map((s) => [s.id, built.get(s.id) ?? this.connectors.get(s.id)!]));
        this.connectors.clear();
        this.entries.clear();
        for (const s of settings) {
          this.connectors.set(s.id, order.get(s.id)!);
          this.entries.set(s.id, entryOf(s));
        }
        for (const id of [...changed, ...removed]) this.manual.delete(id);
        this.monitor.stop();
        this.monitor = new ConnectorMonitor([...this.connectors.values()], this.deps.log);
        if (this.monitoring) this.monitor.start();
        for (const c of replaced) void c.retire().catch(() => {});
      },
      discard: () => {
        for (const c of built.values()) void c.close().catch(() => {});
      },
    };
  }

  private build(settings: ConnectorSettings): MonitoredConnector {
    const inner = buildConnector(settings, { clock: this.deps.clock, resolve: this.deps.resolve });
    const tracker = new StatusTracker(settings.id, settings.status, settings.enabled, this.deps.clock, (id, from, to, message) => {
      this.deps.log.log(to === "healthy" ? "info" : "warn", "connector status changed", { connector: id, from, to, message });
    });
    return new MonitoredConnector(inner, tracker, this.deps.clock);
  }

  list(): Connector[] {
    return [...this.connectors.values()];
  }

  get(id: string): Connector | undefined {
    return this.connectors.get(id);
  }

  /** Connectors the account may use, in config order. */
  visibleTo(accountId: string): Connector[] {
    return this.list().filter((c) => mayUse(c, accountId));
  }

  /** The connector `id` for this account's request, or the refusal (src/connectors/access.ts). */
  access(accountId: string, id: string, options: AccessOptions = {}): Connector {
    return accessConnector(this, accountId, id, options);
  }

  status(id: string): ConnectorStatus | undefined {
    return this.connectors.get(id)?.tracker.snapshot();
  }

  /** Counts of connectors by health, for /v1/health. */
  healthCounts(): Record<ConnectorHealth, number> {
    const counts: Record<ConnectorHealth, number> = { unknown: 0, healthy: 0, degraded: 0, unreachable: 0, disabled: 0 };
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

  /**
   * A check someone asked for (the dashboard's "Check now"): concurrent requests share the probe in
   * flight, and one asked within `minIntervalMs` of the last one's start returns the status as it
   * is, so repeated clicks (or a script posting the form) cannot turn into a stream of requests to
   * the source: at most one probe per connector per interval, whoever asks.
   */
  async checkNow(id: string, minIntervalMs = MANUAL_CHECK_INTERVAL_MS): Promise<ConnectorStatus | undefined> {
    const c = this.connectors.get(id);
    if (!c) return undefined;
    const now = this.deps.clock.monotonic();
    const last = this.manual.get(id);
    if (last?.running) await last.running;
    else if (!last || now - last.startedAt >= minIntervalMs) {
      const entry: { running?: Promise<void>; startedAt: number } = { startedAt: now };
      entry.running = this.monitor.probeNow(c).finally(() => {
        entry.running = undefined;
      });
      this.manual.set(id, entry);
      await entry.running;
    }
    return c.tracker.snapshot();
  }

  /** Starts the background probes (first round at once). Never waits on a source. */
  start() {
    this.monitoring = true;
    this.monitor.start();
  }

  async close() {
    this.monitoring = false;
    this.monitor.stop();
    await Promise.all(this.list().map((c) => c.close().catch(() => {})));
  }
}

/** What a reload of the file does to the connectors (ConnectorRegistry.prepare). */
export interface ConnectorSwap {
  added: string[];
  changed: string[];
  removed: string[];
  /** Puts the new set in force; replaced connectors close once the requests holding them end. */
  commit(): void;
  /** Closes what was built for a reload that was refused after all. */
  discard(): void;
}

/** A connector's entry as written (its position in the list aside), for comparison. */
function entryOf(settings: ConnectorSettings): string {
  const { index: _, ...entry } = settings;
  return JSON.stringify(entry);
}
