// rare_value and an identifier written into routine text: a dealer's memo names the car
// ("DEPOSIT STK U24F4247" on the deposit, again on the deal ten days later) and never again. The
// sample the profile reads (the first 10,000 lines, a few weeks of a busy ledger) sees each such
// memo live longer than a twentieth of it, so the column is read value by value
// (numbered-text.ts), and each car's memo was a value never seen: thousands of medium alarms on
// the 46th data set. Judged over the whole history, the values of its template do not repeat: a
// new one is no rarity. A memo never written before, a template whose values repeat (a delivery
// route, used every day), a new account and a new cost centre still are.
import { describe, expect, test } from "bun:test";
import { profileFields } from "../../src/analysis/profile.ts";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { anomalyFindingsById } from "../support/engine.ts";

const ROUTINE = ["CUSTOMER DEPOSIT", "PARTS SALE", "LABOR", "FREIGHT", "SUPPLIES", "RENT"];
const ACCOUNTS = ["202", "320", "410", "610", "231", "700", "710", "720", "730", "740"];

/**
 * Sixty days of a busy ledger (250 lines a day, so the profile's first 10,000 lines span 40
 * days): routine memos, five cars a day whose memo is written on day d and again on day d + 10,
 * and a delivery route memo ("ROUTE 3") of ten routes used every day.
 */
function ledger(): Transaction[] {
  const rows: Transaction[] = [];
  const at = (day: number, k: number) => new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + (8 * 3600 + k * 100) * 1000).toISOString();
  let n = 0;
  const push = (day: number, k: number, memo: string, account: string, cc: string) =>
    rows.push({ transaction_id: `T${n}`, type: "journal_entry", date: at(day, k), currency: "USD", amount: 100 + (n % 97) * 13, created_by: `U${n++ % 5}`, lines: [], attributes: { Account: account, "Cost Center": cc, Memo: memo } });
  const cars: { day: number; memo: string }[] = [];
  for (let day = 0; day < 60; day++) {
    for (let k = 0; k < 230; k++) push(day, k, ROUTINE[(day + k) % ROUTINE.length]!, ACCOUNTS[(day * 7 + k) % ACCOUNTS.length]!, `CC-${200 + ((day + k) % 8)}`);
    for (let r = 0; r < 10; r++) push(day, 230 + r, `ROUTE ${r + 1}`, "710", "CC-203");
    for (let c = 0; c < 5; c++) cars.push({ day, memo: `DEPOSIT STK U${24_000 + day * 5 + c}` });
    for (const car of cars.filter((x) => x.day === day || x.day + 10 === day)) push(day, 240 + (n % 10), car.memo, "320", "CC-200");
  }
  return rows;
}

const rareFields = (f: TransactionFinding | undefined) => (f?.anomalies ?? []).filter((a) => a.code === "rare_value").map((a) => a.field);

describe("rare_value and an identifier written into routine text", () => {
  test("the profile reads the memo value by value: its cars live longer than a twentieth of the sample", () => {
    const memo = profileFields(ledger().slice(0, 10_000)).find((p) => p.field === "attributes.Memo");
    expect(memo).toBeDefined();
    expect(memo!.templated).toBeUndefined();
  });

  test("a new car's memo is no rare value; a memo never written before, a new route, account and cost centre are", async () => {
    const rows = ledger();
    const last = rows.at(-1)!;
    const like = (id: string, attributes: Record<string, string>): Transaction => ({ ...last, transaction_id: id, amount: 250, attributes: { ...last.attributes, ...attributes } });
    const probes = [
      like("new-car", { Memo: "DEPOSIT STK U99999", Account: "320", "Cost Center": "CC-200" }),
      like("new-memo", { Memo: "WRITE-OFF PER GM", Account: "320", "Cost Center": "CC-200" }),
      like("new-route", { Memo: "ROUTE 99", Account: "710", "Cost Center": "CC-203" }),
      like("new-account", { Memo: "RENT", Account: "777", "Cost Center": "CC-200" }),
      like("new-cost-centre", { Memo: "RENT", Account: "740", "Cost Center": "CC-999" }),
    ];
    const found = await anomalyFindingsById([...rows, ...probes]);
    expect(rareFields(found.get("new-car"))).toEqual([]);
    expect(rareFields(found.get("new-memo"))).toContain("attributes.Memo");
    expect(rareFields(found.get("new-route"))).toContain("attributes.Memo");
    expect(rareFields(found.get("new-account"))).toContain("attributes.Account");
    expect(rareFields(found.get("new-cost-centre"))).toContain("attributes.Cost Center");
    // Nor is any car's own memo, on its deposit or its deal.
    const carLines = rows.filter((t) => String(t.attributes!.Memo).startsWith("DEPOSIT STK")).map((t) => t.transaction_id);
    expect(carLines.length).toBeGreaterThan(500);
    expect(carLines.filter((id) => rareFields(found.get(id)).includes("attributes.Memo"))).toEqual([]);
  });
});
