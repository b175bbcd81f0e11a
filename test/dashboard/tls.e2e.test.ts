// Under TLS the dashboard's cookies carry Secure (the form cookie and the session cookie), and
// are `__Host-` cookies with Path=/: another app on the same host name (cookies are not isolated
// by port) cannot plant one, and an unprefixed `assay_session` it planted is not read (sixteenth
// attack pass: it was the session cookie, Path=/dashboard, which a plain-HTTP app could shadow).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { activeUser, cookieValue, form, hiddenField } from "../support/dashboard.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  const dir = makeTempDir();
  const gen = Bun.spawnSync(
    ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-keyout", join(dir, "key.pem"), "-out", join(dir, "cert.pem")],
    { stderr: "pipe" },
  );
  expect(gen.exitCode).toBe(0);
  s = await startTestServer("server: { port: 0, access_log: false, tls: { cert: ./cert.pem, key: ./key.pem } }", { dir });
});
afterAll(() => s.stop());

test("cookies are Secure when Assay serves TLS", async () => {
  const { password } = await activeUser(s, "tls@example.com", s.creds.accountId);
  const tls = { rejectUnauthorized: false };
  const login = await fetch(`${s.url}/dashboard/login`, { tls });
  const formCookie = login.headers.get("set-cookie")!;
  expect(formCookie).toContain("; Secure");
  const res = await fetch(`${s.url}/dashboard/login`, {
    method: "POST",
    redirect: "manual",
    tls,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `__Host-assay_form=${cookieValue(formCookie, "__Host-assay_form")}`, origin: s.url },
    body: form({ _csrf: hiddenField(await login.text(), "_csrf"), email: "tls@example.com", password }),
  });
  expect(res.status).toBe(303);
  const session = res.headers.get("set-cookie")!;
  expect(formCookie).toStartWith("__Host-assay_form=");
  expect(session).toStartWith("__Host-assay_session=");
  for (const flag of ["HttpOnly", "SameSite=Strict", "Path=/;", "Secure"]) expect(session).toContain(flag);
  const sessionId = cookieValue(session, "__Host-assay_session");
  const own = await fetch(`${s.url}/dashboard/keys`, { tls, redirect: "manual", headers: { cookie: `__Host-assay_session=${sessionId}` } });
  expect(own.status).toBe(200);
  // The same id under the unprefixed name, as a plain-HTTP app on this host could plant it: not read.
  const planted = await fetch(`${s.url}/dashboard/keys`, { tls, redirect: "manual", headers: { cookie: `assay_session=${sessionId}` } });
  expect(planted.status).toBe(303);
  expect(planted.headers.get("location")).toStartWith("/dashboard/login");
  const signOut = await fetch(`${s.url}/dashboard/logout`, {
    method: "POST",
    redirect: "manual",
    tls,
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `__Host-assay_session=${sessionId}`, origin: s.url },
    body: form({ _csrf: hiddenField(await own.text(), "_csrf") }),
  });
  expect(signOut.status).toBe(303);
  expect(signOut.headers.get("set-cookie")).toStartWith("__Host-assay_session=; Path=/;");
});
