// An independent billing data set (the eighteenth, 2026-11-28): a municipal electric and water
// utility's customer billing over 22 monthly read cycles (January 2025 – October 2026), exported
// from its customer information system (Oracle CC&B / SAP IS-U style) as financial-transaction
// detail: one row per bill-segment calculation line or adjustment line, the segment's header on
// each (segment and bill ids, document type, account, service agreement, premise and its town,
// customer class, rate schedule, the meter with its multiplier and reads — actual or estimated —
// usage and measured demand, budget-billing amount, assistance programs, premise occupancy, the
// related bill of a cancel or an adjustment, adjustment type, reason, user and approver, subtotal,
// sales tax); per line the rate component (charge code), its description and period, quantity,
// unit, rate and amount. Beside it the rate schedules (effective-dated tariff rows per charge
// code: customer charges, block and seasonal energy and water rates, commercial demand, the
// monthly fuel adjustment, riders, franchise fees by town, the low-income discount, the late
// charge), the premise master and the service-agreement master, and the payments.
// Written from how such a CIS bills before reading the detectors: monthly reads on 20 read routes,
// a bill two days after the read; residential electric on two energy blocks (the second seasonal:
// summer June–September above winter), commercial electric with a demand charge (summer and
// winter) on CT-metered accounts (multiplier 40 or 80, a ratchet of 80 % of the last summer's peak),
// water on three volume tiers by meter size, irrigation meters idle in winter; the fuel adjustment
// changing every month and a renewable rider; general rate increases effective 1 July 2025 and
// 1 July 2026 (electric) and 1 January 2026 (water), a bill whose period spans one prorated in two
// lines per component; franchise fees by municipality (none outside the towns), sales tax on
// commercial electric only; moves (final and first bills with a prorated customer charge; vacant
// premises billed to the owner at zero use); estimated reads trued up by the next actual read (an
// over-estimate then a negative correction); cancel-and-rebill of a period; budget (levelized)
// billing with a yearly settle-up; low-income discounts; net metering (solar) with negative
// consumption and an excess-generation credit; late charges (1.5 % of the past-due amount, at
// least 2.00) waived as a courtesy or under a medical certificate; water-leak adjustments;
// deposits transferred to a final bill and the rest refunded.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind
// of regular business it is (the hard negatives).
// Run: bun run bench/quality/utility-billing.ts --seed 1801 --out /tmp/utility
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, short, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "stuck_meter_zero_usage" | "commercial_on_residential_rate" | "tariff_increase_not_applied" | "demand_charge_missing"
  | "bill_issued_twice" | "credit_above_bill" | "late_fee_waived_without_reason";
