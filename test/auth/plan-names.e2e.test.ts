// A plan is one of the configured plans by its own name: names of Object.prototype members
// ("toString", "constructor", "__proto__", "hasOwnProperty") are unknown plans. Found by an attack
// pass: `assay accounts set-plan … --plan toString` (and the dashboard's plan form) were accepted,
// and the account then got `RateLimit-Policy: "burst";q=undefined` and 429 "retry after NaNs" on
// every request.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

const PROTOTYPE_NAMES = ["toString", "constructor", "__proto__", "hasOwnProperty", "valueOf"];

test("creating an account on, or moving one to, a prototype member's name is refused as an unknown plan", async () => {
  for (const name of PROTOTYPE_NAMES) {
    await expect(s.rt.keys.createAccount("x", name)).rejects.toMatchObject({ code: "unknown_plan" });
    await expect(s.rt.keys.setPlan(s.creds.accountId, name)).rejects.toMatchObject({ code: "unknown_plan" });
  }
  expect((await s.rt.keys.getAccount(s.creds.accountId))!.plan).toBe("standard");
});

test("an account already stored with such a plan is limited as standard, not refused", async () => {
  for (const name of PROTOTYPE_NAMES) {
    await s.rt.store.accounts.setPlan(s.creds.accountId, name);
    // The key service caches the account with its key for a moment: a new key sees the change.
    const minted = await s.rt.keys.createKey(s.creds.accountId);
    const res = await s.call("GET", "/v1/health", undefined, { creds: { ...s.creds, keyId: minted.id, key: minted.key, secret: minted.secret } });
    expect(res.status, name).toBe(200);
    expect(res.headers.get("ratelimit-policy")).toBe('"burst";q=50;w=1, "sustained";q=1000;w=60');
    expect(res.headers.get("x-ratelimit-limit")).toBe("50");
  }
});
