// An independent billing data set (the ninth, 2026-11-28): a property manager's rent roll billing
// over 24 months (January 2024 – December 2025) of residential communities and commercial centres
// (retail and office) in Florida, Arizona, Hawaii, Texas, Georgia, North Carolina and Colorado,
// exported from the property-management system (Yardi / AppFolio / MRI style) as a charge-detail
// report: one invoice per lease and month (the recurring-charge run), one row per charge code, US
// dates, "1,234.56" amounts. The lease charge schedule (each lease's recurring charges with their
// From/To dates: every escalation step, renewal, month-to-month rate and concession is a row) is
// exported beside it. Written from property-management knowledge before reading the detectors:
// annual escalations on each lease's anniversary (fixed % or CPI-linked, per lease), renewals at new
// rates, move-in and move-out proration by days, concessions recorded on the lease (first month
// free, $X off for N months), month-to-month rent after the lease ends (a premium rate, or a
// premium fee by property), CAM, real-estate-tax and insurance estimates re-budgeted each January
// and reconciled the next spring (a one-off charge or credit), utility recovery (RUBS) varying each
// month, late fees after a five-day grace period (waived by credit for some long-standing residents;
// capped at 5 % of the rent in North Carolina), NSF fees, security deposits applied on the move-out
// statement, percentage rent of retail tenants (a share of reported sales above a breakpoint),
// vacant units (no charges), affordable units at a regulated rent, a corporate-housing tenant
// leasing several identical apartments, and sales tax on commercial rent where it is levied:
// Florida's business rent tax (4.5 % + county surtax, 2.0 % from 1 June 2024, repealed from
// 1 October 2024), Arizona's city transaction privilege tax on commercial rent (and on residential
// rent until 31 December 2024), Hawaii's general excise tax passed on to commercial tenants.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-rent-roll.ts --seed 3103 --out /tmp/rent
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "escalation_missed" | "renewal_at_old_rate" | "holdover_at_lease_rate" | "rent_below_lease" | "amenity_fee_below_lease"
  | "concession_beyond_term" | "concession_above_lease" | "tax_not_charged" | "charges_posted_twice"
  | "recurring_charge_dropped" | "cam_dropped_after_rebudget" | "month_not_billed";
export const LEAK_KINDS: LeakKind[] = ["escalation_missed", "renewal_at_old_rate", "holdover_at_lease_rate", "rent_below_lease", "amenity_fee_below_lease", "concession_beyond_term", "concession_above_lease", "tax_not_charged", "charges_posted_twice", "recurring_charge_dropped", "cam_dropped_after_rebudget", "month_not_billed"];
/** Planted kinds that are an absence: no document of their own bills them. A month not billed at
 *  all has no document: its label's `document` is "unbilled:<Lease ID>:<YYYY-MM>". */
export const ABSENCE_KINDS: LeakKind[] = ["recurring_charge_dropped", "cam_dropped_after_rebudget", "month_not_billed"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number; lease?: string; period?: string }

