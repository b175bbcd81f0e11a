// A document's key and the filter in front of the history's table of them (document-key-filter.ts):
// equal amounts and only those make equal keys (-0 and 0, NaNs of any bits), and the filter's bound
// is never below a key's count — a counterparty with the key's separator in it, characters wider
// than a byte — so documentTwins answers as the key table alone would; and it stays so while the
// history grows after first use.
import { describe, expect, test } from "bun:test";
import { DocumentKeyFilter } from "../../src/analysis/document-key-filter.ts";
import { documentKey, documentTwins, HistoryBuilder } from "../../src/analysis/history.ts";
import { StringTable } from "../../src/analysis/string-table.ts";
import { invoice } from "./fixtures.ts";

const awkward: [string, string, number][] = [
  ["invoice", "CUST-1", 100],
  ["invoice", "CUST-1", 0],
  ["invoice", "CUST-1", -0],
  ["payment", "CUST-1", Number.NaN],
  ["invoice", "A|B", 12.5],
  ["invoice", "", 0.1 + 0.2],
  ["credit_note", "Ünïcode ☃", 1e21],
  ["invoice", "CUST-2", -5e-7],
  ["payment", "CUST-2", Number.POSITIVE_INFINITY],
];

function keyOf(type: string, customer: string, amount: number): string {
  return documentKey({ type, customer_id: customer, amount } as never);
}

describe("DocumentKeyFilter", () => {
  test("never below the count of a key, awkward amounts and counterparties included", () => {
    const table = new StringTable();
    awkward.forEach(([type, customer, amount], i) => table.add(keyOf(type, customer, amount), 1 + (i % 3)));
    const filter = DocumentKeyFilter.of(table);
    for (const [type, customer, amount] of awkward) {
      const count = table.get(keyOf(type, customer, amount))!;
      expect(filter.bound(type, customer, amount)).toBeGreaterThanOrEqual(Math.min(3, count));
    }
    // -0 and 0 are one key (as printed, "0"), and so are NaNs of any bits ("NaN").
    expect(keyOf("invoice", "CUST-1", -0)).toBe(keyOf("invoice", "CUST-1", 0));
    expect(table.get(keyOf("invoice", "CUST-1", 0))).toBe(2 + 3);
    const otherNaN = new Float64Array(new Uint32Array([1, 0x7ff80001]).buffer)[0]!;
    expect(keyOf("payment", "CUST-1", otherNaN)).toBe(keyOf("payment", "CUST-1", Number.NaN));
    expect(filter.bound("payment", "CUST-1", otherNaN)).toBeGreaterThanOrEqual(1);
    // Amounts that print alike are equal numbers: distinct amounts, distinct keys.
    expect(new Set([0.1 + 0.2, 0.3, 1e21, 1e21 + 1e6, 5e-7, -5e-7].map((a) => keyOf("invoice", "C", a))).size).toBe(6);
  });

  test("a key built from its bytes is found by its fields (cents, fractions, large and tiny amounts)", () => {
    const table = new StringTable();
    const amounts: number[] = [];
    let seed = 7;
    const random = () => ((seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32);
    for (let i = 0; i < 4_000; i++) {
      amounts.push(Math.round(random() * 1e7) / 100, -Math.round(random() * 1e5) / 100, random() * 1000, 1 / (i + 3), Math.round(random() * 2 ** 52) * (i % 2 ? 1 : 1e-9), 123456789012345.6);
    }
    for (const a of amounts) table.add(keyOf("invoice", "C", a), 1);
    const filter = DocumentKeyFilter.of(table);
    const missed = amounts.filter((a) => filter.bound("invoice", "C", a) === 0);
    expect(missed).toEqual([]);
  });

  test("a key counted nowhere is mostly refused (its bucket is shared by chance only)", () => {
    const table = new StringTable();
    for (let i = 0; i < 10_000; i++) table.add(keyOf("invoice", `CUST-${i}`, i * 1.25), 1);
    const filter = DocumentKeyFilter.of(table);
    let passed = 0;
    for (let i = 0; i < 10_000; i++) if (filter.bound("invoice", `CUST-${i}`, i * 1.25 + 0.01) > 0) passed++;
    expect(passed).toBeLessThan(1_000);
  });

  test("documentTwins through the filter: the same answers as the key table, also for documents added after its first use", () => {
    const builder = new HistoryBuilder({ level: "ledger", categoricalFields: [] });
    const first = invoice("D-1", { customer: "CUST-8", date: "2025-03-01T10:00:00Z", lines: [{ sku: "SKU-B", qty: 10, unit: 40 }] });
    const alone = invoice("D-2", { customer: "CUST-9", date: "2025-03-02T10:00:00Z", lines: [{ sku: "SKU-B", qty: 3, unit: 40 }] });
    builder.add(first);
    builder.add(alone);
    const history = builder.finish();
    expect(documentTwins(history, first, history.entry("D-1"))).toBeUndefined();
    expect(documentTwins(history, { ...first, transaction_id: "NEW" }, undefined)?.map((e) => e.id)).toEqual(["D-1"]);
    // The filter is built now; a copy added afterwards must still be found.
    const copy = { ...first, transaction_id: "D-3", date: "2025-03-03T10:00:00Z" };
    history.countDocumentKey(documentKey(copy));
    expect(history.documentKeyFilter().bound(copy.type, copy.customer_id ?? "", copy.amount ?? 0)).toBeGreaterThanOrEqual(2);
    expect(documentTwins(history, first, history.entry("D-1"))?.map((e) => e.id)).toEqual(["D-1"]);
  });
});
