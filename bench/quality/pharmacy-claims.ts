// An independent billing data set (the forty-fifth, 2026-11-29): a regional pharmacy chain's
// claims billing over twelve months (July 2025 – June 2026) — five retail stores and a specialty
// pharmacy —, exported from its pharmacy management system as the claim reconciliation detail: one
// row per claim line, the claim's header on each. A claim is an NCPDP D.0 transaction adjudicated
// by a PBM or plan: a billing (B1) or a reversal (B2, naming the claim it reverses), a cash sale,
// or a PBM's DIR / performance-fee assessment clawed back months after the quarter it is taken on.
// Header: claim reference, transaction code, adjudication date, date of service, store, plan, BIN,
// PCN, the network contract the claim was priced under, the original claim a reversal names, the
// reversal's reason, Rx number, fill number, dispensing status (P a partial fill, C its
// completion), quantity intended, patient id, days supply, basis of reimbursement (MAC, AWP, WAC,
// U&C, 340B AAC…), submission clarification code, the U&C submitted, patient pay, plan paid, claim
// total, entered by, approved by. Lines: the ingredient cost paid (NDC, quantity, unit, unit price,
// amount and the acquisition cost per unit of the stock dispensed), the dispensing fee, the
// vaccine administration (incentive) fee, the compounding fee, a copay waiver (negative, with its
// reason), a DIR assessment (negative, in % of the quarter's ingredient cost paid).
// Beside it: the plans' pricing terms as each network contract's rate per NDC and quarter — the
// lesser of AWP − x %, WAC + y % and the plan's MAC for the quarter, the state's NADAC-like cost
// plus its professional fee for Medicaid, the 340B actual acquisition cost for Medicaid 340B
// claims —, each network's dispensing, administration and compounding fees, the performance-fee
// addenda (DIR % per year), the discount card's negotiated prices, the chain's usual & customary
// schedule as the cash customer's terms (tiered: a $4 / $10 generic programme), and the dispensing
// and immunization log (each fill dispensed or vaccine administered, with the claim that bills it,
// picked up or returned to stock).
// Written from how a pharmacy bills, before reading the detectors.
// Regular business (hard negatives): claims priced at the lesser of their terms; claims paid at the
// U&C (the pharmacy's own price lower than the plan's rate: no dispensing fee paid, Medicaid's
// $4-programme generics); cash sales at U&C; discount-card claims far below U&C; 90-day fills under
// the plan's maintenance network (deeper discount, no or a lower fee); partial fills and their
// completion (some plans pay the fee on the partial only); reversals and rebills on the same day
// (the hard negative for duplicates: the same Rx and fill billed again); returns to stock (a B2 of a
// fill not picked up, never rebilled, the log saying so); compound claims; vaccines with a $0 copay;
// copays waived for documented financial hardship, approved by the pharmacist in charge; DIR fees
// at the addendum's rate; 340B claims (Medicaid at the 340B cost plus the fee; commercial ones
// dispensed from 340B stock at the plan's rates); vacation-supply overrides (the same drug filled
// again days later); two patients' identical claims to one plan on one day; brand AWP increases in
// January; quarterly MAC updates.
// Planted (labelled, with the amount owed): a claim paid below the contracted rate (last quarter's
// MAC, a deeper AWP discount); the dispensing fee missing; a claim reversed and never rebilled while
// the fill was picked up; a fill billed twice to the plan (re-entered as a new Rx); a U&C overridden
// below the acquisition cost and paid at it; a copay waived with no reason and no approval; a
// vaccine's administration fee not paid; a DIR fee clawed back above the addendum's rate.
// Run: bun run bench/quality/pharmacy-claims.ts --seed 6301 --out /tmp/pharmacy-claims
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, num, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "paid_below_contract" | "dispensing_fee_missing" | "reversed_not_rebilled" | "billed_twice"
  | "uc_below_cost" | "copay_waived_no_reason" | "vaccine_admin_fee_missing" | "dir_above_contract";
