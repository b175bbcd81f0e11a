// A scan over transactions that arrive without a wait (held in memory, or kept from the context's
// build) hands the event loop a turn every few milliseconds: on a server, requests (health checks
// included) are answered while an analyst's scan runs, instead of after it. Counted, not timed:
// an immediate callback (re-armed at each turn) runs only when the loop gets a turn, never
// between the microtasks of a loop of awaits that wait on nothing.
import { describe, expect, test } from "bun:test";
import { generateJournal, JOURNAL_FIELDS } from "../../bench/quality/journal.ts";
import { AssayAnalysisEngine } from "../../src/analysis/engine.ts";
import { connectorAccess } from "../../src/connectors/access.ts";
import { breathe, TimeSlicer } from "../../src/domain/event-loop.ts";
import { silentLogger } from "../../src/log.ts";
import { fixedClock, memoryConnector, modulesConfig } from "../support/engine.ts";
import { turnsDuring as countTurns } from "../support/turns.ts";

/** Counts the turns the event loop gets while `work` runs. */
async function turnsDuring(work: () => Promise<void>): Promise<number> {
  return (await countTurns(work)).turns;
}

describe("long loops hand the event loop turns", () => {
  test("TimeSlicer: a promise after each slice of work, none before", async () => {
    // Counted against the time it took, not within a fixed window: on a loaded machine the thread
    // may be off its core for tens of milliseconds, and a 60 ms window then held 4 slices.
    const slicer = new TimeSlicer(5);
    let pauses = 0;
    let steps = 0;
    const started = performance.now();
    const turns = await turnsDuring(async () => {
      while (pauses < 8 && performance.now() - started < 10_000) {
        steps++;
        const pause = slicer.due();
        if (pause) {
          pauses++;
          await pause;
        }
      }
    });
    const elapsed = performance.now() - started;
    expect(pauses).toBe(8);
    // None before its slice was used up: at most one pause per 5 ms of the time it took.
    expect(pauses).toBeLessThanOrEqual(Math.floor(elapsed / 5) + 1);
    // Work ran between the pauses (the clock is read every 64 steps).
    expect(steps).toBeGreaterThanOrEqual(pauses * 64);
    expect(turns).toBeGreaterThanOrEqual(3);
    await breathe();
  });

  test("an engine scan of a journal held in memory: the history pass and the scoring both let the loop run", async () => {
    const transactions = generateJournal({ seed: 3, entries: 12_000, anomalyRate: 0.003 }).transactions;
    const engine = new AssayAnalysisEngine({
      modules: modulesConfig({ anomaly_detection: { categorical_fields: JOURNAL_FIELDS } }),
      autoThreshold: 101,
      connectors: connectorAccess([memoryConnector({ transactions })]),
      analyses: { insert: async () => {}, async *iterate() {} },
      clock: fixedClock,
      log: silentLogger,
      scanWorkers: 1,
    });
    let scanned = 0;
    const turns = await turnsDuring(async () => {
      for await (const _ of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) scanned++;
    });
    expect(scanned).toBe(transactions.length);
    // ~200 ms of work here (~8 µs an entry, two passes): 6–7 turns at one every 16 ms (more on
    // a slower machine). Held for the whole scan, the loop gets none.
    expect(turns).toBeGreaterThanOrEqual(3);
  });
});
