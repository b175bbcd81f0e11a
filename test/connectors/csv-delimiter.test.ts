// csv.delimiter unset: each file's delimiter is found from its first records — comma, semicolon,
// tab or pipe, quotes respected, the most consistent split winning — and a configured one always
// wins. The French FEC, pipe- or tab-separated with decimal commas in every amount, is the case a
// count of characters gets wrong.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { sniffDelimiter } from "../../src/connectors/csv/delimiter.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-delim-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const sniff = (text: string, whole = true) => sniffDelimiter(Buffer.from(text), whole);

const FEC_HEADER = "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise";
const FEC = [
  FEC_HEADER,
  "AC|Journal des achats|AC000001|20250314|601000|Achats|||FA4711|20250312|Aciers du Rhône FA4711|1000,00|0,00|||20250407|1000,00|EUR",
  "AC|Journal des achats|AC000001|20250314|445660|TVA déductible|||FA4711|20250312|Aciers du Rhône FA4711|200,00|0,00|||20250407|200,00|EUR",
  "AC|Journal des achats|AC000001|20250314|401000|Fournisseurs|F0005|Aciers du Rhône SAS|FA4711|20250312|Aciers du Rhône FA4711|0,00|1200,00|AAB|20250425|20250407|1200,00|EUR",
];

test("each usual delimiter is found", () => {
  expect(sniff("a,b,c\n1,2,3\n4,5,6\n")).toBe(",");
  expect(sniff("a;b;c\n1;2,5;3\n4;5;6,25\n")).toBe(";");
  expect(sniff("a\tb\tc\n1\t2\t3\n")).toBe("\t");
  expect(sniff("a|b|c\n1|2|3\n")).toBe("|");
});

test("a FEC's decimal commas do not make it a comma file, pipe- or tab-separated", () => {
  expect(sniff(`${FEC.join("\r\n")}\r\n`)).toBe("|");
  expect(sniff(`${FEC.map((l) => l.replaceAll("|", "\t")).join("\r\n")}\r\n`)).toBe("\t");
});

test("delimiters inside quoted fields split nothing, line breaks inside them end no record", () => {
  const text = ['id,name,amount', '1,"Müller; Hans | GmbH; ""Süd""",10', '2,"Line one;\nline two; three",20', "3,Plain,30"].join("\n");
  expect(sniff(`${text}\n`)).toBe(",");
  // The same file on semicolons, its names holding commas.
  const semi = ['id;name;amount', '1;"Müller, Hans, GmbH";10,5', '2;"A, B\nC, D";20', "3;Plain;30"].join("\n");
  expect(sniff(`${semi}\n`)).toBe(";");
});

test("an incomplete last record (the read stopped inside it) is not counted; one column splits on nothing", () => {
  expect(sniff("a;b;c\n1;2;3\n4;5", false)).toBe(";");
  expect(sniff("amount\n10\n20\n")).toBeUndefined();
  expect(sniff("")).toBeUndefined();
});

test("a DATEV export's metadata line above its header does not hide its semicolons", () => {
  const datev = [
    '"EXTF";700;21;"Buchungsstapel";13;20250203123456789;;"";"";"";12345;67890;20250101;4;20250101;20250131;"";"";1;0;0;"EUR"',
    '"Umsatz (ohne Soll/Haben-Kz)";"Soll/Haben-Kennzeichen";"WKZ Umsatz";"Konto";"Gegenkonto (ohne BU-Schlüssel)";"BU-Schlüssel";"Belegdatum";"Belegfeld 1";"Buchungstext"',
    '1190,00;"S";"EUR";4400;10000;"";3101;"RE-1";"Rechnung, Müller"',
    '500,00;"H";"EUR";1200;10000;"";0502;"ZA-1";"Zahlung"',
  ];
  expect(sniff(`${datev.join("\r\n")}\r\n`)).toBe(";");
});

function connector(name: string, text: string, csv: string): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, name), Buffer.from(text, "latin1"));
  const yaml = `connectors:\n  - { id: c, type: csv, transactions: ./${name}, csv: { ${csv} }, mapping: { transaction_id: $row } }\n`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

test("a FEC with no delimiter configured reads as with delimiter: |, and the status names the one chosen", async () => {
  const text = `${FEC.join("\r\n")}\r\n`;
  const sniffed = connector("552081317FEC20251231.txt", text, 'decimal: ","');
  const configured = connector("552081317FEC20251231.txt", text, 'delimiter: "|", decimal: ","');
  const got = await collect(sniffed.scan());
  expect(got.map((t) => [t.date, t.amount, t.reference])).toEqual([
    ["2025-03-14", 1000, "FA4711"],
    ["2025-03-14", 200, "FA4711"],
    ["2025-03-14", -1200, "FA4711"],
  ]);
  expect(got).toEqual(await collect(configured.scan()));
  const note = '552081317FEC20251231.txt: read with the delimiter "|", the one its first records split on (csv.delimiter is not set); if its columns read wrong, set csv.delimiter';
  expect(sniffed.mappingReport().warnings).toContain(note);
  // (Both say the file is read as Windows-1252: it is ISO-8859-15 here.)
  expect(configured.mappingReport().warnings).not.toContain(note);
});

test("a configured delimiter always wins, even where another splits the file better", async () => {
  const c = connector("journal.csv", "id;amount\n1;10\n", 'delimiter: ","');
  // Read on commas, the header is one column named "id;amount": no column is mapped but the row number.
  const [t] = await collect(c.scan());
  expect(t!.attributes).toEqual({ "id;amount": "1;10" });
});

test("a comma file is read as before, and nothing is said", async () => {
  const c = connector("plain.csv", "id,amount\n1,10\n2,20\n", "");
  expect((await collect(c.scan())).map((t) => t.amount)).toEqual([10, 20]);
  expect(c.mappingReport().warnings).toBeUndefined();
});
