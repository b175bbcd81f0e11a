import { describe, expect, test } from "bun:test";
import { jsonDepth, MAX_JSON_DEPTH } from "../../src/domain/json-depth.ts";
import { startTestServer } from "../support/harness.ts";

const enc = (s: string) => new TextEncoder().encode(s);

describe("jsonDepth", () => {
  test.each([
    ["1", 0],
    ["{}", 1],
    ['{"a":[1,{"b":[]}]}', 4],
    ['{"a":"[[[[{{{{"}', 1],
    ['["\\"[[[", [[]]]', 3],
    ['["\\\\", [[]]]', 3],
  ])("%s → %i", (text, depth) => {
    expect(jsonDepth(enc(text as string), 100)).toBe(depth as number);
  });

  test("stops counting past the limit", () => {
    expect(jsonDepth(enc("[".repeat(1000)), 10)).toBe(11);
  });
});

test("a body nested deeper than the limit is 400 malformed_json after authentication, never a 5xx", async () => {
  const s = await startTestServer("server: { port: 0, access_log: false, max_body_bytes: 4000000 }");
  try {
    const ok = '{"title":"t","severity":"low","metadata":{"x":' + "[".repeat(MAX_JSON_DEPTH - 3) + "]".repeat(MAX_JSON_DEPTH - 3) + "}}";
    expect((await s.call("POST", "/v1/alerts", undefined, { raw: ok })).status).not.toBeGreaterThanOrEqual(500);
    for (const depth of [MAX_JSON_DEPTH + 1, 100_000]) {
      const raw = '{"a":'.repeat(depth) + "1" + "}".repeat(depth);
      const r = await s.call("POST", "/v1/analyze", undefined, { raw });
      expect(r.status).toBe(400);
      expect(((await r.json()) as { code: string }).code).toBe("malformed_json");
      const anonymous = await s.call("POST", "/v1/analyze", undefined, { raw, signature: "00".repeat(32) });
      expect(anonymous.status).toBe(401);
    }
  } finally {
    await s.stop();
  }
}, 30_000);
