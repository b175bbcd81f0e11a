// unbilled_recurring_charge judges every period of a contract row up to the history's last
// document day. One document dated far past the scan — a typo's year (9999-11-01 for 2025-11-01),
// a placeholder — made that last day eight thousand years away, and each monthly row "unbilled" for
// every month in between: ten rows gave 956,850 findings, 28.8 s of CPU and 1.6 GB (the twenty-first
// attack pass). A document extends the history's last day only up to a year past the scan's day
// (billing in advance reaches that far); it is still read as a document.
import { describe, expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { RecurringBillings, RecurringSchedule, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import { makeEngine, memoryConnector } from "../support/engine.ts";

const row = (sku: string): Contract => ({ contract_id: "MSA-1", customer_id: "C1", sku, price: 280, currency: "USD", valid_from: "2024-01-01", billing_frequency: "Monthly", billing_timing: "In Advance" });
const invoice = (id: string, date: string, skus = ["XC-SMF"]): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "C1", contract_id: "MSA-1", currency: "USD", amount: 280 * skus.length,
  lines: skus.map((sku) => ({ sku, quantity: 1, unit_price: 280, amount: 280 })),
});
/** Monthly invoices of 2025 on the 1st, June's missing. */
const year = () => Array.from({ length: 12 }, (_, m) => m + 1).filter((m) => m !== 6).map((m) => invoice(`INV-${m}`, `2025-${String(m).padStart(2, "0")}-01`));

describe("the history's last day for the recurring rules", () => {
  test("a document dated past the horizon does not extend it: June 2025 is the one gap", () => {
    const schedule = RecurringSchedule.of([row("XC-SMF")])!;
    const billings = new RecurringBillings(schedule, undefined, [], "2026-12-31");
    for (const t of [...year(), invoice("INV-TYPO", "9999-11-01")]) billings.add(t);
    expect(billings.last).toBe("2025-12-01");
    expect(unbilledRecurringCharges(schedule, billings).gaps.map((g) => g.periodStart)).toEqual(["2025-06-01"]);
  });

  test("a document inside the horizon (billed in advance) still extends it", () => {
    const schedule = RecurringSchedule.of([row("XC-SMF")])!;
    const billings = new RecurringBillings(schedule, undefined, [], "2026-12-31");
    for (const t of [...year(), invoice("INV-ADVANCE", "2026-12-31")]) billings.add(t);
    expect(billings.last).toBe("2026-12-31");
  });

  test("a revenue_leakage scan with one invoice of year 9999 finds the gap, not eight thousand years of them", async () => {
    const contracts = Array.from({ length: 10 }, (_, i) => row(`SKU-${i}`));
    const skus = contracts.map((c) => c.sku);
    const transactions = [...year().map((t) => invoice(t.transaction_id, t.date!, skus)), invoice("INV-TYPO", "9999-11-01", skus)];
    const { engine } = makeEngine([memoryConnector({ reference: { contracts, price_list: [], shipments: [] }, transactions })]);
    const r = await engine.analyze({ accountId: "a", connector: "mem", module: "revenue_leakage", options: { max_anomalies: 100 } });
    const unbilled = r.anomalies.filter((f) => f.code === "unbilled_recurring_charge");
    expect(unbilled.length).toBeGreaterThan(0);
    expect(new Set(unbilled.map((f) => (f.expected as { period_from: string }).period_from))).toEqual(new Set(["2025-06-01"]));
  });
});
