// A file source changed under a running server: what was derived from it (the reference tables,
// the context's history) is rebuilt within about a second, not when reference_ttl_s (60 s) or
// context.ttl_s (300 s) runs out. An evaluator who regenerates an export and scans again must get
// the findings of the new file.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { AnalysisResult } from "../../src/domain/analysis.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

let server: TestServer;
let dir: string;

const HEADER = "transaction_id,type,date,customer_id,currency,amount,reference,sku,quantity,unit_price,line_amount";
const invoices = (amount: number) => `${HEADER}\nINV-1,invoice,2026-03-02,C-1,EUR,${amount},,SKU-1,1,${amount},${amount}\n`;
const priceList = (price: number) => `sku,currency,list_price\nSKU-1,EUR,${price}\n`;

beforeAll(async () => {
  dir = makeTempDir("assay-source-change-");
  writeFileSync(join(dir, "lines.csv"), invoices(100));
  writeFileSync(join(dir, "prices.csv"), priceList(100));
  const db = new Database(join(dir, "erp.db"));
  db.run("PRAGMA journal_mode = WAL"); // an ERP's database: its writes land in the log first
  db.run("CREATE TABLE lines (transaction_id TEXT, type TEXT, date TEXT, customer_id TEXT, currency TEXT, amount REAL, sku TEXT, quantity REAL, unit_price REAL, line_amount REAL)");
  db.run("INSERT INTO lines VALUES ('INV-1', 'invoice', '2026-03-02', 'C-1', 'EUR', 100, 'SKU-1', 1, 100, 100)");
  db.run("CREATE TABLE prices (sku TEXT, currency TEXT, list_price REAL)");
  db.run("INSERT INTO prices VALUES ('SKU-1', 'EUR', 100)");
  db.close();
  server = await startTestServer(
    `modules:
  revenue_leakage: { max_discount_pct: 10 }
connectors:
  - id: billing
    type: csv
    transactions: ./lines.csv
    reference: { price_list: ./prices.csv }
  - id: erp
    type: sqlite
    path: ./erp.db
    transactions: lines
    reference: { price_list: prices }
`,
    { dir },
  );
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

async function analyze(data: Record<string, unknown>, connector = "billing"): Promise<string[]> {
  const res = await server.call("POST", "/v1/analyze", { connector, module: "revenue_leakage", data });
  if (res.status !== 200) throw new Error(`${res.status}: ${await res.text()}`);
  return ((await res.json()) as AnalysisResult).anomalies.map((a) => a.code);
}

const creditNote = { transaction_id: "CN-1", type: "credit_note", date: "2026-03-09", customer_id: "C-1", currency: "EUR", amount: -100, reference: "INV-1", lines: [] };

describe("a CSV source rewritten while the server runs", () => {
  test("a new price list is used within a second (the reference tables' cache)", async () => {
    expect(await analyze({ transaction_id: "INV-1" })).toEqual([]);
    writeFileSync(join(dir, "prices.csv"), priceList(200));
    await Bun.sleep(1_100);
    expect(await analyze({ transaction_id: "INV-1" })).toEqual(["price_below_list"]);
  });

  test("a changed transactions file is the history within a second (the analysis context)", async () => {
    // The invoice of 100 is credited in full: nothing to report.
    expect(await analyze(creditNote)).toEqual([]);
    // The export is regenerated: the invoice was 50, so the credit of 100 is more than it.
    writeFileSync(join(dir, "lines.csv"), invoices(50));
    writeFileSync(join(dir, "prices.csv"), priceList(50));
    await Bun.sleep(1_100);
    expect(await analyze(creditNote)).toEqual(["excessive_credit_note"]);
  });

  test("a SQLite source's write, still in its write-ahead log, is seen within a second", async () => {
    expect(await analyze({ transaction_id: "INV-1" }, "erp")).toEqual([]);
    const db = new Database(join(dir, "erp.db"));
    db.run("PRAGMA wal_autocheckpoint = 0"); // the write stays in the log, the main file untouched
    db.run("UPDATE prices SET list_price = 200");
    await Bun.sleep(1_100);
    expect(await analyze({ transaction_id: "INV-1" }, "erp")).toEqual(["price_below_list"]);
    db.close();
  });
});
