// POST /v1/analyze and GET /v1/modules over HTTP, against a real in-process server whose engine
// reads an in-memory connector (the three request modes, errors, recording and auto-alerts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import type { AnalysisRecord } from "../../src/store/types.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { invoice, reference } from "./fixtures.ts";
import { memoryConnector, modulesConfig } from "../support/engine.ts";

let srv: TestServer;
const billed = [
  invoice("INV-100", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 80 }] }),
  invoice("INV-101", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] }),
  invoice("INV-102", { customer: "CUST-9", lines: [{ sku: "SKU-B", qty: 2, unit: 50 }] }),
];

beforeAll(async () => {
  srv = await startTestServer();
  const billing = memoryConnector({ id: "billing", transactions: billed, reference });
  const inline = { ...memoryConnector({ id: "inline", lookup: false, scan: false }), id: "inline" };
  // Discounts of 30, 90 and 50 % off list against a 20 % cap, and one at the contract price (80).
  const discounts = memoryConnector({
    id: "discounts",
    transactions: [30, 90, 20, 50].map((off) => invoice(`D-${off}`, { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 5, unit: 100 - off }] })),
    reference,
  });
  const connectors = [billing, inline, discounts];
  srv.rt.analysis = new AssayAnalysisEngine({
    modules: modulesConfig(),
    autoThreshold: srv.rt.config.alerts.auto_threshold,
    connectors: connectorAccess(connectors),
    analyses: srv.rt.store.analyses,
    clock: srv.rt.clock,
    log: srv.rt.log,
    alerts: () => srv.rt.alerts,
  });
});
afterAll(() => srv.stop());

async function records(): Promise<AnalysisRecord[]> {
  const out: AnalysisRecord[] = [];
  for await (const r of srv.rt.store.analyses.iterate(srv.creds.accountId)) out.push(r);
  return out;
}

