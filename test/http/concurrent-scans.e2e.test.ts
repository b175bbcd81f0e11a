// rate_limit.concurrent_scans_per_account: an account's scans past the limit are refused at once
// with 429 rate_limited (violated_policies: concurrent_scans, Retry-After), other accounts' scans
// and lookups go on, and a finished scan frees its place. The source is an HTTP service that
// holds every list request until the test lets it answer, so the scans are really under way.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import type { Server } from "bun";
import { startTestServer, type TestServer } from "../support/harness.ts";
import { until } from "../support/wait.ts";

let source: Server<undefined>;
let srv: TestServer;
let listRequests = 0;
let release: () => void = () => {};
let held = new Promise<void>((r) => (release = r));

beforeAll(async () => {
  source = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(req) {
      const url = new URL(req.url);
      const txn = { transaction_id: "T-1", currency: "EUR", customer_id: "C1", date: "2026-03-03", amount: 10, lines: [] };
      // The lookups and the connector's health probe (one row) are answered at once.
      if (url.pathname.startsWith("/tx/")) return Response.json(txn);
      if (url.searchParams.get("limit") === "1") return Response.json([txn]);
      listRequests++;
      await held;
      return Response.json([txn]);
    },
  });
  srv = await startTestServer(
    // compliance without self_approval's standing practice reads no history: each scan's one list request is the scan's own.
    `rate_limit: { concurrent_scans_per_account: 2 }\nmodules: { compliance: { self_approval: { standing_months: 0, covering_kinds: 0 } } }\nconnectors:\n  - { id: held, type: http, url: "http://127.0.0.1:${source.port}/", transactions: /list, lookup: "/tx/{id}", allow_hosts: ["127.0.0.1"], timeout_ms: 20000, retries: 0, status: { interval_s: 3600 } }\n`,
  );
});
afterAll(async () => {
  release();
  await srv.stop();
  source.stop(true);
});

const scan = (creds = srv.creds) => srv.call("POST", "/v1/analyze", { connector: "held", module: "compliance" }, { creds });

describe("concurrent scans per account", () => {
  test("the third scan of an account is refused while two run; others go on; a finished scan frees its place", async () => {
    const first = scan();
    const second = scan();
    await until("two scans at the source", () => listRequests === 2);

    const refused = await scan();
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toBe("1");
    const problem = (await refused.json()) as { code: string; violated_policies: string[]; detail: string };
    expect(problem.code).toBe("rate_limited");
    expect(problem.violated_policies).toEqual(["concurrent_scans"]);
    expect(problem.detail).toContain("rate_limit.concurrent_scans_per_account");

    // A lookup of the same account is no scan; another account's scan has places of its own.
    expect((await srv.call("POST", "/v1/analyze", { connector: "held", module: "compliance", data: { transaction_id: "T-1" } })).status).toBe(200);
    const other = await srv.newAccount();
    const otherScan = scan(other);
    await until("the other account's scan at the source", () => listRequests === 3);

    release();
    expect((await first).status).toBe(200);
    expect((await second).status).toBe(200);
    expect((await otherScan).status).toBe(200);
    held = Promise.resolve();
    expect((await scan()).status).toBe(200);
  }, 30_000);
});
