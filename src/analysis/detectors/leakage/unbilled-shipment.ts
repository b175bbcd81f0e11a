// unbilled_shipment: shipments that name this invoice carry more of a SKU than the invoice bills,
// with what the customer's later invoices naming it billed (follow-up-billing.ts: an adjustment
// for an accessorial scanned after the statement, a shipping-charge correction after a re-weigh).
// The unbilled quantity is valued at the billed net unit price of that SKU on the invoice; a SKU
// shipped but absent from the invoice is valued at the most generous allowed price (contract in
// force, else list less the policy's maximum discount), or 0 when no price is known. A line at 0
// that states a reason the analyst accepts (adjustment-reasons.ts: a hauler's make-up lift for a
// missed pickup, "MISSED PICKUP MAKE-UP") bills what the source marked not billable, not a billable
// shipment of its code: the extra lift the route also did is still owed.
import { dayOf } from "../../dates.ts";
import { validOn } from "../../reference-index.ts";
import { acceptedAdjustmentReason } from "./adjustment-reasons.ts";
import { contractsInScope } from "./contract-scope.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import { money, type Detector, type DetectorInput, type Finding } from "../types.ts";

export const unbilledShipmentDetector: Detector = {
  codes: ["unbilled_shipment"],
  history: "none",
  detect(input) {
    const { txn, ctx, config } = input;
    if (txn.type !== "invoice") return [];
    const shipped = ctx.reference.shippedFor(txn.transaction_id);
    if (!shipped) return [];
    const billed = new Map<string, { quantity: number; amount: number }>();
    for (const l of txn.lines) {
      if (!l.sku || ((l.amount ?? l.unit_price) === 0 && acceptedAdjustmentReason(l, config.revenue_leakage) !== undefined)) continue;
      const b = billed.get(l.sku) ?? { quantity: 0, amount: 0 };
      b.quantity += l.quantity ?? 0;
      b.amount += l.amount ?? (l.unit_price ?? 0) * (l.quantity ?? 0);
      billed.set(l.sku, b);
    }
    const later = ctx.followUps.billedFor(txn);
    const tolQty = config.revenue_leakage.tolerance.quantity;
    const out: Finding[] = [];
    for (const [sku, qty] of [...shipped].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const b = billed.get(sku);
      const missing = qty - (b?.quantity ?? 0) - (later?.get(sku) ?? 0);
      if (missing <= tolQty) continue;
      const unit = b && b.quantity > 0 ? b.amount / b.quantity : fallbackPrice(sku, input);
      out.push({
        code: "unbilled_shipment",
        score: Math.min(1, 0.85 + 0.15 * Math.min(1, missing / Math.max(qty, 1))),
        message: `${qty} × ${sku} shipped against ${txn.transaction_id} but ${b?.quantity ?? 0} billed${unit ? ` (${money(missing * unit)} unbilled)` : ""}`,
        field: "lines",
        expected: { sku, quantity: qty },
        actual: { sku, quantity: b?.quantity ?? 0 },
        amount_at_risk: roundMoney(missing * (unit ?? 0)),
        risk_key: `shipment:${sku}`,
      });
    }
    return out;
  },
};

function fallbackPrice(sku: string, { txn, ctx, config }: DetectorInput): number | undefined {
  const day = dayOf(txn.date);
  const terms = contractsInScope(ctx, txn, sku)
    .filter((c) => validOn(c, day) && (!c.currency || !txn.currency || c.currency === txn.currency))
    .sort((a, b) => a.price - b.price)[0];
  if (terms) return terms.price;
  const list = ctx.reference.listPrice(sku, txn.currency, day);
  return list === undefined ? undefined : list * (1 - config.revenue_leakage.max_discount_pct / 100);
}
