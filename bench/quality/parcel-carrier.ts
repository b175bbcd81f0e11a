// An independent billing data set (the thirty-third, 2026-11-28): a regional parcel carrier's
// billing of its shipper customers over 51 weeks (July 2025 – June 2026), exported from its billing
// system as a shipment charge detail: one document per shipment — its lead tracking number —, one
// row per charge of each package (the transportation charge by service, zone and billed weight,
// accessorials, a minimum net charge top-up, the fuel surcharge), the shipment's and the package's
// header on each row (the weekly statement it was billed on and its date, account, pricing
// agreement, ship and delivery dates, service, origin and destination ZIP, zone, induction hub,
// pieces, package tracking, actual weight, dimensions, the account's DIM divisor, billed weight,
// residential indicator, promotion code, related document, reason, user and approver), US dates.
// Adjustments (address corrections and shipping-charge corrections found by the carrier's audit),
// void credits of unused labels and service-guarantee refunds are documents of their own naming the
// shipment. Beside it the carrier's rate data: the published rates (a transportation rate per
// service, zone and pound, raised by the general rate increase of 29 December 2025; the
// accessorial rates; the weekly ground and air fuel-surcharge tables), each account's pricing
// agreement as its rating engine exports it (the net rate per service, zone and weight at the
// account's incentive tier, a segment per tier period — tiers move when the account's weekly
// volume crosses a threshold —, its negotiated accessorials, its minimum net charge per package),
// the new-account holiday ground promotion, and the hub scan log (each package's billable weight
// as the dimensioner measured it, each accessorial event scanned, with the shipment it belongs to).
// Written from how parcel carriers bill before reading Assay's detectors: billed weight =
// max(actual, L×W×H ÷ the account's DIM divisor), each rounded up to the pound; the incentive off
// the published rate by service at the account's tier; the minimum net charge per package billed as
// a top-up where the incentive takes the rate below it; fuel as a % of transportation and
// accessorials by the week of the ship date (the statement is dated the Monday after).
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is (the hard negatives).
// Run: bun run bench/quality/parcel-carrier.ts --seed 3401 --out /tmp/parcel
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeLabels } from "./labels-file.ts";
import { mulberry32 as prng } from "./mulberry32.ts";

export type LeakKind =
  | "dim_weight_not_billed" | "residential_not_billed" | "stale_fuel_week" | "discount_above_tier"
  | "accessorial_scanned_not_billed" | "minimum_not_applied" | "duplicate_refund";
