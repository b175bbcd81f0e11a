// An independent billing data set (the sixteenth, 2026-11-28): a regional telecom and internet
// provider's subscriber billing over 22 monthly bill runs (January 2025 – October 2026), exported
// from its billing system as a bill-detail extract: one row per bill line, the bill's header on
// each (account, bill date, service period, account type and status, jurisdiction, sales tax, the
// original bill and reason code, agent and approver of an adjustment), per line the charge
// category, product code, service (a phone number or circuit), the line's own period, quantity,
// unit, rate and amount. Beside it the provider's reference data: the product catalogue with price
// changes effective on a date (plans, equipment rental, one-time and unreturned-equipment fees,
// the regulatory recovery fee and the overage rate card), the promotions (monthly credit and
// duration in months) and the account product inventory (each account's products with the rate
// in force from/to: every price step, grandfathered rate, promotion, retention offer, bundle
// credit, employee rate and seasonal suspension is a row).
// Written from how such billing works before reading the detectors: bills in advance on four
// bill cycles (the 1st, 8th, 15th, 22nd), usage in arrears; plan price increases applied at the
// first bill on or after the catalogue's date, or after a two-year price guarantee ends;
// grandfathered accounts at legacy rates; promotions for 12 or 24 bills ending on schedule;
// retention credits granted by care agents with a supervisor's approval; proration on a plan
// change mid-cycle (a credit for the old plan's unused days, a charge for the new plan's) and on
// a first bill (the partial month since activation) and a final bill (a credit for the days after
// the disconnect); seasonal suspensions (the plans stop, a reduced seasonal fee, equipment rental
// continues); multi-line bundle credits; employee accounts at 0; usage with included allowances
// and overage from the rate card; late fees (capped in one jurisdiction), payment arrangements
// (no late fee); care credits within an agent's authority ($50) or approved above it; billing
// corrections credited in full and rebilled; write-offs; moves to another tax jurisdiction; sales
// tax by jurisdiction on taxable services only (internet access is not taxed: ITFA), E911 fees
// per voice line by jurisdiction.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind
// of regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-telecom.ts --seed 1601 --out /tmp/telecom
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, short, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "promo_after_end" | "old_price_after_increase" | "recurring_charge_missing" | "overage_not_billed"
  | "credit_above_policy" | "unreturned_equipment_not_billed" | "duplicate_credit";
export const LEAK_KINDS: LeakKind[] = ["promo_after_end", "old_price_after_increase", "recurring_charge_missing", "overage_not_billed", "credit_above_policy", "unreturned_equipment_not_billed", "duplicate_credit"];
/** A planted bill; a missing recurring charge names its account and the bill's month too (the
 *  product may report it on no bill: the period's bill then bills none of the account's schedule). */
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number; account?: string; month?: string }

const FIRST = "2025-01-01", LAST = "2026-10-31";

/** The product catalogue: price steps effective on a date, the unit, whether sales tax applies. */
interface Product { code: string; desc: string; category: string; unit: string; taxable: boolean; prices: { from: string; price: number }[] }
const CATALOGUE: Product[] = [
  { code: "INT-100", desc: "Internet 100 Mbps", category: "Recurring", unit: "MO", taxable: false, prices: [{ from: "2020-01-01", price: 55 }, { from: "2025-04-01", price: 60 }] },
  { code: "INT-300", desc: "Internet 300 Mbps", category: "Recurring", unit: "MO", taxable: false, prices: [{ from: "2020-01-01", price: 70 }, { from: "2025-04-01", price: 75 }] },
  { code: "INT-1G", desc: "Internet Gig", category: "Recurring", unit: "MO", taxable: false, prices: [{ from: "2020-01-01", price: 90 }, { from: "2025-04-01", price: 95 }] },
  { code: "MOB-5GB", desc: "Mobile 5 GB line", category: "Recurring", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 35 }] },
  { code: "MOB-UNL", desc: "Mobile Unlimited line", category: "Recurring", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 60 }, { from: "2025-07-01", price: 65 }] },
  { code: "HP-BASIC", desc: "Home Phone 500", category: "Recurring", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 25 }] },
  { code: "TV-BASIC", desc: "TV Basic", category: "Recurring", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 30 }, { from: "2026-02-01", price: 33 }] },
  { code: "MODEM-RENT", desc: "Modem rental", category: "Equipment", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 14 }, { from: "2026-01-01", price: 15 }] },
  { code: "STB-RENT", desc: "TV box rental", category: "Equipment", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 10 }] },
  { code: "SEASONAL", desc: "Seasonal suspension fee", category: "Recurring", unit: "MO", taxable: true, prices: [{ from: "2020-01-01", price: 7 }] },
  { code: "INSTALL", desc: "Professional installation", category: "One-Time", unit: "EA", taxable: true, prices: [{ from: "2020-01-01", price: 99 }] },
  { code: "EQUIP-NR-MODEM", desc: "Unreturned equipment - modem", category: "One-Time", unit: "EA", taxable: false, prices: [{ from: "2020-01-01", price: 150 }] },
  { code: "EQUIP-NR-STB", desc: "Unreturned equipment - TV box", category: "One-Time", unit: "EA", taxable: false, prices: [{ from: "2020-01-01", price: 100 }] },
  { code: "LATEFEE", desc: "Late payment fee", category: "Fee", unit: "EA", taxable: false, prices: [{ from: "2020-01-01", price: 10 }] },
  { code: "RRF", desc: "Regulatory recovery fee", category: "Fee", unit: "MO", taxable: false, prices: [{ from: "2020-01-01", price: 1.99 }, { from: "2025-10-01", price: 2.49 }] },
  // The overage rate card.
  { code: "OVG-INT", desc: "Internet data overage (per 50 GB block)", category: "Overage", unit: "BLK", taxable: false, prices: [{ from: "2020-01-01", price: 10 }] },
  { code: "OVG-DATA", desc: "Mobile data overage (per GB)", category: "Overage", unit: "GB", taxable: true, prices: [{ from: "2020-01-01", price: 15 }] },
  { code: "OVG-MIN", desc: "Voice overage (per minute)", category: "Overage", unit: "MIN", taxable: true, prices: [{ from: "2020-01-01", price: 0.05 }] },
];
const PRODUCT = new Map(CATALOGUE.map((p) => [p.code, p]));
const listPrice = (code: string, day: string) => { let v = 0; for (const s of PRODUCT.get(code)!.prices) if (s.from <= day) v = s.price; return v; };
const INCREASE = new Map<string, string>(CATALOGUE.filter((p) => p.prices.length > 1).map((p) => [p.code, p.prices[1]!.from]));

