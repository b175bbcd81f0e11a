// A line whose code carries a modifier (docs/connectors.md: `sku: [CPT/HCPCS, Modifier]`, "73721-26")
// is priced by the reference rows of that code where some row prices it — the chargemaster's and
// the fee schedule's component rows — and else by its base code (`base_sku`, the first column's
// value): a fee schedule that lists global codes only still prices a line billed with modifier 59
// or 50, and the component is never priced at the global service's price when a row of its own
// exists anywhere.
import { expect, test } from "bun:test";
import { ReferenceIndex } from "../../src/analysis/reference-index.ts";
import type { ReferenceData, Transaction } from "../../src/domain/transaction.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";
import { codes } from "./fixtures.ts";

const chargemaster = [
  { sku: "73721", list_price: 640, currency: "USD" },
  { sku: "73721-26", list_price: 98, currency: "USD" },
  { sku: "73721-TC", list_price: 542, currency: "USD" },
  { sku: "97110", list_price: 60, currency: "USD" },
];
const feeSchedule = [
  { contract_id: "FS-BCBS", customer_id: "BCBS", sku: "73721", price: 410, currency: "USD" },
  { contract_id: "FS-BCBS", customer_id: "BCBS", sku: "73721-26", price: 62, currency: "USD" },
  { contract_id: "FS-BCBS", customer_id: "BCBS", sku: "97110", price: 31, currency: "USD" },
];

const claim = (id: string, customer: string, lines: { sku: string; base_sku?: string; quantity: number; amount: number }[]): Transaction => ({
  transaction_id: id,
  type: "invoice",
  date: "2025-06-11",
  customer_id: customer,
  currency: "USD",
  amount: lines.reduce((s, l) => s + l.amount, 0),
  lines,
});

async function lookUp(txn: Transaction, reference: Partial<ReferenceData>) {
  const connector = memoryConnector({ transactions: [txn], reference: { price_list: [], contracts: [], shipments: [], ...reference } });
  const { engine } = makeEngine([connector], modulesConfig({ revenue_leakage: { max_discount_pct: 0 } }));
  return (await engine.analyze({ accountId: "acct_test", connector: "mem", module: "revenue_leakage", data: { transaction_id: txn.transaction_id } })).anomalies;
}

test("a code some row prices is priced by its own rows; one no row prices, by its base code", () => {
  const index = new ReferenceIndex({ price_list: chargemaster, contracts: feeSchedule, shipments: [] });
  expect(index.pricingSku({ sku: "73721-26", base_sku: "73721" })).toBe("73721-26");
  // TC is in the chargemaster only: the fee schedule's global row is no price for it.
  expect(index.pricingSku({ sku: "73721-TC", base_sku: "73721" })).toBe("73721-TC");
  expect(index.pricingSku({ sku: "97110-59", base_sku: "97110" })).toBe("97110");
  // A line of one code (or sent without its base) is priced by its sku as before.
  expect(index.pricingSku({ sku: "97110" })).toBe("97110");
  expect(index.pricingSku({ sku: "97110-59" })).toBe("97110-59");
  expect(index.pricingSku({})).toBeUndefined();
});

test("a professional component billed at its own chargemaster price is no charge below list", async () => {
  expect(await lookUp(claim("CLM-1", "MCR", [{ sku: "73721-26", base_sku: "73721", quantity: 1, amount: 98 }]), { price_list: chargemaster })).toEqual([]);
  // Below its own price it is.
  expect(codes(await lookUp(claim("CLM-2", "MCR", [{ sku: "73721-26", base_sku: "73721", quantity: 1, amount: 80 }]), { price_list: chargemaster }))).toEqual(["price_below_list"]);
});

test("a modifier no row prices falls back to the base code's price, in the price list and the fee schedule", async () => {
  expect(await lookUp(claim("CLM-3", "MCR", [{ sku: "97110-59", base_sku: "97110", quantity: 2, amount: 120 }]), { price_list: chargemaster })).toEqual([]);
  expect(codes(await lookUp(claim("CLM-4", "MCR", [{ sku: "97110-59", base_sku: "97110", quantity: 2, amount: 100 }]), { price_list: chargemaster }))).toEqual(["price_below_list"]);
  expect(codes(await lookUp(claim("CLM-5", "BCBS", [{ sku: "97110-GP", base_sku: "97110", quantity: 2, amount: 50 }]), { contracts: feeSchedule }))).toEqual(["price_below_contract"]);
  // The component the fee schedule lists is paid at its own rate.
  expect(await lookUp(claim("CLM-6", "BCBS", [{ sku: "73721-26", base_sku: "73721", quantity: 1, amount: 62 }]), { contracts: feeSchedule })).toEqual([]);
});

test("a code with several modifiers is priced by the most specific code a row prices, whichever modifier column prices it", () => {
  const index = new ReferenceIndex({ price_list: chargemaster, contracts: feeSchedule, shipments: [] });
  // A repeat of the professional component (26 then 76): the component's row, not the global service's.
  expect(index.pricingSku({ sku: "73721-26-76", base_sku: "73721" })).toBe("73721-26");
  // The pricing modifier second, behind a laterality modifier.
  expect(index.pricingSku({ sku: "73721-RT-TC", base_sku: "73721" })).toBe("73721-TC");
  // Therapy with two informational modifiers: the code's own row.
  expect(index.pricingSku({ sku: "97110-GP-59", base_sku: "97110" })).toBe("97110");
  // Every modifier informational and the code unpriced: the code, as before.
  expect(index.pricingSku({ sku: "99999-GP-59", base_sku: "99999" })).toBe("99999");
  // A base code the line's sku does not begin with (mapped apart, in a view): the base code.
  expect(index.pricingSku({ sku: "X-73721", base_sku: "73721" })).toBe("73721");
});

test("a component repeated the same day (26, 76) is charged at the component's price, not below the global service's", async () => {
  expect(await lookUp(claim("CLM-7", "MCR", [{ sku: "73721-26-76", base_sku: "73721", quantity: 1, amount: 98 }]), { price_list: chargemaster })).toEqual([]);
  expect(codes(await lookUp(claim("CLM-8", "MCR", [{ sku: "73721-26-76", base_sku: "73721", quantity: 1, amount: 80 }]), { price_list: chargemaster }))).toEqual(["price_below_list"]);
});