export const LEAK_KINDS: LeakKind[] = ["dim_weight_not_billed", "residential_not_billed", "stale_fuel_week", "discount_above_tier", "accessorial_scanned_not_billed", "minimum_not_applied", "duplicate_refund"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Service = "GND" | "NXT";
interface Account {
  id: string; name: string; contract: boolean; b2c: number; divisor: number; weekly: number; services: Service[];
  /** Incentive tiers by service (fractions), the tier index per period. */
  tiers: Record<Service, number[]>; tierPeriods: { from: string; tier: number }[];
  resDisc: number | null; minDisc: number; zoneSkip: boolean; nxtShare: number;
}
interface Pkg { tracking: string; actual: number; l: number; w: number; h: number; billed: number; dimW: number; events: string[] }
interface Shipment { acct: Account; ship: string; deliver: string; service: Service; zone: number; origin: string; dest: string; state: string; residential: boolean; das: boolean; hub: string; pkgs: Pkg[]; promo: string; ret: boolean; reasonLate: boolean }
interface Line { code: string; zone: string; weight: string; desc: string; qty: number; unit: string; rate: number | null; disc: number | null; amount: number; pkg: string }
interface Doc {
  id: string; type: "Shipment" | "Return" | "Adjustment" | "Void Credit" | "Service Refund"; date: string; s: Shipment; lines: Line[];
  original: Doc | null; reason: string; createdBy: string; approver: string; regular: string; leak?: { kind: LeakKind; risk: number };
  /** Scan-log rows: [package tracking, rate code, zone, billable weight, qty, date]. */
  scans: [string, string, string, string, number, string][];
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const dow = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");
const FIRST_WEEK = "2025-07-07", LAST_WEEK = "2026-06-22", GRI = "2025-12-29", GRI_PCT = 0.059;
const PROMO = { id: "HOLGND10", from: "2025-11-03", to: "2025-11-30", disc: 0.1 };
const MAX_W: Record<Service, number> = { GND: 70, NXT: 30 };
const ACC: Record<string, { desc: string; rate: number }> = {
  RES: { desc: "Residential surcharge", rate: 5.75 },
  DAS: { desc: "Delivery area surcharge", rate: 4.45 },
  AHS: { desc: "Additional handling - dimensions/weight", rate: 24.5 },
  ADC: { desc: "Address correction", rate: 21.0 },
  SAT: { desc: "Saturday delivery", rate: 16.0 },
  SIG: { desc: "Delivery confirmation - signature required", rate: 6.95 },
  RTL: { desc: "Return label", rate: 2.5 },
};
const SERVICE_DESC: Record<Service, string> = { GND: "Ground", NXT: "Next Day Priority" };
const STATES: [string, string, number][] = [["CA", "9", 0], ["NV", "89", 1], ["OR", "97", 1], ["AZ", "85", 2], ["WA", "98", 2], ["UT", "84", 3], ["ID", "83", 3], ["NM", "87", 4], ["CO", "80", 4], ["MT", "59", 5], ["WY", "82", 5], ["TX", "75", 6], ["NE", "68", 6]];
const HUBS = ["Ontario CA", "Sacramento CA", "Reno NV", "Phoenix AZ", "Salt Lake City UT", "Denver CO", "Portland OR"];

export function generateParcel(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);

  // Published rates: per service, zone (2–8) and pound; the GRI raises them all.
  const listRate = (svc: Service, zone: number, w: number, day: string) => {
    const z = zone - 2;
    let v = svc === "GND" ? 9.85 + 0.62 * z + (0.38 + 0.12 * z) * Math.pow(w - 1, 0.93) : 27.4 + 5.8 * z + (1.95 + 0.48 * z) * Math.pow(w - 1, 0.9);
    v = r2(v);
    return day >= GRI ? r2(v * (1 + GRI_PCT)) : v;
  };
  const accRate = (code: string, day: string) => (day >= GRI ? r2(ACC[code]!.rate * (1 + GRI_PCT)) : ACC[code]!.rate);

  // Weekly fuel tables (ground and air), from each Monday, in quarter points.
  const fuel: { from: string; gnd: number; air: number }[] = [];
  let diesel = 3.71, jet = 2.38;
  for (let w = "2025-04-21"; w <= addDays(LAST_WEEK, 14); w = addDays(w, 7)) {
    if (!chance(0.35)) diesel = Math.max(3.2, Math.min(4.5, diesel + uniform(-0.08, 0.08)));
    if (!chance(0.35)) jet = Math.max(1.9, Math.min(3.1, jet + uniform(-0.09, 0.09)));
    fuel.push({ from: w, gnd: Math.round((14.5 + (diesel - 3.0) * 4.5) * 4) / 4, air: Math.round((17 + (jet - 2.0) * 6) * 4) / 4 });
  }
  const fuelOn = (day: string) => fuel.filter((f) => f.from <= day).at(-1)!;
  const fuelPct = (svc: Service, day: string) => (svc === "GND" ? fuelOn(day).gnd : fuelOn(day).air);
  const mondayOn = (day: string) => addDays(day, -((dow(day) + 6) % 7));

  // Accounts: shippers on a pricing agreement (incentive tiers by service, a DIM divisor, maybe
  // residential at a negotiated rate or waived, a minimum net charge) and small accounts at
  // published rates.
  const names = ["Sierra Outfitters", "Pacific Vitamin Co", "Desert Bloom Cosmetics", "Cascade Coffee Roasters", "Golden State Auto Parts", "Redwood Pet Supply", "Mesa Medical Supply", "Bay Area Electronics", "Summit Apparel", "Coastal Candle Works", "High Desert Books", "Valley Nutrition", "Tahoe Gear Exchange", "Sonoma Wine Accessories", "Mojave Solar Parts", "Willamette Tea", "Boise Tool Supply", "Rainier Home Goods", "Sunset Print Shop", "Harbor Lab Supplies", "Canyon Craft Beer Supply", "Pinecrest Office", "Silverline Jewelry", "Orchard Baby Co"];
  const accounts: Account[] = [];
  for (let i = 0; i < 44; i++) {
    const contract = i < 32;
    const base = uniform(0.08, 0.28);
    const step = pick([0.03, 0.04, 0.05]);
    const tiers: Record<Service, number[]> = { GND: [0, 1, 2].map((k) => Math.round((base + k * step) * 100) / 100), NXT: [0, 1, 2].map((k) => Math.round((base + 0.05 + k * step) * 100) / 100) };
    const tierPeriods: { from: string; tier: number }[] = [{ from: "2025-06-30", tier: int(0, 2) }];
    if (contract) for (let c = int(0, 3); c > 0; c--) {
      const last = tierPeriods.at(-1)!;
      const from = addDays(FIRST_WEEK, 7 * int(3, 48));
      if (from <= last.from) continue;
      const tier = last.tier === 0 ? 1 : last.tier === 2 ? 1 : pick([0, 2]);
      tierPeriods.push({ from, tier });
    }
    accounts.push({
      id: `${contract ? "A" : "R"}${(718200 + i * 37).toString()}`, name: `${names[i % names.length]}${i >= names.length ? " West" : ""}`, contract,
      b2c: contract ? pick([0.15, 0.6, 0.85]) : pick([0.3, 0.7]), divisor: contract ? pick([139, 139, 166, 194, 225]) : 139,
      weekly: contract ? uniform(2, 8) : uniform(0.5, 2.5), services: chance(0.7) ? ["GND", "NXT"] : ["GND"], tiers, tierPeriods,
      resDisc: contract && chance(0.35) ? pick([0.5, 1]) : null, minDisc: pick([0, 0.05, 0.1]), zoneSkip: contract && chance(0.15), nxtShare: uniform(0.05, 0.2),
    });
  }
  const tierOn = (a: Account, day: string) => a.tierPeriods.filter((p) => p.from <= day).at(-1)!.tier;
  const discOn = (a: Account, svc: Service, day: string) => (a.contract ? a.tiers[svc][tierOn(a, day)]! : 0);
  const netRate = (a: Account, svc: Service, zone: number, w: number, day: string) => r2(listRate(svc, zone, w, day) * (1 - discOn(a, svc, day)));
  const minCharge = (a: Account, day: string) => r2(listRate("GND", 2, 1, day) * (1 - a.minDisc));
  const accNet = (a: Account, code: string, day: string) => (code === "RES" && a.resDisc !== null ? r2(accRate(code, day) * (1 - a.resDisc)) : accRate(code, day));

  // Shipments, week by week.
  const docs: Doc[] = [];
  const labels: Label[] = [];
  let pkgNo = 0;
  const pkgTracking = () => `PX${(91_400_000 + (pkgNo += int(2, 9))).toString()}`;
  const newPkg = (svc: Service, a: Account, bulky: boolean): Pkg => {
    const max = MAX_W[svc];
    let actual = Math.min(max - 0.5, Math.max(0.3, Math.exp(uniform(-0.6, svc === "GND" ? 3.2 : 2.2))));
    // The box from the goods' density (lb per cubic foot): light, bulky goods bill by DIM weight.
    const volume = (actual * 1728) / uniform(bulky ? 5 : 9, bulky ? 14 : 28);
    let h = Math.max(2, Math.round(Math.cbrt(volume) * uniform(0.5, 0.8)));
    let w = Math.max(4, Math.round(Math.sqrt(volume / h) * uniform(0.7, 0.95)));
    let l = Math.max(6, Math.round(volume / (h * w)));
    if (chance(0.04) && svc === "GND") { l = int(49, 60); actual = Math.max(actual, 12); }
    let dimW = Math.ceil((l * w * h) / a.divisor);
    while (dimW > max) { h = Math.max(2, h - 2); w = Math.max(4, w - 1); dimW = Math.ceil((l * w * h) / a.divisor); }
    const billed = Math.min(max, Math.max(Math.ceil(actual), dimW));
    const events: string[] = [];
    if (l > 48 || actual > 50) events.push("AHS");
    return { tracking: pkgTracking(), actual: Math.round(actual * 10) / 10, l, w, h, billed, dimW, events };
  };

  // The document's charges: per package its transportation line (and a minimum top-up), its
  // accessorials; one fuel line on them all.
  const rate = (d: Doc, opts: { pkgWeight?: (p: Pkg) => number; disc?: (base: number) => number; fuelDay?: string; skipMin?: boolean; skip?: (code: string, p: Pkg) => boolean } = {}) => {
    const s = d.s, a = s.acct, day = s.ship;
    const lines: Line[] = [];
    for (const p of s.pkgs) {
      const w = opts.pkgWeight ? opts.pkgWeight(p) : p.billed;
      const list = listRate(s.service, s.zone, w, day);
      let disc = s.promo ? PROMO.disc : discOn(a, s.service, day);
      if (opts.disc) disc = opts.disc(disc);
      const net = r2(list * (1 - disc));
      lines.push({ code: s.service, zone: String(s.zone), weight: String(w), desc: `${SERVICE_DESC[s.service]}${s.ret ? " return" : ""} zone ${s.zone} ${w} lb`, qty: 1, unit: "PKG", rate: list, disc: disc ? r2(disc * 100) : null, amount: net, pkg: p.tracking });
      if (a.contract && s.service === "GND" && !opts.skipMin) {
        const min = minCharge(a, day);
        if (net < min - 0.005) lines.push({ code: "MNC", zone: "", weight: "", desc: "Minimum net charge adjustment", qty: 1, unit: "PKG", rate: r2(min - net), disc: null, amount: r2(min - net), pkg: p.tracking });
      }
      const codes = [...(s.residential ? ["RES"] : []), ...(s.das ? ["DAS"] : []), ...p.events, ...(s.ret ? ["RTL"] : [])];
      for (const code of codes) {
        if (opts.skip?.(code, p)) continue;
        const listAcc = accRate(code, day), netAcc = accNet(a, code, day);
        const dc = listAcc > 0 && netAcc < listAcc ? r2((1 - netAcc / listAcc) * 100) : null;
        lines.push({ code, zone: "", weight: "", desc: ACC[code]!.desc, qty: 1, unit: "EA", rate: listAcc, disc: dc, amount: netAcc, pkg: p.tracking });
      }
    }
    const basis = r2(lines.reduce((x, l) => x + l.amount, 0));
    const pct = opts.fuelDay ? fuelPct(s.service, opts.fuelDay) : fuelPct(s.service, day);
    lines.push({ code: s.service === "GND" ? "FSCG" : "FSCA", zone: "", weight: "", desc: `Fuel surcharge ${s.service === "GND" ? "ground" : "air"}`, qty: basis, unit: "%", rate: pct, disc: null, amount: r2((basis * pct) / 100), pkg: s.pkgs[0]!.tracking });
    d.lines = lines;
  };
  const scansOf = (d: Doc) => {
    const s = d.s;
    d.scans = [];
    for (const p of s.pkgs) {
      d.scans.push([p.tracking, s.service, String(s.zone), String(p.billed), 1, s.ship]);
      for (const e of p.events) d.scans.push([p.tracking, e, "", "", 1, e === "ADC" || e === "SAT" || e === "SIG" ? s.deliver : s.ship]);
    }
  };
  const total = (d: Doc) => r2(d.lines.reduce((x, l) => x + l.amount, 0));
  const clerks = ["billing.auto", "billing.auto", "billing.auto", "mlopez", "tnguyen", "kpatel"];
  const newDoc = (o: Partial<Doc> & Pick<Doc, "type" | "date" | "s">): Doc => {
    const d: Doc = { id: "", lines: [], original: null, reason: "", createdBy: "billing.auto", approver: "", regular: "standard", scans: [], ...o };
    docs.push(d);
    return d;
  };

  for (let week = FIRST_WEEK; week <= LAST_WEEK; week = addDays(week, 7)) {
    const invoiceDay = addDays(week, 7);
    for (const a of accounts) {
      const n = Math.max(0, Math.round(a.weekly * uniform(0.5, 1.5) * (week >= "2025-11-17" && week <= "2025-12-15" ? 1.5 : 1)));
      for (let k = 0; k < n; k++) {
        const ship = addDays(week, chance(0.06) ? 5 : int(0, 4));
        const service: Service = a.services.includes("NXT") && chance(a.nxtShare) ? "NXT" : "GND";
        const [state, zip, dist] = pick(STATES);
        const skip = a.zoneSkip && service === "GND" && dist >= 3 && chance(0.7);
        const zone = skip ? pick([2, 3]) : Math.min(8, 2 + dist + (chance(0.3) ? 1 : 0));
        const residential = chance(a.b2c);
        const transit = service === "NXT" ? 1 : Math.max(1, zone - 2 + int(0, 1));
        let deliver = addDays(ship, transit);
        const sat = service === "NXT" && dow(ship) === 5 && chance(0.5);
        if (!sat) while (dow(deliver) === 0 || dow(deliver) === 6) deliver = addDays(deliver, 1);
        const pieces = chance(0.08) ? int(2, 4) : 1;
        const bulky = chance(0.3);
        const s: Shipment = {
          acct: a, ship, deliver, service, zone, origin: pick(["91761", "95834", "89502", "85043"]), dest: `${zip}${int(1000, 9999)}`.slice(0, 5), state,
          residential, das: residential && chance(0.09), hub: skip ? pick(HUBS.slice(3)) : pick(HUBS.slice(0, 3)), pkgs: [], promo: "", ret: false, reasonLate: service === "NXT" && chance(0.06),
        };
        const proto = newPkg(service, a, bulky);
        s.pkgs.push(proto);
        for (let p = 1; p < pieces; p++) s.pkgs.push(chance(0.6) ? { ...proto, tracking: pkgTracking(), events: [...proto.events] } : newPkg(service, a, bulky));
        if (sat) s.pkgs[0]!.events.push("SAT");
        if (chance(0.12)) s.pkgs[0]!.events.push("SIG");
        const adc = chance(0.03);
        if (!a.contract && service === "GND" && ship >= PROMO.from && ship <= PROMO.to && chance(0.85)) s.promo = PROMO.id;
        const d = newDoc({ type: "Shipment", date: invoiceDay, s });
        d.regular = skip ? "zone_skip" : pieces > 1 ? "multi_piece" : s.promo ? "promotion_week" : !a.contract ? "published_rates" : service === "NXT" ? "next_day" : s.pkgs.some((p) => p.dimW > Math.ceil(p.actual)) ? "dim_weight_billed" : residential ? "residential" : "standard";
        if (residential && a.resDisc === 1 && d.regular === "residential") d.regular = "residential_waived";
        if (sat && d.regular === "next_day") d.regular = "saturday_delivery";
        if (adc) {
          if (chance(0.6)) { s.pkgs[0]!.events.push("ADC"); d.regular = "address_correction"; }
          else {
            // Corrected at delivery after the statement was cut: billed on an adjustment.
            d.regular = "address_corrected_later";
            const adj = newDoc({ type: "Adjustment", date: addDays(invoiceDay, 7 * int(1, 2)), s, original: d, reason: "ADDRESS CORRECTION", regular: "address_correction_adjustment" });
            const c = accRate("ADC", ship), pct = fuelPct(service, ship);
            adj.lines = [
              { code: "ADC", zone: "", weight: "", desc: ACC.ADC!.desc, qty: 1, unit: "EA", rate: c, disc: null, amount: c, pkg: s.pkgs[0]!.tracking },
              { code: service === "GND" ? "FSCG" : "FSCA", zone: "", weight: "", desc: "Fuel surcharge", qty: c, unit: "%", rate: pct, disc: null, amount: r2((c * pct) / 100), pkg: s.pkgs[0]!.tracking },
            ];
            adj.scans = [[s.pkgs[0]!.tracking, "ADC", "", "", 1, deliver]];
          }
        }
        if (d.regular === "standard" || d.regular === "residential") {
          const fuelShip = fuelPct(service, ship), fuelInv = fuelPct(service, invoiceDay);
          if (fuelShip !== fuelInv) d.regular = "fuel_week_boundary";
          else if (a.contract && discOn(a, service, ship) !== discOn(a, service, invoiceDay)) d.regular = "tier_change_week";
          else if (ship < GRI && invoiceDay >= GRI) d.regular = "gri_week";
        }
        rate(d);
        scansOf(d);
        // An unused label voided: credited in full, sometimes re-labelled the next day.
        if (chance(0.025) && pieces === 1 && !adc) {
          d.regular = "voided_label";
          d.scans = [];
          const v = newDoc({ type: "Void Credit", date: addDays(invoiceDay, 7 * int(0, 2)), s, original: d, reason: "VOID - LABEL NOT USED", regular: "void_credit", createdBy: pick(clerks) });
          v.lines = d.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount }));
          if (chance(0.6)) {
            const s2: Shipment = { ...s, ship: addDays(ship, dow(ship) === 5 ? 3 : 1), deliver: addDays(deliver, dow(ship) === 5 ? 3 : 1), pkgs: [{ ...s.pkgs[0]!, tracking: pkgTracking() }] };
            const r = newDoc({ type: "Shipment", date: addDays(mondayOn(s2.ship), 7), s: s2, regular: "relabel_after_void" });
            rate(r);
            scansOf(r);
          }
        }
        // A late next-day shipment: its service-guarantee refund (transportation and fuel).
        if (s.reasonLate && d.regular !== "voided_label") {
          const perPiece = pieces > 1 && chance(0.5);
          const parts = perPiece ? s.pkgs.map((p) => d.lines.filter((l) => l.pkg === p.tracking && l.code === service)) : [d.lines.filter((l) => l.code === service)];
          let when = addDays(invoiceDay, 7 * int(1, 3));
          for (const part of parts) {
            const pct = d.lines.at(-1)!.rate!;
            const base = r2(part.reduce((x, l) => x + l.amount, 0));
            const refund = newDoc({ type: "Service Refund", date: when, s, original: d, reason: "GSR - LATE DELIVERY", regular: perPiece ? "guarantee_refund_per_package" : "guarantee_refund", createdBy: pick(clerks) });
            refund.lines = [
              ...part.map((l) => ({ ...l, qty: -1, amount: -l.amount })),
              { code: "FSCA", zone: "", weight: "", desc: "Fuel surcharge air", qty: -base, unit: "%", rate: pct, disc: null, amount: -r2((base * pct) / 100), pkg: part[0]!.pkg },
            ];
            if (perPiece) when = addDays(when, 7 * int(0, 1));
          }
        }
        // Returns: a prepaid return label billed to the shipper when the customer sends it back.
        if (chance(a.b2c * 0.06) && service === "GND") {
          const rs: Shipment = { ...s, ship: addDays(ship, int(8, 20)), residential: false, das: false, ret: true, promo: "", pkgs: [{ ...newPkg("GND", a, false) }], reasonLate: false };
          rs.deliver = addDays(rs.ship, Math.max(1, zone - 2));
          if (rs.ship <= addDays(LAST_WEEK, 5)) {
            const r = newDoc({ type: "Return", date: addDays(mondayOn(rs.ship), 7), s: rs, regular: "return_label" });
            rate(r);
            scansOf(r);
          }
        }
        // Two identical orders to the same consignee on the same day: two labels, two shipments.
        if (chance(0.006) && pieces === 1 && d.regular !== "voided_label") {
          const s2: Shipment = { ...s, pkgs: [{ ...s.pkgs[0]!, tracking: pkgTracking() }], reasonLate: false };
          const r = newDoc({ type: "Shipment", date: invoiceDay, s: s2, regular: "same_day_repeat" });
          rate(r);
          scansOf(r);
          if (d.regular === "standard" || d.regular === "residential") d.regular = "same_day_repeat";
        }
      }
    }
  }

  // The carrier's audit re-weighing packages billed at their actual weight: a shipping-charge
  // correction billing the difference on a later statement (regular business).
  for (const d of docs.filter((x) => x.type === "Shipment" && x.regular === "dim_weight_billed" && x.s.pkgs.length === 1 && chance(0.06))) {
    const p = d.s.pkgs[0]!, actualW = Math.ceil(p.actual);
    if (actualW >= p.billed) continue;
    const full = d.lines.map((l) => ({ ...l }));
    rate(d, { pkgWeight: () => actualW });
    const diff = r2(full.filter((l) => l.code === d.s.service || l.code === "MNC").reduce((x, l) => x + l.amount, 0) - d.lines.filter((l) => l.code === d.s.service || l.code === "MNC").reduce((x, l) => x + l.amount, 0));
    if (diff <= 0) { d.lines = full; continue; }
    d.regular = "dim_corrected_later";
    const pct = full.at(-1)!.rate!;
    const adj = newDoc({ type: "Adjustment", date: addDays(d.date, 7 * int(2, 5)), s: d.s, original: d, reason: "SHIPPING CHARGE CORRECTION - DIMENSIONAL WEIGHT", regular: "dim_correction_adjustment" });
    adj.lines = [
      { code: d.s.service, zone: String(d.s.zone), weight: String(p.billed), desc: `Shipping charge correction: billed weight ${actualW} -> ${p.billed} lb`, qty: 1, unit: "PKG", rate: null, disc: null, amount: diff, pkg: p.tracking },
      { code: "FSCG", zone: "", weight: "", desc: "Fuel surcharge ground", qty: diff, unit: "%", rate: pct, disc: null, amount: r2((diff * pct) / 100), pkg: p.tracking },
    ];
  }

  // Planting: each kind on documents of the regular business it hides in.
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; d.regular = ""; };
  const used = new Set<Doc>();
  const take = (pool: Doc[], n: number) => {
    const out: Doc[] = [];
    for (const d of pool.filter((x) => !used.has(x)).sort(() => rnd() - 0.5)) { if (out.length >= n) break; used.add(d); out.push(d); }
    return out;
  };
  const originals = () => docs.filter((d) => d.type === "Shipment" && !docs.some((x) => x.original === d));
  const orig = originals();
  const plainish = (d: Doc) => ["standard", "residential", "dim_weight_billed", "next_day", "fuel_week_boundary", "published_rates", "residential_waived"].includes(d.regular);
  const fuelOf = (d: Doc) => d.lines.at(-1)!;
  const fuelAmt = (d: Doc) => fuelOf(d).amount;
  for (const kind of LEAK_KINDS) {
    if (kind === "dim_weight_not_billed") {
      for (const d of take(orig.filter((x) => x.regular === "dim_weight_billed" && x.s.pkgs.some((p) => p.billed > Math.ceil(p.actual))), 55)) {
        const before = total(d);
        rate(d, { pkgWeight: (p) => Math.min(p.billed, Math.ceil(p.actual)) });
        plant(d, kind, before - total(d));
      }
    } else if (kind === "residential_not_billed") {
      for (const d of take(orig.filter((x) => x.s.residential && x.s.acct.resDisc !== 1 && plainish(x)), 55)) {
        const before = total(d);
        rate(d, { skip: (c) => c === "RES" });
        plant(d, kind, before - total(d));
      }
    } else if (kind === "stale_fuel_week") {
      for (const d of take(orig.filter((x) => plainish(x)), 400)) {
        const svc = d.s.service, floor = Math.min(fuelPct(svc, d.s.ship), fuelPct(svc, d.date));
        const older = [2, 3, 4, 5, 6, 7, 8, 9, 10].map((k) => addDays(mondayOn(d.s.ship), -7 * k)).find((day) => fuelPct(svc, day) <= floor - 0.25);
        if (!older || docs.filter((x) => x.leak?.kind === kind).length >= 45) { used.delete(d); continue; }
        const before = fuelAmt(d);
        rate(d, { fuelDay: older });
        plant(d, kind, before - fuelAmt(d));
      }
    } else if (kind === "discount_above_tier") {
      for (const d of take(orig.filter((x) => x.s.acct.contract && plainish(x) && discOn(x.s.acct, x.s.service, x.s.ship) === discOn(x.s.acct, x.s.service, x.date)), 55)) {
        const before = total(d);
        const bump = pick([0.04, 0.05, 0.08, 0.1]);
        rate(d, { disc: (b) => Math.round((b + bump) * 100) / 100 });
        plant(d, kind, before - total(d));
      }
    } else if (kind === "accessorial_scanned_not_billed") {
      for (const d of take(orig.filter((x) => x.s.pkgs.length === 1 && x.s.pkgs[0]!.events.some((e) => ["AHS", "SIG", "SAT", "ADC"].includes(e)) && !x.leak), 55)) {
        const code = d.s.pkgs[0]!.events.find((e) => ["AHS", "SIG", "SAT", "ADC"].includes(e))!;
        const before = total(d);
        rate(d, { skip: (c) => c === code });
        plant(d, kind, before - total(d));
      }
    } else if (kind === "minimum_not_applied") {
      for (const d of take(orig.filter((x) => x.s.pkgs.length === 1 && x.lines.some((l) => l.code === "MNC") && !x.leak), 55)) {
        const before = total(d);
        rate(d, { skipMin: true });
        plant(d, kind, before - total(d));
      }
    } else {
      // A service-guarantee refund credited a second time from the refund queue.
      for (const src of take(docs.filter((x) => x.regular === "guarantee_refund" && x.date <= addDays(LAST_WEEK, -14)), 25)) {
        const d = newDoc({ ...src, date: addDays(src.date, 7 * int(1, 4)), createdBy: pick(clerks), lines: src.lines.map((l) => ({ ...l })), regular: "" });
        plant(d, kind, -total(src));
      }
    }
  }

  // Document numbers: a shipment's lead tracking number; adjustments and credits their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.s.ship < b.s.ship ? -1 : a.s.ship > b.s.ship ? 1 : 0));
  let adjNo = 3_104_000, crNo = 7_702_000;
  for (const d of docs) {
    if (d.type === "Shipment" || d.type === "Return") d.id = d.s.pkgs[0]!.tracking;
    else if (d.type === "Adjustment") d.id = `ADJ${(adjNo += int(1, 9))}`;
    else d.id = `CR${(crNo += int(1, 9))}`;
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.id, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk });
  return { docs, accounts, fuel, labels, listRate, accRate, accNet, netRate, discOn, minCharge };
}

