// An admin's form names the account it acts on (the Account picker's `account` field). A report
// created from the Reports page for an account id that exists nowhere — a mistyped or stale
// `?account=` — was queued, ran and completed under that id (ninth attack pass): a report row of
// no account, which no account's list shows and no retention of an account's data reaches. The
// keys page already answered such an id with 404; the reports page now does too, and stores nothing.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { activeUser, type DashboardSession, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

const NOWHERE = "acct_00000000000000000000000000";
let s: TestServer;
let admin: DashboardSession;
beforeAll(async () => {
  s = await startTestServer("connectors:\n  - { id: inline, type: inline }");
  const a = await activeUser(s, "admin@example.com", s.creds.accountId, "admin");
  admin = await signIn(s, "admin@example.com", a.password);
});
afterAll(() => s.stop());

test("a report for an account that does not exist is a 404 and nothing is queued", async () => {
  const res = await admin.post("/dashboard/reports", { _csrf: admin.csrf, account: NOWHERE, type: "alerts", format: "csv" });
  expect(res.status).toBe(404);
  expect((await s.rt.reports.list(NOWHERE, {})).data).toEqual([]);
});

test("a report for the admin's chosen existing account is queued as before", async () => {
  const other = await s.newAccount();
  const res = await admin.post("/dashboard/reports", { _csrf: admin.csrf, account: other.accountId, type: "alerts", format: "csv" });
  expect(res.status).toBe(303);
  expect((await s.rt.reports.list(other.accountId, {})).data).toHaveLength(1);
});
