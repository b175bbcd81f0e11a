// `make test-fuzz`: requests generated from the OpenAPI document (/docs/json) with fast-check —
// valid ones, then mutated (wrong types, out-of-range numbers, missing and unknown keys, huge and
// deeply nested JSON, bad UTF-8, wrong content types, odd query strings) — all correctly signed so
// they reach validation, plus malformed HTTP over a raw socket. Nothing may answer 5xx or crash
// the server; every error is problem+json with a code from PROBLEMS, except what Bun's HTTP
// parser answers itself before Assay sees the request (listed in docs/reliability.md).
// FUZZ_RUNS (default 100) sets the generated requests per operation.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import fc from "fast-check";
import { PROBLEMS } from "../../src/domain/errors.ts";
import { signedFetch, type Credentials } from "../support/harness.ts";
import { parseResponses, rawExchange, rawRequest } from "../support/raw-http.ts";
import { signHex } from "../../src/auth/signature.ts";
import { type Server, startServer } from "../support/server.ts";
import { mutated, type Schema, validValue } from "./schema-arbitrary.ts";

const RUNS = Number(process.env.FUZZ_RUNS ?? 100);
const CODES = new Set(Object.keys(PROBLEMS));

let s: Server;
let creds: Credentials;
let doc: { paths: Record<string, Record<string, Operation>>; components?: { schemas?: Record<string, Schema> } };
const existing: Record<string, string> = {};
const violations: string[] = [];
let requests = 0;

interface Operation {
  parameters?: { in?: string; name?: string; schema?: Schema; $ref?: string }[];
  requestBody?: { content?: Record<string, { schema: Schema }> };
}

const resolve = (schema: Schema): Schema => {
  if (!schema.$ref) return schema;
  return doc.components?.schemas?.[schema.$ref.split("/").pop()!] ?? {};
};

beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }\nalerts: { auto_threshold: 60 }");
  creds = s.creds;
  doc = (await (await fetch(`${s.url}/docs/json`)).json()) as typeof doc;
  existing.alert = ((await (await s.call("POST", "/v1/alerts", { title: "fuzz", severity: "low" })).json()) as { id: string }).id;
  existing.report = ((await (await s.call("POST", "/v1/reports", { type: "alerts" })).json()) as { id: string }).id;
  existing.connector = "inline";
});
afterAll(async () => {
  console.log(`fuzz: ${requests} requests, ${violations.length} violations`);
  await s.stop();
});

/** Judges one answer: no 5xx; an error is problem+json with a known code. */
async function judge(r: Response, what: string) {
  requests++;
  const text = await r.text();
  if (r.status >= 500) violations.push(`${what} → ${r.status} ${text.slice(0, 200)}`);
  else if (r.status >= 400) {
    let code: unknown;
    try {
      code = (JSON.parse(text) as { code?: unknown }).code;
    } catch {}
    if (!r.headers.get("content-type")?.startsWith("application/problem+json") || !CODES.has(String(code))) {
      violations.push(`${what} → ${r.status} not a documented problem: ${r.headers.get("content-type")} ${text.slice(0, 120)}`);
    }
  }
}

function pathFor(template: string, id: string) {
  return template.replace(/\{[^}]+\}/g, encodeURIComponent(id));
}

function idFor(template: string): fc.Arbitrary<string> {
  const known = template.includes("/alerts/") ? existing.alert! : template.includes("/reports/") ? existing.report! : existing.connector!;
  return fc.oneof(fc.constant(known), fc.string({ maxLength: 80 }), fc.stringMatching(/^(alrt|rpt|anl)_[0-9A-Z]{26}$/), fc.constantFrom("..", "%2e%2e", "%00", "a/b", "💥"));
}

function queryFor(op: Operation): fc.Arbitrary<string> {
  const params = (op.parameters ?? []).filter((p) => p.in === "query" && p.name && p.schema);
  const one = params.map((p) =>
    fc.option(
      fc.oneof(
        validValue(p.schema!, resolve).map(String),
        fc.constantFrom("", "0", "-1", "101", "1.5", "1e9", "Infinity", "NaN", "0x10", "1".repeat(22), "true", "[]", "%", "%zz", "\u0000"),
        fc.string({ maxLength: 30 }),
      ).map((v) => `${p.name}=${encodeURIComponent(v)}`),
      { nil: undefined },
    ),
  );
  const odd = fc.constantFrom("", "&", "&&&", "=", "unknown=1", "limit", "limit=1&limit=2", "%zz=1", "a[b]=1");
  return fc.tuple(fc.tuple(...one), odd).map(([parts, extra]) => {
    const q = [...parts.filter((x): x is string => x !== undefined), ...(extra ? [extra] : [])].join("&");
    return q ? `?${q}` : "";
  });
}

