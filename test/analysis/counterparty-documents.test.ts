// The compact index of each counterparty's invoices and payments (counterparty-documents.ts) gives
// what a map of arrays did: per key its positions in the order added, keys in order of first
// appearance — also when positions are added after a read, and after crossing to another thread.
import { expect, test } from "bun:test";
import { CounterpartyDocuments } from "../../src/analysis/counterparty-documents.ts";

/** The reference: a Map of arrays, as the index was kept before. */
function reference(adds: readonly [string, number][]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  for (const [k, seq] of adds) {
    const list = m.get(k);
    if (list) list.push(seq);
    else m.set(k, [seq]);
  }
  return m;
}

function asArrays(index: CounterpartyDocuments): [string, number[]][] {
  return [...index].map(([k, positions]) => [k, [...positions]]);
}

const adds: [string, number][] = Array.from({ length: 5000 }, (_, i) => [`C-${(i * 7919) % 37}\u0000${i % 3 === 0 ? "EUR" : "USD"}`, i * 3 + (i % 3)]);

test("positions per key in the order added, keys in order of first appearance", () => {
  const index = new CounterpartyDocuments();
  for (const [k, seq] of adds) index.add(k, seq);
  const want = reference(adds);
  expect(index.size).toBe(want.size);
  expect(asArrays(index)).toEqual([...want]);
  for (const [k, list] of want) expect([...index.get(k)!]).toEqual(list);
  expect(index.get("C-99\u0000EUR")).toBeUndefined();
  expect(new CounterpartyDocuments().size).toBe(0);
  expect([...new CounterpartyDocuments()]).toEqual([]);
});

test("positions added after a read (and a new key among them) come after the ones read", () => {
  const index = new CounterpartyDocuments();
  for (const [k, seq] of adds.slice(0, 1200)) index.add(k, seq);
  expect([...index.get(adds[0]![0])!]).toEqual(reference(adds.slice(0, 1200)).get(adds[0]![0])!);
  for (const [k, seq] of adds.slice(1200)) index.add(k, seq);
  index.add("NEW\u0000EUR", 99_999);
  const want = reference([...adds, ["NEW\u0000EUR", 99_999]]);
  expect(asArrays(index)).toEqual([...want]);
});

test("through its parts, cloned as to a worker, the same index; one built on them takes more positions", () => {
  const index = new CounterpartyDocuments();
  for (const [k, seq] of adds.slice(0, 3000)) index.add(k, seq);
  const copy = new CounterpartyDocuments(structuredClone(index.parts()));
  expect(asArrays(copy)).toEqual(asArrays(index));
  for (const [k, seq] of adds.slice(3000)) copy.add(k, seq);
  expect(asArrays(copy)).toEqual([...reference(adds)]);
  // The parts it was built on are not changed by what it took afterwards.
  expect(asArrays(new CounterpartyDocuments(index.parts()))).toEqual([...reference(adds.slice(0, 3000))]);
});

test("a position added out of history order still comes after those added before it", () => {
  const index = new CounterpartyDocuments();
  const shuffled: [string, number][] = adds.slice(0, 400).map(([k, seq], i) => [k, i % 7 === 3 ? seq - 50 : seq]);
  shuffled.push([adds[0]![0], adds[0]![1]]);
  for (const [k, seq] of shuffled) index.add(k, seq);
  expect(asArrays(index)).toEqual([...reference(shuffled)]);
});
