// The pricing detector: runs the line rules in precedence order on every line of an invoice and
// keeps the first finding per line. Zero price is the most specific statement about a line, a
// contract in force comes before the policy, and a stale contract price before a cap breach or a
// plain cut (it explains both). A late fee is judged only at 0: its list amount is the maximum the
// law or contract allows, and the fee may be less (capped-charge.ts). A free-of-charge document, a line discounted 100 % from a
// stated price, a kit's component at 0 beside its kit (zero-price.ts) and a fixed-fee bill's time
// listed at 0 beside its fee (fee-arrangement.ts) have no price to judge; a prorated one only its recorded discount; an
// intercompany transfer only its transfer-price agreement; a document billed at a quote it names
// (quoted-price.ts) only its lines at 0, and so does a bill adding to an original on a line that
// bills the difference of two ratings (billed-difference.ts). A further procedure of a session at
// half its contract rate beside the first at its full rate is the multiple-procedure reduction
// (multiple-procedure.ts). Usage drawn from a prepaid commitment at 0 has been paid by it
// (prepaid-drawdown.ts). An invoice credited in full, or a denied claim a corrected one names,
// bills nothing any more (replaced-invoice.ts). A line whose adjustment reason the analyst accepts
// (a payer's CO-97: bundled into another line's payment) is not priced (adjustment-reasons.ts). Nor do the seller's own promotions
// the invoices show (promotion-habits.ts): a learned campaign's or markdown's discount, and a SKU
// at 0 that is free over an invoice value (shipping over a threshold) on an invoice reaching it.
import type { Transaction, TransactionLine } from "../../../domain/transaction.ts";
import type { Detector, Finding } from "../types.ts";
import { contractOutsideValidityRule } from "./contract-outside-validity.ts";
import { discountAboveCapRule, recordedDiscountAboveCapRule } from "./discount-above-cap.ts";
import type { LineFacts } from "./line-facts.ts";
import type { LineRule } from "./line-rule.ts";
import { markerMatcher, markerOf, wordsOf } from "./markers.ts";
import { priceBelowContractRule } from "./price-below-contract.ts";
import { priceBelowListRule } from "./price-below-list.ts";
import { billsPartOfPeriod, proratedDaysRule } from "./prorated-days.ts";
import { freeOfCharge, inKit, zeroPriceRule } from "./zero-price.ts";
import { fixedFee } from "./fee-arrangement.ts";
import { quotedPrice } from "./quoted-price.ts";
import { documentFigure } from "./document-memo.ts";
import { addsToOriginal, billsDifference } from "./billed-difference.ts";
import { type FullRates, fullRatesOf, reducedAsMultipleProcedure } from "./multiple-procedure.ts";
import { namesPatient } from "../../history.ts";
import { replacedInvoice } from "./replaced-invoice.ts";
import { isMinimumCode } from "./minimum-top-up.ts";
import { acceptedAdjustmentReason } from "./adjustment-reasons.ts";
import { governedElsewhere } from "./line-facts.ts";
import { lateFeeLine } from "./capped-charge.ts";
import { drawnFromPrepayment } from "./prepaid-drawdown.ts";
import { ALLOWANCE_CLAIM_RULES, allowanceClaim, claimedUnderAgreement } from "./allowance-claim.ts";
import { repaid } from "./deduction-claims.ts";
import { isBelowOnLine } from "../types.ts";
import type { AnalysisContext } from "../../context.ts";
import type { ModulesConfig } from "../../config-schema.ts";

export const PRICING_RULES: readonly LineRule[] = [
  zeroPriceRule,
  priceBelowContractRule,
  contractOutsideValidityRule,
  discountAboveCapRule,
  priceBelowListRule,
];

// A prorated line naming its days is held to its contract's price for them (prorated-days.ts).
const PRORATED_RULES: readonly LineRule[] = [proratedDaysRule, recordedDiscountAboveCapRule];

