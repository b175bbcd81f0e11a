// The minimum charge's codes, and a minimum billed as a top-up. Where a bill's charges fall short
// of the minimum its contract states, many billing systems (a 3PL's WMS, a carrier's, a
// subscription biller's) add a line of the minimum's code for the difference — "Monthly minimum
// charge adjustment: 410.00" — rather than the whole minimum. Priced against the minimum's row as
// a whole minimum, every such line would read as a price cut. Its price is what it must top up:
// the minimum less the bill's other charges that the minimum applies to (minimumScope: the codes
// its row names, else the lines of the SKUs its contract prices, or all where it prices nothing
// else), each counted at no less than its contract price (a cut there is that line's own finding). A top-up that brings the
// bill to the minimum is right; one that leaves it short is below the contract by what is missing.
import type { Contract } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { attributeKey } from "./markers.ts";

/** The configured codes' keys, per configured list (the configuration's own array). */
const keysCache = new WeakMap<readonly string[], ReadonlySet<string>>();

/** Whether `sku` is a minimum item code of `configured` (`revenue_leakage.minimum_charge_skus`), without case or separators. */
export function isMinimumCode(sku: string, configured: readonly string[]): boolean {
  let keys = keysCache.get(configured);
  if (!keys) keysCache.set(configured, (keys = new Set(configured.map(attributeKey))));
  return keys.has(attributeKey(sku));
}

/** A bill's line as the top-up reads it: its SKU as priced, its billed amount, its contract price × quantity where known. */
export interface ChargeOnBill {
  pricingSku: string;
  amount: number;
  agreed: number | undefined;
}

/**
 * The minimum row `terms` as it prices a top-up line of `quantity` on a bill of `others` (its
 * other lines): the minimum less what those it applies to come to, spread over the quantity. The
 * row itself where the others apply to nothing (a bill of the minimum alone, or of surcharges
 * only): the whole minimum is owed.
 */
export function topUpTerms(terms: Contract, quantity: number, others: readonly ChargeOnBill[], ctx: AnalysisContext, configured: readonly string[]): Contract {
  if (!isMinimumCode(terms.sku, configured) || !(quantity > 0)) return terms;
  const scope = minimumScope(terms, ctx, configured);
  let billed = 0;
  let counted = 0;
  for (const o of others) {
    if (isMinimumCode(o.pricingSku, configured) || !scope.covers(o.pricingSku)) continue;
    billed += Math.max(o.amount, o.agreed ?? o.amount);
    counted++;
  }
  if (counted === 0 || !(billed > 0)) return terms;
  return { ...terms, price: Math.max(0, terms.price - billed) / quantity };
}

/** What a minimum applies to: the codes it names, the codes its contract prices, or the whole bill. */
export interface MinimumScope {
  /** Whether the minimum applies to every line of the bill (its contract prices nothing else). */
  readonly all: boolean;
  covers(sku: string): boolean;
}

/**
 * The lines a minimum row applies to. A row that names codes (`applies_to`: a franchise
 * agreement's minimum royalty applies to the royalty, not to the brand fund and the technology
 * fee the same agreement prices) applies to those; else to the SKUs its contract prices (a
 * carrier's minimum to the linehaul its agreement rates, not to the tariff's accessorials), or,
 * where the contract states nothing but the minimum, to the whole bill.
 */
export function minimumScope(row: Contract, ctx: AnalysisContext, configured: readonly string[]): MinimumScope {
  const named = appliesToCodes(row.applies_to);
  if (named.size > 0) return { all: false, covers: (sku) => named.has(attributeKey(sku)) };
  const priced = ctx.reference.contractSkus(row.contract_id);
  const all = [...priced].every((sku) => isMinimumCode(sku, configured));
  return { all, covers: (sku) => all || priced.has(sku) };
}

/** The codes an `applies_to` text names, as keys (case and separators aside): "ROYALTY", "ROYALTY, LOCAL-ROYALTY". */
const appliesToCache = new Map<string, ReadonlySet<string>>();
export function appliesToCodes(text: string | undefined): ReadonlySet<string> {
  if (!text) return EMPTY;
  let codes = appliesToCache.get(text);
  if (!codes) {
    codes = new Set(text.split(/[,;|\s]+/).filter((c) => c !== "").map(attributeKey));
    if (appliesToCache.size < 10_000) appliesToCache.set(text, codes);
  }
  return codes;
}
const EMPTY: ReadonlySet<string> = new Set();
