// The dashboard with its store down (PostgreSQL unreachable, SQLite full or locked): every page
// answers 503 "Storage unavailable" with Retry-After and the dashboard's security headers, as
// /v1 answers 503 storage_unavailable: never a 500 and no "unhandled error" in the log.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { CSP } from "../../src/dashboard/respond.ts";
import { StorageUnavailableError } from "../../src/store/types.ts";
import { activeUser, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test("store unavailable: dashboard pages and forms answer 503 with Retry-After, and work again once it returns", async () => {
  const { password } = await activeUser(s, "outage@example.com", s.creds.accountId);
  const session = await signIn(s, "outage@example.com", password);
  const sessions = s.rt.store.sessions;
  const users = s.rt.store.users;
  const realGet = sessions.get.bind(sessions);
  const realFind = users.findByEmail.bind(users);
  const down = () => Promise.reject(new StorageUnavailableError("storage error: ERR_POSTGRES_CONNECTION_REFUSED"));
  (sessions as { get: unknown }).get = down;
  (users as { findByEmail: unknown }).findByEmail = down;
  try {
    for (const path of ["/dashboard/keys", "/dashboard/alerts", "/dashboard/reports", "/dashboard/usage"]) {
      const r = await session.get(path);
      expect(r.status).toBe(503);
      expect(r.headers.get("retry-after")).toBe("1");
      expect(r.headers.get("content-security-policy")).toBe(CSP);
      expect(r.headers.get("content-type")).toStartWith("text/html");
      expect(await r.text()).toContain("Storage unavailable");
    }
    const login = await fetch(`${s.url}/dashboard/login`);
    expect(login.status).toBe(200);
    const formCookie = /assay_form=([^;]*)/.exec(login.headers.get("set-cookie") ?? "")![1];
    const token = /name="_csrf" value="([^"]*)"/.exec(await login.text())![1]!;
    const posted = await fetch(`${s.url}/dashboard/login`, {
      method: "POST",
      redirect: "manual",
      headers: { "content-type": "application/x-www-form-urlencoded", cookie: `assay_form=${formCookie}`, origin: s.url },
      body: new URLSearchParams({ _csrf: token, email: "outage@example.com", password }).toString(),
    });
    expect(posted.status).toBe(503);
  } finally {
    (sessions as { get: unknown }).get = realGet;
    (users as { findByEmail: unknown }).findByEmail = realFind;
  }
  expect((await session.get("/dashboard/keys")).status).toBe(200);
});
