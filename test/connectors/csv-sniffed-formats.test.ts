// csv.decimal and csv.date_format unset: each file's decimal separator and date pattern found from
// its first records (csv/decimal.ts, csv/date-format.ts), and a recognised ledger export that names
// no line (a FEC, a DATEV Buchungsstapel, a QuickBooks Online report) numbered by its rows without
// mapping.transaction_id: an evaluator drops an export in a folder, configures nothing, and it reads.
import { afterAll, expect, test } from "bun:test";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { sniffDateFormat } from "../../src/connectors/csv/date-format.ts";
import { sniffDecimalComma } from "../../src/connectors/csv/decimal.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-decimal-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test("decimal commas are found from cells that are numbers only that way; points, dates and ambiguous groups are not", () => {
  expect(sniffDecimalComma([["1000,00", "0,00"], ["12,5", "x"]], "")).toEqual({ decimal: ",", thousands: "" });
  // Grouped by points or (no-break) spaces: the grouping is the thousands separator.
  expect(sniffDecimalComma([["1.234,56"], ["10,00"]], "")).toEqual({ decimal: ",", thousands: "." });
  expect(sniffDecimalComma([["1\u00a0234,56"], ["10,00"]], "")).toEqual({ decimal: ",", thousands: " " });
  // A configured thousands separator is kept; a comma one cannot be the decimal too.
  expect(sniffDecimalComma([["1234,56"]], "'")).toEqual({ decimal: ",", thousands: "'" });
  expect(sniffDecimalComma([["1234,56"]], ",")).toBeUndefined();
  // Points, US grouping, three decimals (a thousands group either way), dates and text say nothing for the comma.
  expect(sniffDecimalComma([["12.50", "1,234.56"]], "")).toBeUndefined();
  expect(sniffDecimalComma([["1,234", "1.234", "31.12.2025", "20250131", "RE-4711", "a,b"]], "")).toBeUndefined();
  // Both: the comma must be clearly the file's (four to one), so one odd cell does not decide.
  expect(sniffDecimalComma([["1,50"], ["2.00"], ["3.00"]], "")).toBeUndefined();
  expect(sniffDecimalComma([["1,50", "2,00", "3,00", "4,00", "1.5"]], "")).toEqual({ decimal: ",", thousands: "" });
  // SAP's trailing minus.
  expect(sniffDecimalComma([["1234,56-"]], "")).toEqual({ decimal: ",", thousands: "" });
});

const FEC = [
  "JournalCode|JournalLib|EcritureNum|EcritureDate|CompteNum|CompteLib|CompAuxNum|CompAuxLib|PieceRef|PieceDate|EcritureLib|Debit|Credit|EcritureLet|DateLet|ValidDate|Montantdevise|Idevise",
  "AC|Journal des achats|AC000001|20250314|601000|Achats matières premières|||FA4711|20250312|Aciers du Rhône FA4711|1 000,00|0,00|||20250407||",
  "AC|Journal des achats|AC000001|20250314|445660|TVA déductible|||FA4711|20250312|Aciers du Rhône FA4711|200,00|0,00|||20250407||",
  "AC|Journal des achats|AC000001|20250314|401000|Fournisseurs|F0005|Aciers du Rhône SAS|FA4711|20250312|Aciers du Rhône FA4711|0,00|1 200,00|AAB|20250425|20250407||",
];

const DATEV = [
  `"EXTF";700;21;"Buchungsstapel";13;20241231153000000;;"RE";"";"";29098;55003;20240101;4;20241201;20241231;"Buchungen";"HB";1;0;1;"EUR";;"";;;"03";;;"";""`,
  '"Umsatz (ohne Soll/Haben-Kz)";"Soll/Haben-Kennzeichen";"WKZ Umsatz";"Konto";"Gegenkonto (ohne BU-Schlüssel)";"BU-Schlüssel";"Belegdatum";"Belegfeld 1";"Buchungstext"',
  '1.190,00;"S";"EUR";10001;8400;;3112;"RE-4711";"AR Müller GmbH"',
  '595,00;"H";"EUR";70001;3400;;0212;"ER 88";"ER Stahl Greiner"',
];

