// What a connector's history says about its tax regime, for tax_below_rate where the source
// carries no explicit marker (docs/analysis.md, "Tax: markers and learned habits"):
//  - a customer every one of whose invoices (at least MIN_INVOICES, net > 0) carries no tax is
//    exempt (an export customer, an exempt body, an EU business under reverse charge). One taxed
//    invoice among them and the customer is not: sometimes taxed and sometimes not is exactly
//    what an under-charged invoice looks like;
//  - a SKU whose every invoice (at least MIN_INVOICES, at least SHARE of them) is taxed below its
//    stated rate by what one consistent lower rate on that SKU's lines explains has that rate: a
//    reduced rate for food, books or medical goods. Learned per regime (currency and the stated
//    rate: a German 19 % invoice and a French 20 % one in euros have different reduced rates),
//    and per tax jurisdiction where the source names one (a state, province or tax zone: Texas
//    and Illinois both have 8.25 % rates, and tax service plans differently).
//    A SKU billed alone on invoices that state a rate and carry no tax at all — at least
//    MIN_INVOICES of them, of as many customers — and (nearly) never charged as stated has 0 %:
//    where a state taxes parts but not labour or service plans, and the system states the
//    jurisdiction's rate on every invoice, a maintenance plan's monthly invoices. One customer's
//    untaxed invoices teach nothing (under-charging looks like that), nor do untaxed invoices of
//    several SKUs (one of them may be taxable); they stay out of the fit. Where the source names
//    the jurisdiction, its untaxed invoices are also pooled over its stated rates (a state's
//    cities and counties add different local rates; what is taxable is the state's): a plan
//    untaxed by three customers in three Florida counties is untaxed in Florida.
//    The lower rates of a regime are fitted together (non-negative least squares over its
//    under-taxed invoices: an invoice may bill several reduced SKUs). A SKU
//    sometimes taxed at the reduced rate and sometimes at the full one learns nothing. Without a
//    stated rate, invoices billing that SKU alone say its rate; and invoices of several SKUs are
//    fitted the same way against the rate the currency's invoices usually state (an ERP states
//    no header rate on an invoice of two rates: books beside goods, each never billed alone).
// Learned in the history pass (history.ts, and the split scan's ledger batches: ledger-merge.ts)
// from one small observation per invoice.
import { centsPerMinorUnit } from "../../../domain/currency-units.ts";
import type { Transaction } from "../../../domain/transaction.ts";
import { attributeKey, attributeNameMatcher, saysNo } from "./markers.ts";
import { retainageOf } from "./retainage.ts";

/** Invoices a habit needs before it is trusted. */
export const MIN_INVOICES = 3;
/** Kinds of untaxed invoice (regime and SKUs) kept per customer to tell whether they bill anything taxable. */
const MAX_UNTAXED_KINDS = 8;
/** Share of a SKU's invoices that must agree on its rate. */
const SHARE = 0.9;
/** A fitted reduction below this share of the stated rate is no reduced rate a jurisdiction has
 *  (8.25 % reduced to 8.1 %): the sign of an ambiguous fit (learnRegime). */
const NEGLIGIBLE_REDUCTION = 0.05;

/** One invoice as the habits see it: customer, currency, stated rate (fraction, or null), net,
 *  tax, its distinct SKUs and their net amounts, and its tax jurisdiction ("" when not stated). */
export type TaxObservation = [customer: string, currency: string, stated: number | null, net: number, tax: number, skus: string[], amounts: number[], jurisdiction: string];

/**
 * Attributes naming the tax jurisdiction of a document: what is taxable, not only the rate,
 * depends on it (US states tax labour, service plans or freight differently, and two states'
 * combined rates can be equal). Compared without case or separators (State/Province =
 * state_province).
 */
export const JURISDICTION_FIELDS = ["tax_jurisdiction", "jurisdiction", "tax_zone", "tax_area", "tax_area_code", "tax_region", "state", "state_code", "state_province", "province", "ship_to_state", "ship_to_province", "ship_state", "shipping_state", "shipping_province", "shipping_province_code", "shipping_region", "service_state",
  // A construction or service job is taxed where the work is done: the job site's state.
  "job_state", "jobsite_state", "job_site_state", "project_state", "site_state",
  // Rent is taxed where the rented property is (Florida's business rent tax, Arizona's city tax
  // on commercial leases): a property-management system names the property's state.
  "property_state", "premises_state"] as const;
