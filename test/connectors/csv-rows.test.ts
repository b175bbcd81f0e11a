// The CSV scan reads rows from the bytes (csv/reader.ts CsvRows / CsvRow: no string per field, a
// plain decimal parsed from its bytes, the id compared without decoding, short fields interned).
// It must map every row exactly as the row arrays of readCsvRecords do through the same mapper:
// the same transactions, the same rejections. Odd rows on purpose: quotes, CRLF, ids that differ
// only by whitespace (ASCII and not), non-ASCII text, numbers that are not plain decimals, short
// and long rows, other delimiters and number formats.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseConfig } from "../../src/config/load.ts";
import { CsvConnector, readCsvTable } from "../../src/connectors/csv/connector.ts";
import { buildCsvIndex, runsOf } from "../../src/connectors/csv/file-index.ts";
import { CsvRow, parseRecords, parseRows, CsvRows, readCsvRecords } from "../../src/connectors/csv/reader.ts";
import { MappingStats, RowMapper, TransactionGrouper } from "../../src/connectors/mapping.ts";
import { type ConnectorSettings, connectorSettings } from "../../src/connectors/settings.ts";
import { dateFormat, parseNumber } from "../../src/connectors/values.ts";
import { systemClock } from "../../src/domain/clock.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-csv-rows-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const HEADER = ["transaction_id", "type", "date", "customer_id", "currency", "amount", "tax_amount", "sku", "quantity", "unit_price", "line_amount", "note"];
const LONG = "x".repeat(40);

/** Rows in the "." number format; `d` is the delimiter. */
function oddRows(d: string): string[] {
  const row = (...f: string[]) => f.join(d);
  return [
    row("T-1", "invoice", "2025-01-02T08:00:00Z", "C-1", "USD", "30", "3", "SKU-1", "1", "10", "10", "plain"),
    row("T-1", "invoice", "2025-01-02T08:00:00Z", "C-1", "USD", "30", "3", "SKU-2", "2", "10", "20", ""),
    // The same id with spaces around it (and a tab) continues T-1.
    row(" T-1 ", "invoice", "2025-01-02T08:00:00Z", "C-1", "USD", "30", "3", "SKU-1", "0", "0", "0"),
    row("T-1\t", "invoice", "", "", "", "", "", "SKU-3", "1", "1", "1", LONG),
    // An id that starts as the one in progress does is another transaction.
    row("T-10", "invoice", "2025-01-02T09:00:00Z", "C-1", "USD", "1", "", "SKU-1", "1", "1", "1"),
    // No-break spaces are trimmed too: this is T-2, then T-2 again.
    row("\u00a0T-2", "Credit Note", " 2025-01-03 ", "Zürich AG", "usd", "-5.5", "-0", "SKU-1", "+5", ".5", "5.", "ü"),
    row("T-2", "credit_note", "2025-01-03", "Zürich AG", "USD", "-5.5", "", "SKU-1", " 12 ", "00012.50", "-0.25"),
    row("T-2\u3000", "credit_note", "2025-01-03", "C", "USD", "1", "", "SKU-1", "1e3", "12345678901234.567", "1234567890.12345"),
    // Numbers and dates that cannot be read: rejected rows (with reasons).
    row("T-3", "invoice", "2025-02-30", "C-3", "USD", "1", "", "SKU-1", "1", "1", "1"),
    row("T-3", "invoice", "2025-02-28", "C-3", "USD", "1", "", "SKU-1", "1.2.3", "1", "1"),
    row("T-3", "invoice", "2025-02-28", "C-3", "USD", "1", "", "SKU-1", "-", "١٢", "1"),
    // A number beyond ±1e15 (products of such would overflow to Infinity).
    row("T-3", "invoice", "2025-02-28", "C-3", "USD", "1", "", "SKU-1", "1e308", "1", "1"),
    row("T-4", "refund", "2025-03-01", "C-4", "USD", "1", "", "SKU-1", "1", "1", "1"),
    row("T-5", "invoice", "2025-03-01", "C-5", "US", "1", "", "SKU-1", "1", "1", "1"),
    // Quoted fields (the delimiter, quotes and a line break inside), a quoted number and id.
    row('"T-6"', "invoice", "2025-03-02", '"C-6, Inc"', "EUR", '"12.50"', "", "SKU-1", "1", "12.5", "12.5", '"say ""hi""\r\nthere"'),
    row("T-6", "invoice", "2025-03-02", "C-6", "EUR", "12.50", "", "SKU-2", "1", "0", "0", 'a "quote" mid-field'),
    // A short row (no note, no line amount) and a long one (an extra field).
    row("T-7", "payment", "2025-03-03", "C-7", "EUR", "7"),
    row("T-7", "payment", "2025-03-03", "C-7", "EUR", "7", "", "SKU-9", "1", "7", "7", "n", "extra"),
    // An empty id: rejected, and never the transaction in progress.
    row("", "invoice", "2025-03-04", "C-8", "EUR", "1", "", "SKU-1", "1", "1", "1"),
    row("Ü-9", "invoice", "2025-03-05", "C-9", "EUR", "1", "", "SKU-1", "1", "1", "1"),
    row("Ü-9", "invoice", "2025-03-05", "C-9", "EUR", "1", "", "SKU-2", "1", "1", "1"),
    row("Ü-8", "invoice", "2025-03-05", "C-9", "EUR", "1", "", "SKU-2", "1", "1", "1"),
  ];
}

