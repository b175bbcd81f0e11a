// A general ledger mapped as docs/connectors.md says: one transaction per journal line, its
// amount from the Debit and Credit columns (so no `lines`), the account kept as an attribute
// ("Account", "G/L Account No.", "Sachkonto"…) rather than mapped to `sku`. The amount detector's
// judgement of an entry by its own account — too little history there caps the finding at medium,
// the other line of a balanced two-line entry says what it is — must read that attribute: a hotel
// group's FF&E purchase (an asset account of a few postings a year) was judged "high" against
// the department's repairs, where the same ledger with the account mapped to `sku` said medium.
import { describe, expect, test } from "bun:test";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { SeededRandom } from "../../src/analysis/random.ts";
import { anomalyFindingsById } from "../support/engine.ts";

const DAY = 86_400_000;
let seq = 0;
function line(o: { account: string; amount: number; user: string; day: number; entity?: string; vendor?: string }): Transaction {
  return {
    transaction_id: `L${++seq}`,
    type: "journal_entry",
    date: new Date(Date.UTC(2025, 0, 1) + o.day * DAY + 10 * 3_600_000).toISOString().slice(0, 19) + "Z",
    currency: "EUR",
    amount: o.amount,
    created_by: o.user,
    ...(o.vendor ? { customer_id: o.vendor } : {}),
    lines: [],
    attributes: { Entity: o.entity ?? "HCH", Account: o.account, Department: "POM", Source: "AP" },
  };
}

/** Payables clerks posting two-line invoices (expense line, then the payable line) every weekday. */
function ledger(seed: number) {
  const rng = new SeededRandom(seed);
  const rows: Transaction[] = [];
  const invoice = (account: string, amount: number, user: string, day: number, entity?: string) => {
    const pair = [line({ account, amount, user, day, entity }), line({ account: "2000", amount, user, day, entity })] as const;
    rows.push(...pair);
    return pair;
  };
  for (let d = 0; d < 300; d++) {
    if ([0, 6].includes(new Date(Date.UTC(2025, 0, 1) + d * DAY).getUTCDay())) continue;
    for (let k = 0; k < 6; k++) {
      const a = rng.int(0, 5);
      invoice(`630${a}`, Math.round(Math.exp(5.5 + a * 0.2 + 0.5 * rng.normal()) * 100) / 100, rng.pick(["ann", "bob"]), d, rng.pick(["HCH", "SSR"]));
    }
  }
  return { rows, invoice };
}

const amountFinding = (f: TransactionFinding | undefined) => f?.anomalies.find((a) => a.code.startsWith("amount_outlier_"));

describe("a ledger's account kept as an attribute is the entry's own account", () => {
  test("a few FF&E purchases to an asset account with too little history are worth a look, not an alarm; 400× a repairs account is still one", async () => {
    const { rows, invoice } = ledger(31);
    const buys = [[18_000, "ann", 40], [32_000, "bob", 130], [49_000, "ann", 220]] as const;
    const docs = buys.map(([amount, user, day]) => invoice("1500", amount, user, day));
    // (The other hotel buys FF&E too: the account is no rare value in the ledger.)
    for (let k = 0; k < 3; k++) invoice("1500", 25_000 + 9_000 * k, ["bob", "ann", "bob"][k]!, 60 + 90 * k, "SSR");
    const [fraud] = invoice("6302", Math.round(Math.exp(5.9) * 400), "bob", 250);
    const found = await anomalyFindingsById(rows);
    for (const [asset, payable] of docs) {
      expect(amountFinding(found.get(asset.transaction_id))?.message).toMatch(/attributes\.Account 1500 has only \d+ posting\(s\) here, too few/);
      expect(found.get(asset.transaction_id)!.risk_level).toBe("medium");
      expect(found.get(payable.transaction_id)?.risk_level ?? "low").not.toMatch(/high|critical/);
    }
    expect(found.get(fraud.transaction_id)!.risk_level).toMatch(/high|critical/);
  });

  test("the other line of a two-line entry says what it is: a capital purchase's payable line is the asset account's business", async () => {
    const { rows, invoice } = ledger(32);
    // The asset account: a purchase every few days by three buyers, 20,000–80,000.
    const buyers = ["dee", "eve", "fay"];
    for (let d = 3; d < 300; d += 5) invoice("1500", Math.round(Math.exp(10.6 + 0.3 * Math.sin(d)) * 100) / 100, buyers[d % 3]!, d);
    // Ann, who posts small invoices, books one capital purchase: ordinary for the asset account.
    const [asset, payable] = invoice("1500", 45_000, "ann", 201);
    const found = await anomalyFindingsById(rows);
    expect(amountFinding(found.get(asset.transaction_id))).toBeUndefined();
    expect(amountFinding(found.get(payable.transaction_id))).toBeUndefined();
  });

  test("a payables or bank account's level is no excuse for a vendor's: a payment 40× the vendor's usual is still found", async () => {
    const rng = new SeededRandom(33);
    const rows: Transaction[] = [];
    // Payables: invoices (expense line, payable line) and their payments (payable line, bank
    // line), the vendor on every line. Most vendors bill tens of thousands; one cleaner bills ~500.
    const bill = (vendor: string, expense: string, amount: number, day: number) => {
      rows.push(line({ account: expense, amount, user: "ann", day, vendor }), line({ account: "2000", amount, user: "ann", day, vendor }));
      const pay = [line({ account: "2000", amount, user: "bob", day: day + 20, vendor }), line({ account: "1010", amount, user: "bob", day: day + 20, vendor })] as const;
      rows.push(...pay);
      return pay;
    };
    for (let d = 0; d < 280; d++) {
      if ([0, 6].includes(new Date(Date.UTC(2025, 0, 1) + d * DAY).getUTCDay())) continue;
      for (let k = 0; k < 4; k++) bill(`V${rng.int(10, 40)}`, `630${rng.int(0, 5)}`, Math.round(Math.exp(10 + 0.5 * rng.normal()) * 100) / 100, d);
      if (d % 5 === 0) bill("CLEANER", "6310", Math.round(Math.exp(6.2 + 0.3 * rng.normal()) * 100) / 100, d);
    }
    const [payable, bank] = bill("CLEANER", "6310", 20_000, 281);
    const found = await anomalyFindingsById(rows);
    for (const l of [payable, bank]) {
      expect(amountFinding(found.get(l.transaction_id))?.code).toBe("amount_outlier_customer");
      expect(found.get(l.transaction_id)!.risk_level).toMatch(/high|critical/);
    }
  });
});
