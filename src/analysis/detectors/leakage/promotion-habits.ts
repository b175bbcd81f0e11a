// What a connector's history says about the seller's promotions, for the pricing rules where no
// price list or contract row states them (docs/analysis.md, "Regular business"). A web store's
// automatic discounts, markdowns and free-shipping rule live in its admin, not in any export an
// analyst can give the product; the invoices show them, because they reach every customer alike:
//  - **A campaign**: the same recorded discount given to many customers (at least MIN_CUSTOMERS
//    distinct ones a day, on at least DAY_SHARE of the day's invoices) on the same days — Black
//    Friday's 30 % on toys, a summer sale. A few customers given the same wrong price on one busy
//    day (a campaign's price still in the checkout after it ended) are not a tenth of it. Its
//    window is the run of such days (a day without one between two is still the run); a SKU
//    belongs to it when at least two customers had it at that discount in the run. One customer's
//    discount, a discount given on a day nobody else had it (a campaign price used after the
//    campaign ended), or on a SKU the campaign did not cover, is no campaign. Campaigns and
//    markdowns are learned over all currencies (a web store's sale runs in all its stores).
//  - **A markdown**: a SKU sold at one recorded discount to (nearly, SHARE) everyone from the day
//    it first was to the end of the history (at least MIN_LINES lines of MIN_CUSTOMERS
//    customers): the clearance of a discontinued SKU, its list price left as it was.
//  - **Free over a threshold**: a SKU billed at 0 on invoices worth at least some amount and at a
//    price on (nearly, SHARE) every invoice worth less — shipping free over 75 USD, a handling fee
//    waived over a minimum order. Learned per SKU and currency: the threshold is the lowest value
//    (other lines' net amounts) of (nearly) all its free invoices, and it must separate them from
//    the charged ones. The same SKU at 0 on an invoice below the threshold is still reported.
//    Its free invoices must bill all kinds of things beside it (no SKU at a price on more than
//    half of them): a kit's component is at 0 beside its kit on every one, and kit invoices are
//    the larger ones, but that is the kit's structure (kit-components.ts), not a threshold.
//  - **A customer group's standing discount**: the same recorded discount on at least half the
//    invoices of a customer group, tier or price level a column names (customer-group.ts; at least
//    MIN_LINES invoices of MIN_CUSTOMERS customers), and five times as often as on the other
//    groups' invoices — staff 30 %, a trade price group's terms (a sale's price replaces it on the
//    group's orders in the sale). Given to a customer of another group, or of none, it is still
//    reported (a retail customer typing the staff code); a discount a group has only now and
//    then, or as often as everyone (a campaign's), is no standing one.
// Only recorded discounts are learned (a line's `discount_pct`): a source that records none shows
// campaigns as prices below list, which this does not learn. Learned in the history pass
// (history.ts, and the split scan's ledger batches: ledger-merge.ts) from one small observation
// per invoice, as the tax habits and the kits are.
import type { Transaction } from "../../../domain/transaction.ts";
import { DAY_MS, parseDateMs } from "../../dates.ts";
import { customerGroups } from "./customer-group.ts";

/** Distinct customers a campaign day, a markdown or a free-over-threshold SKU needs. */
export const MIN_CUSTOMERS = 3;
/** Lines at the discount a markdown needs, and free invoices a threshold needs. */
export const MIN_LINES = 5;
/** Share of a SKU's lines (or charged invoices) that must agree. */
const SHARE = 0.9;
/** Customer groups learned at most (customer-group.ts): a column of more values names no group. */
const MAX_GROUPS = 10_000;
/** Share of a customer group's invoices its standing discount must be on… */
const GROUP_SHARE = 0.5;
/** …and how many times as often as on the invoices of the column's other groups. */
const GROUP_LIFT = 5;
/** Share of a day's invoices that must carry a discount for the day to be a campaign's. */
const DAY_SHARE = 0.1;
/** A day without the discount inside a campaign's run (a Sunday between two sale days). */
const RUN_GAP_DAYS = 1;
/** Largest share of a free-over-threshold SKU's free invoices one other SKU may be billed on. */
const BESIDE_SHARE = 0.5;
/** Invoice values are binned on a log scale this fine (2 %) for the threshold. */
const BIN = Math.log(1.02);

