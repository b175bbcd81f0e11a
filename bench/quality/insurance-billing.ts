// An independent billing data set (the twenty-fourth, 2026-11-28): a property & casualty insurer's
// premium billing over January 2025 – October 2026, exported from its billing system (Guidewire
// BillingCenter, Duck Creek Billing, Majesco style) beside its policy administration system: one
// row per invoice item, the invoice's header on each — the invoice number and type (Installment,
// Endorsement, Audit, Final Bill, Reinstatement, Return Premium), invoice and due date, the
// account (the insured), the policy number and its term number, the term's effective and
// expiration dates, the line of business (BOP, commercial package, general liability, workers'
// compensation, commercial auto), the risk state and, in Kentucky, the municipality that taxes the
// premium, the producer and its commission rate, the payment plan (Full Pay, Semi-Annual,
// Quarterly, 4-Pay, 10-Pay, 10-Pay EFT), the instalment's number and count, the policy
// transaction the invoice bills (new business, renewal, policy change, cancellation,
// reinstatement, final audit) with its effective date, the cancellation's method (Flat, Pro Rata,
// Short Rate) and reason, the policy's status at the export (In Force, Expired, Cancelled), the
// premium finance company of a financed policy, the related invoice, user and approver; per item
// the charge code (PREM the term's premium in shares of the term, END-PREM a policy change's pro
// rata premium, AUDIT the final audit's premium, RP-CANC the premium returned on cancellation,
// EARNED the earned premium billed after a cancellation, POLFEE the policy fee, INSTFEE-M and
// INSTFEE-Q the instalment fees, REINFEE the reinstatement fee, and the state taxes and surcharges
// in % of the premium: FL-FIGA, FL-EMPA, KY-SURCH, KY-MUNI, NJ-PLIGA, MN-FIRE, WV-SURCH and the
// workers' compensation assessments NY-WCASMT, NJ-WCSIF, KY-WCSF), description, quantity, unit
// (TERM: a share of the term's premium at the term premium; % for a tax or surcharge on its
// premium basis; EA), rate, amount, and the commission on it. Beside it the policy administration
// system's premium summary per policy term (the term premium, the policy fee, each tax and
// surcharge and its rate), the fee schedule (policy fees per line, instalment fees, the
// reinstatement fee, the statutory surcharge rates, each from its effective date), the register
// of premium-bearing policy changes and final audits with the invoice each was billed on, and the
// notices of intent to cancel for non-payment.
// Written from how P&C premium billing works before reading the detectors. Regular business (hard
// negatives): instalment plans whose monthly invoices are alike but for their number; the last
// instalment carrying the cents of rounding; instalment fees on every instalment but the down
// payment, none on EFT plans and full pay, a new fee schedule from 1 January 2026; renewals billed
// 20-30 days before the renewal term starts, at the new premium (higher or lower); taxes and
// surcharges billed in full with the down payment, at the rate of the term's effective date (a
// renewal billed in December at next year's rate), none in states without them, Kentucky's
// municipal tax at the city's rate (none outside a city); mid-term policy changes billed pro rata
// on the next instalment or on their own invoice, backdated ones, premium-free ones (no bill),
// reductions returned; flat cancellations (everything returned, the policy fee too); pro-rata
// cancellations (non-payment, underwriting); short-rate cancellations at the insured's request
// (10 % of the unearned premium kept); minimum earned premium (25 % of the term on a package,
// BOP or GL cancelled by the insured); earned premium billed after a cancellation when the
// instalments billed fell short of it; reinstatements after a non-payment cancellation (the
// return reversed, a reinstatement fee, the instalments going on); final audits after the term
// (additional premium on its own invoice or the renewal's next instalment, return premium
// credited, audits of cancelled policies, small differences waived); premium-financed policies
// billed in full once; commission at new-business and renewal rates, charged back on returns.
// Planted (labelled, with the amount at risk): a policy change never billed (its item missing from
// the invoice the register names); a renewal billed at the expiring premium; return premium
// beyond the short-rate or minimum-earned figure; a cancelled policy still billed an instalment;
// instalments summing short of the term premium; a state surcharge missing; an instalment
// invoiced twice; a final audit's additional premium never billed; a policy cancelled flat (on its
// term's first day) still billed its next instalment; a flat cancellation returning the whole
// term premium where only the down payment was billed (the return figured as premium − earned,
// not billed − earned).
// Run: bun run bench/quality/insurance-billing.ts --seed 2401 --out /tmp/insurance
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, addMonths, csv, days, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "endorsement_not_billed" | "renewal_at_expiring_premium" | "return_beyond_earned" | "cancelled_policy_billed"
  | "instalments_short_of_premium" | "state_surcharge_missing" | "instalment_invoiced_twice" | "audit_premium_not_billed"
  | "flat_cancelled_policy_billed" | "flat_return_beyond_billed";
