// Pricing facts of each invoice line, computed once per analysis and shared by the pricing rules:
// the billed net unit price, the list price, the contract or promotion in force, contracts of the
// same customer and SKU that are not in force on the date, and the policy floor.
//
// The billed net unit price is the line amount ÷ quantity when both are given (what the customer
// actually pays, whichever convention the source uses for unit_price and discount_pct), else the
// unit price; a line of an amount alone is one charge at that amount. When several contracts or
// promotions are in force the most generous one (the lowest price) is used: amount at risk is
// measured against the best terms the customer had. A row with `min_quantity` is a volume tier: it
// is in force only for a line of that quantity or more, so the lowest price among the tiers the
// line reaches is its price. A line in percent (a fuel surcharge: 32.5 % of a linehaul of 412.40)
// is priced per 100 of its quantity: its net price is the percentage it charges, as the fuel
// table and the line's own rate state it. A row with `max_amount` caps what a line of it charges
// (a platform's fee capped on a large ticket): where its price × the line's quantity is above the
// cap, the line's contract price is the cap spread over its quantity. A line priced per thousand
// (impressions at a CPM) is priced per thousand of its quantity, as a percentage is per 100. A
// deduction — a line taking money off the bill at a positive rate on a positive basis, as a bill
// writes an agency commission or a volume discount ("15 % of 20,756.58: −3,113.49") — is priced
// at the negative of its row's rate: deducting more than the agreement grants is what loses money;
// the same deduction taken twice of one basis on one bill is granted once. A price-list entry's
// `max_amount` caps a line of it the same way (a public tariff's idle fee capped per session).
import { type Contract, type ExchangeRate, priceBase, sameUnit, unitCode, type Transaction, type TransactionLine } from "../../../domain/transaction.ts";
import type { ModulesConfig } from "../../config-schema.ts";
import type { AnalysisContext } from "../../context.ts";
import { type DayOrder, dayOf } from "../../dates.ts";
import { asStated, validOn } from "../../reference-index.ts";
import { type DetectorInput, isBelowOnLine } from "../types.ts";
import { exchangeRateOn } from "./rates.ts";
import { documentTwins, type HistoryEntry } from "../../history.ts";
import { earliestCancelledTwinMs } from "./cancelled-twins.ts";
import { workDaysBefore } from "./work-dates.ts";
import { billedPeriodStart, lineNamedStart, periodEndBefore } from "./billed-period.ts";
import { contractsInScope } from "./contract-scope.ts";
import { maxDiscountFor } from "./discount-authority.ts";
import { isMinimumCode, topUpTerms } from "./minimum-top-up.ts";
import { inAdvance, lineServiceEnd, lineServiceStart } from "./line-service-days.ts";
import { packageElementAmounts } from "./package-elements.ts";

export interface LineFacts {
  index: number;
  line: TransactionLine;
  sku: string;
  /** The code the references price the line by: its sku, or its base code where no row prices the combination (ReferenceIndex.pricingSku). */
  pricingSku: string;
  /** The line's quantity; for a line in percent, its base in hundreds (the units its percentage prices). */
  quantity: number;
  /** Billed net unit price; undefined when the line gives neither amount nor unit price. */
  net: number | undefined;
  list: number | undefined;
  /** Recorded discount off list, percent. */
  recordedDiscount: number | undefined;
  /** Contract or promotion in force on the date, in the transaction's currency. */
  terms: Contract | undefined;
  /**
   * The customer's own terms in force (no promotion: an offer open to all is no price the customer
   * was promised) with the HIGHEST price of those that could price the line — on any of the days
   * whose prices count, within the contract the invoice names where it prices the code: the most
   * the agreement lets the line be billed at (price-above-contract.ts). Undefined with no such
   * terms, or where terms in another currency govern the line.
   */
  ceiling: Contract | undefined;
  /** The best volume tier in force that the line's quantity does not reach (min_quantity). */
  unreachedTier: Contract | undefined;
  /** A contract in force on the date whose price is in another unit of measure than the line's. */
  otherUnitTerms: Contract | undefined;
  /** A contract in force on the date but in another currency. */
  foreignTerms: Contract | undefined;
  /** Same-currency contracts of this customer and SKU not in force on the date. */
  outOfWindow: Contract[];
  /** The policy's maximum discount for this document: max_discount_pct, or its approver's authority (discount-authority.ts). */
  policyMax: number;
  /** List price less the policy's maximum discount. */
  policyFloor: number | undefined;
  /** The day the line is priced on: the invoice's, or the first of the period it (or the line itself) bills in advance (the prices of a work day or of the last day of a period billed in arrears count as well). */
  pricedDay: string | null;
  /** The day of the invoice this one follows up (its reference, or the cancelled invoice it re-issues), whose prices it keeps. */
  orderDay: string | undefined;
}

