// The CSV reader on its own: quoting rules, line ends, BOM, and records that straddle the 1 MiB
// read chunks, compared with a straightforward reference parse.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCsvRange, readCsvRecords, UnclosedQuoteError } from "../../src/connectors/csv/reader.ts";
import { makeTempDir } from "../support/harness.ts";
import { collect } from "../support/services.ts";

const dir = makeTempDir("assay-reader-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

async function records(text: string | Buffer, delimiter = ",") {
  const file = join(dir, `f${Math.random().toString(36).slice(2)}.csv`);
  writeFileSync(file, text);
  return { file, rows: (await collect(readCsvRecords(file, { delimiter }))).flat() };
}

describe("readCsvRecords", () => {
  test("quotes, escaped quotes, delimiters and line breaks inside quotes, CRLF, empty fields, blank lines", async () => {
    const { rows } = await records('a,b,c\r\n"x,1","say ""hi""","two\r\nlines"\r\n\r\n,,\nlast,"",end');
    expect(rows.map((r) => r.fields)).toEqual([
      ["a", "b", "c"],
      ["x,1", 'say "hi"', "two\r\nlines"],
      ["", "", ""],
      ["last", "", "end"],
    ]);
  });

  test("a UTF-8 BOM is skipped; multi-byte characters survive; other delimiters work", async () => {
    const { rows } = await records("\uFEFFnamé\tprix\nZürich €\t1,5\n", "\t");
    expect(rows.map((r) => r.fields)).toEqual([
      ["namé", "prix"],
      ["Zürich €", "1,5"],
    ]);
  });

  test("byte offsets let a range be read back exactly", async () => {
    const { file, rows } = await records('id,v\n1,"a\nb"\n2,ü\n3,x');
    for (const r of rows) expect((await readCsvRange(file, r.offset, r.end - r.offset, ",")).map((x) => x.fields)).toEqual([r.fields]);
  });

  test("records straddling 1 MiB chunk boundaries, including a quoted field over 1 MiB", async () => {
    const big = "q".repeat(1_300_000);
    const lines = ["id,text"];
    for (let i = 0; i < 60_000; i++) lines.push(i === 30_000 ? `${i},"${big}\r\n""x"""` : `${i},row ${i} ü "`);
    const { rows } = await records(lines.join("\r\n"));
    expect(rows).toHaveLength(60_001);
    expect(rows[30_001]!.fields).toEqual(["30000", `${big}\r\n"x"`]);
    for (const i of [1, 17_000, 59_999]) expect(rows[i + 1]!.fields).toEqual([String(i), `row ${i} ü "`]);
  });

  test("a quote inside a field that does not start with one is a literal character", async () => {
    const { rows } = await records('sku,description,qty\nP-12,12" pipe,3\nP-14,"14"" pipe",4\nP-16,16" pipe, 1/2" thread,5\n');
    expect(rows.map((r) => r.fields)).toEqual([
      ["sku", "description", "qty"],
      ["P-12", '12" pipe', "3"],
      ["P-14", '14" pipe', "4"],
      ["P-16", '16" pipe', ' 1/2" thread', "5"],
    ]);
  });

  test("a quoted field never closed before the end of the file is an error naming its line, not one giant field", async () => {
    const text = 'id,text\n1,fine\n2,"two\nlines"\n3,"stray\n4,swallowed\n5,swallowed too\n';
    const err = await records(text).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(UnclosedQuoteError);
    expect((err as Error).message).toBe(
      `the quoted field opened on line 5 (byte ${text.indexOf('"stray')}) is never closed: everything after it would be one field; close the quote, double a quote inside a quoted field (""), or remove the stray quote`,
    );
  });

  test("the same across read chunks; a range that ends before the file (a partial read) is not an error", async () => {
    const lines = ["id,text"];
    for (let i = 0; i < 40_000; i++) lines.push(`${i},row ${i}`);
    lines.push('40000,"never closed');
    for (let i = 40_001; i < 80_000; i++) lines.push(`${i},row ${i}`);
    const file = join(dir, "stray-late.csv");
    const text = `${lines.join("\n")}\n`;
    writeFileSync(file, text);
    await expect(collect(readCsvRecords(file, { delimiter: "," }))).rejects.toMatchObject({ line: 40_002, offset: text.indexOf('"never') });
    // The first 64 KiB (as a connector's first-rows check reads them): rows, no error.
    const head = (await collect(readCsvRecords(file, { delimiter: ",", end: 64 * 1024 }))).flat();
    expect(head.length).toBeGreaterThan(1000);
  });
});
