// Admin pages: every account and its plan, the users (invite, disable, reset: the setup link is
// shown once, in the POST response), and the audit log.
import { KeyServiceError } from "../../auth/key-service.ts";
import { isId } from "../../domain/ids.ts";
import { clipName, MAX_ACCOUNT_NAME } from "../../domain/name-limits.ts";
import type { AuditEventRecord } from "../../store/types.ts";
import { type Invitation, UserError } from "../../users/service.ts";
import { actorOf, type Ctx, frameOf } from "../context.ts";
import { html, plainText, type SafeHtml, when } from "../html.ts";
import type { Route } from "../index.ts";
import { notFound, page, redirect } from "../respond.ts";

const csrfField = (ctx: Ctx) => html`<input type="hidden" name="_csrf" value="${ctx.session.csrf_token}">`;

function notice(message: string | undefined, kind: "info" | "error" = "info"): SafeHtml {
  return message ? html`<p class="notice ${kind}" role="${kind === "error" ? "alert" : "status"}">${message}</p>` : html``;
}

async function accountsPage(ctx: Ctx, o: { message?: string; error?: string; status?: number } = {}): Promise<Response> {
  const accounts = await ctx.deps.rt.keys.listAccounts();
  const plans = ctx.deps.rt.keys.planNames();
  const body = html`<h1>Accounts</h1>
${notice(o.message)}${notice(o.error, "error")}
<section class="card">
  <h2>Create an account</h2>
  <form method="post" action="/dashboard/accounts" class="inline">
    ${csrfField(ctx)}
    <label for="acct-name">Account name</label>
    <input id="acct-name" name="name" required maxlength="${MAX_ACCOUNT_NAME}">
    <label for="acct-plan">Plan</label>
    <select id="acct-plan" name="plan">${plans.map((p) => html`<option>${p}</option>`)}</select>
    <button type="submit" class="primary">Create account</button>
  </form>
</section>
<section class="card">
  <h2>${accounts.length} accounts</h2>
  <table class="grid">
    <thead><tr><th scope="col">Name</th><th scope="col">Id</th><th scope="col">Created</th><th scope="col">Plan</th><th scope="col"><span class="sr-only">Links</span></th></tr></thead>
    <tbody>${accounts.map(
      (a) => html`<tr>
      <td>${a.name}</td><td><code>${a.id}</code></td><td>${when(a.created_at)}</td>
      <td><form method="post" action="/dashboard/accounts/${a.id}/plan" class="inline tight" data-confirm="Change the plan of ${plainText(a.name)}? Its rate limits change at once.">
        ${csrfField(ctx)}
        <label class="sr-only" for="plan-${a.id}">Plan of ${a.name}</label>
        <select id="plan-${a.id}" name="plan">${plans.map((p) => html`<option${p === a.plan ? html` selected` : ""}>${p}</option>`)}</select>
        <button type="submit">Change plan</button>
      </form></td>
      <td><a href="/dashboard/keys?account=${a.id}">Keys</a> · <a href="/dashboard/users?account=${a.id}">Users</a></td>
    </tr>`,
    )}</tbody>
  </table>
</section>`;
  return page(frameOf(ctx, "Accounts", "accounts", body), { status: o.status ?? 200 });
}