const jurisdictionField = attributeNameMatcher(JURISDICTION_FIELDS);

/** The document's tax jurisdiction, upper-cased with letters and digits only, or "". */
export function jurisdictionOf(t: Transaction): string {
  const attrs = t.attributes;
  if (!attrs) return "";
  for (const name in attrs) {
    if (jurisdictionField(name) === null) continue;
    const v = attrs[name];
    if (v === null || v === undefined || v === false || v === "") continue;
    const value = attributeKey(String(v));
    if (!saysNo(value)) return value;
  }
  return "";
}

export function taxObservation(t: Transaction): TaxObservation | null {
  if (t.type !== "invoice" || !t.customer_id || t.tax_amount === undefined) return null;
  const amount = t.amount ?? t.lines.reduce((s, l) => s + (l.amount ?? 0), 0);
  if (!(amount > 0)) return null;
  // What the tax is judged on (tax.ts): the work less the retainage withheld and released, its
  // lines alike. A release alone says nothing of the regime.
  const retainage = retainageOf(t, amount);
  const net = retainage ? amount - retainage.withheld - retainage.released : amount;
  if (!(net > 0.005)) return null;
  const share = net / amount;
  const skus: string[] = [];
  const amounts: number[] = [];
  for (const l of t.lines) {
    if (!l.sku || !l.amount) continue;
    const i = skus.indexOf(l.sku);
    if (i >= 0) amounts[i]! += l.amount * share;
    else {
      skus.push(l.sku);
      amounts.push(l.amount * share);
    }
  }
  return [t.customer_id, (t.currency ?? "").toUpperCase(), statedRate(t.tax_rate), net, t.tax_amount, skus, amounts, jurisdictionOf(t)];
}

/** The stated rate as a fraction rounded to 6 places (19 → 0.19, 8.875 → 0.08875), or null.
 *  (Four places made New York's 8.875 % 0.0888: every invoice there looked under-taxed.) */
export function statedRate(rate: number | undefined): number | null {
  if (rate === undefined || !Number.isFinite(rate) || rate <= 0) return null;
  return Math.round((rate > 1 ? rate / 100 : rate) * 1_000_000) / 1_000_000;
}

/** A jurisdiction's regimes pooled over their stated rates: "CUR|rate@J" → "CUR|*@J". */
const pooledRegime = (regime: string) => `${regime.slice(0, regime.indexOf("|"))}|*${regime.slice(regime.indexOf("@"))}`;

/** "CUR|rate", or "CUR|rate@JURISDICTION" where the source names one (the currency stays before the first "|"). */
export const regimeOf = (currency: string, stated: number | null, jurisdiction = "") => `${currency}|${stated ?? ""}${jurisdiction ? `@${jurisdiction}` : ""}`;

/** The learned habits, as plain data (it crosses to scan workers with the ledger). */
export interface TaxHabitsParts {
  /** Customer → [invoices with tax, invoices without that bill something taxable: not only SKUs untaxed in their regime]. */
  customers: Map<string, [number, number]>;
  /** "CUR|stated rate|SKU" → the rate its lines carry. */
  skuRates: Map<string, number>;
  /** Currency → SKU → stated rate → invoices billing the SKU that charge exactly their stated rate. */
  statedRates: Map<string, Map<string, Map<number, number>>>;
  /** Customer → stated rate → its taxed invoices stating it. */
  customerRates: Map<string, Map<number, number>>;
}

export class TaxHabits {
  static readonly empty = new TaxHabits({ customers: new Map(), skuRates: new Map(), statedRates: new Map(), customerRates: new Map() });

  /** Currency → SKU → the lower rates fitted for it (skuRates, any stated rate). */
  private readonly fitted = new Map<string, Map<string, number[]>>();

  constructor(readonly parts: TaxHabitsParts) {
    for (const [key, rate] of parts.skuRates) {
      const a = key.indexOf("|");
      const b = key.indexOf("|", a + 1);
      const currency = key.slice(0, a);
      const sku = key.slice(b + 1);
      let m = this.fitted.get(currency);
      if (!m) this.fitted.set(currency, (m = new Map()));
      m.set(sku, [...(m.get(sku) ?? []), rate]);
    }
  }

