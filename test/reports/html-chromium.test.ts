// The html report in a real browser: headless Chromium loads it from a file with networking
// disabled, must log no console error (a CSP violation would be one: the page forbids every
// fetch), and renders the charts; a screenshot is taken. Where /usr/bin/chromium is absent it is
// skipped, except under CI=true, where it fails (.ci/run installs Chromium).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { json, type Server, startServer } from "../support/server.ts";
import { analysisRecords, insertAnalyses, waitForReport } from "./fixtures.ts";

const CHROMIUM = "/usr/bin/chromium";
const hasChromium = existsSync(CHROMIUM);

let s: Server;
beforeAll(async () => {
  s = await startServer();
  await insertAnalyses(s.rt.store, analysisRecords(s.creds.accountId, 200));
  for (let i = 0; i < 8; i++) {
    const a = await json(await s.call("POST", "/v1/alerts", { title: `<script>alert(${i})</script> & "x"`, severity: "high" }));
    if (i % 2) await s.call("PATCH", `/v1/alerts/${a.id}`, { status: "dismissed", resolution: "false_positive" });
  }
});
afterAll(() => s.stop());

async function htmlReport(type: string): Promise<string> {
  const queued = await json(await s.call("POST", "/v1/reports", { type, format: "html" }));
  const done = await waitForReport(s.call, queued.id);
  expect(done.status).toBe("completed");
  const res = await s.call("GET", done.content_url);
  expect(res.headers.get("content-type")).toBe("text/html; charset=utf-8");
  expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
  return res.text();
}

test("the html report is self-contained: no script, no external reference, escaped text", async () => {
  for (const type of ["risk_summary", "alerts"]) {
    const html = await htmlReport(type);
    const withoutSvgNamespace = html.replaceAll('xmlns="http://www.w3.org/2000/svg"', "");
    expect(withoutSvgNamespace).not.toMatch(/https?:|\bsrc=|\bhref=|url\(|@import|<script|<link/i);
    expect(html).toContain("<svg");
    if (type === "alerts") expect(html).toContain("&lt;script&gt;alert(0)&lt;/script&gt; &amp; &quot;x&quot;");
  }
});

const mustRun = process.env.CI === "true";

test.skipIf(!hasChromium && !mustRun)("renders in headless Chromium without console errors (skipped when /usr/bin/chromium is absent, outside CI)", async () => {
  if (!hasChromium) throw new Error(`${CHROMIUM} is missing (CI=true: this test must run; .ci/run installs it with apt-get install -y chromium)`);
  const dir = join(s.dir, "chromium");
  mkdirSync(dir, { recursive: true });
  for (const type of ["risk_summary", "alerts"]) {
    const page = join(dir, `${type}.html`);
    writeFileSync(page, await htmlReport(type));
    const shot = join(dir, `${type}.png`);
    const flags = [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--user-data-dir=${join(dir, `profile-${type}`)}`,
      "--enable-logging=stderr",
      "--v=0",
      "--window-size=1280,1800",
    ];
    const screenshot = Bun.spawn([CHROMIUM, ...flags, `--screenshot=${shot}`, `file://${page}`], { stdout: "pipe", stderr: "pipe" });
    const [stderr, code] = await Promise.all([new Response(screenshot.stderr).text(), screenshot.exited]);
    expect(code).toBe(0);
    // Console messages (errors, CSP refusals) appear as CONSOLE lines in Chromium's log.
    expect(stderr.split("\n").filter((l) => /CONSOLE|Refused to/.test(l))).toEqual([]);
    const png = readFileSync(shot);
    expect(png.subarray(1, 4).toString()).toBe("PNG");
    expect(png.readUInt32BE(16)).toBe(1280); // width from the IHDR chunk
    expect(png.length).toBeGreaterThan(20_000); // a blank page compresses to far less

    const dom = Bun.spawn([CHROMIUM, ...flags, "--dump-dom", `file://${page}`], { stdout: "pipe", stderr: "pipe" });
    const rendered = await new Response(dom.stdout).text();
    await dom.exited;
    expect((rendered.match(/<svg/g) ?? []).length).toBeGreaterThanOrEqual(type === "alerts" ? 3 : 4);
    expect(rendered).not.toContain("<script");
  }
}, 60_000);
