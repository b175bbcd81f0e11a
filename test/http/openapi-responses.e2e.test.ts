// What the server really answers is what /docs/json says it answers: the 403 of a connector
// restricted by `accounts:` (docs/api.md) is documented on every route that can give it, the
// rate-limit header descriptions show the headers as sent, and 201/202 and report content
// declare the Location and Content-Disposition headers they carry.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { startTestServer, type TestServer } from "../support/harness.ts";

type Json = Record<string, any>;
let s: TestServer;
let doc: Json;
beforeAll(async () => {
  s = await startTestServer(`connectors:
  - id: inline
    type: inline
  - id: private
    type: inline
    accounts: [acct_someone_else]
`);
  doc = (await (await fetch(`${s.url}/docs/json`)).json()) as Json;
});
afterAll(() => s.stop());

function documentedCodes(method: string, path: string, status: number): string[] {
  const r = doc.paths[path]?.[method]?.responses?.[String(status)];
  return r?.content?.["application/problem+json"]?.schema?.allOf?.[1]?.properties?.code?.enum ?? [];
}

describe("a restricted connector's 403 is documented where it is answered", () => {
  const cases: [string, string, string, unknown][] = [
    ["get", "/v1/connectors/{id}/status", "/v1/connectors/private/status", undefined],
    ["post", "/v1/analyze", "/v1/analyze", { connector: "private", module: "compliance", data: { transaction_id: "T1" } }],
    ["post", "/v1/alerts", "/v1/alerts", { title: "x", severity: "low", connector: "private" }],
    ["post", "/v1/reports", "/v1/reports", { type: "revenue_leakage", connector: "private" }],
  ];
  for (const [method, template, path, body] of cases) {
    test(`${method.toUpperCase()} ${template}`, async () => {
      const res = await s.call(method.toUpperCase(), path, body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as Json).code).toBe("forbidden");
      expect(documentedCodes(method, template, 403)).toEqual(["forbidden"]);
    });
  }
});

describe("headers as documented", () => {
  test("RateLimit-Policy and RateLimit descriptions name the windows the server sends", async () => {
    const res = await s.call("GET", "/v1/health");
    const policy = res.headers.get("ratelimit-policy")!;
    const state = res.headers.get("ratelimit")!;
    expect(policy).toBe('"burst";q=50;w=1, "sustained";q=1000;w=60');
    expect(doc.components.headers["RateLimit-Policy"].description).toContain(policy);
    expect(state).toMatch(/^"burst";r=\d+;t=\d+, "sustained";r=\d+;t=\d+$/);
    expect(doc.components.headers.RateLimit.description).toMatch(/"burst";r=\d+;t=\d+, "sustained";r=\d+;t=\d+/);
  });

  test("201 and 202 declare Location, report content declares Content-Disposition", async () => {
    const alert = await s.call("POST", "/v1/alerts", { title: "x", severity: "low" });
    expect(alert.headers.get("location")).toMatch(/^\/v1\/alerts\/alrt_/);
    expect(doc.paths["/v1/alerts"].post.responses["201"].headers.Location).toEqual({ $ref: "#/components/headers/Location" });
    const report = await s.call("POST", "/v1/reports", { type: "alerts" });
    expect(report.headers.get("location")).toMatch(/^\/v1\/reports\/rpt_/);
    expect(doc.paths["/v1/reports"].post.responses["202"].headers.Location).toEqual({ $ref: "#/components/headers/Location" });
    expect(doc.paths["/v1/reports/{id}/content"].get.responses["200"].headers["Content-Disposition"]).toBeDefined();
    expect(doc.components.headers.Location.schema.type).toBe("string");
  });
});

describe("a queued report's progress (docs/reports.md)", () => {
  test("POST /v1/reports answers processed 0, total null, percent 0", async () => {
    const res = await s.call("POST", "/v1/reports", { type: "alerts", format: "csv" });
    expect(res.status).toBe(202);
    const body = (await res.json()) as Json;
    expect(body.status).toBe("queued");
    expect(body.progress).toEqual({ processed: 0, total: null, percent: 0 });
  });
});

describe("a GET with query parameters documents its 422", () => {
  // Every list validates its query (a bad `limit`, an unknown parameter) and answers 422
  // validation_failed; the document must say so on each of them, whichever the list is.
  test("every GET that takes a query answers a bad limit with 422, and its document lists validation_failed", async () => {
    const alert = (await (await s.call("POST", "/v1/alerts", { title: "x", severity: "low" })).json()) as Json;
    const checked: string[] = [];
    for (const [template, ops] of Object.entries(doc.paths) as [string, Json][]) {
      const params = (ops.get?.parameters ?? []) as Json[];
      if (!params.some((p) => p.in === "query")) continue;
      const query = params.some((p) => p.name === "limit") ? "limit=0" : "no_such_parameter=1";
      const res = await s.call("GET", `${template.replace("{id}", alert.id)}?${query}`);
      expect({ template, status: res.status }).toEqual({ template, status: 422 });
      expect({ template, codes: documentedCodes("get", template, 422) }).toEqual({ template, codes: expect.arrayContaining(["validation_failed"]) });
      checked.push(template);
    }
    expect(checked).toContain("/v1/modules");
  });
});
