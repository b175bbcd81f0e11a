// An independent billing data set (2026-11-29): an enterprise software vendor's billing of
// licences, maintenance and support renewals over 24 months (October 2024 – September 2026), from
// the ERP's invoice-line report (Oracle / NetSuite style: one row per invoice line, the invoice's
// header on every row). Written from how software vendors bill before reading the detectors: three
// legal entities (Northpeak Software Inc. in USD, Ltd in GBP, GmbH in EUR); ~2,500 end customers,
// ~90 resellers; subscription contracts billed annually (some quarterly) in advance, the billing
// schedule issuing each period's invoice weeks before it starts; the contract price schedule from
// the CLM (a row per contract, item and contract year) as the agreed prices: multi-year deals with
// a price lock, contractual annual uplifts capped at a percentage of CPI (the cap per contract),
// ramp deals (year 1 cheaper by contract), first-year promotions, renewals at the capped uplift;
// add-on users co-termed to the anniversary (prorated unit prices, odd amounts); seat true-ups
// measured by licence compliance and billed in arrears on the anniversary invoice (their own item,
// at the measured year's price); resellers billed at their partner tier's discount (far above
// direct discounts; the channel manager approving), the end user named; professional services and
// training orders off the price list at a discount within the approver's authority; SLA service
// credits as credit memos; cancelled renewals billed a final partial period; legacy perpetual
// customers on annual maintenance migrating to subscription (a credit memo for the unused
// maintenance); free extension months at a renewal approved by the deal desk (a line at 100 %
// off); invoices credited and re-issued after a PO change; VAT (UK 20 %, German 19 %), reverse
// charge for EU business customers, outside the scope elsewhere, US sales tax in the states that
// tax software. Planted leaks carry their true amount at risk; every other document is labelled
// with the kind of regular business it is (the hard negatives).
// Run: bun run bench/quality/software-renewals.ts --seed 1901 --out /tmp/renewals
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeLabels } from "./labels-file.ts";
import { mulberry32 as prng } from "./mulberry32.ts";

export type LeakKind =
  | "uplift_not_applied" | "promo_carried_past_year_one" | "ramp_never_ramped" | "true_up_not_billed"
  | "support_tier_below_delivered" | "discount_beyond_authority" | "coterm_wrong_days" | "duplicate_on_reissue"
  | "below_list_no_contract" | "renewal_not_invoiced" | "credit_above_invoice" | "tax_missing";
export const LEAK_KINDS: LeakKind[] = [
  "uplift_not_applied", "promo_carried_past_year_one", "ramp_never_ramped", "true_up_not_billed", "support_tier_below_delivered", "discount_beyond_authority",
  "coterm_wrong_days", "duplicate_on_reissue", "below_list_no_contract", "renewal_not_invoiced", "credit_above_invoice", "tax_missing",
];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Currency = "USD" | "GBP" | "EUR";
interface Entity { id: string; name: string; currency: Currency; prefix: string }
interface Customer { id: string; name: string; country: string; state: string; entity: Entity; taxCode: string; taxRate: number; tier?: "Gold" | "Silver" | "Registered" }
interface Term { from: string; to: string; prices: Map<string, number>; seats: Map<string, number>; kind: string }
interface Contract {
  id: string; billTo: Customer; endUser: string; channel: "Direct" | "Partner"; approver: string; quarterly: boolean;
  clause: "lock" | "uplift" | "ramp" | "promo"; cap: number; terms: Term[]; trueUp: boolean; items: string[]; legacy: boolean;
}
interface Line { sku: string; desc: string; qty: number; list: number; price: number; disc: number | null; amount: number; from: string; to: string; charge: string }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; cust: Customer; contract: Contract | null; endUser: string; po: string; ref: Doc | null;
  approver: string; lines: Line[]; tax: number; from: string; to: string; reason: string; regular: string; leak?: { kind: LeakKind; risk: number };
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * DAY).toISOString().slice(0, 10);
const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
const daysBetween = (a: string, b: string) => Math.round((Date.parse(b) - Date.parse(a)) / DAY);
const FIRST = "2024-10-01", LAST = "2026-09-30";
const FX: Record<Currency, number> = { USD: 1, GBP: 0.8, EUR: 0.92 };
// CPI the uplift clauses index to, by the year of the anniversary (the contract caps it).
const CPI: Record<string, number> = { "2021": 0.047, "2022": 0.08, "2023": 0.065, "2024": 0.034, "2025": 0.029, "2026": 0.027 };
const ENTITIES: Entity[] = [
  { id: "US10", name: "Northpeak Software Inc.", currency: "USD", prefix: "US" },
  { id: "UK20", name: "Northpeak Software Ltd", currency: "GBP", prefix: "UK" },
  { id: "DE30", name: "Northpeak Software GmbH", currency: "EUR", prefix: "DE" },
];
// The price list (USD; per user or pack per year, PS per day). Raised each 1 January.
const ITEMS: Record<string, { desc: string; usd: number; uom: string }> = {
  "SUB-ENT": { desc: "Northpeak Enterprise subscription, per user per year", usd: 1200, uom: "USER" },
  "SUB-PRO": { desc: "Northpeak Professional subscription, per user per year", usd: 600, uom: "USER" },
  "SUB-ENT-TU": { desc: "Enterprise users over entitlement (true-up, in arrears)", usd: 1200, uom: "USER" },
  "SUB-PRO-TU": { desc: "Professional users over entitlement (true-up, in arrears)", usd: 600, uom: "USER" },
  "SUB-ANL": { desc: "Analytics add-on, per user per year", usd: 240, uom: "USER" },
  "SUB-API": { desc: "API capacity pack (1M calls per year)", usd: 5000, uom: "PACK" },
  "SUP-PREM": { desc: "Premium Support, per user per year", usd: 180, uom: "USER" },
  "SUP-PLUS": { desc: "Mission Critical Support, per user per year", usd: 320, uom: "USER" },
  "MNT-STD": { desc: "Annual maintenance and support, perpetual licence, per user", usd: 220, uom: "USER" },
  "PS-DAY": { desc: "Professional services, consultant day", usd: 1800, uom: "DAY" },
  "TRN-SEAT": { desc: "Instructor-led training, per seat", usd: 950, uom: "SEAT" },
  "CR-SLA": { desc: "SLA service credit", usd: 0, uom: "EA" },
};
const RAISE = { "2025": 1.05, "2026": 1.06 } as const;
const listPrice = (sku: string, cur: Currency, d: string): number => {
  let usd = ITEMS[sku]!.usd;
  const year = Number(d.slice(0, 4));
  if (year < 2024) usd /= Math.pow(1.05, 2024 - year);
  if (d >= "2025-01-01") usd *= RAISE["2025"];
  if (d >= "2026-01-01") usd *= RAISE["2026"];
  return Math.round(usd * FX[cur]);
};
// Discount authority (the deal desk's matrix): a rep alone up to 10 %.
export const APPROVERS = {
  salesManagers: ["jmorales", "kchen", "pobrien", "sfischer", "hpatel", "lrossi"], // 20 %
  rvps: ["dwright", "mkovacs"], // 35 %
  dealDesk: "DEALDESK", // 60 %
  cfo: "rbaptiste", // 100 %
  channel: ["cholt", "tnakamura"], // 50 %
};
const TIER_DISCOUNT = { Gold: 0.35, Silver: 0.25, Registered: 0.15 } as const;