interface Charge { code: string; desc: string; amount: number }
interface Property {
  id: string; name: string; state: string; kind: "Residential" | "Retail" | "Office"; county: string;
  mtmStyle: "rate" | "fee"; park: number; pet: number; stor: number; lateFlat: number;
  /** The day of the month before on which next month's charges are invoiced; 0: on the 1st. */
  advanceDay: number;
}
interface Lease {
  id: string; tenant: Tenant; unit: Unit; start: string; end: string; status: string; moveIn: string; moveOut: string; deposit: number;
  /** Schedule rows: charge code, amount, from, to. */
  rows: { code: string; amount: number; from: string; to: string }[];
  longStanding: boolean;
}
interface Tenant { id: string; name: string }
interface Unit { id: string; property: Property; type: string; program: string; sqft: number }
interface Doc {
  no: string; trans: "Charge" | "Credit"; date: string; period: string; periodStart: string; lease: Lease; applied: Doc | null; lines: Charge[];
  taxCode: string; taxRate: number; tax: number; regular: string; leak?: { kind: LeakKind; risk: number };
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
const monthStart = (d: string) => d.slice(0, 7) + "-01";
const monthEnd = (d: string) => addDays(addMonths(monthStart(d), 1), -1);
const daysIn = (d: string) => Number(monthEnd(d).slice(8, 10));
const FIRST = "2024-01-01", LAST = "2025-12-31";
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

// Taxes on rent, by state, county and date: Florida's business rent tax on commercial leases (the
// state rate plus the county's discretionary surtax, cut to 2.0 % on 1 June 2024 and repealed on
// 1 October 2024), Arizona cities' transaction privilege tax on commercial leases (and on
// residential ones until Arizona barred it from 1 January 2025), Hawaii's GET passed on.
function rentTax(p: Property, day: string): { code: string; rate: number } {
  if (p.state === "FL" && p.kind !== "Residential") {
    if (day >= "2024-10-01") return { code: "", rate: 0 };
    const surtax = p.county === "Miami-Dade" ? 0.01 : p.county === "Orange" ? 0.005 : 0.015;
    return { code: `FL-${p.county}`, rate: r2((day >= "2024-06-01" ? 0.02 : 0.045) * 10000 + surtax * 10000) / 10000 };
  }
  if (p.state === "AZ") {
    const rate = p.county === "Phoenix" ? 0.023 : 0.018;
    if (p.kind !== "Residential" || day < "2025-01-01") return { code: `AZ-${p.county}`, rate };
    return { code: "", rate: 0 };
  }
  if (p.state === "HI" && p.kind !== "Residential") return { code: "HI-GET", rate: 0.04712 };
  return { code: "", rate: 0 };
}
// What the tax is on: rent and its recoveries; not late or NSF fees, utilities, deposits, move-out charges.
const TAXED = new Set(["RENT", "CONC", "MTM", "CAM", "RET", "INS", "PRCT", "CAMREC", "PARK", "STOR"]);

export function generateRentRoll(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const round5 = (v: number) => Math.round(v / 5) * 5;

  const properties: Property[] = [];
  const res: [string, string, string][] = [["Palm Harbor Apartments", "FL", "Hillsborough"], ["Camelback Ridge", "AZ", "Phoenix"], ["Mesa Verde Flats", "AZ", "Tempe"], ["Live Oak Commons", "TX", "Travis"], ["Peachtree Landing", "GA", "Fulton"], ["Crabtree Village", "NC", "Wake"], ["Cherry Creek Lofts", "CO", "Denver"]];
  const com: [string, string, string, "Retail" | "Office"][] = [["Biscayne Plaza", "FL", "Miami-Dade", "Retail"], ["Orlando Commerce Center", "FL", "Orange", "Office"], ["Scottsdale Pavilions", "AZ", "Phoenix", "Retail"], ["Kapiolani Centre", "HI", "Honolulu", "Office"], ["Ala Moana Shops", "HI", "Honolulu", "Retail"], ["Domain Office Park", "TX", "Travis", "Office"]];
  // Residential communities post the month's charges on the 1st, but one runs them on the 26th of
  // the month before (a Yardi-style recurring-charge run); commercial tenants are invoiced on the
  // 20th for next month's charges, due on the 1st (MRI-style invoices).
  res.forEach(([name, state, county], i) => properties.push({ id: `R${100 + i}`, name, state, county, kind: "Residential", mtmStyle: chance(0.5) ? "rate" : "fee", park: pick([50, 60, 75, 85]), pet: pick([25, 35, 40, 50]), stor: pick([45, 50, 65]), lateFlat: pick([50, 75, 100]), advanceDay: i === 1 ? 26 : 0 }));
  com.forEach(([name, state, county, kind], i) => properties.push({ id: `C${200 + i}`, name, state, county, kind, mtmStyle: "rate", park: pick([95, 125, 150]), pet: 0, stor: 0, lateFlat: 0, advanceDay: 20 }));

  const units: Unit[] = [];
  for (const p of properties) {
    const n = p.kind === "Residential" ? int(48, 62) : int(14, 22);
    for (let i = 0; i < n; i++) {
      const type = p.kind === "Residential" ? pick(["1BR/1BA", "1BR/1BA", "2BR/2BA", "2BR/2BA", "3BR/2BA", "Studio"]) : p.kind;
      const program = p.kind === "Residential" && (p.id === "R100" || p.id === "R104") && i % 8 === 0 ? "LIHTC 60% AMI" : "Market";
      units.push({ id: p.kind === "Residential" ? `${pick(["A", "B", "C"])}${100 + i}` : `Suite ${100 + i * 10}`, property: p, type, program, sqft: p.kind === "Residential" ? int(550, 1400) : int(1200, 9000) });
    }
  }
  const marketRent = (u: Unit, day: string) => {
    const base = u.type === "Studio" ? 1150 : u.type === "1BR/1BA" ? 1400 : u.type === "2BR/2BA" ? 1780 : 2250;
    const stateF = { FL: 1.1, AZ: 0.95, TX: 1.0, GA: 0.98, NC: 0.92, CO: 1.15, HI: 1.6 }[u.property.state] ?? 1;
    const yearF = day < "2024-07-01" ? 1 : day < "2025-07-01" ? 1.035 : 1.06;
    return round5(base * stateF * yearF * uniform(0.95, 1.05));
  };

  const tenants: Tenant[] = [];
  let tenantSeq = 0, leaseSeq = 0;
  const newTenant = (corporate = false): Tenant => {
    const t = { id: `t${String(++tenantSeq + 4000).padStart(7, "0")}`, name: corporate ? `${pick(["Oakwood", "Blueground", "Sonder", "Corporate Stays"])} Housing LLC` : `${pick(["Garcia", "Smith", "Nguyen", "Johnson", "Patel", "Williams", "Brown", "Kim", "Lopez", "Davis", "Miller", "Wilson"])}, ${pick(["Maria", "James", "Linh", "Robert", "Priya", "Ashley", "David", "Soo-jin", "Carlos", "Emily"])}`, };
    tenants.push(t);
    return t;
  };
  const leases: Lease[] = [];
  const row = (l: Lease, code: string, amount: number, from: string, to: string) => l.rows.push({ code, amount: r2(amount), from, to });
  // Residential and commercial tenancies over each unit, from before the export's window to its end.
  const corporate = newTenant(true);
  for (const u of units) {
    const p = u.property;
    let day = addDays("2022-06-01", int(0, 560));
    if (p.kind !== "Residential" || chance(0.7)) day = monthStart(day);
    // A few apartments of one community are leased by a corporate-housing company, identically.
    const corp = p.id === "R103" && units.indexOf(u) % 9 === 0;
    while (day <= LAST) {
      const tenant = corp ? corporate : newTenant();
      const isRes = p.kind === "Residential";
      const term = isRes ? pick([12, 12, 12, 6, 9, 15]) : pick([36, 60, 60, 84, 120]);
      const start = day;
      const end = addDays(addMonths(monthStart(start), term + (start.slice(8) === "01" ? 0 : 1)), -1);
      const regulated = u.program !== "Market";
      let rent = corp ? round5(marketRent({ ...u, type: "2BR/2BA" }, "2023-01-01")) : regulated ? round5(marketRent(u, start) * 0.72) : isRes ? marketRent(u, start) : round5(u.sqft * uniform(1.6, 3.2) * (p.state === "HI" ? 1.5 : 1));
      const l: Lease = { id: `L${String(++leaseSeq).padStart(6, "0")}`, tenant, unit: u, start, end, status: "Current", moveIn: start, moveOut: "", deposit: isRes ? rent : r2(rent * 2), rows: [], longStanding: false };
      leases.push(l);
      // Escalations: residential leases renew; commercial ones step up on each anniversary, by a
      // fixed % or by the CPI (different per lease), both in the schedule.
      let stepFrom = start;
      let stepEnd = isRes ? end : addDays(addMonths(start, 12), -1);
      const fixedPct = pick([0.025, 0.03, 0.03, 0.035, 0.04]);
      const cpi = !isRes && chance(0.4);
      while (true) {
        row(l, "RENT", rent, stepFrom, stepEnd < end ? stepEnd : end);
        if (stepEnd >= end) break;
        stepFrom = addDays(stepEnd, 1);
        stepEnd = addDays(addMonths(stepFrom, 12), -1);
        rent = cpi ? round5(rent * (1 + Math.min(0.05, Math.max(0.02, uniform(0.021, 0.041))))) : r2(rent * (1 + fixedPct));
      }
      // Concessions recorded on the lease: the first month free, or $X off for N months.
      if (isRes && !regulated && !corp && chance(0.25)) {
        const months = chance(0.4) ? 1 : int(2, 6);
        const off = months === 1 ? l.rows[0]!.amount : pick([50, 75, 100, 150]);
        const cs = start.slice(8) === "01" ? start : addMonths(monthStart(start), 1);
        row(l, "CONC", -off, cs, addDays(addMonths(cs, months), -1));
      }
      if (!isRes && chance(0.3)) row(l, "CONC", -l.rows[0]!.amount, start.slice(8) === "01" ? start : addMonths(monthStart(start), 1), addDays(addMonths(start.slice(8) === "01" ? start : addMonths(monthStart(start), 1), pick([1, 2, 3])), -1));
      // Amenities: parking, pets, storage; commercial recoveries re-budgeted each January.
      if (isRes && chance(0.35)) row(l, "PARK", p.park, start, end);
      if (isRes && chance(0.22)) row(l, "PET", p.pet, start, end);
      if (isRes && chance(0.1)) row(l, "STOR", p.stor, start, end);
      if (!isRes) {
        let cam = r2((u.sqft * uniform(4, 9)) / 12), ret = r2((u.sqft * uniform(1.5, 3.5)) / 12), ins = r2((u.sqft * uniform(0.3, 0.8)) / 12);
        for (const y of ["2022", "2023", "2024", "2025"]) {
          const from = `${y}-01-01` < start ? start : `${y}-01-01`, to = `${y}-12-31` > end ? end : `${y}-12-31`;
          if (from <= to) { row(l, "CAM", cam, from, to); row(l, "RET", ret, from, to); if (p.kind === "Retail") row(l, "INS", ins, from, to); }
          cam = r2(cam * uniform(1.01, 1.07)); ret = r2(ret * uniform(1.0, 1.05)); ins = r2(ins * uniform(1.02, 1.09));
        }
        if (chance(0.35)) row(l, "PARK", p.park * int(1, 4), start, end);
      }
      // At the end: renew (a new lease of the same tenant at the new rate), go month to month
      // (a premium rate or fee), or move out; commercial tenants renew or leave.
      const fate = rnd();
      if (!isRes) {
        if (fate < 0.12) { // holdover at a premium rent until the move-out
          const mtmEnd = addDays(addMonths(monthStart(addDays(end, 1)), int(2, 6)), -1);
          row(l, "RENT", r2(l.rows.filter((r) => r.code === "RENT").at(-1)!.amount * 1.5), addDays(end, 1), mtmEnd);
          l.moveOut = mtmEnd; l.status = "Month-to-Month";
        } else l.moveOut = end;
      } else if (!corp && fate < 0.18) {
        // Month-to-month residents give notice and leave at a month's end, or mid-month.
        const mtmEnd = addDays(addMonths(monthStart(addDays(end, 1)), int(1, 8)), chance(0.6) ? -1 : -int(5, 20));
        const last = l.rows.filter((r) => r.code === "RENT").at(-1)!.amount;
        if (p.mtmStyle === "rate") row(l, "RENT", round5(last * 1.12), addDays(end, 1), mtmEnd);
        else { row(l, "RENT", last, addDays(end, 1), mtmEnd); row(l, "MTM", pick([100, 150, 200]), addDays(end, 1), mtmEnd); }
        for (const r of l.rows.filter((x) => ["PARK", "PET", "STOR"].includes(x.code) && x.to === end)) r.to = mtmEnd;
        l.moveOut = mtmEnd; l.status = "Month-to-Month";
      } else l.moveOut = end;
      const renews = (isRes && (corp || fate > 0.5)) || (!isRes && fate > 0.55);
      if (renews && l.status !== "Month-to-Month") {
        // The renewal: a new lease of the same tenant and unit, at the renewal rate.
        l.moveOut = "";
        const last = l.rows.filter((r) => r.code === "RENT").at(-1)!.amount;
        const newStart = addDays(end, 1);
        const newTerm = isRes ? 12 : pick([36, 60]);
        const newEnd = addDays(addMonths(newStart, newTerm), -1);
        const renewRent = regulated ? round5(last * uniform(1.01, 1.03)) : isRes ? round5(Math.max(last * uniform(1.02, 1.07), marketRent(u, newStart) * 0.97)) : round5(last * uniform(1.02, 1.06));
        const rl: Lease = { ...l, id: `L${String(++leaseSeq).padStart(6, "0")}`, start: newStart, end: newEnd, rows: [], moveIn: l.moveIn, longStanding: true };
        row(rl, "RENT", renewRent, newStart, newEnd);
        for (const r of l.rows) if (["PARK", "PET", "STOR"].includes(r.code) && r.to === end) row(rl, r.code, r.amount, newStart, newEnd);
        if (!isRes) {
          let rentC = renewRent;
          rl.rows.length = 0;
          for (let s = newStart; s <= newEnd; s = addMonths(s, 12)) { row(rl, "RENT", rentC, s, addDays(addMonths(s, 12), -1) > newEnd ? newEnd : addDays(addMonths(s, 12), -1)); rentC = r2(rentC * (1 + fixedPct)); }
          for (const r of l.rows) if (["CAM", "RET", "INS"].includes(r.code) && r.to === end && r.to < `${r.to.slice(0, 4)}-12-31`) row(rl, r.code, r.amount, newStart, `${r.to.slice(0, 4)}-12-31`);
          for (const y of ["2023", "2024", "2025", "2026"]) for (const code of ["CAM", "RET", "INS"]) {
            const prev = l.rows.filter((r) => r.code === code).at(-1);
            if (!prev || `${y}-01-01` <= newStart.slice(0, 4) + "-01-01") continue;
            row(rl, code, r2(prev.amount * uniform(1.01, 1.06) ** (Number(y) - Number(prev.to.slice(0, 4)))), `${y}-01-01`, `${y}-12-31` > newEnd ? newEnd : `${y}-12-31`);
          }
          for (const r of l.rows) if (r.code === "PARK" && r.to === end) row(rl, "PARK", r.amount, newStart, newEnd);
        }
        (rl as Lease & { renewalOf?: Lease }).renewalOf = l;
        leases.push(rl);
        // Each renewal ends in a further renewal of the same tenant or a move-out.
        let cur = rl;
        while (cur.end < LAST) {
          const f2 = rnd();
          if (f2 < 0.45 || corp) {
            const last2 = cur.rows.filter((r) => r.code === "RENT").at(-1)!.amount;
            const s2 = addDays(cur.end, 1), e2 = addDays(addMonths(s2, isRes ? 12 : 60), -1);
            const r2nt = regulated ? round5(last2 * uniform(1.01, 1.03)) : round5(last2 * uniform(1.02, 1.06));
            const nl: Lease = { ...cur, id: `L${String(++leaseSeq).padStart(6, "0")}`, start: s2, end: e2, rows: [], longStanding: true };
            row(nl, "RENT", r2nt, s2, e2);
            for (const r of cur.rows) if (["PARK", "PET", "STOR", "CAM", "RET", "INS"].includes(r.code) && r.to === cur.end) row(nl, r.code, r.amount, s2, e2 < `${s2.slice(0, 4)}-12-31` ? e2 : `${s2.slice(0, 4)}-12-31`);
            if (!isRes) for (const code of ["CAM", "RET", "INS"]) { const prev = nl.rows.find((r) => r.code === code); if (prev && prev.to < e2) row(nl, code, r2(prev.amount * 1.04), addDays(prev.to, 1), e2); }
            (nl as Lease & { renewalOf?: Lease }).renewalOf = cur;
            leases.push(nl);
            cur = nl;
          } else { cur.moveOut = cur.end; break; }
        }
        day = cur.moveOut ? addDays(cur.moveOut, int(1, 75)) : addDays(LAST, 1);
        if (p.kind === "Residential" && chance(0.6)) day = monthStart(addMonths(day, 1));
        else if (p.kind !== "Residential") day = monthStart(addMonths(day, int(1, 6)));
        continue;
      }
      day = addDays(l.moveOut, int(1, 75));
      if (isRes && chance(0.6)) day = monthStart(addMonths(day, 1));
      else if (!isRes) day = monthStart(addMonths(day, int(1, 6)));
    }
  }
  // Long-standing residents: on the same unit for 2+ years; late fees are waived for some.
  for (const l of leases) if (Date.parse(l.end) - Date.parse(l.moveIn) > 730 * 86400000) l.longStanding = true;

  // Monthly invoices of the export's window: the recurring charges in force on the 1st, prorated
  // by days in the move-in and move-out months.
  const docs: Doc[] = [];
  const amountOn = (l: Lease, code: string, day: string) => l.rows.find((r) => r.code === code && r.from <= day && day <= r.to)?.amount;
  const taxDoc = (d: Doc) => {
    // Taxed by the period of occupancy billed (Florida's repeal: rent for periods from 1 October).
    const t = rentTax(d.lease.unit.property, d.periodStart);
    d.taxCode = t.code; d.taxRate = t.rate;
    d.tax = r2(d.lines.filter((c) => TAXED.has(c.code)).reduce((s, c) => s + c.amount, 0) * t.rate);
    if (d.tax < 0) d.tax = 0;
  };
  const newDoc = (p: Partial<Doc> & Pick<Doc, "lease" | "date" | "regular">): Doc => {
    const d: Doc = { no: "", trans: "Charge", period: p.date.slice(0, 7), periodStart: p.date, applied: null, lines: [], taxCode: "", taxRate: 0, tax: 0, ...p };
    docs.push(d);
    return d;
  };
  const DESC: Record<string, string> = { RENT: "Rent", CONC: "Concession", PARK: "Parking", PET: "Pet rent", STOR: "Storage", MTM: "Month-to-month fee", CAM: "CAM estimate", RET: "Real estate tax estimate", INS: "Insurance estimate", RUBS: "Utility recovery - water/sewer/trash" };
  const mmdd = (d: string) => `${d.slice(5, 7)}/${d.slice(8, 10)}`;
  const byUnitMonth = new Map<string, Doc>();
  for (const l of leases) {
    const isRes = l.unit.property.kind === "Residential";
    const until = l.moveOut || (l.rows.map((r) => r.to).sort().at(-1) ?? l.end);
    for (let m = monthStart(l.start); m <= until && m <= LAST; m = addMonths(m, 1)) {
      if (m < FIRST) continue;
      const from = l.start > m ? l.start : m;
      const to = until < monthEnd(m) ? until : monthEnd(m);
      const days = Number(to.slice(8)) - Number(from.slice(8)) + 1;
      const full = days === daysIn(m);
      const lines: Charge[] = [];
      for (const code of ["RENT", "MTM", "CONC", "CAM", "RET", "INS", "PARK", "PET", "STOR"]) {
        const a = amountOn(l, code, from);
        if (a === undefined) continue;
        const amount = full || code === "CONC" ? a : r2((a * days) / daysIn(m));
        lines.push({ code, desc: full || code === "CONC" ? `${DESC[code]} ${m.slice(5, 7)}/${m.slice(0, 4)}` : `Prorated ${DESC[code]!.toLowerCase()} ${mmdd(from)}-${mmdd(to)}`, amount });
      }
      if (!lines.some((c) => c.code === "RENT")) continue;
      if (isRes && l.unit.property.state !== "HI" && l.tenant.id !== corporate.id) lines.push({ code: "RUBS", desc: `Utility recovery - water/sewer/trash ${m.slice(5, 7)}/${m.slice(0, 4)}`, amount: r2(uniform(28, 95) * (days / daysIn(m))) });
      const regular = !full ? (from === l.start ? "move_in_prorated" : "move_out_prorated")
        : lines.some((c) => c.code === "CONC") ? "concession_on_lease"
        : lines.some((c) => c.code === "MTM") || amountOn(l, "RENT", from) !== undefined && from > l.end ? "month_to_month"
        : l.tenant.id === corporate.id ? "corporate_units"
        : l.unit.program !== "Market" ? "affordable_unit"
        : (l as Lease & { renewalOf?: Lease }).renewalOf && m.slice(0, 7) === l.start.slice(0, 7) ? "renewal_first_month"
        : !isRes && l.rows.some((r) => r.code === "RENT" && r.from.slice(0, 7) === m.slice(0, 7) && r.from !== l.start) ? "escalation_anniversary"
        : !isRes && m.slice(5, 7) === "01" ? "cam_new_budget"
        : !isRes && rentTax(l.unit.property, m).rate === 0 && ["FL", "AZ"].includes(l.unit.property.state) ? "tax_repealed"
        : !isRes && rentTax(l.unit.property, m).rate > 0 ? "commercial_taxed"
        : isRes && l.unit.property.state === "AZ" && m >= "2025-01-01" ? "tax_repealed"
        : isRes ? "residential_rent" : "commercial_rent";
      const advance = l.unit.property.advanceDay;
      const d = newDoc({ lease: l, date: advance && m > l.moveIn ? `${addMonths(m, -1).slice(0, 8)}${advance}` : m, period: m.slice(0, 7), periodStart: m, regular, lines });
      taxDoc(d);
      byUnitMonth.set(`${l.unit.property.id}|${l.unit.id}|${m}`, d);
      // Late fees after the five-day grace period (a flat fee, or 10 % for commercial; capped at 5 %
      // of the rent in North Carolina), some waived by a credit for long-standing residents; NSF.
      if (chance(isRes ? 0.07 : 0.03) && full) {
        const rentNow = amountOn(l, "RENT", from)!;
        const p = l.unit.property;
        const fee = isRes ? (p.state === "NC" ? r2(Math.min(p.lateFlat, Math.max(15, rentNow * 0.05))) : p.lateFlat) : r2(rentNow * 0.1);
        const late = newDoc({ lease: l, date: addDays(m, 5), regular: "late_fee", lines: [{ code: "LATE", desc: "Late fee - rent unpaid after grace period", amount: fee }] });
        taxDoc(late);
        if (chance(0.35)) {
          const nsf = newDoc({ lease: l, date: addDays(m, int(8, 14)), regular: "nsf_fee", lines: [{ code: "NSF", desc: "NSF fee - returned payment", amount: isRes ? 35 : 50 }] });
          taxDoc(nsf);
        }
        if (l.longStanding && chance(0.5)) {
          late.regular = "late_fee_waived";
          newDoc({ lease: l, trans: "Credit", date: addDays(m, int(6, 12)), applied: late, regular: "late_fee_waived", lines: [{ code: "LATE", desc: "Late fee waived - long-standing resident", amount: -fee }] });
        }
      }
    }
    // Move-out statement: cleaning and damages, the security deposit applied.
    if (l.moveOut && l.moveOut >= FIRST && l.moveOut <= "2025-12-15") {
      const lines: Charge[] = [];
      if (isRes) lines.push({ code: "CLEAN", desc: "Move-out cleaning", amount: pick([150, 175, 225, 250]) });
      if (chance(0.5)) lines.push({ code: "DMG", desc: pick(["Carpet replacement", "Wall repair and paint", "Blinds replacement", "Key and fob replacement"]), amount: r2(uniform(60, 900)) });
      lines.push({ code: "DEPAPP", desc: "Security deposit applied", amount: -l.deposit });
      const st = newDoc({ lease: l, date: addDays(l.moveOut, int(10, 30)), regular: "deposit_applied", lines });
      taxDoc(st);
    }
    // Commercial: the CAM/tax/insurance reconciliation each spring for the year before (a charge
    // or a credit), percentage rent of retail tenants over their breakpoint.
    if (!isRes) {
      for (const y of ["2023", "2024"]) {
        const inYear = l.rows.some((r) => r.code === "CAM" && r.from.slice(0, 4) === y);
        const when = `${Number(y) + 1}-04-15`;
        if (!inYear || l.start > when || (l.moveOut && l.moveOut < when) || when < FIRST) continue;
        const amt = r2(uniform(-0.12, 0.18) * (l.rows.find((r) => r.code === "CAM" && r.from.slice(0, 4) === y)!.amount * 12));
        const d = newDoc({ lease: l, trans: amt < 0 ? "Credit" : "Charge", date: when, regular: amt < 0 ? "cam_true_up_credit" : "cam_true_up_charge", lines: [{ code: "CAMREC", desc: `CAM reconciliation ${y}`, amount: amt }] });
        taxDoc(d);
      }
      if (l.unit.property.kind === "Retail" && chance(0.4)) for (const y of ["2024"]) {
        const when = `${Number(y) + 1}-02-20`;
        if (l.start > `${y}-01-01` || (l.moveOut && l.moveOut < when)) continue;
        const sales = uniform(600000, 3000000), breakpoint = sales * uniform(0.6, 1.1), pct = pick([0.05, 0.06, 0.07]);
        if (sales <= breakpoint) continue;
        const d = newDoc({ lease: l, date: when, regular: "percentage_rent", lines: [{ code: "PRCT", desc: `Percentage rent ${y}: ${pct * 100}% of sales over breakpoint`, amount: r2((sales - breakpoint) * pct) }] });
        taxDoc(d);
      }
    }
  }

  // Planted leaks: 25 of each kind; each changes a regular invoice (or adds a copy), with its true
  // amount at risk.
  const labelsOut: Label[] = [];
  const onHold: { lease: string; from: string; to: string }[] = [];
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.regular = ""; d.leak = { kind, risk: r2(risk) }; };
  const monthly = () => docs.filter((d) => d.trans === "Charge" && !d.leak && d.lines.some((c) => c.code === "RENT") && d.regular !== "move_in_prorated" && d.regular !== "move_out_prorated");
  const rentLine = (d: Doc) => d.lines.find((c) => c.code === "RENT")!;
  const setAmount = (d: Doc, c: Charge, amount: number) => { c.amount = r2(amount); taxDoc(d); };
  const used = new Set<Doc>();
  const take = (pool: Doc[], n: number) => { const out: Doc[] = []; for (const d of [...pool].sort(() => rnd() - 0.5)) { if (out.length >= n) break; if (used.has(d)) continue; used.add(d); out.push(d); } return out; };
  const prevRent = (d: Doc) => {
    const l = d.lease;
    const prior = l.rows.filter((r) => r.code === "RENT" && r.to < d.periodStart).at(-1) ?? (l as Lease & { renewalOf?: Lease }).renewalOf?.rows.filter((r) => r.code === "RENT").at(-1);
    return prior?.amount;
  };
  for (const kind of LEAK_KINDS) {
    if (ABSENCE_KINDS.includes(kind)) continue;
    if (kind === "escalation_missed") {
      // The old rent continues after a commercial lease's anniversary step.
      for (const d of take(monthly().filter((d) => d.regular === "escalation_anniversary"), 25)) { const c = rentLine(d); const old = prevRent(d)!; plant(d, kind, c.amount - old); setAmount(d, c, old); }
    } else if (kind === "renewal_at_old_rate") {
      for (const d of take(monthly().filter((d) => d.regular === "renewal_first_month" && d.lease.unit.property.kind === "Residential" && (prevRent(d) ?? 1e9) < rentLine(d).amount - 1), 25)) { const c = rentLine(d); const old = prevRent(d)!; plant(d, kind, c.amount - old); setAmount(d, c, old); }
    } else if (kind === "holdover_at_lease_rate") {
      // Month-to-month at the premium rate the lease sets, billed at the lease's last rate.
      for (const d of take(monthly().filter((d) => d.regular === "month_to_month" && !d.lines.some((c) => c.code === "MTM") && (prevRent(d) ?? 1e9) < rentLine(d).amount - 1), 25)) { const c = rentLine(d); const old = prevRent(d)!; plant(d, kind, c.amount - old); setAmount(d, c, old); }
    } else if (kind === "rent_below_lease") {
      // Keyed below the lease with no concession recorded (a transposition, an unapproved cut).
      for (const d of take(monthly().filter((d) => ["residential_rent", "commercial_rent", "commercial_taxed"].includes(d.regular)), 25)) {
        const c = rentLine(d);
        const s = c.amount.toFixed(2);
        const swapped = Number(s[1]! < s[0]! ? s[1]! + s[0]! + s.slice(2) : "");
        const billed = swapped && swapped < c.amount ? swapped : r2(c.amount * (1 - uniform(0.05, 0.25)));
        plant(d, kind, c.amount - billed); setAmount(d, c, billed);
      }
    } else if (kind === "amenity_fee_below_lease") {
      for (const d of take(monthly().filter((d) => d.regular === "residential_rent" && d.lines.some((c) => ["PARK", "PET", "STOR"].includes(c.code))), 25)) {
        const c = d.lines.find((x) => ["PARK", "PET", "STOR"].includes(x.code))!;
        const billed = c.amount - pick([10, 15, 25]);
        plant(d, kind, c.amount - billed); setAmount(d, c, billed);
      }
    } else if (kind === "concession_beyond_term") {
      // The concession keeps being posted after the months the lease grants it.
      const pool = monthly().filter((d) => ["residential_rent", "commercial_rent", "commercial_taxed", "tax_repealed"].includes(d.regular) && d.lease.rows.some((r) => r.code === "CONC" && r.to < d.periodStart && Date.parse(d.periodStart) - Date.parse(r.to) < 100 * 86400000));
      for (const d of take(pool, 25)) {
        const conc = d.lease.rows.filter((r) => r.code === "CONC" && r.to < d.periodStart).at(-1)!;
        const amount = Math.max(conc.amount, -rentLine(d).amount);
        d.lines.splice(1, 0, { code: "CONC", desc: `Concession ${d.period.slice(5, 7)}/${d.period.slice(0, 4)}`, amount });
        plant(d, kind, -amount); taxDoc(d);
      }
    } else if (kind === "concession_above_lease") {
      // More off than the lease records ($150 off keyed where the lease grants $100).
      for (const d of take(monthly().filter((d) => d.regular === "concession_on_lease" && d.lines.some((c) => c.code === "CONC" && c.amount > -rentLine(d).amount + 1)), 25)) {
        const c = d.lines.find((x) => x.code === "CONC")!;
        const billed = Math.max(-rentLine(d).amount, c.amount - pick([25, 50, 100]));
        plant(d, kind, c.amount - billed); setAmount(d, c, billed);
      }
    } else if (kind === "tax_not_charged") {
      // The tax code stays on the invoice, the tax is left off.
      for (const d of take(monthly().filter((d) => d.taxRate > 0 && d.tax > 0 && ["commercial_taxed", "residential_rent"].includes(d.regular)), 25)) { plant(d, kind, d.tax); d.tax = 0; }
    } else {
      // The month's recurring charges posted twice (the run repeated): a second invoice, a new number.
      for (const src of take(monthly().filter((d) => ["residential_rent", "commercial_rent", "commercial_taxed"].includes(d.regular) && d.date < "2025-12-01"), 25)) {
        const d = newDoc({ ...src, date: addDays(src.date, int(0, 3)), regular: "", lines: src.lines.map((c) => ({ ...c })) });
        plant(d, kind, 0);
      }
    }
  }

