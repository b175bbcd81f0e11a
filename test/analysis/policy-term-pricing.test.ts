// A P&C insurer's premium billing (docs/quality.md, the twenty-fourth data set): each policy term's
// premium is a contract row of the policy, valid from the term's effective date to its expiration,
// and a renewal is invoiced weeks before its term begins (the down payment due on the renewal
// date). The renewal's premium is the new term's, not the expiring one's; a renewal billed at the
// expiring premium is a renewal whose re-rating never reached billing.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

// The policy administration system writes a term's expiration as the next term's effective date
// (coverage ends at 12:01 a.m. that day, when the renewal's begins).
const terms = (expiring: number, renewal: number) => ({
  price_list: [],
  contracts: [
    { contract_id: "GL1040061", customer_id: "3000143", sku: "PREM", unit: "TERM", price: expiring, currency: "USD", valid_from: "2025-02-15", valid_to: "2026-02-15" },
    { contract_id: "GL1040061", customer_id: "3000143", sku: "PREM", unit: "TERM", price: renewal, currency: "USD", valid_from: "2026-02-15", valid_to: "2027-02-15" },
  ],
});

/** A premium instalment: `share` of the term premium `premium`. */
function instalment(id: string, date: string, share: number, premium: number, attributes: Record<string, string>): Transaction {
  const amount = Math.round(share * premium * 100) / 100;
  return {
    transaction_id: id, type: "invoice", date: `${date}T00:00:00Z`, customer_id: "3000143", contract_id: "GL1040061", currency: "USD", amount, tax_amount: 0,
    lines: [{ sku: "PREM", quantity: share, unit: "TERM", unit_price: premium, amount }], attributes,
  };
}
const renewalTerm = { "Term Effective": "02/15/2026", "Term Expiration": "02/15/2027", "Due Date": "02/15/2026" };

test("a renewal invoiced weeks before its term is priced at the renewal term's premium, lower or higher than the expiring one", async () => {
  expect((await analyse(instalment("INV-1", "2026-01-23", 1, 8048, renewalTerm), { ref: terms(8400, 8048) })).anomalies).toEqual([]);
  expect((await analyse(instalment("INV-2", "2026-01-23", 0.25, 9100, renewalTerm), { ref: terms(8400, 9100) })).anomalies).toEqual([]);
  // Other names policy systems give the term's first day.
  for (const name of ["Policy Effective Date", "Term Start", "Coverage Start"]) {
    expect((await analyse(instalment("INV-3", "2026-01-23", 1, 8048, { [name]: "02/15/2026" }), { ref: terms(8400, 8048) })).anomalies).toEqual([]);
  }
});

test("a renewal billed at the expiring premium is reported, on the invoice issued ahead of the term as on the term's later instalments", async () => {
  const ahead = await analyse(instalment("INV-4", "2026-01-23", 0.25, 8400, renewalTerm), { ref: terms(8400, 9100) });
  expect(codes(ahead.anomalies)).toEqual(["price_below_contract"]);
  expect(ahead.anomalies[0]!.amount_at_risk).toBe(175);
  const later = await analyse(instalment("INV-5", "2026-04-25", 0.25, 8400, renewalTerm), { ref: terms(8400, 9100) });
  expect(codes(later.anomalies)).toEqual(["price_below_contract"]);
});

test("the day one term expires and the next begins is the new term's: its first day is priced at the renewal premium", async () => {
  expect(codes((await analyse(instalment("INV-6", "2026-02-15", 0.25, 8400, {}), { ref: terms(8400, 9100) })).anomalies)).toEqual(["price_below_contract"]);
  expect((await analyse(instalment("INV-7", "2026-02-15", 0.25, 9100, {}), { ref: terms(8400, 9100) })).anomalies).toEqual([]);
  // An expiring term's last instalment invoiced before that day is the expiring term's.
  expect((await analyse(instalment("INV-8", "2026-01-25", 0.25, 8400, {}), { ref: terms(8400, 9100) })).anomalies).toEqual([]);
});
