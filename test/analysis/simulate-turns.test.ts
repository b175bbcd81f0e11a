// The back-test replays a connector's transactions on the server's thread (a `simulation`
// report), judging each twice, under the baseline and the configuration in force. Transactions
// that arrive without a wait (a source's batch, rows in memory) were judged without handing the
// event loop a turn: the twenty-first attack pass saw /livez held up to 1.85 s by the simulation
// report of a 240,000-line csv source (0.15 s since). The replay now hands it a turn every few
// milliseconds, as a scan does (scan.ts); counted here, never timed.
import { expect, test } from "bun:test";
import { invoice, reference } from "./fixtures.ts";
import { makeEngine, memoryConnector } from "../support/engine.ts";

test("the replay hands the event loop turns while it judges transactions that arrive without a wait", async () => {
  const transactions = Array.from({ length: 6_000 }, (_, i) =>
    invoice(`S-${i}`, { customer: `CUST-${i % 40}`, date: `2025-${String(1 + (i % 12)).padStart(2, "0")}-${String(1 + (i % 28)).padStart(2, "0")}`, lines: [{ sku: i % 2 ? "SKU-A" : "SKU-B", qty: 1 + (i % 5), unit: i % 2 ? 80 : 45 }] }),
  );
  const { engine } = makeEngine([memoryConnector({ reference, transactions })]);
  let turns = 0;
  let running = true;
  const tick = () => {
    turns++;
    if (running) setImmediate(tick);
  };
  // Turns are counted from the replay's first progress on: the context's build before it has its own.
  let counting = false;
  const result = await engine.simulate({
    accountId: "a",
    connector: "mem",
    module: "revenue_leakage",
    labels: new Map(),
    labelSource: "none",
    onProgress: () => {
      if (counting) return;
      counting = true;
      setImmediate(tick);
    },
  });
  running = false;
  expect(result.transactions_analyzed).toBe(6_000);
  expect(counting).toBe(true);
  expect(turns).toBeGreaterThan(0);
});