describe("POST /v1/analyze", () => {
  test("inline transaction: scored, explained, recorded, alert opened", async () => {
    const txn = invoice("NEW-1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 5, unit: 70 }] });
    const res = await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: txn });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalysisResult;
    expect(body.id).toMatch(/^anl_[0-9A-Z]{26}$/);
    expect(body).toMatchObject({ object: "analysis", connector: "billing", module: "revenue_leakage", transaction_id: "NEW-1", transactions_analyzed: 1, risk_level: "high" });
    expect(body.risk_score).toBe(76.5); // 100 · 0.85 (weight) · 0.9 (score)
    expect(body.anomalies.map((a) => a.code)).toEqual(["discount_above_cap"]);
    expect(body.amount_at_risk).toEqual({ amount: 50, currency: "USD" });
    expect(body.alert_id).toMatch(/^alrt_/);
    const alert = await srv.call("GET", `/v1/alerts/${body.alert_id}`);
    expect(alert.status).toBe(200);
    const rec = (await records()).find((r) => r.id === body.id)!;
    expect(rec).toMatchObject({ transaction_id: "NEW-1", customer_id: "CUST-1", amount_at_risk: 50, alert_id: body.alert_id, anomaly_codes: ["discount_above_cap"] });
  });

  test("a clean transaction scores low and opens no alert", async () => {
    const res = await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: billed[0] });
    const body = (await res.json()) as AnalysisResult;
    expect(body).toMatchObject({ risk_score: 0, risk_level: "low", anomalies: [], alert_id: null });
  });

  test("by id: fetched from the connector; unknown id is 404 transaction_not_found", async () => {
    const res = await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: "INV-101" } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalysisResult;
    expect(body.transaction_id).toBe("INV-101");
    expect(body.anomalies[0]!.code).toBe("price_below_contract");
    const missing = await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: "NOPE" } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toContain("application/problem+json");
    expect(((await missing.json()) as { code: string }).code).toBe("transaction_not_found");
  });

  test("scan: no data analyses the connector's transactions, options.limit honoured", async () => {
    const all = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage" })).json()) as AnalysisResult;
    expect(all).toMatchObject({ transaction_id: null, transactions_analyzed: 3 });
    expect(all.anomalies.map((a) => a.transaction_id)).toEqual(["INV-101"]);
    expect(all.amount_at_risk).toEqual({ amount: 20, currency: "USD" });
    // Each flagged transaction with its own score: the score a lookup of it gives.
    const lookup = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: "INV-101" } })).json()) as AnalysisResult;
    expect(all.flagged_transactions).toEqual([{ transaction_id: "INV-101", risk_score: lookup.risk_score, risk_level: lookup.risk_level }]);
    const two = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "compliance", options: { limit: 2 } })).json()) as AnalysisResult;
    expect(two.transactions_analyzed).toBe(2);
  });

  test("scan: flagged_transactions lists the riskiest transactions, strongest first, at most max_anomalies; anomalies_total counts what was not listed; a lookup is no scan", async () => {
    const scan = async (max?: number) =>
      (await (await srv.call("POST", "/v1/analyze", { connector: "discounts", module: "revenue_leakage", options: max ? { max_anomalies: max } : {} })).json()) as AnalysisResult;
    const all = await scan();
    const scores = all.flagged_transactions!.map((f) => f.risk_score);
    expect(scores).toHaveLength(3);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(scores[0]).toBeGreaterThan(scores[2]!);
    expect(all.anomalies).toHaveLength(3);
    expect(all).not.toHaveProperty("anomalies_total");
    const one = await scan(1);
    expect(one.flagged_transactions).toEqual(all.flagged_transactions!.slice(0, 1));
    expect(one.anomalies).toEqual(all.anomalies.slice(0, 1));
    expect(one.anomalies[0]!.transaction_id).toBe("D-90");
    expect(one.anomalies_total).toBe(3);
    expect(one.amount_at_risk).toEqual(all.amount_at_risk);
    const lookup = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: "INV-100" } })).json()) as AnalysisResult;
    expect(lookup).not.toHaveProperty("flagged_transactions");
  });

  test("a transaction of many findings lists the strongest max_anomalies, counts them all in anomalies_total and amount_at_risk, and records the list it returned", async () => {
    // 1,200 lines each 30 % off against a 20 % cap (50 at risk each), and one line 90 % off: a
    // client may send 10,000 lines, and a list of one finding per line is megabytes written twice
    // (the analysis and its alert) while the event loop serialises it.
    const lines = Array.from({ length: 1200 }, () => ({ sku: "SKU-A", qty: 5, unit: 70 }));
    lines.splice(600, 0, { sku: "SKU-A", qty: 5, unit: 10 });
    const txn = invoice("MANY-1", { customer: "CUST-1", lines });
    const body = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: txn })).json()) as AnalysisResult;
    expect(body.anomalies).toHaveLength(1000);
    expect(body.anomalies_total).toBe(1201);
    expect(body.amount_at_risk).toEqual({ amount: 1200 * 50 + 350, currency: "USD" });
    expect(body.anomalies[0]!.amount_at_risk).toBe(350);
    const rec = (await records()).find((r) => r.id === body.id)!;
    expect((rec.result as AnalysisResult).anomalies).toHaveLength(1000);
    expect(rec.amount_at_risk).toBe(1200 * 50 + 350);
    const alert = (await (await srv.call("GET", `/v1/alerts/${body.alert_id}`)).json()) as { anomalies: unknown[] };
    expect(alert.anomalies.length).toBeLessThanOrEqual(1000);

    const three = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: txn, options: { max_anomalies: 3 } })).json()) as AnalysisResult;
    expect(three.anomalies.map((a) => a.amount_at_risk)).toEqual([350, 50, 50]);
    expect(three.anomalies_total).toBe(1201);
    const few = (await (await srv.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { ...txn, transaction_id: "FEW-1", lines: txn.lines!.slice(0, 3) } })).json()) as AnalysisResult;
    expect(few.anomalies).toHaveLength(3);
    expect(few).not.toHaveProperty("anomalies_total");
  });

  test("unknown connector or module: 422 listing the valid values", async () => {
    const c = await srv.call("POST", "/v1/analyze", { connector: "nope", module: "revenue_leakage" });
    expect(c.status).toBe(422);
    expect(await c.json()).toMatchObject({ code: "unknown_connector", valid_values: ["billing", "inline", "discounts"] });
    const m = await srv.call("POST", "/v1/analyze", { connector: "billing", module: "nope" });
    expect(m.status).toBe(422);
    expect(await m.json()).toMatchObject({ code: "unknown_module", valid_values: ["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"] });
  });

  test("the inline connector needs the transaction in data", async () => {
    const scan = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage" });
    expect(scan.status).toBe(422);
    expect(((await scan.json()) as { code: string }).code).toBe("validation_failed");
    const byId = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "X" } });
    expect(byId.status).toBe(422);
    const whole = await srv.call("POST", "/v1/analyze", { connector: "inline", module: "compliance", data: { transaction_id: "X", created_by: "a", approved_by: "a" } });
    expect(whole.status).toBe(200);
    expect(((await whole.json()) as AnalysisResult).anomalies[0]!.code).toBe("self_approval");
  });

  test("validation errors are 422 validation_failed with JSON pointers", async () => {
    const cases: [unknown, string][] = [
      [{ connector: "billing", module: "revenue_leakage", data: { amount: 5 } }, "/data/transaction_id"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", colour: "red" } }, "/data/colour"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", date: "yesterday" } }, "/data/date"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", date: "2026-02-30" } }, "/data/date"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", lines: [{ sku: "X", quantity: "2" }] } }, "/data/lines/0/quantity"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", lines: [{ sku: "X", quantity: 1e308, unit_price: 80, list_price: 100 }] } }, "/data/lines/0/quantity"],
      [{ connector: "billing", module: "revenue_leakage", data: { transaction_id: "A", amount: -1e300 } }, "/data/amount"],
      [{ connector: "billing", module: "revenue_leakage", options: { limit: 0 } }, "/options/limit"],
      // Fourteenth attack pass: a scan from a day after its `to` read the whole source and answered
      // 200 with nothing analysed (a report's period is refused so: 422 at /period).
      [{ connector: "billing", module: "revenue_leakage", options: { from: "2026-01-01", to: "2025-01-01" } }, "/options/from"],
      [{ connector: "billing", module: "revenue_leakage", options: { from: "2026-03-02T00:00:00Z", to: "2026-03-01" } }, "/options/from"],
      [{ connector: "billing", module: "revenue_leakage", extra: true }, "/extra"],
      [{ module: "revenue_leakage" }, "/connector"],
    ];
    for (const [body, path] of cases) {
      const res = await srv.call("POST", "/v1/analyze", body);
      expect(res.status).toBe(422);
      const problem = (await res.json()) as { code: string; errors: { path: string }[] };
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors.map((e) => e.path)).toContain(path);
    }
  });

  test("deterministic: the same input gives the same anomalies and score", async () => {
    const body = { connector: "billing", module: "revenue_leakage", data: billed[1] };
    const a = (await (await srv.call("POST", "/v1/analyze", body)).json()) as AnalysisResult;
    const b = (await (await srv.call("POST", "/v1/analyze", body)).json()) as AnalysisResult;
    expect(b.anomalies).toEqual(a.anomalies);
    expect(b.risk_score).toBe(a.risk_score);
    expect(b.model_version).toBe(a.model_version);
    expect(b.id).not.toBe(a.id);
  });
});

