// A posting export dates each line on its own (a hotel's night audit posts every night's room
// charge on its business date; the folio is billed at check-out): mapped as `line_date`, every
// line keeps its day, read in the connector's date format, where an attribute keeps the first
// row's only. Read where `mapping` names it or a column has exactly its name, never from a loose
// match: an export's "Line Date" column that means something else stays an attribute.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-line-date-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function connector(file: string, header: string, rows: string[], mapping: string): CsvConnector {
  writeFileSync(join(dir, file), `${[header, ...rows].join("\n")}\n`);
  const yaml = `connectors:\n  - { id: c, type: csv, transactions: ./${file}, csv: { date_format: MM/DD/YYYY }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

test("each posting keeps its own business date; the bill keeps its own", async () => {
  const c = connector(
    "postings.csv",
    "BILL_NO,BILL_DATE,TRX_DATE,TRX_CODE,QUANTITY,TRX_AMOUNT",
    ["AUS100002,03/03/2026,03/01/2026,1000,1,199.00", "AUS100002,03/03/2026,03/02/2026,1000,1,229.00", "AUS100002,03/03/2026,,1060,1,50.00"],
    "transaction_id: BILL_NO, date: BILL_DATE, line_date: TRX_DATE, sku: TRX_CODE, quantity: QUANTITY, line_amount: TRX_AMOUNT",
  );
  const [bill] = await collect(c.scan());
  expect(bill!.date).toBe("2026-03-03");
  expect(bill!.lines).toEqual([
    { sku: "1000", quantity: 1, amount: 199, date: "2026-03-01" },
    { sku: "1000", quantity: 1, amount: 229, date: "2026-03-02" },
    { sku: "1060", quantity: 1, amount: 50 },
  ]);
  expect(bill!.attributes ?? {}).not.toHaveProperty("TRX_DATE");
});

test("a column named like the field is not read as it unless mapped", async () => {
  const c = connector("lines.csv", "Invoice,Line Date,Item,Amount", ["INV-1,03/01/2026,A,10.00"], "transaction_id: Invoice, sku: Item, line_amount: Amount");
  const [inv] = await collect(c.scan());
  expect(inv!.lines).toEqual([{ sku: "A", amount: 10 }]);
  expect(inv!.attributes).toMatchObject({ "Line Date": "03/01/2026" });
});
