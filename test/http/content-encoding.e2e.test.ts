// A compressed request body is refused with 415 and says so. Assay reads bodies as they are sent
// (the signature covers those exact bytes) and decompresses nothing: a gzip body was answered
// 400 malformed_json "not valid UTF-8", which sent its client looking for an encoding bug, and a
// plain JSON body labelled `Content-Encoding: gzip` was accepted as if the label were absent
// (201), so a client whose compression silently failed never learned it (sixth attack pass).
import { afterAll, beforeAll, expect, test } from "bun:test";
import { gzipSync } from "node:zlib";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline, name: Inline }\n");
});
afterAll(() => s.stop());

const ALERT = '{"title":"compressed","severity":"low"}';

test.each([
  ["a gzip body", "gzip", gzipSync(ALERT)],
  ["a plain body labelled gzip", "gzip", ALERT],
  ["a deflate body", "deflate", ALERT],
  ["a list of codings", "gzip, identity", ALERT],
])("%s: 415 naming the coding, with Accept-Encoding: identity", async (_, coding, raw) => {
  const r = await s.call("POST", "/v1/alerts", undefined, { raw: raw as string | Uint8Array, headers: { "content-encoding": coding } });
  expect(r.status).toBe(415);
  expect(r.headers.get("accept-encoding")).toBe("identity");
  const body = await json(r);
  expect(body.code).toBe("unsupported_media_type");
  expect(body.detail).toBe(`send the request body uncompressed, without Content-Encoding (got ${JSON.stringify(coding)})`);
});

test("the fast path (POST /v1/analyze) refuses it alike", async () => {
  const raw = JSON.stringify({ connector: "inline", module: "revenue_leakage", data: { transaction_id: "T1", currency: "USD", lines: [{ sku: "A", quantity: 1, unit_price: 10 }] } });
  const r = await s.call("POST", "/v1/analyze", undefined, { raw: gzipSync(raw), headers: { "content-encoding": "gzip" } });
  expect(r.status).toBe(415);
  expect((await json(r)).code).toBe("unsupported_media_type");
});

test("identity (or an empty label) is no compression: accepted", async () => {
  for (const coding of ["identity", "Identity", ""]) {
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: ALERT, headers: { "content-encoding": coding } });
    expect(r.status).toBe(201);
  }
});

test("an unauthenticated caller learns nothing of it: 401 first", async () => {
  const r = await s.call("POST", "/v1/alerts", undefined, { raw: gzipSync(ALERT), headers: { "content-encoding": "gzip" }, signature: "00".repeat(32) });
  expect(r.status).toBe(401);
  expect((await json(r)).code).toBe("invalid_signature");
});

test("a request without a body is not judged by the label", async () => {
  const r = await s.call("GET", "/v1/alerts", undefined, { headers: { "content-encoding": "gzip" } });
  expect(r.status).toBe(200);
});