  /** Whether every one of the customer's invoices (≥ MIN_INVOICES) carried no tax; with the count. */
  exempt(customer: string | undefined): { invoices: number } | null {
    const c = customer === undefined ? undefined : this.parts.customers.get(customer);
    if (!c || c[0] > 0 || c[1] < MIN_INVOICES) return null;
    return { invoices: c[1] };
  }

  /**
   * Whether invoices billing the SKU in that currency habitually state and charge `rate`, below
   * `minimum`: at least MIN_INVOICES of them do, and (nearly, 1 − SHARE) none charges a rate of
   * `minimum` or more as stated — a reduced-rate good (one currency may span countries with
   * different reduced rates); or that rate was fitted for its lines on invoices stating a higher
   * one (skuRates). A SKU sometimes billed at 7 % and sometimes at 19 % is not.
   */
  reducedStated(currency: string | undefined, sku: string, rate: number, minimum: number): boolean {
    const cur = (currency ?? "").toUpperCase();
    // Its lines carry that rate on the invoices stating the full rate (fitted).
    if (this.fitted.get(cur)?.get(sku)?.includes(rate)) return true;
    const rates = this.parts.statedRates.get(cur)?.get(sku);
    if (!rates || (rates.get(rate) ?? 0) < MIN_INVOICES) return false;
    let total = 0;
    let full = 0;
    for (const [r, n] of rates) {
      total += n;
      if (r >= minimum - 1e-9) full += n;
    }
    return full <= (1 - SHARE) * total;
  }

  /**
   * The rate the customer's taxed invoices state, when (nearly, SHARE) all of them state one
   * rate, at least MIN_INVOICES, and it is above `stated`: where the tax rate is the customer's
   * jurisdiction's (US sales tax by ship-to state, a country's VAT) and no minimum is configured
   * for the currency, an invoice stating another state's lower rate is under-taxed. One invoice
   * off the habit is allowed for (the one being judged may be in the history).
   */
  customerRate(customer: string | undefined, stated: number | null): number | undefined {
    if (customer === undefined || stated === null) return undefined;
    const rates = this.parts.customerRates?.get(customer);
    if (!rates) return undefined;
    let total = 0;
    let usual = 0;
    let count = 0;
    for (const [r, n] of rates) {
      total += n;
      if (n > count) [usual, count] = [r, n];
    }
    if (count < MIN_INVOICES || count < SHARE * (total - 1) || usual <= stated + 1e-9) return undefined;
    return usual;
  }

  /** The rate the SKU's lines consistently carry on invoices of that currency, stated rate and jurisdiction. */
  skuRate(currency: string | undefined, stated: number | undefined, sku: string, jurisdiction = ""): number | undefined {
    if (this.parts.skuRates.size === 0) return undefined;
    const cur = (currency ?? "").toUpperCase();
    const own = this.parts.skuRates.get(`${regimeOf(cur, statedRate(stated), jurisdiction)}|${sku}`);
    // Else untaxed across the jurisdiction, whatever its local rate (learned in finish()).
    return own !== undefined || !jurisdiction ? own : this.parts.skuRates.get(`${cur}|*@${jurisdiction}|${sku}`);
  }
}

/** An invoice taxed below its stated rate: what the lower rates of its SKUs must explain. */
interface Short {
  rate: number;
  /** net × rate − tax. */
  shortfall: number;
  lines: number;
  net: number;
  skus: string[];
  amounts: number[];
}

export class TaxHabitsBuilder {
  private readonly customers = new Map<string, [number, number]>();
  private readonly customerRates = new Map<string, Map<number, number>>();
  /** "regime|SKU" → invoices with tax billing the SKU. */
  private readonly seen = new Map<string, Map<string, number>>();
  /** Per regime with a stated rate: its under-taxed invoices. */
  private readonly short = new Map<string, Short[]>();
  /** "regime|SKU" → [rate, net]… of the invoices billing only that SKU, regimes without a stated rate. */
  private readonly single = new Map<string, { regime: string; sku: string; pairs: number[] }>();
  /** Currency → SKU → stated rate → invoices billing the SKU that charge exactly their stated rate. */
  private readonly stated = new Map<string, Map<string, Map<number, number>>>();
  /** Customer → its untaxed invoices stating a rate, by regime and SKUs ("regime\0SKU\0SKU…" → count), while it
   *  has no taxed one: whether they bill anything taxable is known once the untaxed SKUs are (finish). */
  private readonly untaxedKinds = new Map<string, Map<string, number>>();
  /** "regime|SKU" → untaxed invoices stating a rate and billing only that SKU: [count, first customers…]. */
  private readonly untaxedAlone = new Map<string, { sku: string; count: number; customers: string[] }>();
  /** Currency → stated rate → taxed invoices stating it (the currency's usual rate). */
  private readonly statedCount = new Map<string, Map<number, number>>();
  /** Regime without a stated rate → its taxed invoices of several SKUs, judged in finish(). */
  private readonly unstated = new Map<string, (Omit<Short, "rate" | "shortfall"> & { tax: number })[]>();

