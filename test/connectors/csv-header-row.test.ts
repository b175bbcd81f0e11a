// Exports saved from an accounting package's report screen (QuickBooks, Xero, Sage, DATEV's
// "Buchungsstapel") start with title lines — the company, the report's name, its period, a blank
// line — before the column header, and end with a totals line and a footer. `csv.header_row`
// names the row that holds the header; a file whose first row lacks the id column but whose later
// row has it says which number to set.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-header-row-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const REPORT = [
  "Greenway Landscaping LLC",
  "Journal",
  '"January 1 - December 31, 2025"',
  "",
  "Date,Transaction Type,Num,Name,Account,Debit,Credit",
  "01/03/2025,Expense,,Blue Bottle Café,Meals,12.50,",
  "01/04/2025,Invoice,1001,Greenway HOA,Sales,,1450.00",
  'TOTAL,,,,,12.50,"1,450.00"',
  "",
  '"Accrual basis Friday, November 27, 2026 08:15 PM GMT-06:00"',
];

function connector(lines: string[], csv: string, mapping: string): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(join(folder, "journal.csv"), `${lines.join("\r\n")}\r\n`);
  const yaml = `connectors:\n  - { id: books, type: csv, transactions: ./journal.csv, csv: { date_format: MM/DD/YYYY, thousands: ",", ${csv} }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

const ROWS = "transaction_id: $row, date: Date, customer_id: Name, debit: Debit, credit: Credit";

test("the header is read from csv.header_row; the title lines above it are no rows, and numbering starts after it", async () => {
  const c = connector(REPORT, "header_row: 5", ROWS);
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.transaction_id, t.date, t.amount])).toEqual([
    ["1", "2025-01-03", 12.5],
    ["2", "2025-01-04", -1450],
  ]);
  expect(txs[0]!.attributes).toMatchObject({ Account: "Meals", "Transaction Type": "Expense" });
  expect((await c.getTransaction("2"))?.customer_id).toBe("Greenway HOA");
  // The report's totals line is named a totals row, the footer an unreadable date: both rejected and reported, neither a transaction.
  const report = c.mappingReport();
  expect(report.rejected_rows).toBe(2);
  expect(report.samples.map((s) => s.reason).join("\n")).toContain('"TOTAL" is a totals row');
});

test("a header on a later row is named in the message when the first row lacks the id column", async () => {
  await expect(connector(REPORT, "header_row: 1", "transaction_id: Num, date: Date").probe()).rejects.toThrow("the header is on row 5: set csv: { header_row: 5 }");
  // With $row, a first row holding none of the mapped columns is the same mistake.
  await expect(connector(REPORT, "header_row: 1", ROWS).probe()).rejects.toThrow("the header is on row 5: set csv: { header_row: 5 }");
});

test("a header row past the file's end leaves no rows, and the connector says why", async () => {
  await expect(connector(REPORT.slice(0, 3), "header_row: 5", ROWS).probe()).rejects.toThrow("csv.header_row is 5, but the file has 3 rows");
});

test("csv.header_row must be a whole number from 1, with its YAML path", () => {
  try {
    parseConfig("connectors:\n  - { id: books, type: csv, transactions: ./j.csv, csv: { header_row: 0 } }\n", join(dir, "assay.yaml"), {});
    throw new Error("accepted");
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).problems.join("\n")).toContain("connectors[0].csv.header_row");
  }
});
