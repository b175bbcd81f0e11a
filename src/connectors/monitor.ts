// Probes every enabled connector on its own interval (status.interval_s), each on its own timer,
// so a slow or dead source delays nobody else. A probe still running when the next is due is not
// doubled. Timers are unref'd: the monitor never keeps the process alive.
import type { Logger } from "../log.ts";
import type { MonitoredConnector } from "./monitored.ts";

export class ConnectorMonitor {
  private readonly timers = new Map<string, ReturnType<typeof setTimeout>>();
  private running = false;

  constructor(
    private readonly connectors: MonitoredConnector[],
    private readonly log: Logger,
  ) {}

  start() {
    if (this.running) return;
    this.running = true;
    for (const c of this.connectors) if (c.enabled) this.schedule(c, 0);
  }

  stop() {
    this.running = false;
    for (const t of this.timers.values()) clearTimeout(t);
    this.timers.clear();
  }

  /** Runs one probe now (tests and `assay demo` use it to wait for a first status). */
  async probeNow(connector: MonitoredConnector): Promise<void> {
    await connector.probe().catch(() => {
      // Recorded by the tracker; the status endpoint shows it.
    });
  }

  private schedule(c: MonitoredConnector, delayMs: number) {
    if (!this.running) return;
    const timer = setTimeout(async () => {
      try {
        await this.probeNow(c);
      } catch (e) {
        this.log.error("connector probe crashed", { connector: c.id, error: String(e) });
      }
      this.schedule(c, c.inner.settings.status.interval_s * 1000);
    }, delayMs);
    timer.unref?.();
    this.timers.set(c.id, timer);
  }
}