export const LEAK_KINDS: LeakKind[] = ["stuck_meter_zero_usage", "commercial_on_residential_rate", "tariff_increase_not_applied", "demand_charge_missing", "bill_issued_twice", "credit_above_bill", "late_fee_waived_without_reason"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST = "2025-01-01", LAST = "2026-10-31";
const month = (iso: string) => Number(iso.slice(5, 7));
const summer = (iso: string) => month(iso) >= 6 && month(iso) <= 9;

/** The general rate cases: each component's rate from each effective date. */
const STEPS = { E: ["2020-01-01", "2025-07-01", "2026-07-01"], W: ["2020-01-01", "2026-01-01"] };
interface Component { code: string; schedule: string; desc: string; unit: string; rates: number[]; service: "E" | "W" }
const COMPONENTS: Component[] = [
  { code: "ERES-CUST", schedule: "ERES", desc: "Residential customer charge", unit: "MO", rates: [12, 14, 15.5], service: "E" },
  { code: "ERES-E1", schedule: "ERES", desc: "Energy charge first 600 kWh", unit: "KWH", rates: [0.112, 0.1185, 0.124], service: "E" },
  { code: "ERES-E2S", schedule: "ERES", desc: "Energy charge over 600 kWh - summer", unit: "KWH", rates: [0.141, 0.149, 0.156], service: "E" },
  { code: "ERES-E2W", schedule: "ERES", desc: "Energy charge over 600 kWh - winter", unit: "KWH", rates: [0.098, 0.1035, 0.108], service: "E" },
  { code: "ECOM-CUST", schedule: "ECOM", desc: "General service customer charge", unit: "MO", rates: [35, 38, 40], service: "E" },
  { code: "ECOM-ENERGY", schedule: "ECOM", desc: "General service energy charge", unit: "KWH", rates: [0.089, 0.094, 0.0985], service: "E" },
  { code: "ECOM-DEMS", schedule: "ECOM", desc: "Demand charge - summer", unit: "KW", rates: [14.5, 15.25, 16], service: "E" },
  { code: "ECOM-DEMW", schedule: "ECOM", desc: "Demand charge - winter", unit: "KW", rates: [10.75, 11.3, 11.8], service: "E" },
  { code: "WRES-BASE", schedule: "WRES", desc: "Water base charge 5/8 in meter", unit: "MO", rates: [18.5, 20.25], service: "W" },
  { code: "WRES-V1", schedule: "WRES", desc: "Water volume 0-5 kgal", unit: "KGAL", rates: [4.1, 4.45], service: "W" },
  { code: "WRES-V2", schedule: "WRES", desc: "Water volume 5-15 kgal", unit: "KGAL", rates: [5.6, 6.05], service: "W" },
  { code: "WRES-V3", schedule: "WRES", desc: "Water volume over 15 kgal", unit: "KGAL", rates: [7.9, 8.55], service: "W" },
  { code: "WCOM-BASE-1", schedule: "WCOM", desc: "Water base charge 1 in meter", unit: "MO", rates: [32, 35], service: "W" },
  { code: "WCOM-BASE-2", schedule: "WCOM", desc: "Water base charge 2 in meter", unit: "MO", rates: [85, 92], service: "W" },
  { code: "WCOM-VOL", schedule: "WCOM", desc: "Commercial water volume", unit: "KGAL", rates: [5.2, 5.65], service: "W" },
  { code: "WIRR-BASE", schedule: "WIRR", desc: "Irrigation meter base charge", unit: "MO", rates: [9, 10], service: "W" },
  { code: "WIRR-VOL", schedule: "WIRR", desc: "Irrigation water volume", unit: "KGAL", rates: [6.4, 6.95], service: "W" },
];
const COMP = new Map(COMPONENTS.map((c) => [c.code, c]));
const stepIndex = (c: Component, day: string) => { const s = STEPS[c.service]; let i = 0; for (let k = 0; k < s.length; k++) if (s[k]! <= day) i = k; return i; };
const rateOf = (code: string, day: string) => { const c = COMP.get(code)!; return c.rates[stepIndex(c, day)]!; };

/** Riders and fees: the fuel adjustment (per kWh, a new factor each month), the renewable rider, the
 *  excess-generation credit, the low-income discount and the late charge (percent), franchise fees. */
const FUEL: { from: string; rate: number }[] = [];
{
  const rnd = mulberry32(1800);
  for (let d = "2024-12-01"; d <= LAST; d = addMonths(d, 1)) FUEL.push({ from: d, rate: Math.round((0.018 + 0.014 * rnd()) * 10000) / 10000 });
}
const fuelOn = (day: string) => { let v = FUEL[0]!.rate; for (const f of FUEL) if (f.from <= day) v = f.rate; return v; };
const RENEW = [{ from: "2020-01-01", rate: 0.0035 }, { from: "2026-01-01", rate: 0.0042 }];
const renewOn = (day: string) => (day >= "2026-01-01" ? 0.0042 : 0.0035);
const NEM_CREDIT = 0.035, LI_PCT = -20, LATE_PCT = 1.5, LATE_MIN = 2;
const TOWNS = [
  { id: "RIVERTON", name: "Riverton", ff: 3 },
  { id: "OAKHILL", name: "Oak Hill", ff: 5 },
  { id: "MILLBROOK", name: "Millbrook", ff: 2 },
  { id: "CEDARFALLS", name: "Cedar Falls", ff: 4 },
  { id: "COUNTY", name: "Unincorporated county", ff: 0 },
];
type Town = (typeof TOWNS)[number];
const SALES_TAX_COM_ELECTRIC = 0.06;

interface Premise { id: string; town: Town; cls: "RES" | "COM"; vacancies: { from: string; to: string }[]; tenants: Tenant[] }
interface Tenant { account: string; from: string; to: string; deposit: number; medical: boolean; lowIncome: boolean; budget: number; solar: boolean; sas: Sa[] }
interface Sa { id: string; service: "E" | "W"; schedule: string; meter: string; mult: number; size: string; baseKwh: number; heat: boolean }
interface Line { code: string; desc: string; from: string; to: string; qty: number | null; unit: string; rate: number | null; amount: number }
interface Doc {
  no: string; bill: string; type: "BILL" | "BILL-CANCEL" | "ADJ-DEBIT" | "ADJ-CREDIT"; date: string; premise: Premise; tenant: Tenant; sa: Sa | null; schedule: string;
  periodFrom: string; periodTo: string; prevRead: number | null; currRead: number | null; readType: string; readDate: string; usage: number | null; demand: number | null;
  occupancy: string; related: Doc | null; adjType: string; reason: string; user: string; approver: string; lines: Line[]; taxRate: number; regular: string; leak?: { kind: LeakKind; risk: number };
}

export function generateUtility(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const csrs = Array.from({ length: 32 }, (_, i) => `CSR${String(201 + i)}`);
  const supervisors = ["SUP-ALVAREZ", "SUP-NGUYEN", "SUP-PETERSEN", "SUP-WASHINGTON"];
  const rogue = pick(csrs);
  let accNo = 3_104_000_000, saNo = 7_200_000_000, meterNo = 100_000;

  // Premises and the tenants that lived in them (moves leave some vacant for a month or more).
  const premises: Premise[] = [];
  for (let i = 0; i < 900; i++) {
    const cls = chance(0.14) ? "COM" : "RES";
    const p: Premise = { id: String(5_000_100_000 + i * 37), town: pick(TOWNS), cls, vacancies: [], tenants: [] };
    let from = addDays("2019-01-01", int(0, 2000));
    while (from <= LAST) {
      const stay = cls === "COM" ? int(700, 3000) : chance(0.2) ? int(120, 500) : int(400, 2800);
      const to = addDays(from, stay);
      const t: Tenant = { account: String(++accNo), from, to: to > LAST ? "" : to, deposit: cls === "RES" && chance(0.3) ? pick([150, 200, 250, 300]) : cls === "COM" && chance(0.5) ? pick([500, 800, 1200]) : 0, medical: cls === "RES" && chance(0.025), lowIncome: cls === "RES" && chance(0.08), budget: 0, solar: cls === "RES" && chance(0.05), sas: [] };
      const sa = (service: "E" | "W", schedule: string, mult = 1, size = ""): Sa => ({ id: String(++saNo), service, schedule, meter: `${service === "E" ? "E" : "W"}${++meterNo}`, mult, size, baseKwh: cls === "COM" ? logn(9000, 0.6) : logn(750, 0.35), heat: chance(0.3) });
      if (cls === "RES") {
        t.sas.push(sa("E", "ERES"));
        if (chance(0.72)) t.sas.push(sa("W", "WRES", 1, "5/8"));
        if (chance(0.08)) t.sas.push(sa("W", "WIRR", 1, "1"));
        if (!t.solar && chance(0.12)) t.budget = 1;
      } else {
        t.sas.push(sa("E", "ECOM", pick([1, 40, 80])));
        if (chance(0.6)) t.sas.push(sa("W", "WCOM", 1, pick(["1", "1", "2"])));
      }
      p.tenants.push(t);
      if (!t.to) break;
      // Vacant between tenants: a month to a few (the owner is billed the minimum at zero use).
      const gap = chance(0.35) ? int(25, 140) : int(0, 6);
      if (gap > 20) p.vacancies.push({ from: t.to, to: addDays(t.to, gap) });
      from = addDays(t.to, gap);
    }
    premises.push(p);
  }

  const docs: Doc[] = [];
  const route = new Map<Premise, number>();
  for (const p of premises) route.set(p, int(1, 20));
  const readDay = (p: Premise, ym: string) => `${ym}-${String(route.get(p)!).padStart(2, "0")}`;

  /** Usage of an SA over a period: kWh or kgal, seasonal. */
  const consume = (sa: Sa, t: Tenant, from: string, to: string, vacant: boolean): { use: number; demand: number | null; received: number } => {
    const n = Math.max(1, days(from, to)), m = month(to);
    if (vacant) return { use: sa.service === "E" ? int(0, 1) === 0 ? 0 : int(1, 15) : 0, demand: sa.schedule === "ECOM" ? 0 : null, received: 0 };
    if (sa.service === "E") {
      const season = m === 7 || m === 8 ? 1.65 : m === 6 || m === 9 ? 1.35 : m === 12 || m === 1 || m === 2 ? (sa.heat ? 1.5 : 1.1) : 0.9;
      const kwh = Math.round(sa.baseKwh * season * logn(1, 0.12) * (n / 30));
      const demand = sa.schedule === "ECOM" ? r2(kwh / (730 * between(0.35, 0.6)) * (n / 30)) : null;
      const received = t.solar ? Math.round((m >= 4 && m <= 9 ? 780 : 380) * logn(1, 0.15) * (n / 30)) : 0;
      return { use: kwh, demand, received };
    }
    if (sa.schedule === "WIRR") return { use: m >= 11 || m <= 3 ? 0 : r2(logn(summer(to) ? 22 : 9, 0.3)), demand: null, received: 0 };
    const base = sa.schedule === "WCOM" ? 30 : 5;
    return { use: r2(base * (summer(to) ? 1.6 : 1) * logn(1, 0.25) * (n / 30)), demand: null, received: 0 };
  };

  /** The calculation lines of a segment for a period and usage, at the rates in force on each day
   *  (a period spanning a rate case: each component in two prorated lines). */
  const calc = (sa: Sa, t: Tenant, p: Premise, from: string, to: string, use: number, demand: number | null, billDate: string, prorate: number, ratchet: number): Line[] => {
    const lines: Line[] = [];
    const service = sa.service, schedule = sa.schedule;
    const change = STEPS[service].find((s) => s > from && s <= to);
    const parts = change ? [{ from, to: addDays(change, -1), day: from }, { from: change, to, day: change }] : [{ from, to, day: billDate >= to ? to : billDate }];
    const total = Math.max(1, days(from, to) + 1);
    for (const part of parts) {
      const share = change ? (days(part.from, part.to) + 1) / total : 1;
      const note = change ? ` (prorated ${short(part.from)}-${short(part.to)})` : "";
      const add = (code: string, qty: number, extra = "") => {
        if (qty === 0 && !COMP.get(code)!.unit.startsWith("MO")) return;
        const rate = rateOf(code, part.day);
        lines.push({ code, desc: `${COMP.get(code)!.desc}${extra}${note}`, from: part.from, to: part.to, qty: Math.round(qty * 10000) / 10000, unit: COMP.get(code)!.unit, rate, amount: r2(qty * rate) });
      };
      const custQty = Math.round(prorate * share * 10000) / 10000;
      const u = use * share;
      if (schedule === "ERES") {
        add("ERES-CUST", custQty, prorate < 1 ? ` ${Math.round(prorate * 30)} of 30 days` : "");
        if (u >= 0) {
          const cap = 600 * prorate * share;
          add("ERES-E1", Math.round(Math.min(u, cap)));
          if (u > cap) add(summer(to) ? "ERES-E2S" : "ERES-E2W", Math.round(u - cap));
        } else add("ERES-E1", Math.round(u), " - estimated read correction");
      } else if (schedule === "ECOM") {
        add("ECOM-CUST", custQty, prorate < 1 ? ` ${Math.round(prorate * 30)} of 30 days` : "");
        add("ECOM-ENERGY", Math.round(u), u < 0 ? " - estimated read correction" : "");
        if (demand !== null) add(summer(to) ? "ECOM-DEMS" : "ECOM-DEMW", r2(Math.max(demand, ratchet) * share), demand < ratchet ? " (ratchet 80% of summer peak)" : "");
      } else if (schedule === "WRES") {
        add("WRES-BASE", custQty);
        if (u < 0) add("WRES-V1", r2(u), " - estimated read correction");
        else { add("WRES-V1", r2(Math.min(u, 5))); if (u > 5) add("WRES-V2", r2(Math.min(u, 15) - 5)); if (u > 15) add("WRES-V3", r2(u - 15)); }
      } else if (schedule === "WCOM") {
        add(sa.size === "2" ? "WCOM-BASE-2" : "WCOM-BASE-1", custQty);
        add("WCOM-VOL", r2(u), u < 0 ? " - estimated read correction" : "");
      } else {
        add("WIRR-BASE", custQty);
        add("WIRR-VOL", r2(u));
      }
    }
    if (service === "E" && use > 0) {
      lines.push({ code: "FUEL-ADJ", desc: `Fuel adjustment ${billDate.slice(5, 7)}/${billDate.slice(0, 4)}`, from, to, qty: Math.round(use), unit: "KWH", rate: fuelOn(billDate), amount: r2(Math.round(use) * fuelOn(billDate)) });
      lines.push({ code: "RENEW-RIDER", desc: "Renewable energy rider", from, to, qty: Math.round(use), unit: "KWH", rate: renewOn(billDate), amount: r2(Math.round(use) * renewOn(billDate)) });
    }
    if (t.lowIncome && schedule === "ERES") {
      const base = r2(lines.reduce((s, l) => s + l.amount, 0));
      if (base > 0) lines.push({ code: "LI-DISC", desc: "Low income assistance discount 20%", from, to, qty: base, unit: "%", rate: LI_PCT, amount: r2((base * LI_PCT) / 100) });
    }
    if (p.town.ff) {
      const base = r2(lines.reduce((s, l) => s + l.amount, 0));
      if (base > 0) lines.push({ code: `FF-${p.town.id}`, desc: `${p.town.name} franchise fee ${p.town.ff}%`, from, to, qty: base, unit: "%", rate: p.town.ff, amount: r2((base * p.town.ff) / 100) });
    }
    return lines;
  };
  const usageRound = (d: Doc, v: number) => (d.sa?.service === "E" ? Math.round(v) : r2(v));
  const subtotal = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));

  // The monthly bill segments of each tenant's service agreements, and the vacant months.
  let segNo = 90_000_000;
  const billOf = new Map<string, string>();
  for (const p of premises) {
    for (const t of p.tenants) {
      const end = t.to || "9999-12-31";
      if (end < "2024-12-01") continue;
      for (const sa of t.sas) {
        let read = sa.service === "E" ? int(10_000, 90_000) : int(100, 4000);
        let prevDay = t.from < "2024-11-15" ? readDay(p, "2024-11") : t.from;
        let estimatedOver = 0, peak = 0, budgetDiff = 0, anniversary = "";
        const budgetAmt = t.budget ? r2(sa.service === "E" ? sa.baseKwh * 0.14 + 15 : 45) : 0;
        for (let ym = addMonths(prevDay.slice(0, 7) + "-01", t.from < "2024-11-15" ? 1 : 1).slice(0, 7); ; ym = addMonths(ym + "-01", 1).slice(0, 7)) {
          let rd = readDay(p, ym);
          const final = t.to !== "" && t.to <= rd;
          if (final) rd = t.to;
          if (rd > LAST) break;
          const billDate = addDays(rd, 2);
          const first = prevDay === t.from;
          const n = days(prevDay, rd);
          const prorate = first || final ? Math.min(1, Math.round((n / 30) * 10000) / 10000) : 1;
          let { use, demand, received } = consume(sa, t, prevDay, rd, false);
          if (sa.schedule === "ECOM" && demand !== null) { if (summer(rd)) peak = Math.max(peak, demand); }
          // An estimated read (no access, a dog, snow) over-estimates now and then; the next actual
          // read trues it up.
          let readType = "A", regular = first ? "move_in_first_bill" : final ? "move_out_final_bill" : "regular";
          const registerUse = (u: number) => (sa.mult > 1 ? Math.round(u / sa.mult) : u);
          if (!first && !final && chance(0.045)) {
            readType = "E";
            const est = sa.service === "E" ? Math.round(use * between(1.1, 1.8)) : r2(use * between(1.1, 1.9));
            estimatedOver += est - use; use = est; regular = "estimated_read";
          } else if (estimatedOver !== 0) {
            use = sa.service === "E" ? Math.round(use - estimatedOver) : r2(use - estimatedOver); estimatedOver = 0; regular = "estimate_true_up";
          }
          const net = t.solar && sa.service === "E" ? use - received : use;
          const curr = sa.service === "E" ? read + registerUse(net) : r2(read + net);
          const lines = t.solar && sa.service === "E" && net < 0 && readType === "A" && regular !== "estimate_true_up"
            ? [...calc(sa, t, p, prevDay, addDays(rd, -1), 0, demand, billDate, prorate, 0), { code: "NEM-EXCESS", desc: "Net metering excess generation credit", from: prevDay, to: addDays(rd, -1), qty: Math.round(net), unit: "KWH", rate: NEM_CREDIT, amount: r2(Math.round(net) * NEM_CREDIT) }]
            : calc(sa, t, p, prevDay, addDays(rd, -1), net, demand, billDate, prorate, sa.schedule === "ECOM" ? r2(peak * 0.8) : 0);
          if (t.solar && sa.service === "E" && regular === "regular") regular = net < 0 ? "net_metering_negative_usage" : "net_metering";
          if (regular === "regular") {
            if (t.lowIncome && sa.schedule === "ERES") regular = "low_income_discount";
            else if (t.budget) regular = "budget_billing";
            else if (sa.schedule === "WIRR" && use === 0) regular = "irrigation_off_season";
            else if (STEPS[sa.service].some((s) => s > prevDay && s < rd)) regular = "rate_change_proration";
            else if (sa.service === "E" && (month(rd) === 7 || month(rd) === 8)) regular = "summer_peak";
          }
          const bill = billOf.get(`${t.account}|${billDate}`) ?? `B${String(++segNo)}`;
          billOf.set(`${t.account}|${billDate}`, bill);
          const d: Doc = { no: "", bill, type: "BILL", date: billDate, premise: p, tenant: t, sa, schedule: sa.schedule, periodFrom: prevDay, periodTo: addDays(rd, -1), prevRead: read, currRead: curr, readType, readDate: rd, usage: sa.service === "E" ? Math.round(net) : r2(net), demand, occupancy: "Occupied", related: null, adjType: "", reason: "", user: "BATCH", approver: "", lines, taxRate: sa.schedule === "ECOM" ? SALES_TAX_COM_ELECTRIC : 0, regular };
          if (billDate >= "2024-12-01") docs.push(d);
          read = curr;
          // Budget billing: the yearly settle-up on the anniversary bill (a debit or a credit of
          // what the year's actual charges differ from the levelized amount).
          if (t.budget) {
            budgetDiff += subtotal(d) - budgetAmt;
            if (!anniversary) anniversary = addMonths(billDate, 12);
            else if (billDate >= anniversary && !final) {
              anniversary = addMonths(billDate, 12);
              const amt = r2(budgetDiff); budgetDiff = 0;
              if (Math.abs(amt) > 1) docs.push({ ...d, no: "", type: amt < 0 ? "ADJ-CREDIT" : "ADJ-DEBIT", date: addDays(billDate, 1), related: d, adjType: "BUDGET-SETTLE", reason: "ANNUAL", user: "BATCH", approver: "", lines: [{ code: "BUDGET-SETTLE", desc: "Budget billing annual settle-up", from: "", to: "", qty: null, unit: "", rate: null, amount: amt }], taxRate: 0, regular: "budget_settle_up" });
            }
          }
          (d as Doc & { budgetAmt?: number }).budgetAmt = budgetAmt;
          prevDay = rd;
          if (final) break;
        }
      }
    }
    // Vacant months: the owner's SA billed at zero or near-zero use.
    for (const v of p.vacancies) {
      const t = p.tenants.find((x) => x.to === v.from)!;
      const sa = t.sas[0]!;
      let from = v.from;
      for (let ym = addMonths(v.from.slice(0, 7) + "-01", 1).slice(0, 7); ; ym = addMonths(ym + "-01", 1).slice(0, 7)) {
        let rd = readDay(p, ym);
        const last = rd >= v.to;
        if (last) rd = v.to;
        if (rd > LAST || days(from, rd) < 3) break;
        const { use, demand } = consume(sa, t, from, rd, true);
        const billDate = addDays(rd, 2);
        const prorate = Math.min(1, Math.round((days(from, rd) / 30) * 10000) / 10000);
        const owner: Tenant = { ...t, lowIncome: false, solar: false, budget: 0, account: `${p.id.slice(-6)}00` };
        const lines = calc(sa, owner, p, from, addDays(rd, -1), use, demand, billDate, prorate, 0);
        if (billDate >= "2024-12-01") docs.push({ no: "", bill: `B${String(++segNo)}`, type: "BILL", date: billDate, premise: p, tenant: owner, sa, schedule: sa.schedule, periodFrom: from, periodTo: addDays(rd, -1), prevRead: 0, currRead: use, readType: "A", readDate: rd, usage: use, demand, occupancy: "Vacant", related: null, adjType: "", reason: "", user: "BATCH", approver: "", lines, taxRate: sa.schedule === "ECOM" ? SALES_TAX_COM_ELECTRIC : 0, regular: "vacant_premise" });
        from = rd;
        if (last) break;
      }
    }
  }

  // Adjustments: late charges and their waivers, cancel-and-rebill, water-leak adjustments,
  // billing corrections, deposits transferred to a final bill and the rest refunded.
  const bills = docs.filter((d) => d.type === "BILL" && d.date >= FIRST);
  const adj = (base: Doc, type: Doc["type"], adjType: string, amount: number, o: Partial<Doc> = {}): Doc => {
    const d: Doc = { ...base, no: "", type, date: addDays(base.date, int(3, 20)), related: base, adjType, reason: "", user: pick(csrs), approver: "", readType: "", prevRead: null, currRead: null, usage: null, demand: null, taxRate: 0, regular: "",
      lines: [{ code: adjType, desc: adjType, from: "", to: "", qty: null, unit: "", rate: null, amount }], ...o };
    docs.push(d);
    return d;
  };
  const lateFees: Doc[] = [];
  for (const b of bills) {
    const total = subtotal(b) * (1 + b.taxRate);
    if (b.occupancy !== "Vacant" && total >= 20 && b.regular !== "move_out_final_bill" && chance(0.05)) {
      const fee = r2(Math.max(LATE_MIN, (total * LATE_PCT) / 100));
      const lf = adj(b, "ADJ-DEBIT", "LATE-FEE", fee, { date: addDays(b.date, int(22, 26)), user: "BATCH", regular: "late_fee", lines: [{ code: "LATE-FEE", desc: "Late payment charge 1.5%", from: "", to: "", qty: r2(total), unit: "%", rate: LATE_PCT, amount: fee }] });
      lateFees.push(lf);
      if (b.tenant.medical) adj(lf, "ADJ-CREDIT", "LATE-WAIVE", -fee, { reason: "MEDCERT", date: addDays(lf.date, int(1, 12)), regular: "medical_certificate_waiver", lines: [{ code: "LATE-WAIVE", desc: "Late charge waiver", from: "", to: "", qty: null, unit: "", rate: null, amount: -fee }] });
      else if (chance(0.18)) adj(lf, "ADJ-CREDIT", "LATE-WAIVE", -fee, { reason: chance(0.85) ? pick(["COURTESY", "COURTESY", "PAYPLAN", "BANKERR"]) : "", date: addDays(lf.date, int(1, 12)), regular: "courtesy_late_fee_waiver", lines: [{ code: "LATE-WAIVE", desc: "Late charge waiver", from: "", to: "", qty: null, unit: "", rate: null, amount: -fee }] });
    }
    if (b.occupancy === "Vacant") continue;
    if (chance(0.006) && b.regular !== "move_out_final_bill") {
      // A bill cancelled (wrong read, wrong multiplier) and the period billed again.
      b.regular = "cancelled_bill";
      const cancel = adj(b, "BILL-CANCEL", "", 0, { date: addDays(b.date, int(2, 15)), reason: pick(["MISREAD", "METER-EXCH", "RATE-CORR"]), regular: "bill_cancel", lines: b.lines.map((l) => ({ ...l, qty: l.qty === null ? null : -l.qty, amount: -l.amount })) });
      const f = chance(0.5) ? 1 : between(0.6, 0.95);
      // The rebill: the same period, re-read (a corrected usage) or unchanged; each metered line
      // re-rated at its rate, the percentage lines on their new base.
      const lines = b.lines.map((l) => {
        if (f === 1 || l.rate === null || !(l.unit === "KWH" || l.unit === "KGAL" || l.unit === "KW")) return { ...l };
        const qty = l.unit === "KWH" ? Math.round((l.qty ?? 0) * f) : r2((l.qty ?? 0) * f);
        return { ...l, qty, amount: r2(qty * l.rate) };
      });
      for (const l of lines) if (l.unit === "%" && l.rate !== null) {
        const base = r2(lines.filter((x) => x !== l && (l.code === "LI-DISC" ? x.code !== "LI-DISC" && !x.code.startsWith("FF-") : !x.code.startsWith("FF-"))).reduce((s, x) => s + x.amount, 0));
        l.qty = base; l.amount = r2((base * l.rate) / 100);
      }
      docs.push({ ...b, no: "", bill: `B${String(++segNo)}`, date: addDays(cancel.date, int(0, 1)), related: b, reason: cancel.reason, user: cancel.user, regular: "rebill", usage: b.usage === null ? null : usageRound(b, b.usage * f), lines });
    }
    if (b.sa?.service === "W" && b.regular === "regular" && (b.usage ?? 0) > 9 && chance(0.03)) {
      const cr = r2(subtotal(b) * between(0.2, 0.5));
      adj(b, "ADJ-CREDIT", "LEAK-ADJ", -cr, { reason: "LEAK-REPAIRED", approver: pick(supervisors), regular: "water_leak_adjustment", lines: [{ code: "LEAK-ADJ", desc: "Water leak adjustment - repair verified", from: "", to: "", qty: null, unit: "", rate: null, amount: -cr }] });
    } else if (chance(0.003) && subtotal(b) > 30) {
      const cr = r2(subtotal(b) * between(0.05, 0.6));
      adj(b, "ADJ-CREDIT", "BILL-ADJ", -cr, { reason: pick(["METER-TEST", "MISREAD", "SVC-ISSUE"]), approver: cr > 100 ? pick(supervisors) : "", regular: "billing_adjustment", lines: [{ code: "BILL-ADJ", desc: "Billing adjustment", from: "", to: "", qty: null, unit: "", rate: null, amount: -cr }] });
    }
    if (b.regular === "move_out_final_bill" && b.tenant.deposit && b.sa === b.tenant.sas[0]) {
      const dep = r2(b.tenant.deposit * (1 + between(0.005, 0.03)));
      adj(b, "ADJ-CREDIT", "XFER-DEP", -dep, { date: addDays(b.date, int(1, 5)), user: "BATCH", reason: "FINAL", regular: "deposit_applied_final_bill", lines: [{ code: "XFER-DEP", desc: "Deposit and interest applied to final bill", from: "", to: "", qty: null, unit: "", rate: null, amount: -dep }] });
      const rest = r2(dep - subtotal(b) * (1 + b.taxRate));
      if (rest > 0) adj(b, "ADJ-DEBIT", "DEP-REFUND", rest, { date: addDays(b.date, int(10, 20)), user: pick(csrs), reason: "REFUND-CHECK", regular: "deposit_refund", lines: [{ code: "DEP-REFUND", desc: "Credit balance refunded by check", from: "", to: "", qty: null, unit: "", rate: null, amount: rest }] });
    }
  }

  // Planting: 25 documents of each kind (≈ 0.5 %), each on ordinary business of its kind.
  const used = new Set<Doc>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const inWindow = (d: Doc) => d.date >= "2025-02-01" && d.date <= "2026-10-15" && !used.has(d);
  const N = 25;
  const bySa = new Map<Sa, Doc[]>();
  for (const d of docs) if (d.type === "BILL" && d.sa && d.occupancy === "Occupied" && d.regular !== "rebill" && d.regular !== "cancelled_bill") bySa.set(d.sa, [...(bySa.get(d.sa) ?? []), d]);
  const rebill = (d: Doc, lines: Line[]) => { d.lines = lines; };
  // 1. A stuck meter: an occupied premise's active electric meter reads the same for 3–6 months.
  {
    let n = 0;
    for (const sa of take([...bySa.keys()].filter((s) => s.service === "E" && s.schedule === "ERES"), 400)) {
      if (n >= N) break;
      const t = premises.flatMap((p) => p.tenants).find((x) => x.sas.includes(sa))!;
      if (t.solar) continue;
      const ds = bySa.get(sa)!.filter((d) => inWindow(d) && d.regular !== "move_out_final_bill" && d.regular !== "move_in_first_bill");
      if (ds.length < 8) continue;
      const k = int(0, ds.length - 6), len = Math.min(int(3, 6), N - n);
      const stuck = ds.slice(k, k + len);
      if (stuck.some((d) => d.readType === "E" || d.regular === "estimate_true_up" || d.regular === "rate_change_proration")) continue;
      const reading = stuck[0]!.prevRead;
      for (const d of stuck) {
        const before = subtotal(d);
        rebill(d, calc(sa, t, d.premise, d.periodFrom, d.periodTo, 0, null, d.date, 1, 0));
        d.prevRead = reading; d.currRead = reading; d.usage = 0;
        plant(d, "stuck_meter_zero_usage", before - subtotal(d)); n++;
      }
      // The next read catches up only when the meter is exchanged (not in this window): later
      // bills read on from the stuck register.
    }
  }
  // 2. A commercial premise's electric service set up on the residential schedule.
  {
    let n = 0;
    for (const sa of take([...bySa.keys()].filter((s) => s.schedule === "ECOM" && s.mult === 1), 200)) {
      if (n >= N) break;
      const ds = bySa.get(sa)!.filter((d) => inWindow(d) && d.regular !== "move_in_first_bill" && d.regular !== "move_out_final_bill" && d.regular !== "rate_change_proration" && d.readType === "A" && d.regular !== "estimate_true_up");
      if (ds.length < 6) continue;
      const k = int(0, ds.length - 6);
      const t = ds[0]!.tenant;
      const res: Sa = { ...sa, schedule: "ERES" };
      // Only where the residential schedule bills less (no demand charge, no sales tax): a
      // misclassification that loses revenue.
      for (const d of ds.slice(k, k + Math.min(int(4, 7), N - n))) {
        const lines = calc(res, { ...t, lowIncome: false }, d.premise, d.periodFrom, d.periodTo, d.usage ?? 0, null, d.date, 1, 0);
        const risk = subtotal(d) * (1 + SALES_TAX_COM_ELECTRIC) - lines.reduce((s, l) => s + l.amount, 0);
        if (risk < 5) continue;
        d.lines = lines; d.schedule = "ERES"; d.taxRate = 0;
        plant(d, "commercial_on_residential_rate", risk);
        n++;
      }
    }
  }
  // 3. A general rate increase not applied: a service agreement's bills after the effective date
  //    still at the previous rates (the SA's rate version was not advanced).
  {
    let n = 0;
    for (const sa of take([...bySa.keys()], 800)) {
      if (n >= N) break;
      const step = STEPS[sa.service].filter((s) => s >= "2025-01-01")[sa.service === "E" ? int(0, 1) : 0]!;
      const ds = bySa.get(sa)!.filter((d) => inWindow(d) && d.periodFrom >= step && d.regular !== "move_in_first_bill" && d.regular !== "move_out_final_bill" && d.readType === "A" && (d.usage ?? 0) > 0);
      if (!ds.length) continue;
      for (const d of ds.slice(0, Math.min(int(1, 3), N - n))) {
        const before = subtotal(d);
        const old = addDays(step, -1);
        for (const l of d.lines) if (COMP.has(l.code)) { l.rate = rateOf(l.code, old); l.amount = r2((l.qty ?? 0) * l.rate); }
        for (const l of d.lines) if (l.unit === "%") { const base = r2(d.lines.filter((x) => x !== l && (l.code === "LI-DISC" ? COMP.has(x.code) || x.code === "FUEL-ADJ" || x.code === "RENEW-RIDER" : !x.code.startsWith("FF-"))).reduce((s, x) => s + x.amount, 0)); l.qty = base; l.amount = r2((base * (l.rate ?? 0)) / 100); }
        plant(d, "tariff_increase_not_applied", (before - subtotal(d)) * (1 + d.taxRate));
        n++;
      }
    }
  }
  // 4. A commercial bill with its demand charge missing (the demand register read, not billed).
  for (const d of take(docs.filter((d) => d.type === "BILL" && inWindow(d) && d.schedule === "ECOM" && d.regular !== "rebill" && d.regular !== "cancelled_bill" && d.lines.some((l) => l.code.startsWith("ECOM-DEM"))), N)) {
    const before = subtotal(d);
    d.lines = d.lines.filter((l) => !l.code.startsWith("ECOM-DEM"));
    const ff = d.lines.find((l) => l.code.startsWith("FF-"));
    if (ff) { ff.qty = r2(d.lines.filter((l) => l !== ff).reduce((s, l) => s + l.amount, 0)); ff.amount = r2((ff.qty * (ff.rate ?? 0)) / 100); }
    plant(d, "demand_charge_missing", (before - subtotal(d)) * (1 + d.taxRate));
  }
  // 5. A bill issued twice for one period (the batch re-run after a failure: a second segment).
  for (const d of take(docs.filter((d) => d.type === "BILL" && inWindow(d) && d.occupancy === "Occupied" && d.regular !== "rebill" && d.regular !== "cancelled_bill"), N)) {
    const copy: Doc = { ...d, no: "", bill: `B${String(++segNo)}`, date: addDays(d.date, int(0, 3)), lines: d.lines.map((l) => ({ ...l })), leak: undefined };
    docs.push(copy);
    plant(copy, "bill_issued_twice", subtotal(d) * (1 + d.taxRate));
  }
  // 6. A credit adjustment larger than the bill it is posted against.
  for (const b of take(bills.filter((d) => inWindow(d) && d.occupancy === "Occupied" && subtotal(d) > 25 && d.regular !== "rebill" && d.regular !== "cancelled_bill"), N)) {
    const total = subtotal(b) * (1 + b.taxRate);
    const cr = r2(total * between(1.3, 3.5));
    plant(adj(b, "ADJ-CREDIT", "BILL-ADJ", -cr, { reason: pick(["MISREAD", "SVC-ISSUE", "METER-TEST"]), approver: cr > 100 ? pick(supervisors) : "", regular: "billing_adjustment", lines: [{ code: "BILL-ADJ", desc: "Billing adjustment", from: "", to: "", qty: null, unit: "", rate: null, amount: -cr }] }), "credit_above_bill", cr - total);
  }
  // 7. Late charges waived again and again by one user, with no reason.
  const waived = new Set(docs.map((x) => x.related));
  for (const lf of take(lateFees.filter((d) => inWindow(d) && !d.tenant.medical && !waived.has(d)), N)) {
    const fee = lf.lines[0]!.amount;
    plant(adj(lf, "ADJ-CREDIT", "LATE-WAIVE", -fee, { reason: "", user: rogue, date: addDays(lf.date, int(1, 12)), regular: "courtesy_late_fee_waiver", lines: [{ code: "LATE-WAIVE", desc: "Late charge waiver", from: "", to: "", qty: null, unit: "", rate: null, amount: -fee }] }), "late_fee_waived_without_reason", fee);
  }

  // Segment numbers in date order.
  const out = docs.filter((d) => d.date >= FIRST && d.date <= LAST).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let n = 0;
  for (const d of out) d.no = `${d.type === "BILL" || d.type === "BILL-CANCEL" ? "BS" : "AJ"}${String(4_400_000_000 + ++n * 7)}`;
  const labels: Label[] = out.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: out, premises, labels };
}

