// A bill is several lines posted at one moment by one user: the expense, the VAT and the payable
// carrying the gross. The payable line is no level "reached before" for the expense line: a clerk's
// routine with a vendor holds, besides the few earlier bills, the bill's own payable line, which
// is always within a factor 3 of its expense line — it explained a printing bill of 400× the usual.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { anomalyFindingsById, modulesConfig } from "../support/engine.ts";

const FIELDS = ["created_by", "customer_id", "attributes.Account", "attributes.Source"];

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** A vendor bill of three lines (expense, VAT, payable), or an expense claim of two. */
function bill(out: Transaction[], doc: string, at: Date, user: string, vendor: string, account: string, net: number, source = "ACCPAY") {
  const iso = at.toISOString().replace(/\.\d{3}Z$/, "Z");
  const vat = Math.round(net * 20) / 100;
  const rows: [string, number][] = source === "ACCPAY" ? [[account, net], ["820", vat], ["800", -(net + vat)]] : [[account, net], ["801", -net]];
  rows.forEach(([acct, amount], n) =>
    out.push({ transaction_id: `${doc}-${n + 1}`, type: "journal_entry", date: iso, created_by: user, customer_id: vendor, currency: "GBP", amount: Math.round(amount * 100) / 100, lines: [], attributes: { Journal: doc, Account: acct, Source: source } }),
  );
}

function ledger(extreme: number | null): { transactions: Transaction[]; target: string; ordinary: string } {
  const rnd = seeded(7);
  const out: Transaction[] = [];
  const vendors = Array.from({ length: 25 }, (_, v) => ({ name: `Vendor ${v}`, account: ["453", "489", "445", "425", "463"][v % 5]!, level: 200 + 150 * (v % 7) }));
  const employees = Array.from({ length: 12 }, (_, e) => `emp${e}`);
  let doc = 0;
  let ordinary = "";
  for (let day = 0; day < 360; day++) {
    const at = (h: number) => new Date(Date.UTC(2025, 0, 1 + day, h, Math.floor(rnd() * 60), Math.floor(rnd() * 60)));
    // Two clerks post the vendors' bills; printing goes to 461, mostly through small claims.
    for (let k = 0; k < 2; k++) {
      const v = vendors[Math.floor(rnd() * vendors.length)]!;
      bill(out, `J${++doc}`, at(9 + k), k === 0 ? "clerk.a" : "clerk.b", v.name, v.account, Math.round(v.level * (0.7 + 0.6 * rnd()) * 100) / 100);
    }
    if (rnd() < 0.3) bill(out, `J${++doc}`, at(14), employees[Math.floor(rnd() * employees.length)]!, "Claims", "461", Math.round((15 + 40 * rnd()) * 100) / 100, "EXPCLAIM");
    // A printer's bill every other month, by clerk B; clerk A posts one in spring.
    if (day % 60 === 10) bill(out, `J${++doc}`, at(11), "clerk.b", "Printwell", "461", Math.round((350 + 150 * rnd()) * 100) / 100);
    if (day === 100) {
      bill(out, `J${++doc}`, at(12), "clerk.a", "Printwell", "461", 420.5);
      ordinary = `J${doc}-1`;
    }
  }
  let target = "";
  if (extreme !== null) {
    bill(out, `J${++doc}`, new Date(Date.UTC(2025, 4, 13, 16, 34, 6)), "clerk.a", "Printwell", "461", extreme);
    target = `J${doc}-1`;
  }
  out.sort((a, b) => a.date!.localeCompare(b.date!) || a.transaction_id.localeCompare(b.transaction_id, undefined, { numeric: true }));
  return { transactions: out, target, ordinary };
}

const scan = (transactions: Transaction[]) =>
  anomalyFindingsById(transactions, modulesConfig({ anomaly_detection: { categorical_fields: FIELDS }, context: { history_limit: 1_000_000 } }));

describe("a document's other lines are no level reached before", () => {
  test("an expense line 400× the account's usual is high, though the bill's payable line is beside it in the clerk's routine", async () => {
    const { transactions, target, ordinary } = ledger(186_961.04);
    const found = await scan(transactions);
    const f = found.get(target)!;
    expect(f.risk_level === "high" || f.risk_level === "critical").toBe(true);
    expect(f.anomalies.map((a) => a.code)).toContain("amount_outlier_attribute");
    // The clerk's ordinary printing bill, and every line of the regular bills, stay below high.
    expect(found.get(ordinary)!.risk_score).toBeLessThan(60);
    const high = [...found.values()].filter((x) => x.risk_score >= 60 && !x.transaction.transaction_id.startsWith(target.slice(0, -2) + "-"));
    expect(high.map((x) => x.transaction.transaction_id)).toEqual([]);
  }, 60_000);
});
