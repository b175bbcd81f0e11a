// A general ledger exported as most accounting systems write it: debit and credit columns instead
// of a signed amount, and the system's own source codes (Xero's SPEND, ACCPAYPAYMENT, SAP's
// document types) instead of Assay's transaction types. Before, `amount: Debit` lost every credit
// line's amount and `type: Source` rejected every row.
import { afterAll, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ConfigError, parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-ledger-map-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const GL = [
  "Line ID,Journal No,Source,Account,Contact,Debit,Credit,Net",
  "L1,J1,ACCPAY,400,Acme,120.50,,120.50",
  "L2,J1,ACCPAY,800,Acme,,120.50,-120.50",
  "L3,J2,ACCPAYPAYMENT,800,Acme,120.50,,120.50",
  "L4,J2,ACCPAYPAYMENT,090,Acme,,120.50,-120.50",
  "L5,J3,MANJOURNAL,090,,0.30,0.10,0.20",
  "L6,J4,accreccredit,200,Bolt,,5,-5",
].join("\n");

function connector(extra: string): CsvConnector {
  writeFileSync(join(dir, "gl.csv"), `${GL}\n`);
  const yaml = `connectors:\n  - { id: gl, type: csv, transactions: ./gl.csv, ${extra} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

test("debit and credit columns become the amount, debit − credit, and leave the attributes", async () => {
  const txs = await collect(connector("mapping: { transaction_id: Line ID, customer_id: Contact }").scan());
  expect(txs.map((t) => t.amount)).toEqual([120.5, -120.5, 120.5, -120.5, 0.2, -5]);
  expect(txs[0]!.attributes).toEqual({ "Journal No": "J1", Source: "ACCPAY", Account: "400", Net: "120.50" });
});

test("a mapped amount column wins over debit and credit", async () => {
  const txs = await collect(connector("mapping: { transaction_id: Line ID, amount: Net, debit: Debit, credit: Credit }").scan());
  expect(txs.map((t) => t.amount)).toEqual([120.5, -120.5, 120.5, -120.5, 0.2, -5]);
  expect(txs[0]!.attributes).not.toHaveProperty("Debit");
});

test("type_values maps the source's codes (as written, or in another case) to transaction types", async () => {
  const c = connector("mapping: { transaction_id: Line ID, type: Source }, type_values: { ACCPAY: invoice, ACCPAYPAYMENT: payment, MANJOURNAL: journal_entry, ACCRECCREDIT: credit_note }");
  expect((await collect(c.scan())).map((t) => t.type)).toEqual(["invoice", "invoice", "payment", "payment", "journal_entry", "credit_note"]);
});

test("type_values may name the blank: a Business Central export writes no Document Type on a general journal's lines", async () => {
  writeFileSync(join(dir, "bc.csv"), ["Entry No.,Document Type,Document No.,Amount", "1,Invoice,PINV-1,100", "2,,GJ-7,-25", "3,Payment,PMT-2,-100", ""].join("\n"));
  const read = async (values: string) => {
    const yaml = `connectors:\n  - { id: gl, type: csv, transactions: ./bc.csv, mapping: { transaction_id: Entry No., type: Document Type }, type_values: ${values} }\n`;
    return (await collect(new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock).scan())).map((t) => t.type);
  };
  expect(await read(`{ "": journal_entry }`)).toEqual(["invoice", "journal_entry", "payment"]);
  // Without a code for the blank, the blank is read as before (the mapping's default type).
  expect(await read(`{ Invoice: invoice }`)).toEqual(["invoice", "invoice", "payment"]);
});

test("a code type_values does not list is a rejected row that names the setting", async () => {
  const c = connector("mapping: { transaction_id: Line ID, type: Source }, type_values: { ACCPAY: invoice }");
  const txs = await collect(c.scan());
  expect(txs.find((t) => t.transaction_id === "L3")?.attributes?.rejected_rows).toBe(1);
  expect(c.mappingReport().samples[0]?.reason).toContain('"ACCPAYPAYMENT" is not one of invoice, credit_note, payment, journal_entry nor a code of type_values');
});

test("without type_values, a file of source codes is refused with a reason that says where to map them", async () => {
  await expect(connector("mapping: { transaction_id: Line ID, type: Source }").probe()).rejects.toThrow("(map the source's codes in type_values)");
});

test("a type_values entry that is not a transaction type is refused with its YAML path", () => {
  const yaml = `connectors:\n  - { id: gl, type: csv, transactions: ./gl.csv, type_values: { SPEND: expense } }\n`;
  expect(() => connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))).toThrow(ConfigError);
  try {
    connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}));
  } catch (e) {
    expect((e as ConfigError).problems).toContain('connectors[0].type_values.SPEND: "expense" is not a transaction type; one of invoice, credit_note, payment, journal_entry');
  }
});
