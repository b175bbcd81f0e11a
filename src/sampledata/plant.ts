// Plants labelled revenue leakage and anomalies of every type into a clean data set (from
// src/sampledata/generate.ts), seeded, at a chosen prevalence, for the quality benchmark and `assay demo`. Each
// planted transaction carries exactly one type and the money it provably loses, computed by the
// rules of docs/analysis.md, "Amount at risk" (contract price where valid, else list less the policy maximum; unbilled quantity
// at the billed unit price; the tax shortfall; the whole duplicate credit; 0 for anomalies).
//
// Before planting, approvers are assigned so that the clean data respects the approval limits
// the benchmark configures (a clean data set must not break the rules being measured).
import type { Contract, ReferenceData, Transaction, TransactionLine } from "../domain/transaction.ts";
import { SeededRandom } from "../analysis/random.ts";
import { validOn } from "../analysis/reference-index.ts";
import { roundMoney } from "../domain/rounding.ts";

export const PLANT_TYPES = [
  "price_below_contract",
  "discount_above_cap",
  "price_below_list",
  "contract_price_outside_validity",
  "zero_price_line",
  "unbilled_shipment",
  "tax_below_rate",
  "currency_mismatch",
  "duplicate_invoice",
  "duplicate_credit_note",
  "excessive_credit_note",
  "amount_outlier",
  "weekend_posting",
  "out_of_hours_posting",
  "new_counterparty_large_amount",
  "self_approval",
  "approval_limit_exceeded",
] as const;
export type PlantType = (typeof PLANT_TYPES)[number];

export const LEAKAGE_TYPES: readonly PlantType[] = PLANT_TYPES.slice(0, 11);

/** Detector codes that count as finding each planted type. */
export const CODES_FOR: Record<PlantType, readonly string[]> = {
  ...(Object.fromEntries(PLANT_TYPES.map((t) => [t, [t]])) as Record<PlantType, string[]>),
  amount_outlier: ["amount_outlier_customer", "amount_outlier_sku", "amount_outlier_attribute"],
  // A night posting by a user whose long record has none near that hour is reported as that instead of the weak signal.
  out_of_hours_posting: ["out_of_hours_posting", "out_of_hours_for_user"],
};

export interface Label {
  type: PlantType;
  amount_at_risk: number;
  currency: string;
}

export interface PlantedDataset {
  transactions: Transaction[];
  reference: ReferenceData;
  labels: Map<string, Label>;
}

/** Approval limits the sample data is built to respect (the demo and the benchmark configure them): juniors have limits, seniors none. */
export const SAMPLE_APPROVER_LIMITS: Record<string, number> = { alice: 10_000, bruno: 10_000, chen: 50_000, dana: 50_000 };
const SENIORS = ["emeka", "fatima", "goran", "hana"];
const MAX_POLICY_DISCOUNT = 10;
/** Units of each currency per US dollar: the sample data's reference exchange rates. */
const FX: Record<string, number> = { USD: 1, EUR: 0.92, GBP: 0.79 };
/** The same rates as `modules.revenue_leakage.exchange_rates` (1 from = rate to). */
export const SAMPLE_EXCHANGE_RATES = [
  { from: "USD", to: "EUR", rate: FX.EUR! },
  { from: "USD", to: "GBP", rate: FX.GBP! },
  { from: "EUR", to: "GBP", rate: FX.GBP! / FX.EUR! },
];
export const SAMPLE_TAX_RATES: Record<string, number> = { USD: 0.08, EUR: 0.19, GBP: 0.2 };

