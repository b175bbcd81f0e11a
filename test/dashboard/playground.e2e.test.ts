// The playground in headless Chromium: the page signs a request with the pasted secret
// (WebCrypto), sends it (200), and prints curl + openssl commands that, run in a shell, get the
// same answer. The secret appears in no request the page makes.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Browser } from "playwright-core";
import { launchChromium, skipBrowser } from "../support/browser.ts";
import { activeUser, signIn } from "../support/dashboard.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
let browser: Browser;
beforeAll(async () => {
  if (skipBrowser) return;
  s = await startTestServer("connectors:\n  - { id: inline, type: inline }");
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await s?.stop();
});

test.skipIf(skipBrowser)("sign and send from the page; the printed curl + openssl commands reproduce it", async () => {
  const { password } = await activeUser(s, "dev@example.com", s.creds.accountId);
  const session = await signIn(s, "dev@example.com", password);
  const context = await browser.newContext();
  await context.addCookies([{ name: "assay_session", value: session.cookie.split("=")[1]!, url: s.url }]);
  const page = await context.newPage();
  const sent: string[] = [];
  page.on("request", (r) => sent.push(`${r.url()} ${JSON.stringify(r.headers())} ${r.postData() ?? ""}`));
  const errors: string[] = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));

  await page.goto(`${s.url}/dashboard/playground`);
  await page.getByLabel("Example").selectOption({ label: "POST /v1/analyze" });
  await page.getByLabel("API key").fill(s.creds.key);
  await page.getByLabel("API secret").fill(s.creds.secret);
  await page.getByRole("button", { name: "Sign and send" }).click();
  await page.locator("#pg-response", { hasText: "HTTP " }).waitFor();
  const response = (await page.locator("#pg-response").textContent())!;
  expect(response).toStartWith("HTTP 200");
  expect(response).toContain('"risk_score"');
  expect(sent.join("\n")).not.toContain(s.creds.secret);
  expect(errors).toEqual([]);

  const commands = (await page.locator("#pg-curl").textContent())!;
  expect(commands).toContain("openssl dgst -sha256 -hmac");
  expect(commands).not.toContain(s.creds.secret);
  const shell = Bun.spawn(["bash", "-c", `set -e\n${commands}`], { env: { ...process.env, ASSAY_API_SECRET: s.creds.secret }, stdout: "pipe", stderr: "pipe" });
  const [out, err, code] = await Promise.all([new Response(shell.stdout).text(), new Response(shell.stderr).text(), shell.exited]);
  expect(err).toBe("");
  expect(code).toBe(0);
  expect(JSON.parse(out).risk_score).toBeNumber();
  await context.close();
});
