// The engine over a real CSV connector: planted leakage written as ERP exports, analysed through
// a running server by id and by scan, with amounts that match the planted truth.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { join } from "node:path";
import { SAMPLE_EXCHANGE_RATES, SAMPLE_TAX_RATES, LEAKAGE_TYPES, plant, type PlantedDataset } from "../../src/sampledata/plant.ts";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { writeCsvDataset } from "../../src/sampledata/write.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

let server: TestServer;
let dir: string;
let planted: PlantedDataset;

beforeAll(async () => {
  planted = plant(generateDataset({ seed: 11, invoices: 1200 }), 11, 0.1);
  dir = makeTempDir("assay-analysis-csv-");
  await writeCsvDataset(planted, join(dir, "data"));
  const rates = Object.entries(SAMPLE_TAX_RATES).map(([c, r]) => `${c}: ${r}`).join(", ");
  server = await startTestServer(
    `modules:
  revenue_leakage: { tax: { rates: { ${rates} } }, exchange_rates: ${JSON.stringify(SAMPLE_EXCHANGE_RATES)} }
connectors:
  - id: billing
    type: csv
    transactions: ./data/invoice_lines.csv
    reference: { contracts: ./data/contracts.csv, price_list: ./data/price_list.csv, shipments: ./data/shipments.csv }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("analysis over a CSV connector", () => {
  test("by id: a planted price cut is found with its exact amount at risk", async () => {
    const [id, label] = [...planted.labels].find(([, l]) => l.type === "price_below_contract")!;
    const res = await server.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: id } });
    expect(res.status).toBe(200);
    const body = (await res.json()) as AnalysisResult;
    expect(body.anomalies.map((a) => a.code)).toEqual(["price_below_contract"]);
    expect(body.amount_at_risk.amount).toBeCloseTo(label.amount_at_risk, 2);
  });

  test("scan: every planted leakage is reported and the money adds up", async () => {
    const res = await server.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", options: { limit: 100_000 } });
    const body = (await res.json()) as AnalysisResult;
    expect(body.transactions_analyzed).toBe(planted.transactions.length);
    const flagged = new Set(body.anomalies.map((a) => a.transaction_id));
    const leakage = [...planted.labels].filter(([, l]) => LEAKAGE_TYPES.includes(l.type));
    for (const [id] of leakage) expect(flagged.has(id)).toBe(true);
    const truth = new Map<string, number>();
    for (const [, l] of leakage) truth.set(l.currency, (truth.get(l.currency) ?? 0) + l.amount_at_risk);
    const reported = body.amount_at_risk.by_currency ?? { [body.amount_at_risk.currency!]: body.amount_at_risk.amount };
    for (const [currency, amount] of truth) expect(reported[currency]!).toBeCloseTo(amount, 1);
  });
});
