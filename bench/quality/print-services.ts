// An independent billing data set (the thirty-fourth, 2026-11-28): a managed print services (MPS)
// provider's contract meter billing, January – October 2026, exported from its dealer business
// system (an ECI e-automate / OMD / Cougar Mountain-style "invoice detail" export fed by a remote
// meter collection agent — FMAudit, PrintFleet, Kyocera Fleet Services). Written from how such a
// system bills before reading the detectors.
//
// `invoice_detail.csv`: one row per invoice line with the invoice's header on each — invoice number,
// type (IN, CM), invoice date (MM/DD/YYYY), customer, contract, contract type (Cost Per Copy, Pooled
// Fleet), base period (the month the base charge covers, in advance), meter period (the month the
// clicks were made, in arrears), related invoice, credit reason, entered by, approved by, subtotal,
// sales tax, total; per line the item code (`BASE-A3C`: an A3 colour MFP's monthly base, `CLICK-MONO`,
// `CLICK-CLR`, `MTR-MONO`/`MTR-CLR` a pooled device's meter shown at 0, `MIN` the minimum volume
// shortfall, `TONER-INCL`, `LEASE-BUYOUT`), the equipment (serial number; none on a fleet pool's
// line), model, location, description, meter type, begin and end meter, read type (Actual, Estimated,
// True-up), read date, meter pages, included pages, billable quantity, UOM, rate, amount and the date
// the line's service runs through. Beside it `ref/contract_schedule.csv` (each contract's rates: a
// base row per device with its install and removal dates and billing frequency, click rates per meter
// with their volume tiers, the minimum volume commitment with what it applies to, supplies included at
// 0 — each price step at the contract's anniversary a row of its own) and
// `ref/meter_worksheet.csv` (the meter billing worksheet: billable clicks per device and meter, or per
// fleet pool, per meter period, computed from the collection agent's reads — an estimate when no read
// came in, the true-up a row of its own when it did — each naming the invoice it belongs to).
//
// Regular business (hard negatives): base in advance and clicks in arrears on one invoice; per-device
// allowances, colour and mono apart; pooled fleets (each device's meter at 0, one pool overage line);
// devices outside a pool on their own allowance; tiered click rates by the line's volume; minimum
// volume commitments topped up with a MIN line; estimated reads trued up next month (a negative
// true-up when the estimate was high); meter rollovers past 999,999; device swaps (the old device's
// final read, the new one's counter from 0, its base from the swap); devices added and removed
// mid-month prorated (a credit for the unused base); CPI escalations at the anniversary (the month
// before billed at the old rate on the anniversary's invoice), fixed-price contracts without one;
// toner shipments included at 0; lease buyouts; service credits with a reason.
// Planted (labelled per document, with the amount at risk): colour pages billed at the mono rate,
// overage not billed because of a stale meter read, a device outside the pool absorbed into the
// pool's allowance, the anniversary's escalation not applied, a new device's base never set up, an
// estimated read never trued up, a minimum volume shortfall not billed.
// Run: bun run bench/quality/print-services.ts --seed 3501 --out /tmp/print
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "colour_at_mono_rate" | "stale_meter_read" | "device_outside_pool_absorbed" | "escalation_not_applied" | "new_device_base_not_billed" | "estimate_not_trued_up" | "minimum_shortfall_not_billed";
export const LEAK_KINDS: LeakKind[] = ["colour_at_mono_rate", "stale_meter_read", "device_outside_pool_absorbed", "escalation_not_applied", "new_device_base_not_billed", "estimate_not_trued_up", "minimum_shortfall_not_billed"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Cls = "A4M" | "A4C" | "A3M" | "A3C";
const CLASS: Record<Cls, { models: string[]; base: [number, number]; mono: [number, number]; clr: [number, number]; vol: [number, number] }> = {
  A4M: { models: ["HP LaserJet M611", "Lexmark MS822", "Brother HL-L6400"], base: [25, 45], mono: [1000, 3000], clr: [0, 0], vol: [2200, 0] },
  A4C: { models: ["HP Color LaserJet M555", "Lexmark CS735", "Canon i-SENSYS MF754"], base: [45, 75], mono: [1000, 1500], clr: [500, 800], vol: [1600, 650] },
  A3M: { models: ["Kyocera TASKalfa 4012i", "Ricoh IM 4000", "Sharp MX-M4071"], base: [60, 110], mono: [3000, 8000], clr: [0, 0], vol: [7500, 0] },
  A3C: { models: ["Canon imageRUNNER ADVANCE DX C5850i", "Konica Minolta bizhub C450i", "Xerox AltaLink C8145"], base: [95, 180], mono: [3000, 6000], clr: [1000, 2500], vol: [6500, 2600] },
};
const MONO_TIERS = [{ from: 0, rate: 0.012 }, { from: 10_000, rate: 0.0098 }, { from: 50_000, rate: 0.0079 }];
const CLR_TIERS = [{ from: 0, rate: 0.075 }, { from: 5_000, rate: 0.064 }, { from: 20_000, rate: 0.054 }];
const ROLL = 1_000_000;
const FIRST_RUN = "2026-01-01";
const LAST_RUN = "2026-10-01";
const r5 = (v: number) => Math.round(v * 100_000) / 100_000;
const r4 = (v: number) => Math.round(v * 10_000) / 10_000;
const monthEnd = (m: string) => addDays(addMonths(m, 1), -1);
const monthOf = (d: string) => d.slice(0, 8) + "01";
const daysIn = (m: string) => days(m, addMonths(m, 1));

interface Device {
  sn: string; cls: Cls; model: string; location: string; base: number; monoAllow: number; clrAllow: number; monoVol: number; clrVol: number;
  installed: string; removed: string; pooled: boolean; mono: number; clr: number; replaces?: Device;
}
interface Contract {
  no: string; cust: string; name: string; start: string; cpi: number; factor: number; pooled: boolean; minCharge: number; devices: Device[];
}
interface Line { item: string; sn: string; model: string; location: string; text: string; meter: string; begin: number | null; end: number | null; readType: string; readDate: string; pages: number | null; included: number | null; qty: number; uom: string; rate: number; amount: number; through: string }
interface Doc { no: string; type: "IN" | "CM"; date: string; c: Contract; basePeriod: [string, string]; meterPeriod: [string, string]; related: string; reason: string; user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number } }
interface Sheet { id: string; c: Contract; item: string; sn: string; from: string; to: string; qty: number; readType: string; doc: Doc }

