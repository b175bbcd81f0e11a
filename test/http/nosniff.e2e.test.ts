// Every answer says `X-Content-Type-Options: nosniff`, not only the dashboard's and the docs': the
// API's JSON and problem bodies echo what clients sent (an alert's title, an unknown error code in
// /problems/<code>, a path in a 404's detail) on the dashboard's origin, and a browser that
// sniffed one as HTML would run it there. The fast path's answers, Elysia's, problems from either,
// idempotent replays, /livez and /docs/json were all without it (fifth attack pass).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer();
});
afterAll(() => s.stop());

test("signed answers, problems, replays and the unsigned routes carry nosniff, once", async () => {
  const body = { title: "<script>alert(1)</script>", severity: "low" };
  const answers: Record<string, Response> = {
    "fast path: GET /v1/health": await s.call("GET", "/v1/health"),
    "Elysia route: GET /v1/alerts": await s.call("GET", "/v1/alerts?limit=1"),
    "201: POST /v1/alerts": await s.call("POST", "/v1/alerts", body, { headers: { "idempotency-key": "nosniff-1" } }),
    "replay: POST /v1/alerts": await s.call("POST", "/v1/alerts", body, { headers: { "idempotency-key": "nosniff-1" } }),
    "401 problem": await fetch(`${s.url}/v1/alerts`),
    "422 problem": await s.call("POST", "/v1/alerts", { title: "t" }),
    "404 problem: unknown route": await s.call("GET", "/v1/<script>"),
    "404 problem: /problems/<code>": await fetch(`${s.url}/problems/%3Cscript%3E`),
    "/livez": await fetch(`${s.url}/livez`),
    "/docs/json": await fetch(`${s.url}/docs/json`),
  };
  expect(answers["replay: POST /v1/alerts"]!.headers.get("idempotent-replayed")).toBe("true");
  const seen = Object.fromEntries(Object.entries(answers).map(([name, r]) => [name, r.headers.get("x-content-type-options")]));
  expect(seen).toEqual(Object.fromEntries(Object.keys(answers).map((name) => [name, "nosniff"])));
});
