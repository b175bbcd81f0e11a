// Problem types resolve: every code in PROBLEMS has a page at /problems/<code> served by the
// binary and an entry in docs/errors.md (generated from the same table); 401s carry
// WWW-Authenticate.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { join } from "node:path";
import { PROBLEMS } from "../../src/domain/errors.ts";
import { errorsMarkdown } from "../../src/domain/errors-doc.ts";
import { signedFetch, startTestServer, type TestServer } from "../support/harness.ts";

let s: TestServer;
beforeAll(async () => {
  s = await startTestServer();
});
afterAll(() => s.stop());

test("every code has a human page at its type URL: what it means and how to fix it", async () => {
  for (const [code, [status, title, meaning, fix]] of Object.entries(PROBLEMS)) {
    expect(meaning.length).toBeGreaterThan(20);
    expect(fix.length).toBeGreaterThan(20);
    const r = await fetch(`${s.url}/problems/${code}`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toContain("text/html");
    const html = await r.text();
    expect(html).toContain(`<h1>${title}</h1>`);
    expect(html).toContain(`HTTP ${status}`);
    expect(html).toContain("What it means");
    expect(html).toContain("How to fix it");
  }
  const index = await (await fetch(`${s.url}/problems`)).text();
  for (const code of Object.keys(PROBLEMS)) expect(index).toContain(`href="/problems/${code}"`);
});

test("the type of a real error resolves to its page", async () => {
  const r = await fetch(`${s.url}/v1/health`);
  const problem = (await r.json()) as { type: string; code: string };
  const page = await fetch(new URL(problem.type, s.url));
  expect(page.status).toBe(200);
  expect(await page.text()).toContain(`<code>${problem.code}</code>`);
  const unknown = await fetch(`${s.url}/problems/no_such_code`);
  expect(unknown.status).toBe(404);
  expect(unknown.headers.get("content-type")).toContain("application/problem+json");
  expect(((await unknown.json()) as { detail: string }).detail).toBe('no error code "no_such_code"; /problems lists them');
  // A code that is no valid percent-encoding: Elysia gives the route no parameter at all.
  const garbled = await fetch(`${s.url}/problems/%zz`);
  expect(garbled.status).toBe(404);
  expect(((await garbled.json()) as { detail: string }).detail).toBe("no such error code (the path is not valid percent-encoding); /problems lists them");
});

test("docs/errors.md is generated from the table and lists every code", async () => {
  const doc = await Bun.file(join(import.meta.dir, "../../docs/errors.md")).text();
  expect(doc).toBe(errorsMarkdown());
  for (const code of Object.keys(PROBLEMS)) expect(doc).toContain(`## \`${code}\``);
});

test("401 answers carry WWW-Authenticate with the Bearer realm and the signature scheme", async () => {
  const missing = await fetch(`${s.url}/v1/health`);
  expect(missing.status).toBe(401);
  expect(missing.headers.get("www-authenticate")).toStartWith('Bearer realm="assay"');
  expect(missing.headers.get("www-authenticate")).toContain("X-Service-Signature");
  const bad = await signedFetch(s.url, "GET", "/v1/connectors", undefined, { creds: { ...s.creds, secret: "wrong" } });
  expect(bad.status).toBe(401);
  expect(bad.headers.get("www-authenticate")).toContain('error="invalid_token", error_description="invalid_signature"');
  const ok = await s.call("GET", "/v1/health");
  expect(ok.headers.get("www-authenticate")).toBeNull();
});

// The challenge names what this server's signature covers. Before (twelfth attack pass) it said
// `HMAC-SHA256 of the body` whatever `security.signature` was, so a client of a server that
// requires the timestamp, or signs the request scope, was told the wrong string to sign.
test.each([
  ["timestamp: required", "HMAC-SHA256 of <timestamp>.<body> in X-Service-Signature, the unix seconds in X-Service-Timestamp"],
  ["scope: request", "HMAC-SHA256 of timestamp, METHOD, path?query and body, one a line, in X-Service-Signature, the unix seconds in X-Service-Timestamp"],
])("with security.signature %s, a 401's challenge names what the signature covers", async (setting, signs) => {
  const other = await startTestServer(`security: { master_key_file: ./master.key, signature: { ${setting} } }\n`);
  try {
    for (const res of [await fetch(`${other.url}/v1/health`), await signedFetch(other.url, "GET", "/v1/health", undefined, { creds: other.creds })]) {
      expect(res.status).toBe(401);
      expect(res.headers.get("www-authenticate")).toContain(`signature="${signs}"`);
    }
  } finally {
    await other.stop();
  }
});

test("with the default signature, the challenge names the body", async () => {
  expect((await fetch(`${s.url}/v1/health`)).headers.get("www-authenticate")).toContain('signature="HMAC-SHA256 of the body in X-Service-Signature"');
});
