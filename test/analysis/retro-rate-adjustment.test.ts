// A raise entered late in a staffing back office (docs/analysis.md, "Revenue leakage"): the weeks
// after its effective date go out at the old bill rate until the back office catches up, then a
// retro invoice (Bullhorn Back Office, TempWorks and Avionté all call it a retro adjustment) bills
// the client the difference — a line per pay code and week, the hours at the rate difference, the
// week named in the line's text (`Retro rate adjustment Regular 40.00 hrs w/e 04/05/2026 27.38 ->
// 29.57`), the first week's invoice named as the original. The weeks it made up are settled; what
// it did not make up is still at risk.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, invoice } from "./fixtures.ts";
import { assignmentRates, staffingConfig } from "./staffing-fixtures.ts";

const ref = assignmentRates;
const config = staffingConfig;
const hrs = (t: Transaction, contract = "A510891"): Transaction => ({ ...t, contract_id: contract, lines: t.lines.map(({ list_price: _l, discount_pct: _d, ...l }) => ({ ...l, unit: "HRS" })) });
const week = (id: string, day: string, weekEnding: string, rate: number, hours = 40): Transaction =>
  ({ ...hrs(invoice(id, { customer: "C10376", date: `${day}T15:00:00Z`, taxRate: 0, lines: [{ sku: "REG", qty: hours, unit: rate, list: rate, disc: 0 }] })), attributes: { "Week Ending": weekEnding } });
/** A retro invoice: per week, the hours at the rate difference, the week in the line's text. */
const retro = (id: string, day: string, original: string, weeks: { weekEnding: string; hours: number; diff: number; text?: boolean }[], contract = "A510891"): Transaction => {
  const t = hrs(invoice(id, { customer: "C10376", date: `${day}T15:00:00Z`, taxRate: 0, reference: original, lines: weeks.map((w) => ({ sku: "RETRO", qty: w.hours, unit: w.diff, list: w.diff, disc: 0 })) }), contract);
  return {
    ...t,
    attributes: { "Week Ending": weeks.at(-1)!.weekEnding, "Reason Code": "RETRO RATE" },
    lines: t.lines.map((l, i) => ({ ...l, description: weeks[i]!.text === false ? "Retro rate adjustment Regular" : `Retro rate adjustment Regular ${weeks[i]!.hours.toFixed(2)} hrs w/e ${weeks[i]!.weekEnding} 27.38 -> 29.57` })),
  };
};

const first = week("266010", "2026-04-07", "04/05/2026", 27.38);
const second = week("266011", "2026-04-14", "04/12/2026", 27.38);
const risk = (r: Awaited<ReturnType<typeof analyse>>) => r.anomalies.filter((a) => a.code === "price_below_contract").map((a) => a.amount_at_risk);

describe("weeks billed at the old rate before a late raise's retro invoice", () => {
  test("without a retro, each week at the old rate is short by its hours at the difference", async () => {
    expect(risk(await analyse(first, { ref, config, history: [first, second] }))).toEqual([87.6]);
    expect(risk(await analyse(second, { ref, config, history: [first, second] }))).toEqual([87.6]);
  });

  test("a later retro billing the difference for each week settles both, the second named only in its line's text", async () => {
    const r = retro("266020", "2026-04-21", "266010", [{ weekEnding: "04/05/2026", hours: 40, diff: 2.19 }, { weekEnding: "04/12/2026", hours: 40, diff: 2.19 }]);
    const history = [first, second, r];
    expect((await analyse(first, { ref, config, history })).anomalies).toEqual([]);
    expect((await analyse(second, { ref, config, history })).anomalies).toEqual([]);
    // The retro itself bills a difference, no rate of the contract: nothing to say of it.
    expect((await analyse(r, { ref, config, history })).anomalies).toEqual([]);
  });

  test("a week the retro leaves out, or makes up only in part, keeps what it did not bill at risk", async () => {
    const r = retro("266020", "2026-04-21", "266010", [{ weekEnding: "04/05/2026", hours: 40, diff: 2.19 }]);
    expect(risk(await analyse(second, { ref, config, history: [first, second, r] }))).toEqual([87.6]);
    const short = retro("266021", "2026-04-21", "266010", [{ weekEnding: "04/05/2026", hours: 40, diff: 2.19 }, { weekEnding: "04/12/2026", hours: 40, diff: 1 }]);
    expect(risk(await analyse(second, { ref, config, history: [first, second, short] }))).toEqual([47.6]);
  });

  test("a retro line naming no week settles the invoice the retro names as its original", async () => {
    const r = retro("266020", "2026-04-21", "266010", [{ weekEnding: "04/05/2026", hours: 40, diff: 2.19, text: false }]);
    expect((await analyse(first, { ref, config, history: [first, second, r] })).anomalies).toEqual([]);
    expect(risk(await analyse(second, { ref, config, history: [first, second, r] }))).toEqual([87.6]);
  });

  test("a retro of another assignment, or one billed before the week's invoice, settles nothing", async () => {
    const other = retro("266020", "2026-04-21", "266099", [{ weekEnding: "04/12/2026", hours: 40, diff: 2.19 }], "A510999");
    expect(codes((await analyse(second, { ref, config, history: [first, second, other] })).anomalies)).toEqual(["price_below_contract"]);
    const earlier = retro("266009", "2026-04-13", "266001", [{ weekEnding: "04/12/2026", hours: 40, diff: 2.19 }]);
    expect(codes((await analyse(second, { ref, config, history: [earlier, first, second] })).anomalies)).toEqual(["price_below_contract"]);
  });

  test("a line whose text only begins with retro (a retrofit) is no rate adjustment", async () => {
    const r = retro("266020", "2026-04-21", "266011", [{ weekEnding: "04/12/2026", hours: 40, diff: 2.19 }]);
    const retrofit = { ...r, lines: r.lines.map((l) => ({ ...l, sku: "LED-KIT", description: "Retrofit LED fixtures w/e 04/12/2026" })) };
    expect(risk(await analyse(second, { ref, config, history: [first, second, retrofit] }))).toEqual([87.6]);
    const coded = { ...r, lines: r.lines.map((l) => ({ ...l, sku: "RETRO_BILL", description: "w/e 04/12/2026" })) };
    expect((await analyse(second, { ref, config, history: [first, second, coded] })).anomalies).toEqual([]);
  });

  test("a supplemental invoice of more hours at the full rate is no rate adjustment", async () => {
    const more = { ...hrs(invoice("266022", { customer: "C10376", date: "2026-04-21T15:00:00Z", taxRate: 0, reference: "266011", lines: [{ sku: "REG", qty: 40, unit: 2.19, list: 2.19, disc: 0 }] })), attributes: { "Week Ending": "04/12/2026" } };
    const found = await analyse(second, { ref, config, history: [first, second, more] });
    expect(risk(found)).toEqual([87.6]);
  });
});

describe("a period end named with its `Date`", () => {
  const weekEnding = (attributes: Record<string, string>) => ({ ...week("266030", "2026-03-31", "", 27.38), attributes });
  test("`Period End Date` is the period's end, as `Period End` is; `Period To Date` (a running total's) is not", async () => {
    expect((await analyse(weekEnding({ "Period End Date": "03/29/2026" }), { ref, config })).anomalies).toEqual([]);
    expect((await analyse(weekEnding({ "Service Period End Date": "03/29/2026" }), { ref, config })).anomalies).toEqual([]);
    expect(codes((await analyse(weekEnding({ "Period To Date": "03/29/2026" }), { ref, config })).anomalies)).toEqual(["price_below_contract"]);
  });
});
