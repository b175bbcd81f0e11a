// A document's payment terms with an early-payment (cash) discount, as receivables and payables
// systems write them: "2% 10 Net 30", "2/10 net 30", "2% 10 days, net 30", "1/15 N45" — the
// discount's percentage, the days from the invoice date it may be taken within, and the days the
// invoice is due in. Read from a column naming the terms (`Payment Terms`, `Terms`, SAP's `ZTERM`
// text, NetSuite's `Terms`…). Terms without a discount ("Net 30", "Due on receipt") state none.
import type { Transaction } from "../domain/transaction.ts";
import { attributeNameMatcher } from "./detectors/leakage/markers.ts";

/** Columns naming a document's payment terms. */
export const PAYMENT_TERMS_FIELDS = ["payment_terms", "terms", "terms_of_payment", "pmt_terms", "payment_term", "terms_code", "zterm"] as const;
const termsField = attributeNameMatcher(PAYMENT_TERMS_FIELDS);

export interface DiscountTerms {
  /** The discount's percentage (2 of "2% 10 Net 30"). */
  pct: number;
  /** The days from the invoice date within which it may be taken (10). */
  days: number;
  /** The days the invoice is due in (30). */
  net: number;
  /** The terms as written. */
  text: string;
}

const DISCOUNT_TERMS = /(\d+(?:\.\d+)?)\s*%?\s*(?:\/\s*)?(\d+)\s*(?:days?)?\s*[,;]?\s*(?:net|n)\s*(\d+)/i;

/** The early-payment discount terms written in `text`, if it states one. */
export function parseDiscountTerms(text: string): DiscountTerms | undefined {
  const m = DISCOUNT_TERMS.exec(text);
  if (!m) return undefined;
  const pct = Number(m[1]), days = Number(m[2]), net = Number(m[3]);
  if (!(pct > 0 && pct < 100) || !(days > 0) || !(net >= days)) return undefined;
  return { pct, days, net, text: text.trim() };
}

/** The early-payment discount terms the document's row states, if any. */
export function discountTermsOf(t: Transaction): DiscountTerms | undefined {
  if (!t.attributes) return undefined;
  for (const name in t.attributes) {
    if (termsField(name) === null) continue;
    const v = t.attributes[name];
    if (typeof v !== "string") continue;
    const terms = parseDiscountTerms(v);
    if (terms) return terms;
  }
  return undefined;
}
