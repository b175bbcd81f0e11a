// An independent billing data set (the twenty-second, 2026-11-28): an equipment-rental company's
// contract billing over January 2025 – October 2026, exported from its rental management system
// (Wynne RentalMan, Point of Rental, InTempo / Texada style): one row per invoice line, the
// invoice's header on each — the invoice number (the rental contract's number and the invoice's
// sequence on it: 4411872-002), its type (Cycle Invoice for a long rental billed every 28 days,
// Final Invoice when the last item comes back, Credit Memo), the contract, customer, national
// account, branch, job site and its delivery zone, PO, the contract's date out, expected return,
// off-rent date (the customer called the machine off rent: billing stops, the pickup follows) and
// return date, the invoice's bill-from and bill-thru, cycle number, the damage waiver status
// (accepted, or waived on a certificate of insurance), the rate book, the related invoice and
// reason of a credit memo, salesperson, user and the approver of a rate override; per line the
// line type (Rental, Rerent, Damage Waiver, Environmental, Delivery, Pickup, Fuel, Credit), the
// equipment number, the cat-class, description, quantity, rate period (DAY, WK, 4WK; % for a
// charge in percent of the rental; EA, GAL) and rate, and the extended amount. Beside it the
// branch rate book (day / week / 4-week rates per cat-class, renewed each 1 January; the damage
// waiver and environmental fee in %, delivery and pickup per zone, fuel per gallon), the national
// accounts' contract rates (renewed on each account's anniversary), the contract charges the
// counter, dispatch and yard recorded (delivery and pickup tickets, fuel refills on return, each
// with the invoice it was closed on) and the contract items (equipment out and back).
// Written from how a rental company bills before reading the detectors. Regular business (hard
// negatives): the best-rate rule (5 days billed as a week, 3 weeks and 5 days as a 4-week);
// cycle billing every 28 days, each cycle's invoice the same as the last; a rental's rates locked
// at the date out across the rate book's renewal; off-rent before the pickup (billing stops at
// the call-off); the weekend rule (out Friday, back Monday: one day) and holidays not charged on a
// daily rental; national-account rates and damage waiver below the book; the damage waiver
// waived on a certificate of insurance; customer pickup and return (no delivery, no pickup);
// machines returned full (no fuel); rerents (equipment rented in from another company, cat-classes
// the rate book does not carry, billed at cost plus a markup); exchanges of a broken machine (the
// gap not charged); breakdown credits; damage waiver credited when a certificate arrives late;
// salesperson quotes below the book approved by the branch manager; the same machine rented by
// the same customer week after week (identical invoices of different contracts). Planted
// (labelled, with the amount at risk): a rental returned late but billed only to the expected
// return; a 28-day cycle not billed (the next cycle's invoice labelled); the damage waiver
// missing; fuel not charged on a machine returned low; delivery not billed; a rate below the
// national-account contract; an invoice issued twice.
// Run: bun run bench/quality/rental-billing.ts --seed 2201 --out /tmp/rental
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, days, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "late_return_billed_to_expected" | "cycle_not_billed" | "damage_waiver_missing" | "fuel_not_charged"
  | "delivery_not_billed" | "rate_below_national_account" | "invoice_issued_twice";
