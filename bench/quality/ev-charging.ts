// An independent billing data set (the twenty-seventh, 2026-11-28): an EV charging network
// operator's (CPO) session billing over January – October 2026, exported from its charge point
// management and billing back office (OCPP 1.6/2.0.1 stations, OCPI 2.2.1 roaming, Hubject-style
// partner settlement). Written from how a CPO bills before reading the detectors.
//
// `billing_lines.csv`: one row per invoice line with the invoice's header on each — invoice number
// and type (INV, CRN), invoice date, channel (Direct: an app or ad-hoc card session billed on its
// own receipt; Fleet: a fleet account's monthly invoice; Roaming: an eMSP partner's monthly
// invoice of the CDRs sent to it over OCPI), bill-to party (an OCPI party id `NL*TNM`, a fleet
// account, an app user), contract (the roaming agreement, the fleet contract, or a promotion),
// billing period, related invoice and reason (a refund for a faulty charger), user and approver,
// currency, net, VAT rate and amount, gross; per line the CDR id, session start and end in UTC
// (ISO 8601, as OCPI writes them), location, EVSE id (`NL*EVC*E00123*1`), connector standard,
// power type (AC_3_PHASE, DC), tariff id, the charge code (`AC-ENERGY-PEAK`, `DC-TIME`,
// `AC-IDLE`, `AC-SESSION`, `FLEET-DISC`…), description, quantity, unit (kWh, min, session, %),
// unit price and amount. Beside it `ref/tariffs.csv` (the public tariffs per charge code with
// their validity: a price rise on 2026-07-01), `ref/agreements.csv` (the roaming agreements'
// rates per partner and charge code, a partner's rate change on a date; the fleet contracts'
// discount in %; the free-charging promotion of a new location), `ref/ocpi_cdrs_sent.csv` (each
// CDR sent to an eMSP with its energy, cost and the partner invoice that settles it) and
// `ref/sessions.csv` (every session the stations reported, failed ones at 0 kWh included).
//
// Regular business (hard negatives): time-of-use (peak 17:00–21:00 local time on weekdays, the
// rest and weekends off-peak; the export is in UTC, local time is Europe/Amsterdam with its DST);
// sessions crossing the peak boundary (two energy lines); sessions spanning midnight; sessions
// started before the tariff change and ended after it (priced at the tariff at the session's
// start, as OCPI does); idle time within the grace period (no fee) and beyond (a PARKING_TIME line,
// capped per session); DC sessions' per-minute charge; session fees; roaming sessions at the
// partner's agreed rate (no time-of-use), a partner's rate change on a date, CDRs that reached the
// partner late billed on the next month's invoice; EU partners billed under reverse charge (0 %
// VAT); fleet accounts on a monthly invoice with their contracted discount; free charging at a new
// location's opening month (lines at 0 on the promotion's tariff, fleet sessions there at 0 too);
// failed sessions at 0 kWh not billed; refunds for faulty chargers (a credit note of the whole
// receipt, approved). Planted (labelled, with the amount at risk): a roaming session never
// invoiced to the partner (the partner invoice it belongs to labelled), the old tariff after a
// change, the idle fee not charged after the grace period, a fleet discount above the contract, a
// session billed twice (the same CDR id on a second receipt, or twice on a partner invoice), a DC
// session at the AC tariff, peak kWh billed at the off-peak rate.
// Run: bun run bench/quality/ev-charging.ts --seed 2701 --out /tmp/ev
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, r2 } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "roaming_session_not_invoiced" | "old_tariff_after_change" | "idle_fee_not_charged" | "fleet_discount_above_contract" | "session_billed_twice" | "dc_session_at_ac_tariff" | "peak_billed_at_offpeak";
export const LEAK_KINDS: LeakKind[] = ["roaming_session_not_invoiced", "old_tariff_after_change", "idle_fee_not_charged", "fleet_discount_above_contract", "session_billed_twice", "dc_session_at_ac_tariff", "peak_billed_at_offpeak"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_DAY = "2026-01-01";
const LAST_DAY = "2026-10-31";
const TARIFF_CHANGE = "2026-07-01";
const VAT = 21;

type Power = "AC" | "DC";
/** The public tariff per charge code, before and from the change. */
const PUBLIC: Record<string, { unit: string; before: number; after: number; text: string }> = {
  "AC-ENERGY-PEAK": { unit: "kWh", before: 0.49, after: 0.54, text: "Energy AC peak" },
  "AC-ENERGY-OFFPEAK": { unit: "kWh", before: 0.39, after: 0.42, text: "Energy AC off-peak" },
  "DC-ENERGY-PEAK": { unit: "kWh", before: 0.69, after: 0.74, text: "Energy DC peak" },
  "DC-ENERGY-OFFPEAK": { unit: "kWh", before: 0.59, after: 0.62, text: "Energy DC off-peak" },
  "DC-TIME": { unit: "min", before: 0.05, after: 0.05, text: "Charging time DC" },
  "AC-SESSION": { unit: "session", before: 0.35, after: 0.35, text: "Session fee" },
  "DC-SESSION": { unit: "session", before: 0.5, after: 0.5, text: "Session fee" },
  "AC-IDLE": { unit: "min", before: 0.1, after: 0.1, text: "Idle fee after 60 min grace" },
  "DC-IDLE": { unit: "min", before: 0.25, after: 0.25, text: "Idle fee after 15 min grace" },
};
const GRACE: Record<Power, number> = { AC: 60, DC: 15 };
const IDLE_CAP = 20;
const tariffId = (p: Power, day: string) => `NL-PUB-${p}-${day < TARIFF_CHANGE ? "2025" : "2026"}`;
const publicPrice = (code: string, start: string) => (start.slice(0, 10) < TARIFF_CHANGE ? PUBLIC[code]!.before : PUBLIC[code]!.after);

/** Europe/Amsterdam: UTC+2 from the last Sunday of March 01:00 UTC to the last Sunday of October 01:00 UTC, else UTC+1. */
const lastSundayUtc = (y: number, m: number) => { const d = new Date(Date.UTC(y, m, 0, 1)); d.setUTCDate(d.getUTCDate() - d.getUTCDay()); return d.getTime(); };
const offsetHours = (t: number) => { const y = new Date(t).getUTCFullYear(); return t >= lastSundayUtc(y, 3) && t < lastSundayUtc(y, 10) ? 2 : 1; };
/** Peak: 17:00–21:00 local on a weekday. */
const isPeak = (t: number) => { const l = new Date(t + offsetHours(t) * 3600000); const h = l.getUTCHours(), wd = l.getUTCDay(); return wd >= 1 && wd <= 5 && h >= 17 && h < 21; };
const iso = (t: number) => new Date(t).toISOString().slice(0, 19) + "Z";

interface Location { id: string; city: string; evses: { id: string; power: Power; connector: string; kw: number }[]; opened: string }
interface Party { id: string; name: string; country: string; agreement: string; rates: Record<string, number>; change?: { date: string; rates: Record<string, number> } }
interface Fleet { id: string; name: string; contract: string; discount: number }
interface Session {
  cdr: string; start: number; end: number; loc: Location; evse: Location["evses"][number]; kwh: number; peakKwh: number; chargeMin: number; idleMin: number;
  channel: "Direct" | "Fleet" | "Roaming"; party?: Party; fleet?: Fleet; user: string; failed: boolean; promo: boolean; invoice?: string;
}
interface Line { cdr: string; s: Session | null; code: string; tariff: string; text: string; qty: number; unit: string; price: number; amount: number }
interface Doc {
  no: string; type: "INV" | "CRN"; date: string; channel: Session["channel"]; billTo: string; billToName: string; contract: string; period: [string, string];
  related: string; reason: string; user: string; approver: string; vat: number; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

const netOf = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));