  add(t: Transaction) {
    const o = taxObservation(t);
    if (o) this.observe(o[0], regimeOf(o[1], o[2], o[7]), o[2], o[3], o[4], o[5], o[6], o[5].length);
  }

  /** One invoice: `regime` from regimeOf(currency, stated, jurisdiction); its first `count` SKUs and amounts
   *  (the arrays are not kept: a scratch pair may be passed). */
  observe(customer: string, regime: string, stated: number | null, net: number, tax: number, skus: readonly string[], amounts: readonly number[], count: number) {
    let c = this.customers.get(customer);
    if (!c) this.customers.set(customer, (c = [0, 0]));
    const taxed = Math.abs(tax) >= 0.005;
    c[taxed ? 0 : 1]++;
    // (Most sources have no untaxed customer to forget: no lookup then.)
    if (taxed) {
      if (this.untaxedKinds.size > 0) this.untaxedKinds.delete(customer);
    } else if (c[0] === 0 && stated !== null && count > 0) {
      let kinds = this.untaxedKinds.get(customer);
      if (!kinds) this.untaxedKinds.set(customer, (kinds = new Map()));
      const kind = `${regime}\0${skus.slice(0, count).sort().join("\0")}`;
      // A few kinds a customer are enough to tell; an invoice of a further kind counts as taxable.
      if (kinds.has(kind) || kinds.size < MAX_UNTAXED_KINDS) kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    }
    if (taxed && stated !== null) {
      let rates = this.customerRates.get(customer);
      if (!rates) this.customerRates.set(customer, (rates = new Map()));
      rates.set(stated, (rates.get(stated) ?? 0) + 1);
    }
    if (!taxed && stated !== null && count === 1 && net > 0) {
      this.untaxed(regime, skus[0]!, customer);
      if (regime.includes("@")) this.untaxed(pooledRegime(regime), skus[0]!, customer);
    }
    if (!taxed || count === 0) return;
    // Cut from the regime once per invoice (it was three times: three strings, each hashed again).
    const currency = regime.slice(0, regime.indexOf("|"));
    if (stated !== null) {
      let counts = this.statedCount.get(currency);
      if (!counts) this.statedCount.set(currency, (counts = new Map()));
      counts.set(stated, (counts.get(stated) ?? 0) + 1);
    }
    let seen = this.seen.get(regime);
    if (!seen) this.seen.set(regime, (seen = new Map()));
    const shortfall = stated === null ? 0 : net * stated - tax;
    const rounding = stated === null ? 0 : roundingOf(count, net * stated, currency);
    for (let i = 0; i < count; i++) {
      // An invoice charged as stated where the SKU's own tax is within rounding cannot tell
      // whether the SKU is taxed (5.00 of freight on an invoice of 8,000): it counts neither
      // for nor against a lower rate of the SKU.
      if (stated !== null && Math.abs(shortfall) <= rounding && Math.abs(amounts[i]! * stated) <= rounding) continue;
      seen.set(skus[i]!, (seen.get(skus[i]!) ?? 0) + 1);
    }
    if (stated === null) {
      if (count !== 1) {
        const s = { lines: count, net, tax, skus: skus.slice(0, count), amounts: amounts.slice(0, count) };
        const list = this.unstated.get(regime);
        if (list) list.push(s);
        else this.unstated.set(regime, [s]);
        return;
      }
      const key = `${regime}|${skus[0]}`;
      const one = this.single.get(key);
      if (one) one.pairs.push(tax / net, net);
      else this.single.set(key, { regime, sku: skus[0]!, pairs: [tax / net, net] });
      return;
    }
    if (Math.abs(shortfall) <= rounding) {
      // Charged as stated: the rate each of its SKUs is billed at.
      let bySku = this.stated.get(currency);
      if (!bySku) this.stated.set(currency, (bySku = new Map()));
      for (let i = 0; i < count; i++) {
        let rates = bySku.get(skus[i]!);
        if (!rates) bySku.set(skus[i]!, (rates = new Map()));
        rates.set(stated, (rates.get(stated) ?? 0) + 1);
      }
      return;
    }
    if (shortfall <= 0) return;
    const list = this.short.get(regime);
    const s: Short = { rate: stated, shortfall, lines: count, net, skus: skus.slice(0, count), amounts: amounts.slice(0, count) };
    if (list) list.push(s);
    else this.short.set(regime, [s]);
  }


