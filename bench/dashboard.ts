// Screenshots and server times of every dashboard page: starts a server with sample accounts,
// keys, users, alerts, reports and a day of usage, signs in as an admin and as a developer in
// headless Chromium, saves a PNG per page under bench/out/dashboard/ and prints each page's
// server time (median of 20 requests) and the compressed size of the assets.
//   bun run bench/dashboard.ts
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { compressedAssetBytes } from "../src/dashboard/assets.ts";
import { launchChromium } from "../test/support/browser.ts";
import { activeUser, signIn } from "../test/support/dashboard.ts";
import { Database } from "bun:sqlite";
import { makeTempDir, signedFetch, startTestServer } from "../test/support/harness.ts";

const OUT = join(import.meta.dir, "out", "dashboard");
mkdirSync(OUT, { recursive: true });

// A small SQLite billing database for a second connector.
const dir = makeTempDir("assay-dashboard-");
const billing = new Database(join(dir, "billing.db"));
billing.exec("CREATE TABLE invoices (transaction_id TEXT, line_no INTEGER, sku TEXT, quantity REAL, unit_price REAL, currency TEXT)");
billing.close();
const s = await startTestServer(`plans: { team: { per_second: 5, per_minute: 40 } }
connectors:
  - { id: inline, type: inline, name: Inline transactions }
  - { id: billing, type: sqlite, name: Billing (SQLite), path: ./billing.db, transactions: invoices }`, { dir });
// Accounts with real names (the harness's own account is called "test").
const acme = await s.rt.keys.createAccount("Acme Corp", "standard");
const globex = await s.rt.keys.createAccount("Globex Ltd", "enterprise");
const acmeKey = await s.rt.keys.createKey(acme.id, { name: "default" });
const main = { accountId: acme.id, keyId: acmeKey.id, key: acmeKey.key, secret: acmeKey.secret };
const other = { accountId: globex.id };
for (let i = 0; i < 6; i++) {
  const res = await s.call("POST", "/v1/alerts", { title: `${["Invoice below contract price", "Duplicate credit note", "Discount above cap"][i % 3]} INV-10${i}`, severity: ["high", "critical", "medium"][i % 3], transaction_id: `INV-10${i}` }, { creds: main });
  if (res.status !== 201) throw new Error(`alert: ${res.status} ${await res.text()}`);
}
await s.call("POST", "/v1/reports", { type: "alerts", format: "html" }, { creds: main });
await s.call("POST", "/v1/reports", { type: "risk_summary", format: "csv" }, { creds: main });
await s.rt.keys.setPlan(main.accountId, "team");
const ci = await s.rt.keys.createKey(main.accountId, { name: "ci-pipeline" });
await s.rt.keys.createKey(main.accountId, { name: "billing-sync (prod)", expiresInMs: 90 * 86_400_000 });
const old = await s.rt.keys.createKey(main.accountId, { name: "old laptop" });
await s.rt.keys.revokeKey(old.id);
const admin = await activeUser(s, "ops@acme.example", main.accountId, "admin");
const dev = await activeUser(s, "dana@acme.example", main.accountId);
await s.rt.users.invite({ email: "new.hire@acme.example", account: main.accountId }, { type: "cli" });
await activeUser(s, "lee@globex.example", other.accountId);

// A day of traffic: synthetic history, then real signed calls for the last minutes.
const nowMinute = Math.floor(Date.now() / 60_000);
const rows = [];
for (let i = 24 * 60; i > 2; i--) {
  const minute = nowMinute - i;
  const hour = new Date(minute * 60_000).getUTCHours();
  const base = 8 + 14 * Math.max(0, Math.sin(((hour - 6) / 24) * 2 * Math.PI));
  const requests = Math.round(base + 6 * Math.random());
  rows.push({ account_id: main.accountId, key_id: ci.id, minute, requests, limited: requests > 30 ? requests - 30 : 0, failed_auth: Math.random() < 0.01 ? 3 : 0 });
  rows.push({ account_id: main.accountId, key_id: main.keyId, minute, requests: Math.round(requests / 3), limited: 0, failed_auth: 0 });
}
await s.rt.store.usage.add(rows);
const creds = { accountId: main.accountId, keyId: ci.id, key: ci.key, secret: ci.secret };
for (let i = 0; i < 45; i++) await signedFetch(s.url, "GET", "/v1/health", undefined, { creds });
for (let i = 0; i < 3; i++) await signedFetch(s.url, "GET", "/v1/health", undefined, { creds, signature: "0".repeat(64) });
await s.rt.usage.flush();


const adminSession = await signIn(s, "ops@acme.example", admin.password);
const devSession = await signIn(s, "dana@acme.example", dev.password);
const pages = ["keys", "usage", "alerts", "reports", "connectors", "playground", "accounts", "users", "audit"];

console.log("page                server ms (median of 20)");
for (const p of pages) {
  const times: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const res = await adminSession.get(`/dashboard/${p}`);
    await res.arrayBuffer();
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  console.log(`${p.padEnd(20)}${times[10]!.toFixed(2)}`);
}
console.log(`assets: ${compressedAssetBytes()} bytes gzipped`);

const browser = await launchChromium();
const shoot = async (cookie: string, who: string, list: string[]) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: "assay_session", value: cookie.split("=")[1]!, url: s.url }]);
  const page = await context.newPage();
  page.on("console", (m) => m.type() === "error" && console.log(`console error on ${page.url()}: ${m.text()}`));
  for (const p of list) {
    await page.goto(`${s.url}/dashboard/${p}`);
    await page.screenshot({ path: join(OUT, `${who}-${p}.png`), fullPage: true });
  }
  await context.close();
};
await shoot(adminSession.cookie, "admin", pages);
await shoot(devSession.cookie, "developer", ["keys", "usage"]);
const anon = await browser.newPage({ viewport: { width: 1280, height: 800 } });
await anon.goto(`${s.url}/dashboard/login`);
await anon.screenshot({ path: join(OUT, "login.png") });
const invite = await s.rt.users.invite({ email: "fresh@acme.example", account: main.accountId }, { type: "cli" });
const u = new URL(invite.setup_url);
await anon.goto(`${s.url}${u.pathname}${u.search}`);
await anon.screenshot({ path: join(OUT, "setup.png") });
// The key reveal after creation.
const dctx = await browser.newContext({ viewport: { width: 1280, height: 900 } });
await dctx.addCookies([{ name: "assay_session", value: devSession.cookie.split("=")[1]!, url: s.url }]);
const dpage = await dctx.newPage();
await dpage.goto(`${s.url}/dashboard/keys`);
await dpage.getByLabel("Name").fill("staging");
await dpage.getByRole("button", { name: "Create key" }).click();
await dpage.screenshot({ path: join(OUT, "developer-keys-created.png"), fullPage: true });
await browser.close();
await s.stop();
console.log(`screenshots in ${OUT}`);
