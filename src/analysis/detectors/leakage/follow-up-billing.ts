// What later invoices billed of a document they name: a parcel carrier's hub scans an address
// correction at delivery, after the weekly statement was cut, and bills it on an adjustment naming
// the shipment; its audit re-weighs a package billed at its actual weight and bills the
// dimensional weight on a shipping-charge correction; a supplier bills a back-order's second parcel
// on an invoice naming the first. The shipments table (a scan log, a delivery log) names the
// document the goods or events belong to, not the follow-up that billed them: unbilled_shipment
// counts the follow-ups' quantities as billed (unbilled-shipment.ts).
//
// A follow-up is an invoice of the same customer whose `reference` names the document; a credit
// note bills nothing, nor does a line at 0 (a free-of-charge replacement naming the sale). Collected over the history pass (BilledComponents, passed to scan workers).
import type { Transaction } from "../../../domain/transaction.ts";

/** One line of a follow-up: the customer and document it names, its SKU, its quantity. */
export type FollowUpLine = [key: string, sku: string, quantity: number];

export class FollowUpBilling {
  static readonly empty = new FollowUpBilling();
  readonly entries: FollowUpLine[] = [];
  private index: Map<string, Map<string, number>> | undefined;

  static of(entries: readonly FollowUpLine[]): FollowUpBilling {
    const f = new FollowUpBilling();
    f.merge(entries);
    return f;
  }

  merge(part: readonly FollowUpLine[]) {
    for (const e of part) this.entries.push(e);
    this.index = undefined;
  }

  add(t: Transaction) {
    if (t.type !== "invoice" || !t.reference || t.reference === t.transaction_id) return;
    const key = documentKey(t.customer_id, t.reference);
    for (const l of t.lines) {
      if (!l.sku || !(l.quantity !== undefined && l.quantity > 0)) continue;
      // A line stating it bills nothing (a free-of-charge warranty replacement naming the sale, at 0) bills none of its shipments.
      const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * l.quantity : undefined);
      if (amount !== undefined && !(amount > 0)) continue;
      this.entries.push([key, l.sku, l.quantity]);
      this.index = undefined;
    }
  }

  /** The quantity of each SKU the customer's later invoices naming `txn` billed; undefined: none. */
  billedFor(txn: Transaction): ReadonlyMap<string, number> | undefined {
    if (this.entries.length === 0) return undefined;
    if (this.index === undefined) {
      const index = new Map<string, Map<string, number>>();
      for (const [key, sku, quantity] of this.entries) {
        let bySku = index.get(key);
        if (!bySku) index.set(key, (bySku = new Map()));
        bySku.set(sku, (bySku.get(sku) ?? 0) + quantity);
      }
      this.index = index;
    }
    return this.index.get(documentKey(txn.customer_id, txn.transaction_id));
  }
}

function documentKey(customer: string | undefined, document: string): string {
  return `${customer ?? ""}\u0001${document}`;
}
