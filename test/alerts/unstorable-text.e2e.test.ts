// Text PostgreSQL cannot hold — U+0000 and a lone surrogate — sent in a risky analysis (its
// transaction id, a SKU, so the alert's title too), a manual alert, or a path or query
// parameter: answered as any other text, never a 5xx (on PostgreSQL each of these was a 500). On PostgreSQL each is stored with U+FFFD in its place (pool.ts `storable`); SQLite
// keeps U+0000. Runs on both drivers (make test runs test/alerts again with ASSAY_TEST_STORAGE=postgres).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { testStorageDriver } from "../support/postgres.ts";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }");
});
afterAll(() => s.stop());

const postgres = testStorageDriver() === "postgres";
/** A risky invoice: a line billed below its list price without an approved discount, tax that does not add up. */
const invoice = (transactionId: string, sku: string) => ({
  connector: "inline",
  module: "revenue_leakage",
  data: {
    transaction_id: transactionId, type: "invoice", date: "2026-03-04", customer_id: "C-1", currency: "USD", amount: 1700, tax_amount: 340, tax_rate: 0.2,
    lines: [
      { sku, quantity: 10, unit_price: 80, list_price: 100, discount_pct: 20, amount: 800 },
      { sku: "SKU-2", quantity: 5, unit_price: 180, list_price: 180, discount_pct: 0, amount: 900 },
    ],
  },
});

test.each([
  ["U+0000", "\u0000", postgres ? "\uFFFD" : "\u0000"],
  ["a lone surrogate", "\ud800", "\uFFFD"],
])("%s in a risky analysis opens its alert and records it; a re-analysis finds the same alert", async (_name, odd, stored) => {
  const tx = `INV-${odd}-${crypto.randomUUID()}`;
  const first = await s.call("POST", "/v1/analyze", invoice(tx, `SKU${odd}1`));
  expect(first.status).toBe(200);
  const analysis = await json(first);
  expect(analysis.alert_id).toMatch(/^alrt_/);
  const again = await json(await s.call("POST", "/v1/analyze", invoice(tx, `SKU${odd}1`)));
  expect(again.alert_id).toBe(analysis.alert_id);
  const alert = await json(await s.call("GET", `/v1/alerts/${analysis.alert_id}`));
  expect(alert.transaction_id).toBe(tx.replace(odd, stored));
  expect(alert.title).toContain(tx.replace(odd, stored));
});

test("U+0000 and a lone surrogate in a manual alert's title, description and metadata are stored", async () => {
  const res = await s.call("POST", "/v1/alerts", { title: "a\u0000b\ud800c", severity: "low", description: "d\u0000", metadata: { note: "m\u0000\ud800" } });
  expect(res.status).toBe(201);
  const alert = await json(await s.call("GET", `/v1/alerts/${(await json(res)).id}`));
  expect(alert.title).toBe(postgres ? "a\uFFFDb\uFFFDc" : "a\u0000b\uFFFDc");
  expect(alert.description).toBe(postgres ? "d\uFFFD" : "d\u0000");
  expect(alert.metadata.note).toBe("m\u0000\ud800"); // inside JSON text, escaped: kept as sent by both
});

test("U+0000 in a path or query parameter is looked up as any other text: not found or an empty page, never a 5xx", async () => {
  const answers: Record<string, number> = {};
  for (const path of ["/v1/alerts?connector=%00", "/v1/alerts/alrt_%00", "/v1/reports/rpt_%00", "/v1/alerts/alrt_%00/history"]) {
    answers[path] = (await s.call("GET", path)).status;
  }
  expect(answers).toEqual({ "/v1/alerts?connector=%00": 200, "/v1/alerts/alrt_%00": 404, "/v1/reports/rpt_%00": 404, "/v1/alerts/alrt_%00/history": 404 });
});
