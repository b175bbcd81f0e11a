// More than ~1,000 busy keep-alive connections. Bun runs no setImmediate or timer while its poll
// keeps returning a full buffer of ready sockets, so whatever waited for the turn's end waited for
// the load to stop: with 3,000 wrk connections posting analyses on the built binary every answer
// was held ~13 s (the group commit's transaction is deferred to the turn's end), and the pipelining
// guard, whose turn never ended, refused connections that never pipeline (126–791 of 429
// pipelined_requests in 5 s runs). The load here comes from another process (busy-client.ts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { signHex } from "../../src/auth/signature.ts";
import { rawRequest } from "../support/raw-http.ts";
import { type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline }\n");
});
afterAll(() => s.stop());

const CONNECTIONS = 2_000;

test("under 2,000 busy connections an analysis is answered (its write committed) while they go on, and none of them is refused", async () => {
  const body = JSON.stringify({
    connector: "inline",
    module: "revenue_leakage",
    data: { transaction_id: "BUSY-1", type: "invoice", date: "2026-03-04", customer_id: "C-1", currency: "USD", amount: 100, lines: [{ sku: "A", quantity: 1, unit_price: 100, amount: 100 }] },
  });
  const analyze = rawRequest("POST", "/v1/analyze", {
    Host: "127.0.0.1",
    Authorization: `Bearer ${s.creds.key}`,
    "X-Service-Signature": signHex(s.creds.secret, body),
    "Content-Type": "application/json",
    Connection: "close",
  }, body);
  const port = new URL(s.url).port;
  const client = Bun.spawn([process.execPath, `${import.meta.dir}/../support/busy-client.ts`, port, String(CONNECTIONS), "6"], {
    stdout: "pipe",
    stderr: "inherit",
    env: { ...process.env, PROBE_REQUEST: analyze },
  });
  const summary = JSON.parse(await new Response(client.stdout).text()) as { by_status: Record<string, number>; stopped_at: number; probe: { status: number; answered_at: number } };
  expect(summary.probe.status).toBe(200);
  // Answered while the load went on, not once it had stopped.
  expect(summary.probe.answered_at).toBeLessThan(summary.stopped_at);
  expect(Object.keys(summary.by_status)).toEqual(["200"]);
}, 60_000);