export function generateEv(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const cities = ["Amsterdam", "Utrecht", "Rotterdam", "Den Haag", "Eindhoven", "Arnhem", "Zwolle", "Groningen", "Breda", "Haarlem"];
  const locations: Location[] = [];
  for (let i = 0; i < 36; i++) {
    const dc = i % 4 === 0;
    const loc: Location = { id: `LOC-${String(1001 + i)}`, city: cities[i % cities.length]!, evses: [], opened: i === 35 ? "2026-04-01" : i === 34 ? "2026-08-01" : "2024-01-01" };
    const n = dc ? int(2, 6) : int(2, 8);
    for (let k = 0; k < n; k++) {
      const power: Power = dc && k < n - 1 ? "DC" : "AC";
      loc.evses.push({ id: `NL*EVC*E${String(10_000 + i * 20 + k)}*1`, power, connector: power === "DC" ? (chance(0.9) ? "IEC_62196_T2_COMBO" : "CHADEMO") : "IEC_62196_T2", kw: power === "DC" ? pick([50, 150, 300]) : pick([11, 22]) });
    }
    locations.push(loc);
  }
  // The promotions: each new location charges free in its first month (OCPI tariff of price 0).
  const promos = locations.filter((l) => l.opened > "2025-01-01").map((l) => ({ id: `PROMO-OPEN-${l.id}`, loc: l, from: l.opened, to: addDays(addDays(l.opened, 31).slice(0, 8) + "01", -1) }));
  const promoFor = (loc: Location, day: string) => promos.find((p) => p.loc === loc && p.from <= day && day <= p.to);

  const partners: Party[] = [
    { id: "NL*TNM", name: "TotalEnergies Mobility NL", country: "NL", agreement: "OCPI-AGR-NL-TNM", rates: { "AC-ENERGY": 0.44, "DC-ENERGY": 0.64, "AC-SESSION": 0.25, "DC-SESSION": 0.25, "AC-IDLE": 0.1, "DC-IDLE": 0.25 } },
    { id: "DE*8PS", name: "Plugsurfing GmbH", country: "DE", agreement: "OCPI-AGR-DE-8PS", rates: { "AC-ENERGY": 0.45, "DC-ENERGY": 0.66, "AC-SESSION": 0.3, "DC-SESSION": 0.3, "AC-IDLE": 0.1, "DC-IDLE": 0.25 }, change: { date: "2026-05-01", rates: { "AC-ENERGY": 0.47, "DC-ENERGY": 0.69, "AC-SESSION": 0.3, "DC-SESSION": 0.3, "AC-IDLE": 0.1, "DC-IDLE": 0.25 } } },
    { id: "NL*SHL", name: "Shell Recharge Solutions", country: "NL", agreement: "HBS-AGR-NL-SHL", rates: { "AC-ENERGY": 0.43, "DC-ENERGY": 0.63, "AC-SESSION": 0, "DC-SESSION": 0, "AC-IDLE": 0.1, "DC-IDLE": 0.2 } },
    { id: "BE*BLB", name: "Blue Corner eMSP", country: "BE", agreement: "HBS-AGR-BE-BLB", rates: { "AC-ENERGY": 0.46, "DC-ENERGY": 0.67, "AC-SESSION": 0.2, "DC-SESSION": 0.2, "AC-IDLE": 0.1, "DC-IDLE": 0.25 } },
    { id: "FR*GIR", name: "Freshmile Services", country: "FR", agreement: "OCPI-AGR-FR-GIR", rates: { "AC-ENERGY": 0.45, "DC-ENERGY": 0.65, "AC-SESSION": 0.25, "DC-SESSION": 0.25, "AC-IDLE": 0, "DC-IDLE": 0 }, change: { date: "2026-09-01", rates: { "AC-ENERGY": 0.46, "DC-ENERGY": 0.68, "AC-SESSION": 0.25, "DC-SESSION": 0.25, "AC-IDLE": 0, "DC-IDLE": 0 } } },
  ];
  const partnerRate = (p: Party, code: string, day: string) => (p.change && day >= p.change.date ? p.change.rates : p.rates)[code]!;
  const fleets: Fleet[] = ["Bol Logistics", "Coolblue Delivery", "PostNL Pakket", "Eneco Service", "Taxi Centrale Utrecht", "Greenwheels", "Heijmans Infra", "Stedin Netbeheer"].map((n, i) => ({ id: `FL-${String(501 + i)}`, name: n, contract: `FLT-2026-${String(11 + i)}`, discount: [10, 12.5, 15, 15, 8, 20, 10, 12][i]! }));
  const appUsers = Array.from({ length: 900 }, (_, i) => `APP-${String(200_001 + i * 7)}`);

  // Sessions: 22–30 a day across the network.
  const sessions: Session[] = [];
  let cdrNo = 4_000_000;
  for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
    const n = int(22, 30);
    for (let k = 0; k < n; k++) {
      const loc = pick(locations.filter((l) => l.opened <= day));
      const evse = pick(loc.evses);
      // Start: a day's profile in local time (commuters arrive 7–9, shoppers midday, residents 17–23).
      const hourLocal = pick([7, 8, 8, 9, 11, 12, 13, 14, 16, 17, 17, 18, 18, 19, 20, 21, 22, 23]) + rnd();
      const start0 = Date.parse(day + "T00:00:00Z") + hourLocal * 3600000;
      const start = Math.round((start0 - offsetHours(start0) * 3600000) / 1000) * 1000;
      const failed = chance(0.025);
      let chargeMin: number, kwh: number, idleMin: number;
      if (failed) { chargeMin = int(0, 3); kwh = 0; idleMin = 0; }
      else if (evse.power === "DC") { chargeMin = int(12, 50); kwh = r2(Math.min(85, (chargeMin / 60) * evse.kw * between(0.45, 0.8))); idleMin = chance(0.75) ? int(0, 12) : int(16, 60); }
      else { chargeMin = int(45, hourLocal > 20 ? 540 : 300); kwh = r2(Math.min(75, (chargeMin / 60) * evse.kw * between(0.35, 0.7))); idleMin = chance(0.6) ? int(0, 55) : int(61, 600); }
      const end = start + (chargeMin + idleMin) * 60000;
      // Energy in peak: by the charging minutes in peak (the energy is delivered evenly over the charging time).
      let peakMin = 0;
      for (let t = start; t < start + chargeMin * 60000; t += 60000) if (isPeak(t)) peakMin++;
      const peakKwh = chargeMin ? r2((kwh * peakMin) / chargeMin) : 0;
      const r = rnd();
      const channel: Session["channel"] = r < 0.5 ? "Direct" : r < 0.67 ? "Fleet" : "Roaming";
      const s: Session = { cdr: `CDR${++cdrNo}`, start, end, loc, evse, kwh, peakKwh, chargeMin, idleMin, channel, user: pick(appUsers), failed, promo: false };
      if (channel === "Roaming") s.party = pick(partners);
      if (channel === "Fleet") s.fleet = pick(fleets);
      s.promo = !!promoFor(loc, new Date(start).toISOString().slice(0, 10)) && channel !== "Roaming";
      sessions.push(s);
    }
  }
  // Sessions across the tariff change's midnight: started on 30 June, ended on 1 July (priced at the start's tariff).
  const ac = locations.flatMap((l) => l.evses.map((e) => ({ l, e }))).filter((x) => x.e.power === "AC");
  for (let k = 0; k < 4; k++) {
    const { l, e } = pick(ac);
    const start = Date.parse("2026-06-30T20:00:00Z") + int(0, 100) * 60000;
    const chargeMin = int(200, 400), idleMin = int(0, 50);
    sessions.push({ cdr: `CDR${++cdrNo}`, start, end: start + (chargeMin + idleMin) * 60000, loc: l, evse: e, kwh: r2((chargeMin / 60) * e.kw * 0.5), peakKwh: 0, chargeMin, idleMin, channel: "Direct", user: pick(appUsers), failed: false, promo: false });
  }
  sessions.sort((a, b) => a.start - b.start);

  /** A session's lines at the public tariff (Direct, Fleet): energy by band, DC time, session fee, idle beyond grace (capped). */
  const publicLines = (s: Session, opts: { oldTariff?: boolean; noIdle?: boolean; asAc?: boolean; offpeakOnly?: boolean } = {}): Line[] => {
    const day = new Date(s.start).toISOString().slice(0, 10);
    const promo = s.promo ? promoFor(s.loc, day) : undefined;
    const p: Power = opts.asAc ? "AC" : s.evse.power;
    const tariff = promo ? promo.id : tariffId(p, opts.oldTariff ? "2025-01-01" : day);
    const price = (code: string) => (promo ? 0 : opts.oldTariff ? PUBLIC[code]!.before : publicPrice(code, iso(s.start)));
    const out: Line[] = [];
    const add = (code: string, qty: number) => { if (qty > 0) out.push({ cdr: s.cdr, s, code, tariff, text: PUBLIC[code]!.text, qty, unit: PUBLIC[code]!.unit, price: price(code), amount: r2(qty * price(code)) }); };
    const peak = opts.offpeakOnly ? 0 : s.peakKwh;
    add(`${p}-ENERGY-PEAK`, peak);
    add(`${p}-ENERGY-OFFPEAK`, r2(s.kwh - peak));
    if (p === "DC") add("DC-TIME", s.chargeMin);
    add(`${p}-SESSION`, 1);
    const idle = s.idleMin - GRACE[s.evse.power];
    if (idle > 0 && !opts.noIdle) {
      const code = `${p}-IDLE`;
      const pr = price(code);
      const amt = Math.min(IDLE_CAP, r2(idle * pr));
      if (pr > 0) out.push({ cdr: s.cdr, s, code, tariff, text: amt < r2(idle * pr) ? `${PUBLIC[code]!.text} (capped at EUR ${IDLE_CAP})` : PUBLIC[code]!.text, qty: idle, unit: "min", price: pr, amount: amt });
    }
    return out;
  };
  const roamingLines = (s: Session, opts: { noIdle?: boolean } = {}): Line[] => {
    const day = new Date(s.start).toISOString().slice(0, 10), p = s.party!, pw = s.evse.power;
    const out: Line[] = [];
    const add = (code: string, qty: number, text: string) => { const pr = partnerRate(p, code, day); if (qty > 0) out.push({ cdr: s.cdr, s, code, tariff: p.agreement, text, qty, unit: code.endsWith("ENERGY") ? "kWh" : code.endsWith("SESSION") ? "session" : "min", price: pr, amount: r2(qty * pr) }); };
    add(`${pw}-ENERGY`, s.kwh, `Energy ${pw}`);
    add(`${pw}-SESSION`, 1, "Session fee");
    const idle = s.idleMin - GRACE[pw];
    if (idle > 0 && !opts.noIdle && partnerRate(p, `${pw}-IDLE`, day) > 0) add(`${pw}-IDLE`, idle, `Idle fee after ${GRACE[pw]} min grace`);
    return out;
  };
  const sumLines = (ls: Line[]) => r2(ls.reduce((a, l) => a + l.amount, 0));

  const docs: Doc[] = [];
  const labels: Label[] = [];
  const users = ["billing.vdberg", "billing.jansen", "billing.dekker", "svc-rating-engine"];
  const approvers = ["fin.mulder", "fin.bakker"];
  let rcpt = 0, invNo = 0;
  // Planting plan: 5 of each kind, spread over the year, chosen when the document is made.
  const quota: Record<LeakKind, number> = Object.fromEntries(LEAK_KINDS.map((k) => [k, 5])) as Record<LeakKind, number>;
  const plantRate = 0.004;
  const plant = (k: LeakKind, eligible: boolean) => eligible && quota[k] > 0 && chance(plantRate * (k === "fleet_discount_above_contract" ? 40 : k === "roaming_session_not_invoiced" ? 50 : k === "old_tariff_after_change" ? 3 : k === "dc_session_at_ac_tariff" ? 6 : k === "peak_billed_at_offpeak" ? 3 : 1)) ? (quota[k]--, true) : false;

  // Direct sessions: a receipt each on the day the session ends.
  for (const s of sessions.filter((x) => x.channel === "Direct" && !x.failed)) {
    const date = new Date(s.end).toISOString().slice(0, 10);
    const d: Doc = { no: `RC-26-${String(++rcpt).padStart(6, "0")}`, type: "INV", date, channel: "Direct", billTo: s.user, billToName: "App user", contract: "", period: [date, date], related: "", reason: "", user: "svc-rating-engine", approver: "", vat: VAT, lines: [], regular: "session_receipt" };
    const startDay = new Date(s.start).toISOString().slice(0, 10);
    const idleBeyond = s.idleMin - GRACE[s.evse.power];
    if (s.promo) { d.contract = promoFor(s.loc, startDay)!.id; d.lines = publicLines(s); d.regular = "free_promotion"; }
    else if (startDay >= "2026-07-05" && plant("old_tariff_after_change", true)) {
      d.lines = publicLines(s, { oldTariff: true });
      d.leak = { kind: "old_tariff_after_change", risk: r2(sumLines(publicLines(s)) - sumLines(d.lines)) };
    } else if (idleBeyond > 20 && plant("idle_fee_not_charged", true)) {
      d.lines = publicLines(s, { noIdle: true });
      d.leak = { kind: "idle_fee_not_charged", risk: r2(sumLines(publicLines(s)) - sumLines(d.lines)) };
    } else if (s.evse.power === "DC" && plant("dc_session_at_ac_tariff", true)) {
      d.lines = publicLines(s, { asAc: true });
      d.leak = { kind: "dc_session_at_ac_tariff", risk: r2(sumLines(publicLines(s)) - sumLines(d.lines)) };
    } else if (s.peakKwh > 5 && plant("peak_billed_at_offpeak", true)) {
      d.lines = publicLines(s, { offpeakOnly: true });
      d.leak = { kind: "peak_billed_at_offpeak", risk: r2(sumLines(publicLines(s)) - sumLines(d.lines)) };
    } else {
      d.lines = publicLines(s);
      const sDay = new Date(s.start).toISOString().slice(0, 10);
      const capped = d.lines.some((l) => l.code.endsWith("IDLE") && l.amount < r2(l.qty * l.price));
      d.regular = sDay < TARIFF_CHANGE && date >= TARIFF_CHANGE ? "session_across_tariff_change" : capped ? "idle_fee_capped" : sDay !== date ? "session_across_midnight" : s.peakKwh > 0 && s.peakKwh < s.kwh ? "session_across_peak_boundary" : idleBeyond > 0 ? "idle_fee_after_grace" : s.idleMin > 0 ? "idle_within_grace" : "session_receipt";
    }
    s.invoice = d.no;
    docs.push(d);
    // A refund for a faulty charger: the whole receipt credited, approved.
    if (!d.leak && !s.promo && chance(0.012)) {
      docs.push({ ...d, no: `CR-26-${String(rcpt).padStart(6, "0")}`, type: "CRN", date: addDays(date, int(1, 12)), related: d.no, reason: "FAULTY_CHARGER", user: pick(users.slice(0, 3)), approver: pick(approvers), lines: d.lines.map((l) => ({ ...l, qty: -l.qty, amount: -l.amount })), regular: "refund_faulty_charger" });
    }
    // The same CDR on a second receipt (a rating retry that issued again).
    if (!d.leak && !s.promo && plant("session_billed_twice", true)) {
      const dup: Doc = { ...d, no: `RC-26-${String(++rcpt).padStart(6, "0")}`, date: addDays(date, int(0, 2)), lines: d.lines.map((l) => ({ ...l })), leak: { kind: "session_billed_twice", risk: netOf(d) } };
      docs.push(dup);
    }
  }

  // Monthly invoices: fleets and roaming partners, dated the 5th of the next month.
  const months = Array.from({ length: 10 }, (_, i) => `2026-${String(i + 1).padStart(2, "0")}`);
  const monthEnd = (m: string) => addDays(addMonths1(m) + "-01", -1);
  const addMonths1 = (m: string) => { const y = Number(m.slice(0, 4)), mo = Number(m.slice(5, 7)); return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`; };
  const sentCdrs: { s: Session; invoice: string; lateFrom?: string }[] = [];
  for (const m of months) {
    const date = addMonths1(m) + "-05";
    for (const f of fleets) {
      const ss = sessions.filter((s) => s.fleet === f && !s.failed && iso(s.end).slice(0, 7) === m);
      if (!ss.length) continue;
      const d: Doc = { no: `INV-26-${String(++invNo).padStart(5, "0")}`, type: "INV", date, channel: "Fleet", billTo: f.id, billToName: f.name, contract: f.contract, period: [m + "-01", monthEnd(m)], related: "", reason: "", user: pick(users.slice(0, 3)), approver: pick(approvers), vat: VAT, lines: [], regular: "fleet_monthly_invoice" };
      for (const s of ss) { d.lines.push(...publicLines(s)); s.invoice = d.no; }
      if (ss.some((s) => s.promo)) d.regular = "fleet_invoice_with_free_promotion";
      const base = sumLines(d.lines.filter((l) => l.code.includes("ENERGY")));
      let pct = f.discount;
      if (plant("fleet_discount_above_contract", d.regular === "fleet_monthly_invoice")) { pct = f.discount + pick([2.5, 5, 10]); d.leak = { kind: "fleet_discount_above_contract", risk: r2((base * (pct - f.discount)) / 100) }; }
      d.lines.push({ cdr: "", s: null, code: "FLEET-DISC", tariff: f.contract, text: `Fleet discount ${pct} % on energy (contract ${f.contract})`, qty: base, unit: "%", price: pct, amount: -r2((base * pct) / 100) });
      docs.push(d);
    }
    for (const p of partners) {
      // The CDRs sent this month: sessions ended this month, and a few that reached the partner late from the month before.
      const ss = sessions.filter((s) => s.party === p && !s.failed && iso(s.end).slice(0, 7) === m);
      const late = new Set<Session>();
      for (const s of ss) if (chance(0.03) && m !== "2026-10") late.add(s);
      const prevLate = sessions.filter((s) => s.party === p && (s as Session & { lateTo?: string }).lateTo === m);
      const billed = [...ss.filter((s) => !late.has(s)), ...prevLate];
      for (const s of late) (s as Session & { lateTo?: string }).lateTo = addMonths1(m);
      if (!billed.length) continue;
      const d: Doc = { no: `INV-26-${String(++invNo).padStart(5, "0")}`, type: "INV", date, channel: "Roaming", billTo: p.id, billToName: p.name, contract: p.agreement, period: [m + "-01", monthEnd(m)], related: "", reason: "", user: "svc-ocpi-settlement", approver: pick(approvers), vat: p.country === "NL" ? VAT : 0, lines: [], regular: prevLate.length ? "roaming_invoice_with_late_cdrs" : p.change && m === p.change.date.slice(0, 7) ? "roaming_invoice_after_rate_change" : "roaming_monthly_invoice" };
      let dropped: Session | null = null, doubled: Session | null = null;
      if (plant("roaming_session_not_invoiced", billed.length > 5)) dropped = pick(billed);
      else if (plant("session_billed_twice", billed.length > 5)) doubled = pick(billed);
      for (const s of billed) {
        s.invoice = d.no;
        sentCdrs.push({ s, invoice: d.no, lateFrom: prevLate.includes(s) ? iso(s.end).slice(0, 7) : undefined });
        if (s === dropped) continue;
        d.lines.push(...roamingLines(s));
        if (s === doubled) d.lines.push(...roamingLines(s));
      }
      if (dropped) d.leak = { kind: "roaming_session_not_invoiced", risk: sumLines(roamingLines(dropped)) };
      if (doubled) d.leak = { kind: "session_billed_twice", risk: sumLines(roamingLines(doubled)) };
      docs.push(d);
    }
  }
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: "EUR", amount_at_risk: d.leak.risk });
  return { docs, labels, sessions, sentCdrs, locations, partners, fleets, promos };
}

export function writeEv(seed: number, out: string) {
  const g = generateEv(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const q = (v: number) => String(v);
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Channel", "Bill To ID", "Bill To Name", "Contract ID", "Period Start", "Period End", "Related Invoice", "Reason Code", "Created By", "Approved By", "Currency", "Net Amount", "VAT Rate", "VAT Amount", "Gross Amount",
    "Line No", "CDR ID", "Session Start", "Session End", "Location ID", "EVSE ID", "Connector Standard", "Power Type", "Idle Minutes", "Tariff ID", "Charge Code", "Description", "Quantity", "Unit", "Unit Price", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const net = netOf(d), vat = r2((net * d.vat) / 100);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, d.date, d.channel, d.billTo, d.billToName, d.contract, d.period[0], d.period[1], d.related, d.reason, d.user, d.approver, "EUR", n2(net), q(d.vat), n2(vat), n2(r2(net + vat)),
      String(i + 1), l.cdr, l.s ? iso(l.s.start) : "", l.s ? iso(l.s.end) : "", l.s?.loc.id ?? "", l.s?.evse.id ?? "", l.s?.evse.connector ?? "", l.s ? (l.s.evse.power === "DC" ? "DC" : "AC_3_PHASE") : "", l.s ? String(l.s.idleMin) : "", l.tariff, l.code, l.text, q(l.qty), l.unit, q(l.price), n2(l.amount),
    ]));
  }
  writeFileSync(join(out, "billing_lines.csv"), csv(header, rows));
  // The public tariffs per charge code, each with its validity (OCPI tariff start/end date).
  const tariffs: string[][] = [];
  for (const p of ["AC", "DC"] as Power[]) for (const [code, t] of Object.entries(PUBLIC)) if (code.startsWith(p)) {
    tariffs.push([`NL-PUB-${p}-2025`, code, t.text, t.unit, "EUR", q(t.before), "2025-01-01", addDays(TARIFF_CHANGE, -1), code.endsWith("IDLE") ? String(GRACE[p]) : "", code.endsWith("IDLE") ? n2(IDLE_CAP) : ""]);
    tariffs.push([`NL-PUB-${p}-2026`, code, t.text, t.unit, "EUR", q(t.after), TARIFF_CHANGE, "", code.endsWith("IDLE") ? String(GRACE[p]) : "", code.endsWith("IDLE") ? n2(IDLE_CAP) : ""]);
  }
  writeFileSync(join(out, "ref", "tariffs.csv"), csv(["Tariff ID", "Charge Code", "Description", "Unit", "Currency", "Price", "Valid From", "Valid To", "Grace Minutes", "Max Per Session"], tariffs));
  // The agreements: roaming partners' rates, fleet contracts' discount, the promotions (price 0 on every charge code).
  const agr: string[][] = [];
  for (const p of g.partners) {
    const periods: [string, string, Record<string, number>][] = p.change ? [["2025-01-01", addDays(p.change.date, -1), p.rates], [p.change.date, "", p.change.rates]] : [["2025-01-01", "", p.rates]];
    for (const [from, to, rates] of periods) for (const [code, price] of Object.entries(rates)) agr.push([p.agreement, "Roaming", p.id, p.name, code, code.endsWith("ENERGY") ? "kWh" : code.endsWith("SESSION") ? "session" : "min", "EUR", q(price), from, to]);
  }
  for (const f of g.fleets) agr.push([f.contract, "Fleet", f.id, f.name, "FLEET-DISC", "%", "EUR", q(f.discount), "2026-01-01", "2026-12-31"]);
  for (const pr of g.promos) for (const code of Object.keys(PUBLIC)) agr.push([pr.id, "Promotion", "*", `Opening ${pr.loc.id} ${pr.loc.city}`, code, PUBLIC[code]!.unit, "EUR", "0", pr.from, pr.to]);
  writeFileSync(join(out, "ref", "agreements.csv"), csv(["Agreement ID", "Agreement Type", "Party ID", "Party Name", "Charge Code", "Unit", "Currency", "Price", "Valid From", "Valid To"], agr));
  // The CDRs sent to the eMSPs over OCPI, each with the partner invoice that settles it.
  const sent = g.sentCdrs.map(({ s, invoice, lateFrom }) => [s.cdr, s.party!.id, s.party!.agreement, iso(s.start), iso(s.end), s.loc.id, s.evse.id, s.evse.power === "DC" ? "DC" : "AC_3_PHASE", `${s.evse.power}-ENERGY`, q(s.kwh), String(s.chargeMin), String(s.idleMin), iso(s.end + 600000), lateFrom ? "LATE" : "SENT", invoice]);
  writeFileSync(join(out, "ref", "ocpi_cdrs_sent.csv"), csv(["CDR ID", "eMSP Party ID", "Agreement ID", "Start Date Time", "End Date Time", "Location ID", "EVSE ID", "Power Type", "Energy Charge Code", "Total Energy kWh", "Total Charging Minutes", "Total Parking Minutes", "Sent At", "Status", "Invoice Number"], sent));
  // Every session the stations reported (OCPP StartTransaction/StopTransaction), failed ones included.
  const sess = g.sessions.map((s) => [s.cdr, iso(s.start), iso(s.end), s.loc.id, s.evse.id, s.evse.connector, s.evse.power === "DC" ? "DC" : "AC_3_PHASE", q(s.kwh), String(s.chargeMin), String(s.idleMin), s.failed ? "FAILED" : "COMPLETED", s.channel, s.party?.id ?? s.fleet?.id ?? s.user, s.failed ? "" : s.invoice ?? ""]);
  writeFileSync(join(out, "ref", "sessions.csv"), csv(["CDR ID", "Start", "Stop", "Location ID", "EVSE ID", "Connector Standard", "Power Type", "Energy kWh", "Charging Minutes", "Idle Minutes", "Status", "Channel", "Billed Party", "Invoice Number"], sess));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, sessions: g.sessions.length, failed: g.sessions.filter((s) => s.failed).length, cdrs_sent: sent.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeEv(Number(arg("--seed", "2701")), arg("--out", "/tmp/ev-2701"))));
}
