// Which SKUs a connector's invoices list at 0 as the components of a kit billed at its price on
// the same invoice, learned from the history (docs/analysis.md, "Kit components"). ERPs bill a
// kit, bundle or sales BOM at its price on one line and list its components on further lines at
// 0 (NetSuite kits and item groups, Odoo kits, SAP sales BOMs priced at the header item); the
// components also sell on their own and have list prices, so each such line looked like a
// missing price (zero_price_line). The product has no bill of materials: the invoices are one.
//
// A SKU C is a component of a SKU P when, in the history:
//  - C is billed at 0 beside P billed at a price on at least MIN_INVOICES invoices of at least
//    MIN_CUSTOMERS customers (a catalogue's structure, not one customer's deal), and
//  - on (nearly, SHARE) every invoice billing P at a price, C follows at 0: a kit expands into its
//    components every time. A SKU merely sold beside C now and then (a frying pan on the same
//    order as a kit) is billed on many invoices without C at 0 and is no kit of C.
// Per pair the component's quantity per kit is learned when (nearly, SHARE) all its invoices
// agree on it: units of C at 0 beyond that many per kit on the invoice are not the kit's.
// Learned in the history pass (history.ts, and the split scan's ledger batches: ledger-merge.ts)
// from one small observation per invoice, as the tax habits are.
import type { Transaction } from "../../../domain/transaction.ts";

/** Invoices, and distinct customers, a kit's component must be seen on before it is trusted. */
export const MIN_INVOICES = 3;
export const MIN_CUSTOMERS = 3;
/** Share of the kit's priced invoices that must list the component at 0 (and of the pair's
 *  invoices that must agree on its quantity per kit). */
const SHARE = 0.8;
/** Pairs (priced SKU × SKU at 0) counted per invoice at most: an invoice of hundreds of lines
 *  with dozens at 0 is no kit's, and would cost a pair per combination. */
const MAX_PAIRS = 256;

/** One invoice as the kits see it: customer, its distinct SKUs billed at a price and at 0 (positive
 *  quantities), each with its total quantity. */
export type KitObservation = [customer: string, priced: string[], pricedQty: number[], zero: string[], zeroQty: number[]];

/** The invoice's observation; null when it bills nothing at a price (it teaches nothing). */
export function kitObservation(t: Transaction): KitObservation | null {
  if (t.type !== "invoice" || !t.customer_id) return null;
  const priced: string[] = [];
  const pricedQty: number[] = [];
  const zero: string[] = [];
  const zeroQty: number[] = [];
  for (const l of t.lines) {
    const q = l.quantity ?? 0;
    if (!l.sku || !(q > 0)) continue;
    // The billed net unit price as line-facts.ts reads it: amount ÷ quantity, else the unit price.
    const net = l.amount !== undefined ? l.amount / q : l.unit_price;
    if (net === undefined) continue;
    if (net > 0) addTo(priced, pricedQty, l.sku, q);
    else if (net === 0) addTo(zero, zeroQty, l.sku, q);
  }
  return priced.length === 0 ? null : [t.customer_id, priced, pricedQty, zero, zeroQty];
}

function addTo(skus: string[], qty: number[], sku: string, q: number) {
  const i = skus.indexOf(sku);
  if (i >= 0) qty[i]! += q;
  else {
    skus.push(sku);
    qty.push(q);
  }
}

/** The learned kits, as plain data (it crosses to scan workers with the ledger): component SKU →
 *  kit SKU → the component's quantity per kit (NaN: its invoices disagree, any quantity). */
export type KitComponentsParts = Map<string, Map<string, number>>;

export class KitComponents {
  static readonly empty = new KitComponents(new Map());

  constructor(readonly parts: KitComponentsParts) {}

  /** The kits `sku` is a learned component of (kit → quantity per kit), if any. */
  kitsOf(sku: string): ReadonlyMap<string, number> | undefined {
    return this.parts.get(sku);
  }