export const LEAK_KINDS: LeakKind[] = ["paid_below_contract", "dispensing_fee_missing", "reversed_not_rebilled", "billed_twice", "uc_below_cost", "copay_waived_no_reason", "vaccine_admin_fee_missing", "dir_above_contract"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const START = "2025-07-01", END = "2026-06-30";
const r5 = (v: number) => Math.round(v * 1e5) / 1e5;

type DrugKind = "generic" | "brand" | "specialty" | "vaccine" | "bulk";
/** A drug: its NDC, AWP per unit (July 2025), a 30-day quantity, and, for a generic, its acquisition cost's share of AWP. */
interface Drug { ndc: string; name: string; unit: "EA" | "ML" | "GM"; kind: DrugKind; awp: number; qty30: number; days: number; costShare: number; fourDollar?: boolean; acute?: boolean }
const DRUGS: Drug[] = [
  { ndc: "68180-0513-03", name: "Lisinopril 10 mg tablet", unit: "EA", kind: "generic", awp: 0.55, qty30: 30, days: 30, costShare: 0.06, fourDollar: true },
  { ndc: "00093-5057-98", name: "Atorvastatin 40 mg tablet", unit: "EA", kind: "generic", awp: 2.1, qty30: 30, days: 30, costShare: 0.05 },
  { ndc: "65862-0008-99", name: "Metformin 500 mg tablet", unit: "EA", kind: "generic", awp: 0.35, qty30: 60, days: 30, costShare: 0.08, fourDollar: true },
  { ndc: "69097-0127-05", name: "Amlodipine 5 mg tablet", unit: "EA", kind: "generic", awp: 0.6, qty30: 30, days: 30, costShare: 0.04, fourDollar: true },
  { ndc: "00378-1805-77", name: "Levothyroxine 50 mcg tablet", unit: "EA", kind: "generic", awp: 1.2, qty30: 30, days: 30, costShare: 0.12 },
  { ndc: "16729-0214-15", name: "Sertraline 50 mg tablet", unit: "EA", kind: "generic", awp: 1.45, qty30: 30, days: 30, costShare: 0.05 },
  { ndc: "62175-0136-37", name: "Omeprazole DR 20 mg capsule", unit: "EA", kind: "generic", awp: 1.95, qty30: 30, days: 30, costShare: 0.06 },
  { ndc: "13668-0115-90", name: "Losartan 50 mg tablet", unit: "EA", kind: "generic", awp: 1.3, qty30: 30, days: 30, costShare: 0.05 },
  { ndc: "16714-0683-02", name: "Simvastatin 20 mg tablet", unit: "EA", kind: "generic", awp: 0.9, qty30: 30, days: 30, costShare: 0.04, fourDollar: true },
  { ndc: "59762-5026-01", name: "Gabapentin 300 mg capsule", unit: "EA", kind: "generic", awp: 0.7, qty30: 90, days: 30, costShare: 0.07 },
  { ndc: "16729-0183-17", name: "Hydrochlorothiazide 25 mg tablet", unit: "EA", kind: "generic", awp: 0.3, qty30: 30, days: 30, costShare: 0.09, fourDollar: true },
  { ndc: "62037-0831-90", name: "Metoprolol succinate ER 50 mg", unit: "EA", kind: "generic", awp: 1.1, qty30: 30, days: 30, costShare: 0.1 },
  { ndc: "00093-7426-56", name: "Montelukast 10 mg tablet", unit: "EA", kind: "generic", awp: 3.2, qty30: 30, days: 30, costShare: 0.03 },
  { ndc: "00093-5851-01", name: "Escitalopram 10 mg tablet", unit: "EA", kind: "generic", awp: 1.8, qty30: 30, days: 30, costShare: 0.04 },
  { ndc: "00093-7270-98", name: "Pravastatin 40 mg tablet", unit: "EA", kind: "generic", awp: 2.4, qty30: 30, days: 30, costShare: 0.05 },
  { ndc: "65862-0017-05", name: "Amoxicillin 500 mg capsule", unit: "EA", kind: "generic", awp: 0.45, qty30: 30, days: 10, costShare: 0.12, acute: true },
  { ndc: "59762-3126-02", name: "Azithromycin 250 mg tablet (Z-Pak)", unit: "EA", kind: "generic", awp: 4.5, qty30: 6, days: 5, costShare: 0.08, acute: true },
  { ndc: "00591-5443-01", name: "Prednisone 20 mg tablet", unit: "EA", kind: "generic", awp: 0.4, qty30: 10, days: 5, costShare: 0.15, acute: true },
  { ndc: "67877-0219-01", name: "Cephalexin 500 mg capsule", unit: "EA", kind: "generic", awp: 0.85, qty30: 28, days: 7, costShare: 0.09, acute: true },
  { ndc: "00093-3174-31", name: "Albuterol HFA 90 mcg inhaler 8.5 g", unit: "GM", kind: "generic", awp: 7.1, qty30: 8.5, days: 25, costShare: 0.38 },
  { ndc: "00003-0894-21", name: "Eliquis 5 mg tablet", unit: "EA", kind: "brand", awp: 10.2, qty30: 60, days: 30, costShare: 0 },
  { ndc: "00597-0152-30", name: "Jardiance 10 mg tablet", unit: "EA", kind: "brand", awp: 24.5, qty30: 30, days: 30, costShare: 0 },
  { ndc: "00006-0277-31", name: "Januvia 100 mg tablet", unit: "EA", kind: "brand", awp: 21.9, qty30: 30, days: 30, costShare: 0 },
  { ndc: "50458-0579-30", name: "Xarelto 20 mg tablet", unit: "EA", kind: "brand", awp: 20.4, qty30: 30, days: 30, costShare: 0 },
  { ndc: "00078-0696-20", name: "Entresto 49-51 mg tablet", unit: "EA", kind: "brand", awp: 11.4, qty30: 60, days: 30, costShare: 0 },
  { ndc: "00186-0372-20", name: "Symbicort 160-4.5 inhaler 10.2 g", unit: "GM", kind: "brand", awp: 42.0, qty30: 10.2, days: 30, costShare: 0 },
  { ndc: "00002-1434-80", name: "Trulicity 1.5 mg/0.5 mL pen", unit: "ML", kind: "brand", awp: 540.0, qty30: 2, days: 28, costShare: 0 },
  { ndc: "00169-4132-12", name: "Ozempic 1 mg/dose pen 3 mL", unit: "ML", kind: "brand", awp: 390.0, qty30: 3, days: 28, costShare: 0 },
  { ndc: "00074-0554-02", name: "Humira 40 mg/0.4 mL pen", unit: "EA", kind: "specialty", awp: 3_900.0, qty30: 2, days: 28, costShare: 0 },
  { ndc: "57894-0061-03", name: "Stelara 90 mg/mL syringe", unit: "EA", kind: "specialty", awp: 31_800.0, qty30: 1, days: 56, costShare: 0 },
  { ndc: "49281-0124-65", name: "Fluzone High-Dose 2025-26 syringe", unit: "EA", kind: "vaccine", awp: 86.0, qty30: 1, days: 1, costShare: 0 },
  { ndc: "58160-0823-52", name: "Shingrix 50 mcg/0.5 mL vial", unit: "EA", kind: "vaccine", awp: 232.0, qty30: 1, days: 1, costShare: 0 },
  { ndc: "00005-2000-10", name: "Prevnar 20 syringe", unit: "EA", kind: "vaccine", awp: 302.0, qty30: 1, days: 1, costShare: 0 },
  { ndc: "59267-4441-01", name: "Comirnaty 2025-26 syringe", unit: "EA", kind: "vaccine", awp: 165.0, qty30: 1, days: 1, costShare: 0 },
  { ndc: "51927-1015-00", name: "Ketoprofen USP powder", unit: "GM", kind: "bulk", awp: 6.5, qty30: 6, days: 30, costShare: 0.3 },
  { ndc: "38779-0091-05", name: "Lidocaine HCl USP powder", unit: "GM", kind: "bulk", awp: 2.1, qty30: 3, days: 30, costShare: 0.3 },
  { ndc: "38779-2488-08", name: "Gabapentin USP powder", unit: "GM", kind: "bulk", awp: 4.5, qty30: 6, days: 30, costShare: 0.3 },
  { ndc: "38779-2435-06", name: "Versapro cream base", unit: "GM", kind: "bulk", awp: 0.45, qty30: 105, days: 30, costShare: 0.4 },
];
const byKind = (k: DrugKind) => DRUGS.filter((d) => d.kind === k);
const QUARTERS = ["2025-07-01", "2025-10-01", "2026-01-01", "2026-04-01"];
const quarterOf = (day: string) => QUARTERS.filter((q) => q <= day).at(-1) ?? QUARTERS[0]!;
const quarterEnd = (q: string) => addDays(QUARTERS[QUARTERS.indexOf(q) + 1] ?? "2026-07-01", -1);
/** Brand and specialty AWP rose 5 % on 1 January 2026 (WAC with it); generics' AWP did not move. */
const awpOn = (d: Drug, day: string) => (d.kind !== "generic" && d.kind !== "bulk" && day >= "2026-01-01" ? d.awp * 1.05 : d.awp);
const wacOn = (d: Drug, day: string) => awpOn(d, day) / 1.2;

/** A network contract: how a plan prices the claims adjudicated under it. */
interface Net {
  id: string; plan: string; brandDisc: number; genAwpDisc: number; macMargin: number; wacPlus: number | null; fee: number; adminFee: number; cmpdFee: number;
  feeOnCompletion: boolean; medicaid?: "ffs" | "340b"; card?: boolean; cash?: boolean;
}
interface Plan { id: string; name: string; bin: string; pcn: string; copayGen: number; copayBrand: number; coins: number; dir: { contract: string; pct2025: number; pct2026: number } | null; nets: Net[] }
const net = (id: string, plan: string, o: Partial<Net>): Net => ({ id, plan, brandDisc: 0.17, genAwpDisc: 0.8, macMargin: 0.2, wacPlus: null, fee: 0.5, adminFee: 0, cmpdFee: 0, feeOnCompletion: true, ...o });
const PLANS: Plan[] = [
  { id: "CMK-COMM", name: "CVS Caremark commercial", bin: "004336", pcn: "ADV", copayGen: 10, copayBrand: 45, coins: 0.2, dir: { contract: "CMK-PERF", pct2025: 2.0, pct2026: 2.25 },
    nets: [net("CMK-RETAIL", "CMK-COMM", { brandDisc: 0.17, macMargin: 0.18, fee: 0.5, adminFee: 12, cmpdFee: 10, feeOnCompletion: false, wacPlus: 0.015 }), net("CMK-MAINT90", "CMK-COMM", { brandDisc: 0.21, macMargin: 0.1, fee: 0, adminFee: 12, feeOnCompletion: false, wacPlus: 0.01 })] },
  { id: "ESI-COMM", name: "Express Scripts commercial", bin: "003858", pcn: "A4", copayGen: 10, copayBrand: 40, coins: 0.2, dir: null,
    nets: [net("ESI-NATIONAL", "ESI-COMM", { brandDisc: 0.165, macMargin: 0.22, fee: 1.0, adminFee: 18, cmpdFee: 15, wacPlus: 0.02 }), net("ESI-SMART90", "ESI-COMM", { brandDisc: 0.2, macMargin: 0.12, fee: 0.5, adminFee: 18, wacPlus: 0.015 })] },
  { id: "OPX-COMM", name: "OptumRx commercial", bin: "610011", pcn: "IRX", copayGen: 15, copayBrand: 50, coins: 0.25, dir: null,
    nets: [net("OPX-CHOICE", "OPX-COMM", { brandDisc: 0.175, macMargin: 0.2, fee: 0.75, adminFee: 16, cmpdFee: 12, feeOnCompletion: false, wacPlus: 0.015 })] },
  { id: "HUM-PDP", name: "Humana Medicare Part D", bin: "015581", pcn: "03200000", copayGen: 4, copayBrand: 47, coins: 0.25, dir: { contract: "HUM-PERF", pct2025: 4.0, pct2026: 3.5 },
    nets: [net("HUM-PDP-PREF", "HUM-PDP", { brandDisc: 0.18, macMargin: 0.12, fee: 0.6, adminFee: 20, wacPlus: 0.01 }), net("HUM-PDP-PREF90", "HUM-PDP", { brandDisc: 0.2, macMargin: 0.08, fee: 0.35, adminFee: 20, wacPlus: 0.01 })] },
  { id: "MCD-STATE", name: "State Medicaid fee-for-service", bin: "610084", pcn: "DRTXPROD", copayGen: 1, copayBrand: 3, coins: 0, dir: null,
    nets: [net("MCD-FFS", "MCD-STATE", { fee: 10.49, adminFee: 15, cmpdFee: 20, medicaid: "ffs" }), net("MCD-340B", "MCD-STATE", { fee: 10.49, adminFee: 15, medicaid: "340b" })] },
  { id: "RXSAVE-CARD", name: "RxSave discount card", bin: "610194", pcn: "RXS", copayGen: 1e9, copayBrand: 1e9, coins: 1, dir: null,
    nets: [net("RXSAVE", "RXSAVE-CARD", { brandDisc: 0.15, fee: 2.0, card: true })] },
  { id: "CASH", name: "Cash customer", bin: "", pcn: "", copayGen: 1e9, copayBrand: 1e9, coins: 1, dir: null, nets: [net("UC-SCHEDULE", "CASH", { fee: 0, cash: true })] },
];
const STORES = ["ST01", "ST02", "ST03", "ST04", "ST05", "ST09"]; // ST09 the specialty pharmacy; ST03 a 340B contract pharmacy
const PHARMACISTS: Record<string, string> = { ST01: "RPH K. Nguyen", ST02: "RPH D. Okafor", ST03: "RPH L. Martins", ST04: "RPH S. Patel", ST05: "RPH A. Brooks", ST09: "RPH M. Castillo" };
const REVERSAL_REASONS = ["Billed to wrong plan - COB", "Days supply corrected", "Quantity corrected", "Prescriber NPI corrected", "DAW code corrected"];

interface Line { code: string; desc: string; qty: number; unit: string; rate: number; amount: number; cost: number | null; reason: string }
interface Doc {
  no: string; tc: "B1" | "B2" | "CASH" | "DIR"; date: string; dos: string; store: string; plan: Plan; net: Net; original: Doc | null; revReason: string;
  rx: string; fill: number; status: "" | "P" | "C"; qtyIntended: number | null; patient: string; days: number; basis: string; scc: string; uc: number | null;
  ptPay: number; user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number }; drug: Drug | null; is340b: boolean;
}
interface LogRow { store: string; rx: string; fill: number; patient: string; code: string; qty: number; day: string; doc: Doc; status: string; billable: boolean }