const subtotal = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const tierRate = (tiers: { from: number; rate: number }[], qty: number) => [...tiers].reverse().find((t) => qty >= t.from)!.rate;

export function generatePrint(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const names = ["Harbor", "Summit", "Pinecrest", "Lakeside", "Redwood", "Bayview", "Granite", "Maple", "Riverside", "Cedar", "Northgate", "Westfield", "Oakmont", "Brookline", "Fairview"];
  const kinds = ["Dental Group", "Law Offices", "School District", "Title & Escrow", "Medical Center", "CPA Partners", "Realty", "Insurance Agency", "Manufacturing", "County Clerk", "Architects", "Credit Union"];
  const floors = ["Front desk", "2nd floor copy room", "Accounting", "HR", "Warehouse office", "Records", "Exec suite", "Mail room", "Nurses station", "Library"];
  let serial = 0;
  const newDevice = (cls: Cls, installed: string): Device => {
    const k = CLASS[cls];
    const mono = chance(0.04) ? int(990_000, 998_000) : int(5_000, 600_000);
    return {
      sn: `${pick(["E", "W", "Q", "V"])}${String(7_300_000 + ++serial * 37).slice(0, 7)}`, cls, model: pick(k.models), location: pick(floors), base: r2(between(...k.base)),
      monoAllow: Math.round(between(...k.mono) / 250) * 250, clrAllow: Math.round(between(...k.clr) / 250) * 250, monoVol: k.vol[0] * between(0.5, 1.6), clrVol: k.vol[1] * between(0.5, 1.6),
      installed, removed: "", pooled: false, mono, clr: k.clr[1] ? (chance(0.04) ? int(995_000, 999_000) : int(2_000, 300_000)) : 0,
    };
  };
  const contracts: Contract[] = [];
  for (let i = 0; i < 230; i++) {
    const start = `${pick(["2022", "2023", "2024", "2025"])}-${String(int(1, 12)).padStart(2, "0")}-01`;
    const big = chance(0.25);
    const n = big ? int(8, 30) : int(1, 6);
    const c: Contract = {
      no: `MPS-${String(4100 + i * 3)}`, cust: `C${String(20_000 + i * 11)}`, name: `${pick(names)} ${pick(kinds)}`, start, cpi: chance(0.75) ? pick([0.03, 0.04, 0.05]) : 0,
      factor: between(0.82, 1.12), pooled: big && chance(0.6), minCharge: 0, devices: [],
    };
    for (let k = 0; k < n; k++) {
      const r = rnd();
      const d = newDevice(r < 0.35 ? "A4M" : r < 0.55 ? "A4C" : r < 0.72 ? "A3M" : "A3C", start);
      d.pooled = c.pooled && chance(0.85);
      c.devices.push(d);
    }
    if (!c.pooled && chance(0.18)) c.minCharge = pick([75, 100, 150, 200, 250]) * (n > 3 ? 2 : 1);
    // Adds, removals and swaps inside the window.
    if (chance(0.22)) {
      const m = `2026-${String(int(1, 8)).padStart(2, "0")}-01`;
      const d = newDevice(pick(["A4M", "A4C", "A3C"] as Cls[]), addDays(m, int(3, 24)));
      d.pooled = c.pooled && chance(0.8);
      c.devices.push(d);
    }
    if (n > 2 && chance(0.15)) {
      const d = pick(c.devices.filter((x) => x.installed === start));
      const m = `2026-${String(int(2, 8)).padStart(2, "0")}-01`;
      d.removed = chance(0.5) ? addDays(addMonths(m, 1), -1) : addDays(m, int(5, 24));
    }
    if (chance(0.12)) {
      const old = pick(c.devices.filter((x) => x.installed === start && !x.removed));
      const day = addDays(`2026-${String(int(2, 8)).padStart(2, "0")}-01`, int(4, 24));
      old.removed = addDays(day, -1);
      const nd = newDevice(old.cls, day);
      Object.assign(nd, { model: old.model, location: old.location, base: old.base, monoAllow: old.monoAllow, clrAllow: old.clrAllow, monoVol: old.monoVol, clrVol: old.clrVol, pooled: old.pooled, mono: 0, clr: 0, replaces: old });
      c.devices.push(nd);
    }
    contracts.push(c);
  }
  /** The escalation factor in force on `day`: the CPI compounded at each anniversary since the start. */
  const esc = (c: Contract, day: string) => {
    let k = 0;
    for (let a = addMonths(c.start, 12); a <= day; a = addMonths(a, 12)) k++;
    return Math.pow(1 + c.cpi, k);
  };
  const baseRate = (c: Contract, d: Device, day: string) => r2(d.base * esc(c, day));
  const clickRate = (c: Contract, tiers: typeof MONO_TIERS, qty: number, day: string) => r5(tierRate(tiers, qty) * c.factor * esc(c, day));

  const docs: Doc[] = [];
  const sheet: Sheet[] = [];
  const labels: Label[] = [];
  const planted = new Map<LeakKind, number>();
  const quota = 0.045 / LEAK_KINDS.length;
  let invNo = 0, cmNo = 0, sheetNo = 0;
  const plant = (k: LeakKind, p = 1) => {
    const n = planted.get(k) ?? 0;
    if (n >= Math.ceil(quota * 2300)) return false;
    if (!chance(quota * 3 * p)) return false;
    planted.set(k, n + 1);
    return true;
  };
  const billers = ["jmorales", "kchen", "lpatel", "dnguyen"];
  const managers = ["svc.mgr.okafor", "ar.mgr.lindqvist"];
  // The collection agent's meter reads per device and month (pages made); estimates when no read.
  const pagesOf = new Map<string, { mono: number; clr: number }>();
  const volume = (d: Device, m: string) => {
    const key = `${d.sn}|${m}`;
    let v = pagesOf.get(key);
    if (!v) {
      const season = ["07", "08", "12"].includes(m.slice(5, 7)) ? 0.8 : 1;
      v = { mono: Math.round(logn(d.monoVol * season, 0.3)), clr: d.clrVol ? Math.round(logn(d.clrVol * season, 0.35)) : 0 };
      pagesOf.set(key, v);
    }
    return v;
  };
  // Open estimates per device: the estimated pages billed, to true up with the next actual read.
  const estimates = new Map<string, { mono: number; monoIncl: number; rate: number; month: string; doc: Doc }>();
  const lateBase = new Set<Device>();

  for (const c of contracts) {
    for (const d of c.devices) if (d.installed > FIRST_RUN && d.replaces === undefined && chance(0.6)) lateBase.add(d);
    for (let run = "2025-12-01"; run <= LAST_RUN; run = addMonths(run, 1)) {
      const emit = run >= FIRST_RUN;
      const prev = addMonths(run, -1), prevEnd = monthEnd(prev);
      const date = addDays(run, int(0, 3));
      const doc: Doc = { no: `INV${String(++invNo + 310_000)}`, type: "IN", date, c, basePeriod: [run, monthEnd(run)], meterPeriod: [prev, prevEnd], related: "", reason: "", user: "BILLRUN", approver: "", lines: [], regular: "" };
      const tags: string[] = [];
      const anniversary = c.cpi > 0 && run.slice(5, 7) === c.start.slice(5, 7) && run > c.start;
      const staleEsc = emit && anniversary && !doc.leak && plant("escalation_not_applied", 8);
      let escRisk = 0;
      // Base charges in advance for the month, prorated for an install during the month before.
      const inService = (d: Device, m: string) => d.installed <= monthEnd(m) && (!d.removed || d.removed >= m);
      for (const d of c.devices) {
        const line = (qty: number, text: string, from: string): Line => {
          const rate = baseRate(c, d, from);
          const billed = staleEsc ? r2(d.base * esc(c, addDays(run, -1))) : rate;
          if (staleEsc) escRisk += r2(qty * rate) - r2(qty * billed);
          return { item: `BASE-${d.cls}`, sn: d.sn, model: d.model, location: d.location, text, meter: "", begin: null, end: null, readType: "", readDate: "", pages: null, included: null, qty, uom: "MO", rate: billed, amount: r2(qty * billed), through: monthEnd(from) };
        };
        const lines: Line[] = [];
        // An install in the month before, after its run: the partial month now.
        if (d.installed > prev && d.installed <= prevEnd && !d.replaces) {
          const frac = r4((days(d.installed, prevEnd) + 1) / daysIn(prev));
          lines.push(line(frac, `Prorated base ${usDate(d.installed)} - ${usDate(prevEnd)} (${days(d.installed, prevEnd) + 1}/${daysIn(prev)} days)`, prev));
          tags.push("device_added_prorated");
        }
        if (d.replaces && d.installed > prev && d.installed <= prevEnd) tags.push("device_swap_counter_reset");
        const swapped = d.removed && c.devices.some((x) => x.replaces === d);
        if (d.installed <= run && (!d.removed || d.removed >= monthEnd(run))) lines.push(line(1, `Monthly base charge ${usDate(run)} - ${usDate(monthEnd(run))}`, run));
        else if (d.installed > run && d.installed <= monthEnd(run)) { /* installed this month: prorated next run */ }
        else if (d.replaces && d.installed > prev && d.installed <= monthEnd(run)) lines.push(line(1, `Monthly base charge ${usDate(run)} - ${usDate(monthEnd(run))}`, run));
        else if (d.removed && d.removed >= run && d.removed < monthEnd(run) && !swapped) {
          // Removed during the month: billed to the removal day.
          const frac = r4((days(run, d.removed) + 1) / daysIn(run));
          lines.push(line(frac, `Prorated base ${usDate(run)} - ${usDate(d.removed)}, device removed`, run));
          tags.push("device_removed_prorated");
        } else if (swapped && d.removed >= run && d.removed < monthEnd(run)) lines.push(line(1, `Monthly base charge ${usDate(run)} - ${usDate(monthEnd(run))}`, run));
        if (!lines.length) continue;
        if (lateBase.has(d) && emit) {
          const sinceInstall = (Date.parse(run) - Date.parse(monthOf(d.installed))) / (30 * 86400000);
          if (sinceInstall <= 3.2 && (sinceInstall < 1.5 || chance(0.7))) {
            if (!doc.leak && plant("new_device_base_not_billed", 12)) {
              doc.leak = { kind: "new_device_base_not_billed", risk: r2(lines.reduce((s, l) => s + l.amount, 0)) };
              continue;
            }
          }
          lateBase.delete(d);
        }
        doc.lines.push(...lines);
      }
      // Clicks in arrears for the month before, per device or per pool.
      const pool = { mono: 0, monoIncl: 0, clr: 0, clrIncl: 0, absorbedRisk: 0, absorbedMono: 0, absorbedIncl: 0 };
      const perDeviceClick: Line[] = [];
      for (const d of c.devices) {
        if (!inService(d, prev)) continue;
        const from = d.installed > prev ? d.installed : prev;
        const to = d.removed && d.removed < prevEnd ? d.removed : prevEnd;
        const frac = (days(from, to) + 1) / daysIn(prev);
        const v = volume(d, prev);
        const mono = Math.round(v.mono * frac), clr = Math.round(v.clr * frac);
        const swapOld = d.removed && c.devices.find((x) => x.replaces === d);
        // The position's allowance: a swapped-out device's final read takes it first, the new one the rest.
        let monoIncl = Math.round(d.monoAllow * (d.replaces || swapOld ? 1 : frac)), clrIncl = Math.round(d.clrAllow * (d.replaces || swapOld ? 1 : frac));
        if (d.replaces && inService(d.replaces, prev)) {
          const ov = volume(d.replaces, prev), of = (days(prev, d.replaces.removed) + 1) / daysIn(prev);
          monoIncl = Math.max(0, monoIncl - Math.round(ov.mono * of)); clrIncl = Math.max(0, clrIncl - Math.round(ov.clr * of));
        }
        const readDate = addDays(to, 0);
        const meter = (kind: "mono" | "clr", pages: number) => {
          const begin = d[kind];
          const end = (begin + pages) % ROLL;
          d[kind] = end;
          return { begin, end, rolled: end < begin };
        };
        if (!emit) { meter("mono", mono); meter("clr", clr); if (d.pooled) { pool.mono += mono; pool.monoIncl += monoIncl; pool.clr += clr; pool.clrIncl += clrIncl; } continue; }
        if (d.replaces && d.installed > prev) tags.push("device_swap_counter_reset");
        if (d.pooled) {
          pool.mono += mono; pool.monoIncl += monoIncl; pool.clr += clr; pool.clrIncl += clrIncl;
          const m = meter("mono", mono);
          if (m.rolled) tags.push("meter_rollover");
          doc.lines.push({ item: "MTR-MONO", sn: d.sn, model: d.model, location: d.location, text: `Mono meter ${usDate(from)} - ${usDate(to)} (fleet pool)`, meter: "Black", begin: m.begin, end: m.end, readType: "Actual", readDate, pages: mono, included: monoIncl, qty: mono, uom: "CLICK", rate: 0, amount: 0, through: to });
          if (CLASS[d.cls].clr[1]) {
            const k = meter("clr", clr);
            doc.lines.push({ item: "MTR-CLR", sn: d.sn, model: d.model, location: d.location, text: `Color meter ${usDate(from)} - ${usDate(to)} (fleet pool)`, meter: "Color", begin: k.begin, end: k.end, readType: "Actual", readDate, pages: clr, included: clrIncl, qty: clr, uom: "CLICK", rate: 0, amount: 0, through: to });
          }
          continue;
        }
        // A device on its own allowance: an estimate when the agent sent no read, trued up next month.
        const open = estimates.get(d.sn);
        let monoBilled = mono, readType = "Actual";
        const trueUps: Line[] = [];
        if (open) {
          estimates.delete(d.sn);
          const actualPrev = Math.round(volume(d, open.month).mono);
          const diff = Math.max(0, actualPrev - open.monoIncl) - Math.max(0, open.mono - open.monoIncl);
          if (diff !== 0) {
            const rate = open.rate;
            const sh: Sheet = { id: `MW-${++sheetNo}`, c, item: "CLICK-MONO", sn: d.sn, from: open.month, to: monthEnd(open.month), qty: diff, readType: "True-up", doc };
            if (diff > 0 && !doc.leak && plant("estimate_not_trued_up", 3)) {
              doc.leak = { kind: "estimate_not_trued_up", risk: r2(diff * rate) };
              sheet.push(sh);
            } else {
              sheet.push(sh);
              trueUps.push({ item: "CLICK-MONO", sn: d.sn, model: d.model, location: d.location, text: `True-up of estimated mono read ${usDate(open.month)} (actual ${actualPrev.toLocaleString("en-US")} pages, estimated ${open.mono.toLocaleString("en-US")})`, meter: "Black", begin: null, end: null, readType: "True-up", readDate, pages: actualPrev - open.mono, included: null, qty: diff, uom: "CLICK", rate, amount: r2(diff * rate), through: monthEnd(open.month) });
              tags.push(diff > 0 ? "estimate_trued_up" : "estimate_trued_up_credit");
            }
          }
        }
        if (!d.replaces && !d.removed && chance(0.05)) {
          readType = "Estimated";
          monoBilled = Math.round(mono * between(0.65, 1.3));
          tags.push("estimated_read");
        }
        const m = meter("mono", mono);
        if (m.rolled) tags.push("meter_rollover");
        const billable = Math.max(0, monoBilled - monoIncl);
        const monoRate = clickRate(c, MONO_TIERS, billable, to);
        if (readType === "Estimated") estimates.set(d.sn, { mono: monoBilled, monoIncl, rate: monoRate, month: prev, doc });
        let lineQty = billable, endShown = readType === "Estimated" ? (m.begin + monoBilled) % ROLL : m.end, pagesShown = monoBilled;
        const outsidePool = c.pooled;
        if (outsidePool) tags.push("device_outside_pool");
        if (billable > 0) sheet.push({ id: `MW-${++sheetNo}`, c, item: "CLICK-MONO", sn: d.sn, from, to, qty: billable, readType, doc });
        if (billable > 0 && readType === "Actual" && !doc.leak && !outsidePool && plant("stale_meter_read", 1.2)) {
          // The agent's read did not reach billing: last month's read billed again, 0 pages.
          doc.leak = { kind: "stale_meter_read", risk: r2(billable * monoRate) };
          lineQty = 0; endShown = m.begin; pagesShown = 0;
        }
        if (billable > 0 && outsidePool && !doc.leak && plant("device_outside_pool_absorbed", 4)) {
          // Its pages folded into the fleet pool, its own allowance credited to the pool too.
          pool.mono += mono; pool.monoIncl += monoIncl; pool.absorbedMono = mono; pool.absorbedIncl = monoIncl;
          pool.absorbedRisk = billable * monoRate;
          doc.leak = { kind: "device_outside_pool_absorbed", risk: 0 };
          continue;
        }
        perDeviceClick.push({ item: "CLICK-MONO", sn: d.sn, model: d.model, location: d.location, text: `Mono clicks ${usDate(from)} - ${usDate(to)}${lineQty === 0 && billable === 0 ? ", within allowance" : ""}`, meter: "Black", begin: m.begin, end: endShown, readType, readDate, pages: pagesShown, included: monoIncl, qty: lineQty, uom: "CLICK", rate: monoRate, amount: r2(lineQty * monoRate), through: to }, ...trueUps);
        if (CLASS[d.cls].clr[1]) {
          const k = meter("clr", clr);
          if (k.rolled) tags.push("meter_rollover");
          const cb = Math.max(0, clr - clrIncl);
          let rate = clickRate(c, CLR_TIERS, cb, to);
          if (cb > 0) sheet.push({ id: `MW-${++sheetNo}`, c, item: "CLICK-CLR", sn: d.sn, from, to, qty: cb, readType: "Actual", doc });
          if (cb > 0 && !doc.leak && plant("colour_at_mono_rate", 1.5)) {
            const mono = clickRate(c, MONO_TIERS, cb, to);
            doc.leak = { kind: "colour_at_mono_rate", risk: r2(cb * rate) - r2(cb * mono) };
            rate = mono;
          }
          perDeviceClick.push({ item: "CLICK-CLR", sn: d.sn, model: d.model, location: d.location, text: `Color clicks ${usDate(from)} - ${usDate(to)}${cb === 0 ? ", within allowance" : ""}`, meter: "Color", begin: k.begin, end: k.end, readType: "Actual", readDate, pages: clr, included: clrIncl, qty: cb, uom: "CLICK", rate, amount: r2(cb * rate), through: to });
        }
      }
      if (c.pooled && emit) {
        tags.push("pooled_allowance");
        for (const [item, pages, incl, tiers, label] of [["CLICK-MONO", pool.mono, pool.monoIncl, MONO_TIERS, "Mono"], ["CLICK-CLR", pool.clr, pool.clrIncl, CLR_TIERS, "Color"]] as const) {
          if (!pages) continue;
          const over = Math.max(0, pages - incl);
          const rate = clickRate(c, tiers, over, prevEnd);
          // The worksheet's pool: its own devices only (an absorbed device is a row of its own).
          const owed = item === "CLICK-MONO" ? Math.max(0, pages - pool.absorbedMono - (incl - pool.absorbedIncl)) : over;
          if (owed > 0) sheet.push({ id: `MW-${++sheetNo}`, c, item, sn: "", from: prev, to: prevEnd, qty: owed, readType: "Actual", doc });
          if (item === "CLICK-MONO" && pool.absorbedRisk) pool.absorbedRisk = owed * clickRate(c, tiers, owed, prevEnd) + pool.absorbedRisk - r2(over * rate);
          doc.lines.push({ item, sn: "", model: "", location: "Fleet pool", text: `${label} fleet pool ${usDate(prev)} - ${usDate(prevEnd)}: ${pages.toLocaleString("en-US")} pages, ${incl.toLocaleString("en-US")} included`, meter: item === "CLICK-MONO" ? "Black" : "Color", begin: null, end: null, readType: "Actual", readDate: prevEnd, pages, included: incl, qty: over, uom: "CLICK", rate, amount: r2(over * rate), through: prevEnd });
        }
      }
      if (staleEsc) for (const l of perDeviceClick) if (l.rate > 0 && l.readType !== "True-up") {
        // Clicks of the anniversary's month onward billed at the old rates: only from the second invoice.
        if (l.through >= run) { const old = r5(l.rate / (1 + c.cpi)); escRisk += l.amount - r2(l.qty * old); l.rate = old; l.amount = r2(l.qty * old); }
      }
      doc.lines.push(...perDeviceClick);
      if (!emit) continue;
      // The minimum volume commitment: clicks below it topped up with a MIN line.
      if (c.minCharge) {
        const clicks = r2(doc.lines.filter((l) => l.item.startsWith("CLICK-")).reduce((s, l) => s + l.amount, 0));
        const min = r2(c.minCharge * esc(c, prevEnd));
        if (clicks < min) {
          if (!doc.leak && plant("minimum_shortfall_not_billed", 3)) doc.leak = { kind: "minimum_shortfall_not_billed", risk: r2(min - clicks) };
          else { doc.lines.push({ item: "MIN", sn: "", model: "", location: "", text: `Minimum volume commitment ${usDate(prev)} - ${usDate(prevEnd)}: clicks ${clicks.toFixed(2)} of ${min.toFixed(2)}`, meter: "", begin: null, end: null, readType: "", readDate: "", pages: null, included: null, qty: 1, uom: "EA", rate: r2(min - clicks), amount: r2(min - clicks), through: prevEnd }); tags.push("minimum_topped_up"); }
        } else tags.push("minimum_met");
      }
      // Toner shipped in the month, included in the contract.
      if (chance(0.3)) {
        const d = pick(c.devices.filter((x) => inService(x, prev)).concat(c.devices[0]!));
        doc.lines.push({ item: "TONER-INCL", sn: d.sn, model: d.model, location: d.location, text: `Toner cartridge shipped ${usDate(addDays(prev, int(1, 26)))} - included in contract`, meter: "", begin: null, end: null, readType: "", readDate: "", pages: null, included: null, qty: int(1, 3), uom: "EA", rate: 0, amount: 0, through: prevEnd });
        tags.push("toner_included");
      }
      if (doc.leak?.kind === "device_outside_pool_absorbed") doc.leak.risk = r2(pool.absorbedRisk);
      if (staleEsc && escRisk > 0.005 && !doc.leak) doc.leak = { kind: "escalation_not_applied", risk: r2(escRisk) };
      else if (staleEsc) {
        // Not planted after all: the escalation applies (the plan did not go through) — re-price.
        for (const l of doc.lines) if (l.item.startsWith("BASE-")) { const d = c.devices.find((x) => x.sn === l.sn)!; l.rate = baseRate(c, d, run); l.amount = r2(l.qty * l.rate); }
      }
      if (anniversary && !doc.leak) tags.push("cpi_escalation_applied");
      if (!doc.lines.length) continue;
      if (doc.leak && doc.leak.risk <= 0.005) { planted.set(doc.leak.kind, (planted.get(doc.leak.kind) ?? 1) - 1); delete doc.leak; }
      const order = ["device_swap_counter_reset", "estimate_trued_up_credit", "estimate_trued_up", "estimated_read", "meter_rollover", "device_added_prorated", "device_removed_prorated", "cpi_escalation_applied", "minimum_topped_up", "device_outside_pool", "pooled_allowance", "toner_included", "minimum_met"];
      doc.regular = order.find((t) => tags.includes(t)) ?? (c.cpi === 0 ? "fixed_price_contract" : "monthly_meter_invoice");
      docs.push(doc);
      // A service credit with its reason, against the month's invoice.
      if (!doc.leak && chance(0.025)) {
        const d = pick(c.devices);
        const share = pick([0.25, 0.5, 1]);
        docs.push({ no: `CM${String(++cmNo + 52_000)}`, type: "CM", date: addDays(date, int(5, 20)), c, basePeriod: doc.basePeriod, meterPeriod: doc.meterPeriod, related: doc.no, reason: pick(["Device down > 48h - SLA credit", "Service call response missed", "Goodwill - toner delivery delay"]), user: pick(billers), approver: pick(managers), lines: [{ item: `BASE-${d.cls}`, sn: d.sn, model: d.model, location: d.location, text: `Service credit ${share * 100}% of monthly base`, meter: "", begin: null, end: null, readType: "", readDate: "", pages: null, included: null, qty: -share, uom: "MO", rate: baseRate(c, d, run), amount: -r2(share * baseRate(c, d, run)), through: monthEnd(run) }], regular: "service_credit_with_reason" });
      }
      // A lease buyout: the customer buys a device at the end of its lease.
      if (!doc.leak && chance(0.006)) {
        const d = pick(c.devices);
        const amt = r2(between(150, 1800));
        docs.push({ no: `INV${String(++invNo + 310_000)}`, type: "IN", date: addDays(date, int(3, 20)), c, basePeriod: doc.basePeriod, meterPeriod: doc.meterPeriod, related: "", reason: "", user: pick(billers), approver: pick(managers), lines: [{ item: "LEASE-BUYOUT", sn: d.sn, model: d.model, location: d.location, text: `Lease buyout ${d.model} S/N ${d.sn}`, meter: "", begin: null, end: null, readType: "", readDate: "", pages: null, included: null, qty: 1, uom: "EA", rate: amt, amount: amt, through: date }], regular: "lease_buyout" });
      }
    }
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk });
  return { docs, sheet: sheet.filter((s) => s.doc.date >= FIRST_RUN), labels, contracts };
}

