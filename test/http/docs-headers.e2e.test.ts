// /docs (Swagger UI) and /problems are served on the dashboard's origin, so a script injected
// there could act as the signed-in user: they carry a CSP (scripts only from /docs/assets and the
// one inline call, by its hash), refuse framing and sniffing. Found by an attack pass: both were
// served without any of these headers. Swagger UI still renders under the policy in Chromium,
// without a CSP violation.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { launchChromium, skipBrowser } from "../support/browser.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test("the docs and problem pages carry a CSP without unsafe-inline scripts, frame-ancestors 'none', nosniff and DENY", async () => {
  for (const path of ["/docs", "/problems", "/problems/invalid_signature"]) {
    const res = await fetch(s.url + path);
    expect(res.status, path).toBe(200);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp, path).toContain("default-src 'none'");
    expect(csp, path).toContain("frame-ancestors 'none'");
    expect(csp, path).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(res.headers.get("x-frame-options"), path).toBe("DENY");
    expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
  }
});

test.skipIf(skipBrowser)("Swagger UI renders the API reference under that policy, with no console error", async () => {
  const browser = await launchChromium();
  try {
    const page = await browser.newPage();
    const errors: string[] = [];
    // The browser's own favicon request is a 404 (the docs have none): not the page's doing.
    page.on("console", (m) => {
      if (m.type() === "error" && !m.location().url.endsWith("/favicon.ico")) errors.push(`${m.text()} ${m.location().url}`);
    });
    page.on("pageerror", (e) => errors.push(String(e)));
    await page.goto(`${s.url}/docs`);
    await page.waitForSelector(".swagger-ui .info .title", { timeout: 20_000 });
    expect(await page.textContent(".swagger-ui .info .title")).toContain("Assay API");
    await page.waitForSelector(".opblock-tag", { timeout: 20_000 });
    expect(errors).toEqual([]);
  } finally {
    await browser.close();
  }
});
