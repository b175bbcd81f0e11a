// A paged JSON source whose `next` link leads back to a page already read (a cursor that does not
// advance, two pages naming each other — a source's paging bug) is a loop, not more data.
// Thirteenth attack pass: the http connector followed such links up to its 100,000-page bound.
// A scan (POST /v1/analyze without data, default limit 1,000) read the same two invoices 500
// times and analysed each copy (duplicate-invoice findings against copies of themselves); a lookup
// without a `lookup` endpoint of an id the source does not hold walked 100,000 pages before its
// 404. The repeated link is now refused: 503 connector_unavailable saying the paging loops.
import { afterAll, beforeAll, expect, test } from "bun:test";
import type { Server } from "bun";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { firstCheck } from "../support/services.ts";
import { sourceInvoice } from "../support/http-source.ts";


let requests = 0;
const asked: string[] = [];
let source: Server<undefined>;
let server: TestServer;

beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      requests++;
      const url = new URL(req.url);
      asked.push(url.pathname + url.search);
      // A cursor that never advances: every page says the next one is cursor=0.
      if (url.pathname === "/api/stuck") return Response.json({ data: [sourceInvoice("INV-1"), sourceInvoice("INV-2")], next: "/api/stuck?cursor=0" });
      // Two pages that name each other.
      if (url.pathname === "/api/pingpong") {
        const onA = url.searchParams.get("page") !== "b";
        return Response.json({ data: [sourceInvoice(onA ? "INV-A" : "INV-B")], next: `/api/pingpong?page=${onA ? "b" : "a"}` });
      }
      // An honest source: three pages, then no next link.
      if (url.pathname === "/api/pages") {
        const n = Number(url.searchParams.get("page") ?? 1);
        return Response.json({ data: [sourceInvoice(`INV-P${n}`)], next: n < 3 ? `/api/pages?page=${n + 1}` : null });
      }
      return new Response("not found", { status: 404 });
    },
  });
  const base = `http://127.0.0.1:${source.port}/api`;
  const connector = (id: string, path: string) => `  - { id: ${id}, type: http, url: "${base}", transactions: ${path}, allow_hosts: [127.0.0.1], retries: 0, status: { interval_s: 3600 } }\n`;
  server = await startTestServer(`connectors:\n${connector("stuck", "/stuck")}${connector("pingpong", "/pingpong")}${connector("pages", "/pages")}`);
  for (const id of ["stuck", "pingpong", "pages"]) await firstCheck(server, id);
});

afterAll(async () => {
  await server?.stop();
  source?.stop(true);
});

async function answer(body: unknown): Promise<{ status: number; code?: string; detail?: string; analyzed?: number }> {
  const res = await server.call("POST", "/v1/analyze", body);
  const b = (await res.json()) as { code?: string; detail?: string; transactions_analyzed?: number };
  return { status: res.status, code: b.code, detail: b.detail, analyzed: b.transactions_analyzed };
}

for (const id of ["stuck", "pingpong"]) {
  test(`${id}: a scan meets the repeated page and stops, 503 connector_unavailable`, async () => {
    requests = 0;
    const a = await answer({ connector: id, module: "duplicate_detection" });
    expect(a).toMatchObject({ status: 503, code: "connector_unavailable" });
    expect(a.detail).toContain("loops");
    // At most three pages a read (the loop is seen on the second or third), two reads a scan.
    expect(requests).toBeLessThanOrEqual(6);
  });

  test(`${id}: a lookup without a lookup endpoint stops at the loop too`, async () => {
    requests = 0;
    const a = await answer({ connector: id, module: "duplicate_detection", data: { transaction_id: "NOT-THERE" } });
    expect(a).toMatchObject({ status: 503, code: "connector_unavailable" });
    expect(requests).toBeLessThanOrEqual(3);
  });
}

test("an honest source's pages are all read, each once", async () => {
  requests = 0;
  asked.length = 0;
  const a = await answer({ connector: "pages", module: "duplicate_detection" });
  expect(a).toMatchObject({ status: 200, analyzed: 3 });
  // The scan reads the collection for its history and for its transactions: each page once a read.
  expect(asked.filter((p) => p === "/api/pages?page=3")).toHaveLength(requests / 3);
});
