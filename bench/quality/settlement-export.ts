// An independent data set (the fifteenth, 2026-11-28): a marketplace payment platform's settlement
// export (Stripe Connect / Adyen for Platforms style) over 22 months (January 2025 – October 2026).
// Written from how such platforms bill their connected sellers, before reading the detectors:
//
// - `balance_activity.csv`, the itemized balance activity: one row per component of a balance
//   transaction — a charge's sale, its tip, the platform's application fee in percent of the fee
//   basis and its fixed part; a refund and the application fee it returns (per the seller's plan);
//   a dispute and its dispute fee; a won dispute's reversal and the fee returned. Each row carries
//   its source object's header (type, source id, the charge it concerns, the marketplace order,
//   created moment in UTC, available-on day, connected account, settlement currency, the source's
//   amount, presentment amount, currency and exchange rate) and Stripe's gross / fee / net, with
//   the fee's basis, rate and type (percent or fixed) where the row is a fee.
// - `payouts.csv`, the payouts report: one row per payout to a seller's bank account, with the
//   destination's fingerprint, last 4, status at payout time (new, verified) and the day it was added.
// - `ref/seller_fee_plans.csv`, the contracted fee plans (per seller and plan period: percent,
//   fixed part, dispute fee, cap on the percent part, refund-fee policy), promotional zero-fee
//   windows as rows of their own; `ref/standard_pricing.csv`, the platform's list pricing.
//
// Regular business (the hard negatives, each document labelled with its kind): negotiated rates
// by volume tier, changing at the yearly renewal (down after growth, up when an introductory rate
// ends); new sellers' three promotional zero-fee months; fee caps on large tickets; presentment in
// another currency converted with rounding; tips that carry no fee; marketplace orders split over
// several sellers; identical charges (a café's flat white); full and partial refunds, two partial
// refunds of the same amount (two items of one order); application fees returned on refund or
// kept, per plan; disputes lost and won (the reversal returns the money and the fee); payouts
// daily or weekly, a new seller's first payout held 14 days, negative balances carried forward;
// legitimate bank account changes (payouts held until the new account is verified); Black
// Friday / Cyber Monday, December and month-end peaks.
//
// Planted (~1 % of documents, 20 of each kind): an application fee not taken; a stale rate after a
// renewal raised it; a promotion applied past its end; a refund larger than its charge; a second
// refund of a fully refunded charge; a lost dispute without its dispute fee passed on; a payout to
// a newly added, unverified bank account right after the change (an account takeover); a payout
// sent twice.
// Run: bun run bench/quality/settlement-export.ts --seed 1501 --out /tmp/settlement-1501
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export const LEAK_KINDS = [
  "application_fee_not_taken", "stale_rate_after_renewal", "promo_past_end", "refund_above_charge",
  "second_full_refund", "dispute_fee_not_passed_on", "payout_unverified_new_account", "duplicate_payout",
] as const;
export type LeakKind = (typeof LEAK_KINDS)[number];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

