// self_approval as a standing practice: a controller who keys and approves the month-end
// journals (depreciation, the accrual, the transfer to the money market) month after month does
// so as the business's routine — listed, no alarm. What the same user self-approves for the first
// time (their own expense claim, a vendor's bills in the weeks nobody else keys them) is reported
// as before, and so is everyone's self-approval where the history holds no such practice.
import { describe, expect, test } from "bun:test";
import { analyse } from "./fixtures.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { resolveModules } from "../../src/analysis/modules.ts";
import { modulesConfig } from "../support/engine.ts";

let seq = 0;
/** A general-ledger line mapped one row per line: the account and the counterparty (if any) say what it is. */
const line = (date: string, account: string, o: { customer?: string; by?: string; approver?: string; amount?: number } = {}): Transaction => ({
  transaction_id: `GL-${++seq}`, type: "invoice", date, currency: "USD", amount: o.amount ?? 2140, lines: [],
  created_by: o.by ?? "dchen", approved_by: o.approver ?? o.by ?? "dchen",
  ...(o.customer ? { customer_id: o.customer } : {}), attributes: { "Account No": account },
});
const monthEnd = (m: number) => new Date(Date.UTC(2024, m + 1, 0)).toISOString().slice(0, 10);

/** Two years of the controller's month-end close, keyed and approved by the controller; the
 *  bookkeeper's bills approved by the controller. */
function ledger(): Transaction[] {
  const out: Transaction[] = [];
  for (let m = 0; m < 24; m++) {
    out.push(line(monthEnd(m), "6180"), line(monthEnd(m), "1590", { amount: -2140 }));
    out.push(line(monthEnd(m).slice(0, 8) + "12", "6040", { customer: "V1001", by: "jmorales", approver: "dchen", amount: 240 }));
  }
  return out;
}

const level = async (t: Transaction, history: Transaction[]) => {
  const r = await analyse(t, { module: "compliance", history });
  return r.anomalies.filter((a) => a.code === "self_approval").map((a) => a.severity);
};

