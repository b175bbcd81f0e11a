// An ambiguous date among a document's attributes (a work date of 06/07/2025, 7 June or 6 July) is
// read in the export's order of day and month: the one its connector's csv.date_format states,
// else the one the export's other documents show (06/21/2025 can only be month first), end to end
// over real HTTP, in a scan and in a report whose history pass is split over two scan workers.
// The list price of PART-C rises from 100 to 130 on 1 July 2025; an invoice of 15 July billing at
// 100 work done on 7 June is at the price of that day, work done on 6 July is below the list.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

const HEADER = "transaction_id,type,date,customer_id,currency,sku,quantity,unit_price,line_amount,amount,Work Date";
const row = (id: string, date: string, workDate: string) => `${id},invoice,${date},C1,USD,PART-C,2,100,200,200,${workDate}`;

/** Each connector's file: `T-JUNE` names 7 June and `T-JULY` 6 July, both written ambiguously. */
const files: Record<string, string[]> = {
  // csv.date_format MM/DD/YYYY: the invoice's date and the work dates month first.
  mmdd: [row("T-JUNE", "07/15/2025", "06/07/2025"), row("T-JULY", "07/15/2025", "07/06/2025")],
  // csv.date_format DD/MM/YYYY: day first.
  ddmm: [row("T-JUNE", "15/07/2025", "07/06/2025"), row("T-JULY", "15/07/2025", "06/07/2025")],
  // No date format (ISO dates): the other documents' work dates show month first.
  learned: [row("T-JUNE", "2025-07-15", "06/07/2025"), row("T-JULY", "2025-07-15", "07/06/2025"), row("T-21", "2025-07-15", "06/21/2025"), row("T-24", "2025-07-15", "06/24/2025")],
};

let s: Server;
beforeAll(async () => {
  const dir = makeTempDir("assay-export-day-order-");
  mkdirSync(join(dir, "data"));
  for (const [name, rows] of Object.entries(files)) writeFileSync(join(dir, "data", `${name}.csv`), `${HEADER}\n${rows.join("\n")}\n`);
  writeFileSync(join(dir, "data", "prices.csv"), "sku,list_price,currency,valid_from\nPART-C,100,USD,\nPART-C,130,USD,2025-07-01\n");
  const connector = (id: string, csv: string) => `  - id: ${id}
    type: csv
    transactions: ./data/${id}.csv
    reference: { price_list: ./data/prices.csv }
    csv: { delimiter: ",", ${csv} }
`;
  s = await startServer(
    `reports: { workers: 2 }
connectors:
${connector("mmdd", "date_format: MM/DD/YYYY")}${connector("ddmm", "date_format: DD/MM/YYYY")}${connector("learned", "")}`,
    { dir },
  );
});
afterAll(() => s.stop());

const flagged = (anomalies: { transaction_id: string; code: string }[]) =>
  [...new Set(anomalies.filter((a) => a.code === "price_below_list").map((a) => a.transaction_id))].sort();

for (const id of ["mmdd", "ddmm", "learned"]) {
  test(`${id}: a scan reads the ambiguous work date in the export's order`, async () => {
    const r = await json(await s.call("POST", "/v1/analyze", { connector: id, module: "revenue_leakage", options: { limit: 1000 } }));
    expect(flagged(r.anomalies)).toEqual(["T-JULY"]);
  }, 30_000);

  test(`${id}: so does a report whose history pass is split over two workers`, async () => {
    const queued = await json(await s.call("POST", "/v1/reports", { type: "revenue_leakage", connector: id, period: { from: "2025-01-01", to: "2025-12-31" } }));
    const r = await waitForReport(s.call, queued.id);
    expect(r.status, JSON.stringify(r.error)).toBe("completed");
    const content = await json(await s.call("GET", r.content_url));
    expect(flagged(content.findings)).toEqual(["T-JULY"]);
  }, 30_000);
}
