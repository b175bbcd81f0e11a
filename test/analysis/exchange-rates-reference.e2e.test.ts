// Exchange rates read from a connector's reference table (here a CSV export of an ERP's rate
// table with its own column names, mapped) instead of the configuration: every planted currency
// mismatch is found with the loss the planted truth states, and only the pairs quoted against
// one base currency are listed (the others are crossed).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { plant, SAMPLE_EXCHANGE_RATES, SAMPLE_TAX_RATES, type PlantedDataset } from "../../src/sampledata/plant.ts";
import { writeCsvDataset } from "../../src/sampledata/write.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

let server: TestServer;
let dir: string;
let planted: PlantedDataset;

beforeAll(async () => {
  planted = plant(generateDataset({ seed: 11, invoices: 1200 }), 11, 0.1);
  dir = makeTempDir("assay-fx-reference-");
  await writeCsvDataset(planted, join(dir, "data"));
  // Only the rates against USD: EUR → GBP must be crossed through USD.
  const againstUsd = SAMPLE_EXCHANGE_RATES.filter((r) => r.from === "USD");
  expect(againstUsd.length).toBeLessThan(SAMPLE_EXCHANGE_RATES.length);
  writeFileSync(join(dir, "data", "rates.csv"), `FCURR,TCURR,UKURS,GDATU\n${againstUsd.map((r) => `${r.from.toLowerCase()},${r.to},${r.rate},2000-01-01`).join("\n")}\n`);
  const tax = Object.entries(SAMPLE_TAX_RATES).map(([c, r]) => `${c}: ${r}`).join(", ");
  server = await startTestServer(
    `modules:
  revenue_leakage: { tax: { rates: { ${tax} } } }
connectors:
  - id: billing
    type: csv
    transactions: ./data/invoice_lines.csv
    reference: { contracts: ./data/contracts.csv, price_list: ./data/price_list.csv, shipments: ./data/shipments.csv, exchange_rates: ./data/rates.csv }
    reference_mapping: { exchange_rates: { from: FCURR, to: TCURR, rate: UKURS, valid_from: GDATU } }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe("exchange rates from a connector's reference table", () => {
  test("every planted currency mismatch is priced with the table's rates (crossed where needed)", async () => {
    const mismatches = [...planted.labels].filter(([, l]) => l.type === "currency_mismatch");
    expect(mismatches.length).toBeGreaterThan(2);
    for (const [id, label] of mismatches) {
      const res = await server.call("POST", "/v1/analyze", { connector: "billing", module: "revenue_leakage", data: { transaction_id: id } });
      expect(res.status).toBe(200);
      const body = (await res.json()) as AnalysisResult;
      const finding = body.anomalies.find((a) => a.code === "currency_mismatch");
      expect({ id, found: finding !== undefined }).toEqual({ id, found: true });
      expect(finding!.amount_at_risk).toBeCloseTo(label.amount_at_risk, 1);
    }
  });

  test("the connector lists the table among its reference tables", async () => {
    const res = await server.call("GET", "/v1/connectors");
    const list = (await res.json()) as { data: { id: string; capabilities: { reference: string[] } }[] };
    expect(list.data.find((c) => c.id === "billing")!.capabilities.reference).toContain("exchange_rates");
  });
});
