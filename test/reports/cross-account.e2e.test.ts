// Every alert and report belongs to one account: any other account gets exactly what a missing
// resource gets (404 not_found), on every route, and cannot change anything.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Credentials } from "../support/harness.ts";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
let owner: Credentials;
let intruder: Credentials;
let alertId: string;
let reportId: string;
beforeAll(async () => {
  s = await startServer();
  owner = await s.account();
  intruder = await s.account();
  alertId = (await json(await s.call("POST", "/v1/alerts", { title: "Mine", severity: "high" }, { creds: owner }))).id;
  reportId = (await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }, { creds: owner }))).id;
  expect((await waitForReport(s.call, reportId, owner)).status).toBe("completed");
});
afterAll(() => s.stop());

const MISSING_ALERT = "alrt_01AAAAAAAAAAAAAAAAAAAAAAAA";
const MISSING_REPORT = "rpt_01AAAAAAAAAAAAAAAAAAAAAAAA";

const routes = (alert: string, report: string): [string, string, unknown?][] => [
  ["GET", `/v1/alerts/${alert}`],
  ["PATCH", `/v1/alerts/${alert}`, { status: "acknowledged" }],
  ["PATCH", `/v1/alerts/${alert}`, { status: "dismissed", resolution: "false_positive" }],
  ["GET", `/v1/alerts/${alert}/history`],
  ["GET", `/v1/reports/${report}`],
  ["GET", `/v1/reports/${report}/content`],
];

test("another account gets 404 not_found on every alert and report route, same as a missing id", async () => {
  const theirs = routes(alertId, reportId);
  const missing = routes(MISSING_ALERT, MISSING_REPORT);
  for (let i = 0; i < theirs.length; i++) {
    const [method, path, body] = theirs[i]!;
    const res = await s.call(method, path, body, { creds: intruder });
    const problem = await json(res);
    expect(res.status, `${method} ${path}`).toBe(404);
    expect(problem.code).toBe("not_found");
    expect(JSON.stringify(problem)).not.toContain(owner.accountId);
    const [m2, p2, b2] = missing[i]!;
    const control = await json(await s.call(m2, p2, b2, { creds: intruder }));
    expect(Object.keys(problem).sort()).toEqual(Object.keys(control).sort());
    expect(problem.title).toBe(control.title);
  }
});

test("the lists of another account hold none of them", async () => {
  const alerts = await json(await s.call("GET", "/v1/alerts?limit=100", undefined, { creds: intruder }));
  const reports = await json(await s.call("GET", "/v1/reports?limit=100", undefined, { creds: intruder }));
  expect(alerts.data).toEqual([]);
  expect(reports.data).toEqual([]);
  // A cursor naming the owner's alert reveals nothing either.
  const after = await json(await s.call("GET", `/v1/alerts?starting_after=${alertId}`, undefined, { creds: intruder }));
  expect(after.data).toEqual([]);
});

test("nothing was changed by the attempts: the owner still sees the alert open with one history entry", async () => {
  const alert = await json(await s.call("GET", `/v1/alerts/${alertId}`, undefined, { creds: owner }));
  expect(alert.status).toBe("open");
  const history = await json(await s.call("GET", `/v1/alerts/${alertId}/history`, undefined, { creds: owner }));
  expect(history.data.length).toBe(1);
  expect((await s.call("GET", `/v1/reports/${reportId}/content`, undefined, { creds: owner })).status).toBe(200);
});

test("an alerts report counts only the caller's own alerts", async () => {
  await s.call("POST", "/v1/alerts", { title: "Theirs", severity: "low" }, { creds: intruder });
  const id = (await json(await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: intruder }))).id;
  const r = await waitForReport(s.call, id, intruder);
  expect(r.summary.alerts).toBe(1);
});