export function writePrint(seed: number, out: string) {
  const g = generatePrint(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const q = (v: number | null) => (v === null ? "" : String(v));
  const header = ["Invoice No", "Invoice Type", "Invoice Date", "Customer No", "Customer Name", "Contract No", "Contract Type", "Base Period From", "Base Period To", "Meter Period From", "Meter Period To", "Related Invoice", "Credit Reason", "Entered By", "Approved By", "Invoice Subtotal", "Sales Tax", "Invoice Total",
    "Line No", "Item Code", "Equipment ID", "Model", "Location", "Description", "Meter Type", "Begin Meter", "End Meter", "Read Type", "Read Date", "Meter Pages", "Included Pages", "Billable Qty", "UOM", "Rate", "Amount", "Service Through"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const sub = subtotal(d), tax = r2(sub * 0.0725);
    d.lines.forEach((l, i) => rows.push([d.no, d.type, usDate(d.date), d.c.cust, d.c.name, d.c.no, d.c.pooled ? "Pooled Fleet" : "Cost Per Copy", usDate(d.basePeriod[0]), usDate(d.basePeriod[1]), usDate(d.meterPeriod[0]), usDate(d.meterPeriod[1]), d.related, d.reason, d.user, d.approver, num(sub), num(tax), num(r2(sub + tax)),
      String(i + 1), l.item, l.sn, l.model, l.location, l.text, l.meter, q(l.begin), q(l.end), l.readType, usDate(l.readDate), q(l.pages), q(l.included), q(l.qty), l.uom, q(l.rate), num(l.amount), usDate(l.through)]));
  }
  writeFileSync(join(out, "invoice_detail.csv"), csv(header, rows));
  // The contract schedule: base per device (its install/removal, a row per escalation step), click tiers, minimum, supplies.
  const sched: string[][] = [];
  for (const c of g.contracts) {
    const steps: string[] = [c.start];
    if (c.cpi > 0) for (let a = addMonths(c.start, 12); a <= "2026-12-31"; a = addMonths(a, 12)) steps.push(a);
    const escAt = (i: number) => Math.pow(1 + c.cpi, i);
    steps.forEach((from, i) => {
      const to = i + 1 < steps.length ? addDays(steps[i + 1]!, -1) : "";
      if (to && to < "2025-01-01") return;
      for (const d of c.devices) {
        const f = d.installed > from ? d.installed : from;
        const t = d.removed && (!to || d.removed < to) ? d.removed : to;
        if (to && d.installed > to) continue;
        if (t && t < f) continue;
        sched.push([c.no, c.cust, `BASE-${d.cls}`, d.sn, `Base charge ${d.model}`, "MO", q(r2(d.base * escAt(i))), "0", "Monthly", "In Advance", usDate(f), usDate(t), ""]);
      }
      for (const [item, tiers] of [["CLICK-MONO", MONO_TIERS], ["CLICK-CLR", CLR_TIERS]] as const) for (const t of tiers) sched.push([c.no, c.cust, item, "", `${item === "CLICK-MONO" ? "Mono" : "Color"} click over allowance`, "CLICK", q(r5(t.rate * c.factor * escAt(i))), q(t.from), "Per Meter Read", "In Arrears", usDate(from), usDate(to), ""]);
      if (c.minCharge) sched.push([c.no, c.cust, "MIN", "", "Minimum monthly volume commitment", "EA", q(r2(c.minCharge * escAt(i))), "0", "Monthly", "In Arrears", usDate(from), usDate(to), "CLICK-MONO CLICK-CLR"]);
      sched.push([c.no, c.cust, "TONER-INCL", "", "Toner and service included", "EA", "0", "0", "As Shipped", "", usDate(from), usDate(to), ""]);
    });
  }
  writeFileSync(join(out, "ref", "contract_schedule.csv"), csv(["Contract No", "Customer No", "Item Code", "Equipment ID", "Description", "UOM", "Rate", "Tier From", "Billing Frequency", "Billing Timing", "Effective Date", "Expiration Date", "Applies To"], sched));
  writeFileSync(join(out, "ref", "meter_worksheet.csv"), csv(["Worksheet Line", "Invoice No", "Customer No", "Contract No", "Item Code", "Equipment ID", "Meter Period From", "Meter Period To", "Read Type", "Billable Clicks"], g.sheet.map((s) => [s.id, s.doc.no, s.c.cust, s.c.no, s.item, s.sn, usDate(s.from), usDate(s.to), s.readType, q(s.qty)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, contracts: g.contracts.length, devices: g.contracts.reduce((s, c) => s + c.devices.length, 0), worksheet: g.sheet.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writePrint(Number(arg("--seed", "3501")), arg("--out", "/tmp/print-3501"))));
}
