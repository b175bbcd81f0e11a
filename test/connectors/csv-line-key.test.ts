// A line-item list that names no line on its own: SAP's FAGLL03H or "Journal Entry Items" export
// numbers a line by company code, document number, fiscal year and line item together (BUKRS,
// BELNR, GJAHR, BUZEI), and no column holds them joined. Mapped to the document number alone, a
// document was one transaction read from its first line (its other lines' accounts and amounts
// unread); `transaction_id` may now name the columns whose values together name a line.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-line-key-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const FAGLL03H = [
  "Buchungskreis;Belegnummer;Position;Geschäftsjahr;Sachkonto;Kreditor;Soll/Haben-Kennz.;Betrag in Hauswährung",
  "1000;1900000001;001;2025;160000;100017;H;1.190,00",
  "1000;1900000001;002;2025;675000;;S;1.000,00",
  "1000;1900000001;003;2025;154000;;S;190,00",
  // The same document number in the other company code is another document.
  "2000;1900000001;001;2025;160000;200003;H;540,00",
  "2000;1900000001;002;2025;675000;;S;540,00",
].join("\r\n");

const KEY = "transaction_id: [Buchungskreis, Belegnummer, Geschäftsjahr, Position]";

function connector(csv: string, mapping = `${KEY}, amount: Betrag in Hauswährung, debit_credit: Soll/Haben-Kennz., customer_id: Kreditor`): CsvConnector {
  writeFileSync(join(dir, "fagll03h.csv"), Buffer.from(`${csv}\r\n`, "latin1"));
  const yaml = `connectors:\n  - { id: sap, type: csv, transactions: ./fagll03h.csv, csv: { delimiter: ";", decimal: ",", thousands: "." }, mapping: { ${mapping} } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

test("the columns of a line key name one transaction per line, their values joined by '-'", async () => {
  const c = connector(FAGLL03H);
  const txs = await collect(c.scan());
  expect(txs.map((t) => t.transaction_id)).toEqual(["1000-1900000001-2025-001", "1000-1900000001-2025-002", "1000-1900000001-2025-003", "2000-1900000001-2025-001", "2000-1900000001-2025-002"]);
  expect(txs.map((t) => t.amount)).toEqual([-1190, 1000, 190, -540, 540]);
  // The key's columns stay attributes: the document number is what groups a document's lines.
  expect(txs[1]!.attributes).toMatchObject({ Buchungskreis: "1000", Belegnummer: "1900000001", Position: "002", Sachkonto: "675000" });
  expect(c.mappingReport().rejected_rows).toBe(0);
});

test("a line is looked up by its joined key", async () => {
  const c = connector(FAGLL03H);
  expect((await c.getTransaction("2000-1900000001-2025-002"))?.amount).toBe(540);
  expect(await c.getTransaction("1900000001")).toBeNull();
});

test("rows of one key apart in the file are one transaction, as with a single id column", async () => {
  const rows = FAGLL03H.split("\r\n");
  const c = connector([...rows, "1000;1900000001;001;2025;;;;"].join("\r\n"), `${KEY}, line_amount: Betrag in Hauswährung, sku: Sachkonto`);
  const txs = await collect(c.scan());
  expect(txs.map((t) => t.transaction_id)).toEqual(["1000-1900000001-2025-001", "1000-1900000001-2025-002", "1000-1900000001-2025-003", "2000-1900000001-2025-001", "2000-1900000001-2025-002"]);
  expect(txs[0]!.lines.map((l) => l.sku)).toEqual(["160000"]);
});

test("a key column the header lacks makes the file unavailable, naming the column", async () => {
  await expect(connector(FAGLL03H, "transaction_id: [Buchungskreis, Belegnr, Position]").probe()).rejects.toThrow('no column "Belegnr" for transaction_id');
});

test("a list of columns is refused for a source that is not a CSV file, with its YAML path", () => {
  const yaml = `connectors:\n  - { id: gl, type: sqlite, path: ./gl.db, transactions: acdoca, mapping: { ${KEY} } }\n`;
  try {
    connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
    throw new Error("accepted");
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).problems.join("\n")).toContain("connectors[0].mapping.transaction_id: a list of columns is read from csv files only");
  }
});

test("only transaction_id takes a list of columns", () => {
  const yaml = `connectors:\n  - { id: gl, type: csv, transactions: ./gl.csv, mapping: { customer_id: [Kreditor, Debitor] } }\n`;
  try {
    connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
    throw new Error("accepted");
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    expect((e as ConfigError).problems.join("\n")).toContain("connectors[0].mapping.customer_id: one column");
  }
});