function settingsFor(file: string, csv: string): ConnectorSettings {
  return connectorSettings(parseConfig(`connectors:\n  - { id: odd, type: csv, transactions: ${file}, csv: ${csv} }\n`, join(dir, "assay.yaml"), {}))[0]!;
}

/** What the row arrays of readCsvRecords give through the mapper: the reference the byte rows must equal. */
async function viaArrays(file: string, settings: ConnectorSettings) {
  const records = (await collect(readCsvRecords(file, { delimiter: settings.csv.delimiter ?? "," }))).flat();
  const header = records[0]!.fields.map((f) => f.trim());
  const formats = { numbers: { decimal: settings.csv.decimal ?? ".", thousands: settings.csv.thousands }, dates: dateFormat(settings.csv.date_format ?? "iso") };
  const stats = new MappingStats();
  const grouper = new TransactionGrouper(new RowMapper(header, {}, formats), stats);
  const out: Transaction[] = [];
  const name = file.split("/").pop();
  records.slice(1).forEach((r, i) => {
    const done = grouper.add(r.fields, i + 1, (ref) => [`${name}@${r.offset}`, `${name} row ${ref}`]);
    if (done) out.push(done);
  });
  const last = grouper.flush();
  if (last) out.push(last);
  return { transactions: out, report: stats.report() };
}

async function compare(lines: string[], lineEnd: string, csv: string) {
  const file = join(dir, `f${Math.random().toString(36).slice(2)}.csv`);
  const settings = settingsFor(file, csv);
  writeFileSync(file, [HEADER.join(settings.csv.delimiter), ...lines].join(lineEnd) + lineEnd);
  const connector = new CsvConnector(settings, systemClock);
  const scanned = await collect(connector.scan());
  const expected = await viaArrays(file, settings);
  expect(scanned).toEqual(expected.transactions);
  expect(connector.mappingReport()).toEqual(expected.report);
  return { scanned, report: expected.report };
}

