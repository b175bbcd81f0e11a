// A DATEV Buchungsstapel (EXTF) as a Steuerberater exports it: line 1 the metadata header
// ("EXTF";700;21;"Buchungsstapel";…;Datum vom;Datum bis;…), line 2 the column names, bookings
// with an unsigned Umsatz beside the Soll/Haben-Kennzeichen and a Belegdatum written DDMM without
// its year. A folder of monthly files spans years: each file's own header line gives the year.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-datev-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const meta = (from: string, to: string, fiscalYear = `${from.slice(0, 4)}0101`) =>
  `"EXTF";700;21;"Buchungsstapel";13;${to}1530000000;;"RE";"";"";29098;55003;${fiscalYear};4;${from};${to};"Buchungen";"HB";1;0;1;"EUR";;"";;;"03";;;"";""`;
const COLUMNS = '"Umsatz (ohne Soll/Haben-Kz)";"Soll/Haben-Kennzeichen";"WKZ Umsatz";"Konto";"Gegenkonto (ohne BU-Schlüssel)";"BU-Schlüssel";"Belegdatum";"Belegfeld 1";"Buchungstext"';

function connector(files: Record<string, string[]>, csv: string, mapping = "{ transaction_id: $row, date: Belegdatum, amount: Umsatz (ohne Soll/Haben-Kz), debit_credit: Soll/Haben-Kennzeichen, customer_id: Konto, reference: Belegfeld 1 }"): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(folder, "exports"), { recursive: true });
  for (const [name, lines] of Object.entries(files)) writeFileSync(join(folder, "exports", name), Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1"));
  const yaml = `connectors:\n  - { id: datev, type: csv, transactions: ./exports/, csv: { delimiter: ";", decimal: ",", ${csv} }, mapping: ${mapping} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

const DECEMBER = [meta("20241201", "20241231"), COLUMNS, '1190,00;"S";"EUR";10001;8400;;3112;"RE-4711";"AR Müller GmbH"', '595,00;"H";"EUR";70001;3400;;0212;"ER 88";"ER Stahl Greiner"'];
const JANUARY = [meta("20250101", "20250131"), COLUMNS, '1190,00;"H";"EUR";10001;1200;;501;"RE-4711";"Zahlungseingang"'];

test("each file's Belegdatum takes its year from the file's header line; the column names are read from line 2", async () => {
  const c = connector({ "EXTF_Buchungsstapel_2024_12.csv": DECEMBER, "EXTF_Buchungsstapel_2025_01.csv": JANUARY }, "date_format: DDMM");
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.transaction_id, t.date, t.amount, t.customer_id, t.reference])).toEqual([
    ["EXTF_Buchungsstapel_2024_12.csv:1", "2024-12-31", 1190, "10001", "RE-4711"],
    ["EXTF_Buchungsstapel_2024_12.csv:2", "2024-12-02", -595, "70001", "ER 88"],
    ["EXTF_Buchungsstapel_2025_01.csv:1", "2025-01-05", -1190, "10001", "RE-4711"],
  ]);
  expect(txs[0]!.attributes).toMatchObject({ Buchungstext: "AR Müller GmbH", "Gegenkonto (ohne BU-Schlüssel)": "8400" });
  expect(c.mappingReport().rejected_rows).toBe(0);
  // A lookup reads the row with the same year as the scan.
  expect((await c.getTransaction("EXTF_Buchungsstapel_2025_01.csv:1"))?.date).toBe("2025-01-05");
});

test("a batch of a fiscal year from July reads January to June in the next calendar year", async () => {
  const c = connector({ "EXTF_Buchungsstapel_2024_25.csv": [meta("20240701", "20250630", "20240701"), COLUMNS, '100,00;"S";"EUR";10001;8400;;1507;"A";"x"', '100,00;"S";"EUR";10001;8400;;1503;"B";"x"'] }, "date_format: DDMM");
  expect((await collect(c.scan())).map((t) => t.date)).toEqual(["2024-07-15", "2025-03-15"]);
});

test("header_row: 2, as docs told DATEV users to set before, reads the same", async () => {
  const c = connector({ "EXTF_Buchungsstapel_2024_12.csv": DECEMBER }, "date_format: DDMM, header_row: 2");
  expect((await collect(c.scan())).map((t) => t.date)).toEqual(["2024-12-31", "2024-12-02"]);
});

test("a year-less date in a file without a DATEV header line is a rejected row that says where the year comes from", async () => {
  const c = connector({ "bookings.csv": DECEMBER.slice(1) }, "date_format: DDMM");
  await expect(collect(c.scan())).rejects.toThrow('"3112" has no year: the date format DDMM reads only a DATEV export');
});

test("with the default date_format and no mapping but the row number, DATEV's columns and dates read as DATEV writes them", async () => {
  const folder = join(dir, "zero");
  mkdirSync(join(folder, "exports"), { recursive: true });
  const lines = [meta("20241201", "20241231"), `${COLUMNS};"Leistungsdatum"`, '1190,00;"S";"EUR";10001;8400;;3112;"RE-4711";"AR Müller GmbH";15122024'];
  writeFileSync(join(folder, "exports", "EXTF_Buchungsstapel_2024_12.csv"), Buffer.from(`${lines.join("\r\n")}\r\n`, "latin1"));
  const yaml = `connectors:\n  - { id: datev, type: csv, transactions: ./exports/, csv: { delimiter: ";", decimal: "," }, mapping: { transaction_id: $row, entered_at: Leistungsdatum } }\n`;
  const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.transaction_id, t.date, t.entered_at, t.amount, t.reference])).toEqual([["EXTF_Buchungsstapel_2024_12.csv:1", "2024-12-31", "2024-12-15", 1190, "RE-4711"]]);
  expect(txs[0]!.attributes).toMatchObject({ Konto: "10001", Buchungstext: "AR Müller GmbH" });
});

test("a booking's entered_at is its batch's creation (\"erzeugt am\" in the header line): a later batch for a closed month shows its lag", async () => {
  const late = [meta("20241201", "20241231").replace(";202412311530000000;", ";20250415091500123;"), COLUMNS, '2380,00;"H";"EUR";70009;3400;;1612;"ER 4711";"ER nachgebucht"'];
  const c = connector({ "EXTF_Buchungsstapel_2024_12.csv": DECEMBER, "EXTF_Buchungsstapel_2024_12_Nachtrag.csv": late }, "date_format: DDMM");
  const txs = await collect(c.scan());
  expect(txs.map((t) => [t.date, t.entered_at])).toEqual([
    ["2024-12-31", "2024-12-31T15:30:00Z"],
    ["2024-12-02", "2024-12-31T15:30:00Z"],
    ["2024-12-16", "2025-04-15T09:15:00Z"],
  ]);
  // A column the mapping names as entered_at wins over the batch's creation.
  const mapped = connector({ "EXTF_Buchungsstapel_2024_12.csv": DECEMBER }, "date_format: DDMM", "{ transaction_id: $row, date: Belegdatum, entered_at: Belegdatum }");
  expect((await collect(mapped.scan())).map((t) => t.entered_at)).toEqual(["2024-12-31", "2024-12-02"]);
});
