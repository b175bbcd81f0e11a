// The byte-keyed table behind the history ledger and the CSV index agrees with a Map, for
// Latin-1 keys (stored as bytes) and wider ones (kept aside) alike, through growth and collisions.
import { expect, test } from "bun:test";
import { ByteKey, hashOf, StringTable } from "../../src/analysis/string-table.ts";

test("agrees with a Map: get, has, set, add and keyAt, through growth", () => {
  const table = new StringTable(4);
  const map = new Map<string, number>();
  const keys = ["", "a", "€", "INV-1", "inv-1"];
  for (let i = 0; i < 20_000; i++) keys.push(i % 97 === 0 ? `ü€-${i}` : i % 13 === 0 ? `é${i}` : `K-${(i * 7919) % 10_007}`);
  for (const [i, k] of keys.entries()) {
    table.set(k, i);
    map.set(k, i);
    if (i % 3 === 0) {
      table.add(k, 1.5);
      map.set(k, map.get(k)! + 1.5);
    }
  }
  expect(table.size).toBe(map.size);
  for (const [k, v] of map) expect(table.get(k)).toBe(v);
  for (const k of ["zz", "K-x", "€€", "INV-2"]) expect(table.has(k)).toBe(false);
  const seen = new Set<string>();
  for (let i = 0; i < table.size; i++) seen.add(table.keyAt(i));
  expect(seen).toEqual(new Set(map.keys()));
});

test("set keeps a key's entry number; add starts from 0", () => {
  const table = new StringTable();
  const first = table.set("x", 1);
  expect(table.set("x", 2)).toBe(first);
  expect(table.get("x")).toBe(2);
  table.add("y", 3);
  expect(table.get("y")).toBe(3);
  expect(table.keyAt(first)).toBe("x");
});

test("keys given as bytes (getBytes, setBytes) are the same keys as their strings", () => {
  const table = new StringTable(2);
  const map = new Map<string, number>();
  const buf = Buffer.from("..INV-1..INV-10..K-1..€..");
  const keys = Array.from({ length: 5_000 }, (_, i) => `K-${(i * 7919) % 3_001}`);
  for (const [i, k] of keys.entries()) {
    const bytes = Buffer.from(`<${k}>`);
    if (i % 2 === 0) table.setBytes(bytes, 1, bytes.length - 1, i);
    else table.set(k, i);
    map.set(k, i);
    expect(table.getBytes(bytes, 1, bytes.length - 1)).toBe(i);
  }
  expect(table.size).toBe(map.size);
  for (const [k, v] of map) expect(table.get(k)).toBe(v);
  for (let i = 0; i < table.size; i++) expect(map.has(table.keyAt(i))).toBe(true);
  expect(table.getBytes(buf, 2, 7)).toBeUndefined(); // "INV-1"
  table.set("INV-1", 7);
  expect(table.getBytes(buf, 2, 7)).toBe(7);
  expect(table.getBytes(buf, 9, 15)).toBeUndefined(); // "INV-10"
  expect(table.setBytes(buf, 2, 7, 8)).toBe(table.set("INV-1", 8));
});

test("entryOfKey adds a key it does not have and finds one it has, as getKey then setKey would", () => {
  const table = new StringTable(2);
  const map = new Map<string, number>();
  const key = new ByteKey();
  for (let i = 0; i < 20_000; i++) {
    const k = i % 101 === 0 ? `ü€-${i % 707}` : `K-${(i * 7919) % 6_007}`;
    let entry: number;
    if (i % 2 === 0 || k.startsWith("ü")) {
      // As a scan worker's batch hands them over: the string itself when it is wider than a byte.
      const bytes = Buffer.from(`<${k}>`, "latin1");
      key.wide = k.startsWith("ü") ? k : undefined;
      key.buf = bytes;
      key.start = 1;
      key.length = k.length;
      key.hash = hashOf(k);
      entry = table.entryOfKey(key, i);
    } else entry = table.entryOfKey(k, i);
    expect(table.inserted).toBe(!map.has(k));
    expect(table.keyAt(entry)).toBe(k);
    if (table.inserted) map.set(k, i);
    expect(table.valueAt(entry)).toBe(map.get(k)!);
    if (i % 3 === 0) {
      table.setValueAt(entry, -i);
      map.set(k, -i);
    }
  }
  expect(table.size).toBe(map.size);
  for (const [k, v] of map) expect(table.get(k)).toBe(v);
});