async function usersPage(ctx: Ctx, o: { invitation?: Invitation; title?: string; error?: string; status?: number } = {}): Promise<Response> {
  const accounts = await ctx.deps.rt.keys.listAccounts();
  const names = new Map(accounts.map((a) => [a.id, a.name]));
  const filter = ctx.url.searchParams.get("account");
  const users = await ctx.deps.rt.users.list(filter && isId(filter, "acct") ? filter : undefined);
  const reveal = o.invitation
    ? html`<section class="card reveal" aria-labelledby="link-title">
  <h2 id="link-title">${o.title}</h2>
  <p><strong>Send this link to ${o.invitation.user.email} now: it is shown only once.</strong> It works once, until ${when(o.invitation.expires_at)}.</p>
  <p><code id="setup-link" data-testid="setup-link" class="wrap">${o.invitation.setup_url}</code> <button type="button" data-copy="setup-link">Copy link</button></p>
</section>`
    : html``;
  const body = html`<h1>Users</h1>
${notice(o.error, "error")}
${reveal}
<section class="card">
  <h2>Invite a user</h2>
  <form method="post" action="/dashboard/users" class="inline">
    ${csrfField(ctx)}
    <label for="invite-email">Email</label>
    <input id="invite-email" name="email" type="email" required maxlength="320">
    <label for="invite-account">Account</label>
    <select id="invite-account" name="account">${accounts.map((a) => html`<option value="${a.id}"${a.id === filter ? html` selected` : ""}>${a.name}</option>`)}</select>
    <label for="invite-role">Role</label>
    <select id="invite-role" name="role"><option value="developer">developer</option><option value="admin">admin</option></select>
    <button type="submit" class="primary">Invite</button>
  </form>
</section>
<section class="card">
  <h2>${filter ? `Users of ${names.get(filter) ?? filter}` : "All users"}</h2>
  <table class="grid">
    <thead><tr><th scope="col">Email</th><th scope="col">Account</th><th scope="col">Role</th><th scope="col">Status</th><th scope="col">Last sign-in</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>${users.map(
      (u) => html`<tr>
      <td>${u.email}</td><td>${names.get(u.account) ?? u.account}</td><td>${u.role}</td>
      <td><span class="status ${u.status}">${u.status}</span></td><td>${when(u.last_sign_in_at)}</td>
      <td class="actions">${
        u.id === ctx.user.id
          ? html`<span class="muted">you</span>`
          : html`<form method="post" action="/dashboard/users/${u.id}/reset" data-confirm="Reset ${plainText(u.email)}? Their password and sessions stop working and a new setup link is made.">
          ${csrfField(ctx)}<button type="submit">Reset</button></form>
        ${
          u.status !== "disabled"
            ? html`<form method="post" action="/dashboard/users/${u.id}/disable" data-confirm="Disable ${plainText(u.email)}? They are signed out at once.">
          ${csrfField(ctx)}<button type="submit" class="danger">Disable</button></form>`
            : ""
        }`
      }</td>
    </tr>`,
    )}</tbody>
  </table>
</section>`;
  return page(frameOf(ctx, "Users", "users", body), { status: o.status ?? 200 });
}

function describeEvent(e: AuditEventRecord): string {
  const d = e.details;
  switch (e.type) {
    case "key.created":
      return `key ${d.name ?? ""} ${d.prefix ?? ""}… created`.replace(/\s+/g, " ");
    case "key.revoked":
      return `key ${d.name ?? ""} ${d.prefix ?? ""}… revoked`.replace(/\s+/g, " ");
    case "key.rotated":
      return `key ${d.prefix ?? ""}… rotated to ${d.new_key ?? "?"}`;
    case "account.plan_changed":
      return `plan ${d.from ?? "?"} → ${d.to ?? "?"}`;
    case "user.sign_in_failed":
      return `failed sign-in as ${d.email ?? "?"} (${d.reason ?? "?"})`;
    default:
      return d.email ? `${e.type.replace(".", " ").replace("_", " ")}: ${d.email}` : e.type.replace(".", " ").replace("_", " ");
  }
}

function actorLabel(e: AuditEventRecord): string {
  if (e.actor_type === "user") return String(e.details.actor_email ?? e.actor_id);
  if (e.actor_type === "cli") return "CLI (host)";
  return e.actor_type === "api_key" ? `key ${e.actor_id}` : "system";
}

async function auditPage(ctx: Ctx): Promise<Response> {
  const q = ctx.url.searchParams;
  const account = q.get("account");
  const type = q.get("type");
  const before = q.get("before");
  const list = await ctx.deps.rt.audit.list({
    account_id: account && isId(account, "acct") ? account : undefined,
    type: type && /^[a-z_]+\.[a-z_]+$/.test(type) ? type : undefined,
    before: before && isId(before, "aud") ? before : undefined,
    limit: 100,
  });
  const names = new Map((await ctx.deps.rt.keys.listAccounts()).map((x) => [x.id, x.name]));
  const last = list.data.at(-1);
  const next = new URLSearchParams(q);
  if (last) next.set("before", last.id);
  const types = ["key.created", "key.revoked", "key.rotated", "account.created", "account.plan_changed", "user.invited", "user.disabled", "user.reset", "user.password_set", "user.signed_in", "user.sign_in_failed", "user.signed_out"];
  const body = html`<h1>Audit log</h1>
<form method="get" action="/dashboard/audit" class="inline card filters">
  <label for="f-type">Event</label>
  <select id="f-type" name="type"><option value="">all</option>${types.map((t) => html`<option${t === type ? html` selected` : ""}>${t}</option>`)}</select>
  <label for="f-account">Account id</label>
  <input id="f-account" name="account" value="${account ?? ""}" placeholder="acct_…" size="30">
  <button type="submit">Filter</button>
</form>
<section class="card">
  <table class="grid audit">
    <thead><tr><th scope="col">When</th><th scope="col">Event</th><th scope="col">What</th><th scope="col">Who</th><th scope="col">Account</th><th scope="col">Address</th></tr></thead>
    <tbody>${list.data.map(
      (e) => html`<tr class="${e.type.endsWith("failed") ? "warn" : ""}">
      <td>${when(e.created_at)}</td><td><code>${e.type}</code></td><td>${describeEvent(e)}</td><td>${actorLabel(e)}</td>
      <td>${e.account_id ? html`<a href="/dashboard/audit?account=${e.account_id}" title="${e.account_id}">${names.get(e.account_id) ?? e.account_id}</a>` : "—"}</td><td>${e.ip ?? "—"}</td>
    </tr>`,
    )}</tbody>
  </table>
  ${list.data.length === 0 ? html`<p class="muted">No events match.</p>` : ""}
  ${list.has_more ? html`<p><a href="/dashboard/audit?${next.toString()}">Older events</a></p>` : ""}
</section>`;
  return page(frameOf(ctx, "Audit log", "audit", body));
}

