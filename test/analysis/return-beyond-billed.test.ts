// return_beyond_billed (return-beyond-billed.ts): a cancelled policy's term nets, from its first
// instalment on, to at least zero — the return premium is the premium billed less the earned, and
// nothing earned is below nothing. A flat cancellation (on the term's first day) of an instalment
// plan returns what the down payment billed; one crediting the whole term premium returns money
// never collected. Hard negatives: the flat return of what was billed, a pro-rata return, a term
// whose first instalment is not in the history (its billing began before it), a reinstatement.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

let seq = 0;
/** A document of policy `policy`, cancelled flat on its term's first day (1 March 2025). */
function doc(date: string, o: { policy?: string; inst?: number; type?: Transaction["type"]; amount: number; status?: string }): Transaction {
  return {
    transaction_id: `INV-${62_000_000 + ++seq}`, type: o.type ?? "invoice", date, customer_id: "A-30112", contract_id: o.policy ?? "CA-8100200", currency: "USD", amount: o.amount,
    lines: [{ sku: o.inst ? "PREM" : "RP-CANC", quantity: 1, unit_price: Math.abs(o.amount), amount: o.amount }],
    attributes: { "Installment": o.inst ? String(o.inst) : "", "Installments": "4", "Term Effective": "03/01/2025", "Transaction": o.inst ? "" : "Cancellation", "Cancel Method": o.inst ? "" : "Flat", "Policy Status": o.status ?? "Cancelled", "Cancellation Date": "03/01/2025" },
  };
}
/** The down payment (a quarter of a 3,000.00 premium and the 125.00 policy fee), billed 10 February. */
const downPayment = (policy?: string) => doc("2025-02-10", { policy, inst: 1, amount: 875 });

test("a flat cancellation crediting the whole term premium where the down payment was billed", () => {
  const ret = doc("2025-03-06", { type: "credit_note", amount: -3125 });
  expect([...serviceHistoryFindings([downPayment(), ret])]).toEqual([[ret.transaction_id, ["return_beyond_billed:2250"]]]);
});

test("a credit note written positive is a return all the same", () => {
  const ret = doc("2025-03-06", { type: "credit_note", amount: 3125 });
  expect([...serviceHistoryFindings([downPayment(), ret])]).toEqual([[ret.transaction_id, ["return_beyond_billed:2250"]]]);
});

test("hard negatives: the flat return of what was billed, a pro-rata return, a term begun before the history, a return reversed by a reinstatement", () => {
  const flat = [downPayment(), doc("2025-03-06", { type: "credit_note", amount: -875 })];
  const proRata = [downPayment("CA-8100300"), doc("2025-03-12", { policy: "CA-8100300", inst: 2, amount: 750 }), doc("2025-05-02", { policy: "CA-8100300", type: "credit_note", amount: -1400 })];
  const begunBefore = [doc("2025-03-12", { policy: "CA-8100400", inst: 2, amount: 750 }), doc("2025-05-02", { policy: "CA-8100400", type: "credit_note", amount: -1400 })];
  const reinstated = [downPayment("CA-8100500"), doc("2025-03-06", { policy: "CA-8100500", type: "credit_note", amount: -875 }), doc("2025-03-20", { policy: "CA-8100500", amount: 875 + 25 })];
  expect(serviceHistoryFindings([...flat, ...proRata, ...begunBefore, ...reinstated]).size).toBe(0);
});

test("through the engine, over the connector's history", async () => {
  const ret = doc("2025-03-06", { type: "credit_note", amount: -3125 });
  expect(codes((await analyse(ret, { history: [downPayment(), ret] })).anomalies)).toContain("return_beyond_billed");
});