/** A connector over a folder `exports/` holding `files` ("../name": beside it), configured by `yaml` (the entry's keys after its transactions). */
function connector(files: Record<string, string>, yaml = ""): CsvConnector {
  const folder = join(dir, `f${Math.random().toString(36).slice(2)}`);
  mkdirSync(join(folder, "exports"), { recursive: true });
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name.startsWith("../") ? name.slice(3) : join("exports", name)), Buffer.from(text, "latin1"));
  // A `yaml` giving its own csv settings replaces the default ones (written twice, YAML's last
  // would win, and the configuration refuses a key written twice).
  const csv = /(^|, )csv:/.test(yaml) ? "" : ', csv: { pattern: "*" }';
  const config = `connectors:\n  - { id: c, type: csv, transactions: ./exports/${csv}${yaml ? `, ${yaml}` : ""} }\n`;
  return new CsvConnector(connectorSettings(parseConfig(config, join(folder, "assay.yaml"), {}))[0]!, systemClock);
}

const scan = (c: CsvConnector): Promise<Transaction[]> => collect(c.scan());

const crlf = (lines: string[]) => `${lines.join("\r\n")}\r\n`;

test("a FEC with nothing configured reads as with its recipe: rows numbered, decimal commas and no-break thousands, and the status says both", async () => {
  const file = "552081317FEC20251231.txt";
  const zero = connector({ [file]: crlf(FEC) });
  const recipe = connector({ [file]: crlf(FEC) }, 'csv: { pattern: "*", delimiter: "|", decimal: ",", thousands: " " }, mapping: { transaction_id: $row }');
  const txs = await scan(zero);
  expect(txs.map((t) => [t.transaction_id, t.date, t.amount, t.customer_id, t.reference])).toEqual([
    [`${file}:1`, "2025-03-14", 1000, undefined, "FA4711"],
    [`${file}:2`, "2025-03-14", 200, undefined, "FA4711"],
    [`${file}:3`, "2025-03-14", -1200, "F0005", "FA4711"],
  ]);
  expect(txs).toEqual(await scan(recipe));
  expect(zero.mappingReport().rejected_rows).toBe(0);
  const warnings = zero.mappingReport().warnings ?? [];
  expect(warnings).toContain(`${file}: numbers read with a decimal comma and " " between thousands, as its first records write them (csv.decimal is not set); if amounts read wrong, set csv.decimal`);
  expect(warnings).toContain(`${file}: a ledger export that names no line (mapping.transaction_id is not set): each row is a transaction named by its number, as transaction_id: $row would`);
  // A lookup finds a row by its number, with its amount read the same way.
  expect((await zero.getTransaction(`${file}:3`))?.amount).toBe(-1200);
});

test("a DATEV Buchungsstapel with nothing configured reads: semicolons, decimal commas with point thousands, rows numbered", async () => {
  const file = "EXTF_Buchungsstapel_2024_12.csv";
  const txs = await scan(connector({ [file]: crlf(DATEV) }));
  expect(txs.map((t) => [t.transaction_id, t.date, t.amount, t.reference])).toEqual([
    [`${file}:1`, "2024-12-31", 1190, "RE-4711"],
    [`${file}:2`, "2024-12-02", -595, "ER 88"],
  ]);
});

test("a configured csv.decimal always wins: the FEC's commas under decimal: \".\" are rejected rows naming the setting", async () => {
  const c = connector({ "552081317FEC20251231.txt": crlf(FEC.slice(0, 1).concat(FEC.slice(2))) }, 'csv: { pattern: "*", decimal: "." }');
  await expect(scan(c)).rejects.toThrow('"200,00" is not a number (a decimal comma: set csv: { decimal: "," } on the connector)');
});

