// The shapes every report type produces and every renderer consumes. A report is a summary and
// a few small tables (aggregates, some charted), plus optionally one detail table that can be
// large and is therefore streamed row by row to the output file as it is produced.
import type { AnalysisEngine } from "../domain/analysis.ts";
import type { ReportRecord, Store } from "../store/types.ts";

export const REPORT_TYPES = ["risk_summary", "revenue_leakage", "alerts", "simulation"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_FORMATS = ["json", "csv", "html"] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export type ColumnKind = "text" | "number" | "money" | "percent" | "hours" | "time";

export interface Column {
  key: string;
  label: string;
  kind?: ColumnKind;
}

export interface TableHead {
  id: string;
  title: string;
  columns: Column[];
}

export interface Table extends TableHead {
  rows: Record<string, unknown>[];
  /** Draw a bar chart of `value` per `label` (html only). */
  chart?: { label: string; value: string; kind?: "bar" | "column" };
  note?: string;
}

export interface ReportOutcome {
  /** Headline figures: also returned on the report object by GET /v1/reports/{id}. */
  summary: Record<string, unknown>;
  /** One paragraph in plain words, shown first (html) and kept in json and csv. */
  narrative?: string;
  tables: Table[];
}

/** Receives the rows of a report's one large table, in order, while the report runs. */
export interface DetailSink {
  begin(head: TableHead): Promise<void>;
  row(row: Record<string, unknown>): Promise<void>;
}

/** A period as given (for connectors, which compare transaction dates) and as stored-time bounds. */
export interface Period {
  from?: string;
  to?: string;
  /** Inclusive RFC 3339 UTC bounds for timestamps Assay wrote itself (analyses, alerts). */
  fromTime?: string;
  toTime?: string;
}

export interface ReportContext {
  report: ReportRecord;
  period: Period;
  store: Store;
  /** The analysis engine, when the analysis feature is wired in. */
  engine: AnalysisEngine | undefined;
  signal: AbortSignal;
  /** Records progress: items processed so far and the total when known. */
  progress(processed: number, total: number | null): void;
  detail: DetailSink;
}

export type ReportGenerator = (ctx: ReportContext) => Promise<ReportOutcome>;

/** A failure whose message is safe to show the client on the report object. */
export class ReportError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** What failed underneath (an errno of the file system): for the server log, never the client. */
    cause?: unknown,
  ) {
    super(message, cause === undefined ? undefined : { cause });
    this.name = "ReportError";
  }
}

export interface ReportMeta {
  id: string;
  type: ReportType;
  title: string;
  generated_at: string;
  period: { from: string | null; to: string | null };
  connector: string | null;
  module: string | null;
}

/** Writes one output format, streaming: begin → detail rows → finish. */
export interface Renderer {
  readonly contentType: string;
  readonly extension: string;
  begin(meta: ReportMeta): Promise<void>;
  detailBegin(head: TableHead): Promise<void>;
  detailRow(row: Record<string, unknown>): Promise<void>;
  finish(outcome: ReportOutcome): Promise<void>;
}

/** Where renderers write: a file in production, memory in unit tests. */
export interface TextSink {
  write(text: string): void | Promise<void>;
}

export const CONTENT_TYPES: Record<ReportFormat, string> = {
  json: "application/json; charset=utf-8",
  csv: "text/csv; charset=utf-8",
  html: "text/html; charset=utf-8",
};
