// instalments_short_of_term (instalment-schedule.ts): a premium (or any price per term) billed in
// instalments — each invoice a share of the term's price (`Qty` 0.1 of a 10-pay plan at `Rate`
// the term premium), numbered `Installment` k of `Installments` n — adds up to the term's price
// once the last instalment is billed (the last carries the cents of rounding). Shares that add up
// to less, every instalment of the plan billed, left premium unbilled. Hard negatives: the
// schedule complete with its rounding, a renewal at another premium, a term not yet at its last
// instalment, a term whose first instalments are not in the export, full pay, a policy change's
// premium on an instalment, invoices without a plan's count.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse, codes, serviceHistoryFindings } from "./fixtures.ts";

let seq = 0;
const r2 = (x: number) => Math.round(x * 100) / 100;

/** A term's instalment invoices: `premium` over `n` equal shares, the last carrying the rounding. */
function plan(premium: number, n: number, o: { policy?: string; eff?: string; from?: number; lastCut?: number; count?: boolean; extra?: (k: number) => Transaction["lines"] } = {}): Transaction[] {
  const out: Transaction[] = [];
  const share = r2(1 / n);
  let billed = 0;
  for (let k = 1; k <= n; k++) {
    let amount = k === n ? r2(premium - billed) : r2(premium * share);
    billed = r2(billed + amount);
    let qty = share;
    if (k === n && o.lastCut) {
      amount = r2(amount - o.lastCut);
      qty = Math.round((amount / premium) * 10000) / 10000;
    }
    if (k < (o.from ?? 1)) continue;
    const month = String(k).padStart(2, "0");
    out.push({
      transaction_id: `INV-${60_000_000 + ++seq}`,
      type: "invoice",
      date: `2025-${month}-05`,
      customer_id: "A-10443",
      contract_id: o.policy ?? "BOP-7001234",
      currency: "USD",
      amount,
      lines: [{ sku: "PREM", quantity: qty, unit: "TERM", unit_price: premium, amount }, { sku: "INSTFEE-M", quantity: 1, unit: "EA", unit_price: 8, amount: 8 }, ...(o.extra?.(k) ?? [])],
      attributes: { "Installment": String(k), ...(o.count === false ? {} : { "Installments": String(n) }), "Term Effective": o.eff ?? "01/01/2025", "Payment Plan": `${n}-Pay` },
    });
  }
  return out;
}

test("a 10-pay plan whose last instalment bills 185.20 of the 481.50 the schedule left: short of the term premium", () => {
  const bills = plan(4815, 10, { lastCut: 296.3 });
  const last = bills.at(-1)!;
  expect([...serviceHistoryFindings(bills)]).toEqual([[last.transaction_id, ["instalments_short_of_term:296.3"]]]);
});

test("hard negatives: rounding on the last, a renewal at another premium, a term not at its last instalment, first instalments outside the export, full pay, a policy change's premium, no plan count", () => {
  const complete = plan(4815.37, 10); // the last instalment 481.54: the rounding
  const quarterly = plan(1999.99, 4, { policy: "GL-7002000" });
  const renewal = plan(5489.1, 10, { eff: "01/01/2026" }).map((t) => ({ ...t, date: t.date!.replace("2025", "2026") }));
  const midTerm = plan(3200, 10, { policy: "WC-7003000", lastCut: 100 }).slice(0, 6);
  const outside = plan(3200, 10, { policy: "CA-7004000", from: 4 }); // instalments 1-3 billed before the export began
  const fullPay = plan(2750, 1, { policy: "CPP-7005000" }).map((t) => ({ ...t, lines: [{ ...t.lines[0]!, quantity: 1 }] }));
  const change = plan(2400, 4, { policy: "BOP-7006000", extra: (k) => (k === 3 ? [{ sku: "END-PREM", quantity: 1, unit: "EA", unit_price: 312.4, amount: 312.4 }] : []) });
  const noCount = plan(3000, 4, { policy: "GL-7007000", count: false, lastCut: 200 });
  expect(serviceHistoryFindings([...complete, ...quarterly, ...renewal, ...midTerm, ...outside, ...fullPay, ...change, ...noCount]).size).toBe(0);
});

test("through the engine, over the connector's history", async () => {
  const bills = plan(2400, 4, { policy: "GL-7008000", lastCut: 250 });
  const last = bills.at(-1)!;
  expect(codes((await analyse(last, { history: bills })).anomalies)).toContain("instalments_short_of_term");
});
