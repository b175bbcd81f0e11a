// What a customer's deductions are validated against, collected over the history pass
// (billed-components.ts): a supplier's AR team checks each deduction a retailer takes on a
// remittance against the documents it names — the invoice's lines (what was billed of an item, at
// what price: a shortage cannot exceed what the proof of delivery shows missing of it, a pricing
// deduction takes the invoice's price down to the contract's and no further), the payments that
// repaid it after dispute (a deduction repaid no longer stands), and the credit memo that cleared
// it (a return's deduction and the approved return's credit memo name the same claim number).
//
// Kept only from invoices with lines of an item at a quantity and an amount, payments naming a
// document, and credit notes naming an invoice and a claim number: the index is built on first use.
// A history with no credit note has no deduction to validate: what the pass
// collected is then not kept with the context (`judged`).
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameMatcher, wordsOf } from "./markers.ts";

/** What a pricing deduction's text says: a price difference, variance, discrepancy… An off-invoice
 *  allowance also takes part of the price per case on the invoice's cases — under its deal. */
export const PRICING_WORDS = /\bpric(e|ing)[- ]?(differences?|differentials?|variances?|discrepanc(y|ies)|deductions?|disputes?|adjustments?|claims?|errors?|diff)\b/i;

/** Columns naming the customer's own claim number for a deduction or a return (its debit memo, the return authorisation). */
export const CLAIM_NUMBER_FIELDS = [
  "customer_claim_no", "customer_claim_number", "customer_claim", "claim_no", "claim_number", "claim_id",
  "debit_memo_no", "debit_memo_number", "ra_number", "ra_no", "rma_number", "rma_no", "rma", "return_authorization", "return_authorisation",
] as const;
const claimField = attributeNameMatcher(CLAIM_NUMBER_FIELDS);

/** The claim number the document's row names, if any. */
export function claimNumberOf(t: Transaction): string | undefined {
  if (!t.attributes) return undefined;
  for (const name in t.attributes) {
    if (claimField(name) === null) continue;
    const v = t.attributes[name];
    const s = typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : "";
    if (s !== "") return s.toUpperCase();
  }
  return undefined;
}

/** An invoice's line: [customer and invoice key, sku, quantity, amount]. */
export type InvoicedLine = [string, string, number, number];
/** A payment naming a document: [the document, the amount paid (absolute)]. */
export type Repayment = [string, number];
/** A pricing deduction's line: [customer and invoice key, sku, amount taken (absolute)]. */
export type PricingDeduction = [string, string, number];
/** A credit note naming an invoice and a claim: [customer and invoice key, credit id, claim number, 1 when it names an approver]. */
export type CreditClaim = [string, string, string, number];

export interface DeductionEvidenceState {
  lines: InvoicedLine[];
  repayments: Repayment[];
  claims: CreditClaim[];
  priced: PricingDeduction[];
  /** How many credit notes the pass saw. */
  credits: number;
}

export interface InvoicedItem {
  quantity: number;
  amount: number;
}

export class DeductionEvidence {
  static readonly empty = new DeductionEvidence();
  readonly lines: InvoicedLine[] = [];
  readonly repayments: Repayment[] = [];
  readonly claims: CreditClaim[] = [];
  readonly priced: PricingDeduction[] = [];
  /** How many credit notes the pass saw: without one, nothing here is read. */
  credits = 0;
  private lineIndex: Map<string, Map<string, InvoicedItem>> | undefined;
  private repaidIndex: Map<string, number> | undefined;
  private claimIndex: Map<string, { claim: string; approved: boolean }> | undefined;
  private pricedIndex: Map<string, number> | undefined;

  static of(state: DeductionEvidenceState): DeductionEvidence {
    const d = new DeductionEvidence();
    d.merge(state);
    return d;
  }

  get collectedAny(): boolean {
    return this.lines.length > 0 || this.repayments.length > 0 || this.claims.length > 0 || this.priced.length > 0;
  }

  /** Whether the history has deductions to validate (a credit note): else the context keeps none of this. */
  get judged(): boolean {
    return this.credits > 0;
  }

  state(): DeductionEvidenceState {
    return { lines: this.lines, repayments: this.repayments, claims: this.claims, priced: this.priced, credits: this.credits };
  }

  /** What a scan worker is sent: nothing where no deduction is to be validated. */
  judgedState(): DeductionEvidenceState {
    return this.judged ? this.state() : { lines: [], repayments: [], claims: [], priced: [], credits: 0 };
  }

