// The connectors page: each source system the account may use with its live status (the
// monitor's last probe), refreshed every 10 seconds; "Check now" probes one at once.
import { type Ctx, frameOf, isAdmin, scopeAccount } from "../context.ts";
import { html, when } from "../html.ts";
import type { Route } from "../index.ts";
import { notFound, page, redirect } from "../respond.ts";
import { accountPicker } from "./keys.ts";

async function connectorsPage(ctx: Ctx): Promise<Response> {
  const account = await ctx.deps.rt.keys.getAccount(scopeAccount(ctx));
  if (!account) return notFound(frameOf(ctx, "Not found", "connectors", html``));
  const registry = ctx.deps.rt.connectors;
  const visible = registry.visibleTo(account.id);
  const body = html`<h1>Connectors</h1>
${await accountPicker(ctx, account, "/dashboard/connectors")}
<section class="card" data-refresh="10">
  <h2>Source systems</h2>
  <p class="muted small" role="status">Live status from the connector monitor; this page refreshes every 10 seconds.</p>
  ${
    visible.length
      ? html`<table class="grid">
    <thead><tr><th scope="col">Connector</th><th scope="col">Type</th><th scope="col">Status</th><th scope="col">Why</th><th scope="col">Latency</th><th scope="col">Last checked</th><th scope="col">Last success</th><th scope="col"><span class="sr-only">Check</span></th></tr></thead>
    <tbody>${visible.map((c) => {
      const s = registry.status(c.id)!;
      return html`<tr data-connector="${c.id}">
      <td><strong>${c.id}</strong>${c.name && c.name !== c.id ? html`<br><span class="muted small">${c.name}</span>` : ""}</td>
      <td>${c.type}</td>
      <td><span class="status ${s.status}">${s.status}</span>${s.consecutive_failures ? html`<br><span class="muted small">${s.consecutive_failures} failures in a row</span>` : ""}</td>
      <td class="small">${s.message}</td>
      <td>${s.latency_ms !== null ? `${Math.round(s.latency_ms)} ms` : "—"}</td>
      <td>${when(s.checked_at)}</td><td>${when(s.last_success_at)}</td>
      <td><form method="post" action="/dashboard/connectors/${c.id}/check">
        <input type="hidden" name="_csrf" value="${ctx.session.csrf_token}">
        ${isAdmin(ctx) ? html`<input type="hidden" name="account" value="${account.id}">` : ""}
        <button type="submit" aria-label="Check ${c.id} now">Check now</button></form></td>
    </tr>`;
    })}</tbody>
  </table>`
      : html`<p class="muted">No connector is configured for this account (see <code>connectors:</code> in the config file).</p>`
  }
</section>`;
  return page(frameOf(ctx, "Connectors", "connectors", body));
}

export const connectorRoutes: Route[] = [
  { method: "GET", path: /^\/connectors$/, access: "user", handle: connectorsPage },
  {
    method: "POST",
    path: /^\/connectors\/([a-z0-9][a-z0-9_-]{0,63})\/check$/,
    access: "user",
    async handle(ctx) {
      const accountId = scopeAccount(ctx);
      const id = ctx.params[0]!;
      if (!ctx.deps.rt.connectors.visibleTo(accountId).some((c) => c.id === id)) return notFound(frameOf(ctx, "Not found", "connectors", html``));
      await ctx.deps.rt.connectors.checkNow(id);
      return redirect(`/dashboard/connectors${isAdmin(ctx) ? `?account=${accountId}` : ""}`);
    },
  },
];
