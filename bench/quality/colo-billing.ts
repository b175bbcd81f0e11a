// An independent billing data set (the twenty-sixth, 2026-11-28): a data-centre colocation
// provider's monthly billing over January 2025 – October 2026, exported from its billing system
// (a DCIM-fed Salesforce CPQ / Zuora / NetSuite setup): one row per invoice line, the invoice's
// header on each — invoice number and type (Invoice, Credit Memo), invoice date (the 1st of the
// month), the billing period, customer, site, master agreement, service order, PO, related invoice
// and reason, billed by and approved by, subtotal; per line the charge type (MRC, NRC, Usage,
// Credit), product code, service id (cabinet, cage, circuit, cross-connect, IP block, ticket), the
// line's service period, quantity, unit of measure, unit price, discount % and amount. Beside it the
// service inventory as the billing system keeps it (each service's rate per price step — the 3 %
// escalator from each contract anniversary as a row of its own —, MRC start date, disconnect date),
// the metered power readings (committed kW, kWh drawn, billable overage kWh, the invoice that rated
// them), the 95th-percentile bandwidth (commit, 95th percentile, billable burst), the remote-hands
// tickets (minutes worked, after hours, billable 15-minute units, the invoice) and the SLA schedule.
// Written from how colocation is billed before reading the detectors. Billing model: each month's
// invoice bills the MRCs in advance for the month, and in arrears the previous month's usage
// (power overage, bandwidth burst), installations, remote hands and the partial first month of
// services started mid-month; SLA credits are credit memos against the invoice of the month.
// Regular business (hard negatives): prorated first months; the 3 % escalator on the anniversary
// (the anniversary's month split in two prorated lines at the old and the new rate); cross-connects
// added mid-month (install NRC, partial month, then the MRC); remote hands at the one-hour minimum
// and after hours at 1.5×; installation NRCs waived on promotion (100 % discount, 0); SLA credits
// per the schedule; power overage and bandwidth burst billed; disconnects (final month prorated);
// early termination fees; credit and rebill for a PO. Planted (labelled, with the amount at risk):
// the escalator not applied; a cross-connect never billed after its install date (each invoice that
// lacks it); power overage not billed; remote hands billed below the minimum; after-hours remote
// hands without the multiplier; an MRC billed after its disconnect date (overbilling); a monthly
// invoice issued twice; an SLA credit beyond the schedule.
// Run: bun run bench/quality/colo-billing.ts --seed 2601 --out /tmp/colo
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "escalator_not_applied" | "cross_connect_not_billed" | "power_overage_not_billed" | "remote_hands_below_minimum"
  | "after_hours_multiplier_missing" | "mrc_after_disconnect" | "duplicate_invoice" | "sla_credit_beyond_schedule";
