// The alerts triage queue: filters by status, severity and connector; acknowledge, resolve and
// dismiss (with a reason) through the same AlertService and lifecycle rules as the API. The
// history names the dashboard user who made each change.
import { Resolution } from "../../api/alerts/model.ts";
import type { AlertStatus } from "../../store/types.ts";
import { ApiError } from "../../domain/errors.ts";
import { SEVERITIES } from "../../domain/analysis.ts";
import { TRANSITIONS } from "../../alerts/service.ts";
import type { AlertView } from "../../alerts/views.ts";
import { type Ctx, frameOf, isAdmin, scopeAccount } from "../context.ts";
import { html, type SafeHtml, when } from "../html.ts";
import type { Route } from "../index.ts";
import { notFound, page, redirect } from "../respond.ts";
import { accountPicker } from "./keys.ts";

const STATUSES: AlertStatus[] = ["open", "acknowledged", "resolved", "dismissed"];
const RESOLUTIONS = Resolution.anyOf.map((r) => r.const as string);
const ACTION_LABEL: Record<AlertStatus, string> = { acknowledged: "Acknowledge", resolved: "Resolve", dismissed: "Dismiss", open: "Reopen" };

function pick<T extends string>(value: string | null, allowed: readonly T[]): T | undefined {
  return value && (allowed as readonly string[]).includes(value) ? (value as T) : undefined;
}

const accountQuery = (ctx: Ctx, account: string) => (isAdmin(ctx) ? `account=${account}&` : "");

function actionForms(ctx: Ctx, a: AlertView, back: string): SafeHtml {
  const csrf = html`<input type="hidden" name="_csrf" value="${ctx.session.csrf_token}"><input type="hidden" name="back" value="${back}">`;
  return html`<div class="triage-actions">${TRANSITIONS[a.status].map((to) => {
    const closing = to === "resolved" || to === "dismissed";
    if (!closing) {
      return html`<form method="post" action="/dashboard/alerts/${a.id}/status">${csrf}<input type="hidden" name="status" value="${to}">
        <button type="submit">${ACTION_LABEL[to]}</button></form>`;
    }
    const dismiss = to === "dismissed";
    // Closing asks for a resolution (and, to dismiss, a reason): folded away until opened.
    return html`<details class="closing">
      <summary class="${dismiss ? "danger" : ""}">${ACTION_LABEL[to]}…</summary>
      <form method="post" action="/dashboard/alerts/${a.id}/status" class="stack">
        ${csrf}<input type="hidden" name="status" value="${to}">
        <label for="res-${a.id}-${to}">Resolution</label>
        <select id="res-${a.id}-${to}" name="resolution">${RESOLUTIONS.map((r) => html`<option${(dismiss ? r === "false_positive" : r === "confirmed") ? html` selected` : ""}>${r}</option>`)}</select>
        <label for="note-${a.id}-${to}">${dismiss ? "Reason" : "Note (optional)"}</label>
        <input id="note-${a.id}-${to}" name="note" maxlength="1000"${dismiss ? html` required` : ""}>
        <button type="submit"${dismiss ? html` class="danger"` : html` class="primary"`}>${ACTION_LABEL[to]}</button>
      </form>
    </details>`;
  })}</div>`;
}

async function alertsPage(ctx: Ctx, error?: string): Promise<Response> {
  const accountId = scopeAccount(ctx);
  const account = await ctx.deps.rt.keys.getAccount(accountId);
  if (!account) return notFound(frameOf(ctx, "Not found", "alerts", html``));
  const q = ctx.url.searchParams;
  const status = q.has("status") ? pick(q.get("status"), STATUSES) : "open";
  const severity = pick(q.get("severity"), SEVERITIES);
  const connectors = ctx.deps.rt.connectors.visibleTo(account.id).map((c) => c.id);
  const connector = pick(q.get("connector"), connectors);
  const after = q.get("starting_after") ?? undefined;
  const list = await ctx.deps.rt.alerts.list(account.id, { status, severity, connector, limit: 50, starting_after: after && /^alrt_[0-9A-Z]{26}$/.test(after) ? after : undefined });
  const back = `/dashboard/alerts?${ctx.url.searchParams.toString()}`;
  const next = new URLSearchParams(q);
  if (list.data.length) next.set("starting_after", list.data.at(-1)!.id);
  const body = html`<h1>Alerts</h1>
${await accountPicker(ctx, account, "/dashboard/alerts")}
${error ? html`<p class="notice error" role="alert">${error}</p>` : ""}
<form method="get" action="/dashboard/alerts" class="inline card filters">
  ${isAdmin(ctx) ? html`<input type="hidden" name="account" value="${account.id}">` : ""}
  <label for="f-status">Status</label>
  <select id="f-status" name="status"><option value="">any</option>${STATUSES.map((s) => html`<option${s === status ? html` selected` : ""}>${s}</option>`)}</select>
  <label for="f-severity">Severity</label>
  <select id="f-severity" name="severity"><option value="">any</option>${SEVERITIES.map((s) => html`<option${s === severity ? html` selected` : ""}>${s}</option>`)}</select>
  <label for="f-connector">Connector</label>
  <select id="f-connector" name="connector"><option value="">any</option>${connectors.map((c) => html`<option${c === connector ? html` selected` : ""}>${c}</option>`)}</select>
  <button type="submit">Filter</button>
</form>
<section class="card">
  ${
    list.data.length
      ? html`<table class="grid alerts">
    <thead><tr><th scope="col">Severity</th><th scope="col">Alert</th><th scope="col">Connector</th><th scope="col">Score</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Triage</th></tr></thead>
    <tbody>${list.data.map(
      (a) => html`<tr data-alert="${a.id}">
      <td><span class="status ${a.severity}">${a.severity}</span></td>
      <td><a href="/dashboard/alerts/${a.id}?${accountQuery(ctx, account.id)}">${a.title}</a>${a.transaction_id ? html`<br><span class="muted small">${a.transaction_id}</span>` : ""}</td>
      <td>${a.connector ?? "—"}</td><td>${a.risk_score ?? "—"}</td>
      <td><span class="status ${a.status}">${a.status}</span>${a.resolution ? html`<br><span class="muted small">${a.resolution}</span>` : ""}</td>
      <td>${when(a.created_at)}</td>
      <td class="triage">${actionForms(ctx, a, back)}</td>
    </tr>`,
    )}</tbody>
  </table>
  ${list.has_more ? html`<p><a href="/dashboard/alerts?${next.toString()}">More alerts</a></p>` : ""}`
      : html`<p class="muted">No alerts match these filters.</p>`
  }
</section>`;
  return page(frameOf(ctx, "Alerts", "alerts", body), { status: error ? 409 : 200 });
}

