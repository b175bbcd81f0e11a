// The http connector end to end against a local JSON service (Bun.serve) that can be stopped,
// slowed, made to flood, redirect, fail or answer garbage; and the address rules (SSRF).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import type { Transaction } from "../../src/domain/transaction.ts";
import { invoiceLineRows } from "../../src/sampledata/flat.ts";
import { generateDataset } from "../../src/sampledata/generate.ts";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { collect, firstCheck, json, statusOf } from "../support/services.ts";

const data = generateDataset({ seed: 3, invoices: 120 });
const TOKEN = "tok-123-never-shown";
type Mode = "ok" | "slow" | "garbage" | "flood" | "flood-chunked" | "drip" | "redirect-away" | "redirect-home" | "fail-once";
let mode: Mode = "ok";
let requests = 0;
let source: Server<undefined>;
let port = 0;
let server: TestServer;

function serveSource() {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port,
    async fetch(req) {
      requests++;
      const url = new URL(req.url);
      if (req.headers.get("authorization") !== `Bearer ${TOKEN}`) return new Response("no", { status: 401 });
      if (mode === "slow") await Bun.sleep(1500);
      if (mode === "garbage") return new Response("<html><body>Service Unavailable</body></html>", { headers: { "content-type": "application/json" } });
      if (mode === "flood") return new Response("[" + '{"transaction_id":"X"},'.repeat(100_000) + "{}]");
      if (mode === "flood-chunked" || mode === "drip") {
        // No Content-Length: the cap (or the timeout) must stop the read itself.
        const drip = mode === "drip";
        let sent = 0;
        return new Response(
          new ReadableStream({
            async pull(controller) {
              if (drip) await Bun.sleep(100);
              controller.enqueue(new TextEncoder().encode(drip ? " " : "[" + '{"transaction_id":"X"},'.repeat(10_000)));
              if (++sent > 100_000) controller.close();
            },
          }),
          { headers: { "content-type": "application/json" } },
        );
      }
      if (mode === "redirect-away" && !url.searchParams.has("moved")) return Response.redirect("http://example.invalid/elsewhere", 302);
      if (mode === "redirect-home" && !url.searchParams.has("moved")) return Response.redirect(`${url.pathname}?moved=1&${url.searchParams}`, 302);
      if (mode === "fail-once") {
        mode = "ok";
        return new Response("oops", { status: 503 });
      }
      return route(url);
    },
  });
  port = source.port!;
}

function route(url: URL): Response {
  const path = url.pathname;
  if (path === "/api/transactions") {
    const start = Number(url.searchParams.get("cursor") ?? 0);
    const size = Number(url.searchParams.get("limit") ?? 50);
    const page = data.transactions.slice(start, start + size);
    const next = start + size < data.transactions.length ? `/api/transactions?cursor=${start + size}` : null;
    return Response.json({ data: page, next });
  }
  const one = /^\/api\/transactions\/(.+)$/.exec(path);
  if (one) {
    const t = data.transactions.find((x) => x.transaction_id === decodeURIComponent(one[1]!));
    return t ? Response.json(t) : new Response("not found", { status: 404 });
  }
  if (path === "/api/flat") return Response.json([...invoiceLineRows(data.transactions)]);
  const ref = /^\/api\/reference\/(contracts|price_list|shipments)$/.exec(path);
  if (ref) return Response.json(data.reference[ref[1] as "contracts"]);
  return new Response("not found", { status: 404 });
}

beforeAll(async () => {
  serveSource();
  const base = `http://127.0.0.1:${port}/api`;
  server = await startTestServer(
    `connectors:
  - id: svc
    type: http
    url: ${base}
    transactions: /transactions
    lookup: /transactions/{id}
    auth: { bearer: "\${SVC_TOKEN}" }
    reference: { contracts: /reference/contracts, price_list: /reference/price_list, shipments: /reference/shipments }
    allow_hosts: [127.0.0.1]
    timeout_ms: 400
    retries: 1
    backoff_ms: 20
    max_response_bytes: 500000
    status: { interval_s: 3600, unreachable_after: 2, recover_after: 2 }
  - id: flat
    type: http
    url: ${base}
    transactions: /flat
    auth: { bearer: "\${SVC_TOKEN}" }
    allow_hosts: [127.0.0.1]
  - id: wrongkey
    type: http
    url: ${base}
    transactions: /transactions
    auth: { basic: { username: u, password: "\${WRONG}" } }
    allow_hosts: [127.0.0.1]
    retries: 0
  - id: loopback
    type: http
    url: ${base}
    transactions: /transactions
    auth: { bearer: "\${SVC_TOKEN}" }
  - id: metadata
    type: http
    url: http://169.254.169.254/latest/meta-data
    transactions: /transactions
`,
    { env: { SVC_TOKEN: TOKEN, WRONG: "hunter2-secret" } },
  );
});

afterAll(async () => {
  await server?.stop();
  source?.stop(true);
});

/** Back to a healthy source and status (unreachable_after is 2 on svc). */
async function recover() {
  mode = "ok";
  await server.rt.connectors.probe("svc");
  await server.rt.connectors.probe("svc");
  expect((await statusOf(server, "svc")).status).toBe("healthy");
}

const analyzeById = (connector: string, id: string) => server.call("POST", "/v1/analyze", { connector, module: "compliance", data: { transaction_id: id } });

