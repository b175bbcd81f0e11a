// A staffing agency's weekly timesheet invoices (docs/analysis.md, "Revenue leakage"): each
// approved timesheet is billed on its own invoice a few days after the week ends, the back
// office's invoice register naming the week by its last day (`Week Ending`; TempWorks' `Weekend
// Date`). The week's hours are billed at the assignment's rates in force that week: a raise
// effective on the Monday after it does not apply to it, though the invoice is dated after that
// Monday.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";
import { assignmentRates, staffingConfig } from "./staffing-fixtures.ts";

const ref = assignmentRates;
const config = staffingConfig;
const week = (id: string, day: string, rate: number, attributes: Record<string, string>, hours = 40): Transaction => {
  const t = invoice(id, { customer: "C10376", date: `${day}T15:00:00Z`, taxRate: 0, lines: [{ sku: "REG", qty: hours, unit: rate, list: rate, disc: 0 }] });
  return { ...t, contract_id: "A510891", lines: t.lines.map(({ list_price: _l, discount_pct: _d, ...l }) => ({ ...l, unit: "HRS" })), attributes };
};

describe("a week's hours are billed at the rates in force in the week worked", () => {
  test("the week ending before a raise, invoiced after it, keeps the old rate; the next week at the old rate is short", async () => {
    // The week ending Sunday 29 March, invoiced Tuesday 31 March at the old rate: right.
    expect((await analyse(week("266001", "2026-03-31", 27.38, { "Week Ending": "03/29/2026" }), { ref, config })).anomalies).toEqual([]);
    // TempWorks calls it the weekend date.
    expect((await analyse(week("266002", "2026-03-31", 27.38, { "Weekend Date": "03/29/2026" }), { ref, config })).anomalies).toEqual([]);
    // The week ending 5 April at the old rate: the raise was not applied.
    expect(codes((await analyse(week("266003", "2026-04-07", 27.38, { "Week Ending": "04/05/2026" }), { ref, config })).anomalies)).toEqual(["price_below_contract"]);
    // Without the week the invoice's day prices it, as before.
    expect(codes((await analyse(week("266004", "2026-03-31", 27.38, {}), { ref, config })).anomalies)).toEqual(["price_below_contract"]);
  });
});