async function alertDetail(ctx: Ctx): Promise<Response> {
  const accountId = scopeAccount(ctx);
  const id = ctx.params[0]!;
  let alert: AlertView;
  try {
    alert = await ctx.deps.rt.alerts.get(accountId, id);
  } catch (e) {
    if (e instanceof ApiError) return notFound(frameOf(ctx, "Not found", "alerts", html``));
    throw e;
  }
  const history = await ctx.deps.rt.alerts.history(accountId, id, { limit: 100 });
  const users = new Map<string, string>();
  for (const e of history.data) {
    if (e.actor.user && !users.has(e.actor.user)) users.set(e.actor.user, (await ctx.deps.rt.users.get(e.actor.user))?.email ?? e.actor.user);
  }
  const who = (e: (typeof history.data)[number]) =>
    e.actor.type === "user" ? users.get(e.actor.user ?? "") ?? "a dashboard user" : e.actor.type === "api_key" ? `API key ${e.actor.key}` : "Assay (automatic)";
  const back = `/dashboard/alerts/${id}?${accountQuery(ctx, accountId)}`;
  const body = html`<p><a href="/dashboard/alerts?${accountQuery(ctx, accountId)}">← Alerts</a></p>
<h1>${alert.title}</h1>
<p class="sub"><span class="status ${alert.severity}">${alert.severity}</span> <span class="status ${alert.status}">${alert.status}</span> · ${alert.connector ?? "no connector"} · ${alert.transaction_id ?? "no transaction"} · score ${alert.risk_score ?? "—"}</p>
${alert.description ? html`<p>${alert.description}</p>` : ""}
<section class="card"><h2>Triage</h2>${TRANSITIONS[alert.status].length ? actionForms(ctx, alert, back) : html`<p class="muted">No change possible.</p>`}</section>
<section class="card">
  <h2>History</h2>
  <table class="grid">
    <thead><tr><th scope="col">When</th><th scope="col">Change</th><th scope="col">Resolution</th><th scope="col">Note</th><th scope="col">By</th></tr></thead>
    <tbody>${history.data.map(
      (e) => html`<tr><td>${when(e.created_at)}</td><td>${e.type === "status_changed" ? `${e.from_status} → ${e.to_status}` : e.type}</td>
      <td>${e.resolution ?? "—"}</td><td>${e.note ?? "—"}</td><td>${who(e)}</td></tr>`,
    )}</tbody>
  </table>
</section>
${
  alert.anomalies.length
    ? html`<section class="card"><h2>Anomalies</h2><ul>${(alert.anomalies as { code?: string; message?: string; description?: string }[]).map(
        (a) => html`<li><code>${a.code ?? ""}</code> ${a.message ?? a.description ?? ""}</li>`,
      )}</ul></section>`
    : ""
}`;
  return page(frameOf(ctx, alert.title, "alerts", body));
}

export const alertRoutes: Route[] = [
  { method: "GET", path: /^\/alerts$/, access: "user", handle: (ctx) => alertsPage(ctx) },
  { method: "GET", path: /^\/alerts\/(alrt_[0-9A-Z]{26})$/, access: "user", handle: alertDetail },
  {
    method: "POST",
    path: /^\/alerts\/(alrt_[0-9A-Z]{26})\/status$/,
    access: "user",
    async handle(ctx) {
      const accountId = scopeAccount(ctx);
      const status = pick(ctx.form.get("status"), STATUSES);
      const resolution = pick(ctx.form.get("resolution"), RESOLUTIONS);
      const note = (ctx.form.get("note") ?? "").trim().slice(0, 1000) || undefined;
      const back = ctx.form.get("back") ?? "";
      const target = /^\/dashboard\/alerts[/?][A-Za-z0-9_=&%./?-]*$/.test(back) ? back : "/dashboard/alerts";
      if (!status) return alertsPage(ctx, "Choose what to do with the alert.");
      if (status === "dismissed" && !note) return alertsPage(ctx, "Give a reason to dismiss an alert.");
      const closing = status === "resolved" || status === "dismissed";
      try {
        await ctx.deps.rt.alerts.transition({ type: "user", account: accountId, user: ctx.user.id }, ctx.params[0]!, {
          status,
          ...(closing && resolution ? { resolution } : {}),
          ...(note ? { note } : {}),
        });
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        if (e.code === "not_found") return notFound(frameOf(ctx, "Not found", "alerts", html``));
        return alertsPage(ctx, e.message);
      }
      return redirect(target);
    },
  },
];
