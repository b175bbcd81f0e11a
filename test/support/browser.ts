// Headless Debian Chromium driven by playwright-core. Where /usr/bin/chromium is missing the
// browser tests are skipped, except under CI=true, where a missing browser fails them.
import { existsSync } from "node:fs";
import { type Browser, chromium } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";
export const hasChromium = existsSync(CHROMIUM);
export const mustRunBrowser = process.env.CI === "true";
/** Skip the browser tests only outside CI. */
export const skipBrowser = !hasChromium && !mustRunBrowser;

export async function launchChromium(): Promise<Browser> {
  if (!hasChromium) throw new Error(`${CHROMIUM} is missing: install Debian's chromium (apt-get install chromium); under CI=true browser tests never skip`);
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: ["--no-sandbox", "--disable-background-networking", "--disable-component-update", "--disable-gpu"],
  });
}
