// instalment_after_cancellation (instalment-after-cancellation.ts): once a cancelled policy's
// cancellation is settled — its return premium credited or its earned premium billed, a document
// of the policy dated on or after the cancellation date that bills no instalment — the payment
// plan is closed; an instalment invoiced after that settlement bills a policy no longer in force.
// Hard negatives: an instalment issued between the cancellation's effective date and its
// processing (the return premium then counts it), the settlement and a later audit of the
// cancelled policy (no instalment), instalments of another policy, a policy reinstated (its status
// In Force again), a cancellation not yet settled.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

let seq = 0;
const us = (iso: string) => `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`;

/** A document of a policy cancelled on `cancel` (MM/DD/YYYY in the export), the term from 1 February 2025. */
function doc(date: string, o: { policy?: string; cancel?: string; inst?: number; type?: Transaction["type"]; amount?: number; status?: string; invoiceType?: string } = {}): Transaction {
  const amount = o.amount ?? 480.5;
  return {
    transaction_id: `INV-${61_000_000 + ++seq}`,
    type: o.type ?? "invoice",
    date,
    customer_id: "A-20931",
    contract_id: o.policy ?? "GL-7100200",
    currency: "USD",
    amount,
    lines: [{ sku: o.inst ? "PREM" : o.type === "credit_note" ? "RP-CANC" : "AUDIT", quantity: o.inst ? 0.1 : 1, unit: o.inst ? "TERM" : "EA", unit_price: o.inst ? 4805 : Math.abs(amount), amount }],
    attributes: {
      "Invoice Type": o.invoiceType ?? (o.inst ? "Installment" : o.type === "credit_note" ? "Return Premium" : "Audit"),
      "Installment": o.inst ? String(o.inst) : "",
      "Installments": "10",
      "Term Effective": "02/01/2025",
      "Policy Status": o.status ?? "Cancelled",
      "Cancellation Date": o.cancel === undefined ? us("2025-06-20") : o.cancel,
    },
  };
}

/** Instalments 1-5 before the cancellation on 20 June, the sixth issued on 24 June before it was processed, the return premium on 29 June. */
const cancelled = (policy = "GL-7100200", status?: string) => [
  ...["2025-02-01", "2025-02-12", "2025-03-12", "2025-04-11", "2025-05-12"].map((d, k) => doc(d, { policy, inst: k + 1, status })),
  doc("2025-06-24", { policy, inst: 6, status }),
  doc("2025-06-29", { policy, type: "credit_note", amount: -1620.4, status }),
];

test("the seventh instalment invoiced on 11 July, after the cancellation's return premium on 29 June", () => {
  const late = doc("2025-07-11", { inst: 7, amount: 489.5 });
  expect([...serviceHistoryFindings([...cancelled(), late])]).toEqual([[late.transaction_id, ["instalment_after_cancellation:489.5"]]]);
});

test("hard negatives: an instalment before the cancellation was processed, the settlement and a later audit, another policy, a reinstated policy, a cancellation not yet settled", () => {
  const audit = doc("2025-09-15", { amount: 212.4 });
  const other = [doc("2025-07-11", { policy: "BOP-7100300", inst: 7, cancel: "" })];
  const reinstated = [...cancelled("CA-7100400", "In Force"), doc("2025-07-11", { policy: "CA-7100400", inst: 7, status: "In Force" })];
  const unsettled = [doc("2025-06-24", { policy: "WC-7100500", inst: 6 }), doc("2025-07-11", { policy: "WC-7100500", inst: 7 })];
  expect(serviceHistoryFindings([...cancelled(), audit, ...other, ...reinstated, ...unsettled]).size).toBe(0);
});

test("through the engine, over the connector's history", async () => {
  const late = doc("2025-07-11", { inst: 7, amount: 489.5 });
  expect(codes((await analyse(late, { history: [...cancelled(), late] })).anomalies)).toContain("instalment_after_cancellation");
});