export function generateRenewals(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const dayIn = (from: string, to: string) => addDays(from, int(0, daysBetween(from, to)));

  // Customers: where they are says the entity, the currency and the tax treatment.
  const customers: Customer[] = [];
  const US_TAX: [string, number][] = [["NY", 0.08875], ["WA", 0.101], ["PA", 0.06], ["OH", 0.0725], ["TN", 0.0925], ["CA", 0], ["TX", 0], ["IL", 0], ["MA", 0], ["GA", 0], ["FL", 0], ["CO", 0], ["NC", 0], ["VA", 0], ["MN", 0]];
  const place: [string, Entity, number][] = [["US", ENTITIES[0]!, 1600], ["GB", ENTITIES[1]!, 680], ["IE", ENTITIES[1]!, 50], ["CH", ENTITIES[2]!, 50], ["DE", ENTITIES[2]!, 560], ["FR", ENTITIES[2]!, 150], ["NL", ENTITIES[2]!, 110], ["AT", ENTITIES[2]!, 70], ["IT", ENTITIES[2]!, 60]];
  const words = ["Atlas", "Borealis", "Cobalt", "Delphi", "Ember", "Fulcrum", "Granite", "Helix", "Ionic", "Juniper", "Keystone", "Lattice", "Meridian", "Nimbus", "Onyx", "Pinnacle", "Quanta", "Ridge", "Summit", "Tessera", "Umbra", "Vertex", "Willow", "Zenith"];
  const nouns = ["Bank", "Health", "Logistics", "Insurance", "Retail", "Energy", "Manufacturing", "Media", "Pharma", "Foods", "Telecom", "Capital", "Systems", "Group"];
  const suffix = (c: string) => (c === "US" ? "Inc." : c === "GB" || c === "IE" ? "Ltd" : c === "DE" || c === "AT" ? "GmbH" : c === "FR" ? "SA" : c === "NL" ? "B.V." : c === "IT" ? "S.p.A." : "AG");
  const taxOf = (country: string, state: string): [string, number] =>
    country === "US" ? ((US_TAX.find((s) => s[0] === state)?.[1] ?? 0) > 0 ? ["US-ST", US_TAX.find((s) => s[0] === state)![1]] : ["US-NT", 0])
      : country === "GB" ? ["GB-SR", 0.2] : country === "DE" ? ["DE-SR", 0.19] : ["FR", "NL", "AT", "IT", "IE"].includes(country) ? (country === "IE" ? ["OS", 0] : ["RC", 0]) : ["OS", 0];
  for (const [country, entity, n] of place) for (let i = 0; i < n; i++) {
    const state = country === "US" ? pick(US_TAX)[0] : "";
    const [taxCode, taxRate] = taxOf(country, state);
    customers.push({ id: `C${100000 + customers.length * 7}`, name: `${pick(words)} ${pick(nouns)} ${suffix(country)}`, country, state, entity, taxCode, taxRate });
  }
  // Resellers per entity, by partner tier.
  const resellers: Customer[] = [];
  for (const entity of ENTITIES) for (let i = 0; i < (entity.currency === "USD" ? 40 : 25); i++) {
    const country = entity.currency === "USD" ? "US" : entity.currency === "GBP" ? "GB" : "DE";
    const state = country === "US" ? pick(US_TAX)[0] : "";
    const [taxCode, taxRate] = taxOf(country, state);
    resellers.push({ id: `P${50000 + resellers.length * 11}`, name: `${pick(words)} ${pick(["Solutions", "Consulting", "IT Services", "Digital", "Partners"])} ${suffix(country)}`, country, state, entity, taxCode, taxRate, tier: pick(["Gold", "Silver", "Silver", "Registered"] as const) });
  }

  // Contracts: a main subscription per customer (some two), their terms priced by the clause.
  const contracts: Contract[] = [];
  // A year within the term: the lock keeps the price, the uplift clause raises it by CPI up to its cap.
  const termPrice = (c: Contract, base: number, yearIndex: number, anniversary: string, prev: number | undefined): number => {
    if (yearIndex === 0 || prev === undefined) return base;
    if (c.clause === "lock") return prev;
    const uplift = Math.min(c.cap, CPI[anniversary.slice(0, 4)] ?? 0.03);
    return r2(prev * (1 + uplift));
  };
  for (const cust of customers) for (let k = 0, n = chance(0.12) ? 2 : 1; k < n; k++) {
    const partner = chance(0.22) ? pick(resellers.filter((r) => r.entity === cust.entity)) : null;
    const billTo = partner ?? cust;
    const start = dayIn("2021-10-01", "2026-06-30").slice(0, 8) + "01";
    const legacy = !partner && k === 0 && chance(0.12) && start < "2024-06-01";
    const initial = legacy ? 1 : pick([1, 1, 2, 3, 3]);
    const x = rnd();
    const clause = legacy ? "uplift" : initial >= 2 && x < 0.45 ? "lock" : initial >= 2 && x < 0.6 ? "ramp" : x < 0.68 ? "promo" : "uplift";
    const cap = pick([0.03, 0.04, 0.05, 0.05, 0.07]);
    const main = legacy ? "MNT-STD" : chance(0.6) ? "SUB-ENT" : "SUB-PRO";
    const items = [main];
    if (!legacy && chance(0.3)) items.push("SUB-ANL");
    if (!legacy && chance(0.15)) items.push("SUB-API");
    const sup = legacy ? null : chance(0.25) ? "SUP-PREM" : chance(0.1) ? "SUP-PLUS" : null;
    if (sup) items.push(sup);
    let approver = "";
    let disc: number;
    if (partner) { disc = TIER_DISCOUNT[partner.tier!] + pick([0, 0, 0.05, 0.1]); approver = pick(APPROVERS.channel); }
    else {
      disc = r2(pick([0, 0.05, 0.08, 0.1, 0.12, 0.15, 0.18, 0.2, 0.25, 0.3, 0.35]));
      approver = disc <= 0.1 ? "" : disc <= 0.2 ? pick(APPROVERS.salesManagers) : pick(APPROVERS.rvps);
    }
    const c: Contract = { id: `${legacy ? "MNT" : "SUB"}-${String(200000 + contracts.length * 3)}`, billTo, endUser: cust.name, channel: partner ? "Partner" : "Direct", approver, quarterly: !legacy && chance(0.12), clause, cap, terms: [], trueUp: !legacy && chance(0.3), items, legacy };
    const seats = Math.round(Math.exp(uniform(Math.log(20), Math.log(1500))));
    const qty = new Map<string, number>(items.map((s) => [s, s === "SUB-API" ? int(1, 8) : s === "SUB-ANL" ? Math.max(5, Math.round(seats * uniform(0.2, 0.6))) : seats]));
    const rampFactor = uniform(0.55, 0.8), promo = pick([0.1, 0.15, 0.2]);
    // Contract years from the start until the contract ends or runs past the window.
    let year = 0, termYears = initial, termYear = 0;
    let prev: Map<string, number> | undefined;
    const baseOf = (sku: string) => r2(listPrice(sku, billTo.entity.currency, start) * (1 - disc));
    for (let from = start; from <= "2026-12-31"; year++) {
      const to = addDays(addMonths(from, 12), -1);
      const prices = new Map<string, number>();
      for (const sku of items) {
        const base = baseOf(sku);
        let p = termPrice(c, base, year, from, prev?.get(sku));
        if (year > 0 && termYear === 0 && prev) p = r2(prev.get(sku)! * (1 + Math.min(c.cap, CPI[from.slice(0, 4)] ?? 0.03))); // a renewal: capped uplift whatever the clause
        if (year === 0 && clause === "ramp") p = r2(base * rampFactor);
        if (year === 1 && clause === "ramp") p = base;
        if (year === 0 && clause === "promo") p = r2(base * (1 - promo));
        if (year === 1 && clause === "promo") p = c.cap && prev ? r2(base * (1 + Math.min(c.cap, CPI[from.slice(0, 4)] ?? 0.03))) : base;
        prices.set(sku, p);
      }
      const kind = year === 0 ? "new" : termYear === 0 ? "renewal" : "anniversary";
      c.terms.push({ from, to, prices, seats: new Map(qty), kind });
      prev = prices;
      // Seats grow now and then; a renewal may resize.
      for (const [s, q] of qty) if (s !== "SUB-API" && chance(0.25)) qty.set(s, Math.max(5, Math.round(q * uniform(0.95, 1.2))));
      from = addDays(to, 1);
      termYear++;
      if (termYear >= termYears) { termYear = 0; termYears = pick([1, 1, 1, 3]); }
    }
    contracts.push(c);
  }

  const docs: Doc[] = [];
  const measurements: { id: string; contract: string; customer: string; sku: string; qty: number; date: string; invoice: Doc }[] = [];
  const contractRows: { contract: string; customer: string; sku: string; cur: Currency; price: number; from: string; to: string; freq: string }[] = [];
  const tu = (sku: string) => (sku === "SUB-ENT" ? "SUB-ENT-TU" : sku === "SUB-PRO" ? "SUB-PRO-TU" : "");
  const taxOfDoc = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0) * d.cust.taxRate);
  const newDoc = (o: Partial<Doc> & { date: string; cust: Customer; lines: Line[]; regular: string }): Doc => {
    const d: Doc = { no: "", type: "Invoice", contract: null, endUser: o.cust.name, po: `PO-${int(10000, 99999)}`, ref: null, approver: "", tax: 0, from: "", to: "", reason: "", ...o };
    d.tax = taxOfDoc(d);
    docs.push(d);
    return d;
  };
  const line = (sku: string, cur: Currency, priceDay: string, qty: number, price: number, from: string, to: string, charge: string, desc = ITEMS[sku]!.desc): Line => {
    const list = listPrice(sku, cur, priceDay);
    return { sku, desc, qty, list, price, disc: list > 0 && price < list ? r2((1 - price / list) * 100) : null, amount: r2(qty * price), from, to, charge };
  };
  const regularOf = (c: Contract, t: Term, i: number): string => {
    if (c.legacy) return "maintenance_renewal";
    if (c.channel === "Partner") return "partner_deal";
    if (t.kind === "new") return c.clause === "ramp" ? "ramp_year_one" : c.clause === "promo" ? "promo_first_year" : "new_contract_first_year";
    if (c.clause === "ramp" && i === 1) return "ramp_step_up";
    if (c.clause === "promo" && i === 1) return "promo_ended_full_price";
    if (t.kind === "renewal") return "renewal_capped_uplift";
    return c.clause === "lock" ? "multi_year_price_lock" : "annual_uplift_in_term";
  };

  // The billing schedule: each contract year invoiced 30 days ahead (quarterly: each quarter 15
  // days ahead), true-ups of the year before on the anniversary invoice, co-term add-ons, the
  // final partial period of a cancelled renewal, maintenance migrations.
  const periodInvoices = new Map<Contract, Doc[][]>();
  for (const c of contracts) {
    const cur = c.billTo.entity.currency;
    const byYear: Doc[][] = [];
    let ended = false;
    for (let i = 0; i < c.terms.length && !ended; i++) {
      const t = c.terms[i]!;
      // Free extension months at a renewal, approved by the deal desk: the CLM's amendment prices
      // the months at 0 and starts the paid year after them.
      const extension = t.kind === "renewal" && !c.quarterly && chance(0.04) ? int(1, 3) : 0;
      const paidFrom = extension ? addMonths(t.from, extension) : t.from;
      for (const [sku, p] of t.prices) {
        if (extension) contractRows.push({ contract: c.id, customer: c.billTo.id, sku, cur, price: 0, from: t.from, to: addDays(paidFrom, -1), freq: "" });
        contractRows.push({ contract: c.id, customer: c.billTo.id, sku, cur, price: c.quarterly ? r2(p / 4) : p, from: paidFrom, to: t.to, freq: c.quarterly ? "Quarterly" : "Annual" });
        if (tu(sku) && c.trueUp) contractRows.push({ contract: c.id, customer: c.billTo.id, sku: tu(sku), cur, price: p, from: t.from, to: t.to, freq: "" });
      }
      const yearDocs: Doc[] = [];
      byYear.push(yearDocs);
      // A cancelled renewal: the customer renews only a final partial period (1–5 months), prorated.
      if (t.kind === "renewal" && !extension && chance(0.06) && !c.legacy) {
        const end = addDays(addMonths(t.from, int(1, 5)), -1);
        const days = daysBetween(t.from, end) + 1;
        const date = addDays(t.from, -30);
        if (date >= FIRST && date <= LAST) {
          const lines = [...t.prices].map(([sku, p]) => line(sku, cur, t.from, t.seats.get(sku)!, r2(p * days / 365), t.from, end, "Prorated", `${ITEMS[sku]!.desc} - final period ${t.from} - ${end} prorated ${days}/365 days (non-renewal)`));
          yearDocs.push(newDoc({ date, cust: c.billTo, contract: c, endUser: c.endUser, lines, approver: c.approver, from: t.from, to: end, regular: "final_partial_period" }));
        }
        for (let r = contractRows.length - 1; r >= 0; r--) if (contractRows[r]!.contract === c.id && contractRows[r]!.from === t.from && contractRows[r]!.freq) contractRows.splice(r, 1);
        t.to = end;
        ended = true;
        // the row for the stub as the CLM records it: the year's price up to the end
        for (const [sku, p] of t.prices) contractRows.push({ contract: c.id, customer: c.billTo.id, sku, cur, price: c.quarterly ? r2(p / 4) : p, from: t.from, to: end, freq: c.quarterly ? "Quarterly" : "Annual" });
        continue;
      }
      const periods = c.quarterly ? [0, 3, 6, 9].map((m) => [addMonths(t.from, m), addDays(addMonths(t.from, m + 3), -1)] as const) : [[t.from, t.to] as const];
      for (const [pFrom, pTo] of periods) {
        const date = addDays(pFrom, c.quarterly ? -15 : -30);
        if (date < FIRST || date > LAST) continue;
        const lines: Line[] = [];
        const share = c.quarterly ? 0.25 : 1;
        let regular = regularOf(c, t, i);
        for (const [sku, p] of t.prices) {
          const q = t.seats.get(sku)!;
          if (extension && pFrom === t.from) {
            const extEnd = addDays(paidFrom, -1);
            const l = line(sku, cur, pFrom, q, 0, t.from, extEnd, "Extension", `${ITEMS[sku]!.desc} - extension ${t.from} - ${extEnd} at no charge (deal desk approval DD-${int(1000, 9999)})`);
            l.disc = 100;
            lines.push(l);
            const months = (12 - extension) / 12;
            lines.push(line(sku, cur, paidFrom, q, r2(p * months), paidFrom, pTo, "Recurring", `${ITEMS[sku]!.desc} - ${paidFrom} - ${pTo} (${12 - extension} months)`));
            regular = "free_extension_months";
          } else lines.push(line(sku, cur, pFrom, q, r2(p * share), pFrom, pTo, "Recurring"));
        }
        // True-up of the year before, measured at the anniversary, billed in arrears at that year's price.
        if (c.trueUp && i > 0 && pFrom === t.from) {
          const last = c.terms[i - 1]!;
          const main = c.items[0]!;
          const over = Math.max(1, Math.round(last.seats.get(main)! * uniform(0.03, 0.15)));
          // Measured by licence compliance five weeks before the anniversary: the year's usage to that day.
          const measured = addDays(pFrom, -35);
          const l = line(tu(main), cur, last.from, over, last.prices.get(main)!, last.from, measured, "True-up", `${ITEMS[tu(main)]!.desc}: ${over} users ${last.from} - ${measured}`);
          lines.push(l);
          if (regular !== "free_extension_months") regular = "true_up_in_arrears";
        }
        const d = newDoc({ date, cust: c.billTo, contract: c, endUser: c.endUser, lines, approver: extension && pFrom === t.from ? APPROVERS.dealDesk : c.approver, from: pFrom, to: pTo, regular: c.quarterly && regular !== "true_up_in_arrears" ? "quarterly_billing" : regular });
        if (c.quarterly && regular !== "true_up_in_arrears" && c.channel === "Partner") d.regular = "partner_deal";
        const tuLine = d.lines.find((l) => l.charge === "True-up");
        if (tuLine) measurements.push({ id: `LCM-${100000 + measurements.length}`, contract: c.id, customer: c.billTo.id, sku: tuLine.sku, qty: tuLine.qty, date: tuLine.to, invoice: d });
        yearDocs.push(d);
      }
      // Co-term add-on users during the year: the term's price for the days to its end.
      if (!c.legacy && chance(0.22)) {
        const main = c.items[0]!;
        const addFrom = dayIn(addMonths(t.from, 1), addMonths(t.from, 10));
        const date = addFrom;
        if (date >= FIRST && date <= LAST && addFrom <= t.to) {
          const days = daysBetween(addFrom, t.to) + 1;
          const n = Math.max(2, Math.round(t.seats.get(main)! * uniform(0.04, 0.2)));
          const lines: Line[] = [];
          const say = chance(0.55);
          for (const sku of c.items.filter((s) => s === main || s.startsWith("SUP"))) {
            const annual = t.prices.get(sku)!; // the year's price, whatever the billing frequency
            const l = line(sku, cur, addFrom, n, r2(annual * days / 365), addFrom, t.to, "Co-term", say
              ? `${ITEMS[sku]!.desc} - add-on users prorated ${days} days ${addFrom} - ${t.to}`
              : `Add-on: ${ITEMS[sku]!.desc.split(",")[0]}, co-termed to ${t.to} (${days} days)`);
            // The ERP prorates the list price too: the recorded discount is the deal's.
            l.list = r2(l.list * days / 365);
            l.disc = l.price < l.list ? r2((1 - l.price / l.list) * 100) : null;
            lines.push(l);
          }
          const d = newDoc({ date, cust: c.billTo, contract: c, endUser: c.endUser, lines, approver: c.approver, from: addFrom, to: t.to, regular: "coterm_addon" });
          yearDocs.push(d);
          t.seats.set(main, t.seats.get(main)! + n);
        }
      }
      // Professional services or training with the contract, off the price list (no contract price).
      if (chance(0.15)) {
        const sku = pick(["PS-DAY", "PS-DAY", "TRN-SEAT"]);
        const date = dayIn(t.from, t.to);
        if (date >= FIRST && date <= LAST) {
          const partner = c.channel === "Partner";
          const pct = partner ? TIER_DISCOUNT[c.billTo.tier!] : pick([0, 0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.4]);
          const approver = partner ? pick(APPROVERS.channel) : pct <= 0.1 ? "" : pct <= 0.2 ? pick(APPROVERS.salesManagers) : pct <= 0.35 ? pick(APPROVERS.rvps) : APPROVERS.dealDesk;
          const list = listPrice(sku, cur, date);
          const l = line(sku, cur, date, sku === "PS-DAY" ? int(2, 40) : int(3, 20), r2(list * (1 - pct)), date, date, "One-time", sku === "PS-DAY" ? `Consulting services - ${pick(["implementation", "data migration", "health check", "integration"])} per SOW` : ITEMS[sku]!.desc);
          l.disc = pct ? r2(pct * 100) : null;
          yearDocs.push(newDoc({ date, cust: c.billTo, contract: null, endUser: c.endUser, lines: [l], approver, regular: partner ? "partner_services_discount" : pct > 0.1 ? "services_discount_approved" : "services_order" }));
        }
      }
      // An SLA service credit against the year's invoice.
      const inv = yearDocs.find((d) => d.lines.some((l) => l.charge === "Recurring"));
      if (inv && chance(0.04)) {
        const amt = r2(inv.lines[0]!.amount * uniform(0.02, 0.1) / (c.quarterly ? 1 : 12));
        const date = addDays(inv.date, int(40, 200));
        if (date <= LAST) {
          const month = addMonths(inv.from, int(0, 2)).slice(0, 7);
          const cm = newDoc({ type: "Credit Memo", date, cust: c.billTo, contract: c, endUser: c.endUser, ref: inv, lines: [{ sku: "CR-SLA", desc: `Service credit - availability ${uniform(98.6, 99.85).toFixed(2)}% in ${month} (SLA target 99.9%)`, qty: 1, list: 0, price: amt, disc: null, amount: amt, from: month + "-01", to: month + "-28", charge: "Credit" }], approver: pick(APPROVERS.salesManagers), reason: "SLA credit", regular: "sla_credit" });
          yearDocs.push(cm);
        }
      }
      // A legacy maintenance customer migrating to a subscription mid-year: unused maintenance credited.
      if (c.legacy && i > 0 && chance(0.25)) {
        const maint = yearDocs.find((d) => d.lines.some((l) => l.sku === "MNT-STD" && l.charge === "Recurring"));
        const migrate = dayIn(addMonths(t.from, 2), addMonths(t.from, 9)).slice(0, 8) + "01";
        if (maint && migrate <= LAST && migrate > maint.date) {
          const days = daysBetween(migrate, t.to) + 1;
          const ml = maint.lines.find((l) => l.sku === "MNT-STD")!;
          const credit = r2(ml.amount * days / 365);
          newDoc({ type: "Credit Memo", date: addDays(migrate, -5), cust: c.billTo, contract: c, endUser: c.endUser, ref: maint, lines: [{ sku: "MNT-STD", desc: `Credit for unused maintenance ${migrate} - ${t.to} (${days} days), migration to subscription`, qty: ml.qty, list: ml.list, price: r2(credit / ml.qty), disc: null, amount: r2(r2(credit / ml.qty) * ml.qty), from: migrate, to: t.to, charge: "Credit" }], approver: APPROVERS.dealDesk, reason: "Migration", regular: "maintenance_migration_credit" });
          // The new subscription from the migration day: a contract of its own (3 years, locked).
          const sub: Contract = { id: `SUB-${String(700000 + contracts.length + docs.length)}`, billTo: c.billTo, endUser: c.endUser, channel: "Direct", approver: APPROVERS.dealDesk, quarterly: false, clause: "lock", cap: 0.05, terms: [], trueUp: false, items: ["SUB-ENT"], legacy: false };
          const p = r2(listPrice("SUB-ENT", cur, migrate) * 0.7);
          const q = ml.qty;
          sub.terms.push({ from: migrate, to: addDays(addMonths(migrate, 12), -1), prices: new Map([["SUB-ENT", p]]), seats: new Map([["SUB-ENT", q]]), kind: "new" });
          contractRows.push({ contract: sub.id, customer: c.billTo.id, sku: "SUB-ENT", cur, price: p, from: migrate, to: addDays(addMonths(migrate, 36), -1), freq: "Annual" });
          newDoc({ date: addDays(migrate, -5), cust: c.billTo, contract: sub, endUser: c.endUser, lines: [line("SUB-ENT", cur, migrate, q, p, migrate, sub.terms[0]!.to, "Recurring")], approver: APPROVERS.dealDesk, from: migrate, to: sub.terms[0]!.to, regular: "migration_new_subscription" });
          ended = true;
        }
      }
    }
    periodInvoices.set(c, byYear);
  }
  // Planted leaks: six of each kind, each its own document, with its true amount at risk.
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.regular = ""; d.leak = { kind, risk: r2(risk) }; return d; };
  const used = new Set<Doc>();
  const free = (d: Doc) => !used.has(d) && !d.leak && (used.add(d), true);
  const inWindow = (d: Doc) => d.date >= FIRST && d.date <= LAST;
  // Invoices credited in full after a PO change and re-issued under the new PO.
  // (An invoice so credited is no document a leak is planted on: its credit copies what it billed.)
  // (Nor one an SLA credit already names: the credit would name the re-issue.)
  const credited = new Set(docs.filter((x) => x.type === "Credit Memo").map((x) => x.ref));
  for (const d of docs.filter((x) => x.type === "Invoice" && x.date < "2026-09-01" && !credited.has(x) && chance(0.015))) {
    used.add(d);
    const date = addDays(d.date, int(5, 20));
    const cm = newDoc({ ...d, type: "Credit Memo", date, ref: d, lines: d.lines.map((l) => ({ ...l })), reason: "PO change", regular: "po_change_credit" });
    cm.tax = d.tax;
    const re = newDoc({ ...d, date: addDays(date, int(0, 2)), po: `PO-${int(10000, 99999)}`, lines: d.lines.map((l) => ({ ...l })), ref: null, reason: "Re-issued under new PO", regular: "po_change_reissue" });
    re.tax = d.tax;
    used.add(re);
  }

  const periodic = (f: (d: Doc) => boolean) => docs.filter((d) => d.type === "Invoice" && d.contract && inWindow(d) && !used.has(d) && f(d));
  const recurring = (d: Doc) => d.lines.filter((l) => l.charge === "Recurring");
  const termOf = (d: Doc) => d.contract!.terms.findIndex((t) => t.from <= d.from && d.from <= t.to);
  const repriceAt = (d: Doc, priceOf: (l: Line) => number) => {
    let risk = 0;
    for (const l of recurring(d)) { const p = priceOf(l); if (p < l.price) { risk += r2(l.qty * l.price) - r2(l.qty * p); l.price = p; l.amount = r2(l.qty * p); l.disc = l.list > 0 ? r2((1 - p / l.list) * 100) : null; } }
    d.tax = taxOfDoc(d);
    return risk;
  };
  for (const kind of LEAK_KINDS) for (let n = 0; n < 6; n++) {
    if (kind === "uplift_not_applied") {
      // The anniversary or renewal invoice keeps last year's price; the clause says uplift.
      const d = pick(periodic((x) => !x.contract!.quarterly && x.contract!.clause !== "lock" && termOf(x) > 1 && (x.regular === "renewal_capped_uplift" || x.regular === "annual_uplift_in_term")));
      free(d);
      const prev = d.contract!.terms[termOf(d) - 1]!;
      plant(d, kind, repriceAt(d, (l) => prev.prices.get(l.sku)!));
    } else if (kind === "promo_carried_past_year_one") {
      const d = pick(periodic((x) => !x.contract!.quarterly && x.contract!.clause === "promo" && termOf(x) === 1 && recurring(x).length > 0));
      free(d);
      const first = d.contract!.terms[0]!;
      plant(d, kind, repriceAt(d, (l) => first.prices.get(l.sku)!));
    } else if (kind === "ramp_never_ramped") {
      const d = pick(periodic((x) => !x.contract!.quarterly && x.contract!.clause === "ramp" && termOf(x) === 1 && recurring(x).length > 0));
      free(d);
      const first = d.contract!.terms[0]!;
      plant(d, kind, repriceAt(d, (l) => first.prices.get(l.sku)!));
    } else if (kind === "true_up_not_billed") {
      // Licence compliance measured the overage and the schedule put it on this invoice; the line was dropped.
      const d = pick(periodic((x) => x.lines.some((l) => l.charge === "True-up") && x.lines.length > 1));
      free(d);
      const l = d.lines.find((x) => x.charge === "True-up")!;
      d.lines = d.lines.filter((x) => x !== l);
      d.tax = taxOfDoc(d);
      plant(d, kind, l.amount);
    } else if (kind === "support_tier_below_delivered") {
      // Mission Critical support delivered (the contract), Premium billed at Premium's price off the list.
      const d = pick(periodic((x) => !x.contract!.quarterly && x.lines.some((l) => l.sku === "SUP-PLUS" && l.charge === "Recurring") && termOf(x) > 0));
      free(d);
      const l = d.lines.find((x) => x.sku === "SUP-PLUS")!;
      const cur = d.cust.entity.currency;
      const list = listPrice("SUP-PREM", cur, d.from);
      const due = l.amount;
      Object.assign(l, { sku: "SUP-PREM", desc: ITEMS["SUP-PREM"]!.desc, list, price: list, disc: null, amount: r2(l.qty * list) });
      d.tax = taxOfDoc(d);
      plant(d, kind, due - l.amount);
    } else if (kind === "discount_beyond_authority") {
      // A services order at 28–40 % off list approved by a sales manager (authority 20 %).
      const d = pick(docs.filter((x) => x.regular === "services_order" && !used.has(x) && inWindow(x)));
      free(d);
      const l = d.lines[0]!;
      const pct = r2(uniform(0.28, 0.4));
      l.price = r2(l.list * (1 - pct)); l.amount = r2(l.qty * l.price); l.disc = r2(pct * 100);
      d.approver = pick(APPROVERS.salesManagers);
      d.tax = taxOfDoc(d);
      plant(d, kind, l.qty * l.list * (pct - 0.2));
    } else if (kind === "coterm_wrong_days") {
      // The proration counted from the wrong day: 30–120 days fewer than the add-on runs.
      const d = pick(docs.filter((x) => x.regular === "coterm_addon" && !used.has(x) && daysBetween(x.from, x.to) > 150));
      free(d);
      const days = daysBetween(d.from, d.to) + 1, wrong = days - int(30, 120);
      const t = d.contract!.terms.find((x) => x.from <= d.from && d.from <= x.to)!;
      let risk = 0;
      for (const l of d.lines) { const p = r2(t.prices.get(l.sku)! * wrong / 365); risk += l.amount - r2(l.qty * p); l.price = p; l.amount = r2(l.qty * p); }
      d.tax = taxOfDoc(d);
      plant(d, kind, risk);
    } else if (kind === "duplicate_on_reissue") {
      // Re-issued under the new PO, the original never credited.
      const src = pick(periodic((x) => x.regular !== "po_change_reissue" && x.date < "2026-09-05"));
      free(src);
      const copy = newDoc({ ...src, date: addDays(src.date, int(6, 20)), po: `PO-${int(10000, 99999)}`, lines: src.lines.map((l) => ({ ...l })), reason: "Re-issued under new PO", regular: "" });
      copy.tax = src.tax;
      // A copy overbills the customer: no revenue lost, but the copy is owed back (a contract period
      // billed again: docs/analysis.md, duplicate_invoice's amount at risk), before its VAT — the
      // seller's credit note takes the tax back from the authority, not from its revenue.
      plant(copy, kind, copy.lines.reduce((sum, l) => sum + l.amount, 0));
    } else if (kind === "below_list_no_contract") {
      // Services billed 25–45 % below list, no discount recorded, no approval, no contract.
      const d = pick(docs.filter((x) => x.regular === "services_order" && !used.has(x) && inWindow(x)));
      free(d);
      const l = d.lines[0]!;
      const pct = uniform(0.25, 0.45);
      l.price = r2(l.list * (1 - pct)); l.amount = r2(l.qty * l.price); l.disc = null; d.approver = "";
      d.tax = taxOfDoc(d);
      plant(d, kind, l.qty * l.list * (pct - 0.1));
    } else if (kind === "renewal_not_invoiced") {
      // The year's renewal invoice never issued; the customer's add-on that year shows service went on.
      const cands = [...periodInvoices].filter(([c]) => !c.quarterly && !c.legacy).flatMap(([c, years]) => years.map((ds, i) => ({ c, ds, i }))).filter(({ c, ds, i }) => i > 0 && ds.some((d) => d.regular === "coterm_addon" && !used.has(d) && inWindow(d)) && ds.some((d) => d.lines.some((l) => l.charge === "Recurring") && inWindow(d) && !used.has(d) && !d.leak) && c.terms[i]!.kind !== "new");
      const { ds } = pick(cands);
      const renewal = ds.find((d) => d.lines.some((l) => l.charge === "Recurring"))!;
      const addon = ds.find((d) => d.regular === "coterm_addon")!;
      used.add(renewal); free(addon);
      docs.splice(docs.indexOf(renewal), 1);
      for (const m of measurements.filter((x) => x.invoice === renewal)) measurements.splice(measurements.indexOf(m), 1);
      plant(addon, kind, recurring(renewal).reduce((s, l) => s + l.amount, 0));
    } else if (kind === "credit_above_invoice") {
      // A credit memo naming an invoice for more than it billed (the new year's amount credited).
      const src = pick(periodic((x) => x.lines.some((l) => l.charge === "Recurring") && x.date < "2026-08-15"));
      free(src);
      const f = uniform(1.1, 1.6);
      const cm = newDoc({ ...src, type: "Credit Memo", date: addDays(src.date, int(10, 40)), ref: src, lines: src.lines.map((l) => ({ ...l, price: r2(l.price * f), amount: r2(l.qty * r2(l.price * f)) })), reason: "PO change", regular: "" });
      const srcNet = src.lines.reduce((s, l) => s + l.amount, 0);
      plant(cm, kind, cm.lines.reduce((s, l) => s + l.amount, 0) - srcNet);
    } else {
      // VAT left off a taxable invoice: the code and rate stated, the tax 0.
      const d = pick(periodic((x) => x.cust.taxRate > 0 && (x.cust.country === "GB" || x.cust.country === "DE")));
      free(d);
      plant(d, kind, d.tax);
      d.tax = 0;
    }
  }

  // Invoice numbers per entity in date order; credit memos their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  const seq = new Map<string, number>();
  for (const d of docs) {
    const key = `${d.cust.entity.prefix}${d.type}`;
    const n = (seq.get(key) ?? (d.type === "Invoice" ? 104000 : 20000)) + 1;
    seq.set(key, n);
    d.no = `${d.type === "Invoice" ? "INV" : "CM"}-${d.cust.entity.prefix}-${n}`;
  }
  const exported = docs.filter((d) => d.date >= FIRST && d.date <= LAST);
  const labels: Label[] = exported.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: d.cust.entity.currency, amount_at_risk: d.leak!.risk }));
  return { docs: exported, contractRows, measurements: measurements.filter((m) => exported.includes(m.invoice)), labels, customers, resellers, contracts };
}

