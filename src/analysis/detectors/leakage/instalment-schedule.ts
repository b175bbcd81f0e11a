// instalments_short_of_term: a price per term billed in instalments whose shares add up to less
// than the term's price once the plan's last instalment is billed. An insurer's billing system
// (Guidewire BillingCenter, Duck Creek, Majesco) spreads a policy term's premium over a payment
// plan — 10-pay, quarterly, semi-annual — and numbers each invoice `Installment` k of
// `Installments` n; each bills the plan's share of the term premium (`Qty` 0.1 at `Rate` the term
// premium) and the last carries the cents of rounding, so that the term's instalments bill the
// term premium exactly. A premium auditor adds them up once the last is billed: shares short of
// the premium (a plan change re-spread from the wrong balance, a last instalment billed at a
// regular share) left premium unbilled. Each line is consistent on its own (a smaller share at the
// term premium); only the term's instalments summed show it.
//
// An instalment is an invoice stating its number (INSTALMENT_FIELDS) and the plan's count
// (INSTALMENT_COUNT_FIELDS), n ≥ 2; its lines that bill a share of a price (0 < quantity < 1 at a
// unit price: a policy change's premium or a fee, quantity 1, is no share) are summed by contract,
// customer, charge code, price (a renewal's premium is another term's), plan count and the term's
// first day where the export names it (TERM_START_FIELDS). A term is judged only when every
// instalment 1…n is in the history: one whose first instalments were billed before the export
// began would look short. At risk: the price less the shares billed, above a cent an instalment.
import type { Transaction } from "../../../domain/transaction.ts";
import type { Finding } from "../types.ts";
import { INSTALMENT_FIELDS } from "../../history.ts";
import { TERM_START_FIELDS } from "./billed-period.ts";
import { attributeKey, attributeNameMatcher } from "./markers.ts";

export const INSTALMENT_SHORT_CODE = "instalments_short_of_term" as const;

/** The plan's count of instalments, the same on each of its invoices (`Installments`, `Number of Installments`). */
const INSTALMENT_COUNT_FIELDS = [
  "installments", "instalments", "installment_count", "instalment_count", "number_of_installments", "number_of_instalments",
  "no_of_installments", "no_of_instalments", "num_installments", "total_installments", "total_instalments", "installments_total", "plan_installments",
];
const numberField = attributeNameMatcher(INSTALMENT_FIELDS);
const countField = attributeNameMatcher(INSTALMENT_COUNT_FIELDS);
const termStartField = attributeNameMatcher(TERM_START_FIELDS);

/** The longest plan read: a monthly plan over five years. */
const MAX_INSTALMENTS = 60;

/** One instalment invoice's share of one term's price, as the history pass reads it. */
export interface InstalmentShare {
  /** Contract, customer, charge code, price, plan count and term start. */
  term: string;
  doc: string;
  no: number;
  count: number;
  price: number;
  amount: number;
  sku: string;
}

/** Collects, over the history pass, the shares of a term's price that instalment invoices bill. */
export class InstalmentSchedules {
  readonly shares: InstalmentShare[] = [];

  merge(shares: readonly InstalmentShare[]) {
    for (const s of shares) this.shares.push(s);
  }

  add(t: Transaction) {
    if (t.type !== "invoice" || !t.attributes) return;
    const party = t.contract_id || t.customer_id;
    if (!party) return;
    let no = Number.NaN, count = Number.NaN, start = "";
    for (const name in t.attributes) {
      const v = t.attributes[name];
      if (v === null || v === undefined) continue;
      const text = String(v).trim();
      if (text === "") continue;
      if (numberField(name) !== null) no = Number(text);
      else if (countField(name) !== null) count = Number(text);
      else if (termStartField(name) !== null) start = text;
    }
    if (!Number.isInteger(count) || count < 2 || count > MAX_INSTALMENTS || !Number.isInteger(no) || no < 1 || no > count) return;
    for (const l of t.lines) {
      const q = l.quantity, price = l.unit_price;
      if (!l.sku || q === undefined || price === undefined || !(q > 0 && q < 1) || !(price > 0)) continue;
      const amount = l.amount ?? price * q;
      if (!Number.isFinite(amount)) continue;
      const term = [t.contract_id ?? "", t.customer_id ?? "", attributeKey(l.sku), price, count, start].join("\u0000");
      this.shares.push({ term, doc: t.transaction_id, no, count, price, amount, sku: l.sku });
    }
  }

  /** Findings by transaction id, on the last instalment's invoice. `tolerance`: money that is rounding. */
  judge(tolerance: number): Map<string, Finding[]> {
    const out = new Map<string, Finding[]>();
    const byTerm = new Map<string, InstalmentShare[]>();
    for (const s of this.shares) {
      const list = byTerm.get(s.term);
      if (list) list.push(s);
      else byTerm.set(s.term, [s]);
    }
    for (const shares of byTerm.values()) {
      const { count, price, sku } = shares[0]!;
      const numbers = new Set(shares.map((s) => s.no));
      if (numbers.size !== count) continue; // not at its last instalment, or its first ones outside the export
      const billed = Math.round(shares.reduce((sum, s) => sum + s.amount, 0) * 100) / 100;
      const short = Math.round((price - billed) * 100) / 100;
      if (short <= Math.max(tolerance, 0.01 * count)) continue;
      const lastDocs = new Set(shares.filter((s) => s.no === count).map((s) => s.doc));
      for (const doc of lastDocs) {
        const finding: Finding = {
          code: INSTALMENT_SHORT_CODE,
          score: 0.85,
          message: `bills the last of ${count} instalments of ${sku}: the term's ${count} instalments add up to ${billed.toFixed(2)}, short of the term's ${price.toFixed(2)} by ${short.toFixed(2)}`,
          field: "lines",
          expected: { term_price: price },
          actual: { instalments_billed: billed, instalments: count },
          amount_at_risk: short,
          risk_key: `instalments-short:${shares[0]!.term.replaceAll("\u0000", "|")}`,
        };
        const list = out.get(doc);
        if (list) list.push(finding);
        else out.set(doc, [finding]);
      }
    }
    return out;
  }
}
