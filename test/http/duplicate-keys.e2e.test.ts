// A JSON object that names a key twice is refused with the key's pointer. JSON.parse keeps the
// last value silently, and parsers disagree (RFC 8259 §4: names SHOULD be unique; some keep the
// first, some refuse): PATCH {"status":"open","status":"resolved"} resolved the alert while a
// gateway, an audit log or the client's own reading of the signed bytes could see "open"; an alert
// {"severity":"low","severity":"critical"} was opened critical (eighth attack pass). The signature
// covers the bytes, so both readings were "signed".
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline, name: Inline }\n");
});
afterAll(() => s.stop());

describe("a key given twice in one object is a 422 at its pointer", () => {
  test.each([
    ["a top-level field", '{"title":"t","severity":"low","severity":"critical"}', "/severity"],
    ["a nested metadata key", '{"title":"t","severity":"low","metadata":{"a":1,"b":2,"a":3}}', "/metadata/a"],
    ["the same name written with an escape", '{"title":"t","severity":"low","metadata":{"a":1,"\\u0061":2}}', "/metadata/a"],
    ["a key that needs escaping in a pointer", '{"title":"t","severity":"low","metadata":{"a/b":1,"a/b":1}}', "/metadata/a~1b"],
    ["__proto__ twice", '{"title":"t","severity":"low","metadata":{"__proto__":1,"__proto__":2}}', "/metadata/__proto__"],
  ])("POST /v1/alerts: %s", async (_, raw, path) => {
    const r = await s.call("POST", "/v1/alerts", undefined, { raw });
    expect(r.status).toBe(422);
    const body = await json(r);
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual([{ path, message: "this key is given more than once in its object; send it once" }]);
  });

  test("PATCH an alert's status twice: refused, the alert unchanged", async () => {
    const created = await json(await s.call("POST", "/v1/alerts", { title: "twice", severity: "low" }));
    const r = await s.call("PATCH", `/v1/alerts/${created.id}`, undefined, { raw: '{"status":"acknowledged","status":"resolved","resolution":"confirmed"}' });
    expect(r.status).toBe(422);
    expect((await json(r)).errors).toEqual([{ path: "/status", message: expect.stringContaining("more than once") }]);
    expect((await json(await s.call("GET", `/v1/alerts/${created.id}`))).status).toBe("open");
  });

  test("in a line of a transaction sent for analysis", async () => {
    const raw = '{"connector":"inline","module":"revenue_leakage","data":{"transaction_id":"T1","lines":[{"sku":"A","quantity":1},{"sku":"B","quantity":1,"quantity":100}]}}';
    const r = await s.call("POST", "/v1/analyze", undefined, { raw });
    expect(r.status).toBe(422);
    expect((await json(r)).errors).toEqual([{ path: "/data/lines/1/quantity", message: expect.stringContaining("more than once") }]);
  });
});

describe("what is not a duplicate is read as before", () => {
  test("keys, quotes and colons inside strings", async () => {
    const raw = JSON.stringify({
      title: 'a "quoted": title, with "severity":"critical" inside',
      severity: "low",
      metadata: { a: 1, "a:": 2, 'a"': 3, "\\": "\\\":", "b\\": '"a":1' },
    });
    const r = await s.call("POST", "/v1/alerts", undefined, { raw });
    expect(r.status).toBe(201);
    const body = await json(r);
    expect(body.severity).toBe("low");
    expect(body.metadata).toEqual(JSON.parse(raw).metadata);
  });

  test("the same keys in sibling objects (the lines of a large analysis body)", async () => {
    const lines = Array.from({ length: 5000 }, (_, i) => ({ sku: `S${i}`, quantity: 1, unit_price: 10, list_price: 10 }));
    const r = await s.call("POST", "/v1/analyze", { connector: "inline", module: "revenue_leakage", data: { transaction_id: "BIG", currency: "USD", lines } });
    expect(r.status).toBe(200);
  });
});
