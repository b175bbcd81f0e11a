// A QuickBooks Online transaction report (Journal, General Ledger) re-saved as CSV: no line id,
// the split lines of one QBO transaction consecutive, `Num` its document number as keyed (blank
// for a card charge). `Num` is read as `reference` without a mapping, as a FEC's PieceRef is; a
// mapping still wins; a header that only shares some of QBO's names is not taken for one.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-qbo-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const JOURNAL = [
  "Date,Transaction Type,Num,Name,Memo/Description,Account,Split,Debit,Credit,Create Date,Created By",
  '01/06/2024,Bill,26873,Dana Kowalski Bookkeeping,,Accounts Payable (A/P),Legal & Professional Fees,,850.00,01/11/2024 13:57:55,Dana Kowalski',
  '01/06/2024,Bill,26873,Dana Kowalski Bookkeeping,,Legal & Professional Fees,Accounts Payable (A/P),850.00,,01/11/2024 13:57:55,Dana Kowalski',
  '01/08/2024,Credit Card Expense,,Shell,SHELL OIL 57442219,Chase Ink Card,Automobile:Fuel,,69.56,01/12/2024 19:26:13,Mike Alvarez',
  '01/08/2024,Credit Card Expense,,Shell,SHELL OIL 57442219,Automobile:Fuel,Chase Ink Card,69.56,,01/12/2024 19:26:13,Mike Alvarez',
];

function connector(lines: readonly string[], mapping: string): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, "journal.csv"), `${lines.join("\r\n")}\r\n`);
  const yaml = `connectors:\n  - { id: books, type: csv, transactions: ./journal.csv, csv: { date_format: MM/DD/YYYY }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

test("a QBO report's Num is its document number: read as reference, blank where the transaction has none", async () => {
  const txs = await collect(connector(JOURNAL, "transaction_id: $row").scan());
  expect(txs.map((t) => [t.transaction_id, t.reference, t.amount])).toEqual([
    ["1", "26873", -850],
    ["2", "26873", 850],
    ["3", undefined, -69.56],
    ["4", undefined, 69.56],
  ]);
  // Read as a field, it is not an attribute too; the other columns stay.
  expect(Object.keys(txs[0]!.attributes!)).not.toContain("Num");
  expect(txs[0]!.attributes).toMatchObject({ "Transaction Type": "Bill", Name: "Dana Kowalski Bookkeeping", Split: "Legal & Professional Fees" });
});

test("a mapping names its own reference over Num", async () => {
  const txs = await collect(connector(JOURNAL, "transaction_id: $row, reference: Memo/Description").scan());
  expect(txs.map((t) => t.reference)).toEqual([undefined, undefined, "SHELL OIL 57442219", "SHELL OIL 57442219"]);
  expect(txs[0]!.attributes).toMatchObject({ Num: "26873" });
});

test("a header with a Num column but not QBO's other columns keeps Num an attribute", async () => {
  const lines = ["Date,Num,Account,Debit,Credit", "01/06/2024,26873,Utilities,850.00,", "01/06/2024,26873,Accounts Payable,,850.00"];
  const txs = await collect(connector(lines, "transaction_id: $row").scan());
  expect(txs.map((t) => [t.reference, t.attributes?.Num])).toEqual([
    [undefined, "26873"],
    [undefined, "26873"],
  ]);
});
