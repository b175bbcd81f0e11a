// What a customer's deductions are validated against, collected over the history pass
// (billed-components.ts): a supplier's AR team checks each deduction a retailer takes on a
// remittance against the documents it names — the invoice's lines (what was billed of an item, at
// what price: a shortage cannot exceed what the proof of delivery shows missing of it, a pricing
// deduction takes the invoice's price down to the contract's and no further), the payments that
// repaid it after dispute (a deduction repaid no longer stands), and the credit memo that cleared
// it (a return's deduction and the approved return's credit memo name the same claim number).
//
// Kept only from invoices with lines of an item at a quantity and an amount, payments naming a
// document, and credit notes naming an invoice and a claim number. Once the pass is over (settle)
// only what a deduction of the history reads is kept: the items of the invoices deductions name,
// the payments naming a credit note. A history with nothing to validate keeps nothing (`judged`).
// A context built for analysis (keepLines(): POST /v1/analyze posts a deduction the history does
// not hold, naming any of its invoices) keeps every invoice's lines instead, in their columns, with
// an index from an invoice's key to its runs of lines (invoiced-lines.ts InvoicedLinesIndex).
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeNameMatcher, wordsOf } from "./markers.ts";
import { type InvoicedItemEntry, InvoicedLines, InvoicedLinesIndex, type InvoicedLinesState, invoicedLinesTransfer } from "./invoiced-lines.ts";

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

/** A payment naming a document: [the document, the amount paid (absolute)]. */
export type Repayment = [string, number];
/** A pricing deduction's line: [customer and invoice key, sku, amount taken (absolute)]. */
export type PricingDeduction = [string, string, number];
/** A credit note naming an invoice and a claim: [customer and invoice key, credit id, claim number, 1 when it names an approver]. */
export type CreditClaim = [string, string, string, number];

/**
 * What crosses threads. A history part (a split-scan worker's, to the main thread) carries the
 * invoices' lines it collected (`lines`, columns) and the invoices its deductions name (`wanted`):
 * a deduction may name an invoice of another part. What the scan workers are sent is settled:
 * only the wanted invoices' items (`items`), no lines.
 */
export interface DeductionEvidenceState {
  lines: InvoicedLinesState[];
  wanted: string[];
  items: InvoicedItemEntry[];
  repayments: Repayment[];
  claims: CreditClaim[];
  priced: PricingDeduction[];
  /** The credit notes' ids, which payments may repay (dropped once settled). */
  creditIds: string[];
  /** Whether it is settled evidence (judgedState()): its payments already those naming a credit note. */
  settled: boolean;
}

export interface InvoicedItem {
  quantity: number;
  amount: number;
}

/**
 * Whether a credit note is a deduction validated against its invoice's lines
 * (deduction-claims.ts reads them for nothing else): it names an invoice and no deal, and a line
 * credits an item at a positive quantity and rate, a negative amount.
 */
export function deductsInvoicedItems(t: Transaction): boolean {
  if (t.type !== "credit_note" || !t.reference || t.contract_id) return false;
  for (const l of t.lines) if (l.sku && (l.quantity ?? 0) > 0 && (l.unit_price ?? 0) > 0 && (l.amount ?? 0) < 0) return true;
  return false;
}

// The invoices' lines are collected before the deductions naming them are seen (an invoice
// precedes its deductions), in columns (invoiced-lines.ts); once the pass is over they are
// settled: only the items of invoices a deduction names are kept, the lines dropped. A history
// whose credit notes need none of it (credits of returns at the invoice's positive amounts, say)
// keeps nothing, and the scan workers are sent nothing.
export class DeductionEvidence {
  static readonly empty = new DeductionEvidence();
  /** The lines of the pass (the first) and of the parts merged, in order; empty once settled. */
  private lineParts: InvoicedLines[] = [new InvoicedLines()];
  /** The invoices (customer and invoice key) deductions name. */
  private readonly wanted = new Set<string>();
  private creditIds = new Set<string>();
  repayments: Repayment[] = [];
  readonly claims: CreditClaim[] = [];
  readonly priced: PricingDeduction[] = [];
  private settled = false;
  /** keepLines(): every invoice's lines kept once settled, looked up through `kept`. */
  private keepsLines = false;
  private kept: InvoicedLinesIndex[] = [];
  private lineIndex = new Map<string, Map<string, InvoicedItem>>();
  private repaidIndex: Map<string, number> | undefined;
  private claimIndex: Map<string, { claim: string; approved: boolean }> | undefined;
  private pricedIndex: Map<string, number> | undefined;

  static of(state: DeductionEvidenceState): DeductionEvidence {
    const d = new DeductionEvidence();
    d.merge(state);
    if (state.settled) {
      d.settled = true;
      d.lineParts = [];
    }
    return d;
  }

  /**
   * Keeps, once the pass is over, every invoice's lines rather than those of the invoices the
   * history's deductions name: for a context that judges deductions posted to it (ContextCache →
   * buildContext). Not for a split-scan report, whose deductions are all in its history.
   */
  keepLines() {
    this.keepsLines = true;
  }

  get collectedAny(): boolean {
    return this.lineParts.some((l) => l.size > 0) || this.lineIndex.size > 0 || this.repayments.length > 0 || this.claims.length > 0 || this.priced.length > 0 || this.creditIds.size > 0;
  }

  /** Whether anything of the history validates a deduction: else the context keeps none of this. */
  get judged(): boolean {
    this.settle();
    return this.lineIndex.size > 0 || this.kept.length > 0 || this.repayments.length > 0 || this.claims.length > 0 || this.priced.length > 0;
  }

