// Indexes a connector's reference tables (contracts, price list, shipments) for constant-time
// look-ups per invoice line. Contracts whose customer_id is "*" (or empty) are promotions: they
// offer their price to every customer for the SKU within their validity window.
import { type Contract, type ExchangeRate, isPercentUnit, type ReferenceData, type TransactionLine, unitCode, VARIANT_SEPARATOR } from "../domain/transaction.ts";
import { dayBefore } from "./dates.ts";

export class ReferenceIndex {
  // Nested maps (customer → SKU, currency → SKU) rather than joined keys: every invoice line is
  // looked up, and a joined key is a new string to build and hash each time.
  private readonly byCustomerSku = new Map<string, Map<string, Contract[]>>();
  private readonly promotionsBySku = new Map<string, Contract[]>();
  private readonly byContractId = new Map<string, Contract[]>();
  private readonly skusByContractId = new Map<string, ReadonlySet<string>>();
  private allContractSkus: ReadonlySet<string> | undefined;
  private readonly listPrices = new Map<string, Map<string, ListPrice>>();
  /** Price-list entries without a currency apply in any currency. */
  private readonly listPricesAnyCurrency = new Map<string, ListPrice>();
  /** Entries that state their unit of measure, also by "SKU unit" (unitKey): a line in a unit is
   *  priced by its unit's entry; the SKU's other entries price the lines that state none. */
  private readonly listPricesByUnit = new Map<string, Map<string, ListPrice>>();
  private readonly listPricesByUnitAnyCurrency = new Map<string, ListPrice>();
  /** SKUs whose price list states units: a line in another unit has no list price there. */
  private readonly unitPricedSkus = new Set<string>();
  /** Per SKU, the one unit (code) every price-list entry of it states; null when they differ or one states none. */
  private readonly priceListUnits = new Map<string, string | null>();
  private readonly pricedSkus = new Set<string>();
  /** Per currency ("" for any) and SKU, the caps price-list entries put on a line (max_amount), dated as the entries are. */
  private readonly listCaps = new Map<string, ListPrice>();
  private readonly shipped = new Map<string, Map<string, number>>();
  /** The SKUs some billable shipment carries: the work the shipments table keeps a record of. */
  private readonly shippedSkus = new Set<string>();
  /** Per SKU, the tax rate the price list states for it (0 where it says the SKU is not taxable;
   *  as written: 19 or 0.19), dated as the entries are. */
  private readonly taxRates = new Map<string, ListPrice>();
  /** The connector's reference exchange rates: codes upper-cased, valid_from a day (YYYY-MM-DD). */
  readonly exchangeRates: readonly ExchangeRate[];
  readonly counts: { contracts: number; price_list: number; shipments: number; exchange_rates: number };
  /** Every contract row, open ends closed by a later row (closeSupersededRows). */
  readonly contractRows: readonly Contract[];

  constructor(reference: ReferenceData) {
    this.contractRows = closeSupersededRows(reference.contracts);
    for (const c of this.contractRows) {
      if (isPromotion(c)) push(this.promotionsBySku, c.sku, c);
      else push(nested(this.byCustomerSku, c.customer_id), c.sku, c);
      push(this.byContractId, c.contract_id, c);
    }
    for (const p of reference.price_list) {
      this.pricedSkus.add(p.sku);
      const prices = p.currency ? nested(this.listPrices, p.currency.toUpperCase()) : this.listPricesAnyCurrency;
      prices.set(p.sku, withPrice(prices.get(p.sku), p.list_price, p.valid_from?.slice(0, 10)));
      if (p.max_amount !== undefined && p.max_amount >= 0) {
        const key = capKey(p.currency?.toUpperCase() ?? "", p.sku);
        this.listCaps.set(key, withPrice(this.listCaps.get(key), p.max_amount, p.valid_from?.slice(0, 10)));
      }
      const taxRate = p.taxable !== undefined && notTaxable(p.taxable) ? 0 : p.tax_rate !== undefined && Number.isFinite(p.tax_rate) && p.tax_rate >= 0 ? p.tax_rate : undefined;
      if (taxRate !== undefined) this.taxRates.set(p.sku, withPrice(this.taxRates.get(p.sku), taxRate, p.valid_from?.slice(0, 10)));
      const unit = p.unit ? unitCode(p.unit) : null;
      const known = this.priceListUnits.get(p.sku);
      this.priceListUnits.set(p.sku, known === undefined || known === unit ? unit : null);
      if (p.unit) {
        this.unitPricedSkus.add(p.sku);
        const byUnit = p.currency ? nested(this.listPricesByUnit, p.currency.toUpperCase()) : this.listPricesByUnitAnyCurrency;
        const key = unitKey(p.sku, p.unit);
        byUnit.set(key, withPrice(byUnit.get(key), p.list_price, p.valid_from?.slice(0, 10)));
      }
    }
    for (const s of reference.shipments) {
      if (!s.transaction_id || notBillable(s.billable)) continue;
      let bySku = this.shipped.get(s.transaction_id);
      if (!bySku) this.shipped.set(s.transaction_id, (bySku = new Map()));
      bySku.set(s.sku, (bySku.get(s.sku) ?? 0) + s.quantity);
      this.shippedSkus.add(s.sku);
    }
    this.exchangeRates = (reference.exchange_rates ?? [])
      .filter((r) => Number.isFinite(r.rate) && r.rate > 0)
      .map((r) => ({ from: r.from.toUpperCase(), to: r.to.toUpperCase(), rate: r.rate, ...(r.valid_from ? { valid_from: r.valid_from.slice(0, 10) } : {}) }));
    this.counts = {
      contracts: reference.contracts.length,
      price_list: reference.price_list.length,
      shipments: reference.shipments.length,
      exchange_rates: this.exchangeRates.length,
    };
  }

