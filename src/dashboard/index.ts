// The developer dashboard at /dashboard: server-rendered pages on the API port, outside the
// signed /v1 pipeline, with their own session authentication. Every response carries a strict
// CSP; every POST must carry the CSRF token of its session (or, before sign-in, of the form
// cookie) and come from this origin.
import { randomBytes } from "../domain/crypto.ts";
import { ApiError } from "../domain/errors.ts";
import { readBodyBytes } from "../http/body.ts";
import { peekState } from "../http/request-state.ts";
import { StorageUnavailableError } from "../store/types.ts";
import type { Runtime } from "../runtime.ts";
import { sameToken } from "../users/service.ts";
import { assetResponse } from "./assets.ts";
import { PREFIX } from "./path.ts";
import type { Ctx, DashboardDeps } from "./context.ts";
import { clearShadowingCookies, cookieName, FORM_COOKIE, readCookies, SESSION_COOKIE, setCookie } from "./cookies.ts";
import { authRoutes } from "./pages/auth.ts";
import { adminRoutes } from "./pages/admin.ts";
import { keyRoutes } from "./pages/keys.ts";
import { usageRoutes } from "./pages/usage.ts";
import { alertRoutes } from "./pages/alerts.ts";
import { reportRoutes } from "./pages/reports.ts";
import { connectorRoutes } from "./pages/connectors.ts";
import { playgroundRoutes } from "./pages/playground.ts";
import { errorPage, notFound, redirect, SECURITY_HEADERS } from "./respond.ts";
import { judgeOrigin, type TrustedOrigins } from "./trusted-origin.ts";

export type Access = "public" | "user" | "admin";

export interface Route {
  method: "GET" | "POST";
  path: RegExp;
  access: Access;
  handle(ctx: Ctx): Promise<Response> | Response;
}

/** Handlers of public routes get a Ctx without user or session. */
export type PublicCtx = Omit<Ctx, "user" | "session" | "sessionId"> & { formToken: string };

export { isDashboardPath, PREFIX } from "./path.ts";
const FORM_MAX_BYTES = 64 * 1024;


export function createDashboard(rt: Runtime, options: { secure: boolean }) {
  const deps: DashboardDeps = { rt, secure: options.secure, usedNonces: new Map() };
  // Behind a TLS-terminating proxy the browser's Origin is https://public-name while the request
  // reaches Assay as http://public-name: dashboard.public_url names the public origin.
  const trusted: TrustedOrigins = {
    publicOrigin: rt.config.dashboard.public_url ? new URL(rt.config.dashboard.public_url).origin : undefined,
    serverHost: rt.config.server.host,
  };
  const routes: Route[] = [...authRoutes, ...keyRoutes, ...usageRoutes, ...alertRoutes, ...reportRoutes, ...connectorRoutes, ...playgroundRoutes, ...adminRoutes];

  return async function handleDashboard(request: Request): Promise<Response> {
    try {
      return await serve(request);
    } catch (e) {
      // The store down (PostgreSQL unreachable, SQLite full or locked) is a 503 page to retry, as
      // storage_unavailable is on /v1, not an internal error.
      if (!(e instanceof StorageUnavailableError)) throw e;
      const r = errorPage(503, "Storage unavailable", "Assay's database cannot be reached right now. Try again in a moment.");
      r.headers.set("retry-after", "1");
      return r;
    }
  };

  async function serve(request: Request): Promise<Response> {
    const url = new URL(request.url);
    const path = url.pathname.length > PREFIX.length && url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname;
    if (path === PREFIX) return redirect(`${PREFIX}/keys`);
    if (path.startsWith(`${PREFIX}/assets/`) && (request.method === "GET" || request.method === "HEAD")) {
      return assetResponse(path.slice(PREFIX.length + 8), request.headers.get("accept-encoding"), SECURITY_HEADERS) ?? notFound();
    }
    const method = request.method === "HEAD" ? "GET" : request.method;
    let params: string[] = [];
    const route = routes.find((r) => {
      if (r.method !== method) return false;
      const m = r.path.exec(path.slice(PREFIX.length) || "/");
      if (m) params = m.slice(1);
      return m !== null;
    });
    if (!route) {
      const other = routes.some((r) => r.path.test(path.slice(PREFIX.length)));
      return other ? errorPage(405, "Method not allowed", "This page does not accept that kind of request.") : notFound();
    }
    const ip = peekState(request)?.clientIp ?? "unknown";

    // One of Assay's cookies sent twice: another app on this host name planted one with a
    // narrower path (cookies.ts). Neither is used, whichever Assay issued.
    const sessionIds = readCookies(request, cookieName(SESSION_COOKIE, deps));
    const formTokens = readCookies(request, cookieName(FORM_COOKIE, deps));
    if (sessionIds.length > 1 || formTokens.length > 1) return conflictingCookies(deps.secure, path);

    let form = new URLSearchParams();
    if (method === "POST") {
      const refusal = crossSiteRefusal(request, url, trusted);
      if (refusal) return refusal;
      const type = request.headers.get("content-type") ?? "";
      if (!type.startsWith("application/x-www-form-urlencoded")) return errorPage(415, "Unsupported form", "Send this form from the dashboard page.");
      // Read up to the limit and no further (a form sent chunked was read whole first, up to
      // Bun's 4.25 MB ceiling; the sign-in form is open to anyone).
      let bytes: Uint8Array;
      try {
        bytes = await readBodyBytes(request, FORM_MAX_BYTES);
      } catch (e) {
        if (!(e instanceof ApiError) || e.code !== "payload_too_large") throw e;
        const refused = errorPage(413, "Form too large", "The form is larger than the dashboard accepts.");
        refused.headers.set("connection", "close"); // the rest of the body is not read
        return refused;
      }
      form = new URLSearchParams(new TextDecoder().decode(bytes));
    }

    if (route.access === "public") {
      // Sign-in and setup forms: a CSRF token bound to a cookie of this browser (double submit).
      let formToken = formTokens[0];
      const fresh = !formToken || !/^[A-Za-z0-9_-]{43}$/.test(formToken);
      if (method === "POST" && (fresh || !sameToken(form.get("_csrf") ?? "", formToken!))) return forbidden();
      if (fresh) formToken = randomBytes(32).toString("base64url");
      const ctx = { deps, request, url, ip, params, form, formToken: formToken! } as PublicCtx;
      const response = await route.handle(ctx as unknown as Ctx);
      if (fresh) response.headers.append("set-cookie", setCookie(FORM_COOKIE, formToken!, { secure: deps.secure }));
      return response;
    }

    const sessionId = sessionIds[0] ?? "";
    const live = await rt.users.resolveSession(sessionId);
    if (!live) {
      if (method === "POST") return forbidden();
      return redirect(`${PREFIX}/login?next=${encodeURIComponent(path + url.search)}`);
    }
    if (method === "POST" && !sameToken(form.get("_csrf") ?? "", live.session.csrf_token)) return forbidden();
    const ctx: Ctx = { deps, request, url, ip, params, form, user: live.user, session: live.session, sessionId };
    if (route.access === "admin" && live.user.role !== "admin") {
      return notFound({ user: live.user, csrf: live.session.csrf_token });
    }
    return route.handle(ctx);
  }
}

