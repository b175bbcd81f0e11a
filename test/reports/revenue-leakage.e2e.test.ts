// revenue_leakage over a real CSV connector and the real analysis engine: every finding of the
// period is listed with its amount at risk, the totals add up, and they agree with what
// POST /v1/analyze says about the same transactions.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

const HEADER = "transaction_id,type,date,customer_id,currency,amount,tax_amount,tax_rate,contract_id,reference,created_by,approved_by,sku,quantity,unit_price,list_price,discount_pct,line_amount";
const LINES = [
  // Billed 80 against a contract price of 100 (no discount allowed) for 10 units: 200 lost.
  "INV-1,invoice,2026-01-10,C1,EUR,800,152,0.19,K1,,alice,bruno,A,10,80,100,0,800",
  // Clean: contract price, tax right.
  "INV-2,invoice,2026-01-15,C1,EUR,1000,190,0.19,K1,,alice,bruno,A,10,100,100,0,1000",
  // Also below contract, but outside the period of the report.
  "INV-3,invoice,2026-02-20,C1,EUR,500,95,0.19,K1,,alice,bruno,A,10,50,100,0,500",
];

let s: Server;
beforeAll(async () => {
  const dir = makeTempDir("assay-leakage-");
  mkdirSync(join(dir, "data"));
  writeFileSync(join(dir, "data", "invoice_lines.csv"), `${HEADER}\n${LINES.join("\n")}\n`);
  writeFileSync(join(dir, "data", "contracts.csv"), "contract_id,customer_id,sku,price,currency,valid_from,valid_to,max_discount_pct\nK1,C1,A,100,EUR,2025-01-01,2027-12-31,0\n");
  writeFileSync(join(dir, "data", "price_list.csv"), "sku,list_price,currency\nA,100,EUR\n");
  s = await startServer(
    `connectors:
  - id: billing
    type: csv
    name: ERP billing export
    transactions: ./data/invoice_lines.csv
    reference: { contracts: ./data/contracts.csv, price_list: ./data/price_list.csv }
`,
    { dir },
  );
});
afterAll(() => s.stop());

test("lists every finding of the period with its amount at risk, consistent with POST /v1/analyze", async () => {
  const queued = await json(
    await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "billing", period: { from: "2026-01-01", to: "2026-01-31" } }),
  );
  const r = await waitForReport(s.call, queued.id);
  expect(r.status, JSON.stringify(r.error)).toBe("completed");
  expect(r.module).toBe("revenue_leakage");
  expect(r.summary).toMatchObject({ connector: "billing", transactions_analyzed: 2, transactions_flagged: 1 });

  const content = await json(await s.call("GET", r.content_url));
  const findings: any[] = content.findings;
  expect(findings.length).toBe(r.summary.findings);
  expect(new Set(findings.map((f) => f.transaction_id))).toEqual(new Set(["INV-1"]));
  for (const f of findings) expect(f).toMatchObject({ transaction_id: "INV-1", date: "2026-01-10", customer_id: "C1", currency: "EUR" });
  // 10 units billed at 80 where the contract says 100: 200 lost, counted once.
  const total = findings.reduce((sum, f) => sum + f.amount_at_risk, 0);
  expect(Math.max(...findings.map((f) => f.amount_at_risk))).toBe(200);
  expect(r.summary.amount_at_risk).toEqual([{ currency: "EUR", amount: Math.round(total * 100) / 100 }]);

  // The same engine, asked about INV-1 directly, finds the same things.
  const analysis = await json(await s.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: "INV-1" } }));
  expect(analysis.anomalies.map((a: any) => [a.code, a.amount_at_risk]).sort()).toEqual(findings.map((f) => [f.code, f.amount_at_risk]).sort());

  const csvQueued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "billing", format: "csv" }));
  const csvDone = await waitForReport(s.call, csvQueued.id);
  const lines = (await (await s.call("GET", csvDone.content_url)).text()).trimEnd().split("\r\n");
  expect(lines[0]).toBe("transaction_id,date,customer_id,finding,code,severity,message,field,expected,actual,currency,amount_at_risk");
  // Plain values, not JSON blobs: expected/actual read as "unit_price=…; …".
  expect(lines.slice(1).join("\n")).not.toContain("{");
  // Without a period INV-3 is in too.
  expect(lines.some((l) => l.startsWith("INV-3,"))).toBe(true);
  expect(csvDone.summary.transactions_analyzed).toBe(3);
});

test("with a period, compares with the previous period of the same length (February against January)", async () => {
  const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "billing", period: { from: "2026-02-01", to: "2026-02-28" } }));
  const r = await waitForReport(s.call, queued.id);
  expect(r.status, JSON.stringify(r.error)).toBe("completed");
  // January has 28 days before 1 February: 2026-01-04 to 2026-01-31 holds INV-1 and INV-2.
  expect(r.summary.previous_period).toMatchObject({ from: "2026-01-04", to: "2026-01-31", transactions_analyzed: 2, transactions_flagged: 1 });
  const content = await json(await s.call("GET", r.content_url));
  const compared = content.tables.find((t: { id: string }) => t.id === "compared_with_previous_period");
  expect(compared.rows[0]).toEqual({ metric: "Transactions analyzed", this_period: 1, previous_period: 2, change_pct: -50 });
  expect(content.narrative).toContain("transactions with leakage unchanged (1)");
});

// Thirteenth attack pass: the previous period of a period given in days was not bounded by the
// year 1, and its dates were cut from an extended-year ISO string ("-006060-01").
test("a period reaching back past the year 1 has no previous period, and the report completes", async () => {
  for (const period of [{ from: "1970-01-01", to: "9999-12-31" }, { from: "0001-01-01", to: "0001-01-01" }]) {
    const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "billing", period }));
    const r = await waitForReport(s.call, queued.id);
    expect(r.status, JSON.stringify(r.error)).toBe("completed");
    expect(r.summary.previous_period).toBeUndefined();
  }
});
