// An independent billing data set (the thirtieth, 2026-11-28): a B2B SaaS company's usage-based
// billing with committed spend, January – October 2026, exported from its subscription billing
// system (a Zuora / Chargebee / Stripe Billing / Metronome-style invoice line export). Written from
// how such a system bills before reading the detectors.
//
// `invoice_lines.csv`: one row per invoice line with the document's header on each — invoice
// number, document type (Invoice, Credit Note), status (Posted, Paid, Voided) and when voided,
// invoice date, customer, subscription number (the contract: a subscription keeps its number through
// upgrades and renewals), plan, billing period, bill-to country and state, tax treatment (Taxable,
// Not Taxable, Reverse Charge) and jurisdiction, currency (USD, EUR, GBP), subtotal, tax rate, tax,
// total, related invoice (the voided invoice a re-issue replaces, the invoice a credit note credits),
// reason, created by, approved by; per line its type (Recurring, Proration, Usage, Commit Drawdown,
// Overage, Prepaid Commit, True-up, Discount, Credit), charge code (`SEAT-GROWTH`, `API-CALLS`,
// `API-OVG`, `DISC-PROMO`…), description, service start and end, quantity, unit (seat, month,
// K_CALLS, GB, HR, %, credit), tier, unit price, drawdown amount (what a usage line drew from the
// prepaid commit) and the credit grant a credit line applies, and the line amount. Beside it
// `ref/product_catalog.csv` (list prices per plan, charge and currency, tiers, a list increase on
// 2026-04-01), `ref/rate_plan_charges.csv` (each subscription's charges as the billing system holds
// them: a segment per term, the renewal's uplift a segment of its own, tiers with their pricing
// model, negotiated rates, the promotion's percentage and its end, the enterprise commit and its
// overage rates), `ref/rated_usage.csv` (what the rating engine rated per subscription, period and
// charge — the part drawn from the commit and the overage apart, the quarter's seats above the
// commitment — each with the invoice it was rated into) and `ref/credit_grants.csv` (credits granted
// with their amount and expiry).
//
// Regular business (hard negatives): seats in advance and usage in arrears on one invoice (a
// renewal's first invoice bills the month before at the old rates); volume tiers (one line at the
// tier the month's volume reaches) and graduated tiers (a line per tier, the included allowance a
// first tier at 0); seats added mid-month and upgrades from Starter to Growth prorated ("Unused time
// on…", "Remaining time on…"); negotiated rates below list; grandfathered prices after the list
// increase; a promotion's percentage for its N months; an annual prepaid commit invoiced at the
// term's start, drawn down month by month by usage lines at 0, overage beyond it billed in arrears at
// the contract's overage rate; quarterly seat true-ups; credit grants applied until used or expired;
// invoices voided and re-issued, or credited in full and re-issued; SLA credit notes; US states that
// do not tax SaaS, Texas taxing 80 % of it, EU customers under reverse charge, UK VAT.
// Planted (labelled per document, with the amount at risk): overage beyond the commit not billed,
// a quarter's seat true-up missed, a promotion still applied after its N months, usage priced at a
// lower tier than its volume, the old price after the renewal's uplift, a credit applied beyond its
// grant or after its expiry, an invoice billed twice (re-issued while the original stayed posted).
// Run: bun run bench/quality/saas-usage.ts --seed 3001 --out /tmp/saas
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, r2 } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "overage_not_billed" | "seat_trueup_missed" | "promo_after_expiry" | "usage_lower_tier" | "renewal_at_old_price" | "credit_beyond_grant" | "billed_twice_after_reissue";
export const LEAK_KINDS: LeakKind[] = ["overage_not_billed", "seat_trueup_missed", "promo_after_expiry", "usage_lower_tier", "renewal_at_old_price", "credit_beyond_grant", "billed_twice_after_reissue"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Cur = "USD" | "EUR" | "GBP";
type Plan = "Starter" | "Growth" | "Enterprise";
const FX: Record<Cur, number> = { USD: 1, EUR: 0.92, GBP: 0.79 };
const r4 = (v: number) => Math.round(v * 10000) / 10000;
/** A catalogue price in a currency: money to the cent, unit rates below a dollar to 1/10,000. */
const inCur = (usd: number, c: Cur) => (usd < 5 ? r4(usd * FX[c]) : r2(usd * FX[c]));
const LIST_INCREASE = "2026-04-01";
const FIRST_RUN = "2026-01-01";
const LAST_RUN = "2026-10-01";

interface Tier { from: number; to: number | null; price: number }
/** The catalogue in USD: per charge, its unit, pricing model and tiers (before and from the list increase). */
const CATALOG: Record<string, { plan: Plan; unit: string; model: string; text: string; before: Tier[]; after: Tier[]; period: string; timing: string }> = {
  "SEAT-STARTER": { plan: "Starter", unit: "seat", model: "Per Unit", text: "Starter seat", before: [{ from: 0, to: null, price: 25 }], after: [{ from: 0, to: null, price: 27 }], period: "Month", timing: "In Advance" },
  "API-CALLS-S": { plan: "Starter", unit: "K_CALLS", model: "Volume", text: "API calls (per 1,000)", before: [{ from: 0, to: 500, price: 0.6 }, { from: 500, to: 5000, price: 0.5 }, { from: 5000, to: null, price: 0.4 }], after: [{ from: 0, to: 500, price: 0.6 }, { from: 500, to: 5000, price: 0.5 }, { from: 5000, to: null, price: 0.4 }], period: "Month", timing: "In Arrears" },
  "PLAT-GROWTH": { plan: "Growth", unit: "month", model: "Flat Fee", text: "Growth platform fee", before: [{ from: 0, to: null, price: 499 }], after: [{ from: 0, to: null, price: 549 }], period: "Month", timing: "In Advance" },
  "SEAT-GROWTH": { plan: "Growth", unit: "seat", model: "Per Unit", text: "Growth seat", before: [{ from: 0, to: null, price: 45 }], after: [{ from: 0, to: null, price: 49 }], period: "Month", timing: "In Advance" },
  "API-CALLS-G": { plan: "Growth", unit: "K_CALLS", model: "Tiered", text: "API calls (per 1,000)", before: [{ from: 0, to: 1000, price: 0 }, { from: 1000, to: 10000, price: 0.4 }, { from: 10000, to: null, price: 0.3 }], after: [{ from: 0, to: 1000, price: 0 }, { from: 1000, to: 10000, price: 0.4 }, { from: 10000, to: null, price: 0.3 }], period: "Month", timing: "In Arrears" },
  "STORAGE-GB": { plan: "Growth", unit: "GB", model: "Tiered", text: "Storage (GB-month)", before: [{ from: 0, to: 100, price: 0 }, { from: 100, to: 1000, price: 0.1 }, { from: 1000, to: null, price: 0.08 }], after: [{ from: 0, to: 100, price: 0 }, { from: 100, to: 1000, price: 0.1 }, { from: 1000, to: null, price: 0.08 }], period: "Month", timing: "In Arrears" },
  "SEAT-ENT": { plan: "Enterprise", unit: "seat", model: "Per Unit", text: "Enterprise seat (annual)", before: [{ from: 0, to: null, price: 480 }], after: [{ from: 0, to: null, price: 480 }], period: "Annual", timing: "In Advance" },
  "COMMIT-PREPAY": { plan: "Enterprise", unit: "commit", model: "Flat Fee", text: "Annual prepaid usage commitment", before: [{ from: 0, to: null, price: 0 }], after: [{ from: 0, to: null, price: 0 }], period: "Annual", timing: "In Advance" },
  "API-CALLS-E": { plan: "Enterprise", unit: "K_CALLS", model: "Per Unit", text: "API calls (per 1,000), drawn from commit", before: [{ from: 0, to: null, price: 0.25 }], after: [{ from: 0, to: null, price: 0.25 }], period: "Month", timing: "In Arrears" },
  "COMPUTE-HR": { plan: "Enterprise", unit: "HR", model: "Per Unit", text: "Compute hours, drawn from commit", before: [{ from: 0, to: null, price: 0.12 }], after: [{ from: 0, to: null, price: 0.12 }], period: "Month", timing: "In Arrears" },
  "API-OVG": { plan: "Enterprise", unit: "K_CALLS", model: "Per Unit", text: "API calls overage (per 1,000)", before: [{ from: 0, to: null, price: 0.32 }], after: [{ from: 0, to: null, price: 0.32 }], period: "Month", timing: "In Arrears" },
  "COMPUTE-OVG": { plan: "Enterprise", unit: "HR", model: "Per Unit", text: "Compute hours overage", before: [{ from: 0, to: null, price: 0.15 }], after: [{ from: 0, to: null, price: 0.15 }], period: "Month", timing: "In Arrears" },
  "SEAT-TRUEUP": { plan: "Enterprise", unit: "seat", model: "Per Unit", text: "Seat true-up (per seat-quarter)", before: [{ from: 0, to: null, price: 120 }], after: [{ from: 0, to: null, price: 120 }], period: "Quarter", timing: "In Arrears" },
};
/** The invoice shows one code per metric; the catalogue keys a plan's own tiers. */
const invoiceCode = (code: string) => code.replace(/-[SGE]$/, "");

const US_STATES: { state: string; rate: number; base: number; taxable: boolean }[] = [
  { state: "NY", rate: 8.875, base: 1, taxable: true }, { state: "TX", rate: 6.25, base: 0.8, taxable: true }, { state: "WA", rate: 10.25, base: 1, taxable: true },
  { state: "PA", rate: 6, base: 1, taxable: true }, { state: "CA", rate: 0, base: 0, taxable: false }, { state: "IL", rate: 0, base: 0, taxable: false },
  { state: "MA", rate: 6.25, base: 1, taxable: true }, { state: "CO", rate: 0, base: 0, taxable: false }, { state: "FL", rate: 0, base: 0, taxable: false },
];
const EU = ["DE", "FR", "NL", "ES", "IT", "SE"];

interface Segment { from: string; to: string; prices: Record<string, Tier[]> }
interface Customer {
  id: string; name: string; sub: string; plan: Plan; planFrom?: string; upgradeOn?: string; cur: Cur; country: string; state: string; start: string;
  seats: number; apiMedian: number; gbMedian: number; hrMedian: number; segments: Segment[]; uplift: number; negotiated: number;
  promo?: { code: string; pct: number; from: string; to: string }; commitSeats: number; commits: { from: string; to: string; amount: number; balance: number }[];
  grant?: { id: string; amount: number; granted: string; expires: string; left: number };
}
interface Line { type: string; code: string; text: string; from: string; to: string; qty: number; unit: string; tier: string; price: number; draw: number; grant: string; amount: number }
interface Doc {
  no: string; type: "Invoice" | "Credit Note"; status: string; voidedAt: string; date: string; c: Customer; plan: Plan; period: [string, string];
  related: string; reason: string; user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Rated { id: string; c: Customer; code: string; from: string; to: string; qty: number; unit: string; doc: Doc }

const subtotal = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
const fmt = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}/${d.slice(0, 4)}`;

export function generateSaas(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const names = ["Acme", "Northwind", "Globex", "Initech", "Umbrella", "Hooli", "Vandelay", "Stark", "Wayne", "Tyrell", "Soylent", "Cyberdyne", "Wonka", "Oceanic", "Pied Piper", "Massive", "Aperture", "Gringotts", "Dunder", "Prestige"];
  const suffixes = ["Labs", "Analytics", "Health", "Logistics", "Retail", "Systems", "Media", "Robotics", "Finance", "Energy", "Foods", "Cloud"];

  /** A charge's tiers in a currency, at the list in force on `day`, scaled by `factor`. */
  const listTiers = (code: string, cur: Cur, day: string, factor = 1): Tier[] => (day < LIST_INCREASE ? CATALOG[code]!.before : CATALOG[code]!.after).map((t) => ({ ...t, price: inCur(t.price * factor, cur) }));
  const customers: Customer[] = [];
  for (let i = 0; i < 420; i++) {
    const r = rnd();
    const plan: Plan = r < 0.42 ? "Starter" : r < 0.82 ? "Growth" : "Enterprise";
    const geo = rnd();
    const cur: Cur = geo < 0.62 ? "USD" : geo < 0.85 ? "EUR" : "GBP";
    const country = cur === "USD" ? "US" : cur === "GBP" ? "GB" : pick(EU);
    const state = country === "US" ? pick(US_STATES).state : "";
    // Start: most before the window, some during it (new business, 1st of a month).
    const start = chance(0.8) ? `${pick(["2024", "2025", "2025"])}-${String(int(1, 12)).padStart(2, "0")}-01` : `2026-${String(int(1, 8)).padStart(2, "0")}-01`;
    const c: Customer = {
      id: `CUS-${String(10_000 + i * 7)}`, name: `${pick(names)} ${pick(suffixes)} ${pick(["Inc.", "LLC", "GmbH", "Ltd", "SAS", "BV"])}`, sub: `A-S${String(100_000 + i)}`, plan, cur, country, state, start,
      seats: plan === "Starter" ? int(2, 12) : plan === "Growth" ? int(8, 60) : int(50, 400), apiMedian: plan === "Starter" ? 700 : plan === "Growth" ? 6000 : 40_000,
      gbMedian: int(80, 2500), hrMedian: int(5000, 40_000), segments: [], uplift: pick([0.05, 0.06, 0.07, 0.08]), negotiated: plan === "Growth" && chance(0.3) ? pick([0.1, 0.15, 0.2]) : 0, commitSeats: 0, commits: [],
    };
    c.commitSeats = c.seats;
    customers.push(c);
  }
  // Terms: Starter is month to month at list (the list increase reaches it); Growth and Enterprise
  // sign annual terms at the list of their start (grandfathered), renewed with the contract's uplift.
  const RATED_CODES: Record<Plan, string[]> = { Starter: ["SEAT-STARTER", "API-CALLS-S"], Growth: ["PLAT-GROWTH", "SEAT-GROWTH", "API-CALLS-G", "STORAGE-GB"], Enterprise: ["SEAT-ENT", "API-CALLS-E", "COMPUTE-HR", "API-OVG", "COMPUTE-OVG", "SEAT-TRUEUP"] };
  const makeSegments = (c: Customer, plan: Plan, from: string, until: string) => {
    if (plan === "Starter") {
      const cut = from < LIST_INCREASE && until >= LIST_INCREASE;
      const price = (day: string) => Object.fromEntries(RATED_CODES.Starter.map((k) => [k, listTiers(k, c.cur, day)]));
      if (cut) c.segments.push({ from, to: addDays(LIST_INCREASE, -1), prices: price(from) }, { from: LIST_INCREASE, to: until, prices: price(LIST_INCREASE) });
      else c.segments.push({ from, to: until, prices: price(from) });
      return;
    }
    const rateFactor = plan === "Enterprise" ? between(0.85, 1.1) : 1;
    for (let k = 0, s = from; s <= until; k++, s = addMonths(s, 12)) {
      const f = Math.pow(1 + c.uplift, k);
      const prices: Record<string, Tier[]> = {};
      for (const code of RATED_CODES[plan]) {
        const neg = code === "PLAT-GROWTH" || code === "SEAT-GROWTH" ? 1 - c.negotiated : 1;
        prices[code] = listTiers(code, c.cur, from, f * neg * (code.startsWith("SEAT") ? 1 : rateFactor));
      }
      c.segments.push({ from: s, to: addDays(addMonths(s, 12), -1) < until ? addDays(addMonths(s, 12), -1) : until, prices });
    }
  };
  const END = "2026-12-31";
  for (const c of customers) {
    if (c.plan === "Starter" && chance(0.12)) {
      // An upgrade to Growth on a day of a month inside the window.
      const m = `2026-0${int(1, 8)}-01`;
      if (m > c.start) { c.upgradeOn = addDays(m, int(3, 25)); c.planFrom = "Starter"; }
    }
    if (c.upgradeOn) { makeSegments(c, "Starter", c.start, addDays(c.upgradeOn, -1)); c.plan = "Growth"; makeSegments(c, "Growth", c.upgradeOn, END); }
    else makeSegments(c, c.plan, c.start, END);
    if (c.plan === "Enterprise") {
      for (const seg of c.segments) {
        const monthly = c.apiMedian * seg.prices["API-CALLS-E"]![0]!.price + c.hrMedian * seg.prices["COMPUTE-HR"]![0]!.price;
        const amount = Math.round((monthly * 12 * between(0.75, 1.3)) / 1000) * 1000;
        c.commits.push({ from: seg.from, to: seg.to, amount, balance: amount });
      }
    }
    // Promotions: new business of 2025-10 onwards, 20 % for 3 months (Starter) or 15 % for 6 (Growth).
    if (c.start >= "2025-10-01" && c.plan !== "Enterprise" && !c.upgradeOn && chance(0.6)) {
      const [code, pct, n] = c.plan === "Starter" ? ["LAUNCH20", 20, 3] : ["GROWTH15", 15, 6] as const;
      c.promo = { code: String(code), pct: Number(pct), from: c.start, to: addDays(addMonths(c.start, Number(n)), -1) };
    }
    // Credit grants: onboarding or goodwill credit, 6 or 12 months to use.
    if (c.plan !== "Starter" && chance(0.18)) {
      const granted = `2025-${String(int(9, 12)).padStart(2, "0")}-${String(int(1, 28)).padStart(2, "0")}`;
      const g = chance(0.5) ? granted : `2026-0${int(1, 6)}-${String(int(1, 28)).padStart(2, "0")}`;
      const amount = inCur(pick([250, 500, 1000, 2000, 5000]), c.cur);
      c.grant = { id: `CG-${c.id.slice(4)}-${g.slice(2, 4)}${g.slice(5, 7)}`, amount, granted: g > c.start ? g : c.start, expires: addMonths(g > c.start ? g : c.start, pick([6, 12])), left: amount };
    }
  }
  const segAt = (c: Customer, day: string) => c.segments.find((s) => s.from <= day && day <= s.to)!;
  const planAt = (c: Customer, day: string): Plan => (c.upgradeOn && day < c.upgradeOn ? "Starter" : c.plan);

  const docs: Doc[] = [];
  const rated: Rated[] = [];
  const labels: Label[] = [];
  const quota: Record<LeakKind, number> = Object.fromEntries(LEAK_KINDS.map((k) => [k, 5])) as Record<LeakKind, number>;
  const rate: Record<LeakKind, number> = { overage_not_billed: 0.12, seat_trueup_missed: 0.12, promo_after_expiry: 0.25, usage_lower_tier: 0.01, renewal_at_old_price: 0.25, credit_beyond_grant: 0.15, billed_twice_after_reissue: 0.003 };
  const plant = (k: LeakKind, eligible: boolean) => (eligible && quota[k] > 0 && chance(rate[k]) ? (quota[k]--, true) : false);
  const users = ["ar.nguyen", "ar.okafor", "billing.schmidt"];
  const approvers = ["controller.davis", "finance.lee"];
  let invNo = 0, cnNo = 0, usageNo = 0;
  const newDoc = (c: Customer, date: string, period: [string, string], regular: string): Doc => ({ no: `INV-${String(++invNo + 20_000).padStart(7, "0")}`, type: "Invoice", status: chance(0.7) ? "Paid" : "Posted", voidedAt: "", date, c, plan: planAt(c, date), period, related: "", reason: "", user: "billing-run", approver: "", lines: [], regular });
  const rate1 = (c: Customer, code: string, day: string) => segAt(c, day).prices[code]![0]!.price;
  const line = (type: string, code: string, text: string, from: string, to: string, qty: number, unit: string, price: number, amount = r2(qty * price), tier = ""): Line => ({ type, code, text, from, to, qty, unit, tier, price, draw: 0, grant: "", amount });

  // Usage a month, drawn once per customer and month so that plants change no one's volume.
  const usage = new Map<string, { api: number; gb: number; hr: number; added: number; addedOn: string; peak: number }>();
  const usageOf = (c: Customer, m: string) => {
    const k = c.id + m;
    if (!usage.has(k)) {
      const added = chance(0.14) ? int(1, c.plan === "Enterprise" ? 30 : 4) : 0;
      usage.set(k, { api: Math.max(1, Math.round(logn(c.apiMedian, 0.55))), gb: Math.max(1, Math.round(logn(c.gbMedian, 0.4))), hr: Math.max(1, Math.round(logn(c.hrMedian, 0.45))), added, addedOn: addDays(m, int(2, 26)), peak: c.commitSeats + (chance(0.45) ? int(1, Math.max(2, Math.round(c.commitSeats * 0.15))) : 0) });
    }
    return usage.get(k)!;
  };
  const tierOf = (tiers: Tier[], q: number) => tiers.filter((t) => q >= t.from).at(-1)!;

  for (let run = "2025-01-01"; run <= LAST_RUN; run = addMonths(run, 1)) {
    const prev = addMonths(run, -1), prevEnd = addDays(run, -1);
    for (const c of customers) {
      if (c.start > run) continue;
      const emit = run >= FIRST_RUN;
      const plan = planAt(c, run);
      // Enterprise: the annual prepaid commit and seats at the term's start, on their own invoice.
      if (plan === "Enterprise") {
        const commit = c.commits.find((t) => t.from === run);
        if (commit) {
          const d = newDoc(c, run, [commit.from, commit.to], commit.from === c.start ? "annual_prepaid_commit_new" : "annual_prepaid_commit_renewal");
          d.lines.push(line("Prepaid Commit", "COMMIT-PREPAY", `Annual prepaid usage commitment ${fmt(commit.from)} – ${fmt(commit.to)}`, commit.from, commit.to, 1, "commit", commit.amount));
          let seatPrice = rate1(c, "SEAT-ENT", run);
          const old = commit.from !== c.start ? rate1(c, "SEAT-ENT", addDays(run, -1)) : seatPrice;
          if (emit && old < seatPrice && plant("renewal_at_old_price", true)) { d.leak = { kind: "renewal_at_old_price", risk: r2(c.commitSeats * (seatPrice - old)) }; seatPrice = old; }
          d.lines.push(line("Recurring", "SEAT-ENT", `Enterprise seats (annual) ${fmt(commit.from)} – ${fmt(commit.to)}`, commit.from, commit.to, c.commitSeats, "seat", seatPrice));
          if (emit) docs.push(d);
        }
      }
      const seg = segAt(c, run);
      const renewal = plan !== "Starter" && seg.from === run && run !== c.start;
      const d = newDoc(c, run, [run, monthEnd(run)], "monthly_invoice");
      const tags: string[] = [];
      // In advance: the subscription for this month.
      if (plan === "Starter") {
        d.lines.push(line("Recurring", "SEAT-STARTER", `Starter seat × ${c.seats} (${fmt(run)} – ${fmt(monthEnd(run))})`, run, monthEnd(run), c.seats, "seat", rate1(c, "SEAT-STARTER", run)));
        if (run === LIST_INCREASE) tags.push("list_increase_month");
      } else if (plan === "Growth") {
        let plat = rate1(c, "PLAT-GROWTH", run), seat = rate1(c, "SEAT-GROWTH", run);
        if (renewal) {
          tags.push("renewal_with_uplift");
          const op = rate1(c, "PLAT-GROWTH", prevEnd), os = rate1(c, "SEAT-GROWTH", prevEnd);
          if (emit && plant("renewal_at_old_price", true)) { d.leak = { kind: "renewal_at_old_price", risk: r2(plat - op + c.seats * (seat - os)) }; plat = op; seat = os; }
        }
        d.lines.push(line("Recurring", "PLAT-GROWTH", `Growth platform fee (${fmt(run)} – ${fmt(monthEnd(run))})`, run, monthEnd(run), 1, "month", plat));
        d.lines.push(line("Recurring", "SEAT-GROWTH", `Growth seat × ${c.seats} (${fmt(run)} – ${fmt(monthEnd(run))})`, run, monthEnd(run), c.seats, "seat", seat));
        if (c.negotiated) tags.push("negotiated_rate");
        if (c.start < LIST_INCREASE && run >= LIST_INCREASE && !c.negotiated) tags.push("grandfathered_price");
      }
      // In arrears: last month's usage, seats added during it (prorated), an upgrade during it.
      if (c.start <= prev) {
        const u = usageOf(c, prev);
        const pPlan = planAt(c, prevEnd);
        if (c.upgradeOn && c.upgradeOn > prev && c.upgradeOn <= prevEnd) {
          const n = days(c.upgradeOn, run), md = days(prev, run), f = n / md;
          const sp = rate1(c, "SEAT-STARTER", addDays(c.upgradeOn, -1));
          d.lines.push(line("Proration", "SEAT-STARTER", `Unused time on ${c.seats} × Starter seat after ${fmt(c.upgradeOn)}`, c.upgradeOn, prevEnd, -c.seats, "seat", sp, -r2(c.seats * sp * f)));
          d.lines.push(line("Proration", "PLAT-GROWTH", `Remaining time on Growth platform fee after ${fmt(c.upgradeOn)}`, c.upgradeOn, prevEnd, 1, "month", rate1(c, "PLAT-GROWTH", c.upgradeOn), r2(rate1(c, "PLAT-GROWTH", c.upgradeOn) * f)));
          d.lines.push(line("Proration", "SEAT-GROWTH", `Remaining time on ${c.seats} × Growth seat after ${fmt(c.upgradeOn)}`, c.upgradeOn, prevEnd, c.seats, "seat", rate1(c, "SEAT-GROWTH", c.upgradeOn), r2(c.seats * rate1(c, "SEAT-GROWTH", c.upgradeOn) * f)));
          tags.push("upgrade_prorated");
        }
        const upgradedInMonth = !!c.upgradeOn && c.upgradeOn > prev && c.upgradeOn <= prevEnd;
        if (upgradedInMonth) u.added = 0;
        if (u.added && pPlan !== "Enterprise") {
          const code = pPlan === "Starter" ? "SEAT-STARTER" : "SEAT-GROWTH";
          const p = rate1(c, code, u.addedOn), f = days(u.addedOn, run) / days(prev, run);
          d.lines.push(line("Proration", code, `Prorated charge for ${u.added} seat(s) added ${fmt(u.addedOn)} – ${fmt(prevEnd)}`, u.addedOn, prevEnd, u.added, "seat", p, r2(u.added * p * f)));
          tags.push("seats_added_prorated");
        }
        if (pPlan === "Starter") {
          const tiers = segAt(c, prevEnd).prices["API-CALLS-S"]!;
          const t = tierOf(tiers, u.api);
          let price = t.price;
          const lower = tiers.find((x) => x.from > t.from);
          if (emit && lower && plant("usage_lower_tier", true)) { price = lower.price; d.leak = { kind: "usage_lower_tier", risk: r2(u.api * (t.price - price)) }; }
          d.lines.push(line("Usage", "API-CALLS", `API calls ${fmt(prev)} – ${fmt(prevEnd)} (volume tier from ${t.from.toLocaleString("en-US")}K)`, prev, prevEnd, u.api, "K_CALLS", price, r2(u.api * price), `${t.from}+`));
          if (u.api >= 500) tags.push("volume_tier");
          rated.push({ id: `UR-${++usageNo}`, c, code: "API-CALLS", from: prev, to: prevEnd, qty: u.api, unit: "K_CALLS", doc: d });
        } else if (pPlan === "Growth") {
          for (const [code, q, metric] of [["API-CALLS-G", u.api, "API calls"], ["STORAGE-GB", u.gb, "Storage"]] as const) {
            const tiers = segAt(c, prevEnd).prices[code]!;
            for (const t of tiers) {
              const inTier = Math.max(0, Math.min(q, t.to ?? Infinity) - t.from);
              if (!inTier) continue;
              const label = t.price === 0 ? `${metric} — included (first ${t.to!.toLocaleString("en-US")})` : `${metric} — tier ${t.from.toLocaleString("en-US")}${t.to ? `–${t.to.toLocaleString("en-US")}` : "+"}`;
              d.lines.push(line("Usage", invoiceCode(code), `${label} ${fmt(prev)} – ${fmt(prevEnd)}`, prev, prevEnd, inTier, CATALOG[code]!.unit, t.price, r2(inTier * t.price), `${t.from}-${t.to ?? ""}`));
            }
            rated.push({ id: `UR-${++usageNo}`, c, code: invoiceCode(code), from: prev, to: prevEnd, qty: q, unit: CATALOG[code]!.unit, doc: d });
          }
          tags.push("graduated_tiers_included_allowance");
        } else {
          // Enterprise: drawn from the term's commit at the contract rates; beyond it, overage.
          const commit = c.commits.find((t) => t.from <= prev && prev <= t.to)!;
          let withheld = 0;
          const ovgLines: Line[] = [];
          let exhausted = false;
          const drawLines: Line[] = [];
          for (const [code, ovg, q, unit, metric] of [["API-CALLS-E", "API-OVG", u.api, "K_CALLS", "API calls"], ["COMPUTE-HR", "COMPUTE-OVG", u.hr, "HR", "Compute hours"]] as const) {
            const p = rate1(c, code, prevEnd);
            const covered = Math.min(q, Math.floor(commit.balance / p));
            commit.balance = r2(commit.balance - covered * p);
            const over = q - covered;
            if (covered > 0) drawLines.push({ ...line("Commit Drawdown", invoiceCode(code), `${metric} ${fmt(prev)} – ${fmt(prevEnd)}, drawn from prepaid commit (remaining ${commit.balance.toFixed(2)})`, prev, prevEnd, covered, unit, p, 0), draw: r2(covered * p) });
            if (covered > 0) rated.push({ id: `UR-${++usageNo}`, c, code: invoiceCode(code), from: prev, to: prevEnd, qty: covered, unit, doc: d });
            if (over > 0) {
              exhausted = true;
              const op = rate1(c, ovg, prevEnd);
              ovgLines.push(line("Overage", ovg, `${metric} beyond the prepaid commit ${fmt(prev)} – ${fmt(prevEnd)}`, prev, prevEnd, over, unit, op));
              rated.push({ id: `UR-${++usageNo}`, c, code: ovg, from: prev, to: prevEnd, qty: over, unit, doc: d });
            }
          }
          if (exhausted && emit && plant("overage_not_billed", true)) {
            // The invoice drew the whole month from a commit already spent: no overage line.
            withheld = r2(ovgLines.reduce((s, l) => s + l.amount, 0));
            for (const o of ovgLines) {
              const dl = drawLines.find((x) => x.unit === o.unit);
              if (dl) { dl.qty += o.qty; dl.draw = r2(dl.draw + o.qty * dl.price); } else drawLines.push({ ...line("Commit Drawdown", o.code === "API-OVG" ? "API-CALLS" : "COMPUTE-HR", o.text.replace("beyond the prepaid commit", "drawn from prepaid commit"), o.from, o.to, o.qty, o.unit, o.price, 0), draw: o.amount });
            }
            d.leak = { kind: "overage_not_billed", risk: withheld };
            ovgLines.length = 0;
          }
          d.lines.push(...drawLines, ...ovgLines);
          tags.push(ovgLines.length ? "commit_exhausted_overage" : "commit_drawdown_at_zero");
          // The quarter's seat true-up on the invoice after its last month.
          if (["2026-04-01", "2026-07-01", "2026-10-01", "2025-04-01", "2025-07-01", "2025-10-01"].includes(run)) {
            const peak = Math.max(...[1, 2, 3].map((k) => usageOf(c, addMonths(run, -k)).peak));
            const extra = peak - c.commitSeats;
            if (extra > 0) {
              const tp = rate1(c, "SEAT-TRUEUP", prevEnd);
              const r = { id: `UR-${++usageNo}`, c, code: "SEAT-TRUEUP", from: addMonths(run, -3), to: prevEnd, qty: extra, unit: "seat", doc: d };
              rated.push(r);
              if (emit && !d.leak && plant("seat_trueup_missed", true)) d.leak = { kind: "seat_trueup_missed", risk: r2(extra * tp) };
              else { d.lines.push(line("True-up", "SEAT-TRUEUP", `Seat true-up: peak ${peak} seats vs ${c.commitSeats} committed, ${fmt(addMonths(run, -3))} – ${fmt(prevEnd)}`, addMonths(run, -3), prevEnd, extra, "seat", tp)); tags.push("seat_trueup"); }
            }
          }
        }
        if (pPlan !== "Enterprise") c.seats += u.added;
        else c.commitSeats = c.commitSeats; // enterprise seats are committed per term; extra seats are trued up
      }
      // The promotion's percentage on the subscription charges for its N months.
      if (c.promo) {
        const base = r2(d.lines.filter((l) => l.type === "Recurring").reduce((s, l) => s + l.amount, 0));
        const inWindow = run >= c.promo.from && run <= c.promo.to;
        const after = run > c.promo.to && run <= addMonths(c.promo.to, 3);
        if (inWindow) { d.lines.push(line("Discount", "DISC-PROMO", `Promotion ${c.promo.code}: ${c.promo.pct} % off subscription (until ${fmt(c.promo.to)})`, run, monthEnd(run), base, "%", c.promo.pct, -r2((base * c.promo.pct) / 100))); tags.push("promotion_in_window"); }
        else if (after && emit && !d.leak && plant("promo_after_expiry", true)) {
          const amt = r2((base * c.promo.pct) / 100);
          d.lines.push(line("Discount", "DISC-PROMO", `Promotion ${c.promo.code}: ${c.promo.pct} % off subscription`, run, monthEnd(run), base, "%", c.promo.pct, -amt));
          d.leak = { kind: "promo_after_expiry", risk: amt };
        }
      }
      // A credit grant applied until used or expired.
      const g = c.grant;
      if (g && run >= g.granted.slice(0, 8) + "01") {
        const sub = subtotal(d);
        if (run <= g.expires && g.left > 0 && sub > 0) {
          const applied = Math.min(g.left, sub);
          g.left = r2(g.left - applied);
          d.lines.push({ ...line("Credit", "CREDIT-APPLIED", `Credit grant ${g.id} applied (balance ${g.left.toFixed(2)}, expires ${fmt(g.expires)})`, run, run, 1, "credit", -applied), grant: g.id });
          tags.push("credit_grant_applied");
        } else if (emit && !d.leak && sub > 0 && run > g.expires && run <= addMonths(g.expires, 4) && plant("credit_beyond_grant", true)) {
          const applied = Math.min(sub, g.left > 0 ? g.left : r2(g.amount * 0.4));
          d.lines.push({ ...line("Credit", "CREDIT-APPLIED", `Credit grant ${g.id} applied`, run, run, 1, "credit", -applied), grant: g.id });
          d.leak = { kind: "credit_beyond_grant", risk: applied };
        } else if (emit && !d.leak && sub > 0 && g.left === 0 && run <= g.expires && plant("credit_beyond_grant", true)) {
          const applied = Math.min(sub, r2(g.amount * 0.5));
          d.lines.push({ ...line("Credit", "CREDIT-APPLIED", `Credit grant ${g.id} applied (balance 0.00, expires ${fmt(g.expires)})`, run, run, 1, "credit", -applied), grant: g.id });
          d.leak = { kind: "credit_beyond_grant", risk: applied };
        }
      }
      if (!d.lines.length || !emit) continue;
      const order = ["upgrade_prorated", "renewal_with_uplift", "seat_trueup", "commit_exhausted_overage", "credit_grant_applied", "promotion_in_window", "seats_added_prorated", "commit_drawdown_at_zero", "negotiated_rate", "grandfathered_price", "list_increase_month", "volume_tier", "graduated_tiers_included_allowance"];
      d.regular = order.find((t) => tags.includes(t)) ?? "monthly_invoice";
      if (d.regular === "monthly_invoice" && c.country !== "US") d.regular = c.cur === "EUR" ? "reverse_charge_eur" : "uk_vat_gbp";
      docs.push(d);
      // Voided and re-issued (a PO number added, an address corrected), or credited in full and re-issued.
      if (!d.leak) {
        const k = rnd();
        if (k < 0.022 || plant("billed_twice_after_reissue", true)) {
          const leak = k >= 0.022;
          const again: Doc = { ...d, no: `INV-${String(++invNo + 20_000).padStart(7, "0")}`, date: addDays(run, int(2, 12)), related: d.no, reason: pick(["REISSUE_PO_NUMBER", "REISSUE_BILL_TO_CORRECTED", "REISSUE_TAX_ID_ADDED"]), user: pick(users), approver: pick(approvers), lines: d.lines.map((l) => ({ ...l })), regular: "reissued_invoice" };
          if (leak) again.leak = { kind: "billed_twice_after_reissue", risk: subtotal(d) };
          else { d.status = "Voided"; d.voidedAt = again.date; d.regular = "voided_invoice"; }
          for (const r of rated) if (r.doc === d) r.doc = again;
          docs.push(again);
        } else if (k < 0.03) {
          const date = addDays(run, int(2, 15));
          docs.push({ ...d, no: `CN-${String(++cnNo + 5000).padStart(6, "0")}`, type: "Credit Note", status: "Posted", date, related: d.no, reason: "FULL_CREDIT_BEFORE_REISSUE", user: pick(users), approver: pick(approvers), lines: d.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount, draw: -l.draw })), regular: "full_credit_note" });
          const again: Doc = { ...d, no: `INV-${String(++invNo + 20_000).padStart(7, "0")}`, date, related: d.no, reason: "REISSUE_AFTER_CREDIT", user: pick(users), approver: pick(approvers), lines: d.lines.map((l) => ({ ...l })), regular: "reissued_after_credit_note" };
          for (const r of rated) if (r.doc === d) r.doc = again;
          docs.push(again);
        } else if (k < 0.04 && plan !== "Starter") {
          // An SLA credit note: a share of the month's subscription for an outage.
          const sub = r2(d.lines.filter((l) => l.type === "Recurring").reduce((s, l) => s + l.amount, 0));
          const pct = pick([5, 10, 15]);
          if (sub > 0) docs.push({ ...d, no: `CN-${String(++cnNo + 5000).padStart(6, "0")}`, type: "Credit Note", status: "Posted", date: addDays(run, int(5, 25)), related: d.no, reason: "SLA_CREDIT", user: pick(users), approver: pick(approvers), lines: [line("Credit", "SLA-CREDIT", `SLA credit ${pct} % of subscription (incident ${int(1000, 9999)})`, run, monthEnd(run), sub, "%", pct, -r2((sub * pct) / 100))], regular: "sla_credit_note" });
        }
      }
    }
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: d.c.cur, amount_at_risk: d.leak.risk });
  return { docs, rated: rated.filter((r) => r.doc.date >= FIRST_RUN), labels, customers };
}

export function writeSaas(seed: number, out: string) {
  const g = generateSaas(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const q = (v: number) => String(v);
  const header = ["Invoice Number", "Document Type", "Status", "Voided At", "Invoice Date", "Customer ID", "Customer Name", "Subscription Number", "Plan", "Billing Period Start", "Billing Period End", "Bill To Country", "Bill To State", "Tax Treatment", "Tax Jurisdiction", "Currency", "Subtotal", "Tax Rate", "Tax Amount", "Total", "Related Invoice", "Reason Code", "Created By", "Approved By",
    "Line No", "Line Type", "Charge Code", "Description", "Service Start", "Service End", "Quantity", "Unit", "Tier", "Unit Price", "Drawdown Amount", "Credit Grant ID", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const c = d.c, sub = subtotal(d);
    const st = US_STATES.find((s) => s.state === c.state);
    const [treatment, juris, rate, tax] = c.country === "US" ? (st!.taxable ? ["Taxable", `US-${c.state}`, st!.rate, r2((sub * st!.base * st!.rate) / 100)] : ["Not Taxable", `US-${c.state}`, 0, 0]) : c.country === "GB" ? ["Taxable", "GB", 20, r2(sub * 0.2)] : ["Reverse Charge", c.country, 0, 0];
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, d.status, d.voidedAt, d.date, c.id, c.name, c.sub, d.plan, d.period[0], d.period[1], c.country, c.state, String(treatment), String(juris), c.cur, n2(sub), q(Number(rate)), n2(Number(tax)), n2(r2(sub + Number(tax))), d.related, d.reason, d.user, d.approver,
      String(i + 1), l.type, l.code, l.text, l.from, l.to, q(l.qty), l.unit, l.tier, q(l.price), l.draw ? n2(l.draw) : "", l.grant, n2(l.amount),
    ]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  // The product catalogue: list prices per plan, charge, currency and tier, the list increase dated.
  const cat: string[][] = [];
  for (const [code, e] of Object.entries(CATALOG)) for (const cur of ["USD", "EUR", "GBP"] as Cur[]) for (const [from, tiers] of [["2024-01-01", e.before], [LIST_INCREASE, e.after]] as const) {
    if (from === LIST_INCREASE && JSON.stringify(e.before) === JSON.stringify(e.after)) continue;
    for (const t of tiers) cat.push([e.plan, invoiceCode(code), e.text, e.model, cur, e.unit, q(t.from), t.to === null ? "" : q(t.to), q(inCur(t.price, cur)), e.period, e.timing, from, from === "2024-01-01" && JSON.stringify(e.before) !== JSON.stringify(e.after) ? addDays(LIST_INCREASE, -1) : ""]);
  }
  writeFileSync(join(out, "ref", "product_catalog.csv"), csv(["Plan", "Charge Code", "Charge Name", "Pricing Model", "Currency", "Unit", "Tier From", "Tier To", "List Price", "Billing Period", "Billing Timing", "Effective From", "Effective To"], cat));
  // Each subscription's rate plan charges: a segment per term (the uplift), tiers, promotion, commit.
  const rpc: string[][] = [];
  for (const c of g.customers) {
    for (const s of c.segments) for (const [code, tiers] of Object.entries(s.prices)) {
      const e = CATALOG[code]!;
      for (const t of tiers) rpc.push([c.sub, c.id, e.plan, invoiceCode(code), e.timing === "In Arrears" ? "Usage" : "Recurring", e.model, e.period, e.timing, c.cur, e.unit, q(t.from), t.to === null ? "" : q(t.to), q(t.price), "", s.from, s.to]);
    }
    for (const t of c.commits) rpc.push([c.sub, c.id, "Enterprise", "COMMIT-PREPAY", "Recurring", "Prepaid with Drawdown", "Annual", "In Advance", c.cur, "commit", "0", "", q(t.amount), q(t.amount), t.from, t.to]);
    if (c.promo) rpc.push([c.sub, c.id, c.plan, "DISC-PROMO", "Discount", "Discount-Percentage", "Month", "In Advance", c.cur, "%", "0", "", q(c.promo.pct), "", c.promo.from, c.promo.to]);
  }
  writeFileSync(join(out, "ref", "rate_plan_charges.csv"), csv(["Subscription Number", "Customer ID", "Plan", "Charge Code", "Charge Type", "Pricing Model", "Billing Period", "Billing Timing", "Currency", "Unit", "Tier From", "Tier To", "Price", "Commit Amount", "Effective Start", "Effective End"], rpc));
  // What the rating engine rated, each with the invoice it was rated into.
  writeFileSync(join(out, "ref", "rated_usage.csv"), csv(["Usage Record ID", "Subscription Number", "Customer ID", "Charge Code", "Usage Start", "Usage End", "Quantity", "Unit", "Invoice Number"], g.rated.map((r) => [r.id, r.c.sub, r.c.id, r.code, r.from, r.to, q(r.qty), r.unit, r.doc.no])));
  writeFileSync(join(out, "ref", "credit_grants.csv"), csv(["Credit Grant ID", "Customer ID", "Currency", "Amount", "Granted On", "Expires On", "Reason"], g.customers.filter((c) => c.grant).map((c) => [c.grant!.id, c.id, c.cur, n2(c.grant!.amount), c.grant!.granted, c.grant!.expires, "Onboarding / goodwill credit"])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, rated_usage: g.rated.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeSaas(Number(arg("--seed", "3001")), arg("--out", "/tmp/saas-3001"))));
}
