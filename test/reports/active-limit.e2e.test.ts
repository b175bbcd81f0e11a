// One account cannot fill the shared report queue: past reports.max_active_per_account reports
// queued or running, POST /v1/reports (and the dashboard's form, which calls the same service) is
// refused with 429 rate_limited, while other accounts still queue theirs. Found by an attack
// pass: 150 queued reports of one account made another account's tiny report wait 51 s, and the
// dashboard form (outside any plan's limit) queued 400 in 1.3 s.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";
import { waitForReport } from "./fixtures.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("reports: { max_active_per_account: 3 }\n");
  // Nothing runs while the worker is stopped: every created report stays queued. (The server
  // starts it without waiting: let it finish starting, or its loops would begin after the stop.)
  const worker = s.rt.reports.worker as unknown as { loops: unknown[] };
  while (worker.loops.length === 0) await Bun.sleep(10);
  await s.rt.reports.worker.stop();
});
afterAll(() => s.stop());

test("the account's reports beyond the cap are refused with 429; another account still queues; a finished one frees a place", async () => {
  const flooder = await s.account();
  const other = await s.account();
  const ids: string[] = [];
  for (let i = 0; i < 3; i++) {
    const res = await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }, { creds: flooder });
    expect(res.status).toBe(202);
    ids.push((await json(res)).id);
  }
  const refused = await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" }, { creds: flooder });
  expect(refused.status).toBe(429);
  expect(refused.headers.get("retry-after")).toMatch(/^[1-9]\d*$/);
  const problem = await json(refused);
  expect(problem.code).toBe("rate_limited");
  expect(problem.violated_policies).toEqual(["active_reports"]);
  expect(problem.detail).toContain("max_active_per_account");
  expect((await json(await s.call("GET", "/v1/reports?limit=100", undefined, { creds: flooder }))).data.length).toBe(3);

  // Concurrent creations cannot all slip past the count.
  const burst = await Promise.all(Array.from({ length: 10 }, () => s.call("POST", "/v1/reports", { type: "alerts" }, { creds: flooder })));
  expect(burst.map((r) => r.status)).toEqual(Array(10).fill(429));

  expect((await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: other })).status).toBe(202);

  // The service refuses the CLI's and the dashboard's creations alike (they call it directly).
  await expect(s.rt.reports.create({ account: flooder.accountId, key: null }, { type: "alerts" })).rejects.toMatchObject({ code: "rate_limited" });

  await s.rt.reports.worker.start();
  for (const id of ids) expect((await waitForReport(s.call, id, flooder)).status).toBe("completed");
  expect((await s.call("POST", "/v1/reports", { type: "alerts" }, { creds: flooder })).status).toBe(202);
});
