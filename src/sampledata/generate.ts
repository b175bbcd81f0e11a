// A deterministic, realistic and CLEAN billing data set: customers in several countries and
// currencies, SKUs with list prices, customer contracts with validity windows and discount caps,
// invoices with several lines, shipments for every invoiced quantity and a few legitimate credit
// notes. "Clean" means no revenue leakage at all, so that anomalies planted into it later (by the
// analysis tests and the quality benchmark) are the only ones there are:
//  - a line under a contract valid on the invoice date is billed at exactly the contract price;
//    any other line at list price less a discount of at most MAX_POLICY_DISCOUNT_PCT;
//  - line amount = roundMoney(quantity × unit_price); transaction amount = sum of its lines;
//  - tax_amount = roundMoney(amount × tax_rate) with the customer country's rate;
//  - every shipment is billed in full, no invoice is duplicated, created_by ≠ approved_by;
//  - invoices fall on weekdays in business hours (UTC).
// `tax_rate` is a fraction (0.19 = 19 %); `discount_pct` is a percentage (7.5 = 7.5 %).
import { roundMoney } from "../domain/rounding.ts";
import type { Contract, PriceListEntry, ReferenceData, Shipment, Transaction, TransactionLine } from "../domain/transaction.ts";
import { addRegularBusiness, type BusinessKind } from "./business.ts";
import { Prng } from "./prng.ts";

export interface Dataset {
  transactions: Transaction[];
  reference: ReferenceData;
  /** With `business: true`: the transactions that carry regular business, by kind (unlabelled
   *  hard negatives for the benchmark; plant() leaves them alone). */
  business?: Map<string, BusinessKind>;
}

export interface GenerateOptions {
  seed: number;
  invoices?: number;
  customers?: number;
  skus?: number;
  /** First day of the period (ISO date). */
  start?: string;
  months?: number;
  /** Add the regular business real billing is full of (src/sampledata/business.ts): tax-exempt
   *  and reverse-charge customers, reduced tax rates, per-line tax rounding, a price list
   *  change, services that never ship, backorders, re-issued invoices, deposits, free
   *  replacements. Drawn from a separate random stream: off, the output is unchanged. */
  business?: boolean;
}

/** The largest discount off list price the clean data ever gives without a contract. */
export const MAX_POLICY_DISCOUNT_PCT = 10;

export interface Country {
  code: string;
  currency: string;
  /** VAT / sales tax as a fraction. */
  tax_rate: number;
  /** Converts a USD list price into this currency's list price. */
  fx: number;
}

export const COUNTRIES: readonly Country[] = [
  { code: "US", currency: "USD", tax_rate: 0.08, fx: 1 },
  { code: "DE", currency: "EUR", tax_rate: 0.19, fx: 0.92 },
  { code: "FR", currency: "EUR", tax_rate: 0.2, fx: 0.92 },
  { code: "GB", currency: "GBP", tax_rate: 0.2, fx: 0.79 },
];

const USERS = ["alice", "bruno", "chen", "dana", "emeka", "fatima", "goran", "hana"];
const PRODUCTS = ["Widget", "Sensor", "Licence", "Cable", "Module", "Bracket", "Gateway", "Support plan", "Valve", "Panel"];
const POLICY_DISCOUNTS = [0, 0, 0, 2.5, 5, 7.5, 10];

interface Customer {
  id: string;
  country: Country;
}

interface Sku {
  sku: string;
  name: string;
  usd: number;
}

export function generateDataset(opts: GenerateOptions): Dataset {
  const rng = new Prng(opts.seed);
  const invoiceCount = opts.invoices ?? 500;
  const start = parseStart(opts.start ?? "2025-01-01");
  const end = addMonths(start, opts.months ?? 6);

  const customers: Customer[] = Array.from({ length: opts.customers ?? 40 }, (_, i) => ({
    id: `CUST-${pad(i + 1, 4)}`,
    country: rng.pick(COUNTRIES),
  }));
  const skus: Sku[] = Array.from({ length: opts.skus ?? 60 }, (_, i) => ({
    sku: `SKU-${1001 + i}`,
    name: `${rng.pick(PRODUCTS)} ${String.fromCharCode(65 + (i % 26))}${i}`,
    usd: roundMoney(rng.int(5, 2000) + rng.int(0, 99) / 100),
  }));

  const price_list: PriceListEntry[] = [];
  for (const s of skus) {
    for (const currency of ["USD", "EUR", "GBP"]) price_list.push({ sku: s.sku, list_price: listPrice(s, currency), currency });
  }

  const contracts = makeContracts(rng, customers, skus, start, end);
  const transactions: Transaction[] = [];
  const shipments: Shipment[] = [];
  const dates = Array.from({ length: invoiceCount }, () => businessMoment(rng, start, end)).sort((a, b) => a - b);
  let shipmentNo = 0;

  dates.forEach((when, i) => {
    const customer = rng.pick(customers);
    const { currency, tax_rate } = customer.country;
    const day = isoDate(when);
    const valid = contracts.filter((c) => c.customer_id === customer.id && c.valid_from! <= day && day <= c.valid_to!);
    const lines: TransactionLine[] = rng.sample(skus, rng.int(1, 5)).map((s) => {
      const list = listPrice(s, currency);
      const contract = valid.find((c) => c.sku === s.sku);
      const quantity = rng.int(1, 50);
      const unit_price = contract ? contract.price : roundMoney(list * (1 - rng.pick(POLICY_DISCOUNTS) / 100));
      const discount_pct = roundMoney(((list - unit_price) / list) * 100);
      return { sku: s.sku, quantity, unit_price, list_price: list, discount_pct, amount: roundMoney(quantity * unit_price) };
    });
    const contractUsed = valid.find((c) => lines.some((l) => l.sku === c.sku));
    const amount = roundMoney(lines.reduce((sum, l) => sum + (l.amount ?? 0), 0));
    const [created_by, approved_by] = rng.sample(USERS, 2) as [string, string];
    const invoice: Transaction = {
      transaction_id: `INV-${pad(i + 1, 6)}`,
      type: "invoice",
      date: isoMoment(when),
      customer_id: customer.id,
      currency,
      amount,
      tax_amount: roundMoney(amount * tax_rate),
      tax_rate,
      ...(contractUsed ? { contract_id: contractUsed.contract_id } : {}),
      created_by,
      approved_by,
      lines,
    };
    transactions.push(invoice);

    // Every invoiced quantity ships in full, shortly before the invoice, sometimes in two parts.
    for (const line of lines) {
      const qty = line.quantity ?? 0;
      const parts = qty > 1 && rng.chance(0.2) ? [Math.floor(qty / 2), qty - Math.floor(qty / 2)] : [qty];
      for (const part of parts) {
        shipments.push({
          shipment_id: `SHP-${pad(++shipmentNo, 7)}`,
          transaction_id: invoice.transaction_id,
          customer_id: customer.id,
          sku: line.sku!,
          quantity: part,
          date: isoDate(when - rng.int(0, 3) * DAY),
        });
      }
    }
  });

  const creditNotes = makeCreditNotes(rng, transactions, end);
  const dataset: Dataset = {
    transactions: [...transactions, ...creditNotes].sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0)),
    reference: { contracts, price_list, shipments },
  };
  if (!opts.business) return dataset;
  const business = addRegularBusiness(new Prng((opts.seed ^ 0x5eedb111) >>> 0), dataset, { start, end, users: USERS });
  dataset.transactions.sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : 0));
  return { ...dataset, business };
}