/**
 * A line that states an amount and neither a quantity nor a unit price is one charge of its kind:
 * a rent roll's RENT, PARK or CONC charge, a fee. Property-management and other charge-detail
 * exports carry no quantity column, and such a line's price is its amount (a credit's, a
 * concession's, negative). A line that states a unit price but no quantity still prices nothing:
 * how many units it bills is unknown.
 */
function oneCharge(line: TransactionLine): boolean {
  return line.amount !== undefined && line.unit_price === undefined;
}

/** A line's unit as one code ("" for none): part of what makes two deductions the same. */
const unitKey = (unit: string | undefined) => (unit === undefined ? "" : unitCode(unit));

/**
 * Whether the line deducts: a negative amount on a positive quantity at a positive rate (an agency
 * commission of 15 % on 20,756.58 billed as −3,113.49, a volume discount of 5 %). A credit's line
 * (a negative quantity) and a line stating no rate are not deductions of this kind.
 */
function isDeduction(line: TransactionLine, quantity: number): boolean {
  return line.amount !== undefined && line.amount < 0 && quantity > 0 && line.unit_price !== undefined && line.unit_price > 0;
}

/** Where the facts get the document's twins in the history (DetectorInput.twins: asked once per analysis). */
type TwinsOf = Pick<DetectorInput, "twins">;

