// Under TLS the dashboard's cookies carry Secure (the form cookie and the session cookie).
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
    headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${cookieValue(formCookie, "assay_form")}`, origin: s.url },
    body: form({ _csrf: hiddenField(await login.text(), "_csrf"), email: "tls@example.com", password }),
  });
  expect(res.status).toBe(303);
  const session = res.headers.get("set-cookie")!;
  expect(session).toStartWith("assay_session=");
  for (const flag of ["HttpOnly", "SameSite=Strict", "Path=/dashboard", "Secure"]) expect(session).toContain(flag);
});
