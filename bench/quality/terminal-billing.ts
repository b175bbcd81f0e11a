// An independent billing data set (the forty-second, 2026-11-29): a container terminal operator's
// billing over twelve months (July 2025 – June 2026), exported from its terminal operating
// system's billing module (Navis N4 Billing style) as the finalized invoice items: one row per
// invoice item, the invoice's header on each (final number, class — Invoice, Credit Note —, type —
// VESSEL to the shipping line, IMPORT RELEASE to the consignee, STORAGE EXTENSION, REBILL —, finalized date, the payee
// and its role, the line's tariff contract, the vessel visit with its actual berthing and departure,
// the bill of lading, the storage waiver number, the related invoice, user, approver, currency,
// total), per item the tariff id, description, the entity (a container or the vessel visit), the
// event's first and last day, quantity, unit, rate and amount. Beside it: the public tariff (each
// tariff id's rate, raised on 1 January 2026), the lines' tariff contracts (negotiated lift rates,
// a monthly volume tier, the minimum charge per call, the rate lock some lines won), the terminal
// calendar (public holidays and closures, not counted in free time or storage), the lines' free
// days, the written storage waivers, the consignees' storage agreements, and the chargeable-event
// extract (each billable event — a crane move, a hazardous move, a restow, a container's storage
// days past free time, its reefer days, its gate-out, a vessel's berth time in metre-hours — with
// the invoice the billing run drafted it on; a terminal-caused restow marked not billable).
// Written from how a terminal bills before reading the detectors.
// Regular business (hard negatives): lifts at each line's contract rate; contracts locking 2025
// rates through 2026 beside lines raised on 1 January; a call berthed in December invoiced in
// January at December's rates; the volume tier's rate on the line's calls after its month's moves
// pass the threshold; feeder calls topped up to the minimum dockage; storage split across tiers and
// across the new year; free time and storage not counting holidays and closures (reefer power counts
// every day); free-time extensions granted in writing (waiver number, approver); releases within
// free time (the gate fee alone); storage prepaid at customs release to a paid-thru day, the days
// after it billed on an extension naming the release; consignees with their own storage agreement; split billing (moves
// to the line, storage to the consignee); a line billed in EUR; disputed calls credited in full and
// re-invoiced without the disputed restows; restows the terminal caused, not billable.
// Planted (labelled, with the amount at risk): storage days not billed after free time; reefer days
// missed; the hazardous surcharge missing; lifts billed below the contract rate; dockage on a
// shorter stay than the vessel's berth time (the scheduled departure, not the actual); free time
// extended without a waiver; an invoice finalized twice.
// Run: bun run bench/quality/terminal-billing.ts --seed 6101 --out /tmp/terminal
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, days, r2 } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "storage_not_billed" | "reefer_days_missed" | "hazardous_surcharge_missing" | "lift_below_contract"
  | "dockage_short_stay" | "waiver_without_record" | "invoice_finalized_twice";