  /** Every contract and promotion that could govern this customer's SKU (any validity window). */
  contractsFor(customerId: string | undefined, sku: string, contractId?: string): Contract[] {
    const own = (customerId ? this.byCustomerSku.get(customerId)?.get(sku) : undefined) ?? EMPTY;
    const byId = contractId ? this.byContractId.get(contractId) : undefined;
    const named = byId ? byId.filter((c) => c.sku === sku && !own.includes(c)) : EMPTY;
    const promos = this.promotionsBySku.get(sku) ?? EMPTY;
    // Usually one of the three is all there is: hand it out as is (callers only read).
    if (named.length === 0 && promos.length === 0) return own;
    if (own.length === 0 && named.length === 0) return promos;
    return [...own, ...named, ...promos];
  }

  /**
   * Every row of the customer's own contracts and of the contract `contractId` names (any SKU,
   * any validity window), promotions aside: what a customer's agreements price, whichever lines a
   * bill carries (percent-charge-missing.ts asks it of a bill's percentages).
   */
  customerRows(customerId: string | undefined, contractId?: string): Contract[] {
    const out: Contract[] = [];
    const own = customerId ? this.byCustomerSku.get(customerId) : undefined;
    if (own) for (const rows of own.values()) for (const c of rows) out.push(c);
    const byId = contractId ? this.byContractId.get(contractId) : undefined;
    if (byId) {
      // The customer's own rows told by a set, not a walk over them per row of the contract (each
      // list in the thousands: quadratic).
      const seen = new Set(out);
      for (const c of byId) if (!isPromotion(c) && !seen.has(c)) out.push(c);
    }
    return out;
  }

  /**
   * customerRows in percent only (the agreement rows of percentage charges), from each customer's
   * and contract's rows in percent, made on first use: percent_charge_missing asks it of every bill
   * carrying a percentage, and walking all of a customer's rows for each (tens of thousands for a
   * distributor's agreement) was bills × rows. Only customers and contracts the reference holds
   * are kept, so what a request names cannot grow it.
   */
  customerPercentRows(customerId: string | undefined, contractId?: string): readonly Contract[] {
    // A customer or contract the reference does not hold has no rows: nothing to make (its empty
    // list is not kept, so it was made again on every bill of such a customer).
    const own = customerId && this.byCustomerSku.has(customerId) ? this.percentRowsOf(this.percentByCustomer, customerId, () => [...(this.byCustomerSku.get(customerId)?.values() ?? [])].flat()) : EMPTY;
    const byId = contractId && this.byContractId.has(contractId) ? this.percentRowsOf(this.percentByContract, contractId, () => (this.byContractId.get(contractId) ?? EMPTY).filter((c) => !isPromotion(c))) : EMPTY;
    if (byId.length === 0) return own;
    const seen = new Set(own);
    return [...own, ...byId.filter((c) => !seen.has(c))];
  }
  private readonly percentByCustomer = new Map<string, Contract[]>();
  private readonly percentByContract = new Map<string, Contract[]>();

  private percentRowsOf(cache: Map<string, Contract[]>, key: string, rows: () => readonly Contract[]): readonly Contract[] {
    let out = cache.get(key);
    if (out === undefined) {
      out = rows().filter((c) => isPercentUnit(c.unit));
      if (out.length > 0 || this.byCustomerSku.has(key) || this.byContractId.has(key)) cache.set(key, out);
    }
    return out;
  }

