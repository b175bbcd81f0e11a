// A line whose own text names the days it bills ("Pick and pack per order 06/01-06/15 (rate sheet
// RS-C1-2025)"): a client moving to its renewed rate sheet mid-month is billed the month's activity
// in two lines per code, each at the sheet in force on its days. The terms in force on the last of
// a line's days count as well, as a work date's do; a line without such text, and a renewal's
// increase not applied on a line of the days after it, are judged as before.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { lineServiceEnd } from "../../src/analysis/detectors/leakage/line-service-days.ts";
import { modulesConfig } from "../support/engine.ts";
import { analyse, codes } from "./fixtures.ts";

const config = modulesConfig({ revenue_leakage: { max_discount_pct: 0 } });
const ref = {
  contracts: [
    { contract_id: "RS-C1-2025", customer_id: "C1", sku: "PICK-ORDER", price: 2.6, currency: "USD", valid_from: "2025-06-16", valid_to: "2026-06-15" },
    { contract_id: "RS-C1-2026", customer_id: "C1", sku: "PICK-ORDER", price: 2.72, currency: "USD", valid_from: "2026-06-16" },
  ],
};
const bill = (id: string, lines: [string, number, number][]): Transaction => ({
  transaction_id: id, type: "invoice", date: "2026-07-02", customer_id: "C1", currency: "USD", amount: 0,
  lines: lines.map(([description, quantity, unit_price]) => ({ sku: "PICK-ORDER", quantity, unit_price, amount: Math.round(quantity * unit_price * 100) / 100, description })),
});

test("each part of a month split at a rate-sheet change is priced by the sheet of its days", async () => {
  const split = bill("S1", [["Pick and pack per order 06/01-06/15 (rate sheet RS-C1-2025)", 400, 2.6], ["Pick and pack per order 06/16-06/30 (rate sheet RS-C1-2026)", 380, 2.72]]);
  expect((await analyse(split, { ref, config })).anomalies).toEqual([]);
});

test("the days after the change billed at the old sheet are still below the contract", async () => {
  const stale = bill("S2", [["Pick and pack per order 06/16-06/30", 380, 2.6]]);
  expect(codes((await analyse(stale, { ref, config })).anomalies)).toEqual(["price_below_contract"]);
  const noText = bill("S3", [["Pick and pack per order", 780, 2.6]]);
  expect(codes((await analyse(noText, { ref, config })).anomalies)).toEqual(["price_below_contract"]);
});

test("reading the days: month-first, day-first where only that is a date, a year where written, none after the invoice", () => {
  expect(lineServiceEnd("Storage 06/01-06/15", "2026-07-02")).toBe("2026-06-15");
  expect(lineServiceEnd("Storage 12/16-12/31", "2026-01-03")).toBe("2025-12-31");
  expect(lineServiceEnd("Storage 16/06-30/06", "2026-07-02")).toBe("2026-06-30");
  expect(lineServiceEnd("Partial month 03/10/2026 - 03/14/2026", "2026-04-01")).toBe("2026-03-14");
  expect(lineServiceEnd("Storage 07/01-07/31", "2026-07-02")).toBeUndefined();
  expect(lineServiceEnd("Pick and pack per order", "2026-07-02")).toBeUndefined();
  expect(lineServiceEnd("Carton 12/24 pack", "2026-07-02")).toBeUndefined();
});

test("an ISO range names its days too, its year written: a software true-up billed in arrears", () => {
  // An ERP's line text: users over entitlement measured on 27 August, billed on the anniversary
  // invoice of 1 September at the measured year's price.
  expect(lineServiceEnd("Enterprise users over entitlement (true-up, in arrears): 37 users 2024-10-01 - 2025-08-27", "2025-09-01")).toBe("2025-08-27");
  expect(lineServiceEnd("Seat true-up 2024-10-01–2025-08-27", "2025-09-01")).toBe("2025-08-27");
  // A range reaching the invoice's day or after it is billed in advance; no calendar day is none.
  expect(lineServiceEnd("Subscription 2025-10-01 - 2026-09-30", "2025-09-01")).toBeUndefined();
  expect(lineServiceEnd("Subscription 2025-02-01 - 2025-02-30", "2025-09-01")).toBeUndefined();
  expect(lineServiceEnd("Part 2024-10 - 2025-08", "2025-09-01")).toBeUndefined();
});