/** Promotions and credits: their monthly credit and duration in bills (0: open-ended). */
const PROMOS: Record<string, { desc: string; credit: number; months: number; taxable: boolean }> = {
  "PRM-NEW12": { desc: "New customer offer - $20 off internet for 12 months", credit: -20, months: 12, taxable: false },
  "PRM-NEW24": { desc: "2-year price guarantee - $10 off internet for 24 months", credit: -10, months: 24, taxable: false },
  "PRM-INST": { desc: "Free installation offer", credit: -99, months: 1, taxable: true },
  "RET-10": { desc: "Loyalty credit $10", credit: -10, months: 12, taxable: false },
  "RET-15": { desc: "Loyalty credit $15", credit: -15, months: 6, taxable: false },
  "RET-20": { desc: "Loyalty credit $20", credit: -20, months: 6, taxable: false },
  "BND-ML2": { desc: "Multi-line discount (2 lines)", credit: -5, months: 0, taxable: true },
  "BND-ML3": { desc: "Multi-line discount (3+ lines)", credit: -10, months: 0, taxable: true },
};

/** Tax jurisdictions: sales tax on taxable telecom services, E911 per voice line, the late-fee cap. */
const JURIS = [
  { id: "TX-TRAVIS", state: "TX", tax: 0.0825, e911: 0.5, lateCap: 0 },
  { id: "TX-HARRIS", state: "TX", tax: 0.0825, e911: 0.5, lateCap: 0 },
  { id: "FL-ORANGE", state: "FL", tax: 0.0744, e911: 0.4, lateCap: 0 },
  { id: "GA-FULTON", state: "GA", tax: 0.089, e911: 1.5, lateCap: 0 },
  { id: "CO-DENVER", state: "CO", tax: 0.0881, e911: 1.38, lateCap: 5 },
  { id: "AZ-MARICOPA", state: "AZ", tax: 0.0835, e911: 0.2, lateCap: 0 },
  { id: "OR-MULTNOMAH", state: "OR", tax: 0, e911: 1.25, lateCap: 0 },
];
type Juris = (typeof JURIS)[number];

interface Row { sid: string; code: string; rate: number; from: string; to: string; type: string; approver: string; freq: string }
interface Service { sid: string; code: string; kind: "INT" | "MOB" | "HP" | "TV" | "MODEM" | "STB"; from: string; to: string }
interface Account {
  id: string; type: "Residential" | "Business" | "Employee"; cycle: number; juris: Juris; moveTo?: { day: string; juris: Juris };
  start: string; end: string; rows: Row[]; services: Service[]; grandfathered: boolean; lockUntil: string; arrangement?: { from: string; to: string };
  unreturned: string[]; seasonal: { from: string; to: string }[];
}
interface Line { category: string; code: string; sid: string; desc: string; from: string; to: string; qty: number | null; unit: string; rate: number | null; amount: number; taxable: boolean }
interface Doc {
  no: string; type: "Invoice" | "Rebill" | "Adjustment" | "Write-off"; date: string; acct: Account; periodFrom: string; periodTo: string; status: string;
  original: Doc | null; reason: string; agent: string; approver: string; lines: Line[]; juris: Juris; regular: string; leak?: { kind: LeakKind; risk: number };
}

