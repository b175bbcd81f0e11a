// percent_charge_missing: a percentage charge the bill owes on a basis it carries, absent from it.
// A revenue-assurance analyst reads it two ways:
//  - the customer's agreement prices it beside another percentage of the same basis, billed alike
//    (the same billing frequency), and the bill carries that other one: a franchise agreement's
//    brand fund (2 % of gross sales) beside its royalty (6 % of the same sales), the royalty billed
//    on 88,204.12 of sales and the brand fund not at all. A row naming what it applies to
//    (`applies_to`) is owed on those charges' amounts instead, where the bill carries them, with
//    or without another percentage beside it (a customs broker's disbursement fee of 2.5 % of the
//    duty, MPF and HMF it advanced);
//  - the bill's own header says the customer took it (charge-election.ts: `Damage Waiver:
//    Accepted` on a rental invoice), and the bill carries the basis its percentages are taken of
//    (the environmental fee's 2.5 % of the rental): the waiver at the agreement's percentage, else
//    the price list's.
// What is at risk is the percentage of that basis. Not owed: a charge the header declines (a
// certificate of insurance on file), a row at 0 % in force (a fund contribution suspended or
// abated by the agreement), a row no longer in force on the bill's day or its period's, a credit,
// a bill naming another it adjusts (a true-up of an estimate, a restatement, a balance due), a
// bill of fees only (no percentage: no basis), a percentage billed otherwise (interest on late
// payments, `Per Occurrence` beside a royalty `Per Report`) or whose charges are not on the bill,
// and bills not priced as billed (free of charge, at a quote, prorated: documentRules). A fee
// taken of the bill's total with its other percentages (a franchise fee) is no basis of them, and
// a lone one on a bill missing two or more of the agreement's percentages (a compactor lease, a
// suspension fee: charges the surcharges do not apply to) witnesses none of them.
import { type Contract, isPercentUnit, priceBase, type Transaction, type TransactionLine } from "../../../domain/transaction.ts";
import { roundMoney } from "../../../domain/rounding.ts";
import type { AnalysisContext } from "../../context.ts";
import { type DayOrder, dayOf } from "../../dates.ts";
import { isPromotion, validOn } from "../../reference-index.ts";
import { type Detector, type Finding, money } from "../types.ts";
import { billedPeriodStart, periodEndBefore } from "./billed-period.ts";
import { electionOf, lineNamesCharge, type ChargeElection } from "./charge-election.ts";
import { outsideScope } from "./contract-scope.ts";
import { attributeKey } from "./markers.ts";
import { documentRules, PRICING_RULES } from "./pricing.ts";
import { workDaysBefore } from "./work-dates.ts";

export const PERCENT_CHARGE_MISSING_CODE = "percent_charge_missing" as const;

export const percentChargeMissingDetector: Detector = {
  codes: [PERCENT_CHARGE_MISSING_CODE],
  // The ledger: the contracts the invoices name (contract-scope.ts), a free-of-charge bill's original (pricing.ts).
  history: "ledger",
  detect({ txn, ctx, config }) {
    if (txn.type !== "invoice" || txn.lines.length === 0) return [];
    // A bill naming another adjusts it: what it re-figures is the original's.
    if (txn.reference && txn.reference !== txn.transaction_id) return [];
    const bases = percentBases(txn.lines);
    // A bill with no line in percent has no basis a percentage witnesses; only a row naming the
    // charges it is taken of (`applies_to`: a customs broker's disbursement fee on the duty and
    // fees it advanced) states its own basis, and is owed wherever the bill carries them.
    if (bases.size === 0 && !ctx.reference.customerPercentRows(txn.customer_id, txn.contract_id).some((c) => c.applies_to)) return [];
    const cfg = config.revenue_leakage;
    if (documentRules(txn, ctx, cfg) !== PRICING_RULES) return [];
    const days = pricedDays(txn, ctx.dayOrder);
    const billed = new Set<string>();
    for (const l of txn.lines) if (l.sku) billed.add(l.sku);
    const rows = percentRowsInForce(txn, ctx, days);
    // The agreement's percentages (above 0 %) the bill does not carry: two or more absent together
    // beside a lone fee on the bill's whole say the bill's charges are ones they do not apply to.
    let absent = 0;
    for (const [sku, row] of rows) if (!billed.has(sku) && row.price > 0) absent++;
    const out: Finding[] = [];
    const judged = new Set<string>();
    for (const [sku, row] of rows) {
      judged.add(sku);
      if (billed.has(sku)) continue;
      const election = electionOf(txn, sku);
      if (election && (!election.accepts || txn.lines.some((l) => lineNamesCharge(l.description, election)))) continue;
      const basis = election ? sharedBasis(bases) : agreedBasis(row, txn.lines, bases, rows, absent);
      if (basis === undefined) continue;
      const f = finding(txn, sku, row.price, basis, row.contract_id, election, cfg.tolerance.absolute, election ? undefined : minimumOf(txn, ctx, row, days));
      if (f) out.push(f);
    }
    // A charge the header takes that no agreement prices for the customer: the price list's percentage.
    for (const sku of ctx.reference.percentListSkus) {
      if (judged.has(sku) || billed.has(sku)) continue;
      const election = electionOf(txn, sku);
      if (!election?.accepts || txn.lines.some((l) => lineNamesCharge(l.description, election))) continue;
      const rate = listRate(ctx, txn, sku, days);
      const basis = sharedBasis(bases);
      if (rate === undefined || basis === undefined) continue;
      const f = finding(txn, sku, rate, basis, undefined, election, cfg.tolerance.absolute);
      if (f) out.push(f);
    }
    return out;
  },
};

