// An independent billing data set (the thirty-second, 2026-11-28): a commercial waste hauler's
// route billing, January – October 2026, exported from its hauling billing system (a Soft-Pak /
// AMCS / Navusoft-style invoice register). Written from how such a system bills before reading the
// detectors.
//
// `invoice_register.csv`: one row per invoice line with the invoice's header on each — invoice
// number, transaction type (IN invoice, CM credit memo), invoice date (MM/DD/YYYY), bill cycle
// (MONTHLY for front-load service, ON-CALL for a roll-off haul invoiced when the haul is done),
// account, account name, account type (Commercial, Roll-Off, National), national account program,
// site, site city, franchise area, service agreement (the contract), service period from / to,
// service status (Active, Suspended, Closed), ticket number (a haul's scale ticket), applies-to
// invoice (what a credit memo credits, what a re-bill replaces), reason code, entered by, approved
// by, invoice subtotal and total; per line the charge code (`FL-4YD-2X` a 4-yard front-load
// container lifted twice a week, `EXTRA-4YD`, `CONTAM`, `HAUL-30YD`, `DISP-MSW` per ton,
// `RENT-30YD` per day beyond the free days, `FUEL`, `ENV`, `FRAN` in percent…), description,
// service date, container size, quantity, unit (MO, LIFT, EA, HAUL, TON, DAY, %), rate, amount and
// a waive reason. Beside it `ref/service_agreements.csv` (each site's rates as the agreement holds
// them: a row per charge with its billing frequency, effective and end dates — the anniversary's
// increase a row of its own, the container size changed a new service code —, the monthly fuel
// surcharge percentage, the environmental recovery fee, the city's franchise fee),
// `ref/standard_rates.csv` (the hauler's standard rate sheet and the landfill's disposal rates,
// the gate rate raised on 2026-07-01) and `ref/work_orders.csv` (what the routes and the scale
// house recorded: each extra lift, each haul, each scale ticket's tons, each container's rental
// days beyond the free days, with the invoice the billing run posted it to; a make-up lift for a
// missed pickup not billable).
//
// Regular business (hard negatives): monthly service in advance and the month before's extra
// lifts, contamination and overage in arrears on one invoice (an extra lift before the anniversary
// billed after it at the old rate); service started, changed and closed mid-month prorated by the
// day (an upsize credits the old container's rest of the month and bills the new one's); seasonal
// suspensions (a suspension fee instead of service); contamination fees and deliveries waived with
// a reason; national-account programs at contract rates below the standard ones, one with fuel
// included; accounts exempt from fuel by negotiation; the anniversary's increase after notice; the
// landfill's gate-rate increase; roll-off hauls with varying tonnage, dry runs, compactor hauls of
// the same haul rate every week; credit memos for missed pickups; invoices credited in full and
// re-billed.
// Planted (labelled per document, with the amount at risk): scale-ticket tonnage not billed (a
// disposal line short of the ticket or missing), disposal billed at the wrong rate (the cheaper
// material's, or the landfill rate before the gate increase), an extra lift done but not billed,
// the fuel surcharge missing, service billed at the old container size after an upsize, rental
// days not billed, service billed below the agreement (the anniversary increase not applied, a
// national account's rate keyed low), a haul invoiced twice.
// Run: bun run bench/quality/waste-hauler.ts --seed 3301 --out /tmp/waste
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "tonnage_not_billed" | "disposal_wrong_rate" | "extra_lift_not_billed" | "fuel_surcharge_missing" | "old_container_size" | "rental_days_not_billed" | "rate_below_agreement" | "haul_billed_twice";
export const LEAK_KINDS: LeakKind[] = ["tonnage_not_billed", "disposal_wrong_rate", "extra_lift_not_billed", "fuel_surcharge_missing", "old_container_size", "rental_days_not_billed", "rate_below_agreement", "haul_billed_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST = "2026-01-01";
const LAST = "2026-10-01";
const GATE_INCREASE = "2026-07-01";
/** The monthly fuel surcharge in % of service, from the diesel index (the month before the window too). */
const FUEL: Record<string, number> = { "2025-12": 14.5, "2026-01": 14.8, "2026-02": 15.2, "2026-03": 16.1, "2026-04": 17.4, "2026-05": 17.9, "2026-06": 17.1, "2026-07": 16.6, "2026-08": 16.3, "2026-09": 15.9, "2026-10": 15.5, "2026-11": 15.2 };
const ENV_PCT = 6.9;
const CITIES: { city: string; franchise: string; pct: number }[] = [
  { city: "Riverton", franchise: "RIVERTON-FA1", pct: 10 }, { city: "Lakeside", franchise: "LAKESIDE-EXCL", pct: 8 }, { city: "Fairview", franchise: "", pct: 0 },
  { city: "Oak Park", franchise: "", pct: 0 }, { city: "Millbrook", franchise: "MILLBROOK-FA", pct: 12 }, { city: "Cedar Falls", franchise: "", pct: 0 },
];
const MATERIALS = { MSW: { before: 64.5, after: 68.75 }, CD: { before: 52, after: 52 }, CONC: { before: 24, after: 24 } } as const;
type Material = keyof typeof MATERIALS;
const perLift = (size: number) => 22 + 7.5 * size;
const flList = (size: number, freq: number) => r2(perLift(size) * freq * 4.33 * (freq >= 3 ? 0.9 : 1));
const extraList = (size: number) => r2(perLift(size) * 1.35);
const haulList: Record<number, number> = { 20: 395, 30: 450, 40: 525 };
const RENT_LIST = 8, FREE_DAYS = 7, CONTAM_LIST = 95, OVERAGE_LIST = 45, DELIVERY_LIST = 125, DRYRUN_LIST = 95, SUSP_FEE = 15, LOCK_LIST = 12, COMP_RENT_LIST = 385;
const monthKey = (d: string) => d.slice(0, 7);
const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
const flCode = (size: number, freq: number) => `FL-${size}YD-${freq}X`;

interface Rate { code: string; unit: string; freq: string; rate: number; from: string; to: string }
interface Site {
  acct: string; name: string; site: string; agreement: string; type: "Commercial" | "Roll-Off" | "National"; program: string; city: (typeof CITIES)[number];
  kind: "FL" | "RO" | "COMP"; size: number; freq: number; containers: number; start: string; end: string; anniversary: string; factor: number; increase: number;
  fuel: boolean; lock: boolean; material: Material; rates: Rate[]; upsize?: { on: string; size: number; freq: number }; suspend?: { from: string; to: string };
  leakOldSize?: boolean; leakOldRate?: boolean;
}
interface Line { code: string; text: string; date: string; size: string; qty: number; unit: string; rate: number; amount: number; waive: string }
interface Doc {
  no: string; type: "IN" | "CM"; date: string; cycle: string; s: Site; from: string; to: string; status: string; ticket: string; applies: string; reason: string; user: string; approver: string;
  lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface WorkOrder { wo: string; ticket: string; s: Site; date: string; code: string; material: string; qty: number; unit: string; billable: string; doc: Doc }

const subtotal = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));

