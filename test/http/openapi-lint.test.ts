// The OpenAPI document is complete and tools accept it: the route table equals its paths, every
// /v1 operation documents its problem+json errors and headers, and Redocly CLI and Spectral (with
// the OWASP ruleset) find 0 errors, offline. The warnings they still print are the ones
// docs/api.md explains.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildApp } from "../../src/app.ts";
import { makeTempDir, startTestServer, type TestServer } from "../support/harness.ts";

const ROOT = join(import.meta.dir, "..", "..");
// Any attempt to reach the network fails fast: the linters must work offline.
const OFFLINE = { HTTP_PROXY: "http://127.0.0.1:9", HTTPS_PROXY: "http://127.0.0.1:9", NO_PROXY: "", REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
/** The only warnings allowed, each explained in docs/api.md ("OpenAPI lint"). */
const EXPLAINED_SPECTRAL_WARNINGS = ["owasp:api4:2023-string-restricted"];
const EXPLAINED_REDOCLY_WARNINGS = ["operation-4xx-response"];

// The document is plain JSON: typed loosely on purpose.
type Json = Record<string, any>;
let s: TestServer;
let doc: Json;
let file: string;
beforeAll(async () => {
  s = await startTestServer();
  doc = (await (await fetch(`${s.url}/docs/json`)).json()) as Json;
  file = join(makeTempDir(), "openapi.json");
  writeFileSync(file, JSON.stringify(doc, null, 2));
});
afterAll(() => s.stop());

async function run(cmd: string[]) {
  const proc = Bun.spawn(cmd, { cwd: ROOT, env: { ...process.env, ...OFFLINE }, stdout: "pipe", stderr: "pipe" });
  const [stdout, stderr, code] = await Promise.all([new Response(proc.stdout).text(), new Response(proc.stderr).text(), proc.exited]);
  return { stdout, stderr, code };
}

describe("the document", () => {
  test("its paths are exactly the app's API routes", () => {
    const hidden = /^\/(docs|problems|metrics)(\/|$)/;
    const routes = buildApp(s.rt)
      .app.routes.filter((r) => !hidden.test(r.path))
      .map((r) => `${r.method} ${r.path.replace(/:(\w+)/g, "{$1}")}`)
      .sort();
    const documented = Object.entries(doc.paths as Record<string, Json>)
      .flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
      .sort();
    expect(documented).toEqual(routes);
  });

  test("servers, tags with descriptions, a shared problem schema and the headers", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.servers.length).toBeGreaterThan(0);
    const tags = new Set((doc.tags as Json[]).map((t) => t.name));
    for (const t of doc.tags as Json[]) expect(t.description.length).toBeGreaterThan(10);
    expect(doc.components.schemas.Problem.required).toContain("code");
    for (const h of ["RateLimit-Policy", "RateLimit", "X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "Request-Id", "Retry-After", "Idempotent-Replayed"]) {
      expect(doc.components.headers[h]).toBeDefined();
    }
    expect(doc.components.parameters.IdempotencyKey.name).toBe("Idempotency-Key");
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Json>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const t of op.tags) expect(tags.has(t)).toBe(true);
        if (path === "/livez") continue;
        for (const status of ["401", "429", "500"]) {
          expect(op.responses[status]?.content?.["application/problem+json"]?.schema?.allOf?.[0]?.$ref, `${method} ${path} ${status}`).toBe("#/components/schemas/Problem");
        }
        expect(op.responses["429"].headers["Retry-After"]).toBeDefined();
        const ok = Object.entries(op.responses).find(([st]) => st.startsWith("2"))![1] as Json;
        expect(ok.headers.RateLimit && ok.headers["Request-Id"]).toBeTruthy();
        if (method === "post") expect(op.parameters.some((p: Json) => p.$ref === "#/components/parameters/IdempotencyKey")).toBe(true);
      }
    }
  });

  test("query types and defaults, /livez without security, per-format report content", () => {
    const limit = (doc.paths["/v1/alerts"].get.parameters as Json[]).find((p) => p.name === "limit");
    expect(limit!.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    expect(doc.paths["/livez"].get.security).toEqual([]);
    expect(Object.keys(doc.paths["/v1/reports/{id}/content"].get.responses["200"].content).sort()).toEqual(["application/json", "text/csv", "text/html"]);
    const analyzeCodes = doc.paths["/v1/analyze"].post.responses["422"].content["application/problem+json"].schema.allOf[1].properties.code.enum;
    expect(analyzeCodes).toEqual(expect.arrayContaining(["validation_failed", "unknown_connector", "unknown_module"]));
  });
});

describe("linters", () => {
  test("Spectral with the OWASP ruleset: 0 errors; only explained warnings", async () => {
    const r = await run([process.execPath, "node_modules/.bin/spectral", "lint", "-r", ".spectral.mjs", "-f", "json", "--quiet", file]);
    const results = JSON.parse(r.stdout || "[]") as { code: string; severity: number; message: string; path: string[] }[];
    const errors = results.filter((x) => x.severity === 0).map((x) => `${x.code} ${x.path.join("/")}: ${x.message}`);
    expect(errors).toEqual([]);
    const warnings = [...new Set(results.filter((x) => x.severity === 1).map((x) => x.code))];
    expect(warnings.filter((w) => !EXPLAINED_SPECTRAL_WARNINGS.includes(w))).toEqual([]);
  }, 120_000);

  test("the replacement rate-limit rule still catches an answer without rate-limit headers", async () => {
    const broken = structuredClone(doc);
    delete broken.paths["/v1/modules"].get.responses["200"].headers;
    const brokenFile = join(makeTempDir(), "broken.json");
    writeFileSync(brokenFile, JSON.stringify(broken));
    const r = await run([process.execPath, "node_modules/.bin/spectral", "lint", "-r", ".spectral.mjs", "-f", "json", "--quiet", brokenFile]);
    const results = JSON.parse(r.stdout || "[]") as { code: string; severity: number }[];
    expect(results.filter((x) => x.severity === 0).map((x) => x.code)).toEqual(["assay-rate-limit-headers"]);
  }, 120_000);

  test("Redocly CLI: valid, 0 errors; only explained warnings", async () => {
    const r = await run([process.execPath, "node_modules/.bin/redocly", "lint", file, "--format=json"]);
    const report = JSON.parse(r.stdout.slice(r.stdout.indexOf("{"))) as { totals: { errors: number }; problems: { ruleId: string; severity: string; message: string }[] };
    expect(report.problems.filter((p) => p.severity === "error").map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals.errors).toBe(0);
    const warnings = [...new Set(report.problems.filter((p) => p.severity === "warn").map((p) => p.ruleId))];
    expect(warnings.filter((w) => !EXPLAINED_REDOCLY_WARNINGS.includes(w))).toEqual([]);
  }, 120_000);
});
