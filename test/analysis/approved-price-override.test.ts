// A price override below the customer's price sheet, approved by someone the discount authority
// matrix lists (revenue_leakage.approver_max_discount_pct): a distributor's sales manager meeting a
// competitor's price for a restaurant. The ERP keeps the overridden price and who approved it, but
// records no discount: the implied cut off the agreed price, within the approver's authority, is
// the authority's to give — as a cut below list is for price_below_list's policy floor.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";
import { modulesConfig } from "../support/engine.ts";

// Restaurant 20023's price sheet: the case of item 101638 at 28.07 (its tier), list 30.00.
const ref = {
  price_list: [{ sku: "101638", list_price: 30, currency: "USD" }],
  contracts: [{ contract_id: "PS-20023", customer_id: "20023", sku: "101638", price: 28.07, currency: "USD", valid_from: "2026-01-01", valid_to: "2026-12-31" }],
};
const override = (id: string, price: number, o: { approver?: string; createdBy?: string } = {}): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-04-13", customer_id: "20023", currency: "USD", amount: Math.round(4 * price * 100) / 100, tax_amount: 0,
  created_by: o.createdBy ?? "csr.patel", ...(o.approver ? { approved_by: o.approver } : {}),
  lines: [{ sku: "101638", quantity: 4, unit: "CS", unit_price: price, amount: Math.round(4 * price * 100) / 100 }],
});
const authority = modulesConfig({ revenue_leakage: { max_discount_pct: 0, approver_max_discount_pct: { "mgr.nguyen": 10 } } });

test("a cut below the price sheet approved by a listed manager, within the manager's authority, is no finding", async () => {
  // 26.11: 7 % off the sheet's 28.07.
  expect((await analyse(override("I-1", 26.11, { approver: "mgr.nguyen" }), { ref, config: authority })).anomalies).toEqual([]);
});

test("still reported: beyond the manager's authority, approved by someone not listed, by no one, or by its own author", async () => {
  // 15 % off: beyond the manager's 10 %.
  expect(codes((await analyse(override("I-2", 23.86, { approver: "mgr.nguyen" }), { ref, config: authority })).anomalies)).toEqual(["price_below_contract"]);
  expect(codes((await analyse(override("I-3", 26.11, { approver: "csr.ramirez" }), { ref, config: authority })).anomalies)).toEqual(["price_below_contract"]);
  expect(codes((await analyse(override("I-4", 26.11), { ref, config: authority })).anomalies)).toEqual(["price_below_contract"]);
  expect(codes((await analyse(override("I-5", 26.11, { approver: "mgr.nguyen", createdBy: "MGR.Nguyen" }), { ref, config: authority })).anomalies)).toEqual(["price_below_contract"]);
  // No matrix at all: the approver's name alone grants nothing.
  expect(codes((await analyse(override("I-6", 26.11, { approver: "mgr.nguyen" }), { ref, config: modulesConfig({ revenue_leakage: { max_discount_pct: 0 } }) })).anomalies)).toEqual(["price_below_contract"]);
});
