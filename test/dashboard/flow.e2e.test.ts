// The developer journey in a real browser (headless Debian Chromium): the admin invites a
// developer with the CLI; the developer sets a password, signs in, creates a key, sees the key
// and secret once, reloads (both gone), calls the API with them (200), revokes the key (the call
// gets 401 within a second), and the admin's audit log shows each step.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser, Page } from "playwright-core";
import { runCli } from "../support/cli.ts";
import { launchChromium, skipBrowser } from "../support/browser.ts";
import { signedFetch, startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (skipBrowser) return;
  s = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

/** The config's port is 0 in tests (a free port is picked): point the printed link at the real one. */
function onThisServer(link: string): string {
  const u = new URL(link);
  return `${s.url}${u.pathname}${u.search}`;
}

async function invite(email: string, role: string): Promise<string> {
  const res = await runCli(["users", "create", "--email", email, "--account", s.creds.accountId, "--role", role, "--json", "--config", s.configFile]);
  expect(res.stderr).toBe("");
  expect(res.code).toBe(0);
  return onThisServer(JSON.parse(res.stdout).setup_url);
}

async function setPasswordAndSignIn(page: Page, setupUrl: string, email: string, password: string) {
  await page.goto(setupUrl);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByLabel("Confirm password").fill(password);
  await page.getByRole("button", { name: "Set password" }).click();
  await page.waitForURL(/\/dashboard\/login/);
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL(/\/dashboard\/keys/);
}

/** Polls GET /v1/health for up to one second until it answers `wanted`; returns the last status. */
async function statusWithinOneSecond(creds: { key: string; secret: string; accountId: string; keyId: string }, wanted: number) {
  const started = performance.now();
  let status = 0;
  while (performance.now() - started < 1000) {
    status = (await signedFetch(s.url, "GET", "/v1/health", undefined, { creds })).status;
    if (status === wanted) break;
    await Bun.sleep(25);
  }
  return status;
}

test.skipIf(skipBrowser)("invite by CLI → set password → sign in → create key (shown once) → signed call → revoke → 401; audited", async () => {
  const developerLink = await invite("dev@example.com", "developer");
  const adminLink = await invite("admin@example.com", "admin");
  const consoleErrors: string[] = [];

  const dev = await browser.newContext();
  const page = await dev.newPage();
  page.on("console", (m) => m.type() === "error" && consoleErrors.push(m.text()));
  page.on("dialog", (d) => d.accept());
  await setPasswordAndSignIn(page, developerLink, "dev@example.com", "developer passphrase 1");

  // The setup link works once.
  const again = await dev.newPage();
  expect((await again.goto(developerLink))!.status()).toBe(404);
  await again.close();

  await page.getByLabel("Name").fill("ci-pipeline");
  await page.getByRole("button", { name: "Create key" }).click();
  const key = (await page.getByTestId("new-key").textContent())!;
  const secret = (await page.getByTestId("new-secret").textContent())!;
  expect(key).toMatch(/^ak_/);
  expect(secret).toMatch(/^sk_/);
  expect(page.url()).not.toContain(key);
  expect(page.url()).not.toContain(secret);
  await expect(page.getByRole("button", { name: "Copy key" })).toBeDefined();

  // A reload (the page itself, and a repeat of the POST) shows neither again.
  await page.goto(`${s.url}/dashboard/keys`);
  const reloaded = await page.content();
  expect(reloaded).not.toContain(key);
  expect(reloaded).not.toContain(secret);
  expect(reloaded).toContain("ci-pipeline");
  await page.goBack();
  expect(await page.content()).not.toContain(secret);

  const keyId = (await page.goto(`${s.url}/dashboard/keys`), await page.locator("tr[data-key]").first().getAttribute("data-key"))!;
  const creds = { accountId: s.creds.accountId, keyId, key, secret };
  expect((await signedFetch(s.url, "GET", "/v1/health", undefined, { creds })).status).toBe(200);

  // The table shows the last use (written at most once a minute per key).
  await page.reload();
  expect(await page.locator(`tr[data-key="${keyId}"] td`).nth(3).textContent()).toContain("UTC");

  await page.getByRole("button", { name: "Revoke ci-pipeline" }).click();
  await page.waitForLoadState();
  expect(await page.locator(`tr[data-key="${keyId}"] .status`).textContent()).toBe("revoked");
  expect(await statusWithinOneSecond(creds, 401)).toBe(401);
  expect(consoleErrors).toEqual([]);

  // The admin sees every step in the audit log.
  const admin = await browser.newContext();
  const adminPage = await admin.newPage();
  await setPasswordAndSignIn(adminPage, adminLink, "admin@example.com", "administrator passphrase");
  await adminPage.getByRole("link", { name: "Audit log" }).click();
  const log = await adminPage.locator("table.audit tbody").innerText();
  for (const event of ["user.invited", "user.password_set", "user.signed_in", "key.created", "key.revoked"]) expect(log).toContain(event);
  expect(log).toContain("dev@example.com");
  expect(log).toContain("CLI (host)");

  // Sign out ends the session: the keys page asks to sign in again.
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(/\/dashboard\/login\?signed_out/);
  await page.goto(`${s.url}/dashboard/keys`);
  expect(page.url()).toContain("/dashboard/login");
  await dev.close();
  await admin.close();
});