describe("http connector reads a JSON service", () => {
  test("nested transactions: lookups and a paged scan equal the generated data", async () => {
    await firstCheck(server, "svc");
    const svc = server.rt.connectors.get("svc")!;
    for (const t of data.transactions.filter((_, i) => i % 13 === 0)) expect(await svc.getTransaction(t.transaction_id)).toEqual(t);
    expect(await svc.getTransaction("INV-NOPE")).toBeNull();
    expect(await collect(svc.scan())).toEqual(data.transactions);
    expect(await collect(svc.scan({ limit: 3 }))).toEqual(data.transactions.slice(0, 3));
    expect((await analyzeById("svc", data.transactions[9]!.transaction_id)).status).toBe(200);
    expect((await analyzeById("svc", "INV-NOPE")).status).toBe(404);
  });

  test("flat invoice-line rows group into transactions; lookup without a lookup URL scans", async () => {
    const flat = server.rt.connectors.get("flat")!;
    expect(await collect(flat.scan())).toEqual(data.transactions);
    const t: Transaction = data.transactions[77]!;
    expect(await flat.getTransaction(t.transaction_id)).toEqual(t);
    expect(flat.capabilities).toEqual({ lookup: true, scan: true, reference: [] });
  });

  test("reference tables", async () => {
    expect(await server.rt.connectors.get("svc")!.reference()).toEqual(data.reference);
  });

  test("refused credentials: 503 naming no secret", async () => {
    const res = await analyzeById("wrongkey", "INV-000001");
    expect(res.status).toBe(503);
    const text = await res.text();
    expect(text).toContain("refused the credentials");
    expect(text).not.toContain("hunter2");
    expect(JSON.stringify(await statusOf(server, "wrongkey"))).not.toContain("hunter2");
  });
});

describe("http connector address rules", () => {
  test("loopback is refused unless allow_hosts lists it; metadata addresses are refused", async () => {
    const before = requests;
    const loop = await analyzeById("loopback", "INV-000001");
    expect(loop.status).toBe(503);
    expect((await json(loop)).detail).toContain("a loopback address, which is refused unless listed in allow_hosts");
    const meta = await analyzeById("metadata", "INV-000001");
    expect(meta.status).toBe(503);
    expect((await json(meta)).detail).toContain("a cloud metadata address");
    expect(requests).toBe(before);
  });

  test("a redirect to another origin is refused; a same-origin one is followed", async () => {
    const svc = server.rt.connectors.get("svc")!;
    mode = "redirect-away";
    await expect(svc.getTransaction("INV-000001")).rejects.toMatchObject({ code: "connector_unavailable", detail: expect.stringContaining("another origin") });
    mode = "redirect-home";
    expect(await svc.getTransaction("INV-000001")).toEqual(data.transactions.find((t) => t.transaction_id === "INV-000001")!);
    mode = "ok";
  });
});

describe("http connector under failure", () => {
  test("a 503 is retried with backoff", async () => {
    mode = "fail-once";
    const before = requests;
    expect(await server.rt.connectors.get("svc")!.getTransaction("INV-000002")).not.toBeNull();
    expect(requests - before).toBe(2);
  });

  test("garbage, floods (declared or chunked) and drips fail cleanly", async () => {
    mode = "garbage";
    const garbage = await analyzeById("svc", "INV-000001");
    expect(garbage.status).toBe(503);
    expect((await json(garbage)).detail).toContain("not JSON");
    mode = "flood";
    const flood = await analyzeById("svc", "INV-000001");
    expect(flood.status).toBe(503);
    expect((await json(flood)).detail).toContain("larger than max_response_bytes");
    await recover();
    mode = "flood-chunked";
    const rssBefore = process.memoryUsage.rss();
    const chunked = await analyzeById("svc", "INV-000001");
    expect(chunked.status).toBe(503);
    expect((await json(chunked)).detail).toContain("larger than max_response_bytes");
    expect(process.memoryUsage.rss() - rssBefore).toBeLessThan(100_000_000);
    await recover();
    mode = "drip";
    const drip = await analyzeById("svc", "INV-000001");
    expect(drip.status).toBe(504);
    mode = "ok";
    await server.rt.connectors.probe("svc");
    await server.rt.connectors.probe("svc");
    expect((await statusOf(server, "svc")).status).toBe("healthy");
  });

  test("slow past the timeout → 504 within the bounded deadline", async () => {
    mode = "slow";
    const started = performance.now();
    const pending = analyzeById("svc", "INV-000001");
    // Meanwhile the server answers at once (the fake source is slow for every connector on it).
    await Bun.sleep(50);
    const healthStarted = performance.now();
    expect((await server.call("GET", "/v1/health")).status).toBe(200);
    expect((await server.call("GET", "/v1/connectors")).status).toBe(200);
    expect(performance.now() - healthStarted).toBeLessThan(300);
    const res = await pending;
    expect(res.status).toBe(504);
    expect((await json(res)).code).toBe("connector_timeout");
    expect(performance.now() - started).toBeLessThan(1400);
    mode = "ok";
  });

  test("stopped → degraded → unreachable (fail fast) → restarted → recovering → healthy", async () => {
    const rt = server.rt;
    await rt.connectors.probe("svc");
    source.stop(true);
    expect((await rt.connectors.probe("svc"))!.status).not.toBe("healthy");
    expect((await rt.connectors.probe("svc"))!).toMatchObject({ status: "unreachable" });
    const started = performance.now();
    const res = await analyzeById("svc", "INV-000001");
    expect(res.status).toBe(503);
    expect(performance.now() - started).toBeLessThan(150);
    serveSource();
    expect((await rt.connectors.probe("svc"))!).toMatchObject({ status: "degraded", consecutive_failures: 0 });
    expect((await rt.connectors.probe("svc"))!).toMatchObject({ status: "healthy" });
    expect((await analyzeById("svc", "INV-000001")).status).toBe(200);
  });
});
