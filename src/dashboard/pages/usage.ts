// The usage page: an account's requests per minute over the last 24 hours against its plan's
// limits, with 429 refusals and failed authentications, for all keys or one key; and per key totals.
import { plansOf } from "../../config/load.ts";
import type { UsageRow } from "../../store/types.ts";
import { type Ctx, frameOf, scopeAccount } from "../context.ts";
import { html, raw, when } from "../html.ts";
import type { Route } from "../index.ts";
import { notFound, page } from "../respond.ts";
import { type MinuteSeries, usageChart } from "../usage-chart.ts";
import { accountPicker } from "./keys.ts";
import { ownValue } from "../../domain/records.ts";

const MINUTES = 24 * 60;

function seriesOf(rows: UsageRow[], fromMinute: number, keyId: string | null): MinuteSeries {
  const s = { fromMinute, requests: new Float64Array(MINUTES), limited: new Float64Array(MINUTES), failedAuth: new Float64Array(MINUTES) };
  for (const r of rows) {
    if (keyId !== null && r.key_id !== keyId) continue;
    const i = r.minute - fromMinute;
    if (i < 0 || i >= MINUTES) continue;
    s.requests[i]! += r.requests;
    s.limited[i]! += r.limited;
    s.failedAuth[i]! += r.failed_auth;
  }
  return s;
}

interface Totals {
  requests: number;
  limited: number;
  failed: number;
  peak: number;
}

function totalsOf(s: MinuteSeries): Totals {
  const t = { requests: 0, limited: 0, failed: 0, peak: 0 };
  for (let i = 0; i < MINUTES; i++) {
    t.requests += s.requests[i]!;
    t.limited += s.limited[i]!;
    t.failed += s.failedAuth[i]!;
    t.peak = Math.max(t.peak, s.requests[i]!);
  }
  return t;
}

const n = (v: number) => v.toLocaleString("en-US");

async function usagePage(ctx: Ctx): Promise<Response> {
  const account = await ctx.deps.rt.keys.getAccount(scopeAccount(ctx));
  if (!account) return notFound(frameOf(ctx, "Not found", "usage", html``));
  const plan = ownValue(plansOf(ctx.deps.rt.config), account.plan) ?? { per_second: 0, per_minute: 0 };
  const keys = await ctx.deps.rt.keys.listKeys(account.id);
  const askedKey = ctx.url.searchParams.get("key");
  const keyId = askedKey && keys.some((k) => k.id === askedKey) ? askedKey : null;
  const { fromMinute, rows } = await ctx.deps.rt.usage.series(account.id, MINUTES);
  const series = seriesOf(rows, fromMinute, keyId);
  const totals = totalsOf(series);
  const keyName = (id: string) => {
    const k = keys.find((x) => x.id === id);
    return k ? `${k.name ?? "unnamed"} (${k.prefix}…)` : id || "unknown key";
  };
  const perKey = [...new Set(rows.map((r) => r.key_id))].map((id) => ({ id, ...totalsOf(seriesOf(rows, fromMinute, id)) })).sort((a, b) => b.requests - a.requests);
  const chartTitle = `Requests per minute, last 24 hours, ${keyId ? keyName(keyId) : "all keys"}`;

  const body = html`<h1>Usage</h1>
${await accountPicker(ctx, account, "/dashboard/usage")}
<div class="stats">
  <div class="stat"><b>${n(totals.requests)}</b><span>requests in 24 h</span></div>
  <div class="stat"><b>${n(totals.peak)}</b><span>busiest minute (plan allows ${n(plan.per_minute)}/min, ${n(plan.per_second)}/s)</span></div>
  <div class="stat"><b>${n(totals.limited)}</b><span>refused with 429 (rate limit)</span></div>
  <div class="stat"><b>${n(totals.failed)}</b><span>failed authentications (401)</span></div>
</div>
<section class="card">
  <form method="get" action="/dashboard/usage" class="inline">
    ${ctx.user.role === "admin" ? html`<input type="hidden" name="account" value="${account.id}">` : ""}
    <h2 class="grow">${chartTitle}</h2>
    <label for="usage-key">Key</label>
    <select id="usage-key" name="key" data-autosubmit>
      <option value="">All keys</option>
      ${keys.map((k) => html`<option value="${k.id}"${k.id === keyId ? html` selected` : ""}>${keyName(k.id)}${k.status !== "active" ? ` · ${k.status}` : ""}</option>`)}
    </select>
    <button type="submit">Show</button>
  </form>
  ${raw(usageChart(series, plan.per_minute, chartTitle))}
  <ul class="legend">
    <li><i class="sw-requests"></i>requests per minute</li>
    <li><i class="sw-limited"></i>refused (429)</li>
    <li><i class="sw-failed"></i>failed authentication (401)</li>
    <li><i class="sw-limit"></i>plan limit per minute</li>
  </ul>
  <p class="muted small">Times in UTC. Counts reach this page within a few seconds; ${account.plan} plan: ${n(plan.per_second)} requests per second, ${n(plan.per_minute)} per minute.</p>
</section>
<section class="card">
  <h2>Per key, last 24 hours</h2>
  ${
    perKey.length
      ? html`<table class="grid">
    <thead><tr><th scope="col">Key</th><th scope="col">Requests</th><th scope="col">Busiest minute</th><th scope="col">Refused (429)</th><th scope="col">Failed auth (401)</th><th scope="col">Last used</th></tr></thead>
    <tbody>${perKey.map(
      (k) => html`<tr><td>${k.id ? html`<a href="/dashboard/usage?${ctx.user.role === "admin" ? `account=${account.id}&` : ""}key=${k.id}">${keyName(k.id)}</a>` : "unknown key"}</td>
      <td>${n(k.requests)}</td><td>${n(k.peak)}</td><td>${n(k.limited)}</td><td>${n(k.failed)}</td><td>${when(keys.find((x) => x.id === k.id)?.last_used_at)}</td></tr>`,
    )}</tbody>
  </table>`
      : html`<p class="muted">No requests in the last 24 hours.</p>`
  }
</section>`;
  return page(frameOf(ctx, "Usage", "usage", body));
}

export const usageRoutes: Route[] = [{ method: "GET", path: /^\/usage$/, access: "user", handle: usagePage }];
