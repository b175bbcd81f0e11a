// The dashboard's origin check must not take the site's name from the Host header the client sent.
// A page on a name the attacker controls, re-resolved to Assay's address (DNS rebinding), posts with
// `Host: rebind.example` and `Origin: http://rebind.example` — the two agree, and Assay compared
// the Origin with an origin built from that very Host, so the post passed (ninth attack pass's
// note). Now an Origin is accepted when it is dashboard.public_url's origin, or the address the
// request came in on when that address is one no DNS answer can stand for (an IP address,
// `localhost`, or server.host itself); any other name needs dashboard.public_url.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { activeUser, postLoginAs, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

/** Signs in through a POST whose Host and Origin both name `site` (as a rebound page's would). */
async function postLogin(s: TestServer, site: string, email: string, password: string): Promise<Response> {
  return (await postLoginAs(s, { host: site, origin: `http://${site}` }, email, password)).res;
}

describe("with dashboard.public_url", () => {
  let s: TestServer;
  let password: string;
  beforeAll(async () => {
    s = await startTestServer(`dashboard: { public_url: "https://assay.example.test" }`);
    password = (await activeUser(s, "pub@example.com", s.creds.accountId)).password;
  });
  afterAll(() => s.stop());

  test("a Host and an Origin both naming another site are refused (sign-in, a session's form, sign-out)", async () => {
    const port = new URL(s.url).port;
    for (const site of [`evil.example:${port}`, "evil.example", `assay.example.test:${port}`]) {
      const res = await postLogin(s, site, "pub@example.com", password);
      expect(res.status, site).toBe(403);
    }
    // A name that is not the public one is told where the dashboard is.
    expect(await (await postLogin(s, `evil.example:${port}`, "pub@example.com", password)).text()).toContain("https://assay.example.test/dashboard");
    const session = await signIn(s, "pub@example.com", password);
    const before = (await s.rt.keys.listKeys(s.creds.accountId)).length;
    const forged = { host: `evil.example:${port}`, origin: `http://evil.example:${port}` };
    expect((await session.post("/dashboard/keys", { name: "x", nonce: "f1", _csrf: session.csrf }, forged)).status).toBe(403);
    expect((await s.rt.keys.listKeys(s.creds.accountId)).length).toBe(before);
    expect((await session.post("/dashboard/logout", { _csrf: session.csrf }, forged)).status).toBe(403);
    expect((await session.get("/dashboard/keys")).status).toBe(200);
  });

  test("the address the request came in on is still accepted when it is an IP address", async () => {
    const port = new URL(s.url).port;
    for (const site of [`127.0.0.1:${port}`, `[::1]:${port}`]) {
      expect((await postLogin(s, site, "pub@example.com", password)).status, site).toBe(303);
    }
  });
});

describe("without dashboard.public_url", () => {
  let s: TestServer;
  let password: string;
  beforeAll(async () => {
    s = await startTestServer();
    password = (await activeUser(s, "nopub@example.com", s.creds.accountId)).password;
  });
  afterAll(() => s.stop());

  test("a name only DNS makes Assay's is refused, with what to set", async () => {
    const port = new URL(s.url).port;
    for (const site of [`rebind.example:${port}`, `assay.corp.internal:${port}`, `localhost.evil.example:${port}`]) {
      const res = await postLogin(s, site, "nopub@example.com", password);
      expect(res.status, site).toBe(403);
      expect(await res.text()).toContain("dashboard.public_url");
    }
  });

  test("IP addresses, localhost and accepted as the address the request came in on", async () => {
    const port = new URL(s.url).port;
    for (const site of [`127.0.0.1:${port}`, `localhost:${port}`, `[::1]:${port}`, `10.1.2.3:${port}`]) {
      expect((await postLogin(s, site, "nopub@example.com", password)).status, site).toBe(303);
    }
  });
});
