// new_counterparty_large_amount where first counterparties are the norm: a retailer's general
// ledger sells to a customer it never sold to before on most of its sales (the 46th data set, a car
// dealer: every deal's buyer new, every deal above the ledger's 95th percentile — 437 medium
// alarms). Where most entries of a kind (type, ledger account, side) are a counterparty's first,
// a new counterparty there is routine. A refund paid out to a customer never seen (a fictitious
// one) on the same ledger is not, nor a new payee's large bill on a vendor ledger where new
// payees are rare, nor a new buyer on a kind where few counterparties began.
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { FirstCounterparties } from "../../src/analysis/first-counterparties.ts";
import { anomalyFindingsById } from "../support/engine.ts";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

const at = (day: number, k: number) => new Date(Date.UTC(2025, 0, 1 + day, 9, k)).toISOString().replace(/\.\d{3}Z$/, "Z");
const lognormal = (rnd: () => number, median: number) => Math.round(median * Math.exp(0.6 * (rnd() + rnd() + rnd() - 1.5)) * 100) / 100;

/**
 * A year of a retailer's ledger lines: each day a few sales (the receivable debited, the revenue
 * credited, both naming the customer), nearly all to a new customer; a refund paid out to an
 * earlier customer now and then (the customer deposits debited, cash credited); suppliers' bills
 * from twelve regular vendors.
 */
function retailLedger(): Transaction[] {
  const rnd = seeded(11);
  const out: Transaction[] = [];
  let n = 0;
  let customers = 0;
  const line = (day: number, type: Transaction["type"], customer: string, account: string, amount: number) =>
    out.push({ transaction_id: `L${++n}`, type, date: at(day, n % 50), created_by: `clerk${n % 3}`, customer_id: customer, currency: "USD", amount, lines: [], attributes: { Account: account } });
  for (let day = 0; day < 365; day++) {
    for (let k = 0; k < 4; k++) {
      const customer = rnd() < 0.9 || customers === 0 ? `C${++customers}` : `C${1 + Math.floor(rnd() * customers)}`;
      const amount = lognormal(rnd, 3000);
      line(day, "invoice", customer, "1200", amount);
      line(day, "invoice", customer, "4000", -amount);
    }
    if (day % 3 === 0 && customers > 10) {
      const customer = `C${1 + Math.floor(rnd() * customers)}`;
      const amount = lognormal(rnd, 400);
      line(day, "payment", customer, "2400", amount);
      line(day, "payment", customer, "1000", -amount);
    }
    for (let k = 0; k < 3; k++) {
      const amount = lognormal(rnd, 1500);
      line(day, "invoice", `V${1 + Math.floor(rnd() * 12)}`, "6000", amount);
      line(day, "invoice", `V${1 + Math.floor(rnd() * 12)}`, "2000", -amount);
    }
  }
  return out;
}

const codes = (found: Awaited<ReturnType<typeof anomalyFindingsById>>, id: string) => found.get(id)?.anomalies.map((a) => a.code) ?? [];

describe("new counterparties where first counterparties are the norm", () => {
  test("a retail ledger: a large sale to a new buyer is routine; a large refund paid out to a customer never seen, and a new supplier's large bill, are still flagged", async () => {
    const rows = retailLedger();
    const day = 364;
    const probes: Transaction[] = [
      { transaction_id: "NEW-BUYER", type: "invoice", date: at(day, 55), created_by: "clerk1", customer_id: "C-NEW-1", currency: "USD", amount: 60_000, lines: [], attributes: { Account: "1200" } },
      { transaction_id: "FICTITIOUS-REFUND", type: "payment", date: at(day, 56), created_by: "clerk1", customer_id: "C-NEW-2", currency: "USD", amount: 60_000, lines: [], attributes: { Account: "2400" } },
      { transaction_id: "NEW-SUPPLIER", type: "invoice", date: at(day, 57), created_by: "clerk1", customer_id: "V-NEW", currency: "USD", amount: 60_000, lines: [], attributes: { Account: "6000" } },
    ];
    const found = await anomalyFindingsById([...rows, ...probes]);
    expect(codes(found, "NEW-BUYER")).not.toContain("new_counterparty_large_amount");
    expect(codes(found, "FICTITIOUS-REFUND")).toContain("new_counterparty_large_amount");
    expect(codes(found, "NEW-SUPPLIER")).toContain("new_counterparty_large_amount");
  });

  test("a vendor ledger where new payees are rare: a new payee's large bill is flagged", async () => {
    const rnd = seeded(23);
    const rows: Transaction[] = [];
    for (let day = 0; day < 300; day++) {
      for (let k = 0; k < 6; k++) {
        // A new vendor now and then (one bill in fifty), the rest regular suppliers.
        const vendor = rnd() < 0.02 ? `V-ONCE-${day}-${k}` : `V${1 + Math.floor(rnd() * 40)}`;
        rows.push({ transaction_id: `B${day}-${k}`, type: "invoice", date: at(day, k), created_by: `ap${k % 2}`, customer_id: vendor, currency: "USD", amount: lognormal(rnd, 2500), lines: [] });
      }
    }
    rows.push({ transaction_id: "NEW-PAYEE", type: "invoice", date: at(299, 30), created_by: "ap1", customer_id: "V-NEW", currency: "USD", amount: 48_000, lines: [] });
    const found = await anomalyFindingsById(rows);
    expect(codes(found, "NEW-PAYEE")).toContain("new_counterparty_large_amount");
  });

  test("a kind is routine for first counterparties only where most of its entries are first ones, and enough of them", () => {
    const f = new FirstCounterparties();
    // 30 entries of a kind, 19 of them counterparties' first: not enough counterparties began there.
    for (let i = 0; i < 30; i++) f.add("invoice|205|DR", `C${i}`, i < 19);
    expect(f.routine("invoice|205|DR", false)).toBe(false);
    f.add("invoice|205|DR", "C-20", true);
    expect(f.routine("invoice|205|DR", false)).toBe(true);
    // The judged entry itself, when the history holds it, counts for neither.
    expect(f.routine("invoice|205|DR", true)).toBe(false);
    // Half the entries first: not most.
    const g = new FirstCounterparties();
    for (let i = 0; i < 60; i++) g.add("payment|202|DR", `C${i % 30}`, i < 30);
    expect(g.routine("payment|202|DR", false)).toBe(false);
    // A counterparty that turns out to have begun earlier elsewhere (the history read out of order) moves its first.
    const h = new FirstCounterparties();
    for (let i = 0; i < 25; i++) h.add("invoice|205|DR", `C${i}`, true);
    expect(h.routine("invoice|205|DR", false)).toBe(true);
    for (let i = 0; i < 6; i++) h.add("payment|202|DR", `C${i}`, true);
    expect(h.routine("invoice|205|DR", false)).toBe(false);
  });
});
