// A customer's payments received on a general ledger (one row per line, the account an attribute):
// NetSuite's Customer Payment debits the bank and credits Accounts Receivable, the customer named
// on both lines. A monthly customer paying two months' equal invoices days apart, with two
// payments, pays two invoices: its money coming in, not a payment made twice. A vendor's bill paid
// twice on the same ledger (the payable debited, the bank credited, twice) is still found.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { receivedWithoutInvoice } from "../../src/analysis/detectors/duplicates/received-payment.ts";
import { analyse, codes } from "./fixtures.ts";

const line = (id: string, day: string, amount: number, account: string, name: string, extra: Partial<Transaction> = {}): Transaction => ({
  transaction_id: id,
  type: "payment",
  date: `${day}T00:00:00Z`,
  customer_id: name,
  currency: "USD",
  amount,
  lines: [],
  attributes: { Account: account, Subsidiary: "Lumen Analytics Inc." },
  ...extra,
});

const judged = async (t: Transaction, history: Transaction[]) => codes((await analyse(t, { module: "duplicate_detection", history })).anomalies);

describe("payments received on a general ledger", () => {
  // Two monthly invoices of 4,150.00 paid late, as two payments three days apart.
  const first = [line("8801-0", "2025-03-10", 4150, "1000 Cash - SVB Operating", "Northwind Health"), line("8801-1", "2025-03-10", -4150, "1100 Accounts Receivable", "Northwind Health")];
  const second = [line("8812-0", "2025-03-13", 4150, "1000 Cash - SVB Operating", "Northwind Health"), line("8812-1", "2025-03-13", -4150, "1100 Accounts Receivable", "Northwind Health")];

  test("hard negative: a customer paying two equal invoices days apart, both lines of the second payment", async () => {
    for (const t of second) expect(await judged(t, [...first, ...second])).toEqual([]);
  });

  test("a vendor's bill paid twice on the same ledger: both lines of the second payment", async () => {
    const paid = [line("9001-0", "2025-03-06", 12800, "2000 Accounts Payable", "Snowflake Inc."), line("9001-1", "2025-03-06", -12800, "1000 Cash - SVB Operating", "Snowflake Inc.")];
    const again = [line("9020-0", "2025-03-11", 12800, "2000 Accounts Payable", "Snowflake Inc."), line("9020-1", "2025-03-11", -12800, "1000 Cash - SVB Operating", "Snowflake Inc.")];
    for (const t of again) expect(await judged(t, [...first, ...second, ...paid, ...again])).toEqual(["duplicate_payment"]);
  });

  test("a receipt naming the invoice it applies to is judged by it: one invoice paid twice is still found", async () => {
    const ref = { reference: "INV-20417" };
    const a = line("8830-1", "2025-04-10", -4150, "1100 Accounts Receivable", "Northwind Health", ref);
    const b = line("8841-1", "2025-04-14", -4150, "1100 Accounts Receivable", "Northwind Health", ref);
    expect(await judged(b, [a, b])).toEqual(["duplicate_payment"]);
  });

  test("which lines are a payment received: the bank debited or a receivable credited, told by the account's words", () => {
    expect(receivedWithoutInvoice(first[0]!)).toBe(true);
    expect(receivedWithoutInvoice(first[1]!)).toBe(true);
    // The money going out: the bank credited, the payable debited.
    expect(receivedWithoutInvoice(line("1", "2025-03-06", -500, "1000 Cash - SVB Operating", "v"))).toBe(false);
    expect(receivedWithoutInvoice(line("2", "2025-03-06", 500, "2000 Accounts Payable", "v"))).toBe(false);
    // A refund sent to a customer: the receivable debited, the bank credited.
    expect(receivedWithoutInvoice(line("3", "2025-03-06", 500, "1100 Accounts Receivable", "c"))).toBe(false);
    // A bank's fee is a cost, not cash; bare account codes say nothing; a payment register's row has no account.
    expect(receivedWithoutInvoice(line("4", "2025-03-06", 25, "6810 Bank Fees", "SVB"))).toBe(false);
    expect(receivedWithoutInvoice(line("5", "2025-03-06", 500, "1000", "c"))).toBe(false);
    expect(receivedWithoutInvoice({ ...line("6", "2025-03-06", 500, "", "c"), attributes: {} })).toBe(false);
  });
});