/** One invoice as the promotions see it: customer, currency, day (days since 1970), per line
 *  (positive quantity) its SKU, recorded discount (NaN: none) and net amount, and its customer
 *  groups (customer-group.ts). */
export type PromotionObservation = [customer: string, currency: string, day: number, skus: string[], discounts: number[], amounts: number[], groups: readonly string[]];

export function promotionObservation(t: Transaction): PromotionObservation | null {
  if (t.type !== "invoice" || !t.customer_id || !t.date) return null;
  const ms = parseDateMs(t.date);
  if (Number.isNaN(ms)) return null;
  const skus: string[] = [];
  const discounts: number[] = [];
  const amounts: number[] = [];
  for (const l of t.lines) {
    const q = l.quantity ?? 0;
    if (!l.sku || !(q > 0)) continue;
    const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * q : undefined);
    if (amount === undefined || amount < 0) continue;
    skus.push(l.sku);
    discounts.push(l.discount_pct ?? Number.NaN);
    amounts.push(amount);
  }
  return skus.length === 0 ? null : [t.customer_id, (t.currency ?? "").toUpperCase(), Math.floor(ms / DAY_MS), skus, discounts, amounts, customerGroups(t)];
}

/** The learned promotions as plain data (it crosses to scan workers with the ledger). */
export interface PromotionHabitsParts {
  /** discount → the campaign's runs: [first day, last day, its SKUs]. */
  campaigns: Map<string, [number, number, string[]][]>;
  /** SKU → discounts it is marked down by, each with the day it started. */
  markdowns: Map<string, [discount: number, from: number][]>;
  /** "currency|sku" → the invoice value from which the SKU is free. */
  freeOver: Map<string, number>;
  /** A customer group ("COLUMN=VALUE") → its standing discounts. */
  groups: Map<string, number[]>;
}

const discountKey = (d: number) => Math.round(d * 100) / 100;
/** A discount (as discountKey gives it, 0.01 to 99.99) in hundredths: below DISCOUNT_SLOTS. */
const DISCOUNT_SLOTS = 2 ** 14;
const cents = (discount: number) => Math.round(discount * 100);
/** Days since 1970 below this (until the year 2328), in the keys of a SKU's discounted days. */
const DISCOUNT_DAY_SLOTS = 2 ** 17;

export class PromotionHabits {
  static readonly empty = new PromotionHabits({ campaigns: new Map(), markdowns: new Map(), freeOver: new Map(), groups: new Map() });

  constructor(readonly parts: PromotionHabitsParts) {}

  /** Why `discount` on `sku` on `day` (ISO date) is the seller's promotion ("campaign …", "markdown …"), if it is. */
  promotion(sku: string, discount: number, date: string | null | undefined): string | undefined {
    if (!date) return undefined;
    const day = Math.floor(parseDateMs(date) / DAY_MS);
    if (Number.isNaN(day)) return undefined;
    const d = discountKey(discount);
    for (const [from, to, skus] of this.parts.campaigns.get(String(d)) ?? []) {
      if (day >= from && day <= to && skus.includes(sku)) return `a campaign of ${d}% from ${isoDay(from)} to ${isoDay(to)}`;
    }
    for (const [md, from] of this.parts.markdowns.get(sku) ?? []) {
      if (md === d && day >= from) return `a markdown of ${d}% since ${isoDay(from)}`;
    }
    return undefined;
  }

  /** Why `discount` is the standing discount of a customer group the invoice names, if it is. */
  groupDiscount(t: Transaction, discount: number): string | undefined {
    if (this.parts.groups.size === 0) return undefined;
    const d = discountKey(discount);
    for (const g of customerGroups(t)) {
      if (this.parts.groups.get(g)?.includes(d)) return `the standing discount of ${d}% of every invoice of ${g}`;
    }
    return undefined;
  }

  /** The invoice value from which `sku` is free in `currency`, if learned. */
  freeFrom(currency: string | undefined, sku: string): number | undefined {
    return this.parts.freeOver.get(`${(currency ?? "").toUpperCase()}|${sku}`);
  }
}

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A SKU's free invoices in one currency (made at its first line at 0: most SKUs never are). */
interface FreeStats {
  /** Their values' log bins → invoices. */
  zero: Map<number, number>;
  zeroInvoices: number;
  customers: string[];
  /** SKU billed at a price → free invoices it is on. */
  beside: Map<string, number>;
}

