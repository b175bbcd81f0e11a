// The reports page: create a report (queued for the background worker, as POST /v1/reports),
// watch its progress (the page refreshes itself while one is queued or running), download it.
import { REPORT_FORMATS, REPORT_TYPES, type ReportFormat, type ReportType } from "../../reports/types.ts";
import { MODULE_IDS } from "../../analysis/catalog.ts";
import { ApiError } from "../../domain/errors.ts";
import { type Ctx, frameOf, isAdmin, scopeAccount } from "../context.ts";
import { html, when } from "../html.ts";
import type { Route } from "../index.ts";
import { errorPage, notFound, page, redirect, SECURITY_HEADERS } from "../respond.ts";
import { accountPicker } from "./keys.ts";
import { fileAnswer, rangeOf } from "../../http/byte-range.ts";

const TYPE_LABEL: Record<ReportType, string> = {
  risk_summary: "Risk summary",
  revenue_leakage: "Revenue leakage",
  alerts: "Alerts",
  // Built-in defaults against the configuration in force (`assay simulate --with` compares any other).
  simulation: "Simulation",
};
const FORM_TYPES = REPORT_TYPES;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

function bytes(n: number | null): string {
  if (n === null) return "—";
  return n < 1024 ? `${n} B` : n < 1_048_576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1_048_576).toFixed(1)} MB`;
}

async function reportsPage(ctx: Ctx, o: { error?: string; status?: number } = {}): Promise<Response> {
  const account = await ctx.deps.rt.keys.getAccount(scopeAccount(ctx));
  if (!account) return notFound(frameOf(ctx, "Not found", "reports", html``));
  const list = await ctx.deps.rt.reports.list(account.id, { limit: 50 });
  const busy = list.data.some((r) => r.status === "queued" || r.status === "running");
  const connectors = ctx.deps.rt.connectors.visibleTo(account.id).map((c) => c.id);
  const aq = isAdmin(ctx) ? `?account=${account.id}` : "";
  const body = html`<h1>Reports</h1>
${await accountPicker(ctx, account, "/dashboard/reports")}
${o.error ? html`<p class="notice error" role="alert">${o.error}</p>` : ""}
<section class="card">
  <h2>Create a report</h2>
  <form method="post" action="/dashboard/reports" class="inline">
    <input type="hidden" name="_csrf" value="${ctx.session.csrf_token}">
    <input type="hidden" name="account" value="${account.id}">
    <span class="field"><label for="r-type">Type</label>
    <select id="r-type" name="type" aria-describedby="r-type-help">${FORM_TYPES.map((t) => html`<option value="${t}">${TYPE_LABEL[t]}</option>`)}</select></span>
    <span class="field"><label for="r-format">Format</label>
    <select id="r-format" name="format">${REPORT_FORMATS.map((f) => html`<option${f === "html" ? html` selected` : ""}>${f}</option>`)}</select></span>
    <span class="field"><label for="r-from">From</label>
    <input id="r-from" name="from" type="date"></span>
    <span class="field"><label for="r-to">To</label>
    <input id="r-to" name="to" type="date"></span>
    <span class="field"><label for="r-connector">Connector</label>
    <select id="r-connector" name="connector"><option value="">all</option>${connectors.map((c) => html`<option>${c}</option>`)}</select></span>
    <span class="field"><label for="r-module">Module</label>
    <select id="r-module" name="module"><option value="">default</option>${MODULE_IDS.map((m) => html`<option>${m}</option>`)}</select></span>
    <button type="submit" class="primary">Create report</button>
  </form>
  <p id="r-type-help" class="muted small">A simulation replays one connector's transactions under the built-in defaults and under this configuration (weights, rules, learned model) and compares the alerts each would open; pick its connector and module.</p>
