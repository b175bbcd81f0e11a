// What operators and integrators see: the access log, the OpenAPI document, health under a
// storage failure.
import { describe, expect, test } from "bun:test";
import { memoryLogger } from "../../src/log.ts";
import { startTestServer } from "../support/harness.ts";

describe("access log", () => {
  test("one JSON line per request with method, path, status, duration, request id and account; no secrets", async () => {
    const log = memoryLogger();
    const s = await startTestServer("server: { port: 0, access_log: true }", { log });
    try {
      const ok = await s.call("GET", "/v1/health?verbose=1");
      const bad = await s.call("GET", "/v1/health", undefined, { signature: "00".repeat(32) });
      const requests = log.lines.filter((l) => l.msg === "request");
      expect(requests.length).toBe(2);
      expect(requests[0]).toMatchObject({
        method: "GET",
        path: "/v1/health",
        status: 200,
        request_id: ok.headers.get("request-id"),
        account: s.creds.accountId,
        key: s.creds.keyId,
      });
      expect(typeof requests[0]!.duration_ms).toBe("number");
      expect(requests[1]).toMatchObject({ status: 401, request_id: bad.headers.get("request-id") });
      const all = JSON.stringify(log.lines);
      expect(all).not.toContain(s.creds.key);
      expect(all).not.toContain(s.creds.secret);
      expect(all).not.toContain("verbose");
    } finally {
      await s.stop();
    }
  });
});

describe("OpenAPI document", () => {
  test("is OpenAPI 3.1 and lists every route of the app", async () => {
    const s = await startTestServer();
    try {
      const doc = (await (await fetch(`${s.url}/docs/json`)).json()) as { openapi: string; paths: Record<string, Record<string, unknown>> };
      expect(doc.openapi.startsWith("3.1")).toBe(true);
      const { createApp } = await import("../../src/app.ts");
      const routes = createApp(s.rt).routes.filter((r) => !/^\/(docs|problems|metrics)(\/|$)/.test(r.path));
      expect(routes.length).toBeGreaterThan(10);
      for (const r of routes) {
        const path = r.path.replace(/:(\w+)/g, "{$1}");
        const operation = doc.paths[path]?.[r.method.toLowerCase()] as { requestBody?: { content: Record<string, { schema?: unknown }> } } | undefined;
        expect(operation, `${r.method} ${r.path}`).toBeDefined();
        if (r.method === "POST" || r.method === "PATCH") {
          expect(operation!.requestBody?.content["application/json"]?.schema, `${r.method} ${r.path} body schema`).toBeDefined();
        }
      }
    } finally {
      await s.stop();
    }
  });
});

describe("storage failure", () => {
  test("health answers 503 with storage unavailable; requests needing storage get 503, never 500", async () => {
    const s = await startTestServer();
    try {
      expect((await s.call("GET", "/v1/health")).status).toBe(200);
      s.rt.store.close();
      await Bun.sleep(1100); // past the cached storage check and the cached key
      const health = await s.call("GET", "/v1/health");
      expect(health.status).toBe(503);
      const body = (await health.json()) as { code: string };
      expect(body.code).toBe("storage_unavailable");
    } finally {
      await s.server.stop().catch(() => {});
    }
  });
});
