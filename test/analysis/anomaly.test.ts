import { describe, expect, test } from "bun:test";
import { PopulationTests } from "../../src/analysis/detectors/anomaly/population.ts";
import { IsolationForest } from "../../src/analysis/isolation-forest.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { robustSummary, robustZ } from "../../src/analysis/stats.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

/** A steady history: 600 invoices of customers CUST-0..9 around 500, weekdays in office hours. */
function history(): Transaction[] {
  const rng = new SeededRandom(3);
  const out: Transaction[] = [];
  for (let i = 0; i < 600; i++) {
    const day = new Date(Date.UTC(2025, 0, 6) + Math.floor(i / 5) * 86_400_000);
    if (day.getUTCDay() === 0 || day.getUTCDay() === 6) day.setUTCDate(day.getUTCDate() + 2);
    const qty = rng.int(8, 12);
    out.push(
      invoice(`H-${i}`, {
        customer: `CUST-${i % 10}`,
        date: `${day.toISOString().slice(0, 10)}T${String(9 + (i % 8)).padStart(2, "0")}:15:00Z`,
        lines: [{ sku: "SKU-B", qty, unit: 50 }],
        created_by: ["ann", "bob", "cy"][i % 3],
        approved_by: ["dee", "eve"][i % 2],
      }),
    );
  }
  return out;
}
const H = history();
const module = "anomaly_detection";
/** These tests predate zero-config profiling: the fields (and the forest) as they were configured. */
const legacy = modulesConfig({ anomaly_detection: { categorical_fields: ["currency", "type", "created_by", "approved_by"], isolation_forest: { enabled: true } } });

describe("statistics", () => {
  test("robust z-score ignores a few wild values", () => {
    const s = robustSummary([1, 2, 3, 4, 5, 6, 7, 8, 9, 1000]);
    expect(s.median).toBe(5.5);
    expect(robustZ(5.5, s)).toBe(0);
    expect(robustZ(100, s)).toBeGreaterThan(10);
  });
});