</section>
<section class="card"${busy ? html` data-refresh="2"` : ""}>
  <h2>Reports of ${account.name}</h2>
  ${busy ? html`<p class="muted small" role="status">Reports in progress: this page refreshes every 2 seconds.</p>` : ""}
  ${
    list.data.length
      ? html`<table class="grid">
    <thead><tr><th scope="col">Report</th><th scope="col">Period</th><th scope="col">Status</th><th scope="col">Progress</th><th scope="col">Created</th><th scope="col">Size</th><th scope="col"><span class="sr-only">Download</span></th></tr></thead>
    <tbody>${list.data.map(
      (r) => html`<tr data-report="${r.id}">
      <td>${TYPE_LABEL[r.type] ?? r.type} <span class="muted small">${r.format}</span>${r.connector ? html`<br><span class="muted small">${r.connector}</span>` : ""}</td>
      <td>${r.period.from ? r.period.from.slice(0, 10) : "start"} → ${r.period.to ? r.period.to.slice(0, 10) : "now"}</td>
      <td><span class="status ${r.status}">${r.status}</span>${r.error ? html`<br><span class="muted small">${r.error.message}</span>` : ""}</td>
      <td>${
        r.progress.percent !== null
          ? html`<span class="progress" role="progressbar" aria-valuemin="0" aria-valuemax="100" aria-valuenow="${Math.round(r.progress.percent)}" aria-label="Progress of ${r.id}"><span class="w${Math.round(r.progress.percent / 5) * 5}"></span></span> ${Math.round(r.progress.percent)}%`
          : html`${r.progress.processed.toLocaleString("en-US")} rows`
      }</td>
      <td>${when(r.created_at)}</td>
      <td>${bytes(r.bytes)}</td>
      <td>${r.status === "completed" ? html`<a href="/dashboard/reports/${r.id}/download${aq}" download>Download</a>` : ""}</td>
    </tr>`,
    )}</tbody>
  </table>`
      : html`<p class="muted">No reports yet.</p>`
  }
</section>`;
  return page(frameOf(ctx, "Reports", "reports", body), { status: o.status ?? 200 });
}

export const reportRoutes: Route[] = [
  { method: "GET", path: /^\/reports$/, access: "user", handle: (ctx) => reportsPage(ctx) },
  {
    method: "POST",
    path: /^\/reports$/,
    access: "user",
    async handle(ctx) {
      const accountId = scopeAccount(ctx);
      // An admin's `account` may name no account (a mistyped ?account=): as on the keys page, 404.
      if (!(await ctx.deps.rt.keys.getAccount(accountId))) return notFound(frameOf(ctx, "Not found", "reports", html``));
      const type = ctx.form.get("type") as ReportType;
      const format = ctx.form.get("format") as ReportFormat;
      const from = ctx.form.get("from") ?? "";
      const to = ctx.form.get("to") ?? "";
      const connector = ctx.form.get("connector") || undefined;
      const module = ctx.form.get("module") || undefined;
      if (!FORM_TYPES.includes(type) || !REPORT_FORMATS.includes(format)) return reportsPage(ctx, { error: "Choose a report type and format.", status: 422 });
      if ((from && !DATE.test(from)) || (to && !DATE.test(to))) return reportsPage(ctx, { error: "Dates must be YYYY-MM-DD.", status: 422 });
      try {
        await ctx.deps.rt.reports.create(
          { account: accountId, key: null },
          { type, format, period: { ...(from ? { from } : {}), ...(to ? { to } : {}) }, ...(connector ? { connector } : {}), ...(module ? { module } : {}) },
        );
      } catch (e) {
        if (e instanceof ApiError) return reportsPage(ctx, { error: e.message, status: 422 });
        throw e;
      }
      return redirect(`/dashboard/reports${isAdmin(ctx) ? `?account=${accountId}` : ""}`);
    },
  },
  {
    method: "GET",
    path: /^\/reports\/(rpt_[0-9A-Z]{26})\/download$/,
    access: "user",
    async handle(ctx) {
      try {
        const content = await ctx.deps.rt.reports.content(scopeAccount(ctx), ctx.params[0]!);
        const range = rangeOf(ctx.request.headers, content.bytes);
        if (range.kind === "unsatisfiable") {
          const refused = errorPage(416, "Range not satisfiable", "The download asked for bytes past the end of the report. Download it again from the start.", frameOf(ctx, "Range not satisfiable", "reports", html``));
          refused.headers.set("content-range", `bytes */${content.bytes}`);
          return refused;
        }
        return fileAnswer(content.path, content.bytes, range, {
          ...SECURITY_HEADERS,
          // An html report must not run anything even when opened from here.
          "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox",
          "content-type": content.contentType,
          "content-disposition": `attachment; filename="${content.filename}"`,
          "cache-control": "no-store",
        });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.code === "not_found") return notFound(frameOf(ctx, "Not found", "reports", html``));
        return errorPage(409, "Not ready", e.message, frameOf(ctx, "Not ready", "reports", html``));
      }
    },
  },
];