/** `self`: the transaction's own entry in the history, when it is there (a lookup, a scan). */
export function lineFacts(txn: Transaction, ctx: AnalysisContext, config: ModulesConfig, self?: HistoryEntry, twins: TwinsOf = { twins: () => documentTwins(ctx.history, txn, self) }): LineFacts[] {
  // Charges invoiced ahead of the period they bill (next month's rent invoiced on the 20th) are
  // priced by the terms in force when that period begins (billed-period.ts).
  const invoiceDay = dayOf(txn.date);
  const day = billedPeriodStart(txn, invoiceDay, ctx.dayOrder) ?? invoiceDay;
  // A follow-up invoice (a backorder, a rebill) keeps the prices of the invoice it refers to, and
  // work billed after it was done (a T&M ticket, a service call) the prices of the day it was
  // done: terms and list prices of those days count as well.
  const orderDay = referencedDay(txn, ctx, day, twins);
  const earlierDays = workDaysBefore(txn, day, ctx.dayOrder);
  // Service billed in arrears (a meter read at the end of June, billed in July) keeps the prices
  // in force on the last day of the period it names (billed-period.ts).
  const servedUntil = periodEndBefore(txn, day, ctx.dayOrder);
  if (servedUntil !== undefined && !earlierDays.includes(servedUntil)) earlierDays.push(servedUntil);
  if (orderDay !== undefined && !earlierDays.includes(orderDay)) earlierDays.push(orderDay);
  const inForceOnDocument = (c: Contract) => validOn(c, day) || earlierDays.some((d) => validOn(c, d));
  // The document's days without the work days that are only its lines' own, for a line that
  // states its own day (documentDaysOfDatedLine).
  const datedLineDays = documentDaysOfDatedLine(txn, earlierDays, servedUntil, orderDay);
  const inForceOnDatedLine = datedLineDays === earlierDays ? inForceOnDocument : (c: Contract) => validOn(c, day) || datedLineDays.some((d) => validOn(c, d));
  const currency = txn.currency;
  const maxDiscount = maxDiscountFor(txn, config.revenue_leakage);
  const out: LineFacts[] = [];
  let rates: readonly ExchangeRate[] | undefined;
  const deductions = new Set<string>();
  // A package posted as its elements (a night's room and its breakfast allocation): the priced
  // line is judged with them (package-elements.ts).
  const elements = packageElementAmounts(txn.lines, (sku) => ctx.reference.isPriced(sku));
  txn.lines.forEach((line, index) => {
    if (!line.sku) return;
    const sku = ctx.reference.pricingSku(line)!;
    // A percentage is charged per 100 of its base, a CPM per thousand impressions: the money at
    // risk of a percent short is a hundredth of the base, of a CPM short a thousandth.
    const quantity = (line.quantity ?? (oneCharge(line) ? 1 : 0)) / priceBase(line.unit);
    const amount = line.amount !== undefined ? line.amount + (elements.get(index) ?? 0) : undefined;
    const net = amount !== undefined && quantity !== 0 ? amount / quantity : line.unit_price !== undefined ? line.unit_price : undefined;
    // A line dated on its own (a hotel night posted on its business date, billed at check-out) is
    // priced at the rates of its day, not the document's: each night at its own BAR. The day of
    // the invoice it follows up still counts as well.
    const ownDay = line.date ? dayOf(line.date) : null;
    // A line whose own text or columns name the days it bills in advance (a renewal's paid months
    // after free extension months) is priced from their first day where that is not the
    // document's: line-service-days.ts lineServiceStart, billed-period.ts lineNamedStart.
    const advanceDay = ownDay ? undefined : lineAdvanceDay(line, invoiceDay, day, ctx.dayOrder);
    // Otherwise the line's other days, whose terms and list prices count as well, for this line:
    // the last day its text says it bills (a month split at a rate-sheet change:
    // line-service-days.ts), the day its own work was done (a late CDR on a partner's monthly
    // invoice, its session a month before the document's first).
    const documentDays = line.work_date ? datedLineDays : earlierDays;
    const ownDays = ownDay ? [] : lineOwnDays(line, invoiceDay, day, documentDays);
    const onDocument = advanceDay === undefined ? (line.work_date ? inForceOnDatedLine : inForceOnDocument) : (c: Contract) => validOn(c, advanceDay) || documentDays.some((d) => validOn(c, d));
    const inForce = ownDay
      ? (c: Contract) => validOn(c, ownDay) || (orderDay !== undefined && validOn(c, orderDay))
      : ownDays.length === 0 ? onDocument : (c: Contract) => onDocument(c) || ownDays.some((d) => validOn(c, d));
    const deducts = isDeduction(line, quantity);
    const lineDay = ownDay ?? advanceDay ?? day;
    let list = ctx.reference.listPrice(sku, currency, lineDay, line.unit);
    if (ownDay) {
      if (orderDay !== undefined) list = lowest(list, ctx.reference.listPrice(sku, currency, orderDay, line.unit));
    } else {
      // No array built per line: this runs for every line of a scan.
      for (const d of documentDays) list = lowest(list, ctx.reference.listPrice(sku, currency, d, line.unit));
      for (const d of ownDays) list = lowest(list, ctx.reference.listPrice(sku, currency, d, line.unit));
    }
    list ??= line.list_price;
    // A tariff that caps what a line charges (an idle fee up to 20.00 a session): past the cap,
    // the cap spread over the quantity is the list price, as a contract row's max_amount is.
    const cap = ctx.reference.listCap(sku, currency, lineDay);
    if (list !== undefined && cap !== undefined && quantity > 0 && list * quantity > cap) list = cap / quantity;
    if (deducts && list !== undefined && list > 0) list = -list;
    let terms: Contract | undefined;
    let namedTerms: Contract | undefined;
    let ownCeiling: Contract | undefined;
    let namedCeiling: Contract | undefined;
    let promotionTerms: Contract | undefined;
    let foreignTerms: Contract | undefined;
    let foreign: Contract[] | undefined;
    const outOfWindow: Contract[] = [];
    let unreachedTier: Contract | undefined;
    let otherUnitTerms: Contract | undefined;
    for (let c of contractsInScope(ctx, txn, sku, line)) {
      // A price per case is no price for a line sold by the each. A contract row that states no
      // unit is in the unit the price list prices the SKU in, if it states one. In force, it
      // still governs the line (its each price derives from it): the policy does not judge it.
      if (line.unit !== undefined && !sameUnit(line.unit, c.unit ?? ctx.reference.priceListUnit(sku))) {
        if (inForce(c)) otherUnitTerms ??= c;
        continue;
      }
      const sameCurrency = !c.currency || !currency || c.currency.toUpperCase() === currency;
      // A volume tier the line's quantity does not reach is not its price (nor a stale one). It
      // is still a price the agreement lets the line be billed at: a graduated plan bills each
      // tier's part of the month's usage on a line of its own (1,000 calls free, the next 9,000 at
      // 0.316 — a line of 800 calls at 0.316 is no overcharge), an allowance's overage line bills
      // only the calls past it.
      if (c.min_quantity !== undefined && Math.abs(quantity) < c.min_quantity) {
        if (sameCurrency && inForce(c)) {
          if (!unreachedTier || c.price < unreachedTier.price) unreachedTier = c;
          if (c.customer_id !== "*" && (!ownCeiling || c.price > ownCeiling.price)) ownCeiling = c;
          if (c.contract_id === txn.contract_id && c.customer_id !== "*" && (!namedCeiling || c.price > namedCeiling.price)) namedCeiling = c;
        }
        continue;
      }
      if (deducts && c.price > 0) c = { ...c, price: -c.price };
      if (inForce(c)) {
        if (!sameCurrency) (foreign ??= []).push(c);
        else {
          c = capped(c, quantity);
          if (!terms || c.price < terms.price) terms = c;
          if (c.contract_id === txn.contract_id && c.customer_id !== "*" && (!namedTerms || c.price < namedTerms.price)) namedTerms = c;
          else if (c.customer_id === "*" && (!promotionTerms || c.price < promotionTerms.price)) promotionTerms = c;
          if (c.customer_id !== "*" && (!ownCeiling || c.price > ownCeiling.price)) ownCeiling = c;
          if (c.contract_id === txn.contract_id && c.customer_id !== "*" && (!namedCeiling || c.price > namedCeiling.price)) namedCeiling = c;
        }
      } else if (sameCurrency) {
        outOfWindow.push(c);
        // Ended only by a later row of its code (reference-index.ts asStated): still a price the
        // agreement states on the day, and so one the line may be billed at.
        const stated = asStated(c);
        if (stated !== c && c.customer_id !== "*" && inForce(stated)) {
          const s = capped(stated, quantity);
          if (!ownCeiling || s.price > ownCeiling.price) ownCeiling = s;
          if (s.contract_id === txn.contract_id && (!namedCeiling || s.price > namedCeiling.price)) namedCeiling = s;
        }
      }
    }
    // The contract the invoice names governs its lines where it prices the SKU: a customer's
    // other contracts (another project's rate schedule) are no alternative to it; a promotion
    // open to all still is. Where it does not, another scope's agreement is none either
    // (contract-scope.ts): the customer's general terms are.
    if (namedTerms) terms = promotionTerms && promotionTerms.price < namedTerms.price ? promotionTerms : namedTerms;
    // The most generous terms in another currency (the lowest price, when they share one). A
    // contract or promotion quoted in several currencies that has a row in the invoice's
    // currency is priced by that row: its other rows are no terms in another currency.
    if (foreign) {
      const quoted = sameCurrencyIds(ctx, txn, sku, line, currency, inForce);
      for (const c of foreign) {
        if (quoted.has(c.contract_id)) continue;
        if (!foreignTerms || c.price < foreignTerms.price) foreignTerms = c;
      }
      foreign = undefined;
    }
    // Terms in the invoice's currency (a promotion open to all) and the customer's own contract in
    // another: the most generous governs, compared at the reference rate of the day when there is
    // one. When the foreign contract is cheaper, it governs and currency_mismatch judges the line
    // against it; without a rate the two cannot be compared and the same-currency terms stand.
    if (terms && foreignTerms && foreignTerms.currency && currency) {
      rates ??= referenceRates(ctx, config);
      const rate = exchangeRateOn(rates, currency.toUpperCase(), foreignTerms.currency.toUpperCase(), day);
      if (rate !== undefined && rate > 0 && foreignTerms.price / rate < terms.price) terms = undefined;
    }
    // The most the agreement lets the line be billed at: within the contract the invoice names
    // where it prices the code (as for the terms), and nothing where other terms govern it.
    const ceiling = terms === undefined ? undefined : namedTerms ? namedCeiling : ownCeiling;
    // A deduction taken again of the same basis on one bill (the commission keyed twice) is
    // granted once: the second has nothing left to deduct.
    if (deducts && terms) {
      const again = `${sku}|${unitKey(line.unit)}|${quantity}|${line.unit_price}`;
      if (deductions.has(again)) terms = { ...terms, price: 0 };
      deductions.add(again);
    }
    out.push({
      index,
      line,
      sku: line.sku,
      pricingSku: sku,
      quantity,
      net,
      list,
      recordedDiscount: line.discount_pct,
      terms,
      ceiling,
      unreachedTier,
      otherUnitTerms,
      foreignTerms,
      outOfWindow,
      policyMax: maxDiscount,
      // A deduction's floor is its rate: no policy lets a bill deduct more than the list grants.
      policyFloor: list !== undefined ? (deducts ? list : list * (1 - maxDiscount / 100)) : undefined,
      pricedDay: lineDay,
      orderDay,
    });
  });
  // A line of the minimum's code tops the bill up to the minimum: its price is what the other
  // charges left to reach (minimum-top-up.ts).
  const configured = config.revenue_leakage.minimum_charge_skus;
  for (const f of out) {
    if (!f.terms || f.quantity <= 0 || !isMinimumCode(f.terms.sku, configured)) continue;
    const others = out.filter((o) => o !== f).map((o) => ({ pricingSku: o.pricingSku, amount: o.line.amount ?? (o.net ?? 0) * o.quantity, agreed: o.terms && o.quantity > 0 ? o.terms.price * o.quantity : undefined }));
    f.terms = topUpTerms(f.terms, f.quantity, others, ctx, configured);
  }
  return out;
}