/**
 * Per-SKU state is kept in a few flat maps keyed by numbers rather than objects and maps per SKU:
 * a catalogue of 300,000 SKUs cost 500 MB of heap that way (1.7 KB a SKU). A SKU (in a currency)
 * is a small integer; its lines per day and its charged invoices' value bins are single map
 * entries keyed by the pair.
 */
const SKU_SLOTS = 2 ** 22;
/** Currencies, so that (currency, SKU, bin) stays an exact integer (below 2^53; as (SKU, discount, day) does). */
const CURRENCY_SLOTS = 2 ** 14;
/** Days since 1970 below this (until the year 2243). */
const DAY_SLOTS = 100_000;
/** Value bins from −BIN_OFFSET to BIN_SLOTS − BIN_OFFSET − 1 (2.5e-18 to 4e17: every amount the API takes); slot 0: nothing. */
const BIN_SLOTS = 4096;
const BIN_OFFSET = 2048;

export class PromotionHabitsBuilder {
  /** discount → day → its first MIN_CUSTOMERS distinct customers. */
  private readonly days = new Map<number, Map<number, string[]>>();
  /** discount → day → invoices carrying it; and invoices per day. */
  private readonly dayDiscountInvoices = new Map<number, Map<number, number>>();
  private readonly dayInvoices = new Map<number, number>();
  /** (SKU, discount in hundredths, day) as one number → its first two distinct customers. */
  private readonly skuDays = new Map<number, string[]>();
  /** (SKU, discount in hundredths) → lines, first customers, first day. */
  private readonly discounted = new Map<number, { lines: number; customers: string[]; from: number }>();
  /** SKU → its number, and back. */
  private readonly skuIds = new Map<string, number>();
  private readonly skuNames: string[] = [];
  /** currency → its number, and back. */
  private readonly currencyIds = new Map<string, number>();
  private readonly currencyNames: string[] = [];
  /** SKU number × DAY_SLOTS + day → lines (every line: a markdown's share is of all the SKU's lines). */
  private readonly skuLines = new Map<number, number>();
  /** (currency, SKU) → its invoices at 0. */
  private readonly free = new Map<number, FreeStats>();
  /** (currency, SKU) × BIN_SLOTS + value bin slot → its charged invoices there. */
  private readonly charged = new Map<number, number>();
  /** A customer group → its invoices, first customers and, per discount, the invoices carrying it. */
  private readonly groups = new Map<string, { invoices: number; customers: string[]; discounts: Map<number, number> }>();

  /** A new SKU's number; past SKU_SLOTS − 1 of them (no catalogue has so many), one shared slot that learns nothing. */
  private newSku(sku: string): number {
    const id = Math.min(this.skuNames.length, SKU_SLOTS - 1);
    this.skuIds.set(sku, id);
    if (id < SKU_SLOTS - 1) this.skuNames.push(sku);
    return id;
  }

  /** A new currency's number; past CURRENCY_SLOTS − 1 of them (a column that is no currency), one shared slot that learns nothing. */
  private newCurrency(currency: string): number {
    const id = Math.min(this.currencyNames.length, CURRENCY_SLOTS - 1);
    this.currencyIds.set(currency, id);
    if (id < CURRENCY_SLOTS - 1) this.currencyNames.push(currency);
    return id;
  }

  add(t: Transaction) {
    const o = promotionObservation(t);
    if (o) this.observe(o[0], o[1], o[2], o[3], o[4], o[5], o[3].length, o[6]);
  }

