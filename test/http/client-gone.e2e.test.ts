// A client that closes its connection while its request is still being worked on (a scan it gave
// up on) is not a server failure: the request is recorded with status 499 (nginx's "client closed
// request") and outcome client_closed_request, logged at info, never as "unhandled error" or a
// 500 in the metrics. Found by the fourth attack pass: each abandoned scan logged an error with an
// empty message and counted as a 500 (a 5xx alert fired on clients' timeouts).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { signHex } from "../../src/auth/signature.ts";
import type { RequestObservation } from "../../src/http/observe.ts";
import { memoryLogger } from "../../src/log.ts";
import { makeTempDir } from "../support/harness.ts";
import { startServer, type Server } from "../support/server.ts";

const log = memoryLogger();
const seen: RequestObservation[] = [];
let s: Server;
beforeAll(async () => {
  const dir = makeTempDir();
  mkdirSync(dir, { recursive: true });
  // Large enough that the scan is still running when the client goes away.
  const rows = ["transaction_id,customer_id,date,currency,sku,quantity,unit_price,list_price"];
  for (let i = 0; i < 120_000; i++) rows.push(`INV-${Math.floor(i / 3)},C${i % 97},2025-0${1 + (i % 9)}-1${i % 9},USD,S${i % 50},${1 + (i % 5)},${80 + (i % 30)},100`);
  writeFileSync(join(dir, "lines.csv"), rows.join("\n") + "\n");
  writeFileSync(join(dir, "prices.csv"), "sku,list_price,currency\n" + Array.from({ length: 50 }, (_, i) => `S${i},100,USD`).join("\n") + "\n");
  s = await startServer("connectors:\n  - { id: big, type: csv, transactions: ./lines.csv, reference: { price_list: ./prices.csv } }\n", { dir, log });
  s.rt.observers.push((o) => seen.push(o));
});
afterAll(() => s.stop());

test("a scan whose client went away is recorded as 499, not as an unhandled 500", async () => {
  const body = JSON.stringify({ connector: "big", module: "revenue_leakage", options: { limit: 100_000 } });
  const abort = new AbortController();
  const sent = fetch(`${s.url}/v1/analyze`, {
    method: "POST",
    body,
    signal: abort.signal,
    headers: { "content-type": "application/json", authorization: `Bearer ${s.creds.key}`, "x-service-signature": signHex(s.creds.secret, body) },
  }).catch((e: Error) => e.name);
  await Bun.sleep(150);
  abort.abort();
  expect(await sent).toBe("AbortError");
  const deadline = Date.now() + 60_000;
  while (!seen.some((o) => o.route === "/v1/analyze") && Date.now() < deadline) await Bun.sleep(50);
  const observed = seen.find((o) => o.route === "/v1/analyze")!;
  expect({ status: observed.status, outcome: observed.outcome }).toEqual({ status: 499, outcome: "client_closed_request" });
  expect(log.lines.filter((l) => l.msg === "unhandled error")).toEqual([]);
  expect(log.lines.some((l) => l.msg === "client closed the connection before the answer" && l.level === "info")).toBe(true);
}, 90_000);
