// A context's "level reached before" is counted by document (posting moment), not by line. In a
// payables ledger one purchase is five postings of its vendor — the bill's expense, tax and
// payable lines at one moment, the payment's payable and bank lines at another — so a fraudulent
// bill of 50× a small vendor's usual and its payment counted as four or five postings at their
// level and explained each other: a level "reached a few times before". Counted by moment they
// are two events. A vendor billed at that level every month (rent) stays ordinary.
import { describe, expect, test } from "bun:test";
import type { TransactionFinding } from "../../src/domain/analysis.ts";
import type { Transaction } from "../../src/domain/transaction.ts";
import { anomalyFindingsById, modulesConfig } from "../support/engine.ts";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const stamp = (d: Date) => d.toISOString().replace(/\.\d{3}Z$/, "Z");

function post(out: Transaction[], doc: string, at: Date, user: string, vendor: string, source: string, rows: [string, number][]) {
  rows.forEach(([account, amount], n) =>
    out.push({ transaction_id: `${doc}-${n + 1}`, type: "journal_entry", date: stamp(at), created_by: user, customer_id: vendor, currency: "GBP", amount: Math.round(amount * 100) / 100, lines: [], attributes: { Account: account, Source: source } }),
  );
}

/** A bill (expense, 20 % VAT, payable) and its payment a week later by `payer`. */
function purchase(out: Transaction[], doc: string, at: Date, clerk: string, vendor: string, account: string, net: number, payer = "pay.clerk") {
  const vat = Math.round(net * 20) / 100;
  post(out, `${doc}B`, at, clerk, vendor, "ACCPAY", [[account, net], ["820", vat], ["800", -(net + vat)]]);
  const paid = new Date(at.getTime() + 7 * 86_400_000 + 3_600_000);
  post(out, `${doc}P`, paid, payer, vendor, "ACCPAYPAYMENT", [["800", net + vat], ["090", -(net + vat)]]);
}

function ledger(planted: boolean): Transaction[] {
  const rnd = seeded(11);
  const out: Transaction[] = [];
  const vendors = Array.from({ length: 30 }, (_, v) => ({ name: `Vendor ${v}`, account: ["453", "489", "445", "425", "463"][v % 5]!, level: 150 + 120 * (v % 6) }));
  let doc = 0;
  for (let day = 0; day < 330; day++) {
    const at = (h: number) => new Date(Date.UTC(2025, 0, 1 + day, h, Math.floor(rnd() * 60), Math.floor(rnd() * 60)));
    for (let k = 0; k < 3; k++) {
      const v = vendors[Math.floor(rnd() * vendors.length)]!;
      // In August a temp pays a few of the bills (too few postings for a routine of their own).
      const payer = day >= 212 && day < 243 && k === 0 && day % 3 === 0 ? "temp" : "pay.clerk";
      purchase(out, `J${++doc}`, at(9 + k), k % 2 ? "clerk.a" : "clerk.b", v.name, v.account, Math.round(v.level * (0.7 + 0.6 * rnd()) * 100) / 100, payer);
    }
    // A water bill a month (a small vendor), and the rent: large, every month, the same level.
    if (day % 30 === 5) purchase(out, `J${++doc}`, at(10), "clerk.a", "Waterco", "445", Math.round((180 + 60 * rnd()) * 100) / 100);
    if (day % 30 === 1) purchase(out, `J${++doc}`, at(11), "clerk.b", "Landlord", "400", 20_000);
  }
  if (planted) purchase(out, "FRAUD", new Date(Date.UTC(2025, 7, 11, 14, 12, 9)), "clerk.a", "Waterco", "445", 10_000, "temp");
  out.sort((a, b) => a.date!.localeCompare(b.date!) || a.transaction_id.localeCompare(b.transaction_id, undefined, { numeric: true }));
  return out;
}

const scan = (transactions: Transaction[]) =>
  anomalyFindingsById(transactions, modulesConfig({ anomaly_detection: { categorical_fields: ["created_by", "customer_id", "attributes.Account", "attributes.Source"] }, context: { history_limit: 1_000_000 } }));

const high = (f: TransactionFinding | undefined) => f !== undefined && f.risk_score >= 60;

describe("peers at a level are counted by document", () => {
  test("a bill of 50× a small vendor's usual and its payment are found, on the vendor", async () => {
    const found = await scan(ledger(true));
    // The payment: the temp's first to this vendor, at a level the vendor's context has seen
    // only on this purchase's own bill — its only alarm is the vendor's.
    for (const id of ["FRAUDB-3", "FRAUDP-1"]) {
      const f = found.get(id)!;
      expect(high(f)).toBe(true);
      expect(f.anomalies.map((a) => a.code)).toContain("amount_outlier_customer");
    }
  }, 60_000);

  test("hard negative: the monthly rent at its level, and every ordinary purchase, stay below high", async () => {
    const found = await scan(ledger(false));
    expect([...found.values()].filter(high).map((f) => f.transaction.transaction_id)).toEqual([]);
  }, 60_000);
});
