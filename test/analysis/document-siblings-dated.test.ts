// A ledger of document lines dated by day only (SAP's Erfassungsdatum, the time in a column of its
// own): an inflated vendor invoice's own expense line is no level "reached before" for its payable
// line. A document's other lines were recognised only as the same user's neighbours posted at the
// same moment, so with dates alone the invoice's own 60,000 expense line — in the clerk's routine
// with the vendor's name, which every line of its invoices carries — explained the 71,400 payable
// line away (an SAP export read per line missed 9 of 19 inflated invoices, docs/quality.md). The
// document column, where the ledger has one, says which lines are the document's.
import { expect, test } from "bun:test";
import type { Transaction } from "../../src/domain/transaction.ts";
import { analyse } from "./fixtures.ts";

const dateOf = (day: number) => `2025-${String(1 + Math.floor(day / 28)).padStart(2, "0")}-${String(1 + (day % 28)).padStart(2, "0")}`;

/** A vendor invoice's lines: the payable (gross, the vendor's line), the expense and the input tax, each with the vendor's name as text. */
function invoice(doc: string, day: number, vendor: string, text: string, net: number, withTime = false): Transaction[] {
  const line = (n: number, amount: number, account: string, customer?: string): Transaction => ({
    transaction_id: `${doc}-${n}`,
    type: "journal_entry",
    date: withTime ? `${dateOf(day)}T10:15:00Z` : dateOf(day),
    created_by: "AP_CLERK",
    customer_id: customer,
    currency: "EUR",
    amount,
    lines: [],
    attributes: { Belegnummer: doc, Sachkonto: account, Text: text },
  });
  const tax = Math.round(net * 19) / 100;
  return [line(1, -(net + tax), "160000", vendor), line(2, net, "675000"), line(3, tax, "154000")];
}

/** Two small vendors' invoices among a subcontractor's large ones (the payables account has every size). */
function ledger(withTime: boolean): { history: Transaction[]; planted: Transaction[] } {
  const history: Transaction[] = [];
  for (let i = 0; i < 240; i++) {
    const doc = `19${String(i).padStart(6, "0")}`;
    if (i % 3 === 2) history.push(...invoice(doc, i % 300, "BIG", `Project ${i % 12}`, 40_000 + ((i * 7919) % 160_000), withTime));
    else history.push(...invoice(doc, i % 300, `V${i % 3}`, `Vendor ${i % 3}`, Math.round(300 * 10 ** (((i * 37) % 100) / 100)), withTime));
  }
  const planted = invoice("19999999", 250, "V0", "Vendor 0", 60_000, withTime);
  return { history: [...history, ...planted], planted };
}

test("with dates alone, an inflated invoice's payable line is judged without its own expense line", async () => {
  const { history, planted } = ledger(false);
  const r = await analyse(planted[0]!, { module: "anomaly_detection", history });
  expect(r.anomalies.map((a) => a.code)).toContain("amount_outlier_customer");
});

test("with posting times, as before: the same-moment neighbours are the document", async () => {
  const { history, planted } = ledger(true);
  const r = await analyse(planted[0]!, { module: "anomaly_detection", history });
  expect(r.anomalies.map((a) => a.code)).toContain("amount_outlier_customer");
});