  /** The SKUs every price-list entry of which is in percent (a damage waiver, an environmental fee), computed on first use. */
  get percentListSkus(): ReadonlySet<string> {
    if (!this.percentSkus) {
      const skus = new Set<string>();
      for (const [sku, unit] of this.priceListUnits) if (unit === PERCENT_UNIT) skus.add(sku);
      this.percentSkus = skus;
    }
    return this.percentSkus;
  }
  private percentSkus: ReadonlySet<string> | undefined;

  /** The SKUs the contract's rows price (any validity window), computed on first use. */
  contractSkus(contractId: string): ReadonlySet<string> {
    let skus = this.skusByContractId.get(contractId);
    if (!skus) this.skusByContractId.set(contractId, (skus = new Set((this.byContractId.get(contractId) ?? EMPTY).map((c) => c.sku))));
    return skus;
  }

  /** Every SKU some contract row prices, computed on first use. */
  get contractedSkus(): ReadonlySet<string> {
    return (this.allContractSkus ??= new Set(this.contractRows.map((c) => c.sku)));
  }

  /**
   * The code a line is priced by: its sku where a price-list row, a contract or a promotion names
   * it, else its base code (`base_sku`: a CPT code billed with a modifier no row prices, a size of
   * an article priced as the article) — so a fee schedule of global codes prices every line, and
   * one that lists "73721-26" prices the component. A combination some row prices is never priced
   * by its base code's other rows: its own price is elsewhere in the references. A code of several
   * modifiers no row prices is priced by the code with fewer of them some row does (modifiedCode).
   */
  pricingSku(line: TransactionLine): string | undefined {
    const sku = line.sku;
    if (sku === undefined || line.base_sku === undefined || this.isPriced(sku)) return sku;
    let code = this.fallbackSkus.get(sku);
    if (code === undefined) {
      code = this.modifiedCode(sku, line.base_sku);
      if (this.fallbackSkus.size < 100_000) this.fallbackSkus.set(sku, code);
    }
    return code;
  }

  /** Whether a price-list row, a contract or a promotion names the SKU. */
  isPriced(sku: string): boolean {
    return this.pricedSkus.has(sku) || this.contractedSkus.has(sku);
  }

  /** pricingSku of a code no row names, per code (few distinct codes; every line of one asks again). */
  private readonly fallbackSkus = new Map<string, string>();

  /**
   * A code of several modifiers no row names ("73721-26-76": the professional component repeated
   * the same day; "73721-RT-TC"): the code with fewer of its modifiers that some row prices — the
   * most of them first, in their order — so the modifier that prices is found in whichever column
   * it was keyed; else the base code. Modifiers are what follows the base code, split at the
   * separator the mapping joined them with.
   */
  private modifiedCode(sku: string, base: string): string {
    if (!sku.startsWith(base + VARIANT_SEPARATOR)) return base;
    const modifiers = sku.slice(base.length + VARIANT_SEPARATOR.length).split(VARIANT_SEPARATOR);
    // Subsets of at most four modifiers (the claim formats' limit): beyond, each alone.
    const n = modifiers.length;
    if (n > 4) {
      for (const m of modifiers) if (this.isPriced(base + VARIANT_SEPARATOR + m)) return base + VARIANT_SEPARATOR + m;
      return base;
    }
    for (let size = n - 1; size >= 1; size--) {
      for (let mask = 1; mask < 1 << n; mask++) {
        if (bitCount(mask) !== size) continue;
        let code = base;
        for (let k = 0; k < n; k++) if (mask & (1 << k)) code += VARIANT_SEPARATOR + modifiers[k];
        if (this.isPriced(code)) return code;
      }
    }
    return base;
  }

  /** The list price of the SKU in the currency on `day` (YYYY-MM-DD): of entries with start dates,
   *  the one with the latest start on or before it (undated entries: since always); without a
   *  day, the latest. With `unit` (the line's unit of measure), where the price list states units
   *  for the SKU, only an entry in that unit (else undefined: no comparable list price). */
  listPrice(sku: string, currency: string | undefined, day?: string | null, unit?: string): number | undefined {
    const p = this.listEntry(sku, currency, unit);
    return p === undefined || typeof p === "number" ? p : priceOn(p, day ?? null);
  }