const total = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));

export function generatePharmacyClaims(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, int, between } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  // The plans' MAC per generic and quarter: the quarter's list moves with the market.
  const baseCost = new Map<Drug, number>();
  for (const d of DRUGS) if (d.kind === "generic" || d.kind === "bulk") baseCost.set(d, r5(d.awp * d.costShare * between(0.9, 1.1)));
  const costStep = new Map<string, number>(); // generic cost per quarter: a step up or down each quarter
  for (const d of DRUGS) { let f = 1; for (const q of QUARTERS) { costStep.set(`${d.ndc}|${q}`, f); f *= chance(0.3) ? between(1.08, 1.35) : chance(0.3) ? between(0.85, 0.97) : 1; } }
  const costOn = (d: Drug, day: string, is340b: boolean): number => {
    if (d.kind === "generic" || d.kind === "bulk") return r5(baseCost.get(d)! * costStep.get(`${d.ndc}|${quarterOf(day)}`)! * (is340b ? 0.9 : 1));
    return r5(wacOn(d, day) * (is340b && d.kind !== "vaccine" ? 0.52 : 0.985));
  };
  /** The usual & customary price per unit (the cash price), tiered for the $4 / $10 programme. */
  const ucUnit = (d: Drug, day: string, qty: number): number => {
    if (d.fourDollar) return qty >= d.qty30 * 3 ? r5(10 / (d.qty30 * 3)) : r5(4 / d.qty30);
    if (d.kind === "generic" || d.kind === "bulk") return r5(Math.max(d.awp * 0.85, costOn(d, day, false) * 4));
    if (d.kind === "vaccine") return r5(awpOn(d, day) + 25);
    return r5(awpOn(d, day) * (d.kind === "specialty" ? 1 : 1.05));
  };
  /** A network's contracted ingredient rate per unit on a day: the lesser of its terms. */
  const rateOn = (n: Net, d: Drug, day: string): number => {
    const q = quarterOf(day);
    if (n.cash) return ucUnit(d, day, 1);
    if (n.medicaid === "340b") return costOn(d, day, true);
    if (n.medicaid === "ffs") return d.kind === "generic" || d.kind === "bulk" ? r5(costOn(d, day, false) * 1.03) : r5(Math.min(awpOn(d, day) * 0.8, wacOn(d, day)));
    if (n.card) return d.kind === "generic" || d.kind === "bulk" ? r5(costOn(d, day, false) * 1.25) : r5(awpOn(d, day) * (1 - n.brandDisc));
    if (d.kind === "generic" || d.kind === "bulk") return r5(Math.min(costOn(d, q, false) * (1 + n.macMargin), d.awp * (1 - n.genAwpDisc)) );
    if ((d.kind === "specialty" || d.kind === "vaccine") && n.wacPlus !== null) return r5(Math.min(wacOn(d, day) * (1 + n.wacPlus), awpOn(d, day) * (1 - n.brandDisc)));
    return r5(awpOn(d, day) * (1 - n.brandDisc));
  };
  const basisOf = (n: Net, d: Drug, day: string): string => {
    if (n.cash) return "04 U&C";
    if (n.medicaid === "340b") return "08 340B AAC";
    if (n.medicaid === "ffs") return d.kind === "generic" ? "20 NADAC" : "13 WAC";
    if (d.kind === "generic" || d.kind === "bulk") return costOn(d, day, false) * (1 + n.macMargin) <= d.awp * (1 - n.genAwpDisc) ? "07 MAC" : "03 AWP";
    if ((d.kind === "specialty" || d.kind === "vaccine") && n.wacPlus !== null && wacOn(d, day) * (1 + n.wacPlus) < awpOn(d, day) * (1 - n.brandDisc)) return "13 WAC";
    return "03 AWP";
  };

  // The plans' pricing terms: each network contract's rate per NDC and quarter (the lesser of its
  // terms, as the chain's contract-pricing tool computes them), its fees, the performance-fee addenda.
  const terms: string[][] = [];
  for (const plan of PLANS) for (const n of plan.nets) for (const q of QUARTERS) {
    const row = (code: string, desc: string, unit: string, rate: number, basis: string, min = "") => terms.push([n.id, plan.id, code, desc, unit, "USD", /^\d/.test(code) ? rate.toFixed(5) : rate.toFixed(2), min, basis, usDate(q), usDate(quarterEnd(q))]);
    for (const d of DRUGS) {
      if (n.medicaid === "340b" && d.kind === "vaccine") continue;
      if (n.cash && d.fourDollar) { row(d.ndc, `${d.name} - $4 generic programme (30 days)`, d.unit, r5(4 / d.qty30), "U&C $4 list"); row(d.ndc, `${d.name} - $10 generic programme (90 days)`, d.unit, r5(10 / (d.qty30 * 3)), "U&C $10 list", String(d.qty30 * 3)); continue; }
      const basis = n.cash ? "U&C" : n.medicaid === "340b" ? "340B AAC" : n.medicaid === "ffs" ? (d.kind === "generic" || d.kind === "bulk" ? "NADAC + 3 %" : "Lesser of WAC, AWP - 20 %") : n.card ? "Card negotiated price"
        : d.kind === "generic" || d.kind === "bulk" ? `Lesser of MAC, AWP - ${Math.round(n.genAwpDisc * 100)} %`
        : (d.kind === "specialty" || d.kind === "vaccine") && n.wacPlus !== null ? `Lesser of WAC + ${(n.wacPlus * 100).toFixed(1)} %, AWP - ${(n.brandDisc * 100).toFixed(1)} %` : `AWP - ${(n.brandDisc * 100).toFixed(1)} %`;
      row(d.ndc, n.cash ? `${d.name} - usual and customary` : d.name, d.unit, rateOn(n, d, q), basis);
    }
    if (n.cash) continue;
    row("DISP-FEE", n.feeOnCompletion ? "Dispensing fee per claim" : "Dispensing fee per claim (partial fill: on the partial only)", "EA", n.fee, "Fee");
    if (n.adminFee > 0) row("VAX-ADMIN", "Vaccine administration fee", "EA", n.adminFee, "Fee");
    if (n.cmpdFee > 0) row("CMPD-FEE", "Compounding fee", "EA", n.cmpdFee, "Fee");
    // The provider manual's term: the patient pay amount is collected, never waived (a waiver is a
    // deduction the network grants at 0; a documented hardship is accepted by its reason).
    row("PT-PAY-WAIVE", "Patient pay amount to be collected - no waiver", "EA", 0, "Provider manual");
  }
  for (const plan of PLANS.filter((p) => p.dir)) for (const [from, to, pct] of [["2025-01-01", "2025-12-31", plan.dir!.pct2025], ["2026-01-01", "2026-12-31", plan.dir!.pct2026]] as const)
    terms.push([plan.dir!.contract, plan.id, "DIR-PERF", "Pharmacy performance fee on ingredient cost paid", "%", "USD", pct.toFixed(2), "", "Performance addendum", usDate(from), usDate(to)]);

  const docs: Doc[] = [];
  const log: LogRow[] = [];
  let rxNo = 0;
  const newRx = (store: string) => `${store.slice(2)}${String(6_100_000 + ++rxNo).padStart(7, "0")}`;
  const techs = (store: string) => [`${store}-TECH1`, `${store}-TECH2`, `${store}-TECH3`];
  interface Patient { id: string; store: string; plan: Plan; is340b: boolean }
  const patients: Patient[] = [];
  const planWeights: [string, number][] = [["CMK-COMM", 0.24], ["ESI-COMM", 0.2], ["OPX-COMM", 0.14], ["HUM-PDP", 0.22], ["MCD-STATE", 0.12], ["RXSAVE-CARD", 0.04], ["CASH", 0.04]];
  const pickPlan = (): Plan => { let u = rnd(); for (const [id, w] of planWeights) { if ((u -= w) < 0) return PLANS.find((p) => p.id === id)!; } return PLANS[0]!; };
  for (let k = 0; k < 340; k++) {
    const store = pick(STORES.slice(0, 5));
    patients.push({ id: `P${String(40_000 + k * 7 + int(0, 6)).padStart(7, "0")}`, store, plan: pickPlan(), is340b: store === "ST03" && chance(0.35) });
  }

  /** A claim's lines at its network's terms, the lesser of them and the U&C. */
  const price = (n: Net, d: Drug, qty: number, dos: string, is340b: boolean, o: { fee?: boolean; vaccine?: boolean } = {}) => {
    const rate = rateOn(n, d, dos), cost = costOn(d, dos, is340b && n.medicaid !== undefined ? true : is340b);
    const lines: Line[] = [{ code: d.ndc, desc: d.name, qty, unit: d.unit, rate, amount: r2(qty * rate), cost, reason: "" }];
    if (o.fee !== false && n.fee > 0 && !n.cash) lines.push({ code: "DISP-FEE", desc: "Dispensing fee paid", qty: 1, unit: "EA", rate: n.fee, amount: n.fee, cost: null, reason: "" });
    if (o.vaccine && n.adminFee > 0) lines.push({ code: "VAX-ADMIN", desc: "Vaccine administration fee (incentive amount)", qty: 1, unit: "EA", rate: n.adminFee, amount: n.adminFee, cost: null, reason: "" });
    const uc = r2(qty * ucUnit(d, dos, qty));
    const gross = r2(lines.reduce((s, l) => s + l.amount, 0));
    let basis = basisOf(n, d, dos), atUc = false;
    if (!n.cash && !o.vaccine && uc < gross) { // the plan pays the lesser: the pharmacy's own price, no fee on top
      lines.length = 0;
      lines.push({ code: d.ndc, desc: d.name, qty, unit: d.unit, rate: r5(uc / qty), amount: uc, cost, reason: "" });
      basis = "04 U&C"; atUc = true;
    }
    return { lines, uc, basis, atUc };
  };
  const copayOf = (p: Plan, d: Drug, gross: number) =>
    d.kind === "vaccine" ? 0 : r2(Math.min(gross, d.kind === "specialty" ? Math.min(250, gross * p.coins) : d.kind === "brand" ? p.copayBrand : p.copayGen));
  const claim = (o: { p: Patient; n: Net; d: Drug; qty: number; dos: string; days: number; rx: string; fill: number; vaccine?: boolean; store?: string; regular: string; fee?: boolean; status?: "" | "P" | "C"; qtyIntended?: number; scc?: string; date?: string }) => {
    const store = o.store ?? o.p.store;
    const pr = price(o.n, o.d, o.qty, o.dos, o.p.is340b, { fee: o.fee, vaccine: o.vaccine });
    const gross = r2(pr.lines.reduce((s, l) => s + l.amount, 0));
    const doc: Doc = {
      no: "", tc: o.n.cash ? "CASH" : "B1", date: o.date ?? o.dos, dos: o.dos, store, plan: PLANS.find((x) => x.id === o.n.plan)!, net: o.n, original: null, revReason: "",
      rx: o.rx, fill: o.fill, status: o.status ?? "", qtyIntended: o.qtyIntended ?? null, patient: o.p.id, days: o.days, basis: o.n.cash ? "04 U&C" : pr.basis, scc: o.scc ?? (o.p.is340b ? "20" : ""),
      uc: pr.uc, ptPay: o.n.cash || o.n.card ? gross : copayOf(o.p.plan, o.d, gross), user: pick(techs(store)), approver: "", lines: pr.lines,
      regular: pr.atUc && !o.n.cash ? "paid_at_usual_and_customary" : o.regular, drug: o.d, is340b: o.p.is340b,
    };
    docs.push(doc);
    log.push({ store, rx: o.rx, fill: o.fill, patient: o.p.id, code: o.d.ndc, qty: o.qty, day: o.dos, doc, status: o.vaccine ? "Administered" : "Picked up", billable: true });
    if (o.vaccine && o.n.adminFee > 0) log.push({ store, rx: o.rx, fill: o.fill, patient: o.p.id, code: "VAX-ADMIN", qty: 1, day: o.dos, doc, status: "Administered", billable: true });
    return doc;
  };
  const reversal = (orig: Doc, on: string, reason: string, regular: string): Doc => {
    const rev: Doc = { ...orig, tc: "B2", date: on, original: orig, revReason: reason, user: pick(techs(orig.store)), approver: "", lines: orig.lines.map((l) => ({ ...l, qty: l.qty, amount: -l.amount })), regular, leak: undefined };
    docs.push(rev);
    return rev;
  };
  const netFor = (p: Plan, ninety: boolean) => (ninety && p.nets.length > 1 && !p.nets[1]!.medicaid ? p.nets[1]! : p.nets[0]!);

  // Maintenance therapy: each patient's one to three drugs, refilled every 30 or 90 days.
  for (const p of patients) {
    const maint = DRUGS.filter((d) => (d.kind === "generic" || d.kind === "brand") && !d.acute);
    const meds = new Set<Drug>();
    for (let k = int(1, 3); k > 0; k--) meds.add(pick(maint));
    for (const d of meds) {
      const ninety = ["CMK-COMM", "ESI-COMM", "HUM-PDP", "OPX-COMM"].includes(p.plan.id) && d.days === 30 && chance(0.3);
      const days = ninety ? 90 : d.days, qty = ninety ? d.qty30 * 3 : d.qty30;
      let day = addDays(START, int(0, days - 1)), rx = newRx(p.store), fill = 0;
      while (day <= END) {
        if (fill > 11) { rx = newRx(p.store); fill = 0; }
        const n = netFor(p.plan, ninety);
        // A partial fill (the stock short) and its completion days later.
        if (d.kind === "brand" && !n.cash && chance(0.03)) {
          const part = Math.max(1, Math.round(qty * pick([0.25, 0.5, 1 / 3]) * 100) / 100), later = addDays(day, int(1, 4));
          claim({ p, n, d, qty: part, dos: day, days: Math.max(1, Math.round((days * part) / qty)), rx, fill, status: "P", qtyIntended: qty, regular: "partial_fill" });
          claim({ p, n, d, qty: r2(qty - part), dos: later, days: days - Math.max(1, Math.round((days * part) / qty)), rx, fill, status: "C", qtyIntended: qty, regular: n.feeOnCompletion ? "partial_completion" : "partial_completion_no_fee", fee: n.feeOnCompletion });
        } else {
          const regular = n.cash ? "cash_sale_at_uc" : n.card ? "discount_card_claim" : n.medicaid === "ffs" && p.is340b ? "medicaid_340b_claim" : p.is340b ? "claim_340b_stock" : ninety ? "ninety_day_fill"
            : day >= "2026-01-01" && day < "2026-01-22" && d.kind === "brand" ? "brand_after_awp_increase" : QUARTERS.some((q) => q > START && day >= q && day < addDays(q, 21)) && d.kind === "generic" ? "after_mac_update" : "refill_at_contract";
          const useNet = n.medicaid === "ffs" && p.is340b ? p.plan.nets[1]! : n;
          claim({ p, n: useNet, d, qty, dos: day, days, rx, fill, regular });
          // A vacation supply: the next fill days later, the plan told by the clarification code.
          const vacation = addDays(day, int(2, 6));
          if (!n.cash && !n.card && chance(0.006) && vacation <= END) {
            fill++;
            claim({ p, n: useNet, d, qty, dos: vacation, days, rx, fill, regular: "vacation_supply_override", scc: "03" });
          }
        }
        fill++;
        day = addDays(day, days - int(0, 3) + (chance(0.1) ? int(3, 15) : 0));
      }
    }
    // Acute prescriptions: an antibiotic or a burst of steroids now and then.
    for (let k = int(0, 3); k > 0; k--) {
      const d = pick(DRUGS.filter((x) => x.acute)), dos = addDays(START, int(0, 364));
      const n = p.plan.nets[p.is340b && p.plan.id === "MCD-STATE" ? 1 : 0]!;
      claim({ p, n, d, qty: d.qty30, dos, days: d.days, rx: newRx(p.store), fill: 0, regular: n.cash ? "cash_sale_at_uc" : n.card ? "discount_card_claim" : "acute_claim" });
    }
    // Vaccines: flu in the autumn, COVID, shingles and pneumococcal now and then; $0 to the patient.
    const vax: [string, number, string, string][] = [["49281-0124-65", 0.45, "2025-09-01", "2025-12-15"], ["59267-4441-01", 0.2, "2025-09-10", "2026-01-31"], ["58160-0823-52", 0.06, START, END], ["00005-2000-10", 0.05, START, END]];
    for (const [ndc, share, from, to] of vax) if (chance(share) && !p.plan.nets[0]!.cash && !p.plan.nets[0]!.card) {
      const d = DRUGS.find((x) => x.ndc === ndc)!, dos = addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 864e5)));
      claim({ p, n: p.plan.nets[0]!.medicaid === "340b" ? p.plan.nets[0]! : p.plan.nets[0]!, d, qty: 1, dos, days: 1, rx: newRx(p.store), fill: 0, vaccine: true, regular: "vaccine_zero_copay", fee: false });
    }
  }
  // The specialty pharmacy: biologics every 28 or 56 days, WAC + y % where the network says so.
  for (let k = 0; k < 14; k++) {
    const plan = pick(PLANS.filter((x) => ["CMK-COMM", "ESI-COMM", "OPX-COMM"].includes(x.id)));
    const p: Patient = { id: `P${String(90_000 + k * 13).padStart(7, "0")}`, store: "ST09", plan, is340b: false };
    const d = pick(byKind("specialty"));
    let day = addDays(START, int(0, d.days - 1)), fill = 0;
    const rx = newRx("ST09");
    while (day <= END) { claim({ p, n: plan.nets[0]!, d, qty: d.qty30, dos: day, days: d.days, rx, fill: fill++, regular: "specialty_claim" }); day = addDays(day, d.days - int(0, 2)); }
  }
  // Compounds: a topical pain cream of three powders in a base, and the plan's compounding fee.
  for (let k = 0; k < 40; k++) {
    const p = pick(patients.filter((x) => ["CMK-COMM", "ESI-COMM", "OPX-COMM", "MCD-STATE"].includes(x.plan.id) && !x.is340b));
    const n = p.plan.nets[0]!, dos = addDays(START, int(0, 364));
    const ings = [DRUGS.find((x) => x.ndc === "51927-1015-00")!, pick([DRUGS.find((x) => x.ndc === "38779-0091-05")!, DRUGS.find((x) => x.ndc === "38779-2488-08")!]), DRUGS.find((x) => x.ndc === "38779-2435-06")!];
    const lines: Line[] = ings.map((d) => { const rate = rateOn(n, d, dos); return { code: d.ndc, desc: d.name, qty: d.qty30, unit: d.unit, rate, amount: r2(d.qty30 * rate), cost: costOn(d, dos, false), reason: "" }; });
    lines.push({ code: "DISP-FEE", desc: "Dispensing fee paid", qty: 1, unit: "EA", rate: n.fee, amount: n.fee, cost: null, reason: "" });
    lines.push({ code: "CMPD-FEE", desc: "Compounding fee (level of effort 12)", qty: 1, unit: "EA", rate: n.cmpdFee, amount: n.cmpdFee, cost: null, reason: "" });
    const rx = newRx("ST02"), gross = r2(lines.reduce((s, l) => s + l.amount, 0));
    const doc: Doc = { no: "", tc: "B1", date: dos, dos, store: "ST02", plan: p.plan, net: n, original: null, revReason: "", rx, fill: 0, status: "", qtyIntended: null, patient: p.id, days: 30, basis: "09 Compound",
      scc: "", uc: r2(gross * 1.6), ptPay: r2(Math.min(gross, p.plan.copayBrand)), user: pick(techs("ST02")), approver: PHARMACISTS.ST02!, lines, regular: "compound_claim", drug: null, is340b: false };
    docs.push(doc);
    for (const d of ings) log.push({ store: "ST02", rx, fill: 0, patient: p.id, code: d.ndc, qty: d.qty30, day: dos, doc, status: "Picked up", billable: true });
  }

  const claims = () => docs.filter((d) => d.tc === "B1" && !d.leak && d.regular !== "rebilled_original" && d.regular !== "returned_to_stock" && d.drug !== null);
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const isPlain = (d: Doc) => ["refill_at_contract", "acute_claim", "after_mac_update", "brand_after_awp_increase", "ninety_day_fill"].includes(d.regular) && d.date > "2025-07-10" && d.date < "2026-06-20";
  // Returns to stock: filled, never picked up, reversed within 14 days; the log says so.
  for (const d of take(claims().filter(isPlain), Math.round(claims().length * 0.02))) {
    d.regular = "returned_to_stock";
    reversal(d, addDays(d.dos, int(7, 14)), "Return to stock - not picked up", "return_to_stock_reversal");
    const l = log.find((x) => x.doc === d)!; l.status = "Returned to stock"; l.billable = false;
  }
  // Reversed and rebilled the same day (or the next): the same Rx and fill billed again, corrected.
  for (const d of take(claims().filter(isPlain), Math.round(claims().length * 0.03))) {
    const on = chance(0.7) ? d.dos : addDays(d.dos, 1), reason = pick(REVERSAL_REASONS);
    d.regular = "rebilled_original";
    reversal(d, on, reason, "reversal_for_rebill");
    const p = patients.find((x) => x.id === d.patient)!;
    const n = reason.startsWith("Billed to wrong plan") ? pick(PLANS.filter((x) => x.id !== d.plan.id && !x.nets[0]!.cash && !x.nets[0]!.card && !x.nets[0]!.medicaid)).nets[0]! : d.net;
    const qty = reason === "Quantity corrected" ? r2(d.lines[0]!.qty + (chance(0.5) ? d.drug!.qty30 : -Math.min(d.lines[0]!.qty / 2, d.drug!.qty30 / 2))) : d.lines[0]!.qty;
    const re = claim({ p: { ...p, plan: PLANS.find((x) => x.id === n.plan)! }, n, d: d.drug!, qty, dos: d.dos, days: reason === "Days supply corrected" ? d.days + 5 : d.days, rx: d.rx, fill: d.fill, regular: "same_day_rebill", date: on, store: d.store });
    log.splice(log.findIndex((x) => x.doc === re), 1); // the fill was logged once, by the original
    const l = log.find((x) => x.doc === d)!; l.doc = re; l.qty = qty;
  }
  // Copays waived for documented financial hardship, approved by the pharmacist in charge.
  const waive = (d: Doc, reason: string, approver: string) => {
    d.lines.push({ code: "PT-PAY-WAIVE", desc: "Patient pay amount waived", qty: 1, unit: "EA", rate: d.ptPay, amount: -d.ptPay, cost: null, reason });
    d.approver = approver;
  };
  const waivable = (d: Doc) => isPlain(d) && d.ptPay >= 5 && !d.net.cash && !d.net.card;
  for (const d of take(claims().filter(waivable), Math.round(claims().length * 0.006))) { waive(d, "FIN-HARDSHIP", PHARMACISTS[d.store]!); d.regular = "hardship_copay_waiver"; }

  // Planting: eight of each kind (six DIR assessments), on ordinary claims.
  const N = 8;
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; };
  const plainAt = (d: Doc) => isPlain(d) && !d.net.cash && !d.net.card && d.lines.length >= 1;
  // 1. Paid below the contracted rate: last quarter's MAC after an update, or a deeper AWP discount.
  for (const d of take(claims().filter((d) => plainAt(d) && d.basis !== "04 U&C" && (d.drug!.kind === "brand" || d.basis === "07 MAC")), N)) {
    // (Medicaid prices a brand at WAC, not off AWP: its deeper discount is taken off the rate paid.)
    const l = d.lines[0]!, low = d.drug!.kind === "brand" ? (d.net.medicaid ? r5(l.rate * (1 - pick([0.02, 0.03, 0.04]))) : r5(awpOn(d.drug!, d.dos) * (1 - d.net.brandDisc - pick([0.02, 0.03, 0.04])))) : r5(l.rate * between(0.7, 0.9));
    const amount = r2(l.qty * low);
    plant(d, "paid_below_contract", l.amount - amount);
    l.rate = low; l.amount = amount;
  }
  // 2. The dispensing fee missing on a claim the network pays one on.
  for (const d of take(claims().filter((d) => plainAt(d) && d.lines.some((l) => l.code === "DISP-FEE") && d.net.fee >= 0.5), N)) {
    const fee = d.lines.find((l) => l.code === "DISP-FEE")!;
    d.lines = d.lines.filter((l) => l !== fee);
    plant(d, "dispensing_fee_missing", fee.amount);
  }
  // 3. Reversed (to change something) and never rebilled, while the fill was picked up.
  for (const d of take(claims().filter(plainAt), N)) {
    const rev = reversal(d, addDays(d.dos, int(0, 5)), pick(REVERSAL_REASONS), "");
    plant(rev, "reversed_not_rebilled", total(d));
    d.regular = "reversed_original"; // billed right; its reversal lost it
  }
  // 4. Billed twice: the fill re-entered as a new Rx a day or two later, nothing reversed.
  for (const d of take(claims().filter(plainAt), N)) {
    const copy: Doc = { ...d, date: addDays(d.date, int(0, 2)), rx: newRx(d.store), fill: 0, user: pick(techs(d.store)), lines: d.lines.map((l) => ({ ...l })), leak: undefined };
    docs.push(copy);
    plant(copy, "billed_twice", total(copy));
    d.regular = "original_of_copy";
  }
  // 5. The U&C overridden below the acquisition cost at the counter, and the plan paying it.
  // (Only where the claim was paid above 80 % of its cost: a network whose rate is itself below cost
  // — the AWP − 80 % leg on a generic bought at 38 % of AWP — loses nothing more to a low U&C.)
  for (const d of take(claims().filter((d) => plainAt(d) && d.lines[0]!.cost !== null && d.lines[0]!.amount > 8 && d.lines[0]!.cost! * d.lines[0]!.qty * 0.8 < d.lines[0]!.amount), N)) {
    const l = d.lines[0]!, uc = r2(l.qty * l.cost! * between(0.45, 0.8));
    plant(d, "uc_below_cost", total(d) - uc);
    d.lines = [{ ...l, rate: r5(uc / l.qty), amount: uc }];
    d.uc = uc; d.basis = "04 U&C"; d.ptPay = Math.min(d.ptPay, uc);
  }
  // 6. A copay waived with no reason and no one's approval.
  for (const d of take(claims().filter(waivable), N)) { plant(d, "copay_waived_no_reason", d.ptPay); waive(d, "", ""); }
  // 7. A vaccine administered and its administration fee not paid.
  for (const d of take(docs.filter((d) => d.tc === "B1" && !d.leak && d.regular === "vaccine_zero_copay" && d.lines.some((l) => l.code === "VAX-ADMIN")), N)) {
    const fee = d.lines.find((l) => l.code === "VAX-ADMIN")!;
    d.lines = d.lines.filter((l) => l !== fee);
    plant(d, "vaccine_admin_fee_missing", fee.amount);
  }

  // DIR / performance fees: each quarter's fee on the ingredient cost paid, clawed back months later.
  const dirDocs: Doc[] = [];
  for (const plan of PLANS.filter((p) => p.dir)) for (const store of STORES) for (const q of ["2025-04-01", ...QUARTERS.slice(0, 3)]) {
    const end = q === "2025-04-01" ? "2025-06-30" : quarterEnd(q), on = addDays(end, int(95, 140));
    if (on > END) continue;
    const basis = q === "2025-04-01" ? r2(between(15_000, 60_000)) : r2(docs.filter((d) => d.plan === plan && d.store === store && (d.tc === "B1" || d.tc === "B2") && d.dos >= q && d.dos <= end).reduce((s, d) => s + d.lines.filter((l) => l.cost !== null).reduce((t, l) => t + l.amount, 0), 0));
    if (basis <= 0) continue;
    const pct = end < "2026-01-01" ? plan.dir!.pct2025 : plan.dir!.pct2026;
    const n: Net = { ...plan.nets[0]!, id: plan.dir!.contract };
    const doc: Doc = { no: "", tc: "DIR", date: on, dos: end, store, plan, net: n, original: null, revReason: "", rx: "", fill: 0, status: "", qtyIntended: null, patient: "", days: 0, basis: "", scc: "", uc: null, ptPay: 0,
      user: "PBM-RECON", approver: "", lines: [{ code: "DIR-PERF", desc: `Pharmacy performance fee ${usDate(q)} - ${usDate(end)}`, qty: basis, unit: "%", rate: pct, amount: -r2((basis * pct) / 100), cost: null, reason: "" }], regular: "dir_fee_assessment", drug: null, is340b: false };
    docs.push(doc); dirDocs.push(doc);
  }
  // 8. A DIR fee clawed back above the addendum's rate.
  for (const d of take(dirDocs.filter((d) => d.dos > "2025-07-01"), 6)) {
    const l = d.lines[0]!, up = pick([1, 1.5, 2]);
    plant(d, "dir_above_contract", (l.qty * up) / 100);
    l.rate = r2(l.rate + up); l.amount = -r2((l.qty * l.rate) / 100);
  }

  // Two patients' identical claims to one plan on one day: regular business that looks like a copy.
  const seen = new Map<string, Doc>();
  for (const d of docs) if (d.tc === "B1" && !d.leak && d.drug) {
    const key = `${d.plan.id}|${d.dos}|${d.lines.map((l) => `${l.code}:${l.qty}:${l.amount}`).join(";")}`;
    const o = seen.get(key);
    if (o && o.patient !== d.patient && (d.regular === "refill_at_contract" || d.regular === "acute_claim")) d.regular = "twin_claim_other_patient";
    seen.set(key, d);
  }

  const all = docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let no = 0;
  for (const d of all) d.no = d.tc === "DIR" ? `DIR-${d.plan.id.slice(0, 3)}-${d.store}-${d.dos.slice(0, 7).replace("-", "")}` : `${d.store}${String(2_250_000 + (no += 1 + (no % 3))).padStart(9, "0")}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, log, labels, patients, terms };
}

// The claim reconciliation detail: MM/DD/YYYY dates, "1,234.56" amounts, "," between columns; the claim's header on each row.
export function writePharmacyClaims(seed: number, out: string) {
  const g = generatePharmacyClaims(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Claim Ref", "Transaction Code", "Adjudicated Date", "Date of Service", "Store", "Plan ID", "BIN", "PCN", "Network Contract", "Original Claim Ref", "Reversal Reason",
    "Rx Number", "Fill No", "Dispensing Status", "Quantity Intended", "Patient ID", "Days Supply", "Basis of Reimbursement", "Submission Clarification Code", "U&C Submitted",
    "Patient Pay Amount", "Plan Paid Amount", "Claim Total", "Currency", "Entered By", "Approved By", "Line No", "Item Code", "Description", "Quantity", "Unit", "Unit Price", "Line Amount", "Acquisition Cost", "Adjustment Reason"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const t = total(d), sign = d.tc === "B2" ? -1 : 1;
    const gross = Math.abs(r2(d.lines.filter((l) => l.code !== "PT-PAY-WAIVE").reduce((s, l) => s + l.amount, 0))), pt = d.tc === "DIR" ? 0 : Math.min(d.ptPay, gross);
    d.lines.forEach((l, k) => rows.push([
      d.no, d.tc, usDate(d.date), usDate(d.dos), d.store, d.plan.id, d.plan.bin, d.plan.pcn, d.net.id, d.original?.no ?? "", d.revReason,
      d.rx, d.tc === "DIR" ? "" : String(d.fill), d.status, d.qtyIntended === null ? "" : String(d.qtyIntended), d.patient, d.tc === "DIR" ? "" : String(d.days), d.basis, d.scc, d.uc === null ? "" : num(sign * d.uc),
      num(sign * pt), num(d.tc === "DIR" ? t : r2(sign * (gross - pt))), num(t), "USD", d.user, d.approver, String(k + 1), l.code, l.desc,
      l.unit === "%" ? l.qty.toFixed(2) : String(l.qty), l.unit, /^\d/.test(l.code) ? l.rate.toFixed(5) : l.rate.toFixed(2), num(l.amount), l.cost === null ? "" : l.cost.toFixed(5), l.reason,
    ]));
  }
  writeFileSync(join(out, "claim_detail.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "plan_pricing_terms.csv"), csv(["Contract", "Plan ID", "Item Code", "Description", "Unit", "Currency", "Rate", "Min Quantity", "Basis", "Valid From", "Valid To"], g.terms));
  let n = 0;
  writeFileSync(join(out, "ref", "dispensing_log.csv"), csv(["Log Id", "Store", "Rx Number", "Fill No", "Patient ID", "Plan ID", "Item Code", "Quantity", "Date Dispensed", "Claim Ref", "Status", "Billable"],
    g.log.map((f) => [`DL${String(++n).padStart(7, "0")}`, f.store, f.rx, String(f.fill), f.patient, f.doc.plan.id, f.code, String(f.qty), usDate(f.day), f.doc.no, f.status, f.billable ? "Y" : "N"])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { claims: g.docs.length, lines: rows.length, log: g.log.length, patients: g.patients.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writePharmacyClaims(Number(arg("--seed", "6301")), arg("--out", "/tmp/pharmacy-claims-6301"))));
}
