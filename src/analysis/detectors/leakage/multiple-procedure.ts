// The multiple-procedure payment reduction: when several procedures are done in one session, a
// payer allows the highest-valued one at its full fee-schedule rate and each further one at half
// its rate (Medicare's physician fee schedule, Claims Processing Manual ch. 12 §40.6, and the
// commercial contracts that follow it; the remittance says CO-59). Such a line is billed at the
// contract's terms, not below them. Nothing on a document marks it (the modifier 51 and the
// adjustment reason are line columns, not kept), so it is read from the prices: a line at half its
// contract price, within rounding, beside a line of a contract price at least as high billed at
// no less than that price, on a claim: a document that names its patient (history.ts
// PATIENT_FIELDS). Elsewhere a line at half its agreed price beside a full-price one is a 50 % cut
// like any other — before, it was excused on every bill. A cut to half with no procedure at its
// full rate beside it, the highest-valued procedure reduced instead of a lower one, and any other
// fraction are still judged.
// A line in percent is no procedure, on either side: a royalty at 3 % where the agreement says 6 %
// beside a flat fee of 325 a month is a rate cut, not a second procedure at half its fee (a
// percentage and a fee are no prices of one scale).
import { isPercentUnit } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import { isBelowOnLine } from "../types.ts";
import type { LineFacts } from "./line-facts.ts";

/** The share of its rate a second or later procedure is allowed at. */
const REDUCED_SHARE = 0.5;

export function reducedAsMultipleProcedure(f: LineFacts, fullRates: () => FullRates, tolerance: ModulesConfig["revenue_leakage"]["tolerance"]): boolean {
  const terms = f.terms;
  if (!terms || f.net === undefined || !(f.quantity > 0) || !(terms.price > 0) || isPercentUnit(f.line.unit)) return false;
  const reduced = terms.price * REDUCED_SHARE;
  if (isBelowOnLine(f.net, reduced, f.quantity, tolerance) || isBelowOnLine(reduced, f.net, f.quantity, tolerance)) return false;
  // Another line of a contract price at least as high, billed at no less than it.
  const rates = fullRates();
  return (rates.top === f ? rates.second : rates.best) >= terms.price;
}

/** The two highest contract prices among a document's lines billed at no less than them, and the line of the highest. */
export interface FullRates {
  best: number;
  top: LineFacts | undefined;
  second: number;
}

/**
 * The document's lines billed in full at their contract price: read once per document (asked of
 * each line at half its price, a document of 10,000 such lines was read 10,000 times over).
 */
export function fullRatesOf(lines: readonly LineFacts[], tolerance: ModulesConfig["revenue_leakage"]["tolerance"]): FullRates {
  const out: FullRates = { best: Number.NEGATIVE_INFINITY, top: undefined, second: Number.NEGATIVE_INFINITY };
  for (const p of lines) {
    if (p.terms === undefined || p.net === undefined || !(p.quantity > 0) || isPercentUnit(p.line.unit) || isBelowOnLine(p.net, p.terms.price, p.quantity, tolerance)) continue;
    const price = p.terms.price;
    if (price > out.best) {
      out.second = out.best;
      out.best = price;
      out.top = p;
    } else if (price > out.second) out.second = price;
  }
  return out;
}