export function plant(clean: { transactions: Transaction[]; reference: ReferenceData; business?: ReadonlyMap<string, string> }, seed: number, prevalence: number): PlantedDataset {
  const rng = new SeededRandom(seed);
  const txns = clean.transactions.map((t) => structuredClone(t));
  const reference: ReferenceData = structuredClone(clean.reference);
  enforceApprovalLimits(txns);
  const labels = new Map<string, Label>();
  // Regular business (generateDataset's `business`) stays as it is: the hard negatives whose
  // false alarms are measured per kind.
  const regular = clean.business ?? new Map<string, string>();
  const invoices = txns.filter((t) => t.type === "invoice");
  const credits = txns.filter((t) => t.type === "credit_note" && !regular.has(t.transaction_id));
  const creditedRefs = new Set(credits.map((c) => c.reference));
  const perType = Math.max(1, Math.round((invoices.length * prevalence) / PLANT_TYPES.length));
  const used = new Set<string>();
  const added: Transaction[] = [];
  const contracts = new Contracts(reference.contracts);
  const listPrice = (sku: string, currency: string) => reference.price_list.find((p) => p.sku === sku && p.currency === currency)?.list_price;
  const sortedAmounts = invoices.map((t) => t.amount ?? 0).sort((a, b) => a - b);
  const p97 = sortedAmounts[Math.floor(sortedAmounts.length * 0.97)]!;
  const start = Date.parse(invoices[0]!.date!);

  const label = (t: Transaction, type: PlantType, amount: number) => {
    labels.set(t.transaction_id, { type, amount_at_risk: roundMoney(amount), currency: t.currency! });
    used.add(t.transaction_id);
  };
  const candidates = (filter: (t: Transaction) => boolean) =>
    rng.shuffle(invoices.filter((t) => !used.has(t.transaction_id) && !creditedRefs.has(t.transaction_id) && !regular.has(t.transaction_id) && filter(t)));
  const termsOf = (t: Transaction, l: TransactionLine) => contracts.valid(t.customer_id!, l.sku!, t.date!);
  const promotionOn = (sku: string, date: string) => reference.contracts.some((c) => (c.customer_id === "*" || !c.customer_id) && c.sku === sku && validOn(c, date.slice(0, 10)));

  const planters: Record<PlantType, () => void> = {
    price_below_contract: () => {
      for (const t of candidates((t) => t.lines.some((l) => roomBelowContract(t, l) > 0.04)).slice(0, perType)) {
        const l = t.lines.find((l) => roomBelowContract(t, l) > 0.04)!;
        const c = termsOf(t, l)!;
        const cut = rng.uniform(0.02, Math.min(0.15, roomBelowContract(t, l) - 0.01));
        setUnit(t, l, roundMoney(c.price * (1 - cut)));
        label(t, "price_below_contract", c.price * l.quantity! - l.amount!);
      }
    },
    discount_above_cap: () => {
      for (const t of candidates((t) => t.lines.some((l) => !termsOf(t, l))).slice(0, perType)) {
        const l = t.lines.find((l) => !termsOf(t, l))!;
        const d = MAX_POLICY_DISCOUNT + rng.int(5, 20);
        setUnit(t, l, roundMoney(l.list_price! * (1 - d / 100)), d);
        label(t, "discount_above_cap", l.list_price! * (1 - MAX_POLICY_DISCOUNT / 100) * l.quantity! - l.amount!);
      }
    },
    price_below_list: () => {
      for (const t of candidates((t) => t.lines.some((l) => !termsOf(t, l))).slice(0, perType)) {
        const l = t.lines.find((l) => !termsOf(t, l))!;
        setUnit(t, l, roundMoney(l.list_price! * (1 - rng.uniform(0.15, 0.35))), 0);
        label(t, "price_below_list", l.list_price! * (1 - MAX_POLICY_DISCOUNT / 100) * l.quantity! - l.amount!);
      }
    },
    contract_price_outside_validity: () => {
      const stale = (t: Transaction, l: TransactionLine) =>
        !termsOf(t, l) ? contracts.stale(t.customer_id!, l.sku!, t.date!).find((c) => c.price < l.list_price! * 0.88 && c.currency === t.currency) : undefined;
      for (const t of candidates((t) => t.lines.some((l) => stale(t, l))).slice(0, perType)) {
        const l = t.lines.find((l) => stale(t, l))!;
        const c = stale(t, l)!;
        setUnit(t, l, c.price);
        label(t, "contract_price_outside_validity", l.list_price! * (1 - MAX_POLICY_DISCOUNT / 100) * l.quantity! - l.amount!);
      }
    },
    zero_price_line: () => {
      for (const t of candidates((t) => t.lines.length > 1).slice(0, perType)) {
        const l = t.lines[rng.int(0, t.lines.length - 1)]!;
        const c = termsOf(t, l);
        const floor = c ? c.price : l.list_price! * (1 - MAX_POLICY_DISCOUNT / 100);
        setUnit(t, l, 0);
        label(t, "zero_price_line", floor * l.quantity!);
      }
    },
    unbilled_shipment: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        const l = t.lines[rng.int(0, t.lines.length - 1)]!;
        const extra = rng.int(1, Math.max(2, Math.round(l.quantity! / 2)));
        reference.shipments.push({ shipment_id: `SHP-PLANT-${t.transaction_id}`, transaction_id: t.transaction_id, customer_id: t.customer_id, sku: l.sku!, quantity: extra, date: t.date!.slice(0, 10) });
        label(t, "unbilled_shipment", extra * (l.amount! / l.quantity!));
      }
    },
    tax_below_rate: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        const rate = Math.max(t.tax_rate!, SAMPLE_TAX_RATES[t.currency!] ?? 0);
        t.tax_amount = roundMoney(t.amount! * (t.tax_rate! - rng.uniform(0.02, 0.1)));
        label(t, "tax_below_rate", t.amount! * rate - t.tax_amount);
      }
    },
    currency_mismatch: () => {
      // Half re-labelled into a stronger currency (the same numbers are worth more: no loss), half
      // into a weaker one where every line has a contract (the same numbers are worth less: at
      // the reference rates the loss against each contract price, in the invoice's currency).
      const stronger = (t: Transaction) => Object.keys(FX).filter((c) => FX[c]! < FX[t.currency!]! - 1e-9);
      const weaker = (t: Transaction) => Object.keys(FX).filter((c) => FX[c]! > FX[t.currency!]! + 1e-9);
      const relabel = (t: Transaction, currency: string) => {
        t.currency = currency;
        for (const l of t.lines) l.list_price = listPrice(l.sku!, t.currency) ?? l.list_price;
        t.tax_rate = Math.max(t.tax_rate!, SAMPLE_TAX_RATES[t.currency]!);
        t.tax_amount = roundMoney(t.amount! * t.tax_rate);
      };
      const half = Math.ceil(perType / 2);
      for (const t of candidates((t) => stronger(t).length > 0 && t.lines.some((l) => termsOf(t, l))).slice(0, half)) {
        relabel(t, rng.pick(stronger(t)));
        label(t, "currency_mismatch", 0);
      }
      const governed = (t: Transaction) => t.lines.length > 0 && t.lines.every((l) => l.quantity! > 0 && termsOf(t, l) && !promotionOn(l.sku!, t.date!));
      for (const t of candidates((t) => weaker(t).length > 0 && governed(t)).slice(0, perType - half)) {
        const from = t.currency!;
        relabel(t, rng.pick(weaker(t)));
        const rate = FX[from]! / FX[t.currency!]!;
        let lost = 0;
        for (const l of t.lines) {
          const c = termsOf({ ...t, currency: from }, l)!;
          const converted = (l.amount! / l.quantity!) * rate;
          if (c.price - converted > Math.max(0.01, 0.0005 * c.price)) lost += ((c.price - converted) * l.quantity!) / rate;
        }
        label(t, "currency_mismatch", lost);
      }
    },
    duplicate_invoice: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        const copy = structuredClone(t);
        copy.transaction_id = `${t.transaction_id}-DUP`;
        copy.date = shiftBusinessDays(t.date!, rng.int(0, 3));
        added.push(copy);
        used.add(t.transaction_id);
        label(copy, "duplicate_invoice", 0);
      }
    },
    duplicate_credit_note: () => {
      for (const c of rng.shuffle(credits).slice(0, perType)) {
        const copy = structuredClone(c);
        copy.transaction_id = `${c.transaction_id}-DUP`;
        copy.date = shiftBusinessDays(c.date!, rng.int(1, 10));
        added.push(copy);
        label(copy, "duplicate_credit_note", copy.amount!);
      }
    },
    excessive_credit_note: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        const extra = roundMoney(t.amount! * rng.uniform(0.05, 0.4));
        const note: Transaction = {
          transaction_id: `CN-X-${t.transaction_id}`,
          type: "credit_note",
          date: shiftBusinessDays(t.date!, rng.int(2, 20)),
          customer_id: t.customer_id,
          currency: t.currency,
          amount: roundMoney(t.amount! + extra),
          tax_rate: t.tax_rate,
          tax_amount: roundMoney((t.amount! + extra) * t.tax_rate!),
          reference: t.transaction_id,
          created_by: t.created_by,
          approved_by: t.approved_by,
          lines: t.lines.map((l) => ({ ...l })),
        };
        added.push(note);
        used.add(t.transaction_id);
        label(note, "excessive_credit_note", extra);
      }
    },
    amount_outlier: () => {
      for (const t of candidates((t) => (t.amount ?? 0) < p97).slice(0, perType)) {
        const k = rng.int(40, 120);
        for (const l of t.lines) setUnit(t, l, l.unit_price!, l.discount_pct, l.quantity! * k);
        enforceApprovalLimits([t]);
        label(t, "amount_outlier", 0);
      }
    },
    weekend_posting: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        const d = new Date(t.date!);
        d.setUTCDate(d.getUTCDate() + ((6 - d.getUTCDay() + 7) % 7) + rng.int(0, 1));
        t.date = `${d.toISOString().slice(0, 19)}Z`;
        label(t, "weekend_posting", 0);
      }
    },
    out_of_hours_posting: () => {
      for (const t of candidates(() => true).slice(0, perType)) {
        t.date = `${t.date!.slice(0, 11)}${String(rng.pick([0, 1, 2, 3, 4, 5, 21, 22, 23])).padStart(2, "0")}${t.date!.slice(13)}`;
        label(t, "out_of_hours_posting", 0);
      }
    },
    new_counterparty_large_amount: () => {
      const template = candidates((t) => Date.parse(t.date!) > start + 45 * 86_400_000 && (t.amount ?? 0) > p97);
      for (const [i, t] of template.slice(0, perType).entries()) {
        t.customer_id = `CUST-NEW-${i + 1}`;
        t.contract_id = undefined;
        for (const l of t.lines) setUnit(t, l, l.list_price!, 0);
        enforceApprovalLimits([t]);
        label(t, "new_counterparty_large_amount", 0);
      }
    },
    self_approval: () => {
      for (const t of candidates((t) => (SAMPLE_APPROVER_LIMITS[t.created_by!] ?? Infinity) >= (t.amount ?? 0)).slice(0, perType)) {
        t.approved_by = t.created_by;
        label(t, "self_approval", 0);
      }
    },
    approval_limit_exceeded: () => {
      const juniorFor = (t: Transaction) => Object.keys(SAMPLE_APPROVER_LIMITS).find((u) => u !== t.created_by && SAMPLE_APPROVER_LIMITS[u]! < t.amount!);
      for (const t of candidates((t) => juniorFor(t) !== undefined).slice(0, perType)) {
        t.approved_by = juniorFor(t)!;
        label(t, "approval_limit_exceeded", 0);
      }
    },
  };

  function roomBelowContract(t: Transaction, l: TransactionLine): number {
    const c = termsOf(t, l);
    if (!c || c.max_discount_pct === undefined || !l.list_price) return 0;
    const floor = l.list_price * (1 - c.max_discount_pct / 100);
    return (c.price - floor) / c.price;
  }

  for (const type of PLANT_TYPES) planters[type]();
  const all = [...txns, ...added].sort((a, b) => (a.date! < b.date! ? -1 : a.date! > b.date! ? 1 : a.transaction_id < b.transaction_id ? -1 : 1));
  return { transactions: all, reference, labels };
}

