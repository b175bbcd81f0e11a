// A scan of a connector has an overall bound, `scan_timeout_s`, beside the per-call `timeout_ms`.
// Fourteenth attack pass: only each page, query or file read had a deadline, so an http source
// that answers every page just within `timeout_ms` and always has a next page (a slow-drip
// source: each page new, so no paging loop) held a scan for ever — the analysis request, and
// the connector's shared history build every request of it waits on. Past the bound the scan is
// stopped (no page is asked after it) and the caller gets 504 connector_timeout naming the setting.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server } from "bun";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { waitForReport } from "../reports/fixtures.ts";
import { firstCheck } from "../support/services.ts";
import { sourceInvoice } from "../support/http-source.ts";

const PAGE_DELAY_MS = 250;


let pagesAsked = 0;
let source: Server<undefined>;
let server: TestServer;

beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const n = Number(url.searchParams.get("page") ?? 1);
      // Slow drip: every page well within the connector's timeout_ms, and always one more.
      if (url.pathname === "/api/drip") {
        pagesAsked++;
        await Bun.sleep(PAGE_DELAY_MS);
        return Response.json({ data: [sourceInvoice(`INV-D${n}`)], next: `/api/drip?page=${n + 1}` });
      }
      if (url.pathname === "/api/prices") return Response.json({ data: [{ sku: "A", list_price: 100, currency: "EUR" }] });
      if (url.pathname === "/api/pages") return Response.json({ data: [sourceInvoice(`INV-P${n}`)], next: n < 3 ? `/api/pages?page=${n + 1}` : null });
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${source.port}/api`;
  const connector = (id: string, path: string, more = "") =>
    `  - { id: ${id}, type: http, url: "${base}", transactions: ${path}, allow_hosts: [127.0.0.1], retries: 0, timeout_ms: 2000, scan_timeout_s: 2, status: { interval_s: 3600 }${more} }\n`;
  const priced = ", reference: { price_list: /prices }";
  server = await startTestServer(`connectors:\n${connector("drip", "/drip")}${connector("dripref", "/drip", priced)}${connector("pages", "/pages")}`);
  await firstCheck(server, "pages");
});

afterAll(async () => {
  await server?.stop();
  source?.stop(true);
});

async function timed(body: unknown) {
  const started = performance.now();
  const res = await server.call("POST", "/v1/analyze", body);
  const b = (await res.json()) as { code?: string; detail?: string; transactions_analyzed?: number };
  return { status: res.status, contentType: res.headers.get("content-type"), ms: performance.now() - started, ...b };
}

test("a scan of a source that never ends is stopped at scan_timeout_s: 504 connector_timeout naming it", async () => {
  const a = await timed({ connector: "drip", module: "duplicate_detection" });
  expect(a).toMatchObject({ status: 504, code: "connector_timeout" });
  expect(a.contentType).toStartWith("application/problem+json");
  expect(a.detail).toContain('connector "drip"');
  expect(a.detail).toContain("scan_timeout_s");
  expect(a.ms).toBeGreaterThan(1_900);
  expect(a.ms).toBeLessThan(8_000);
  // Stopped, not left running: no more pages are asked of the source.
  const after = pagesAsked;
  await Bun.sleep(3 * PAGE_DELAY_MS);
  expect(pagesAsked - after).toBeLessThanOrEqual(1);
}, 20_000);

test("an inline transaction whose context (the history pass) never ends gets the same answer", async () => {
  const a = await timed({ connector: "drip", module: "anomaly_detection", data: sourceInvoice("INV-NEW") });
  expect(a).toMatchObject({ status: 504, code: "connector_timeout" });
  expect(a.detail).toContain("scan_timeout_s");
  expect(a.ms).toBeLessThan(8_000);
}, 20_000);

test("a report over such a source fails with the same code and reason, not running for ever", async () => {
  const queued = (await (await server.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "dripref", period: { from: "2026-01-01", to: "2026-12-31" } })).json()) as { id: string };
  expect(queued.id, JSON.stringify(queued)).toStartWith("rpt_");
  const report = await waitForReport(server.call, queued.id, undefined, 15_000);
  expect(report.status).toBe("failed");
  expect(report.error.code, JSON.stringify(report.error)).toBe("connector_timeout");
  expect(report.error.message).toContain("scan_timeout_s");
}, 20_000);

test("a source that ends within the bound is read whole, as before", async () => {
  const a = await timed({ connector: "pages", module: "duplicate_detection" });
  expect(a).toMatchObject({ status: 200, transactions_analyzed: 3 });
});

test("the server stays answerable meanwhile", async () => {
  const pending = timed({ connector: "drip", module: "duplicate_detection" });
  const started = performance.now();
  expect((await fetch(`${server.url}/livez`)).status).toBe(200);
  expect(performance.now() - started).toBeLessThan(1_000);
  expect((await pending).status).toBe(504);
}, 20_000);