export function generateTelecom(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const agents = Array.from({ length: 40 }, (_, i) => `AG${String(1100 + i)}`);
  const supervisors = ["SUP-MARTINEZ", "SUP-OKAFOR", "SUP-LINDQVIST", "SUP-CHEN", "SUP-BAKER"];

  // Accounts: activated from mid-2021 to September 2026, some disconnected in the window.
  const accounts: Account[] = [];
  for (let i = 0; i < 680; i++) {
    const start = addDays("2021-06-01", int(0, days("2021-06-01", "2026-09-15")));
    const type = chance(0.03) ? "Employee" : chance(0.1) ? "Business" : "Residential";
    const a: Account = { id: String(80_000_000 + int(1, 9_999_999)), type, cycle: pick([1, 8, 15, 22]), juris: pick(JURIS), start, end: "", rows: [], services: [], grandfathered: false, lockUntil: "", unreturned: [], seasonal: [] };
    if (chance(0.13) && start < "2026-06-01") a.end = addDays(start < FIRST ? FIRST : start, int(90, Math.max(91, days(start < FIRST ? FIRST : start, "2026-09-30"))));
    if (a.end && a.end > "2026-09-30") a.end = "";
    accounts.push(a);
  }
  const billDay = (a: Account, ym: string) => `${ym}-${String(a.cycle).padStart(2, "0")}`;
  const firstBillOnOrAfter = (a: Account, day: string) => { let b = billDay(a, day.slice(0, 7)); if (b < day) b = billDay(a, addMonths(day.slice(0, 7) + "-01", 1).slice(0, 7)); return b; };
  const nextBill = (a: Account, b: string) => billDay(a, addMonths(b.slice(0, 7) + "-01", 1).slice(0, 7));

  // Products and the rate schedule of each account.
  let sidNo = 5_120_000;
  for (const a of accounts) {
    const emp = a.type === "Employee";
    const add = (kind: Service["kind"], code: string) => { const s: Service = { sid: kind === "MOB" || kind === "HP" ? `512${String(++sidNo).slice(-7)}` : `${kind}-${++sidNo}`, code, kind, from: a.start, to: a.end ? a.end : "" }; a.services.push(s); return s; };
    const first = firstBillOnOrAfter(a, addDays(a.start, 1));
    if (chance(0.88) || a.type === "Business") {
      const s = add("INT", pick(["INT-100", "INT-100", "INT-300", "INT-300", "INT-1G"]));
      if (chance(0.75)) add("MODEM", "MODEM-RENT");
      void s;
    }
    const mobLines = chance(0.45) ? pick([1, 1, 2, 2, 3, 4, 5]) : 0;
    for (let k = 0; k < mobLines; k++) add("MOB", pick(["MOB-5GB", "MOB-UNL", "MOB-UNL"]));
    if (chance(0.15)) add("HP", "HP-BASIC");
    if (chance(0.2)) { add("TV", "TV-BASIC"); for (let k = int(1, 2); k > 0; k--) add("STB", "STB-RENT"); }
    if (a.services.length === 0) { add("INT", "INT-100"); add("MODEM", "MODEM-RENT"); }
    const promo = !emp && a.type === "Residential" && a.start >= "2023-09-01" && a.services.some((s) => s.kind === "INT") ? (chance(0.35) ? "PRM-NEW12" : chance(0.45) ? "PRM-NEW24" : "") : "";
    if (promo === "PRM-NEW24") a.lockUntil = addMonths(first, 24);
    a.grandfathered = !emp && !promo && a.start < "2024-06-01" && chance(0.1);
    const end = (to: string) => (a.end && (!to || a.end < to) ? a.end : to);
    for (const s of a.services) {
      // Plans and rentals: a row per price step, from the first bill on or after the catalogue's
      // date (or after the price guarantee) — unless the account is grandfathered or an employee's.
      let from = s.from, rate = emp ? 0 : listPrice(s.code, s.from);
      const step = INCREASE.get(s.code);
      const type = emp ? "Employee" : a.grandfathered && s.kind !== "MODEM" && s.kind !== "STB" ? "Grandfathered" : "Catalogue";
      if (!emp && step && type !== "Grandfathered" && step > s.from) {
        const eff = firstBillOnOrAfter(a, a.lockUntil && a.lockUntil > step && s.kind === "INT" ? a.lockUntil : step);
        if (!a.end || eff <= a.end) {
          a.rows.push({ sid: s.sid, code: s.code, rate, from, to: addDays(eff, -1), type: a.lockUntil && s.kind === "INT" ? "Price guarantee" : type, approver: "", freq: "Monthly" });
          from = eff; rate = listPrice(s.code, eff);
        }
      }
      a.rows.push({ sid: s.sid, code: s.code, rate, from, to: end(""), type, approver: type === "Grandfathered" ? "PRICING" : "", freq: "Monthly" });
    }
    const int0 = a.services.find((s) => s.kind === "INT");
    if (promo && int0) {
      a.rows.push({ sid: int0.sid, code: promo, rate: PROMOS[promo]!.credit, from: first, to: end(addDays(addMonths(first, PROMOS[promo]!.months), -1)), type: "Promotion", approver: "", freq: "Monthly" });
      a.rows.push({ sid: int0.sid, code: "PRM-INST", rate: -99, from: a.start, to: end(addDays(first, 0)), type: "Promotion", approver: "", freq: "One-time" });
    }
    const mobs = a.services.filter((s) => s.kind === "MOB");
    if (!emp && mobs.length >= 2) for (const s of mobs) a.rows.push({ sid: s.sid, code: mobs.length >= 3 ? "BND-ML3" : "BND-ML2", rate: mobs.length >= 3 ? -10 : -5, from: a.start, to: end(""), type: "Bundle", approver: "", freq: "Monthly" });
    // A retention offer granted by a care agent when the customer called to cancel.
    if (!emp && !promo && chance(0.06)) {
      const on = firstBillOnOrAfter(a, addDays(FIRST < a.start ? a.start : FIRST, int(30, 500)));
      const code = pick(["RET-10", "RET-15", "RET-20"]);
      if (on < LAST && (!a.end || on < a.end) && int0) a.rows.push({ sid: int0.sid, code, rate: PROMOS[code]!.credit, from: on, to: end(addDays(addMonths(on, PROMOS[code]!.months), -1)), type: "Retention", approver: pick(supervisors), freq: "Monthly" });
    }
    // Seasonal suspension (snowbirds in Florida and Arizona): May to October bills, every year.
    if (a.type === "Residential" && !a.end && (a.juris.state === "FL" || a.juris.state === "AZ") && a.start < "2024-09-01" && chance(0.12)) {
      for (const y of ["2025", "2026"]) {
        const from = billDay(a, `${y}-05`), to = addDays(billDay(a, `${y}-10`), -1);
        a.seasonal.push({ from, to });
        for (const r of [...a.rows]) {
          const s = a.services.find((x) => x.sid === r.sid)!;
          if (s.kind === "MODEM" || s.kind === "MOB" || r.freq !== "Monthly" || r.from > to || (r.to && r.to < from)) continue;
          const after: Row = { ...r, from: addDays(to, 1) };
          r.to = addDays(from, -1);
          a.rows.splice(a.rows.indexOf(r) + 1, 0, after);
        }
        a.rows.push({ sid: a.services[0]!.sid, code: "SEASONAL", rate: 7, from, to, type: "Seasonal", approver: "", freq: "Monthly" });
      }
    }
    // A plan change mid-cycle (an upgrade or a downgrade of the internet plan).
    if (int0 && !emp && !a.seasonal.length && chance(0.1)) {
      const d = addDays(FIRST < a.start ? addDays(a.start, 40) : FIRST, int(20, 560));
      if (d < "2026-09-20" && (!a.end || d < addDays(a.end, -40)) && ![1, 8, 15, 22].includes(Number(d.slice(8)))) {
        const cur = a.rows.filter((r) => r.sid === int0.sid && r.code === int0.code);
        const inForce = cur.find((r) => r.from <= d && (!r.to || r.to >= d));
        if (inForce) {
          const to = pick(["INT-100", "INT-300", "INT-1G"].filter((c) => c !== int0.code));
          const rest = cur.filter((r) => r.from > d);
          for (const r of rest) a.rows.splice(a.rows.indexOf(r), 1);
          const oldTo = inForce.to;
          inForce.to = addDays(d, -1);
          void oldTo;
          const newSid = `INT-${++sidNo}`;
          a.services.push({ sid: newSid, code: to, kind: "INT", from: d, to: a.end });
          int0.to = addDays(d, -1);
          let from = d, rate = listPrice(to, d);
          const step = INCREASE.get(to)!;
          if (step > d) { const eff = firstBillOnOrAfter(a, step); a.rows.push({ sid: newSid, code: to, rate, from, to: addDays(eff, -1), type: "Catalogue", approver: "", freq: "Monthly" }); from = eff; rate = listPrice(to, eff); }
          a.rows.push({ sid: newSid, code: to, rate, from, to: end(""), type: a.grandfathered ? "Catalogue" : "Catalogue", approver: "", freq: "Monthly" });
          // Promotions and retention credits follow the internet service.
          for (const r of a.rows) if (r.sid === int0.sid && r.rate < 0 && (!r.to || r.to >= d)) r.sid = newSid;
        }
      }
    }
    if (a.type !== "Employee" && chance(0.04)) { const f = addDays(FIRST, int(30, 500)); a.arrangement = { from: f, to: addDays(f, int(60, 150)) }; }
    if (chance(0.03)) { const on = addDays(FIRST, int(60, 560)); if (on > a.start && (!a.end || on < a.end)) a.moveTo = { day: on, juris: pick(JURIS.filter((j) => j !== a.juris)) }; }
    if (a.end) a.unreturned = a.services.filter((s) => (s.kind === "MODEM" || s.kind === "STB") && (!s.to || s.to >= a.end) && chance(0.45)).map((s) => s.sid);
  }

  // The bill runs.
  const docs: Doc[] = [];
  const usage = (s: Service): { qty: number; unit: string; code: string; over: number; ovgCode: string; ovgUnit: string } | null => {
    if (s.kind === "INT") { const gb = chance(0.04) ? Math.round(between(1210, 1600)) : Math.round(between(60, 1150)); return { qty: gb, unit: "GB", code: "DATA-USG", over: gb > 1200 ? Math.min(10, Math.ceil((gb - 1200) / 50)) : 0, ovgCode: "OVG-INT", ovgUnit: "BLK" }; }
    if (s.kind === "MOB") { const gb = s.code === "MOB-5GB" && chance(0.2) ? r2(between(5.1, 9.5)) : r2(between(0.4, s.code === "MOB-5GB" ? 4.9 : 38)); return { qty: gb, unit: "GB", code: "DATA-USG", over: s.code === "MOB-5GB" && gb > 5 ? Math.ceil(gb - 5) : 0, ovgCode: "OVG-DATA", ovgUnit: "GB" }; }
    if (s.kind === "HP") { const m = chance(0.12) ? int(520, 900) : int(40, 495); return { qty: m, unit: "MIN", code: "VOICE-USG", over: Math.max(0, m - 500), ovgCode: "OVG-MIN", ovgUnit: "MIN" }; }
    return null;
  };
  const juris = (a: Account, day: string) => (a.moveTo && day >= a.moveTo.day ? a.moveTo.juris : a.juris);
  const rowsOn = (a: Account, day: string) => a.rows.filter((r) => r.freq === "Monthly" && r.from <= day && (!r.to || r.to >= day));
  const descOf = (code: string) => PRODUCT.get(code)?.desc ?? PROMOS[code]?.desc ?? code;
  const taxableOf = (code: string) => PRODUCT.get(code)?.taxable ?? PROMOS[code]?.taxable ?? false;
  const categoryOf = (code: string) => PRODUCT.get(code)?.category ?? "Discount";
  const lineOf = (r: Row, from: string, to: string, amount = r.rate, desc = descOf(r.code)): Line => ({ category: categoryOf(r.code), code: r.code, sid: r.sid, desc, from, to, qty: 1, unit: PRODUCT.get(r.code)?.unit ?? "MO", rate: r.rate, amount: r2(amount), taxable: taxableOf(r.code) });

  for (const a of accounts) {
    const firstBill = firstBillOnOrAfter(a, addDays(a.start, 1));
    let prev = "";
    for (let b = firstBill; b <= LAST; prev = b, b = nextBill(a, b)) {
      const final = a.end !== "" && a.end < b;
      const periodTo = addDays(nextBill(a, b), -1);
      const lines: Line[] = [];
      let regular = "regular";
      const isFirst = b === firstBill;
      if (!final) {
        for (const r of rowsOn(a, b)) lines.push(lineOf(r, b, periodTo));
        if (isFirst) {
          // The partial month from activation to the day before the first bill: every recurring
          // row prorated by days; installation (waived by the new-customer offer).
          const prevCycle = billDay(a, addMonths(b.slice(0, 7) + "-01", -1).slice(0, 7));
          const n = days(prevCycle, b), used = days(a.start, b);
          // Activated on a cycle day: the first bill bills that whole first cycle too.
          for (const r of rowsOn(a, a.start)) if (used > 0 && used < n) lines.push(lineOf(r, a.start, addDays(b, -1), (r.rate * used) / n, `Partial month ${short(a.start)}-${short(addDays(b, -1))} ${descOf(r.code)}`));
          else if (used === n) lines.push(lineOf(r, a.start, addDays(b, -1), r.rate, `${descOf(r.code)} ${short(a.start)}-${short(addDays(b, -1))}`));
          if (a.services.some((s) => s.kind === "INT" || s.kind === "TV") && a.type !== "Employee") {
            lines.push({ category: "One-Time", code: "INSTALL", sid: a.services[0]!.sid, desc: descOf("INSTALL"), from: a.start, to: a.start, qty: 1, unit: "EA", rate: 99, amount: 99, taxable: true });
            const w = a.rows.find((r) => r.code === "PRM-INST");
            if (w) lines.push({ category: "Discount", code: "PRM-INST", sid: w.sid, desc: descOf("PRM-INST"), from: a.start, to: a.start, qty: 1, unit: "EA", rate: -99, amount: -99, taxable: true });
          }
          regular = used > 0 && used < n ? "first_bill_partial_month" : "first_bill";
        }
        // A plan change inside the last period: the old plan's unused days credited, the new plan's charged.
        if (prev) for (const s of a.services) if (s.kind === "INT" && s.from > prev && s.from < b && s.from !== a.start) {
          const n = days(prev, b), left = days(s.from, b);
          const old = a.rows.find((r) => r.code !== s.code && a.services.find((x) => x.sid === r.sid)?.kind === "INT" && r.to === addDays(s.from, -1))!;
          const neu = a.rows.find((r) => r.sid === s.sid && r.from <= s.from && (!r.to || r.to >= s.from))!;
          if (old && neu) {
            lines.push(lineOf(old, s.from, addDays(b, -1), (-old.rate * left) / n, `Credit for unused service ${short(s.from)}-${short(addDays(b, -1))} ${descOf(old.code)}`));
            lines.push(lineOf(neu, s.from, addDays(b, -1), (neu.rate * left) / n, `Prorated charge ${short(s.from)}-${short(addDays(b, -1))} ${descOf(neu.code)}`));
            regular = "plan_change_proration";
          }
        }
      } else {
        // The final bill: the days after the disconnect, billed in advance, credited.
        const n = days(prev, b), unused = days(addDays(a.end, 1), b);
        for (const r of rowsOn(a, a.end)) if (unused > 0) lines.push(lineOf(r, addDays(a.end, 1), addDays(b, -1), (-r.rate * unused) / n, `Credit for unused service ${short(addDays(a.end, 1))}-${short(addDays(b, -1))} ${descOf(r.code)}`));
        for (const sid of a.unreturned) {
          const s = a.services.find((x) => x.sid === sid)!;
          const code = s.kind === "MODEM" ? "EQUIP-NR-MODEM" : "EQUIP-NR-STB";
          lines.push({ category: "One-Time", code, sid, desc: descOf(code), from: a.end, to: a.end, qty: 1, unit: "EA", rate: listPrice(code, b), amount: listPrice(code, b), taxable: false });
        }
        regular = a.unreturned.length ? "final_bill_unreturned_equipment" : "final_bill";
      }
      // Usage of the period just ended (in arrears), with overage from the rate card.
      if (prev) {
        const usageDay = addDays(b, -1);
        const seasonalThen = a.seasonal.some((x) => usageDay >= x.from && usageDay <= x.to);
        for (const s of a.services) {
          if (s.from > usageDay || (s.to && s.to < prev) || (seasonalThen && s.kind !== "MOB")) continue;
          const u = usage(s);
          if (!u) continue;
          lines.push({ category: "Usage", code: u.code, sid: s.sid, desc: `${u.unit === "GB" ? "Data" : "Voice"} usage ${short(prev)}-${short(usageDay)}`, from: prev, to: usageDay, qty: u.qty, unit: u.unit, rate: 0, amount: 0, taxable: false });
          if (u.over > 0 && a.type !== "Employee") {
            const rate = listPrice(u.ovgCode, b);
            lines.push({ category: "Overage", code: u.ovgCode, sid: s.sid, desc: descOf(u.ovgCode), from: prev, to: usageDay, qty: u.over, unit: u.ovgUnit, rate, amount: r2(u.over * rate), taxable: taxableOf(u.ovgCode) });
            if (regular === "regular") regular = "overage_billed";
          }
        }
      }
      if (lines.length === 0) continue;
      const j = juris(a, b);
      // Fees: the regulatory recovery fee (not on employee or final bills), E911 per voice line.
      if (!final && a.type !== "Employee") lines.push({ category: "Fee", code: "RRF", sid: "", desc: descOf("RRF"), from: b, to: periodTo, qty: 1, unit: "MO", rate: listPrice("RRF", b), amount: listPrice("RRF", b), taxable: false });
      if (!final) for (const s of a.services) if ((s.kind === "MOB" || s.kind === "HP") && s.from <= b && (!s.to || s.to >= b)) lines.push({ category: "Gov Fee", code: "E911", sid: s.sid, desc: `911 service fee (${j.id})`, from: b, to: periodTo, qty: 1, unit: "MO", rate: j.e911, amount: j.e911, taxable: false });
      const inArrangement = a.arrangement && b >= a.arrangement.from && b <= a.arrangement.to;
      if (!isFirst && !final && a.type !== "Employee" && !inArrangement && chance(0.06)) {
        const fee = j.lateCap || 10;
        lines.push({ category: "Fee", code: "LATEFEE", sid: "", desc: descOf("LATEFEE"), from: b, to: b, qty: 1, unit: "EA", rate: fee, amount: fee, taxable: false });
        if (regular === "regular") regular = j.lateCap ? "late_fee_capped" : "late_fee";
      }
      if (regular === "regular") {
        const rs = rowsOn(a, b);
        if (a.type === "Employee") regular = "employee_account";
        else if (a.seasonal.some((x) => b >= x.from && b <= x.to)) regular = "seasonal_suspension";
        else if (inArrangement) regular = "payment_arrangement";
        else if (rs.some((r) => r.type === "Grandfathered") && b >= "2025-04-01") regular = "grandfathered_rate";
        else if (rs.some((r) => r.type === "Price guarantee") && b >= "2025-04-01") regular = "price_guarantee_old_rate";
        else if (rs.some((r) => r.type === "Retention")) regular = "retention_credit";
        else if (rs.some((r) => r.type === "Promotion")) regular = "promotion_active";
        else if (a.rows.some((r) => r.type === "Promotion" && r.freq === "Monthly" && r.to && r.to < b && days(r.to, b) < 40)) regular = "promotion_ended_on_schedule";
        else if (rs.some((r) => r.from === b && a.rows.some((o) => o.sid === r.sid && o.code === r.code && o.to === addDays(b, -1) && o.rate < r.rate))) regular = "price_increase_first_bill";
        else if (rs.some((r) => r.type === "Bundle")) regular = "multi_line_bundle";
        else if (a.moveTo && b >= a.moveTo.day && days(a.moveTo.day, b) < 40) regular = "moved_jurisdiction";
      }
      docs.push({ no: "", type: "Invoice", date: b, acct: a, periodFrom: final ? "" : b, periodTo: final ? "" : periodTo, status: final ? "Final" : a.seasonal.some((x) => b >= x.from && b <= x.to) ? "Seasonal" : "Active", original: null, reason: "", agent: "", approver: "", lines, juris: j, regular });
      if (final) break;
    }
  }

  // Adjustments posted by care agents between bills: outage and service credits within an agent's
  // authority ($50), larger ones approved by a supervisor; billing corrections credited in full
  // and rebilled; write-offs of final bills.
  const invoices = docs.filter((d) => d.type === "Invoice" && d.date >= FIRST);
  const adjust = (inv: Doc, amount: number, reason: string, approver: string, regular: string, lines?: Line[]): Doc => {
    const d: Doc = { no: "", type: "Adjustment", date: addDays(inv.date, int(3, 25)), acct: inv.acct, periodFrom: "", periodTo: "", status: inv.status, original: inv, reason, agent: pick(agents), approver, juris: inv.juris, regular,
      lines: lines ?? [{ category: "Credit", code: reason === "OUTAGE" ? "CR-OUTAGE" : reason === "SVC-ISSUE" ? "CR-SERVICE" : "CR-GOODWILL", sid: "", desc: `Account credit - ${reason}`, from: "", to: "", qty: null, unit: "", rate: null, amount: -amount, taxable: false }] };
    docs.push(d);
    return d;
  };
  for (const inv of invoices) {
    if (inv.acct.type === "Employee" || inv.lines.every((l) => l.amount === 0)) continue;
    if (chance(0.022)) adjust(inv, r2(between(3, 48)), pick(["OUTAGE", "SVC-ISSUE", "GOODWILL"]), "", "care_credit_within_authority");
    else if (chance(0.006)) adjust(inv, r2(between(55, 240)), pick(["OUTAGE", "SVC-ISSUE", "GOODWILL"]), pick(supervisors), "care_credit_approved");
    else if (chance(0.005) && inv.regular === "regular") {
      // A billing correction: the bill credited in full and rebilled with the same content.
      const cr = adjust(inv, 0, "BILL-CORR", pick(supervisors), "billing_correction_credit", inv.lines.map((l) => ({ ...l, amount: -l.amount, qty: l.qty === null ? null : -l.qty })));
      docs.push({ ...inv, no: "", type: "Rebill", date: addDays(cr.date, int(0, 2)), original: inv, reason: "BILL-CORR", agent: cr.agent, approver: "", regular: "rebill", lines: inv.lines.map((l) => ({ ...l })) });
    }
  }
  for (const inv of invoices) if (inv.status === "Final" && chance(0.12)) {
    const total = inv.lines.reduce((s, l) => s + l.amount, 0);
    if (total > 20) adjust(inv, 0, "WO-BADDEBT", "COLLECTIONS-MGR", "write_off", [{ category: "Write-off", code: "WRITE-OFF", sid: "", desc: "Bad debt write-off", from: "", to: "", qty: null, unit: "", rate: null, amount: -r2(total), taxable: false }]).date = addDays(inv.date, int(60, 90));
  }

  // Planting: 25 documents of each kind, each on a document of ordinary business of its kind.
  const labelsOut: Label[] = [];
  const used = new Set<Doc>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const inWindow = (d: Doc) => d.date >= "2025-02-01" && d.date <= "2026-09-30" && !used.has(d);
  const byAcct = new Map<Account, Doc[]>();
  for (const d of docs) if (d.type === "Invoice") byAcct.set(d.acct, [...(byAcct.get(d.acct) ?? []), d]);
  const N = 25;
  // 1. A promotion still applied after its end (1–3 bills).
  {
    let n = 0;
    for (const a of take(accounts.filter((a) => a.rows.some((r) => r.type === "Promotion" && r.freq === "Monthly" && r.to >= "2025-01-01" && r.to < "2026-07-01")), 200)) {
      if (n >= N) break;
      const r = a.rows.find((r) => r.type === "Promotion" && r.freq === "Monthly")!;
      const after = (byAcct.get(a) ?? []).filter((d) => d.date > r.to && d.status === "Active" && inWindow(d) && !d.lines.some((l) => l.rate !== null && l.rate < 0 && l.code.startsWith("PRM")));
      for (const d of after.slice(0, Math.min(int(1, 3), N - n))) {
        const sid = d.lines.find((l) => l.code.startsWith("INT"))?.sid ?? r.sid;
        d.lines.splice(d.lines.findIndex((l) => l.category !== "Recurring" && l.category !== "Equipment"), 0, lineOf({ ...r, sid }, d.date, d.periodTo));
        plant(d, "promo_after_end", -r.rate); n++;
      }
    }
  }
  // 2. A plan billed at its old price after the catalogue's increase (not grandfathered, no guarantee).
  {
    let n = 0;
    for (const a of take(accounts.filter((a) => a.type !== "Employee" && !a.grandfathered && !a.lockUntil), 400)) {
      if (n >= N) break;
      const steps = a.rows.filter((r) => a.rows.some((o) => o.sid === r.sid && o.code === r.code && o.to === addDays(r.from, -1) && o.rate < r.rate && (r.code.startsWith("INT") || r.code.startsWith("MOB") || r.code === "TV-BASIC")));
      if (!steps.length) continue;
      const r = steps[0]!, old = a.rows.find((o) => o.sid === r.sid && o.code === r.code && o.to === addDays(r.from, -1))!;
      const bills = (byAcct.get(a) ?? []).filter((d) => d.date >= r.from && inWindow(d) && d.status === "Active" && d.lines.some((l) => l.sid === r.sid && l.code === r.code && l.amount === r.rate));
      for (const d of bills.slice(0, Math.min(int(1, 3), N - n))) {
        const l = d.lines.find((l) => l.sid === r.sid && l.code === r.code && l.amount === r.rate)!;
        l.amount = old.rate; l.rate = old.rate;
        plant(d, "old_price_after_increase", r.rate - old.rate); n++;
      }
    }
  }
  // 3. A service active (usage recorded) and its recurring charge missing.
  for (const d of take(docs.filter((d) => d.type === "Invoice" && inWindow(d) && d.regular === "regular" && d.acct.type !== "Employee" && d.lines.some((l) => l.category === "Usage" && l.code === "DATA-USG" && l.sid.startsWith("INT")) && d.lines.filter((l) => l.code.startsWith("INT-")).length === 1), N)) {
    const i = d.lines.findIndex((l) => l.code.startsWith("INT-"));
    const risk = d.lines[i]!.amount + d.lines.filter((l) => l.sid === d.lines[i]!.sid && l.amount < 0 && l.category === "Discount").reduce((s, l) => s + l.amount, 0);
    d.lines.splice(i, 1);
    plant(d, "recurring_charge_missing", risk);
  }
  // 4. Overage usage not billed: the rate-card look-up failed (the overage line at 0), or the
  //    overage line was never produced (the usage above the allowance billed nothing).
  for (const [k, d] of take(docs.filter((d) => d.type === "Invoice" && inWindow(d) && d.lines.some((l) => l.category === "Overage")), N).entries()) {
    const l = d.lines.find((l) => l.category === "Overage")!;
    const risk = l.amount;
    if (k % 2 === 0) { l.amount = 0; l.rate = 0; } else d.lines.splice(d.lines.indexOf(l), 1);
    plant(d, "overage_not_billed", risk);
  }
  // 5. An agent's credit above the $50 authority with no approver.
  for (const inv of take(invoices.filter((d) => inWindow(d) && d.acct.type !== "Employee" && d.status === "Active"), N)) {
    const amt = r2(between(60, 260));
    plant(adjust(inv, amt, pick(["OUTAGE", "SVC-ISSUE", "GOODWILL"]), "", "care_credit_approved"), "credit_above_policy", amt);
  }
  // 6. Equipment not returned and the unreturned-equipment fee not billed on the final bill.
  for (const d of take(docs.filter((d) => d.type === "Invoice" && d.status === "Final" && d.acct.unreturned.length && d.date >= "2025-02-01" && !used.has(d)), N)) {
    const fees = d.lines.filter((l) => l.code.startsWith("EQUIP-NR"));
    d.lines = d.lines.filter((l) => !l.code.startsWith("EQUIP-NR"));
    if (d.lines.length === 0) d.lines.push({ category: "Fee", code: "RRF", sid: "", desc: descOf("RRF"), from: d.date, to: d.date, qty: 1, unit: "MO", rate: 0, amount: 0, taxable: false });
    plant(d, "unreturned_equipment_not_billed", fees.reduce((s, l) => s + l.amount, 0));
  }
  // 7. A care credit posted twice (a second adjustment number, the same day or up to three days later).
  for (const c of take(docs.filter((d) => d.type === "Adjustment" && (d.regular === "care_credit_within_authority" || d.regular === "care_credit_approved") && !d.leak && d.date <= "2026-09-30"), N)) {
    const copy: Doc = { ...c, no: "", date: addDays(c.date, int(0, 3)), lines: c.lines.map((l) => ({ ...l })) };
    docs.push(copy);
    plant(copy, "duplicate_credit", -c.lines.reduce((s, l) => s + l.amount, 0));
  }

  // Bill numbers in date order; adjustments their own series.
  const out = docs.filter((d) => d.date >= FIRST && d.date <= LAST).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let billNo = 40_000_000, adjNo = 700_000;
  for (const d of out) d.no = d.type === "Invoice" || d.type === "Rebill" ? `B${++billNo}` : `ADJ${++adjNo}`;
  for (const d of out) if (d.leak) labelsOut.push({ document: d.no, kind: d.leak.kind, currency: "USD", amount_at_risk: d.leak.risk, ...(d.leak.kind === "recurring_charge_missing" ? { account: d.acct.id, month: d.date.slice(0, 7) } : {}) });
  return { docs: out, accounts, labels: labelsOut };
}

