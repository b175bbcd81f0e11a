// A code with modifiers ("97110-59") that no reference row names is priced by its base code
// (docs/analysis.md). A CSV source maps `sku: [code, modifier]` and the product keeps the base; an
// API caller or an SQL view that joins the columns itself names the base as `base_sku`. The
// product does not split a joined sku on its own: "AB-100" is an article of its own, not a
// variant of "AB", and is priced as written. Over real HTTP.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { anomalyCodes, json, type Server, startServer } from "../support/server.ts";

const dir = makeTempDir("assay-base-code-");
let s: Server;

beforeAll(async () => {
  writeFileSync(join(dir, "chargemaster.csv"), ["sku,list_price,currency", "97110,60.00,USD", "73721,640.00,USD", "73721-26,98.00,USD", "AB,50.00,USD", ""].join("\n"));
  const db = new Database(join(dir, "claims.db"));
  db.run("CREATE TABLE claim_lines (claim_id TEXT, payer TEXT, cpt TEXT, modifier TEXT, units REAL, charge REAL)");
  for (const row of [
    ["CLM-1", "MCR", "97110", "59", 2, 120],
    ["CLM-2", "MCR", "97110", "59", 2, 100],
    ["CLM-3", "MCR", "73721", "", 1, 640],
  ]) db.run("INSERT INTO claim_lines VALUES (?, ?, ?, ?, ?, ?)", row);
  db.run("CREATE TABLE chargemaster (sku TEXT, list_price REAL, currency TEXT)");
  for (const row of [["97110", 60, "USD"], ["73721", 640, "USD"], ["73721-26", 98, "USD"]]) db.run("INSERT INTO chargemaster VALUES (?, ?, ?)", row);
  db.close();
  s = await startServer(
    `connectors:
  - id: inline
    type: inline
    reference: { price_list: ./chargemaster.csv }
  - id: claims
    type: sqlite
    path: ./claims.db
    transactions: "SELECT claim_id, payer, cpt || COALESCE('-' || NULLIF(modifier, ''), '') AS code, cpt, units, charge, 'USD' AS currency FROM claim_lines"
    reference: { price_list: chargemaster }
    mapping: { transaction_id: claim_id, customer_id: payer, sku: code, base_sku: cpt, quantity: units, line_amount: charge }
modules:
  revenue_leakage: { max_discount_pct: 0 }
`,
    { dir },
  );
});
afterAll(async () => {
  await s.stop();
  rmSync(dir, { recursive: true, force: true });
});

const inline = (line: Record<string, unknown>) =>
  s.call("POST", "/v1/analyze", {
    connector: "inline",
    module: "revenue_leakage",
    data: { transaction_id: "CLM-9", date: "2025-06-11", customer_id: "MCR", currency: "USD", amount: 100, lines: [{ quantity: 2, amount: 100, ...line }] },
  });

test("an inline line naming its base code is priced by it where no row names its sku", async () => {
  expect(await anomalyCodes(await inline({ sku: "97110-59", base_sku: "97110" }))).toEqual(["price_below_list"]);
  // Without its base: a code no row prices, not judged against a list price.
  expect(await anomalyCodes(await inline({ sku: "97110-59" }))).toEqual([]);
  // No split of a hyphenated article: AB-100 is not AB.
  expect(await anomalyCodes(await inline({ sku: "AB-100" }))).toEqual([]);
  // A row naming the sku itself prices it, whatever its base: 2 × 98 is no cut.
  expect(await anomalyCodes(await inline({ sku: "73721-26", base_sku: "73721", quantity: 2, amount: 196 }))).toEqual([]);
});

test("a base code that is no string of at most 256 characters is refused with 422", async () => {
  for (const bad of [97110, "9".repeat(257)]) {
    const res = await inline({ sku: "97110-59", base_sku: bad });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.code).toBe("validation_failed");
    expect(JSON.stringify(body)).toContain("/lines/0/base_sku");
  }
});

test("an SQL view joining the code and its modifier maps the code alone as base_sku", async () => {
  const by = (id: string) => s.call("POST", "/v1/analyze", { connector: "claims", module: "revenue_leakage", data: { transaction_id: id } });
  expect(await anomalyCodes(await by("CLM-1"))).toEqual([]);
  expect(await anomalyCodes(await by("CLM-2"))).toEqual(["price_below_list"]);
  expect(await anomalyCodes(await by("CLM-3"))).toEqual([]);
});