export const LEAK_KINDS: LeakKind[] = ["storage_not_billed", "reefer_days_missed", "hazardous_surcharge_missing", "lift_below_contract", "dockage_short_stay", "waiver_without_record", "invoice_finalized_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const START = "2025-07-01", END = "2026-06-30", INCREASE = "2026-01-01";
/** Public holidays and terminal closures: not counted in free time or storage days. */
const CALENDAR: { day: string; kind: string; note: string }[] = [
  { day: "2025-07-04", kind: "Holiday", note: "Independence Day" },
  { day: "2025-09-01", kind: "Holiday", note: "Labor Day" },
  { day: "2025-10-08", kind: "Closure", note: "Labour stoppage - terminal closed" },
  { day: "2025-10-09", kind: "Closure", note: "Labour stoppage - terminal closed" },
  { day: "2025-11-27", kind: "Holiday", note: "Thanksgiving Day" },
  { day: "2025-12-25", kind: "Holiday", note: "Christmas Day" },
  { day: "2026-01-01", kind: "Holiday", note: "New Year's Day" },
  { day: "2026-02-11", kind: "Closure", note: "High winds - gates and cranes closed" },
  { day: "2026-05-25", kind: "Holiday", note: "Memorial Day" },
];
const EXCLUDED = new Set(CALENDAR.map((c) => c.day));
type Iso = "20DV" | "40DV" | "40HC" | "40RF";
const ISO_MIX: [Iso, number][] = [["20DV", 0.36], ["40DV", 0.2], ["40HC", 0.37], ["40RF", 0.07]];
/** The public tariff of 2025 (USD); 2026 is 4 % above it. */
const TARIFF: Record<string, { desc: string; unit: string; rate: number }> = {
  "LIFT-20DV": { desc: "Container lift 20' dry", unit: "MOVE", rate: 165 },
  "LIFT-40DV": { desc: "Container lift 40' dry", unit: "MOVE", rate: 235 },
  "LIFT-40HC": { desc: "Container lift 40' high cube", unit: "MOVE", rate: 245 },
  "LIFT-40RF": { desc: "Container lift 40' reefer", unit: "MOVE", rate: 275 },
  RESTOW: { desc: "Restow on board", unit: "MOVE", rate: 95 },
  "HAZ-SURCH": { desc: "Hazardous cargo surcharge (IMDG)", unit: "MOVE", rate: 75 },
  "OOG-HANDL": { desc: "Special handling - out of gauge", unit: "MOVE", rate: 350 },
  DOCKAGE: { desc: "Wharfage/dockage per metre LOA per hour", unit: "M-HR", rate: 0.85 },
  MIN_CHARGE: { desc: "Minimum dockage per vessel call", unit: "EA", rate: 1500 },
  "STOR-20-T1": { desc: "Import storage 20' days 1-5 after free time", unit: "DAY", rate: 25 },
  "STOR-20-T2": { desc: "Import storage 20' days 6-10 after free time", unit: "DAY", rate: 40 },
  "STOR-20-T3": { desc: "Import storage 20' day 11 onward", unit: "DAY", rate: 60 },
  "STOR-40-T1": { desc: "Import storage 40' days 1-5 after free time", unit: "DAY", rate: 50 },
  "STOR-40-T2": { desc: "Import storage 40' days 6-10 after free time", unit: "DAY", rate: 80 },
  "STOR-40-T3": { desc: "Import storage 40' day 11 onward", unit: "DAY", rate: 120 },
  "REEFER-PWR": { desc: "Reefer power and monitoring per day", unit: "DAY", rate: 45 },
  "GATE-OUT": { desc: "Gate transaction - import delivery", unit: "EA", rate: 35 },
};
const tariffRate = (code: string, day: string) => r2(TARIFF[code]!.rate * (day >= INCREASE ? 1.04 : 1));
const LIFTS = ["LIFT-20DV", "LIFT-40DV", "LIFT-40HC", "LIFT-40RF"];

interface Line {
  code: string; name: string; currency: "USD" | "EUR"; fx: number; liftOff: number; lock: boolean; freeDays: number;
  tier?: { moves: number; off: number };
  services: { weekday: number; loa: number; moves: [number, number]; hours: [number, number]; vessels: string[]; voyage: number }[];
}
const LINES: Line[] = [
  { code: "ATL", name: "Atlantic Star Line", currency: "USD", fx: 1, liftOff: 0.15, lock: true, freeDays: 5, tier: { moves: 1100, off: 0.05 },
    services: [{ weekday: 1, loa: 335, moves: [140, 260], hours: [20, 34], vessels: ["ATLANTIC STAR", "ATLANTIC DAWN", "ATLANTIC CREST"], voyage: 501 },
      { weekday: 4, loa: 294, moves: [110, 210], hours: [16, 28], vessels: ["STAR VEGA", "STAR LYRA"], voyage: 301 }] },
  { code: "NRD", name: "Nordwind Container Linie GmbH", currency: "EUR", fx: 0.92, liftOff: 0.12, lock: false, freeDays: 6,
    services: [{ weekday: 3, loa: 300, moves: [120, 230], hours: [18, 30], vessels: ["NORDWIND HAMBURG", "NORDWIND BREMEN"], voyage: 712 }] },
  { code: "PAC", name: "Pacific Meridian Lines", currency: "USD", fx: 1, liftOff: 0.12, lock: false, freeDays: 4, tier: { moves: 700, off: 0.06 },
    services: [{ weekday: 5, loa: 366, moves: [150, 260], hours: [22, 36], vessels: ["MERIDIAN GRACE", "MERIDIAN HOPE", "MERIDIAN PRIDE"], voyage: 88 }] },
  { code: "CAR", name: "Caribe Feeder Services", currency: "USD", fx: 1, liftOff: 0.05, lock: false, freeDays: 4,
    services: [{ weekday: 2, loa: 149, moves: [30, 80], hours: [8, 13], vessels: ["CARIBE SOL", "CARIBE LUNA"], voyage: 240 },
      { weekday: 6, loa: 132, moves: [25, 60], hours: [7, 12], vessels: ["CARIBE MAR"], voyage: 118 }] },
  { code: "GLF", name: "Gulf Express Line", currency: "USD", fx: 1, liftOff: 0.1, lock: true, freeDays: 7,
    services: [{ weekday: 0, loa: 260, moves: [80, 170], hours: [14, 24], vessels: ["GULF EXPRESS", "GULF ARROW"], voyage: 40 }] },
];
const contractOf = (l: Line) => `TC-${l.code}-2025`;
/** A line's contract rate for a code on a day (its currency); the tier's where it applies. */
function contractRate(l: Line, code: string, day: string, tier = false): number {
  const year = l.lock ? "2025-07-01" : day;
  let rate = tariffRate(code, year) * l.fx;
  if (LIFTS.includes(code)) rate *= 1 - l.liftOff - (tier && l.tier ? l.tier.off : 0);
  return r2(rate);
}
/** Consignees with their own storage agreement (a rate off the tariff's storage). */
const STORAGE_AGREEMENTS = [{ consignee: "CNE-1003", off: 0.2 }, { consignee: "CNE-1017", off: 0.15 }, { consignee: "CNE-1042", off: 0.25 }];
const CLERKS = ["jmorales", "tnguyen", "kpatel", "rbaker"];
const COMMERCIAL = ["L. Fontaine (Commercial Mgr)", "D. Okafor (Revenue Mgr)"];

interface Item { code: string; desc: string; entity: string; from: string; to: string; qty: number; unit: string; rate: number; amount: number }
interface Doc {
  no: string; cls: "Invoice" | "Credit Note"; type: "VESSEL" | "IMPORT RELEASE" | "STORAGE EXTENSION" | "REBILL"; date: string; payee: string; role: "LINE" | "CONSIGNEE";
  contract: string; visit: string; atb: string; atd: string; bl: string; waiver: string; related: Doc | null; user: string; approver: string;
  currency: string; notes: string; items: Item[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Event { id: string; type: string; code: string; entity: string; payee: string; doc: Doc; qty: number; day: string; billable: boolean; note: string }

const total = (d: Doc) => r2(d.items.reduce((s, i) => s + i.amount, 0));
const item = (code: string, entity: string, from: string, to: string, qty: number, rate: number, desc = TARIFF[code]!.desc): Item =>
  ({ code, desc, entity, from, to, qty, unit: TARIFF[code]!.unit, rate, amount: r2(qty * rate) });
const hhmm = (h: number) => `${String(Math.floor(h)).padStart(2, "0")}:${String(Math.round((h % 1) * 60)).padStart(2, "0")}`;
/** An ISO day and hour plus `hours`: its day and hour. */
function later(day: string, hour: number, hours: number): { day: string; hour: number } {
  const t = hour + hours;
  return { day: addDays(day, Math.floor(t / 24)), hour: t % 24 };
}

export function generateTerminal(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const docs: Doc[] = [];
  const events: Event[] = [];
  let eventNo = 0;
  const event = (type: string, code: string, entity: string, payee: string, doc: Doc, qty: number, day: string, billable = true, note = "") =>
    events.push({ id: `CUE${String(7_000_000 + ++eventNo)}`, type, code, entity, payee, doc, qty, day, billable, note });
  const newDoc = (d: Omit<Doc, "no">): Doc => { const x = { ...d, no: "" }; docs.push(x); return x; };
  const consignees = Array.from({ length: 60 }, (_, i) => `CNE-${1001 + i}`);
  const containerNo = (owner: string) => `${owner.slice(0, 3)}U${String(int(1_000_000, 9_999_999))}`;
  const waivers: string[][] = [];
  let waiverNo = 0;
  const monthMoves = new Map<string, number>(); // line|YYYY-MM -> lift moves invoiced so far
  type Call = { line: Line; s: Line["services"][number]; atb: string; atbHour: number; hours: number; planned: number };
  const imported: { line: Line; cntr: string; iso: Iso; visit: string; discharged: string }[] = [];
  const vessels: { doc: Doc; call: Call; restows: number }[] = [];
  const releases: { doc: Doc; chargeable: number; line: Line }[] = [];

  // The vessel calls, in date order: each service calls weekly on its weekday.
  const calls: Call[] = [];
  for (let day = START; day <= END; day = addDays(day, 1)) {
    const wd = new Date(day).getUTCDay();
    for (const line of LINES) for (const s of line.services) if (s.weekday === wd) {
      const planned = int(s.hours[0], s.hours[1]);
      const delayed = chance(0.22);
      calls.push({ line, s, atb: day, atbHour: int(0, 47) / 2, hours: delayed ? planned + int(4, 20) : planned - (chance(0.3) ? int(1, 3) : 0), planned });
    }
  }
  for (const c of calls) {
    const { line, s } = c;
    const visit = `${s.vessels[s.voyage % s.vessels.length]!.replace(/ /g, "").slice(0, 6)}-${s.voyage++}${pick(["E", "W", "N", "S"])}`;
    const dep = later(c.atb, c.atbHour, c.hours);
    const invDay = addDays(dep.day, int(1, 3));
    const tierKey = `${line.code}|${invDay.slice(0, 7)}`;
    const tier = !!line.tier && (monthMoves.get(tierKey) ?? 0) >= line.tier.moves;
    const v = newDoc({ cls: "Invoice", type: "VESSEL", date: invDay, payee: line.code, role: "LINE", contract: contractOf(line), visit, atb: `${c.atb} ${hhmm(c.atbHour)}`, atd: `${dep.day} ${hhmm(dep.hour)}`, bl: "", waiver: "", related: null,
      user: "N4-BILLING", approver: "", currency: line.currency, notes: "", items: [], regular: "vessel_call" });
    const counts = new Map<string, number>(), haz: string[] = [];
    let oog = 0;
    const moves = int(s.moves[0], s.moves[1]);
    const imports = Math.round(moves * (0.45 + rnd() * 0.15));
    for (let k = 0; k < moves; k++) {
      let u = rnd(), iso: Iso = "40HC";
      for (const [i, p] of ISO_MIX) { if (u < p) { iso = i; break; } u -= p; }
      const code = `LIFT-${iso}`, cntr = containerNo(line.code);
      counts.set(code, (counts.get(code) ?? 0) + 1);
      event(k < imports ? "UNIT_DISCH" : "UNIT_LOAD", code, cntr, line.code, v, 1, c.atb);
      if (chance(0.03)) { haz.push(cntr); event("UNIT_HAZ", "HAZ-SURCH", cntr, line.code, v, 1, c.atb, true, `IMDG ${pick(["3", "8", "9", "2.1", "6.1"])}`); }
      if (iso !== "40RF" && chance(0.004)) { oog++; event("UNIT_OOG", "OOG-HANDL", cntr, line.code, v, 1, c.atb, true, "Flat rack, over height"); }
      if (k < imports) imported.push({ line, cntr, iso, visit, discharged: c.atb });
    }
    const restows = chance(0.4) ? int(1, 8) : 0, terminalRestows = chance(0.15) ? int(1, 3) : 0;
    for (let k = 0; k < restows; k++) event("UNIT_RESTOW", "RESTOW", containerNo(line.code), line.code, v, 1, c.atb);
    for (let k = 0; k < terminalRestows; k++) event("UNIT_RESTOW", "RESTOW", containerNo(line.code), line.code, v, 1, c.atb, false, "Terminal stowage error - no charge");
    const mhr = s.loa * c.hours;
    event("VESSEL_BERTH", "DOCKAGE", visit, line.code, v, mhr, c.atb, true, `LOA ${s.loa} m x ${c.hours} h`);
    const rate = (code: string) => contractRate(line, code, c.atb, tier && LIFTS.includes(code));
    for (const code of LIFTS) if (counts.get(code)) v.items.push(item(code, visit, c.atb, dep.day, counts.get(code)!, rate(code), `${TARIFF[code]!.desc}${tier ? " - volume tier 2" : ""}`));
    if (restows) v.items.push(item("RESTOW", visit, c.atb, dep.day, restows, rate("RESTOW")));
    if (haz.length) v.items.push(item("HAZ-SURCH", visit, c.atb, dep.day, haz.length, rate("HAZ-SURCH")));
    if (oog) v.items.push(item("OOG-HANDL", visit, c.atb, dep.day, oog, rate("OOG-HANDL")));
    v.items.push(item("DOCKAGE", visit, c.atb, dep.day, mhr, rate("DOCKAGE"), `Wharfage/dockage ${s.loa} m x ${c.hours} h (ATB-ATD)`));
    const minimum = r2(contractRate(line, "MIN_CHARGE", c.atb));
    const dockage = v.items[v.items.length - 1]!.amount;
    if (dockage < minimum) { v.items.push(item("MIN_CHARGE", visit, c.atb, dep.day, 1, r2(minimum - dockage), "Minimum dockage per call - top-up")); v.regular = "feeder_call_minimum"; }
    monthMoves.set(tierKey, (monthMoves.get(tierKey) ?? 0) + moves);
    v.regular = v.regular !== "vessel_call" ? v.regular : tier ? "vessel_call_volume_tier" : c.atb < INCREASE && invDay >= INCREASE ? "december_call_january_invoice" : line.currency === "EUR" ? "vessel_call_eur"
      : line.lock && c.atb >= INCREASE ? "locked_rate_2026" : c.hours > c.planned ? "delayed_departure_billed_atd" : oog ? "vessel_call_out_of_gauge" : restows ? "vessel_call_with_restows" : "vessel_call";
    vessels.push({ doc: v, call: c, restows });
  }
  // A disputed call: the line disputes its restows; credited in full and re-invoiced without them, approved.
  for (const x of vessels.filter((x) => x.restows >= 2 && chance(0.12))) {
    const o = x.doc;
    const cn = newDoc({ ...o, cls: "Credit Note", type: "VESSEL", date: addDays(o.date, int(10, 30)), related: o, user: pick(CLERKS), approver: pick(COMMERCIAL), notes: "Credit in full - restows disputed by line",
      items: o.items.map((i) => ({ ...i, qty: -i.qty, amount: -i.amount })), regular: "dispute_credit_in_full" });
    const disputed = int(1, x.restows);
    newDoc({ ...o, type: "REBILL", date: addDays(cn.date, int(0, 2)), related: o, user: cn.user, approver: cn.approver, notes: `Rebill after dispute - ${disputed} restow(s) waived`, regular: "rebill_after_dispute",
      items: o.items.flatMap((i) => (i.code !== "RESTOW" ? [{ ...i }] : i.qty > disputed ? [{ ...i, qty: i.qty - disputed, amount: r2((i.qty - disputed) * i.rate) }] : [])) });
  }

  // Import releases: a bill of lading's containers gate out together; the consignee pays storage past free time, reefer power and the gate.
  for (let i = 0; i < imported.length;) {
    const first = imported[i]!, n = Math.min(int(1, 4), imported.length - i);
    const group = imported.slice(i, i + n).filter((x) => x.visit === first.visit);
    i += group.length;
    const line = first.line, consignee = pick(consignees);
    const dwell = Math.max(1, Math.round(logn(4, 0.6)) + (chance(0.06) ? int(6, 16) : 0));
    const out = addDays(first.discharged, dwell);
    if (out > END) continue;
    const waiverDays = chance(0.05) ? int(2, 5) : 0;
    const agreement = STORAGE_AGREEMENTS.find((a) => a.consignee === consignee);
    const bl = `${line.code}${String(int(10_000_000, 99_999_999))}`;
    const r = newDoc({ cls: "Invoice", type: "IMPORT RELEASE", date: out, payee: consignee, role: "CONSIGNEE", contract: contractOf(line), visit: first.visit, atb: "", atd: "", bl, waiver: "", related: null,
      user: pick(CLERKS), approver: "", currency: "USD", notes: "", items: [], regular: "release_within_free_time" });
    let counted = 0, excluded = 0;
    for (let d = first.discharged; d <= out; d = addDays(d, 1)) if (EXCLUDED.has(d)) excluded++; else counted++;
    const chargeable = Math.max(0, counted - line.freeDays);
    const billedDays = Math.max(0, chargeable - waiverDays);
    // The chargeable days themselves: the calendar days after free time, holidays and closures skipped.
    const chargeDays: string[] = [];
    { let free = line.freeDays; for (let d = first.discharged; d <= out; d = addDays(d, 1)) { if (EXCLUDED.has(d)) continue; if (free > 0) { free--; continue; } chargeDays.push(d); } }
    // Prepaid at customs release through a day before the truck came: the gate asks for the days
    // after it on an extension invoice naming the release (the events stay on the release).
    const split = !waiverDays && billedDays >= 2 && chance(0.1) ? billedDays - int(1, Math.min(3, billedDays - 1)) : billedDays;
    const paidThru = split < billedDays ? chargeDays[split - 1]! : out;
    const ext = split < billedDays ? newDoc({ ...r, type: "STORAGE EXTENSION", related: r, user: pick(CLERKS), notes: `Storage after paid-thru day ${paidThru}`, items: [], regular: "storage_extension_after_paid_thru" }) : undefined;
    if (ext) r.date = paidThru;
    for (const c of group) {
      const size = c.iso.startsWith("20") ? "20" : "40";
      // Storage per tier (a day's tier by its place among the chargeable days), split at the
      // tariff's change: the gross days go to the extract, the billed (net of a written waiver) to the invoice.
      const segments = (list: string[], offset = 0) => {
        const out: { code: string; from: string; to: string; qty: number }[] = [];
        list.forEach((d, i) => {
          const k = i + offset;
          const code = `STOR-${size}-T${k < 5 ? 1 : k < 10 ? 2 : 3}`;
          const last = out[out.length - 1];
          if (last && last.code === code && (last.to < INCREASE) === (d < INCREASE)) { last.to = d; last.qty++; } else out.push({ code, from: d, to: d, qty: 1 });
        });
        return out;
      };
      for (const g of segments(chargeDays)) event("STORAGE", g.code, c.cntr, consignee, r, g.qty, g.from);
      const bill = (doc: Doc, list: string[], offset: number) => {
        for (const g of segments(list, offset)) {
          const rate = r2(tariffRate(g.code, g.from) * (1 - (agreement?.off ?? 0)));
          doc.items.push(item(g.code, c.cntr, g.from, g.to, g.qty, rate, `${TARIFF[g.code]!.desc} ${g.from.slice(5)}-${g.to.slice(5)}`));
        }
      };
      bill(r, chargeDays.slice(0, split), 0);
      if (ext) bill(ext, chargeDays.slice(split, billedDays), split);
      if (c.iso === "40RF") {
        const reeferDays = days(first.discharged, out) + 1; // power runs every day, holidays too
        event("REEFER", "REEFER-PWR", c.cntr, consignee, r, reeferDays, first.discharged);
        const prepaid = days(first.discharged, paidThru) + 1;
        r.items.push(item("REEFER-PWR", c.cntr, first.discharged, paidThru, prepaid, tariffRate("REEFER-PWR", out)));
        if (ext) ext.items.push(item("REEFER-PWR", c.cntr, addDays(paidThru, 1), out, reeferDays - prepaid, tariffRate("REEFER-PWR", out)));
      }
      event("GATE_OUT", "GATE-OUT", c.cntr, consignee, r, 1, out);
      r.items.push(item("GATE-OUT", c.cntr, out, out, 1, tariffRate("GATE-OUT", out)));
    }
    if (waiverDays && chargeable > 0) {
      r.waiver = `WV-${out.slice(2, 4)}-${String(++waiverNo).padStart(4, "0")}`;
      r.approver = pick(COMMERCIAL);
      waivers.push([r.waiver, bl, group.map((c) => c.cntr).join(" "), line.code, consignee, String(waiverDays), addDays(first.discharged, int(0, 3)), r.approver, pick(["Customs examination hold", "Line's vessel rolled - late documents", "Chassis shortage at terminal", "Consignee's bank holiday"])]);
      r.regular = "storage_waiver_in_writing";
    } else if (chargeable > 0) {
      const span = chargeDays.length ? [chargeDays[0]!, chargeDays[chargeDays.length - 1]!] : ["", ""];
      r.regular = agreement ? "consignee_storage_agreement" : span[0]! < INCREASE && span[1]! >= INCREASE ? "storage_across_new_year"
        : excluded > 0 ? "storage_over_holiday_or_closure" : chargeable > 10 ? "storage_long_dwell_tier_3" : "storage_after_free_time";
    } else if (group.some((c) => c.iso === "40RF")) r.regular = "reefer_release";
    if (ext) r.regular = "storage_prepaid_to_paid_thru";
    releases.push({ doc: r, chargeable, line });
  }

  // Planting: about eight of each kind, on ordinary business of its kind.
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; };
  const N = 8;
  const plainRelease = (x: (typeof releases)[number]) => !x.doc.leak && !x.doc.waiver && x.doc.date > "2025-08-01" && x.doc.regular !== "storage_prepaid_to_paid_thru";
  // 1. Storage days not billed: the release invoice bills the gate (and reefer) but one container's storage is dropped.
  for (const x of take(releases.filter((x) => plainRelease(x) && x.chargeable >= 2), N)) {
    const stor = x.doc.items.filter((i) => i.code.startsWith("STOR-"));
    const cntr = stor[0]!.entity;
    const dropped = stor.filter((i) => i.entity === cntr);
    x.doc.items = x.doc.items.filter((i) => !dropped.includes(i));
    plant(x.doc, "storage_not_billed", dropped.reduce((s, i) => s + i.amount, 0));
  }
  // 2. Reefer days missed: power billed only to the end of free time.
  for (const x of take(releases.filter((x) => plainRelease(x) && x.doc.items.some((i) => i.code === "REEFER-PWR" && i.qty > x.line.freeDays + 1)), N)) {
    const i = x.doc.items.find((i) => i.code === "REEFER-PWR")!;
    const short = i.qty - x.line.freeDays;
    i.qty = x.line.freeDays; i.amount = r2(i.qty * i.rate);
    plant(x.doc, "reefer_days_missed", short * i.rate);
  }
  // 3. Free time extended without a waiver: two to four storage days dropped, no waiver number, no approver.
  for (const x of take(releases.filter((x) => plainRelease(x) && x.chargeable >= 4 && x.doc.items.filter((i) => i.code.startsWith("STOR-")).length === 1), N)) {
    const i = x.doc.items.find((i) => i.code.startsWith("STOR-"))!;
    const cut = Math.min(i.qty - 1, int(2, 4));
    i.qty -= cut; i.amount = r2(i.qty * i.rate); i.desc = `${i.desc} - free time extended per line request`;
    plant(x.doc, "waiver_without_record", cut * i.rate);
  }
  const plainVessel = (x: (typeof vessels)[number]) => !x.doc.leak && x.doc.date > "2025-08-01" && !docs.some((d) => d.related === x.doc);
  // 4. The hazardous surcharge missing from a call's invoice.
  for (const x of take(vessels.filter((x) => plainVessel(x) && x.doc.items.some((i) => i.code === "HAZ-SURCH")), N)) {
    const i = x.doc.items.find((i) => i.code === "HAZ-SURCH")!;
    x.doc.items = x.doc.items.filter((y) => y !== i);
    plant(x.doc, "hazardous_surcharge_missing", i.amount);
  }
  // 5. Lifts below the contract: a line not rate-locked billed 2025's rate in 2026, or the tier's rate before its month reached it.
  for (const x of take(vessels.filter((x) => plainVessel(x) && !x.call.line.lock && x.call.atb >= "2026-01-15" && x.doc.regular !== "vessel_call_volume_tier"), N)) {
    const line = x.call.line, tierRate = !!line.tier && chance(0.5);
    let risk = 0;
    for (const i of x.doc.items.filter((i) => LIFTS.includes(i.code))) {
      const low = tierRate ? contractRate(line, i.code, x.call.atb, true) : contractRate(line, i.code, "2025-12-31");
      risk += (i.rate - low) * i.qty;
      i.rate = low; i.amount = r2(i.qty * low);
    }
    plant(x.doc, "lift_below_contract", risk);
  }
  // 6. Dockage on the scheduled stay: a delayed departure billed to the planned hours.
  for (const x of take(vessels.filter((x) => plainVessel(x) && x.call.hours >= x.call.planned + 4 && !x.doc.items.some((i) => i.code === "MIN_CHARGE")), N)) {
    const i = x.doc.items.find((i) => i.code === "DOCKAGE")!;
    const hours = x.call.planned, short = (x.call.hours - hours) * x.call.s.loa;
    i.qty = x.call.s.loa * hours; i.amount = r2(i.qty * i.rate); i.desc = `Wharfage/dockage ${x.call.s.loa} m x ${hours} h (ATB-ETD)`;
    // The billing engine still tops the call up to its minimum: what is lost is the rest.
    const minimum = contractRate(x.call.line, "MIN_CHARGE", x.call.atb);
    const topUp = i.amount < minimum ? r2(minimum - i.amount) : 0;
    if (topUp) x.doc.items.push(item("MIN_CHARGE", i.entity, i.from, i.to, 1, topUp, "Minimum dockage per call - top-up"));
    plant(x.doc, "dockage_short_stay", short * i.rate - topUp);
  }
  // 7. An invoice finalized twice: the draft finalized again under a new number.
  for (const x of [...take(vessels.filter((x) => plainVessel(x)), N / 2).map((x) => x.doc), ...take(releases.filter((x) => plainRelease(x) && x.chargeable > 0), N / 2).map((x) => x.doc)]) {
    const copy = newDoc({ ...x, date: addDays(x.date, int(0, 2)), items: x.items.map((i) => ({ ...i })), leak: undefined });
    plant(copy, "invoice_finalized_twice", total(x));
  }

  const all = docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let n = 0;
  for (const d of all) d.no = `${d.cls === "Credit Note" ? "CN" : "IN"}${String(2_500_000 + ++n)}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: d.currency, amount_at_risk: d.leak!.risk }));
  return { docs: all, events, waivers, labels };
}
const money = (v: number) => v.toFixed(2);
const qtyText = (v: number) => (Number.isInteger(v) ? String(v) : v.toFixed(1));

// The finalized invoice items: ISO dates, plain decimals, "," between columns; the invoice's header on each row.
export function writeTerminal(seed: number, out: string) {
  const g = generateTerminal(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Final Nbr", "Invoice Class", "Invoice Type", "Finalized Date", "Payee Customer Id", "Payee Role", "Contract Id", "Vessel Visit", "ATB", "ATD", "Bill Of Lading", "Waiver Nbr",
    "Related Invoice", "Created By", "Approved By", "Currency", "Total Charges", "Notes", "Item Nbr", "Tariff Id", "Description", "Entity Id", "Event Performed From", "Event Performed To", "Quantity", "Quantity Unit", "Rate", "Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) d.items.forEach((i, k) => rows.push([
    d.no, d.cls, d.type, d.date, d.payee, d.role, d.contract, d.visit, d.atb, d.atd, d.bl, d.waiver, d.related?.no ?? "", d.user, d.approver, d.currency, money(total(d)), d.notes,
    String(k + 1), i.code, i.desc, i.entity, i.from, i.to, qtyText(i.qty), i.unit, money(i.rate), money(i.amount),
  ]));
  writeFileSync(join(out, "invoice_items.csv"), csv(header, rows));
  // The public tariff, 2025 and 2026.
  const tariff: string[][] = [];
  for (const eff of ["2025-01-01", INCREASE]) for (const [code, t] of Object.entries(TARIFF)) tariff.push([code, t.desc, t.unit, "USD", money(tariffRate(code, eff)), eff]);
  writeFileSync(join(out, "ref", "public_tariff.csv"), csv(["Tariff Id", "Description", "Unit", "Currency", "Rate", "Effective Date"], tariff));
  // The lines' tariff contracts: lifts, restows, surcharges, dockage and the minimum per call; a locked contract one row for both years; a volume tier's rows from its monthly threshold.
  const contracts: string[][] = [];
  for (const l of LINES) {
    const periods: [string, string][] = l.lock ? [["2025-01-01", "2026-12-31"]] : [["2025-01-01", "2025-12-31"], [INCREASE, "2026-12-31"]];
    for (const [from, to] of periods) {
      for (const code of [...LIFTS, "RESTOW", "HAZ-SURCH", "OOG-HANDL", "DOCKAGE", "MIN_CHARGE"]) {
        contracts.push([contractOf(l), l.code, code, TARIFF[code]!.desc, TARIFF[code]!.unit, l.currency, money(contractRate(l, code, from)), "", code === "MIN_CHARGE" ? "DOCKAGE" : "", from, to, l.lock ? "Y" : "N"]);
        if (l.tier && LIFTS.includes(code)) contracts.push([contractOf(l), l.code, code, `${TARIFF[code]!.desc} - volume tier 2 (moves per calendar month)`, "MOVE", l.currency, money(contractRate(l, code, from, true)), String(l.tier.moves), "", from, to, l.lock ? "Y" : "N"]);
      }
    }
  }
  for (const a of STORAGE_AGREEMENTS) for (const eff of ["2025-01-01", INCREASE]) for (const code of Object.keys(TARIFF).filter((c) => c.startsWith("STOR-")))
    contracts.push([`SA-${a.consignee}`, a.consignee, code, `${TARIFF[code]!.desc} - storage agreement`, "DAY", "USD", money(r2(tariffRate(code, eff) * (1 - a.off))), "", "", eff, eff === INCREASE ? "2026-12-31" : "2025-12-31", "N"]);
  writeFileSync(join(out, "ref", "tariff_contracts.csv"), csv(["Contract Id", "Customer Id", "Tariff Id", "Description", "Unit", "Currency", "Rate", "Min Monthly Moves", "Applies To", "Valid From", "Valid To", "Rate Lock"], contracts));
  writeFileSync(join(out, "ref", "line_free_time.csv"), csv(["Line", "Line Name", "Contract Id", "Import Free Days", "Counting"], LINES.map((l) => [l.code, l.name, contractOf(l), String(l.freeDays), "Calendar days from discharge; public holidays and terminal closures not counted"])));
  writeFileSync(join(out, "ref", "terminal_calendar.csv"), csv(["Date", "Kind", "Description"], CALENDAR.map((c) => [c.day, c.kind, c.note])));
  writeFileSync(join(out, "ref", "storage_waivers.csv"), csv(["Waiver Nbr", "Bill Of Lading", "Containers", "Line", "Consignee", "Extra Free Days", "Granted On", "Granted By", "Reason"], g.waivers));
  writeFileSync(join(out, "ref", "chargeable_events.csv"), csv(["Event Gkey", "Event Type", "Tariff Id", "Entity Id", "Payee Customer Id", "Invoice Nbr", "Quantity", "Performed", "Billable", "Notes"],
    g.events.map((e) => [e.id, e.type, e.code, e.entity, e.payee, e.doc.no, qtyText(e.qty), e.day, e.billable ? "Y" : "N", e.note])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { invoices: g.docs.length, items: rows.length, events: g.events.length, waivers: g.waivers.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeTerminal(Number(arg("--seed", "6101")), arg("--out", "/tmp/terminal-6101"))));
}