  /** The most the price list lets one line of the SKU charge on `day` (an entry's max_amount); undefined: no cap. */
  listCap(sku: string, currency: string | undefined, day?: string | null): number | undefined {
    // Asked for every line; most price lists cap nothing: no key strings made for them.
    if (this.listCaps.size === 0) return undefined;
    const c = (currency ? this.listCaps.get(capKey(currency, sku)) : undefined) ?? this.listCaps.get(capKey("", sku));
    return c === undefined || typeof c === "number" ? c : priceOn(c, day ?? null);
  }

  /**
   * The list price the entry in force on `day` superseded, and the day the change took effect: the
   * SKU's price before its latest change on or before the day (last year's rate after the
   * 1 January increase). Undefined when the price list dates no change of it before the day.
   */
  previousListPrice(sku: string, currency: string | undefined, day: string, unit?: string): { price: number; changed: string } | undefined {
    const p = this.listEntry(sku, currency, unit);
    if (p === undefined || typeof p === "number") return undefined;
    let current = -1;
    for (let i = 0; i < p.length; i++) if (p[i]!.from <= day) current = i;
    return current >= 1 ? { price: p[current - 1]!.price, changed: p[current]!.from } : undefined;
  }

  private listEntry(sku: string, currency: string | undefined, unit: string | undefined): ListPrice | undefined {
    if (unit !== undefined && this.unitPricedSkus.has(sku)) {
      // A price per case says nothing about a line sold by the each: only the line's unit's entry.
      const key = unitKey(sku, unit);
      return (currency ? this.listPricesByUnit.get(currency)?.get(key) : undefined) ?? this.listPricesByUnitAnyCurrency.get(key);
    }
    return (currency ? this.listPrices.get(currency)?.get(sku) : undefined) ?? this.listPricesAnyCurrency.get(sku);
  }

  /**
   * The unit of measure the price list prices the SKU in, when every entry of it states the same
   * one: the unit an agreement that states none is taken to be in (it discounts that list price).
   */
  priceListUnit(sku: string): string | undefined {
    return this.priceListUnits.get(sku) ?? undefined;
  }

  /** The tax rate the price list states for the SKU on `day` (0: not taxable; as written, 19 or
   *  0.19); undefined where it states none: the invoice's rate applies. */
  taxRateOf(sku: string, day: string | null): number | undefined {
    const r = this.taxRates.get(sku);
    return r === undefined || typeof r === "number" ? r : priceOn(r, day);
  }

  /** Whether the price list knows the SKU at all (in some currency). */
  hasListPrice(sku: string): boolean {
    return this.pricedSkus.has(sku);
  }

  /** Whether some billable shipment, of any transaction, carries the SKU. */
  isShippedSku(sku: string): boolean {
    return this.shippedSkus.has(sku);
  }

  /** Quantity shipped per SKU against a transaction; undefined when no shipment names it. */
  shippedFor(transactionId: string): ReadonlyMap<string, number> | undefined {
    return this.shipped.get(transactionId);
  }
}

/**
 * Whether a shipment row's `billable` says it is not (N, No, False, 0, Non-billable, Not billable,
 * No charge, NC, FOC; compared without case or separators): a WMS's log keeps no-charge re-ships
 * and pallets in their free storage days beside the billable activity. Anything else, or nothing,
 * is billable: only an explicit "no" takes a row out of what an invoice owes.
 */
export function notBillable(value: string | undefined): boolean {
  if (value === undefined) return false;
  return NOT_BILLABLE.has(value.toLowerCase().replace(/[^a-z0-9]/g, ""));
}
/**
 * Whether a price list's `taxable` says the SKU is not taxed (N, No, False, 0, Exempt, Non-taxable,
 * Not taxable, Untaxed, No tax, Tax exempt, Zero rated; E and Z, EN 16931's exempt and zero-rated
 * categories; compared without case or separators). Anything else leaves the invoice's rate.
 */
export function notTaxable(value: string): boolean {
  return NOT_TAXABLE.has(value.toLowerCase().replace(/[^a-z0-9]/g, ""));
}
const NOT_TAXABLE = new Set(["n", "no", "false", "0", "exempt", "taxexempt", "nontaxable", "nottaxable", "untaxed", "notax", "zerorated", "e", "z"]);

const NOT_BILLABLE = new Set(["n", "no", "false", "0", "nonbillable", "notbillable", "unbillable", "nocharge", "nc", "foc", "freeofcharge"]);

const EMPTY: Contract[] = [];
/** unitCode of a percentage ("%", PCT, PERCENT). */
const PERCENT_UNIT = unitCode("%");

const unitKey = (sku: string, unit: string) => `${sku}\u0000${unitCode(unit)}`;