type Cur = "USD" | "EUR" | "GBP";
interface Plan { id: string; from: string; to: string; pct: number; fixed: number; disputeFee: number; cap: number | null; refundFee: "returned" | "kept"; tier: string }
interface Seller {
  id: string; name: string; cur: Cur; category: string; onboarded: string; promoTo: string | null; plans: Plan[]; lambda: number;
  schedule: "daily" | "weekly"; bank: { fp: string; last4: string; added: string };
  /** The seller's returning buyers' cards (a café's regulars), beside one-off buyers. */
  regulars: { brand: string; last4: string }[];
}
interface Row {
  bt: string; type: string; source: string; cardBrand: string; cardLast4: string; charge: string; order: string; created: string; available: string; component: string; description: string;
  basis: number | null; rate: number | null; feeType: string; gross: number; fee: number; sourceAmount: number; presAmount: number; presCur: string; fxRate: number | null; reason: string; status: string;
}
interface Doc { id: string; seller: Seller; type: string; created: string; rows: Row[]; regular: string; leak?: { kind: LeakKind; risk: number } }
interface Payout { id: string; seller: Seller; created: string; arrival: string; amount: number; status: "paid" | "failed"; failure: string; dest: { fp: string; last4: string; added: string; status: string }; regular: string; leak?: { kind: LeakKind; risk: number } }

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const DAY = 86_400_000;
const addDays = (d: string, n: number) => new Date(Date.parse(d.slice(0, 10)) + n * DAY).toISOString().slice(0, 10);
const dow = (d: string) => new Date(Date.parse(d)).getUTCDay();
const FIRST = "2025-01-01", LAST = "2026-10-31";
const STD: Record<Cur, { pct: number; fixed: number; dispute: number }> = { USD: { pct: 5, fixed: 0.3, dispute: 15 }, EUR: { pct: 5, fixed: 0.25, dispute: 15 }, GBP: { pct: 5, fixed: 0.2, dispute: 15 } };
const CATEGORY: Record<string, { median: number; sigma: number; tip: number; names: string[] }> = {
  cafe: { median: 9, sigma: 0.35, tip: 0.6, names: ["Bean There Coffee", "Morning Pour", "Grind House", "Copper Kettle Cafe", "The Daily Cup"] },
  food: { median: 32, sigma: 0.5, tip: 0.7, names: ["Lotus Kitchen", "Taqueria El Sol", "Bella Napoli", "Smokehouse BBQ", "Green Bowl"] },
  services: { median: 110, sigma: 0.6, tip: 0.35, names: ["Sparkle Cleaning", "FixIt Handyman", "Zen Massage", "Paws Grooming", "Bright Tutors"] },
  retail: { median: 55, sigma: 0.8, tip: 0, names: ["Urban Threads", "Paper & Ink", "Little Sprouts Toys", "Trailhead Outfitters", "Moss & Stone Home"] },
  high_ticket: { median: 420, sigma: 0.75, tip: 0, names: ["Nordic Furniture Co", "Apex Electronics", "Heritage Jewelers", "Summit Bikes", "Atelier Lighting"] },
  digital: { median: 18, sigma: 0.6, tip: 0, names: ["PixelCraft Assets", "Beatline Samples", "CodeCourse Academy", "FontFoundry", "StoryBox Ebooks"] },
};
const FX: Record<string, number> = { USD: 1, EUR: 1.08, GBP: 1.27, CAD: 0.73 };

