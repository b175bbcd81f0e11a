// A contract's billing schedule bills each service period once (docs/analysis.md, "Duplicates"):
// an ERP's invoice names its contract and the period it bills (`Service Start Date`, `Service End
// Date`). Re-issued under a new PO weeks later with the original never credited, the same period
// of the same contract is billed twice, however long after; four quarters of one price are four
// periods, and a copy of a document naming no period is still looked for within the window only.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

const period = (id: string, day: string, from: string, to: string, extra: Record<string, string> = {}): Transaction => {
  const t = invoice(id, { customer: "C104018", date: `${day}T09:00:00Z`, taxRate: 0, lines: [{ sku: "SUB-ENT", qty: 120, unit: 300, list: 315, disc: 4.76 }] });
  return { ...t, contract_id: "SUB-201950", attributes: { "Service Start Date": from, "Service End Date": to, "Customer PO": "PO-37338", ...extra } };
};

describe("a contract's service period billed twice", () => {
  const quarters = [["2025-01-01", "2025-03-31"], ["2025-04-01", "2025-06-30"], ["2025-07-01", "2025-09-30"], ["2025-10-01", "2025-12-31"]].map(([from, to], k) =>
    period(`INV-${k}`, from!, from!, to!)); // each quarter invoiced on its first day, the same lines each quarter

  test("hard negative: the same price quarter after quarter is four periods", async () => {
    for (const t of quarters.slice(1)) expect((await analyse(t, { module: "duplicate_detection", history: quarters })).anomalies).toEqual([]);
  });

  test("the same period re-issued under a new PO three weeks later, the original standing, is billed twice", async () => {
    const again = { ...period("INV-9", "2025-04-22", "2025-04-01", "2025-06-30", { "Customer PO": "PO-51120" }) };
    const r = await analyse(again, { module: "duplicate_detection", history: [...quarters, again] });
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    // The period billed again is owed back to the customer, the whole copy: a refund to come, no revenue lost.
    expect(r.anomalies[0]!.amount_at_risk).toBe(again.amount!);
    expect(r.amount_at_risk.amount).toBe(again.amount!);
    // The original credited in full first: a re-issue, no duplicate.
    const credit: Transaction = { ...quarters[1]!, transaction_id: "CM-1", type: "credit_note", date: "2025-04-20T09:00:00Z", reference: "INV-1" };
    expect((await analyse(again, { module: "duplicate_detection", history: [...quarters, credit, again] })).anomalies).toEqual([]);
  });

  test("a copy that names no period, or no contract, is looked for within the window only", async () => {
    const strip = (t: Transaction, keepContract: boolean): Transaction => {
      const { contract_id: _c, ...rest } = t;
      return keepContract ? { ...t, attributes: { "Customer PO": "PO-1" } } : rest;
    };
    const history = quarters.map((t) => strip(t, true));
    const later = { ...strip(quarters[1]!, true), transaction_id: "INV-8", date: "2025-04-22T09:00:00Z" };
    expect((await analyse(later, { module: "duplicate_detection", history: [...history, later] })).anomalies).toEqual([]);
    const noContract = quarters.map((t) => strip(t, false));
    const later2 = { ...strip(quarters[1]!, false), transaction_id: "INV-7", date: "2025-04-22T09:00:00Z" };
    expect((await analyse(later2, { module: "duplicate_detection", history: [...noContract, later2] })).anomalies).toEqual([]);
    // Within the window such a copy is found, and states no amount: which of two alike invoices is owed back, if any, no period says.
    const soon = { ...strip(quarters[1]!, true), transaction_id: "INV-6", date: "2025-04-03T09:00:00Z" };
    const r = await analyse(soon, { module: "duplicate_detection", history: [...history, soon] });
    expect(codes(r.anomalies)).toEqual(["duplicate_invoice"]);
    expect(r.anomalies[0]!.amount_at_risk).toBe(0);
  });
});
