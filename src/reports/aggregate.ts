// Small accumulators the report types share: counts by key, money by key and currency, and
// order statistics. They hold one entry per distinct key, never one per input row.
import { round2, roundMoney } from "../domain/rounding.ts";
import type { Column, Table } from "./types.ts";

export class Counter<K extends string = string> {
  readonly counts = new Map<K, number>();
  add(key: K, n = 1) {
    this.counts.set(key, (this.counts.get(key) ?? 0) + n);
  }
  get(key: K): number {
    return this.counts.get(key) ?? 0;
  }
  /** Entries by count, largest first (ties by key), at most `limit`. */
  top(limit = Infinity): [K, number][] {
    return [...this.counts.entries()].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).slice(0, limit);
  }
  total(): number {
    let t = 0;
    for (const v of this.counts.values()) t += v;
    return t;
  }
}

export interface MoneyEntry {
  key: string;
  currency: string;
  count: number;
  amount: number;
}

/** Sums amounts per (key, currency): amounts in different currencies are never added together. */
export class MoneyByKey {
  private readonly entries = new Map<string, MoneyEntry>();
  add(key: string, currency: string | null | undefined, amount: number, count = 1) {
    const cur = currency || "n/a";
    const id = `${key}\u0000${cur}`;
    const e = this.entries.get(id) ?? { key, currency: cur, count: 0, amount: 0 };
    e.count += count;
    e.amount += Number.isFinite(amount) ? amount : 0;
    this.entries.set(id, e);
  }
  /** Largest amounts first, rounded to cents. */
  top(limit = Infinity): MoneyEntry[] {
    return [...this.entries.values()]
      .sort((a, b) => b.amount - a.amount || b.count - a.count || (a.key < b.key ? -1 : 1))
      .slice(0, limit)
      .map((e) => ({ ...e, amount: roundMoney(e.amount) }));
  }
  /**
   * The largest entries within each currency (amounts in different currencies are not
   * comparable: 1,000,000 JPY is not more than 5,000 EUR), `perCurrency` of each; currencies in
   * order of their number of items, most first, at most `currencies` of them.
   */
  topWithinCurrencies(perCurrency: number, currencies = Infinity): MoneyEntry[][] {
    const groups = new Map<string, MoneyEntry[]>();
    for (const e of this.top()) {
      const group = groups.get(e.currency);
      if (group) group.push(e);
      else groups.set(e.currency, [e]);
    }
    const items = (g: MoneyEntry[]) => g.reduce((n, e) => n + e.count, 0);
    return [...groups.values()]
      .sort((a, b) => items(b) - items(a) || (a[0]!.currency < b[0]!.currency ? -1 : 1))
      .slice(0, currencies)
      .map((g) => g.slice(0, perCurrency));
  }
  get size() {
    return this.entries.size;
  }
}

/**
 * A table of money by key and currency, largest first: the key column, a count column, the
 * currency and the amount at risk, charted. With `top`, the rest are counted in a note.
 */
export function moneyTable(o: {
  id: string;
  title: string;
  key: Column;
  count: Column;
  money: MoneyByKey;
  top?: number;
  rest?: string;
}): Table {
  const top = o.top ?? Infinity;
  return {
    id: o.id,
    title: o.title,
    columns: [
      o.key,
      { key: "currency", label: "Currency" },
      { ...o.count, kind: "number" },
      { key: "amount_at_risk", label: "Amount at risk", kind: "money" },
    ],
    rows: o.money.top(top).map((e) => ({ [o.key.key]: e.key, currency: e.currency, [o.count.key]: e.count, amount_at_risk: e.amount })),
    chart: { label: o.key.key, value: "amount_at_risk" },
    ...(o.money.size > top ? { note: `${o.money.size - top} more ${o.rest ?? "rows"} not shown` } : {}),
  };
}

/** Mean, median and 90th percentile (nearest rank) of some durations, in hours; nulls when empty. */
export function durationStats(hours: number[]) {
  if (hours.length === 0) return { count: 0, mean_h: null, median_h: null, p90_h: null, max_h: null };
  const sorted = [...hours].sort((a, b) => a - b);
  const rank = (q: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]!;
  return {
    count: sorted.length,
    mean_h: round2(sorted.reduce((a, b) => a + b, 0) / sorted.length),
    median_h: round2(rank(0.5)),
    p90_h: round2(rank(0.9)),
    max_h: round2(sorted[sorted.length - 1]!),
  };
}

/** Amount totals per currency, as a list (a summary must not add euros to dollars). */
export function totalsByCurrency(byCurrency: Map<string, number>) {
  return [...byCurrency.entries()].sort((a, b) => b[1] - a[1]).map(([currency, amount]) => ({ currency, amount: roundMoney(amount) }));
}
