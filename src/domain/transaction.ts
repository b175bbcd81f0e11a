// The canonical transaction (docs/connectors.md, "The flat layout and `mapping`"): what every connector maps its source rows into and
// what every detector reads. Amounts are plain numbers in the transaction's currency; dates are
// ISO 8601 strings (a date, or a date-time in UTC) exactly as the source gave them after mapping.

/**
 * The largest magnitude of an amount, a price or a quantity, whether sent to POST /v1/analyze or
 * read by a connector. Products and sums of larger finite numbers (a quantity of 1e308 at any
 * price) overflow to Infinity, which JSON writes as null: the analysis would answer
 * `amount_at_risk: null` and the account's report totals would read null.
 */
export const MAX_MAGNITUDE = 1e15;

export function withinMagnitude(v: number): boolean {
  return Number.isFinite(v) && Math.abs(v) <= MAX_MAGNITUDE;
}

export const TRANSACTION_TYPES = ["invoice", "credit_note", "payment", "journal_entry"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** What joins a variant code's columns (a CPT code and its modifiers: "73721-26-76"), and splits them again for pricing (ReferenceIndex.pricingSku). */
export const VARIANT_SEPARATOR = "-";

/** Whether `sku` is the code `base` or a variant of it (`base` and its modifiers: 73721-26 of 73721). */
export function isVariantOf(sku: string, base: string): boolean {
  return sku === base || sku.startsWith(base + VARIANT_SEPARATOR);
}

export interface TransactionLine {
  sku?: string;
  /** Where `sku` is mapped from several columns (a CPT code and its modifier, an article and its
   *  size): the first column's value, the code the line is priced by when no reference row prices
   *  the combination (ReferenceIndex.pricingSku). Absent when the line's sku is that code. */
  base_sku?: string;
  /** The unit of measure quantity and prices are in (EA, CS, KG…); compared with the price list's
   *  and the contract's (sameUnit below). */
  unit?: string;
  quantity?: number;
  unit_price?: number;
  list_price?: number;
  discount_pct?: number;
  /** Net amount of the line (quantity × unit_price less any discount, as billed). */
  amount?: number;
  /** Why the line's amount differs from its price, as the source codes it: a payer's remittance
   *  line's adjustment group and reason codes (`CO-45 PR-1`, `CO-97`: X12 835 CAS). Read against
   *  `revenue_leakage.accepted_adjustment_reasons` (adjustment-reasons.ts). */
  adjustment_reason?: string;
  /** The line's own text, where the source has one per line (a flat export's `line_description`):
   *  a bill's line may say what no header column does — "Partial month 03/10-03/14", "Credit
   *  for unused service" — beside lines that bill a whole period (pricing.ts, proratedLine). */
  description?: string;
  /** The agreement, tariff or promotion the line names itself, where a bill's lines may each carry
   *  their own (`line_contract_id`): a fleet's monthly invoice names the fleet contract on its
   *  header and, on a session charged at a new location's free opening tariff, that promotion on
   *  the session's lines (an OCPI CDR's tariff id). Read by contract-scope.ts. */
  contract_id?: string;
  /** The day the line's own work was done, where each line carries one (`line_work_date`): a
   *  partner's monthly invoice bills CDRs of sessions that reached it late from the month before,
   *  each at the rate of its session's start. ISO 8601. Read by line-facts.ts. */
  work_date?: string;
  /** The day the line's own charge was incurred, where the source dates each line (a flat
   *  export's `line_date`): a hotel's night audit posts each night's room charge on its business
   *  date, the folio is billed at check-out. The line is priced at the rates of that day
   *  (line-facts.ts); the document's day judges the lines that state none. */
  date?: string;
  /** What the seller counts delivered of what the line bills, and an independent count of it (an
   *  ad server's impressions and the advertiser's third-party ad server's), where the source states
   *  them per line (`delivered_quantity`, `verified_quantity`): a line is billed on the lower once
   *  they differ beyond `revenue_leakage.count_discrepancy_pct` (count-above-delivered.ts). */
  delivered_quantity?: number;
  verified_quantity?: number;
  /** Source columns kept on the line itself (`mapping.line_attributes`; `lines[].attributes` of
   *  POST /v1/analyze): a folio's POS check number, a ledger line's cost centre. Read by rules
   *  only (`l.attributes`); no detector reads markers from them. Only filled values. */
  attributes?: Record<string, string | number | boolean | null>;
}

export interface Transaction {
  transaction_id: string;
  type: TransactionType;
  /** The posting date: the period the entry is booked into. */
  date?: string;
  /** When the entry was entered (keyed, imported), where the source records it beside the posting
   *  date: SAP's CPUDT, NetSuite's "Date Created", Business Central's "Created On". Read by
   *  late_posting (entries posted into a period after it had closed). */
  entered_at?: string;
  customer_id?: string;
  currency?: string;
  /** Net total of the transaction. */
  amount?: number;
  tax_amount?: number;
  tax_rate?: number;
  contract_id?: string;
  /** e.g. the invoice a credit note refers to. */
  reference?: string;
  created_by?: string;
  approved_by?: string;
  lines: TransactionLine[];
  /** Source columns that are not canonical fields, kept for detectors and display. */
  attributes?: Record<string, string | number | boolean | null>;
}

export interface Contract {
  contract_id: string;
  customer_id: string;
  sku: string;
  price: number;
  currency?: string;
  valid_from?: string;
  valid_to?: string;
  max_discount_pct?: number;
  /** A volume tier: the price holds for a line of at least this quantity (absent: any quantity). */
  min_quantity?: number;
  /** The most a line priced by this row charges (a fee cap: a payment platform's percentage fee
   *  capped on a large ticket); absent: no cap. */
  max_amount?: number;
  /** The unit of measure the price is for (absent: any). */
  unit?: string;
  /** How often the row's price is due (a recurring charge: monthly, quarterly, annual…); absent:
   *  a price, not a charge due every period (unbilled_recurring_charge judges only rows with one). */
  billing_frequency?: string;
  /** When a recurring charge is billed against its period: in advance (the default) or in arrears. */
  billing_timing?: string;
  /** On a minimum charge's row: the codes it applies to (a minimum royalty: "ROYALTY"), separated
   *  by commas or spaces; absent: the codes its contract prices. On a row in percent: the charges
   *  whose amounts it is a percentage of (percent-charge-missing.ts). */
  applies_to?: string;
  /** On a recurring row: the quantity in service it bills each period, its price per unit (a
   *  service inventory's row per service: 2 circuits, 30 kW). Absent: the row does not say how
   *  many are billed (recurring-beyond-service.ts judges only rows that do). */
  quantity?: number;
}

export interface PriceListEntry {
  sku: string;
  list_price: number;
  currency?: string;
  /** The day (YYYY-MM-DD) this price takes effect; absent: since always. With several entries of
   *  a SKU and currency, the one with the latest start on or before the invoice date applies. */
  valid_from?: string;
  /** The unit of measure the price is for (absent: any). */
  unit?: string;
  /** The most a line priced by this entry charges (a public tariff's cap: an idle fee of so much a
   *  minute up to 20.00 a session, a car park's daily maximum); absent: no cap. */
  max_amount?: number;
  /** Whether the SKU is taxed, as a catalogue states it (Y/N, Taxable/Exempt…): one that says it
   *  is not (notTaxable) is owed no tax; anything else leaves the invoice's rate. */
  taxable?: string;
  /** The SKU's own tax rate where it differs from the invoice's (a reduced rate; 19 or 0.19). */
  tax_rate?: number;
}

export interface Shipment {
  shipment_id: string;
  transaction_id?: string;
  customer_id?: string;
  sku: string;
  quantity: number;
  date?: string;
  /** Whether the row is billable, as the source writes it (`Y`, `N`, `No`, `false`, `No charge`…):
   *  a WMS's billable-activity log keeps a damaged order re-shipped at no charge, or a pallet in
   *  its free storage days, beside what it bills. A row marked not billable is owed by no invoice
   *  (`notBillable` in src/analysis/reference-index.ts); absent: billable. */
  billable?: string;
}

/** A reference exchange rate: 1 `from` = `rate` `to`, in force from `valid_from` (a date) on. */
export interface ExchangeRate {
  from: string;
  to: string;
  rate: number;
  valid_from?: string;
}

/** The reference tables a connector may provide as context for the analysis modules. */
export interface ReferenceData {
  contracts: Contract[];
  price_list: PriceListEntry[];
  shipments: Shipment[];
  /** Read beside `modules.revenue_leakage.exchange_rates` (absent: none). */
  exchange_rates?: ExchangeRate[];
}

export const REFERENCE_TABLES = ["contracts", "price_list", "shipments", "exchange_rates"] as const;
export type ReferenceTable = (typeof REFERENCE_TABLES)[number];

/** Spellings of one unit of measure (UN/ECE rec. 20 codes and the usual words), by their canonical code. */
const UNIT_SYNONYMS: Record<string, string> = {
  EACH: "EA", PC: "EA", PCS: "EA", PCE: "EA", PIECE: "EA", PIECES: "EA", UNIT: "EA", UNITS: "EA", ST: "EA", STK: "EA", STCK: "EA", C62: "EA", H87: "EA",
  CASE: "CS", CASES: "CS", CT: "CS", CARTON: "CS", CTN: "CS",
  BOX: "BX", BOXES: "BX",
  PACK: "PK", PACKS: "PK", PAK: "PK",
  KGM: "KG", KILOGRAM: "KG", KILO: "KG",
  LTR: "L", LITRE: "L", LITER: "L", LT: "L",
  MTR: "M", METRE: "M", METER: "M",
  HUR: "H", HR: "H", HRS: "H", HOUR: "H", HOURS: "H", STD: "H",
  DAY: "D", DAYS: "D", MON: "MO", MONTH: "MO", MONTHS: "MO",
  PCT: "P1", PERCENT: "P1", PERCENTAGE: "P1",
};

/** A unit of measure as one code: upper case, without separators, synonyms merged (EACH, PCS → EA). */
export function unitCode(unit: string): string {
  if (unit.trim() === "%") return "P1";
  const code = unit.toUpperCase().replace(/[^A-Z0-9]/g, "");
  return UNIT_SYNONYMS[code] ?? code;
}

/**
 * Whether a line's unit is percent (%, PCT, P1): its quantity is the amount the percentage is
 * taken of, its price the percentage — a carrier's fuel surcharge, 32.5 % of the linehaul.
 */
export function isPercentUnit(unit: string | undefined): boolean {
  return unit !== undefined && unitCode(unit) === "P1";
}

/**
 * Units whose price is per thousand of the quantity: advertising's CPM (cost per mille) and CPT
 * (cost per thousand), UN/ECE rec. 20's MIL (thousand) and T3 (thousand pieces) — a line of
 * 1,077,704 impressions at a CPM of 19.26 bills 20,756.58.
 */
const PER_THOUSAND = new Set(["CPM", "CPT", "MIL", "T3", "PER1000", "PERTHOUSAND", "PERMILLE"]);

/**
 * How many units of the quantity the line's price is for: 100 for a percentage (its quantity is
 * the amount it is taken of), 1,000 for a price per thousand (CPM), else 1. The line's amount is
 * its quantity ÷ this × its price.
 */
export function priceBase(unit: string | undefined): number {
  if (unit === undefined) return 1;
  const code = unitCode(unit);
  return code === "P1" ? 100 : PER_THOUSAND.has(code) ? 1000 : 1;
}

/** Whether a price stated for `priceUnit` applies to a line in `lineUnit`: the same unit, or either not stated. */
export function sameUnit(lineUnit: string | undefined, priceUnit: string | undefined): boolean {
  return lineUnit === undefined || priceUnit === undefined || unitCode(lineUnit) === unitCode(priceUnit);
}

