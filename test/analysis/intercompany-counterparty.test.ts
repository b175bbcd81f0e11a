// new_counterparty_large_amount and the group's own companies: in a multi-entity ledger a posting
// whose counterparty is one of the ledger's companies (an intercompany partner: the parent's capital
// contribution to a subsidiary opened mid-year, a first management fee) is no new outside party to
// vet. A new vendor's first large bill still is. Found by the fourth independent ledger
// (bench/quality/erp-ledger.ts: a new UK entity funded by its parent).
import { describe, expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { anomalyFindingsById } from "../support/engine.ts";

function seeded(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

function ledger() {
  const rnd = seeded(5);
  const out: Transaction[] = [];
  const companies = [
    { code: "ACUS", currency: "USD" },
    { code: "ACCA", currency: "CAD" },
  ];
  let n = 0;
  for (let day = 0; day < 200; day++) {
    for (const c of companies) {
      for (let k = 0; k < 8; k++) {
        const amount = Math.round(2000 * Math.exp(0.5 * (rnd() + rnd() - 1)) * 100) / 100;
        out.push({
          transaction_id: `E${++n}`, type: "journal_entry", date: new Date(Date.UTC(2025, 0, 1 + day, 9 + k)).toISOString().replace(/\.\d{3}Z$/, "Z"),
          created_by: `clerk${k % 3}`, customer_id: `V${100 + Math.floor(rnd() * 30)}`, currency: c.currency, amount, lines: [],
          attributes: { Company: c.code, Account: ["6100", "6200", "6300", "2000"][k % 4]! },
        });
      }
    }
  }
  // A third company opens: its parent funds it, and a new vendor bills the parent the same day.
  const at = "2025-07-21T11:00:00Z";
  out.push({ transaction_id: "IC-1", type: "journal_entry", date: at, created_by: "cfo", customer_id: "ACCA", currency: "USD", amount: 900_000, lines: [], attributes: { Company: "ACUS", Account: "1950" } });
  out.push({ transaction_id: "NEW-1", type: "journal_entry", date: at, created_by: "clerk1", customer_id: "V999", currency: "USD", amount: 900_000, lines: [], attributes: { Company: "ACUS", Account: "6100" } });
  return out;
}

const scan = (transactions: Transaction[]) => anomalyFindingsById(transactions);

describe("an intercompany partner is no new counterparty", () => {
  test("a first posting with one of the ledger's own companies is not new_counterparty_large_amount; a new vendor's is", async () => {
    const found = await scan(ledger());
    const codes = (id: string) => found.get(id)?.anomalies.map((a) => a.code) ?? [];
    expect(codes("IC-1")).not.toContain("new_counterparty_large_amount");
    expect(codes("NEW-1")).toContain("new_counterparty_large_amount");
  });
});
