// A number a double cannot hold is refused with its JSON pointer, never rounded and stored: an
// alert's metadata {"order": 9007199254740993} was answered 201 and kept as 9007199254740992, and
// 1e-400 as 0 (fifth attack pass). Numbers a double holds — every number a JavaScript, Python or
// Go client writes from a double, whatever its digits — are kept as they were sent.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { json, type Server, startServer } from "../support/server.ts";

let s: Server;
beforeAll(async () => {
  s = await startServer("connectors:\n  - { id: inline, type: inline, name: Inline }\n");
});
afterAll(() => s.stop());

const alertWith = (metadata: string) => `{"title":"t","severity":"low","metadata":${metadata}}`;

describe("a number the server would round is refused with its path", () => {
  test.each([
    ["an integer past 2^53", '{"order":9007199254740993}', "/metadata/order", "9007199254740993"],
    ["a 30-digit integer", '{"account":123456789012345678901234567890}', "/metadata/account", "123456789012345678901234567890"],
    ["more decimals than a double holds", '{"rate":0.12345678901234567891}', "/metadata/rate", "0.12345678901234567891"],
    ["a magnitude that underflows to 0", '{"tiny":1e-400}', "/metadata/tiny", "1e-400"],
    ["a key that needs escaping in a pointer", '{"a/b~c":18446744073709551615}', "/metadata/a~1b~0c", "18446744073709551615"],
  ])("%s", async (_, metadata, path, source) => {
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: alertWith(metadata) });
    expect(r.status).toBe(422);
    const body = await json(r);
    expect(body.code).toBe("validation_failed");
    expect(body.errors).toEqual([{ path, message: expect.stringContaining(`${source} cannot be kept exactly as a JSON number`) }]);
    // What to do instead, for an amount (round it) and for text-like values (a string).
    expect(body.errors[0].message).toContain("round it to the precision it needs, or send it as a string where the field takes text");
  });

  test("in a transaction sent for analysis: the amount a client computed with more precision than it sends", async () => {
    const raw = JSON.stringify({ connector: "inline", module: "revenue_leakage", data: { transaction_id: "T1", currency: "USD", amount: 10, lines: [{ sku: "A", quantity: 1, unit_price: 10, amount: 10 }] } }).replace(
      '"unit_price":10',
      '"unit_price":123456789012.3456789',
    );
    const r = await s.call("POST", "/v1/analyze", undefined, { raw });
    expect(r.status).toBe(422);
    expect((await json(r)).errors).toEqual([{ path: "/data/lines/0/unit_price", message: expect.stringContaining("cannot be kept exactly") }]);
  });

  test("an unauthenticated caller learns nothing of it: 401 first", async () => {
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: alertWith('{"order":9007199254740993}'), signature: "00".repeat(32) });
    expect(r.status).toBe(401);
    expect((await json(r)).code).toBe("invalid_signature");
  });
});

describe("numbers a double holds are kept as sent", () => {
  test("doubles' own shortest forms, long or not, integers up to 2^53 − 1, exponents and -0", async () => {
    const metadata = '{"a":0.30000000000000004,"b":9007199254740991,"c":-9007199254740991,"d":1e21,"e":1.5e-7,"f":1234567890.1234567,"g":-0,"h":1.10,"i":"9007199254740993"}';
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: alertWith(metadata) });
    expect(r.status).toBe(201);
    const { id } = await json(r);
    const stored = (await json(await s.call("GET", `/v1/alerts/${id}`))).metadata;
    expect(stored).toEqual({ a: 0.30000000000000004, b: 9007199254740991, c: -9007199254740991, d: 1e21, e: 1.5e-7, f: 1234567890.1234567, g: 0, h: 1.1, i: "9007199254740993" });
  });

  test("digits inside strings are text, never judged as numbers", async () => {
    const r = await s.call("POST", "/v1/alerts", undefined, { raw: alertWith('{"card":"4111111111111111111","hash":"9e99e1e400"}') });
    expect(r.status).toBe(201);
  });
});
