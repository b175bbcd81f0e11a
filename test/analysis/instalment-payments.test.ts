// Payments alike that settle the vendor's bills in parts (instalments.ts): a bill paid in two equal
// halves a week apart, or the payment run's total of the oldest open bills split over two runs,
// is no payment made twice — where nothing names the bill a payment applies to (a G/L entries
// list), the vendor's bills posted before the first payment and still open are what tells. A copy
// of a payment is the same amount again with no second bill to settle: it stays an alarm, and so
// does a copy where the payment's own amount is a bill of the vendor's (the first payment settled
// it in full) and a bill of twice the amount is open besides — the auditor asks for the remittance.
import { describe, expect, test } from "bun:test";
import type { Anomaly } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

/** A vendor's bill or payment on an AP register: one row per document, no account. */
const doc = (id: string, type: "invoice" | "payment", day: string, amount: number, vendor = "V20024"): Transaction => ({
  transaction_id: id,
  type,
  date: `${day}T00:00:00Z`,
  customer_id: vendor,
  currency: "USD",
  amount,
  lines: [],
});

/** A Business Central G/L entry of a vendor's bill or payment: one row per line, the account an attribute. */
const glLine = (id: string, type: "invoice" | "payment", day: string, amount: number, account: string, vendor = "V20024"): Transaction => ({
  ...doc(id, type, day, amount, vendor),
  attributes: { "G/L Account No.": account, "Source Code": type === "invoice" ? "PURCHASES" : "PAYMENTJNL" },
});
/** A bill posted on the G/L: inventory debited, the payable credited. */
const glBill = (id: string, day: string, amount: number) => [glLine(`${id}-1`, "invoice", day, amount, "13100 Inventory"), glLine(`${id}-2`, "invoice", day, -amount, "20100 Accounts Payable - Trade")];
/** A payment posted on the G/L: the payable debited, the bank credited. */
const glPayment = (id: string, day: string, amount: number) => [glLine(`${id}-1`, "payment", day, amount, "20100 Accounts Payable - Trade"), glLine(`${id}-2`, "payment", day, -amount, "10100 Cash - Operating Account")];

const judged = async (t: Transaction, history: Transaction[]): Promise<Anomaly[]> => (await analyse(t, { module: "duplicate_detection", history })).anomalies.filter((a) => a.code === "duplicate_payment");
const high = (as: Anomaly[]) => as.filter((a) => a.severity === "high" || a.severity === "critical");