/** A document billed at a quote it names has the quote's prices, which the product does not
 *  have (quoted-price.ts), and a balance due's difference of two ratings is no rate
 *  (billed-difference.ts): only a line at 0 is judged. */
const ZERO_PRICE_ONLY: readonly LineRule[] = [zeroPriceRule];

/** An intercompany transfer is billed at cost or a transfer price, not at list less the sales
 *  policy: only an agreement for the receiving company (a transfer price in the contracts) judges it. */
const INTERCOMPANY_RULES: readonly LineRule[] = [priceBelowContractRule];

/** Every rule's check(), once each (a scan worker compiles them at one tier: parallel/worker-tiers.ts). */
export function pricingRuleChecks(): LineRule["check"][] {
  return [...new Set([...PRICING_RULES, ...PRORATED_RULES, ...ZERO_PRICE_ONLY, ...INTERCOMPANY_RULES])].map((r) => r.check);
}

/**
 * Why a document bills part of a period, if it says so: a proration flag (`proration: true`, as
 * Stripe's invoice lines carry) or words in a text attribute ("Remaining time on Pro after 7
 * May", "Unused time", "prorated", "pro rata", "partial month", "co-termed").
 */
export function prorated(txn: Transaction): string | undefined {
  if (!txn.attributes) return undefined;
  return prorationFlag(txn) ?? wordsOf(txn, PRORATION_WORDS);
}

const prorationFlag = markerMatcher(["proration", "prorated", "is_proration"], "any");
// "Co-termed", "coterminous": software vendors' word for add-on licences billed for the days left
// to the main contract's anniversary ("co-termed to 2026-03-31 (187 days)").
const PRORATION_WORDS = /\bprorat(ed|ion|a)\b|\bpro[ -]rata\b|\b(remaining|unused) (time|service|days)\b|\bpartial (period|month)\b|\bco-?term(ed|inous|ing)?\b/i;

/**
 * Whether a line says, in its own text, that it bills part of a period: a telecom or subscription
 * bill lists a first bill's partial month, a plan change's credit for the old plan's unused days
 * and charge for the new plan's, a final bill's credit for the days after a disconnect, each
 * beside lines of the same codes that bill a whole period — the document as a whole is not
 * prorated, that line is.
 */
export function proratedLine(line: TransactionLine): boolean {
  return line.description !== undefined && PRORATION_WORDS.test(line.description);
}

/**
 * The rules for a line of a document priced as billed, by what the line says it is: part of a
 * period (proratedLine, or a range of its own shorter than its contract's period: billsPartOfPeriod), a late fee (capped-charge.ts: the list's
 * amount is its maximum; only a fee at 0 is judged), else every pricing rule.
 */
function lineOwnRules(f: LineFacts): readonly LineRule[] {
  if (proratedLine(f.line) || billsPartOfPeriod(f)) return PRORATED_RULES;
  return lateFeeLine(f.line) ? ZERO_PRICE_ONLY : PRICING_RULES;
}

/**
 * The rules that judge the invoice's lines, or undefined for a free-of-charge document (a
 * warranty replacement, a sample: no price to judge). A prorated document bills part of a period:
 * its prices are a fraction of the list's or the contract's, by a fraction it does not state, so
 * only the recorded discount can be judged. PRICING_RULES: the document is priced as billed.
 */
export function documentRules(txn: Transaction, ctx: AnalysisContext, cfg: ModulesConfig["revenue_leakage"]): readonly LineRule[] | undefined {
  if (freeOfCharge(txn, ctx, cfg) !== undefined) return undefined;
  if (prorated(txn) !== undefined) return PRORATED_RULES;
  if (markerOf(txn, cfg.free_of_charge_fields, cfg.intercompany_values) !== undefined) return INTERCOMPANY_RULES;
  return quotedPrice(txn) !== undefined ? ZERO_PRICE_ONLY : PRICING_RULES;
}

