// A CSV record (one row, or one quoted field spanning lines) longer than 16 MiB makes the file
// unreadable with a message that says so, instead of being read into memory whole. A stray quote
// near the top of a large export (an unclosed `"`) made the reader hold the rest of the file as
// one field — growing its buffer to the file's size and re-parsing it from the start on every
// chunk — and then analyse one transaction where there were thousands. Found by the fourth
// attack pass.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { openSync, writeSync, closeSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { makeTempDir } from "../support/harness.ts";
import { startServer, type Server } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  const dir = makeTempDir();
  mkdirSync(dir, { recursive: true });
  const fd = openSync(join(dir, "lines.csv"), "w");
  writeSync(fd, "transaction_id,customer_id,currency,sku,quantity,unit_price\n");
  writeSync(fd, 'INV-Q,"C1,USD,S1,1,1\n'); // the stray quote
  const block: string[] = [];
  for (let i = 0; i < 10_000; i++) block.push(`INV-${i},C${i % 97},USD,S${i % 50},${1 + (i % 5)},${80 + (i % 30)}`);
  const chunk = block.join("\n") + "\n";
  for (let written = 0; written < 20 * 1024 * 1024; written += chunk.length) writeSync(fd, chunk);
  closeSync(fd);
  // A reference table with the same flaw, beside a transactions file that is fine.
  const small = openSync(join(dir, "small.csv"), "w");
  writeSync(small, "transaction_id,customer_id,currency,sku,quantity,unit_price\nINV-1,C1,USD,S1,1,80\n");
  closeSync(small);
  const prices = openSync(join(dir, "prices.csv"), "w");
  writeSync(prices, 'sku,list_price,currency\nS1,"100,USD\n');
  const line = "S2,100,USD\n".repeat(100_000);
  for (let written = 0; written < 20 * 1024 * 1024; written += line.length) writeSync(prices, line);
  closeSync(prices);
  s = await startServer(
    "connectors:\n  - { id: big, type: csv, transactions: ./lines.csv }\n  - { id: priced, type: csv, transactions: ./small.csv, reference: { price_list: ./prices.csv } }\n",
    { dir },
  );
});
afterAll(() => s.stop());

test("a record over 16 MiB is refused as connector_unavailable naming the cause", async () => {
  const res = await s.call("POST", "/v1/analyze", { connector: "big", module: "compliance", options: { limit: 10 } });
  const body = (await res.json()) as { code: string; detail: string };
  expect(res.status).toBe(503);
  expect(body.code).toBe("connector_unavailable");
  expect(body.detail).toContain("longer than 16 MiB");
  expect(body.detail).toContain("unclosed quote");
}, 60_000);

test("the same in a reference table", async () => {
  const res = await s.call("POST", "/v1/analyze", { connector: "priced", module: "revenue_leakage", data: { transaction_id: "INV-1" } });
  const body = (await res.json()) as { code: string; detail: string };
  expect({ status: res.status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
  expect(body.detail).toContain("longer than 16 MiB");
}, 60_000);
