// unbilled_recurring_charge end to end over real HTTP: a lease schedule with a billing cadence
// (a CSV contracts file, `billing_frequency` mapped from its `Frequency` column), a year of
// monthly invoices with one parking fee dropped and one month not billed at all. The scan lists
// the dropped fee on May's invoice and the missing month with transaction_id "*"; the report
// lists both, the missing month with no transaction, its contract and period in `expected`.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

const HEADER = "transaction_id,type,date,customer_id,currency,contract_id,sku,line_amount,amount";
const rows: string[] = [];
for (let m = 1; m <= 12; m++) {
  const mm = String(m).padStart(2, "0");
  if (mm === "08") continue; // August: the recurring-charge run skipped the lease
  const id = `INV-${mm}`;
  const park = mm !== "05"; // May: the parking fee dropped
  const total = 1200 + (park ? 75 : 0);
  rows.push(`${id},invoice,2025-${mm}-01,T1,USD,L1,RENT,1200,${total}`);
  if (park) rows.push(`${id},invoice,2025-${mm}-01,T1,USD,L1,PARK,75,${total}`);
}
// A late fee in August is no invoice of the lease's charges.
rows.push("LATE-08,invoice,2025-08-06,T1,USD,L1,LATE,75,75");

let s: Server;
beforeAll(async () => {
  const dir = makeTempDir("assay-unbilled-");
  mkdirSync(join(dir, "data"));
  writeFileSync(join(dir, "data", "lines.csv"), `${HEADER}\n${rows.join("\n")}\n`);
  writeFileSync(
    join(dir, "data", "lease_charges.csv"),
    "Lease,Tenant,Code,Amount,From,To,Frequency\nL1,T1,RENT,1200,2025-01-01,2025-12-31,Monthly\nL1,T1,PARK,75,2025-01-01,2025-12-31,Monthly\n",
  );
  // Two scan workers: a report of a connector whose contracts state a cadence still judges the
  // whole history in process (a split scan's workers would not have it).
  s = await startServer(
    `reports: { workers: 2 }
connectors:
  - id: pms
    type: csv
    name: Rent roll
    transactions: ./data/lines.csv
    reference: { contracts: ./data/lease_charges.csv }
    reference_mapping:
      contracts: { contract_id: Lease, customer_id: Tenant, sku: Code, price: Amount, valid_from: From, valid_to: To, billing_frequency: Frequency }
`,
    { dir },
  );
});
afterAll(() => s.stop());

test("a scan finds the dropped fee on its invoice and the month without any document on none", async () => {
  const r = await json(await s.call("POST", "/v1/analyze", { connector: "pms", module: "revenue_leakage", options: { limit: 1000 } }));
  const gaps = r.anomalies.filter((a: any) => a.code === "unbilled_recurring_charge");
  const seen = gaps.map((a: any) => [a.transaction_id, a.expected.sku, a.expected.period_from, a.amount_at_risk]).sort();
  expect(seen).toEqual([
    ["*", "PARK", "2025-08-01", 75],
    ["*", "RENT", "2025-08-01", 1200],
    ["INV-05", "PARK", "2025-05-01", 75],
  ]);
  expect(gaps.every((a: any) => a.severity === "high" || a.severity === "critical")).toBe(true);
  expect(r.flagged_transactions.map((f: any) => f.transaction_id)).toEqual(["INV-05"]);
  // A lookup of May's invoice says the same.
  const may = await json(await s.call("POST", "/v1/analyze", { connector: "pms", module: "revenue_leakage", data: { transaction_id: "INV-05" } }));
  expect(may.anomalies.map((a: any) => [a.code, a.amount_at_risk])).toEqual([["unbilled_recurring_charge", 75]]);
}, 30_000);

test("the revenue-leakage report lists both, the missing month without a transaction", async () => {
  const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "pms", period: { from: "2025-01-01", to: "2025-12-31" } }));
  const r = await waitForReport(s.call, queued.id);
  expect(r.status, JSON.stringify(r.error)).toBe("completed");
  const content = await json(await s.call("GET", r.content_url));
  const gaps = content.findings.filter((f: any) => f.code === "unbilled_recurring_charge");
  expect(gaps.map((f: any) => [f.transaction_id, f.date, f.customer_id, f.expected.contract_id, f.expected.sku, f.amount_at_risk]).sort((a: any[], b: any[]) => String(a).localeCompare(String(b)))).toEqual([
    [null, "2025-08-01", "T1", "L1", "PARK", 75],
    [null, "2025-08-01", "T1", "L1", "RENT", 1200],
    ["INV-05", "2025-05-01", "T1", "L1", "PARK", 75],
  ]);
  expect(r.summary.findings).toBe(content.findings.length);
  expect(r.summary.amount_at_risk).toEqual([{ currency: "USD", amount: 1350 }]);
  // A period that leaves August out leaves its finding out.
  const june = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "pms", period: { from: "2025-01-01", to: "2025-06-30" } }));
  const j = await waitForReport(s.call, june.id);
  const jc = await json(await s.call("GET", j.content_url));
  expect(jc.findings.filter((f: any) => f.code === "unbilled_recurring_charge").map((f: any) => f.transaction_id)).toEqual(["INV-05"]);
}, 30_000);

test("the previous period's comparison counts the charges of months without any document too", async () => {
  // September–October against July–August: August's two unbilled charges are the previous
  // period's only findings.
  const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: "pms", period: { from: "2025-09-01", to: "2025-10-31" } }));
  const r = await waitForReport(s.call, queued.id);
  expect(r.status, JSON.stringify(r.error)).toBe("completed");
  expect(r.summary.findings).toBe(0);
  expect(r.summary.previous_period).toMatchObject({ from: "2025-07-02", to: "2025-08-31", transactions_flagged: 0, findings: 2, amount_at_risk: [{ currency: "USD", amount: 1275 }] });
}, 30_000);
