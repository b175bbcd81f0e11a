// zero_price_line: a billable line (positive quantity) billed at zero for a SKU that has a price
// under the terms in force, or on the price list. A contract or promotion at price 0 (a free
// item) is legitimate and is not reported, as is a line whose quantity at that price rounds to
// 0.00 (1 kWh at a rider of 0.0035 is 0.00 to the cent). So is a free-of-charge document, which the pricing
// detector skips as a whole (pricing.ts): every line at 0 (a warranty replacement, a sample
// delivery, a subscription's trial) and a free-of-charge marker (an attribute in
// `free_of_charge_fields` with a value in `free_of_charge_values`, or a text attribute saying so in
// words: "Trial period", "free of charge") or a reference to an invoice of the history (the sale it replaces under
// warranty) — but not warranty work done after the warranty's end date the document names
// (warranty.ts). A zero line on a priced invoice is still reported — unless it is a kit's component:
// the history shows its SKU listed at 0 on (nearly) every invoice billing a kit SKU at a price, at
// several customers, and that kit is billed at a price on this invoice (kit-components.ts). Units
// beyond what the invoice's kits contain are reported (their amount at risk those units only).
import { roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { AnalysisContext } from "../../context.ts";
import { money } from "../types.ts";
import { markerOf, wordsOf } from "./markers.ts";
import { documentFigure } from "./document-memo.ts";
import type { LineFacts } from "./line-facts.ts";
import { lineField, lineRiskKey, type LineRule } from "./line-rule.ts";
import { WARRANTY_REASON, warrantyEnded } from "./warranty.ts";

export const zeroPriceRule: LineRule = {
  code: "zero_price_line",
  check(f, { txn, ctx }) {
    if (f.quantity <= 0 || f.net !== 0) return null;
    if (f.foreignTerms && !f.terms) return null;
    const floor = f.terms ? f.terms.price : f.policyFloor;
    if (floor === undefined || floor <= 0) return null;
    // A quantity whose price is under half a cent is 0.00 to the cent, as billed: a vacant
    // premise's 1 kWh at a rider of 0.0035 per kWh.
    if (roundMoney(floor * f.quantity) === 0) return null;
    const unkitted = unitsBeyondKits(txn, ctx, f.sku, f.quantity);
    if (unkitted <= 0) return null;
    const beyond = unkitted < f.quantity ? ` (${unkitted} beyond the kits billed on the invoice)` : "";
    // A document at 0 whose warranty had ended (freeOfCharge did not take its marker): say so.
    const ended = (txn.amount ?? 0) === 0 ? warrantyEnded(txn, ctx.dayOrder) : undefined;
    const warranty = ended !== undefined ? ` as warranty work, but the warranty ended ${ended}, before the work` : "";
    return {
      code: "zero_price_line",
      score: 1,
      message: `${f.quantity} × ${f.sku} billed at 0${beyond}${warranty}; the ${f.terms ? "contract" : "lowest allowed list"} price is ${money(floor)} ${txn.currency ?? ""}`.trim(),
      field: lineField(f, "unit_price"),
      expected: { unit_price: roundMoney(floor), ...(f.terms ? { contract_id: f.terms.contract_id } : {}) },
      actual: { unit_price: 0, quantity: f.quantity },
      amount_at_risk: roundMoney(floor * unkitted),
      risk_key: lineRiskKey(f),
    };
  },
};

/**
 * Whether the line is a kit's component at 0, all its units contained in the kits billed at a
 * price on the invoice: it has no price of its own to judge, by any pricing rule (pricing.ts
 * skips it as it does a line discounted 100 %).
 */
export function inKit(f: LineFacts, txn: Transaction, ctx: AnalysisContext): boolean {
  return f.net === 0 && f.quantity > 0 && unitsBeyondKits(txn, ctx, f.sku, f.quantity) === 0;
}

/**
 * Of the line's `quantity` units of `sku` at 0, those the kits billed at a price on the invoice do
 * not contain (all of them when the SKU is no learned component of a kit billed there). The
 * invoice's units of the SKU at 0 on all its lines are set against the kits' together: a component
 * split over two lines is one kit's, a second kit's worth of it beside one kit is not.
 */
function unitsBeyondKits(txn: Transaction, ctx: AnalysisContext, sku: string, quantity: number): number {
  const kits = ctx.history.kitComponents;
  if (kits.kitsOf(sku) === undefined) return quantity;
  const covered = documentFigure(txn, ctx, `kit-covered ${sku}`, () => kits.coveredUnits(txn, sku));
  if (covered <= 0) return quantity;
  const atZero = documentFigure(txn, ctx, `units-at-zero ${sku}`, () => {
    let units = 0;
    for (const l of txn.lines) {
      const q = l.quantity ?? 0;
      if (l.sku === sku && q > 0 && (l.amount !== undefined ? l.amount === 0 : l.unit_price === 0)) units += q;
    }
    return units;
  });
  return Math.min(quantity, Math.max(0, atZero - covered));
}

/**
 * A document at 0 that says in words why: a subscription's trial ("Trial period for Pro"), a
 * delivery free of charge. Read only on documents whose every line is at 0, which a missing
 * price on one line of a priced invoice is not.
 */
const FREE_WORDS = /\btrial\b|\bfree of charge\b|\bno charge\b|\bcomplimentary\b|\bgratis\b|\bkostenlos\b/i;

/** Why the whole document is legitimately free of charge ("field=value", or "replaces INV-…"), if it is. */
export function freeOfCharge(txn: Transaction, ctx: AnalysisContext, cfg: ModulesConfig["revenue_leakage"]): string | undefined {
  if ((txn.amount ?? 0) !== 0 || txn.lines.some((l) => (l.amount ?? (l.unit_price ?? 0) * (l.quantity ?? 0)) !== 0)) return undefined;
  const marker = markerOf(txn, cfg.free_of_charge_fields, cfg.free_of_charge_values) ?? wordsOf(txn, FREE_WORDS);
  // Warranty work after the warranty's end is billable: the marker does not make it free.
  if (marker !== undefined) return WARRANTY_REASON.test(marker.slice(marker.indexOf("=") + 1)) && warrantyEnded(txn, ctx.dayOrder) !== undefined ? undefined : marker;
  if (txn.reference && txn.reference !== txn.transaction_id && ctx.history.invoiceAmount(txn.reference) !== undefined) return `replaces ${txn.reference}`;
  return undefined;
}