export const adminRoutes: Route[] = [
  { method: "GET", path: /^\/accounts$/, access: "admin", handle: (ctx) => accountsPage(ctx) },
  {
    method: "POST",
    path: /^\/accounts$/,
    access: "admin",
    async handle(ctx) {
      const name = clipName((ctx.form.get("name") ?? "").trim(), MAX_ACCOUNT_NAME);
      if (!name) return accountsPage(ctx, { error: "Give the account a name.", status: 422 });
      try {
        const account = await ctx.deps.rt.keys.createAccount(name, ctx.form.get("plan") ?? "standard", actorOf(ctx));
        return accountsPage(ctx, { message: `Account ${account.name} (${account.id}) created on plan ${account.plan}.`, status: 201 });
      } catch (e) {
        if (e instanceof KeyServiceError) return accountsPage(ctx, { error: e.message, status: 422 });
        throw e;
      }
    },
  },
  {
    method: "POST",
    path: /^\/accounts\/(acct_[0-9A-Z]{26})\/plan$/,
    access: "admin",
    async handle(ctx) {
      try {
        await ctx.deps.rt.keys.setPlan(ctx.params[0]!, ctx.form.get("plan") ?? "", actorOf(ctx));
      } catch (e) {
        if (!(e instanceof KeyServiceError)) throw e;
        if (e.code === "unknown_account") return notFound(frameOf(ctx, "Not found", "accounts", html``));
        return accountsPage(ctx, { error: e.message, status: 422 });
      }
      return redirect("/dashboard/accounts");
    },
  },
  { method: "GET", path: /^\/users$/, access: "admin", handle: (ctx) => usersPage(ctx) },
  {
    method: "POST",
    path: /^\/users$/,
    access: "admin",
    async handle(ctx) {
      try {
        const invitation = await ctx.deps.rt.users.invite(
          { email: ctx.form.get("email") ?? "", account: ctx.form.get("account") ?? "", role: ctx.form.get("role") ?? "developer" },
          actorOf(ctx),
        );
        return usersPage(ctx, { invitation, title: `${invitation.user.email} invited`, status: 201 });
      } catch (e) {
        if (e instanceof UserError) return usersPage(ctx, { error: e.message, status: 422 });
        throw e;
      }
    },
  },
  {
    method: "POST",
    path: /^\/users\/(usr_[0-9A-Z]{26})\/(disable|reset)$/,
    access: "admin",
    async handle(ctx) {
      const [id, action] = ctx.params as [string, string];
      if (id === ctx.user.id) return usersPage(ctx, { error: "You cannot disable or reset yourself here; use the CLI on the host.", status: 409 });
      try {
        if (action === "disable") {
          await ctx.deps.rt.users.disable(id, actorOf(ctx));
          return redirect("/dashboard/users");
        }
        const invitation = await ctx.deps.rt.users.reset(id, actorOf(ctx));
        return usersPage(ctx, { invitation, title: `New setup link for ${invitation.user.email}` });
      } catch (e) {
        if (e instanceof UserError) return notFound(frameOf(ctx, "Not found", "users", html``));
        throw e;
      }
    },
  },
  { method: "GET", path: /^\/audit$/, access: "admin", handle: auditPage },
];
