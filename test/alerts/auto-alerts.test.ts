// Alerts opened by analyses (Runtime.alerts.openFromAnalysis, called by the analysis engine at
// or above alerts.auto_threshold): one active alert per account, connector and transaction,
// refreshed by re-analyses, never duplicated, even when many analyses race.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { AnalysisResult, Anomaly } from "../../src/domain/analysis.ts";
import { newId } from "../../src/domain/ids.ts";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

function anomaly(code: string, amount: number, tx = "INV-9"): Anomaly {
  return { code, severity: "high", score: 0.9, message: `${code} on ${tx}`, transaction_id: tx, field: "unit_price", expected: 100, actual: 80, amount_at_risk: amount };
}

function analysis(tx: string | null, score: number, codes: string[] = ["price_below_contract"], connector = "billing"): AnalysisResult {
  return {
    id: newId("anl"),
    object: "analysis",
    connector,
    module: "revenue_leakage",
    transaction_id: tx,
    risk_score: score,
    risk_level: score >= 90 ? "critical" : score >= 70 ? "high" : score >= 40 ? "medium" : "low",
    anomalies: codes.map((c, i) => anomaly(c, 10 * (i + 1), tx ?? "scan")),
    amount_at_risk: { amount: 30, currency: "EUR" },
    transactions_analyzed: 1,
    alert_id: null,
    model_version: "test",
    analyzed_at: new Date().toISOString(),
    duration_ms: 1,
  };
}

describe("openFromAnalysis", () => {
  test("opens an alert carrying the analysis: source, score, anomalies, severity from the risk level", async () => {
    const a = analysis("INV-100", 82, ["price_below_contract", "unapproved_discount"]);
    const id = await s.rt.alerts.openFromAnalysis(s.creds.accountId, a);
    expect(id).toMatch(/^alrt_/);
    const alert = await json(await s.call("GET", `/v1/alerts/${id}`));
    expect(alert).toMatchObject({
      status: "open",
      source: "analysis",
      severity: "high",
      connector: "billing",
      module: "revenue_leakage",
      transaction_id: "INV-100",
      analysis_id: a.id,
      risk_score: 82,
    });
    expect(alert.anomalies.map((x: Anomaly) => x.code)).toEqual(["unapproved_discount", "price_below_contract"]);
    expect(alert.title).toContain("INV-100");
    const history = await json(await s.call("GET", alert.history_url));
    expect(history.data[0].actor).toEqual({ type: "system", key: null, account: s.creds.accountId });
  });

  test("a re-analysis returns the same alert, refreshed; an identical one changes nothing", async () => {
    const first = await s.rt.alerts.openFromAnalysis(s.creds.accountId, analysis("INV-200", 75));
    const again = await s.rt.alerts.openFromAnalysis(s.creds.accountId, analysis("INV-200", 75));
    expect(again).toBe(first);
    expect((await json(await s.call("GET", `/v1/alerts/${first}/history`))).data.length).toBe(1);
    const worse = analysis("INV-200", 95, ["price_below_contract", "duplicate_credit_note"]);
    expect(await s.rt.alerts.openFromAnalysis(s.creds.accountId, worse)).toBe(first);
    const alert = await json(await s.call("GET", `/v1/alerts/${first}`));
    expect(alert).toMatchObject({ risk_score: 95, severity: "critical", analysis_id: worse.id });
    // A lower score later does not lower the severity people triaged by.
    await s.rt.alerts.openFromAnalysis(s.creds.accountId, analysis("INV-200", 71));
    expect(await json(await s.call("GET", `/v1/alerts/${first}`))).toMatchObject({ risk_score: 71, severity: "critical" });
    const history = await json(await s.call("GET", `/v1/alerts/${first}/history`));
    expect(history.data.map((e: any) => e.type)).toEqual(["created", "updated", "updated"]);
    expect(history.data[1].changes.risk_score).toEqual({ from: 75, to: 95 });
  });

  test("the same score with other findings refreshes the alert, however often its findings were probed before", async () => {
    const open = (codes: string[]) => s.rt.alerts.openFromAnalysis(s.creds.accountId, analysis("INV-300", 75, codes));
    const types = async (id: string | null) => (await json(await s.call("GET", `/v1/alerts/${id}/history`))).data.map((e: any) => e.type);
    const first = await open(["price_below_contract"]);
    for (let i = 0; i < 3; i++) expect(await open(["price_below_contract"])).toBe(first);
    expect(await types(first)).toEqual(["created"]);
    await open(["price_below_contract", "duplicate_credit_note"]);
    await open(["duplicate_credit_note", "price_below_contract"]);
    expect(await types(first)).toEqual(["created", "updated"]);
    await open(["price_below_contract"]);
    expect(await types(first)).toEqual(["created", "updated", "updated"]);
    expect((await json(await s.call("GET", `/v1/alerts/${first}`))).anomalies.map((x: Anomaly) => x.code)).toEqual(["price_below_contract"]);
  });

  test("stays one alert while acknowledged; a new one opens after it is resolved or dismissed", async () => {
    const acct = await s.account();
    const id = await s.rt.alerts.openFromAnalysis(acct.accountId, analysis("INV-300", 80));
    await s.call("PATCH", `/v1/alerts/${id}`, { status: "acknowledged" }, { creds: acct });
    expect(await s.rt.alerts.openFromAnalysis(acct.accountId, analysis("INV-300", 85))).toBe(id);
    await s.call("PATCH", `/v1/alerts/${id}`, { status: "resolved", resolution: "confirmed" }, { creds: acct });
    const next = await s.rt.alerts.openFromAnalysis(acct.accountId, analysis("INV-300", 85));
    expect(next).not.toBe(id);
    // Reopening the old one while the new one is active would make two: refused.
    const reopen = await s.call("PATCH", `/v1/alerts/${id}`, { status: "open" }, { creds: acct });
    expect(reopen.status).toBe(409);
    expect(await json(reopen)).toMatchObject({ code: "invalid_state_transition", active_alert: next });
    await s.call("PATCH", `/v1/alerts/${next}`, { status: "dismissed", resolution: "duplicate" }, { creds: acct });
    expect((await s.call("PATCH", `/v1/alerts/${id}`, { status: "open" }, { creds: acct })).status).toBe(200);
  });

  test("keys on account, connector and transaction", async () => {
    const a1 = await s.account();
    const a2 = await s.account();
    const ids = new Set([
      await s.rt.alerts.openFromAnalysis(a1.accountId, analysis("INV-400", 80)),
      await s.rt.alerts.openFromAnalysis(a2.accountId, analysis("INV-400", 80)),
      await s.rt.alerts.openFromAnalysis(a1.accountId, analysis("INV-400", 80, undefined, "erp")),
      await s.rt.alerts.openFromAnalysis(a1.accountId, analysis("INV-401", 80)),
      await s.rt.alerts.openFromAnalysis(a1.accountId, analysis(null, 80)),
    ]);
    expect(ids.size).toBe(5);
    expect(await s.rt.alerts.openFromAnalysis(a1.accountId, analysis(null, 90))).toBeOneOf([...ids]);
  });

  test("50 concurrent analyses of one transaction open exactly one alert", async () => {
    const acct = await s.account();
    const ids = await Promise.all(Array.from({ length: 50 }, (_, i) => s.rt.alerts.openFromAnalysis(acct.accountId, analysis("INV-500", 70 + (i % 30)))));
    expect(new Set(ids).size).toBe(1);
    const list = await json(await s.call("GET", "/v1/alerts?limit=100", undefined, { creds: acct }));
    expect(list.data.length).toBe(1);
  });

  test("four processes racing on the same database open exactly one alert", async () => {
    const acct = await s.account();
    const children = Array.from({ length: 4 }, () =>
      Bun.spawn([process.execPath, "run", `${import.meta.dir}/race-child.ts`, s.configFile, acct.accountId, "INV-600", "25"], {
        stdout: "pipe",
        stderr: "pipe",
      }),
    );
    const outputs = await Promise.all(children.map(async (c) => [await new Response(c.stdout).text(), await new Response(c.stderr).text(), await c.exited] as const));
    for (const [, err, code] of outputs) expect(code, err).toBe(0);
    const ids = new Set(outputs.flatMap(([out]) => JSON.parse(out) as string[]));
    expect(ids.size).toBe(1);
    const list = await json(await s.call("GET", "/v1/alerts?limit=100", undefined, { creds: acct }));
    expect(list.data.map((a: any) => a.id)).toEqual([...ids]);
  }, 30_000);
});