/**
 * The row as it prices a line of `quantity`: where the row caps what a line charges (`max_amount`)
 * and its price × the quantity is above the cap, the cap spread over the quantity is its price.
 */
function capped(c: Contract, quantity: number): Contract {
  if (c.max_amount === undefined || !(c.max_amount >= 0) || quantity === 0) return c;
  const units = Math.abs(quantity);
  return c.price * units > c.max_amount ? { ...c, price: c.max_amount / units } : c;
}

/** Ids of the contracts and promotions in force on the line's SKU with a row in the invoice's currency (whatever their unit or tier). */
function sameCurrencyIds(ctx: AnalysisContext, txn: Transaction, sku: string, line: TransactionLine, currency: string | undefined, inForce: (c: Contract) => boolean): Set<string> {
  const ids = new Set<string>();
  for (const c of contractsInScope(ctx, txn, sku, line)) {
    if (inForce(c) && (!c.currency || !currency || c.currency.toUpperCase() === currency)) ids.add(c.contract_id);
  }
  return ids;
}

/** The connector's reference exchange rates, then the configured ones (on a tie the configuration wins: a later entry wins in exchangeRateOn). */
export function referenceRates(ctx: AnalysisContext, config: ModulesConfig): readonly ExchangeRate[] {
  const reference = ctx.reference.exchangeRates;
  return reference.length === 0 ? config.revenue_leakage.exchange_rates : [...reference, ...config.revenue_leakage.exchange_rates];
}