export function generateWaste(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const names = ["Main Street", "Harbor", "Summit", "Blue Ridge", "Golden", "Pioneer", "Maple", "Liberty", "Northgate", "Silver Creek", "Keystone", "Prairie", "Redwood", "Granite", "Bayview"];
  const kinds = ["Diner", "Auto Body", "Dental", "Apartments", "Market", "Brewing", "Hotel", "Manufacturing", "Church", "School District", "Plaza", "Medical Center", "Warehouse", "Builders", "Construction"];
  const PROGRAMS = [{ id: "NA-1001", name: "QuickServe Restaurants (national)", discount: 0.12, fuel: false }, { id: "NA-1002", name: "ValuMart Stores (national)", discount: 0.1, fuel: true }, { id: "NA-1003", name: "Pharmacy Group (national broker)", discount: 0.15, fuel: true }];
  const users = ["jmartinez", "kpatel", "lchen", "billing.run", "billing.run", "billing.run"];
  const approvers = ["", "", "", "dsmith (AR supervisor)", "mhall (controller)"];

  // Sites: front-load commercial (some of national programs), temporary roll-off, permanent compactors.
  const sites: Site[] = [];
  for (let i = 0; i < 380; i++) {
    const r = rnd();
    const kind = r < 0.72 ? "FL" : r < 0.9 ? "RO" : "COMP";
    const program = kind === "FL" && chance(0.16) ? pick(PROGRAMS) : undefined;
    const city = pick(CITIES);
    const startsIn = kind === "RO" ? chance(0.75) : chance(0.12);
    const start = startsIn ? addDays(`2026-0${int(1, 8)}-01`, int(0, 27)) : addDays(`${pick(["2022", "2023", "2024", "2025"])}-${String(int(1, 12)).padStart(2, "0")}-01`, int(0, 27));
    const s: Site = {
      acct: program ? program.id : `${kind === "FL" ? "C" : "R"}${String(200_000 + i * 13)}`, name: `${pick(names)} ${pick(kinds)}`, site: `S-${String(50_000 + i)}`, agreement: `SA-${String(70_000 + i * 3)}`,
      type: program ? "National" : kind === "FL" ? "Commercial" : "Roll-Off", program: program?.id ?? "", city, kind,
      size: kind === "FL" ? pick([2, 3, 4, 4, 6, 6, 8]) : kind === "RO" ? pick([20, 30, 30, 40]) : 30, freq: kind === "FL" ? pick([1, 1, 2, 2, 3, 5]) : 0, containers: kind === "FL" && chance(0.15) ? 2 : 1,
      start, end: "", anniversary: "", factor: program ? 1 - program.discount : between(0.96, 1.14), increase: program ? 0 : pick([0.04, 0.05, 0.06, 0.07]),
      fuel: program ? program.fuel : !chance(0.08), lock: kind === "FL" && chance(0.2), material: kind === "COMP" ? "MSW" : pick(["CD", "CD", "MSW", "CONC"] as Material[]), rates: [],
    };
    // A temporary roll-off runs 1–5 months; a front-load site may close in the window.
    if (kind === "RO") s.end = addDays(s.start, int(25, 150));
    else if (chance(0.05)) s.end = addDays(`2026-0${int(3, 9)}-01`, int(2, 26));
    // The anniversary's increase after notice, effective the 1st of the agreement's month.
    s.anniversary = `2026-${s.start.slice(5, 7)}-01`;
    if (kind === "FL" && !startsIn && !s.end && chance(0.1)) { const m = `2026-0${int(2, 8)}-01`; s.upsize = { on: addDays(m, int(3, 24)), size: s.size <= 6 ? s.size + 2 : s.size, freq: s.size <= 6 ? s.freq : s.freq + 1 }; }
    if (kind === "FL" && !program && !s.upsize && !s.end && chance(0.06)) {
      // A seasonal suspension of a site already in service (a site started later has nothing to suspend).
      const m = `2026-0${int(1, 7)}-01`, to = monthEnd(addMonths(m, int(0, 2)));
      if (s.start < m) s.suspend = { from: m, to };
    }
    sites.push(s);
  }
  // The agreement's rows: every priced charge, a row per agreement year (the increase from its anniversary).
  const years = (s: Site): [string, string, number][] => {
    if (!s.increase) return [[s.start, "", 1]];
    const out: [string, string, number][] = [];
    let from = s.start, k = 0;
    for (let a = addMonths(s.anniversary, -12); a <= "2026-12-31"; a = addMonths(a, 12)) {
      if (a <= s.start) continue;
      out.push([from, addDays(a, -1), Math.pow(1 + s.increase, k)]);
      from = a; k++;
    }
    out.push([from, "", Math.pow(1 + s.increase, k)]);
    // Only the rows reaching into the export's year are kept, re-based so the window's rates are as billed.
    return out.filter(([, to]) => !to || to >= "2025-12-01");
  };
  for (const s of sites) {
    const ys = years(s);
    const base = ys[0]![2];
    const add = (code: string, unit: string, freq: string, list: number, from?: string, to?: string) => {
      for (const [f, t, k] of ys) {
        const a = from && from > f ? from : f, b = to && (!t || to < t) ? to : t;
        if (b && a > b) continue;
        s.rates.push({ code, unit, freq, rate: r2((list * s.factor * k) / base), from: a, to: b });
      }
    };
    if (s.kind === "FL") {
      add(flCode(s.size, s.freq), "MO", "Monthly", flList(s.size, s.freq), undefined, s.upsize ? addDays(s.upsize.on, -1) : s.end || undefined);
      add(`EXTRA-${s.size}YD`, "LIFT", "Per Lift", extraList(s.size), undefined, s.upsize ? addDays(s.upsize.on, -1) : undefined);
      if (s.upsize) { add(flCode(s.upsize.size, s.upsize.freq), "MO", "Monthly", flList(s.upsize.size, s.upsize.freq), s.upsize.on); if (s.upsize.size !== s.size) add(`EXTRA-${s.upsize.size}YD`, "LIFT", "Per Lift", extraList(s.upsize.size), s.upsize.on); else add(`EXTRA-${s.size}YD`, "LIFT", "Per Lift", extraList(s.size), s.upsize.on); }
      add("CONTAM", "EA", "Per Occurrence", CONTAM_LIST);
      add("OVERAGE", "EA", "Per Occurrence", OVERAGE_LIST);
      if (s.lock) add("LOCK", "MO", "Monthly", LOCK_LIST, undefined, s.end || undefined);
      if (s.suspend) add("SUSP-FEE", "MO", "Per Occurrence", SUSP_FEE / s.factor);
    } else {
      add(`HAUL-${s.size}YD`, "HAUL", "Per Haul", haulList[s.size]!);
      for (const [m, pr] of Object.entries(MATERIALS)) {
        if (m !== s.material && !(s.kind === "RO" && m === "MSW")) continue;
        // Disposal passes the landfill's gate rate through: no agreement factor, the gate increase its own row.
        if (pr.before === pr.after) s.rates.push({ code: `DISP-${m}`, unit: "TON", freq: "Per Ton", rate: pr.before, from: s.start, to: s.end });
        else s.rates.push({ code: `DISP-${m}`, unit: "TON", freq: "Per Ton", rate: pr.before, from: s.start, to: addDays(GATE_INCREASE, -1) }, { code: `DISP-${m}`, unit: "TON", freq: "Per Ton", rate: pr.after, from: GATE_INCREASE, to: s.end });
      }
      add(`RENT-${s.size}YD`, "DAY", "Per Day", RENT_LIST);
      add("DELIVERY", "EA", "Per Occurrence", DELIVERY_LIST);
      add("DRYRUN", "EA", "Per Occurrence", DRYRUN_LIST);
      if (s.kind === "COMP") add("COMP-RENT", "MO", "Monthly", COMP_RENT_LIST);
    }
    if (s.fuel) for (const [m, pct] of Object.entries(FUEL)) if (`${m}-01` >= s.start.slice(0, 8) + "01" || m === "2025-12") s.rates.push({ code: "FUEL", unit: "%", freq: "Per Invoice", rate: pct, from: `${m}-01`, to: monthEnd(`${m}-01`) });
    s.rates.push({ code: "ENV", unit: "%", freq: "Per Invoice", rate: ENV_PCT, from: s.start < "2025-01-01" ? s.start : s.start, to: "" });
    if (s.city.pct) s.rates.push({ code: "FRAN", unit: "%", freq: "Per Invoice", rate: s.city.pct, from: s.start, to: "" });
  }
  const rateOf = (s: Site, code: string, day: string) => {
    const r = s.rates.filter((x) => x.code === code && x.from <= day && (!x.to || day <= x.to)).sort((a, b) => (a.from < b.from ? 1 : -1))[0];
    return r?.rate;
  };

  const docs: Doc[] = [];
  const orders: WorkOrder[] = [];
  const labels: Label[] = [];
  let invNo = 0, cmNo = 0, woNo = 0, ticketNo = 0;
  const planted = new Map<LeakKind, number>();
  const RATE: Record<LeakKind, number> = { tonnage_not_billed: 0.0125, disposal_wrong_rate: 0.012, extra_lift_not_billed: 0.03, fuel_surcharge_missing: 0.005, old_container_size: 0.5, rental_days_not_billed: 0.08, rate_below_agreement: 0.08, haul_billed_twice: 0.012 };
  const plant = (k: LeakKind, p = RATE[k]) => { if (!chance(p)) return false; planted.set(k, (planted.get(k) ?? 0) + 1); return true; };
  const line = (code: string, text: string, date: string, size: string, qty: number, unit: string, rate: number, amount?: number, waive = ""): Line => ({ code, text, date, size, qty, unit, rate, amount: amount ?? r2(unit === "%" ? (qty * rate) / 100 : qty * rate), waive });
  const newDoc = (s: Site, date: string, cycle: string, from: string, to: string, regular: string): Doc => ({ no: `${String(++invNo + 400_000)}`, type: "IN", date, cycle, s, from, to, status: "Active", ticket: "", applies: "", reason: "", user: pick(users), approver: "", lines: [], regular });
  /** The surcharges: fuel and environmental recovery on the service charges, the franchise fee on the whole invoice. */
  const surcharges = (d: Doc, day: string, fuelBase: number, allowLeak: boolean) => {
    const s = d.s;
    const fuel = rateOf(s, "FUEL", day);
    if (fuelBase > 0) {
      if (fuel !== undefined) {
        const l = line("FUEL", `Fuel surcharge ${fuel.toFixed(1)}%`, "", "", r2(fuelBase), "%", fuel);
        if (allowLeak && !d.leak && plant("fuel_surcharge_missing")) d.leak = { kind: "fuel_surcharge_missing", risk: l.amount };
        else d.lines.push(l);
      }
      d.lines.push(line("ENV", `Environmental recovery fee ${ENV_PCT}%`, "", "", r2(fuelBase), "%", ENV_PCT));
    }
    if (s.city.pct) {
      const base = subtotal(d);
      if (base > 0) d.lines.push(line("FRAN", `${s.city.city} franchise fee ${s.city.pct}%`, "", "", r2(base), "%", s.city.pct));
    }
  };

  // Front-load: one invoice per site and month, dated the 1st: the month's service in advance, the
  // month before's extra lifts, contamination and overage in arrears.
  for (const s of sites.filter((x) => x.kind === "FL")) {
    // A service change that never reached billing: the old container billed for two more months.
    if (s.upsize) s.leakOldSize = plant("old_container_size");
    for (let run = FIRST; run <= LAST; run = addMonths(run, 1)) {
      const prev = addMonths(run, -1), prevEnd = addDays(run, -1), end = monthEnd(run);
      if (s.start > end || (s.end && s.end < prev)) continue;
      const tags: string[] = [];
      const d = newDoc(s, run, "MONTHLY", run, end, "fl_monthly");
      if (s.end && s.end < run) d.status = "Closed";
      const activeNow = s.start <= run;
      const suspended = s.suspend && run >= s.suspend.from && run <= s.suspend.to;
      const closedBy = s.end && s.end <= end ? s.end : "";
      const up = s.upsize;
      const cur = up && up.on <= run ? { size: up.size, freq: up.freq } : { size: s.size, freq: s.freq };
      const sizeText = (z: { size: number; freq: number }) => `${z.size} YD x ${z.freq}/WK`;
      // The month before: a site started mid-month is billed its first days now (prorated).
      if (monthKey(s.start) === monthKey(prev)) {
        const dd = days(s.start, run), md = days(prev, run);
        const r = rateOf(s, flCode(s.size, s.freq), s.start)!;
        d.lines.push(line(flCode(s.size, s.freq), `Service ${sizeText(s)} prorated ${usDate(s.start)}-${usDate(prevEnd)}`, s.start, `${s.size}`, r2((s.containers * dd) / md * 10000) / 10000, "MO", r));
        tags.push("fl_prorated_start");
      }
      // An upsize in the month before: the old container's rest of the month credited, the new one's billed.
      const missedChange = up && s.leakOldSize && up.on < run && run <= addMonths(up.on.slice(0, 8) + "01", 2);
      if (up && monthKey(up.on) === monthKey(prev) && !missedChange) {
        const dd = days(up.on, run), md = days(prev, run), f = r2((s.containers * dd) / md * 10000) / 10000;
        const ro = rateOf(s, flCode(s.size, s.freq), addDays(up.on, -1))!, rn = rateOf(s, flCode(up.size, up.freq), up.on)!;
        d.lines.push(line(flCode(s.size, s.freq), `Credit ${sizeText(s)} prorated ${usDate(up.on)}-${usDate(prevEnd)} (service change)`, up.on, `${s.size}`, -f, "MO", ro));
        d.lines.push(line(flCode(up.size, up.freq), `Service ${sizeText(up)} prorated ${usDate(up.on)}-${usDate(prevEnd)} (service change)`, up.on, `${up.size}`, f, "MO", rn));
        tags.push("fl_upsize_prorated");
      }
      // This month's service in advance.
      if (suspended) {
        d.status = "Suspended";
        d.lines.push(line("SUSP-FEE", `Seasonal suspension fee ${usDate(run)}-${usDate(end)}`, "", "", 1, "MO", rateOf(s, "SUSP-FEE", run)!));
        tags.push("suspension_fee");
      } else if (activeNow && !(closedBy && closedBy < run)) {
        const code = flCode(cur.size, cur.freq);
        const r = rateOf(s, code, run)!;
        let l = line(code, `Service ${sizeText(cur)} ${usDate(run)}-${usDate(end)}`, "", `${cur.size}`, s.containers, "MO", r);
        if (up && missedChange) {
          // The billing run kept the old container's service code and rate after the exchange.
          const ro = rateOf(s, flCode(s.size, s.freq), addDays(up.on, -1))!;
          const lo = line(flCode(s.size, s.freq), `Service ${sizeText(s)} ${usDate(run)}-${usDate(end)}`, "", `${s.size}`, s.containers, "MO", ro);
          let risk = r2(l.amount - lo.amount);
          if (monthKey(up.on) === monthKey(prev)) risk = r2(risk + (risk * days(up.on, run)) / days(prev, run));
          d.leak = { kind: "old_container_size", risk };
          l = lo;
        }
        if (!d.leak && monthKey(run) === monthKey(s.anniversary) && s.increase && s.start < addMonths(run, -11) && plant("rate_below_agreement")) {
          const old = rateOf(s, code, addDays(run, -1))!;
          l = line(code, l.text, "", l.size, l.qty, "MO", old);
          d.leak = { kind: "rate_below_agreement", risk: r2((r - old) * s.containers) };
        } else if (!d.leak && s.type === "National" && plant("rate_below_agreement", 0.02)) {
          // A national site's rate keyed from another program's sheet.
          const low = r2(r * pick([0.8, 0.85, 0.9]));
          l = line(code, l.text, "", l.size, l.qty, "MO", low);
          d.leak = { kind: "rate_below_agreement", risk: r2((r - low) * s.containers) };
        }
        if (monthKey(run) === monthKey(s.anniversary) && s.increase && s.start < addMonths(run, -11)) tags.push("anniversary_increase");
        d.lines.push(l);
        if (s.lock) d.lines.push(line("LOCK", "Lock / gate service", "", "", 1, "MO", rateOf(s, "LOCK", run)!));
        // A site closing this month: the rest of the month credited on its last invoice (below).
        if (closedBy) {
          const dd = days(closedBy, addMonths(run, 1)), md = days(run, addMonths(run, 1));
          d.lines.push(line(code, `Credit unused service ${usDate(closedBy)}-${usDate(end)} (service cancelled)`, closedBy, `${cur.size}`, -r2((s.containers * dd) / md * 10000) / 10000, "MO", r));
          d.status = "Closed";
          tags.push("fl_closed_credit");
        }
      }
      // The month before's extra lifts (each a work order), contamination and overage, at the rates of their days.
      const lastSize = up && up.on <= prev && !missedChange ? up.size : s.size;
      if (s.start <= prev && !(s.suspend && prev >= s.suspend.from && prev <= s.suspend.to) && !(s.end && s.end < prev)) {
        const extras = chance(0.3) ? int(1, 3) : 0;
        const ex: WorkOrder[] = [];
        for (let k = 0; k < extras; k++) ex.push({ wo: `WO-${++woNo + 900_000}`, ticket: "", s, date: addDays(prev, int(0, days(prev, run) - 1)), code: `EXTRA-${lastSize}YD`, material: "", qty: 1, unit: "LIFT", billable: "Y", doc: d });
        ex.sort((a, b) => (a.date < b.date ? -1 : 1));
        const makeUp = chance(0.04) ? { wo: `WO-${++woNo + 900_000}`, ticket: "", s, date: addDays(prev, int(0, 26)), code: `EXTRA-${lastSize}YD`, material: "", qty: 1, unit: "LIFT", billable: "N", doc: d } : undefined;
        orders.push(...ex);
        if (makeUp) { orders.push(makeUp); d.lines.push(line(`EXTRA-${lastSize}YD`, `Make-up lift ${usDate(makeUp.date)} (missed pickup)`, makeUp.date, `${lastSize}`, 1, "LIFT", 0, 0, "MISSED PICKUP MAKE-UP")); tags.push("waived_makeup_lift"); }
        if (ex.length) {
          const lastDay = ex[ex.length - 1]!.date;
          // A service change that never reached billing bills the old container's extra-lift rate.
          const r = (rateOf(s, `EXTRA-${lastSize}YD`, lastDay) ?? rateOf(s, `EXTRA-${lastSize}YD`, addDays(up!.on, -1)))!;
          let n = ex.length;
          if (!d.leak && plant("extra_lift_not_billed")) { const miss = chance(0.6) ? n : 1; n -= miss; d.leak = { kind: "extra_lift_not_billed", risk: r2(miss * r) }; }
          if (n > 0) d.lines.push(line(`EXTRA-${lastSize}YD`, `Extra lift(s) ${ex.slice(0, n).map((e) => usDate(e.date).slice(0, 5)).join(", ")}`, lastDay, `${lastSize}`, n, "LIFT", r));
          tags.push(r !== rateOf(s, `EXTRA-${lastSize}YD`, run) ? "extra_lift_before_increase" : "fl_with_extra_lifts");
        }
        if (chance(0.05)) {
          const day = addDays(prev, int(0, 25));
          const first = chance(0.4);
          d.lines.push(first ? line("CONTAM", `Contamination ${usDate(day)} (photo on file)`, day, "", 1, "EA", rateOf(s, "CONTAM", day)!, 0, "FIRST OCCURRENCE - EDUCATION") : line("CONTAM", `Contamination ${usDate(day)} (photo on file)`, day, "", 1, "EA", rateOf(s, "CONTAM", day)!));
          if (first) d.lines[d.lines.length - 1]!.rate = 0;
          tags.push(first ? "contamination_waived" : "contamination_fee");
        }
        if (chance(0.06)) { const day = addDays(prev, int(0, 25)), n = int(1, 3); d.lines.push(line("OVERAGE", `Overfilled container ${usDate(day)}`, day, "", n, "EA", rateOf(s, "OVERAGE", day)!)); tags.push("overage"); }
      }
      if (!d.lines.length) continue;
      const fuelBase = d.lines.filter((l) => l.code !== "SUSP-FEE").reduce((t, l) => t + l.amount, 0);
      surcharges(d, run, fuelBase, true);
      const order = ["old_size_billed", "fl_upsize_prorated", "fl_prorated_start", "fl_closed_credit", "suspension_fee", "extra_lift_before_increase", "anniversary_increase", "contamination_waived", "waived_makeup_lift", "contamination_fee", "overage", "fl_with_extra_lifts"];
      d.regular = order.find((t) => tags.includes(t)) ?? (s.type === "National" ? "national_account" : !s.fuel ? "fuel_exempt" : "fl_monthly");
      docs.push(d);
      afterwards(d);
    }
  }
  // Roll-off: each haul invoiced when done (ON-CALL): the haul, the ticket's tons at the disposal
  // rate, the rental days beyond the free days since the container was set; compactors also a
  // monthly compactor rental.
  for (const s of sites.filter((x) => x.kind !== "FL")) {
    let placed = s.start;
    let first = true;
    const every = s.kind === "COMP" ? 7 : int(6, 24);
    const last = s.end && s.end < "2026-10-31" ? s.end : "2026-10-31";
    for (let day = addDays(s.start, s.kind === "COMP" ? int(0, 6) : int(4, 14)); day <= last; day = addDays(day, s.kind === "COMP" ? pick([7, 7, 7, 6, 8]) : int(Math.max(3, every - 5), every + 8))) {
      if (day < addDays(FIRST, -10)) { placed = day; first = false; continue; }
      const date = addDays(day, int(0, 2));
      if (date < FIRST || date > "2026-10-31") { placed = day; first = false; continue; }
      const d = newDoc(s, date, "ON-CALL", day, day, s.kind === "COMP" ? "compactor_haul" : "ro_haul");
      const tags: string[] = [];
      d.ticket = `T${String(++ticketNo + 3_100_000)}`;
      if (first) {
        const waive = s.type === "Roll-Off" && chance(0.15);
        d.lines.push(waive ? line("DELIVERY", `Container delivery ${usDate(s.start)}`, s.start, `${s.size}`, 1, "EA", 0, 0, "NEW ACCOUNT PROMOTION") : line("DELIVERY", `Container delivery ${usDate(s.start)}`, s.start, `${s.size}`, 1, "EA", rateOf(s, "DELIVERY", s.start)!));
        tags.push(waive ? "delivery_waived" : "ro_first_haul_delivery");
        first = false;
      }
      if (chance(0.04)) {
        // A dry run: the container was blocked; no haul, no ticket.
        d.ticket = "";
        d.lines.push(line("DRYRUN", `Dry run ${usDate(day)} - container blocked`, day, `${s.size}`, 1, "EA", rateOf(s, "DRYRUN", day)!));
        orders.push({ wo: `WO-${++woNo + 900_000}`, ticket: "", s, date: day, code: "DRYRUN", material: "", qty: 1, unit: "EA", billable: "Y", doc: d });
        tags.push("dry_run");
      } else {
        const haul = `HAUL-${s.size}YD`;
        d.lines.push(line(haul, `Haul ${s.size} YD ${s.kind === "COMP" ? "compactor" : "open top"} ${usDate(day)}`, day, `${s.size}`, 1, "HAUL", rateOf(s, haul, day)!));
        orders.push({ wo: `WO-${++woNo + 900_000}`, ticket: d.ticket, s, date: day, code: haul, material: "", qty: 1, unit: "HAUL", billable: "Y", doc: d });
        const mat: Material = s.kind === "RO" && s.material !== "MSW" && chance(0.12) ? "MSW" : s.material;
        const tons = r2(Math.min(s.size * 0.45, Math.max(0.6, logn(s.kind === "COMP" ? 5.5 : mat === "CONC" ? 9 : mat === "CD" ? 3.4 : 2.6, 0.35))));
        const dispRate = rateOf(s, `DISP-${mat}`, day)!;
        orders.push({ wo: `WO-${woNo + 900_000}`, ticket: d.ticket, s, date: day, code: `DISP-${mat}`, material: mat, qty: tons, unit: "TON", billable: "Y", doc: d });
        let billed = tons, billedRate = dispRate, billedCode = `DISP-${mat}`;
        if (plant("tonnage_not_billed")) {
          const how = rnd();
          billed = how < 0.35 ? 0 : how < 0.65 ? 1 : r2(tons * between(0.4, 0.75));
          d.leak = { kind: "tonnage_not_billed", risk: r2((tons - billed) * dispRate) };
        } else if (plant("disposal_wrong_rate")) {
          if (mat === "MSW" && day >= GATE_INCREASE) billedRate = MATERIALS.MSW.before;
          else if (mat === "MSW") { billedRate = MATERIALS.CD.before; }
          else if (mat === "CD") billedRate = MATERIALS.CONC.before;
          else billedRate = r2(dispRate * 0.5);
          d.leak = { kind: "disposal_wrong_rate", risk: r2(tons * (dispRate - billedRate)) };
        }
        if (billed > 0) d.lines.push(line(billedCode, `Disposal ${mat} ${billed.toFixed(2)} tons (scale ticket ${d.ticket})`, day, "", billed, "TON", billedRate));
        if (mat !== s.material) tags.push("mixed_load_msw");
        // Rental days beyond the free days since the container was set.
        const onSite = days(placed, day);
        const extra = s.kind === "RO" ? Math.max(0, onSite - FREE_DAYS) : 0;
        if (extra > 0) {
          const r = rateOf(s, `RENT-${s.size}YD`, day)!;
          orders.push({ wo: `WO-${woNo + 900_000}`, ticket: d.ticket, s, date: day, code: `RENT-${s.size}YD`, material: "", qty: extra, unit: "DAY", billable: "Y", doc: d });
          if (!d.leak && plant("rental_days_not_billed")) {
            const billedDays = chance(0.5) ? 0 : int(0, extra - 1);
            d.leak = { kind: "rental_days_not_billed", risk: r2((extra - billedDays) * r) };
            if (billedDays > 0) d.lines.push(line(`RENT-${s.size}YD`, `Container rental ${billedDays} days beyond ${FREE_DAYS} free ${usDate(placed)}-${usDate(day)}`, day, `${s.size}`, billedDays, "DAY", r));
          } else d.lines.push(line(`RENT-${s.size}YD`, `Container rental ${extra} days beyond ${FREE_DAYS} free ${usDate(placed)}-${usDate(day)}`, day, `${s.size}`, extra, "DAY", r));
          tags.push("ro_haul_with_rental");
        }
        placed = day;
      }
      const base = d.lines.filter((l) => !l.code.startsWith("DISP-")).reduce((t, l) => t + l.amount, 0);
      surcharges(d, date, base, true);
      const order = ["delivery_waived", "ro_first_haul_delivery", "dry_run", "mixed_load_msw", "ro_haul_with_rental"];
      d.regular = order.find((t) => tags.includes(t)) ?? d.regular;
      docs.push(d);
      // The same haul invoiced twice: dispatch re-sent the completed work order to billing.
      if (!d.leak && d.ticket && plant("haul_billed_twice")) {
        const again: Doc = { ...d, no: `${String(++invNo + 400_000)}`, date: addDays(date, int(3, 20)), user: pick(users), lines: d.lines.map((l) => ({ ...l })), regular: d.regular, leak: { kind: "haul_billed_twice", risk: subtotal(d) } };
        docs.push(again);
      } else afterwards(d);
    }
    // A compactor's monthly rental, in advance.
    if (s.kind === "COMP") for (let run = FIRST; run <= LAST; run = addMonths(run, 1)) {
      if (s.start > run || (s.end && s.end < run)) continue;
      const d = newDoc(s, run, "MONTHLY", run, monthEnd(run), "compactor_monthly");
      d.lines.push(line("COMP-RENT", `Compactor lease ${usDate(run)}-${usDate(monthEnd(run))}`, "", "30", 1, "MO", rateOf(s, "COMP-RENT", run)!));
      surcharges(d, run, 0, false);
      docs.push(d);
      afterwards(d);
    }
  }

  /** What follows an invoice: a credit memo for a missed pickup, or credited in full and re-billed. */
  function afterwards(d: Doc) {
    if (d.leak) return;
    const k = rnd();
    if (k < 0.02) {
      const date = addDays(d.date, int(3, 18));
      docs.push({ ...d, no: `CM${String(++cmNo + 80_000)}`, type: "CM", date, applies: d.no, reason: pick(["REBILL - WRONG CONTAINER SIZE", "REBILL - WRONG SITE", "REBILL - PO REQUIRED"]), user: pick(users), approver: pick(approvers.filter(Boolean)), lines: d.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount })), regular: "credit_memo_full" });
      const again: Doc = { ...d, no: `${String(++invNo + 400_000)}`, date, applies: d.no, reason: "REBILL", user: pick(users), lines: d.lines.map((l) => ({ ...l })), regular: "rebill_after_credit" };
      for (const o of orders) if (o.doc === d) o.doc = again;
      docs.push(again);
    } else if (k < 0.045 && d.cycle === "MONTHLY" && d.s.kind === "FL" && d.status === "Active") {
      const svc = d.lines.find((l) => l.code.startsWith("FL-") && l.amount > 0);
      if (!svc) return;
      const lift = r2(svc.rate / (d.s.freq * 4.33));
      docs.push({ ...d, no: `CM${String(++cmNo + 80_000)}`, type: "CM", date: addDays(d.date, int(5, 25)), applies: d.no, reason: "MISSED PICKUP", user: pick(users), approver: pick(approvers), lines: [line(svc.code, `Service credit - missed pickup ${usDate(addDays(d.date, int(1, 20)))}`, "", svc.size, -1, "LIFT", lift)], regular: "missed_pickup_credit" });
    }
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk });
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  return { docs, orders, labels, sites };
}