describe("anomaly detectors", () => {
  test("a normal invoice raises nothing", async () => {
    const r = await analyse(invoice("N1", { customer: "CUST-1", date: "2025-03-04T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { module, history: H, config: legacy });
    expect(r.anomalies).toEqual([]);
    expect(r.risk_level).toBe("low");
  });

  test("amount far above the customer's and the SKU's history", async () => {
    const r = await analyse(invoice("N2", { customer: "CUST-1", date: "2025-03-04T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 900, unit: 50 }] }), { module, history: H, config: legacy });
    // One amount finding (the strongest context); the other contexts that agree are listed.
    const outliers = r.anomalies.filter((a) => a.code.startsWith("amount_outlier_"));
    expect(outliers).toHaveLength(1);
    const contexts = [outliers[0]!.expected as { context: Record<string, string> }, ...(outliers[0]!.actual as { also_unusual_for: Record<string, string>[] }).also_unusual_for];
    const named = contexts.flatMap((c) => Object.keys("context" in c ? (c.context as object) : c));
    expect(named).toEqual(expect.arrayContaining(["customer_id", "sku"]));
    expect(outliers[0]!.severity).toMatch(/high|critical/);
    expect(r.amount_at_risk.amount).toBe(0);
  });

  test("weekend, out-of-hours and period-end postings", async () => {
    // zed has no postings of his own: judged by the business's hours, all in the daytime.
    const r = await analyse(invoice("N3", { customer: "CUST-1", date: "2025-05-31T23:30:00Z", created_by: "zed", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 13, unit: 50 }] }), { module, history: H });
    expect(codes(r.anomalies)).toEqual(expect.arrayContaining(["weekend_posting", "out_of_hours_posting", "period_end_posting"]));
    // ann's long record has no posting near 23h: her own record speaks, more strongly (calendar-habits.test.ts).
    const own = await analyse(invoice("N3", { customer: "CUST-1", date: "2025-05-31T23:30:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 13, unit: 50 }] }), { module, history: H });
    expect(codes(own.anomalies)).toEqual(expect.arrayContaining(["weekend_posting", "out_of_hours_for_user", "period_end_posting"]));
  });

  test("a never-seen value in a field whose values repeat", async () => {
    const rare = await analyse(invoice("N4", { customer: "CUST-1", currency: "JPY", date: "2025-03-04T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { module, history: H });
    expect(codes(rare.anomalies)).toContain("rare_value");
    expect(rare.anomalies.find((a) => a.code === "rare_value")!.severity).toBe("high");
    expect(rare.anomalies.find((a) => a.code === "rare_value")!.field).toBe("currency");
  });

  test("rare combination: common values that never meet", async () => {
    const hist = H.map((t, i) => ({ ...t, created_by: i % 2 === 0 ? "ann" : "bob", approved_by: i % 2 === 0 ? "dee" : "eve" }));
    const r = await analyse(invoice("N5", { customer: "CUST-1", date: "2025-03-04T10:00:00Z", created_by: "ann", approved_by: "eve", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { module, history: hist });
    expect(codes(r.anomalies)).toContain("rare_combination");
    expect(r.anomalies.find((a) => a.code === "rare_combination")!.field).toBe("created_by,approved_by");
  });

  test("new counterparty with a large amount; an established one is not new", async () => {
    const big = { customer: "CUST-NEW", date: "2025-04-01T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 40, unit: 50 }] };
    expect(codes((await analyse(invoice("N6", big), { module, history: H })).anomalies)).toContain("new_counterparty_large_amount");
    expect(codes((await analyse(invoice("N7", { ...big, customer: "CUST-2" }), { module, history: H })).anomalies)).not.toContain("new_counterparty_large_amount");
  });

  test("isolation forest: explained, deterministic, and quiet on ordinary data", async () => {
    const odd = invoice("N8", { customer: "CUST-1", date: "2025-03-04T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 2000, unit: 50 }, { sku: "SKU-A", qty: 1, unit: 100 }, { sku: "SKU-A", qty: 1, unit: 100 }] });
    const a = await analyse(odd, { module, history: H, config: legacy });
    const b = await analyse(odd, { module, history: H, config: legacy });
    const iso = a.anomalies.find((x) => x.code === "isolation_forest");
    expect(iso).toBeDefined();
    expect((iso!.actual as { drivers: { feature: string }[] }).drivers.length).toBeGreaterThan(0);
    expect(a.anomalies).toEqual(b.anomalies);
    expect(a.risk_score).toBe(b.risk_score);
  });

  test("isolation forest scores isolated points higher, the same for the same seed", () => {
    const rng = new SeededRandom(9);
    const rows = Array.from({ length: 500 }, () => [rng.normal(), rng.normal()]);
    const f1 = IsolationForest.train(rows, { trees: 100, sampleSize: 256, seed: 1 });
    const f2 = IsolationForest.train(rows, { trees: 100, sampleSize: 256, seed: 1 });
    expect(f1.score([8, 0]).score).toBeGreaterThan(0.65);
    expect(f1.score([0, 0]).score).toBeLessThan(0.5);
    expect(f1.score([8, 0])).toEqual(f2.score([8, 0]));
    expect(f1.score([8, 0]).attribution[0]!).toBeGreaterThan(f1.score([8, 0]).attribution[1]!);
  });

  test("detectors switched off by a zero weight stay silent", async () => {
    const config = modulesConfig({ anomaly_detection: { weights: { weekend_posting: 0 } } });
    const r = await analyse(invoice("N9", { customer: "CUST-1", date: "2025-05-17T10:00:00Z", created_by: "ann", approved_by: "dee", lines: [{ sku: "SKU-B", qty: 10, unit: 50 }] }), { module, history: H, config });
    expect(codes(r.anomalies)).not.toContain("weekend_posting");
  });
});

describe("population tests", () => {
  const cfg = modulesConfig().anomaly_detection.population;

  test("Benford: log-uniform amounts conform, uniform ones do not", () => {
    const rng = new SeededRandom(5);
    const benford = new PopulationTests(cfg);
    const uniform = new PopulationTests(cfg);
    for (let i = 0; i < 3000; i++) {
      benford.add(`B${i}`, Math.round(10 ** rng.uniform(1, 6) * 100) / 100);
      uniform.add(`U${i}`, Math.round(rng.uniform(100, 999) * 100) / 100);
    }
    expect(benford.findings().map((f) => f.code)).not.toContain("benford_deviation");
    expect(uniform.findings().map((f) => f.code)).toContain("benford_deviation");
  });

  test("round amounts: over-represented ones are reported with their transactions", () => {
    const rng = new SeededRandom(6);
    const p = new PopulationTests(cfg);
    for (let i = 0; i < 1000; i++) p.add(`T${i}`, i % 20 === 0 ? 5000 : Math.round(10 ** rng.uniform(3, 5) * 100) / 100);
    const round = p.findings().find((f) => f.code === "round_amount_excess");
    expect(round).toBeDefined();
    expect((round!.actual as { transactions: string[] }).transactions).toContain("T0");
    const clean = new PopulationTests(cfg);
    for (let i = 0; i < 1000; i++) clean.add(`T${i}`, Math.round(10 ** rng.uniform(3, 5) * 100) / 100);
    expect(clean.findings().map((f) => f.code)).not.toContain("round_amount_excess");
  });
});
