// Which Origin a dashboard form may come from (src/dashboard/trusted-origin.ts): the rules that
// the end-to-end test (forged-host.e2e.test.ts) cannot reach from one test server's settings.
import { expect, test } from "bun:test";
import { judgeOrigin } from "../../src/dashboard/trusted-origin.ts";

const at = (origin: string) => new URL(`${origin}/dashboard/login`);

test("no Origin header leaves the decision to the CSRF token", () => {
  expect(judgeOrigin(null, at("http://rebind.example"), { serverHost: "127.0.0.1" })).toBe("trusted");
});

test("an Origin other than the address the request came in on is another site, whatever Host said", () => {
  expect(judgeOrigin("http://evil.example", at("http://127.0.0.1:8080"), { serverHost: "127.0.0.1" })).toBe("other-site");
  expect(judgeOrigin("https://127.0.0.1:8080", at("http://127.0.0.1:8080"), { serverHost: "127.0.0.1" })).toBe("other-site");
});

test("dashboard.public_url's origin is trusted whatever address the request came in on", () => {
  const trusted = { publicOrigin: "https://assay.example.com", serverHost: "0.0.0.0" };
  expect(judgeOrigin("https://assay.example.com", at("http://assay.example.com"), trusted)).toBe("trusted");
  expect(judgeOrigin("http://assay.example.com", at("http://assay.example.com"), trusted)).toBe("unconfigured-name");
});

test("server.host is trusted when it is a name, in any case and with a final dot; a wildcard trusts no name", () => {
  expect(judgeOrigin("http://assay.lan:8080", at("http://assay.lan:8080"), { serverHost: "Assay.LAN." })).toBe("trusted");
  expect(judgeOrigin("http://other.lan:8080", at("http://other.lan:8080"), { serverHost: "assay.lan" })).toBe("unconfigured-name");
  for (const wildcard of ["0.0.0.0", "::"]) {
    expect(judgeOrigin("http://rebind.example", at("http://rebind.example"), { serverHost: wildcard })).toBe("unconfigured-name");
  }
});

test("IP addresses (v4, v6) and localhost need no DNS and are trusted as the request's own address", () => {
  for (const origin of ["http://192.0.2.7:8080", "http://[2001:db8::1]:8080", "http://localhost:8080", "http://LOCALHOST:8080"]) {
    const url = at(origin);
    expect(judgeOrigin(url.origin, url, { serverHost: "0.0.0.0" }), origin).toBe("trusted");
  }
  expect(judgeOrigin("http://localhost.evil.example", at("http://localhost.evil.example"), { serverHost: "0.0.0.0" })).toBe("unconfigured-name");
});
