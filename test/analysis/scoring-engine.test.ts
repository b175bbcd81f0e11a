import { describe, expect, test } from "bun:test";
import { riskLevel, riskScore, totalAtRisk } from "../../src/analysis/scoring.ts";
import { ApiError } from "../../src/domain/errors.ts";
import { invoice, reference } from "./fixtures.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

describe("scoring ensemble", () => {
  test("noisy-OR of weight × score, bounded by 100", () => {
    expect(riskScore([])).toBe(0);
    expect(riskScore([{ weight: 0.9, score: 1 }])).toBe(90);
    expect(riskScore([{ weight: 0.5, score: 1 }, { weight: 0.5, score: 1 }])).toBe(75);
    expect(riskScore(Array.from({ length: 50 }, () => ({ weight: 1, score: 1 })))).toBe(100);
    // order does not matter
    expect(riskScore([{ weight: 0.3, score: 0.5 }, { weight: 0.8, score: 0.9 }])).toBe(riskScore([{ weight: 0.8, score: 0.9 }, { weight: 0.3, score: 0.5 }]));
  });

  test("risk levels follow the configured cut-offs", () => {
    const levels = modulesConfig({ scoring: { risk_levels: { medium: 10, high: 20, critical: 30 } } }).scoring.risk_levels;
    expect([5, 10, 25, 30].map((s) => riskLevel(s, levels))).toEqual(["low", "medium", "high", "critical"]);
    const defaults = modulesConfig().scoring.risk_levels;
    expect([29.99, 30, 60, 80].map((s) => riskLevel(s, defaults))).toEqual(["low", "medium", "high", "critical"]);
  });

  test("money sharing a risk key counts once, at its largest", () => {
    expect(totalAtRisk([{ amount_at_risk: 10, risk_key: "line:0:price" }, { amount_at_risk: 15, risk_key: "line:0:price" }, { amount_at_risk: 5, risk_key: "tax" }, { amount_at_risk: 0 }])).toBe(20);
  });

  test("config weights change the score", async () => {
    const txn = invoice("W1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] });
    const heavy = makeEngine([memoryConnector({ reference })], modulesConfig({ revenue_leakage: { weights: { price_below_contract: 1 } } }));
    const light = makeEngine([memoryConnector({ reference })], modulesConfig({ revenue_leakage: { weights: { price_below_contract: 0.2 } } }));
    const data = txn as unknown as Record<string, unknown>;
    const h = await heavy.engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", data });
    const l = await light.engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", data });
    expect(h.risk_score).toBeGreaterThan(l.risk_score);
    expect(h.alert_id).not.toBeNull();
    expect(l.alert_id).toBeNull();
    expect(heavy.analyses.records[0]!.alert_id).toBe(h.alert_id);
    expect(heavy.alerts.opened[0]!.accountId).toBe("a");
  });
});

describe("engine", () => {
  const history = [
    invoice("A1", { customer: "CUST-1", lines: [{ sku: "SKU-A", qty: 10, unit: 78 }] }),
    invoice("A2", { customer: "CUST-9", lines: [{ sku: "SKU-B", qty: 1, unit: 50 }] }),
  ];

  test("the connector context is built once, cached, and rebuilt after invalidation", async () => {
    const c = memoryConnector({ transactions: history, reference });
    const { engine } = makeEngine([c]);
    for (let i = 0; i < 3; i++) await engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", data: { transaction_id: "A1" } });
    expect(c.scans).toBe(1);
    engine.invalidate("mem");
    await engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", data: { transaction_id: "A1" } });
    expect(c.scans).toBe(2);
  });

  test("scanFindings streams one finding per transaction", async () => {
    const { engine } = makeEngine([memoryConnector({ transactions: history, reference })]);
    const seen: string[] = [];
    let progress = 0;
    for await (const f of engine.scanFindings({ accountId: "a", connector: "mem", module: "revenue_leakage", onProgress: (n) => (progress = n) })) {
      seen.push(`${f.transaction.transaction_id}:${f.amount_at_risk}`);
    }
    expect(seen).toEqual(["A1:20", "A2:0"]);
    expect(progress).toBe(2);
  });

  test("unknown connectors list what the account may use; restricted ones are forbidden; disabled ones unavailable", async () => {
    const { engine } = makeEngine([memoryConnector({ id: "private", accounts: ["acct_other"] }), memoryConnector({ id: "off", enabled: false })]);
    const unknown = await engine.analyze({ accountId: "a", connector: "nope", module: "compliance" }).catch((e) => e);
    expect(unknown).toBeInstanceOf(ApiError);
    expect((unknown as ApiError).code).toBe("unknown_connector");
    expect((unknown as ApiError).options.extra).toEqual({ valid_values: ["off"] });
    const err = await engine.analyze({ accountId: "a", connector: "private", module: "compliance" }).catch((e) => e);
    expect((err as ApiError).code).toBe("forbidden");
    const off = await engine.analyze({ accountId: "a", connector: "off", module: "compliance" }).catch((e) => e);
    expect((off as ApiError).code).toBe("connector_unavailable");
  });

  test("connector errors propagate unchanged", async () => {
    const failing = memoryConnector({ id: "down" });
    failing.reference = async () => {
      throw new ApiError("connector_timeout", "connector \"down\" did not answer within 100 ms");
    };
    const { engine } = makeEngine([failing]);
    const err = await engine.analyze({ accountId: "a", connector: "down", module: "compliance", data: { transaction_id: "X", amount: 1 } }).catch((e) => e);
    expect((err as ApiError).code).toBe("connector_timeout");
  });

  // The speed of a warm single-transaction analysis is measured by bench/engine-warm.ts (make bench).
});