export const LEAK_KINDS: LeakKind[] = ["endorsement_not_billed", "renewal_at_expiring_premium", "return_beyond_earned", "cancelled_policy_billed", "instalments_short_of_premium", "state_surcharge_missing", "instalment_invoiced_twice", "audit_premium_not_billed", "flat_cancelled_policy_billed", "flat_return_beyond_billed"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_EFFECTIVE = "2025-01-01", LAST_NEW = "2025-12-31", EXPORT_END = "2026-11-05";

type Lob = "BOP" | "CPP" | "GL" | "WC" | "CA";
const LOBS: { lob: Lob; name: string; median: number; auditable: boolean; property: boolean; fee: number; mep: number; minPremium: number; share: number }[] = [
  { lob: "BOP", name: "Businessowners", median: 2600, auditable: false, property: true, fee: 75, mep: 0.25, minPremium: 500, share: 0.3 },
  { lob: "CPP", name: "Commercial Package", median: 9500, auditable: false, property: true, fee: 150, mep: 0.25, minPremium: 1500, share: 0.15 },
  { lob: "GL", name: "General Liability", median: 4200, auditable: true, property: false, fee: 100, mep: 0.25, minPremium: 750, share: 0.2 },
  { lob: "WC", name: "Workers Compensation", median: 11000, auditable: true, property: false, fee: 0, mep: 0, minPremium: 1000, share: 0.2 },
  { lob: "CA", name: "Commercial Auto", median: 7800, auditable: false, property: false, fee: 125, mep: 0, minPremium: 1000, share: 0.15 },
];
const STATES = ["TX", "GA", "FL", "NJ", "NY", "KY", "MN", "WV", "OH", "IL"] as const;
type State = typeof STATES[number];
const KY_CITIES: { city: string; rate: number }[] = [{ city: "Louisville", rate: 5 }, { city: "Lexington", rate: 5 }, { city: "Bowling Green", rate: 8 }, { city: "Owensboro", rate: 10 }, { city: "Unincorporated Jefferson Co", rate: 0 }];

/** The statutory surcharges of a state and line, in % of the premium, at the rate of the term's effective year (FL-EMPA: a flat $2 a policy). */
function surchargesOf(state: State, lob: Lob, year: string, city: { city: string; rate: number } | null): { code: string; desc: string; unit: "%" | "EA"; rate: number }[] {
  const out: { code: string; desc: string; unit: "%" | "EA"; rate: number }[] = [];
  const prop = lob === "BOP" || lob === "CPP";
  if (lob === "WC") {
    if (state === "NY") out.push({ code: "NY-WCASMT", desc: "NYS workers' compensation assessment", unit: "%", rate: year === "2026" ? 12.9 : 13.4 });
    if (state === "NJ") out.push({ code: "NJ-WCSIF", desc: "NJ second injury fund surcharge", unit: "%", rate: 2.94 });
    if (state === "KY") out.push({ code: "KY-WCSF", desc: "KY special fund assessment", unit: "%", rate: year === "2026" ? 6.0 : 6.29 });
    return out;
  }
  if (state === "FL") { out.push({ code: "FL-FIGA", desc: "Florida Insurance Guaranty Association assessment", unit: "%", rate: year === "2026" ? 0.7 : 1.0 }); if (prop) out.push({ code: "FL-EMPA", desc: "FL emergency management preparedness assessment", unit: "EA", rate: 2 }); }
  if (state === "NJ") out.push({ code: "NJ-PLIGA", desc: "NJ property-liability insurance guaranty surcharge", unit: "%", rate: 0.9 });
  if (state === "MN" && prop) out.push({ code: "MN-FIRE", desc: "MN fire safety surcharge", unit: "%", rate: 0.65 });
  if (state === "WV") out.push({ code: "WV-SURCH", desc: "WV premium surcharge", unit: "%", rate: year === "2026" ? 0.35 : 0.55 });
  if (state === "KY") { out.push({ code: "KY-SURCH", desc: "KY premium surcharge", unit: "%", rate: 1.8 }); if (city && city.rate > 0) out.push({ code: "KY-MUNI", desc: `KY municipal premium tax ${city.city}`, unit: "%", rate: city.rate }); }
  return out;
}

/** Payment plans: the shares of the term premium and the months after the term's effective date each instalment falls due. */
const PLANS: { name: string; shares: number[]; months: number[]; fee: string | null }[] = [
  { name: "Full Pay", shares: [1], months: [0], fee: null },
  { name: "Semi-Annual", shares: [0.5, 0.5], months: [0, 6], fee: "INSTFEE-Q" },
  { name: "Quarterly", shares: [0.25, 0.25, 0.25, 0.25], months: [0, 3, 6, 9], fee: "INSTFEE-Q" },
  { name: "4-Pay", shares: [0.4, 0.2, 0.2, 0.2], months: [0, 2, 4, 6], fee: "INSTFEE-Q" },
  { name: "10-Pay", shares: Array(10).fill(0.1), months: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], fee: "INSTFEE-M" },
  { name: "10-Pay EFT", shares: Array(10).fill(0.1), months: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9], fee: null },
];
const FEES: Record<string, { y2025: number; y2026: number }> = { "INSTFEE-M": { y2025: 8, y2026: 9 }, "INSTFEE-Q": { y2025: 10, y2026: 10 }, REINFEE: { y2025: 25, y2026: 25 } };
const feeOn = (code: string, on: string) => (on >= "2026-01-01" ? FEES[code]!.y2026 : FEES[code]!.y2025);
const FINANCE = ["IPFS Corporation", "AFCO Credit Corporation", "Imperial PFS", "First Insurance Funding"];

