// Cookies are not isolated by port: another app on the same host name (a second service on
// :3000, a compromised one) can set `assay_session` for the dashboard's host, with a narrower
// path than Assay's Path=/dashboard, and the browser then sends it first, ahead of Assay's own.
// The dashboard read the first one: a user signed in as themselves was shown, and posted forms
// into, the planter's session (login CSRF / session fixation; sixteenth attack pass). A request
// carrying one of Assay's cookies twice is now refused with a page that says why, and over plain
// HTTP the shadowing cookie is expired at that path. (Under TLS: tls.e2e.test.ts.)
import { afterAll, beforeAll, expect, test } from "bun:test";
import { activeUser, form, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test("a session cookie planted with a narrower path is never used, nor is the user's own beside it", async () => {
  const victim = await activeUser(s, "victim@example.com", s.creds.accountId);
  const planter = await activeUser(s, "planter@example.com", s.creds.accountId);
  const own = await signIn(s, "victim@example.com", victim.password);
  const planted = await signIn(s, "planter@example.com", planter.password);
  // As the browser sends them at /dashboard/keys: the planted Path=/dashboard/keys one first.
  const both = `${planted.cookie}; ${own.cookie}`;
  const page = await fetch(`${s.url}/dashboard/keys`, { redirect: "manual", headers: { cookie: both } });
  const body = await page.text();
  expect(page.status).toBe(400);
  expect(body).toContain("Conflicting cookies");
  expect(body).not.toContain("planter@example.com");
  const cleared = page.headers.getSetCookie();
  expect(cleared).toContain("assay_session=; Path=/dashboard/keys; Max-Age=0");
  expect(cleared).toContain("assay_session=; Path=/dashboard/keys/; Max-Age=0");
  // A form posted with both is refused too, whichever session's token it carries.
  const post = await fetch(`${s.url}/dashboard/logout`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: both, origin: s.url },
    body: form({ _csrf: planted.csrf }),
  });
  expect(post.status).toBe(400);
  // Each alone still works.
  expect((await own.get("/dashboard/keys")).status).toBe(200);
});

test("a form cookie planted beside the dashboard's own makes the sign-in form refused, not taken", async () => {
  const { password } = await activeUser(s, "form@example.com", s.creds.accountId);
  const res = await fetch(`${s.url}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${"p".repeat(43)}; assay_form=${"q".repeat(43)}`, origin: s.url },
    body: form({ _csrf: "p".repeat(43), email: "form@example.com", password }),
  });
  expect(res.status).toBe(400);
  expect(res.headers.getSetCookie().some((c) => c.startsWith("assay_session=") && !c.includes("Max-Age=0"))).toBe(false);
});
