// usage_stopped and recurring_component_missing end to end over real HTTP: a CIS-like export
// (a unit per line: MO, KWH, KW) of two service agreements, one whose meter stops for three months
// while its customer charge bills on, one whose demand charge is missing from one bill. A scan
// and a report through two scan workers (the history pass split, its service months merged)
// find the same bills at high, each with its estimate.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

const HEADER = "transaction_id,type,date,customer_id,currency,contract_id,sku,unit,quantity,unit_price,line_amount,amount";
const rows: string[] = [];
for (let m = 1; m <= 10; m++) {
  const day = `2025-${String(m).padStart(2, "0")}-05`;
  // SA1: 500 kWh at 0.15 a month, none in June–August (the meter stuck).
  const kwh = m >= 6 && m <= 8 ? 0 : 500;
  const res = [["RCUST", "MO", 1, 12, 12], ...(kwh ? [["E1", "KWH", kwh, 0.15, 75]] : [])] as const;
  const resTotal = res.reduce((s, l) => s + Number(l[4]), 0);
  for (const l of res) rows.push(`R-${m},invoice,${day},A1,USD,SA1,${l.join(",")},${resTotal}`);
  // SA2: customer charge, energy and a demand charge — missing in May.
  const com = [["CCUST", "MO", 1, 35, 35], ["ENERGY", "KWH", 40000, 0.09, 3600], ["FUEL", "KWH", 40000, 0.03, 1200], ...(m === 5 ? [] : [["DEM", "KW", 100, 11, 1100]])] as const;
  const comTotal = com.reduce((s, l) => s + Number(l[4]), 0);
  for (const l of com) rows.push(`C-${m},invoice,${day},B1,USD,SA2,${l.join(",")},${comTotal}`);
}

let s: Server;
beforeAll(async () => {
  const dir = makeTempDir("assay-service-history-");
  mkdirSync(join(dir, "data"));
  writeFileSync(join(dir, "data", "lines.csv"), `${HEADER}\n${rows.join("\n")}\n`);
  // The tariff as the price list (revenue_leakage reads a connector with reference data).
  writeFileSync(join(dir, "data", "tariff.csv"), "sku,list_price,currency\nRCUST,12,USD\nE1,0.15,USD\nCCUST,35,USD\nENERGY,0.09,USD\nFUEL,0.03,USD\nDEM,11,USD\n");
  s = await startServer(
    `reports: { workers: 2 }
connectors:
  - id: cis
    type: csv
    name: CIS bill segments
    transactions: ./data/lines.csv
    reference: { price_list: ./data/tariff.csv }
`,
    { dir },
  );
});
afterAll(() => s.stop());

const expected = [
  ["C-5", "recurring_component_missing", 1100],
  ["R-6", "usage_stopped", 75],
  ["R-7", "usage_stopped", 75],
  ["R-8", "usage_stopped", 75],
];

test("a scan finds the stuck meter's three bills and the bill without its demand charge, at high", async () => {
  const r = await json(await s.call("POST", "/v1/analyze", { connector: "cis", module: "revenue_leakage", options: { limit: 1000 } }));
  const found = r.anomalies.filter((a: any) => a.code === "usage_stopped" || a.code === "recurring_component_missing");
  expect(found.map((a: any) => [a.transaction_id, a.code, a.amount_at_risk]).sort()).toEqual(expected);
  expect(found.every((a: any) => a.severity === "high")).toBe(true);
}, 30_000);

test("the revenue-leakage report, its history pass split over two workers, lists the same", async () => {
  const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "cis", period: { from: "2025-01-01", to: "2025-12-31" } }));
  const r = await waitForReport(s.call, queued.id);
  expect(r.status, JSON.stringify(r.error)).toBe("completed");
  const content = await json(await s.call("GET", r.content_url));
  const found = content.findings.filter((f: any) => f.code === "usage_stopped" || f.code === "recurring_component_missing");
  expect(found.map((f: any) => [f.transaction_id, f.code, f.amount_at_risk]).sort()).toEqual(expected);
}, 30_000);