describe("POST /v1/analyze opens alerts at or above alerts.auto_threshold", () => {
  test("one alert per transaction however often it is analysed; none below the threshold", async () => {
    const { mkdirSync, rmSync, writeFileSync } = await import("node:fs");
    const { join } = await import("node:path");
    const { makeTempDir } = await import("../support/harness.ts");
    const dir = makeTempDir("assay-auto-");
    mkdirSync(join(dir, "data"));
    writeFileSync(
      join(dir, "data", "lines.csv"),
      "transaction_id,type,date,customer_id,currency,amount,tax_amount,tax_rate,contract_id,sku,quantity,unit_price,list_price,discount_pct,line_amount\n" +
        "INV-1,invoice,2026-01-10,C1,EUR,800,152,0.19,K1,A,10,80,100,0,800\n" +
        "INV-2,invoice,2026-01-15,C1,EUR,1000,190,0.19,K1,A,10,100,100,0,1000\n",
    );
    writeFileSync(join(dir, "data", "contracts.csv"), "contract_id,customer_id,sku,price,currency,valid_from,valid_to,max_discount_pct\nK1,C1,A,100,EUR,2025-01-01,2027-12-31,0\n");
    const server = await startServer(
      `alerts: { auto_threshold: 50 }
connectors:
  - { id: billing, type: csv, transactions: ./data/lines.csv, reference: { contracts: ./data/contracts.csv } }
`,
      { dir },
    );
    try {
      const analyze = async (tx: string) =>
        json(await server.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: tx } }));
      const first = await analyze("INV-1");
      expect(first.risk_score).toBeGreaterThanOrEqual(50);
      expect(first.alert_id).toMatch(/^alrt_/);
      const again = await Promise.all([analyze("INV-1"), analyze("INV-1"), analyze("INV-1")]);
      expect(new Set(again.map((a) => a.alert_id))).toEqual(new Set([first.alert_id]));
      const clean = await analyze("INV-2");
      expect(clean.risk_score).toBeLessThan(50);
      expect(clean.alert_id).toBeNull();
      const alerts = await json(await server.call("GET", "/v1/alerts"));
      expect(alerts.data.length).toBe(1);
      expect(alerts.data[0]).toMatchObject({ id: first.alert_id, source: "analysis", connector: "billing", transaction_id: "INV-1", risk_score: first.risk_score });
    } finally {
      await server.stop();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