describe("GET /v1/modules", () => {
  test("lists the modules with detectors and weights", async () => {
    const res = await srv.call("GET", "/v1/modules");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { object: string; data: { id: string; detectors: { code: string; weight: number }[] }[] };
    expect(body.object).toBe("list");
    expect(body.data.map((m) => m.id)).toEqual(["revenue_leakage", "anomaly_detection", "duplicate_detection", "compliance"]);
    const leakage = body.data[0]!;
    expect(leakage.detectors.find((d) => d.code === "price_below_contract")!.weight).toBe(0.9);
  });

  test("pages like every list: limit, starting_after, and 422 for a bad limit or an unknown parameter", async () => {
    const first = (await (await srv.call("GET", "/v1/modules?limit=1")).json()) as { data: { id: string }[]; has_more: boolean };
    expect(first.data.map((m) => m.id)).toEqual(["revenue_leakage"]);
    expect(first.has_more).toBe(true);
    const rest = (await (await srv.call("GET", "/v1/modules?starting_after=duplicate_detection")).json()) as { data: { id: string }[]; has_more: boolean };
    expect(rest.data.map((m) => m.id)).toEqual(["compliance"]);
    expect(rest.has_more).toBe(false);
    for (const [query, path] of [["limit=0", "/query/limit"], ["limit=101", "/query/limit"], ["colour=red", "/query/colour"]] as const) {
      const res = await srv.call("GET", `/v1/modules?${query}`);
      expect(res.status).toBe(422);
      const problem = (await res.json()) as { code: string; errors: { path: string }[] };
      expect(problem.code).toBe("validation_failed");
      expect(problem.errors.map((e) => e.path)).toContain(path);
    }
  });

  test("requires authentication like every /v1 route", async () => {
    const res = await fetch(`${srv.url}/v1/modules`);
    expect(res.status).toBe(401);
  });
});