  /** One invoice's observation: its first `n` lines (the arrays are not kept). */
  observe(customer: string, currency: string, day: number, skus: readonly string[], discounts: readonly number[], amounts: readonly number[], n: number, groups: readonly string[]) {
    let total = 0;
    for (let j = 0; j < n; j++) total += amounts[j]!;
    this.dayInvoices.set(day, (this.dayInvoices.get(day) ?? 0) + 1);
    /** The invoice's discounts beyond 0 already counted (an invoice counts once per discount). */
    let counted: number[] | undefined;
    /** The invoice's distinct SKUs at a price, once one of its lines is at 0. */
    let priced: Set<string> | undefined;
    const currencyId = this.currencyIds.get(currency) ?? this.newCurrency(currency);
    /** Its amounts per SKU, on a long invoice (a line's "other lines" without a loop over all). */
    let bySku: Map<string, number> | undefined;
    for (let j = 0; j < n; j++) {
      const sku = skus[j]!;
      const skuId = this.skuIds.get(sku) ?? this.newSku(sku);
      const lineKey = skuId * DAY_SLOTS + day;
      this.skuLines.set(lineKey, (this.skuLines.get(lineKey) ?? 0) + 1);
      const d = discounts[j]!;
      if (d > 0 && d < 100 && amounts[j]! > 0) {
        const dk = discountKey(d);
        addCustomer(this.days, dk, day, customer, MIN_CUSTOMERS);
        if (!(counted ??= []).includes(dk)) {
          counted.push(dk);
          countIn(this.dayDiscountInvoices, dk, day);
        }
        const skuDiscount = skuId * DISCOUNT_SLOTS + cents(dk);
        const dayKey = skuDiscount * DISCOUNT_DAY_SLOTS + day;
        const cs = this.skuDays.get(dayKey);
        if (!cs) this.skuDays.set(dayKey, [customer]);
        else if (cs.length < 2 && !cs.includes(customer)) cs.push(customer);
        const s = this.discounted.get(skuDiscount);
        if (!s) this.discounted.set(skuDiscount, { lines: 1, customers: [customer], from: day });
        else {
          s.lines++;
          if (s.customers.length < MIN_CUSTOMERS && !s.customers.includes(customer)) s.customers.push(customer);
          s.from = Math.min(s.from, day);
        }
      }
      // The invoice's value besides this SKU's lines: what a free-shipping rule looks at.
      let others = total;
      if (n <= 8) {
        for (let k = 0; k < n; k++) if (skus[k] === sku) others -= amounts[k]!;
      } else others -= (bySku ??= sumsBySku(skus, amounts, n)).get(sku)!;
      const slot = binSlot(others);
      const pair = currencyId * SKU_SLOTS + skuId;
      if (amounts[j] === 0) {
        let f = this.free.get(pair);
        if (!f) this.free.set(pair, (f = { zero: new Map(), zeroInvoices: 0, customers: [], beside: new Map() }));
        f.zero.set(slot, (f.zero.get(slot) ?? 0) + 1);
        f.zeroInvoices++;
        if (f.customers.length < MIN_CUSTOMERS && !f.customers.includes(customer)) f.customers.push(customer);
        priced ??= pricedSkus(skus, amounts, n);
        for (const other of priced) if (other !== sku) f.beside.set(other, (f.beside.get(other) ?? 0) + 1);
      } else {
        const key = pair * BIN_SLOTS + slot;
        this.charged.set(key, (this.charged.get(key) ?? 0) + 1);
      }
    }
    for (const g of groups) this.observeGroup(g, customer, counted);
  }

  /**
   * Each customer group's standing discounts: carried by at least GROUP_SHARE of the group's
   * invoices (a staff member's order in a sale has the sale's price instead), and at least
   * GROUP_LIFT times as often as by the invoices of the column's other groups (a campaign's
   * discount reaches every group alike).
   */
  private standingGroupDiscounts(): Map<string, number[]> {
    /** Per column: its invoices, and per discount the invoices carrying it. */
    const columns = new Map<string, { invoices: number; discounts: Map<number, number> }>();
    for (const [g, s] of this.groups) {
      const column = g.slice(0, g.indexOf("="));
      let c = columns.get(column);
      if (!c) columns.set(column, (c = { invoices: 0, discounts: new Map() }));
      c.invoices += s.invoices;
      for (const [d, n] of s.discounts) c.discounts.set(d, (c.discounts.get(d) ?? 0) + n);
    }
    const out = new Map<string, number[]>();
    for (const [g, s] of this.groups) {
      if (s.invoices < MIN_LINES || s.customers.length < MIN_CUSTOMERS) continue;
      const c = columns.get(g.slice(0, g.indexOf("=")))!;
      const others = c.invoices - s.invoices;
      const standing: number[] = [];
      for (const [d, n] of s.discounts) {
        const share = n / s.invoices;
        const elsewhere = others > 0 ? (c.discounts.get(d)! - n) / others : 0;
        if (share >= GROUP_SHARE && share >= GROUP_LIFT * elsewhere) standing.push(d);
      }
      if (standing.length > 0) out.set(g, standing.sort((a, b) => a - b));
    }
    return out;
  }

