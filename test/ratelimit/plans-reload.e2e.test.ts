// A plan's limits changed in the config file take effect on a reload (SIGHUP or an edit), for the
// accounts on that plan, at their next request; no restart.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { reloadConfig } from "../../src/reload.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer("plans: { tiny: { per_second: 1, per_minute: 100 } }\nconnectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

const statuses = async (creds: Awaited<ReturnType<TestServer["newAccount"]>>, n: number) => {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await s.call("GET", "/v1/health", undefined, { creds })).status);
  return out;
};

test("raising and lowering a plan's per-second limit by a reload applies to its accounts at once", async () => {
  const creds = await s.newAccount("tiny");
  expect(await statuses(creds, 3)).toEqual([200, 429, 429]);

  const text = await Bun.file(s.configFile).text();
  writeFileSync(s.configFile, text.replace("per_second: 1,", "per_second: 5,"));
  const result = reloadConfig(s.rt, "test", {});
  expect(result.ok).toBe(true);
  expect(result.restart_needed).toEqual([]);
  await Bun.sleep(1100); // the refused second has passed
  expect(await statuses(creds, 6)).toEqual([200, 200, 200, 200, 200, 429]);
  const limit = (await s.call("GET", "/v1/health", undefined, { creds })).headers.get("ratelimit-policy") ?? "";
  expect(limit).toContain("5;w=1");

  writeFileSync(s.configFile, text);
  expect(reloadConfig(s.rt, "test", {}).ok).toBe(true);
  await Bun.sleep(1100);
  expect(await statuses(creds, 2)).toEqual([200, 429]);
});
