// The three renderers on their own: valid streamed JSON, RFC 4180 CSV that a spreadsheet will
// not execute, and html that escapes what it shows and caps the detail rows.
import { describe, expect, test } from "bun:test";
import { csvLine } from "../../src/reports/render-csv.ts";
import { rendererFor } from "../../src/reports/runner.ts";
import type { ReportFormat, ReportMeta, ReportOutcome } from "../../src/reports/types.ts";

const META: ReportMeta = {
  id: "rpt_TEST",
  type: "alerts",
  title: "Alerts",
  generated_at: "2026-01-01T00:00:00.000Z",
  period: { from: "2026-01-01", to: null },
  connector: null,
  module: null,
};
const OUTCOME: ReportOutcome = {
  summary: { alerts: 3, by_status: { open: 3 } },
  tables: [{ id: "by_status", title: "By status", columns: [{ key: "status", label: "Status" }, { key: "alerts", label: "Alerts", kind: "number" }], rows: [{ status: "open", alerts: 3 }], chart: { label: "status", value: "alerts" } }],
};
const ROWS = [
  { id: "a1", title: '=HYPERLINK("http://evil")', amount: -12.5 },
  { id: "a2", title: "line\nbreak, comma", amount: 0 },
  { id: "a3", title: "<img src=x onerror=alert(1)>", amount: null },
];

async function render(format: ReportFormat, rows = ROWS, maxRows = 100): Promise<string> {
  let text = "";
  const r = rendererFor(format, { write: (t) => void (text += t) }, maxRows);
  await r.begin(META);
  await r.detailBegin({ id: "alerts", title: "Alerts", columns: [{ key: "id", label: "Alert" }, { key: "title", label: "Title" }, { key: "amount", label: "Amount", kind: "money" }] });
  for (const row of rows) await r.detailRow(row);
  await r.finish(OUTCOME);
  return text;
}

describe("renderers", () => {
  test("json is one valid document: meta, detail rows in order, summary and tables", async () => {
    const doc = JSON.parse(await render("json"));
    expect(doc).toMatchObject({ object: "report_content", id: "rpt_TEST", detail: { id: "alerts" }, summary: { alerts: 3 } });
    expect(doc.alerts).toEqual(ROWS);
    expect(JSON.parse(await render("json", [])).alerts).toEqual([]);
  });

  test("csv quotes what needs quoting and defuses formulas, but leaves negative numbers alone", async () => {
    const lines = (await render("csv")).split("\r\n");
    expect(lines[0]).toBe("id,title,amount");
    expect(lines[1]).toBe(`a1,"'=HYPERLINK(""http://evil"")",-12.5`);
    expect(lines[2]).toBe('a2,"line\nbreak, comma",0');
    expect(lines[3]).toBe("a3,<img src=x onerror=alert(1)>,");
    expect(csvLine(["-5", "+1", "@x", "-x"])).toBe("-5,'+1,'@x,'-x\r\n");
    // A list or a structure whose text starts with a source's value is defused too (it was not:
    // only strings were checked); a negative number stays a number.
    expect(csvLine([["=cmd|' /C calc'!A0", "x"], ["@SUM(1)"], [-3, 4], -7])).toBe("'=cmd|' /C calc'!A0; x,'@SUM(1),'-3; 4,-7\r\n");
  });

  test("html escapes every value and shows at most html_max_rows detail rows", async () => {
    const html = await render("html");
    expect(html).not.toContain("<img");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("Showing the first");
    const capped = await render("html", ROWS, 2);
    expect(capped).toContain("Showing the first 2 of 3 rows");
    expect(capped).not.toContain("onerror");
    expect(html).toContain("-12.50");
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });
});
