// Responses of the dashboard: every one carries the strict CSP and the other security headers;
// pages are never cached (each is per user, some show a secret once).
import { frame, type Frame } from "./layout.ts";
import { html } from "./html.ts";

export const CSP =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'";

export const SECURITY_HEADERS: Record<string, string> = {
  "content-security-policy": CSP,
  "x-content-type-options": "nosniff",
  "x-frame-options": "DENY",
  // same-origin, not no-referrer: with no-referrer Chromium sends `Origin: null` on form posts.
  "referrer-policy": "same-origin",
  "cross-origin-opener-policy": "same-origin",
  "cross-origin-resource-policy": "same-origin",
};

export function page(f: Frame, init: { status?: number; headers?: Record<string, string> } = {}): Response {
  return new Response(frame(f), {
    status: init.status ?? 200,
    headers: { ...SECURITY_HEADERS, "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...init.headers },
  });
}

export function redirect(location: string, headers: Record<string, string> = {}): Response {
  return new Response(null, { status: 303, headers: { ...SECURITY_HEADERS, location, "cache-control": "no-store", ...headers } });
}

export function errorPage(status: number, title: string, message: string, f: Partial<Frame> = {}): Response {
  return page({ ...f, title, body: html`<section class="card narrow"><h1>${title}</h1><p>${message}</p><p><a href="/dashboard">Back to the dashboard</a></p></section>` }, { status });
}

export const notFound = (f: Partial<Frame> = {}) => errorPage(404, "Not found", "There is nothing here, or it is not yours to see.", f);
