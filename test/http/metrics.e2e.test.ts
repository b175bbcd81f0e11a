// GET /metrics: off by default, behind its own token when one is set, and Prometheus text that a
// Prometheus text parser reads: requests by route template and status, latency histograms,
// limiter refusals, connector status, queue depths, analyses and alerts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { startTestServer, type TestServer } from "../support/harness.ts";

type Family = { name: string; type: string; metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string>; count?: string }[] };

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer("metrics: { enabled: true, token: scrape-secret }\nplans: { tiny: { per_second: 1, per_minute: 1000 } }\nconnectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

async function scrape(): Promise<{ families: Map<string, Family>; text: string }> {
  const r = await fetch(`${s.url}/metrics`, { headers: { authorization: "Bearer scrape-secret" } });
  expect(r.status).toBe(200);
  expect(r.headers.get("content-type")).toStartWith("text/plain; version=0.0.4");
  const text = await r.text();
  // The parser throws on any line that is not valid exposition format.
  const families = parsePrometheusTextFormat(text) as Family[];
  return { families: new Map(families.map((f) => [f.name, f])), text };
}

test("off by default", async () => {
  const off = await startTestServer();
  try {
    expect((await fetch(`${off.url}/metrics`)).status).toBe(404);
  } finally {
    await off.stop();
  }
});

test("its own token: none or a wrong one is refused", async () => {
  expect((await fetch(`${s.url}/metrics`)).status).toBe(401);
  expect((await fetch(`${s.url}/metrics`, { headers: { authorization: "Bearer nope" } })).status).toBe(401);
  expect((await fetch(`${s.url}/metrics`, { headers: { authorization: `Bearer ${s.creds.key}` } })).status).toBe(401);
});

test("parses as Prometheus text with every family", async () => {
  expect((await s.call("GET", "/v1/health")).status).toBe(200);
  expect((await s.call("GET", "/v1/alerts/alrt_01JD4Q3ZP6XK8F2M9T7R5VWBNC")).status).toBe(404);
  const body = { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-1", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 10, list_price: 100 }] } };
  expect((await s.call("POST", "/v1/analyze", body)).status).toBe(200);
  expect((await s.call("POST", "/v1/alerts", { title: "Check this", severity: "high" })).status).toBe(201);
  const tiny = await s.newAccount("tiny");
  const statuses = await Promise.all([1, 2, 3].map(() => s.call("GET", "/v1/modules", undefined, { creds: tiny }).then((r) => r.status)));
  expect(statuses).toContain(429);
  expect((await fetch(`${s.url}/v1/health`)).status).toBe(401);

  const { families: m, text } = await scrape();
  const requests = m.get("assay_http_requests_total")!;
  expect(requests.type).toBe("COUNTER");
  const count = (route: string, status: string) => Number(requests.metrics.find((x) => x.labels?.route === route && x.labels?.status === status)?.value ?? 0);
  expect(count("/v1/health", "200")).toBeGreaterThanOrEqual(1);
  expect(count("/v1/alerts/:id", "404")).toBe(1);
  expect(count("/v1/modules", "429")).toBeGreaterThanOrEqual(1);
  const latency = m.get("assay_http_request_duration_seconds")!;
  expect(latency.type).toBe("HISTOGRAM");
  // (the parser folds labelled histogram series together: the series themselves are read from the text)
  expect(text).toContain('assay_http_request_duration_seconds_count{method="POST",route="/v1/analyze"} 1\n');
  expect(text).toContain('assay_http_request_duration_seconds_bucket{method="POST",route="/v1/analyze",le="+Inf"} 1\n');
  expect(Number(m.get("assay_rate_limited_total")!.metrics.find((x) => x.labels?.route === "/v1/modules")!.value)).toBeGreaterThanOrEqual(1);
  expect(Number(m.get("assay_auth_failures_total")!.metrics.find((x) => x.labels?.code === "missing_api_key")!.value)).toBeGreaterThanOrEqual(1);
  expect(m.get("assay_connector_up")!.metrics.find((x) => x.labels?.connector === "inline")!.value).toBe("1");
  expect(m.get("assay_reports")!.metrics.map((x) => x.labels?.status)).toEqual(["queued", "running", "completed", "failed"]);
  expect(m.get("assay_webhook_outbox")!.metrics.find((x) => x.labels?.status === "pending")).toBeDefined();
  expect(Number(m.get("assay_analyses")!.metrics[0]!.value)).toBeGreaterThanOrEqual(1);
  expect(Number(m.get("assay_alerts")!.metrics.find((x) => x.labels?.status === "open")!.value)).toBeGreaterThanOrEqual(1);
});