export const pricingDetector: Detector = {
  codes: PRICING_RULES.map((r) => r.code),
  // The ledger: a free-of-charge replacement refers to an invoice of the history (zero-price.ts),
  // a balance due to its original (billed-difference.ts).
  history: "ledger",
  detect(input) {
    // A credit note claiming an allowance under the agreement it names is priced against it (allowance-claim.ts).
    // One the customer repaid after dispute no longer stands (deduction-claims.ts).
    if (input.txn.type === "credit_note") return allowanceClaim(input.txn, input.ctx) && !repaid(input.txn, input.ctx, input.config.revenue_leakage.tolerance) ? judgeAllowanceClaim(input) : [];
    if (input.txn.type !== "invoice") return [];
    const cfg = input.config.revenue_leakage;
    const rules = documentRules(input.txn, input.ctx, cfg);
    if (!rules) return [];
    // A balance due's line of extra units and an amount bills a difference, not a rate.
    const difference = rules !== ZERO_PRICE_ONLY && addsToOriginal(input.txn, input.ctx);
    const out: Finding[] = [];
    const lines = input.lines();
    // A fixed-fee bill lists the time it records at 0 beside its fee (fee-arrangement.ts).
    const timeForInformation = fixedFee(input.txn) !== undefined;
    const discountsRecorded = recordsDiscounts(lines);
    let fullRates: FullRates | undefined;
    const fullRatesOfDocument = () => (fullRates ??= fullRatesOf(lines, cfg.tolerance));
    // The multiple-procedure reduction is a claim's (multiple-procedure.ts): asked only of a line
    // a rule judges, as the reduction itself is, not of every invoice of a scan.
    let claim: boolean | undefined;
    const isClaim = () => (claim ??= namesPatient(input.txn));
    for (const facts of lines) {
      if (freeLine(facts, discountsRecorded) || inKit(facts, input.txn, input.ctx)) continue;
      // Usage paid by a prepaid commitment, at 0 by design (prepaid-drawdown.ts).
      if (drawnFromPrepayment(facts.line)) continue;
      if (timeForInformation && facts.net === 0) continue;
      if (freeOverThreshold(facts, input.txn, input.ctx) || learnedPromotion(facts, input.txn, input.ctx, cfg) !== undefined) continue;
      // A balance due's minimum line re-figures the original's minimum on the two together (a
      // true-up taking back its estimate's top-up): its price is not the top-up of this bill alone.
      if (difference && isMinimumCode(facts.pricingSku, cfg.minimum_charge_skus)) continue;
      const lineRules = difference && billsDifference(facts.line) ? ZERO_PRICE_ONLY : rules === PRICING_RULES ? lineOwnRules(facts) : rules;
      for (const rule of lineRules) {
        const finding = rule.check(facts, input);
        if (finding) {
          // A second procedure of a session at half its rate beside the first at its full rate,
          // or a line the payer says it bundled into another's payment (CO-97) — asked only of a
          // line a rule judges: most lines are at their price.
          if (acceptedAdjustmentReason(facts.line, cfg) === undefined && !(reducedAsMultipleProcedure(facts, fullRatesOfDocument, cfg.tolerance) && isClaim())) out.push(finding);
          break;
        }
      }
    }
    // Credited in full, or denied and re-submitted: another document bills it (replaced-invoice.ts;
    // asked only of an invoice with a finding).
    if (out.length > 0 && replacedInvoice(input.txn, input.ctx) !== undefined) return [];
    return out;
  },
};

/** An allowance claim's deduction lines under the agreement it names, each judged by the agreed rate and window. */
function judgeAllowanceClaim(input: Parameters<Detector["detect"]>[0]): Finding[] {
  const out: Finding[] = [];
  for (const facts of input.lines()) {
    if (!claimedUnderAgreement(facts, input.txn, input.ctx)) continue;
    for (const rule of ALLOWANCE_CLAIM_RULES) {
      const finding = rule.check(facts, input);
      if (finding) {
        out.push(finding);
        break;
      }
    }
  }
  return out;
}

