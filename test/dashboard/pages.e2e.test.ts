// The usage, alerts, reports, connectors and playground pages against a real server: usage counts
// from the front door (requests, 429s, failed authentications per key), alert triage through the
// AlertService (the history names the user), reports created and downloaded, connector status,
// and the CSP on every page. Developers see only their own account's objects.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { CSP } from "../../src/dashboard/respond.ts";
import { activeUser, type DashboardSession, signIn } from "../support/dashboard.ts";
import { signedFetch, startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let dev: DashboardSession;
let admin: DashboardSession;
let other: Awaited<ReturnType<TestServer["newAccount"]>>;
beforeAll(async () => {
  s = await startTestServer("plans: { tiny: { per_second: 3, per_minute: 1000 } }\nconnectors:\n  - { id: inline, type: inline }");
  other = await s.newAccount();
  const d = await activeUser(s, "dev@example.com", s.creds.accountId);
  const a = await activeUser(s, "admin@example.com", other.accountId, "admin");
  dev = await signIn(s, "dev@example.com", d.password);
  admin = await signIn(s, "admin@example.com", a.password);
});
afterAll(() => s.stop());

const json = async (r: Response) => (await r.json()) as Record<string, any>;

describe("usage", () => {
  test("requests, 429 refusals and failed authentications are counted per key and charted", async () => {
    await s.rt.keys.setPlan(s.creds.accountId, "tiny");
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await s.call("GET", "/v1/health")).status);
    expect(statuses.filter((x) => x === 429).length).toBeGreaterThan(0);
    expect((await s.call("GET", "/v1/health", undefined, { signature: "0".repeat(64) })).status).toBe(401);
    await s.rt.usage.flush();
    const rows = (await s.rt.usage.series(s.creds.accountId, 5)).rows.filter((r) => r.key_id === s.creds.keyId);
    const total = rows.reduce((n, r) => ({ requests: n.requests + r.requests, limited: n.limited + r.limited, failed: n.failed + r.failed_auth }), { requests: 0, limited: 0, failed: 0 });
    expect(total).toEqual({ requests: 7, limited: statuses.filter((x) => x === 429).length, failed: 1 });

    const page = await (await dev.get("/dashboard/usage")).text();
    expect(page).toContain("<svg");
    expect(page).toContain("plan limit 1,000/min");
    expect(page).toMatch(/<b>7<\/b><span>requests in 24 h/);
    expect(page).toMatch(/<b>1<\/b><span>failed authentications/);
    const perKey = await (await dev.get(`/dashboard/usage?key=${s.creds.keyId}`)).text();
    expect(perKey).toContain(`<option value="${s.creds.keyId}" selected>`);
    await s.rt.keys.setPlan(s.creds.accountId, "standard");
    await Bun.sleep(1100); // let the burst window of the tiny plan pass before the next tests call
  });

  test("the counts of several nodes add up in the store", async () => {
    const minute = Math.floor(Date.now() / 60_000);
    const row = { account_id: other.accountId, key_id: other.keyId, minute, requests: 2, limited: 1, failed_auth: 0 };
    await s.rt.store.usage.add([row]);
    await s.rt.store.usage.add([row]);
    const rows = await s.rt.store.usage.series(other.accountId, minute, minute + 1);
    expect(rows).toEqual([{ ...row, requests: 4, limited: 2 }]);
  });
});

