// The keys page: create a key (the key and secret are shown once, in the POST response, never
// in a URL), the account's keys with last use, Revoke and Rotate (each confirmed; rotate shows
// the new pair once). Another account's key id is a 404 for a developer.
import { KeyServiceError, MAX_KEY_LIFETIME_DAYS, type MintedKey, type PublicKeyView } from "../../auth/key-service.ts";
import { clipName, MAX_KEY_NAME } from "../../domain/name-limits.ts";
import type { Account } from "../../store/types.ts";
import { actorOf, claimNonce, type Ctx, frameOf, isAdmin, mayAccess, newNonce, scopeAccount } from "../context.ts";
import { html, plainText, type SafeHtml, when } from "../html.ts";
import type { Route } from "../index.ts";
import { notFound, page, redirect } from "../respond.ts";

const ROTATE_GRACE_MS = 24 * 3_600_000;
const EXPIRY_CHOICES: [string, string][] = [
  ["", "Never"],
  ["30", "In 30 days"],
  ["90", "In 90 days"],
  ["365", "In a year"],
];

export async function accountPicker(ctx: Ctx, current: Account, action: string): Promise<SafeHtml> {
  if (!isAdmin(ctx)) return html`<p class="sub">Account <strong>${current.name}</strong> <code>${current.id}</code> · plan ${current.plan}</p>`;
  const accounts = await ctx.deps.rt.keys.listAccounts();
  return html`<form method="get" action="${action}" class="inline picker">
  <label for="account">Account</label>
  <select id="account" name="account" data-autosubmit>
    ${accounts.map((a) => html`<option value="${a.id}"${a.id === current.id ? html` selected` : ""}>${a.name} (${a.id}, ${a.plan})</option>`)}
  </select>
  <button type="submit">Show</button>
</form>`;
}

function secretPanel(title: string, minted: MintedKey, extra?: SafeHtml): SafeHtml {
  return html`<section class="card reveal" aria-labelledby="reveal-title">
  <h2 id="reveal-title">${title}</h2>
  <p><strong>Copy the key and the secret now: they are shown only this once.</strong> Assay keeps only a hash of the key and an encrypted secret.</p>
  ${extra}
  <dl class="secrets">
    <dt>API key</dt>
    <dd><code id="new-key" data-testid="new-key">${minted.key}</code> <button type="button" data-copy="new-key">Copy key</button></dd>
    <dt>API secret</dt>
    <dd><code id="new-secret" data-testid="new-secret">${minted.secret}</code> <button type="button" data-copy="new-secret">Copy secret</button></dd>
  </dl>
</section>`;
}

function keyRow(ctx: Ctx, k: PublicKeyView): SafeHtml {
  const active = k.status === "active";
  const csrf = html`<input type="hidden" name="_csrf" value="${ctx.session.csrf_token}">`;
  const label = k.name ?? k.prefix;
  return html`<tr data-key="${k.id}">
  <td>${k.name ?? html`<span class="muted">unnamed</span>`}</td>
  <td><code>${k.prefix}…</code></td>
  <td>${when(k.created_at)}</td>
  <td>${k.last_used_at ? when(k.last_used_at) : html`<span class="muted">never</span>`}</td>
  <td>${when(k.expires_at)}</td>
  <td><span class="status ${k.status}">${k.status}</span>${k.rotated_to ? html`<br><span class="muted small">rotated</span>` : ""}</td>
  <td class="actions">${
    active
      ? html`<form method="post" action="/dashboard/keys/${k.id}/rotate" data-confirm="Rotate key ${plainText(label)}? A new key and secret are created; this one keeps working for 24 hours.">
      ${csrf}<input type="hidden" name="nonce" value="${newNonce()}">
      <button type="submit" aria-label="Rotate ${label}">Rotate</button></form>
    <form method="post" action="/dashboard/keys/${k.id}/revoke" data-confirm="Revoke key ${plainText(label)}? Requests signed with it are refused from now on. This cannot be undone.">
      ${csrf}<button type="submit" class="danger" aria-label="Revoke ${label}">Revoke</button></form>`
      : html`<span class="muted">—</span>`
  }</td>
</tr>`;
}