test("a mapped transaction_id is the mapping's: a recognised export whose mapping names a missing id column is unavailable, as any file", async () => {
  const c = connector({ "552081317FEC20251231.txt": crlf(FEC) }, "mapping: { transaction_id: Ligne }");
  await expect(scan(c)).rejects.toThrow('the header has no column "Ligne" for transaction_id');
});

test("a file that is no recognised export still needs its id column, and a point file reads as before with nothing said", async () => {
  const missing = connector({ "journal.csv": "date;amount\n2025-01-02;10,50\n" });
  await expect(scan(missing)).rejects.toThrow('the header has no column "transaction_id" for transaction_id');
  const plain = connector({ "plain.csv": 'transaction_id,amount,note\n1,"1234.50",a\n2,12.50,b\n3,7,"x,y"\n' });
  expect((await scan(plain)).map((t) => t.amount)).toEqual([1234.5, 12.5, 7]);
  expect(plain.mappingReport().warnings).toBeUndefined();
});

test("each file of a folder has its own: a point export beside a comma one", async () => {
  const c = connector({ "a.csv": "transaction_id;amount\nA1;1.234,50\nA2;10,00\n", "b.csv": "transaction_id,amount\nB1,1234.50\n" });
  expect((await scan(c)).map((t) => [t.transaction_id, t.amount])).toEqual([
    ["A1", 1234.5],
    ["A2", 10],
    ["B1", 1234.5],
  ]);
});

test("a reference table of decimal commas reads its prices as written", async () => {
  const c = connector(
    { "lines.csv": "transaction_id;customer_id;sku;quantity;unit_price\nI1;C1;S1;2;9,50\n", "../prices.csv": "sku;list_price;currency\nS1;12,50;EUR\nS2;1.250,00;EUR\n" },
    "reference: { price_list: ./prices.csv }",
  );
  const reference = await c.reference();
  expect(reference.price_list.map((p) => [p.sku, p.list_price])).toEqual([
    ["S1", 12.5],
    ["S2", 1250],
  ]);
  expect(c.mappingReport().warnings).toContain('reference table price_list (prices.csv): numbers read with a decimal comma and "." between thousands, as its first records write them (csv.decimal is not set); if amounts read wrong, set csv.decimal');
  expect((await scan(c))[0]!.lines[0]!.unit_price).toBe(9.5);
});

test("a scan cut into parts for workers reads each part's numbers and row numbers as the whole scan does", async () => {
  const rows = Array.from({ length: 400 }, (_, i) => `AC|Journal des achats|AC${String(i).padStart(6, "0")}|20250314|601000|Achats|||FA${i}|20250312|x|${i},25|0,00|||20250407||`);
  const c = connector({ "552081317FEC20251231.txt": crlf([FEC[0]!, ...rows]) });
  const whole = await scan(c);
  const parts = await c.partitions(3);
  expect(parts?.length).toBe(3);
  const fromParts: Transaction[] = [];
  for (const part of parts!) {
    const worker = CsvConnector.forPartition(structuredClone(part), systemClock);
    for await (const t of worker.scanPartition(part)) fromParts.push(t);
  }
  expect(fromParts).toEqual(whole);
  expect(whole[399]).toMatchObject({ transaction_id: "552081317FEC20251231.txt:400", amount: 399.25 });
});

