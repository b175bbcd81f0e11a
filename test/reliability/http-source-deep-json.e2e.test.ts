// An http connector's source that answers deeply nested JSON (a broken export, a hostile or
// compromised service): a few hundred kilobytes within max_response_bytes. Parsing it is quick,
// but mapping it was not — each record that is not an object, and each nested field value, went
// through JSON.stringify, which on a 200,000-deep array runs 1.8 s into the stack's end before
// it throws. In a chaos run one such page blocked the thread that answers every request for
// 4.7 s (health included). The source's JSON is now held to the depth a client's is (64 levels)
// and refused unparsed.
import { afterAll, beforeAll, expect, test } from "bun:test";
import { startServer, type Server } from "../support/server.ts";

const deep = (n: number) => "[".repeat(n) + "]".repeat(n);
/** Pages of ~1.2 MB: three records that are deep arrays, or records whose field is one. */
const PAGES: Record<string, string> = {
  "/records": `[${[deep(200_000), deep(200_000), deep(200_000)].join(",")}]`,
  "/fields": `{"data":[${[1, 2, 3].map((i) => `{"transaction_id":"T${i}","customer_id":"C1","currency":"USD","note":${deep(200_000)}}`).join(",")}]}`,
  "/fine": `{"data":[{"transaction_id":"T1","customer_id":"C1","currency":"USD","meta":{"a":{"b":[[1]]}},"lines":[{"sku":"A","quantity":1,"unit_price":5}]}]}`,
};

let source: ReturnType<typeof Bun.serve>;
let s: Server;

beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    fetch(req) {
      const url = new URL(req.url);
      // The monitor's probe (?limit=1) is answered well, so the connector is served.
      const body = url.searchParams.get("limit") === "1" ? PAGES["/fine"]! : (PAGES[url.pathname] ?? "[]");
      return new Response(body, { headers: { "content-type": "application/json" } });
    },
  });
  const entry = (id: string, path: string) =>
    `  - { id: ${id}, type: http, url: "http://127.0.0.1:${source.port}", transactions: ${path}, allow_hosts: [127.0.0.1], retries: 0, status: { unreachable_after: 100 } }\n`;
  s = await startServer(`connectors:\n${entry("records", "/records")}${entry("fields", "/fields")}${entry("fine", "/fine")}`);
});
afterAll(async () => {
  await s?.stop();
  source?.stop(true);
});

for (const id of ["records", "fields"]) {
  test(`deep JSON in a page (${id}): refused at once, and the server keeps answering others`, async () => {
    const started = performance.now();
    const scan = s.call("POST", "/v1/analyze", { connector: id, module: "compliance", options: { limit: 10 } });
    // Another client meanwhile: its answer must not wait behind the hostile page.
    await Bun.sleep(5);
    const health = s.call("GET", "/v1/health").then(() => performance.now() - started);
    const res = await scan;
    const elapsed = performance.now() - started;
    const body = (await res.json()) as { code: string; detail: string };
    expect({ status: res.status, code: body.code }).toEqual({ status: 503, code: "connector_unavailable" });
    expect(body.detail).toContain("nested deeper than 64 levels");
    expect(elapsed).toBeLessThan(1000);
    expect(await health).toBeLessThan(1000);
  }, 30_000);
}

test("nesting well within the limit is read as before", async () => {
  const res = await s.call("POST", "/v1/analyze", { connector: "fine", module: "compliance", options: { limit: 10 } });
  expect(res.status).toBe(200);
  expect(((await res.json()) as { transactions_analyzed: number }).transactions_analyzed).toBe(1);
});
