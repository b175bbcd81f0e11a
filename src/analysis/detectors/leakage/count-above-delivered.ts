// quantity_above_delivered_count: a line billed on more units than were delivered, where the line
// states the counts — the seller's (`delivered_quantity`: the publisher's ad server) and an
// independent one (`verified_quantity`: the advertiser's third-party ad server). Digital
// advertising bills on the counts the insertion order names; when the two differ by more than an
// agreed discrepancy (`revenue_leakage.count_discrepancy_pct`, the IAB/4A's 10 % by default) the
// line is billed on the lower, within it on the seller's. A line billed above that — the higher
// count of a discrepancy beyond the tolerance, or more than either count — overbills the
// advertiser: a refund owed, like price_above_contract, but counted on the line itself rather than
// guessed from a price, so high. One finding per document; at risk the line's amount on the
// units beyond the count allowed, net of the bill's deductions (a commission, a volume discount).
//
// Not judged: a line without both counts (an IO billed on the seller's count states none of the
// third party's), a line at no charge (a make-good, added value), a credit note.
import { roundMoney } from "../../../domain/rounding.ts";
import type { TransactionLine } from "../../../domain/transaction.ts";
import type { Detector, Finding } from "../types.ts";
import { money } from "../types.ts";

export const COUNT_ABOVE_DELIVERED_CODE = "quantity_above_delivered_count" as const;

/** A unit of a count is a whole one: less above the count allowed is rounding. */
const COUNT_ROUNDING = 0.5;

/** The units the line may bill on its counts, or undefined where it does not state both. */
export function allowedCount(line: TransactionLine, discrepancyPct: number): number | undefined {
  const a = line.delivered_quantity, b = line.verified_quantity;
  if (a === undefined || b === undefined || !(a >= 0) || !(b >= 0)) return undefined;
  const high = Math.max(a, b), low = Math.min(a, b);
  if (high === 0) return 0;
  return (high - low) / high > discrepancyPct / 100 ? low : a;
}

export const countAboveDeliveredDetector: Detector = {
  codes: [COUNT_ABOVE_DELIVERED_CODE],
  history: "none",
  detect({ txn, config }) {
    if (txn.type !== "invoice") return [];
    const pct = config.revenue_leakage.count_discrepancy_pct;
    let atRisk = 0;
    // Made for the first line billed above its counts only: most invoices state no counts.
    let lines: { sku: string; billed: number; allowed: number }[] | undefined;
    for (const l of txn.lines) {
      const allowed = allowedCount(l, pct);
      const billed = l.quantity;
      if (allowed === undefined || billed === undefined || !(billed > 0) || !(billed - allowed > COUNT_ROUNDING)) continue;
      const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * billed : undefined);
      if (amount === undefined || !(amount > 0)) continue;
      atRisk += (amount * (billed - allowed)) / billed;
      (lines ??= []).push({ sku: l.sku ?? "", billed, allowed });
    }
    if (lines === undefined) return [];
    // The bill's deductions (an agency's commission, a volume discount: lines below zero) take
    // their share of the overbilled units too: what the advertiser paid for them is net of them.
    const gross = txn.lines.reduce((s, l) => s + Math.max(0, l.amount ?? 0), 0);
    const net = txn.lines.reduce((s, l) => s + (l.amount ?? 0), 0);
    if (gross > 0 && net > 0 && net < gross) atRisk *= net / gross;
    const first = lines[0]!;
    const finding: Finding = {
      code: COUNT_ABOVE_DELIVERED_CODE,
      score: 0.9,
      message: `${lines.length === 1 ? `${first.sku} is billed on ${first.billed} units` : `${lines.length} lines are billed`} above the count the line's deliveries allow (${lines.map((x) => x.allowed).join(", ")}: the lower of two counts more than ${pct}% apart, else the seller's): ${money(roundMoney(atRisk))} overbilled`,
      field: "lines",
      expected: { quantity: lines.map((x) => x.allowed), count_discrepancy_pct: pct },
      actual: { quantity: lines.map((x) => x.billed) },
      // Owed to the customer, not lost: a bill's amount at risk only where nothing is lost (scoring.ts).
      owed: true,
      amount_at_risk: roundMoney(atRisk),
      risk_key: COUNT_ABOVE_DELIVERED_CODE,
    };
    return [finding];
  },
};