  /** An invoice of customer group `g`, carrying the discounts `counted` (each once). */
  private observeGroup(g: string, customer: string, counted: readonly number[] | undefined) {
    let s = this.groups.get(g);
    if (!s) {
      // A column of more values than any seller has groups is no group column: learn no more.
      if (this.groups.size >= MAX_GROUPS) return;
      this.groups.set(g, (s = { invoices: 0, customers: [], discounts: new Map() }));
    }
    s.invoices++;
    if (s.customers.length < MIN_CUSTOMERS && !s.customers.includes(customer)) s.customers.push(customer);
    for (const d of counted ?? []) s.discounts.set(d, (s.discounts.get(d) ?? 0) + 1);
  }

  finish(): PromotionHabits {
    const campaigns = new Map<string, [number, number, string[]][]>();
    for (const [key, byDay] of this.days) {
      const invoices = this.dayDiscountInvoices.get(key)!;
      const busy = [...byDay]
        .filter(([d, c]) => c.length >= MIN_CUSTOMERS && invoices.get(d)! >= DAY_SHARE * this.dayInvoices.get(d)!)
        .map(([d]) => d)
        .sort((a, b) => a - b);
      const runs: [number, number, string[]][] = [];
      for (const d of busy) {
        const last = runs[runs.length - 1];
        if (last && d - last[1] <= RUN_GAP_DAYS + 1) last[1] = d;
        else runs.push([d, d, []]);
      }
      if (runs.length > 0) campaigns.set(String(key), runs);
    }
    // A run's SKUs: those at least two customers had at the discount within it.
    /** (SKU, discount) of a campaign's discount → [day, customers] of each day the SKU had it. */
    const byDiscount = new Map<number, [number, string[]][]>();
    for (const [k, cs] of this.skuDays) {
      const skuDiscount = Math.floor(k / DISCOUNT_DAY_SLOTS);
      if (!campaigns.has(String((skuDiscount % DISCOUNT_SLOTS) / 100))) continue;
      const days = byDiscount.get(skuDiscount) ?? byDiscount.set(skuDiscount, []).get(skuDiscount)!;
      days.push([k % DISCOUNT_DAY_SLOTS, cs]);
    }
    for (const [skuDiscount, days] of byDiscount) {
      const sku = this.skuNames[Math.floor(skuDiscount / DISCOUNT_SLOTS)];
      if (sku === undefined) continue; // the shared overflow slot
      for (const run of campaigns.get(String((skuDiscount % DISCOUNT_SLOTS) / 100))!) {
        const seen: string[] = [];
        for (const [d, cs] of days) if (d >= run[0] && d <= run[1]) for (const c of cs) if (!seen.includes(c)) seen.push(c);
        if (seen.length >= 2) run[2].push(sku);
      }
    }
    const markdowns = new Map<string, [number, number][]>();
    // The days of the SKUs that could be marked down, from the one map of every SKU's lines.
    const candidates = new Map<number, [number, number][]>();
    for (const [skuDiscount, s] of this.discounted) {
      const id = Math.floor(skuDiscount / DISCOUNT_SLOTS);
      if (s.lines >= MIN_LINES && s.customers.length >= MIN_CUSTOMERS && id < this.skuNames.length) candidates.set(id, []);
    }
    if (candidates.size > 0) {
      for (const [key, n] of this.skuLines) candidates.get(Math.floor(key / DAY_SLOTS))?.push([key % DAY_SLOTS, n]);
    }
    for (const [skuDiscount, s] of this.discounted) {
      if (s.lines < MIN_LINES || s.customers.length < MIN_CUSTOMERS) continue;
      const id = Math.floor(skuDiscount / DISCOUNT_SLOTS);
      const lines = candidates.get(id);
      if (!lines) continue;
      let all = 0;
      // Every line of the SKU from the markdown's first day to the end of the history: a
      // campaign's days alone are all at its discount too, but the SKU sells at list after it.
      for (const [day, n] of lines) if (day >= s.from) all += n;
      const sku = this.skuNames[id]!;
      if (s.lines >= SHARE * all) markdowns.set(sku, [...(markdowns.get(sku) ?? []), [(skuDiscount % DISCOUNT_SLOTS) / 100, s.from]]);
    }
    const freeOver = new Map<string, number>();
    // The charged invoices' bins of the SKUs free often enough, from the one map of them all.
    const chargedOf = new Map<number, [number, number][]>();
    for (const [pair, f] of this.free) if (f.zeroInvoices >= MIN_LINES && f.customers.length >= MIN_CUSTOMERS) chargedOf.set(pair, []);
    if (chargedOf.size > 0) {
      for (const [key, n] of this.charged) chargedOf.get(Math.floor(key / BIN_SLOTS))?.push([key % BIN_SLOTS, n]);
    }
    for (const [pair, f] of this.free) {
      const chargedBins = chargedOf.get(pair);
      if (!chargedBins) continue;
      let chargedInvoices = 0;
      for (const [, n] of chargedBins) chargedInvoices += n;
      if (chargedInvoices < MIN_LINES) continue;
      let mostBeside = 0;
      for (const n of f.beside.values()) mostBeside = Math.max(mostBeside, n);
      if (mostBeside > BESIDE_SHARE * f.zeroInvoices) continue;
      // The lowest value that (nearly) every free invoice reaches and (nearly) every charged one
      // stays below: from the lowest free invoice up, while few enough free ones are left below.
      const bins = [...f.zero].sort((a, b) => a[0] - b[0]);
      const charged = chargedBins.sort((a, b) => a[0] - b[0]);
      let below = 0;
      let threshold = Number.NaN;
      for (const [bin, n] of bins) {
        if (below > (1 - SHARE) * f.zeroInvoices) break;
        let chargedAbove = 0;
        for (const [b, m] of charged) if (b >= bin) chargedAbove += m;
        if (chargedAbove <= (1 - SHARE) * chargedInvoices) {
          threshold = bin;
          break;
        }
        below += n;
      }
      // Slot 0 (free invoices of nothing else) is no threshold.
      if (!(threshold > 0)) continue;
      const currency = this.currencyNames[Math.floor(pair / SKU_SLOTS)];
      const sku = this.skuNames[pair % SKU_SLOTS];
      if (currency === undefined || sku === undefined) continue; // the shared overflow slots
      freeOver.set(`${currency}|${sku}`, Math.exp((threshold - BIN_OFFSET) * BIN));
    }
    const groups = this.standingGroupDiscounts();
    return new PromotionHabits({ campaigns, markdowns, freeOver, groups });
  }
}