/** Sets a line's price (and quantity), keeping line, transaction and tax amounts consistent. */
function setUnit(t: Transaction, l: TransactionLine, unit: number, discountPct?: number, quantity?: number) {
  if (quantity !== undefined) l.quantity = quantity;
  l.unit_price = unit;
  l.discount_pct = discountPct ?? (l.list_price ? roundMoney(((l.list_price - unit) / l.list_price) * 100) : l.discount_pct);
  l.amount = roundMoney(l.quantity! * unit);
  t.amount = roundMoney(t.lines.reduce((s, x) => s + (x.amount ?? 0), 0));
  if (t.tax_rate !== undefined) t.tax_amount = roundMoney(t.amount * t.tax_rate);
}

function enforceApprovalLimits(txns: Transaction[]) {
  for (const t of txns) {
    const limit = SAMPLE_APPROVER_LIMITS[t.approved_by ?? ""];
    if (limit !== undefined && (t.amount ?? 0) > limit) {
      t.approved_by = SENIORS.find((s) => s !== t.created_by)!;
    }
  }
}

function shiftBusinessDays(iso: string, days: number): string {
  const d = new Date(iso);
  let left = days;
  while (left > 0) {
    d.setUTCDate(d.getUTCDate() + 1);
    if (d.getUTCDay() !== 0 && d.getUTCDay() !== 6) left--;
  }
  return `${d.toISOString().slice(0, 19)}Z`;
}

class Contracts {
  private readonly by = new Map<string, Contract[]>();
  constructor(contracts: Contract[]) {
    for (const c of contracts) {
      const k = `${c.customer_id}|${c.sku}`;
      this.by.set(k, [...(this.by.get(k) ?? []), c]);
    }
  }
  valid(customer: string, sku: string, date: string): Contract | undefined {
    return (this.by.get(`${customer}|${sku}`) ?? []).filter((c) => validOn(c, date.slice(0, 10))).sort((a, b) => a.price - b.price)[0];
  }
  stale(customer: string, sku: string, date: string): Contract[] {
    return (this.by.get(`${customer}|${sku}`) ?? []).filter((c) => !validOn(c, date.slice(0, 10)));
  }
}