export const LEAK_KINDS: LeakKind[] = ["escalator_not_applied", "cross_connect_not_billed", "power_overage_not_billed", "remote_hands_below_minimum", "after_hours_multiplier_missing", "mrc_after_disconnect", "duplicate_invoice", "sla_credit_beyond_schedule"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_MONTH = "2025-01-01";
const MONTHS = 22; // January 2025 – October 2026 (invoices dated the 1st)
const ESCALATOR = 0.03;
const RH_MIN_UNITS = 4; // one hour, in 15-minute units
const AFTER_HOURS = 1.5;
/** The SLA schedule: credit in % of the affected service's MRC, per outage tier. */
const SLA_TIERS = [
  { code: "SLA-CR-T1", upTo: 60, pct: 5, text: "Power SLA credit - outage up to 60 min" },
  { code: "SLA-CR-T2", upTo: 240, pct: 10, text: "Power SLA credit - outage 61-240 min" },
  { code: "SLA-CR-T3", upTo: Infinity, pct: 25, text: "Power SLA credit - outage over 240 min" },
];

/** A catalogue product: its charge type, unit and list rate. */
interface Product { code: string; name: string; type: "MRC" | "NRC" | "Usage"; uom: string; list: number }
const P: Record<string, Product> = {
  CAB: { code: "COLO-CAB-42U", name: "Cabinet 42U", type: "MRC", uom: "EA", list: 1150 },
  CAGE: { code: "COLO-CAGE-SQFT", name: "Private cage space", type: "MRC", uom: "SQFT", list: 32 },
  PWR: { code: "PWR-KW-COMMIT", name: "Committed power", type: "MRC", uom: "KW", list: 195 },
  BRK: { code: "PWR-208V-30A", name: "Power circuit 208V 30A (redundant)", type: "MRC", uom: "EA", list: 420 },
  XC: { code: "XC-SMF", name: "Cross-connect single-mode fiber", type: "MRC", uom: "EA", list: 300 },
  XCC: { code: "XC-CU", name: "Cross-connect copper Cat6", type: "MRC", uom: "EA", list: 175 },
  IP: { code: "IP-V4-29", name: "IPv4 block /29", type: "MRC", uom: "EA", list: 40 },
  BW: { code: "BW-COMMIT-MBPS", name: "Blended IP transit commit", type: "MRC", uom: "MBPS", list: 0.55 },
  BWO: { code: "BW-BURST-95", name: "IP transit burst above commit (95th percentile)", type: "Usage", uom: "MBPS", list: 0.75 },
  PWO: { code: "PWR-OVERAGE-KWH", name: "Metered power above commit", type: "Usage", uom: "KWH", list: 0.16 },
  INS: { code: "NRC-CAB-INSTALL", name: "Cabinet installation", type: "NRC", uom: "EA", list: 750 },
  XCI: { code: "NRC-XC-INSTALL", name: "Cross-connect installation", type: "NRC", uom: "EA", list: 350 },
  RH: { code: "RH-STD-15", name: "Remote hands, business hours (per 15 min)", type: "NRC", uom: "15MIN", list: 45 },
  RHA: { code: "RH-AH-15", name: "Remote hands, after hours (per 15 min)", type: "NRC", uom: "15MIN", list: 45 * AFTER_HOURS },
  ETF: { code: "ETF", name: "Early termination fee", type: "NRC", uom: "EA", list: 0 },
};
const SITES = ["DAL1", "DAL2", "ASH1", "CHI2", "PHX1", "SJC3"];

interface PriceStep { from: string; to: string; rate: number }
interface Service {
  id: string; product: Product; qty: number; steps: PriceStep[]; start: string; end: string | null; site: string; order: string; escalates: boolean;
  commitKw?: number; commitMbps?: number; neverBilled?: boolean; etf?: boolean;
}
interface Customer { id: string; name: string; msa: string; po: string; services: Service[]; promo: boolean; size: number }
interface Line { type: "MRC" | "NRC" | "Usage" | "Credit"; product: Product | { code: string; name: string; uom: string }; service: string; desc: string; from: string; to: string; qty: number; uom: string; price: number; disc: number; amount: number }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; cust: Customer; month: number; related: Doc | null; reason: string; user: string; approver: string; po: string; lines: Line[];
  regular: Set<string>; leak?: { kind: LeakKind; risk: number };
}
interface Usage { id: string; kind: "power" | "bandwidth"; cust: Customer; service: Service; month: number; commit: number; measured: number; billable: number; invoice: Doc | null }
interface Ticket { id: string; cust: Customer; site: string; date: string; minutes: number; afterHours: boolean; units: number; invoice: Doc | null }

const monthStart = (m: number) => addMonths(FIRST_MONTH, m);
const monthEnd = (m: number) => addDays(monthStart(m + 1), -1);
const daysIn = (m: number) => days(monthStart(m), monthStart(m + 1));
const amountOf = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const lineOf = (product: Product, service: string, desc: string, from: string, to: string, qty: number, price: number, disc = 0, factor = 1): Line =>
  ({ type: product.type, product, service, desc, from, to, qty, uom: product.uom, price, disc, amount: r2(qty * price * factor * (1 - disc / 100)) });

