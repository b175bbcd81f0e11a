// The fast path's kept Headers object (src/http/response-headers.ts): whatever sequence of field
// sets it is given, each answer carries exactly that request's fields, and a Response made from
// it keeps its own copy when the object is reused for the next request.
import { describe, expect, test } from "bun:test";
import { ResponseHeaders } from "../../src/http/response-headers.ts";

const entries = (h: Headers) => [...h.entries()].sort(([a], [b]) => a.localeCompare(b));
const expected = (fields: Record<string, string>) => entries(new Headers(fields));

function randomFields(random: () => number): Record<string, string> {
  const fields: Record<string, string> = { "request-id": `req_${Math.floor(random() * 1e9)}` };
  // The usual shape (limits, then the content type), sometimes without the limits, sometimes
  // with an extra header, sometimes in another order: each must come out exactly.
  const shape = random();
  if (shape < 0.8) {
    fields["ratelimit-policy"] = random() < 0.9 ? `"second";q=10;w=1` : `"second";q=20;w=1`;
    fields.ratelimit = `"second";r=${Math.floor(random() * 10)};t=1`;
    fields["x-ratelimit-limit"] = "10";
    fields["x-ratelimit-remaining"] = `${Math.floor(random() * 10)}`;
    fields["x-ratelimit-reset"] = random() < 0.9 ? "1" : "0";
  }
  if (shape > 0.9) fields["idempotent-replayed"] = "true";
  fields["content-type"] = "application/json;charset=utf-8";
  if (shape > 0.95) return Object.fromEntries(Object.entries(fields).reverse());
  return fields;
}

describe("ResponseHeaders", () => {
  test("each answer holds exactly its own fields, over a long random sequence", () => {
    let seed = 42;
    const random = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    const kept = new ResponseHeaders();
    for (let i = 0; i < 5000; i++) {
      const fields = randomFields(random);
      expect(entries(kept.of(fields))).toEqual(expected(fields));
    }
  });

  test("a Response keeps the headers it was made with when the kept object changes", async () => {
    const kept = new ResponseHeaders();
    const first = new Response("{}", { headers: kept.of({ "request-id": "req_1", "x-ratelimit-remaining": "9" }) });
    const second = new Response("{}", { headers: kept.of({ "request-id": "req_2", "x-ratelimit-remaining": "8" }) });
    const third = new Response("{}", { headers: kept.of({ "request-id": "req_3" }) });
    expect(first.headers.get("request-id")).toBe("req_1");
    expect(first.headers.get("x-ratelimit-remaining")).toBe("9");
    expect(second.headers.get("request-id")).toBe("req_2");
    expect(second.headers.get("x-ratelimit-remaining")).toBe("8");
    expect(third.headers.get("x-ratelimit-remaining")).toBeNull();
    expect(await first.text()).toBe("{}");
  });

  test("a field removed or added between requests is removed or added", () => {
    const kept = new ResponseHeaders();
    kept.of({ a: "1", b: "2", c: "3" });
    expect(entries(kept.of({ a: "1", c: "3" }))).toEqual([["a", "1"], ["c", "3"]]);
    expect(entries(kept.of({ a: "1", c: "3", d: "4" }))).toEqual([["a", "1"], ["c", "3"], ["d", "4"]]);
    expect(entries(kept.of({ a: "1" }))).toEqual([["a", "1"]]);
    expect(entries(kept.of({}))).toEqual([]);
  });
});
