// unbilled_shipment: shipments that name this invoice carry more of a SKU than the invoice bills,
// with what the customer's later invoices naming it billed (follow-up-billing.ts: an adjustment
// for an accessorial scanned after the statement, a shipping-charge correction after a re-weigh).
// The unbilled quantity is valued at the billed net unit price of that SKU on the invoice — where
// its lines bill none of it (a print dealer's click line at 0 pages from a stale meter read), at
// the rate they state —; a SKU shipped but absent from the invoice is valued at the most generous
// allowed price (contract in force, else list less the policy's maximum discount) of the SKU, else
// of the longest code it extends that a row prices (a click code keyed by device serial,
// CLICK-MONO-E7300037, priced by the contract's CLICK-MONO, as its line would be), or 0 when no
// price is known. A line at 0
// that states a reason the analyst accepts (adjustment-reasons.ts: a hauler's make-up lift for a
// missed pickup, "MISSED PICKUP MAKE-UP") bills what the source marked not billable, not a billable
// shipment of its code: the extra lift the route also did is still owed. A shipped code absent
// from the invoice, where the invoice bills the same count of another variant of its base code that
// no shipment carries (a parcel rated at its actual weight, GND-5-8, scanned at its dimensional
// weight, GND-5-12; a case billed in the size below the one picked), was billed as that variant:
// what is lost is the difference, not the shipped code's whole price. A shipped code short on the
// invoice whose base code (or another variant of it) is billed beyond its own shipments was billed
// there for that much (a print dealer's fleet pool line carrying a device's clicks that the
// worksheet keeps apart): only the rest is unbilled, and what was billed there at a lower rate than
// the shipped code's own loses the difference. A contract's volume tiers price a shipped code at
// the tier its unbilled quantity reaches. An invoice naming a waiver granted in writing (its number
// and an approver other than its author: a terminal's free time extended for a customs hold) bills
// less than its events by decision (written-waiver.ts). A minimum charge's top-up on the invoice (a
// line of a minimum code: a terminal's call billed on its scheduled hours and topped up to the
// minimum per call) billed part of what the unbilled events of the codes it applies to are worth:
// only the rest is lost, nothing where the top-up covers it all (topped-up-events.ts). A shipped
// code the invoice does not bill is owed nothing where the customer's price for it is 0 (an ISF
// filed free for a key account), or where a fee the invoice bills covers it, its agreement row
// naming the code among those it applies to (a broker's flat all-in fee per entry:
// coveredByBilledCode).
import { dayOf } from "../../dates.ts";
import { isPromotion, validOn } from "../../reference-index.ts";
import { acceptedAdjustmentReason } from "./adjustment-reasons.ts";
import { contractsInScope } from "./contract-scope.ts";
import { waivedInWriting } from "./written-waiver.ts";
import { TopUps } from "./topped-up-events.ts";
import { attributeKey } from "./markers.ts";
import { appliesToCodes, isMinimumCode } from "./minimum-top-up.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import { isPercentUnit, isVariantOf, VARIANT_SEPARATOR } from "../../../domain/transaction.ts";
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
      const b = billed.get(l.sku) ?? { quantity: 0, amount: 0, base: l.base_sku, substitutes: false, rate: undefined };
      if (b.rate === undefined && l.unit_price !== undefined && l.unit_price > 0) b.rate = l.unit_price;
      b.quantity += l.quantity ?? 0;
      b.amount += l.amount ?? (l.unit_price ?? 0) * (l.quantity ?? 0);
      billed.set(l.sku, b);
    }
    const later = ctx.followUps.billedFor(txn);
    const tolQty = config.revenue_leakage.tolerance.quantity;
    // Nearly every invoice bills all its shipments: told before the codes are sorted and the
    // sibling codes' surplus is counted (the loop below skips each such code the same way).
    let short = false;
    for (const [sku, qty] of shipped) {
      if (qty - (billed.get(sku)?.quantity ?? 0) - (later?.get(sku) ?? 0) > tolQty) {
        short = true;
        break;
      }
    }
    if (!short || waivedInWriting(txn)) return [];
    const out: Finding[] = [];
    let topUps: TopUps | undefined;
    // What each billed code bills beyond its own shipments, for a sibling shipped code short of it.
    const surplus = new Map<string, number>();
    for (const [code, b] of billed) {
      const own = shipped.get(code);
      if (own !== undefined && b.quantity - own - (later?.get(code) ?? 0) > tolQty) surplus.set(code, b.quantity - own - (later?.get(code) ?? 0));
    }
    for (const [sku, qty] of [...shipped].sort(([a], [b]) => (a < b ? -1 : 1))) {
      const b = billed.get(sku);
      let missing = qty - (b?.quantity ?? 0) - (later?.get(sku) ?? 0);
      if (missing <= tolQty) continue;
      const short = missing;
      const sibling = billedUnderSibling(sku, missing, billed, surplus);
      missing -= sibling.quantity;
      const unit = b && b.quantity > 0 ? b.amount / b.quantity : (b?.rate ?? fallbackPrice(sku, short, input));
      // Not billed at all and owed nothing apart: the customer's price for it is 0, or a fee the
      // invoice bills covers it (coveredByBilledCode).
      if (!b && sibling.quantity === 0 && (unit === 0 || coveredByBilledCode(sku, input, billed))) continue;
      // Billed under a sibling code: lost only what its rate falls short of this code's.
      const siblingLoss = sibling.quantity > 0 && unit !== undefined ? Math.max(0, sibling.quantity * unit - sibling.amount) : 0;
      if (missing <= tolQty && !(siblingLoss > config.revenue_leakage.tolerance.absolute)) continue;
      const instead = b || missing <= tolQty ? undefined : substituteFor(sku, missing, billed, shipped, tolQty);
      const unbilledValue = Math.max(0, Math.max(0, missing) * (unit ?? 0) - (instead?.[1].amount ?? 0)) + siblingLoss;
      const toppedUp = unbilledValue > 0 ? (topUps ??= TopUps.of(txn, ctx, config.revenue_leakage.minimum_charge_skus)).take(sku, unbilledValue) : 0;
      // Still reported where the top-up took it all: the events are not billed as carried (a
      // package rated at a weight it was not scanned at), but no money was lost on them.
      const atRisk = unbilledValue - toppedUp;
      out.push({
        code: "unbilled_shipment",
        score: Math.min(1, 0.85 + 0.15 * Math.min(1, missing / Math.max(qty, 1))),
        message: instead
          ? `${qty} × ${sku} shipped against ${txn.transaction_id}, billed as ${instead[1].quantity} × ${instead[0]} (${money(instead[1].amount)})${unit ? `: ${money(atRisk)} unbilled` : ""}`
          : `${qty} × ${sku} shipped against ${txn.transaction_id} but ${b?.quantity ?? 0} billed${sibling.quantity > 0 ? ` and ${sibling.quantity} under its base code's line` : ""}${unit ? ` (${money(atRisk)} unbilled${toppedUp > 0 ? `: ${money(unbilledValue)} less the ${money(toppedUp)} of it the minimum's top-up billed` : ""})` : ""}`,
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
  /** The first positive unit price its lines state (a line billing 0 of it still states its rate). */
  rate: number | undefined;
}

/**
 * How much of `missing` × `sku` a billed code of the same base billed beyond its own shipments
 * (`surplus`, taken as used): the base code itself (`sku` extends it) or a variant of the base.
 */
function billedUnderSibling(sku: string, missing: number, billed: Map<string, Billed>, surplus: Map<string, number>): { quantity: number; amount: number } {
  let quantity = 0, amount = 0;
  for (const [code, extra] of surplus) {
    if (quantity >= missing) break;
    const b = billed.get(code)!;
    const base = b.base ?? code;
    if (code === sku || !isVariantOf(sku, base)) continue;
    const take = Math.min(extra, missing - quantity);
    surplus.set(code, extra - take);
    quantity += take;
    amount += b.quantity > 0 ? (take * b.amount) / b.quantity : 0;
  }
  return { quantity, amount };
}

/**
 * The billed code that stands for `sku` shipped and not billed: a variant of `sku`'s base code
 * (the billed lines' `base_sku`, which `sku` starts with), billed in the same count, that no
 * shipment of the invoice carries and no other shipped code took. Undefined when none.
 */
function substituteFor(sku: string, missing: number, billed: Map<string, Billed>, shipped: ReadonlyMap<string, number>, tolQty: number): [string, Billed] | undefined {
  for (const [code, b] of billed) {
    if (b.substitutes || !b.base || shipped.has(code) || Math.abs(b.quantity - missing) > tolQty) continue;
    if (!isVariantOf(sku, b.base)) continue;
    b.substitutes = true;
    return [code, b];
  }
  return undefined;
}

/**
 * Whether a code the invoice bills covers `sku`: the customer's agreement row of that code — a flat
 * fee, neither a percentage of other charges nor a minimum — names `sku` among the codes it applies
 * to (`applies_to`): a customs broker's all-in fee per entry applies to the brokerage, the
 * additional HTS lines, the ISF and the PGA filings that its filings extract still lists apart.
 * An agreement that names nothing so covers nothing: a policy's term premium billed beside an
 * endorsement left off, a rental beside its delivery, still owe them.
 */
function coveredByBilledCode(sku: string, { ctx, txn, config }: DetectorInput, billed: ReadonlyMap<string, Billed>): boolean {
  const key = attributeKey(sku);
  for (const code of billed.keys()) {
    if (isMinimumCode(code, config.revenue_leakage.minimum_charge_skus)) continue;
    for (const c of contractsInScope(ctx, txn, code)) if (c.applies_to && !isPromotion(c) && !isPercentUnit(c.unit) && appliesToCodes(c.applies_to).has(key)) return true;
  }
  return false;
}

function fallbackPrice(sku: string, quantity: number, input: DetectorInput): number | undefined {
  const own = allowedPrice(sku, quantity, input);
  if (own !== undefined || input.ctx.reference.isPriced(sku)) return own;
  // A code no row names: the longest code it extends (at the separator a mapping joins columns with) that one does.
  for (let cut = sku.lastIndexOf(VARIANT_SEPARATOR); cut > 0; cut = sku.lastIndexOf(VARIANT_SEPARATOR, cut - 1)) {
    const base = sku.slice(0, cut);
    if (input.ctx.reference.isPriced(base)) return allowedPrice(base, quantity, input);
  }
  return undefined;
}

/** The most generous price allowed for `quantity` × `sku`: of the contract rows in force (a volume tier only where the quantity reaches it), else the list's. */
function allowedPrice(sku: string, quantity: number, { txn, ctx, config }: DetectorInput): number | undefined {
  const day = dayOf(txn.date);
  const terms = contractsInScope(ctx, txn, sku)
    .filter((c) => validOn(c, day) && (!c.currency || !txn.currency || c.currency === txn.currency) && (c.min_quantity ?? 0) <= quantity)
    .sort((a, b) => a.price - b.price)[0];
  if (terms) return terms.price;
  const list = ctx.reference.listPrice(sku, txn.currency, day);
  return list === undefined ? undefined : list * (1 - config.revenue_leakage.max_discount_pct / 100);
}
