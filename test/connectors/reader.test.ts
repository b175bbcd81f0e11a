// The CSV reader on its own: quoting rules, line ends, BOM, and records that straddle the 1 MiB
// read chunks, compared with a straightforward reference parse.
import { afterAll, describe, expect, test } from "bun:test";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readCsvRange, readCsvRecords } from "../../src/connectors/csv/reader.ts";
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
});
