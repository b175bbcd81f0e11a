// price_above_contract: the invoice bills lines above the price the customer's own agreement
// allows — a price increase applied before the agreement's step, a discount smaller than agreed,
// a line beyond its insertion order's cap, a make-good billed at a rate where the agreement says
// 0. That is no revenue lost but a refund owed: a dispute, a credit note to come, a customer at
// risk of leaving; revenue-assurance reviews report both directions. Regular business prices above
// an agreement too (a surcharge, an expedite fee, an approved increase, a price list the agreement
// trails), so the finding is worth a look, never an alarm on its own: medium where nothing on the
// line explains it, low where its own words say it is a surcharge. One finding per document, so
// that a bill of many such lines is one question, not an alarm of many pieces of evidence.
//
// Judged only where the agreement is clear (line-facts.ts `ceiling`): the customer's own terms in
// force — no promotion, an offer the customer need not have taken — and above the HIGHEST price
// of them on any day whose prices count (the work day, the period billed, the order's day), so that
// two prices in force are never read as the lower one broken. Not judged: a line priced by its
// base code (a modifier — bilateral, a size — may price it differently), a line in part of a
// period, a late fee, a minimum's top-up, a document not priced as billed (free of charge,
// prorated, intercompany, at a quote, a balance due adding to its original) or replaced by another.
import { roundMoney } from "../../../domain/rounding.ts";
import type { Detector, Finding } from "../types.ts";
import { isBelowOnLine, money } from "../types.ts";
import type { LineFacts } from "./line-facts.ts";
import { documentRules, PRICING_RULES, proratedLine } from "./pricing.ts";
import { lateFeeLine } from "./capped-charge.ts";
import { billsPartOfPeriod } from "./prorated-days.ts";
import { isMinimumCode } from "./minimum-top-up.ts";
import { addsToOriginal } from "./billed-difference.ts";
import { replacedInvoice } from "./replaced-invoice.ts";
import { lineField } from "./line-rule.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { DetectorInput } from "../types.ts";
import { validOn } from "../../reference-index.ts";
import { lowerBound } from "../../sorted-search.ts";
import type { Contract, Transaction } from "../../../domain/transaction.ts";

/** Unexplained: medium with the default weight (0.6 × 0.75 = 45). */
const UNEXPLAINED_SCORE = 0.75;
/** A line whose words say it is a surcharge: listed, low (0.6 × 0.3 = 18). */
const EXPLAINED_SCORE = 0.3;

/**
 * An overcharge this small is a convention, not a dispute: a price derived from a tax-included one
 * or from a price per case, rounded per unit (27.06 for an agreed 27.04), is off by hundredths of
 * a percent.
 */
const CONVENTION_SHARE = 0.005;

/**
 * A line's own words for a charge above the agreed price that the agreement allows — a surcharge,
 * rush or expedite, after hours, overtime, a holiday, a regulator's assessment or levy at the
 * year's rate — or for a line that bills another charge with its own ("Rent incl. parking").
 */
const SURCHARGE_WORDS = /\bsurcharge|\bexpedit|\brush\b|\bafter[- ]hours?\b|\bover ?time\b|\bholiday\b|\bemergency\b|\bpremium rate\b|\bassessment\b|\blevy\b|\bincl(\.|udes?\b|uding\b)/i;

export const priceAboveContractDetector: Detector = {
  codes: ["price_above_contract"],
  // The ledger: a balance due adds to its original, an invoice credited in full is replaced.
  history: "ledger",
  detect(input) {
    const { txn, ctx, config } = input;
    if (txn.type !== "invoice") return [];
    const cfg = config.revenue_leakage;
    if (documentRules(txn, ctx, cfg) !== PRICING_RULES || addsToOriginal(txn, ctx)) return [];
    const above: { f: LineFacts; agreed: number; over: number; explained: boolean }[] = [];
    for (const f of input.lines()) {
      const agreed = overcharged(f, cfg);
      if (agreed === undefined) continue;
      const over = (f.net! - agreed) * f.quantity;
      const explained = (f.line.description !== undefined && SURCHARGE_WORDS.test(f.line.description)) || billsAnotherCharge(f, over, input);
      above.push({ f, agreed, over, explained });
    }
    // The customer's pricing deductions naming the invoice took the overcharge back (deduction-evidence.ts).
    if (above.length > 0 && above.every((a) => deductedBack(a.f, a.over, input))) return [];
    if (above.length === 0 || replacedInvoice(txn, ctx) !== undefined) return [];
    const over = roundMoney(above.reduce((s, a) => s + a.over, 0));
    const unexplained = above.filter((a) => !a.explained);
    const first = (unexplained[0] ?? above[0])!;
    const cur = txn.currency ? ` ${txn.currency}` : "";
    const what = `${first.f.sku} billed at ${money(first.f.net!)}${cur}, above the ${first.f.ceiling!.contract_id} price of ${money(first.agreed)}`;
    const finding: Finding = {
      code: "price_above_contract",
      score: unexplained.length > 0 ? UNEXPLAINED_SCORE : EXPLAINED_SCORE,
      message: `${what}${above.length > 1 ? ` (${above.length} lines above their agreed prices)` : ""}: the customer was billed ${money(over)}${cur} more than agreed${unexplained.length === 0 ? "; the line says it is a surcharge, or bills another charge of the agreement with its own" : ""}`,
      field: lineField(first.f, "unit_price"),
      expected: { unit_price: roundMoney(first.agreed), contract_id: first.f.ceiling!.contract_id },
      actual: { unit_price: roundMoney(first.f.net!), quantity: first.f.quantity, lines_above: above.length },
      amount_at_risk: over,
      risk_key: "price_above_contract",
      owed: true,
    };
    return [finding];
  },
};