export function writeWaste(seed: number, out: string) {
  const g = generateWaste(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const header = ["Invoice No", "Trans Type", "Invoice Date", "Bill Cycle", "Account No", "Account Name", "Account Type", "National Program", "Site No", "Site City", "Franchise Area", "Service Agreement", "Service Period From", "Service Period To", "Service Status", "Ticket No", "Applies To Invoice", "Reason Code", "Entered By", "Approved By", "Invoice Subtotal", "Invoice Total",
    "Line Seq", "Charge Code", "Charge Description", "Service Date", "Container Size", "Qty", "UOM", "Rate", "Amount", "Waive Reason"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const s = d.s, sub = subtotal(d);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), d.cycle, s.acct, s.type === "National" ? `${s.name} #${s.site.slice(2)}` : s.name, s.type, s.program, s.site, s.city.city, s.city.franchise, s.agreement, usDate(d.from), usDate(d.to), d.status, d.ticket, d.applies, d.reason, d.user, d.approver, n2(sub), n2(sub),
      String(i + 1), l.code, l.text, usDate(l.date), l.size, String(l.qty), l.unit, String(l.rate), n2(l.amount), l.waive,
    ]));
  }
  writeFileSync(join(out, "invoice_register.csv"), csv(header, rows));
  const ag: string[][] = [];
  for (const s of g.sites) for (const r of s.rates) ag.push([s.agreement, s.acct, s.site, r.code, r.unit, String(r.rate), r.freq, usDate(r.from), usDate(r.to)]);
  writeFileSync(join(out, "ref", "service_agreements.csv"), csv(["Service Agreement", "Account No", "Site No", "Charge Code", "UOM", "Rate", "Billing Frequency", "Effective Date", "End Date"], ag));
  // The standard rate sheet (the hauler's list) and the landfill's gate rates.
  const std: string[][] = [];
  for (const size of [2, 3, 4, 6, 8]) { for (const f of [1, 2, 3, 4, 5, 6]) std.push([flCode(size, f), `Front load ${size} YD x ${f}/WK`, "MO", String(flList(size, f)), "01/01/2025"]); std.push([`EXTRA-${size}YD`, `Extra lift ${size} YD`, "LIFT", String(extraList(size)), "01/01/2025"]); }
  for (const size of [20, 30, 40]) { std.push([`HAUL-${size}YD`, `Haul ${size} YD`, "HAUL", String(haulList[size]), "01/01/2025"]); std.push([`RENT-${size}YD`, `Rental ${size} YD per day after ${FREE_DAYS} days`, "DAY", String(RENT_LIST), "01/01/2025"]); }
  for (const [m, p] of Object.entries(MATERIALS)) { std.push([`DISP-${m}`, `Disposal ${m}`, "TON", String(p.before), "01/01/2025"]); if (p.after !== p.before) std.push([`DISP-${m}`, `Disposal ${m} (gate rate increase)`, "TON", String(p.after), usDate(GATE_INCREASE)]); }
  for (const [code, text, unit, price] of [["CONTAM", "Contamination fee", "EA", CONTAM_LIST], ["OVERAGE", "Overfilled container", "EA", OVERAGE_LIST], ["DELIVERY", "Container delivery", "EA", DELIVERY_LIST], ["DRYRUN", "Dry run", "EA", DRYRUN_LIST], ["SUSP-FEE", "Seasonal suspension fee", "MO", SUSP_FEE], ["LOCK", "Lock / gate service", "MO", LOCK_LIST], ["COMP-RENT", "Compactor lease", "MO", COMP_RENT_LIST], ["ENV", "Environmental recovery fee", "%", ENV_PCT]] as const) std.push([code, text, unit, String(price), "01/01/2025"]);
  for (const [m, pct] of Object.entries(FUEL)) std.push(["FUEL", "Fuel surcharge (diesel index)", "%", String(pct), usDate(`${m}-01`)]);
  writeFileSync(join(out, "ref", "standard_rates.csv"), csv(["Charge Code", "Description", "UOM", "Rate", "Effective Date"], std));
  writeFileSync(join(out, "ref", "work_orders.csv"), csv(["Work Order No", "Ticket No", "Account No", "Site No", "Service Date", "Charge Code", "Material", "Qty", "UOM", "Billable", "Invoice No"], g.orders.filter((o) => o.doc.date >= FIRST).map((o) => [o.wo, o.ticket, o.s.acct, o.s.site, usDate(o.date), o.code, o.material, String(o.qty), o.unit, o.billable, o.doc.no])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, sites: g.sites.length, work_orders: g.orders.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeWaste(Number(arg("--seed", "3301")), arg("--out", "/tmp/waste-3301"))));
}