/** A price-list cap's key: the currency ("" for any) and the SKU. */
const capKey = (currency: string, sku: string) => `${currency}\u0000${sku}`;

/** A SKU's list price: one number, or prices with start dates ("" = since always), by start. */
type ListPrice = number | { from: string; price: number }[];

function withPrice(current: ListPrice | undefined, price: number, from: string | undefined): ListPrice {
  // One undated entry per SKU and currency, the common case, stays a number; a later undated
  // entry replaces an earlier one, as before.
  if (current === undefined) return from ? [{ from, price }] : price;
  const steps = typeof current === "number" ? [{ from: "", price: current }] : current.filter((s) => s.from !== (from ?? ""));
  steps.push({ from: from ?? "", price });
  steps.sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return steps.length === 1 && steps[0]!.from === "" ? steps[0]!.price : steps;
}

function priceOn(steps: { from: string; price: number }[], day: string | null): number | undefined {
  if (day === null) return steps[steps.length - 1]!.price;
  let found: number | undefined;
  for (const s of steps) if (s.from <= day) found = s.price;
  return found;
}

function nested<V>(map: Map<string, Map<string, V>>, key: string): Map<string, V> {
  let inner = map.get(key);
  if (!inner) map.set(key, (inner = new Map()));
  return inner;
}

export function isPromotion(c: Contract): boolean {
  return c.customer_id === "*" || c.customer_id === "";
}

/**
 * An agreement's rows with an open end, ended the day before a later row of the same agreement,
 * customer, SKU, currency, unit and tier starts: a price change under one agreement is written as
 * a new row from its date, and ERPs' pricelist items (Odoo's, NetSuite's) often leave the old row
 * without an end. Both open, the old, lower price would stay "in force" beside the new one and a
 * line billed at it would look covered. A row that ends on the very day a later row of the same
 * key starts hands that day over to it too: a policy administration system writes a term's
 * expiration as its renewal's effective date (coverage changes hands at 12:01 a.m. that day), and
 * an agreement renewed "from 1 January to 1 January" the same way; read inclusive, the expiring
 * price would stay in force on the renewal's first day and cover a renewal billed at it. Rows of
 * different agreements stay alternatives.
 */
export function closeSupersededRows(contracts: readonly Contract[]): readonly Contract[] {
  const groups = new Map<string, Contract[]>();
  for (const c of contracts) {
    if (!c.contract_id) continue;
    const key = [c.contract_id, c.customer_id, c.sku, (c.currency ?? "").toUpperCase(), c.unit ? unitCode(c.unit) : "", c.min_quantity ?? ""].join("\u0000");
    push(groups, key, c);
  }
  let replaced: Map<Contract, Contract> | undefined;
  for (const rows of groups.values()) {
    if (rows.length < 2) continue;
    const starts = [...new Set(rows.map((r) => r.valid_from?.slice(0, 10) ?? ""))].sort();
    for (const r of rows) {
      const from = r.valid_from?.slice(0, 10) ?? "";
      const to = r.valid_to?.slice(0, 10);
      if (to === undefined || to === "") {
        const next = starts.find((s) => s > from);
        if (next !== undefined) (replaced ??= new Map()).set(r, { ...r, valid_to: dayBefore(next) });
      } else if (to > from && starts.includes(to)) (replaced ??= new Map()).set(r, { ...r, valid_to: dayBefore(to) });
    }
  }
  if (!replaced) return contracts;
  for (const [stated, closed] of replaced) statedRows.set(closed, stated);
  return contracts.map((c) => replaced!.get(c) ?? c);
}

/** Each row closeSupersededRows ended, to the row as the source states it. */
const statedRows = new WeakMap<Contract, Contract>();

/**
 * The row as the source states it, before closeSupersededRows ended it: a colocation provider's
 * inventory has a row per service, so a second cross-connect's row of the same code "supersedes"
 * the first one's escalated step, which is still what the first one is billed at. What a line may
 * be billed at most (price-above-contract.ts) reads the rows as stated; what it must be billed at
 * least, as ended.
 */
export function asStated(c: Contract): Contract {
  return statedRows.get(c) ?? c;
}

/** Whether the contract is in force on `day` (YYYY-MM-DD); open ends are unbounded. */
export function validOn(c: Contract, day: string | null): boolean {
  if (!day) return !c.valid_from && !c.valid_to;
  return (!c.valid_from || c.valid_from.slice(0, 10) <= day) && (!c.valid_to || day <= c.valid_to.slice(0, 10));
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** How many bits of a small mask are set: the number of modifiers a candidate code keeps. */
function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}
