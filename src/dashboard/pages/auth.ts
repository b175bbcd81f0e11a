// Sign-in, the setup page of an invitation or reset link, and Sign out.
import { UserError } from "../../users/service.ts";
import { MIN_PASSWORD_LENGTH } from "../../users/service.ts";
import type { Ctx } from "../context.ts";
import { clearCookie, SESSION_COOKIE, setCookie } from "../cookies.ts";
import { html, type SafeHtml } from "../html.ts";
import type { PublicCtx, Route } from "../index.ts";
import { page, redirect } from "../respond.ts";

function publicPage(title: string, body: SafeHtml, status = 200): Response {
  return page({ title, body: html`<section class="card narrow auth">${body}</section>` }, { status });
}

function notice(message: string | undefined, kind = "error"): SafeHtml {
  return message ? html`<p class="notice ${kind}" role="${kind === "error" ? "alert" : "status"}">${message}</p>` : html``;
}

/** Only a path inside the dashboard: never an open redirect. */
function safeNext(next: string | null): string {
  return next && /^\/dashboard(\/[A-Za-z0-9/_?=&%.-]*)?$/.test(next) && !next.startsWith("//") ? next : "/dashboard/keys";
}

function loginForm(ctx: PublicCtx, o: { email?: string; error?: string; info?: string } = {}): SafeHtml {
  return html`<h1>Sign in to Assay</h1>
${notice(o.error)}${notice(o.info, "info")}
<form method="post" action="/dashboard/login${ctx.url.searchParams.get("next") ? `?next=${encodeURIComponent(ctx.url.searchParams.get("next")!)}` : ""}" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.formToken}">
  <label for="email">Email</label>
  <input id="email" name="email" type="email" autocomplete="username" required value="${o.email ?? ""}" autofocus>
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="current-password" required>
  <button type="submit" class="primary">Sign in</button>
</form>
<p class="hint">No account? An administrator invites you with <code>assay users create</code>.</p>`;
}

function setupForm(ctx: PublicCtx, token: string, email: string, error?: string): SafeHtml {
  return html`<h1>Choose your password</h1>
<p>For <strong>${email}</strong>. At least ${MIN_PASSWORD_LENGTH} characters; a passphrase of a few words is easy to remember.</p>
${notice(error)}
<form method="post" action="/dashboard/setup" class="stack">
  <input type="hidden" name="_csrf" value="${ctx.formToken}">
  <input type="hidden" name="token" value="${token}">
  <input class="sr-only" type="email" name="username" autocomplete="username" value="${email}" readonly tabindex="-1" aria-hidden="true">
  <label for="password">Password</label>
  <input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required autofocus>
  <label for="confirm">Confirm password</label>
  <input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
  <button type="submit" class="primary">Set password</button>
</form>`;
}

const INVALID_LINK = "This setup link is invalid, expired or already used. Ask an administrator for a new one (assay users reset).";

export const authRoutes: Route[] = [
  {
    method: "GET",
    path: /^\/login$/,
    access: "public",
    handle: (c) => {
      const ctx = c as unknown as PublicCtx;
      const info = ctx.url.searchParams.has("signed_out") ? "You are signed out." : ctx.url.searchParams.has("ready") ? "Your password is set. Sign in." : undefined;
      return publicPage("Sign in", loginForm(ctx, { info }));
    },
  },
  {
    method: "POST",
    path: /^\/login$/,
    access: "public",
    async handle(c) {
      const ctx = c as unknown as PublicCtx;
      const email = ctx.form.get("email") ?? "";
      try {
        const signed = await ctx.deps.rt.users.signIn(email, ctx.form.get("password") ?? "", ctx.ip);
        const maxAgeS = Math.floor(ctx.deps.rt.config.dashboard.session_absolute_hours * 3600);
        return redirect(safeNext(ctx.url.searchParams.get("next")), {
          "set-cookie": setCookie(SESSION_COOKIE, signed.sessionId, { secure: ctx.deps.secure, maxAgeS }),
        });
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        return publicPage("Sign in", loginForm(ctx, { email, error: e.message }), e.code === "sign_in_limited" ? 429 : 401);
      }
    },
  },
  {
    method: "GET",
    path: /^\/setup$/,
    access: "public",
    async handle(c) {
      const ctx = c as unknown as PublicCtx;
      const token = ctx.url.searchParams.get("token") ?? "";
      const user = await ctx.deps.rt.users.setupUser(token);
      if (!user) return publicPage("Setup link", html`<h1>Setup link</h1>${notice(INVALID_LINK)}<p><a href="/dashboard/login">Sign in</a></p>`, 404);
      return publicPage("Choose your password", setupForm(ctx, token, user.email));
    },
  },
  {
    method: "POST",
    path: /^\/setup$/,
    access: "public",
    async handle(c) {
      const ctx = c as unknown as PublicCtx;
      const token = ctx.form.get("token") ?? "";
      const user = await ctx.deps.rt.users.setupUser(token);
      if (!user) return publicPage("Setup link", html`<h1>Setup link</h1>${notice(INVALID_LINK)}`, 404);
      try {
        await ctx.deps.rt.users.completeSetup(token, ctx.form.get("password") ?? "", ctx.form.get("confirm") ?? "", ctx.ip);
      } catch (e) {
        if (!(e instanceof UserError)) throw e;
        return publicPage("Choose your password", setupForm(ctx, token, user.email, e.message), 422);
      }
      return redirect("/dashboard/login?ready=1");
    },
  },
  {
    method: "POST",
    path: /^\/logout$/,
    access: "user",
    async handle(ctx: Ctx) {
      await ctx.deps.rt.users.signOut(ctx.sessionId, ctx.user, ctx.ip);
      return redirect("/dashboard/login?signed_out=1", { "set-cookie": clearCookie(SESSION_COOKIE, { secure: ctx.deps.secure }) });
    },
  },
];
