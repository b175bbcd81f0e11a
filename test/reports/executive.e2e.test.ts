// Reports an executive can read: a scan's amount at risk in every currency it found (never one
// currency of several, never two on one scale), human labels for finding codes, a one-paragraph
// summary first, a comparison with the previous period, thousands separators, plain CSV values,
// and per-currency charts as Chromium renders them.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { newId } from "../../src/domain/ids.ts";
import { plainValue } from "../../src/reports/render-csv.ts";
import type { AnalysisRecord } from "../../src/store/types.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { insertAnalyses, waitForReport } from "./fixtures.ts";

const CHROMIUM = "/usr/bin/chromium";
let s: Server;

/** A scan analysis whose amount at risk spans three currencies (headline: the largest). */
function scan(accountId: string, at: string, usd: number, eur: number, gbp: number): AnalysisRecord {
  return {
    id: newId("anl", Date.parse(at)),
    account_id: accountId,
    connector: "billing",
    module: "revenue_leakage",
    transaction_id: null,
    customer_id: null,
    risk_score: 80,
    risk_level: "high",
    amount_at_risk: Math.max(usd, eur, gbp),
    currency: "USD",
    anomaly_codes: ["price_below_contract", "unbilled_shipment"],
    transactions_analyzed: 1200,
    alert_id: null,
    created_at: at,
    result: { amount_at_risk: { amount: Math.max(usd, eur, gbp), currency: "USD", by_currency: { USD: usd, EUR: eur, GBP: gbp } } },
  };
}

beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: billing, type: inline, name: Billing }\n");
  const id = s.creds.accountId;
  await insertAnalyses(s.rt.store, [
    scan(id, "2026-03-05T10:00:00Z", 125000.5, 8000, 1200.25),
    scan(id, "2026-03-20T10:00:00Z", 5000, 2000, 0),
    scan(id, "2026-02-10T10:00:00Z", 100, 100, 100), // the previous period
  ]);
});
afterAll(() => s.stop());

async function report(body: Record<string, unknown>) {
  const queued = await json(await s.call("POST", "/v1/reports", body));
  const done = await waitForReport(s.call, queued.id);
  expect(done.status).toBe("completed");
  return { done, content: await s.call("GET", done.content_url) };
}

const MARCH = { type: "risk_summary", period: { from: "2026-03-01", to: "2026-03-31" } };

test("risk_summary: every currency of a scan, labels, a narrative and the previous period", async () => {
  const { done, content } = await report({ ...MARCH, format: "json" });
  expect(done.summary.amount_at_risk).toEqual([
    { currency: "USD", amount: 130000.5 },
    { currency: "EUR", amount: 10000 },
    { currency: "GBP", amount: 1200.25 },
  ]);
  expect(done.summary.previous_period).toMatchObject({ analyses: 1, anomalies: 2 });
  const body = await json(content);
  expect(body.narrative).toContain("2 analyses covered 2,400 transactions");
  expect(body.narrative).toContain("130,000.50 USD, 10,000.00 EUR and 1,200.25 GBP");
  expect(body.narrative).toContain("analyses up 100% (from 1)");
  const compared = body.tables.find((t: { id: string }) => t.id === "compared_with_previous_period");
  expect(compared.rows).toContainEqual({ metric: "Amount at risk (EUR)", this_period: 10000, previous_period: 100, change_pct: 9900 });
  const codes = body.tables.find((t: { id: string }) => t.id === "top_anomaly_codes").rows;
  expect(codes.map((r: { finding: string }) => r.finding)).toEqual(["Price below contract", "Shipped quantity not billed"]);
});

test("risk_summary counts a scan's findings one by one: 4 listed findings of 2 kinds are 4 findings, not 2", async () => {
  // Its own account, so that the analyses above are not counted.
  const creds = await s.account();
  const record = scan(creds.accountId, "2026-04-10T10:00:00Z", 900, 0, 0);
  const finding = (code: string, id: string) => ({ code, severity: "high", score: 0.9, message: code, transaction_id: id, field: null, expected: null, actual: null, amount_at_risk: 100 });
  record.result = {
    ...(record.result as object),
    anomalies: [finding("price_below_contract", "INV-1"), finding("price_below_contract", "INV-2"), finding("unbilled_shipment", "INV-2"), finding("price_below_contract", "INV-3")],
  };
  await insertAnalyses(s.rt.store, [record]);
  const queued = await json(await s.call("POST", "/v1/reports", { type: "risk_summary", format: "json", period: { from: "2026-04-01", to: "2026-04-30" } }, { creds }));
  const done = await waitForReport(s.call, queued.id, creds);
  expect(done.status).toBe("completed");
  expect(done.summary).toMatchObject({ analyses: 1, anomalies: 4, distinct_anomaly_codes: 2 });
  const body = await json(await s.call("GET", done.content_url, undefined, { creds }));
  expect(body.narrative).toContain("with 4 findings in all");
  expect(body.tables.find((t: { id: string }) => t.id === "top_anomaly_codes").rows).toEqual([
    { finding: "Price below contract", code: "price_below_contract", occurrences: 3, analyses: 1 },
    { finding: "Shipped quantity not billed", code: "unbilled_shipment", occurrences: 1, analyses: 1 },
  ]);
});

test("html: the summary first, one chart per currency, thousands separators; Chromium renders them", async () => {
  const html = await (await report({ ...MARCH, format: "html" })).content.text();
  expect(html.indexOf('class="lede"')).toBeLessThan(html.indexOf('class="cards"'));
  expect(html).toContain("130,000.50");
  expect(html).not.toMatch(/>\d{5,}(\.\d+)?</); // no bare long number in a cell, card or chart label
  const section = html.slice(html.indexOf('id="amount_at_risk_by_connector"'));
  for (const c of ["USD", "EUR", "GBP"]) expect(section).toContain(`<figcaption>${c}</figcaption>`);
  expect(html).toContain("@media print");
  if (!existsSync(CHROMIUM)) {
    if (process.env.CI === "true") throw new Error("chromium is missing");
    return;
  }
  const dir = join(import.meta.dir, "..", "..", "dist", "report-screenshots");
  mkdirSync(dir, { recursive: true });
  const page = join(dir, "risk_summary.html");
  writeFileSync(page, html);
  const flags = ["--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=1280,2000"];
  const shot = Bun.spawn([CHROMIUM, ...flags, `--screenshot=${join(dir, "risk_summary.png")}`, `file://${page}`], { stdout: "pipe", stderr: "pipe" });
  expect(await shot.exited).toBe(0);
  const dom = Bun.spawn([CHROMIUM, ...flags, "--dump-dom", `file://${page}`], { stdout: "pipe", stderr: "pipe" });
  const rendered = await new Response(dom.stdout).text();
  await dom.exited;
  const figures = rendered.slice(rendered.indexOf('id="amount_at_risk_by_connector"')).match(/<figcaption>(USD|EUR|GBP)<\/figcaption>/g) ?? [];
  expect(new Set(figures).size).toBe(3);
}, 60_000);

test("csv: plain values, never JSON", async () => {
  expect(plainValue({ unit_price: 714.36, contract_id: "CTR-0020" })).toBe("unit_price=714.36; contract_id=CTR-0020");
  expect(plainValue([{ amount: 1.5, currency: "EUR" }, { amount: 2, currency: "USD" }])).toBe("1.5 EUR; 2 USD");
  const text = await (await report({ ...MARCH, format: "csv" })).content.text();
  expect(text).toContain("summary,,narrative,");
  expect(text).not.toMatch(/[{}]/);
});