  merge(part: DeductionEvidenceState) {
    for (const e of part.lines) this.lines.push(e);
    for (const e of part.repayments) this.repayments.push(e);
    for (const e of part.claims) this.claims.push(e);
    for (const e of part.priced) this.priced.push(e);
    this.credits += part.credits;
    this.lineIndex = this.repaidIndex = this.claimIndex = this.pricedIndex = undefined;
  }

  add(t: Transaction) {
    if (t.type === "invoice") {
      const key = documentKey(t.customer_id, t.transaction_id);
      for (const l of t.lines) {
        if (!l.sku || !(l.quantity !== undefined && l.quantity > 0)) continue;
        const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * l.quantity : undefined);
        if (amount === undefined || !(amount > 0)) continue;
        this.lines.push([key, l.sku, l.quantity, amount]);
      }
    } else if (t.type === "payment") {
      if (t.reference && t.reference !== t.transaction_id) this.repayments.push([t.reference, Math.abs(t.amount ?? 0)]);
    } else if (t.type === "credit_note") {
      // A deduction: naming its invoice, or a deal (an allowance claim, repaid or not).
      this.credits++;
      if (!t.reference) return;
      const claim = claimNumberOf(t);
      if (claim !== undefined) this.claims.push([documentKey(t.customer_id, t.reference), t.transaction_id, claim, t.approved_by ? 1 : 0]);
      if (!t.contract_id && wordsOf(t, PRICING_WORDS) !== undefined) {
        const key = documentKey(t.customer_id, t.reference);
        for (const l of t.lines) if (l.sku && l.amount !== undefined && l.amount < 0) this.priced.push([key, l.sku, -l.amount]);
      }
    }
    this.lineIndex = this.repaidIndex = this.claimIndex = this.pricedIndex = undefined;
  }

  /** What the customer's invoice billed of each item (quantity, amount); undefined: the history has no lines of it. */
  invoiced(customer: string | undefined, invoice: string): ReadonlyMap<string, InvoicedItem> | undefined {
    if (this.lines.length === 0) return undefined;
    if (this.lineIndex === undefined) {
      const index = new Map<string, Map<string, InvoicedItem>>();
      for (const [key, sku, quantity, amount] of this.lines) {
        let bySku = index.get(key);
        if (!bySku) index.set(key, (bySku = new Map()));
        const item = bySku.get(sku);
        if (item) {
          item.quantity += quantity;
          item.amount += amount;
        } else bySku.set(sku, { quantity, amount });
      }
      this.lineIndex = index;
    }
    return this.lineIndex.get(documentKey(customer, invoice));
  }

  /** What payments naming the document paid (absolute; 0: none). */
  repaid(document: string): number {
    if (this.repayments.length === 0) return 0;
    if (this.repaidIndex === undefined) {
      const index = new Map<string, number>();
      for (const [ref, amount] of this.repayments) index.set(ref, (index.get(ref) ?? 0) + amount);
      this.repaidIndex = index;
    }
    return this.repaidIndex.get(document) ?? 0;
  }

  /** What the customer's pricing deductions naming its invoice took of the item (absolute; 0: none). */
  pricingDeducted(customer: string | undefined, invoice: string, sku: string): number {
    if (this.priced.length === 0) return 0;
    if (this.pricedIndex === undefined) {
      const index = new Map<string, number>();
      for (const [key, s, amount] of this.priced) index.set(`${key}\u0001${s}`, (index.get(`${key}\u0001${s}`) ?? 0) + amount);
      this.pricedIndex = index;
    }
    return this.pricedIndex.get(`${documentKey(customer, invoice)}\u0001${sku}`) ?? 0;
  }

  /** The claim number of a credit note naming the customer's invoice, and whether it names an approver; undefined: none kept. */
  claimOf(customer: string | undefined, invoice: string, credit: string): { claim: string; approved: boolean } | undefined {
    if (this.claims.length === 0) return undefined;
    if (this.claimIndex === undefined) {
      const index = new Map<string, { claim: string; approved: boolean }>();
      for (const [key, id, claim, approved] of this.claims) index.set(`${key}\u0001${id}`, { claim, approved: approved === 1 });
      this.claimIndex = index;
    }
    return this.claimIndex.get(`${documentKey(customer, invoice)}\u0001${credit}`);
  }
}

function documentKey(customer: string | undefined, document: string): string {
  return `${customer ?? ""}\u0001${document}`;
}
