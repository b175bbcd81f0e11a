// /v1/reports routes: queue a report (202), read it (status, progress, summary), list, and
// download its content once completed.
import { Elysia, t } from "elysia";
import { ApiError } from "../../domain/errors.ts";
import { fileAnswer, rangeOf } from "../../http/byte-range.ts";
import { RAW_JSON_BODY } from "../../http/pipeline.ts";
import { callerOf, claimOf } from "../../http/request-state.ts";
import type { Runtime } from "../../runtime.ts";
import { CreateReportBody, ListReportsQuery, ReportIdParams, ReportList, ReportObject } from "./model.ts";

const tags = ["reports"];

export function reportRoutes(rt: Runtime) {
  const reports = rt.reports;
  return new Elysia({ name: "assay.reports" })
    .post(
      "/v1/reports",
      async ({ request, body, set }) => {
        const { account, key } = callerOf(request);
        const report = await reports.create({ account: account.id, key: key.id }, body, claimOf(request));
        set.status = 202;
        set.headers.location = `/v1/reports/${report.id}`;
        return report;
      },
      {
        ...RAW_JSON_BODY,
        body: CreateReportBody,
        response: { 202: ReportObject },
        detail: {
          summary: "Queue a report",
          description:
            "Types: risk_summary (analyses in the period), revenue_leakage (scans a connector; needs connector), alerts. " +
            "Formats: json (default), csv, html. The report runs in the background: poll GET /v1/reports/{id} until status is completed, then fetch content_url.",
          tags,
        },
      },
    )
    .get("/v1/reports", ({ request, query }) => reports.list(callerOf(request).account.id, query), {
      query: ListReportsQuery,
      response: { 200: ReportList },
      detail: { summary: "List reports", description: "Newest first; cursor: starting_after=<report id>.", tags },
    })
    .get("/v1/reports/:id", ({ request, params }) => reports.get(callerOf(request).account.id, params.id), {
      params: ReportIdParams,
      response: { 200: ReportObject },
      detail: { summary: "Retrieve a report", description: "status queued|running|completed|failed, progress, summary, content_url, error.", tags },
    })
    .get(
      "/v1/reports/:id/content",
      async ({ request, params }) => {
        const c = await reports.content(callerOf(request).account.id, params.id);
        // The range is answered here, not by Bun: the access log and metrics see the 206 sent.
        const range = rangeOf(request.headers, c.bytes);
        if (range.kind === "unsatisfiable") {
          throw new ApiError("range_not_satisfiable", `the report's file has ${c.bytes} bytes; ask for a range that starts before its end, or for the whole file`, {
            headers: { "content-range": `bytes */${c.bytes}` },
          });
        }
        return fileAnswer(c.path, c.bytes, range, {
          "content-type": c.contentType,
          "content-disposition": `${c.format === "csv" ? "attachment" : "inline"}; filename="${c.filename}"`,
          "x-content-type-options": "nosniff",
          // The html page needs nothing from anywhere: say so to the browser too.
          ...(c.format === "html" ? { "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:" } : {}),
        });
      },
      {
        params: ReportIdParams,
        response: {
          200: t.Any({ description: "the report file (application/json, text/csv or text/html)" }),
          206: t.Any({ description: "the one byte range a `Range` header asked for (`Content-Range` names it)" }),
        },
        detail: { summary: "Download a report's content", description: "409 invalid_state_transition until the report is completed.", tags },
      },
    );
}
