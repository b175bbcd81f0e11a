// A customer with several contracts — a general contractor with a subcontract per project, each
// with its own T&M rate schedule — is billed on each invoice at the contract it names
// (`contract_id`): another project's lower rate does not excuse a line billed below its own
// (docs/analysis.md, "Revenue leakage"). Without a named contract, or one that does not price the
// SKU, the customer's contracts are alternatives and the most generous governs, as before;
// promotions open to all stay alternatives.
import { expect, test } from "bun:test";
import { analyse, codes, invoice, reference } from "./fixtures.ts";

const ref = {
  price_list: [...reference.price_list, { sku: "E-JW-ST", list_price: 130, currency: "USD" }],
  contracts: [
    ...reference.contracts,
    { contract_id: "JOB-1", customer_id: "GC-1", sku: "E-JW-ST", price: 129, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
    { contract_id: "JOB-2", customer_id: "GC-1", sku: "E-JW-ST", price: 118, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
    { contract_id: "JOB-3", customer_id: "GC-1", sku: "OTHER", price: 10, currency: "USD", valid_from: "2025-01-01", valid_to: "2025-12-31" },
  ],
};
const ticket = (id: string, rate: number, contract?: string) => ({
  ...invoice(id, { customer: "GC-1", lines: [{ sku: "E-JW-ST", qty: 16, unit: rate, list: 130 }] }),
  ...(contract ? { contract_id: contract } : {}),
});

test("a line below the rate of the contract the invoice names is reported, whatever the customer's other contracts", async () => {
  const r = await analyse(ticket("TM-1", 124, "JOB-1"), { ref });
  expect(codes(r.anomalies)).toEqual(["price_below_contract"]);
  expect(r.anomalies[0]!.amount_at_risk).toBe(80); // (129 − 124) × 16
  expect(r.anomalies[0]!.expected).toMatchObject({ contract_id: "JOB-1" });
  // At its own contract's rate: nothing.
  expect((await analyse(ticket("TM-2", 129, "JOB-1"), { ref })).anomalies).toEqual([]);
  expect((await analyse(ticket("TM-3", 118, "JOB-2"), { ref })).anomalies).toEqual([]);
});

test("without a named contract pricing the SKU, the customer's contracts are alternatives", async () => {
  expect((await analyse(ticket("TM-4", 124), { ref })).anomalies).toEqual([]);
  expect((await analyse(ticket("TM-5", 124, "JOB-3"), { ref })).anomalies).toEqual([]);
  expect((await analyse(ticket("TM-6", 124, "NO-SUCH"), { ref })).anomalies).toEqual([]);
});

test("a promotion open to all stays an alternative to the named contract", async () => {
  const promo = { ...ref, contracts: [...ref.contracts, { contract_id: "PROMO-L", customer_id: "*", sku: "E-JW-ST", price: 120, currency: "USD", valid_from: "2025-06-01", valid_to: "2025-06-30" }] };
  expect((await analyse(ticket("TM-7", 121, "JOB-1"), { ref: promo })).anomalies).toEqual([]);
});