interface Account { no: string; name: string; state: State; city: { city: string; rate: number } | null; producer: { code: string; name: string } }
interface Policy { no: string; account: Account; lob: typeof LOBS[number]; terms: Term[] }
interface Term {
  policy: Policy; n: number; eff: string; exp: string; premium: number; billedPremium: number; plan: typeof PLANS[number]; financed: string; renewal: boolean;
  surcharges: ReturnType<typeof surchargesOf>; cancel: { on: string; processed: string; method: "Flat" | "Pro Rata" | "Short Rate"; reason: string; reinstated: string } | null;
  commission: number; docs: Doc[];
}
interface Item { code: string; desc: string; qty: number; unit: string; rate: number; amount: number; commission: number }
type DocType = "Installment" | "Endorsement" | "Audit" | "Final Bill" | "Reinstatement" | "Return Premium";
interface Doc {
  no: string; type: DocType; date: string; due: string; term: Term; inst: number; transaction: string; txnEffective: string; related: Doc | null; user: string; approver: string;
  items: Item[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Register { id: string; kind: "Policy Change" | "Final Audit"; term: Term; code: string; processed: string; effective: string; premium: number; doc: Doc | null; billable: boolean; note: string }

const total = (d: Doc) => r2(d.items.reduce((s, i) => s + i.amount, 0));

export function generateInsurance(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const users = ["bc.batch", "jmorales", "kpatel", "lchen", "dwright", "sadeyemi"];
  const approvers = ["uw.mgr.hart", "uw.mgr.osei", "billing.sup.kim"];
  const first = ["Lakeside", "Summit", "Bayou", "Prairie", "Keystone", "Bluegrass", "Northstar", "Harbor", "Pine Ridge", "Magnolia", "Redwood", "Granite", "Tri-County", "Capitol", "Riverbend"];
  const trade = ["Dental Group", "Auto Repair", "Bakery", "Roofing", "Landscaping", "Machine Works", "Logistics", "Plumbing & Heating", "Restaurant Group", "Hardware", "Electric", "Veterinary Clinic", "Cleaning Services", "Printing", "Builders"];
  const producers = Array.from({ length: 18 }, (_, i) => ({ code: `P${String(4100 + i * 7)}`, name: `${pick(["Brown & Riding", "Hilb", "Marsh Agency", "Oakwood Insurance", "Risk Partners", "Hometown Insurance", "Alliance Agency", "Frontier Risk"])} #${i + 1}` }));

  const accounts: Account[] = [];
  const policies: Policy[] = [];
  let acctNo = 3_000_100, polNo = 1_040_000;
  for (let i = 0; i < 720; i++) {
    const state = pick(STATES);
    const a: Account = { no: String(++acctNo), name: `${pick(first)} ${pick(trade)}${chance(0.5) ? " LLC" : " Inc"}`, state, city: state === "KY" ? pick(KY_CITIES) : null, producer: pick(producers) };
    accounts.push(a);
    const nPol = 1 + (chance(0.35) ? 1 : 0) + (chance(0.1) ? 1 : 0);
    const lobsTaken = new Set<Lob>();
    for (let k = 0; k < nPol; k++) {
      let r = rnd(), lob = LOBS[0]!;
      for (const l of LOBS) { if (r < l.share) { lob = l; break; } r -= l.share; }
      if (lobsTaken.has(lob.lob)) continue;
      lobsTaken.add(lob.lob);
      policies.push({ no: `${lob.lob}${String(++polNo)}`, account: a, lob, terms: [] });
    }
  }

  const docs: Doc[] = [];
  const register: Register[] = [];
  const notices: { term: Term; date: string; cancelOn: string; pastDue: number; doc: Doc }[] = [];
  let regNo = 70_000;
  const item = (code: string, desc: string, qty: number, unit: string, rate: number, amount: number, commission = 0): Item => ({ code, desc, qty, unit, rate, amount: r2(amount), commission });
  const surchargeItems = (t: Term, basis: number, what: string): Item[] =>
    t.surcharges.filter((s) => s.unit === "%").map((s) => item(s.code, `${s.desc} ${s.rate}% ${what}`, r2(basis), "%", s.rate, (basis * s.rate) / 100));
  const newDoc = (t: Term, type: DocType, date: string, o: Partial<Doc> = {}): Doc => {
    const d: Doc = { no: "", type, date, due: addDays(date, 20), term: t, inst: 0, transaction: "", txnEffective: "", related: null, user: pick(users), approver: "", items: [], regular: "regular", ...o };
    t.docs.push(d); docs.push(d); return d;
  };

  for (const p of policies) {
    let eff = addDays(FIRST_EFFECTIVE, int(0, days(FIRST_EFFECTIVE, LAST_NEW)));
    let premium = Math.max(p.lob.minPremium, Math.round(logn(p.lob.median, 0.8)));
    let n = 1;
    const financed = p.lob.lob !== "WC" && premium > 6000 && chance(0.3) ? pick(FINANCE) : "";
    let plan = financed ? PLANS[0]! : pick([PLANS[0]!, PLANS[0]!, PLANS[1]!, PLANS[2]!, PLANS[3]!, PLANS[4]!, PLANS[4]!, PLANS[5]!]);
    while (eff <= addDays(EXPORT_END, 30)) {
      const exp = addMonths(eff, 12);
      const surcharges = surchargesOf(p.account.state, p.lob.lob, eff.slice(0, 4), p.account.city);
      const t: Term = { policy: p, n, eff, exp, premium, billedPremium: premium, plan, financed, renewal: n > 1, surcharges, cancel: null, commission: p.lob.lob === "WC" ? 8 : n > 1 ? 12.5 : 15, docs: [] };
      p.terms.push(t);
      eff = exp; n++;
      premium = Math.max(p.lob.minPremium, Math.round(premium * (1 + between(-0.06, 0.14))));
      if (!chance(0.82)) break;
      if (chance(0.15) && !financed) plan = pick(PLANS.slice(0, 6));
    }
  }

  // Billing each term: the instalment schedule, policy changes, a cancellation (and a reinstatement), the final audit.
  for (const p of policies) for (let ti = 0; ti < p.terms.length; ti++) {
    const t = p.terms[ti]!;
    const D = days(t.eff, t.exp);
    const leadDays = t.renewal ? int(20, 30) : -int(0, 5); // renewals billed ahead of the term; new business on issue, a few days after the effective date
    const due = t.plan.months.map((m) => addMonths(t.eff, m));
    const issueDates = due.map((d, k) => (k === 0 ? addDays(t.eff, -leadDays) : addDays(d, -int(18, 22))));
    const issueOf = (k: number) => issueDates[k]!;
    // Cancellation: 9 % of terms; the reason decides the method.
    if (chance(0.09)) {
      const r = rnd();
      const reason = r < 0.15 ? "Insured Request - Flat" : r < 0.5 ? "Insured Request" : r < 0.8 ? "Non-Payment" : r < 0.9 ? "Underwriting" : "Finance Company Request";
      const method = reason.endsWith("Flat") ? "Flat" : reason === "Insured Request" ? "Short Rate" : "Pro Rata";
      const on = method === "Flat" ? t.eff : addDays(t.eff, int(25, D - 40));
      const cancelReason = reason.endsWith("Flat") ? "Insured Request" : reason;
      t.cancel = { on, processed: addDays(on, method === "Flat" ? int(1, 10) : reason === "Non-Payment" ? 0 : int(-5, 12)), method, reason: cancelReason, reinstated: "" };
      if (t.financed && reason === "Non-Payment") t.cancel.reason = "Finance Company Request";
      if (!t.financed && (reason === "Finance Company Request")) t.cancel.reason = "Underwriting";
    }
    // The instalment invoices, each issued about 20 days before it falls due (a non-payment cancellation's notice goes out after an unpaid one).
    let billed = 0;
    if (t.cancel && t.cancel.reason === "Non-Payment") {
      // The unpaid instalment: the last one issued more than 25 days before the notice; notice 10 days before the cancellation.
      const candidates = t.plan.shares.map((_, k) => k).filter((k) => k > 0 && addDays(issueOf(k), 45) <= addDays(t.exp, -20));
      if (candidates.length === 0) { t.cancel = null; } else {
        const k = pick(candidates);
        const on = addDays(due[k]!, int(25, 40));
        t.cancel.on = on; t.cancel.processed = on;
      }
    }
    const stop = t.cancel ? t.cancel.processed : "9999-12-31";
    const instDocs: Doc[] = [];
    t.plan.shares.forEach((share, k) => {
      const date = issueOf(k);
      if (date > stop || (t.cancel?.method === "Flat" && k > 0)) return;
      const last = k === t.plan.shares.length - 1;
      const amount = last ? r2(t.billedPremium - billed) : r2(t.billedPremium * share);
      billed = r2(billed + amount);
      const d = newDoc(t, "Installment", date, { inst: k + 1, due: due[k]! > addDays(date, 10) ? due[k]! : addDays(date, 20), transaction: k === 0 ? (t.renewal ? "Renewal" : "New Business") : "", txnEffective: k === 0 ? t.eff : "" });
      d.items.push(item("PREM", `${t.policy.lob.name} premium ${t.plan.name} installment ${k + 1} of ${t.plan.shares.length}, term ${usDate(t.eff)}-${usDate(t.exp)}`, share, "TERM", t.billedPremium, amount, t.commission));
      if (k === 0) {
        if (t.policy.lob.fee > 0) d.items.push(item(`POLFEE-${t.policy.lob.lob}`, "Policy fee (fully earned)", 1, "EA", t.policy.lob.fee, t.policy.lob.fee));
        d.items.push(...surchargeItems(t, t.billedPremium, `on term premium ${num(t.billedPremium)}`));
        for (const s of t.surcharges) if (s.unit === "EA") d.items.push(item(s.code, s.desc, 1, "EA", s.rate, s.rate));
      } else if (t.plan.fee) d.items.push(item(t.plan.fee, `Installment fee ${t.plan.name}`, 1, "EA", feeOn(t.plan.fee, date), feeOn(t.plan.fee, date)));
      d.regular = k === 0 ? (t.financed ? "financed_full_pay" : t.renewal ? "renewal_down_payment" : "new_business_down_payment") : t.plan.fee ? "installment" : "installment_eft_no_fee";
      if (k === 0 && t.surcharges.length === 0 && d.regular !== "financed_full_pay") d.regular = t.renewal ? "renewal_no_state_surcharge" : "no_state_surcharge";
      instDocs.push(d);
    });
    // Policy changes: about 0.6 a term, effective inside it, processed around then (some backdated).
    const nChanges = chance(0.45) ? 1 + (chance(0.3) ? 1 : 0) : 0;
    const changes: { eff: string; processed: string; annual: number; prorata: number; note: string }[] = [];
    for (let c = 0; c < nChanges; c++) {
      const ce = addDays(t.eff, int(10, D - 20));
      const processed = addDays(ce, chance(0.3) ? int(5, 40) : int(-10, 3));
      if (t.cancel && processed >= t.cancel.on) continue;
      const free = chance(0.25);
      const annual = free ? 0 : Math.round(t.premium * (chance(0.75) ? between(0.03, 0.3) : -between(0.03, 0.15)));
      const prorata = r2((annual * days(ce, t.exp)) / D);
      const note = free ? pick(["named insured corrected", "mailing address change", "additional insured added (blanket)", "mortgagee added"]) : annual > 0 ? pick(["vehicle added", "location added", "building limit increased", "class code added", "payroll estimate increased", "additional insured (scheduled)"]) : pick(["vehicle deleted", "location removed", "limit reduced", "payroll estimate decreased"]);
      changes.push({ eff: ce, processed, annual, prorata, note });
    }
    changes.sort((a, b) => (a.processed < b.processed ? -1 : 1));
    let changeNo = 0;
    for (const ch of changes) {
      changeNo++;
      const reg: Register = { id: `PC${++regNo}`, kind: "Policy Change", term: t, code: "END-PREM", processed: ch.processed, effective: ch.eff, premium: ch.prorata, doc: null, billable: ch.prorata !== 0, note: ch.note };
      register.push(reg);
      if (ch.prorata === 0) continue;
      const desc = `Policy change #${changeNo} eff ${usDate(ch.eff)} ${ch.note}: annual ${num(ch.annual)} pro rata ${days(ch.eff, t.exp)}/${D}`;
      const its = [item("END-PREM", desc, 1, "EA", ch.prorata, ch.prorata, t.commission), ...surchargeItems(t, ch.prorata, `on policy change premium ${num(ch.prorata)}`)];
      const next = instDocs.find((d) => d.date > ch.processed && d.inst > 1);
      if (ch.prorata > 0 && next && !t.financed) {
        next.items.push(...its);
        next.regular = ch.processed > ch.eff ? "backdated_change_on_next_installment" : "change_on_next_installment";
        reg.doc = next;
      } else if (ch.prorata > 0) {
        reg.doc = newDoc(t, "Endorsement", addDays(ch.processed, int(0, 2)), { transaction: "Policy Change", txnEffective: ch.eff, items: its, regular: ch.processed > ch.eff ? "backdated_change_own_invoice" : "change_own_invoice" });
      } else {
        reg.doc = newDoc(t, "Return Premium", addDays(ch.processed, int(0, 2)), { transaction: "Policy Change", txnEffective: ch.eff, items: its.map((i) => ({ ...i, code: i.code === "END-PREM" ? "END-RP" : i.code })), regular: "change_return_premium" });
      }
    }
    // Cancellation: earned premium by the method; the premium billed so far returned above it, or the earned premium billed when it fell short.
    if (t.cancel) {
      const c = t.cancel;
      const dIn = days(t.eff, c.on);
      const proRata = (t.premium * dIn) / D;
      let earned = c.method === "Flat" ? 0 : c.method === "Short Rate" ? proRata + 0.1 * (t.premium - proRata) : proRata;
      let rule = c.method === "Flat" ? "flat_cancellation" : c.method === "Short Rate" ? "short_rate_cancellation" : c.reason === "Non-Payment" ? "nonpay_cancellation" : c.reason === "Finance Company Request" ? "finance_company_cancellation" : "pro_rata_cancellation";
      if (c.method === "Short Rate" && t.policy.lob.mep > 0 && earned < t.policy.lob.mep * t.premium) { earned = t.policy.lob.mep * t.premium; rule = "minimum_earned_premium"; }
      earned = r2(earned);
      const premBilled = r2(t.docs.filter((d) => d.type === "Installment").reduce((s, d) => s + d.items.filter((i) => i.code === "PREM").reduce((a, i) => a + i.amount, 0), 0));
      const unearned = r2(t.premium - earned);
      const date = addDays(c.processed, int(0, 3));
      if (premBilled === 0 && c.method === "Flat") { p.terms.length = ti + 1; continue; } // cancelled before anything was billed: nothing to return
      const how = c.method === "Flat" ? "flat" : c.method === "Short Rate" ? `short rate ${dIn}/${D} days, 10% of unearned retained${rule === "minimum_earned_premium" ? `, minimum earned ${t.policy.lob.mep * 100}%` : ""}` : `pro rata ${dIn}/${D} days`;
      const its: Item[] = [];
      const premiumDue = r2(earned - premBilled);
      if (premiumDue < 0) its.push(item("RP-CANC", `Return premium, cancellation eff ${usDate(c.on)} ${how}: billed ${num(premBilled)} earned ${num(earned)}`, -1, "EA", -premiumDue, premiumDue, t.commission));
      else if (premiumDue > 0) its.push(item("EARNED", `Earned premium due, cancellation eff ${usDate(c.on)} ${how}: billed ${num(premBilled)} earned ${num(earned)}`, 1, "EA", premiumDue, premiumDue, t.commission));
      its.push(...surchargeItems(t, -unearned, `returned on unearned premium ${num(unearned)}`));
      // A flat cancellation returns everything, the policy fee and the flat assessments too.
      if (c.method === "Flat") for (const f of t.docs[0]?.items.filter((i) => i.code.startsWith("POLFEE") || i.code === "FL-EMPA") ?? []) its.push(item(f.code, `${f.desc} returned, flat cancellation`, -1, "EA", f.rate, -f.amount));
      if (its.length) {
        const net = r2(its.reduce((s, i) => s + i.amount, 0));
        const d = newDoc(t, net < 0 ? "Return Premium" : "Final Bill", date, { transaction: "Cancellation", txnEffective: c.on, items: its, regular: net >= 0 ? "earned_premium_after_cancellation" : rule }); // the return is the policy's: it names no invoice
        if (c.reason === "Non-Payment") {
          const unpaid = [...t.docs].filter((x) => x.type === "Installment" && x.date < c.on).at(-1)!;
          notices.push({ term: t, date: addDays(c.on, -int(10, 14)), cancelOn: c.on, pastDue: total(unpaid), doc: unpaid });
          // A fifth of non-payment cancellations are reinstated: payment came within 30 days.
          if (chance(0.3) && net < 0) {
            c.reinstated = addDays(c.on, int(5, 25));
            const rd = newDoc(t, "Reinstatement", c.reinstated, { transaction: "Reinstatement", txnEffective: c.on, related: d, approver: pick(approvers), regular: "reinstatement",
              items: [...d.items.map((i) => ({ ...i, code: i.code === "RP-CANC" ? "RP-REV" : i.code, desc: `Reversal: ${i.desc}`, qty: -i.qty, amount: -i.amount })), item("REINFEE", "Reinstatement fee", 1, "EA", feeOn("REINFEE", c.reinstated), feeOn("REINFEE", c.reinstated))] });
            // The instalments go on from the reinstatement.
            t.plan.shares.forEach((share, k) => {
              if (k === 0) return;
              const date = issueOf(k);
              if (date <= stop) return;
              const last = k === t.plan.shares.length - 1;
              const billedNow = r2(t.docs.filter((x) => x.type === "Installment").reduce((s, x) => s + x.items.filter((i) => i.code === "PREM").reduce((a, i) => a + i.amount, 0), 0));
              const amount = last ? r2(t.billedPremium - billedNow) : r2(t.billedPremium * share);
              const di = newDoc(t, "Installment", date < c.reinstated ? addDays(c.reinstated, 1) : date, { inst: k + 1, due: due[k]!, regular: "installment_after_reinstatement" });
              di.items.push(item("PREM", `${t.policy.lob.name} premium ${t.plan.name} installment ${k + 1} of ${t.plan.shares.length}, term ${usDate(t.eff)}-${usDate(t.exp)}`, share, "TERM", t.billedPremium, amount, t.commission));
              if (t.plan.fee) di.items.push(item(t.plan.fee, `Installment fee ${t.plan.name}`, 1, "EA", feeOn(t.plan.fee, di.date), feeOn(t.plan.fee, di.date)));
            });
            void rd;
          }
        }
      }
      if (!c.reinstated) p.terms.length = ti + 1; // a cancelled policy is not renewed
    }
  }
  // Final audits of auditable terms, 45-100 days after the term ends (or its cancellation): additional premium billed on its own invoice, or on the next instalment of the renewal; a return credited; small differences waived.
  for (const p of policies) if (p.lob.auditable) p.terms.forEach((t, ti) => {
    if (t.cancel?.method === "Flat") return;
    const end = t.cancel && !t.cancel.reinstated ? t.cancel.on : t.exp;
    const processed = addDays(end, int(45, 100));
    if (processed > EXPORT_END) return;
    const earnedBase = t.cancel && !t.cancel.reinstated ? (t.premium * days(t.eff, t.cancel.on)) / days(t.eff, t.exp) : t.premium;
    let delta = Math.round(earnedBase * (chance(0.6) ? between(0.02, 0.35) : -between(0.02, 0.25)));
    if (t.premium + delta < p.lob.minPremium) delta = p.lob.minPremium - t.premium;
    const reg: Register = { id: `AU${++regNo}`, kind: "Final Audit", term: t, code: "AUDIT", processed, effective: end, premium: Math.abs(delta) < 100 ? 0 : delta, doc: null, billable: Math.abs(delta) >= 100, note: Math.abs(delta) < 100 ? "difference under $100 waived" : p.lob.lob === "WC" ? "payroll audit" : "sales audit" };
    register.push(reg);
    if (!reg.billable) return;
    const basis = p.lob.lob === "WC" ? "payroll" : "gross sales";
    const desc = `Final audit ${usDate(t.eff)}-${usDate(end)} ${basis} ${delta > 0 ? "above" : "below"} estimate: ${delta > 0 ? "additional" : "return"} premium`;
    const its = [item(delta > 0 ? "AUDIT" : "AUDIT-RP", desc, 1, "EA", delta, delta, t.commission), ...surchargeItems(t, delta, `on audit premium ${num(delta)}`)];
    const next = p.terms[ti + 1]?.docs.find((d) => d.type === "Installment" && d.inst > 1 && d.date > processed && !d.items.some((i) => i.code === "AUDIT"));
    if (delta > 0 && next && !p.terms[ti + 1]!.financed) { next.items.push(...its); next.regular = "audit_on_renewal_installment"; reg.doc = next; }
    else reg.doc = newDoc(t, delta > 0 ? "Audit" : "Return Premium", addDays(processed, int(0, 3)), { transaction: "Final Audit", txnEffective: end, items: its, regular: delta > 0 ? (t.cancel ? "audit_of_cancelled_policy" : "audit_additional_premium") : "audit_return_premium" });
  });

  // Planting: 5 of each kind, on ordinary business of its kind.
  const N = 5;
  const used = new Set<Doc>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const within = (d: Doc) => d.date >= "2025-02-01" && d.date <= "2026-10-20";
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const touched = new Set<Term>();
  // 1. A policy change never billed: its items missing from the instalment invoice the register names.
  for (const r of take(register.filter((r) => r.kind === "Policy Change" && r.doc && r.doc.type === "Installment" && within(r.doc) && !used.has(r.doc)), N)) {
    const d = r.doc!;
    const before = total(d);
    const idx = d.items.findIndex((i) => i.code === "END-PREM" && i.amount === r.premium);
    const n = 1 + r.term.surcharges.filter((s) => s.unit === "%").length;
    d.items.splice(idx, n);
    plant(d, "endorsement_not_billed", before - total(d)); touched.add(r.term);
  }
  // 2. A renewal billed at the expiring premium: the renewal's re-rated premium never reached billing, every instalment of the term at the last term's.
  for (const t of take(policies.flatMap((p) => p.terms).filter((t) => t.renewal && !t.cancel && !touched.has(t) && t.docs.length > 0 && t.docs.every((d) => within(d) && !used.has(d)) && t.premium > t.policy.terms[t.n - 2]!.premium * 1.03), N)) {
    const old = t.policy.terms[t.n - 2]!.premium;
    for (const d of t.docs.filter((x) => x.type === "Installment")) {
      const before = total(d);
      const last = d.inst === t.plan.shares.length;
      const prevBilled = t.docs.filter((x) => x.type === "Installment" && x.inst < d.inst).reduce((s, x) => s + x.items.find((i) => i.code === "PREM")!.amount, 0);
      for (const i of d.items) {
        if (i.code === "PREM") { i.rate = old; i.amount = last ? r2(old - prevBilled) : r2(old * i.qty); i.desc = i.desc; }
        else if (i.unit === "%" && d.inst === 1) { i.qty = old; i.amount = r2((old * i.rate) / 100); i.desc = i.desc.replace(/on term premium [\d,.]+/, `on term premium ${num(old)}`); }
      }
      plant(d, "renewal_at_expiring_premium", before - total(d));
    }
    t.billedPremium = old; touched.add(t);
  }
  // 3. Return premium beyond the short-rate or minimum-earned figure: the insured's cancellation returned pro rata.
  for (const d of take(docs.filter((d) => within(d) && !used.has(d) && d.type === "Return Premium" && d.transaction === "Cancellation" && (d.regular === "short_rate_cancellation" || d.regular === "minimum_earned_premium") && !touched.has(d.term)), N)) {
    const t = d.term, c = t.cancel!;
    const before = total(d);
    const dIn = days(t.eff, c.on), D = days(t.eff, t.exp);
    const earnedProRata = r2((t.premium * dIn) / D);
    const premBilled = r2(t.docs.filter((x) => x.type === "Installment").reduce((s, x) => s + x.items.filter((i) => i.code === "PREM").reduce((a, i) => a + i.amount, 0), 0));
    const rp = d.items.find((i) => i.code === "RP-CANC")!;
    const ret = r2(premBilled - earnedProRata);
    rp.rate = ret; rp.amount = -ret; rp.desc = `Return premium, cancellation eff ${usDate(c.on)} pro rata ${dIn}/${D} days: billed ${num(premBilled)} earned ${num(earnedProRata)}`;
    for (const i of d.items) if (i.unit === "%") { i.qty = -r2(t.premium - earnedProRata); i.amount = r2((i.qty * i.rate) / 100); }
    plant(d, "return_beyond_earned", before - total(d)); touched.add(t);
  }
  // 4. A cancelled policy still billed: the schedule not stopped, the next instalment issued after the cancellation.
  const extra: Doc[] = [];
  for (const t of take(policies.flatMap((p) => p.terms).filter((t) => t.cancel && t.cancel.method !== "Flat" && !t.cancel.reinstated && !touched.has(t) && t.plan.shares.length > 1), 40)) {
    if (extra.length >= N) break;
    const insts = t.docs.filter((d) => d.type === "Installment");
    const k = insts.length; // the next instalment's index
    if (k >= t.plan.shares.length) continue;
    const date = addDays(addMonths(t.eff, t.plan.months[k]!), -int(18, 22));
    if (date <= t.cancel!.processed || date > "2026-10-20" || date < "2025-02-01") continue;
    const d = newDoc(t, "Installment", date, { inst: k + 1, due: addMonths(t.eff, t.plan.months[k]!) });
    d.items.push(item("PREM", `${t.policy.lob.name} premium ${t.plan.name} installment ${k + 1} of ${t.plan.shares.length}, term ${usDate(t.eff)}-${usDate(t.exp)}`, t.plan.shares[k]!, "TERM", t.billedPremium, r2(t.billedPremium * t.plan.shares[k]!), t.commission));
    if (t.plan.fee) d.items.push(item(t.plan.fee, `Installment fee ${t.plan.name}`, 1, "EA", feeOn(t.plan.fee, date), feeOn(t.plan.fee, date)));
    plant(d, "cancelled_policy_billed", total(d)); extra.push(d); touched.add(t);
  }
  // 5. Instalments summing short of the term premium: the last instalment billed at a regular share when the schedule left more to bill (a plan change re-spread from the wrong balance).
  for (const t of take(policies.flatMap((p) => p.terms).filter((t) => !t.cancel && !touched.has(t) && t.plan.shares.length >= 4 && t.docs.filter((d) => d.type === "Installment").length === t.plan.shares.length), 60)) {
    if ([...used].filter((d) => d.leak?.kind === "instalments_short_of_premium").length >= N) break;
    const last = t.docs.find((d) => d.type === "Installment" && d.inst === t.plan.shares.length)!;
    if (!within(last) || used.has(last)) continue;
    const prem = last.items.find((i) => i.code === "PREM")!;
    const before = prem.amount;
    const cut = r2(before * between(0.3, 0.7));
    prem.amount = r2(before - cut); prem.qty = r2(prem.amount / prem.rate * 10000) / 10000;
    plant(last, "instalments_short_of_premium", cut); touched.add(t);
  }
  // 6. A state surcharge missing from the down payment invoice.
  for (const d of take(docs.filter((d) => within(d) && !used.has(d) && !touched.has(d.term) && d.type === "Installment" && d.inst === 1 && d.items.some((i) => i.unit === "%" && i.code !== "PREM")), N)) {
    const sur = d.items.filter((i) => i.unit === "%");
    const gone = pick(sur);
    d.items = d.items.filter((i) => i !== gone);
    plant(d, "state_surcharge_missing", gone.amount); touched.add(d.term);
  }
  // 7. An instalment invoiced twice: the billing batch re-run, the same instalment under the next number.
  for (const d of take(docs.filter((d) => within(d) && !used.has(d) && d.type === "Installment" && d.inst > 1 && !touched.has(d.term)), N)) {
    const copy = newDoc(d.term, "Installment", addDays(d.date, int(0, 2)), { inst: d.inst, due: d.due, items: d.items.map((i) => ({ ...i })), user: "bc.batch" });
    plant(copy, "instalment_invoiced_twice", total(copy)); extra.push(copy); touched.add(d.term);
  }
  // 8. A final audit's additional premium never billed: its items missing from the renewal instalment the register names.
  for (const r of take(register.filter((r) => r.kind === "Final Audit" && r.doc && r.doc.type === "Installment" && within(r.doc) && !used.has(r.doc) && !touched.has(r.doc.term)), N)) {
    const d = r.doc!;
    const before = total(d);
    const idx = d.items.findIndex((i) => i.code === "AUDIT");
    const n = 1 + r.term.surcharges.filter((s) => s.unit === "%").length;
    d.items.splice(idx, n);
    plant(d, "audit_premium_not_billed", before - total(d)); touched.add(d.term);
  }

  // 9. A policy cancelled flat still billed: the payment plan not stopped, the second instalment issued after the cancellation's return.
  const flatTerms = policies.flatMap((p) => p.terms).filter((t) => t.cancel?.method === "Flat" && !touched.has(t) && t.plan.shares.length > 1 && t.docs.some((d) => d.transaction === "Cancellation"));
  let flatBilled = 0;
  for (const t of take(flatTerms, 40)) {
    if (flatBilled >= N) break;
    const settled = t.docs.find((d) => d.transaction === "Cancellation")!;
    const date = addDays(addMonths(t.eff, t.plan.months[1]!), -int(18, 22));
    if (date <= settled.date || date > "2026-10-20" || date < "2025-02-01") continue;
    const d = newDoc(t, "Installment", date, { inst: 2, due: addMonths(t.eff, t.plan.months[1]!) });
    d.items.push(item("PREM", `${t.policy.lob.name} premium ${t.plan.name} installment 2 of ${t.plan.shares.length}, term ${usDate(t.eff)}-${usDate(t.exp)}`, t.plan.shares[1]!, "TERM", t.billedPremium, r2(t.billedPremium * t.plan.shares[1]!), t.commission));
    if (t.plan.fee) d.items.push(item(t.plan.fee, `Installment fee ${t.plan.name}`, 1, "EA", feeOn(t.plan.fee, date), feeOn(t.plan.fee, date)));
    plant(d, "flat_cancelled_policy_billed", total(d)); touched.add(t); flatBilled++;
  }
  // 10. A flat cancellation returning the whole term premium where only the down payment was billed.
  for (const d of take(docs.filter((d) => within(d) && !used.has(d) && d.type === "Return Premium" && d.transaction === "Cancellation" && d.regular === "flat_cancellation" && !touched.has(d.term) && d.term.plan.shares.length > 1), N)) {
    const t = d.term;
    const before = total(d);
    const rp = d.items.find((i) => i.code === "RP-CANC");
    if (!rp) continue;
    rp.rate = t.premium; rp.amount = -t.premium; rp.desc = rp.desc.replace(/billed [\d,.]+/, `billed ${num(t.premium)}`);
    plant(d, "flat_return_beyond_billed", before - total(d)); touched.add(t);
  }

  const all = docs.filter((d) => d.date <= EXPORT_END && d.date >= "2024-12-01" && d.items.length > 0).sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // Invoice numbers in the order issued.
  let invNo = 60_000_000;
  for (const d of all) d.no = `INV-${++invNo}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, policies, accounts, register, notices, labels };
}

const STATUS = (t: Term) => (t.cancel && !t.cancel.reinstated && t.cancel.on <= EXPORT_END ? "Cancelled" : t.exp <= EXPORT_END ? "Expired" : "In Force");

// The billing system's invoice item export: MM/DD/YYYY, "1,234.56", "," between columns; the invoice's header on each row.
export function writeInsurance(seed: number, out: string) {
  const g = generateInsurance(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Due Date", "Account Number", "Insured Name", "Policy Number", "Term No", "Term Effective", "Term Expiration", "Line of Business", "Risk State", "Municipality",
    "Producer Code", "Producer", "Payment Plan", "Installment", "Installments", "Transaction", "Transaction Effective", "Cancel Method", "Cancel Reason", "Policy Status", "Cancellation Date", "Premium Finance Co",
    "Related Invoice", "Created By", "Approved By", "Currency", "Invoice Total", "Item No", "Charge Code", "Description", "Qty", "Unit", "Rate", "Amount", "Commission %", "Commission Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const t = d.term, p = t.policy, a = p.account;
    const cancelShown = t.cancel && !t.cancel.reinstated && t.cancel.processed <= EXPORT_END;
    d.items.forEach((i, k) => rows.push([
      d.no, d.type, usDate(d.date), usDate(d.due), a.no, a.name, p.no, String(t.n), usDate(t.eff), usDate(t.exp), p.lob.lob, a.state, a.city?.city ?? "",
      a.producer.code, a.producer.name, t.plan.name, d.inst ? String(d.inst) : "", String(t.plan.shares.length), d.transaction, usDate(d.txnEffective), d.transaction === "Cancellation" || d.transaction === "Reinstatement" ? t.cancel!.method : "", d.transaction === "Cancellation" || d.transaction === "Reinstatement" ? t.cancel!.reason : "", STATUS(t), cancelShown ? usDate(t.cancel!.on) : "", t.financed,
      d.related?.no ?? "", d.user, d.approver, "USD", num(total(d)), String(k + 1), i.code, i.desc, numberText(i.qty), i.unit, numberText(i.rate), num(i.amount), i.commission ? numberText(i.commission) : "", i.commission ? num(r2((i.amount * i.commission) / 100)) : "",
    ]));
  }
  writeFileSync(join(out, "billing_invoice_items.csv"), csv(header, rows));
  // The policy administration system's premium summary: per policy term, the term premium, the policy fee, each tax and surcharge.
  const ps: string[][] = [];
  for (const p of g.policies) for (const t of p.terms) {
    const row = (code: string, desc: string, unit: string, rate: number) => ps.push([p.no, String(t.n), p.account.no, p.lob.lob, p.account.state, code, desc, unit, "USD", numberText(rate), usDate(t.eff), usDate(t.exp), STATUS(t), t.cancel && !t.cancel.reinstated ? usDate(t.cancel.on) : ""]);
    row("PREM", `${p.lob.name} term premium`, "TERM", t.premium);
    if (p.lob.fee > 0) row(`POLFEE-${p.lob.lob}`, "Policy fee", "EA", p.lob.fee);
    for (const s of t.surcharges) row(s.code, s.desc, s.unit, s.rate);
  }
  writeFileSync(join(out, "ref", "policy_premium_summary.csv"), csv(["Policy Number", "Term No", "Account Number", "Line of Business", "Risk State", "Charge Code", "Description", "Unit", "Currency", "Rate", "Term Effective", "Term Expiration", "Policy Status", "Cancellation Date"], ps));
  // The fee schedule: policy fees per line, instalment and reinstatement fees, each from its effective date.
  const fs: string[][] = [];
  for (const l of LOBS) if (l.fee > 0) fs.push([`POLFEE-${l.lob}`, `Policy fee ${l.name}`, "EA", "USD", numberText(l.fee), usDate("2025-01-01")]);
  for (const [code, f] of Object.entries(FEES)) { fs.push([code, code === "REINFEE" ? "Reinstatement fee" : `Installment fee ${code.endsWith("M") ? "monthly" : "quarterly / semi-annual"}`, "EA", "USD", numberText(f.y2025), usDate("2025-01-01")]); if (f.y2026 !== f.y2025) fs.push([code, `Installment fee monthly`, "EA", "USD", numberText(f.y2026), usDate("2026-01-01")]); }
  fs.push(["FL-EMPA", "FL emergency management preparedness assessment", "EA", "USD", "2", usDate("2025-01-01")]);
  writeFileSync(join(out, "ref", "fee_schedule.csv"), csv(["Charge Code", "Description", "Unit", "Currency", "Amount", "Effective Date"], fs));
  // The register of premium-bearing policy changes and final audits, with the invoice each was billed on.
  const issued = new Set(g.docs);
  const reg: string[][] = g.register.filter((r) => r.processed <= EXPORT_END).map((r) => [r.id, r.kind, r.term.policy.no, String(r.term.n), r.term.policy.account.no, r.code, "1", num(r.premium), usDate(r.effective), usDate(r.processed), r.billable ? "Y" : "N", r.doc && issued.has(r.doc) ? r.doc.no : "", r.note]);
  writeFileSync(join(out, "ref", "policy_change_audit_register.csv"), csv(["Transaction ID", "Transaction Type", "Policy Number", "Term No", "Account Number", "Charge Code", "Qty", "Premium", "Effective Date", "Processed Date", "Billable", "Billed On Invoice", "Note"], reg));
  const nt: string[][] = g.notices.filter((n) => n.date <= EXPORT_END).map((n) => [n.term.policy.no, String(n.term.n), n.term.policy.account.no, usDate(n.date), usDate(n.cancelOn), num(n.pastDue), n.doc.no, n.term.cancel?.reinstated ? `Reinstated ${usDate(n.term.cancel.reinstated)}` : "Cancelled"]);
  writeFileSync(join(out, "ref", "nonpay_notices.csv"), csv(["Policy Number", "Term No", "Account Number", "Notice Date", "Cancellation Effective", "Amount Past Due", "Past Due Invoice", "Outcome"], nt));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, policies: g.policies.length, terms: g.policies.reduce((s, p) => s + p.terms.length, 0), register_rows: reg.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeInsurance(Number(arg("--seed", "2401")), arg("--out", "/tmp/insurance-2401"))));
}
