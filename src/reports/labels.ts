// Words an executive reads instead of codes, and the one-paragraph summaries at the top of each
// report: human labels for finding codes, money and counts with thousands separators, and the
// comparison with the previous period.
import { DETECTOR_BY_CODE } from "../analysis/catalog.ts";
import { roundMoney } from "../domain/rounding.ts";
import type { Table } from "./types.ts";

/** "price_below_contract" → "Price below contract"; custom rules ("rule:big_refund") → "Rule big_refund". */
export function findingLabel(code: string): string {
  const known = DETECTOR_BY_CODE.get(code);
  if (known) return known.name;
  if (code.startsWith("rule:")) return `Rule ${code.slice(5)}`;
  const words = code.replace(/_/g, " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function count(n: number): string {
  return n.toLocaleString("en-US");
}

export function money(amount: number, currency: string): string {
  return `${amount.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })} ${currency}`;
}

/** "1,234.00 USD and 560.10 EUR" (each currency on its own: never added together). */
export function moneyList(totals: { currency: string; amount: number }[]): string {
  const parts = totals.filter((t) => t.amount > 0).map((t) => money(t.amount, t.currency));
  if (parts.length === 0) return "nothing";
  return parts.length === 1 ? parts[0]! : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

/** "up 25% (from 8)", "down 50% (from 4)", "unchanged (8)", "new (none before)". */
export function change(now: number, before: number): string {
  if (now === before) return `unchanged (${count(now)})`;
  if (before === 0) return "new (none before)";
  const pct = Math.round(((now - before) / before) * 100);
  return `${pct > 0 ? "up" : "down"} ${Math.abs(pct)}% (from ${count(before)})`;
}

/** The first instant of the year 1: no ledger has a period before it, and ISO 8601 writes earlier years as "-000001". */
const YEAR_ONE = Date.parse("0001-01-01T00:00:00Z");

/** The period of the same length just before [fromTime, toTime], or undefined without both bounds (or before the year 1). */
export function previousPeriod(fromTime: string | undefined, toTime: string | undefined): { fromTime: string; toTime: string } | undefined {
  if (!fromTime || !toTime) return undefined;
  const from = Date.parse(fromTime);
  const to = Date.parse(toTime);
  if (!(to > from) || from - (to - from) - 1 < YEAR_ONE) return undefined;
  return { fromTime: new Date(from - (to - from) - 1).toISOString(), toTime: new Date(from - 1).toISOString() };
}

export interface ComparedFigure {
  metric: string;
  now: number;
  before: number;
}

/** The "compared with the previous period" table: this period, the previous one, the change in percent. */
export function comparisonTable(from: string, to: string, figures: ComparedFigure[]): Table {
  return {
    id: "compared_with_previous_period",
    title: `Compared with the previous period (${from.slice(0, 10)} to ${to.slice(0, 10)})`,
    columns: [
      { key: "metric", label: "Figure" },
      { key: "this_period", label: "This period", kind: "number" },
      { key: "previous_period", label: "Previous period", kind: "number" },
      { key: "change_pct", label: "Change", kind: "percent" },
    ],
    rows: figures.map((f) => ({
      metric: f.metric,
      this_period: f.now,
      previous_period: f.before,
      change_pct: f.before === 0 ? null : Math.round(((f.now - f.before) / f.before) * 1000) / 10,
    })),
  };
}

/** One compared figure per currency seen in either period ("Amount at risk (EUR)"). */
export function moneyFigures(now: Map<string, number>, before: Map<string, number>): ComparedFigure[] {
  return [...new Set([...now.keys(), ...before.keys()])].sort().map((c) => ({
    metric: `Amount at risk (${c})`,
    now: roundMoney(now.get(c) ?? 0),
    before: roundMoney(before.get(c) ?? 0),
  }));
}

/**
 * The previous period in the connector's own terms (transaction dates): for `YYYY-MM-DD` bounds,
 * the same number of days just before `from`; otherwise the same length of time. None that would
 * begin before the year 1.
 */
export function previousDates(from: string | undefined, to: string | undefined): { from: string; to: string } | undefined {
  if (!from || !to) return undefined;
  const day = /^\d{4}-\d{2}-\d{2}$/;
  if (day.test(from) && day.test(to)) {
    const start = Date.parse(`${from}T00:00:00Z`);
    const days = Math.round((Date.parse(`${to}T00:00:00Z`) - start) / 86_400_000) + 1;
    // Before the year 1 is no ledger's period, and toISOString writes it "-000001-…", whose
    // first ten characters are no date.
    if (days < 1 || start - days * 86_400_000 < YEAR_ONE) return undefined;
    const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
    return { from: iso(start - days * 86_400_000), to: iso(start - 86_400_000) };
  }
  const prev = previousPeriod(new Date(Date.parse(from)).toISOString(), new Date(Date.parse(to)).toISOString());
  return prev && { from: prev.fromTime, to: prev.toTime };
}
