// The back-test applies the patterns analysts dismissed as false positives, as the service does:
// a transaction matching one would open no alert, so it is counted as suppressed, not as an alert.
import { expect, test } from "bun:test";
import { codesKey, entityKey } from "../../src/domain/suppression.ts";
import { invoice, reference } from "./fixtures.ts";
import { makeEngine, memoryConnector } from "../support/engine.ts";

test("a dismissed pattern stops the simulated alerts that match it, on both sides", async () => {
  const transactions = [
    invoice("S-1", { customer: "CUST-1", date: "2025-05-02", lines: [{ sku: "SKU-A", qty: 40, unit: 0 }] }),
    invoice("S-2", { customer: "CUST-1", date: "2025-06-13", lines: [{ sku: "SKU-A", qty: 25, unit: 0 }] }),
    invoice("S-3", { customer: "CUST-9", date: "2025-07-04", lines: [{ sku: "SKU-A", qty: 35, unit: 0 }] }),
    invoice("S-4", { customer: "CUST-9", date: "2025-05-05", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }),
  ];
  const { engine } = makeEngine([memoryConnector({ reference, transactions })]);
  const scores = new Map<string, Awaited<ReturnType<typeof engine.analyze>>>();
  for (const t of transactions) scores.set(t.transaction_id, await engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", data: t as unknown as Record<string, unknown> }));
  const alerting = [...scores.values()].filter((r) => r.risk_score >= 70);
  expect(alerting.map((r) => r.transaction_id).sort()).toEqual(["S-1", "S-2", "S-3"]); // the fixture's premise

  const request = { accountId: "a", connector: "mem", module: "revenue_leakage", labels: new Map(), labelSource: "none" };
  const plain = await engine.simulate(request);
  expect([plain.current.alerts, plain.current.suppressed]).toEqual([3, 0]);

  // CUST-1's pattern dismissed: S-1 and S-2 match (same codes, same customer), S-3 is another customer.
  const s1 = scores.get("S-1")!;
  const pattern = { codes: codesKey(s1.anomalies), entity: entityKey("CUST-1", "S-1")! };
  const withDismissal = await engine.simulate({ ...request, suppressions: [pattern] });
  expect([withDismissal.current.alerts, withDismissal.current.suppressed]).toEqual([1, 2]);
  expect([withDismissal.candidate.alerts, withDismissal.candidate.suppressed]).toEqual([1, 2]);
});
