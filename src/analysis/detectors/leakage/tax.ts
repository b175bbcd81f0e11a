// tax_below_rate: the tax charged on an invoice is below what the rate requires. The required
// rate is the higher of the invoice's own stated rate and the configured minimum for its currency
// (modules.revenue_leakage.tax; effective-dated: the rate in force on the invoice date); the
// shortfall is the amount at risk. A stated rate above 1 is read as a percentage (19 → 0.19).
// What makes a lower tax legitimate (docs/analysis.md, "Tax: markers and learned habits"):
//  - configured exempt customers, and an explicit marker on the invoice: an attribute named in
//    `tax.marker_fields` whose value is in `tax.exempt_values` (EN 16931 tax category codes E,
//    AE, K, G, O, Z: exempt, reverse charge, intra-community, export, outside scope, zero rated),
//    or any exemption reason in `tax.exemption_reason_fields` (markers.ts);
//  - learned from the history (tax-habits.ts): a customer all of whose invoices carry no tax is
//    exempt; a SKU its invoices consistently tax at a lower rate has that rate (its lines are
//    required at it, the rest of the invoice at the full rate); a stated rate below the minimum
//    stands when every SKU of the invoice is habitually billed at it;
//  - rounding: tax rounded per line differs from the invoice-level amount by up to half a cent a line
//    (cents of the currency's smallest unit: a yen for the yen, domain/currency-units.ts).
import { centsPerMinorUnit } from "../../../domain/currency-units.ts";
import { round2, roundMoney } from "../../../domain/rounding.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import { dayOf } from "../../dates.ts";
import { isBelow, money, type Detector } from "../types.ts";
import { markerOf } from "./markers.ts";
import { retainageOf } from "./retainage.ts";
import { taxRateOn } from "./rates.ts";
import { jurisdictionOf, statedRate, type TaxHabits } from "./tax-habits.ts";

export function normaliseRate(rate: number | undefined): number | undefined {
  if (rate === undefined) return undefined;
  return rate > 1 ? rate / 100 : rate;
}

/** The attribute that marks the invoice as legitimately without tax, if any: "field=value". */
export function exemptionMarker(txn: Transaction, cfg: ModulesConfig["revenue_leakage"]["tax"]): string | undefined {
  return markerOf(txn, cfg.marker_fields, cfg.exempt_values) ?? markerOf(txn, cfg.exemption_reason_fields, "any");
}