export function generateColo(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const users = ["ar.kpatel", "ar.mgarcia", "ar.tnguyen"];
  const names = ["Acme Hosting", "Bluewave Networks", "Cobalt Health", "Delta Freight Systems", "Everline Bank", "Fjord Games", "Granite Insurance", "Helix Genomics", "Ionic Media", "Juniper Retail",
    "Kestrel Logistics", "Lattice Cloud", "Monarch Trading", "Nimbus SaaS", "Orion Payments", "Parallax CDN", "Quarry Analytics", "Redline Telecom", "Sable Energy", "Tidewater Credit Union"];
  const suffix = ["Inc.", "LLC", "Corp.", "Holdings", "Ltd."];
  const customers: Customer[] = [];
  let svcNo = 40_000, orderNo = 8_100;
  const ord = () => `SO-${++orderNo}`;
  for (let i = 0; i < 150; i++) {
    const c: Customer = { id: `CUS-${10_201 + i}`, name: `${pick(names)} ${pick(suffix)}`, msa: `MSA-${2019 + int(0, 6)}-${String(301 + i)}`, po: chance(0.4) ? `PO-${int(100_000, 999_999)}` : "", services: [], promo: chance(0.25), size: logn(1, 0.7) };
    customers.push(c);
    const site = pick(SITES);
    // The initial service order: cabinets or a cage, power, cross-connects, IP, sometimes transit.
    const start = chance(0.45) ? addDays("2023-01-01", int(0, 700)) : addDays(FIRST_MONTH, int(0, 560));
    const disc = between(0.78, 1.0);
    const add = (product: Product, qty: number, st: string, escalates = true, extra: Partial<Service> = {}) => {
      const s: Service = { id: `${product.code.startsWith("XC") ? "XC" : product.code.startsWith("PWR") ? "PC" : product.code.startsWith("IP") ? "IP" : product.code.startsWith("BW") ? "BW" : "CAB"}-${site}-${++svcNo}`, product, qty, steps: [], start: st, end: null, site, order: ord(), escalates, ...extra };
      c.services.push(s);
      return s;
    };
    const order = ord();
    const sv: Service[] = [];
    const large = c.size > 1.6;
    if (large) sv.push(add(P.CAGE!, Math.round(between(120, 600) / 10) * 10, start));
    else sv.push(add(P.CAB!, Math.max(1, Math.round(c.size * 2)), start));
    const kw = large ? Math.round(between(20, 80)) : Math.max(2, Math.round(c.size * 4));
    sv.push(add(P.PWR!, kw, start, true, { commitKw: kw }));
    sv.push(add(P.BRK!, Math.max(2, Math.round(kw / 4)), start));
    for (let k = int(1, 3); k > 0; k--) sv.push(add(chance(0.7) ? P.XC! : P.XCC!, 1, start));
    if (chance(0.5)) sv.push(add(P.IP!, 1, start, false));
    if (chance(0.4)) { const mbps = pick([100, 200, 500, 1000, 2000]); sv.push(add(P.BW!, mbps, start, true, { commitMbps: mbps })); }
    for (const s of sv) s.order = order;
    // The contract's rates and their 3 % steps from each anniversary of the order's MRC start.
    const anniversaryDay = start;
    for (const s of sv) {
      const rate = s.product.uom === "MBPS" ? r2(s.product.list * disc) : Math.round(s.product.list * disc);
      s.steps = [{ from: s.start, to: "", rate }];
    }
    void anniversaryDay;
    // Cross-connects added later, mid-month (co-terminus with the agreement: same escalation date).
    for (let k = int(0, 4); k > 0; k--) {
      const st = addDays(FIRST_MONTH, int(10, 640));
      if (st < start) continue;
      const s = add(chance(0.75) ? P.XC! : P.XCC!, 1, st);
      s.steps = [{ from: st, to: "", rate: Math.round(s.product.list * disc) }];
    }
    // Disconnects: some cross-connects, and some whole customers (some early, with a termination fee).
    for (const s of c.services) if (s.product.code.startsWith("XC") && chance(0.12)) { const e = addDays(s.start, int(120, 500)); if (e < monthEnd(MONTHS - 1)) s.end = e; }
    if (chance(0.08)) {
      const e = addDays(FIRST_MONTH, int(200, 600));
      if (e > start) { const early = chance(0.5); for (const s of c.services) if (!s.end || s.end > e) { s.end = e; s.etf = early; } }
    }
    // Escalators: every anniversary of the customer's initial MRC start, 3 % on every escalating service, co-terminus add-ons included.
    for (const s of c.services) {
      if (!s.escalates) continue;
      let ann = addMonths(start, 12);
      while (ann <= monthEnd(MONTHS - 1)) {
        const last = s.steps.at(-1)!;
        if (ann > s.start && (!s.end || ann <= s.end)) {
          last.to = addDays(ann, -1);
          s.steps.push({ from: ann, to: "", rate: s.product.uom === "MBPS" ? r2(last.rate * (1 + ESCALATOR)) : r2(last.rate * (1 + ESCALATOR)) });
        }
        ann = addMonths(ann, 12);
      }
    }
  }

  // Billing runs: on the 1st of each month, one invoice per customer.
  const docs: Doc[] = [];
  const usage: Usage[] = [];
  const tickets: Ticket[] = [];
  let usageNo = 0, ticketNo = 500_000;
  const rateOn = (s: Service, d: string) => [...s.steps].reverse().find((x) => x.from <= d)?.rate ?? s.steps[0]!.rate;
  for (let m = 0; m < MONTHS; m++) {
    const ms = monthStart(m), me = monthEnd(m);
    const prev = m - 1;
    for (const c of customers) {
      const inv: Doc = { no: "", type: "Invoice", date: ms, cust: c, month: m, related: null, reason: "", user: "billing.run", approver: "", po: c.po, lines: [], regular: new Set() };
      for (const s of c.services) {
        if (s.start > me || (s.end && s.end < ms)) {
          // Arrears for a service started mid-last-month handled below; ended services bill nothing.
        } else if (s.product.type === "MRC") {
          // In advance for this month: from the later of the MRC start and the 1st, to the earlier of the disconnect and the month's end.
          const from = s.start > ms ? null : ms; // a service starting this month is billed its partial month next month
          if (from) {
            const to = s.end && s.end < me ? s.end : me;
            // Price steps within the month (the anniversary): a line per step, prorated by days.
            const steps = s.steps.filter((x) => x.from <= to && (!x.to || x.to >= from));
            for (const st of steps) {
              const a = st.from > from ? st.from : from, b = st.to && st.to < to ? st.to : to;
              const n = days(a, b) + 1, whole = n === daysIn(m);
              const ln = lineOf(s.product, s.id, `${s.product.name}${whole ? "" : ` - prorated ${usDate(a)}-${usDate(b)}`}`, a, b, s.qty, st.rate, 0, whole ? 1 : n / daysIn(m));
              inv.lines.push(ln);
              if (!whole) inv.regular.add(steps.length > 1 ? "escalator_on_anniversary" : "final_month_prorated");
              else if (steps.length === 1 && s.steps.length > 1 && st !== s.steps[0]) inv.regular.add("escalated_rate");
            }
          }
        }
        // In arrears: the partial first month of a service started last month, and its installation.
        if (prev >= 0 && s.start >= monthStart(prev) && s.start <= monthEnd(prev) && (!s.end || s.end >= s.start)) {
          if (s.product.type === "MRC") {
            // A service started on the 1st was billed its whole month in advance on that month's invoice.
            if (s.start > monthStart(prev)) {
              const b = s.end && s.end < monthEnd(prev) ? s.end : monthEnd(prev);
              const n = days(s.start, b) + 1;
              inv.lines.push(lineOf(s.product, s.id, `${s.product.name} - prorated ${usDate(s.start)}-${usDate(b)}`, s.start, b, s.qty, s.steps[0]!.rate, 0, n / daysIn(prev)));
            }
            inv.regular.add(s.product.code.startsWith("XC") ? "cross_connect_added_mid_month" : "prorated_first_month");
            const install = s.product.code.startsWith("XC") ? P.XCI! : s.product === P.CAB || s.product === P.CAGE ? P.INS! : null;
            if (install) {
              const waived = c.promo && chance(0.7);
              const qty = s.product === P.CAGE ? 1 : s.qty;
              inv.lines.push(lineOf(install, s.id, `${install.name}${waived ? " - waived (promotion)" : ""}`, s.start, s.start, qty, install.list, waived ? 100 : 0));
              if (waived) inv.regular.add("nrc_waived_promotion");
            }
          }
        }
        // Usage of last month: metered power above the commit, transit burst above the commit.
        if (prev >= 0 && s.start <= monthStart(prev) && (!s.end || s.end >= monthEnd(prev))) {
          if (s.commitKw) {
            const hours = daysIn(prev) * 24;
            const included = s.commitKw * hours;
            const drawn = Math.round(included * (chance(0.22) ? between(1.02, 1.25) : between(0.55, 0.97)));
            const over = Math.max(0, drawn - included);
            const u: Usage = { id: `PM-${++usageNo}`, kind: "power", cust: c, service: s, month: prev, commit: s.commitKw, measured: drawn, billable: over, invoice: inv };
            usage.push(u);
            if (over > 0) {
              inv.lines.push({ ...lineOf(P.PWO!, s.id, `Metered power ${usDate(monthStart(prev))}-${usDate(monthEnd(prev))}: ${drawn} kWh drawn, ${included} kWh included`, monthStart(prev), monthEnd(prev), over, P.PWO!.list) });
              inv.regular.add("power_overage_billed");
            }
          }
          if (s.commitMbps) {
            const p95 = Math.round(s.commitMbps * (chance(0.3) ? between(1.05, 1.8) : between(0.3, 0.98)));
            const burst = Math.max(0, p95 - s.commitMbps);
            usage.push({ id: `BW-${++usageNo}`, kind: "bandwidth", cust: c, service: s, month: prev, commit: s.commitMbps, measured: p95, billable: burst, invoice: inv });
            if (burst > 0) {
              inv.lines.push(lineOf(P.BWO!, s.id, `95th percentile ${p95} Mbps, commit ${s.commitMbps} Mbps`, monthStart(prev), monthEnd(prev), burst, P.BWO!.list));
              inv.regular.add("bandwidth_burst_billed");
            }
          }
        }
      }
      // Remote hands tickets of last month (business hours at the list, after hours at 1.5×; one hour minimum).
      if (prev >= 0 && c.services.some((s) => s.start <= monthEnd(prev) && (!s.end || s.end >= monthStart(prev)))) {
        for (let k = chance(0.35) ? int(1, 4) : 0; k > 0; k--) {
          const ah = chance(0.3);
          const minutes = chance(0.45) ? int(5, 55) : int(60, 300);
          const units = Math.max(RH_MIN_UNITS, Math.ceil(minutes / 15));
          const date = addDays(monthStart(prev), int(0, daysIn(prev) - 1));
          const t: Ticket = { id: `RH-${++ticketNo}`, cust: c, site: c.services[0]!.site, date, minutes, afterHours: ah, units, invoice: inv };
          tickets.push(t);
          const p = ah ? P.RHA! : P.RH!;
          inv.lines.push(lineOf(p, t.id, `${p.name} - ticket ${t.id} ${usDate(date)}, ${minutes} min${minutes < 60 ? " (1 hour minimum)" : ""}`, date, date, units, p.list));
          inv.regular.add(minutes < 60 ? "remote_hands_minimum" : ah ? "remote_hands_after_hours" : "remote_hands");
        }
      }
      // An early termination: the fee, half the MRCs of the term's remaining months (12 a term, from the MRC start's anniversary).
      const ended = c.services.filter((s) => s.etf && s.end && s.end >= monthStart(prev) && s.end <= monthEnd(prev) && s.product.type === "MRC");
      if (prev >= 0 && ended.length) {
        const mrc = r2(ended.reduce((s, x) => s + x.qty * rateOn(x, x.end!), 0));
        const remaining = int(3, 14);
        inv.lines.push(lineOf(P.ETF!, c.msa, `Early termination fee: ${remaining} months remaining x 50% of MRC ${num(mrc)}`, monthStart(prev), monthEnd(prev), 1, r2(mrc * remaining * 0.5)));
        ended.forEach((s) => (s.etf = false));
        inv.regular.add("early_termination_fee");
      }
      if (inv.lines.length) docs.push(inv);
    }
  }
  // SLA credits: a power outage at a site; credit memos against the month's invoice, per the schedule, on the cabinet or cage MRC.
  const credits: Doc[] = [];
  for (const inv of docs) {
    if (inv.month === 0 || !chance(0.03)) continue;
    const space = inv.lines.find((l) => l.type === "MRC" && (l.product === P.CAB || l.product === P.CAGE) && l.from === monthStart(inv.month) && l.to === monthEnd(inv.month));
    if (!space) continue;
    const minutes = chance(0.5) ? int(8, 60) : chance(0.6) ? int(61, 240) : int(241, 600);
    const tier = SLA_TIERS.find((t) => minutes <= t.upTo)!;
    const cm: Doc = { no: "", type: "Credit Memo", date: addDays(inv.date, int(10, 40)), cust: inv.cust, month: inv.month, related: inv, reason: "SLA CREDIT", user: pick(users), approver: "ar.manager", po: inv.po, regular: new Set(["sla_credit_per_schedule"]),
      lines: [{ type: "Credit", product: { code: tier.code, name: tier.text, uom: "%" }, service: space.service, desc: `${tier.text}: ${minutes} min on ${usDate(addDays(inv.date, int(0, 20)))}, ${tier.pct}% of MRC ${num(space.amount)}`, from: space.from, to: space.to, qty: space.amount, uom: "%", price: tier.pct, disc: 0, amount: -r2((space.amount * tier.pct) / 100) }] };
    credits.push(cm);
  }
  // Credit and rebill: the customer's AP rejects an invoice without its PO; credited in full, issued again.
  const rebills: Doc[] = [];
  for (const inv of docs) {
    if (!inv.cust.po || !chance(0.02)) continue;
    const cm: Doc = { ...inv, type: "Credit Memo", date: addDays(inv.date, int(5, 20)), related: inv, reason: "PO REQUIRED", user: pick(users), approver: "ar.manager", lines: inv.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount })), regular: new Set(["credit_and_rebill"]) };
    const rb: Doc = { ...inv, date: addDays(cm.date, int(0, 2)), related: inv, reason: "REBILL", user: cm.user, lines: inv.lines.map((l) => ({ ...l })), regular: new Set(["credit_and_rebill"]) };
    inv.po = "";
    credits.push(cm);
    rebills.push(rb);
    for (const u of usage) if (u.invoice === inv) u.invoice = rb;
    for (const t of tickets) if (t.invoice === inv) t.invoice = rb;
  }
  const rebilled = new Set(rebills.map((r) => r.related!));

  // Planting: 5 documents of each kind (≈ 0.2 %).
  const N = 5;
  const used = new Set<Doc>();
  const take = <T>(xs: T[]) => { const out: T[] = []; const pool = [...xs]; while (pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plantSome = (pool: Doc[], into: (d: Doc) => boolean, n = N) => { let k = 0; for (const d of take(pool)) { if (k >= n) break; if (!used.has(d) && into(d)) { used.add(d); k++; } } };
  const open = (d: Doc) => d.type === "Invoice" && !rebilled.has(d) && d.month >= 1;
  const changed = (d: Doc, kind: LeakKind, mutate: () => void) => { const before = amountOf(d); mutate(); const risk = r2(Math.abs(before - amountOf(d))); if (risk > 0) d.leak = { kind, risk }; return risk > 0; };
  // 1. The escalator not applied: a month after the anniversary billed at the previous year's rate.
  plantSome(docs.filter((d) => open(d) && d.regular.has("escalated_rate")), (d) => {
    const ls = d.lines.filter((l) => l.type === "MRC" && l.from === monthStart(d.month) && l.to === monthEnd(d.month));
    const hit = ls.filter((l) => { const s = d.cust.services.find((x) => x.id === l.service)!; return s.steps.length > 1 && l.price !== s.steps[0]!.rate; });
    if (!hit.length) return false;
    return changed(d, "escalator_not_applied", () => { for (const l of hit) { const s = d.cust.services.find((x) => x.id === l.service)!; const i = s.steps.findIndex((x) => x.rate === l.price); const old = s.steps[Math.max(0, i - 1)]!.rate; l.price = old; l.amount = r2(l.qty * old); } });
  });
  // 2. A cross-connect never billed after its install: its partial month and every later MRC missing (each invoice that lacks it labelled), its install NRC billed.
  let xcPlanted = 0;
  for (const c of take(customers)) {
    if (xcPlanted >= 3) break;
    const s = c.services.find((x) => x.product.code.startsWith("XC") && x.start >= monthStart(MONTHS - 4) && x.start <= monthEnd(MONTHS - 3) && !x.end);
    if (!s) continue;
    const affected = docs.filter((d) => d.cust === c && d.type === "Invoice" && d.lines.some((l) => l.service === s.id && l.type === "MRC"));
    if (!affected.length || affected.some((d) => used.has(d) || rebilled.has(d))) continue;
    for (const d of affected) { changed(d, "cross_connect_not_billed", () => { d.lines = d.lines.filter((l) => !(l.service === s.id && l.type === "MRC")); }); used.add(d); }
    s.neverBilled = true;
    xcPlanted++;
  }
  // 3. Power overage not billed: the meter's billable overage rated to the invoice, no line on it.
  plantSome(docs.filter((d) => open(d) && d.lines.some((l) => l.product === P.PWO)), (d) => changed(d, "power_overage_not_billed", () => { d.lines = d.lines.filter((l) => l.product !== P.PWO); }));
  // 4. Remote hands billed below the one-hour minimum: a short ticket billed its quarter-hours worked.
  plantSome(docs.filter((d) => open(d) && d.lines.some((l) => (l.product === P.RH || l.product === P.RHA) && l.desc.includes("minimum") && l.qty * 15 > Number(/(\d+) min/.exec(l.desc)![1]) + 15)), (d) => changed(d, "remote_hands_below_minimum", () => {
    const l = d.lines.find((x) => (x.product === P.RH || x.product === P.RHA) && x.desc.includes("minimum") && x.qty * 15 > Number(/(\d+) min/.exec(x.desc)![1]) + 15)!;
    const t = tickets.find((x) => x.id === l.service)!;
    l.qty = Math.ceil(t.minutes / 15); l.amount = r2(l.qty * l.price); l.desc = l.desc.replace(" (1 hour minimum)", "");
  }));
  // 5. After-hours remote hands without the multiplier: the after-hours code at the business-hours rate.
  plantSome(docs.filter((d) => open(d) && d.lines.some((l) => l.product === P.RHA)), (d) => changed(d, "after_hours_multiplier_missing", () => {
    const l = d.lines.find((x) => x.product === P.RHA)!; l.price = P.RH!.list; l.amount = r2(l.qty * l.price);
  }));
  // 6. An MRC billed after its disconnect date: a disconnected cross-connect billed a month beyond (overbilling).
  plantSome(docs.filter((d) => open(d) && d.cust.services.some((s) => s.product.code.startsWith("XC") && s.end && s.end < addDays(monthStart(d.month), -20) && s.end >= addMonths(monthStart(d.month), -3))), (d) => {
    const s = d.cust.services.find((x) => x.product.code.startsWith("XC") && x.end && x.end < addDays(monthStart(d.month), -20) && x.end >= addMonths(monthStart(d.month), -3))!;
    return changed(d, "mrc_after_disconnect", () => { d.lines.push(lineOf(s.product, s.id, s.product.name, monthStart(d.month), monthEnd(d.month), s.qty, s.steps.at(-1)!.rate)); });
  });
  // 8. An SLA credit beyond the schedule: the credit taken at a higher tier's percentage (or the whole MRC).
  plantSome(credits.filter((d) => d.reason === "SLA CREDIT"), (d) => changed(d, "sla_credit_beyond_schedule", () => {
    const l = d.lines[0]!; const pct = l.price === 25 ? 100 : l.price === 10 ? 50 : 25; l.price = pct; l.amount = -r2((l.qty * pct) / 100); l.desc = l.desc.replace(/\d+% of MRC/, `${pct}% of MRC`);
  }));
  // 7. A monthly invoice issued twice (the billing run re-run for a customer): a copy under the next number.
  const copies: Doc[] = [];
  for (const d of take(docs.filter((x) => open(x) && !used.has(x) && amountOf(x) > 0)).slice(0, N)) {
    const copy: Doc = { ...d, lines: d.lines.map((l) => ({ ...l })), regular: new Set(), leak: { kind: "duplicate_invoice", risk: amountOf(d) } };
    copies.push(copy);
    used.add(d);
  }

  const all = [...docs, ...rebills, ...credits, ...copies].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.cust.id < b.cust.id ? -1 : a.cust.id > b.cust.id ? 1 : a.type < b.type ? -1 : a.reason < b.reason ? -1 : 1));
  let invSeq = 0, cmSeq = 0;
  for (const d of all) d.no = d.type === "Credit Memo" ? `CM${String(++cmSeq).padStart(6, "0")}` : `INV${String(++invSeq).padStart(7, "0")}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, customers, usage, tickets, labels };
}

const ORDER = ["credit_and_rebill", "sla_credit_per_schedule", "early_termination_fee", "escalator_on_anniversary", "cross_connect_added_mid_month", "nrc_waived_promotion", "remote_hands_minimum", "remote_hands_after_hours", "power_overage_billed", "bandwidth_burst_billed", "prorated_first_month", "final_month_prorated", "escalated_rate", "remote_hands"];

// The billing system's invoice-line export: MM/DD/YYYY, money "1,234.56", "," between columns; the invoice's header on each row.
export function writeColo(seed: number, out: string) {
  const g = generateColo(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Billing Period Start", "Billing Period End", "Customer ID", "Customer Name", "Site", "Master Agreement", "PO Number", "Related Invoice", "Reason Code", "Billed By", "Approved By", "Currency", "Invoice Subtotal",
    "Line No", "Charge Type", "Product Code", "Service ID", "Description", "Service Start", "Service End", "Quantity", "UOM", "Unit Price", "Discount %", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const site = d.cust.services[0]!.site;
    d.lines.forEach((l, i) => rows.push([d.no, d.type, usDate(d.date), usDate(monthStart(d.month)), usDate(monthEnd(d.month)), d.cust.id, d.cust.name, site, d.cust.msa, d.po, d.related?.no ?? "", d.reason, d.user, d.approver, "USD", num(amountOf(d)),
      String(i + 1), l.type, l.product.code, l.service, l.desc, usDate(l.from), usDate(l.to), numberText(l.qty), l.uom, numberText(l.price), l.disc ? String(l.disc) : "", num(l.amount)]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  // The service inventory: a row per service and price step (its MRC start, its escalation, its disconnect); the usage, remote-hands and SLA rates per customer agreement.
  const inv: string[][] = [];
  for (const c of g.customers) {
    for (const s of c.services) s.steps.forEach((st) => inv.push([c.msa, c.id, s.order, s.id, s.site, s.product.code, s.product.name, s.product.type, s.product.uom, String(s.qty), numberText(st.rate), "USD", usDate(st.from), usDate(st.to || s.end || ""), s.product.type === "MRC" ? "Monthly" : "One-Time", "In Advance", s.end ? "Disconnected" : "Active", usDate(s.start), usDate(s.end ?? "")]));
    const from = c.services.reduce((a, s) => (s.start < a ? s.start : a), "9999");
    for (const p of [P.PWO!, P.BWO!, P.RH!, P.RHA!, P.INS!, P.XCI!]) inv.push([c.msa, c.id, "", "", c.services[0]!.site, p.code, p.name, p.type, p.uom, "", numberText(p.list), "USD", usDate(from), "", p.type === "Usage" ? "Monthly" : "One-Time", "In Arrears", "Active", "", ""]);
  }
  writeFileSync(join(out, "ref", "service_inventory.csv"), csv(["Master Agreement", "Customer ID", "Service Order", "Service ID", "Site", "Product Code", "Product", "Charge Type", "UOM", "Quantity", "Rate", "Currency", "Effective From", "Effective To", "Billing Frequency", "Billing Timing", "Status", "MRC Start Date", "Disconnect Date"], inv));
  const no = (d: Doc | null) => (d?.no ?? "");
  writeFileSync(join(out, "ref", "power_readings.csv"), csv(["Reading ID", "Customer ID", "Service ID", "Site", "Period Start", "Period End", "Committed kW", "Included kWh", "kWh Drawn", "Billable Overage kWh", "Invoice Number"],
    g.usage.filter((u) => u.kind === "power").map((u) => [u.id, u.cust.id, u.service.id, u.service.site, usDate(monthStart(u.month)), usDate(monthEnd(u.month)), String(u.commit), String(u.commit * daysIn(u.month) * 24), String(u.measured), String(u.billable), u.billable > 0 ? no(u.invoice) : ""])));
  writeFileSync(join(out, "ref", "bandwidth_95th.csv"), csv(["Reading ID", "Customer ID", "Service ID", "Period Start", "Period End", "Commit Mbps", "95th Percentile Mbps", "Billable Burst Mbps", "Invoice Number"],
    g.usage.filter((u) => u.kind === "bandwidth").map((u) => [u.id, u.cust.id, u.service.id, usDate(monthStart(u.month)), usDate(monthEnd(u.month)), String(u.commit), String(u.measured), String(u.billable), u.billable > 0 ? no(u.invoice) : ""])));
  writeFileSync(join(out, "ref", "remote_hands_tickets.csv"), csv(["Ticket", "Customer ID", "Site", "Work Date", "Minutes Worked", "After Hours", "Product Code", "Billable Units", "Invoice Number"],
    g.tickets.map((t) => [t.id, t.cust.id, t.site, usDate(t.date), String(t.minutes), t.afterHours ? "Y" : "N", t.afterHours ? P.RHA!.code : P.RH!.code, String(t.units), no(t.invoice)])));
  // The rated usage the DCIM uploads to billing each month (a Zuora-style usage import): every billable record — overage kWh, burst Mbps, remote-hands units — with the invoice it was rated into.
  const rated: string[][] = [];
  for (const u of g.usage) if (u.billable > 0) rated.push([u.id, u.cust.id, u.service.id, u.kind === "power" ? P.PWO!.code : P.BWO!.code, u.kind === "power" ? "KWH" : "MBPS", String(u.billable), usDate(monthStart(u.month)), usDate(monthEnd(u.month)), no(u.invoice)]);
  for (const t of g.tickets) rated.push([t.id, t.cust.id, t.id, t.afterHours ? P.RHA!.code : P.RH!.code, "15MIN", String(t.units), usDate(t.date), usDate(t.date), no(t.invoice)]);
  writeFileSync(join(out, "ref", "usage_records.csv"), csv(["Usage ID", "Customer ID", "Service ID", "Product Code", "UOM", "Quantity", "Start Date", "End Date", "Invoice Number"], rated));
  writeFileSync(join(out, "ref", "sla_schedule.csv"), csv(["Credit Code", "Breach", "Outage From (min)", "Outage To (min)", "Credit % of affected MRC"], SLA_TIERS.map((t, i) => [t.code, "Power availability", String(i === 0 ? 1 : SLA_TIERS[i - 1]!.upTo + 1), Number.isFinite(t.upTo) ? String(t.upTo) : "", String(t.pct)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = ORDER.find((k) => d.regular.has(k)) ?? "regular";
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, inventory_rows: inv.length, usage: g.usage.length, tickets: g.tickets.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeColo(Number(arg("--seed", "2601")), arg("--out", "/tmp/colo-2601"))));
}
