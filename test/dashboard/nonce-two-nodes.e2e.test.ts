// Two dashboards on one PostgreSQL store (two nodes behind a load balancer): a key-creation or
// rotation form resubmitted through the other node is recognised as a resubmission, so it mints
// no second key and shows no second secret, as it does on one node.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createDashboard } from "../../src/dashboard/index.ts";
import { hiddenField, signIn, activeUser } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { postgresAvailable } from "../support/postgres.ts";

const available = await postgresAvailable();
let s: TestServer;
beforeAll(async () => {
  if (available) s = await startTestServer("", { driver: "postgres" });
});
afterAll(() => s?.stop());

describe.skipIf(!available)("dashboard form nonces on two nodes", () => {
  test("a create-key form posted to node A, then resubmitted to node B, mints one key", async () => {
    const { password } = await activeUser(s, "twonodes@example.com", s.creds.accountId);
    const session = await signIn(s, "twonodes@example.com", password);
    const nodeB = createDashboard(s.rt, { secure: false });
    const page = await (await session.get("/dashboard/keys")).text();
    const fields = { _csrf: session.csrf, nonce: hiddenField(page, "nonce"), name: "resubmitted" };
    const before = (await s.rt.keys.listKeys(s.creds.accountId)).length;

    const first = await session.post("/dashboard/keys", fields);
    expect(first.status).toBe(201);
    expect(await first.text()).toContain('data-testid="new-secret"');

    const again = await nodeB(
      new Request(`${s.url}/dashboard/keys`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", cookie: session.cookie, origin: s.url },
        body: new URLSearchParams(fields).toString(),
      }),
    );
    expect(again.status).toBe(200);
    const text = await again.text();
    expect(text).not.toContain('data-testid="new-secret"');
    expect(text).toContain("already submitted");
    expect((await s.rt.keys.listKeys(s.creds.accountId)).length).toBe(before + 1);
  });
});