const operations = () =>
  Object.entries(doc.paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ path, method: method.toUpperCase(), op })));

describe("requests generated from the OpenAPI document", () => {
  test("valid and mutated requests on every operation: no 5xx, every error a documented problem", async () => {
    for (const { path, method, op } of operations()) {
      const schema = op.requestBody?.content?.["application/json"]?.schema;
      const body = schema ? fc.oneof(validValue(schema, resolve), mutated(schema, resolve)) : fc.constant(undefined);
      await fc.assert(
        fc.asyncProperty(idFor(path), queryFor(op), body, async (id, query, value) => {
          const target = pathFor(path, id) + query;
          const r = await signedFetch(s.url, method, target, value, { creds });
          await judge(r, `${method} ${target} ${JSON.stringify(value)?.slice(0, 100)}`);
        }),
        { numRuns: RUNS },
      );
    }
    expect(violations.slice(0, 10)).toEqual([]);
  }, 300_000);

  test("bodies no parser likes: bad UTF-8, deep and huge JSON, wrong content types", async () => {
    const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
    const bodies: [string, string | Uint8Array, string][] = [
      ["bad utf-8", new Uint8Array([0x7b, 0x22, 0x74, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0xc3, 0x28, 0x22, 0x7d]), "application/json"],
      ["lone surrogate", '{"title":"\\ud800","severity":"low"}', "application/json"],
      ["deep json", deep(100_000), "application/json"],
      ["deep object", '{"a":'.repeat(5000) + "1" + "}".repeat(5000), "application/json"],
      ["huge string", JSON.stringify({ title: "x".repeat(900_000), severity: "low" }), "application/json"],
      ["many keys", JSON.stringify(Object.fromEntries(Array.from({ length: 50_000 }, (_, i) => [`k${i}`, i]))), "application/json"],
      ["truncated", '{"title": "x", "severity": ', "application/json"],
      ["not json", "title=x&severity=low", "application/x-www-form-urlencoded"],
      ["text", "hello", "text/plain"],
      ["multipart", "--b\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\n1\r\n--b--", "multipart/form-data; boundary=b"],
      ["json with charset", JSON.stringify({ title: "x", severity: "low" }), "application/json; charset=latin1"],
      ["json suffix", JSON.stringify({ title: "x", severity: "low" }), "application/merge-patch+json"],
      ["no content type", JSON.stringify({ title: "x", severity: "low" }), ""],
      ["bom", "\ufeff" + JSON.stringify({ title: "x", severity: "low" }), "application/json"],
      ["nan", '{"title":"x","severity":"low","metadata":{"a":NaN}}', "application/json"],
      ["big number", '{"connector":"inline","module":"revenue_leakage","data":{"transaction_id":"T","currency":"EUR","lines":[{"sku":"A","quantity":1e400,"unit_price":1,"list_price":1}]}}', "application/json"],
    ];
    for (const [name, raw, type] of bodies) {
      for (const path of ["/v1/alerts", "/v1/analyze", "/v1/reports"]) {
        const headers: Record<string, string> = type ? { "content-type": type } : {};
        const r = await signedFetch(s.url, "POST", path, undefined, { creds, raw, headers });
        await judge(r, `${name} on ${path}`);
      }
    }
    expect(violations.slice(0, 10)).toEqual([]);
  }, 120_000);
});

