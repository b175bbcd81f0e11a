// Report request and response schemas (t.*); the view they describe is built in src/reports/views.ts.
import { t } from "elysia";
import { REPORT_FORMATS, REPORT_TYPES } from "../../reports/types.ts";
import { literals } from "../literals.ts";
import { PageLimit } from "../page-limit.ts";

export const ReportTypeSchema = literals(REPORT_TYPES);
export const ReportFormatSchema = literals(REPORT_FORMATS);
const Status = t.Union([t.Literal("queued"), t.Literal("running"), t.Literal("completed"), t.Literal("failed")]);
const Time = t.String({ minLength: 10, maxLength: 40, description: "a date (2026-01-31) or an RFC 3339 date-time" });

export const CreateReportBody = t.Object(
  {
    type: ReportTypeSchema,
    format: t.Optional(ReportFormatSchema),
    period: t.Optional(t.Object({ from: t.Optional(Time), to: t.Optional(Time) }, { additionalProperties: false })),
    connector: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
    module: t.Optional(t.String({ minLength: 1, maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const ListReportsQuery = t.Object({
  limit: PageLimit,
  starting_after: t.Optional(t.String({ pattern: "^rpt_[0-9A-HJKMNP-TV-Z]{26}$" })),
});

export const ReportIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

const Nullable = <S extends Parameters<typeof t.Union>[0][number]>(s: S) => t.Union([s, t.Null()]);

export const ReportObject = t.Object({
  id: t.String(),
  object: t.Literal("report"),
  type: ReportTypeSchema,
  format: ReportFormatSchema,
  status: Status,
  period: t.Object({ from: Nullable(t.String()), to: Nullable(t.String()) }),
  connector: Nullable(t.String()),
  module: Nullable(t.String()),
  progress: t.Object({
    processed: t.Integer({ description: "items (analyses, transactions or alerts) processed so far" }),
    total: Nullable(t.Integer()),
    percent: Nullable(t.Number({ description: "null while the total is not known" })),
  }),
  summary: Nullable(t.Record(t.String(), t.Unknown())),
  content_url: Nullable(t.String()),
  content_type: t.String(),
  bytes: Nullable(t.Integer()),
  error: Nullable(t.Object({ code: t.String(), message: t.String() })),
  attempts: t.Integer(),
  created_at: t.String(),
  started_at: Nullable(t.String()),
  completed_at: Nullable(t.String()),
  expires_at: Nullable(t.String()),
});

export const ReportList = t.Object({ object: t.Literal("list"), data: t.Array(ReportObject), has_more: t.Boolean() });