// The bill-detail extract: MM/DD/YYYY, "1,234.56" quoted, "," between columns; the bill's header on each row.

export function writeTelecom(seed: number, out: string) {
  const g = generateTelecom(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Bill Number", "Bill Type", "Bill Date", "Due Date", "Account Number", "Account Type", "Bill Cycle", "Service State", "Tax Jurisdiction", "Service Period From", "Service Period To", "Account Status", "Payment Arrangement", "Original Bill", "Reason Code", "Agent ID", "Approved By", "Currency", "Bill Subtotal", "Sales Tax Rate", "Sales Tax", "Bill Total", "Line Seq", "Charge Category", "Product Code", "Service ID", "Description", "Line From", "Line To", "Quantity", "UOM", "Rate", "Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const subtotal = r2(d.lines.reduce((s, l) => s + l.amount, 0));
    const base = r2(d.lines.reduce((s, l) => s + (l.taxable ? l.amount : 0), 0));
    const tax = d.type === "Write-off" || d.reason === "WO-BADDEBT" || d.acct.type === "Employee" ? 0 : r2(base * d.juris.tax);
    const a = d.acct;
    const arr = a.arrangement && d.date >= a.arrangement.from && d.date <= a.arrangement.to ? "Y" : "";
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), d.type === "Invoice" || d.type === "Rebill" ? usDate(addDays(d.date, 21)) : "", a.id, a.type, String(a.cycle).padStart(2, "0"), d.juris.state, d.juris.id, usDate(d.periodFrom), usDate(d.periodTo), d.status, arr,
      d.original?.no ?? "", d.reason, d.agent, d.approver, "USD", num(subtotal), d.juris.tax ? `${+(d.juris.tax * 100).toFixed(4)}%` : "0%", num(tax), num(r2(subtotal + tax)),
      String(i + 1), l.category, l.code, l.sid, l.desc, usDate(l.from), usDate(l.to), numberText(l.qty), l.unit, num(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "bill_detail.csv"), csv(header, rows));
  // The product catalogue with its price steps (the overage rate card included).
  const cat: string[][] = [];
  for (const p of CATALOGUE) for (const s of p.prices) cat.push([p.code, p.desc, p.category, p.unit, num(s.price), usDate(s.from), p.taxable ? "Y" : "N"]);
  writeFileSync(join(out, "ref", "product_catalogue.csv"), csv(["Product Code", "Description", "Category", "Unit", "Price", "Effective Date", "Taxable"], cat));
  writeFileSync(join(out, "ref", "promotions.csv"), csv(["Promo Code", "Description", "Monthly Credit", "Duration Months"], Object.entries(PROMOS).map(([c, p]) => [c, p.desc, num(p.credit), p.months ? String(p.months) : ""])));
  // The account product inventory: each account's products and credits with the rate in force.
  const inv: string[][] = [];
  for (const a of g.accounts) for (const r of a.rows) if (!r.to || r.to >= "2024-06-01") inv.push([a.id, r.sid, r.code, num(r.rate), usDate(r.from), usDate(r.to), r.freq, r.type, r.approver]);
  writeFileSync(join(out, "ref", "account_products.csv"), csv(["Account Number", "Service ID", "Product Code", "Rate", "Start Date", "End Date", "Frequency", "Rate Type", "Approved By"], inv));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, accounts: g.accounts.length, inventory_rows: inv.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeTelecom(Number(arg("--seed", "1601")), arg("--out", "/tmp/telecom-1601"))));
}
