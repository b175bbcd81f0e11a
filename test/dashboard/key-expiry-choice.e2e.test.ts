// The Create a key form's expiry is one of its choices (never, 30, 90 or 365 days). Any other
// value (a tampered form, a script) was read as "never": asked for a key that expires, one got a
// key that never does, without a word (twenty-third attack pass: expires_days of -1, 7.5, 1e400,
// 99999 or "9999-99-99" each made a key without expiry, 201). It is now refused, and no key made.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { activeUser, type DashboardSession, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let dev: DashboardSession;
beforeAll(async () => {
  s = await startTestServer();
  const d = await activeUser(s, "expiry@example.com", s.creds.accountId);
  dev = await signIn(s, "expiry@example.com", d.password);
});
afterAll(() => s.stop());

test("an expiry that is none of the form's choices is refused and makes no key", async () => {
  const before = (await s.rt.keys.listKeys(s.creds.accountId)).length;
  let n = 0;
  for (const value of ["-1", "7.5", "1e400", "99999", "9999-99-99", "abc", "0x1e", " 30"]) {
    const res = await dev.post("/dashboard/keys", { name: `bad ${value}`, expires_days: value, nonce: `bad-${n++}`, _csrf: dev.csrf });
    expect(res.status).toBe(422);
    expect(await res.text()).toContain("Choose when the key expires");
  }
  expect((await s.rt.keys.listKeys(s.creds.accountId)).length).toBe(before);
});

test("the form's own choices still make keys with that expiry, or none", async () => {
  for (const [value, days] of [["", null], ["30", 30], ["90", 90], ["365", 365]] as const) {
    const res = await dev.post("/dashboard/keys", { name: `ok ${value || "never"}`, expires_days: value, nonce: `ok-${value}`, _csrf: dev.csrf });
    expect(res.status).toBe(201);
    const key = (await s.rt.keys.listKeys(s.creds.accountId)).find((k) => k.name === `ok ${value || "never"}`)!;
    if (days === null) expect(key.expires_at).toBeNull();
    else expect(Math.round((Date.parse(key.expires_at!) - Date.parse(key.created_at)) / 86_400_000)).toBe(days);
  }
  // A form without the field at all (an older page) makes a key without expiry, as before.
  const res = await dev.post("/dashboard/keys", { name: "no field", nonce: "ok-none", _csrf: dev.csrf });
  expect(res.status).toBe(201);
});