describe("payments alike that settle the vendor's bills in parts", () => {
  test("a bill paid in two equal halves a week apart: the second half is worth a look, no alarm and no money at risk", async () => {
    const history = [doc("PINV-1", "invoice", "2024-03-01", 31334.78), doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PMT-2", "payment", "2024-03-21", 15667.39)];
    const found = await judged(history[2]!, history);
    expect(found).toHaveLength(1);
    expect(high(found)).toEqual([]);
    expect(found[0]!.amount_at_risk).toBe(0);
    expect(found[0]!.message).toContain("PINV-1");
  });

  test("three equal thirds of one bill: the third is no copy either", async () => {
    const history = [doc("PINV-1", "invoice", "2024-03-01", 30000), doc("PMT-1", "payment", "2024-03-07", 10000), doc("PMT-2", "payment", "2024-03-14", 10000), doc("PMT-3", "payment", "2024-03-21", 10000)];
    expect(high(await judged(history[3]!, history))).toEqual([]);
  });

  test("halves of the payment run's total of the vendor's oldest open bills (a run of bills in posting order)", async () => {
    const history = [
      doc("PINV-1", "invoice", "2024-01-12", 10403.01),
      doc("PINV-2", "invoice", "2024-01-26", 5086.88),
      doc("PINV-3", "invoice", "2024-01-31", 20289.74),
      doc("PINV-4", "invoice", "2024-02-01", 11045.04),
      doc("PMT-1", "payment", "2024-02-22", 10403.01),
      doc("PINV-5", "invoice", "2024-02-22", 22262.4),
      doc("PMT-2", "payment", "2024-03-07", 5086.88),
      doc("PINV-6", "invoice", "2024-03-12", 10193.59),
      doc("PMT-3", "payment", "2024-03-14", 15667.39),
      doc("PINV-7", "invoice", "2024-03-19", 2463.29),
      doc("PMT-4", "payment", "2024-03-21", 15667.39),
    ];
    const found = await judged(history[10]!, history);
    expect(found).toHaveLength(1);
    expect(high(found)).toEqual([]);
  });

  test("the same on Business Central G/L entries: both lines of each bill and payment", async () => {
    const history = [...glBill("PINV-3", "2024-01-31", 20289.74), ...glBill("PINV-4", "2024-02-01", 11045.04), ...glBill("PINV-5", "2024-02-22", 22262.4), ...glPayment("PMT-3", "2024-03-14", 15667.39), ...glPayment("PMT-4", "2024-03-21", 15667.39)];
    for (const t of history.slice(-2)) {
      const found = await judged(t, history);
      expect(found).toHaveLength(1);
      expect(high(found)).toEqual([]);
    }
  });

  test("a payment of two bills posted twice on a ledger whose bills post a tax line: each bill's lines add up to its payable, so two bills' lines are no run of four bills", async () => {
    // A Canadian bill: inventory (net) and HST debited, the payable credited (gross).
    const taxedBill = (id: string, day: string, net: number, hst: number) => [glLine(`${id}-1`, "invoice", day, net, "13100 Inventory"), glLine(`${id}-2`, "invoice", day, hst, "22160 HST Recoverable"), glLine(`${id}-3`, "invoice", day, -(net + hst), "20100 Accounts Payable - Trade")];
    const bills = [...taxedBill("CPINV-1", "2024-06-03", 3336, 433.7), ...taxedBill("CPINV-2", "2024-06-06", 11533.13, 1499.31)];
    const paid = 16802.14;
    const history = [...bills, ...glPayment("CPMT-1", "2024-06-13", paid), ...glPayment("CPMT-2", "2024-06-15", paid)];
    for (const t of history.slice(-2)) expect(high(await judged(t, history))).toHaveLength(1);
    // Halves of the two bills' total are instalments there too.
    const halves = [...bills, ...glPayment("CPMT-3", "2024-06-13", paid / 2), ...glPayment("CPMT-4", "2024-06-20", paid / 2)];
    for (const t of halves.slice(-2)) expect(high(await judged(t, halves))).toEqual([]);
  });

  test("a vendor paid the same amount for two equal bills: two payments for two bills", async () => {
    const history = [doc("PINV-1", "invoice", "2024-03-01", 4150), doc("PINV-2", "invoice", "2024-03-04", 4150), doc("PMT-1", "payment", "2024-03-14", 4150), doc("PMT-2", "payment", "2024-03-18", 4150)];
    expect(high(await judged(history[3]!, history))).toEqual([]);
  });

  test("a payment posted twice: the same amount again with no second bill to settle", async () => {
    const history = [doc("PINV-0", "invoice", "2024-02-20", 8000), doc("PINV-1", "invoice", "2024-03-01", 15667.39), doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PMT-2", "payment", "2024-03-16", 15667.39)];
    const found = high(await judged(history[3]!, history));
    expect(found).toHaveLength(1);
    expect(found[0]!.amount_at_risk).toBe(15667.39);
  });

  test("a payment posted twice where the vendor also has a bill of twice the amount open: the first paid a bill in full, the second is a copy", async () => {
    const history = [doc("PINV-1", "invoice", "2024-03-01", 15667.39), doc("PINV-2", "invoice", "2024-03-05", 31334.78), doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PMT-2", "payment", "2024-03-16", 15667.39)];
    expect(high(await judged(history[3]!, history))).toHaveLength(1);
  });

  test("a payment of several bills posted twice: no open bills add up to the two", async () => {
    const history = [doc("PINV-1", "invoice", "2024-02-20", 7000), doc("PINV-2", "invoice", "2024-03-01", 3000), doc("PINV-3", "invoice", "2024-03-08", 4321.5), doc("PMT-1", "payment", "2024-03-14", 10000), doc("PMT-2", "payment", "2024-03-15", 10000)];
    expect(high(await judged(history[4]!, history))).toHaveLength(1);
  });

  test("a monthly rent payment posted twice: each month's bill was paid, this month's once", async () => {
    const history: Transaction[] = [];
    for (let m = 1; m <= 6; m++) {
      const mm = String(m).padStart(2, "0");
      history.push(doc(`RENT-${m}`, "invoice", `2024-${mm}-01`, 12500), doc(`PMT-${m}`, "payment", `2024-${mm}-08`, 12500));
    }
    history.push(doc("PMT-6b", "payment", "2024-06-10", 12500));
    expect(high(await judged(history.at(-1)!, history))).toHaveLength(1);
  });

  test("a bill of twice the amount posted after the first payment settles nothing the first paid", async () => {
    const history = [doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PINV-1", "invoice", "2024-03-15", 31334.78), doc("PMT-2", "payment", "2024-03-16", 15667.39)];
    expect(high(await judged(history[2]!, history))).toHaveLength(1);
  });

  test("a bill of twice the amount already paid in full before settles nothing", async () => {
    const history = [doc("PINV-1", "invoice", "2024-02-01", 31334.78), doc("PMT-0", "payment", "2024-03-01", 31334.78), doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PMT-2", "payment", "2024-03-16", 15667.39)];
    expect(high(await judged(history[3]!, history))).toHaveLength(1);
  });

  test("another vendor's bill, or one in another currency, settles nothing of this vendor's", async () => {
    const other = [doc("PINV-1", "invoice", "2024-03-01", 31334.78, "V99999"), { ...doc("PINV-2", "invoice", "2024-03-01", 31334.78), currency: "CAD" }];
    const history = [...other, doc("PMT-1", "payment", "2024-03-14", 15667.39), doc("PMT-2", "payment", "2024-03-21", 15667.39)];
    expect(high(await judged(history[3]!, history))).toHaveLength(1);
  });

  test("an export not in date order: the vendor's bills are read by date, and only those of the look-back window", async () => {
    // The halves first, the bill after them in the file, and a year of older bills of the payment's total before the window.
    const old = Array.from({ length: 300 }, (_, i) => doc(`OLD-${i}`, "invoice", `2023-0${1 + (i % 6)}-1${i % 9}`, 31334.78));
    const history = [doc("PMT-2", "payment", "2024-03-21", 15667.39), doc("PMT-1", "payment", "2024-03-14", 15667.39), ...old, doc("PINV-1", "invoice", "2024-03-01", 31334.78)];
    const found = await judged(history[0]!, history);
    expect(high(found)).toEqual([]);
    expect(found[0]!.message).toContain("PINV-1");
    // The same file without the bill: the old bills are outside the 180 days, the second half stays a copy.
    expect(high(await judged(history[0]!, history.slice(0, -1)))).toHaveLength(1);
  });
});