/** An invoice value's log bin as a slot from 1 (0: nothing, or less than nothing). */
function binSlot(others: number): number {
  if (!(others > 0)) return 0;
  return Math.min(BIN_SLOTS - 1, Math.max(1, Math.floor(Math.log(others) / BIN) + BIN_OFFSET));
}

function addCustomer<K>(m: Map<K, Map<number, string[]>>, key: K, day: number, customer: string, cap: number) {
  let byDay = m.get(key);
  if (!byDay) m.set(key, (byDay = new Map()));
  const cs = byDay.get(day);
  if (!cs) byDay.set(day, [customer]);
  else if (cs.length < cap && !cs.includes(customer)) cs.push(customer);
}

function sumsBySku(skus: readonly string[], amounts: readonly number[], n: number): Map<string, number> {
  const out = new Map<string, number>();
  for (let k = 0; k < n; k++) out.set(skus[k]!, (out.get(skus[k]!) ?? 0) + amounts[k]!);
  return out;
}

function pricedSkus(skus: readonly string[], amounts: readonly number[], n: number): Set<string> {
  const out = new Set<string>();
  for (let k = 0; k < n; k++) if (amounts[k]! > 0) out.add(skus[k]!);
  return out;
}

function countIn<K>(m: Map<K, Map<number, number>>, key: K, day: number) {
  let byDay = m.get(key);
  if (!byDay) m.set(key, (byDay = new Map()));
  byDay.set(day, (byDay.get(day) ?? 0) + 1);
}
