// unbilled_shipment: shipments that name this invoice carry more of a SKU than the invoice bills,
// with what the customer's later invoices naming it billed (follow-up-billing.ts: an adjustment
// for an accessorial scanned after the statement, a shipping-charge correction after a re-weigh).
// The unbilled quantity is valued at the billed net unit price of that SKU on the invoice; a SKU
// shipped but absent from the invoice is valued at the most generous allowed price (contract in
// force, else list less the policy's maximum discount), or 0 when no price is known. A line at 0
// that states a reason the analyst accepts (adjustment-reasons.ts: a hauler's make-up lift for a
// missed pickup, "MISSED PICKUP MAKE-UP") bills what the source marked not billable, not a billable
// shipment of its code: the extra lift the route also did is still owed. A shipped code absent
// from the invoice, where the invoice bills the same count of another variant of its base code that
// no shipment carries (a parcel rated at its actual weight, GND-5-8, scanned at its dimensional
// weight, GND-5-12; a case billed in the size below the one picked), was billed as that variant:
// what is lost is the difference, not the shipped code's whole price.
import { dayOf } from "../../dates.ts";
import { validOn } from "../../reference-index.ts";
import { acceptedAdjustmentReason } from "./adjustment-reasons.ts";
import { contractsInScope } from "./contract-scope.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import { VARIANT_SEPARATOR } from "../../../domain/transaction.ts";
import { money, type Detector, type DetectorInput, type Finding } from "../types.ts";

export const unbilledShipmentDetector: Detector = {
  codes: ["unbilled_shipment"],
  history: "none",
  detect(input) {
    const { txn, ctx, config } = input;
    if (txn.type !== "invoice") return [];
    const shipped = ctx.reference.shippedFor(txn.transaction_id);
    if (!shipped) return [];
    const billed = new Map<string, Billed>();
    for (const l of txn.lines) {
      if (!l.sku || ((l.amount ?? l.unit_price) === 0 && acceptedAdjustmentReason(l, config.revenue_leakage) !== undefined)) continue;
      const b = billed.get(l.sku) ?? { quantity: 0, amount: 0, base: l.base_sku, substitutes: false };
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
      const instead = b ? undefined : substituteFor(sku, missing, billed, shipped, tolQty);
      const atRisk = Math.max(0, missing * (unit ?? 0) - (instead?.[1].amount ?? 0));
      out.push({
        code: "unbilled_shipment",
        score: Math.min(1, 0.85 + 0.15 * Math.min(1, missing / Math.max(qty, 1))),
        message: instead
          ? `${qty} × ${sku} shipped against ${txn.transaction_id}, billed as ${instead[1].quantity} × ${instead[0]} (${money(instead[1].amount)})${unit ? `: ${money(atRisk)} unbilled` : ""}`
          : `${qty} × ${sku} shipped against ${txn.transaction_id} but ${b?.quantity ?? 0} billed${unit ? ` (${money(missing * unit)} unbilled)` : ""}`,
        field: "lines",
        expected: { sku, quantity: qty },
        actual: instead ? { sku: instead[0], quantity: instead[1].quantity } : { sku, quantity: b?.quantity ?? 0 },
        amount_at_risk: roundMoney(atRisk),
        risk_key: `shipment:${sku}`,
      });
    }
    return out;
  },
};

interface Billed {
  quantity: number;
  amount: number;
  /** The base code of the sku's lines (a variant code's first column: GND of GND-5-8). */
  base: string | undefined;
  /** Already taken as what one shipped code was billed as. */
  substitutes: boolean;
}

/**
 * The billed code that stands for `sku` shipped and not billed: a variant of `sku`'s base code
 * (the billed lines' `base_sku`, which `sku` starts with), billed in the same count, that no
 * shipment of the invoice carries and no other shipped code took. Undefined when none.
 */
function substituteFor(sku: string, missing: number, billed: Map<string, Billed>, shipped: ReadonlyMap<string, number>, tolQty: number): [string, Billed] | undefined {
  for (const [code, b] of billed) {
    if (b.substitutes || !b.base || shipped.has(code) || Math.abs(b.quantity - missing) > tolQty) continue;
    if (sku !== b.base && !sku.startsWith(b.base + VARIANT_SEPARATOR)) continue;
    b.substitutes = true;
    return [code, b];
  }
  return undefined;
}

function fallbackPrice(sku: string, { txn, ctx, config }: DetectorInput): number | undefined {
  const day = dayOf(txn.date);
  const terms = contractsInScope(ctx, txn, sku)
    .filter((c) => validOn(c, day) && (!c.currency || !txn.currency || c.currency === txn.currency))
    .sort((a, b) => a.price - b.price)[0];
  if (terms) return terms.price;
  const list = ctx.reference.listPrice(sku, txn.currency, day);
  return list === undefined ? undefined : list * (1 - config.revenue_leakage.max_discount_pct / 100);
}