/**
 * A line given away on purpose: its price is stated (unit price above 0) and discounted 100 % to
 * a net of 0 — a sample, a bundle component, goodwill. A line at 0 without a stated price (the
 * price missing, not waived) is still a zero-price line.
 *
 * A source that keeps the net price in unit_price shows the same waiver as unit price 0, its list
 * price and 100 % off. Whether that 100 % was recorded or is arithmetic depends on the source:
 * many fill discount_pct on every line from list and unit price (then a missing price reads
 * 100 % too), others record a discount only where one was granted. The document says which: when
 * another of its lines states a list price and no discount at all, its discounts are recorded,
 * and a 100 % one on a line stating its list price is a waiver.
 */
export function freeLine(f: LineFacts, discountsRecorded: boolean): boolean {
  if (f.net !== 0 || (f.line.discount_pct ?? 0) < 99.995) return false;
  if ((f.line.unit_price ?? 0) > 0) return true;
  return (f.line.list_price ?? 0) > 0 && discountsRecorded;
}

/**
 * Whether the document records discounts only where one was granted: a line states its list price
 * and no discount at all (freeLine). Asked once per document, not per line: a line at 100 % is
 * never that line itself, and 10,000 such lines asked it 10,000 times over the whole document.
 */
export function recordsDiscounts(lines: readonly LineFacts[]): boolean {
  return lines.some((o) => (o.line.list_price ?? 0) > 0 && o.line.discount_pct === undefined);
}

/**
 * A line at 0 of a SKU the history shows free from an invoice value on (free shipping over a
 * threshold: promotion-habits.ts), on an invoice whose other lines reach that value — or on a
 * follow-up invoice (a back-order's second parcel, an exchange: its `reference` names an invoice
 * of the history), whose order's shipping was settled on the invoice it follows.
 */
export function freeOverThreshold(f: LineFacts, txn: Transaction, ctx: AnalysisContext): boolean {
  if (f.net !== 0 || f.quantity <= 0 || f.terms) return false;
  const from = ctx.history.promotionHabits.freeFrom(txn.currency, f.sku);
  if (from === undefined) return false;
  if (txn.reference && txn.reference !== txn.transaction_id && ctx.history.invoiceAmount(txn.reference) !== undefined) return true;
  const others = documentFigure(txn, ctx, `value-beside ${f.sku}`, () => {
    let sum = 0;
    for (const l of txn.lines) {
      const q = l.quantity ?? 0;
      if (l.sku === f.sku || !(q > 0)) continue;
      const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * q : 0);
      if (amount > 0) sum += amount;
    }
    return sum;
  });
  return others >= from;
}

/**
 * Why the line's recorded discount beyond the policy is the seller's own promotion — a campaign
 * many customers had on the same days, a SKU's markdown, or the standing discount of the customer
 * group the invoice names (promotion-habits.ts) — if it is, and
 * the line is billed at no less than that discount off list. Contract terms in force judge the
 * line as ever.
 */
export function learnedPromotion(f: LineFacts, txn: Transaction, ctx: AnalysisContext, cfg: ModulesConfig["revenue_leakage"]): string | undefined {
  const d = f.recordedDiscount;
  if (d === undefined || d <= f.policyMax + 0.01 || f.terms || governedElsewhere(f) || f.net === undefined || f.quantity <= 0) return undefined;
  if (f.list !== undefined && isBelowOnLine(f.net, f.list * (1 - d / 100), f.quantity, cfg.tolerance)) return undefined;
  // A follow-up invoice (a back-order) keeps the prices of the invoice it follows: its day's campaign too.
  const habits = ctx.history.promotionHabits;
  return habits.promotion(f.sku, d, txn.date) ?? (f.orderDay !== undefined ? habits.promotion(f.sku, d, f.orderDay) : undefined) ?? habits.groupDiscount(txn, d);
}
