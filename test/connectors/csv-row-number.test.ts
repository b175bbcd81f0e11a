// An export that names no line at all: QuickBooks Online's General Ledger and Transaction Detail
// reports, Xero's Account Transactions and most spreadsheets kept by hand have no id column, and
// no combination of their columns is unique (two card charges of 12.50 at the same café on the
// same day). `transaction_id: $row` makes every data row a transaction named by its row number
// (the number the mapping report's "row N" uses), so such a file is usable as exported.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-row-number-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = "Date,Transaction Type,Num,Name,Memo/Description,Account,Debit,Credit";
const QBO = [
  HEADER,
  "01/03/2025,Expense,,Blue Bottle Café,Coffee,Meals,12.50,",
  "01/03/2025,Expense,,Blue Bottle Café,Coffee,Meals,12.50,",
  ",,,,,,,",
  "01/04/2025,Invoice,1001,Greenway HOA,Mowing,Sales,,1450.00",
  '01/05/2025,Deposit,,Greenway HOA,"Payment, thank you",Checking,1450.00,',
];
const MAPPING = "transaction_id: $row, date: Date, customer_id: Name, debit: Debit, credit: Credit";

function connector(file: string, transactions: string, mapping = MAPPING): CsvConnector {
  const yaml = `connectors:\n  - { id: qbo, type: csv, transactions: ${transactions}, csv: { date_format: MM/DD/YYYY }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(file, "assay.yaml"), {}))[0]!, systemClock);
}

function oneFile(lines: string[], mapping = MAPPING): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder);
  writeFileSync(join(folder, "gl.csv"), `${lines.join("\r\n")}\r\n`);
  return connector(folder, "./gl.csv", mapping);
}

test("every data row is its own transaction, named by its row number; a blank row is skipped but keeps its number", async () => {
  const c = oneFile(QBO);
  const txs = await collect(c.scan());
  expect(txs.map((t) => t.transaction_id)).toEqual(["1", "2", "4", "5"]);
  // Two identical rows stay two transactions (no id merges them into one of two lines).
  expect(txs.map((t) => t.amount)).toEqual([12.5, 12.5, -1450, 1450]);
  expect(txs[0]!.attributes).toMatchObject({ "Transaction Type": "Expense", Account: "Meals" });
  expect(txs[0]!.attributes).not.toHaveProperty("$row");
  expect(c.mappingReport().rejected_rows).toBe(0);
});

test("a row is looked up by its number, the quoted comma in another row notwithstanding", async () => {
  const c = oneFile(QBO);
  expect((await c.getTransaction("5"))?.attributes).toMatchObject({ "Memo/Description": "Payment, thank you" });
  expect((await c.getTransaction("4"))?.amount).toBe(-1450);
  expect(await c.getTransaction("3")).toBeNull(); // the blank row
  expect(await c.getTransaction("6")).toBeNull();
  expect(await c.getTransaction("05")).toBeNull();
});

test("a scan cut into parts for workers numbers every part's rows as the whole scan does", async () => {
  const lines = [HEADER];
  for (let i = 1; i <= 3000; i++) lines.push(`01/${String(1 + (i % 28)).padStart(2, "0")}/2025,Expense,,Vendor ${i % 7},"memo, ${i}",Supplies,${(i % 97) + 0.25},`);
  const c = oneFile(lines);
  const whole = (await collect(c.scan())).map((t) => `${t.transaction_id}:${t.amount}`);
  expect(whole.length).toBe(3000);
  const parts = await c.partitions(3);
  expect(parts?.length).toBe(3);
  const parted: string[] = [];
  for (const part of parts!) {
    for await (const t of CsvConnector.forPartition(part, systemClock).scanPartition(part)) parted.push(`${t.transaction_id}:${t.amount}`);
  }
  expect(parted).toEqual(whole);
  expect(whole[2999]).toBe(`3000:${(3000 % 97) + 0.25}`);
});

test("in a folder of exports, a row is named by its file and number, so row 1 of two files are two transactions", async () => {
  const folder = join(dir, "folder");
  mkdirSync(join(folder, "exports"), { recursive: true });
  writeFileSync(join(folder, "exports", "2025-01.csv"), `${QBO.slice(0, 3).join("\n")}\n`);
  writeFileSync(join(folder, "exports", "2025-02.csv"), `${[HEADER, "02/01/2025,Expense,,Shell,Fuel,Vehicle,61.20,"].join("\n")}\n`);
  const c = connector(folder, "./exports");
  expect((await collect(c.scan())).map((t) => t.transaction_id)).toEqual(["2025-01.csv:1", "2025-01.csv:2", "2025-02.csv:1"]);
  expect((await c.getTransaction("2025-02.csv:1"))?.amount).toBe(61.2);
  expect(await c.getTransaction("1")).toBeNull();
});

test("a file with no id column names $row in the message that says so", async () => {
  await expect(oneFile(QBO, "date: Date, debit: Debit, credit: Credit").probe()).rejects.toThrow("transaction_id: $row");
});

test("$row is refused outside a csv source and inside a line key, with its YAML path", () => {
  const problems = (yaml: string): string => {
    try {
      connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
      return "accepted";
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      return (e as ConfigError).problems.join("\n");
    }
  };
  expect(problems("connectors:\n  - { id: gl, type: sqlite, path: ./gl.db, transactions: gl, mapping: { transaction_id: $row } }\n")).toContain("connectors[0].mapping.transaction_id: $row (a row's number) is read from csv files only");
  expect(problems("connectors:\n  - { id: gl, type: csv, transactions: ./gl.csv, mapping: { transaction_id: [Num, $row] } }\n")).toContain("connectors[0].mapping.transaction_id: $row names a line on its own");
});
