// A sqlite source whose ERP adds a column to a reference table while Assay serves it (an upgrade,
// a customisation): the next scan reads the table whole, under its new columns. The rowid slices
// kept their statements from one read to the next, and a statement's column names stayed those of
// the schema it was first prepared with: after `ALTER TABLE shipments ADD COLUMN`, every later
// read took the new column's NULL for the rowid to page by and ended after one slice — 256 of
// 7,133 shipments, for good — and the 12 planted unbilled shipments of this data set were no longer
// reported (on dist/assay the scan's amount at risk fell from 535,571.26 to 505,837.65 until the
// server restarted). A column added or dropped in the middle of a read fails that read
// (connector_unavailable, saying so): test/connectors/sqlite-reference-slices.test.ts.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { plant } from "../../src/sampledata/plant.ts";
import { writeSqliteDataset } from "../../src/sampledata/write.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

const planted = plant(generateDataset({ seed: 11, invoices: 2_000 }), 11, 0.1);
let server: TestServer;
let dir: string;

beforeAll(async () => {
  dir = makeTempDir("assay-sqlite-altered-");
  writeSqliteDataset(planted, join(dir, "billing.db"));
  server = await startTestServer(
    `connectors:
  - id: erp
    type: sqlite
    path: ./billing.db
    transactions: invoice_lines
    reference: { contracts: contracts, price_list: price_list, shipments: shipments }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function unbilledShipments(): Promise<{ count: number; atRisk: number }> {
  const res = await server.call("POST", "/v1/analyze", { connector: "erp", module: "revenue_leakage", options: { limit: 100_000, max_anomalies: 10_000 } });
  expect(res.status).toBe(200);
  const body = (await res.json()) as AnalysisResult;
  const found = body.anomalies.filter((a) => a.code === "unbilled_shipment");
  return { count: found.length, atRisk: found.reduce((sum, a) => sum + (a.amount_at_risk ?? 0), 0) };
}

describe("a sqlite reference table the ERP adds a column to while served", () => {
  test("the scans after the change find what the scans before it found", async () => {
    expect(planted.reference.shipments.length).toBeGreaterThan(256 * 4);
    const before = await unbilledShipments();
    expect(before.count).toBeGreaterThan(0);
    const erp = new Database(join(dir, "billing.db"));
    erp.run("ALTER TABLE shipments ADD COLUMN carrier_note TEXT");
    erp.close();
    // The file's revision is read at most once a second: the next scan after that reads the tables again.
    await Bun.sleep(1_200);
    expect(await unbilledShipments()).toEqual(before);
    await Bun.sleep(1_200);
    expect(await unbilledShipments()).toEqual(before);
  }, 60_000);
});