describe("self_approval", () => {
  test("the controller's month-end journal, self-approved in every month of two years: a standing practice, low", async () => {
    const history = ledger();
    const depreciation = history.find((t) => t.date === "2025-06-30" && t.attributes!["Account No"] === "6180")!;
    expect(await level(depreciation, history)).toEqual(["low"]);
    const r = await analyse(depreciation, { module: "compliance", history });
    expect(r.anomalies[0]!.message).toContain("23 other months");
  });

  test("the same controller's own expense claim, keyed and approved by himself for the first time: high", async () => {
    const history = ledger();
    const claim = line("2025-03-14", "6100", { customer: "EMP-E1050", amount: 312.4 });
    expect(await level(claim, [...history, claim])).toEqual(["high"]);
    // Three of them in three months are no standing practice yet.
    const claims = ["2024-05-14", "2024-11-05", "2025-03-14"].map((d) => line(d, "6100", { customer: "EMP-E1050", amount: 312.4 }));
    expect(await level(claims[2]!, [...history, ...claims])).toEqual(["high"]);
  });

  test("a vendor's bills keyed and approved by the controller in the two weeks nobody else keyed them: high", async () => {
    const history = ledger();
    const gap = ["2024-10-01", "2024-10-03", "2024-10-08", "2024-10-10"].map((d) => line(d, "6040", { customer: "V1001", amount: 250 }));
    expect(await level(gap[3]!, [...history, ...gap])).toEqual(["high"]);
  });

  test("the controller keying and approving a dozen vendors' bills in the weeks between two bookkeepers: one month of covering, each at medium", async () => {
    // The vendors' bills, keyed by the bookkeeper and approved by the controller, month after month.
    const vendors = Array.from({ length: 12 }, (_, i) => `V20${String(i).padStart(2, "0")}`);
    const history = [...ledger(), ...vendors.flatMap((v, i) => [3, 7].map((m) => line(`2024-0${m}-${String(2 + i).padStart(2, "0")}`, "6040", { customer: v, by: "jmorales", approver: "dchen", amount: 300 + i })))];
    const gap = vendors.map((v, i) => line(`2024-10-${String(2 + i).padStart(2, "0")}`, "6040", { customer: v, amount: 300 + i }));
    const all = [...history, ...gap];
    for (const bill of [gap[0]!, gap[11]!]) expect(await level(bill, all)).toEqual(["medium"]);
    const r = await analyse(gap[5]!, { module: "compliance", history: all });
    expect(r.anomalies[0]!.message).toContain("one of 12 kinds of entry dchen approves when others key them that dchen keyed and approved in 2024-10");
    expect(r.anomalies[0]!.actual).toMatchObject({ covering_month: "2024-10", kinds_covered_that_month: 12 });
    // The controller's own expense claim that month: no kind he approves for others (the executive
    // director approves his claims; he approves only their payments, keyed by the bookkeeper), so
    // no covering: high.
    const claims = [
      line("2024-05-14", "6100", { customer: "EMP-E1050", by: "jmorales", approver: "mokafor", amount: 280 }),
      line("2024-05-28", "1010", { customer: "EMP-E1050", by: "jmorales", approver: "dchen", amount: -280 }),
      line("2024-10-08", "6100", { customer: "EMP-E1050", amount: 312.4 }),
    ];
    expect(await level(claims[2]!, [...all, ...claims])).toEqual(["high"]);
    // The month's standing practice (the month-end journals) is no lapse and stays low.
    const depreciation = history.find((t) => t.date === "2024-10-31" && t.attributes!["Account No"] === "6180")!;
    expect(await level(depreciation, all)).toEqual(["low"]);
    // Another user's one self-approval that month is that user's own lapse: high.
    const clerk = line("2024-10-09", "6040", { customer: "V2003", by: "kpatel", amount: 180 });
    expect(await level(clerk, [...all, clerk])).toEqual(["high"]);
    // The same dozen spread over a year are a dozen lapses, each high.
    const spread = vendors.map((v, i) => line(`2025-${String(1 + i).padStart(2, "0")}-09`, "6040", { customer: v, amount: 300 + i }));
    expect(await level(spread[4]!, [...history, ...spread])).toEqual(["high"]);
    // A dozen vendors the controller never approves for anyone else, keyed and approved in one
    // month: no covering (nobody else's work), each high.
    const strangers = vendors.map((v, i) => line(`2024-10-${String(2 + i).padStart(2, "0")}`, "6040", { customer: `N${v}`, amount: 300 + i }));
    expect(await level(strangers[5]!, [...history, ...strangers])).toEqual(["high"]);
    // covering_kinds: 0 turns it off.
    const off = modulesConfig({ compliance: { self_approval: { covering_kinds: 0 } } });
    const o = await analyse(gap[5]!, { module: "compliance", history: all, config: off });
    expect(o.anomalies.map((a) => a.severity)).toEqual(["high"]);
  });

  test("a handful of audit adjustments in one month (fewer kinds than covering_kinds) stay high", async () => {
    const history = ledger();
    const adjustments = ["1200", "2100", "4300", "5100", "6900"].map((a) => line("2025-02-14", a, { amount: 5400 }));
    expect(await level(adjustments[2]!, [...history, ...adjustments])).toEqual(["high"]);
  });

  test("standing_months: 0 and covering_kinds: 0 turn both off, and with them compliance's history pass", async () => {
    const history = ledger();
    const depreciation = history.find((t) => t.date === "2025-06-30" && t.attributes!["Account No"] === "6180")!;
    const off = modulesConfig({ compliance: { self_approval: { standing_months: 0, covering_kinds: 0 } } });
    const r = await analyse(depreciation, { module: "compliance", history, config: off });
    expect(r.anomalies.map((a) => a.severity)).toEqual(["high"]);
    expect(resolveModules(off).get("compliance")!.history).toBe("none");
    expect(resolveModules(modulesConfig()).get("compliance")!.history).toBe("ledger");
  });

  test("without a history (inline, a new connector) every self-approval is high", async () => {
    expect(await level(line("2025-06-30", "6180"), [])).toEqual(["high"]);
  });
});
