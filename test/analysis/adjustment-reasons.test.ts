// A payer's remittance says why each line's allowed amount differs from the charge: the X12 835's
// adjustment group and reason codes (CAS), which a practice-management export writes per line
// (`CO-45 PR-1`, `CO-97`). A line allowed at 0 with CO-97 is an NCCI-bundled service — its payment
// is included in another line's allowance — not a price the payer cut; a line at 0 denied for
// missing information (CO-16), or adjusted only by the fee schedule (CO-45), still is. The line's
// reasons are mapped as `adjustment_reason`; `revenue_leakage.accepted_adjustment_reasons` lists
// the codes that explain a line's price (docs/analysis.md).
import { expect, test } from "bun:test";
import type { ReferenceData, Transaction, TransactionLine } from "../../src/domain/transaction.ts";
import { acceptedAdjustmentReason } from "../../src/analysis/detectors/leakage/adjustment-reasons.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";
import { codes } from "./fixtures.ts";

const feeSchedule: Partial<ReferenceData> = {
  contracts: [
    { contract_id: "FS-AET", customer_id: "AET", sku: "20611", price: 119.63, currency: "USD" },
    { contract_id: "FS-AET", customer_id: "AET", sku: "76942", price: 31.2, currency: "USD" },
  ],
};

const claim = (id: string, bundled: TransactionLine): Transaction => ({
  transaction_id: id,
  type: "invoice",
  date: "2025-06-11",
  customer_id: "AET",
  contract_id: "FS-AET",
  currency: "USD",
  amount: 119.63 + (bundled.amount ?? 0),
  lines: [{ sku: "20611", quantity: 1, amount: 119.63, adjustment_reason: "CO-45 PR-1" }, bundled],
});

async function findings(txn: Transaction, leakage: Record<string, unknown> = {}) {
  const connector = memoryConnector({ transactions: [txn], reference: { price_list: [], contracts: [], shipments: [], ...feeSchedule } });
  const { engine } = makeEngine([connector], modulesConfig({ revenue_leakage: { max_discount_pct: 0, ...leakage } }));
  return codes((await engine.analyze({ accountId: "acct_test", connector: "mem", module: "revenue_leakage", data: { transaction_id: txn.transaction_id } })).anomalies);
}

const line = (adjustment_reason?: string, amount = 0): TransactionLine => ({ sku: "76942", quantity: 1, amount, ...(adjustment_reason !== undefined ? { adjustment_reason } : {}) });

test("a line the payer bundled into another (CO-97) is no zero-price line", async () => {
  expect(await findings(claim("CLM-1", line("CO-97")))).toEqual([]);
  expect(await findings(claim("CLM-2", line("CO-45 CO-97 PR-1")))).toEqual([]);
  // CARC 234, "this procedure is not paid separately", says the same.
  expect(await findings(claim("CLM-3", line("CO-234")))).toEqual([]);
});

test("a line at 0 for another reason, or for none given, is still reported", async () => {
  expect(await findings(claim("CLM-4", line()))).toEqual(["zero_price_line"]);
  // A denial for missing information is revenue lost until it is worked.
  expect(await findings(claim("CLM-5", line("CO-16")))).toEqual(["zero_price_line"]);
  // CO-45 (the charge above the fee schedule) is on nearly every line: it explains no price.
  expect(await findings(claim("CLM-6", line("CO-45 PR-1")))).toEqual(["zero_price_line"]);
  // A reason code that merely contains 97 is another code.
  expect(await findings(claim("CLM-7", line("CO-197")))).toEqual(["zero_price_line"]);
  // Cut below the fee schedule, not bundled: still judged.
  expect(await findings(claim("CLM-8", line("CO-45", 20)))).toEqual(["price_below_contract"]);
});

test("the accepted reasons are the analyst's: a list naming a group takes that group only; an empty list accepts none", async () => {
  expect(await findings(claim("CLM-9", line("OA-97")), { accepted_adjustment_reasons: ["CO-97"] })).toEqual(["zero_price_line"]);
  expect(await findings(claim("CLM-10", line("CO-97")), { accepted_adjustment_reasons: ["CO-97"] })).toEqual([]);
  expect(await findings(claim("CLM-11", line("CO-97")), { accepted_adjustment_reasons: [] })).toEqual(["zero_price_line"]);
  // Another source's own reason code for a goodwill write-off.
  expect(await findings(claim("CLM-12", line("GOODWILL")), { accepted_adjustment_reasons: ["Goodwill"] })).toEqual([]);
});

test("reason codes are read as an export writes them: case, commas, semicolons, a group without its dash", () => {
  const accepted = modulesConfig().revenue_leakage;
  expect(acceptedAdjustmentReason({ adjustment_reason: "co-97" }, accepted)).toBe("co-97");
  expect(acceptedAdjustmentReason({ adjustment_reason: "CO-45,CO97;PR-2" }, accepted)).toBe("CO97");
  expect(acceptedAdjustmentReason({ adjustment_reason: "CO 97" }, accepted)).toBe("97");
  expect(acceptedAdjustmentReason({ adjustment_reason: "97" }, accepted)).toBe("97");
  expect(acceptedAdjustmentReason({ adjustment_reason: "CO-45" }, accepted)).toBeUndefined();
  expect(acceptedAdjustmentReason({ adjustment_reason: "X97" }, accepted)).toBeUndefined();
  expect(acceptedAdjustmentReason({}, accepted)).toBeUndefined();
});
