// `assay accounts set-plan` takes effect on a running server promptly: the plan is read with the
// key (cached for AUTH_CACHE_MS), and the limiter applies the new quotas to the same windows.
import { expect, test } from "bun:test";
import { AUTH_CACHE_MS } from "../../src/auth/key-service.ts";
import { signedFetch, startTestServer } from "../support/harness.ts";
import { runAssay, spawnServe } from "../support/process.ts";

test("an account moved off an exhausted plan is served again within the key cache time", async () => {
  const seed = await startTestServer("plans:\n  tiny: { per_second: 2, per_minute: 3 }\n  big: { per_second: 1000, per_minute: 100000 }");
  const creds = await seed.newAccount("tiny");
  await seed.server.stop();
  const server = await spawnServe(seed.configFile);
  try {
    const get = () => signedFetch(server.url, "GET", "/v1/alerts", undefined, { creds }).then((r) => r.status);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) statuses.push(await get());
    expect(statuses).toContain(429);
    const moved = await runAssay(["accounts", "set-plan", creds.accountId, "--plan", "big", "--config", seed.configFile]);
    expect(moved.code).toBe(0);
    await Bun.sleep(AUTH_CACHE_MS + 50);
    const after: number[] = [];
    for (let i = 0; i < 10; i++) after.push(await get());
    expect(after).toEqual(Array(10).fill(200));
  } finally {
    await server.kill("SIGTERM");
    await seed.stop();
  }
}, 30_000);
