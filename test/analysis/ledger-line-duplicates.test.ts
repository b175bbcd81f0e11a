// A general ledger mapped one row per line (docs/connectors.md: debit and credit, the account left
// as an attribute) holds a bill's payable line and, days later, its payment's cash line: the same
// vendor and the same amount, credited both times. They post to two accounts (Accounts Payable,
// Cash), so they are two events of one bill, not one document keyed twice; a bill keyed a second
// time posts its lines to the same accounts as the first and is still a copy.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const line = (id: string, day: string, amount: number, account: string, title: string): Transaction => ({
  transaction_id: id,
  type: "invoice",
  date: `${day}T00:00:00Z`,
  customer_id: "V1005",
  currency: "USD",
  amount,
  lines: [],
  attributes: { Journal: "AP", "Account No": account, "Account Title": title, Location: "HQ--Main Street" },
});

describe("duplicates among a general ledger's lines", () => {
  const billPayable = line("2400515", "2024-03-04", -1284.4, "2010", "Accounts Payable");
  const billExpense = line("2400514", "2024-03-04", 1284.4, "6200", "Food and Meals - Program");
  const paymentPayable = line("2400611", "2024-03-07", 1284.4, "2010", "Accounts Payable");
  const paymentCash = line("2400612", "2024-03-07", -1284.4, "1010", "Cash - Operating Checking");
  const history = [billExpense, billPayable, paymentPayable, paymentCash];

  test("hard negative: a payment's cash and payable lines are not copies of its bill's lines", async () => {
    for (const t of [paymentPayable, paymentCash]) expect((await analyse(t, { module: "duplicate_detection", history })).anomalies).toEqual([]);
  });

  test("the bill keyed again days later posts to the same accounts: a copy", async () => {
    const again = { ...billPayable, transaction_id: "2400700", date: "2024-03-08T00:00:00Z" };
    expect(codes((await analyse(again, { module: "duplicate_detection", history: [...history, again] })).anomalies)).toEqual(["duplicate_invoice"]);
  });
});