  // Charges the lease schedule says are due and nothing bills (2026-11-28, planted after the kinds
  // above so that their documents and draws are unchanged), and beside them the regular business
  // an analyst must not call unbilled. Away from the export's first and last two months.
  const inside = (d: Doc) => d.period >= "2024-03" && d.period <= "2025-10";
  const absent: { lease: Lease; period: string; kind: LeakKind; risk: number }[] = [];
  const drop = (d: Doc) => { docs.splice(docs.indexOf(d), 1); };
  const scheduledNow = (d: Doc) => d.lines.filter((c) => d.lease.rows.some((r) => r.code === c.code && r.from <= d.periodStart && d.periodStart <= r.to));
  {
    const regularMonth = (d: Doc, kinds: string[]) => d.trans === "Charge" && !d.leak && !used.has(d) && kinds.includes(d.regular) && inside(d) && !d.lines.some((c) => c.code === "CONC");
    // A parking, pet or storage fee (residential) or parking (commercial) dropped from the month's invoice.
    for (const d of take(docs.filter((d) => regularMonth(d, ["residential_rent", "commercial_rent", "commercial_taxed", "tax_repealed"]) && d.lines.some((c) => ["PARK", "PET", "STOR"].includes(c.code))), 25)) {
      const i = d.lines.findIndex((c) => ["PARK", "PET", "STOR"].includes(c.code));
      const [c] = d.lines.splice(i, 1);
      plant(d, "recurring_charge_dropped", c!.amount); taxDoc(d);
    }
    // The new year's CAM estimate not set up: the CAM line missing from a commercial invoice of the first quarter.
    for (const d of take(docs.filter((d) => regularMonth(d, ["commercial_rent", "commercial_taxed", "tax_repealed", "cam_new_budget"]) && ["01", "02", "03"].includes(d.period.slice(5, 7)) && d.period >= "2025-01" && d.lines.some((c) => c.code === "CAM")), 25)) {
      const i = d.lines.findIndex((c) => c.code === "CAM");
      const [c] = d.lines.splice(i, 1);
      plant(d, "cam_dropped_after_rebudget", c!.amount); taxDoc(d);
    }
    // An occupied unit not billed for a month: the recurring-charge run skipped the lease.
    for (const d of take(docs.filter((d) => regularMonth(d, ["residential_rent", "commercial_rent", "commercial_taxed", "tax_repealed", "affordable_unit"])), 25)) {
      absent.push({ lease: d.lease, period: d.period, kind: "month_not_billed", risk: r2(scheduledNow(d).reduce((s, c) => s + c.amount, 0)) });
      drop(d);
    }
    // Regular: a month billed late, with the next month (a catch-up invoice of both months' charges).
    for (const d of take(docs.filter((d) => regularMonth(d, ["residential_rent", "commercial_rent", "commercial_taxed"])), 20)) {
      const next = docs.find((n) => n.lease === d.lease && n.trans === "Charge" && n.period === addMonths(d.periodStart, 1).slice(0, 7) && n.lines.some((c) => c.code === "RENT"));
      if (!next || next.leak || used.has(next)) continue;
      used.add(next);
      next.lines.push(...d.lines.filter((c) => c.code !== "RUBS").map((c) => ({ ...c, desc: `${c.desc} (billed late)` })));
      next.regular = "catch_up_two_months"; taxDoc(next);
      drop(d);
    }
    // Regular: parking folded into the rent line ("Rent incl. parking"), as some communities bill it.
    for (const d of take(docs.filter((d) => regularMonth(d, ["residential_rent"]) && d.lines.some((c) => c.code === "PARK")), 15)) {
      const park = d.lines.find((c) => c.code === "PARK")!;
      const rent = rentLine(d);
      rent.amount = r2(rent.amount + park.amount); rent.desc = `${rent.desc} incl. parking`;
      d.lines.splice(d.lines.indexOf(park), 1);
      d.regular = "parking_in_rent"; taxDoc(d);
    }
    // Regular: an account on hold (a tenant's unit closed for repairs after a flood: the lease's
    // charges suspended for one or two months, recorded in the schedule as its rows' gap).
    for (const d of take(docs.filter((d) => regularMonth(d, ["residential_rent"])), 15)) {
      const l = d.lease;
      const months = chance(0.5) ? 1 : 2;
      const holdFrom = d.periodStart, holdTo = addDays(addMonths(d.periodStart, months), -1);
      const held = docs.filter((x) => x.lease === l && x.trans === "Charge" && x.periodStart >= holdFrom && x.periodStart <= holdTo && x.lines.some((c) => c.code === "RENT"));
      if (held.some((x) => x.leak || (x !== d && used.has(x)))) continue;
      for (const r of [...l.rows]) {
        if (r.from > holdTo || r.to < holdFrom) continue;
        const after = { ...r, from: addDays(holdTo, 1) };
        r.to = addDays(holdFrom, -1);
        if (after.from <= after.to) l.rows.splice(l.rows.indexOf(r) + 1, 0, after);
        if (r.to < r.from) l.rows.splice(l.rows.indexOf(r), 1);
      }
      for (const x of held) { used.add(x); drop(x); }
      onHold.push({ lease: l.id, from: holdFrom, to: holdTo });
    }
  }