describe("alerts", () => {
  test("triage from the dashboard follows the lifecycle and the history names the user", async () => {
    const alert = await json(await s.call("POST", "/v1/alerts", { title: "Price below contract", severity: "high" }));
    const list = await (await dev.get("/dashboard/alerts")).text();
    expect(list).toContain("Price below contract");

    // Dismissing needs a reason.
    const noReason = await dev.post(`/dashboard/alerts/${alert.id}/status`, { _csrf: dev.csrf, status: "dismissed", resolution: "false_positive" });
    expect(await noReason.text()).toContain("Give a reason");
    expect((await dev.post(`/dashboard/alerts/${alert.id}/status`, { _csrf: dev.csrf, status: "acknowledged" })).status).toBe(303);
    // Lifecycle rules are the API's: acknowledged → acknowledged is refused with its message.
    const again = await dev.post(`/dashboard/alerts/${alert.id}/status`, { _csrf: dev.csrf, status: "acknowledged" });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("already acknowledged");
    expect((await dev.post(`/dashboard/alerts/${alert.id}/status`, { _csrf: dev.csrf, status: "resolved", resolution: "confirmed", note: "credit note issued" })).status).toBe(303);

    const history = await json(await s.call("GET", `/v1/alerts/${alert.id}/history`));
    const changes = history.data.filter((e: any) => e.type === "status_changed");
    expect(changes.map((e: any) => e.actor)).toEqual([
      expect.objectContaining({ type: "user", user: expect.stringMatching(/^usr_/), key: null }),
      expect.objectContaining({ type: "user" }),
    ]);
    expect(changes.at(-1).note).toBe("credit note issued");
    const detail = await (await dev.get(`/dashboard/alerts/${alert.id}`)).text();
    expect(detail).toContain("dev@example.com");
    expect(detail).toContain("acknowledged → resolved");
  });

  test("another account's alert is a 404 for a developer", async () => {
    const foreign = await json(await s.call("POST", "/v1/alerts", { title: "Not yours", severity: "low" }, { creds: other }));
    expect((await dev.get(`/dashboard/alerts/${foreign.id}`)).status).toBe(404);
    expect((await dev.post(`/dashboard/alerts/${foreign.id}/status`, { _csrf: dev.csrf, status: "acknowledged" })).status).toBe(404);
    expect((await json(await s.call("GET", `/v1/alerts/${foreign.id}`, undefined, { creds: other }))).status).toBe("open");
    expect((await admin.get(`/dashboard/alerts/${foreign.id}?account=${other.accountId}`)).status).toBe(200);
  });
});

describe("reports, connectors, playground", () => {
  test("a report is created, shows its progress and downloads once completed", async () => {
    expect((await dev.post("/dashboard/reports", { _csrf: dev.csrf, type: "alerts", format: "csv", from: "", to: "", connector: "" })).status).toBe(303);
    let page = "";
    for (let i = 0; i < 100; i++) {
      page = await (await dev.get("/dashboard/reports")).text();
      if (page.includes("/download")) break;
      await Bun.sleep(50);
    }
    const href = /href="(\/dashboard\/reports\/rpt_[0-9A-Z]{26}\/download)"/.exec(page)![1]!;
    const file = await dev.get(href);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toContain("attachment");
    expect(await file.text()).toContain("Price below contract");
    const bad = await dev.post("/dashboard/reports", { _csrf: dev.csrf, type: "alerts", format: "csv", from: "yesterday" });
    expect(bad.status).toBe(422);
    // The simulation type is offered too; without a connector to replay it explains what is missing.
    expect(page).toContain('<option value="simulation">');
    const simulation = await dev.post("/dashboard/reports", { _csrf: dev.csrf, type: "simulation", format: "html", from: "", to: "", connector: "", module: "compliance" });
    expect(simulation.status).toBe(422);
    expect(await simulation.text()).toContain("a simulation report needs the connector whose transactions it replays");
    // Another account's report: 404.
    const foreign = await json(await s.call("POST", "/v1/reports", { type: "alerts", format: "json" }, { creds: other }));
    expect((await dev.get(`/dashboard/reports/${foreign.id}/download`)).status).toBe(404);
  });

  test("connectors show their live status; the playground signs in the page", async () => {
    const page = await (await dev.get("/dashboard/connectors")).text();
    expect(page).toMatch(/data-connector="[a-z]/);
    const playground = await (await dev.get("/dashboard/playground")).text();
    expect(playground).toContain('id="pg-secret"');
    // The secret field is in no form: nothing can submit it.
    expect(playground).not.toMatch(/<form[^>]*>(?:(?!<\/form>)[\s\S])*pg-secret/);
  });

  test("every page carries the CSP and is not cached", async () => {
    for (const path of ["/dashboard/usage", "/dashboard/alerts", "/dashboard/reports", "/dashboard/connectors", "/dashboard/playground"]) {
      for (const who of [dev, admin]) {
        const res = await who.get(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get("content-security-policy")).toBe(CSP);
        expect(res.headers.get("cache-control")).toBe("no-store");
        expect(await res.text()).not.toMatch(/<script(?![^>]*\bsrc="\/dashboard\/assets\/)|\son[a-z]+=|\sstyle=/);
      }
    }
  });
});

test("a signed call with a key counts toward last used", async () => {
  const minted = await s.rt.keys.createKey(s.creds.accountId, { name: "fresh" });
  expect((await s.rt.keys.getKey(minted.id))!.last_used_at).toBeNull();
  await signedFetch(s.url, "GET", "/v1/health", undefined, { creds: { accountId: s.creds.accountId, keyId: minted.id, key: minted.key, secret: minted.secret } });
  for (let i = 0; i < 50 && !(await s.rt.keys.getKey(minted.id))!.last_used_at; i++) await Bun.sleep(10);
  expect((await s.rt.keys.getKey(minted.id))!.last_used_at).not.toBeNull();
});