export const taxDetector: Detector = {
  codes: ["tax_below_rate"],
  history: "ledger",
  detect({ txn, ctx, config }) {
    if (txn.type !== "invoice") return [];
    const cfg = config.revenue_leakage.tax;
    if (txn.customer_id && cfg.exempt_customers.includes(txn.customer_id)) return [];
    const amount = txn.amount ?? txn.lines.reduce((s, l) => s + (l.amount ?? 0), 0);
    if (!(amount > 0)) return [];
    // Retainage withheld or released: the tax due is at least the tax on the rest (retainage.ts).
    const retainage = retainageOf(txn, amount);
    const net = retainage ? amount - retainage.withheld - retainage.released : amount;
    if (!(net > 0.005)) return [];
    // Lines (and their learned rates) are the whole work's; the retainage is withheld from each alike.
    const share = net / amount;
    const stated = normaliseRate(txn.tax_rate);
    const configured = taxRateOn(cfg, txn.currency, dayOf(txn.date));
    if (stated === undefined && configured === undefined) return [];
    let minimum = Math.max(stated ?? 0, configured ?? 0);
    const habits = ctx.history.taxHabits;
    // The rate (nearly) every taxed invoice of the customer states, when higher: another
    // jurisdiction's lower rate on one of its invoices is under-taxed (tax-habits.ts).
    const usual = cfg.learn && stated !== undefined ? habits.customerRate(txn.customer_id, statedRate(stated)) : undefined;
    if (usual !== undefined && usual > minimum) minimum = usual;
    const charged = txn.tax_amount ?? (stated !== undefined ? net * stated : undefined);
    if (charged === undefined) return [];
    const tol = config.revenue_leakage.tolerance;
    // Rounding per line: up to half a cent a line besides the usual rounding; in the currency's
    // smallest unit (a yen where amounts have no decimals: tax rounded or truncated to whole yen).
    const lineTol = { ...tol, absolute: (tol.absolute + 0.005 * txn.lines.length) * centsPerMinorUnit(txn.currency) };
    if (!isBelow(charged, net * minimum, lineTol)) return [];
    if (exemptionMarker(txn, cfg) !== undefined) return [];
    if (cfg.learn && habits.exempt(txn.customer_id)) return [];
    // A stated rate below the minimum is the invoice's rate when it is what every one of its SKUs
    // is billed at (an invoice of reduced-rate goods stating the reduced rate).
    let required = minimum;
    if (cfg.learn && stated !== undefined && stated < minimum && statedIsHabit(txn, stated, minimum, habits)) required = stated;
    // Lines of SKUs the price list or the history rates lower are required at that rate.
    let reduction = 0;
    const reduced: { sku: string; rate: number }[] = [];
    const jurisdiction = cfg.learn ? jurisdictionOf(txn) : undefined;
    const day = dayOf(txn.date);
    for (const l of txn.lines) {
      if (!l.sku || !l.amount) continue;
      // The price list's own rate for the SKU (0: not taxable) before any learned one: a fee
      // billed on a dozen final bills is too rare for a habit, and the catalogue says it.
      const listed = normaliseRate(ctx.reference.taxRateOf(l.sku, day));
      if (listed !== undefined) {
        if (listed >= required) continue;
        reduction += l.amount * share * (required - listed);
        if (!reduced.some((r) => r.sku === l.sku)) reduced.push({ sku: l.sku, rate: listed });
        continue;
      }
      if (cfg.learn) {
        const rate = habits.skuRate(txn.currency, txn.tax_rate, l.sku, jurisdiction);
        if (rate === undefined || rate >= required) continue;
        reduction += l.amount * share * (required - rate);
        if (!reduced.some((r) => r.sku === l.sku)) reduced.push({ sku: l.sku, rate });
      }
    }
    const expected = net * required - reduction;
    if (!isBelow(charged, expected, lineTol)) return [];
    const shortfall = expected - charged;
    const effective = expected / net;
    const usualNote = usual !== undefined && required === usual && usual > Math.max(stated ?? 0, configured ?? 0) ? `, the rate the customer's invoices state (this one states ${round2((stated ?? 0) * 100)}%)` : "";
    const retainageNote = retainage ? ` (${[retainage.withheld > 0 ? `${money(retainage.withheld)} retainage withheld` : "", retainage.released > 0 ? `${money(retainage.released)} retainage released` : ""].filter(Boolean).join(", ")}: taxed with the work or on release)` : "";
    const detail = retainageNote + usualNote + (reduced.length > 0 ? ` (${reduced.map((r) => `${r.sku} at its usual ${round2(r.rate * 100)}%`).join(", ")}, the rest at ${round2(required * 100)}%)` : "");
    return [
      {
        code: "tax_below_rate",
        score: Math.min(1, 0.8 + 0.2 * Math.min(1, shortfall / expected / 0.5)),
        message: `tax of ${money(charged)} on ${money(net)} ${txn.currency ?? ""} is below the ${round2(effective * 100)}% rate${detail} (${money(expected)})`.replace("  ", " "),
        field: txn.tax_amount !== undefined ? "tax_amount" : "tax_rate",
        expected: { tax_rate: reduced.length > 0 ? round2(effective * 10000) / 10000 : required, tax_amount: roundMoney(expected), ...(reduced.length > 0 ? { reduced_lines: reduced } : {}) },
        actual: { tax_rate: stated ?? null, tax_amount: roundMoney(charged) },
        amount_at_risk: roundMoney(shortfall),
        risk_key: "tax",
      },
    ];
  },
};

/** Whether every SKU of the invoice is habitually billed at its stated rate, below the minimum (tax-habits.ts). */
function statedIsHabit(txn: Transaction, stated: number, minimum: number, habits: TaxHabits): boolean {
  const q = statedRate(stated);
  if (q === null) return false;
  let any = false;
  for (const l of txn.lines) {
    if (!l.sku || !l.amount) continue;
    if (!habits.reducedStated(txn.currency, l.sku, q, minimum)) return false;
    any = true;
  }
  return any;
}