/** Discount off list implied by the billed net price (percent), else the recorded one. */
export function effectiveDiscount(f: LineFacts): number | undefined {
  if (f.list !== undefined && f.list > 0 && f.net !== undefined) return ((f.list - f.net) / f.list) * 100;
  return f.recordedDiscount;
}

/**
 * The volume tier the line is billed at although its own quantity does not reach it (its net
 * price is not below that tier's), if any: price_below_contract judges it (an order billed in
 * parts keeps the whole order's tier), and no other rule does.
 */
export function atUnreachedTier(f: LineFacts, tolerance: ModulesConfig["revenue_leakage"]["tolerance"]): Contract | undefined {
  const tier = f.unreachedTier;
  return tier && f.net !== undefined && !isBelowOnLine(f.net, tier.price, f.quantity, tolerance) ? tier : undefined;
}

/**
 * Whether terms in force govern the line that its price cannot be compared with (another
 * currency, another unit of measure): the policy (list price less the allowed discount) then
 * does not judge it either.
 */
export function governedElsewhere(f: LineFacts): boolean {
  return f.foreignTerms !== undefined || f.otherUnitTerms !== undefined;
}

/**
 * The day of the invoice `txn` follows up: the one it refers to (`reference`), else the earlier
 * identical invoice it re-issues (credited in full: cancelled and issued again, to correct an
 * address or an order number), when the history has it and it is another day. A re-issue bills
 * the original's supply at the original's prices, a promotion or a price of that day included.
 */
