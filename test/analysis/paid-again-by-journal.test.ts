// A vendor paid a second time through a manual journal: a general ledger (one row per line, the
// account an attribute) holds the payment run's lines (a payment: Accounts Payable debited, the
// bank credited, the vendor named) and, days later, a journal keyed by a clerk that debits the same
// vendor's payable and credits the bank by the same amount. A journal is no payment by its type,
// so duplicate_payment never compared it; its lines are the payment's again.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes } from "./fixtures.ts";

const line = (id: string, type: Transaction["type"], day: string, amount: number, account: string, vendor = "Timken Bearings"): Transaction => ({
  transaction_id: id,
  type,
  date: `${day}T00:00:00Z`,
  customer_id: vendor,
  currency: "USD",
  amount,
  lines: [],
  attributes: { Account: account, Location: "Dayton Plant" },
});

describe("a payment made again by a journal", () => {
  const billPayable = line("501-1", "invoice", "2024-05-02", -18240.5, "2000 Accounts Payable");
  const paymentPayable = line("640-0", "payment", "2024-06-06", 18240.5, "2000 Accounts Payable");
  const paymentBank = line("640-1", "payment", "2024-06-06", -18240.5, "1000 Operating Account");
  const history = [billPayable, paymentPayable, paymentBank];

  test("a journal paying the vendor the same amount from the same accounts days later: both its lines", async () => {
    const jePayable = line("655-0", "journal_entry", "2024-06-10", 18240.5, "2000 Accounts Payable");
    const jeBank = line("655-1", "journal_entry", "2024-06-10", -18240.5, "1000 Operating Account");
    const all = [...history, jePayable, jeBank];
    const first = await analyse(jePayable, { module: "duplicate_detection", history: all });
    expect(codes(first.anomalies)).toEqual(["duplicate_payment"]);
    expect(first.anomalies[0]!.message).toContain("640-0");
    expect(codes((await analyse(jeBank, { module: "duplicate_detection", history: all })).anomalies)).toEqual(["duplicate_payment"]);
  });

  test("hard negative: a journal voiding the payment (payable credited, bank debited) pays nothing", async () => {
    const voidPayable = line("660-0", "journal_entry", "2024-06-08", -18240.5, "2000 Accounts Payable");
    const voidBank = line("660-1", "journal_entry", "2024-06-08", 18240.5, "1000 Operating Account");
    for (const t of [voidPayable, voidBank]) expect((await analyse(t, { module: "duplicate_detection", history: [...history, voidPayable, voidBank] })).anomalies).toEqual([]);
  });

  test("hard negative: the same amount to another vendor, or weeks after the payment, is another payment", async () => {
    const other = line("670-0", "journal_entry", "2024-06-10", 18240.5, "2000 Accounts Payable", "SKF USA Inc.");
    const later = line("680-0", "journal_entry", "2024-07-25", 18240.5, "2000 Accounts Payable");
    for (const t of [other, later]) expect((await analyse(t, { module: "duplicate_detection", history: [...history, t] })).anomalies).toEqual([]);
  });

  test("hard negative: a journal on another account (a reclass of the vendor's freight) is no payment", async () => {
    const reclass = line("690-0", "journal_entry", "2024-06-10", 18240.5, "5500 Freight In");
    expect((await analyse(reclass, { module: "duplicate_detection", history: [...history, reclass] })).anomalies).toEqual([]);
  });

  // The vendor's bank returns the ACH (a closed account): treasury books the return by journal —
  // the payable credited back, the bank debited — and the vendor is paid again.
  const returnBank = line("648-0", "journal_entry", "2024-06-08", 18240.5, "1000 Operating Account");
  const returnPayable = line("648-1", "journal_entry", "2024-06-08", -18240.5, "2000 Accounts Payable");
  const returned = [...history, returnBank, returnPayable];

  test("hard negative: a payment returned by the bank and booked back by journal, sent again by the next run", async () => {
    const resentPayable = line("700-0", "payment", "2024-06-13", 18240.5, "2000 Accounts Payable");
    const resentBank = line("700-1", "payment", "2024-06-13", -18240.5, "1000 Operating Account");
    const all = [...returned, resentPayable, resentBank];
    for (const t of [resentPayable, resentBank]) expect((await analyse(t, { module: "duplicate_detection", history: all })).anomalies).toEqual([]);
  });

  test("hard negative: a payment returned by the bank, paid again by a manual wire journal", async () => {
    const wirePayable = line("705-0", "journal_entry", "2024-06-11", 18240.5, "2000 Accounts Payable");
    const wireBank = line("705-1", "journal_entry", "2024-06-11", -18240.5, "1000 Operating Account");
    const all = [...returned, wirePayable, wireBank];
    for (const t of [wirePayable, wireBank]) expect((await analyse(t, { module: "duplicate_detection", history: all })).anomalies).toEqual([]);
  });

  test("a payment sent again while the first stood (its return booked only after the second): still a duplicate", async () => {
    const resentPayable = line("700-0", "payment", "2024-06-07", 18240.5, "2000 Accounts Payable");
    const all = [...returned, resentPayable];
    expect(codes((await analyse(resentPayable, { module: "duplicate_detection", history: all })).anomalies)).toEqual(["duplicate_payment"]);
  });
});