export const LEAK_KINDS: LeakKind[] = ["late_return_billed_to_expected", "cycle_not_billed", "damage_waiver_missing", "fuel_not_charged", "delivery_not_billed", "rate_below_national_account", "invoice_issued_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_DAY = "2025-01-02", LAST_OUT = "2026-10-20", EXPORT_END = "2026-11-05";
const weekday = (d: string) => new Date(d).getUTCDay();
const HOLIDAYS = ["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25", "2026-01-01", "2026-05-25", "2026-07-03", "2026-09-07"];

/** A cat-class of the branch rate book: day, week and 4-week rates of 2025 (+4–6 % each 1 January), the tank in gallons (0: electric). */
interface CatClass { cc: string; desc: string; rates: [number, number, number]; tank: number; heavy: boolean }
const FLEET: CatClass[] = [
  { cc: "100-1020", desc: "Mini excavator 3.5T", rates: [325, 975, 2450], tank: 12, heavy: false },
  { cc: "100-1040", desc: "Hydraulic excavator 20T", rates: [895, 2650, 6900], tank: 90, heavy: true },
  { cc: "110-2010", desc: "Skid steer loader 1,900 lb", rates: [295, 885, 2150], tank: 18, heavy: false },
  { cc: "110-2030", desc: "Compact track loader 2,500 lb", rates: [365, 1095, 2650], tank: 25, heavy: false },
  { cc: "120-3010", desc: "Backhoe loader 4WD", rates: [395, 1185, 2900], tank: 35, heavy: true },
  { cc: "200-1010", desc: "Scissor lift 19 ft electric", rates: [135, 345, 695], tank: 0, heavy: false },
  { cc: "200-1030", desc: "Scissor lift 32 ft electric", rates: [195, 495, 1050], tank: 0, heavy: false },
  { cc: "200-1060", desc: "Rough terrain scissor lift 40 ft", rates: [345, 895, 1950], tank: 20, heavy: false },
  { cc: "210-2010", desc: "Articulating boom lift 45 ft", rates: [425, 1150, 2500], tank: 25, heavy: false },
  { cc: "210-2030", desc: "Telescopic boom lift 60 ft", rates: [595, 1650, 3600], tank: 30, heavy: true },
  { cc: "220-1010", desc: "Telehandler 6,000 lb 42 ft", rates: [445, 1250, 2850], tank: 35, heavy: true },
  { cc: "300-1010", desc: "Towable generator 25 kVA", rates: [165, 495, 1150], tank: 30, heavy: false },
  { cc: "300-1030", desc: "Towable generator 125 kVA", rates: [395, 1150, 2650], tank: 110, heavy: false },
  { cc: "310-2010", desc: "Air compressor 185 CFM", rates: [145, 435, 995], tank: 25, heavy: false },
  { cc: "400-1010", desc: "Light tower 4 x 1,000 W", rates: [95, 285, 650], tank: 30, heavy: false },
  { cc: "500-1010", desc: "Plate compactor 20 in", rates: [85, 255, 595], tank: 1, heavy: false },
  { cc: "500-1020", desc: "Trench roller walk-behind", rates: [395, 1185, 2750], tank: 8, heavy: false },
  { cc: "600-1010", desc: "Trash pump 3 in", rates: [75, 225, 525], tank: 5, heavy: false },
];
/** Cat-classes the company does not own: rented in from another company and billed at its cost plus a markup. */
const RERENT: { cc: string; desc: string; cost: [number, number, number]; vendor: string }[] = [
  { cc: "900-1010", desc: "Crawler crane 50T (rerent)", cost: [1850, 5500, 14500], vendor: "Maxim Crane" },
  { cc: "900-2010", desc: "Articulated dump truck 30T (rerent)", cost: [1150, 3400, 8900], vendor: "Cat Rental Store" },
  { cc: "900-3010", desc: "Telescopic boom lift 120 ft (rerent)", cost: [1250, 3600, 8600], vendor: "Sunbelt Rentals" },
];
const UNITS = ["DAY", "WK", "4WK"] as const;
const DW_PCT = 14, ENV_PCT = 2.5, NA_DW_PCT = 12;
const FUEL: Record<string, number> = { "2025": 6.95, "2026": 7.25 };
const DELIVERY: Record<string, [number, number, number]> = { "2025": [95, 150, 225], "2026": [99, 158, 235] };
const BRANCHES = [{ id: "BR-110 Houston North", tax: 8.25 }, { id: "BR-140 Atlanta West", tax: 7 }, { id: "BR-170 Reno", tax: 8.265 }];
/** The rate book of a year: 2025's rates, raised 5 % on 1 January 2026 (to the dollar). */
const bookYear = (day: string) => (day >= "2026-01-01" ? "2026" : "2025");
const bookRates = (cc: CatClass, year: string): [number, number, number] => (year === "2026" ? cc.rates.map((r) => Math.round(r * 1.05)) as [number, number, number] : cc.rates);

interface Customer { no: string; name: string; branch: typeof BRANCHES[number]; national: NationalAccount | null; coi: boolean; size: number; selfHaul: number; weekly: CatClass | null }
interface NationalAccount { code: string; f: number; anniversary: string; terms: { from: string; to: string; f: number; id: string }[] }
interface Line { type: string; equipment: string; cc: string; desc: string; qty: number; unit: string; rate: number; amount: number }
interface Item { equipment: string; cat: CatClass | null; rerent: typeof RERENT[number] | null; rates: [number, number, number]; returned: string; billedThru?: string; exchange?: { on: string; gap: number; newEquipment: string } }
interface Contract {
  no: string; customer: Customer; out: string; expected: string; offRent: string; returned: string; items: Item[]; zone: number; delivered: boolean; pickedUp: boolean; po: string; site: string;
  quote: { f: number; approver: string } | null; salesperson: string; rateYear: string; naTerm: NationalAccount["terms"][number] | null; dw: boolean;
}
interface Invoice {
  no: string; type: "Cycle Invoice" | "Final Invoice" | "Credit Memo"; date: string; contract: Contract; from: string; thru: string; cycle: number; related: Invoice | null; reason: string;
  user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number }; offRentShown: boolean; returnedShown: boolean;
}
interface Charge { ticket: string; type: string; contract: Contract; code: string; qty: number; date: string; invoice: Invoice | null }

const subtotal = (i: Invoice) => r2(i.lines.reduce((s, l) => s + l.amount, 0));
const tax = (i: Invoice) => r2((subtotal(i) * i.contract.customer.branch.tax) / 100);

/**
 * The best rate of a rental of `d` chargeable days: whole 4-weeks, then weeks, then days; days
 * costing more than a week are billed as a week, weeks costing more than a 4-week as a 4-week.
 */
export function bestRate(d: number, [day, wk, m4]: readonly [number, number, number]): { parts: { unit: string; qty: number; rate: number }[]; capped: boolean } {
  let n4 = Math.floor(d / 28), w = Math.floor((d % 28) / 7), dd = d % 7, capped = false;
  if (dd * day > wk) { w++; dd = 0; capped = true; }
  if (w * wk + dd * day > m4) { n4++; w = 0; dd = 0; capped = true; }
  const parts = [{ unit: "4WK", qty: n4, rate: m4 }, { unit: "WK", qty: w, rate: wk }, { unit: "DAY", qty: dd, rate: day }].filter((p) => p.qty > 0);
  return { parts, capped };
}

