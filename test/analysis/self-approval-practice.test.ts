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

  test("standing_months: 0 turns the practice off, and with it compliance's history pass", async () => {
    const history = ledger();
    const depreciation = history.find((t) => t.date === "2025-06-30" && t.attributes!["Account No"] === "6180")!;
    const off = modulesConfig({ compliance: { self_approval: { standing_months: 0 } } });
    const r = await analyse(depreciation, { module: "compliance", history, config: off });
    expect(r.anomalies.map((a) => a.severity)).toEqual(["high"]);
    expect(resolveModules(off).get("compliance")!.history).toBe("none");
    expect(resolveModules(modulesConfig()).get("compliance")!.history).toBe("ledger");
  });

  test("without a history (inline, a new connector) every self-approval is high", async () => {
    expect(await level(line("2025-06-30", "6180"), [])).toEqual(["high"]);
  });
});