/** The days whose terms the bill may carry: its own, the period it bills in advance or in arrears,
 *  the day its work was done (a rental's date out); an ambiguous date read in the export's order, as
 *  the line pricing reads it (line-facts.ts). */
function pricedDays(txn: Transaction, exportOrder: DayOrder | undefined): string[] {
  const day = dayOf(txn.date);
  if (day === null) return [];
  const days = [day];
  for (const d of [billedPeriodStart(txn, day, exportOrder), periodEndBefore(txn, day, exportOrder), ...workDaysBefore(txn, day, exportOrder)]) if (d !== undefined && !days.includes(d)) days.push(d);
  return days;
}

/** Per code of the bill's lines in percent, the basis they are taken of (their quantities summed: an abatement's end splits a royalty in two lines). */
function percentBases(lines: readonly TransactionLine[]): ReadonlyMap<string, number> {
  // Asked of every invoice; most have no line in percent: no map made for them.
  let out: Map<string, number> | undefined;
  for (const l of lines) {
    if (!l.sku || !isPercentUnit(l.unit) || l.quantity === undefined || !Number.isFinite(l.quantity)) continue;
    out ??= new Map();
    out.set(l.sku, (out.get(l.sku) ?? 0) + l.quantity);
  }
  return out ?? NO_BASES;
}

const NO_BASES: ReadonlyMap<string, number> = new Map();

/** The basis every percentage of `codes` (all of `bases` when absent) is taken of, when they agree to the cent and it is positive. */
function sharedBasis(bases: ReadonlyMap<string, number>, codes?: readonly string[]): number | undefined {
  let basis: number | undefined;
  for (const [code, q] of bases) {
    if (codes && !codes.includes(code)) continue;
    if (basis === undefined) basis = q;
    else if (Math.abs(basis - q) > 0.01) return undefined;
  }
  return basis !== undefined && basis > 0 ? basis : undefined;
}

/**
 * The basis the agreement's row is owed on: the amounts of the charges it names (`applies_to`),
 * else the basis of the percentages the same agreement prices, billed alike, that the bill carries.
 */
function agreedBasis(row: Contract, lines: readonly TransactionLine[], bases: ReadonlyMap<string, number>, rows: ReadonlyMap<string, Contract>, absent: number): number | undefined {
  if (row.applies_to) {
    const codes = row.applies_to.split(/[\s,;]+/).filter((c) => c !== "");
    let sum = 0;
    let any = false;
    for (const l of lines) {
      if (!l.sku || !codes.includes(l.sku)) continue;
      const amount = l.amount ?? (l.unit_price !== undefined ? l.unit_price * (l.quantity ?? 1) / priceBase(l.unit) : undefined);
      if (amount === undefined || !Number.isFinite(amount)) continue;
      sum += amount;
      any = true;
    }
    return any && sum > 0 ? sum : undefined;
  }
  const cadence = attributeKey(row.billing_frequency ?? "");
  const siblings: string[] = [];
  for (const code of bases.keys()) {
    const other = rows.get(code);
    if (other && other.contract_id === row.contract_id && attributeKey(other.billing_frequency ?? "") === cadence && !other.applies_to) siblings.push(code);
  }
  // A fee taken of the bill's total, the other percentages included (a city's franchise fee on a
  // hauler's invoice: service, fuel and environmental fee together), is a percentage of the bill,
  // not of the charges: no basis of the surcharges it is taken on top of, nor a witness of them.
  const ofCharges = siblings.filter((code) => takenOfTheWhole(code, lines, bases) !== "with_percentages");
  if (ofCharges.length === 0) return undefined;
  // A lone percentage of the bill's whole (a franchise fee on a compactor lease or a suspension
  // fee) while the agreement's other percentages are all absent: the bill's charges are ones the
  // surcharges do not apply to, not each surcharge dropped. One absent beside one billed is.
  if (absent >= 2 && ofCharges.every((code) => takenOfTheWhole(code, lines, bases) === "alone")) return undefined;
  return sharedBasis(bases, ofCharges);
}