export function generateRental(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const users = ["mdavis", "tnguyen", "kbrown", "jramirez", "swilson", "aokafor"];
  const managers = ["branchmgr-110", "branchmgr-140", "branchmgr-170"];
  const sales = ["RSR Hill", "RSR Patel", "RSR Lopez", "RSR Meyer", "RSR Grant", "RSR Dubois", "RSR Kowalski"];
  const first = ["Apex", "Lone Star", "Peachtree", "Sierra", "Granite", "Bluebonnet", "High Desert", "Red Clay", "Gulf Coast", "Summit", "Truckee", "Magnolia", "Ironclad", "Cornerstone", "Keystone"];
  const trade = ["Excavation", "Builders", "Electric", "Concrete", "Roofing", "Site Services", "Mechanical", "Paving", "Framing", "Landscaping", "Utilities", "General Contractors", "Steel Erectors", "Demolition"];
  const nationals = ["Turner Construction", "Skanska USA", "Kiewit", "Quanta Services", "Brand Safway", "Bechtel", "Mortenson", "Zachry", "McCarthy Building", "Clark Construction", "Hensel Phelps", "DPR Construction", "Gilbane", "Austin Industrial", "PCL Construction", "Whiting-Turner", "Balfour Beatty", "Swinerton", "Primoris", "MasTec", "Dycom", "EMCOR", "Comfort Systems", "Rosendin"];

  // Customers: local contractors of every size, and national accounts (a contract of rates per cat-class, renewed on its anniversary).
  const customers: Customer[] = [];
  let custNo = 20_100;
  for (let i = 0; i < 210; i++) {
    const national = i < nationals.length ? nationals[i]! : null;
    const branch = pick(BRANCHES);
    let na: NationalAccount | null = null;
    if (national) {
      const anniversary = `2024-${String(int(1, 12)).padStart(2, "0")}-01`;
      const f = between(0.7, 0.88);
      const terms: NationalAccount["terms"] = [];
      let from = anniversary, tf = f, k = 0;
      while (from <= EXPORT_END) { const to = addDays(`${Number(from.slice(0, 4)) + 1}${from.slice(4)}`, -1); terms.push({ from, to, f: tf, id: `NA-${national.split(" ")[0]!.toUpperCase()}-${from.slice(0, 4)}` }); from = addDays(to, 1); tf = tf * (1 + between(0.02, 0.05)); k++; }
      na = { code: `NA${String(300 + i)}`, f, anniversary, terms };
    }
    customers.push({
      no: String(++custNo), name: national ?? `${pick(first)} ${pick(trade)}${chance(0.5) ? " LLC" : " Inc"}`, branch, national: na, coi: chance(national ? 0.45 : 0.12),
      size: national ? logn(5, 0.4) : logn(1, 0.7), selfHaul: chance(0.35) ? between(0.3, 0.9) : 0, weekly: chance(0.05) ? pick(FLEET) : null,
    });
  }
  const naPrice = (c: Customer, cc: CatClass, on: string) => {
    const t = c.national!.terms.find((x) => x.from <= on && on <= x.to)!;
    return { term: t, rates: bookRates(cc, "2025").map((r) => r2(r * t.f)) as [number, number, number] };
  };

  // Contracts: each customer's rentals through the period (a few machines each, most for days, some for months).
  const contracts: Contract[] = [];
  const items: { contract: Contract; item: Item }[] = [];
  let contractNo = 4_410_000, assetNo = 0;
  const asset = (cc: string) => `${cc.slice(0, 3)}${String(10_000 + (++assetNo % 9000))}`;
  for (const c of customers) {
    let day = addDays(FIRST_DAY, int(0, 40));
    for (;;) {
      day = addDays(day, Math.max(1, Math.round(logn(30 / c.size, 0.6))));
      if (weekday(day) === 0) day = addDays(day, 1);
      if (weekday(day) === 6) day = addDays(day, 2);
      if (day > LAST_OUT) break;
      const weeklyRepeat = c.weekly && chance(0.5);
      const long = !weeklyRepeat && chance(0.14);
      const fridayWeekend = !weeklyRepeat && !long && weekday(day) === 5 && chance(0.35);
      const planned = weeklyRepeat ? 7 : long ? int(35, 170) : fridayWeekend ? 3 : pick([1, 1, 2, 3, 4, 5, 5, 6, 7, 7, 9, 10, 12, 14, 14, 18, 21, 25]);
      let actual = planned;
      const r = rnd();
      if (!weeklyRepeat && !fridayWeekend) { if (r < 0.25) actual = Math.max(1, planned - int(1, Math.max(1, Math.floor(planned / 3)))); else if (r < 0.45) actual = planned + int(1, long ? 20 : 6); }
      const expected = addDays(day, planned);
      const end = addDays(day, actual);
      const offRentCalled = !fridayWeekend && !weeklyRepeat && chance(0.35);
      const returned = offRentCalled ? addDays(end, int(1, 3)) : end;
      const n = weeklyRepeat ? 1 : Math.min(4, 1 + Math.floor(logn(0.6, 0.9)));
      const ct: Contract = {
        no: String(++contractNo), customer: c, out: day, expected, offRent: offRentCalled ? end : "", returned, items: [], zone: int(1, 3), delivered: !(rnd() < c.selfHaul), pickedUp: !(rnd() < c.selfHaul),
        po: chance(0.7) ? `PO-${int(10000, 99999)}` : "", site: `${pick(["Lot", "Bldg", "Phase", "Site", "Pad"])} ${int(1, 40)} ${pick(["Main St", "Airport Blvd", "Hwy 6", "Peachtree Pkwy", "Kietzke Ln", "Fulton Industrial", "Energy Corridor", "Sparks Blvd"])}`,
        quote: !c.national && chance(0.04) ? { f: between(0.8, 0.9), approver: pick(managers) } : null, salesperson: pick(sales), rateYear: bookYear(day), naTerm: null, dw: !c.coi,
      };
      for (let k = 0; k < n; k++) {
        const rerent = !weeklyRepeat && chance(0.03) ? pick(RERENT) : null;
        const cat = rerent ? null : weeklyRepeat ? c.weekly! : pick(FLEET);
        let rates: [number, number, number];
        if (rerent) { const mk = between(1.2, 1.3); rates = rerent.cost.map((x) => Math.round(x * mk)) as [number, number, number]; }
        else if (c.national) { const p = naPrice(c, cat!, day); rates = p.rates; ct.naTerm = p.term; }
        else rates = bookRates(cat!, ct.rateYear).map((x) => (ct.quote ? Math.round(x * ct.quote.f) : x)) as [number, number, number];
        // Partial returns: an item of a several-machine contract may come back before the others.
        const itemEnd = k > 0 && chance(0.25) && actual > 4 ? addDays(day, int(2, actual - 1)) : end;
        const it: Item = { equipment: rerent ? `RR-${String(int(1000, 9999))}` : weeklyRepeat ? `${cat!.cc.slice(0, 3)}${String(1000 + (Number(c.no) % 900))}` : asset(cat!.cc), cat, rerent, rates, returned: itemEnd };
        if (!rerent && actual >= 6 && chance(0.04)) { const on = addDays(day, int(2, actual - 3)); it.exchange = { on, gap: int(1, 2), newEquipment: asset(cat!.cc) }; }
        ct.items.push(it);
        items.push({ contract: ct, item: it });
      }
      contracts.push(ct);
    }
  }

  // Billing: every 28 days from the date out while anything is on rent, and a final invoice when the last item is off rent.
  const invoices: Invoice[] = [];
  const charges: Charge[] = [];
  let ticketNo = 880_000;
  const charge = (ct: Contract, type: string, code: string, qty: number, date: string): Charge => { const x: Charge = { ticket: `T${++ticketNo}`, type, contract: ct, code, qty, date, invoice: null }; charges.push(x); return x; };
  const chargeable = (from: string, thru: string, ct: Contract, item: Item): { days: number; note: string; rule: string } => {
    // Days from the start of the bill to its end (the end day not charged: a 24-hour day), at least 1.
    let d = Math.max(1, days(from, thru));
    let note = "", rule = "";
    if (d === 3 && weekday(from) === 5 && ct.out === from) { d = 1; note = " weekend rate Fri-Mon 1 day"; rule = "weekend_rate"; }
    else if (d < 7 && d >= 2 && HOLIDAYS.some((h) => h >= from && h < thru && weekday(h) !== 0 && weekday(h) !== 6)) { d -= 1; note = " holiday not charged"; rule = "holiday_not_charged"; }
    if (item.exchange && item.exchange.on >= from && item.exchange.on < thru) { d = Math.max(1, d - item.exchange.gap); note += ` exchanged #${item.equipment} for #${item.exchange.newEquipment} ${usDate(item.exchange.on)}, ${item.exchange.gap} day${item.exchange.gap > 1 ? "s" : ""} no charge`; rule = "exchange_no_charge_gap"; }
    return { days: d, note, rule };
  };
  for (const ct of contracts) {
    const stop = (it: Item) => (ct.offRent && it.returned === ct.returned ? ct.offRent : it.returned);
    const lastStop = ct.items.map(stop).sort().at(-1)!;
    let from = ct.out, cycle = 0, seq = 0;
    const dwPct = ct.customer.national ? NA_DW_PCT : DW_PCT;
    const year = ct.rateYear;
    const zoneRate = DELIVERY[year]![ct.zone - 1]!;
    const deliveryTicket = ct.delivered ? charge(ct, "Delivery", `DEL-Z${ct.zone}`, ct.items.filter((i) => i.cat?.heavy).length >= 2 ? 2 : 1, ct.out) : null;
    for (;;) {
      cycle++;
      const cycleEnd = addDays(from, 28);
      const final = lastStop <= cycleEnd;
      const thru = final ? lastStop : cycleEnd;
      const inv: Invoice = { no: `${ct.no}-${String(++seq).padStart(3, "0")}`, type: final ? "Final Invoice" : "Cycle Invoice", date: final ? addDays(ct.returned > thru ? ct.returned : thru, int(0, 2)) : addDays(thru, int(0, 1)), contract: ct, from, thru, cycle, related: null, reason: "", user: pick(users), approver: ct.quote?.approver ?? "", lines: [], regular: final && cycle === 1 ? "regular" : final ? "cycle_final" : "cycle_invoice", offRentShown: !!ct.offRent && ct.offRent <= EXPORT_END, returnedShown: final };
      let rental = 0;
      const rules = new Set<string>();
      for (const it of ct.items) {
        const itEnd = stop(it);
        if (itEnd <= from && !(from === ct.out)) continue;
        if (it.billedThru && it.billedThru >= itEnd) continue;
        const end = itEnd < thru ? itEnd : thru;
        const { days: d, note, rule } = chargeable(from, end, ct, it);
        if (rule) rules.add(rule);
        const br = bestRate(d, it.rates);
        if (br.capped) rules.add("best_rate_cap");
        for (const p of br.parts) {
          const desc = `${it.cat?.desc ?? it.rerent!.desc} #${it.equipment} ${usDate(from)}-${usDate(end)} ${d} day${d > 1 ? "s" : ""}${note}${it.rerent ? ` rerent from ${it.rerent.vendor}` : ""}`;
          inv.lines.push({ type: it.rerent ? "Rerent" : "Rental", equipment: it.equipment, cc: it.cat?.cc ?? it.rerent!.cc, desc, qty: p.qty, unit: p.unit, rate: p.rate, amount: r2(p.qty * p.rate) });
          rental += p.qty * p.rate;
        }
        it.billedThru = end;
      }
      rental = r2(rental);
      if (ct.dw && rental > 0) inv.lines.push({ type: "Damage Waiver", equipment: "", cc: "DW", desc: `Damage waiver ${dwPct}% of rental`, qty: rental, unit: "%", rate: dwPct, amount: r2((rental * dwPct) / 100) });
      if (rental > 0) inv.lines.push({ type: "Environmental", equipment: "", cc: "ENVFEE", desc: `Environmental service fee ${ENV_PCT}% of rental`, qty: rental, unit: "%", rate: ENV_PCT, amount: r2((rental * ENV_PCT) / 100) });
      if (cycle === 1 && deliveryTicket) { inv.lines.push({ type: "Delivery", equipment: "", cc: deliveryTicket.code, desc: `Delivery zone ${ct.zone} ${usDate(ct.out)}`, qty: deliveryTicket.qty, unit: "EA", rate: zoneRate, amount: r2(deliveryTicket.qty * zoneRate) }); deliveryTicket.invoice = inv; }
      if (final) {
        if (ct.pickedUp) { const t = charge(ct, "Pickup", `PU-Z${ct.zone}`, deliveryTicket?.qty ?? 1, ct.returned); t.invoice = inv; inv.lines.push({ type: "Pickup", equipment: "", cc: t.code, desc: `Pickup zone ${ct.zone} ${usDate(ct.returned)}`, qty: t.qty, unit: "EA", rate: zoneRate, amount: r2(t.qty * zoneRate) }); }
        for (const it of ct.items) {
          const tank = it.cat?.tank ?? 0;
          if (tank > 0 && chance(0.3)) {
            const gal = Math.max(1, Math.round(tank * between(0.2, 0.9)));
            const fuel = FUEL[bookYear(it.returned)]!;
            const t = charge(ct, "Fuel", "FUEL", gal, it.returned); t.invoice = inv;
            inv.lines.push({ type: "Fuel", equipment: it.equipment, cc: "FUEL", desc: `Fuel refill #${it.equipment} ${gal} gal`, qty: gal, unit: "GAL", rate: fuel, amount: r2(gal * fuel) });
          }
        }
      }
      // The document's kind: the most telling of its regular business.
      let regular = inv.regular;
      if (ct.items.some((i) => i.rerent)) regular = "rerent";
      else if (rules.has("exchange_no_charge_gap")) regular = "exchange_no_charge_gap";
      else if (ct.quote) regular = "quoted_rate_approved";
      else if (ct.customer.weekly && ct.items[0]!.cat === ct.customer.weekly && days(ct.out, ct.expected) === 7 && ct.items.length === 1) regular = "repeat_weekly_rental";
      else if (rules.has("weekend_rate")) regular = "weekend_rate";
      else if (rules.has("holiday_not_charged")) regular = "holiday_not_charged";
      else if (ct.customer.national && ct.naTerm && !(ct.naTerm.from <= inv.date && inv.date <= ct.naTerm.to)) regular = "rate_locked_at_contract_out";
      else if (!ct.customer.national && ct.rateYear !== bookYear(inv.date)) regular = "rate_locked_at_contract_out";
      else if (ct.customer.national) regular = regular === "regular" ? "national_account_rates" : regular;
      else if (final && ct.offRent) regular = "off_rent_before_pickup";
      else if (rules.has("best_rate_cap") && regular === "regular") regular = "best_rate_cap";
      else if (!ct.dw && regular === "regular") regular = "damage_waiver_waived_coi";
      else if (regular === "regular" && (!ct.delivered || !ct.pickedUp)) regular = "customer_haul";
      inv.regular = regular;
      if (inv.lines.length > 0) invoices.push(inv);
      if (final) break;
      from = cycleEnd;
    }
  }

  // Credit memos: breakdown credits (the days the machine was down, at the rate billed per day) and a damage waiver credited when the certificate of insurance came late.
  const credits: Invoice[] = [];
  const creditOf = (of: Invoice, reason: string, regular: string, lines: Line[]): Invoice => {
    const seq = invoices.filter((i) => i.contract === of.contract).length + credits.filter((i) => i.contract === of.contract).length + 1;
    const c: Invoice = { ...of, no: `${of.contract.no}-${String(seq).padStart(3, "0")}`, type: "Credit Memo", date: addDays(of.date, int(3, 25)), related: of, reason, user: pick(users), approver: pick(managers), lines, regular, leak: undefined };
    credits.push(c);
    return c;
  };
  for (const inv of invoices) {
    const rentalLines = inv.lines.filter((l) => l.type === "Rental");
    if (rentalLines.length && chance(0.035)) {
      const l = pick(rentalLines);
      const billedDays = Number(/ (\d+) days?/.exec(l.desc)?.[1] ?? 1);
      const down = Math.min(billedDays, int(1, 3));
      const perDay = r2(inv.lines.filter((x) => x.equipment === l.equipment && x.type === "Rental").reduce((s, x) => s + x.amount, 0) / billedDays);
      const amount = r2(down * perDay);
      const lines: Line[] = [{ type: "Credit", equipment: l.equipment, cc: l.cc, desc: `Breakdown credit #${l.equipment} ${down} day${down > 1 ? "s" : ""} down`, qty: -down, unit: "DAY", rate: perDay, amount: -amount }];
      const dw = inv.lines.find((x) => x.cc === "DW");
      if (dw) lines.push({ type: "Credit", equipment: "", cc: "DW", desc: "Damage waiver on breakdown credit", qty: -amount, unit: "%", rate: dw.rate, amount: -r2((amount * dw.rate) / 100) });
      lines.push({ type: "Credit", equipment: "", cc: "ENVFEE", desc: "Environmental fee on breakdown credit", qty: -amount, unit: "%", rate: ENV_PCT, amount: -r2((amount * ENV_PCT) / 100) });
      creditOf(inv, "BREAKDOWN", "breakdown_credit", lines);
    }
    const dw = inv.lines.find((x) => x.cc === "DW");
    if (dw && chance(0.012)) creditOf(inv, "COI-RECEIVED", "damage_waiver_credit_coi", [{ type: "Credit", equipment: "", cc: "DW", desc: "Damage waiver reversed: certificate of insurance received", qty: -dw.qty, unit: "%", rate: dw.rate, amount: -dw.amount }]);
  }

  // Planting: 5 documents of each kind (≈ 0.5 %), on ordinary business of its kind.
  const N = 5;
  const used = new Set<Invoice>();
  const dropped = new Set<Invoice>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Invoice, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  /** Plants into up to N of `pool` (drawn at random) those `into` accepts. */
  const plantSome = (pool: Invoice[], into: (i: Invoice) => boolean) => { let n = 0; for (const i of take(pool, pool.length)) { if (n >= N) break; if (!used.has(i) && !dropped.has(i) && into(i)) n++; } };
  const within = (i: Invoice) => i.date >= "2025-02-01" && i.date <= "2026-10-15" && !credits.some((c) => c.related === i);
  const recompute = (inv: Invoice) => {
    const rental = r2(inv.lines.filter((l) => l.type === "Rental" || l.type === "Rerent").reduce((s, l) => s + l.amount, 0));
    for (const l of inv.lines) if (l.unit === "%") { l.qty = rental; l.amount = r2((rental * l.rate) / 100); }
  };
  // 1. A rental returned late, billed only to the expected return: the final invoice of a one-invoice rental returned days after it was expected, no off-rent call.
  plantSome(invoices.filter((i) => within(i) && i.type === "Final Invoice" && i.cycle === 1 && !i.contract.offRent && i.contract.returned > addDays(i.contract.expected, 1) && i.contract.items.length === 1 && !i.contract.items[0]!.exchange && i.regular !== "rerent" && days(i.contract.out, i.contract.expected) >= 2), (inv) => {
    const before = subtotal(inv);
    const it = inv.contract.items[0]!;
    const { days: d } = chargeable(inv.from, inv.contract.expected, inv.contract, it);
    const br = bestRate(d, it.rates);
    // Days the best rate charges nothing for (a sixth day within a week's rate) lose nothing: not planted there.
    if (br.parts.reduce((s, p) => s + p.qty * p.rate, 0) >= inv.lines.filter((l) => l.type === "Rental").reduce((s, l) => s + l.amount, 0) - 0.005) return false;
    const descOf = inv.lines.find((l) => l.type === "Rental")!.desc.replace(/ \d{2}\/\d{2}\/\d{4}-\d{2}\/\d{2}\/\d{4} \d+ days?/, ` ${usDate(inv.from)}-${usDate(inv.contract.expected)} ${d} day${d > 1 ? "s" : ""}`);
    const rest = inv.lines.filter((l) => l.type !== "Rental");
    inv.lines = [...br.parts.map((p) => ({ type: "Rental", equipment: it.equipment, cc: it.cat!.cc, desc: descOf, qty: p.qty, unit: p.unit, rate: p.rate, amount: r2(p.qty * p.rate) })), ...rest];
    inv.thru = inv.contract.expected;
    recompute(inv);
    plant(inv, "late_return_billed_to_expected", before - subtotal(inv));
    return true;
  });
  // 2. A 28-day cycle not billed: a middle cycle's invoice never issued; the next cycle's invoice carries on from where the skipped one ended.
  plantSome(invoices.filter((i) => within(i) && i.type === "Cycle Invoice" && i.cycle >= 3), (inv) => {
    const prev = invoices.find((x) => x.contract === inv.contract && x.cycle === inv.cycle - 1)!;
    if (used.has(prev) || dropped.has(prev) || credits.some((c) => c.related === prev) || invoices.some((x) => x.contract === inv.contract && used.has(x))) return false;
    dropped.add(prev);
    plant(inv, "cycle_not_billed", subtotal(prev));
    return true;
  });
  // 3. The damage waiver missing on a contract whose customer accepted it.
  for (const inv of take(invoices.filter((i) => within(i) && !used.has(i) && !dropped.has(i) && i.contract.dw && i.lines.some((l) => l.cc === "DW")), N)) {
    const l = inv.lines.find((x) => x.cc === "DW")!;
    inv.lines = inv.lines.filter((x) => x !== l);
    plant(inv, "damage_waiver_missing", l.amount);
  }
  // 4. Fuel not charged: the yard's refill ticket closed on the final invoice, its line not billed.
  for (const inv of take(invoices.filter((i) => within(i) && !used.has(i) && !dropped.has(i) && i.lines.some((l) => l.cc === "FUEL")), N)) {
    const l = inv.lines.find((x) => x.cc === "FUEL")!;
    inv.lines = inv.lines.filter((x) => x !== l);
    plant(inv, "fuel_not_charged", l.amount);
  }
  // 5. Delivery not billed: dispatch's delivery ticket closed on the first invoice, its line not billed.
  for (const inv of take(invoices.filter((i) => within(i) && !used.has(i) && !dropped.has(i) && i.lines.some((l) => l.type === "Delivery")), N)) {
    const l = inv.lines.find((x) => x.type === "Delivery")!;
    inv.lines = inv.lines.filter((x) => x !== l);
    plant(inv, "delivery_not_billed", l.amount);
  }
  // 6. A rate below the customer's national-account contract (the book's discount keyed twice, no approver).
  for (const inv of take(invoices.filter((i) => within(i) && !used.has(i) && !dropped.has(i) && i.contract.customer.national && i.regular !== "rerent" && i.lines.some((l) => l.type === "Rental")), N)) {
    const before = subtotal(inv);
    const f = between(0.65, 0.85);
    for (const l of inv.lines) if (l.type === "Rental") { l.rate = r2(l.rate * f); l.amount = r2(l.qty * l.rate); }
    recompute(inv);
    plant(inv, "rate_below_national_account", before - subtotal(inv));
  }
  // 7. An invoice issued twice: the billing run re-run, the next sequence number for the same bill.
  const copies: Invoice[] = [];
  for (const inv of take(invoices.filter((i) => within(i) && !used.has(i) && !dropped.has(i) && i.type === "Final Invoice"), N)) {
    const seq = invoices.filter((i) => i.contract === inv.contract).length + credits.filter((i) => i.contract === inv.contract).length + 1;
    const copy: Invoice = { ...inv, no: `${inv.contract.no}-${String(seq).padStart(3, "0")}`, date: addDays(inv.date, int(0, 3)), lines: inv.lines.map((l) => ({ ...l })), leak: undefined };
    copies.push(copy);
    plant(copy, "invoice_issued_twice", subtotal(inv));
  }
  for (const c of charges) if (c.invoice && dropped.has(c.invoice)) c.invoice = null;

  const all = [...invoices.filter((i) => !dropped.has(i)), ...copies, ...credits].filter((d) => d.date <= EXPORT_END).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  // Numbers: the contract's and the invoice's sequence on it, in the order issued (a cycle never billed takes none).
  const seqOf = new Map<Contract, number>();
  for (const d of all) { const n = (seqOf.get(d.contract) ?? 0) + 1; seqOf.set(d.contract, n); d.no = `${d.contract.no}-${String(n).padStart(3, "0")}`; }
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  const issued = new Set(all);
  return { docs: all, customers, contracts, items, charges: charges.filter((c) => c.date <= EXPORT_END && (!c.invoice || issued.has(c.invoice) || c.invoice.date > EXPORT_END)), labels };
}

