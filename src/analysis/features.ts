// The isolation forest's view of a transaction: numeric features derived from the transaction and
// the history statistics. Counts leave the transaction itself out when it belongs to the history,
// so a training row and the same transaction analysed later get identical features.
import type { Transaction } from "../domain/transaction.ts";
import { parseMoment } from "./dates.ts";
import type { CodedValues, HistoryStats } from "./history.ts";
import { logAmount, robustZ } from "./stats.ts";

export interface FeatureSpace {
  names: string[];
  /** `known`: what the caller already has of t (whether it is in the history, its coded values). */
  extract(t: Transaction, known?: KnownFacts): number[];
}

export interface KnownFacts {
  inHistory: boolean;
  coded: CodedValues;
}

export function featureSpace(history: HistoryStats, utcOffsetMinutes: number, minHistory: number): FeatureSpace {
  const fields = history.fields;
  const names = [
    "log_amount",
    "customer_amount_z",
    "sku_line_amount_z",
    "line_count",
    "max_discount_pct",
    "hour_of_day",
    "weekday",
    "day_of_month",
    "customer_frequency",
    ...fields.map((f) => `frequency(${f})`),
    "rarest_pair_frequency",
  ];
  const extract = (t: Transaction, known?: KnownFacts): number[] => {
    const self = (known ? known.inHistory : history.entry(t.transaction_id) !== undefined) ? 1 : 0;
    const amount = Math.abs(t.amount ?? 0);
    const customer = t.customer_id ? history.customerAmounts.get(t.customer_id) : undefined;
    const customerZ = customer && customer.n >= minHistory && amount > 0 ? robustZ(logAmount(amount), customer) : 0;
    let skuZ = 0;
    let maxDiscount = 0;
    for (const line of t.lines) {
      const s = line.sku ? history.skuLineAmounts.get(line.sku) : undefined;
      if (s && s.n >= minHistory && line.amount) {
        const z = robustZ(logAmount(line.amount), s);
        if (Math.abs(z) > Math.abs(skuZ)) skuZ = z;
      }
      if (line.discount_pct !== undefined) maxDiscount = Math.max(maxDiscount, line.discount_pct);
    }
    const m = parseMoment(t.date, utcOffsetMinutes);
    const { values, codes } = known ? known.coded : history.coded(t);
    const frequencies = values.map((v, i) => (v === undefined ? -1 : Math.log1p(Math.max(0, history.codeCount(i, codes[i]!) - self))));
    let rarestPair = Number.POSITIVE_INFINITY;
    for (let i = 0; i < values.length; i++) {
      for (let j = i + 1; j < values.length; j++) {
        if (values[i] === undefined || values[j] === undefined) continue;
        rarestPair = Math.min(rarestPair, Math.max(0, history.pairCountOfCodes(i, j, codes[i]!, codes[j]!) - self));
      }
    }
    return [
      amount > 0 ? Math.log1p(amount) : 0,
      customerZ,
      skuZ,
      t.lines.length,
      maxDiscount,
      m?.hour ?? -1,
      m?.weekday ?? -1,
      m?.dayOfMonth ?? -1,
      Math.log1p(Math.max(0, (t.customer_id ? (history.customerCounts.get(t.customer_id) ?? 0) : 0) - self)),
      ...frequencies,
      rarestPair === Number.POSITIVE_INFINITY ? -1 : Math.log1p(rarestPair),
    ];
  };
  return { names, extract };
}