describe("malformed HTTP over a raw socket", () => {
  const auth = () => ({ Authorization: `Bearer ${creds.key}`, "X-Service-Signature": signHex(creds.secret, "") });
  const cases: [string, () => string][] = [
    ["garbage", () => "\x00\x01\x02 hello\r\n\r\n"],
    ["no version", () => "GET /v1/health\r\n\r\n"],
    ["HTTP/0.9", () => "GET /v1/health HTTP/0.9\r\n\r\n"],
    ["HTTP/2 preface", () => "PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n"],
    ["lowercase method", () => rawRequest("get", "/v1/health", { Host: "a", ...auth() })],
    ["unknown method", () => rawRequest("BREW", "/v1/health", { Host: "a", ...auth() })],
    ["absolute-form target", () => rawRequest("GET", "http://evil.example/v1/health", { Host: "a", ...auth() })],
    ["asterisk target", () => rawRequest("OPTIONS", "*", { Host: "a" })],
    ["no Host", () => rawRequest("GET", "/v1/health", auth())],
    ["two Hosts", () => rawRequest("GET", "/v1/health", { Host: "a", host: "b", ...auth() })],
    ["header without colon", () => "GET /v1/health HTTP/1.1\r\nHost: a\r\nBroken header\r\n\r\n"],
    ["space before colon", () => "GET /v1/health HTTP/1.1\r\nHost : a\r\n\r\n"],
    ["control character in header", () => "GET /v1/health HTTP/1.1\r\nHost: a\r\nX-A: b\x01c\r\n\r\n"],
    ["obs-fold", () => "GET /v1/health HTTP/1.1\r\nHost: a\r\nX-A: b\r\n c\r\n\r\n"],
    ["huge header", () => rawRequest("GET", "/v1/health", { Host: "a", "X-Big": "a".repeat(200_000) })],
    ["many headers", () => `GET /v1/health HTTP/1.1\r\nHost: a\r\n${Array.from({ length: 500 }, (_, i) => `X-${i}: ${i}`).join("\r\n")}\r\n\r\n`],
    ["huge target", () => rawRequest("GET", `/v1/health?${"a".repeat(100_000)}`, { Host: "a", ...auth() })],
    ["bare LF", () => "GET /v1/health HTTP/1.1\nHost: a\n\n"],
    ["negative Content-Length", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nContent-Length: -5\r\n\r\n"],
    ["two Content-Lengths", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello!"],
    ["Content-Length and chunked", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"],
    ["bad chunk size", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nhello\r\n0\r\n\r\n"],
    ["unknown transfer coding", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: gzip\r\n\r\n"],
    ["short body", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nContent-Length: 100\r\n\r\n{}"],
    ["huge Content-Length", () => "POST /v1/alerts HTTP/1.1\r\nHost: a\r\nContent-Length: 99999999999999999999\r\n\r\n{}"],
    ["percent-garbage path", () => rawRequest("GET", "/v1/%zz/%00/..%2f", { Host: "a", ...auth() })],
    ["dot segments", () => rawRequest("GET", "/v1/../v1/./health", { Host: "a", ...auth() })],
    ["utf-8 path", () => rawRequest("GET", "/v1/alerts/ä💥", { Host: "a", ...auth() })],
  ];

  test("Bun's parser or Assay answers each; Assay's answers are documented problems; the server lives on", async () => {
    const table: string[] = [];
    for (const [name, bytes] of cases) {
      const { text, closedBy } = await rawExchange(s.server.port, bytes(), { halfClose: false, timeoutMs: 3000 });
      const [r] = parseResponses(text);
      requests++;
      if (!r) {
        table.push(`${name}: no answer (${closedBy})`);
        continue;
      }
      const problem = r.headers["content-type"]?.startsWith("application/problem+json");
      let code = "";
      try {
        code = problem ? String((JSON.parse(r.body) as { code?: string }).code) : "";
      } catch {}
      // Assay puts a Request-Id on every answer; an answer without one is Bun's parser refusing
      // the bytes before any JavaScript runs (its 400, 431 and 505 have no problem body).
      const byAssay = r.headers["request-id"] !== undefined;
      table.push(`${name}: ${r.status} ${byAssay ? `assay${code ? ` ${code}` : ""}` : "bun parser"}`);
      if (byAssay && r.status >= 500) violations.push(`raw ${name} → ${r.status} ${r.body.slice(0, 100)}`);
      if (byAssay && r.status >= 400 && !problem) violations.push(`raw ${name} → ${r.status} without problem+json`);
      if (problem && !CODES.has(code)) violations.push(`raw ${name} → undocumented code ${code}`);
    }
    console.log(`fuzz: raw HTTP\n  ${table.join("\n  ")}`);
    expect(violations.slice(0, 10)).toEqual([]);
    const live = await fetch(`${s.url}/livez`);
    expect(live.status).toBe(200);
  }, 120_000);
});