  /** An untaxed invoice stating a rate and billing only `sku`, counted for the regime. */
  private untaxed(regime: string, sku: string, customer: string) {
    const key = `${regime}|${sku}`;
    let u = this.untaxedAlone.get(key);
    if (!u) this.untaxedAlone.set(key, (u = { sku, count: 0, customers: [] }));
    u.count++;
    if (u.customers.length < MIN_INVOICES && !u.customers.includes(customer)) u.customers.push(customer);
  }

  finish(): TaxHabits {
    const skuRates = new Map<string, number>();
    for (const [regime, invoices] of this.short) this.learnRegime(regime, invoices, skuRates);
    for (const [regime, invoices] of this.unstated) {
      // Judged against the rate the currency's invoices state most often (at least MIN_INVOICES):
      // those charged at it count for no SKU's lower rate, the short ones are fitted.
      const rate = this.usualStated(regime.slice(0, regime.indexOf("|")));
      if (rate === undefined) continue;
      const short: Short[] = [];
      for (const s of invoices) {
        const shortfall = s.net * rate - s.tax;
        if (shortfall > roundingOf(s.lines, s.net * rate, regime.slice(0, regime.indexOf("|")))) short.push({ lines: s.lines, net: s.net, skus: s.skus, amounts: s.amounts, rate, shortfall });
      }
      if (short.length > 0) this.learnRegime(regime, short, skuRates);
    }
    for (const [key, { regime, sku, pairs }] of this.single) {
      const n = pairs.length / 2;
      if (n < MIN_INVOICES || n < SHARE * (this.seen.get(regime)?.get(sku) ?? 0)) continue;
      const estimates: [number, number][] = [];
      for (let i = 0; i < pairs.length; i += 2) estimates.push([pairs[i]!, pairs[i + 1]!]);
      const q = agreed(estimates, n);
      if (q !== undefined) skuRates.set(key, q);
    }
    // Regime → SKU → its under-taxed invoices there (counted once per regime, when needed).
    const shortBySku = new Map<string, Map<string, number>>();
    const shortsOf = (regime: string) => {
      let shorts = shortBySku.get(regime);
      if (!shorts) {
        shortBySku.set(regime, (shorts = new Map()));
        for (const s of this.short.get(regime) ?? []) for (const sku of s.skus) shorts.set(sku, (shorts.get(sku) ?? 0) + 1);
      }
      return shorts;
    };
    // A jurisdiction pooled over its rates → its regimes.
    const pools = new Map<string, string[]>();
    for (const regime of this.seen.keys()) {
      if (!regime.includes("@")) continue;
      const pool = pools.get(pooledRegime(regime));
      if (pool) pool.push(regime);
      else pools.set(pooledRegime(regime), [regime]);
    }
    // A jurisdiction's under-taxed invoices pooled over its stated rates: a SKU too rare at any
    // one city's rate is seen untaxed across the state's (what is taxable is the state's).
    for (const [pool, regimes] of pools) {
      if (regimes.length < 2) continue;
      const invoices = regimes.flatMap((r) => this.short.get(r) ?? []);
      if (invoices.length > 0) this.learnUntaxedInPool(pool, regimes, invoices, skuRates);
    }
    for (const [key, u] of this.untaxedAlone) {
      if (skuRates.has(key) || u.count < MIN_INVOICES || u.customers.length < MIN_INVOICES) continue;
      // Its taxed invoices of the regime (or the jurisdiction's regimes) that were charged as
      // stated (not short) speak against 0 %.
      const regime = key.slice(0, key.length - u.sku.length - 1);
      let charged = 0;
      for (const r of regime.includes("|*@") ? (pools.get(regime) ?? []) : [regime]) charged += (this.seen.get(r)?.get(u.sku) ?? 0) - (shortsOf(r).get(u.sku) ?? 0);
      if (charged <= (1 - SHARE) * (charged + u.count)) skuRates.set(key, 0);
    }
    return new TaxHabits({ customers: this.withoutUntaxableInvoices(skuRates), skuRates, statedRates: this.stated, customerRates: this.customerRates });
  }

