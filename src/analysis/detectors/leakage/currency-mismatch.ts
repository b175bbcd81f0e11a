// currency_mismatch: the invoice is in a currency other than that of the contract in force for
// its customer and SKU (or the contract it names). The pricing rules skip such lines (their
// prices are not comparable as they stand). With a reference exchange rate for the invoice date
// (modules.revenue_leakage.exchange_rates), the billed net price is converted into the
// contract's currency and compared with the contract price: the shortfall, back in the invoice's
// currency, is the amount at risk. Without a rate no loss is proven (amount at risk 0). One
// finding per invoice, naming every mismatched line; lines share their money with nothing else
// (the pricing rules skip them), so each line's loss counts once.
import { roundMoney } from "../../../domain/rounding.ts";
import { dayOf } from "../../dates.ts";
import type { Detector } from "../types.ts";
import { isBelow, money } from "../types.ts";
import { type LineFacts, referenceRates } from "./line-facts.ts";
import { exchangeRateOn } from "./rates.ts";
import { freeOfCharge } from "./zero-price.ts";

/**
 * Evidence when a reference rate shows every mismatched line's price covering its contract: the
 * currency differs, as it does for a customer billed in its own currency on a contract in
 * another, and no money is lost; low (0.4 × 0.6 = 24), listed, never an alarm on its own.
 */
const COVERED_SCORE = 0.4;

interface Mismatch {
  f: LineFacts;
  /** Invoice currency → contract currency on the invoice date, if configured. */
  rate: number | undefined;
  /** Billed net unit price in the contract's currency. */
  converted: number | undefined;
  /** Lost, in the invoice's currency. */
  lost: number;
}

export const currencyMismatchDetector: Detector = {
  codes: ["currency_mismatch"],
  history: "none",
  detect(input) {
    const { txn, config } = input;
    if (txn.type !== "invoice" || !txn.currency) return [];
    // A free-of-charge document (a trial, a warranty replacement) has no price to judge, as for
    // the pricing rules.
    if (freeOfCharge(txn, input.ctx, config.revenue_leakage) !== undefined) return [];
    const conflicts = input.lines().filter((f) => f.foreignTerms && !f.terms);
    if (conflicts.length === 0) return [];
    const day = dayOf(txn.date);
    const tol = config.revenue_leakage.tolerance;
    // The connector's reference rates, then the configured ones: on the same pair and start date
    // the configuration wins.
    const rates = referenceRates(input.ctx, config);
    const mismatches: Mismatch[] = conflicts.map((f) => {
      const c = f.foreignTerms!;
      const from = txn.currency!.toUpperCase();
      const to = c.currency!.toUpperCase();
      let rate = exchangeRateOn(rates, from, to, day);
      // A follow-up or re-issued invoice keeps the prices of the invoice it follows, converted at
      // that day's rate: the rate of either day that values its price the higher counts.
      const then = f.orderDay === undefined ? undefined : exchangeRateOn(rates, from, to, f.orderDay);
      if (then !== undefined && (rate === undefined || then > rate)) rate = then;
      if (rate === undefined || f.net === undefined || f.quantity <= 0) return { f, rate, converted: undefined, lost: 0 };
      const converted = f.net * rate;
      const lost = isBelow(converted, c.price, tol) ? ((c.price - converted) * f.quantity) / rate : 0;
      return { f, rate, converted, lost };
    });
    const first = mismatches[0]!;
    const c = first.f.foreignTerms!;
    const lost = roundMoney(mismatches.reduce((s, m) => s + m.lost, 0));
    const priced = mismatches.filter((m) => m.rate !== undefined);
    const detail =
      priced.length === 0
        ? ""
        : lost > 0
          ? `; at the reference rate ${first.rate} ${c.currency} per ${txn.currency}, ${first.f.sku} is billed ${money(first.converted!)} ${c.currency} against ${money(c.price)}: ${money(lost)} ${txn.currency} lost`
          : `; at the reference rate the billed prices cover the contract`;
    return [
      {
        code: "currency_mismatch",
        score: lost > 0 ? 1 : priced.length === mismatches.length && mismatches.every((m) => m.converted !== undefined) ? COVERED_SCORE : 0.9,
        message: `invoiced in ${txn.currency} but contract ${c.contract_id} for ${first.f.sku} is in ${c.currency}${detail}`,
        field: "currency",
        expected: {
          currency: c.currency,
          contract_id: c.contract_id,
          ...(priced.length > 0 ? { lines: priced.map((m) => ({ sku: m.f.sku, contract_id: m.f.foreignTerms!.contract_id, unit_price: m.f.foreignTerms!.price, currency: m.f.foreignTerms!.currency })) } : {}),
        },
        actual: {
          currency: txn.currency,
          ...(priced.length > 0 ? { lines: priced.map((m) => ({ sku: m.f.sku, unit_price: m.f.net, exchange_rate: m.rate, unit_price_converted: m.converted === undefined ? null : roundMoney(m.converted), quantity: m.f.quantity })) } : {}),
        },
        amount_at_risk: lost,
        risk_key: "currency",
      },
    ];
  },
};