function listPrice(s: Sku, currency: string): number {
  const fx = COUNTRIES.find((c) => c.currency === currency)?.fx ?? 1;
  return roundMoney(s.usd * fx);
}

/** About half the customers hold a contract on a few SKUs, some valid only part of the period. */
function makeContracts(rng: Prng, customers: Customer[], skus: Sku[], start: number, end: number): Contract[] {
  const contracts: Contract[] = [];
  let n = 0;
  for (const customer of customers) {
    if (!rng.chance(0.5)) continue;
    const contract_id = `CTR-${pad(++n, 4)}`;
    const span = end - start;
    const from = rng.chance(0.6) ? start - 30 * DAY : start + Math.floor(rng.next() * span * 0.4);
    const to = rng.chance(0.6) ? end + 180 * DAY : from + Math.floor(span * (0.3 + rng.next() * 0.4));
    const max_discount_pct = rng.pick([15, 20, 25, 30]);
    for (const s of rng.sample(skus, rng.int(2, 6))) {
      const list = listPrice(s, customer.country.currency);
      const discount = rng.int(5, max_discount_pct);
      contracts.push({
        contract_id,
        customer_id: customer.id,
        sku: s.sku,
        price: roundMoney(list * (1 - discount / 100)),
        currency: customer.country.currency,
        valid_from: isoDate(from),
        valid_to: isoDate(to),
        max_discount_pct,
      });
    }
  }
  return contracts;
}

/** ~3 % of invoices get one legitimate credit note: part of one line returned at the billed price. */
function makeCreditNotes(rng: Prng, invoices: Transaction[], end: number): Transaction[] {
  const notes: Transaction[] = [];
  for (const invoice of invoices) {
    if (!rng.chance(0.03)) continue;
    const line = rng.pick(invoice.lines);
    const quantity = rng.int(1, line.quantity ?? 1);
    const amount = roundMoney(quantity * line.unit_price!);
    const issued = Math.min(Date.parse(invoice.date!) + rng.int(1, 30) * DAY, end - DAY);
    const when = nextBusinessMoment(rng, Math.max(issued, Date.parse(invoice.date!) + DAY));
    const [created_by, approved_by] = rng.sample(USERS, 2) as [string, string];
    notes.push({
      transaction_id: `CN-${pad(notes.length + 1, 6)}`,
      type: "credit_note",
      date: isoMoment(when),
      customer_id: invoice.customer_id,
      currency: invoice.currency,
      amount,
      tax_amount: roundMoney(amount * invoice.tax_rate!),
      tax_rate: invoice.tax_rate,
      ...(invoice.contract_id ? { contract_id: invoice.contract_id } : {}),
      reference: invoice.transaction_id,
      created_by,
      approved_by,
      lines: [{ ...line, quantity, amount }],
    });
  }
  return notes;
}

const DAY = 86_400_000;

function parseStart(iso: string): number {
  const ms = Date.parse(`${iso.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(ms)) throw new Error(`start: "${iso}" is not an ISO date (YYYY-MM-DD)`);
  return ms;
}

function addMonths(ms: number, months: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + months, d.getUTCDate());
}

/** A weekday between 08:00 and 17:59 UTC in [start, end). */
function businessMoment(rng: Prng, start: number, end: number): number {
  const days = Math.max(1, Math.floor((end - start) / DAY));
  return nextBusinessMoment(rng, start + rng.int(0, days - 1) * DAY);
}

function nextBusinessMoment(rng: Prng, ms: number): number {
  let day = Math.floor(ms / DAY) * DAY;
  while ([0, 6].includes(new Date(day).getUTCDay())) day += DAY;
  return day + rng.int(8, 17) * 3_600_000 + rng.int(0, 59) * 60_000;
}

const pad = (n: number, width: number) => String(n).padStart(width, "0");
const isoDate = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoMoment = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`;
