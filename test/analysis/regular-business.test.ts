// The amount detector against the regular business an auditor knows a real ledger holds (the
// hard negatives of bench/ledger.ts `audit: true`), each on a small ledger built for the case,
// with the true anomaly beside it still found.
import { describe, expect, test } from "bun:test";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { anomalyFindingsById } from "../support/engine.ts";

const DAY = 86_400_000;
let seq = 0;
function entry(o: { account: string; amount: number; user: string; day: number; company?: string; blart?: string; bschl?: string; pc?: string }): Transaction {
  const company = o.company ?? "C1000";
  return {
    transaction_id: `E${++seq}`,
    type: "journal_entry",
    date: new Date(Date.UTC(2025, 0, 1) + o.day * DAY + 10 * 3_600_000).toISOString().slice(0, 19) + "Z",
    currency: "EUR",
    amount: o.amount,
    created_by: o.user,
    lines: [{ sku: o.account, quantity: 1, amount: o.amount }],
    attributes: { BUKRS: company, BLART: o.blart ?? "SA", BSCHL: o.bschl ?? "40", PRCTR: o.pc ?? "P1", HKONT: o.account },
  };
}

/** An ordinary ledger: clerks posting to expense accounts around their own scale, every weekday. */
function ordinary(rng: SeededRandom, days = 300, companies = ["C1000"]): Transaction[] {
  const out: Transaction[] = [];
  const users = ["ann", "bob", "cy", "dee", "eve"];
  for (let d = 0; d < days; d++) {
    if ([0, 6].includes(new Date(Date.UTC(2025, 0, 1) + d * DAY).getUTCDay())) continue;
    for (let k = 0; k < 12; k++) {
      const a = rng.int(0, 5);
      out.push(entry({ account: `6000${a}`, amount: Math.round(Math.exp(5 + a * 0.3 + 0.5 * rng.normal()) * 100) / 100, user: rng.pick(users), day: d, pc: rng.pick(["P1", "P2"]), company: rng.pick(companies) }));
    }
  }
  return out;
}

const scan = (transactions: Transaction[]) => anomalyFindingsById(transactions);
const amountFinding = (f: TransactionFinding | undefined) => f?.anomalies.find((a) => a.code.startsWith("amount_outlier_"));

/**
 * A ledger of two-line documents, as a ledger holds them side by side: the expense (or asset)
 * line, then the vendor line, same moment, same user, same amount; clerks post six ordinary
 * invoices every weekday. `daily(d)` adds a test's own documents on day d, drawing from the same
 * random stream in the same order.
 */
function twoLineLedger(seed: number, daily?: (d: number, rng: SeededRandom, doc: DocumentPoster) => void) {
  const rng = new SeededRandom(seed);
  const rows: Transaction[] = [];
  const doc: DocumentPoster = (account, amount, user, day, bschl = "40") => {
    const a = entry({ account, amount, user, day, blart: "KR", bschl });
    const v = entry({ account: "160000", amount, user, day, blart: "KR", bschl: "31" });
    rows.push(a, v);
    return [a, v] as const;
  };
  for (let d = 0; d < 300; d++) {
    if ([0, 6].includes(new Date(Date.UTC(2025, 0, 1) + d * DAY).getUTCDay())) continue;
    for (let k = 0; k < 6; k++) {
      const a = rng.int(0, 5);
      doc(`6000${a}`, Math.round(Math.exp(5 + a * 0.3 + 0.5 * rng.normal()) * 100) / 100, rng.pick(["ann", "bob", "cy"]), d);
    }
    daily?.(d, rng, doc);
  }
  return { rows, doc };
}
type DocumentPoster = (account: string, amount: number, user: string, day: number, bschl?: string) => readonly [Transaction, Transaction];

