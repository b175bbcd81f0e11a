// Dashboard security over plain HTTP: CSRF tokens and origin checks on every POST, cookie flags,
// session renewal at sign-in, account isolation by id, and the CSP on every response.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { setCookie } from "../../src/dashboard/cookies.ts";
import { CSP } from "../../src/dashboard/respond.ts";
import { compressedAssetBytes } from "../../src/dashboard/assets.ts";
import { activeUser, type DashboardSession, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let dev: DashboardSession & { setCookie: string };
let admin: DashboardSession & { setCookie: string };
let otherAccount: Awaited<ReturnType<TestServer["newAccount"]>>;
beforeAll(async () => {
  s = await startTestServer();
  otherAccount = await s.newAccount();
  const d = await activeUser(s, "dev@example.com", s.creds.accountId);
  const a = await activeUser(s, "admin@example.com", otherAccount.accountId, "admin");
  dev = await signIn(s, "dev@example.com", d.password);
  admin = await signIn(s, "admin@example.com", a.password);
});
afterAll(() => s.stop());

describe("CSRF", () => {
  test("a form without its token, with another session's token, or from another origin is refused with 403", async () => {
    const before = (await s.rt.keys.listKeys(s.creds.accountId)).length;
    expect((await dev.post("/dashboard/keys", { name: "x", nonce: "n1" })).status).toBe(403);
    expect((await dev.post("/dashboard/keys", { name: "x", nonce: "n2", _csrf: admin.csrf })).status).toBe(403);
    expect((await dev.post("/dashboard/keys", { name: "x", nonce: "n3", _csrf: dev.csrf }, { origin: "https://evil.example" })).status).toBe(403);
    expect((await dev.post("/dashboard/keys", { name: "x", nonce: "n4", _csrf: dev.csrf }, { "sec-fetch-site": "cross-site" })).status).toBe(403);
    expect((await dev.post(`/dashboard/keys/${s.creds.keyId}/revoke`, {})).status).toBe(403);
    expect((await s.rt.keys.listKeys(s.creds.accountId)).length).toBe(before);
    // The same form with its token works.
    expect((await dev.post("/dashboard/keys", { name: "x", nonce: "n5", _csrf: dev.csrf })).status).toBe(201);
  });

  test("the sign-in form needs the token of its form cookie", async () => {
    const res = await fetch(`${s.url}/dashboard/login`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=dev%40example.com&password=a+long+enough+passphrase",
    });
    expect(res.status).toBe(403);
  });
});

