// An empty date is no date: a line's `date: ""` was 422 at its pointer, while the transaction's
// `date: ""` (and `entered_at: ""`) was taken as absent and the transaction analysed undated
// (seventeenth attack pass's leftovers). Both are now the same 422 `validation_failed` at the
// field's pointer; a date left out, or null, is still no date and accepted.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline, name: Inline }\n");
});
afterAll(() => s.stop());

const analyze = (data: Record<string, unknown>) =>
  s.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "T-EMPTY", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 1 }], ...data } });

test.each([
  ["the transaction's date", { date: "" }, "/data/date"],
  ["the transaction's entered_at", { entered_at: "" }, "/data/entered_at"],
  ["a line's date", { lines: [{ sku: "A", quantity: 1, unit_price: 1, date: "" }] }, "/data/lines/0/date"],
])("an empty %s is 422 validation_failed at its pointer", async (_, data, path) => {
  const r = await analyze(data);
  expect(r.status).toBe(422);
  expect(r.headers.get("content-type")).toContain("application/problem+json");
  const body = await json(r);
  expect(body.code).toBe("validation_failed");
  expect((body.errors as { path: string; message: string }[]).map((e) => e.path)).toEqual([path]);
  expect((body.errors as { message: string }[])[0]!.message).toContain("ISO 8601");
});

test.each([{}, { date: null }, { date: "2026-03-01" }])("a date left out, null or given is accepted (%p)", async (data) => {
  expect((await analyze(data)).status).toBe(200);
});
