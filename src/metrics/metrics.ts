// What GET /metrics reports: request counts by route template and status, latency histograms,
// rate-limit and authentication refusals (from the front door's observers), and, read at scrape
// time, connector status, queue depths (reports, webhook outbox), analyses and alerts.
import type { ConnectorHealth } from "../connectors/status.ts";
import type { Store } from "../store/types.ts";
import { VERSION } from "../version.ts";
import { Counter, gauge, Histogram } from "./registry.ts";

/** The part of a front-door observation metrics use (src/http/observe.ts). */
export interface ObservedRequest {
  method: string;
  route: string;
  status: number;
  duration_ms: number;
  outcome: string;
}

export interface MetricsSources {
  store: Store;
  connectors: { list(): { id: string }[]; status(id: string): { status: ConnectorHealth } | undefined };
  startedAt: number;
  now(): number;
}

const LATENCY_BUCKETS_S = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];
const AUTH_FAILURES = new Set(["missing_api_key", "invalid_api_key", "missing_signature", "invalid_signature", "stale_timestamp", "replayed_request"]);
const HEALTH: ConnectorHealth[] = ["healthy", "degraded", "unreachable", "disabled"];

export class Metrics {
  private requests = new Counter("assay_http_requests_total", "HTTP requests answered, by method, route template and status.");
  private latency = new Histogram("assay_http_request_duration_seconds", "Time from receiving a request to its response, by method and route template.", LATENCY_BUCKETS_S);
  private limited = new Counter("assay_rate_limited_total", "Requests refused by the per-account rate limiter (429 rate_limited), by route template.");
  private authFailures = new Counter("assay_auth_failures_total", "Requests refused by authentication (401), by problem code.");

  constructor(private readonly sources: MetricsSources) {}

  /** The front-door observer (push onto rt.observers). */
  readonly observe = (o: ObservedRequest) => {
    this.requests.inc({ method: o.method, route: o.route, status: String(o.status) });
    this.latency.observe({ method: o.method, route: o.route }, o.duration_ms / 1000);
    if (o.outcome === "rate_limited") this.limited.inc({ route: o.route });
    else if (AUTH_FAILURES.has(o.outcome)) this.authFailures.inc({ code: o.outcome });
  };

  async render(): Promise<string> {
    const { store, connectors, startedAt, now } = this.sources;
    const counts = await store.counts();
    const statusOf = (id: string) => connectors.status(id)?.status ?? "disabled";
    const families = [
      gauge("assay_build_info", "The running version.", [{ labels: { version: VERSION }, value: 1 }]),
      gauge("assay_uptime_seconds", "Seconds since the server started.", [{ value: Math.round((now() - startedAt) / 1000) }]),
      this.requests.render(),
      this.latency.render(),
      this.limited.render(),
      this.authFailures.render(),
      gauge("assay_connector_up", "1 when the connector is healthy or degraded, 0 when unreachable or disabled.", connectors.list().map((c) => ({ labels: { connector: c.id }, value: ["healthy", "degraded"].includes(statusOf(c.id)) ? 1 : 0 }))),
      gauge("assay_connector_status", "The connector's status: 1 for the current one.", connectors.list().flatMap((c) => HEALTH.map((h) => ({ labels: { connector: c.id, status: h }, value: statusOf(c.id) === h ? 1 : 0 })))),
      gauge("assay_reports", "Reports by status (queued and running are the queue).", ["queued", "running", "completed", "failed"].map((s) => ({ labels: { status: s }, value: counts.reports[s] ?? 0 }))),
      gauge("assay_webhook_outbox", "Webhook deliveries by status (pending is the queue).", ["pending", "delivered", "dead"].map((s) => ({ labels: { status: s }, value: counts.outbox[s] ?? 0 }))),
      gauge("assay_analyses", "Analyses stored.", [{ value: counts.analyses }]),
      gauge("assay_alerts", "Alerts by status.", ["open", "acknowledged", "resolved", "dismissed"].map((s) => ({ labels: { status: s }, value: counts.alerts[s] ?? 0 }))),
    ];
    return `${families.join("\n")}\n`;
  }
}
