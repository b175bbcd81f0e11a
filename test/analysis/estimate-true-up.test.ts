// estimate_not_trued_up (estimate-true-up.ts): a bill raised on an estimate (a franchisee's sales
// report filed late, billed on the prior month's sales; `Report Status: Estimated`) is settled by
// a later document naming it — a true-up invoice for the sales above the estimate, a credit memo
// for those below. Where the export shows that practice (most of its estimates named by a later
// document), an estimate no document names, older than the longest true-up the export shows, is
// a true-up never billed. Hard negatives: estimates trued up by an invoice or a credit memo, an
// estimate too recent for its true-up to be in the export, an export whose estimates are never
// named (a utility's estimated reads, settled by the next actual read), a bill reported as filed.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

const day = (d: number) => new Date(Date.UTC(2026, 0, 1) + d * 86_400_000).toISOString().slice(0, 10);

let seq = 0;
/** A royalty bill of unit `unit` on day `d` (days after 1 January 2026), `status` its report status. */
const bill = (unit: string, d: number, status: string, o: Partial<Transaction> = {}): Transaction => ({
  transaction_id: `RI-${++seq}`,
  type: "invoice",
  date: day(d),
  customer_id: unit,
  contract_id: `FA-${unit}`,
  currency: "USD",
  amount: 1500,
  lines: [{ sku: "ROYALTY", quantity: 25000, unit: "%", unit_price: 6, amount: 1500 }],
  attributes: { "Report Status": status, "Reason Code": "" },
  ...o,
});
/** The document settling `estimate` `after` days later: an invoice for sales above it, a credit memo for those below. */
const trueUp = (estimate: Transaction, after: number, type: "invoice" | "credit_note" = "invoice"): Transaction =>
  bill(estimate.customer_id!, Date.parse(estimate.date!) / 86_400_000 - Date.parse("2026-01-01") / 86_400_000 + after, "Submitted", { type, reference: estimate.transaction_id, amount: 120, attributes: { "Report Status": "Submitted", "Reason Code": "TRUEUP" } });

/** An export of `n` units, each with an estimate trued up 5–30 days later, and ordinary reports through day 300. */
function export_(n: number): Transaction[] {
  const out: Transaction[] = [];
  for (let u = 0; u < n; u++) {
    const unit = `L${1000 + u}`;
    for (let m = 0; m < 10; m++) out.push(bill(unit, m * 30 + 10, "Submitted"));
    const estimate = bill(unit, 40 + u * 15, "Estimated");
    out.push(estimate, trueUp(estimate, 5 + (u % 6) * 5, u % 2 === 0 ? "invoice" : "credit_note"));
  }
  return out;
}

test("an estimate no later document names, older than the export's longest true-up, is a true-up never billed", () => {
  const history = export_(8);
  const forgotten = bill("L1003", 120, "Estimated");
  const found = serviceHistoryFindings([...history, forgotten]);
  expect([...found]).toEqual([[forgotten.transaction_id, ["estimate_not_trued_up:0"]]]);
});

test("hard negatives: trued-up estimates, an estimate too recent for its true-up, bills reported as filed", () => {
  const history = export_(8);
  // The export ends with it on day 285 and its longest true-up took 30 days: it may still be settled.
  const recent = bill("L1004", 285, "Estimated");
  expect(serviceHistoryFindings([...history, recent]).size).toBe(0);
});

test("hard negative: an export whose estimates are not settled by documents naming them (estimated meter reads, trued up by the next actual read)", () => {
  const out: Transaction[] = [];
  for (let u = 0; u < 8; u++) {
    const unit = `P${2000 + u}`;
    for (let m = 0; m < 10; m++) out.push(bill(unit, m * 30 + 10, m % 4 === 1 ? "Estimated" : "Actual"));
  }
  expect(serviceHistoryFindings(out).size).toBe(0);
});

test("through the engine, over the connector's history", async () => {
  const history = export_(8);
  const forgotten = bill("L1005", 120, "Estimated");
  expect(codes((await analyse(forgotten, { history: [...history, forgotten] })).anomalies)).toContain("estimate_not_trued_up");
});
