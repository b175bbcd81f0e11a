// A page whose records each name fields of their own (a hostile or broken source: `{"k1":1}`,
// `{"k2":1}`, …) was mapped as one table of every record by every field any record names —
// records × fields cells, on the thread that answers every request. Sixteenth attack pass, on
// the built binary: a 180 KB page of 5,000 such records held /livez 8.5 s, a 740 KB page of 20,000
// held it over 60 s, grew the server to 6.5 GB and answered 504 after four minutes. Such a page
// (more cells than 1,000,000 and than 8 × the values its records carry) is now refused unmapped,
// 503 connector_unavailable naming the counts; pages whose records share their fields, some
// optional, are mapped as before.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server } from "bun";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { firstCheck } from "../support/services.ts";
import { sourceInvoice } from "../support/http-source.ts";

const invoice = (i: number, extra: Record<string, unknown> = {}) => sourceInvoice(`INV-${i}`, extra);

let source: Server<undefined>;
let server: TestServer;

beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      // Every record with a field no other record has.
      if (url.pathname === "/api/sparse/tx") return Response.json(Array.from({ length: 3000 }, (_, i) => invoice(i, { [`field_${i}`]: 1 })));
      // An honest source: optional fields on some records, 40 of them on every other one.
      if (url.pathname === "/api/honest/tx") {
        const optional = Object.fromEntries(Array.from({ length: 40 }, (_, k) => [`opt_${k}`, k]));
        return Response.json(Array.from({ length: 3000 }, (_, i) => invoice(i, i % 2 ? optional : { po_number: `PO${i}` })));
      }
      // Flat invoice-line rows, the lines of one invoice not adjacent.
      if (url.pathname === "/api/interleaved/tx") {
        const row = (id: string, sku: string) => ({ transaction_id: id, type: "invoice", date: "2026-01-05", customer_id: "C1", currency: "EUR", sku, quantity: 1, unit_price: 10, list_price: 10, line_amount: 10 });
        return Response.json([row("INV-1", "A"), row("INV-2", "A"), row("INV-1", "B"), row("INV-3", "A"), row("INV-2", "B")]);
      }
      if (url.pathname.endsWith("/prices")) return Response.json(Array.from({ length: 3000 }, (_, i) => ({ sku: `S${i}`, currency: "EUR", list_price: 1, [`col_${i}`]: 1 })));
      return Response.json([]);
    },
  });
  const connector = (id: string, path: string, reference = "") =>
    `  - { id: ${id}, type: http, url: "http://127.0.0.1:${source.port}/api/${path}", transactions: /tx, ${reference}allow_hosts: [127.0.0.1], retries: 0, status: { interval_s: 3600 } }\n`;
  server = await startTestServer(`connectors:\n${connector("sparse", "sparse")}${connector("honest", "honest")}${connector("sparseref", "honest", "reference: { price_list: /prices }, ")}${connector("interleaved", "interleaved")}`);
  for (const id of ["sparse", "honest", "sparseref", "interleaved"]) await firstCheck(server, id);
});

afterAll(async () => {
  await server?.stop();
  source?.stop(true);
});

async function scan(connector: string) {
  const res = await server.call("POST", "/v1/analyze", { connector, module: "duplicate_detection" });
  return { status: res.status, body: (await res.json()) as { code?: string; detail?: string; transactions_analyzed?: number } };
}

test("a page of records that share no fields is refused unmapped, naming the counts", async () => {
  const { status, body } = await scan("sparse");
  expect(status).toBe(503);
  expect(body.code).toBe("connector_unavailable");
  expect(body.detail).toMatch(/page.s 3000 records name 30[0-9]{2} different fields/);
});

test("a page whose records share their fields, some optional, is mapped as before", async () => {
  const { status, body } = await scan("honest");
  expect(status).toBe(200);
  expect(body.transactions_analyzed).toBe(1000);
});

test("a reference table of records that share no fields is refused the same way", async () => {
  const res = await server.call("POST", "/v1/analyze", { connector: "sparseref", module: "revenue_leakage", data: { transaction_id: "INV-1" } });
  const body = (await res.json()) as { code?: string; detail?: string };
  expect(res.status).toBe(503);
  expect(body.detail).toContain("reference table price_list's 3000 records name 3003 different fields");
});

test("rows of one transaction apart on the page are one transaction, in order of first appearance", async () => {
  const { status, body } = await scan("interleaved");
  expect(status).toBe(200);
  expect(body.transactions_analyzed).toBe(3);
});
