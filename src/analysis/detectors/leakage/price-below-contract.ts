// price_below_contract: a line billed below the price of the contract (or promotion) in force on
// the invoice date (for a volume tier, the tier the line's quantity reaches). When the implied
// discount also breaks the contract's max_discount_pct, the more specific discount_above_cap
// rule reports the line instead. A write-down the line records off the agreed price, within the
// policy, on a document that names its approver, is an approved discount (approvedWriteDown); a
// price overridden below the agreed one with no discount recorded, approved by someone the
// discount authority matrix lists, within that approver's limit, is too (withinApproversAuthority).
// A line a later retro rate adjustment made up (rate-adjustments.ts: a raise keyed late, the
// weeks in between billed at the old rate, then the difference billed for them) is settled; one
// made up in part keeps the rest at risk.
import { roundMoney } from "../../../domain/rounding.ts";
import { isBelowOnLine, money, shortfallScore } from "../types.ts";
import { type Contract, sameUnit, type Transaction } from "../../../domain/transaction.ts";
import { atUnreachedTier, effectiveDiscount, type LineFacts } from "./line-facts.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";
import { namedPeriodEnds } from "./billed-period.ts";

/** A line at a volume tier it does not reach, alone: medium (0.5 × 0.9 = 45). */
const TIER_SCORE = 0.5;

export const priceBelowContractRule: LineRule = {
  code: "price_below_contract",
  check(f, input) {
    const { txn, config } = input;
    const terms = f.terms;
    if (!terms || f.net === undefined || f.quantity <= 0) return null;
    if (!isBelowOnLine(f.net, terms.price, f.quantity, config.revenue_leakage.tolerance)) return null;
    // At a volume tier's price the line's own quantity does not reach: an order billed in parts
    // keeps the price of the whole order's quantity (a follow-up invoice referring to the first
    // says so; the first part cannot), so it is worth a look, not decisive — whatever discount
    // off list the tier's price is.
    const tier = atUnreachedTier(f, config.revenue_leakage.tolerance);
    // Nor where the customer's month has reached the tier (month-volumes.ts): a terminal prices a
    // line's calls after its month's moves pass the threshold at the tier's rate.
    if (tier && (txn.reference || documentReaches(f, input.lines(), tier) || input.ctx.monthVolumes.reaches(txn, tier))) return null;
    if (!tier && approvedWriteDown(f, txn, terms.price, config.revenue_leakage)) return null;
    if (!tier && withinApproversAuthority(f, txn, terms.price, config.revenue_leakage)) return null;
    const discount = effectiveDiscount(f);
    if (!tier && terms.max_discount_pct !== undefined && discount !== undefined && discount > terms.max_discount_pct + 0.01) return null;
    const short = (terms.price - f.net) * f.quantity;
    const madeUp = tier ? 0 : input.ctx.rateAdjustments.madeUp(txn, namedPeriodEnds(txn, input.ctx.dayOrder), f.quantity, short);
    // The rate the line came to with what the retro billed for it.
    const settledRate = f.net + madeUp / f.quantity;
    if (madeUp > 0 && !isBelowOnLine(settledRate, terms.price, f.quantity, config.revenue_leakage.tolerance)) return null;
    const lost = short - madeUp;
    return {
      code: "price_below_contract",
      score: tier ? TIER_SCORE : shortfallScore(terms.price, settledRate),
      message: (tier
        ? `${f.quantity} × ${f.sku} billed at ${money(f.net)} ${txn.currency ?? ""}, the ${terms.contract_id} price from ${tier.min_quantity} units; ${f.quantity} units are billed at ${money(terms.price)}`
        : `${f.sku} billed at ${money(f.net)} ${txn.currency ?? ""}, below the ${terms.contract_id} price of ${money(terms.price)}${madeUp > 0 ? `; a later rate adjustment billed ${money(madeUp)} of the ${money(short)} difference` : ""}`
      ).replace("  ", " "),
      field: lineField(f, "unit_price"),
      expected: { unit_price: terms.price, contract_id: terms.contract_id },
      actual: { unit_price: roundMoney(f.net), quantity: f.quantity },
      amount_at_risk: roundMoney(lost),
      risk_key: lineRiskKey(f),
    };
  },
};

/**
 * Whether the document's lines of the line's code, in its unit, together reach the volume tier:
 * a graduated tier is billed as two lines of one code (a WMS's pick charge as "units 1-10,000" at
 * the base rate and "units over 10,000" at the tier's, Extensiv and Manhattan billing alike), the
 * second of which alone never reaches the tier's minimum. The month's quantity does.
 */
function documentReaches(f: LineFacts, lines: readonly LineFacts[], tier: Contract): boolean {
  let quantity = 0;
  for (const o of lines) {
    if (o.pricingSku === f.pricingSku && o.quantity > 0 && sameUnit(o.line.unit, f.line.unit)) quantity += o.quantity;
  }
  return quantity >= (tier.min_quantity ?? 0);
}

/**
 * Whether the line is the agreed price less a discount it records, within the policy's maximum,
 * on a document that names who approved it (`approved_by`): a law firm's billing partner writing
 * a bill down 8 % off a client's negotiated rates, a courtesy discount on a new client's first
 * bill. The agreed price is then the list the discount is taken from, as the list is without a
 * contract (discounts within the policy are never reported). The arithmetic must hold: a line
 * off the agreed price less its recorded discount is still a cut no one recorded (or a discount
 * recorded off the list, which the agreed price is not); a discount
 * beyond the policy, or one no approver is named for, is still reported.
 */
export function approvedWriteDown(f: LineFacts, txn: Transaction, agreed: number, cfg: ModulesConfig["revenue_leakage"]): boolean {
  const d = f.recordedDiscount;
  if (d === undefined || !(d > 0) || d > f.policyMax + 0.01 || f.net === undefined) return false;
  if (!txn.approved_by || txn.approved_by.trim() === "") return false;
  // The agreed price less the recorded discount, within rounding either way: a discount recorded
  // off the list (the net the list less it) is no write-down of the agreed price.
  const writtenDown = agreed * (1 - d / 100);
  return !isBelowOnLine(f.net, writtenDown, f.quantity, cfg.tolerance) && !isBelowOnLine(writtenDown, f.net, f.quantity, cfg.tolerance);
}

/**
 * Whether the line is a price override the document's approver had the authority to give: no
 * discount recorded (a recorded one is a write-down, judged by approvedWriteDown), approved by
 * someone the discount authority matrix lists (`approver_max_discount_pct`) other than the
 * document's author, and the implied cut off the agreed price within that approver's limit. A
 * distributor's sales manager meeting a competitor's price for a restaurant overrides the price
 * on the order and approves it; the ERP keeps the price and the approver, not a discount. A cut
 * below list is judged the same way (the listed approver's limit is price_below_list's policy
 * floor, discount-authority.ts); the approver's name alone, not listed, grants nothing.
 */
export function withinApproversAuthority(f: LineFacts, txn: Transaction, agreed: number, cfg: ModulesConfig["revenue_leakage"]): boolean {
  if ((f.recordedDiscount ?? 0) > 0 || f.net === undefined || !(agreed > 0)) return false;
  const approver = txn.approved_by?.trim();
  if (!approver || approver.toLowerCase() === txn.created_by?.trim().toLowerCase()) return false;
  const limit = cfg.approver_max_discount_pct[approver];
  if (limit === undefined) return false;
  return ((agreed - f.net) / agreed) * 100 <= limit + 0.01;
}