const num = (v: number | null) => (v === null ? "" : v.toFixed(2));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeParcel(seed: number, out: string) {
  const g = generateParcel(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Document No", "Document Type", "Invoice No", "Invoice Date", "Account", "Account Name", "Pricing Agreement", "Ship Date", "Delivery Date", "Service", "Origin ZIP", "Dest ZIP", "Dest State", "Zone", "Induction Hub", "Pieces", "Residential", "Promo Code", "Related Document", "Reason", "Created By", "Approved By", "Currency", "Document Total",
    "Package Tracking", "Actual Weight", "Length", "Width", "Height", "DIM Divisor", "Billed Weight", "Charge Code", "Rated Zone", "Rated Weight", "Charge Description", "Quantity", "Unit", "Published Rate", "Incentive %", "Net Charge"];
  const rows: string[][] = [];
  const statement = (d: Doc) => `S${d.date.replace(/-/g, "").slice(2)}-${d.s.acct.id.slice(1)}`;
  for (const d of g.docs) {
    const s = d.s, a = s.acct;
    const t = r2(d.lines.reduce((x, l) => x + l.amount, 0));
    for (const l of d.lines) {
      const p = s.pkgs.find((x) => x.tracking === l.pkg) ?? s.pkgs[0]!;
      rows.push([d.id, d.type, statement(d), usDate(d.date), a.id, a.name, a.contract ? `CPA-${a.id}` : "", usDate(s.ship), usDate(s.deliver), SERVICE_DESC[s.service], s.origin, s.dest, s.state, String(s.zone), s.hub, String(s.pkgs.length), s.residential ? "Y" : "N",
        l.code === s.service ? s.promo : "", d.original?.id ?? "", d.reason, d.createdBy, d.approver, "USD", num(t),
        p.tracking, p.actual.toFixed(1), String(p.l), String(p.w), String(p.h), String(a.divisor), String(p.billed),
        l.code, l.zone, l.weight, l.desc, l.unit === "%" ? l.qty.toFixed(2) : String(l.qty), l.unit, l.rate === null ? "" : l.rate.toFixed(2), l.disc === null ? "" : l.disc.toFixed(2), num(l.amount)]);
    }
  }
  writeFileSync(join(out, "shipment_charges.csv"), csv(header, rows));
  // Published rates: transportation per service, zone and pound; accessorials; the fuel tables.
  const rates: string[][] = [];
  for (const day of ["2025-01-06", GRI]) {
    for (const svc of ["GND", "NXT"] as Service[]) for (let z = 2; z <= 8; z++) for (let w = 1; w <= MAX_W[svc]; w++) rates.push([svc, String(z), String(w), `${SERVICE_DESC[svc]} zone ${z} ${w} lb`, "USD", g.listRate(svc, z, w, day).toFixed(2), "PKG", usDate(day)]);
    for (const code of Object.keys(ACC)) rates.push([code, "", "", ACC[code]!.desc, "USD", g.accRate(code, day).toFixed(2), "EA", usDate(day)]);
  }
  for (const f of g.fuel) {
    rates.push(["FSCG", "", "", "Fuel surcharge ground", "USD", f.gnd.toFixed(2), "%", usDate(f.from)]);
    rates.push(["FSCA", "", "", "Fuel surcharge air", "USD", f.air.toFixed(2), "%", usDate(f.from)]);
  }
  writeFileSync(join(out, "ref", "published_rates.csv"), csv(["Charge Code", "Zone", "Weight", "Description", "Currency", "Rate", "Unit", "Effective Date"], rates));
  // Pricing agreements as the rating engine exports them: a segment per tier period and tariff
  // year, net rates per service, zone and weight; negotiated accessorials; the minimum net charge.
  const agr: string[][] = [];
  for (const a of g.accounts.filter((x) => x.contract)) {
    const bounds = [...new Set([...a.tierPeriods.map((p) => p.from), GRI])].sort();
    for (let i = 0; i < bounds.length; i++) {
      const from = bounds[i]!, to = i + 1 < bounds.length ? addDays(bounds[i + 1]!, -1) : "2026-12-31";
      const tier = a.tierPeriods.filter((p) => p.from <= from).at(-1)!.tier;
      for (const svc of a.services) for (let z = 2; z <= 8; z++) for (let w = 1; w <= MAX_W[svc]; w++) agr.push([`CPA-${a.id}`, a.id, svc, String(z), String(w), "USD", g.netRate(a, svc, z, w, from).toFixed(2), (g.discOn(a, svc, from) * 100).toFixed(2), `T${tier + 1}`, "PKG", usDate(from), usDate(to)]);
      if (a.resDisc !== null) agr.push([`CPA-${a.id}`, a.id, "RES", "", "", "USD", g.accNet(a, "RES", from).toFixed(2), (a.resDisc * 100).toFixed(2), "", "EA", usDate(from), usDate(to)]);
      agr.push([`CPA-${a.id}`, a.id, "MNC", "", "", "USD", g.minCharge(a, from).toFixed(2), "", "", "PKG", usDate(from), usDate(to)]);
    }
  }
  // The new-account holiday ground promotion, open to accounts at published rates that claim it.
  for (let z = 2; z <= 8; z++) for (let w = 1; w <= MAX_W.GND; w++) agr.push([PROMO.id, "*", "GND", String(z), String(w), "USD", r2(g.listRate("GND", z, w, PROMO.from) * (1 - PROMO.disc)).toFixed(2), (PROMO.disc * 100).toFixed(2), "", "PKG", usDate(PROMO.from), usDate(PROMO.to)]);
  writeFileSync(join(out, "ref", "pricing_agreements.csv"), csv(["Agreement", "Account", "Charge Code", "Zone", "Weight", "Currency", "Net Rate", "Incentive %", "Tier", "Unit", "Effective Date", "Expiration Date"], agr));
  // The hub scan log: per package its billable weight as measured, per accessorial event a row.
  const scans: string[][] = [];
  let scanNo = 0;
  for (const d of g.docs) for (const sc of d.scans) scans.push([`SC${(++scanNo).toString().padStart(8, "0")}`, d.type === "Adjustment" ? d.original!.id : d.id, sc[0], d.s.acct.id, sc[1], sc[2], sc[3], String(sc[4]), usDate(sc[5])]);
  writeFileSync(join(out, "ref", "scan_log.csv"), csv(["Scan ID", "Tracking No", "Package Tracking", "Account", "Rate Code", "Zone", "Billable Weight", "Qty", "Scan Date"], scans));
  writeFileSync(join(out, "ref", "fuel_tables.csv"), csv(["Week Starting", "Ground FSC %", "Air FSC %"], g.fuel.map((f) => [usDate(f.from), f.gnd.toFixed(2), f.air.toFixed(2)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.id] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, accounts: g.accounts.length, rate_rows: rates.length, agreement_rows: agr.length, scan_rows: scans.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeParcel(Number(arg("--seed", "3401")), arg("--out", "/tmp/parcel-3401"))));
}
