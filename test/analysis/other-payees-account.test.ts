// A payment into a bank account another payee had long been paid into: a ghost employee paid into
// the payroll clerk's account, an account diverted to a colleague's (docs/analysis.md,
// other_payees_bank_account). The evidence is the payroll register's own account columns.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const pay = (id: string, date: string, employee: string, last4: string, hash: string, amount = 1834.2): Transaction => ({
  transaction_id: id, type: "payment", date, customer_id: employee, currency: "USD", amount, created_by: "John King", lines: [],
  attributes: { "Pay Type": "Regular", "Bank Account Last 4": `****${last4}`, "Account Hash": hash },
});

/** Biweekly pay of a few employees from January on; E2 and E3 (a married couple) share one account from the start. */
function payroll(): Transaction[] {
  const out: Transaction[] = [];
  let n = 0;
  for (let d = Date.UTC(2025, 0, 3); d < Date.UTC(2025, 11, 31); d += 14 * 86_400_000) {
    const day = new Date(d).toISOString().slice(0, 10);
    out.push(pay(`P${++n}`, day, "E1", "4411", "a1b2c3"), pay(`P${++n}`, day, "E2", "7788", "d4e5f6"), pay(`P${++n}`, day, "E3", "7788", "d4e5f6", 1402.1));
    out.push(pay(`P${++n}`, day, "E4", "1200", "0a0b0c"));
  }
  return out;
}

describe("other_payees_bank_account", () => {
  test("a new payee paid into the account another payee is still paid into is high", async () => {
    const history = payroll();
    const ghost = pay("G1", "2025-08-15", "E9", "4411", "a1b2c3");
    const r = await analyse(ghost, { module: "anomaly_detection", history: [...history, ghost] });
    const f = r.anomalies.find((a) => a.code === "other_payees_bank_account");
    expect(f?.severity).toBe("high");
    expect(f?.actual).toMatchObject({ other_payee: "E1", other_still_paid: true, first_payment_here: "2025-08-15" });
  });

  test("an established payee's account changed to a colleague's is high on each payment into it", async () => {
    const history = payroll().map((t) => (t.customer_id === "E4" && t.date! >= "2025-09-01" ? pay(`${t.transaction_id}`, t.date!, "E4", "4411", "a1b2c3") : t));
    const diverted = history.filter((t) => t.customer_id === "E4" && t.date! >= "2025-09-01");
    for (const t of diverted.slice(0, 2)) expect(codes((await analyse(t, { module: "anomaly_detection", history })).anomalies)).toContain("other_payees_bank_account");
  });

  test("hard negative: two payees sharing an account since the history began, a payee's own new account, the same last four of another account", async () => {
    const history = payroll();
    const couple = history.filter((t) => t.customer_id === "E3").at(-1)!;
    expect(codes((await analyse(couple, { module: "anomaly_detection", history })).anomalies)).not.toContain("other_payees_bank_account");
    const ownNew = pay("N1", "2025-08-15", "E1", "9090", "ffeedd");
    expect(codes((await analyse(ownNew, { module: "anomaly_detection", history: [...history, ownNew] })).anomalies)).not.toContain("other_payees_bank_account");
    // A new hire whose account ends in the same four digits as E1's but is another account (its hash differs).
    const sameLast4 = pay("N2", "2025-08-15", "E9", "4411", "998877");
    expect(codes((await analyse(sameLast4, { module: "anomaly_detection", history: [...history, sameLast4] })).anomalies)).not.toContain("other_payees_bank_account");
  });

  test("an account handed over (the other payee no longer paid into it) is medium", async () => {
    const history = payroll().filter((t) => !(t.customer_id === "E4" && t.date! >= "2025-08-01"));
    const next = pay("H1", "2025-08-15", "E5", "1200", "0a0b0c");
    const f = (await analyse(next, { module: "anomaly_detection", history: [...history, next] })).anomalies.find((a) => a.code === "other_payees_bank_account");
    expect(f?.severity).toBe("medium");
  });
});