  /**
   * The customers' counts, an untaxed customer's invoices of nothing but SKUs untaxed in their
   * regime left out: where a state taxes parts but not labour, a customer whose calls needed no
   * parts has only untaxed invoices, and they prove no exemption.
   */
  private withoutUntaxableInvoices(skuRates: ReadonlyMap<string, number>): Map<string, [number, number]> {
    const untaxedIn = (regime: string, sku: string) => {
      const own = skuRates.get(`${regime}|${sku}`);
      return own === 0 || (own === undefined && regime.includes("@") && skuRates.get(`${pooledRegime(regime)}|${sku}`) === 0);
    };
    let out: Map<string, [number, number]> | undefined;
    for (const [customer, kinds] of this.untaxedKinds) {
      const c = this.customers.get(customer)!;
      if (c[0] > 0 || c[1] < MIN_INVOICES) continue;
      let untaxable = 0;
      for (const [kind, n] of kinds) {
        const [regime, ...skus] = kind.split("\0");
        if (skus.every((sku) => untaxedIn(regime!, sku))) untaxable += n;
      }
      if (untaxable > 0) (out ??= new Map(this.customers)).set(customer, [c[0], c[1] - untaxable]);
    }
    return out ?? this.customers;
  }

  /** The stated rate most of the currency's taxed invoices carry, if at least MIN_INVOICES do. */
  private usualStated(currency: string): number | undefined {
    let usual: number | undefined;
    let count = 0;
    for (const [rate, n] of this.statedCount.get(currency) ?? []) if (n > count || (n === count && rate > usual!)) [usual, count] = [rate, n];
    return count >= MIN_INVOICES ? usual : undefined;
  }

  /**
   * The SKUs untaxed across a jurisdiction's regimes (`pool`: "CUR|*@J"): as learnRegime, with
   * each invoice at its own stated rate, fitting the share of each candidate SKU's amount left
   * untaxed (0 to 1). A SKU whose lines are (nearly) wholly untaxed on (nearly) every one of its
   * taxed invoices there, at least MIN_INVOICES of them, has 0 % in the jurisdiction (a fallback
   * for a regime that learned nothing of it: skuRate).
   */
  private learnUntaxedInPool(pool: string, regimes: readonly string[], invoices: Short[], out: Map<string, number>) {
    const seen = (sku: string) => regimes.reduce((n, r) => n + (this.seen.get(r)?.get(sku) ?? 0), 0);
    const shortCount = new Map<string, number>();
    for (const s of invoices) for (const sku of s.skus) shortCount.set(sku, (shortCount.get(sku) ?? 0) + 1);
    const index = new Map<string, number>();
    for (const [sku, n] of shortCount) if (n >= SHARE * seen(sku)) index.set(sku, index.size);
    if (index.size === 0) return;
    // Each row's candidate amounts taxed at its invoice's own rate: the fit's share is of the tax.
    const rows = fitRowsOf(invoices, index, (s) => s.rate);
    const currency = pool.slice(0, pool.indexOf("|"));
    const { d, residual, byCol } = fitNonNegative(rows, index.size, 1);
    for (const [sku, c] of index) {
      const all = seen(sku);
      if (d[c]! < 0.99 || all < MIN_INVOICES || out.has(`${pool}|${sku}`)) continue;
      let explained = 0;
      for (const i of byCol[c]!) if (Math.abs(residual[i]!) <= 2 * roundingOf(rows[i]!.s.lines, rows[i]!.s.net * rows[i]!.s.rate, currency)) explained++;
      if (explained >= SHARE * all) out.set(`${pool}|${sku}`, 0);
    }
  }

