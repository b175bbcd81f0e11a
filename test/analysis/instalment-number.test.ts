// An instalment plan's invoices (docs/analysis.md, "Duplicates"): a 10-pay premium plan bills ten
// equal shares of the term premium, and on a policy issued late the second instalment's invoice
// follows the down payment's by days — same insured, policy, amount and line, another instalment
// number and due date. A batch re-run that bills one instalment twice keeps its number.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

function instalment(id: string, date: string, attributes: Record<string, string>): Transaction {
  return {
    transaction_id: id, type: "invoice", date: `${date}T00:00:00Z`, customer_id: "3000466", contract_id: "WC1040501", currency: "USD", amount: 469.8, tax_amount: 0,
    lines: [{ sku: "PREM", quantity: 0.1, unit: "TERM", unit_price: 4698, amount: 469.8 }], attributes,
  };
}

test("hard negative: two instalments of one plan billed alike days apart are two bills", async () => {
  const first = instalment("INV-104", "2025-02-03", { Installment: "1", Installments: "10", "Due Date": "02/23/2025" });
  const second = instalment("INV-118", "2025-02-08", { Installment: "2", Installments: "10", "Due Date": "03/01/2025" });
  expect((await analyse(second, { module: "duplicate_detection", history: [first, second] })).anomalies).toEqual([]);
  for (const name of ["Installment No", "Instalment Number"]) {
    const a = instalment("INV-201", "2025-02-03", { [name]: "1" });
    const b = instalment("INV-202", "2025-02-08", { [name]: "2" });
    expect((await analyse(b, { module: "duplicate_detection", history: [a, b] })).anomalies).toEqual([]);
  }
});

test("the same instalment invoiced twice is a duplicate", async () => {
  const second = instalment("INV-118", "2025-02-08", { Installment: "2", Installments: "10", "Due Date": "03/01/2025" });
  const copy = instalment("INV-119", "2025-02-09", { Installment: "2", Installments: "10", "Due Date": "03/01/2025" });
  expect(codes((await analyse(copy, { module: "duplicate_detection", history: [second, copy] })).anomalies)).toEqual(["duplicate_invoice"]);
});