/**
 * Origin and Sec-Fetch-Site, when the browser sends them, must say this very site: dashboard.public_url's
 * origin (the public https address of a proxy), or the address the request came in on when no DNS
 * answer can stand for it (trusted-origin.ts). The refusal of a name says what an operator sets.
 */
function crossSiteRefusal(request: Request, url: URL, trusted: TrustedOrigins): Response | undefined {
  const site = request.headers.get("sec-fetch-site");
  if (site && site !== "same-origin" && site !== "none") return forbidden();
  const verdict = judgeOrigin(request.headers.get("origin"), url, trusted);
  if (verdict === "other-site") return forbidden();
  if (verdict === "unconfigured-name") {
    const where = trusted.publicOrigin
      ? `Open it at ${trusted.publicOrigin}${PREFIX}.`
      : "Open it by its IP address, or ask the operator to set dashboard.public_url to the address users open.";
    return errorPage(
      403,
      "Form refused",
      `This dashboard was opened under a name Assay does not know as its own, so its forms are refused (a page of another site can be made to reach Assay under such a name). ${where}`,
    );
  }
  return undefined;
}

/**
 * The page for a request carrying Assay's session or form cookie more than once. Over plain HTTP
 * it also expires such cookies at this page's path and the folders above it (the usual way one is
 * planted); under TLS the `__Host-` cookies cannot be shadowed so, and the page says what to do.
 */
function conflictingCookies(secure: boolean, path: string): Response {
  const r = errorPage(
    400,
    "Conflicting cookies",
    "This browser sent one of the dashboard's cookies twice: another site on this host name has set one (cookies are shared by every port of a host). Assay uses neither. Sign in again; if this page comes back, clear this site's cookies in the browser, and ask the operator to serve the dashboard over TLS.",
  );
  if (!secure) for (const name of [SESSION_COOKIE, FORM_COOKIE]) for (const line of clearShadowingCookies(name, path)) r.headers.append("set-cookie", line);
  return r;
}

function forbidden(): Response {
  return errorPage(403, "Form refused", "This form has expired or did not come from this dashboard. Go back, reload the page and try again.");
}
