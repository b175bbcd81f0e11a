// A payment taken back through the cash receipts journal before it was made again: on a general
// ledger (one row per line, the account an attribute) a dealer pays its floor plan lender off for a
// sold car (the note debited, the bank credited, the lender named); the deal is unwound days later
// and the lender floors the car again — a receipt from the lender, the bank debited and the note
// credited by the same amount —; the car is sold again and paid off again. The payoff's bank line
// is a credit: its taking back is a payment-typed debit of the same lender, account and amount,
// which a payment register's rows (no account: a negative row is a void, positive rows payments)
// cannot say and a general ledger's can.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const line = (id: string, type: Transaction["type"], day: string, amount: number, account: string, counterparty = "FORD MOTOR CREDIT"): Transaction => ({
  transaction_id: id,
  type,
  date: `${day}T00:00:00Z`,
  customer_id: counterparty,
  currency: "USD",
  amount,
  lines: [],
  attributes: { Account: account, Control: "26F5632" },
});

describe("a payment taken back by a receipt from its payee, then made again", () => {
  const payoffNote = line("1213434-1", "payment", "2025-09-24", 44377.69, "310");
  const payoffBank = line("1213434-2", "payment", "2025-09-24", -44377.69, "202");
  const refloorBank = line("1213481-1", "payment", "2025-09-26", 44377.69, "202");
  const refloorNote = line("1213481-2", "payment", "2025-09-26", -44377.69, "310");
  const againNote = line("1213596-1", "payment", "2025-10-01", 44377.69, "310");
  const againBank = line("1213596-2", "payment", "2025-10-01", -44377.69, "202");

  test("the lender re-floored the car before the second payoff: neither of its lines is a duplicate", async () => {
    const all = [payoffNote, payoffBank, refloorBank, refloorNote, againNote, againBank];
    for (const t of [againNote, againBank]) expect((await analyse(t, { module: "duplicate_detection", history: all })).anomalies).toEqual([]);
  });

  test("no re-floor: the second payoff's lines are duplicates", async () => {
    const all = [payoffNote, payoffBank, againNote, againBank];
    for (const t of [againNote, againBank]) expect(codes((await analyse(t, { module: "duplicate_detection", history: all })).anomalies)).toEqual(["duplicate_payment"]);
  });

  test("a receipt from the lender of another amount, on another account, or from another payee takes nothing back", async () => {
    const others = [
      line("1213481-1", "payment", "2025-09-26", 44377.0, "202"),
      line("1213481-1", "payment", "2025-09-26", 44377.69, "205"),
      line("1213481-1", "payment", "2025-09-26", 44377.69, "202", "ALLY FINANCIAL"),
    ];
    for (const o of others) {
      const all = [payoffNote, payoffBank, o, againNote, againBank];
      expect(codes((await analyse(againBank, { module: "duplicate_detection", history: all })).anomalies)).toEqual(["duplicate_payment"]);
    }
  });

  test("the money came back only after the second payoff: still a duplicate", async () => {
    const lateBank = line("1213700-1", "payment", "2025-10-03", 44377.69, "202");
    const all = [payoffNote, payoffBank, againNote, againBank, lateBank];
    expect(codes((await analyse(againBank, { module: "duplicate_detection", history: all })).anomalies)).toEqual(["duplicate_payment"]);
  });

  test("a payment register's rows (no account): a positive payment still takes no negative one back", async () => {
    const row = (id: string, day: string, amount: number): Transaction => ({ transaction_id: id, type: "payment", date: `${day}T00:00:00Z`, customer_id: "V-1001", currency: "USD", amount, lines: [] });
    const first = row("P1", "2025-09-24", -500), paid = row("P2", "2025-09-25", 500), second = row("P3", "2025-09-27", -500);
    const before = codes((await analyse(second, { module: "duplicate_detection", history: [first, second] })).anomalies);
    expect(codes((await analyse(second, { module: "duplicate_detection", history: [first, paid, second] })).anomalies)).toEqual(before);
  });
});