test("a date format is found when the dates tell day from month; ISO, mixed shapes and dates that fit both ways are not guessed", () => {
  expect(sniffDateFormat(["31.12.2025", "01.02.2025"])).toBe("DD.MM.YYYY");
  expect(sniffDateFormat(["12/31/2025", "01/02/2025 14:05"])).toBe("MM/DD/YYYY");
  expect(sniffDateFormat(["31/12/25", "", "02/01/25"])).toBe("DD/MM/YY");
  expect(sniffDateFormat(["13-01-2025"])).toBe("DD-MM-YYYY");
  // Points are day first by themselves; slashes that fit both ways are the user's to say.
  expect(sniffDateFormat(["05.03.2025"])).toBe("DD.MM.YYYY");
  expect(sniffDateFormat(["05/03/2025", "01/02/2025"])).toBeUndefined();
  // Day above 12 in both places (two orders in one column), mixed separators or year lengths, ISO, text: nothing.
  expect(sniffDateFormat(["13/01/2025", "01/13/2025"])).toBeUndefined();
  expect(sniffDateFormat(["31.12.2025", "31/12/2025"])).toBeUndefined();
  expect(sniffDateFormat(["31.12.2025", "31.12.25"])).toBeUndefined();
  expect(sniffDateFormat(["2025-01-31", "31.01.2025"])).toBeUndefined();
  expect(sniffDateFormat(["20250131"])).toBeUndefined();
  expect(sniffDateFormat(["Dec 31, 2025"])).toBeUndefined();
  expect(sniffDateFormat([])).toBeUndefined();
});

test("a US export's dates read with nothing configured, said in the status; lookups and reference tables read them alike", async () => {
  const c = connector(
    {
      "invoices.csv": "transaction_id,date,customer_id,sku,quantity,unit_price\nI1,01/02/2025,C1,S1,1,10\nI2,01/31/2025,C1,S1,1,10\n",
      "../contracts.csv": "contract_id,customer_id,sku,price,valid_from,valid_to\nK1,C1,S1,9.5,01/01/2025,12/31/2025\n",
    },
    "reference: { contracts: ./contracts.csv }",
  );
  expect((await scan(c)).map((t) => t.date)).toEqual(["2025-01-02", "2025-01-31"]);
  expect((await c.getTransaction("I1"))?.date).toBe("2025-01-02");
  expect((await c.reference()).contracts.map((k) => [k.valid_from, k.valid_to])).toEqual([["2025-01-01", "2025-12-31"]]);
  const warnings = c.mappingReport().warnings ?? [];
  expect(warnings).toContain("invoices.csv: dates read as MM/DD/YYYY, as its first records write them (csv.date_format is not set); if dates read wrong, set csv.date_format");
  expect(warnings).toContain("reference table contracts (contracts.csv): dates read as MM/DD/YYYY, as its first records write them (csv.date_format is not set); if dates read wrong, set csv.date_format");
});

test("dates that fit both ways keep the file unavailable with the setting named; a configured date_format always wins", async () => {
  const ambiguous = connector({ "invoices.csv": "transaction_id,date\nI1,05/03/2025\nI2,01/02/2025\n" });
  await expect(scan(ambiguous)).rejects.toThrow("set csv.date_format");
  const configured = connector({ "invoices.csv": "transaction_id,date\nI1,05/03/2025\nI2,13/02/2025\n" }, 'csv: { pattern: "*", date_format: "DD/MM/YYYY" }');
  expect((await scan(configured)).map((t) => t.date)).toEqual(["2025-03-05", "2025-02-13"]);
  expect(configured.mappingReport().warnings).toBeUndefined();
});

test("a German SAP list reads with nothing configured: semicolons, decimal commas with point thousands, DD.MM.YYYY; scan parts read them alike", async () => {
  const rows = Array.from({ length: 300 }, (_, i) => `${4900000 + i};${String((i % 28) + 1).padStart(2, "0")}.03.2025;K${i % 7};1.${String(i).padStart(3, "0")},50`);
  const c = connector({ "fagll03.csv": `transaction_id;date;customer_id;amount\n${rows.join("\n")}\n` });
  const whole = await scan(c);
  expect(whole[0]).toMatchObject({ transaction_id: "4900000", date: "2025-03-01", amount: 1000.5 });
  expect(whole[299]).toMatchObject({ date: "2025-03-20", amount: 1299.5 });
  const fromParts: Transaction[] = [];
  for (const part of (await c.partitions(2))!) {
    const worker = CsvConnector.forPartition(structuredClone(part), systemClock);
    for await (const t of worker.scanPartition(part)) fromParts.push(t);
  }
  expect(fromParts).toEqual(whole);
});
