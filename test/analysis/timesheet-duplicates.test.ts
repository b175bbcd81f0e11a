// A staffing agency's weekly timesheet invoices (docs/analysis.md, "Duplicates"): one invoice per
// approved timesheet, the invoice register naming the timesheet (`Timesheet ID`) and its week
// (`Week Ending`). A worker billed the same 40 hours week after week is not billed twice, while
// the same timesheet on a second invoice is, however long after the first it came.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";

const week = (id: string, day: string, rate: number, attributes: Record<string, string>, hours = 40): Transaction => {
  const t = invoice(id, { customer: "C10376", date: `${day}T15:00:00Z`, taxRate: 0, lines: [{ sku: "REG", qty: hours, unit: rate, list: rate, disc: 0 }] });
  return { ...t, contract_id: "A510891", lines: t.lines.map(({ list_price: _l, discount_pct: _d, ...l }) => ({ ...l, unit: "HRS" })), attributes };
};

describe("duplicates among weekly timesheet invoices", () => {
  // The same worker, the same 40 hours, every week: one invoice per timesheet.
  const weeks = ["03/01/2026", "03/08/2026", "03/15/2026", "03/22/2026"].map((we, k) =>
    week(`2650${k}`, `2026-03-${String(3 + 7 * k).padStart(2, "0")}`, 27.38, { "Week Ending": we, "Timesheet ID": `TS77010${k}` }));

  test("hard negative: the same hours billed week after week are four weeks' timesheets", async () => {
    for (const t of weeks.slice(1)) expect((await analyse(t, { module: "duplicate_detection", history: weeks })).anomalies).toEqual([]);
  });

  test("the same timesheet on a second invoice, a week later or a month later, is billed twice", async () => {
    const again = { ...weeks[1]!, transaction_id: "265099", date: "2026-03-17T15:00:00Z" };
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [...weeks, again] })).anomalies)).toEqual(["duplicate_invoice"]);
    const later = { ...weeks[1]!, transaction_id: "265199", date: "2026-04-07T15:00:00Z" };
    expect(codes((await analyse(later, { module: "duplicate_detection", history: [...weeks, later] })).anomalies)).toEqual(["duplicate_invoice"]);
    // Naming only the week, a copy a month later is beyond the window, as any other copy is.
    const weekOnly = { ...later, attributes: { "Week Ending": "03/08/2026" } };
    const weeksOnly = weeks.map((t) => ({ ...t, attributes: { "Week Ending": t.attributes!["Week Ending"]! } }));
    expect((await analyse(weekOnly, { module: "duplicate_detection", history: [...weeksOnly, weekOnly] })).anomalies).toEqual([]);
  });
});
