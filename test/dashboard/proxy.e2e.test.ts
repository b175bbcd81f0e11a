// Behind a TLS-terminating proxy (docs/deployment.md: nginx passes Host, Assay serves plain HTTP on
// 127.0.0.1), the browser posts with `Origin: https://<public name>` while Assay sees the request as
// http://<public name>. With dashboard.public_url set to that https address the dashboard accepts
// its own public origin (and still refuses every other one), and its cookies carry Secure. Found
// by an attack pass: every sign-in was refused with 403 there, and the session cookie had no
// Secure flag.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { activeUser, postLoginAs } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const PUBLIC = "https://assay.example.test";
let s: TestServer;
beforeAll(async () => {
  s = await startTestServer(`dashboard: { public_url: "${PUBLIC}" }`);
});
afterAll(() => s.stop());

async function postLogin(origin: string, email: string, password: string): Promise<Response> {
  const { res, formCookie } = await postLoginAs(s, { host: "assay.example.test", origin }, email, password);
  expect(formCookie).toContain("; Secure");
  return res;
}

test("a sign-in from the public https origin works and its session cookie is a Secure __Host- cookie", async () => {
  const { password } = await activeUser(s, "proxy@example.com", s.creds.accountId);
  const res = await postLogin(PUBLIC, "proxy@example.com", password);
  expect(res.status).toBe(303);
  const session = res.headers.get("set-cookie")!;
  expect(session).toStartWith("__Host-assay_session="); // no other app on the host can plant it (sixteenth attack pass)
  for (const flag of ["HttpOnly", "SameSite=Strict", "Path=/;", "Secure"]) expect(session).toContain(flag);
});

test("every other origin is still refused", async () => {
  const { password } = await activeUser(s, "proxy2@example.com", s.creds.accountId);
  for (const origin of ["https://evil.example", "http://assay.example.test.evil.example", "https://assay.example.test:8443", "null"]) {
    expect((await postLogin(origin, "proxy2@example.com", password)).status, origin).toBe(403);
  }
});