describe("cookies and sessions", () => {
  test("the session cookie is HttpOnly, SameSite=Strict, Path=/dashboard (Secure under TLS) and new at each sign-in", async () => {
    expect(dev.setCookie).toContain("HttpOnly");
    expect(dev.setCookie).toContain("SameSite=Strict");
    expect(dev.setCookie).toContain("Path=/dashboard");
    expect(dev.setCookie).not.toContain("Secure");
    expect(setCookie("assay_session", "v", { secure: true })).toContain("; Secure");
    const again = await signIn(s, "dev@example.com", "a long enough passphrase");
    expect(again.cookie).not.toBe(dev.cookie);
    // The stored id is a hash: the cookie value is not in the database.
    const id = dev.cookie.split("=")[1]!;
    expect(await s.rt.store.sessions.get(id)).toBeNull();
  });

  test("without a session, pages redirect to sign-in and posts are refused", async () => {
    const page = await fetch(`${s.url}/dashboard/keys`, { redirect: "manual" });
    expect(page.status).toBe(303);
    expect(page.headers.get("location")).toStartWith("/dashboard/login");
    const bogus = await fetch(`${s.url}/dashboard/keys`, { redirect: "manual", headers: { cookie: "assay_session=forged" } });
    expect(bogus.status).toBe(303);
  });

  test("sign-in failures say the same thing whichever part was wrong", async () => {
    const attempt = async (email: string, password: string) => {
      const login = await fetch(`${s.url}/dashboard/login`);
      const cookie = /assay_form=([^;]*)/.exec(login.headers.get("set-cookie")!)![1];
      const csrf = /name="_csrf" value="([^"]*)"/.exec(await login.text())![1]!;
      const res = await fetch(`${s.url}/dashboard/login`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${cookie}` },
        body: new URLSearchParams({ _csrf: csrf, email, password }).toString(),
      });
      return { status: res.status, message: /class="notice error"[^>]*>([^<]*)</.exec(await res.text())?.[1] };
    };
    const wrongPassword = await attempt("dev@example.com", "not the password");
    const unknownEmail = await attempt("nobody@example.com", "a long enough passphrase");
    expect(wrongPassword.status).toBe(401);
    expect(wrongPassword).toEqual(unknownEmail);
  });
});

describe("account isolation", () => {
  test("a developer cannot see or revoke another account's keys by id", async () => {
    const page = await (await dev.get(`/dashboard/keys?account=${otherAccount.accountId}`)).text();
    expect(page).not.toContain(otherAccount.keyId);
    expect(page).not.toContain(otherAccount.key.slice(0, 12));
    const revoke = await dev.post(`/dashboard/keys/${otherAccount.keyId}/revoke`, { _csrf: dev.csrf });
    expect(revoke.status).toBe(404);
    const rotate = await dev.post(`/dashboard/keys/${otherAccount.keyId}/rotate`, { _csrf: dev.csrf, nonce: "r1" });
    expect(rotate.status).toBe(404);
    expect((await s.rt.keys.getKey(otherAccount.keyId))!.status).toBe("active");
    // Admin pages are not there for a developer.
    for (const path of ["/dashboard/audit", "/dashboard/users", "/dashboard/accounts"]) expect((await dev.get(path)).status).toBe(404);
  });

  test("an admin sees and manages any account's keys", async () => {
    const page = await (await admin.get(`/dashboard/keys?account=${s.creds.accountId}`)).text();
    expect(page).toContain(s.creds.keyId);
  });
});

describe("headers and assets", () => {
  test("every dashboard response carries the CSP; no inline script anywhere", async () => {
    const paths = ["/dashboard/keys", "/dashboard/accounts", "/dashboard/users", "/dashboard/audit", "/dashboard/nope", "/dashboard/assets/dashboard.css", "/dashboard/assets/dashboard.js"];
    for (const path of paths) {
      const res = await admin.get(path);
      expect(res.headers.get("content-security-policy"), path).toBe(CSP);
      const body = await res.text();
      if (res.headers.get("content-type")?.startsWith("text/html")) {
        expect(body).not.toMatch(/<script(?![^>]*\bsrc="\/dashboard\/assets\/)/);
        expect(body).not.toMatch(/\son[a-z]+=|style=|https?:\/\//);
        expect(res.headers.get("cache-control")).toBe("no-store");
      }
    }
    for (const path of ["/dashboard/login", "/dashboard/setup?token=nope", "/dashboard", "/dashboard/keys"]) {
      const res = await fetch(s.url + path, { redirect: "manual" });
      expect(res.headers.get("content-security-policy"), path).toBe(CSP);
    }
  });

  test("assets are small (under 150 KB compressed) and served gzipped", async () => {
    expect(compressedAssetBytes()).toBeLessThan(150 * 1024);
    const res = await fetch(`${s.url}/dashboard/assets/dashboard.js`, { headers: { "accept-encoding": "gzip" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toStartWith("text/javascript");
  });

  test("an asset name is a file name, not a member of Object.prototype (those were 200 with Content-Type: undefined)", async () => {
    for (const name of ["constructor", "__proto__", "toString", "hasOwnProperty", "valueOf"]) {
      const res = await fetch(`${s.url}/dashboard/assets/${name}`);
      expect(res.status, name).toBe(404);
      expect(res.headers.get("content-type")).toStartWith("text/html");
    }
  });

  test("values are escaped", async () => {
    await admin.post("/dashboard/accounts", { _csrf: admin.csrf, name: `<img src=x onerror=alert(1)>`, plan: "standard" });
    const page = await (await admin.get("/dashboard/accounts")).text();
    expect(page).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(page).not.toContain("<img src=x");
  });
});

describe("text that markup cannot confine", () => {
  test("a key name with bidirectional controls reaches the confirmation messages without them; its cell keeps it", async () => {
    // U+202E reverses what follows it on its line: in a confirm() dialog, the rest of the question.
    const name = "build\u202Etpircs";
    expect((await dev.post("/dashboard/keys", { name, nonce: "bidi-1", _csrf: dev.csrf })).status).toBe(201);
    const page = await (await dev.get("/dashboard/keys")).text();
    const confirms = [...page.matchAll(/data-confirm="([^"]*)"/g)].map((m) => m[1]!).filter((c) => c.includes("buildtpircs"));
    expect(confirms.length).toBe(2); // rotate and revoke
    for (const c of confirms) expect(c).not.toMatch(/[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/);
    expect(page).toContain(`<td>${name}</td>`);
  });
});
