// A POST answers with the same Content-Type whether or not it carries an Idempotency-Key, and its
// replay with the same again. Before (twelfth attack pass), a keyed request's answer — first and
// replayed — was `application/json`, an unkeyed one `application/json;charset=utf-8` (Elysia's
// type for an object), so a client comparing headers, or a cache keyed on them, saw two kinds of
// answer from one route.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

const bodies: Record<string, unknown> = {
  "/v1/alerts": { title: "content type", severity: "low" },
  "/v1/reports": { type: "alerts" },
  "/v1/analyze": { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-CT", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 10 }] } },
};

test.each(Object.keys(bodies))("POST %s: one Content-Type with and without Idempotency-Key, and on the replay", async (path) => {
  const plain = await s.call("POST", path, bodies[path]);
  const keyed = await s.call("POST", path, bodies[path], { headers: { "idempotency-key": `ct-${path}` } });
  const replay = await s.call("POST", path, bodies[path], { headers: { "idempotency-key": `ct-${path}` } });
  expect(replay.headers.get("idempotent-replayed")).toBe("true");
  expect(plain.status).toBeLessThan(300);
  expect(plain.headers.get("content-type")).toBe("application/json;charset=utf-8");
  expect(keyed.headers.get("content-type")).toBe(plain.headers.get("content-type")!);
  expect(replay.headers.get("content-type")).toBe(plain.headers.get("content-type")!);
});
