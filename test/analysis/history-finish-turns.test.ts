// A history under PROFILE_ROWS entries is profiled only when it is finished (HistoryBuilder.decide
// at finish): every entry's profile at once, then the amount contexts and the rest. At a context
// rebuild that held the event loop 40–300 ms in one block on a loaded VM (2,071 invoices of the
// sample). finishAll works it off in steps with a turn of the event loop between them, and must
// build exactly the history finish() builds. Counted, not timed.
import { describe, expect, test } from "bun:test";
import { generateJournal, JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import { HistoryBuilder, type HistoryStats, PROFILE_ROWS } from "../../src/analysis/history.ts";
import { turnsDuring } from "../support/turns.ts";

/** Equal in every value; the field readers (closures, made per builder) are compared by their
 *  count and the amount contexts by their parts, which hold what the readers read. */
function expectSameHistory(a: HistoryStats, b: HistoryStats) {
  const x = a as unknown as Record<string, unknown>;
  const y = b as unknown as Record<string, unknown>;
  expect(Object.keys(x).sort()).toEqual(Object.keys(y).sort());
  for (const key of Object.keys(x)) {
    if (key === "readers") expect((x[key] as unknown[]).length).toBe((y[key] as unknown[]).length);
    else if (key === "amounts") expect(a.amounts!.parts()).toEqual(b.amounts!.parts());
    else expect([key, x[key]]).toEqual([key, y[key]]);
  }
}

describe("HistoryBuilder.finishAll hands the event loop turns", () => {
  test("a history under PROFILE_ROWS: turns while it is finished, and the same history as finish()", async () => {
    const journal = generateJournal({ seed: 5, entries: 8_000, anomalyRate: 0.003 }).transactions;
    expect(journal.length).toBeLessThan(PROFILE_ROWS);
    for (const fields of [JOURNAL_FIELDS, "auto"] as const) {
      const whole = new HistoryBuilder({ categoricalFields: fields, names: { field: "auto", minHistory: 3 } });
      const sliced = new HistoryBuilder({ categoricalFields: fields, names: { field: "auto", minHistory: 3 } });
      for (const t of journal) {
        whole.add(t);
        sliced.add(t);
      }
      const { result: finished, turns } = await turnsDuring(() => sliced.finishAll());
      // Thousands of entries profiled a few hundred at a time, then the amount contexts and the
      // rest after a turn each. At once: none.
      expect(turns).toBeGreaterThanOrEqual(3);
      expectSameHistory(finished, whole.finish());
    }
  });
});
