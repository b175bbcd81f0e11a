// An independent billing data set (the twelfth, 2026-11-28): an LTL carrier's freight billing over
// 22 months (January 2025 – October 2026), exported from its TMS as a freight-bill detail report:
// one freight bill per shipment (its pro number), one row per charge — linehaul, fuel surcharge,
// accessorials, minimum charge —, the bill's header (bill type, bill and ship dates, BOL, bill-to
// account, pricing agreement, shipper, consignee, origin and destination zone, weight, class, quote
// id, original pro, adjustment reason, approver, total) on each row, US dates. Beside it the
// carrier's rate data: its tariff (linehaul per hundredweight by lane, class and weight break, in
// USD and CAD, raised by a general rate increase on 1 January 2026; the accessorial tariff; the
// weekly fuel-surcharge table, in % of linehaul) and the customers' pricing agreements (each
// account's net rate per lane, class and break: the tariff less its discount, steeper on heavy
// breaks for volume accounts, amended mid-year on some lanes; its absolute minimum charge).
// Written from how LTL carriers bill, the reference data shaped to docs/connectors.md's reference
// tables (read first, with docs/analysis.md's pricing rules): freight rated at the tariff in
// force on the pickup day, deficit-weight ("as weight") rating at the next break when cheaper,
// the minimum charge when the discounted linehaul is below it (waived with a pricing manager's
// approval for some shipments), fuel by the week of pickup (consecutive weeks often at the same %),
// spot quotes (a quote id, a quoted rate below the agreement), inspections re-classing or
// re-weighing a shipment (the bill credited in full and re-issued under the pro with a C suffix),
// balance-due bills for accessorials found at delivery (the pro with a B suffix, naming the
// original), service-failure credits, cross-border lanes billed in CAD to Canadian accounts.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-freight.ts --seed 7301 --out /tmp/freight
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "discount_above_agreement" | "old_tariff_after_gri" | "stale_fuel_week" | "accessorial_below_tariff"
  | "minimum_waived_unapproved" | "rebilled_new_pro" | "credit_above_bill";
