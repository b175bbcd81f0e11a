// Retro rate adjustments: the difference a late rate increase left unbilled, billed afterwards. A
// staffing back office (Bullhorn Back Office, TempWorks, Avionté) that keys a raise after its
// effective date bills the weeks in between at the old rate, then a retro invoice for the client:
// a line per week and pay code, the hours at the rate difference, the week named in the line's
// text (`Retro rate adjustment Regular 40.00 hrs w/e 04/05/2026 27.38 -> 29.57`), the first week's
// invoice named as its original. Utilities and carriers do the same for a tariff or rate filed
// late (a "rate adjustment" rebill). The earlier lines were billed below the rate in force, and
// the retro made that up: what is still at risk on them is the difference net of what the retro
// billed for them (price-below-contract.ts).
//
// A line is a rate adjustment when its code or text says so (RETRO_TEXT: `RETRO`, `Retro Bill`,
// `Retroactive rate`, `Rate Adjustment`), on an invoice of a customer. It makes up a line of an
// earlier document of the same customer and contract (an assignment, a service agreement) that
// bills the same quantity: of the period ending on a day its text names (`w/e 04/05/2026`; a text
// naming no day makes up the document the retro names as its original). More hours at the full
// rate on a supplemental invoice are no rate adjustment: they bill hours, and are judged as ever.
import type { Transaction } from "../../../domain/transaction.ts";
import { parseDateMs } from "../../dates.ts";
import { dateReadings } from "./work-dates.ts";

/** A line's code or text naming a retroactive rate adjustment (`RETRO`, `Retroactive`, `RETRO_BILL`,
 *  `Retro pay`, `Rate Adj`); not a word that only begins so (a `Retrofit` is work billed). */
const RETRO_TEXT = /\bretro(?:active(?:ly)?)?\b|\bretro[\s_-]*(?:pay|bill|rate|adj)|\brate[\s_-]*adj/i;
/** Day texts in a line's description: 2026-04-05, 04/05/2026, 5.4.26. */
const DAY_TEXT = /\d{4}-\d{1,2}-\d{1,2}|\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}/g;
/** Quantities equal within this (hours to the hundredth). */
const SAME_QUANTITY = 0.005;

/** One rate adjustment line: what it makes up (`customer contract w:day` or `… d:original`), when, how many units, how much. */
export type RateAdjustmentEntry = [key: string, ms: number, quantity: number, amount: number];

/** Collects, over the history pass, the rate adjustment lines; answers what they made up of a line. */
export class RateAdjustments {
  static readonly empty = new RateAdjustments();
  readonly entries: RateAdjustmentEntry[] = [];
  private index: Map<string, RateAdjustmentEntry[]> | undefined;

  static of(entries: readonly RateAdjustmentEntry[]): RateAdjustments {
    const r = new RateAdjustments();
    r.merge(entries);
    return r;
  }

  merge(part: readonly RateAdjustmentEntry[]) {
    for (const e of part) this.entries.push(e);
    this.index = undefined;
  }

  add(t: Transaction) {
    if (t.type !== "invoice" || !t.customer_id || !t.date) return;
    let ms: number | undefined;
    for (const l of t.lines) {
      if (!(l.sku !== undefined && RETRO_TEXT.test(l.sku)) && !(l.description !== undefined && RETRO_TEXT.test(l.description))) continue;
      const quantity = l.quantity;
      const amount = l.amount ?? (l.unit_price !== undefined && quantity !== undefined ? l.unit_price * quantity : undefined);
      if (quantity === undefined || !(quantity > 0) || amount === undefined || !(amount > 0)) continue;
      ms ??= parseDateMs(t.date);
      if (Number.isNaN(ms)) return;
      const base = serviceKey(t.customer_id, t.contract_id);
      const days = l.description ? daysNamed(l.description) : [];
      if (days.length > 0) for (const d of days) this.entries.push([`${base}w:${d}`, ms, quantity, amount]);
      else if (t.reference && t.reference !== t.transaction_id) this.entries.push([`${base}d:${t.reference}`, ms, quantity, amount]);
    }
    this.index = undefined;
  }

  /**
   * What a rate adjustment billed on or after the document's day made up of a line of it that
   * billed `quantity` units `short` below the rate in force: the adjustment of the same customer
   * and contract, for the period ending on one of `periodEnds` (the readings of the day the
   * document names as its period's end) or naming the document as its original, of
   * the same quantity — the one nearest the shortfall where several are —, at most the shortfall.
   * 0 where none.
   */
  madeUp(txn: Transaction, periodEnds: readonly string[], quantity: number, short: number): number {
    if (this.entries.length === 0 || !txn.customer_id || !txn.date || !(short > 0)) return 0;
    const ms = parseDateMs(txn.date);
    if (Number.isNaN(ms)) return 0;
    const index = this.indexed();
    const base = serviceKey(txn.customer_id, txn.contract_id);
    const candidates = [...periodEnds.flatMap((d) => index.get(`${base}w:${d}`) ?? []), ...(index.get(`${base}d:${txn.transaction_id}`) ?? [])];
    let best: number | undefined;
    for (const [, at, q, amount] of candidates) {
      if (at < ms || Math.abs(q - quantity) > SAME_QUANTITY) continue;
      if (best === undefined || Math.abs(amount - short) < Math.abs(best - short)) best = amount;
    }
    return best === undefined ? 0 : Math.min(best, short);
  }

  private indexed(): Map<string, RateAdjustmentEntry[]> {
    if (this.index === undefined) {
      const index = new Map<string, RateAdjustmentEntry[]>();
      for (const e of this.entries) {
        const list = index.get(e[0]);
        if (list) list.push(e);
        else index.set(e[0], [e]);
      }
      this.index = index;
    }
    return this.index;
  }
}

function serviceKey(customer: string, contract: string | undefined): string {
  return `${customer}\u0001${contract ?? ""}\u0001`;
}

/** The days (YYYY-MM-DD) a text names: every reading of each day in it (05/04/2026 is two). */
function daysNamed(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(DAY_TEXT)) for (const d of dateReadings(m[0])) if (!out.includes(d)) out.push(d);
  return out;
}
