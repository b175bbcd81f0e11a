// Effective-dated rates from the config (exchange rates also from a connector's reference table): tax rates per currency (a plain number, or a list of
// rates each in force from a date) and exchange rates (1 `from` = `rate` `to`, in force from
// `valid_from`). The rate in force on a day is the entry with the latest start on or before it
// (an entry without a start is in force since always); an exchange rate given one way also
// answers the other way (1 / rate), and a pair not listed is crossed through a common currency.
import type { ExchangeRate } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";

type LeakageConfig = ModulesConfig["revenue_leakage"];

/** The configured minimum tax rate for the currency on that day (YYYY-MM-DD; null: undated). */
export function taxRateOn(cfg: LeakageConfig["tax"], currency: string | undefined, day: string | null): number | undefined {
  const entry = currency && Object.hasOwn(cfg.rates, currency) ? cfg.rates[currency] : undefined;
  if (entry === undefined) return cfg.default_rate ?? undefined;
  if (typeof entry === "number") return entry;
  return inForce(entry.map((e) => ({ start: e.from, value: e.rate })), day);
}

/**
 * How many `to` one `from` is worth on that day; undefined when no rate answers. A pair not
 * listed either way is crossed through one currency listed with both (EUR→GBP from EUR→USD and
 * GBP→USD, each the rate in force that day), as a treasury table quoted against one base is.
 */
export function exchangeRateOn(rates: readonly ExchangeRate[], from: string, to: string, day: string | null): number | undefined {
  if (from === to) return 1;
  const pair = pairRateOn(rates, from, to, day);
  if (pair !== undefined) return pair;
  const via = new Set<string>();
  for (const r of rates) {
    if (r.from === from || r.to === from) via.add(r.from === from ? r.to : r.from);
  }
  via.delete(to);
  for (const base of [...via].sort()) {
    const first = pairRateOn(rates, from, base, day);
    const second = first === undefined ? undefined : pairRateOn(rates, base, to, day);
    if (first !== undefined && second !== undefined) return first * second;
  }
  return undefined;
}

/** The listed rate of one pair in force that day, either way round. */
function pairRateOn(rates: readonly ExchangeRate[], from: string, to: string, day: string | null): number | undefined {
  const direct = rates.filter((r) => r.from === from && r.to === to).map((r) => ({ start: r.valid_from, value: r.rate }));
  const inverse = rates.filter((r) => r.from === to && r.to === from).map((r) => ({ start: r.valid_from, value: 1 / r.rate }));
  return inForce([...direct, ...inverse], day);
}

function inForce(entries: { start: string | undefined; value: number }[], day: string | null): number | undefined {
  let best: { start: string; value: number } | undefined;
  for (const e of entries) {
    const start = e.start ?? "";
    // Undated transactions take the rate that is in force since always, if there is one.
    if (day === null ? start !== "" : start > day) continue;
    if (!best || start >= best.start) best = { start, value: e.value };
  }
  return best?.value;
}