describe("regular business an auditor expects", () => {
  test("an annual prepayment is not judged against the batch that releases it a twelfth a month", async () => {
    const rng = new SeededRandom(21);
    const rows = ordinary(rng);
    // The prepaid-expense account: two payments in January by payables clerks, then the monthly
    // release of a twelfth of each by the closing batch (near-identical amounts).
    const insurance = 2_400;
    const licence = 3_000;
    const pay1 = entry({ account: "180000", amount: insurance, user: "ann", day: 8, blart: "KR" });
    const pay2 = entry({ account: "180000", amount: licence, user: "bob", day: 15, blart: "KR" });
    rows.push(pay1, pay2);
    for (let m = 0; m < 12; m++) {
      rows.push(entry({ account: "180000", amount: insurance / 12, user: "BATCH", day: 30 * m + 29, bschl: "50", blart: "SB" }));
      rows.push(entry({ account: "180000", amount: licence / 12, user: "BATCH", day: 30 * m + 29, bschl: "50", blart: "SB" }));
    }
    // A true anomaly beside it: 60× an account's usual by one of the clerks, on an account all of
    // them post to.
    const fraud = entry({ account: "60002", amount: Math.round(Math.exp(5.6) * 60), user: "cy", day: 200 });
    rows.push(fraud);
    const found = await scan(rows);
    expect(amountFinding(found.get(pay1.transaction_id))).toBeUndefined();
    expect(amountFinding(found.get(pay2.transaction_id))).toBeUndefined();
    expect(found.get(fraud.transaction_id)!.risk_level).toMatch(/high|critical/);
  });

  test("a one-off capital purchase to an account with too little history is worth a look, not an alarm", async () => {
    const rng = new SeededRandom(22);
    const rows = ordinary(rng, 300, ["C1000", "C2000"]);
    // Three asset purchases in the year, 100–200× what the clerks usually post: the asset account
    // has too little history to say what is usual there.
    const buys = [40_000, 65_000, 52_000].map((amount, k) => entry({ account: "070000", amount, user: ["ann", "bob", "cy"][k]!, day: 40 + 90 * k, blart: "KR", bschl: "70" }));
    rows.push(...buys);
    // (The other company buys assets too: the account is no rare value.)
    for (let k = 0; k < 3; k++) rows.push(entry({ account: "070000", amount: 30_000 + 10_000 * k, user: ["dee", "eve", "ann"][k]!, day: 60 + 90 * k, company: "C2000", blart: "KR", bschl: "70" }));
    // A rarely used expense account (a dozen postings, all ordinary) and 400× its usual on it: what
    // little the account has seen still speaks.
    for (let k = 0; k < 12; k++) rows.push(entry({ account: "609000", amount: Math.round(Math.exp(5.5 + 0.4 * rng.normal()) * 100) / 100, user: rng.pick(["ann", "bob"]), day: 10 + 25 * k }));
    const fraud = entry({ account: "609000", amount: Math.round(Math.exp(5.5) * 400), user: "dee", day: 250 });
    rows.push(fraud);
    const found = await scan(rows);
    for (const b of buys) {
      const f = found.get(b.transaction_id)!;
      expect(amountFinding(f)?.message).toMatch(/too few to say what is usual for it/);
      expect(f.risk_level).toBe("medium");
    }
    expect(found.get(fraud.transaction_id)!.risk_level).toMatch(/high|critical/);
  });

  test("the other line of a two-line entry says what it is: a capital purchase's vendor line is the asset account's business", async () => {
    // The asset account: a purchase every other day by the buyers, 20,000–80,000.
    const { rows, doc } = twoLineLedger(23, (d, rng, post) => {
      if (d % 2 === 0) post("070000", Math.round(Math.exp(10.6 + 0.35 * rng.normal()) * 100) / 100, rng.pick(["dee", "eve", "fay"]), d, "70");
    });
    // Ann, who posts small invoices, books a capital purchase once: ordinary for the asset account.
    const [asset, vendor] = doc("070000", 45_000, "ann", 201, "70");
    // And a true anomaly, balanced: 60× an expense account's usual, on both lines.
    const [expense, payable] = doc("60002", Math.round(Math.exp(5.6) * 60), "bob", 202);
    const found = await scan(rows);
    expect(amountFinding(found.get(asset.transaction_id))).toBeUndefined();
    expect(amountFinding(found.get(vendor.transaction_id))).toBeUndefined();
    expect(found.get(expense.transaction_id)!.risk_level).toMatch(/high|critical/);
    expect(found.get(payable.transaction_id)!.risk_level).toMatch(/high|critical/);
  });

  test("two lines of ordinary accounts do not excuse each other: a balanced inflated invoice is still found", async () => {
    const { rows, doc } = twoLineLedger(24);
    // Both accounts have seen such amounts a few times (a quarter-end accrual on the expense
    // account, six large invoices bob booked for another account): each line alone is within
    // what its account has reached.
    for (const q of [40, 80, 120, 170, 220, 260]) rows.push(entry({ account: "60003", amount: 30_000 + q, user: "BATCH", day: q, bschl: "40", blart: "AB" }));
    for (const q of [30, 70, 110, 150, 190, 230]) doc("60005", 32_000 + q, "bob", q);
    // Bob, who posts invoices of a few hundred, books one of 31,000 on both lines.
    const [expense, payable] = doc("60003", 31_000, "bob", 205);
    const found = await scan(rows);
    // The expense line is far above bob's routine there; the vendor line is within what bob has
    // booked to vendors before (nothing to say on its own). The vendor account, wider than the
    // expense account, does not say what the entry is, so it does not excuse the expense line.
    expect(found.get(expense.transaction_id)!.risk_level).toMatch(/high|critical/);
    expect(amountFinding(found.get(payable.transaction_id))).toBeUndefined();
  });

  test("an annual prepayment's vendor line: the other line's account is the batch's release routine, too little history of this kind to call it", async () => {
    const { rows, doc } = twoLineLedger(25);
    // The year's insurances and licences paid in January, 40–80× what the clerks usually book,
    // each released a twelfth a month by the closing batch.
    const payments = [16_000, 19_000, 21_000, 24_000, 27_000, 30_000].map((amount, k) => ({ amount, docs: doc("180000", amount, ["bob", "cy", "ann"][k % 3]!, 5 + 2 * k) }));
    for (const p of payments) for (let m = 0; m < 12; m++) rows.push(entry({ account: "180000", amount: p.amount / 12, user: "BATCH", day: 30 * m + 29, bschl: "50", blart: "SB" }));
    const [prepaid, vendor] = payments[3]!.docs;
    const found = await scan(rows);
    expect(found.get(prepaid.transaction_id)!.risk_level).toBe("medium");
    expect(amountFinding(found.get(vendor.transaction_id))?.message).toMatch(/other line posts to sku 180000/);
    expect(found.get(vendor.transaction_id)!.risk_level).toBe("medium");
  });

  test("a one-off purchase's vendor line: its asset line's account has too little history to say, whatever its few amounts' spread", async () => {
    const { rows, doc } = twoLineLedger(26);
    // Three machines bought in the year, of very different prices (a wide spread over three
    // postings says nothing about how specific the account is).
    const buys = [[20_000, "ann", 40], [90_000, "bob", 130], [200_000, "cy", 220]] as const;
    const docs = buys.map(([amount, user, day]) => doc("070000", amount, user, day, "70"));
    const found = await scan(rows);
    for (const [, vendor] of docs) {
      expect(amountFinding(found.get(vendor.transaction_id))?.message).toMatch(/other line posts to sku 070000/);
      expect(found.get(vendor.transaction_id)!.risk_level).toBe("medium");
    }
  });
});
