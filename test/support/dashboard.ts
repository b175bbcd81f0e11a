// A dashboard session over plain fetch: reads the form token from a page, signs in, and posts
// forms with the session cookie (for the security tests, which need exact headers).
import type { TestServer } from "./harness.ts";

export interface DashboardSession {
  cookie: string;
  csrf: string;
  get(path: string): Promise<Response>;
  post(path: string, fields: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
}

export function hiddenField(html: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!m) throw new Error(`no hidden field ${name} in the page`);
  return m[1]!;
}

export function cookieValue(setCookie: string | null, name: string): string {
  const m = new RegExp(`${name}=([^;]*)`).exec(setCookie ?? "");
  if (!m) throw new Error(`no ${name} cookie in ${setCookie}`);
  return m[1]!;
}

export function form(fields: Record<string, string>): string {
  return new URLSearchParams(fields).toString();
}

/** A Set-Cookie line as the browser sends it back: `name=value`, under the name it was set with (`__Host-…` under TLS). */
export function asSent(setCookie: string): string {
  return setCookie.slice(0, setCookie.indexOf(";"));
}

/** Creates an active user (invite + setup) and returns their password. */
export async function activeUser(s: TestServer, email: string, account: string, role: "admin" | "developer" = "developer", password = "a long enough passphrase") {
  const invited = await s.rt.users.invite({ email, account, role }, { type: "cli" });
  const token = new URL(invited.setup_url).searchParams.get("token")!;
  await s.rt.users.completeSetup(token, password, password, null);
  return { user: invited.user, password };
}

export async function signIn(s: TestServer, email: string, password: string): Promise<DashboardSession & { setCookie: string }> {
  const login = await fetch(`${s.url}/dashboard/login`);
  const formCookie = asSent(login.headers.get("set-cookie")!);
  const token = hiddenField(await login.text(), "_csrf");
  const res = await fetch(`${s.url}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: formCookie, origin: s.url },
    body: form({ _csrf: token, email, password }),
  });
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`);
  const setCookie = res.headers.get("set-cookie")!;
  const cookie = asSent(setCookie);
  const keysPage = await (await fetch(`${s.url}/dashboard/keys`, { headers: { cookie } })).text();
  const csrf = hiddenField(keysPage, "_csrf");
  return {
    cookie,
    csrf,
    setCookie,
    get: (path) => fetch(s.url + path, { headers: { cookie }, redirect: "manual" }),
    post: (path, fields, headers = {}) =>
      fetch(s.url + path, {
        method: "POST",
        redirect: "manual",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie, origin: s.url, ...headers },
        body: form(fields),
      }),
  };
}

/**
 * Posts the sign-in form as a browser would with `Host: host` and `Origin: origin` (the login page,
 * its form cookie and token fetched with that Host first): the answer, and the form cookie as the
 * login page set it.
 */
export async function postLoginAs(s: TestServer, o: { host: string; origin: string }, email: string, password: string): Promise<{ res: Response; formCookie: string }> {
  const headers = { host: o.host };
  const login = await fetch(`${s.url}/dashboard/login`, { headers });
  const formCookie = login.headers.get("set-cookie") ?? "";
  const res = await fetch(`${s.url}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: {
      ...headers,
      "content-type": "application/x-www-form-urlencoded",
      // Under the name it was set with (`__Host-assay_form` when the dashboard is served over TLS).
      cookie: `${formCookie.slice(0, formCookie.indexOf("="))}=${cookieValue(formCookie, "assay_form")}`,
      origin: o.origin,
      "sec-fetch-site": "same-origin",
    },
    body: form({ _csrf: hiddenField(await login.text(), "_csrf"), email, password }),
  });
  return { res, formCookie };
}