export const LEAK_KINDS: LeakKind[] = ["discount_above_agreement", "old_tariff_after_gri", "stale_fuel_week", "accessorial_below_tariff", "minimum_waived_unapproved", "rebilled_new_pro", "credit_above_bill"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

interface Line { code: string; item: string; desc: string; qty: number | null; unit: string; rate: number | null; disc: number | null; amount: number }
interface Account { id: string; name: string; currency: "USD" | "CAD"; home: number; lanes: [number, number][]; classes: number[]; disc: Record<string, number>; amc: number; amended?: { lanes: Set<string>; disc: number }; volume: boolean; fak?: number; griDeferred: boolean }
interface Shipment { ship: string; deliver: string; bol: string; acct: Account; o: number; d: number; cls: number; weight: number; pieces: number; shipper: string; consignee: string; acc: string[]; detHours: number }
interface Doc {
  pro: string; type: "Original" | "Balance Due" | "Corrected" | "Credit"; date: string; s: Shipment; billed: number; rated: number; brk: string; quote: string;
  original: Doc | null; reason: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const r4 = (v: number) => Math.round(v * 10000) / 10000;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");
const FIRST = "2025-01-02", LAST = "2026-10-31", GRI = "2026-01-01", GRI_PCT = 0.059;
const CAD_FACTOR = 1.36;

// Zones along the carrier's network: six US regions, two Canadian ones (ON/QC, the West).
const ZONES = ["", "Northeast", "Mid-Atlantic", "Southeast", "Midwest", "South Central", "Mountain", "Ontario/Quebec", "Western Canada"];
const CITIES: Record<number, string[]> = { 1: ["Boston MA", "Hartford CT", "Albany NY"], 2: ["Newark NJ", "Baltimore MD", "Harrisburg PA"], 3: ["Atlanta GA", "Charlotte NC", "Jacksonville FL"], 4: ["Chicago IL", "Columbus OH", "Indianapolis IN"], 5: ["Dallas TX", "Memphis TN", "Oklahoma City OK"], 6: ["Denver CO", "Salt Lake City UT", "Phoenix AZ"], 7: ["Toronto ON", "Montreal QC", "Ottawa ON"], 8: ["Calgary AB", "Vancouver BC", "Winnipeg MB"] };
const POS: Record<number, number> = { 1: 1, 2: 1.5, 3: 2.5, 4: 2.5, 5: 3.5, 6: 5, 7: 1.5, 8: 5.5 };
const CLASSES = [50, 60, 70, 85, 100, 125];
const CLASS_F: Record<number, number> = { 50: 1, 60: 1.12, 70: 1.25, 85: 1.45, 100: 1.7, 125: 2.1 };
// Weight breaks: the lower bound in lb, the tariff factor.
const BREAKS: [string, number, number][] = [["L5C", 0, 1], ["5C", 500, 0.82], ["1M", 1000, 0.7], ["2M", 2000, 0.58], ["5M", 5000, 0.45], ["10M", 10000, 0.35]];
// The accessorial tariff (USD; CAD × 1.36), raised by the GRI too.
const ACC: Record<string, { desc: string; unit: string; rate: number }> = {
  LGD: { desc: "Liftgate service - delivery", unit: "EA", rate: 85 },
  RESD: { desc: "Residential delivery", unit: "EA", rate: 95 },
  INSD: { desc: "Inside delivery", unit: "EA", rate: 110 },
  APPT: { desc: "Delivery appointment / notify", unit: "EA", rate: 25 },
  DET: { desc: "Detention - per hour after 2 free hours", unit: "HR", rate: 80 },
};

export function generateFreight(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);

  // The tariff: a rate per cwt by lane, class and break (USD), the CAD tariff beside it; the GRI
  // raises every rate on 1 January 2026.
  const laneBase = new Map<string, number>();
  for (let o = 1; o <= 8; o++) for (let d = 1; d <= 8; d++) laneBase.set(`${o}${d}`, r2(34 + 14 * Math.abs(POS[o]! - POS[d]!) + uniform(0, 6) + (o >= 7 !== d >= 7 ? 9 : 0)));
  const tariffRate = (o: number, d: number, cls: number, brk: string, cur: string, day: string) => {
    const f = BREAKS.find((b) => b[0] === brk)![2];
    let usd = r2(laneBase.get(`${o}${d}`)! * CLASS_F[cls]! * f);
    if (day >= GRI) usd = r2(usd * (1 + GRI_PCT));
    return cur === "CAD" ? r2(usd * CAD_FACTOR) : usd;
  };
  const accRate = (code: string, cur: string, day: string) => {
    let v = ACC[code]!.rate;
    if (day >= GRI) v = r2(v * (1 + GRI_PCT));
    return cur === "CAD" ? r2(v * CAD_FACTOR) : v;
  };
  const item = (o: number, d: number, cls: number, brk: string) => `LH${o}${d}-${cls}-${brk}`;

  // The weekly fuel table: the diesel average each Monday and the surcharge %, in half points.
  const fuel: { from: string; diesel: number; pct: number }[] = [];
  let diesel = 3.62;
  for (let w = "2024-11-04"; w <= LAST; w = addDays(w, 7)) {
    diesel = Math.max(3.1, Math.min(4.6, diesel + (chance(0.45) ? 0 : uniform(-0.09, 0.09))));
    fuel.push({ from: w, diesel: r2(diesel * 1000) / 1000, pct: Math.round((18 + (diesel - 2.5) * 10) * 2) / 2 });
  }
  const fuelOn = (day: string) => fuel.filter((f) => f.from <= day).at(-1)!;

  // Accounts and their pricing agreements: a discount off the tariff by break (steeper on heavy
  // breaks for volume accounts), a freight-all-kinds class for some, an absolute minimum charge.
  const accounts: Account[] = [];
  const names = ["Acme Industrial Supply", "Great Lakes Paper", "Bluewater Foods", "Summit Home Goods", "Keystone Fasteners", "Prairie Ag Parts", "Harbor Beverage", "Cascade Outdoor", "Ridgeline Cabinets", "Delta Plastics", "Maple Leaf Hardware", "Northern Textiles", "Pinnacle Medical", "Lone Star Pumps", "Granite State Tools", "Sunbelt Appliances", "Metro Office Supply", "Frontier Lighting", "Heartland Seed", "Coastal Marine Parts"];
  for (let i = 0; i < 64; i++) {
    const cad = i >= 52;
    const home = cad ? pick([7, 8]) : int(1, 6);
    const lanes: [number, number][] = [];
    const nLanes = int(2, 6);
    for (let k = 0; k < nLanes; k++) {
      const other = cad ? (chance(0.6) ? int(1, 6) : pick([7, 8])) : chance(0.12) ? pick([7, 8]) : int(1, 6);
      const lane: [number, number] = chance(0.75) ? [home, other] : [other, home];
      if (!lanes.some((l) => l[0] === lane[0] && l[1] === lane[1])) lanes.push(lane);
    }
    const base = uniform(0.58, 0.76);
    const volume = chance(0.3);
    const disc: Record<string, number> = {};
    for (const [b] of BREAKS) disc[b] = r2((base + (volume && (b === "5M" || b === "10M") ? uniform(0.03, 0.06) : 0)) * 100) / 100;
    const fak = chance(0.35) ? pick([50, 60, 70]) : undefined;
    const classes = fak ? [fak] : [pick(CLASSES), pick(CLASSES)].filter((c, j, a) => a.indexOf(c) === j);
    const a: Account = { id: `${cad ? "C" : "U"}${String(10400 + i * 7)}`, name: `${pick(names)}${i >= names.length ? ` #${i}` : ""}`, currency: cad ? "CAD" : "USD", home, lanes, classes, disc, amc: cad ? pick([140, 150, 165]) : pick([95, 105, 110, 125]), volume, fak, griDeferred: false };
    // A few accounts negotiated the GRI's deferral: last year's tariff until 31 March 2026.
    a.griDeferred = chance(0.15);
    if (chance(0.2)) a.amended = { lanes: new Set(lanes.slice(0, Math.max(1, Math.floor(lanes.length / 2))).map((l) => `${l[0]}${l[1]}`)), disc: r2(uniform(0.03, 0.06) * 100) / 100 };
    accounts.push(a);
  }
  // The discount an account's agreement gives on a lane and break on a day: the July 2025
  // amendment adds points on its lanes.
  const discOn = (a: Account, o: number, d: number, brk: string, day: string) => r2((a.disc[brk]! + (a.amended && day >= "2025-07-01" && a.amended.lanes.has(`${o}${d}`) ? a.amended.disc : 0)) * 100) / 100;
  const GRI_DEFERRED_TO = "2026-04-01";
  const tariffDay = (a: Account, day: string) => (a.griDeferred && day >= GRI && day < GRI_DEFERRED_TO ? "2025-12-31" : day);
  const netRate = (a: Account, o: number, d: number, cls: number, brk: string, day: string) => r4(tariffRate(o, d, cls, brk, a.currency, tariffDay(a, day)) * (1 - discOn(a, o, d, brk, day)));

  // Shipments: each account ships on its lanes a few times a week or a month.
  const shipments: Shipment[] = [];
  let bolSeq = 0;
  for (const a of accounts) {
    const perWeek = uniform(0.4, 4.5);
    for (let day = FIRST; day <= LAST; day = addDays(day, 1)) {
      const dow = new Date(day).getUTCDay();
      if (dow === 0 || dow === 6) continue;
      if (!chance(perWeek / 5)) continue;
      const [o, d] = pick(a.lanes);
      const heavy = a.volume && chance(0.4);
      const weight = heavy ? int(3000, 16000) : Math.round(Math.exp(uniform(Math.log(150), Math.log(4500))));
      const transit = 1 + Math.round(Math.abs(POS[o]! - POS[d]!)) + (o >= 7 !== d >= 7 ? 1 : 0);
      let deliver = addDays(day, transit);
      while ([0, 6].includes(new Date(deliver).getUTCDay())) deliver = addDays(deliver, 1);
      const acc: string[] = [];
      if (weight < 1500 && chance(0.18)) acc.push("LGD");
      if (weight < 1200 && chance(0.08)) acc.push("RESD");
      if (chance(0.04)) acc.push("INSD");
      if (chance(0.1)) acc.push("APPT");
      const detHours = chance(0.04) ? int(1, 4) : 0;
      shipments.push({ ship: day, deliver, bol: `BOL${String(++bolSeq + 550000)}`, acct: a, o, d, cls: pick(a.classes), weight, pieces: Math.max(1, Math.round(weight / int(250, 700))), shipper: a.lanes.some((l) => l[0] === o) && o === a.home ? a.name : `${pick(["Midway", "Consolidated", "Allied", "Regional"])} ${pick(["Distribution", "Warehouse", "Logistics"])}`, consignee: `${pick(["Home Depot", "Lowe's", "Walmart DC", "Costco Depot", "Grainger", "Fastenal", "Canadian Tire DC", "Home Hardware", "Sysco", "Uline", "Menards", "Ace Hardware"])} ${pick(CITIES[d]!).split(" ")[0]}`, acc, detHours });
    }
  }

  // Rating: the tariff break for the weight, or the next break "as weight" when cheaper (deficit
  // weight); the discount of the agreement; the minimum charge; fuel on the linehaul; accessorials.
  const docs: Doc[] = [];
  const rate = (s: Shipment, day: string, cls = s.cls, weight = s.weight) => {
    const a = s.acct;
    const i = BREAKS.findIndex((b, j) => weight >= b[1] && (j === BREAKS.length - 1 || weight < BREAKS[j + 1]![1]));
    const cost = (j: number, w: number) => Math.ceil(w / 100 * 100) / 100 * netRate(a, s.o, s.d, cls, BREAKS[j]![0], day);
    let j = i, billed = weight;
    if (i < BREAKS.length - 1 && cost(i + 1, BREAKS[i + 1]![1]) < cost(i, weight)) { j = i + 1; billed = BREAKS[i + 1]![1]; }
    const brk = BREAKS[j]![0];
    const cwt = r2(billed / 100);
    const tariff = tariffRate(s.o, s.d, cls, brk, a.currency, tariffDay(a, day));
    const disc = discOn(a, s.o, s.d, brk, day);
    const net = r2(cwt * netRate(a, s.o, s.d, cls, brk, day));
    return { brk, billed, cwt, tariff, disc, net };
  };
  const fsc = (base: number, day: string): Line => {
    const f = fuelOn(day);
    return { code: "FSC", item: "FSC", desc: `Fuel surcharge ${f.pct.toFixed(1)}% (week of ${usDate(f.from)})`, qty: base, unit: "%", rate: f.pct, disc: null, amount: r2((base * f.pct) / 100) };
  };
  const accLine = (code: string, cur: string, day: string, qty = 1): Line => ({ code, item: code, desc: ACC[code]!.desc, qty, unit: ACC[code]!.unit, rate: accRate(code, cur, day), disc: null, amount: r2(qty * accRate(code, cur, day)) });
  const newDoc = (p: Partial<Doc> & Pick<Doc, "s" | "date" | "lines" | "regular">): Doc => {
    const d: Doc = { pro: "", type: "Original", billed: p.s.weight, rated: p.s.cls, brk: "", quote: "", original: null, reason: "", approver: "", ...p };
    docs.push(d);
    return d;
  };
  const billShipment = (s: Shipment, opts: { cls?: number; weight?: number; quote?: number } = {}) => {
    const a = s.acct, day = s.ship;
    const r = rate(s, day, opts.cls, opts.weight);
    const lines: Line[] = [];
    let regular = "standard";
    let base = r.net;
    if (opts.quote) {
      // A spot quote: a flat rate per cwt quoted for this shipment, no discount, no minimum.
      const q = r4(r.tariff * (1 - r.disc) * opts.quote);
      base = r2(r.cwt * q);
      lines.push({ code: "LH", item: item(s.o, s.d, opts.cls ?? s.cls, r.brk), desc: `Linehaul ${ZONES[s.o]} - ${ZONES[s.d]} class ${opts.cls ?? s.cls} (spot quote)`, qty: r.cwt, unit: "CWT", rate: q, disc: null, amount: base });
      regular = "spot_quote";
    } else if (r.net < a.amc) {
      lines.push({ code: "MIN", item: "MIN", desc: `Minimum charge (absolute minimum ${a.amc.toFixed(2)})`, qty: null, unit: "", rate: null, disc: null, amount: a.amc });
      base = a.amc;
      regular = "minimum_charge";
    } else {
      lines.push({ code: "LH", item: item(s.o, s.d, opts.cls ?? s.cls, r.brk), desc: `Linehaul ${ZONES[s.o]} - ${ZONES[s.d]} class ${opts.cls ?? s.cls}`, qty: r.cwt, unit: "CWT", rate: r.tariff, disc: r2(r.disc * 100), amount: r.net });
      if (r.billed > (opts.weight ?? s.weight)) regular = "deficit_weight";
      else if (a.volume && (r.brk === "5M" || r.brk === "10M")) regular = "volume_tier";
      else if (a.amended && day >= "2025-07-01" && a.amended.lanes.has(`${s.o}${s.d}`)) regular = "amended_lane";
      else if (tariffDay(a, day) !== day) regular = "gri_deferred";
    }
    lines.push(fsc(base, day));
    for (const c of s.acc) lines.push(accLine(c, a.currency, day));
    if (s.detHours) lines.push(accLine("DET", a.currency, day, s.detHours));
    return { lines, regular, r, base };
  };

  const bill = (s: Shipment) => {
    const b = billShipment(s, { quote: s.acct.volume || chance(0.3) ? (chance(0.035) ? uniform(0.75, 0.9) : undefined) : undefined });
    let regular = b.regular;
    if (regular === "standard" || regular === "minimum_charge") {
      if (s.acct.currency === "CAD") regular = "cross_border_cad";
      else if (s.ship < GRI && s.deliver >= GRI) regular = "gri_straddle";
      else if (s.ship >= addDays(GRI, -10) && s.ship < addDays(GRI, 20)) regular = regular === "standard" ? "gri_window" : regular;
    }
    if (regular === "standard" && fuelOn(s.ship).pct === fuelOn(addDays(fuelOn(s.ship).from, -7)).pct) regular = "fuel_week_unchanged";
    if (regular === "standard" && fuelOn(s.ship).from !== fuelOn(s.deliver).from) regular = "fuel_week_changed_in_transit";
    const d = newDoc({ s, date: s.deliver, lines: b.lines, regular, brk: b.r.brk, billed: b.r.billed, quote: b.regular === "spot_quote" ? `Q${int(300000, 399999)}` : "" });
    // A minimum charge waived by the pricing manager (a new account's trial, a service recovery):
    // rated at the discounted linehaul, the approval and reason recorded.
    if (b.regular === "minimum_charge" && chance(0.06)) {
      waive(d, b.r, true);
    }
    return d;
  };
  const waive = (d: Doc, r: ReturnType<typeof rate>, approved: boolean) => {
    const s = d.s;
    d.lines[0] = { code: "LH", item: item(s.o, s.d, s.cls, r.brk), desc: `Linehaul ${ZONES[s.o]} - ${ZONES[s.d]} class ${s.cls}`, qty: r.cwt, unit: "CWT", rate: r.tariff, disc: r2(r.disc * 100), amount: r.net };
    d.lines[1] = fsc(r.net, s.ship);
    d.reason = "MIN CHG WAIVED";
    if (approved) { d.approver = pick(["jpelletier", "mokafor", "sdunn"]); d.regular = "minimum_waived_approved"; }
  };

  for (const s of shipments) {
    const d = bill(s);
    // The bill in force: the original, or its correction.
    let current = d;
    // Inspection at the terminal: re-classed (a higher class) or re-weighed (heavier) — the
    // original credited in full, a corrected bill re-issued under the pro's C suffix.
    if (chance(0.025) && d.regular !== "spot_quote" && !d.reason && d.lines[0]!.code === "LH") {
      const reclass = chance(0.6);
      const nc = reclass ? CLASSES[Math.min(CLASSES.length - 1, CLASSES.indexOf(s.cls) + 1)]! : s.cls;
      const nw = reclass ? s.weight : Math.round(s.weight * uniform(1.08, 1.4));
      const b = billShipment(s, { cls: nc, weight: nw });
      newDoc({ s, type: "Credit", date: addDays(s.deliver, int(3, 9)), original: d, reason: reclass ? "RECLASS" : "REWEIGH", lines: d.lines.map((l) => ({ ...l, amount: -l.amount, qty: l.qty })), regular: "credit_and_rebill" });
      current = newDoc({ s, type: "Corrected", date: addDays(s.deliver, int(3, 9)), original: d, reason: reclass ? `RECLASS ${s.cls} TO ${nc}` : `REWEIGH ${s.weight} TO ${nw} LB`, lines: b.lines, regular: reclass ? "reclass_correction" : "reweigh_correction", brk: b.r.brk, billed: b.r.billed, rated: nc });
      d.regular = "credit_and_rebill";
    }
    // Re-weighed after billing: a balance-due bill for the difference — the linehaul's extra
    // charge on the extra weight (at the new break, so not the agreement's rate per cwt) and its fuel.
    else if (chance(0.015) && d.lines[0]!.code === "LH" && !d.reason && d.regular !== "spot_quote") {
      const nw = Math.round(s.weight * uniform(1.08, 1.4));
      const b = billShipment(s, { weight: nw });
      const diff = r2(b.lines[0]!.amount - d.lines[0]!.amount), extra = r2((b.r.billed - d.billed) / 100);
      if (b.lines[0]!.code === "LH" && diff > 0 && extra > 0) {
        const lh: Line = { code: "LH", item: b.lines[0]!.item, desc: `Re-weigh ${s.weight} to ${nw} lb: additional linehaul`, qty: extra, unit: "CWT", rate: null, disc: null, amount: diff };
        newDoc({ s, type: "Balance Due", date: addDays(s.deliver, int(3, 12)), original: d, reason: `REWEIGH ${s.weight} TO ${nw} LB`, lines: [lh, fsc(diff, s.ship)], regular: "reweigh_balance_due", billed: b.r.billed, brk: b.r.brk });
      }
    }
    // Balance due: detention or a liftgate found at delivery, billed after the original.
    else if (chance(0.025)) {
      const lines = chance(0.5) ? [accLine("DET", s.acct.currency, s.ship, int(1, 3))] : [accLine(chance(0.5) ? "LGD" : "INSD", s.acct.currency, s.ship)];
      newDoc({ s, type: "Balance Due", date: addDays(s.deliver, int(2, 14)), original: d, reason: "ACCESSORIAL AT DELIVERY", lines, regular: "balance_due" });
    }
    // A service-failure credit (a late delivery refunded in part, or the freight in full) against
    // the bill in force.
    if (chance(0.012)) {
      const total = current.lines.reduce((x, l) => x + l.amount, 0);
      const amt = r2(chance(0.3) ? total : total * pick([0.1, 0.15, 0.25, 0.5]));
      newDoc({ s, type: "Credit", date: addDays(s.deliver, int(10, 40)), reason: "SERVICE FAILURE", lines: [{ code: "CLM", item: "CLM", desc: "Service failure credit", qty: null, unit: "", rate: null, disc: null, amount: -amt }], regular: "service_credit", original: current });
    }
  }

  // Planted leaks: 20 of each kind, each changing a regular bill (or adding one).
  const labels: Label[] = [];
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.regular = ""; d.leak = { kind, risk: r2(risk) }; };
  const used = new Set<Doc>();
  const take = (pool: Doc[], n: number) => { const out: Doc[] = []; for (const d of [...pool].sort(() => rnd() - 0.5)) { if (out.length >= n) break; if (used.has(d)) continue; used.add(d); out.push(d); } return out; };
  const followed = new Set(docs.map((x) => x.original));
  const originals = () => docs.filter((d) => d.type === "Original" && !d.leak && !d.reason && !followed.has(d));
  const setFuel = (d: Doc) => { const f = d.lines.find((l) => l.code === "FSC")!; const base = d.lines[0]!.amount; f.qty = base; f.amount = r2((base * f.rate!) / 100); };
  for (const kind of LEAK_KINDS) {
    if (kind === "discount_above_agreement") {
      // The discount keyed above the agreement's (a rep's verbal promise, the wrong account's).
      for (const d of take(originals().filter((d) => ["standard", "cross_border_cad", "fuel_week_unchanged"].includes(d.regular) && d.lines[0]!.code === "LH"), 20)) {
        const lh = d.lines[0]!, fBefore = d.lines[1]!.amount;
        const disc = r2(lh.disc! + pick([3, 5, 8, 10]));
        const amount = r2(lh.qty! * r4(lh.rate! * (1 - disc / 100)));
        const risk = lh.amount - amount;
        lh.disc = disc; lh.amount = amount; setFuel(d);
        plant(d, kind, risk + fBefore - d.lines[1]!.amount);
      }
    } else if (kind === "old_tariff_after_gri") {
      // Rated at last year's tariff after the general rate increase (the rating engine's
      // tariff effective date not rolled).
      for (const d of take(originals().filter((d) => ["standard", "cross_border_cad", "fuel_week_unchanged", "volume_tier"].includes(d.regular) && d.s.ship >= "2026-01-12" && d.s.ship < "2026-04-01" && !d.s.acct.griDeferred && d.lines[0]!.code === "LH"), 20)) {
        const lh = d.lines[0]!, s = d.s, fBefore = d.lines[1]!.amount;
        const old = tariffRate(s.o, s.d, s.cls, d.brk, s.acct.currency, "2025-12-31");
        const amount = r2(lh.qty! * netRate(s.acct, s.o, s.d, s.cls, d.brk, "2025-12-31"));
        const risk = lh.amount - amount;
        lh.rate = old; lh.amount = amount; lh.disc = r2(discOn(s.acct, s.o, s.d, d.brk, "2025-12-31") * 100); setFuel(d);
        plant(d, kind, risk + fBefore - d.lines[1]!.amount);
      }
    } else if (kind === "stale_fuel_week") {
      // Fuel billed at the % of a week two to six weeks before pickup, lower than the week's.
      const pool = originals().filter((d) => ["standard", "cross_border_cad", "minimum_charge", "fuel_week_unchanged"].includes(d.regular) && fuel.some((f) => f.from < fuelOn(d.s.ship).from && f.from >= addDays(d.s.ship, -42) && f.from <= addDays(d.s.ship, -14) && f.pct <= fuelOn(d.s.ship).pct - 1));
      for (const d of take(pool, 20)) {
        const f = d.lines.find((l) => l.code === "FSC")!;
        const stale = fuel.filter((x) => x.from >= addDays(d.s.ship, -42) && x.from <= addDays(d.s.ship, -14) && x.pct <= fuelOn(d.s.ship).pct - 1)[0]!;
        const amount = r2((f.qty! * stale.pct) / 100);
        plant(d, kind, f.amount - amount);
        f.rate = stale.pct; f.amount = amount; f.desc = `Fuel surcharge ${stale.pct.toFixed(1)}% (week of ${usDate(stale.from)})`;
      }
    } else if (kind === "accessorial_below_tariff") {
      // An accessorial keyed below the accessorial tariff (last year's rate, a rounded figure).
      for (const d of take(originals().filter((d) => ["standard", "fuel_week_unchanged", "minimum_charge", "cross_border_cad"].includes(d.regular) && d.lines.some((l) => ACC[l.code])), 20)) {
        const l = d.lines.find((x) => ACC[x.code])!;
        const rateNow = l.rate!;
        const lower = chance(0.5) ? r2(rateNow * pick([0.5, 0.75, 0.8])) : rateNow - pick([10, 15, 20]);
        plant(d, kind, r2((rateNow - lower) * l.qty!));
        l.rate = lower; l.amount = r2(lower * l.qty!);
      }
    } else if (kind === "minimum_waived_unapproved") {
      for (const d of take(originals().filter((d) => d.regular === "minimum_charge"), 20)) {
        const r = rate(d.s, d.s.ship);
        const before = d.lines[0]!.amount + d.lines[1]!.amount;
        waive(d, r, false);
        plant(d, kind, before - d.lines[0]!.amount - d.lines[1]!.amount);
      }
    } else if (kind === "rebilled_new_pro") {
      // The shipment billed again under a new pro number (keyed from the BOL twice).
      for (const src of take(originals().filter((d) => ["standard", "minimum_charge", "cross_border_cad"].includes(d.regular) && d.date < "2026-10-15"), 20)) {
        const d = newDoc({ ...src, date: addDays(src.date, int(1, 8)), regular: "", lines: src.lines.map((l) => ({ ...l })) });
        plant(d, kind, 0);
      }
    } else {
      // A service-failure credit larger than the freight bill it refunds.
      for (const src of take(originals().filter((d) => ["standard", "minimum_charge"].includes(d.regular) && d.date < "2026-10-01"), 20)) {
        const total = r2(src.lines.reduce((x, l) => x + l.amount, 0));
        const amt = r2(total * uniform(1.5, 4));
        const d = newDoc({ s: src.s, type: "Credit", date: addDays(src.date, int(10, 40)), original: src, reason: "SERVICE FAILURE", lines: [{ code: "CLM", item: "CLM", desc: "Service failure credit", qty: null, unit: "", rate: null, disc: null, amount: -amt }], regular: "" });
        plant(d, "credit_above_bill", amt - total);
      }
    }
  }

  // Pro numbers in billing order; corrections and balance-due bills the original's pro with a
  // suffix, credits their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let proNo = 418_000_000, crNo = 90000;
  for (const d of docs) if (d.type === "Original") d.pro = String((proNo += 7));
  for (const d of docs) {
    if (d.type === "Corrected") d.pro = `${d.original!.pro}C`;
    else if (d.type === "Balance Due") d.pro = `${d.original!.pro}B`;
    else if (d.type === "Credit") d.pro = `CM${++crNo}`;
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.pro, kind: d.leak.kind, currency: d.s.acct.currency, amount_at_risk: d.leak.risk });
  return { docs, accounts, fuel, laneBase, labels, tariffRate, accRate, netRate, discOn };
}