  /**
   * How many units of `component` at 0 the kits billed at a price on `t` contain: Infinity when
   * one of them has no learned quantity per kit, 0 when none of its kits is billed on `t`.
   */
  coveredUnits(t: Transaction, component: string): number {
    const kits = this.parts.get(component);
    if (!kits) return 0;
    let covered = 0;
    for (const l of t.lines) {
      const q = l.quantity ?? 0;
      if (!l.sku || !(q > 0) || l.sku === component) continue;
      const perKit = kits.get(l.sku);
      if (perKit === undefined) continue;
      const net = l.amount !== undefined ? l.amount / q : l.unit_price;
      if (net === undefined || !(net > 0)) continue;
      covered += Number.isNaN(perKit) ? Number.POSITIVE_INFINITY : perKit * q;
    }
    return covered;
  }
}

/** A (kit, component) pair's observations. */
interface Pair {
  invoices: number;
  /** Its first MIN_CUSTOMERS distinct customers (more need not be told apart). */
  customers: string[];
  /** Quantity of the component per kit (rounded) → invoices. */
  ratios: Map<number, number>;
}

export class KitComponentsBuilder {
  /** SKU → invoices billing it at a price. */
  private readonly priced = new Map<string, number>();
  /** "kit\u0000component" → the pair's observations. */
  private readonly pairs = new Map<string, Pair>();

  add(t: Transaction) {
    const o = kitObservation(t);
    if (!o) return;
    for (const sku of o[1]) this.countPriced(sku, 1);
    this.observePairs(o[0], o[1], o[2], o[1].length, o[3], o[4], o[3].length);
  }

  /** `invoices` more invoices billing `sku` at a price (a sum: the split scan's merge counts a
   *  batch's at once, ledger-merge.ts). */
  countPriced(sku: string, invoices: number) {
    this.priced.set(sku, (this.priced.get(sku) ?? 0) + invoices);
  }

  /** One invoice's pairs: its first `np` priced SKUs and quantities and `nz` SKUs at 0 (the
   *  arrays are not kept: scratch arrays may be passed). Its priced SKUs are counted apart
   *  (countPriced). */
  observePairs(customer: string, priced: readonly string[], pricedQty: readonly number[], np: number, zero: readonly string[], zeroQty: readonly number[], nz: number) {
    if (nz === 0 || np * nz > MAX_PAIRS) return;
    for (let i = 0; i < np; i++) {
      const kit = priced[i]!;
      for (let j = 0; j < nz; j++) {
        const component = zero[j]!;
        // The same SKU at a price and at 0 ("buy three, get one free") is no kit.
        if (component === kit) continue;
        const key = `${kit}\u0000${component}`;
        let p = this.pairs.get(key);
        if (!p) this.pairs.set(key, (p = { invoices: 0, customers: [], ratios: new Map() }));
        p.invoices++;
        if (p.customers.length < MIN_CUSTOMERS && !p.customers.includes(customer)) p.customers.push(customer);
        const ratio = Math.round((zeroQty[j]! / pricedQty[i]!) * 1e4) / 1e4;
        p.ratios.set(ratio, (p.ratios.get(ratio) ?? 0) + 1);
      }
    }
  }

  finish(): KitComponents {
    const parts: KitComponentsParts = new Map();
    for (const [key, p] of this.pairs) {
      if (p.invoices < MIN_INVOICES || p.customers.length < MIN_CUSTOMERS) continue;
      const at = key.indexOf("\u0000");
      const kit = key.slice(0, at);
      if (p.invoices < SHARE * (this.priced.get(kit) ?? 0)) continue;
      let perKit = Number.NaN;
      for (const [ratio, n] of p.ratios) if (n >= SHARE * p.invoices) perKit = ratio;
      const component = key.slice(at + 1);
      let kits = parts.get(component);
      if (!kits) parts.set(component, (kits = new Map()));
      kits.set(kit, perKit);
    }
    return new KitComponents(parts);
  }
}
