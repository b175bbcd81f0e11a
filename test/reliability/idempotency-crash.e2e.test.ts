// A process killed (SIGKILL) between claiming an Idempotency-Key and storing its response must
// not leave the key "in progress" for the whole retention: on restart the claim is resolved —
// completed from the committed resource (same id, same status), or released when nothing was
// committed — so the retry learns the outcome. Fault points are compiled in and inert unless
// ASSAY_TEST_FAULT names them.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { signedFetch, startTestServer, type Credentials } from "../support/harness.ts";
import { spawnServe } from "../support/process.ts";

let configFile: string;
let creds: Credentials;
let cleanup: () => Promise<void>;

beforeAll(async () => {
  const seed = await startTestServer("connectors:\n  - { id: inline, type: inline }\nalerts: { auto_threshold: 0 }");
  configFile = seed.configFile;
  creds = seed.creds;
  await seed.server.stop();
  cleanup = () => seed.stop();
});
afterAll(() => cleanup());

const ANALYSIS = {
  connector: "inline",
  module: "revenue_leakage",
  data: { transaction_id: "INV-CRASH", currency: "USD", lines: [{ sku: "A", quantity: 10, unit_price: 50, list_price: 100 }] },
};

const cases = [
  { name: "POST /v1/alerts", path: "/v1/alerts", body: { title: "crash", severity: "high" }, status: 201 },
  { name: "POST /v1/reports", path: "/v1/reports", body: { type: "alerts" }, status: 202 },
  { name: "POST /v1/analyze (opens an alert)", path: "/v1/analyze", body: ANALYSIS, status: 200 },
];

describe("killed after the write committed, before the response was stored", () => {
  for (const c of cases) {
    test(`${c.name}: the retry after restart gets the same resource`, async () => {
      const key = `crash-${crypto.randomUUID()}`;
      const doomed = await spawnServe(configFile, { ASSAY_TEST_FAULT: "kill_before_idempotency_complete" });
      const lost = await signedFetch(doomed.url, "POST", c.path, c.body, { creds, headers: { "idempotency-key": key } }).then(
        (r) => r.status,
        () => "connection lost",
      );
      expect(lost).toBe("connection lost");
      expect(await doomed.proc.exited).not.toBe(0);

      const server = await spawnServe(configFile);
      try {
        const retry = await signedFetch(server.url, "POST", c.path, c.body, { creds, headers: { "idempotency-key": key } });
        const body = (await retry.json()) as { id: string; alert_id?: string };
        expect({ status: retry.status, replayed: retry.headers.get("idempotent-replayed") }).toEqual({ status: c.status, replayed: "true" });
        const again = await signedFetch(server.url, "POST", c.path, c.body, { creds, headers: { "idempotency-key": key } });
        expect(((await again.json()) as { id: string }).id).toBe(body.id);
        if (c.path === "/v1/alerts") {
          const list = (await (await signedFetch(server.url, "GET", "/v1/alerts?limit=100", undefined, { creds })).json()) as { data: { id: string; title: string }[] };
          expect(list.data.filter((a) => a.id === body.id).length).toBe(1);
        }
        if (c.path === "/v1/reports") {
          const got = await signedFetch(server.url, "GET", `/v1/reports/${body.id}`, undefined, { creds });
          expect(got.status).toBe(200);
        }
        if (c.path === "/v1/analyze") expect(body.alert_id).toMatch(/^alrt_/);
      } finally {
        await server.kill("SIGTERM");
      }
    }, 60_000);
  }
});

test("killed after the claim, before anything was written: the retry runs the request", async () => {
  const key = `claim-${crypto.randomUUID()}`;
  const body = { title: "never written", severity: "low" };
  const doomed = await spawnServe(configFile, { ASSAY_TEST_FAULT: "kill_after_idempotency_claim" });
  const lost = await signedFetch(doomed.url, "POST", "/v1/alerts", body, { creds, headers: { "idempotency-key": key } }).then(
    (r) => r.status,
    () => "connection lost",
  );
  expect(lost).toBe("connection lost");
  await doomed.proc.exited;
  const server = await spawnServe(configFile);
  try {
    const retry = await signedFetch(server.url, "POST", "/v1/alerts", body, { creds, headers: { "idempotency-key": key } });
    expect(retry.status).toBe(201);
    expect(retry.headers.get("idempotent-replayed")).toBeNull();
    const list = (await (await signedFetch(server.url, "GET", "/v1/alerts?limit=100", undefined, { creds })).json()) as { data: { title: string }[] };
    expect(list.data.filter((a) => a.title === "never written").length).toBe(1);
  } finally {
    await server.kill("SIGTERM");
  }
}, 60_000);