// The financial-transaction detail: MM/DD/YYYY, "1,234.56", "," between columns; the segment's header on each row.

export function writeUtility(seed: number, out: string) {
  const g = generateUtility(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Segment ID", "Bill ID", "Document Type", "Bill Date", "Account ID", "SA ID", "Premise ID", "Town", "Customer Class", "Rate Schedule", "Service", "Period Start", "Period End",
    "Meter ID", "Multiplier", "Previous Read", "Current Read", "Read Type", "Read Date", "Usage", "Usage UOM", "Measured Demand KW", "Budget Amount", "Programs", "Premise Status",
    "Related Document", "Adjustment Type", "Reason Code", "Created By", "Approved By", "Currency", "Subtotal", "Sales Tax Rate", "Sales Tax", "Total Amount",
    "Line No", "Charge Code", "Description", "Line Start", "Line End", "Quantity", "UOM", "Rate", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const sub = r2(d.lines.reduce((s, l) => s + l.amount, 0));
    const tax = r2(sub * d.taxRate);
    const t = d.tenant;
    const programs = [t.lowIncome ? "LIHEAP" : "", t.solar ? "NEM" : "", t.medical ? "MEDCERT" : "", t.budget ? "BUDGET" : ""].filter(Boolean).join(";");
    const bill = d.type === "BILL" || d.type === "BILL-CANCEL";
    d.lines.forEach((l, i) => rows.push([
      d.no, bill ? d.bill : "", d.type, usDate(d.date), t.account, d.sa?.id ?? "", d.premise.id, d.premise.town.name, d.premise.cls, d.schedule, d.sa?.service === "W" ? "WATER" : "ELECTRIC", usDate(bill ? d.periodFrom : ""), usDate(bill ? d.periodTo : ""),
      bill ? d.sa?.meter ?? "" : "", bill ? String(d.sa?.mult ?? "") : "", bill ? numberText(d.prevRead) : "", bill ? numberText(d.currRead) : "", bill ? d.readType : "", usDate(bill ? d.readDate : ""), bill ? numberText(d.usage) : "", bill ? (d.sa?.service === "W" ? "KGAL" : "KWH") : "",
      bill && d.demand !== null ? String(d.demand) : "", bill && t.budget ? num((d as Doc & { budgetAmt?: number }).budgetAmt ?? 0) : "", programs, d.occupancy,
      d.related?.no ?? "", d.adjType, d.reason, d.user, d.approver, "USD", num(sub), `${d.taxRate * 100}%`, num(tax), num(r2(sub + tax)),
      String(i + 1), l.code, l.desc, usDate(l.from), usDate(l.to), numberText(l.qty), l.unit, numberText(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "ft_detail.csv"), csv(header, rows));
  // The rate schedules: a row per component and effective date (riders monthly).
  const tariff: string[][] = [];
  for (const c of COMPONENTS) c.rates.forEach((r, i) => tariff.push([c.schedule, c.code, c.desc, c.unit, String(r), usDate(STEPS[c.service][i]!)]));
  for (const f of FUEL) tariff.push(["RIDER", "FUEL-ADJ", "Fuel adjustment", "KWH", String(f.rate), usDate(f.from)]);
  for (const r of RENEW) tariff.push(["RIDER", "RENEW-RIDER", "Renewable energy rider", "KWH", String(r.rate), usDate(r.from)]);
  tariff.push(["NEM", "NEM-EXCESS", "Net metering excess generation credit (avoided cost)", "KWH", String(NEM_CREDIT), usDate("2020-01-01")]);
  tariff.push(["RIDER", "LI-DISC", "Low income assistance discount", "%", String(LI_PCT), usDate("2020-01-01")]);
  tariff.push(["FEES", "LATE-FEE", "Late payment charge (min 2.00)", "%", String(LATE_PCT), usDate("2020-01-01")]);
  for (const t of TOWNS) if (t.ff) tariff.push(["FEES", `FF-${t.id}`, `${t.name} franchise fee`, "%", String(t.ff), usDate("2020-01-01")]);
  writeFileSync(join(out, "ref", "rate_schedules.csv"), csv(["Rate Schedule", "Charge Code", "Description", "UOM", "Rate", "Effective Date"], tariff));
  // The premise and service-agreement master.
  const master: string[][] = [];
  for (const p of g.premises) for (const t of p.tenants) for (const sa of t.sas) if (!t.to || t.to >= "2024-12-01") master.push([p.id, p.town.name, p.cls, t.account, sa.id, sa.service === "E" ? "ELECTRIC" : "WATER", sa.schedule, sa.meter, String(sa.mult), sa.size, usDate(t.from), usDate(t.to), num(t.deposit)]);
  writeFileSync(join(out, "ref", "service_agreements.csv"), csv(["Premise ID", "Town", "Customer Class", "Account ID", "SA ID", "Service", "Rate Schedule", "Meter ID", "Multiplier", "Meter Size", "Start Date", "End Date", "Deposit"], master));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, premises: g.premises.length, tariff_rows: tariff.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeUtility(Number(arg("--seed", "1801")), arg("--out", "/tmp/utility-1801"))));
}