  // Invoice numbers in date order, as the system assigns them; credits their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let invNo = 880000, crNo = 5000;
  for (const d of docs) d.no = d.trans === "Charge" ? String(++invNo) : `CR-${++crNo}`;
  for (const d of docs) if (d.leak) labelsOut.push({ document: d.no, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk, ...(ABSENCE_KINDS.includes(d.leak.kind) ? { lease: d.lease.id, period: d.period } : {}) });
  for (const a of absent) labelsOut.push({ document: `unbilled:${a.lease.id}:${a.period}`, kind: a.kind, currency: "USD", amount_at_risk: a.risk, lease: a.lease.id, period: a.period });
  return { docs, leases, units, properties, labels: labelsOut, onHold };
}

// The charge-detail report: MM/DD/YYYY, "1,234.56" quoted, "," between columns; the invoice's
// header columns on each of its rows.
const num = (v: number | null) => (v === null ? "" : (v < 0 ? "-" : "") + Math.abs(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ","));
const pct = (v: number) => (v ? `${+(v * 100).toFixed(4)}%` : "");
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeRentRoll(seed: number, out: string) {
  const g = generateRentRoll(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice #", "Trans Type", "Post Date", "Period", "Due Date", "Property", "Property Name", "Property State", "Property Type", "Unit", "Unit Type", "Program", "Lease ID", "Tenant ID", "Tenant Name", "Lease Start", "Lease End", "Lease Status", "Move In", "Move Out", "Deposit Held", "Applied To", "Tax Code", "Tax Rate", "Charges", "Sales Tax", "Invoice Total", "Charge Code", "Description", "Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const total = Math.round(d.lines.reduce((s, c) => s + c.amount, 0) * 100) / 100;
    const l = d.lease, u = l.unit, p = u.property;
    const status = l.moveOut && l.moveOut < d.periodStart ? "Past" : d.periodStart > l.end ? "Month-to-Month" : "Current";
    for (const c of d.lines) rows.push([
      d.no, d.trans, usDate(d.date), `${d.period.slice(5, 7)}/${d.period.slice(0, 4)}`, usDate(d.periodStart > d.date ? d.periodStart : d.date), p.id, p.name, p.state, p.kind, u.id, u.type, u.program, l.id, l.tenant.id, l.tenant.name,
      usDate(l.start), usDate(l.end), status, usDate(l.moveIn), usDate(l.moveOut), num(l.deposit), d.applied?.no ?? "", d.taxCode, pct(d.taxRate), num(total), num(d.tax), num(r2(total + d.tax)),
      c.code, c.desc, num(c.amount),
    ]);
  }
  writeFileSync(join(out, "charge_detail.csv"), csv(header, rows));
  // The lease charge schedule (recurring charges with their From/To dates).
  const sched: string[][] = [];
  for (const l of g.leases) for (const r of l.rows) sched.push([l.unit.property.id, l.unit.id, l.id, l.tenant.id, r.code, num(r.amount), usDate(r.from), usDate(r.to), "Monthly"]);
  writeFileSync(join(out, "ref", "lease_charges.csv"), csv(["Property", "Unit", "Lease ID", "Tenant ID", "Charge Code", "Amount", "From", "To", "Frequency"], sched));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular, { on_hold: g.onHold });
  return { documents: g.docs.length, lines: rows.length, properties: g.properties.length, units: g.units.length, leases: g.leases.length, schedule_rows: sched.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeRentRoll(Number(arg("--seed", "3103")), arg("--out", "/tmp/rent-3103"))));
}