describe("CSV rows read from the bytes map as the row arrays do", () => {
  test("odd rows, LF and CRLF", async () => {
    for (const lineEnd of ["\n", "\r\n"]) {
      const { scanned, report } = await compare(oddRows(","), lineEnd, "{}");
      // The cases are what they claim: whitespace-only differences continue a transaction, bad rows are rejected.
      expect(scanned.map((t) => t.transaction_id)).toEqual(["T-1", "T-10", "T-2", "T-3", "T-4", "T-5", "T-6", "T-7", "Ü-9", "Ü-8"]);
      expect(scanned[0]!.lines).toHaveLength(4);
      expect(scanned[2]!.lines.map((l) => l.quantity)).toEqual([5, 12, 1000]);
      expect(scanned[2]!.lines[2]!.unit_price).toBe(12345678901234.567);
      expect(scanned[6]!.customer_id).toBe("C-6, Inc");
      expect(scanned[6]!.attributes?.note).toBe('say "hi"\r\nthere');
      expect(scanned[7]!.attributes).toEqual({ note: null });
      expect(report.rejected_rows).toBe(7);
    }
  });

  test("a semicolon with decimal commas, and a delimiter that is not ASCII", async () => {
    const european = oddRows(";").map((l) => l.replace(/(\d)\.(\d)/g, "$1,$2"));
    await compare(european, "\r\n", '{ delimiter: ";", decimal: ",", thousands: "." }');
    await compare(oddRows("§"), "\n", '{ delimiter: "§" }');
  });

  test("CsvRow gives each field's string, plain decimal and trimmed comparison as the record's fields", () => {
    // Many distinct short fields of one length: strings that meet in the row's cache of strings.
    const many = Array.from({ length: 3000 }, (_, i) => `A${String(i).padStart(5, "0")},B${i % 7},${i}`);
    const text = `${oddRows(",").join("\r\n")}\n${many.join("\n")}\n,\n"only quoted"\n${"9".repeat(50)},ÿ,\u00a0`;
    const buf = Buffer.from(text);
    const records: { fields: string[] }[] = [];
    parseRecords(buf, 0, true, ",", 0, records as never);
    const rows = new CsvRows(",");
    parseRows(buf, 0, true, rows.delim, 0, rows);
    expect(rows.count).toBe(records.length);
    const row = new CsvRow();
    for (let i = 0; i < rows.count; i++) {
      row.load(rows, i);
      const fields = records[i]!.fields;
      for (let f = -1; f <= fields.length; f++) {
        const v = fields[f];
        expect(row.value(f)).toBe(v);
        // Twice: the second answer may come from the row's cache of strings.
        expect(row.value(f)).toBe(v);
        const n = row.plainNumber(f);
        if (n !== undefined) expect(n).toBe(parseNumber(v, { decimal: ".", thousands: "" })!);
        for (const s of ["T-1", "T-2", "Ü-9", "", "SKU-1", "C-1"]) expect(row.trimmedEquals(f, s)).toBe((v ?? "").trim() === s);
      }
    }
  });
});

describe("the CSV index keys ids read from the bytes as their strings", () => {
  test("every id's runs, with ids differing by whitespace, non-ASCII, quoted and scattered", async () => {
    for (const d of [",", "§"]) {
      const lines = [...oddRows(d), ...oddRows(d).slice(0, 3), `"T-6"${d}x`, `Ü-9${d}y`, `T-2 ${d}z`];
      const file = join(dir, `i${Math.random().toString(36).slice(2)}.csv`);
      writeFileSync(file, [HEADER.join(d), ...lines].join("\r\n"));
      const index = await buildCsvIndex(file, { delimiter: d, idColumn: "transaction_id" });
      // Reference: the runs of each trimmed id from the records' strings.
      const records = (await collect(readCsvRecords(file, { delimiter: d }))).flat().slice(1);
      const expected = new Map<string, number[]>();
      for (const r of records) {
        const id = (r.fields[0] ?? "").trim();
        const runs = expected.get(id);
        if (!runs) expected.set(id, [r.offset, r.end]);
        else if (runs[runs.length - 1] === r.offset) runs[runs.length - 1] = r.end;
        else runs.push(r.offset, r.end);
      }
      expect(index.rows).toBe(records.length);
      expect(index.slots.size).toBe(expected.size);
      for (const [id, runs] of expected) expect(runsOf(index, id)).toEqual(runs);
      expect([...index.scattered.keys()].sort()).toEqual([...expected].filter(([, r]) => r.length > 2).map(([id]) => id).sort());
    }
  });
});

describe("a reference table read through CsvRow", () => {
  test("has the header and rows of the records' fields (BOM, CRLF, quotes, spaces, short rows)", async () => {
    const text = '\uFEFF contract_id ,customer_id,sku,price\r\nC-1,CUST-1,SKU-1,10\r\nC-1,"CUST-1",SKU-2, 12.5 \r\n"C-2, x","a\r\nb",SKU-1\r\n\r\nC-3,Zürich,SKU-1,1\r\n';
    const file = join(dir, "contracts.csv");
    writeFileSync(file, text);
    const table = await readCsvTable("odd", "contracts", file, { delimiter: "," });
    const rows: unknown[][] = [];
    for await (const batch of table.rows as AsyncIterable<unknown[][]>) rows.push(...batch);
    const records = (await collect(readCsvRecords(file, { delimiter: "," }))).flat();
    expect(table.header).toEqual(["contract_id", "customer_id", "sku", "price"]);
    expect(rows).toEqual(records.slice(1).map((r) => r.fields));
    expect(rows).toHaveLength(4);
  });
});