async function keysPage(ctx: Ctx, accountId: string, o: { reveal?: SafeHtml; notice?: string; status?: number } = {}): Promise<Response> {
  const account = await ctx.deps.rt.keys.getAccount(accountId);
  if (!account) return notFound(frameOf(ctx, "Not found", "keys", html``));
  // Active keys first, newest first within each status.
  const rank = { active: 0, expired: 1, revoked: 2 } as const;
  const keys = (await ctx.deps.rt.keys.listKeys(account.id)).reverse().sort((a, b) => rank[a.status] - rank[b.status]);
  const body = html`<h1>API keys</h1>
${await accountPicker(ctx, account, "/dashboard/keys")}
${o.notice ? html`<p class="notice info" role="status">${o.notice}</p>` : ""}
${o.reveal}
<section class="card">
  <h2>Create a key</h2>
  <form method="post" action="/dashboard/keys" class="inline">
    <input type="hidden" name="_csrf" value="${ctx.session.csrf_token}">
    <input type="hidden" name="nonce" value="${newNonce()}">
    <input type="hidden" name="account" value="${account.id}">
    <label for="key-name">Name</label>
    <input id="key-name" name="name" maxlength="${MAX_KEY_NAME}" size="32" placeholder="e.g. billing-sync (production)">
    <label for="key-expires">Expires</label>
    <select id="key-expires" name="expires_days">${EXPIRY_CHOICES.map(([v, l]) => html`<option value="${v}">${l}</option>`)}</select>
    <button type="submit" class="primary">Create key</button>
  </form>
</section>
<section class="card">
  <h2>Keys of ${account.name}</h2>
  ${
    keys.length
      ? html`<table class="grid">
    <thead><tr><th scope="col">Name</th><th scope="col">Prefix</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Expires</th><th scope="col">Status</th><th scope="col"><span class="sr-only">Actions</span></th></tr></thead>
    <tbody>${keys.map((k) => keyRow(ctx, k))}</tbody>
  </table>`
      : html`<p class="muted">No keys yet. Create one above.</p>`
  }
</section>`;
  return page(frameOf(ctx, "API keys", "keys", body), { status: o.status ?? 200 });
}

/** The key named in the path, if this user may act on it. */
async function ownedKey(ctx: Ctx): Promise<PublicKeyView | null> {
  const key = await ctx.deps.rt.keys.getKey(ctx.params[0]!);
  return key && mayAccess(ctx, key.account) ? key : null;
}

const BAD_EXPIRY = "Choose when the key expires from the list (never, in 30 or 90 days, or in a year); no key was created.";
const RESUBMITTED = "This form was already submitted. A key's secret is shown only once; create or rotate again if you missed it.";

export const keyRoutes: Route[] = [
  { method: "GET", path: /^\/keys$/, access: "user", handle: (ctx) => keysPage(ctx, scopeAccount(ctx)) },
  {
    method: "POST",
    path: /^\/keys$/,
    access: "user",
    async handle(ctx) {
      const accountId = scopeAccount(ctx);
      // Only the form's own choices: any other value was read as "never", so a key asked to
      // expire did not, without a word. Checked before the nonce is used, so the form can be sent again.
      const expiry = ctx.form.get("expires_days") ?? "";
      if (!EXPIRY_CHOICES.some(([v]) => v === expiry)) return keysPage(ctx, accountId, { notice: BAD_EXPIRY, status: 422 });
      if (!(await claimNonce(ctx.deps, ctx.form.get("nonce")))) return keysPage(ctx, accountId, { notice: RESUBMITTED });
      if (!(await ctx.deps.rt.keys.getAccount(accountId))) return notFound(frameOf(ctx, "Not found", "keys", html``));
      const name = clipName((ctx.form.get("name") ?? "").trim(), MAX_KEY_NAME) || undefined;
      const days = Number(expiry || 0);
      const expiresInMs = days > 0 && days <= MAX_KEY_LIFETIME_DAYS ? days * 86_400_000 : undefined;
      const minted = await ctx.deps.rt.keys.createKey(accountId, { name, expiresInMs, actor: actorOf(ctx) });
      return keysPage(ctx, accountId, { reveal: secretPanel(minted.name ? `Key “${minted.name}” created` : `Key ${minted.id} created`, minted), status: 201 });
    },
  },
  {
    method: "POST",
    path: /^\/keys\/(key_[0-9A-Z]{26})\/revoke$/,
    access: "user",
    async handle(ctx) {
      const key = await ownedKey(ctx);
      if (!key) return notFound(frameOf(ctx, "Not found", "keys", html``));
      await ctx.deps.rt.keys.revokeKey(key.id, actorOf(ctx));
      return redirect(`/dashboard/keys${isAdmin(ctx) ? `?account=${key.account}` : ""}`);
    },
  },
  {
    method: "POST",
    path: /^\/keys\/(key_[0-9A-Z]{26})\/rotate$/,
    access: "user",
    async handle(ctx) {
      const key = await ownedKey(ctx);
      if (!key) return notFound(frameOf(ctx, "Not found", "keys", html``));
      if (!(await claimNonce(ctx.deps, ctx.form.get("nonce")))) return keysPage(ctx, key.account, { notice: RESUBMITTED });
      try {
        const { key: minted, previous } = await ctx.deps.rt.keys.rotateKey(key.id, ROTATE_GRACE_MS, actorOf(ctx));
        const extra = html`<p>The old key <code>${previous.prefix}…</code> keeps working until ${when(previous.expires_at)}.</p>`;
        return keysPage(ctx, key.account, { reveal: secretPanel(minted.name ? `Key “${minted.name}” rotated` : `Key ${minted.id} rotated`, minted, extra), status: 201 });
      } catch (e) {
        if (e instanceof KeyServiceError) return keysPage(ctx, key.account, { notice: e.message, status: 409 });
        throw e;
      }
    },
  },
];
