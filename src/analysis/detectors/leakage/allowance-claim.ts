// A customer's claim of an allowance under an agreement it names: a retailer's deduction for a
// trade promotion (an off-invoice allowance, a scan-back, a chargeback per case sold), a rebate
// credited under its programme, a fine under a vendor agreement. The supplier's receivables write
// it as a credit note that names the deal (its `contract_id`) and lists, per item or code, the
// basis it claims at the agreed rate — a positive quantity at a positive rate, a negative amount:
// the deduction of line-facts.ts. A credit note is otherwise not priced (it takes back what an
// invoice billed, at that invoice's prices); this one is priced against the agreement it names,
// as a bill's deduction line is: a rate above the agreed one is `price_below_contract` for what it
// takes beyond, and a claim for a period outside the deal's window (the line's work date, the
// week of shipments or scans it covers, else the document's date) is `contract_price_outside_validity`,
// the whole claim at risk. Only its deduction lines of codes the named agreement prices are judged:
// a shortage or a return on the same remittance is no claim of that deal.
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { contractOutsideValidityRule } from "./contract-outside-validity.ts";
import type { LineFacts } from "./line-facts.ts";
import type { LineRule } from "./line-rule.ts";
import { priceBelowContractRule } from "./price-below-contract.ts";

/** The rules an allowance claim's lines are judged by: the agreed rate, the agreed window. */
export const ALLOWANCE_CLAIM_RULES: readonly LineRule[] = [priceBelowContractRule, contractOutsideValidityRule];

/** Whether the document is a credit note naming an agreement the reference prices (its codes): a claim under it. */
export function allowanceClaim(txn: Transaction, ctx: AnalysisContext): boolean {
  return txn.type === "credit_note" && !!txn.contract_id && ctx.reference.contractSkus(txn.contract_id).size > 0;
}

/** Whether the line claims under the agreement the document names: a deduction (negative amount, positive basis and rate) of a code it prices. */
export function claimedUnderAgreement(f: LineFacts, txn: Transaction, ctx: AnalysisContext): boolean {
  const line = f.line;
  if (line.amount === undefined || line.amount >= 0 || f.quantity <= 0 || !(line.unit_price !== undefined && line.unit_price > 0)) return false;
  return ctx.reference.contractSkus(txn.contract_id!).has(f.pricingSku);
}