export function generateSettlement(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const alnum = (n: number) => Array.from({ length: n }, () => "ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz0123456789"[int(0, 57)]).join("");
  const ids = new Set<string>();
  const newId = (p: string) => { for (;;) { const id = `${p}_${alnum(14)}`; if (!ids.has(id)) { ids.add(id); return id; } } };
  const card = () => ({ brand: pick(["visa", "visa", "visa", "mastercard", "mastercard", "amex", "discover"]), last4: String(int(0, 9999)).padStart(4, "0") });
  const bank = (added: string) => ({ fp: `ba_${alnum(12)}`, last4: String(int(0, 9999)).padStart(4, "0"), added });

  // Sellers and their fee plans: a tier by volume, a negotiated rate, renewals every 12 months.
  const sellers: Seller[] = [];
  const cats = Object.keys(CATEGORY);
  const usedNames = new Set<string>();
  for (let i = 0; i < 60; i++) {
    const category = cats[i % cats.length]!;
    let name = pick(CATEGORY[category]!.names);
    while (usedNames.has(name)) name = `${pick(CATEGORY[category]!.names)} ${pick(["Brooklyn", "Austin", "Leeds", "Lyon", "Utrecht", "Denver", "Bristol", "Munich", "Portland", "Dublin"])}`;
    usedNames.add(name);
    const cur: Cur = i % 10 < 6 ? "USD" : i % 10 < 9 ? "EUR" : "GBP";
    const isNew = chance(0.4);
    const onboarded = isNew ? addDays(FIRST, int(0, 540)) : addDays("2023-01-01", int(0, 700));
    const tier = category === "high_ticket" || chance(0.2) ? "scale" : chance(0.5) ? "growth" : "standard";
    const baseRate = { standard: 5, growth: 4, scale: 3.25 }[tier]! - (tier === "standard" ? 0 : int(0, 6) * 0.05);
    const std = STD[cur];
    const plans: Plan[] = [];
    let from = onboarded, pct = baseRate, fixed = tier === "scale" && chance(0.5) ? 0 : std.fixed, k = 0;
    const cap = tier === "scale" && (category === "high_ticket" || category === "services") && chance(0.6) ? pick([15, 20, 25]) : null;
    const disputeFee = tier === "scale" ? 10 : std.dispute;
    const refundFee = chance(0.5) ? "returned" : "kept";
    while (from <= LAST) {
      const to = addDays(`${Number(from.slice(0, 4)) + 1}${from.slice(4, 10) === "-02-29" ? "-02-28" : from.slice(4, 10)}`, -1);
      if (to >= FIRST) plans.push({ id: `FP-${String(i + 1).padStart(3, "0")}-${++k}`, from: from < FIRST ? FIRST : from, to, pct: Math.round(pct * 100) / 100, fixed, disputeFee, cap, refundFee, tier });
      from = addDays(to, 1);
      // At renewal: growth moves the seller down a rate step; an introductory rate ending moves it up.
      const move = rnd();
      if (move < 0.4) pct = Math.max(2.5, pct - pick([0.25, 0.5, 0.75]));
      else if (move < 0.75) { pct = pct + pick([0.25, 0.5, 0.75]); if (fixed > 0 && chance(0.5)) fixed = r2(fixed + 0.05); }
    }
    plans[plans.length - 1]!.to = "2027-12-31";
    const lambda = category === "cafe" ? between(1.2, 3) : category === "high_ticket" ? between(0.15, 0.4) : between(0.25, 1.1);
    const regulars = Array.from({ length: category === "cafe" ? int(40, 120) : int(10, 60) }, () => card());
    sellers.push({ id: `acct_1${alnum(15)}`, name, cur, category, onboarded, promoTo: isNew ? addDays(onboarded, 89) : null, plans, lambda, schedule: chance(0.7) ? "daily" : "weekly", bank: bank(isNew ? onboarded : "2023-06-01"), regulars });
  }
  const planOn = (s: Seller, day: string) => s.plans.find((p) => p.from <= day && day <= p.to)!;

  // The days' exchange rates (a random walk) for presentment in another currency.
  const rate: Record<string, Map<string, number>> = {};
  for (const c of ["USD", "EUR", "GBP", "CAD"]) {
    rate[c] = new Map();
    let v = FX[c]!;
    for (let d = FIRST; d <= LAST; d = addDays(d, 1)) { v *= 1 + between(-0.004, 0.004); rate[c]!.set(d, v); }
  }
  const convert = (from: string, to: string, day: string) => Math.round((rate[from]!.get(day)! / rate[to]!.get(day)!) * 1e6) / 1e6;

  const docs: Doc[] = [];
  const labels: Label[] = [];
  const time = (day: string, h0 = 7, h1 = 22) => `${day}T${String(int(h0, h1)).padStart(2, "0")}:${String(int(0, 59)).padStart(2, "0")}:${String(int(0, 59)).padStart(2, "0")}Z`;
  const availableOn = (created: string, cur: Cur) => addDays(created, cur === "USD" ? 2 : 3);
  let bt = 0;
  const row = (d: Pick<Doc, "type" | "id" | "created">, charge: string, order: string, cur: Cur, srcAmount: number, pres: { amount: number; cur: string; rate: number | null }, r: Partial<Row> & { component: string; gross: number; fee: number }): Row => ({
    bt: `txn_${String(++bt).padStart(8, "0")}`, type: d.type, source: d.id, cardBrand: "", cardLast4: "", charge, order, created: d.created, available: availableOn(d.created, cur), description: "",
    basis: null, rate: null, feeType: "", sourceAmount: srcAmount, presAmount: pres.amount, presCur: pres.cur, fxRate: pres.rate, reason: "", status: "", ...r,
  });

  // Charges: each seller's days, with month-end, December and Black Friday / Cyber Monday peaks.
  interface Charge { doc: Doc; sale: number; tip: number; amount: number; fee: number; pres: { amount: number; cur: string; rate: number | null }; order: string; refunded: number }
  const charges: Charge[] = [];
  const blackFriday = new Set(["2025-11-28", "2025-11-29", "2025-11-30", "2025-12-01"]);
  const feeOf = (p: Plan, basis: number) => {
    let pctFee = r2((basis * p.pct) / 100);
    const capped = p.cap !== null && pctFee > p.cap;
    if (capped) pctFee = p.cap!;
    return { pctFee, fixed: p.fixed, capped };
  };
  const chargeDoc = (s: Seller, day: string, order: string, created: string | null, presentIn: string | null) => {
    const c = CATEGORY[s.category]!;
    let sale = r2(Math.max(1, logn(c.median, c.sigma)));
    if (s.category === "cafe" && chance(0.5)) sale = pick([4.5, 5.25, 6.75, 9.5]); // the menu's prices: identical charges
    const tip = c.tip > 0 && chance(c.tip) ? r2(sale * pick([0.1, 0.15, 0.18, 0.2, 0.25])) : 0;
    let pres = { amount: r2(sale + tip), cur: s.cur as string, rate: null as number | null };
    let amount = r2(sale + tip);
    if (presentIn && presentIn !== s.cur) {
      // The buyer pays in its own currency; the settlement amount is converted and rounded.
      const x = convert(presentIn, s.cur, day);
      pres = { amount: r2((sale + tip) / x), cur: presentIn, rate: x };
      amount = r2(pres.amount * x);
      sale = r2(amount - tip);
    }
    const doc: Doc = { id: newId("ch"), seller: s, type: "charge", created: created ?? time(day), rows: [], regular: "charge" };
    const buyer = chance(s.category === "cafe" ? 0.7 : 0.3) ? pick(s.regulars) : card();
    const p = planOn(s, day);
    const promo = s.promoTo !== null && day <= s.promoTo;
    const f = promo ? { pctFee: 0, fixed: 0, capped: false } : feeOf(p, sale);
    const cur = s.cur;
    doc.rows.push(row(doc, doc.id, order, cur, amount, pres, { component: "charge", description: "Payment", gross: sale, fee: 0 }));
    if (tip > 0) doc.rows.push(row(doc, doc.id, order, cur, amount, pres, { component: "tip", description: "Gratuity (no fee)", gross: tip, fee: 0 }));
    doc.rows.push(row(doc, doc.id, order, cur, amount, pres, { component: "application_fee", description: `Application fee ${promo ? "0.00" : p.pct.toFixed(2)}%${f.capped ? ` capped at ${p.cap!.toFixed(2)}` : ""}`, basis: sale, rate: promo ? 0 : p.pct, feeType: "percent", gross: 0, fee: f.pctFee }));
    if (promo || p.fixed > 0) doc.rows.push(row(doc, doc.id, order, cur, amount, pres, { component: "application_fee_fixed", description: "Application fee, fixed part", basis: 1, rate: f.fixed, feeType: "fixed", gross: 0, fee: f.fixed }));
    doc.regular = promo ? "charge_promo_zero_fee" : f.capped ? "charge_fee_capped" : pres.rate ? "charge_presented_in_other_currency" : tip > 0 ? "charge_with_tip" : day >= p.from && day <= addDays(p.from, 60) && p.from > FIRST ? "charge_after_renewal" : "charge";
    for (const r of doc.rows) { r.cardBrand = buyer.brand; r.cardLast4 = buyer.last4; }
    docs.push(doc);
    const ch: Charge = { doc, sale, tip, amount, fee: r2(f.pctFee + f.fixed), pres, order, refunded: 0 };
    charges.push(ch);
    return ch;
  };
  for (let day = FIRST; day <= LAST; day = addDays(day, 1)) {
    const m = day.slice(5, 7), dd = Number(day.slice(8, 10));
    const peak = (blackFriday.has(day) ? 2.6 : 1) * (m === "12" ? 1.35 : 1) * (dd >= 28 ? 1.2 : 1) * (dow(day) === 0 ? 0.7 : 1);
    for (const s of sellers) {
      if (day < s.onboarded) continue;
      const ramp = Math.min(1, 0.3 + (Date.parse(day) - Date.parse(s.onboarded)) / (120 * DAY));
      let n = 0;
      const lam = s.lambda * peak * ramp;
      for (let l = Math.exp(-lam), p = rnd(); p > l; p *= rnd()) n++;
      for (let k = 0; k < n; k++) {
        const fx = s.category !== "cafe" && chance(0.12) ? pick(["USD", "EUR", "GBP", "CAD"].filter((c) => c !== s.cur)) : null;
        const ch = chargeDoc(s, day, "", null, fx);
        // A marketplace order split over several sellers: one order, one moment, a charge each.
        if (s.category === "retail" && chance(0.15)) {
          const order = newId("ord");
          ch.order = order;
          for (const r of ch.doc.rows) r.order = order;
          if (ch.doc.regular === "charge") ch.doc.regular = "charge_marketplace_split";
          for (const other of sellers.filter((o) => o !== s && o.category === "retail" && o.onboarded <= day).slice(0, int(1, 2))) {
            const c2 = chargeDoc(other, day, order, ch.doc.created, null);
            if (c2.doc.regular === "charge") c2.doc.regular = "charge_marketplace_split";
          }
        }
      }
    }
  }

  // Refunds (full and partial, a few as two equal partial refunds), disputes lost and won.
  // A refund or dispute goes back to the card the charge was paid with.
  const sameCard = (doc: Doc, ch: Charge) => { for (const r of doc.rows) { r.cardBrand = ch.doc.rows[0]!.cardBrand; r.cardLast4 = ch.doc.rows[0]!.cardLast4; } };
  const refundDoc = (ch: Charge, day: string, amount: number, regular: string) => {
    const s = ch.doc.seller, p = planOn(s, ch.doc.created.slice(0, 10));
    const doc: Doc = { id: newId("re"), seller: s, type: "refund", created: time(day), rows: [], regular };
    // A charge presented in another currency is refunded in that currency, converted at the
    // refund day's rate: a full refund may settle for more (or less) than the charge did.
    let pres = { amount, cur: ch.pres.cur, rate: ch.pres.rate };
    if (ch.pres.rate) {
      const presAmount = amount === ch.amount ? ch.pres.amount : r2(amount / ch.pres.rate);
      const x = convert(ch.pres.cur, s.cur, day);
      pres = { amount: presAmount, cur: ch.pres.cur, rate: x };
      amount = r2(presAmount * x);
      if (regular) doc.regular = "refund_presented_in_other_currency";
    }
    doc.rows.push(row(doc, ch.doc.id, ch.order, s.cur, amount, pres, { component: "refund", description: "Refund", gross: -amount, fee: 0, reason: pick(["requested_by_customer", "requested_by_customer", "duplicate", "fraudulent"]) }));
    const pctFee = ch.doc.rows.find((r) => r.component === "application_fee")!.fee;
    if (p.refundFee === "returned" && pctFee > 0) {
      const back = r2(Math.min(pctFee, (pctFee * amount) / ch.amount));
      doc.rows.push(row(doc, ch.doc.id, ch.order, s.cur, amount, pres, { component: "application_fee_refund", description: "Application fee returned (pro rata)", basis: null, rate: null, feeType: "", gross: 0, fee: -back }));
    }
    ch.refunded = r2(ch.refunded + amount);
    sameCard(doc, ch);
    docs.push(doc);
    return doc;
  };
  const disputes: { doc: Doc; ch: Charge; lost: boolean }[] = [];
  for (const ch of charges) {
    const day0 = ch.doc.created.slice(0, 10);
    if (chance(0.06)) {
      const day = addDays(day0, int(1, 40));
      if (day > LAST) continue;
      if (chance(0.55)) refundDoc(ch, day, ch.amount, "refund_full");
      else if (ch.sale >= 20 && chance(0.2)) {
        // Two items of one order returned one after the other: two refunds of the same amount.
        const each = r2(Math.floor((ch.sale / 2) * 100) / 100);
        refundDoc(ch, day, each, "refund_partial_same_amount_twice");
        const d2 = addDays(day, int(0, 12));
        if (d2 <= LAST) refundDoc(ch, d2, each, "refund_partial_same_amount_twice");
      } else refundDoc(ch, day, r2(ch.amount * pick([0.1, 0.2, 0.25, 0.3, 0.5, 0.6])), "refund_partial");
    } else if (chance(0.007) && ch.refunded === 0) {
      const day = addDays(day0, int(15, 60));
      if (day > LAST) continue;
      const s = ch.doc.seller, p = planOn(s, day);
      const doc: Doc = { id: newId("dp"), seller: s, type: "dispute", created: time(day), rows: [], regular: "dispute" };
      const lost = chance(0.55);
      doc.rows.push(row(doc, ch.doc.id, ch.order, s.cur, ch.amount, ch.pres, { component: "dispute", description: "Dispute: chargeback", gross: -ch.amount, fee: 0, reason: pick(["fraudulent", "product_not_received", "product_unacceptable", "subscription_canceled"]), status: lost ? "lost" : "won" }));
      doc.rows.push(row(doc, ch.doc.id, ch.order, s.cur, ch.amount, ch.pres, { component: "dispute_fee", description: "Dispute fee", basis: 1, rate: p.disputeFee, feeType: "fixed", gross: 0, fee: p.disputeFee, status: lost ? "lost" : "won" }));
      doc.regular = lost ? "dispute_lost" : "dispute_won";
      sameCard(doc, ch);
      docs.push(doc);
      disputes.push({ doc, ch, lost });
      if (!lost) {
        const rday = addDays(day, int(30, 75));
        if (rday <= LAST) {
          const rev: Doc = { id: newId("pyr"), seller: s, type: "dispute_reversal", created: time(rday), rows: [], regular: "dispute_reversal_won" };
          rev.rows.push(row(rev, ch.doc.id, ch.order, s.cur, ch.amount, ch.pres, { component: "dispute_reversal", description: "Dispute won: funds reinstated", gross: ch.amount, fee: 0, status: "won" }));
          rev.rows.push(row(rev, ch.doc.id, ch.order, s.cur, ch.amount, ch.pres, { component: "dispute_fee_refund", description: "Dispute fee returned", basis: null, rate: null, feeType: "", gross: 0, fee: -p.disputeFee, status: "won" }));
          sameCard(rev, ch);
          docs.push(rev);
        }
      }
    }
  }

  // Planting into documents (20 a kind), before the payouts are computed from the balances.
  const plantRate = (ch: Charge, kind: LeakKind, pct: number, fixed: number) => {
    const s = ch.doc.seller, p = planOn(s, ch.doc.created.slice(0, 10));
    const af = ch.doc.rows.find((r) => r.component === "application_fee")!;
    const fx = ch.doc.rows.find((r) => r.component === "application_fee_fixed");
    const right = feeOf(p, af.basis!);
    const pf = r2((af.basis! * pct) / 100);
    const newPct = right.capped ? Math.min(pf, p.cap!) : pf;
    af.rate = pct; af.fee = newPct; af.description = `Application fee ${pct.toFixed(2)}%`;
    let fixedNow = 0;
    if (fx) { fx.rate = fixed; fx.fee = fixed; fixedNow = fixed; }
    else if (fixed > 0) ch.doc.rows.push(row(ch.doc, ch.doc.id, ch.order, s.cur, ch.amount, ch.pres, { component: "application_fee_fixed", description: "Application fee, fixed part", basis: 1, rate: fixed, feeType: "fixed", gross: 0, fee: fixed }));
    const risk = r2(right.pctFee + right.fixed - newPct - fixedNow);
    ch.doc.leak = { kind, risk };
    ch.fee = r2(newPct + fixedNow);
  };
  const used = new Set<string>();
  const candidates = (f: (c: Charge) => boolean) => charges.filter((c) => !used.has(c.doc.id) && c.refunded === 0 && !disputes.some((d) => d.ch === c) && f(c));
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(int(0, pool.length - 1), 1)[0]!); return out; };
  for (const ch of take(candidates((c) => c.fee > 0.2 && c.doc.regular !== "charge_fee_capped"), 20)) { used.add(ch.doc.id); plantRate(ch, "application_fee_not_taken", 0, 0); }
  const staleable = candidates((c) => {
    const s = c.doc.seller, day = c.doc.created.slice(0, 10), i = s.plans.findIndex((p) => p.from <= day && day <= p.to);
    return i > 0 && s.plans[i]!.pct > s.plans[i - 1]!.pct && day <= addDays(s.plans[i]!.from, 75) && c.doc.regular !== "charge_fee_capped" && !(s.promoTo && day <= s.promoTo);
  });
  for (const ch of take(staleable, 20)) {
    used.add(ch.doc.id);
    const s = ch.doc.seller, day = ch.doc.created.slice(0, 10), i = s.plans.findIndex((p) => p.from <= day && day <= p.to);
    plantRate(ch, "stale_rate_after_renewal", s.plans[i - 1]!.pct, s.plans[i - 1]!.fixed);
  }
  for (const ch of take(candidates((c) => c.doc.seller.promoTo !== null && c.doc.created.slice(0, 10) > c.doc.seller.promoTo! && c.doc.created.slice(0, 10) <= addDays(c.doc.seller.promoTo!, 45) && c.fee > 0.1), 20)) {
    used.add(ch.doc.id);
    plantRate(ch, "promo_past_end", 0, 0);
    for (const r of ch.doc.rows) if (r.component === "application_fee") r.description = "Application fee 0.00% (launch offer)";
  }
  for (const ch of take(candidates((c) => c.amount >= 10), 20)) {
    used.add(ch.doc.id);
    const day = addDays(ch.doc.created.slice(0, 10), int(2, 30));
    if (day > LAST) continue;
    const d = refundDoc(ch, day, r2(ch.amount * pick([1.5, 2, 10, 1.25])), "");
    d.leak = { kind: "refund_above_charge", risk: r2(d.rows[0]!.sourceAmount - ch.amount) };
  }
  for (const ch of take(candidates((c) => c.amount >= 5), 20)) {
    used.add(ch.doc.id);
    const day = addDays(ch.doc.created.slice(0, 10), int(1, 30));
    if (addDays(day, 10) > LAST) continue;
    refundDoc(ch, day, ch.amount, "refund_full");
    const d = refundDoc(ch, addDays(day, int(1, 10)), ch.amount, "");
    d.leak = { kind: "second_full_refund", risk: d.rows[0]!.sourceAmount };
  }
  for (const dsp of take(disputes.filter((d) => d.lost && !used.has(d.ch.doc.id)), 20)) {
    const fr = dsp.doc.rows.find((r) => r.component === "dispute_fee")!;
    dsp.doc.leak = { kind: "dispute_fee_not_passed_on", risk: fr.fee };
    fr.fee = 0; fr.rate = 0;
  }

  // Payouts from each seller's available balance: daily (every business day) or weekly (Monday);
  // a new seller's first payout held 14 days; a negative balance carried until covered.
  const events = new Map<string, { amount: number; day: string }[]>();
  for (const d of docs) {
    const net = r2(d.rows.reduce((x, r) => x + r.gross - r.fee, 0));
    const list = events.get(d.seller.id) ?? [];
    list.push({ amount: net, day: availableOn(d.created, d.seller.cur) });
    events.set(d.seller.id, list);
  }
  const payouts: Payout[] = [];
  const takeovers = new Set(take(sellers.filter((s) => s.onboarded < "2025-09-01"), 14).map((s) => s.id));
  const changers = new Set(take(sellers.filter((s) => !takeovers.has(s.id) && s.onboarded < "2025-12-01"), 12).map((s) => s.id));
  for (const s of sellers) {
    const ev = (events.get(s.id) ?? []).sort((a, b) => (a.day < b.day ? -1 : 1));
    let bal = 0, e = 0;
    let dest = { ...s.bank, status: "verified" };
    // A legitimate change: the new account added, payouts held until it is verified (1–3 days).
    const change = changers.has(s.id) ? addDays("2025-03-01", int(0, 540)) : null;
    const changeVerified = change ? addDays(change, int(1, 3)) : null;
    const newBank = change ? bank(change) : null;
    // An account takeover: an unverified account added, paid at once, the seller's own restored.
    const ato = takeovers.has(s.id) ? addDays("2025-04-01", int(0, 520)) : null;
    const atoBank = ato ? bank(ato) : null;
    const atoEnd = ato ? addDays(ato, int(2, 6)) : null;
    let firstPaid = false;
    for (let day = s.onboarded < FIRST ? FIRST : s.onboarded; day <= LAST; day = addDays(day, 1)) {
      while (e < ev.length && ev[e]!.day <= day) bal = r2(bal + ev[e++]!.amount);
      if (change && day === change) dest = { ...newBank!, status: "new" };
      if (change && day === changeVerified) dest = { ...newBank!, status: "verified" };
      const inAto = ato !== null && day >= ato && day <= atoEnd!;
      const payDay = s.schedule === "daily" ? dow(day) >= 1 && dow(day) <= 5 : dow(day) === 1;
      if (!payDay || bal < 1 || day < addDays(s.onboarded, 14)) continue;
      if (dest.status === "new" && !inAto) continue; // held until the new account is verified
      const to = inAto ? { ...atoBank!, status: "new" } : dest;
      const regular = inAto ? "" : !firstPaid && s.onboarded >= FIRST ? "payout_new_seller_first" : change && day >= changeVerified! && day <= addDays(changeVerified!, 10) ? "payout_after_verified_change" : `payout_${s.schedule}`;
      const p: Payout = { id: newId("po"), seller: s, created: time(day, 0, 3), arrival: addDays(day, s.cur === "USD" ? 1 : 2), amount: bal, status: "paid", failure: "", dest: to, regular };
      if (inAto) p.leak = { kind: "payout_unverified_new_account", risk: bal };
      payouts.push(p);
      // A payout the seller's bank could not process comes back, and the platform sends the same
      // amount again a day or two later.
      if (!inAto && chance(0.008)) {
        p.status = "failed";
        p.failure = pick(["could_not_process", "debit_not_authorized", "bank_account_restricted"]);
        p.regular = "payout_failed";
        const again = addDays(day, int(1, 2));
        payouts.push({ ...p, id: newId("po"), created: time(again, 9, 17), arrival: addDays(again, 1), status: "paid", failure: "", regular: "payout_resent_after_failure" });
      }
      firstPaid = true;
      bal = 0;
    }
  }
  // Payouts sent twice: the same amount to the same account again 1–3 days later.
  for (const p of take(payouts.filter((p) => !p.leak && p.status === "paid" && /^payout_(daily|weekly)$/.test(p.regular) && p.amount > 20), 20)) {
    const day = addDays(p.created.slice(0, 10), int(1, 3));
    payouts.push({ ...p, id: newId("po"), created: time(day, 0, 3), arrival: addDays(day, 1), status: "paid", failure: "", regular: "", leak: { kind: "duplicate_payout", risk: p.amount } });
  }
  payouts.sort((a, b) => (a.created < b.created ? -1 : 1));
  docs.sort((a, b) => (a.created < b.created ? -1 : 1));
  for (const d of docs) if (d.leak) labels.push({ document: d.id, kind: d.leak.kind, currency: d.seller.cur, amount_at_risk: d.leak.risk });
  for (const p of payouts) if (p.leak) labels.push({ document: p.id, kind: p.leak.kind, currency: p.seller.cur, amount_at_risk: p.leak.risk });
  return { sellers, docs, payouts, labels };
}