const num = (v: number | null) => (v === null ? "" : v.toFixed(2));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeFreight(seed: number, out: string) {
  const g = generateFreight(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Pro Number", "Bill Type", "Bill Date", "Ship Date", "Delivery Date", "BOL Number", "Bill-To Account", "Bill-To Name", "Pricing Agreement", "Shipper", "Consignee", "Origin Zone", "Origin City", "Dest Zone", "Dest City", "Currency", "Pieces", "Actual Weight", "Billed Weight", "Class", "Quote ID", "Original Pro", "Adjustment Reason", "Approved By", "Bill Total", "Charge Code", "Rate Item", "Description", "Quantity", "Rate Unit", "Rate", "Discount %", "Charge Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const s = d.s, a = s.acct;
    const total = r2(d.lines.reduce((x, l) => x + l.amount, 0));
    for (const l of d.lines) rows.push([
      d.pro, d.type, usDate(d.date), usDate(s.ship), usDate(s.deliver), s.bol, a.id, a.name, `PA-${a.id}`, s.shipper, s.consignee, String(s.o), CITIES[s.o]![0]!, String(s.d), CITIES[s.d]![0]!, a.currency, String(s.pieces), String(s.weight), String(d.billed), String(d.rated), d.quote, d.original?.pro ?? "", d.reason, d.approver, num(total),
      l.code, l.item, l.desc, l.qty === null ? "" : l.qty.toFixed(2), l.unit, l.rate === null ? "" : l.unit === "%" ? `${l.rate.toFixed(1)}` : l.rate.toFixed(2), l.disc === null ? "" : l.disc.toFixed(2), num(l.amount),
    ]);
  }
  writeFileSync(join(out, "freight_bills.csv"), csv(header, rows));
  // The tariff: linehaul per cwt by lane, class and break, accessorials, the weekly fuel table;
  // one price list with effective dates (the GRI on 1 January 2026, each fuel week's Monday).
  const tariff: string[][] = [];
  for (const cur of ["USD", "CAD"]) {
    for (let o = 1; o <= 8; o++) for (let d = 1; d <= 8; d++) for (const cls of CLASSES) for (const [brk] of BREAKS) for (const day of ["2025-01-01", GRI]) tariff.push([`LH${o}${d}-${cls}-${brk}`, `Linehaul zone ${o} to ${d} class ${cls} ${brk}`, cur, g.tariffRate(o, d, cls, brk, cur, day).toFixed(2), "CWT", usDate(day)]);
    for (const code of Object.keys(ACC)) for (const day of ["2025-01-01", GRI]) tariff.push([code, ACC[code]!.desc, cur, g.accRate(code, cur, day).toFixed(2), ACC[code]!.unit, usDate(day)]);
    for (const f of g.fuel) tariff.push(["FSC", `Fuel surcharge, diesel ${f.diesel.toFixed(3)}`, cur, f.pct.toFixed(1), "%", usDate(f.from)]);
  }
  writeFileSync(join(out, "ref", "tariff.csv"), csv(["Rate Item", "Description", "Currency", "Rate", "Rate Unit", "Effective Date"], tariff));
  // Pricing agreements: each account's net rate per cwt on its lanes, classes and breaks per
  // tariff year (and amendment), and its absolute minimum charge.
  const agr: string[][] = [];
  for (const a of g.accounts) {
    const periods: [string, string][] = [...(a.amended ? [["2025-01-01", "2025-06-30"], ["2025-07-01", "2025-12-31"]] as [string, string][] : [["2025-01-01", "2025-12-31"]] as [string, string][]), ...(a.griDeferred ? [[GRI, "2026-03-31"], ["2026-04-01", "2026-12-31"]] as [string, string][] : [[GRI, "2026-12-31"]] as [string, string][])];
    // Every class on the account's lanes: an inspection may re-class a shipment to any of them.
    for (const [o, d] of a.lanes) for (const cls of CLASSES) for (const [brk] of BREAKS) for (const [from, to] of periods) {
      agr.push([`PA-${a.id}`, a.id, `LH${o}${d}-${cls}-${brk}`, a.currency, g.netRate(a, o, d, cls, brk, from).toFixed(4), (g.discOn(a, o, d, brk, from) * 100).toFixed(2), usDate(from), usDate(to)]);
    }
    agr.push([`PA-${a.id}`, a.id, "MIN", a.currency, a.amc.toFixed(2), "", "01/01/2025", "12/31/2026"]);
  }
  writeFileSync(join(out, "ref", "pricing_agreements.csv"), csv(["Agreement", "Account", "Rate Item", "Currency", "Net Rate", "Discount %", "Effective Date", "Expiration Date"], agr));
  writeFileSync(join(out, "ref", "fuel_table.csv"), csv(["Week Starting", "Diesel Avg", "FSC %"], g.fuel.map((f) => [usDate(f.from), f.diesel.toFixed(3), f.pct.toFixed(1)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.pro] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, accounts: g.accounts.length, tariff_rows: tariff.length, agreement_rows: agr.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeFreight(Number(arg("--seed", "7301")), arg("--out", "/tmp/freight-7301"))));
}
