// An attribute may be named anything a source column or a JSON key is, __proto__, constructor and
// prototype too: each is kept as an own attribute (assigned to a plain object, __proto__ set
// nothing — or, null, the object's prototype), and none reaches any object's prototype.
import { expect, test } from "bun:test";
import { normalizeTransaction } from "../../src/analysis/normalize.ts";

const body = JSON.parse(
  '{"transaction_id":"T-1","currency":"USD","attributes":{"__proto__":"P1","constructor":"C1","prototype":null},"lines":[{"sku":"A","quantity":1,"unit_price":1,"attributes":{"__proto__":null,"constructor":"C2"}}]}',
) as Record<string, unknown>;

test("the transaction's and a line's attributes keep __proto__, constructor and prototype as own attributes", () => {
  const txn = normalizeTransaction(body);
  expect(Object.entries(txn.attributes ?? {})).toEqual([["__proto__", "P1"], ["constructor", "C1"], ["prototype", null]]);
  expect(Object.entries(txn.lines[0]!.attributes ?? {})).toEqual([["__proto__", null], ["constructor", "C2"]]);
  expect(JSON.stringify(txn.attributes)).toBe('{"__proto__":"P1","constructor":"C1","prototype":null}');
});

test("an attribute not given reads as absent, whatever its name", () => {
  const txn = normalizeTransaction({ transaction_id: "T-2", currency: "USD", attributes: { note: "x" }, lines: [] });
  for (const name of ["constructor", "toString", "__proto__", "hasOwnProperty"]) expect((txn.attributes as Record<string, unknown>)[name]).toBeUndefined();
  expect(Object.getPrototypeOf({})).toBe(Object.prototype);
});