  private learnRegime(regime: string, invoices: Short[], out: Map<string, number>) {
    // Candidates: SKUs (nearly) every taxed invoice of which is under-taxed. A full-rate SKU that
    // only ever appeared beside reduced ones is a candidate too; the fit gives it no reduction.
    const shortCount = new Map<string, number>();
    for (const s of invoices) for (const sku of s.skus) shortCount.set(sku, (shortCount.get(sku) ?? 0) + 1);
    const index = new Map<string, number>();
    for (const [sku, n] of shortCount) {
      const all = (this.seen.get(regime)?.get(sku) ?? 0);
      // A SKU seen fewer than MIN_INVOICES times is fitted too but learns nothing (below): left
      // out, its invoices' shortfall would be laid on the SKUs beside it, and theirs not explained.
      if (n >= SHARE * all) index.set(sku, index.size);
    }
    if (index.size === 0) return;
    const rate = invoices[0]!.rate;
    const currency = regime.slice(0, regime.indexOf("|"));
    // Each under-taxed invoice with a candidate: Σ amount_x · d_x = shortfall, d_x = rate − q_x ≥ 0.
    const rows = fitRowsOf(invoices, index, () => 1);
    let { d, residual, byCol } = fitNonNegative(rows, index.size, rate);
    // SKUs billed in one ratio on every invoice (a telecom's 911 fee of 0.40 beside each taxed
    // voice line) leave the fit ambiguous: it may lay the fee's untaxed amount on the line as a
    // reduction of a few hundredths of the rate, which no jurisdiction has, each invoice explained
    // within rounding and neither SKU learned. Most SKUs are taxed or not: the fit started from
    // the SKUs whose being wholly untaxed explains the shortfalls best (untaxedFirst) is kept where
    // it explains as many invoices and leaves no more squared shortfall unexplained, but for a
    // half-cent of rounding an invoice: where amounts cannot tell, the reading a jurisdiction's
    // rules give (what is untaxed is untaxed in full).
    // (Asked only where the fit shows it: a reduction above nothing and below a twentieth of the rate.)
    if ([...index.values()].some((c) => d[c]! > 1e-6 && d[c]! < NEGLIGIBLE_REDUCTION * rate)) {
      const explainedRows = (r: readonly number[]) => rows.reduce((n, row, i) => n + (Math.abs(r[i]!) <= 2 * roundingOf(row.s.lines, row.s.net * rate, currency) ? 1 : 0), 0);
      const squared = (r: readonly number[]) => r.reduce((sum, x) => sum + x * x, 0);
      const fromUntaxed = fitNonNegative(rows, index.size, rate, untaxedFirst(rows, index.size, rate));
      if (squared(fromUntaxed.residual) <= squared(residual) + rows.length * 0.005 ** 2 && explainedRows(fromUntaxed.residual) >= explainedRows(residual)) ({ d, residual, byCol } = fromUntaxed);
    }
    // A SKU has the lower rate when (nearly) every invoice billing it is explained by the fit.
    for (const [sku, c] of index) {
      const all = (this.seen.get(regime)?.get(sku) ?? 0);
      if (d[c]! < 0.001 || all < MIN_INVOICES) continue;
      let explained = 0;
      for (const i of byCol[c]!) if (Math.abs(residual[i]!) <= 2 * roundingOf(rows[i]!.s.lines, rows[i]!.s.net * rate, currency)) explained++;
      if (explained >= SHARE * all) out.set(`${regime}|${sku}`, nice(rate - d[c]!));
    }
  }
}

/**
 * Non-negative least squares by coordinate descent (deterministic, few unknowns), from `start`
 * (every d at 0 by default): d (each in [0, max]) with Σ a·d over each row's columns as close as
 * can be to its shortfall; the residuals and each column's rows.
 */
function fitNonNegative(rows: readonly { cols: number[]; a: number[]; s: Short }[], k: number, max: number, start?: Float64Array) {
  const d = start ?? new Float64Array(k);
  const { byCol, amounts } = columnsOf(rows, k);
  const residual = rows.map((r) => r.s.shortfall - r.cols.reduce((s, c, j) => s + r.a[j]! * d[c]!, 0));
  for (let iter = 0; iter < 100; iter++) {
    let change = 0;
    for (let c = 0; c < k; c++) {
      const col = byCol[c]!;
      const as = amounts[c]!;
      let num = 0;
      let den = 0;
      for (let j = 0; j < col.length; j++) {
        const a = as[j]!;
        num += a * (residual[col[j]!]! + a * d[c]!);
        den += a * a;
      }
      const next = den > 0 ? Math.min(max, Math.max(0, num / den)) : 0;
      if (next !== d[c]) {
        for (let j = 0; j < col.length; j++) residual[col[j]!]! -= as[j]! * (next - d[c]!);
        change = Math.max(change, Math.abs(next - d[c]!));
        d[c] = next;
      }
    }
    if (change < 1e-7) break;
  }
  return { d, residual, byCol };
}