/**
 * The agreed price the line is billed above, if it is: above the highest price the customer's own
 * terms in force allow, by more than rounding and the conventions' share. Undefined for a line
 * this rule does not judge (see the top of the file).
 */
export function overcharged(f: LineFacts, cfg: ModulesConfig["revenue_leakage"]): number | undefined {
  const ceiling = f.ceiling;
  if (!ceiling || f.net === undefined || !(f.quantity > 0)) return undefined;
  if (f.pricingSku !== f.sku || proratedLine(f.line) || billsPartOfPeriod(f) || lateFeeLine(f.line) || isMinimumCode(ceiling.sku, cfg.minimum_charge_skus)) return undefined;
  const agreed = ceiling.price;
  if (!isBelowOnLine(agreed, f.net, f.quantity, cfg.tolerance)) return undefined;
  if (f.net - agreed <= CONVENTION_SHARE * Math.abs(agreed)) return undefined;
  return agreed;
}

/**
 * Whether the customer already took the line's overcharge back: its pricing deductions naming the
 * invoice (a retailer short-paying an increase applied before its agreement allowed it, "Pricing
 * difference") took at least that much of the item. Nothing is owed any more.
 */
function deductedBack(f: LineFacts, over: number, input: DetectorInput): boolean {
  const { txn, ctx, config } = input;
  const deducted = ctx.deductions.pricingDeducted(txn.customer_id, txn.transaction_id, f.sku);
  if (!(deducted > 0)) return false;
  const tol = config.revenue_leakage.tolerance;
  return deducted >= over - Math.max(tol.absolute, tol.relative * over);
}

/**
 * Whether the line's excess is another charge of its agreement, in force on the line's day, that
 * the bill carries on no line of its own: two agreed charges billed as one — a rent roll's RENT
 * line of the lease's rent and parking together ("Rent 03/2024 incl. parking", an export whose
 * description the analyst may not map), a bundle's add-on folded into its base line. The customer
 * was billed what was agreed, on fewer lines.
 */
function billsAnotherCharge(f: LineFacts, over: number, input: DetectorInput): boolean {
  const rows = otherChargesOf(input).get(f.ceiling!.contract_id);
  if (rows === undefined) return false;
  const tol = input.config.revenue_leakage.tolerance;
  const near = (agreed: number) => Math.abs(over - agreed) <= Math.max(tol.absolute, tol.relative * agreed);
  // The rows whose price (or price × quantity) can be within the tolerance of the excess: a
  // range of the rows sorted by price, widened by a hair for the divisions' rounding.
  const reach = Math.abs(over);
  const lowest = Math.min(over - tol.absolute, over / (1 + tol.relative)) - 1e-9 * reach;
  const highest = Math.max(over + tol.absolute, over / (1 - tol.relative)) + 1e-9 * reach;
  for (const times of [1, f.quantity]) {
    for (let i = lowerBound(rows.prices, lowest / times); i < rows.rows.length && rows.prices[i]! <= highest / times; i++) {
      const c = rows.rows[i]!;
      if (c.sku === f.pricingSku || !validOn(c, f.pricedDay)) continue;
      if (near(times === 1 ? c.price : c.price * f.quantity)) return true;
    }
  }
  return false;
}

/** A contract's rows that may be another charge of a bill, ascending by price (and the prices). */
interface ChargeRows {
  rows: Contract[];
  prices: Float64Array;
}

/** Per bill, for the reference data it was judged with: otherChargesOf's rows. */
const chargesByBill = new WeakMap<Transaction, { reference: unknown; byContract: Map<string, ChargeRows> }>();

/**
 * The customer's agreement rows that may be another charge folded into a line of the bill — priced
 * above 0, of a code no line of the bill carries — by contract, once per bill. Read per line above
 * its price, with a walk over the bill's lines per row, a bill of 1,000 such lines for a customer
 * with 1,000 rows held the event loop 10.3 s on dist/assay (one request of 60 KB).
 */
function otherChargesOf({ txn, ctx }: DetectorInput): Map<string, ChargeRows> {
  const known = chargesByBill.get(txn);
  if (known !== undefined && known.reference === ctx.reference) return known.byContract;
  const billed = new Set<string>();
  for (const l of txn.lines) if (typeof l.sku === "string") billed.add(l.sku);
  const grouped = new Map<string, Contract[]>();
  for (const c of ctx.reference.customerRows(txn.customer_id, txn.contract_id)) {
    if (!(c.price > 0) || billed.has(c.sku)) continue;
    const list = grouped.get(c.contract_id);
    if (list) list.push(c);
    else grouped.set(c.contract_id, [c]);
  }
  const byContract = new Map<string, ChargeRows>();
  for (const [id, rows] of grouped) {
    rows.sort((a, b) => a.price - b.price);
    byContract.set(id, { rows, prices: Float64Array.from(rows, (c) => c.price) });
  }
  chargesByBill.set(txn, { reference: ctx.reference, byContract });
  return byContract;
}
