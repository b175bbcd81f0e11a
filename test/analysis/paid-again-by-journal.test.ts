// A vendor paid a second time through a manual journal: a general ledger (one row per line, the
// account an attribute) holds the payment run's lines (a payment: Accounts Payable debited, the
// bank credited, the vendor named) and, days later, a journal keyed by a clerk that debits the same
// vendor's payable and credits the bank by the same amount. A journal is no payment by its type,
// so duplicate_payment never compared it; its lines are the payment's again.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { buildContext } from "../../src/analysis/context.ts";
import { evaluateTransaction } from "../../src/analysis/evaluate.ts";
import type { HistoryEntry } from "../../src/analysis/history.ts";
import { resolveModules } from "../../src/analysis/modules.ts";
import { memoryConnector, modulesConfig } from "../support/engine.ts";
import { countElementReads } from "../support/count-calls.ts";
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

// Whether a payment was booked back before it was made again was a walk over the booking-back
// journals for each pair of payments asked about: a ledger of n payments of one vendor and amount,
// n journals booking that amount back before them and n journals paying again made n × n × n
// steps — 1,600 of each (4,800 lines) took 129 s for one duplicate_detection scan. Counted here as
// the reads of the documents of a fingerprint while the ledger is judged.
describe("payments booked back: no walk over the journals per payment", () => {
  test("150 payments, 150 journals booking them back the day before and 150 paying again: each journal found, the groups read about n × n times, not n × n × n", async () => {
    const at = (id: string, type: Transaction["type"], day: number, amount: number): Transaction => ({ ...line(id, type, "2024-06-01", amount, "2000 Accounts Payable"), date: new Date(Date.UTC(2024, 5, 1 + day, 12)).toISOString() });
    const n = 150;
    const ledger = [
      ...Array.from({ length: n }, (_, k) => at(`BACK-${k}`, "journal_entry", 0, -500)),
      ...Array.from({ length: n }, (_, k) => at(`PAY-${k}`, "payment", 1, 500)),
      ...Array.from({ length: n }, (_, k) => at(`AGAIN-${k}`, "journal_entry", 2, 500)),
    ];
    const config = modulesConfig();
    const ctx = await buildContext(memoryConnector({ transactions: ledger }), config, Date.parse("2024-07-01T00:00:00Z"), undefined, "ledger");
    const module = resolveModules(config).get("duplicate_detection")!;
    let reads = 0;
    const withFingerprint = ctx.history.withFingerprint.bind(ctx.history);
    ctx.history.withFingerprint = (fp: string) => {
      const group = withFingerprint(fp);
      if (group === undefined) return undefined;
      return new Proxy(group as HistoryEntry[], {
        get(target, k, receiver) {
          if (typeof k === "string" && k !== "length" && !Number.isNaN(Number(k))) reads++;
          return Reflect.get(target, k, receiver);
        },
      });
    };
    const found = new Map<string, string[]>();
    for (const t of ledger) found.set(t.transaction_id, codes(evaluateTransaction(t, ctx, module, config).anomalies));
    // 150 payments alike a day are the vendor's habit, not copies of each other.
    expect([...found].filter(([id, c]) => id.startsWith("PAY-") && c.length > 0).length).toBe(0);
    // Each journal paying again: the payments it repeats were booked back only before they were made.
    expect([...found].filter(([id, c]) => id.startsWith("AGAIN-") && c.includes("duplicate_payment")).length).toBe(n);
    expect([...found].filter(([id, c]) => id.startsWith("BACK-") && c.length > 0).length).toBe(0);
    // The walk read ~2 × n × n × n (6.8 million) here.
    expect(reads).toBeLessThan(10 * n * n);
  });
});

// Each journal paying a vendor's amount walked every payment of that vendor and amount within the
// window for the earliest not booked back: n payments of one day, each booked back by a journal
// later that day, and n journals paying the amount again the next day made n × n steps (1,600 of
// each: 1.2 s). Whether a payment was booked back by the journal's day holds for the earlier of
// two payments whenever it holds for the later, so the earliest not booked back is a binary search.
describe("payments booked back: no walk over the payments per journal", () => {
  async function readsFor(n: number) {
    const at = (id: string, type: Transaction["type"], day: number, hour: number, amount: number): Transaction => ({ ...line(id, type, "2024-06-01", amount, "2000 Accounts Payable"), date: new Date(Date.UTC(2024, 5, 1 + day, hour)).toISOString() });
    const ledger = [
      ...Array.from({ length: n }, (_, k) => at(`PAY-${k}`, "payment", 1, 9, 500)),
      ...Array.from({ length: n }, (_, k) => at(`BACK-${k}`, "journal_entry", 1, 15, -500)),
      ...Array.from({ length: n }, (_, k) => at(`AGAIN-${k}`, "journal_entry", 2, 12, 500)),
      // One payment after the bookings back, not booked back: the journals pay it again.
      at("PAY-LATE", "payment", 1, 18, 500),
    ];
    const config = modulesConfig();
    const ctx = await buildContext(memoryConnector({ transactions: ledger }), config, Date.parse("2024-07-01T00:00:00Z"), undefined, "ledger");
    const module = resolveModules(config).get("duplicate_detection")!;
    const counter = countElementReads(ctx.history, ["withFingerprint", "datedInOrder"]);
    const found = new Map<string, string>();
    for (const t of ledger) for (const a of evaluateTransaction(t, ctx, module, config).anomalies) if (a.code === "duplicate_payment") found.set(t.transaction_id, (a.actual as { duplicate_of: string }).duplicate_of);
    expect([...found].filter(([id]) => !id.startsWith("AGAIN-"))).toEqual([]);
    expect([...found.values()].filter((of) => of === "PAY-LATE").length).toBe(n);
    return counter.reads();
  }

  test("n payments booked back and n journals paying again: the payments read grow with n log² n, not n × n", async () => {
    const r1 = await readsFor(200);
    const r2 = await readsFor(400);
    expect(r2).toBeLessThan(200 * 400);
    const r4 = await readsFor(800);
    // Walked per journal: n × n (200/400/800: 402,606/1,765,606/7,692,006); now about n log² n (15,601/38,401/92,801).
    expect(r4).toBeLessThan(200 * 800);
    expect(r4 / r1).toBeLessThan(6);
  });
});
