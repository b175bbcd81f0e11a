// The minimum-history guards (src/analysis/detectors/anomaly/support.ts) on small hand-made
// histories: a pair rare over the whole ledger but ordinary given the entry's company, a copy of a
// field that must not explain anything, the least-used established value of a field, and a
// routine of its own level.
import { describe, expect, test } from "bun:test";
import { chanceSeenOnce, conditionalExpectation, leastEstablished, ownLevel } from "../../src/analysis/detectors/anomaly/support.ts";
import { HistoryBuilder } from "../../src/analysis/history.ts";
import type { Transaction } from "../../src/domain/transaction.ts";

const FIELDS = ["attributes.BUKRS", "attributes.PRCTR", "attributes.WAERS", "attributes.COPY"];

function entry(i: number, bukrs: string, prctr: string, waers: string): Transaction {
  return { transaction_id: `T${i}`, type: "journal_entry", date: "2025-03-03T10:00:00Z", amount: 100, currency: "EUR", lines: [], attributes: { BUKRS: bukrs, PRCTR: prctr, WAERS: waers, COPY: prctr } };
}

/** Company A books dollars 2 % of the time over four profit centres; company B books only dollars. */
function history() {
  const b = new HistoryBuilder({ categoricalFields: FIELDS, level: "full" });
  let i = 0;
  for (let k = 0; k < 2000; k++) b.add(entry(i++, "A", `PA${k % 4}`, k % 50 === 0 ? "USD" : "EUR"));
  for (let k = 0; k < 2000; k++) b.add(entry(i++, "B", `PB${k % 2}`, "USD"));
  return b.finish();
}

describe("conditional expectation of a pair", () => {
  const h = history();
  const values = ["A", "PA1", "USD", "PA1"];
  test("a profit centre with its company's occasional currency: few expected given the company", () => {
    // Independence over the ledger: n(PA1) · n(USD) / N = 500 · 2040 / 4000 ≈ 255.
    const given = conditionalExpectation(h, values, 1, 2, 0, 2)!;
    expect(h.fields[given.field]).toBe("attributes.BUKRS");
    // Given company A: 500 · 40 / 2000 = 10 (other companies have no PA1).
    expect(given.expected).toBeCloseTo(10, 5);
  });

  test("a copy of one of the two fields never explains the pair", () => {
    // COPY is PRCTR again: n(USD, COPY=PA0) for a pair never seen is 0, so it is skipped.
    const never = ["A", "PB0", "EUR", "PB0"];
    const given = conditionalExpectation(h, never, 0, 1, 0, 2);
    expect(given === undefined || h.fields[given.field] !== "attributes.COPY").toBe(true);
  });
});

describe("least-used established value", () => {
  test("values used twice or more count; negligible ones and the value judged do not", () => {
    const b = new HistoryBuilder({ categoricalFields: ["attributes.HKONT"], level: "full" });
    const add = (v: string, n: number) => {
      for (let k = 0; k < n; k++) b.add({ transaction_id: `${v}-${k}`, type: "journal_entry", amount: 1, lines: [], attributes: { HKONT: v } });
    };
    add("600000", 500);
    add("609000", 3);
    add("609100", 1);
    add("990010", 1);
    const h = b.finish();
    expect(leastEstablished(h, 0, "990010", 0)).toBe(3);
    expect(leastEstablished(h, 0, "990010", 5)).toBe(500);
    expect(leastEstablished(h, 0, "609000", 0)).toBe(500);
    // A value used 3 times could stay unseen but once by chance (20 %); one used 500 times could not.
    expect(chanceSeenOnce(3)).toBeGreaterThan(0.01);
    expect(chanceSeenOnce(500)).toBeLessThan(0.01);
  });
});

describe("a routine of its own level", () => {
  const cfg = { min_history: 20, threshold: 4.5 };
  test("a batch whose median is far above the context's, with history enough", () => {
    expect(ownLevel({ n: 40, median: 12, scale: 1.5 }, 40, { n: 5000, median: 6, scale: 1 }, cfg)).toBe(true);
  });
  test("a sweep (the user's first posting in the finer context) needs less: a closing on a short ledger", () => {
    // Median 1.6 robust z above the context's: not a level of its own, but a closing run's on a
    // short ledger — one posting per account, each a year of that account's postings.
    expect(ownLevel({ n: 90, median: 7.6, scale: 1.5 }, 90, { n: 5000, median: 6, scale: 1 }, cfg)).toBe(false);
    expect(ownLevel({ n: 90, median: 7.6, scale: 1.5 }, 90, { n: 5000, median: 6, scale: 1 }, cfg, true)).toBe(true);
  });
  test("not an ordinary user (near the context's usual), nor a short routine", () => {
    expect(ownLevel({ n: 400, median: 6.3, scale: 1 }, 400, { n: 5000, median: 6, scale: 1 }, cfg, true)).toBe(false);
    expect(ownLevel({ n: 400, median: 7.1, scale: 1 }, 400, { n: 5000, median: 6, scale: 1 }, cfg)).toBe(false);
    expect(ownLevel({ n: 5, median: 12, scale: 1 }, 5, { n: 5000, median: 6, scale: 1 }, cfg)).toBe(false);
  });
});
