// What a bill's minimum top-ups billed of its events not billed (unbilled_shipment). A top-up
// (minimum-top-up.ts: a line of the minimum's code for the difference between the bill's charges
// and the minimum) bills part of what the bill's events carry beyond its lines: a terminal's call
// billed on its scheduled hours of dockage and topped up to the minimum per call owed the larger of
// its actual dockage and the minimum, and was billed the minimum — what is lost is the unbilled
// dockage less the top-up, and nothing where the actual dockage stays within the minimum (a parcel
// rated at a lighter weight than scanned, and topped up to the carrier's minimum net charge either way).
import type { Transaction } from "../../../domain/transaction.ts";
import type { AnalysisContext } from "../../context.ts";
import { contractsInScope } from "./contract-scope.ts";
import { isMinimumCode, type MinimumScope, minimumScope } from "./minimum-top-up.ts";

/**
 * What a bill's minimum top-ups billed — its lines of a minimum code, each with the codes its row
 * applies to (minimumScope) —, to be set against the value of those codes' events it did not bill,
 * each top-up's amount taken once.
 */
export class TopUps {
  private constructor(private readonly left: { amount: number; scope: MinimumScope }[]) {}

  /** The bill's top-ups: its lines of a minimum code with an amount, whose row (in scope, in the bill's currency) is known. */
  static of(txn: Transaction, ctx: AnalysisContext, configured: readonly string[]): TopUps {
    const left: { amount: number; scope: MinimumScope }[] = [];
    for (const l of txn.lines) {
      const amount = l.amount ?? (l.unit_price ?? 0) * (l.quantity ?? 0);
      if (!l.sku || !(amount > 0) || !isMinimumCode(l.sku, configured)) continue;
      const row = contractsInScope(ctx, txn, l.sku, l).find((c) => !c.currency || !txn.currency || c.currency.toUpperCase() === txn.currency);
      if (row) left.push({ amount, scope: minimumScope(row, ctx, configured) });
    }
    return new TopUps(left);
  }

  /** Takes from the top-ups covering `sku` up to `value` (what its unbilled events are worth): how much they had billed of it. */
  take(sku: string, value: number): number {
    let taken = 0;
    for (const t of this.left) {
      if (taken >= value) break;
      if (!(t.amount > 0) || !t.scope.covers(sku)) continue;
      const part = Math.min(t.amount, value - taken);
      t.amount -= part;
      taken += part;
    }
    return taken;
  }
}
