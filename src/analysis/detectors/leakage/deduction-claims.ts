// A customer's deduction validated against its evidence, as a consumer-goods supplier's AR team
// (its deductions-management tool) validates what a retailer short-pays: a deduction is a credit
// note naming the invoice it was taken on (`reference`), its lines the item or code it claims — a
// positive quantity at a positive rate, a negative amount. Judged here (an allowance claimed under
// a deal the credit names is allowance-claim.ts's):
//
//  - **a shortage** (its text says so: "Shortage", "short shipped", "not received") on a delivery
//    the proof of delivery shows complete: the shipments naming the invoice (`quantity` the cases
//    the receiver signed for) against what the invoice billed of the item; the cases claimed beyond
//    what is missing are `shortage_not_on_delivery`, at the claim's rate. A damage or a return is
//    no shortage: not judged here.
//  - **a pricing deduction** (its text says so: "Pricing difference", "price variance",
//    "price deduction"): a line at a rate of at most half the invoice's price for the item (a
//    shortage, a damage or a return credits the item at its price) takes that price down by its
//    rate; below the price of the customer's agreement in force on the invoice's date it is
//    `price_below_contract`, for what it takes beyond the agreement. Where the invoice was billed
//    above the agreement (an increase applied to a customer still at the old price), the deduction
//    of the difference is as agreed.
//  - **a fine or charge code no agreement of the customer grants** — a code other customers'
//    agreements price (a retailer's list of compliance fines, in % of the invoice), none of this
//    customer's (nor a promotion open to all), that the invoice does not bill — is
//    `deduction_not_in_agreement`, the whole line at risk; one its agreement grants, above the
//    agreed rate, is `price_below_contract` for what it takes beyond.
//
// A deduction the customer repaid (payments naming it, together at least its amount: the repayment
// after a dispute) no longer stands: nothing is reported.
import { roundMoney } from "../../../domain/rounding.ts";
import { type Contract, sameUnit, type Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { validOn } from "../../reference-index.ts";
import type { Detector, DetectorInput, Finding } from "../types.ts";
import { isBelow, money, nearlyEqual } from "../types.ts";
import { contractsInScope } from "./contract-scope.ts";
import { wordsOf } from "./markers.ts";
import { PRICING_WORDS } from "./deduction-evidence.ts";
import { DAY_MS } from "../../dates.ts";

export const SHORTAGE_CODE = "shortage_not_on_delivery" as const;
export const NOT_IN_AGREEMENT_CODE = "deduction_not_in_agreement" as const;

/** What a shortage claim's text says: short shipped, short delivered, not received. */
const SHORTAGE_WORDS = /\b(shortages?|short[- ]?(shipped|shipment|delivered|delivery|received|ship)|not received|non[- ]?receipt|missing cases?)\b/i;

/** A pricing deduction takes back part of a price: a line at more than this share of it credits the item. */
const PRICE_SHARE = 0.5;

export const deductionClaimsDetector: Detector = {
  codes: [SHORTAGE_CODE, NOT_IN_AGREEMENT_CODE, "price_below_contract"],
  // The invoice's lines and date, the payments naming the deduction (deduction-evidence.ts).
  history: "ledger",
  detect(input) {
    const { txn, ctx } = input;
    if (txn.type !== "credit_note" || !txn.reference || txn.contract_id || txn.lines.length === 0) return [];
    if (repaid(txn, ctx, input.config.revenue_leakage.tolerance)) return [];
    const invoiced = ctx.deductions.invoiced(txn.customer_id, txn.reference);
    if (invoiced === undefined) return [];
    const out: Finding[] = [];
    const shortage = wordsOf(txn, SHORTAGE_WORDS) !== undefined;
    const pricing = !shortage && wordsOf(txn, PRICING_WORDS) !== undefined;
    // Whether the customer has agreement rows at all, asked once per deduction: a row list copied
    // per line was quadratic in a deduction of thousands of lines for a customer of thousands of rows.
    let hasRows: boolean | undefined;
    const customerHasRows = () => (hasRows ??= ctx.reference.customerRows(txn.customer_id).length > 0);
    for (const line of txn.lines) {
      const q = line.quantity ?? 0, rate = line.unit_price ?? 0, amount = line.amount ?? 0;
      if (!line.sku || !(q > 0) || !(rate > 0) || !(amount < 0)) continue;
      const item = invoiced.get(line.sku);
      const finding = item
        ? shortage
          ? unsupportedShortage(input, line.sku, q, rate, item.quantity)
          : pricing
            ? belowAgreement(input, line.sku, q, rate, item)
            : undefined
        : notInAgreement(input, line.sku, q, rate, -amount, line.unit, customerHasRows);
      if (finding) out.push(finding);
    }
    return out;
  },
};

/** Whether payments naming the deduction repaid it all. */
export function repaid(txn: Transaction, ctx: AnalysisContext, tol: DetectorInput["config"]["revenue_leakage"]["tolerance"]): boolean {
  const back = ctx.deductions.repaid(txn.transaction_id);
  const amount = Math.abs(txn.amount ?? 0);
  return back > 0 && (back >= amount || nearlyEqual(back, amount, tol));
}

/** A shortage of more cases than the proof of delivery shows missing of what the invoice billed. */
function unsupportedShortage({ txn, ctx }: DetectorInput, sku: string, q: number, rate: number, billed: number): Finding | undefined {
  const received = ctx.reference.shippedFor(txn.reference!);
  if (received === undefined) return undefined;
  const missing = Math.max(0, billed - (received.get(sku) ?? 0));
  const beyond = q - missing;
  if (!(beyond > 0.5)) return undefined;
  const atRisk = roundMoney(beyond * rate);
  return {
    code: SHORTAGE_CODE,
    score: 0.9,
    message: `shortage of ${q} of ${sku} on ${txn.reference}, where the proof of delivery shows ${missing === 0 ? "the delivery complete" : `${missing} missing`} (${billed} billed): ${money(atRisk)} unsupported`,
    field: "lines",
    expected: { quantity_missing: missing },
    actual: { quantity_claimed: q, quantity_billed: billed },
    amount_at_risk: atRisk,
    risk_key: `${SHORTAGE_CODE}:${sku}`,
  };
}

/** A pricing deduction taking the invoice's price for the item below the customer's agreement in force on the invoice's date. */
function belowAgreement(input: DetectorInput, sku: string, q: number, rate: number, item: { quantity: number; amount: number }): Finding | undefined {
  const { txn, ctx, config } = input;
  const price = item.amount / item.quantity;
  if (!(rate <= price * PRICE_SHARE) || q > item.quantity + 0.5) return undefined;
  const ms = ctx.history.invoiceMs(txn.reference!);
  if (ms === undefined) return undefined;
  const day = new Date(Math.floor(ms / DAY_MS) * DAY_MS).toISOString().slice(0, 10);
  const invoice: Transaction = { transaction_id: txn.reference!, type: "invoice", date: day, customer_id: txn.customer_id, currency: txn.currency, lines: [] };
  const agreed = lowestInForce(contractsInScope(ctx, invoice, sku), day, txn.currency, unitOf(txn, sku));
  if (agreed === undefined) return undefined;
  const net = price - rate;
  const tol = config.revenue_leakage.tolerance;
  if (!isBelow(net, agreed.price, tol)) return undefined;
  const atRisk = roundMoney(Math.min(rate, agreed.price - net) * q);
  return {
    code: "price_below_contract",
    score: 0.9,
    message: `pricing deduction of ${money(rate)} a unit on ${q} of ${sku} takes ${txn.reference}'s price of ${money(price)} to ${money(net)}, below ${money(agreed.price)} of ${agreed.contract_id} in force on ${day}: ${money(atRisk)} beyond the agreement`,
    field: "lines",
    expected: { unit_price: agreed.price, contract_id: agreed.contract_id },
    actual: { unit_price: roundMoney(net), invoiced_price: roundMoney(price), deducted: rate },
    amount_at_risk: atRisk,
    risk_key: `price_below_contract:${sku}`,
  };
}

/** A code the invoice does not bill, that other customers' agreements grant and none of this customer's. */
function notInAgreement(input: DetectorInput, sku: string, q: number, rate: number, amount: number, unit: string | undefined, customerHasRows: () => boolean): Finding | undefined {
  const { txn, ctx, config } = input;
  if (!ctx.reference.contractedSkus.has(sku)) return undefined;
  const own = ctx.reference.contractsFor(txn.customer_id, sku);
  if (own.length === 0) {
    if (!customerHasRows()) return undefined;
    return {
      code: NOT_IN_AGREEMENT_CODE,
      score: 0.9,
      message: `deduction of ${money(amount)} for ${sku}, which ${txn.customer_id}'s agreements do not grant (other customers' do)`,
      field: "lines",
      expected: { granted: false },
      actual: { sku, rate, amount },
      amount_at_risk: roundMoney(amount),
      risk_key: `${NOT_IN_AGREEMENT_CODE}:${sku}`,
    };
  }
  const day = txn.date ? txn.date.slice(0, 10) : null;
  const agreed = lowestInForce(own, day, txn.currency, unit);
  if (agreed === undefined || !isBelow(agreed.price, rate, config.revenue_leakage.tolerance)) return undefined;
  const atRisk = roundMoney((amount * (rate - agreed.price)) / rate);
  return {
    code: "price_below_contract",
    score: 0.9,
    message: `deduction for ${sku} at ${rate} where ${agreed.contract_id} grants ${agreed.price}: ${money(atRisk)} beyond the agreement`,
    field: "lines",
    expected: { unit_price: agreed.price, contract_id: agreed.contract_id },
    actual: { unit_price: rate, quantity: q },
    amount_at_risk: atRisk,
    risk_key: `price_below_contract:${sku}`,
  };
}

function lowestInForce(rows: readonly Contract[], day: string | null, currency: string | undefined, unit: string | undefined): Contract | undefined {
  let best: Contract | undefined;
  for (const c of rows) {
    if (!validOn(c, day) || !sameUnit(unit, c.unit) || (c.currency && currency && c.currency.toUpperCase() !== currency.toUpperCase())) continue;
    if (!(c.price >= 0)) continue;
    if (!best || c.price < best.price) best = c;
  }
  return best;
}

function unitOf(txn: Transaction, sku: string): string | undefined {
  return txn.lines.find((l) => l.sku === sku)?.unit;
}
