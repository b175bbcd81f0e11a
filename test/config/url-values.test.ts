// URLs in the configuration that a URL parser refuses are refused when the file is loaded. Before
// (eleventh attack pass), `dashboard.public_url: "http://x:99999"` (or a space in the host, an
// unclosed `[`) matched the key's pattern, `assay config check` said ok, and the served binary
// answered every request but health's 500 internal_error — /livez too — because the app could not
// be built; a webhook target's URL of that kind passed the check and failed each delivery.
import { expect, test } from "bun:test";
import { configProblems } from "../support/config.ts";

const SECRET = "0123456789abcdef0123456789abcdef";

test.each(["http://x:99999", "http://exa mple.com", "http://[::1", "http://%zz"])("dashboard.public_url %p is refused naming the key", (url) => {
  expect(configProblems(`dashboard: { public_url: "${url}" }\n`)).toEqual([`dashboard.public_url: not a valid URL (${JSON.stringify(url)})`]);
});

test("a webhook target's URL that does not parse is refused naming the target", () => {
  expect(configProblems(`alerts:\n  webhooks:\n    - { id: w, url: "http://x:99999/hook", secret: "${SECRET}" }\n`)).toEqual([
    'alerts.webhooks[0].url: not a valid URL ("http://x:99999/hook")',
  ]);
});

test("valid URLs are accepted", () => {
  expect(configProblems(`dashboard: { public_url: "https://assay.example.com:8443" }\nalerts:\n  webhooks:\n    - { id: w, url: "https://siem.example/hook?x=1", secret: "${SECRET}" }\n`)).toEqual([]);
});
