// A memo column that embeds another document's number ("Reversal of JE10738") is read by its
// template: a routine reversal is not a value never seen, a memo never written before still is,
// and codes with digits (accounts, cost centres) stay values in their own right.
import { describe, expect, test } from "bun:test";
import { isNumberedText, sampleTimes, valueTemplate } from "../../src/analysis/numbered-text.ts";
import { profileFields } from "../../src/analysis/profile.ts";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { makeEngine, memoryConnector, modulesConfig } from "../support/engine.ts";

const ROUTINE = ["Salaries and wages", "Bank charges", "Freight in", "Office supplies", "Utilities", "Rent"];
const ACCOUNTS = ["6110", "6120", "6130", "6140", "6150", "6160", "6170", "6180", "5000", "4000"];

/**
 * A year of a ledger's journal lines: routine memos, and memos written from templates with a
 * number, a few percent of the lines (as in a real ledger: enough values repeat that the column
 * is profiled as categorical, value by value).
 */
function ledger(): Transaction[] {
  const rows: Transaction[] = [];
  const at = (day: number, hour: number) => new Date(Date.UTC(2025, 0, 1) + day * 86_400_000 + hour * 3_600_000).toISOString();
  let n = 0;
  const push = (day: number, memo: string, account: string, cc: string) =>
    rows.push({ transaction_id: `T${n}`, type: "journal_entry", date: at(day, 9 + (n % 8)), currency: "USD", amount: 100 + (n % 97) * 13, created_by: `U${n++ % 5}`, lines: [], attributes: { Account: account, "Cost Center": cc, Memo: memo } });
  for (let day = 0; day < 360; day++) {
    for (let k = 0; k < 20; k++) push(day, ROUTINE[(day + k) % ROUTINE.length]!, ACCOUNTS[(day * 7 + k) % ACCOUNTS.length]!, `CC-${200 + ((day + k) % 8)}`);
    // A rarely used account, a few times a year: a code, not a numbered memo.
    if (day % 90 === 45) push(day, "Insurance", "6990", "CC-201");
    if (day % 3 === 0) push(day, `Reversal of JE${10_000 + day * 3}`, ACCOUNTS[day % 4]!, "CC-200");
    if (day % 4 === 0) push(day, `IC sale IC${20_000 + day}`, "4000", "CC-205");
    if (day % 30 === 27) push(day, `Accrual reversal 2025-${String(1 + Math.floor(day / 30)).padStart(2, "0")}`, "6150", "CC-200");
  }
  return rows;
}

async function scan(transactions: Transaction[]) {
  const { engine } = makeEngine([memoryConnector({ transactions })], modulesConfig({ context: { history_limit: 1_000_000 } }));
  const out = new Map<string, TransactionFinding>();
  for await (const f of engine.scanFindings({ accountId: "acct_test", connector: "mem", module: "anomaly_detection", limit: 1_000_000 })) out.set(f.transaction.transaction_id, f);
  return out;
}

const rareFields = (f: TransactionFinding | undefined) => (f?.anomalies ?? []).filter((a) => a.code === "rare_value" || a.code === "rare_combination").map((a) => a.field);

describe("numbered text: a memo that embeds another document's number", () => {
  test("its template masks the digits: a document number, a period, a date", () => {
    expect(valueTemplate("Reversal of JE10738")).toBe("Reversal of JE#");
    expect(valueTemplate("Accrual reversal 2024-03")).toBe("Accrual reversal #-#");
    expect(valueTemplate("Payroll 03/15/2025")).toBe("Payroll #/#/#");
    expect(valueTemplate("Write-off per CFO")).toBe("Write-off per CFO");
  });

  test("the memo is read by its template; accounts and cost centres with digits are codes, read value by value", () => {
    const rows = ledger();
    const profiles = profileFields(rows);
    const memo = profiles.find((p) => p.field === "attributes.Memo");
    expect(memo?.templated).toBe(true);
    // Six routine memos and three templates (Reversal of JE#, IC sale IC#, Accrual reversal #-#), besides Insurance.
    expect(memo?.distinct).toBe(10);
    for (const code of ["attributes.Account", "attributes.Cost Center"]) {
      const p = profiles.find((x) => x.field === code);
      expect(p).toBeDefined();
      expect(p!.templated).toBeUndefined();
    }
    const times = sampleTimes(rows);
    expect(isNumberedText(rows.map((t) => t.attributes!.Account as string), times)).toBe(false);
    expect(isNumberedText(rows.map((t) => t.attributes!["Cost Center"] as string), times)).toBe(false);
    // Over one day's entries lifetimes say nothing: read value by value, as before.
    const oneDay = rows.map((t) => ({ ...t, date: "2025-01-03T00:00:00Z" }));
    expect(isNumberedText(oneDay.map((t) => t.attributes!.Memo as string), sampleTimes(oneDay))).toBe(false);
  });

  test("a routine numbered memo is no rare value; a memo never written before, a new account and a new cost centre are", async () => {
    const rows = ledger();
    const last = rows.at(-1)!;
    const like = (id: string, attributes: Record<string, string>): Transaction => ({ ...last, transaction_id: id, amount: 250, attributes: { ...last.attributes, ...attributes } });
    const probes = [
      like("routine-reversal", { Memo: "Reversal of JE99999", Account: "6110", "Cost Center": "CC-200" }),
      like("routine-ic", { Memo: "IC sale IC29999", Account: "4000", "Cost Center": "CC-205" }),
      like("new-memo", { Memo: "Write-off per CFO", Account: "6110", "Cost Center": "CC-200" }),
      like("new-account", { Memo: "Rent", Account: "6777", "Cost Center": "CC-200" }),
      like("new-cost-centre", { Memo: "Rent", Account: "6110", "Cost Center": "CC-999" }),
    ];
    const found = await scan([...rows, ...probes]);
    expect(rareFields(found.get("routine-reversal"))).toEqual([]);
    expect(rareFields(found.get("routine-ic"))).toEqual([]);
    expect(rareFields(found.get("new-memo"))).toContain("attributes.Memo");
    expect(rareFields(found.get("new-account"))).toContain("attributes.Account");
    expect(rareFields(found.get("new-cost-centre"))).toContain("attributes.Cost Center");
    // Before, every numbered memo of the year was a value seen once: none of them is one now.
    const numbered = rows.filter((t) => /\d/.test(t.attributes!.Memo as string)).map((t) => t.transaction_id);
    expect(numbered.filter((id) => rareFields(found.get(id)).includes("attributes.Memo"))).toEqual([]);
  });
});