/**
 * Whether the bill's percentage of `code` is taken of the bill's other lines together: "alone"
 * where none of them is a percentage, "with_percentages" where some are (a fee on the surcharged
 * total); undefined where its basis is something else (a royalty's sales, the service alone).
 */
function takenOfTheWhole(code: string, lines: readonly TransactionLine[], bases: ReadonlyMap<string, number>): "alone" | "with_percentages" | undefined {
  const basis = bases.get(code);
  if (basis === undefined) return undefined;
  let others = 0;
  let n = 0;
  let percentages = 0;
  for (const l of lines) {
    if (l.sku === code) continue;
    if (l.amount === undefined || !Number.isFinite(l.amount)) return undefined;
    others += l.amount;
    n++;
    if (isPercentUnit(l.unit)) percentages++;
  }
  if (n === 0 || Math.abs(basis - others) > 0.01 * n + 0.005) return undefined;
  return percentages > 0 ? "with_percentages" : "alone";
}

/**
 * Per SKU, the customer's agreement row in percent in force for the bill (in its scope, in its
 * currency): the most generous (the lowest; a row at 0 % suspends the charge).
 */
function percentRowsInForce(txn: Transaction, ctx: AnalysisContext, days: readonly string[]): Map<string, Contract> {
  const out = new Map<string, Contract>();
  for (const c of ctx.reference.customerPercentRows(txn.customer_id, txn.contract_id)) {
    if (!Number.isFinite(c.price)) continue;
    if (c.currency && txn.currency && c.currency.toUpperCase() !== txn.currency.toUpperCase()) continue;
    if (!days.some((d) => validOn(c, d)) || outsideScope(ctx, txn, c)) continue;
    const seen = out.get(c.sku);
    if (!seen || c.price < seen.price) out.set(c.sku, c);
  }
  return out;
}

/**
 * The minimum of an agreement's percentage: a row of the same agreement and code priced flat (not
 * in percent; "2.5 % of the duty advanced, minimum 20.00 per entry"), in force for the bill, in its
 * scope and currency — the lowest where several are. A cap is no row of its own (a row's
 * `max_amount`), so a flat row beside a percentage of one code is its minimum.
 */
function minimumOf(txn: Transaction, ctx: AnalysisContext, row: Contract, days: readonly string[]): number | undefined {
  let minimum: number | undefined;
  for (const c of ctx.reference.contractsFor(txn.customer_id, row.sku, txn.contract_id)) {
    if (isPromotion(c) || isPercentUnit(c.unit) || !Number.isFinite(c.price) || !(c.price > 0)) continue;
    if (c.contract_id !== row.contract_id) continue;
    if (c.currency && txn.currency && c.currency.toUpperCase() !== txn.currency.toUpperCase()) continue;
    if (!days.some((d) => validOn(c, d)) || outsideScope(ctx, txn, c)) continue;
    if (minimum === undefined || c.price < minimum) minimum = c.price;
  }
  return minimum;
}

/** The price list's percentage for the SKU on the bill's days (the lowest). */
function listRate(ctx: AnalysisContext, txn: Transaction, sku: string, days: readonly string[]): number | undefined {
  let rate: number | undefined;
  for (const d of days) {
    const r = ctx.reference.listPrice(sku, txn.currency, d, "%");
    if (r !== undefined && (rate === undefined || r < rate)) rate = r;
  }
  return rate;
}

function finding(txn: Transaction, sku: string, rate: number, basis: number, contractId: string | undefined, election: ChargeElection | undefined, tolerance: number, minimum?: number): Finding | undefined {
  const ofBasis = roundMoney((rate * basis) / 100);
  const atMinimum = minimum !== undefined && minimum > ofBasis;
  const atRisk = atMinimum ? roundMoney(minimum) : ofBasis;
  if (!(atRisk > tolerance)) return undefined;
  const source = contractId ? `in ${contractId}` : "in the price list";
  const why = election ? `the bill's header says ${election.marker}` : `${contractId} prices it beside the percentages the bill carries`;
  return {
    code: PERCENT_CHARGE_MISSING_CODE,
    score: 0.9,
    message: `${sku} (${rate} % ${source}) is missing from the bill though ${why}: ${rate} % of the ${money(basis)} ${txn.currency ?? ""} it carries is ${money(ofBasis)}${atMinimum ? `, below the agreement's minimum of ${money(minimum)}, which is owed` : ""}`.replace("  ", " "),
    field: "lines",
    expected: { sku, rate, basis: roundMoney(basis), contract_id: contractId ?? null, ...(election ? { header: election.marker } : {}), ...(minimum !== undefined ? { minimum } : {}) },
    actual: { sku, billed: 0 },
    amount_at_risk: atRisk,
    risk_key: `percent:${sku}`,
  };
}
