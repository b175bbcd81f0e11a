// CSV output (RFC 4180, UTF-8, CRLF). A report with a detail table (revenue_leakage findings,
// alerts) is that table, one row per item. A report of aggregates only (risk_summary) is in
// long form: table,key,metric,value — one line per figure, easy to pivot.
import type { Column, Renderer, ReportMeta, ReportOutcome, TableHead, TextSink } from "./types.ts";

export class CsvRenderer implements Renderer {
  readonly contentType = "text/csv; charset=utf-8";
  readonly extension = "csv";
  private columns: Column[] | undefined;

  constructor(private readonly out: TextSink) {}

  async begin(_meta: ReportMeta) {}

  async detailBegin(head: TableHead) {
    this.columns = head.columns;
    await this.out.write(csvLine(head.columns.map((c) => c.key)));
  }

  async detailRow(row: Record<string, unknown>) {
    await this.out.write(csvLine(this.columns!.map((c) => row[c.key])));
  }

  async finish(outcome: ReportOutcome) {
    if (this.columns) return;
    let text = csvLine(["table", "key", "metric", "value"]);
    if (outcome.narrative) text += csvLine(["summary", "", "narrative", outcome.narrative]);
    for (const [metric, value] of Object.entries(outcome.summary)) {
      if (value === null || typeof value !== "object") text += csvLine(["summary", "", metric, value]);
    }
    for (const table of outcome.tables) {
      const [keyColumn, ...metrics] = table.columns;
      for (const row of table.rows) {
        // A key is the first column, qualified by any text columns (e.g. the currency).
        const textual = metrics.filter((m) => !m.kind || m.kind === "text");
        const key = [row[keyColumn!.key], ...textual.map((m) => row[m.key])].join(" ");
        for (const m of metrics) if (m.kind && m.kind !== "text") text += csvLine([table.id, key, m.key, row[m.key]]);
      }
    }
    await this.out.write(text);
  }
}

/** One CSV record. Text that a spreadsheet would run as a formula is prefixed with '. */
export function csvLine(values: unknown[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

/**
 * A plain value: objects and lists become readable text a spreadsheet shows as is
 * ("unit_price=714.36; contract_id=CTR-0020", "471.12 GBP"), never JSON.
 */
export function plainValue(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (Array.isArray(value)) return value.map(plainValue).join("; ");
  if (typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (typeof o.amount === "number" && typeof o.currency === "string" && Object.keys(o).length === 2) return `${o.amount} ${o.currency}`;
    return Object.entries(o)
      .map(([k, v]) => `${k}=${typeof v === "object" && v !== null ? `(${plainValue(v)})` : plainValue(v)}`)
      .join("; ");
  }
  return String(value);
}

/**
 * Text a spreadsheet may run as a formula: = + - @ first, or after what an import drops before
 * judging — NULs, and white space that LibreOffice's and Google Sheets' "trim spaces" options
 * strip (ASVS 5.0 1.2.10) — and a first TAB or CR, which Excel's import turns into cell breaks.
 */
const FORMULA_START = /^[\s\0]*[=+\-@]|^[\t\r\0]/;

function csvCell(value: unknown): string {
  if (value === null || value === undefined) return "";
  let s = plainValue(value);
  // Whatever the value's type: a list or a structure can start with a source's text as well.
  if (typeof value !== "number" && FORMULA_START.test(s) && !/^-?\d+(\.\d+)?$/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}