  /** A history part's content, for the main thread to merge (lines in columns, not settled). */
  state(): DeductionEvidenceState {
    if (this.settled) return this.judgedState();
    return { lines: this.lineParts.map((l) => l.state()), wanted: [...this.wanted], items: [], repayments: this.repayments, claims: this.claims, priced: this.priced, creditIds: [...this.creditIds], settled: false };
  }

  /** What a scan worker is sent: the settled evidence, nothing where no deduction is to be validated
   *  (a split scan's evidence, which never keeps every invoice's lines: keepLines() is for a context built in process). */
  judgedState(): DeductionEvidenceState {
    if (!this.judged) return { lines: [], wanted: [], items: [], repayments: [], claims: [], priced: [], creditIds: [], settled: true };
    const items: InvoicedItemEntry[] = [];
    for (const [key, bySku] of this.lineIndex) for (const [sku, item] of bySku) items.push([key, sku, item.quantity, item.amount]);
    return { lines: [], wanted: [], items, repayments: this.repayments, claims: this.claims, priced: this.priced, creditIds: [], settled: true };
  }

  merge(part: DeductionEvidenceState) {
    for (const l of part.lines) this.lineParts.push(InvoicedLines.of(l));
    for (const k of part.wanted) this.wanted.add(k);
    for (const id of part.creditIds) this.creditIds.add(id);
    // Settled items (a scan worker's): one entry per invoice and item.
    for (const [key, sku, quantity, amount] of part.items) {
      let bySku = this.lineIndex.get(key);
      if (!bySku) this.lineIndex.set(key, (bySku = new Map()));
      bySku.set(sku, { quantity, amount });
    }
    for (const e of part.repayments) this.repayments.push(e);
    for (const e of part.claims) this.claims.push(e);
    for (const e of part.priced) this.priced.push(e);
    this.repaidIndex = this.claimIndex = this.pricedIndex = undefined;
  }

  add(t: Transaction) {
    if (t.type === "invoice") {
      let begun = false;
      const lines = this.lineParts[0]!;
      for (const l of t.lines) {
        if (!l.sku || !(l.quantity !== undefined && l.quantity > 0)) continue;
        const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * l.quantity : undefined);
        if (amount === undefined || !(amount > 0)) continue;
        if (!begun) lines.invoice(documentKey(t.customer_id, t.transaction_id));
        begun = true;
        lines.add(l.sku, l.quantity, amount);
      }
    } else if (t.type === "payment") {
      if (t.reference && t.reference !== t.transaction_id) this.repayments.push([t.reference, Math.abs(t.amount ?? 0)]);
    } else if (t.type === "credit_note") {
      // A deduction: naming its invoice, or a deal (an allowance claim, repaid or not).
      this.creditIds.add(t.transaction_id);
      if (!t.reference) return;
      if (deductsInvoicedItems(t)) this.wanted.add(documentKey(t.customer_id, t.reference));
      const claim = claimNumberOf(t);
      if (claim !== undefined) this.claims.push([documentKey(t.customer_id, t.reference), t.transaction_id, claim, t.approved_by ? 1 : 0]);
      if (!t.contract_id && wordsOf(t, PRICING_WORDS) !== undefined) {
        const key = documentKey(t.customer_id, t.reference);
        for (const l of t.lines) if (l.sku && l.amount !== undefined && l.amount < 0) this.priced.push([key, l.sku, -l.amount]);
      }
    }
    this.repaidIndex = this.claimIndex = this.pricedIndex = undefined;
  }

  /**
   * The pass is over: the items of the invoices deductions name are summed from the lines (in
   * line order, as one pass would), the lines dropped; payments are kept only where they name a
   * credit note (a deduction repaid), the others repay invoices and validate nothing.
   */
  settle() {
    if (this.settled) return;
    this.settled = true;
    if (this.keepsLines) this.kept = this.lineParts.filter((l) => l.size > 0).map((l) => new InvoicedLinesIndex(l));
    else if (this.wanted.size > 0) for (const l of this.lineParts) l.sumInto(this.wanted, this.lineIndex);
    this.lineParts = [];
    this.wanted.clear();
    if (this.repayments.length > 0) this.repayments = this.repayments.filter(([ref]) => this.creditIds.has(ref));
    this.creditIds = new Set();
    this.repaidIndex = undefined;
  }

  /** What the customer's invoice billed of each item (quantity, amount); undefined: the history has no lines of it (or, settled without keepLines(), no deduction of the history names it). */
  invoiced(customer: string | undefined, invoice: string): ReadonlyMap<string, InvoicedItem> | undefined {
    this.settle();
    if (this.kept.length > 0) {
      // Summed per lookup (a deduction's few lines), in line order over the parts, as sumInto would.
      const key = documentKey(customer, invoice);
      const items = new Map<string, InvoicedItem>();
      let found = false;
      for (const index of this.kept) if (index.sumInto(key, items)) found = true;
      return found ? items : undefined;
    }
    if (this.lineIndex.size === 0) return undefined;
    return this.lineIndex.get(documentKey(customer, invoice));
  }

  /** What payments naming the document paid (absolute; 0: none). */
  repaid(document: string): number {
    this.settle();
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

/** A history part's state's buffers (its lines' columns), to post to the main thread without a copy. */
export function deductionEvidenceTransfer(s: DeductionEvidenceState): ArrayBuffer[] {
  return s.lines.flatMap(invoicedLinesTransfer);
}

function documentKey(customer: string | undefined, document: string): string {
  return `${customer ?? ""}\u0001${document}`;
}
