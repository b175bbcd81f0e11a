// analysis_id on POST /v1/alerts must name one of the caller's own analyses: another account's
// id (or an unknown one) is refused the same way, so nothing leaks about other accounts.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }");
});
afterAll(() => s.stop());

const analysis = { connector: "inline", module: "revenue_leakage", data: { transaction_id: "INV-LINK", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 100, list_price: 100 }] } };

test("an own analysis id is accepted; another account's and an unknown one are refused alike", async () => {
  const other = await s.account();
  const mine = await json(await s.call("POST", "/v1/analyze", analysis));
  const theirs = await json(await s.call("POST", "/v1/analyze", analysis, { creds: other }));
  const ok = await s.call("POST", "/v1/alerts", { title: "linked", severity: "low", analysis_id: mine.id });
  expect(ok.status).toBe(201);
  expect((await json(ok)).analysis_id).toBe(mine.id);
  const foreign = await s.call("POST", "/v1/alerts", { title: "linked", severity: "low", analysis_id: theirs.id });
  const unknown = await s.call("POST", "/v1/alerts", { title: "linked", severity: "low", analysis_id: "anl_01JZZZZZZZZZZZZZZZZZZZZZZZ" });
  const a = await json(foreign);
  const b = await json(unknown);
  expect(foreign.status).toBe(422);
  expect(unknown.status).toBe(422);
  expect(a.code).toBe("validation_failed");
  expect(a.errors).toEqual([{ path: "/analysis_id", message: expect.any(String) }]);
  expect({ ...a, request_id: null }).toEqual({ ...b, request_id: null });
});
