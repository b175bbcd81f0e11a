// A scan's flagged_transactions: each flagged transaction with its own risk score and level (the
// anomalies list alone names transactions, not their scores), the strongest max_anomalies of
// them, in the order and with the scores scanFindings gives — what a per-entry evaluation of a
// ledger reads without a lookup per transaction.
import { expect, test } from "bun:test";
import { generateLedger } from "../../bench/ledger.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const ledger = generateLedger({ seed: 5, entries: 8_000, anomalyRate: 0.004 });

test("flagged_transactions: the scan's riskiest transactions with their own scores, strongest first, capped", async () => {
  const connector = memoryConnector({ transactions: ledger.transactions });
  const { engine } = makeEngine([connector], modulesConfig({ context: { history_limit: 1_000_000 } }));
  const request = { accountId: "acct_test", connector: "mem", module: "anomaly_detection" };
  const scored = new Map<string, number>();
  for await (const f of engine.scanFindings({ ...request, limit: 1_000_000 })) if (f.risk_score > 0) scored.set(f.transaction.transaction_id, f.risk_score);
  expect(scored.size).toBeGreaterThan(20);

  const all = await engine.analyze({ ...request, options: { limit: 1_000_000, max_anomalies: 10_000 } });
  const flagged = all.flagged_transactions!;
  expect(flagged.length).toBe(scored.size);
  for (const f of flagged) expect(f.risk_score).toBe(scored.get(f.transaction_id)!);
  const scores = flagged.map((f) => f.risk_score);
  expect(scores).toEqual([...scores].sort((a, b) => b - a));
  expect(new Set(flagged.filter((f) => f.risk_score >= 60).map((f) => f.risk_level))).toEqual(new Set(flagged.filter((f) => f.risk_score >= 60).map((f) => (f.risk_score >= 80 ? "critical" : "high"))));

  const top = await engine.analyze({ ...request, options: { limit: 1_000_000, max_anomalies: 10 } });
  expect(top.flagged_transactions).toEqual(flagged.slice(0, 10));
  expect(top.risk_score).toBeGreaterThanOrEqual(flagged[0]!.risk_score);
});
