// Usage drawn down from a prepaid commitment (a SaaS contract's annual commit, a Zuora "prepaid
// with drawdown" charge, a Metronome commit): the commitment is invoiced once at the term's start,
// and each month's usage is then listed at its contract rate with an amount of 0, its text saying
// what it drew ("API calls 01/01 – 01/31, drawn from prepaid commit (remaining 41,200.00)"). The
// usage is paid — by the prepayment — so such a line is no missing price, and the month's usage is
// billed for a charge due every month. A line at 0 that says nothing of the kind still is.
import { expect, test } from "bun:test";
import type { Contract, Transaction } from "../../src/domain/transaction.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";
import { RecurringBillings, RecurringSchedule, unbilledRecurringCharges } from "../../src/analysis/detectors/leakage/unbilled-recurring.ts";
import { drawnFromPrepayment } from "../../src/analysis/detectors/leakage/prepaid-drawdown.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const rate: Contract = { contract_id: "A-S1", customer_id: "CUS-1", sku: "API-CALLS", price: 0.25, currency: "USD", unit: "K_CALLS", valid_from: "2025-10-01", valid_to: "2026-09-30", billing_frequency: "Month", billing_timing: "In Arrears" };
const usageBill = (id: string, date: string, description: string): Transaction => ({
  transaction_id: id, type: "invoice", date, customer_id: "CUS-1", contract_id: "A-S1", currency: "USD", amount: 0,
  lines: [{ sku: "API-CALLS", quantity: 42_000, unit: "K_CALLS", unit_price: 0.25, amount: 0, description }],
});

test("the words of a drawdown", () => {
  expect(drawnFromPrepayment({ sku: "API-CALLS", quantity: 10, unit_price: 0.25, amount: 0, description: "API calls 12/01 – 12/31, drawn from prepaid commit (remaining 144,284.38)" })).toBe(true);
  expect(drawnFromPrepayment({ sku: "HOURS", quantity: 10, unit_price: 150, amount: 0, description: "Retainer drawdown, March" })).toBe(true);
  expect(drawnFromPrepayment({ sku: "HOURS", quantity: 10, unit_price: 150, amount: 0, description: "Consulting, March" })).toBe(false);
  // A line that bills money is no drawdown, whatever it says.
  expect(drawnFromPrepayment({ sku: "API-OVG", quantity: 10, unit_price: 0.32, amount: 3.2, description: "API calls beyond the prepaid commit" })).toBe(false);
});

test("usage drawn from a prepaid commit at 0 is no zero-price line; usage at 0 that says nothing is", async () => {
  const ref = { contracts: [rate] };
  expect((await analyse(usageBill("INV-1", "2026-02-01T00:00:00Z", "API calls 01/01/2026 – 01/31/2026, drawn from prepaid commit (remaining 41200.00)"), { ref, config })).anomalies).toEqual([]);
  expect(codes((await analyse(usageBill("INV-2", "2026-02-01T00:00:00Z", "API calls 01/01/2026 – 01/31/2026"), { ref, config })).anomalies)).toEqual(["zero_price_line"]);
});

test("a month of usage drawn from the commit is billed for a charge due every month", () => {
  const bills: Transaction[] = [];
  for (let m = 1; m <= 8; m++) bills.push(usageBill(`INV-${m}`, `2026-${String(m).padStart(2, "0")}-01`, "API calls, drawn from prepaid commit"));
  const schedule = RecurringSchedule.of([rate])!;
  const billings = new RecurringBillings(schedule);
  for (const t of bills) billings.add(t);
  expect(unbilledRecurringCharges(schedule, billings).gaps).toEqual([]);
  // The same lines at 0 without the words bill nothing: every judged month is unbilled.
  const silent = new RecurringBillings(schedule);
  for (const t of bills) silent.add({ ...t, lines: t.lines.map((l) => ({ ...l, description: "API calls" })) });
  expect(unbilledRecurringCharges(schedule, silent).gaps.length).toBeGreaterThan(0);
});