describe("quoted records are read from their bytes", () => {
  // Quoted fields are byte ranges inside their quotes; only a field with "" escapes or text after
  // its closing quote is a string. Checked against the fields that were written, for random rows
  // quoted as exports quote them (every field, or only where needed), whole and cut at every
  // point of a read (a record the read ends inside is left for the next one).
  const alphabet = ["a", "Z", "0", "7", ".", "-", " ", ",", '"', "\n", "\r\n", "ü", "€", "\t", ""];
  function randomRows(seed: number) {
    let x = seed;
    const next = (n: number) => ((x = (Math.imul(x, 1103515245) + 12345) >>> 0) % n);
    return Array.from({ length: 40 }, () =>
      Array.from({ length: 1 + next(8) }, () => Array.from({ length: next(6) }, () => alphabet[next(alphabet.length)]).join("")),
    );
  }
  const quote = (f: string) => `"${f.replaceAll('"', '""')}"`;
  const encode = (rows: string[][], all: boolean) =>
    rows.map((r) => r.map((f) => (all || /[",\r\n]/.test(f) || f === "" ? quote(f) : f)).join(",")).join("\r\n") + "\r\n";

  test("fields equal what was written, through parseRecords and CsvRow, at any cut", () => {
    for (let seed = 1; seed <= 30; seed++) {
      const written = randomRows(seed);
      for (const all of [true, false]) {
        const buf = Buffer.from(encode(written, all));
        const records: { fields: string[] }[] = [];
        expect(parseRecords(buf, 0, true, ",", 0, records as never)).toBe(buf.length);
        expect(records.map((r) => r.fields)).toEqual(written);
        const rows = new CsvRows(",");
        parseRows(buf, 0, true, rows.delim, 0, rows);
        const row = new CsvRow();
        const viaRow: string[][] = [];
        for (let i = 0; i < rows.count; i++) {
          row.load(rows, i);
          viaRow.push(row.values());
          for (let f = 0; f < written[i]!.length; f++) {
            const n = row.plainNumber(f);
            if (n !== undefined) expect(n).toBe(Number(written[i]![f]));
          }
        }
        expect(viaRow).toEqual(written);
        // Cut anywhere: the complete records before the cut, then the rest from where it stopped.
        for (let cut = 0; cut < buf.length; cut += 7) {
          const head: { fields: string[] }[] = [];
          const next = parseRecords(buf.subarray(0, cut), 0, false, ",", 0, head as never);
          const tail: { fields: string[] }[] = [];
          parseRecords(buf, next, true, ",", 0, tail as never);
          expect([...head, ...tail].map((r) => r.fields)).toEqual(written);
        }
      }
    }
  });

  test("a field of many \"\" escapes is decoded once, not once per escape (JSON held in a column)", () => {
    // An export with a JSON column writes a "" escape every few characters; each escape was a
    // piece decoded and appended on its own (a 52 MB file of 20,000 such rows indexed in 13.6 s,
    // the same rows without the quotes in 1.6 s: twenty-second attack pass).
    const json = JSON.stringify(Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, `v${i}`])));
    const buf = Buffer.from(`T-1,"${json.replaceAll('"', '""')}","a""""b""","""x""y"tail,"\u00e9""\u00e8"\n`);
    for (const encoding of ["utf-8", "windows-1252"] as const) {
      const rows = new CsvRows(",", encoding);
      let decodes = 0;
      const decode = rows.decode;
      Object.defineProperty(rows, "decode", { value: (b: Buffer, s: number, e: number) => (decodes++, decode(b, s, e)) });
      parseRows(buf, 0, true, rows.delim, 0, rows);
      expect(decodes).toBeLessThanOrEqual(8);
      const row = new CsvRow();
      row.load(rows, 0);
      const latin = encoding === "windows-1252" ? (t: string) => Buffer.from(t, "utf8").toString("latin1") : (t: string) => t;
      expect(row.values()).toEqual(["T-1", json, 'a""b"', '"x"ytail', latin('\u00e9"\u00e8')]);
    }
  });

  test("escapes and text after a closing quote are strings; plain quoted fields are bytes", () => {
    const buf = Buffer.from('"a""b","12.5","x"y,"",plain\n');
    const rows = new CsvRows(",");
    parseRows(buf, 0, true, rows.delim, 0, rows);
    const row = new CsvRow();
    row.load(rows, 0);
    expect(row.values()).toEqual(['a"b', "12.5", "xy", "", "plain"]);
    expect(row.plainAt(0)).toBe(false);
    expect(row.plainNumber(1)).toBe(12.5);
    expect(row.plainAt(2)).toBe(false);
    expect(row.trimmedEquals(2, "xy")).toBe(true);
  });
});
