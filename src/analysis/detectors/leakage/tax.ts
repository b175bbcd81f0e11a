// tax_below_rate: the tax charged on an invoice is below what the rate requires. The required
// rate is the higher of the invoice's own stated rate and the configured minimum for its currency
// (modules.revenue_leakage.tax; effective-dated: the rate in force on the invoice date); the
// shortfall is the amount at risk. A stated rate above 1 is
// read as a percentage (19 → 0.19). Exempt customers are skipped.
import { round2, roundMoney } from "../../../domain/rounding.ts";
import { dayOf } from "../../dates.ts";
import { isBelow, money, type Detector } from "../types.ts";
import { taxRateOn } from "./rates.ts";

export function normaliseRate(rate: number | undefined): number | undefined {
  if (rate === undefined) return undefined;
  return rate > 1 ? rate / 100 : rate;
}

export const taxDetector: Detector = {
  codes: ["tax_below_rate"],
  history: "none",
  detect({ txn, config }) {
    if (txn.type !== "invoice") return [];
    const cfg = config.revenue_leakage.tax;
    if (txn.customer_id && cfg.exempt_customers.includes(txn.customer_id)) return [];
    const net = txn.amount ?? txn.lines.reduce((s, l) => s + (l.amount ?? 0), 0);
    if (!(net > 0)) return [];
    const stated = normaliseRate(txn.tax_rate);
    const configured = taxRateOn(cfg, txn.currency, dayOf(txn.date));
    const required = Math.max(stated ?? 0, configured ?? 0);
    if (stated === undefined && configured === undefined) return [];
    const charged = txn.tax_amount ?? (stated !== undefined ? net * stated : undefined);
    if (charged === undefined) return [];
    const expected = net * required;
    const tol = config.revenue_leakage.tolerance;
    if (!isBelow(charged, expected, tol)) return [];
    const shortfall = expected - charged;
    return [
      {
        code: "tax_below_rate",
        score: Math.min(1, 0.8 + 0.2 * Math.min(1, shortfall / expected / 0.5)),
        message: `tax of ${money(charged)} on ${money(net)} ${txn.currency ?? ""} is below the ${round2(required * 100)}% rate (${money(expected)})`.replace("  ", " "),
        field: txn.tax_amount !== undefined ? "tax_amount" : "tax_rate",
        expected: { tax_rate: required, tax_amount: roundMoney(expected) },
        actual: { tax_rate: stated ?? null, tax_amount: roundMoney(charged) },
        amount_at_risk: roundMoney(shortfall),
        risk_key: "tax",
      },
    ];
  },
};
