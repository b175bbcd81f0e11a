// What a dashboard handler sees: the runtime, the request, the parsed form, the signed-in user
// and helpers that keep every page inside the user's account.
import { randomBytes } from "../domain/crypto.ts";
import { iso } from "../domain/clock.ts";
import type { AuditActor } from "../audit/service.ts";
import type { Runtime } from "../runtime.ts";
import type { SessionRecord, UserRecord } from "../store/types.ts";
import { isId } from "../domain/ids.ts";
import type { Frame } from "./layout.ts";
import type { SafeHtml } from "./html.ts";

export interface DashboardDeps {
  rt: Runtime;
  /** Served over TLS: cookies get Secure. */
  secure: boolean;
  /** Form nonces already used (a reloaded POST must not mint a second key). */
  usedNonces: Map<string, number>;
}

export interface Ctx {
  deps: DashboardDeps;
  request: Request;
  url: URL;
  ip: string;
  params: string[];
  form: URLSearchParams;
  user: UserRecord;
  session: SessionRecord;
  sessionId: string;
}

export function actorOf(ctx: Ctx): AuditActor {
  return { type: "user", id: ctx.user.id, email: ctx.user.email };
}

export function isAdmin(ctx: Ctx): boolean {
  return ctx.user.role === "admin";
}

/** The account a page shows: a developer's own, or for an admin the one asked for (?account= or a form field). */
export function scopeAccount(ctx: Ctx): string {
  if (!isAdmin(ctx)) return ctx.user.account_id;
  const asked = ctx.form.get("account") ?? ctx.url.searchParams.get("account");
  return asked && isId(asked, "acct") ? asked : ctx.user.account_id;
}

/** Whether the user may act on an object of this account (developers: their own only). */
export function mayAccess(ctx: Ctx, accountId: string): boolean {
  return isAdmin(ctx) || accountId === ctx.user.account_id;
}

export function frameOf(ctx: Ctx, title: string, nav: string, body: SafeHtml): Frame {
  return { title, nav, body, user: ctx.user, csrf: ctx.session.csrf_token };
}

/** A single-use nonce for a form whose repeat must not act twice (create key, rotate). */
export function newNonce(): string {
  return randomBytes(16).toString("base64url");
}

/**
 * How long a used form nonce is remembered in the shared store: at least 48 hours, and never less
 * than a session can last (dashboard.session_absolute_hours, up to 30 days), for a form can be
 * submitted for as long as the session that shows it.
 */
function nonceMemoryMs(deps: DashboardDeps): number {
  return Math.max(48, deps.rt.config.dashboard.session_absolute_hours) * 3_600_000;
}

/**
 * True the first time a nonce is presented; false for a resubmission. With several nodes on
 * PostgreSQL the claim is also made in the shared replay_guard table, so a form resubmitted
 * through another node (a load balancer's retry, a reload) does not act twice either.
 */
export async function claimNonce(deps: DashboardDeps, nonce: string | null): Promise<boolean> {
  if (!nonce || nonce.length > 64 || deps.usedNonces.has(nonce)) return false;
  if (deps.usedNonces.size >= 50_000) deps.usedNonces.delete(deps.usedNonces.keys().next().value!);
  deps.usedNonces.set(nonce, Date.now());
  const store = deps.rt.store;
  if (store.driver !== "postgres") return true;
  const now = deps.rt.clock.now();
  return store.replay.firstSeen(`dashboard-nonce:${nonce}`, iso(now + nonceMemoryMs(deps)), iso(now));
}