// The rental system's invoice detail export: MM/DD/YYYY, "1,234.56", "," between columns; the invoice's header on each row.
export function writeRental(seed: number, out: string) {
  const g = generateRental(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice No", "Invoice Type", "Invoice Date", "Contract No", "Customer No", "Customer Name", "National Account", "Branch", "Job Site", "Delivery Zone", "PO Number",
    "Date Out", "Expected Return", "Off Rent Date", "Date Returned", "Bill From", "Bill Thru", "Cycle No", "Damage Waiver", "Rate Book", "Related Invoice", "Reason Code", "Salesperson", "Entered By", "Approved By",
    "Currency", "Subtotal", "Sales Tax", "Invoice Total", "Line No", "Line Type", "Equipment No", "Cat-Class", "Description", "Qty", "Rate Period", "Rate", "Extended Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const ct = d.contract, c = ct.customer;
    const sub = subtotal(d), tx = tax(d);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), ct.no, c.no, c.name, c.national?.code ?? "", ct.customer.branch.id, ct.site, String(ct.zone), ct.po,
      usDate(ct.out), usDate(ct.expected), d.offRentShown ? usDate(ct.offRent) : "", d.returnedShown ? usDate(ct.returned) : "", usDate(d.from), usDate(d.thru), String(d.cycle), ct.dw ? "Accepted" : "Waived - COI on file", c.national ? ct.naTerm?.id ?? "" : `RB-${ct.rateYear}`, d.related?.no ?? "", d.reason, ct.salesperson, d.user, d.approver,
      "USD", num(sub), num(tx), num(r2(sub + tx)), String(i + 1), l.type, l.equipment, l.cc, l.desc, numberText(l.qty), l.unit, numberText(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "invoice_detail.csv"), csv(header, rows));
  // The branch rate book: a row per cat-class and rate period, each 1 January; the fees in % and per zone, fuel per gallon.
  const book: string[][] = [];
  for (const year of ["2025", "2026"]) {
    const from = usDate(`${year}-01-01`);
    for (const cc of FLEET) bookRates(cc, year).forEach((r, k) => book.push([`RB-${year}`, cc.cc, cc.desc, UNITS[k]!, "USD", numberText(r), from]));
    book.push([`RB-${year}`, "DW", "Damage waiver", "%", "USD", String(DW_PCT), from], [`RB-${year}`, "ENVFEE", "Environmental service fee", "%", "USD", String(ENV_PCT), from], [`RB-${year}`, "FUEL", "Fuel per gallon", "GAL", "USD", numberText(FUEL[year]!), from]);
    for (let z = 1; z <= 3; z++) book.push([`RB-${year}`, `DEL-Z${z}`, `Delivery zone ${z}`, "EA", "USD", numberText(DELIVERY[year]![z - 1]!), from], [`RB-${year}`, `PU-Z${z}`, `Pickup zone ${z}`, "EA", "USD", numberText(DELIVERY[year]![z - 1]!), from]);
  }
  writeFileSync(join(out, "ref", "rate_book.csv"), csv(["Rate Book", "Cat-Class", "Description", "Rate Period", "Currency", "Rate", "Effective Date"], book));
  // The national accounts' contract rates: per account and contract year, a row per cat-class and rate period, and the damage waiver.
  const na: string[][] = [];
  for (const c of g.customers) if (c.national) for (const t of c.national.terms) {
    for (const cc of FLEET) bookRates(cc, "2025").forEach((r, k) => na.push([t.id, c.no, c.name, cc.cc, UNITS[k]!, "USD", numberText(r2(r * t.f)), usDate(t.from), usDate(t.to)]));
    na.push([t.id, c.no, c.name, "DW", "%", "USD", String(NA_DW_PCT), usDate(t.from), usDate(t.to)]);
  }
  writeFileSync(join(out, "ref", "national_account_rates.csv"), csv(["Agreement", "Customer No", "Customer Name", "Cat-Class", "Rate Period", "Currency", "Rate", "Start Date", "End Date"], na));
  // The contract charges the counter, dispatch and the yard recorded, each with the invoice it was closed on.
  const ch: string[][] = g.charges.map((c) => [c.ticket, c.type, c.contract.no, c.contract.customer.no, c.code, numberText(c.qty), usDate(c.date), c.invoice && c.invoice.date <= EXPORT_END ? c.invoice.no : ""]);
  writeFileSync(join(out, "ref", "contract_charges.csv"), csv(["Ticket No", "Ticket Type", "Contract No", "Customer No", "Charge Code", "Qty", "Ticket Date", "Closed On Invoice"], ch));
  // The contract items: each machine out and back.
  const it: string[][] = g.items.map(({ contract: c, item: i }) => [c.no, c.customer.no, i.equipment, i.cat?.cc ?? i.rerent!.cc, usDate(c.out), usDate(c.expected), usDate(i.returned), i.rerent ? `Rerent ${i.rerent.vendor}` : "Owned", i.exchange ? `Exchanged ${usDate(i.exchange.on)} for ${i.exchange.newEquipment}` : ""]);
  writeFileSync(join(out, "ref", "contract_items.csv"), csv(["Contract No", "Customer No", "Equipment No", "Cat-Class", "Date Out", "Expected Return", "Date Returned", "Fleet", "Exchange"], it));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, contracts: g.contracts.length, charge_rows: ch.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeRental(Number(arg("--seed", "2201")), arg("--out", "/tmp/rental-2201"))));
}