const num = (v: number | null, dp = 2) => (v === null ? "" : v.toFixed(dp));
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\n") + "\n";

export function writeSettlement(seed: number, out: string) {
  const g = generateSettlement(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Balance Transaction", "Type", "Source", "Charge", "Order", "Created (UTC)", "Available On", "Connected Account", "Seller", "Currency", "Source Amount", "Presentment Amount", "Presentment Currency", "Exchange Rate", "Card Brand", "Card Last 4", "Component", "Description", "Fee Basis", "Fee Rate", "Fee Type", "Gross", "Fee", "Net", "Reason", "Dispute Status"];
  const rows: string[][] = [];
  for (const d of g.docs) for (const r of d.rows) rows.push([
    r.bt, r.type, r.source, r.charge, r.order, r.created, r.available, d.seller.id, d.seller.name, d.seller.cur, num(r.sourceAmount), num(r.presAmount), r.presCur, r.fxRate === null ? "" : r.fxRate.toFixed(6), r.cardBrand, r.cardLast4, r.component, r.description,
    num(r.basis), r.rate === null ? "" : r.rate.toFixed(2), r.feeType, num(r.gross), num(r.fee), num(r2(r.gross - r.fee)), r.reason, r.status,
  ]);
  writeFileSync(join(out, "balance_activity.csv"), csv(header, rows));
  writeFileSync(join(out, "payouts.csv"), csv(
    ["Payout", "Created (UTC)", "Arrival Date", "Connected Account", "Seller", "Currency", "Amount", "Type", "Status", "Failure Code", "Payout Destination ID", "Destination Last 4", "Destination Status", "Destination Added", "Payout Schedule"],
    g.payouts.map((p) => [p.id, p.created, p.arrival, p.seller.id, p.seller.name, p.seller.cur, num(p.amount), "bank_account", p.status, p.failure, p.dest.fp, p.dest.last4, p.dest.status, p.dest.added, p.seller.schedule]),
  ));
  // The contracted fee plans: per seller and plan period, the percent, the fixed part and the
  // dispute fee as rows of their own; the promotional window as zero-fee rows.
  const plans: string[][] = [];
  for (const s of g.sellers) {
    for (const p of s.plans) {
      plans.push([p.id, s.id, "application_fee", s.cur, p.pct.toFixed(2), "percent", p.cap === null ? "" : p.cap.toFixed(2), p.refundFee, p.tier, p.from, p.to]);
      plans.push([p.id, s.id, "application_fee_fixed", s.cur, p.fixed.toFixed(2), "fixed", "", p.refundFee, p.tier, p.from, p.to]);
      plans.push([p.id, s.id, "dispute_fee", s.cur, p.disputeFee.toFixed(2), "fixed", "", p.refundFee, p.tier, p.from, p.to]);
    }
    if (s.promoTo) for (const c of ["application_fee", "application_fee_fixed"]) plans.push([`PROMO-${s.id.slice(-6)}`, s.id, c, s.cur, "0.00", c === "application_fee" ? "percent" : "fixed", "", "", "launch offer", s.onboarded, s.promoTo]);
  }
  writeFileSync(join(out, "ref", "seller_fee_plans.csv"), csv(["Plan", "Connected Account", "Component", "Currency", "Rate", "Fee Type", "Cap", "Refund Fee Policy", "Tier", "Effective From", "Effective To"], plans));
  const std: string[][] = [];
  for (const [cur, v] of Object.entries(STD)) {
    std.push(["application_fee", cur, v.pct.toFixed(2), "percent", "2024-01-01"]);
    std.push(["application_fee_fixed", cur, v.fixed.toFixed(2), "fixed", "2024-01-01"]);
    std.push(["dispute_fee", cur, v.dispute.toFixed(2), "fixed", "2024-01-01"]);
  }
  writeFileSync(join(out, "ref", "standard_pricing.csv"), csv(["Component", "Currency", "Rate", "Fee Type", "Effective From"], std));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.id] = d.regular;
  for (const p of g.payouts) if (p.regular) regular[p.id] = p.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, rows: rows.length, payouts: g.payouts.length, sellers: g.sellers.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeSettlement(Number(arg("--seed", "1501")), arg("--out", "/tmp/settlement-1501"))));
}