export function referencedDay(txn: Transaction, ctx: AnalysisContext, day: string | null, twins: TwinsOf): string | undefined {
  const ms = !txn.reference || txn.reference === txn.transaction_id ? reissuedMs(txn, ctx, twins) : ctx.history.invoiceMs(txn.reference);
  if (ms === undefined) return undefined;
  const referenced = new Date(ms).toISOString().slice(0, 10);
  return referenced === day ? undefined : referenced;
}

/** The date (ms) of the earliest earlier invoice identical to `txn` and credited in full, if any. */
export function reissuedMs(txn: Transaction, ctx: AnalysisContext, of: TwinsOf): number | undefined {
  // Only an invoice with a twin (as duplicate_invoice asks: documentTwins), and only a history
  // with credit notes can have cancelled one.
  if (txn.type !== "invoice" || ctx.history.creditsByReference.size === 0) return undefined;
  const twins = of.twins();
  if (!twins) return undefined;
  return earliestCancelledTwinMs(ctx.history, twins, txn.transaction_id, txn.date ? Date.parse(txn.date) : Number.NaN);
}

/**
 * The document's earlier days (`documentDays`: its work days, the end of the period it bills, the
 * day of the invoice it follows up) that count for a line stating its own work date: without the
 * work days the document names that are only some line's own day. A flat export's work-date column
 * read per line (`line_work_date`) stays an attribute, its first row's value the document's work
 * date; where the lines carry days of their own that differ, that day is the first line's, and
 * another line is priced at its own day's terms and the invoice's, not at another cost's — a joint
 * interest bill's prior-period adjustment on its first row dated before a partner's decimal changed
 * gives no other line the old decimal. A document whose lines all state one day is unchanged.
 */
function documentDaysOfDatedLine(txn: Transaction, documentDays: string[], servedUntil: string | undefined, orderDay: string | undefined): string[] {
  let lineDays: Set<string> | undefined;
  for (const l of txn.lines) {
    const d = l.work_date ? dayOf(l.work_date) : null;
    if (d !== null) (lineDays ??= new Set()).add(d);
  }
  if (lineDays === undefined || lineDays.size < 2) return documentDays;
  const kept = documentDays.filter((d) => !lineDays!.has(d) || d === servedUntil || d === orderDay);
  return kept.length === documentDays.length ? documentDays : kept;
}

/**
 * The days a line names of its own whose prices it may carry beside the document's (`documentDays`:
 * the priced day and the document's work days): the last day its text says it bills, and its own
 * work date (`work_date`) when that is before the priced day (work is billed after it is done).
 */
function lineOwnDays(line: TransactionLine, invoiceDay: string | null, day: string | null, documentDays: readonly string[]): string[] {
  const out: string[] = [];
  const servedOn = line.description ? lineServiceEnd(line.description, invoiceDay) : undefined;
  if (servedOn !== undefined) out.push(servedOn);
  const worked = line.work_date ? dayOf(line.work_date) : null;
  if (worked !== null && day !== null && worked < day && !documentDays.includes(worked) && !out.includes(worked)) out.push(worked);
  return out;
}

/**
 * The first day of the days a line's own text (lineServiceStart) or columns (lineNamedStart) say
 * it bills in advance, where it is not the document's priced day `day`: the line is priced from it
 * instead.
 */
function lineAdvanceDay(line: TransactionLine, invoiceDay: string | null, day: string | null, exportOrder: DayOrder | undefined): string | undefined {
  let start = line.description ? lineServiceStart(line.description, invoiceDay) : undefined;
  if (start === undefined && line.attributes) {
    const named = lineNamedStart(line, exportOrder);
    start = named === undefined ? undefined : inAdvance(named, invoiceDay);
  }
  return start === undefined || start === day ? undefined : start;
}

function lowest(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