const num = (v: number | null) => (v === null ? "" : v.toFixed(2));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeRenewals(seed: number, out: string) {
  const g = generateRenewals(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Legal Entity", "Operating Unit", "Invoice Number", "Transaction Type", "Invoice Date", "Bill-To Customer Number", "Bill-To Customer Name", "Bill-To Country", "Ship-To State", "Sales Channel", "Price Level", "End User", "Contract Number", "Customer PO", "Original Invoice", "Credit Reason", "Discount Approved By", "Service Start Date", "Service End Date", "Currency", "Invoice Subtotal", "Tax Code", "Tax Rate", "Tax Amount", "Invoice Total", "Line Number", "Item Number", "Line Description", "Charge Type", "Line Service Start", "Line Service End", "Quantity", "UOM", "List Price", "Discount %", "Unit Selling Price", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const subtotal = r2(d.lines.reduce((s, l) => s + l.amount, 0));
    d.lines.forEach((l, i) => rows.push([
      d.cust.entity.id, d.cust.entity.name, d.no, d.type, d.date, d.cust.id, d.cust.name, d.cust.country, d.cust.state, d.contract?.channel ?? (d.cust.tier ? "Partner" : "Direct"), d.cust.tier ? `Partner ${d.cust.tier}` : "Direct", d.endUser, d.contract?.id ?? "", d.po, d.ref?.no ?? "", d.reason, d.approver, d.from, d.to, d.cust.entity.currency,
      num(subtotal), d.cust.taxCode, `${+(d.cust.taxRate * 100).toFixed(3)}%`, num(d.tax), num(r2(subtotal + d.tax)), String(i + 1), l.sku, l.desc, l.charge, l.from, l.to, String(l.qty), ITEMS[l.sku]!.uom, l.list ? num(l.list) : "", l.disc === null ? "" : l.disc.toFixed(2), num(l.price), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  const priceRows: string[][] = [];
  for (const sku of Object.keys(ITEMS)) if (ITEMS[sku]!.usd > 0) for (const cur of ["USD", "GBP", "EUR"] as Currency[]) for (const from of ["2021-01-01", "2022-01-01", "2023-01-01", "2024-01-01", "2025-01-01", "2026-01-01"]) priceRows.push([sku, ITEMS[sku]!.desc, cur, ITEMS[sku]!.uom, num(listPrice(sku, cur, from)), from]);
  writeFileSync(join(out, "ref", "price_list.csv"), csv(["Item Number", "Description", "Currency", "UOM", "List Price", "Effective From"], priceRows));
  writeFileSync(join(out, "ref", "contract_price_schedule.csv"), csv(["Contract Number", "Customer Number", "Item Number", "Currency", "Agreed Unit Price", "Start Date", "End Date", "Billing Frequency"], g.contractRows.map((c) => [c.contract, c.customer, c.sku, c.cur, num(c.price), c.from, c.to, c.freq])));
  writeFileSync(join(out, "ref", "true_up_measurements.csv"), csv(["Measurement ID", "Contract Number", "Customer Number", "Item Number", "Users Over Entitlement", "Measured On", "Billing Invoice"], g.measurements.map((m) => [m.id, m.contract, m.customer, m.sku, String(m.qty), m.date, m.invoice.no])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular && !d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, resellers: g.resellers.length, contracts: g.contracts.length, contract_rows: g.contractRows.length, measurements: g.measurements.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeRenewals(Number(arg("--seed", "1901")), arg("--out", "/tmp/renewals-1901"))));
}
