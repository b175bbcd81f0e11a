// csv.encoding: exports from Windows and many ERP systems (DATEV, SAP's default code pages) are
// Windows-1252, not UTF-8. Read as UTF-8 every non-ASCII byte became U+FFFD, so "Müller GmbH" and
// "Möller GmbH" were one customer and a header "Stückpreis" matched no mapping. With the setting,
// lookups, scans, quoted fields, headers and reference tables read the text it means.
import { afterAll, describe, expect, test } from "bun:test";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector } from "../../src/connectors/csv/connector.ts";
import { isUtf8File } from "../../src/connectors/csv/encoding.ts";
import { decoderOf } from "../../src/connectors/csv/reader.ts";
import { connectorSettings } from "../../src/connectors/settings.ts";
import { systemClock } from "../../src/domain/clock.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeTempDir } from "../support/harness.ts";

const dir = makeTempDir("assay-encoding-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The text as Windows-1252 bytes (every character here is in that code page). */
function cp1252(text: string): Buffer {
  const bytes: number[] = [];
  const high: Record<string, number> = { "€": 0x80, "„": 0x84, "“": 0x93, "”": 0x94, "–": 0x96 };
  for (const ch of text) {
    const code = high[ch] ?? ch.charCodeAt(0);
    if (code > 0xff) throw new Error(`not in the test's code page: ${ch}`);
    bytes.push(code);
  }
  return Buffer.from(bytes);
}

const LINES = [
  "Belegnummer;Kunde;Artikel;Menge;Stückpreis;Währung;Bemerkung",
  "R-1;Müller GmbH;SKU-Ä;2;10,50;EUR;Lieferung „Süd“",
  'R-2;Möller GmbH;SKU-Ä;1;10,50;EUR;"Teil ""Öl"" – 5 €"',
  "R-2;Möller GmbH;SKU-B;3;7,00;EUR;",
].join("\r\n");

function connector(encoding?: string): CsvConnector {
  writeFileSync(join(dir, "lines.csv"), cp1252(`${LINES}\r\n`));
  writeFileSync(join(dir, "prices.csv"), cp1252("Artikel;Listenpreis;Währung\r\nSKU-Ä;10,50;EUR\r\nSKU-B;7,00;EUR\r\n"));
  const csv = `{ delimiter: ";", decimal: ","${encoding ? `, encoding: ${encoding}` : ""} }`;
  const yaml = `connectors:
  - id: datev
    type: csv
    transactions: ./lines.csv
    reference: { price_list: ./prices.csv }
    reference_mapping: { price_list: { sku: Artikel, list_price: Listenpreis, currency: Währung } }
    mapping: { transaction_id: Belegnummer, customer_id: Kunde, sku: Artikel, quantity: Menge, unit_price: Stückpreis, currency: Währung }
    csv: ${csv}
`;
  return new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
}

async function scanAll(c: CsvConnector): Promise<Transaction[]> {
  const out: Transaction[] = [];
  for await (const t of c.scan()) out.push(t);
  return out;
}

describe("csv.encoding: windows-1252", () => {
  test("a scan reads customers, SKUs, mapped headers and quoted text as written", async () => {
    const txs = await scanAll(connector("windows-1252"));
    expect(txs.map((t) => t.customer_id)).toEqual(["Müller GmbH", "Möller GmbH"]);
    expect(txs[0]!.lines[0]).toMatchObject({ sku: "SKU-Ä", quantity: 2, unit_price: 10.5 });
    expect(txs[0]!.currency).toBe("EUR");
    expect(txs[0]!.attributes?.Bemerkung).toBe("Lieferung „Süd“");
    expect(txs[1]!.attributes?.Bemerkung).toBe('Teil "Öl" – 5 €');
  });

  test("a lookup by id reads the same transaction as the scan", async () => {
    const c = connector("windows-1252");
    const [, second] = await scanAll(c);
    expect(await c.getTransaction("R-2")).toEqual(second!);
  });

  test("the reference tables are read in the same encoding", async () => {
    const ref = await connector("windows-1252").reference();
    expect(ref.price_list.map((p) => p.sku)).toEqual(["SKU-Ä", "SKU-B"]);
  });

  test("iso-8859-1 and iso-8859-15 are accepted", async () => {
    expect((await scanAll(connector("iso-8859-1"))).map((t) => t.customer_id)).toEqual(["Müller GmbH", "Möller GmbH"]);
    expect((await scanAll(connector("iso-8859-15"))).map((t) => t.customer_id)).toEqual(["Müller GmbH", "Möller GmbH"]);
  });
});

test("without the setting (auto), a file that is not UTF-8 is read as Windows-1252, and the status says so", async () => {
  const c = connector();
  const txs = await scanAll(c);
  expect(txs.map((t) => t.customer_id)).toEqual(["Müller GmbH", "Möller GmbH"]);
  expect(txs[1]!.attributes?.Bemerkung).toBe('Teil "Öl" – 5 €');
  expect(await c.getTransaction("R-2")).toEqual(txs[1]!);
  expect((await c.reference()).price_list.map((p) => p.sku)).toEqual(["SKU-Ä", "SKU-B"]);
  expect(c.mappingReport().warnings).toEqual([
    "lines.csv: not UTF-8 text, read as windows-1252 (csv.encoding: auto); if its accented letters read wrong, set csv.encoding to the export's code page",
    "reference table price_list (prices.csv): not UTF-8 text, read as windows-1252 (csv.encoding: auto); if its accented letters read wrong, set csv.encoding to the export's code page",
  ]);
});

test("auto reads a UTF-8 file as UTF-8 with nothing to report, also when its first non-ASCII letter comes after the first mebibyte", async () => {
  const filler = Array.from({ length: 30_000 }, (_, i) => `F-${i};Kunde ${i % 50};SKU-B;1;7,00;EUR;plain ascii text`).join("\n");
  writeFileSync(join(dir, "late.csv"), `Belegnummer;Kunde;Artikel;Menge;Stückpreis;Währung;Bemerkung\n${filler}\nR-9;Jürgen Groß;SKU-B;1;7,00;EUR;€\n`);
  const yaml = `connectors:\n  - { id: late, type: csv, transactions: ./late.csv, csv: { delimiter: ";", decimal: "," }, mapping: { transaction_id: Belegnummer, customer_id: Kunde, sku: Artikel, quantity: Menge, unit_price: Stückpreis, currency: Währung } }\n`;
  const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  expect((await c.getTransaction("R-9"))?.customer_id).toBe("Jürgen Groß");
  expect(c.mappingReport().warnings).toBeUndefined();
  // The same file with one Windows-1252 byte after the first mebibyte is not UTF-8.
  const bytes = readFileSync(join(dir, "late.csv"));
  expect(bytes.length).toBeGreaterThan(1 << 20);
  writeFileSync(join(dir, "late.csv"), Buffer.concat([bytes, cp1252("R-10;Müller;SKU-B;1;7,00;EUR;\n")]));
  const again = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  expect((await again.getTransaction("R-10"))?.customer_id).toBe("Müller");
  expect((await again.getTransaction("R-9"))?.customer_id).toBe("JÃ¼rgen GroÃŸ"); // a file of mixed encodings is read in one: the UTF-8 name as Windows-1252 shows it
});

test("auto tells the encoding in the pass that indexes the file: a late Windows-1252 byte behind ASCII ids and header, and behind a UTF-8 id (indexed again)", async () => {
  const filler = Array.from({ length: 30_000 }, (_, i) => `F-${i};Kunde ${i % 50};SKU-B;1;7,00;EUR`).join("\n");
  const yaml = `connectors:\n  - { id: late, type: csv, transactions: ./late2.csv, csv: { delimiter: ";", decimal: "," }, mapping: { transaction_id: id, customer_id: customer } }\n`;
  const open = () => new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  // Every string the index keeps is ASCII: the index built reading UTF-8 is the Windows-1252 one.
  writeFileSync(join(dir, "late2.csv"), Buffer.concat([Buffer.from(`id;customer;sku;qty;price;currency\n${filler}\n`), cp1252("R-10;Müller;SKU-B;1;7,00;EUR\n")]));
  const ascii = open();
  expect((await ascii.getTransaction("R-10"))?.customer_id).toBe("Müller");
  expect((await ascii.getTransaction("F-7"))?.customer_id).toBe("Kunde 7");
  expect(ascii.mappingReport().warnings?.[0]).toContain("late2.csv: not UTF-8 text, read as windows-1252");
  // An id of the start is UTF-8 "Ü-1": as the file is Windows-1252, it reads "Ãœ-1", in lookups and scans alike.
  writeFileSync(join(dir, "late2.csv"), Buffer.concat([Buffer.from(`id;customer;sku;qty;price;currency\nÜ-1;Start;SKU-B;1;7,00;EUR\n${filler}\n`), cp1252("R-10;Müller;SKU-B;1;7,00;EUR\n")]));
  const mixed = open();
  expect((await mixed.getTransaction("Ãœ-1"))?.customer_id).toBe("Start");
  expect(await mixed.getTransaction("Ü-1")).toBeNull();
  const ids: string[] = [];
  for await (const t of mixed.scan()) if (!t.transaction_id.startsWith("F-")) ids.push(t.transaction_id);
  expect(ids).toEqual(["Ãœ-1", "R-10"]);
});

test("isUtf8File: a character cut by a read boundary is joined, an unfinished one at the end is not UTF-8", async () => {
  for (const ch of ["é", "€", "😀"]) {
    const bytes = Buffer.from(ch);
    for (let shift = 0; shift < 4; shift++) {
      const whole = Buffer.concat([Buffer.alloc((1 << 20) - shift, 0x61), bytes, Buffer.from("x")]);
      writeFileSync(join(dir, "cut.csv"), whole);
      expect(await isUtf8File(join(dir, "cut.csv"))).toBe(true);
      writeFileSync(join(dir, "cut.csv"), whole.subarray(0, whole.length - 2)); // its last byte and the x gone
      expect(await isUtf8File(join(dir, "cut.csv"))).toBe(bytes.length === 1);
    }
  }
  expect(await isUtf8File(join(dir, "no-such-file.csv"))).toBe(true); // its reader says what is wrong
});

test("with encoding: utf-8 the connector's status says the mapped headers are not in the file, and names the setting", async () => {
  const c = connector("utf-8");
  await c.probe();
  const [warning] = c.mappingReport().warnings!;
  expect(warning).toContain('lines.csv: the header has no column for mapping.unit_price: "Stückpreis", mapping.currency: "Währung", so the field is absent');
  expect(warning).toContain("set csv: { encoding: windows-1252 }");
  // The rest is still read (the two customers, as U+FFFD, are one).
  const txs = await scanAll(c);
  expect(txs[0]!.customer_id).toBe(txs[1]!.customer_id);
});

test("a mapped column the header does not have is reported in the status, naming the mapping and the columns; the file is still read", async () => {
  writeFileSync(join(dir, "plain.csv"), "id,customer,amount\nA-1,C1,10\n");
  const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./plain.csv, mapping: { transaction_id: id, customer_id: customer, amount: Betrag } }\n`;
  const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  await c.probe();
  expect(c.mappingReport().warnings).toEqual(['plain.csv: the header has no column for mapping.amount: "Betrag", so the field is absent (its columns: "id", "customer", "amount")']);
  expect((await scanAll(c)).map((t) => [t.transaction_id, t.customer_id, t.amount])).toEqual([["A-1", "C1", undefined]]);
});

test("a reference_mapping column the table does not have is reported too; a required one still refuses the table", async () => {
  writeFileSync(join(dir, "plain.csv"), "transaction_id,amount\nA-1,10\n");
  writeFileSync(join(dir, "list.csv"), "sku,list_price\nS-1,5\n");
  const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./plain.csv, reference: { price_list: ./list.csv }, reference_mapping: { price_list: { currency: Waehrung } } }\n`;
  const c = new CsvConnector(connectorSettings(parseConfig(yaml, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  expect((await c.reference()).price_list).toEqual([{ sku: "S-1", list_price: 5 }]);
  expect(c.mappingReport().warnings).toEqual(['reference table price_list has no column for currency (column "Waehrung"): the field is absent from its rows']);
  const required = `connectors:\n  - { id: y, type: csv, transactions: ./plain.csv, reference: { price_list: ./list.csv }, reference_mapping: { price_list: { sku: Artikel } } }\n`;
  const r = new CsvConnector(connectorSettings(parseConfig(required, join(dir, "assay.yaml"), {}))[0]!, systemClock);
  await expect(r.reference()).rejects.toThrow('reference table price_list has no column for sku (column "Artikel")');
});

test("an unknown encoding is refused with its YAML path", () => {
  const yaml = `connectors:\n  - { id: x, type: csv, transactions: ./lines.csv, csv: { encoding: latin9 } }\n`;
  expect(() => parseConfig(yaml, join(dir, "assay.yaml"), {})).toThrow("connectors[0].csv.encoding");
});

test("decoderOf decodes UTF-8 through Buffer and single-byte text through TextDecoder", () => {
  expect(decoderOf()(Buffer.from("Grüße"), 0, 7)).toBe("Grüße");
  expect(decoderOf("windows-1252")(Buffer.from([0x80, 0x20, 0xfc]), 0, 3)).toBe("€ ü");
  expect(decoderOf("iso-8859-15")(Buffer.from([0xa4]), 0, 1)).toBe("€");
});
