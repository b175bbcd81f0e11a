// An independent billing data set (the thirteenth, 2026-11-28): a physician group's claims and
// payer remittances over 22 months (January 2025 – October 2026), exported from its
// practice-management system as a claim-line detail report: one claim per patient encounter (its
// claim id), one row per service line — CPT/HCPCS code, up to two modifiers, units, the billed
// charge from the chargemaster, and what the payer's remittance (835) said of it: allowed, paid,
// deductible, copay, coinsurance, the 2 % sequestration on Medicare, the contractual adjustment, the
// adjustment reason codes (CARC: CO-45, CO-59, CO-97, CO-16, CO-253, PR-1/2/3) —, the claim's header
// (claim type Original/Replacement/Reversal, original claim, claim and service dates, patient
// account, rendering provider, payer, plan, fee schedule, status, check/EFT number, remit date,
// totals) on each row, US dates. Beside it the group's reference data: its chargemaster (one charge
// per code, and per professional/technical component, raised on 1 January 2026) and each payer's
// fee schedules (the contracted allowed per code and component, per contract year from 1 January;
// one payer's 2026 schedule signed in March and made retroactive to 1 January).
// Written from how a physician group bills and how payers adjudicate (Medicare's physician fee
// schedule rules, NCCI edits, X12 835 adjustment groups), the reference data shaped to
// docs/connectors.md's reference tables (read first, with docs/analysis.md's pricing rules).
// Regular business (the hard negatives, every document labelled with its kind): contractual
// adjustments on every line, patient responsibility, Medicare's sequestration, the multiple-procedure
// payment reduction (second and later surgical procedures of a day at 50 %), professional and
// technical components (modifier 26/TC at their own rates), bilateral procedures (modifier 50 at
// 150 %), NCCI-bundled lines allowed at 0 (CO-97), denials corrected and re-submitted as
// replacement claims, Medigap crossovers of Medicare's coinsurance, the retroactive fee schedule
// (claims paid at last year's rate, reversed and re-adjudicated), self-pay discounts by policy,
// repeat visits (a therapy series, follow-ups), the same code twice on one day with 59/76.
// Planted leaks carry their true amount at risk.
// Run: bun run bench/quality/billing-medical.ts --seed 2207 --out /tmp/medical
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "underpaid_below_fee_schedule" | "payer_last_years_rate" | "charge_below_chargemaster" | "charge_last_years_price" | "duplicate_claim";
export const LEAK_KINDS: LeakKind[] = ["underpaid_below_fee_schedule", "payer_last_years_rate", "charge_below_chargemaster", "charge_last_years_price", "duplicate_claim"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

interface Code { cpt: string; desc: string; rvu: number; kind: "em" | "proc" | "addon" | "image" | "therapy" | "drug" | "lab"; pc?: number; bilateral?: boolean }
// A few dozen codes of a multi-specialty group (family medicine, orthopaedics, dermatology,
// imaging, therapy); rvu is Medicare's 2025 allowed in dollars, pc the professional component's share.
const CODES: Code[] = [
  { cpt: "99202", desc: "Office visit new pt, straightforward", rvu: 72.5, kind: "em" },
  { cpt: "99203", desc: "Office visit new pt, low", rvu: 112.4, kind: "em" },
  { cpt: "99204", desc: "Office visit new pt, moderate", rvu: 168.9, kind: "em" },
  { cpt: "99212", desc: "Office visit est pt, straightforward", rvu: 56.8, kind: "em" },
  { cpt: "99213", desc: "Office visit est pt, low", rvu: 91.6, kind: "em" },
  { cpt: "99214", desc: "Office visit est pt, moderate", rvu: 129.1, kind: "em" },
  { cpt: "99215", desc: "Office visit est pt, high", rvu: 182.6, kind: "em" },
  { cpt: "99396", desc: "Preventive visit est pt 40-64", rvu: 148.2, kind: "em" },
  { cpt: "36415", desc: "Routine venipuncture", rvu: 3.0, kind: "lab" },
  { cpt: "85025", desc: "CBC with differential", rvu: 7.8, kind: "lab" },
  { cpt: "80053", desc: "Comprehensive metabolic panel", rvu: 10.6, kind: "lab" },
  { cpt: "96372", desc: "Therapeutic injection, SC/IM", rvu: 14.9, kind: "proc" },
  { cpt: "20610", desc: "Arthrocentesis, major joint", rvu: 64.7, kind: "proc", bilateral: true },
  { cpt: "20611", desc: "Arthrocentesis, major joint, with US guidance", rvu: 94.2, kind: "proc", bilateral: true },
  { cpt: "76942", desc: "Ultrasonic guidance for needle placement", rvu: 31.5, kind: "image", pc: 0.4 },
  { cpt: "J3301", desc: "Triamcinolone acetonide, per 10 mg", rvu: 1.7, kind: "drug" },
  { cpt: "J1030", desc: "Methylprednisolone acetate, 40 mg", rvu: 3.9, kind: "drug" },
  { cpt: "11102", desc: "Tangential biopsy of skin, single lesion", rvu: 97.4, kind: "proc" },
  { cpt: "11103", desc: "Tangential biopsy, each additional lesion", rvu: 53.8, kind: "addon" },
  { cpt: "17000", desc: "Destruction premalignant lesion, first", rvu: 66.3, kind: "proc" },
  { cpt: "11402", desc: "Excision benign lesion, trunk 1.1-2.0 cm", rvu: 142.7, kind: "proc" },
  { cpt: "11602", desc: "Excision malignant lesion, trunk 1.1-2.0 cm", rvu: 209.5, kind: "proc" },
  { cpt: "12032", desc: "Intermediate repair, 2.6-7.5 cm", rvu: 232.1, kind: "proc" },
  { cpt: "29881", desc: "Knee arthroscopy, meniscectomy", rvu: 518.3, kind: "proc", bilateral: true },
  { cpt: "29876", desc: "Knee arthroscopy, synovectomy", rvu: 561.2, kind: "proc" },
  { cpt: "64721", desc: "Carpal tunnel release", rvu: 381.6, kind: "proc", bilateral: true },
  { cpt: "28285", desc: "Hammertoe correction", rvu: 417.9, kind: "proc" },
  { cpt: "26055", desc: "Trigger finger release", rvu: 334.8, kind: "proc" },
  { cpt: "71046", desc: "X-ray chest, 2 views", rvu: 31.9, kind: "image", pc: 0.28 },
  { cpt: "73560", desc: "X-ray knee, 1-2 views", rvu: 33.8, kind: "image", pc: 0.27 },
  { cpt: "73721", desc: "MRI lower extremity joint w/o contrast", rvu: 214.6, kind: "image", pc: 0.26 },
  { cpt: "72148", desc: "MRI lumbar spine w/o contrast", rvu: 224.7, kind: "image", pc: 0.27 },
  { cpt: "74177", desc: "CT abdomen and pelvis with contrast", rvu: 279.4, kind: "image", pc: 0.3 },
  { cpt: "93000", desc: "Electrocardiogram, complete", rvu: 16.9, kind: "proc" },
  { cpt: "97110", desc: "Therapeutic exercise, each 15 min", rvu: 29.6, kind: "therapy" },
  { cpt: "97140", desc: "Manual therapy, each 15 min", rvu: 27.4, kind: "therapy" },
  { cpt: "97530", desc: "Therapeutic activities, each 15 min", rvu: 35.2, kind: "therapy" },
];
const code = (c: string) => CODES.find((x) => x.cpt === c)!;

interface Payer { id: string; name: string; cls: "Medicare" | "Medicare Advantage" | "Medicaid" | "Commercial" | "Self-Pay" | "Medigap"; factor: number; raise2026: number; sequestration: boolean; retro?: boolean }
const PAYERS: Payer[] = [
  { id: "MCR01", name: "Medicare Part B (Noridian JE)", cls: "Medicare", factor: 1, raise2026: 0.033, sequestration: true },
  { id: "HUM02", name: "Humana Medicare Advantage", cls: "Medicare Advantage", factor: 1.02, raise2026: 0.033, sequestration: true },
  { id: "MCD03", name: "State Medicaid", cls: "Medicaid", factor: 0.71, raise2026: 0, sequestration: false },
  { id: "AET04", name: "Aetna PPO", cls: "Commercial", factor: 1.27, raise2026: 0.03, sequestration: false },
  { id: "BCB05", name: "Blue Cross Blue Shield PPO", cls: "Commercial", factor: 1.19, raise2026: 0.04, sequestration: false, retro: true },
  { id: "UHC06", name: "UnitedHealthcare Choice Plus", cls: "Commercial", factor: 1.15, raise2026: 0.025, sequestration: false },
  { id: "CIG07", name: "Cigna Open Access Plus", cls: "Commercial", factor: 1.31, raise2026: 0.035, sequestration: false },
];
const SELF: Payer = { id: "SELF", name: "Self-pay", cls: "Self-Pay", factor: 0, raise2026: 0, sequestration: false };
const MEDIGAP: Payer = { id: "MGP08", name: "AARP Medicare Supplement Plan G", cls: "Medigap", factor: 0, raise2026: 0, sequestration: false };
const SELF_PAY_DISCOUNT = 0.4; // the group's uninsured-patient discount policy

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");
const FIRST = "2025-01-02", LAST = "2026-10-31", NEW_YEAR = "2026-01-01", RETRO_LOADED = "2026-03-16";
const year = (d: string) => (d >= NEW_YEAR ? 2026 : 2025);
// The chargemaster: a multiple of Medicare's rate, rounded up to whole dollars, raised 4 % on 1 January 2026.
const cdm = (c: Code, mod: string, y: number) => {
  const base = Math.ceil(c.rvu * 2.6 * (c.pc === undefined || mod === "" ? 1 : mod === "26" ? c.pc : 1 - c.pc));
  return y === 2026 ? Math.ceil(base * 1.04) : base;
};
// A payer's fee schedule: the contracted allowed for a code (and component) in a contract year.
const fee = (p: Payer, c: Code, mod: string, y: number) => {
  const share = c.pc === undefined || mod === "" ? 1 : mod === "26" ? c.pc : 1 - c.pc;
  return r2(c.rvu * p.factor * share * (y === 2026 ? 1 + p.raise2026 : 1));
};

interface Line { cpt: string; mod1: string; mod2: string; units: number; charge: number; allowed: number; deductible: number; copay: number; coins: number; seq: number; contractual: number; selfPay: number; paid: number; carc: string }
interface Claim {
  id: string; type: "Original" | "Replacement" | "Reversal"; original: Claim | null; claimDate: string; dos: string; patient: string; provider: string; specialty: string; pos: string;
  payer: Payer; status: string; remit: string; eft: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

export function generateMedical(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;

  const providers = [
    ["1407853291", "Family Medicine"], ["1639274410", "Family Medicine"], ["1285711936", "Family Medicine"], ["1902846113", "Internal Medicine"],
    ["1750398822", "Orthopaedic Surgery"], ["1164529037", "Orthopaedic Surgery"], ["1558302974", "Dermatology"], ["1821065549", "Dermatology"],
    ["1396720185", "Diagnostic Radiology"], ["1477019362", "Physical Therapy"], ["1609188245", "Physical Therapy"],
  ] as const;
  // Patients: each with a primary payer (a Medicare patient often with a Medigap supplement) and a
  // deductible that resets every January.
  const patients = Array.from({ length: 2600 }, (_, i) => {
    const r = rnd();
    const payer = r < 0.27 ? PAYERS[0]! : r < 0.37 ? PAYERS[1]! : r < 0.47 ? PAYERS[2]! : r < 0.61 ? PAYERS[3]! : r < 0.77 ? PAYERS[4]! : r < 0.88 ? PAYERS[5]! : r < 0.96 ? PAYERS[6]! : SELF;
    return { id: `PT${String(100200 + i * 3)}`, payer, medigap: payer.id === "MCR01" && chance(0.45), deductible: payer.cls === "Commercial" ? pick([500, 1000, 1500, 2500]) : payer.id === "MCR01" ? 257 : 0, copay: payer.cls === "Commercial" ? pick([20, 25, 30, 40]) : 0, coins: payer.cls === "Commercial" ? pick([0.1, 0.2]) : payer.id === "MCR01" ? 0.2 : 0, met: new Map<number, number>() };
  });
  type Patient = (typeof patients)[number];

  const claims: Claim[] = [];
  // The payer's adjudication of a claim's lines: the fee schedule of the date of service (or the
  // year a payer still pays at), the multiple-procedure reduction, bundling, patient shares,
  // sequestration. Mutates the lines; `rateYear` lets a payer pay at last year's schedule.
  const adjudicate = (pt: Patient, payer: Payer, dos: string, lines: Line[], rateYear = year(dos)) => {
    const procs = lines.filter((l) => code(l.cpt).kind === "proc" && l.mod1 !== "76").sort((a, b) => fee(payer, code(b.cpt), "", rateYear) - fee(payer, code(a.cpt), "", rateYear));
    for (const l of lines) {
      const c = code(l.cpt);
      const pricing = l.mod1 === "26" || l.mod1 === "TC" ? l.mod1 : "";
      if (payer.cls === "Self-Pay") { l.selfPay = r2(l.charge * SELF_PAY_DISCOUNT); l.allowed = r2(l.charge - l.selfPay); l.carc = ""; continue; }
      if (l.carc === "CO-97") { l.allowed = 0; l.contractual = l.charge; continue; }
      let allowed = fee(payer, c, pricing, rateYear) * l.units;
      if (l.mod1 === "50") allowed *= 1.5;
      const rank = procs.indexOf(l);
      const carcs = ["CO-45"];
      if (rank > 0) { allowed *= 0.5; carcs.push("CO-59"); }
      l.allowed = r2(allowed);
      l.contractual = r2(l.charge - l.allowed);
      // Patient responsibility: copay on a visit line, the year's deductible, then coinsurance.
      let left = l.allowed;
      if (pt.copay && c.kind === "em" && !lines.some((x) => x !== l && x.copay > 0)) { l.copay = Math.min(pt.copay, left); left -= l.copay; carcs.push("PR-3"); }
      const y = year(dos), used = pt.met.get(y) ?? 0;
      if (pt.deductible > used && left > 0) { l.deductible = r2(Math.min(left, pt.deductible - used)); pt.met.set(y, used + l.deductible); left -= l.deductible; carcs.push("PR-1"); }
      if (pt.coins && left > 0) { l.coins = r2(left * pt.coins); left -= l.coins; carcs.push("PR-2"); }
      if (payer.sequestration && left > 0) { l.seq = r2(left * 0.02); left -= l.seq; carcs.push("CO-253"); }
      l.paid = r2(left);
      l.carc = carcs.join(" ");
    }
  };
  const line = (cpt: string, units = 1, mod1 = "", mod2 = "", y = 2025): Line => ({ cpt, mod1, mod2, units, charge: r2(cdm(code(cpt), mod1 === "26" || mod1 === "TC" ? mod1 : "", y) * units * (mod1 === "50" ? 2 : 1)), allowed: 0, deductible: 0, copay: 0, coins: 0, seq: 0, contractual: 0, selfPay: 0, paid: 0, carc: "" });
  let eftSeq = 0;
  const newClaim = (p: Partial<Claim> & Pick<Claim, "dos" | "lines" | "payer" | "regular">, pt: { id: string }, prov: readonly [string, string]): Claim => {
    const c: Claim = { id: "", type: "Original", original: null, claimDate: addDays(p.dos, int(1, 6)), patient: pt.id, provider: prov[0], specialty: prov[1], pos: "11", status: "Paid", remit: "", eft: "", ...p };
    if (!c.remit) c.remit = addDays(c.claimDate, int(12, 30));
    if (!c.eft) c.eft = `EFT${String(++eftSeq + 880000)}`;
    claims.push(c);
    return c;
  };

  // Encounters: what each specialty bills on a visit.
  const encounter = (dos: string): { lines: Line[]; prov: readonly [string, string]; kind: string } => {
    const y = year(dos);
    const r = rnd();
    if (r < 0.42) {
      const prov = pick(providers.slice(0, 4));
      const lines = [line(pick(["99212", "99213", "99213", "99214", "99214", "99215", "99203", "99204", "99396"]), 1, "", "", y)];
      if (chance(0.25)) lines.push(line("36415", 1, "", "", y), line(pick(["85025", "80053"]), 1, "", "", y));
      if (chance(0.08)) { lines[0]!.mod1 = "25"; lines.push(line("96372", 1, "", "", y), line("J1030", 1, "", "", y)); }
      if (chance(0.06)) lines.push(line("93000", 1, "", "", y));
      return { lines, prov, kind: "standard" };
    }
    if (r < 0.58) {
      // Orthopaedics: an injection (bilateral at times, with guidance bundled), or surgery of one
      // or several procedures on one day.
      const prov = pick(providers.slice(4, 6));
      if (chance(0.55)) {
        const guided = chance(0.35), bilat = chance(0.15);
        const lines = [line("99213", 1, "25", "", y), line(guided ? "20611" : "20610", 1, bilat ? "50" : "", "", y), line("J3301", int(2, 8), "", "", y)];
        // NCCI: 76942 is bundled into 20611 — billed by habit, allowed at 0 (CO-97).
        if (guided && chance(0.4)) { const g = line("76942", 1, "", "", y); g.carc = "CO-97"; lines.push(g); return { lines, prov, kind: "ncci_bundled" }; }
        return { lines, prov, kind: bilat ? "bilateral" : "standard" };
      }
      const n = chance(0.5) ? 1 : int(2, 3);
      const codes = [...new Set(Array.from({ length: n }, () => pick(["29881", "29876", "64721", "28285", "26055"])))];
      const bilat = codes.length === 1 && code(codes[0]!).bilateral && chance(0.2);
      const lines = codes.map((c) => line(c, 1, bilat ? "50" : "", "", y));
      return { lines, prov, kind: bilat ? "bilateral" : codes.length > 1 ? "multiple_procedure" : "standard" };
    }
    if (r < 0.72) {
      const prov = pick(providers.slice(6, 8));
      const lines = [line(pick(["99213", "99214", "99203"]), 1, "25", "", y)];
      const k = rnd();
      if (k < 0.35) { lines.push(line("11102", 1, "", "", y)); if (chance(0.4)) lines.push(line("11103", int(1, 3), "", "", y)); }
      else if (k < 0.55) lines.push(line("17000", 1, "", "", y));
      else {
        const ex = [pick(["11402", "11602"])];
        if (chance(0.5)) ex.push("12032");
        if (chance(0.25)) ex.push(pick(["11102", "17000"]));
        lines.push(...ex.map((c) => line(c, 1, "", "", y)));
        // The same excision twice on one day (a second lesion elsewhere): 59 on the second.
        if (chance(0.15)) { lines.push(line(ex[0]!, 1, "59", "", y)); return { lines, prov, kind: "same_code_59" }; }
        if (ex.length > 1) return { lines, prov, kind: "multiple_procedure" };
      }
      return { lines, prov, kind: "standard" };
    }
    if (r < 0.86) {
      // Imaging read by the group's radiologists: global in the office, the professional component
      // (26) for studies done at the hospital, the technical component (TC) for a study read elsewhere.
      const prov = providers[8]!;
      const c = pick(["71046", "73560", "73721", "72148", "74177"]);
      const m = rnd();
      const mod = m < 0.45 ? "" : m < 0.85 ? "26" : "TC";
      const lines = [line(c, 1, mod, "", y)];
      // A repeat knee film after a reduction the same day: 76.
      if (c === "73560" && chance(0.2)) { lines.push(line(c, 1, mod === "" ? "76" : mod, mod === "" ? "" : "76", y)); return { lines, prov, kind: "same_code_76" }; }
      return { lines, prov, kind: mod === "" ? "standard" : "component_26_tc" };
    }
    const prov = pick(providers.slice(9));
    const lines = [line("97110", int(1, 3), "GP", "", y), line("97140", int(1, 2), "GP", "59", y)];
    if (chance(0.4)) lines.push(line("97530", int(1, 2), "GP", "", y));
    return { lines, prov, kind: "therapy_visit" };
  };

  // One encounter a patient a day: a second series or follow-up landing on a day already seen is
  // not scheduled (it would be the same visit billed twice).
  const seen = new Set<string>();
  for (let day = FIRST; day <= LAST; day = addDays(day, 1)) {
    const dow = new Date(day).getUTCDay();
    if (dow === 0 || dow === 6) continue;
    const n = int(7, 13);
    for (let i = 0; i < n; i++) {
      const pt = pick(patients);
      const e = encounter(day);
      // Therapy comes in series: the same codes two or three times a week for weeks.
      const visits = e.kind === "therapy_visit" ? int(4, 10) : e.kind === "standard" && e.lines[0]!.cpt.startsWith("992") && chance(0.08) ? 2 : 1;
      for (let v = 0; v < visits; v++) {
        const dos = v === 0 ? day : addDays(day, v * pick([2, 3, 7]));
        if (dos > LAST || [0, 6].includes(new Date(dos).getUTCDay()) || seen.has(`${pt.id}|${dos}`)) continue;
        seen.add(`${pt.id}|${dos}`);
        const lines = e.lines.map((l) => ({ ...l, charge: line(l.cpt, l.units, l.mod1, l.mod2, year(dos)).charge }));
        const kind = v > 0 ? "repeat_visit" : e.kind;
        const payer = pt.payer;
        // The retroactive schedule: this payer signed its 2026 rates in March, retroactive to
        // 1 January; claims of the first quarter paid at 2025's rates until then, then reversed
        // and re-adjudicated at the new rates.
        const retro = payer.retro && dos >= NEW_YEAR && dos < RETRO_LOADED;
        // A denial for missing information or authorisation, corrected and re-submitted.
        const denied = payer.cls !== "Self-Pay" && chance(0.035);
        const claim = newClaim({ dos, lines, payer, regular: kind }, pt, e.prov);
        if (denied) {
          for (const l of claim.lines) { l.allowed = 0; l.paid = 0; l.contractual = 0; l.carc = pick(["CO-16", "CO-197", "CO-22"]); }
          claim.status = "Denied"; claim.regular = "denied_then_resubmitted";
          const fixed = newClaim({ dos, lines: lines.map((l) => ({ ...l, carc: l.carc === "CO-97" ? "CO-97" : "" })), payer, regular: "corrected_resubmission", type: "Replacement", original: claim, claimDate: addDays(claim.remit, int(2, 20)) }, pt, e.prov);
          adjudicate(pt, payer, dos, fixed.lines);
          continue;
        }
        adjudicate(pt, payer, dos, claim.lines, retro ? 2025 : year(dos));
        if (retro) {
          claim.regular = "retro_paid_at_old_rate";
          const rev = newClaim({ dos, payer, regular: "retro_reversal", type: "Reversal", original: claim, claimDate: claim.claimDate, remit: addDays(RETRO_LOADED, int(10, 40)), status: "Reversed", lines: claim.lines.map((l) => ({ ...l, charge: -l.charge, allowed: -l.allowed, deductible: -l.deductible, copay: -l.copay, coins: -l.coins, seq: -l.seq, contractual: -l.contractual, paid: -l.paid, carc: "CO-45" })) }, pt, e.prov);
          const re = newClaim({ dos, payer, regular: "retro_readjudicated", type: "Replacement", original: claim, claimDate: claim.claimDate, remit: rev.remit, eft: rev.eft, status: "Reprocessed", lines: lines.map((l) => ({ ...l, carc: l.carc === "CO-97" ? "CO-97" : "" })) }, pt, e.prov);
          pt.met.set(2026, 0);
          adjudicate(pt, payer, dos, re.lines);
        }
        if (payer.cls === "Self-Pay") claim.regular = claim.regular === "standard" ? "self_pay_discount" : claim.regular;
        else if (payer.sequestration && claim.regular === "standard") claim.regular = "medicare_sequestration";
        // Medicare crosses the claim over to the patient's supplement, which pays the coinsurance.
        if (pt.medigap && !retro) {
          const x = newClaim({ dos, payer: MEDIGAP, regular: "medigap_crossover", claimDate: addDays(claim.remit, 1), status: "Paid (crossover)", lines: claim.lines.map((l) => ({ ...l, deductible: 0, copay: 0, coins: 0, seq: 0, paid: r2(l.coins + l.deductible), contractual: r2(l.charge - l.allowed), carc: l.carc === "CO-97" ? "CO-97" : "CO-45" })) }, pt, e.prov);
          x.original = claim;
        }
      }
    }
  }

  // Planted leaks: 20 of each kind, each changing a regular claim (or adding one).
  const labels: Label[] = [];
  const plant = (c: Claim, kind: LeakKind, risk: number) => { c.regular = ""; c.leak = { kind, risk: r2(risk) }; };
  const used = new Set<Claim>();
  const take = (pool: Claim[], n: number) => { const out: Claim[] = []; for (const c of [...pool].sort(() => rnd() - 0.5)) { if (out.length >= n) break; if (used.has(c)) continue; used.add(c); out.push(c); } return out; };
  const followed = new Set(claims.map((c) => c.original));
  const plain = (kinds: string[]) => claims.filter((c) => c.type === "Original" && !c.leak && !followed.has(c) && kinds.includes(c.regular));
  const paidKinds = ["standard", "medicare_sequestration", "component_26_tc", "therapy_visit"];
  const contracted = (c: Claim) => c.payer.cls !== "Self-Pay" && c.payer.cls !== "Medigap";
  const repay = (l: Line, allowed: number) => {
    // The payer's allowed cut: the patient shares stay, the payment takes the cut.
    const cut = r2(l.allowed - allowed);
    l.allowed = allowed; l.contractual = r2(l.contractual + cut); l.paid = r2(Math.max(0, l.paid - cut));
    return cut;
  };
  for (const kind of LEAK_KINDS) {
    if (kind === "underpaid_below_fee_schedule") {
      // The payer allowed a line below its contracted rate (another plan's schedule, a wrong
      // place-of-service rate): 5–20 % short.
      for (const c of take(plain(paidKinds).filter((c) => contracted(c) && c.lines.some((l) => l.allowed > 20)), 20)) {
        const l = c.lines.find((x) => x.allowed > 20)!;
        plant(c, kind, repay(l, r2(l.allowed * (1 - pick([0.05, 0.08, 0.1, 0.15, 0.2])))));
      }
    } else if (kind === "payer_last_years_rate") {
      // After 1 January the payer still paid last year's schedule (not the retroactive payer).
      for (const c of take(plain(paidKinds).filter((c) => contracted(c) && !c.payer.retro && c.payer.raise2026 > 0 && c.dos >= "2026-01-05" && c.dos < "2026-04-01"), 20)) {
        let risk = 0;
        for (const l of c.lines) { if (!l.allowed) continue; const pricing = l.mod1 === "26" || l.mod1 === "TC" ? l.mod1 : ""; const old = r2(fee(c.payer, code(l.cpt), pricing, 2025) * l.units); if (old < l.allowed) risk += repay(l, old); }
        plant(c, kind, risk);
      }
    } else if (kind === "charge_below_chargemaster") {
      // A charge keyed below the chargemaster (a superbill's stale price, a rounded figure).
      for (const c of take(plain([...paidKinds, "self_pay_discount"]).filter((c) => c.lines[0]!.charge > 40), 20)) {
        const l = c.lines[0]!;
        const lower = r2(l.charge * (1 - pick([0.1, 0.15, 0.2, 0.3])));
        plant(c, kind, l.charge - lower);
        l.charge = lower; l.contractual = r2(Math.max(0, l.charge - l.allowed - l.selfPay));
      }
    } else if (kind === "charge_last_years_price") {
      // After the chargemaster's January update, charges still posted at last year's price.
      for (const c of take(plain([...paidKinds, "self_pay_discount"]).filter((c) => c.dos >= "2026-01-12" && c.dos < "2026-04-01"), 20)) {
        let risk = 0;
        for (const l of c.lines) { const old = r2(cdm(code(l.cpt), l.mod1 === "26" || l.mod1 === "TC" ? l.mod1 : "", 2025) * l.units * (l.mod1 === "50" ? 2 : 1)); risk += l.charge - old; l.charge = old; l.contractual = r2(Math.max(0, l.charge - l.allowed - l.selfPay)); }
        plant(c, kind, risk);
      }
    } else {
      // The same encounter billed again under a new claim id (re-keyed from the superbill) and paid.
      for (const src of take(plain(paidKinds).filter((c) => contracted(c) && c.claimDate < "2026-10-01"), 20)) {
        const d = newClaim({ ...src, id: "", claimDate: addDays(src.claimDate, int(3, 25)), remit: "", eft: "", regular: "", lines: src.lines.map((l) => ({ ...l })) }, { id: src.patient }, [src.provider, src.specialty]);
        d.remit = addDays(d.claimDate, int(12, 30));
        plant(d, kind, 0);
      }
    }
  }

  // Claim ids in claim-date order.
  claims.sort((a, b) => (a.claimDate < b.claimDate ? -1 : a.claimDate > b.claimDate ? 1 : 0));
  let no = 2_500_000;
  for (const c of claims) c.id = `${c.type === "Reversal" ? "R" : "C"}${(no += 3)}`;
  for (const c of claims) if (c.leak) labels.push({ document: c.id, kind: c.leak.kind, currency: "USD", amount_at_risk: c.leak.risk });
  return { claims, labels };
}

const num = (v: number) => v.toFixed(2);
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeMedical(seed: number, out: string) {
  const g = generateMedical(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Claim ID", "Claim Type", "Original Claim ID", "Claim Date", "Date of Service", "Patient Account", "Rendering Provider NPI", "Specialty", "Place of Service", "Payer ID", "Payer Name", "Payer Class", "Fee Schedule", "Claim Status", "Check/EFT Number", "Remit Date", "Total Charge", "Total Allowed", "Total Paid", "Line", "CPT/HCPCS", "Modifier 1", "Modifier 2", "Units", "Billed Charge", "Allowed", "Deductible", "Copay", "Coinsurance", "Sequestration", "Contractual Adj", "Self-Pay Discount", "Paid", "Adj Reason Codes"];
  const rows: string[][] = [];
  for (const c of g.claims) {
    const sum = (f: (l: Line) => number) => num(r2(c.lines.reduce((x, l) => x + f(l), 0)));
    c.lines.forEach((l, i) => rows.push([
      c.id, c.type, c.original?.id ?? "", usDate(c.claimDate), usDate(c.dos), c.patient, c.provider, c.specialty, c.pos, c.payer.id, c.payer.name, c.payer.cls, c.payer.cls === "Self-Pay" ? "" : `FS-${c.payer.id}`, c.status, c.eft, usDate(c.remit), sum((x) => x.charge), sum((x) => x.allowed), sum((x) => x.paid),
      String(i + 1), l.cpt, l.mod1, l.mod2, String(l.units), num(l.charge), num(l.allowed), num(l.deductible), num(l.copay), num(l.coins), num(l.seq), num(l.contractual), num(l.selfPay), num(l.paid), l.carc,
    ]));
  }
  writeFileSync(join(out, "claim_lines.csv"), csv(header, rows));
  // The chargemaster: one charge per code (and per component of a code that has them), per year.
  const cm: string[][] = [];
  for (const c of CODES) for (const mod of c.pc === undefined ? [""] : ["", "26", "TC"]) for (const [y, from] of [[2025, "2025-01-01"], [2026, NEW_YEAR]] as const) cm.push([c.cpt, mod, c.desc, num(cdm(c, mod, y)), usDate(from)]);
  writeFileSync(join(out, "ref", "chargemaster.csv"), csv(["CPT/HCPCS", "Modifier", "Description", "Charge", "Effective Date"], cm));
  // Fee schedules: each contracted payer's allowed per code and component, per contract year.
  const fs: string[][] = [];
  for (const p of PAYERS) for (const c of CODES) for (const mod of c.pc === undefined ? [""] : ["", "26", "TC"]) for (const [y, from, to] of [[2025, "2025-01-01", "2025-12-31"], [2026, NEW_YEAR, "2026-12-31"]] as const) fs.push([`FS-${p.id}`, p.id, c.cpt, mod, num(fee(p, c, mod, y)), usDate(from), usDate(to)]);
  writeFileSync(join(out, "ref", "fee_schedules.csv"), csv(["Fee Schedule", "Payer ID", "CPT/HCPCS", "Modifier", "Allowed", "Effective Date", "End Date"], fs));
  const regular: Record<string, string> = {};
  for (const c of g.claims) if (c.regular) regular[c.id] = c.regular;
  writeLabels(out, seed, g.labels, regular);
  return { claims: g.claims.length, lines: rows.length, chargemaster_rows: cm.length, fee_schedule_rows: fs.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeMedical(Number(arg("--seed", "2207")), arg("--out", "/tmp/medical-2207"))));
}