/** Each column's rows and its amount on each (no search of a row's columns in the fit's loops). */
function columnsOf(rows: readonly { cols: number[]; a: number[] }[], k: number): { byCol: number[][]; amounts: number[][] } {
  const byCol: number[][] = Array.from({ length: k }, () => []);
  const amounts: number[][] = Array.from({ length: k }, () => []);
  rows.forEach((r, i) => r.cols.forEach((c, j) => {
    byCol[c]!.push(i);
    amounts[c]!.push(r.a[j]!);
  }));
  return { byCol, amounts };
}

/**
 * A start for the fit where SKUs are wholly untaxed (d = `rate`) or taxed: greedily, the SKU whose
 * being untaxed lowers the squared shortfalls most, while one does. Amounts alone cannot tell a
 * fee billed in one ratio beside a taxed line from a tiny reduction of the line; this start takes
 * the reading a jurisdiction's rules give (what is untaxed is untaxed in full).
 */
function untaxedFirst(rows: readonly { cols: number[]; a: number[]; s: Short }[], k: number, rate: number): Float64Array {
  const d = new Float64Array(k);
  const { byCol, amounts } = columnsOf(rows, k);
  const residual = rows.map((r) => r.s.shortfall);
  for (;;) {
    let best = -1;
    let bestGain = 1e-12;
    for (let c = 0; c < k; c++) {
      if (d[c] !== 0) continue;
      const col = byCol[c]!;
      let gain = 0;
      for (let j = 0; j < col.length; j++) {
        const r = residual[col[j]!]!;
        const step = amounts[c]![j]! * rate;
        gain += r * r - (r - step) * (r - step);
      }
      if (gain > bestGain) [best, bestGain] = [c, gain];
    }
    if (best < 0) return d;
    d[best] = rate;
    const col = byCol[best]!;
    for (let j = 0; j < col.length; j++) residual[col[j]!]! -= amounts[best]![j]! * rate;
  }
}

/** Rounding of tax over `lines` lines: a cent, half a cent a line (in the currency's smallest unit),
 *  and the relative tolerance. */
function roundingOf(lines: number, tax: number, currency: string): number {
  return Math.max((0.01 + 0.005 * lines) * centsPerMinorUnit(currency), 0.0005 * tax);
}

/** The median of [rate, base] estimates when at least SHARE of `of` (and MIN_INVOICES) agree with it within rounding. */
function agreed(estimates: [number, number][], of: number): number | undefined {
  if (estimates.length < MIN_INVOICES || estimates.length < SHARE * of) return undefined;
  const rates = estimates.map((e) => e[0]).sort((a, b) => a - b);
  const q = rates[Math.floor(rates.length / 2)]!;
  if (!(q >= 0)) return undefined;
  let agree = 0;
  let taxed = 0;
  let bases = 0;
  for (const [r, base] of estimates) {
    if (Math.abs(r - q) * base > 0.03 + 0.001 * q * base) continue;
    agree++;
    taxed += r * base;
    bases += base;
  }
  // The agreeing invoices' overall rate: small invoices' rounding weighs little.
  return agree >= SHARE * of ? nice(taxed / bases) : undefined;
}

/** A rate to 4 places, or to a tenth of a percentage point when it is that within rounding (7 %, 5.5 %). */
function nice(q: number): number {
  const tenth = Math.round(q * 1000) / 1000;
  return Math.abs(tenth - q) <= 0.0005 ? tenth : Math.round(q * 10000) / 10000;
}

/** Each invoice that bills a candidate SKU (`index`: SKU → its column) as a row of the fit: the
 *  candidates' columns and their amounts, each × `scale` of the invoice. */
function fitRowsOf(invoices: readonly Short[], index: ReadonlyMap<string, number>, scale: (s: Short) => number): { cols: number[]; a: number[]; s: Short }[] {
  const rows: { cols: number[]; a: number[]; s: Short }[] = [];
  for (const s of invoices) {
    const cols: number[] = [];
    const a: number[] = [];
    const k = scale(s);
    s.skus.forEach((sku, i) => {
      const c = index.get(sku);
      if (c !== undefined) {
        cols.push(c);
        a.push(s.amounts[i]! * k);
      }
    });
    if (cols.length > 0) rows.push({ cols, a, s });
  }
  return rows;
}
