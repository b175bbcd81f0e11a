// An independent billing data set (the twenty-first, 2026-11-28): a public university's student
// accounts over six terms (Fall 2024 – Summer 2026, two academic years), exported as a student
// information system's student-account detail (Ellucian Banner's TBRACCD / Colleague's AR invoice
// items / Workday Student's charge items, PeopleSoft Campus Solutions' item lines): one row per
// charge or credit line, the document's header on each (document number and type — the term's
// assessment, an assessment adjustment after a late add, a reversal for a drop or a withdrawal, a
// waiver, a scholarship, a third-party transfer, a sponsor's invoice, a payment-plan or late fee —,
// the account (a student, or a sponsor for its invoice), term, residency, level, program, billing
// hours, census date, the document a credit is posted against, reason, refund percentage and
// withdrawal date, user and approver), per line the detail code and, for a section or room fee,
// its rate code (the course of a lab fee, the hall and room type of housing, the meal plan), the
// billing hours or units, the unit, the rate and the amount. Beside it the published rate table
// (detail codes per academic year, from 1 July), and the registration billing log (each course
// section a student registered for, its billing hours and the detail code that bills them, its
// lab fee, status — registered, dropped before census, withdrawn — and the document that billed it).
// Written from how a bursar's office bills before reading the detectors. Regular business (hard
// negatives): the flat-rate band (12–18 hours at one price, a course added inside it billed
// nothing), part-time per-credit tuition, overloads above 18 hours per credit, non-resident
// supplemental tuition and the international fee, graduate per-credit rates, program
// differentials per credit hour, a technology fee per hour up to 12, activity fee per term, lab
// fees per section (their own price per course), housing by hall and room type and meal plans,
// summer terms (no flat band, a summer activity fee), the new academic year's rates from 1 July,
// adds after census billed on an adjustment, drops before census reversed in full, withdrawals
// refunded by the published schedule (100 / 75 / 50 / 25 % by week), institutional scholarships of
// the same amount every term, employee (six hours), dependent (50 %) and veteran waivers, a waiver
// reversed and posted again, third-party contracts (the student's charges transferred to the
// sponsor, the sponsor's invoice a line per student), payment-plan enrolment fees and late fees.
// Planted (labelled, with the amount at risk): a non-resident billed at the resident rate (the
// supplemental tuition missing), credits added after census not billed, a lab fee missing, a
// waiver applied twice, a withdrawal refunded beyond the schedule, a sponsor's invoice never
// raised for a sponsored student, a term's charges posted twice.
// Run: bun run bench/quality/tuition-billing.ts --seed 2101 --out /tmp/tuition
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, num, numberText, r2 } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "nonresident_billed_resident_rate" | "credits_after_census_not_billed" | "lab_fee_missing" | "waiver_applied_twice"
  | "withdrawal_refund_beyond_schedule" | "sponsor_invoice_not_raised" | "term_charges_posted_twice";
export const LEAK_KINDS: LeakKind[] = ["nonresident_billed_resident_rate", "credits_after_census_not_billed", "lab_fee_missing", "waiver_applied_twice", "withdrawal_refund_beyond_schedule", "sponsor_invoice_not_raised", "term_charges_posted_twice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

/** Banner writes dates as DD-MON-YYYY. */
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];
const bannerDate = (iso: string) => (iso ? `${iso.slice(8, 10)}-${MONTHS[Number(iso.slice(5, 7)) - 1]}-${iso.slice(0, 4)}` : "");

interface Term { code: string; name: string; ay: 0 | 1; summer: boolean; billRun: string; start: string; census: string; due: string; end: string }
// Banner term codes: the academic year's end and 10 fall, 20 spring, 30 summer.
const TERMS: Term[] = [
  { code: "202510", name: "Fall 2024", ay: 0, summer: false, billRun: "2024-07-08", start: "2024-08-26", census: "2024-09-10", due: "2024-08-20", end: "2024-12-13" },
  { code: "202520", name: "Spring 2025", ay: 0, summer: false, billRun: "2024-11-25", start: "2025-01-13", census: "2025-01-28", due: "2025-01-08", end: "2025-05-09" },
  { code: "202530", name: "Summer 2025", ay: 0, summer: true, billRun: "2025-04-14", start: "2025-06-02", census: "2025-06-09", due: "2025-05-28", end: "2025-08-08" },
  { code: "202610", name: "Fall 2025", ay: 1, summer: false, billRun: "2025-07-07", start: "2025-08-25", census: "2025-09-09", due: "2025-08-19", end: "2025-12-12" },
  { code: "202620", name: "Spring 2026", ay: 1, summer: false, billRun: "2025-11-24", start: "2026-01-12", census: "2026-01-27", due: "2026-01-07", end: "2026-05-08" },
  { code: "202630", name: "Summer 2026", ay: 1, summer: true, billRun: "2026-04-13", start: "2026-06-01", census: "2026-06-08", due: "2026-05-27", end: "2026-08-07" },
];
const AY_START = ["2024-07-01", "2025-07-01"];

/** The published rate table: a detail code (with its rate code) and its rate in each academic year. */
interface Rate { code: string; rateCode: string; desc: string; unit: string; rate: [number, number] }
const RATES: Rate[] = [
  { code: "TUUG", rateCode: "", desc: "Undergraduate Tuition per Credit Hour", unit: "CR", rate: [385, 399] },
  { code: "TUUF", rateCode: "", desc: "Undergraduate Tuition Flat Rate 12-18 Hours", unit: "TERM", rate: [4620, 4788] },
  { code: "NRUG", rateCode: "", desc: "Undergraduate Non-Resident Tuition per Credit Hour", unit: "CR", rate: [612, 636] },
  { code: "NRUF", rateCode: "", desc: "Undergraduate Non-Resident Tuition Flat Rate 12-18 Hours", unit: "TERM", rate: [7344, 7632] },
  { code: "TUGR", rateCode: "", desc: "Graduate Tuition per Credit Hour", unit: "CR", rate: [548, 569] },
  { code: "NRGR", rateCode: "", desc: "Graduate Non-Resident Tuition per Credit Hour", unit: "CR", rate: [722, 751] },
  { code: "INTL", rateCode: "", desc: "International Student Fee", unit: "TERM", rate: [250, 260] },
  { code: "DFEN", rateCode: "", desc: "Engineering Program Differential per Credit Hour", unit: "CR", rate: [62, 65] },
  { code: "DFNU", rateCode: "", desc: "Nursing Program Differential per Credit Hour", unit: "CR", rate: [45, 48] },
  { code: "DFBU", rateCode: "", desc: "Business Program Differential per Credit Hour", unit: "CR", rate: [35, 37] },
  { code: "TECH", rateCode: "", desc: "Technology Fee per Credit Hour (max 12)", unit: "CR", rate: [15, 16] },
  { code: "ACTV", rateCode: "", desc: "Student Activity Fee", unit: "TERM", rate: [95, 98] },
  { code: "ACTS", rateCode: "", desc: "Summer Student Activity Fee", unit: "TERM", rate: [40, 42] },
  { code: "HOUS", rateCode: "DBL", desc: "Housing - Traditional Double", unit: "TERM", rate: [3150, 3275] },
  { code: "HOUS", rateCode: "SGL", desc: "Housing - Traditional Single", unit: "TERM", rate: [3980, 4140] },
  { code: "HOUS", rateCode: "STE", desc: "Housing - Suite Style", unit: "TERM", rate: [4420, 4595] },
  { code: "HOUS", rateCode: "APT", desc: "Housing - Campus Apartment", unit: "TERM", rate: [4860, 5055] },
  { code: "HOUS", rateCode: "SUM", desc: "Housing - Summer Session", unit: "TERM", rate: [1280, 1330] },
  { code: "MEAL", rateCode: "U19", desc: "Meal Plan - Unlimited", unit: "TERM", rate: [2640, 2745] },
  { code: "MEAL", rateCode: "B14", desc: "Meal Plan - 14 Meals per Week", unit: "TERM", rate: [2290, 2380] },
  { code: "MEAL", rateCode: "BLK", desc: "Meal Plan - Commuter Block 50", unit: "TERM", rate: [495, 515] },
  { code: "LABF", rateCode: "BIOL1406", desc: "Course Fee - BIOL 1406 Lab", unit: "EA", rate: [75, 80] },
  { code: "LABF", rateCode: "CHEM1411", desc: "Course Fee - CHEM 1411 Lab", unit: "EA", rate: [85, 90] },
  { code: "LABF", rateCode: "PHYS2425", desc: "Course Fee - PHYS 2425 Lab", unit: "EA", rate: [60, 60] },
  { code: "LABF", rateCode: "ENGR2105", desc: "Course Fee - ENGR 2105 Lab", unit: "EA", rate: [110, 115] },
  { code: "LABF", rateCode: "NURS3110", desc: "Course Fee - NURS 3110 Clinical Lab", unit: "EA", rate: [120, 125] },
  { code: "LABF", rateCode: "GEOL1403", desc: "Course Fee - GEOL 1403 Lab", unit: "EA", rate: [45, 45] },
  { code: "LABF", rateCode: "ARTS2316", desc: "Course Fee - ARTS 2316 Studio", unit: "EA", rate: [65, 70] },
  { code: "PPLN", rateCode: "", desc: "Payment Plan Enrollment Fee", unit: "TERM", rate: [40, 45] },
  { code: "LATE", rateCode: "", desc: "Late Payment Fee", unit: "EA", rate: [100, 100] },
];
const rateOf = (code: string, rateCode: string, ay: 0 | 1) => RATES.find((r) => r.code === code && r.rateCode === rateCode)!.rate[ay];
const descOf = (code: string, rateCode: string) => RATES.find((r) => r.code === code && r.rateCode === rateCode)!.desc;
const LAB_FOR_PROGRAM: Record<string, string[]> = { ENGR: ["ENGR2105", "PHYS2425", "CHEM1411"], NURS: ["NURS3110", "BIOL1406", "CHEM1411"], SCI: ["BIOL1406", "CHEM1411", "PHYS2425", "GEOL1403"], ARTS: ["ARTS2316"], BUS: ["GEOL1403"], LIB: ["BIOL1406", "GEOL1403", "ARTS2316"] };
const FLAT_FROM = 12, FLAT_TO = 18, TECH_MAX = 12;
const refundPct = (term: Term, wd: string) => { const d = Math.round((Date.parse(wd) - Date.parse(term.start)) / 86400000); return d < 7 ? 100 : d < 14 ? 75 : d < 28 ? 50 : d < 42 ? 25 : 0; };

interface Student {
  id: string; name: string; level: "UG" | "GR"; residency: "RES" | "NRES" | "INTL"; program: string; firstTerm: number; lastTerm: number; housing: string; meal: string;
  scholarship: number; waiver: "" | "WVEM" | "WVDP" | "WVVT"; sponsor: string; plan: boolean; lateRisk: number; load: "FT" | "PT" | "OL";
}
interface Line { code: string; rateCode: string; desc: string; qty: number | null; unit: string; rate: number | null; amount: number }
interface Doc {
  no: string; type: string; date: string; account: string; student: Student | null; term: Term; hours: number | null; related: Doc | null; reason: string; refundPct: number | null; wdDate: string;
  user: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Reg { id: string; student: Student; term: Term; crn: string; course: string; hours: number; code: string; rateCode: string; status: string; statusDate: string; billable: boolean; reason: string; doc: Doc | null }

const total = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
const line = (code: string, rateCode: string, qty: number | null, ay: 0 | 1, desc?: string): Line => {
  const rate = rateOf(code, rateCode, ay);
  return { code, rateCode, desc: desc ?? descOf(code, rateCode), qty, unit: RATES.find((r) => r.code === code && r.rateCode === rateCode)!.unit, rate, amount: r2((qty ?? 1) * rate) };
};

export function generateTuition(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const users = ["SFRFASC_BATCH", "SFRFASC_BATCH", "SFRFASC_BATCH", "JMARTINEZ", "KOKAFOR", "BLINDQVIST", "TPHAM"];
  const finAid = ["RPOAPP_BATCH", "AWARD_DISB"];
  const bursar = ["MDELGADO", "SCHEN"];
  const firsts = ["Alex", "Jordan", "Taylor", "Morgan", "Casey", "Riley", "Avery", "Jamie", "Priya", "Wei", "Carlos", "Fatima", "Liam", "Sofia", "Noah", "Emma", "Mateo", "Aisha", "Ethan", "Mia"];
  const lasts = ["Smith", "Garcia", "Nguyen", "Patel", "Johnson", "Kim", "Brown", "Lopez", "Williams", "Chen", "Okafor", "Davis", "Martinez", "Singh", "Miller", "Wilson", "Anderson", "Hernandez"];
  const sponsors = [
    { id: "S900101", name: "Department of Veterans Affairs Ch. 31 VR&E" },
    { id: "S900102", name: "State Workforce Commission" },
    { id: "S900103", name: "Regional Medical Center Tuition Assistance" },
    { id: "S900104", name: "Lockhart Aerospace Employee Education" },
    { id: "S900105", name: "Embassy Cultural Mission" },
  ];
  let sid = 1_204_000;
  const students: Student[] = [];
  const newStudent = (firstTerm: number): Student => {
    const level = chance(0.84) ? "UG" : "GR";
    const r = rnd();
    const residency = r < 0.68 ? "RES" : r < 0.9 ? "NRES" : "INTL";
    const program = level === "GR" ? pick(["BUS", "ENGR", "NURS", "LIB"]) : pick(["ENGR", "ENGR", "NURS", "BUS", "BUS", "BUS", "SCI", "SCI", "ARTS", "LIB", "LIB", "LIB"]);
    const housed = level === "UG" && chance(residency === "RES" ? 0.4 : 0.6);
    const waiverDraw = rnd();
    const waiver = waiverDraw < 0.02 ? "WVEM" : waiverDraw < 0.04 ? "WVDP" : waiverDraw < 0.065 && residency === "RES" ? "WVVT" : "";
    const sponsor = !waiver && chance(0.035) ? pick(sponsors).id : "";
    const loadDraw = rnd();
    return {
      id: `A0${++sid}`, name: `${pick(lasts)}, ${pick(firsts)}`, level, residency, program, firstTerm, lastTerm: Math.min(5, firstTerm + int(2, 9)),
      housing: housed ? pick(["DBL", "DBL", "DBL", "SGL", "STE", "APT"]) : "", meal: housed ? pick(["U19", "B14", "B14"]) : chance(0.12) ? "BLK" : "",
      scholarship: chance(0.3) && level === "UG" ? pick([500, 1000, 1500, 2000, 2500, 3000, 4000, 5000]) : 0, waiver, sponsor, plan: chance(0.2), lateRisk: between(0, 0.12),
      load: waiver === "WVEM" ? "PT" : level === "GR" ? "PT" : loadDraw < 0.74 ? "FT" : loadDraw < 0.97 ? "PT" : "OL",
    };
  };
  for (let i = 0; i < 1500; i++) { const s = newStudent(0); s.firstTerm = 0; s.lastTerm = chance(0.25) ? int(1, 4) : 5; students.push(s); }
  for (const t of [1, 3, 4]) for (let i = 0; i < (t === 3 ? 420 : 90); i++) students.push(newStudent(t));

  const docs: Doc[] = [];
  const regs: Reg[] = [];
  let regNo = 0, crnNo = 10_000;
  const reg = (r: Omit<Reg, "id">) => { const x = { ...r, id: `R${String(++regNo).padStart(7, "0")}` }; regs.push(x); return x; };
  const termBills = new Map<string, Doc>(); // student|term → the term's assessment
  const sponsorLines = new Map<string, { student: Student; transfer: Doc; amount: number }[]>(); // sponsor|term

  for (let ti = 0; ti < TERMS.length; ti++) {
    const term = TERMS[ti]!;
    const ay = term.ay;
    for (const s of students) {
      if (ti < s.firstTerm || ti > s.lastTerm) continue;
      if (term.summer ? !chance(0.28) : !chance(0.95)) continue;
      // The term's registration: courses of 3 or 4 hours (a 4-hour course has a lab section).
      const target = term.summer ? int(3, 9) : s.load === "FT" ? pick([12, 12, 13, 15, 15, 15, 16, 16, 17, 18]) : s.load === "OL" ? pick([19, 20, 21]) : s.level === "GR" ? pick([6, 6, 9, 9, 9, 12]) : pick([3, 6, 6, 7, 9, 10, 11]);
      const courses: { course: string; hours: number; lab: string }[] = [];
      let h = 0;
      while (h < target) {
        const left = target - h;
        const labs = LAB_FOR_PROGRAM[s.program]!;
        const lab = left >= 4 && (left - 4) % 3 !== 2 && chance(0.3) ? pick(labs) : "";
        const hours = lab ? 4 : left >= 3 ? 3 : left;
        courses.push({ course: lab ? `${lab.slice(0, 4)} ${lab.slice(4)}` : `${pick(["ENGL", "HIST", "MATH", "PSYC", "ECON", "COMM", "PHIL", "SOCI", "POLS", "ACCT", s.program])} ${int(1, 4)}${int(100, 399)}`, hours, lab });
        h += hours;
      }
      const billDate = addDays(term.billRun, chance(0.7) ? 0 : int(1, Math.max(2, Math.round((Date.parse(term.census) - Date.parse(term.billRun)) / 86400000) - 2)));
      const hours = courses.reduce((a, c) => a + c.hours, 0);
      const grad = s.level === "GR";
      const flat = !grad && !term.summer && hours >= FLAT_FROM;
      const bill: Doc = { no: "", type: "Term Assessment", date: billDate, account: s.id, student: s, term, hours, related: null, reason: "", refundPct: null, wdDate: "", user: pick(users), approver: "", lines: [], regular: "" };
      const tuitionLines = (hrs: number, wasFlat: boolean, desc?: string): Line[] => {
        const out: Line[] = [];
        const perCredit = grad ? "TUGR" : "TUUG";
        if (wasFlat) {
          out.push(line("TUUF", "", 1, ay));
          if (hrs > FLAT_TO) out.push(line("TUUG", "", hrs - FLAT_TO, ay, `${descOf("TUUG", "")} - Hours Above ${FLAT_TO}`));
        } else out.push(line(perCredit, "", hrs, ay, desc));
        if (s.residency !== "RES") {
          if (wasFlat) {
            out.push(line("NRUF", "", 1, ay));
            if (hrs > FLAT_TO) out.push(line("NRUG", "", hrs - FLAT_TO, ay, `${descOf("NRUG", "")} - Hours Above ${FLAT_TO}`));
          } else out.push(line(grad ? "NRGR" : "NRUG", "", hrs, ay));
        }
        const diff = !grad && s.program === "ENGR" ? "DFEN" : !grad && s.program === "NURS" ? "DFNU" : !grad && s.program === "BUS" ? "DFBU" : "";
        if (diff) out.push(line(diff, "", hrs, ay));
        return out;
      };
      bill.lines.push(...tuitionLines(hours, flat));
      bill.lines.push(line("TECH", "", Math.min(hours, TECH_MAX), ay));
      bill.lines.push(line(term.summer ? "ACTS" : "ACTV", "", 1, ay));
      if (s.residency === "INTL") bill.lines.push(line("INTL", "", 1, ay));
      for (const c of courses) if (c.lab) bill.lines.push(line("LABF", c.lab, 1, ay));
      if (s.housing) bill.lines.push(line("HOUS", term.summer ? "SUM" : s.housing, 1, ay));
      if (s.meal && !term.summer) bill.lines.push(line("MEAL", s.meal, 1, ay));
      let kind = term.summer ? "summer_term" : grad ? "graduate_per_credit" : hours > FLAT_TO ? "overload_above_band" : flat ? "flat_rate_band" : "part_time_per_credit";
      if (kind === "flat_rate_band" && s.residency === "INTL") kind = "international";
      else if (kind === "flat_rate_band" && s.residency === "NRES") kind = "nonresident";
      else if (kind === "flat_rate_band" && s.housing) kind = "housing_meal_plan";
      else if (kind === "flat_rate_band" && courses.some((c) => c.lab)) kind = "lab_fees";
      bill.regular = kind;
      docs.push(bill);
      termBills.set(`${s.id}|${term.code}`, bill);
      const perCreditCode = grad ? "TUGR" : "TUUG";
      for (const c of courses) {
        const crn = String(++crnNo);
        reg({ student: s, term, crn, course: c.course, hours: c.hours, code: perCreditCode, rateCode: "", status: "RE", statusDate: addDays(billDate, -int(1, 40)), billable: !flat, reason: flat ? "FLAT RATE 12-18" : "", doc: bill });
        if (c.lab) reg({ student: s, term, crn, course: c.course, hours: 1, code: "LABF", rateCode: c.lab, status: "RE", statusDate: addDays(billDate, -int(1, 40)), billable: true, reason: "", doc: bill });
      }

      // After the bill: a drop before census, an add after census, or a withdrawal.
      const event = rnd();
      // The hours a census-day waiver is computed on (a late add comes after it), and the share of tuition a withdrawal leaves charged.
      let charged = hours, kept = 1;
      if (event < 0.07 && courses.length > 1) {
        // A course dropped before census: reversed in full where it changed the bill.
        const c = courses[courses.length - 1]!;
        const day = addDays(term.start, int(0, 10));
        const newHours = hours - c.hours;
        const nowFlat = !grad && !term.summer && newHours >= FLAT_FROM;
        for (const r of regs.filter((x) => x.student === s && x.term === term && x.course === c.course)) { r.status = "DD"; r.statusDate = day; r.billable = false; r.reason = "DROPPED BEFORE CENSUS"; }
        const before = [...tuitionLines(hours, flat), line("TECH", "", Math.min(hours, TECH_MAX), ay)];
        const after = [...tuitionLines(newHours, nowFlat), line("TECH", "", Math.min(newHours, TECH_MAX), ay)];
        const diff: Line[] = [];
        for (const b of before) {
          const a = after.find((x) => x.code === b.code && x.desc === b.desc);
          const dq = (b.qty ?? 0) - (a?.qty ?? 0);
          if (b.unit === "TERM" && a) continue;
          if (dq > 0) diff.push({ ...b, qty: -dq, amount: r2(-dq * b.rate!), desc: `${b.desc} - Drop ${c.course}` });
        }
        for (const a of after) if (!before.some((b) => b.code === a.code && b.desc === a.desc)) diff.push({ ...a, desc: `${a.desc} - Reassessed` });
        if (c.lab) diff.push({ ...line("LABF", c.lab, -1, ay), desc: `${descOf("LABF", c.lab)} - Drop` });
        if (diff.length && diff.some((l) => l.amount !== 0)) {
          const rev: Doc = { no: "", type: "Assessment Reversal", date: addDays(day, int(0, 2)), account: s.id, student: s, term, hours: newHours, related: bill, reason: "DD", refundPct: 100, wdDate: "", user: pick(users), approver: "", lines: diff, regular: flat && nowFlat ? "drop_within_flat_band" : flat ? "drop_out_of_flat_band" : "drop_before_census_reversal" };
          docs.push(rev);
          // Out of the band: the sections left are billed per credit by the reassessment.
          if (flat && !nowFlat) for (const r of regs.filter((x) => x.student === s && x.term === term && x.code === perCreditCode && x.status === "RE")) { r.billable = true; r.reason = ""; r.doc = rev; }
        }
        charged = newHours;
      } else if (event < 0.13) {
        // A course added after census: billed on an assessment adjustment unless inside the flat band.
        const add = 3;
        const day = addDays(term.census, int(1, 12));
        const newHours = hours + add;
        const nowFlat = !grad && !term.summer && newHours >= FLAT_FROM;
        const adj: Doc = { no: "", type: "Assessment Adjustment", date: addDays(day, int(0, 3)), account: s.id, student: s, term, hours: newHours, related: bill, reason: "ADD", refundPct: null, wdDate: "", user: pick(users), approver: pick(bursar), lines: [], regular: "add_after_census_billed" };
        const before = [...tuitionLines(hours, flat), line("TECH", "", Math.min(hours, TECH_MAX), ay)];
        const after = [...tuitionLines(newHours, nowFlat), line("TECH", "", Math.min(newHours, TECH_MAX), ay)];
        for (const a of after) {
          const b = before.find((x) => x.code === a.code && x.desc === a.desc);
          const dq = (a.qty ?? 0) - (b?.qty ?? 0);
          if (a.unit === "TERM" && b) continue;
          if (dq > 0) adj.lines.push({ ...a, qty: dq, amount: r2(dq * a.rate!), desc: `${a.desc} - Late Add` });
        }
        for (const b of before) if (!after.some((a) => a.code === b.code && a.desc === b.desc)) adj.lines.push({ ...b, qty: b.qty === null ? null : -(b.qty), amount: -b.amount, desc: `${b.desc} - Reassessed` });
        const billed = adj.lines.length > 0 && adj.lines.some((l) => l.amount !== 0);
        if (billed) docs.push(adj);
        reg({ student: s, term, crn: String(++crnNo), course: `${pick(["ENGL", "MATH", "HIST", "PSYC"])} ${int(1, 4)}${int(100, 399)}`, hours: add, code: perCreditCode, rateCode: "", status: "RE", statusDate: day, billable: !nowFlat || !flat, reason: nowFlat && flat ? "FLAT RATE 12-18" : "", doc: billed ? adj : bill });
        if (!billed) bill.regular = "add_within_flat_band";
        else if (!flat && nowFlat) {
          // Into the band: the whole registration is billed at the flat rate from now on.
          adj.regular = "add_into_flat_band";
          for (const r of regs.filter((x) => x.student === s && x.term === term && x.code === perCreditCode)) { r.billable = false; r.reason = "FLAT RATE 12-18"; }
        }
      } else if (event < 0.165) {
        // A complete withdrawal, refunded by the published schedule.
        const wd = addDays(term.start, int(0, 55));
        const pct = refundPct(term, wd);
        for (const r of regs.filter((x) => x.student === s && x.term === term)) { r.status = "WD"; r.statusDate = wd; }
        kept = 1 - pct / 100;
        if (pct > 0) {
          const refundable = bill.lines.filter((l) => ["TUUG", "TUUF", "NRUG", "NRUF", "TUGR", "NRGR", "DFEN", "DFNU", "DFBU", "TECH"].includes(l.code));
          docs.push({ no: "", type: "Assessment Reversal", date: addDays(wd, int(1, 6)), account: s.id, student: s, term, hours: 0, related: bill, reason: "WD", refundPct: pct, wdDate: wd, user: pick(bursar), approver: pct === 100 ? "" : pick(bursar), lines: refundable.map((l) => ({ ...l, qty: l.qty === null ? null : -l.qty, amount: r2((-l.amount * pct) / 100), desc: `${l.desc} - Withdrawal ${pct}% Refund` })), regular: "withdrawal_refund_scheduled" });
        }
      }
      // What the census-day charges came to: the bill less a drop's reversal.
      const atCensus = [...bill.lines, ...docs.filter((d) => d.related === bill && d.reason === "DD").flatMap((d) => d.lines)];
      const tuitionCharged = r2(atCensus.filter((l) => ["TUUG", "TUUF", "TUGR"].includes(l.code)).reduce((a, l) => a + l.amount, 0));
      const techCharged = r2(atCensus.filter((l) => l.code === "TECH").reduce((a, l) => a + l.amount, 0));
      // Scholarships (the same award each fall and spring), waivers, third-party contracts.
      const credAt = addDays(term.census, int(-3, 5));
      if (s.scholarship && !term.summer) docs.push({ no: "", type: "Scholarship", date: credAt, account: s.id, student: s, term, hours: null, related: bill, reason: "", refundPct: null, wdDate: "", user: pick(finAid), approver: "", lines: [{ code: "SCHL", rateCode: "", desc: "Presidential Merit Scholarship", qty: null, unit: "", rate: null, amount: -s.scholarship }], regular: "scholarship" });
      if (s.waiver) {
        const rate = rateOf(grad ? "TUGR" : "TUUG", "", ay);
        // Recomputed on what a withdrawal left charged (the waiver never refunds the student).
        const amount = r2(kept * (s.waiver === "WVEM" ? Math.min(charged, 6) * rate : s.waiver === "WVDP" ? tuitionCharged * 0.5 : tuitionCharged + techCharged));
        const desc = s.waiver === "WVEM" ? "Employee Tuition Waiver (6 hrs)" : s.waiver === "WVDP" ? "Dependent Tuition Waiver 50%" : "Veteran Tuition and Fee Exemption";
        const w: Doc = { no: "", type: "Waiver", date: credAt, account: s.id, student: s, term, hours: null, related: bill, reason: "", refundPct: null, wdDate: "", user: pick(bursar), approver: pick(bursar), lines: [{ code: s.waiver, rateCode: "", desc, qty: null, unit: "", rate: null, amount: -amount }], regular: s.waiver === "WVEM" ? "employee_waiver" : s.waiver === "WVDP" ? "dependent_waiver" : "veteran_waiver" };
        if (amount > 0) docs.push(w);
        if (amount > 0 && chance(0.12)) {
          // Posted to the wrong term's charges or before eligibility was confirmed: reversed, then posted again.
          docs.push({ ...w, type: "Waiver Reversal", date: addDays(credAt, int(2, 10)), lines: w.lines.map((l) => ({ ...l, amount: -l.amount, desc: `${l.desc} - Reversal` })), related: w, reason: "RVSL", regular: "waiver_reversal" });
          docs.push({ ...w, date: addDays(credAt, int(11, 20)), lines: w.lines.map((l) => ({ ...l })), regular: "waiver_reposted_after_reversal" });
        }
      }
      if (s.sponsor && !term.summer) {
        const covered = r2(bill.lines.filter((l) => !["HOUS", "MEAL"].includes(l.code)).reduce((a, l) => a + l.amount, 0));
        const tr: Doc = { no: "", type: "Third Party Transfer", date: addDays(term.census, int(1, 7)), account: s.id, student: s, term, hours: null, related: bill, reason: "", refundPct: null, wdDate: "", user: "TSRCBIL_BATCH", approver: "", lines: [{ code: "TPCT", rateCode: s.sponsor, desc: `Third Party Contract ${s.sponsor} - Transfer to Sponsor`, qty: null, unit: "", rate: null, amount: -covered }], regular: "sponsor_transfer" };
        docs.push(tr);
        const key = `${s.sponsor}|${term.code}`;
        sponsorLines.set(key, [...(sponsorLines.get(key) ?? []), { student: s, transfer: tr, amount: covered }]);
      }
      if (s.plan) docs.push({ no: "", type: "Fee", date: addDays(term.due, -int(1, 20)), account: s.id, student: s, term, hours: null, related: bill, reason: "PPLN", refundPct: null, wdDate: "", user: "TOUCHNET_IFACE", approver: "", lines: [line("PPLN", "", 1, ay)], regular: "payment_plan_fee" });
      if (!s.plan && !s.sponsor && chance(s.lateRisk)) docs.push({ no: "", type: "Fee", date: addDays(term.due, int(10, 20)), account: s.id, student: s, term, hours: null, related: bill, reason: "LATE", refundPct: null, wdDate: "", user: "TSRLATE_BATCH", approver: "", lines: [line("LATE", "", 1, ay)], regular: "late_fee" });
    }
  }
  // Sponsors' invoices: one per sponsor and term, a line per sponsored student.
  const sponsorDocs: Doc[] = [];
  for (const [key, list] of sponsorLines) {
    const [sponsor, termCode] = key.split("|");
    const term = TERMS.find((t) => t.code === termCode)!;
    sponsorDocs.push({ no: "", type: "Sponsor Invoice", date: addDays(term.census, int(10, 20)), account: sponsor!, student: null, term, hours: null, related: null, reason: "", refundPct: null, wdDate: "", user: "TSRCBIL_BATCH", approver: "", regular: "sponsor_invoice",
      lines: list.map((x) => ({ code: "TPBL", rateCode: "", desc: `Sponsored student ${x.student.id} ${x.student.name} - ${term.name} tuition and fees`, qty: null, unit: "", rate: null, amount: x.amount })) });
  }
  docs.push(...sponsorDocs);

  // Planting: 8 documents of each kind (≈ 0.45 %), on ordinary business of its kind.
  const used = new Set<Doc>();
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const N = 8;
  const hasAfter = (b: Doc) => docs.some((d) => d.related === b && d.type !== "Scholarship" && d.type !== "Fee");
  const bills = docs.filter((d) => d.type === "Term Assessment" && !d.term.summer && !hasAfter(d) && !d.student!.waiver && !d.student!.sponsor);
  // 1. A non-resident billed at the resident rate: the supplemental tuition never assessed.
  for (const b of take(bills.filter((d) => d.student!.residency === "NRES"), N)) {
    const nr = b.lines.filter((l) => l.code.startsWith("NR"));
    b.lines = b.lines.filter((l) => !nr.includes(l));
    plant(b, "nonresident_billed_resident_rate", nr.reduce((a, l) => a + l.amount, 0));
  }
  // 2. A course added after census, on the registration log against the bill, never assessed.
  for (const b of take(bills.filter((d) => !used.has(d) && !d.lines.some((l) => l.code === "TUUF")), N)) {
    const s = b.student!, ay = b.term.ay;
    const code = s.level === "GR" ? "TUGR" : "TUUG";
    reg({ student: s, term: b.term, crn: String(++crnNo), course: `${pick(["ENGL", "MATH", "HIST", "PSYC"])} ${int(1, 4)}${int(100, 399)}`, hours: 3, code, rateCode: "", status: "RE", statusDate: addDays(b.term.census, int(1, 12)), billable: true, reason: "", doc: b });
    const missed = rateOf(code, "", ay) * 3 + (s.residency !== "RES" ? rateOf(s.level === "GR" ? "NRGR" : "NRUG", "", ay) * 3 : 0) + (b.hours! < TECH_MAX ? rateOf("TECH", "", ay) * Math.min(3, TECH_MAX - b.hours!) : 0)
      + (s.level === "UG" && ["ENGR", "NURS", "BUS"].includes(s.program) ? rateOf(s.program === "ENGR" ? "DFEN" : s.program === "NURS" ? "DFNU" : "DFBU", "", ay) * 3 : 0);
    plant(b, "credits_after_census_not_billed", missed);
  }
  // 3. A lab section's course fee missing from the bill.
  for (const b of take(bills.filter((d) => !used.has(d) && d.lines.some((l) => l.code === "LABF")), N)) {
    const l = b.lines.find((x) => x.code === "LABF")!;
    b.lines = b.lines.filter((x) => x !== l);
    plant(b, "lab_fee_missing", l.amount);
  }
  // 4. A waiver applied twice: the same waiver posted a second time days later.
  const copies: Doc[] = [];
  for (const w of take(docs.filter((d) => d.type === "Waiver" && d.regular !== "waiver_reposted_after_reversal" && !docs.some((x) => x.related === d)), N)) {
    const copy: Doc = { ...w, date: addDays(w.date, int(1, 9)), user: pick(bursar), lines: w.lines.map((l) => ({ ...l })), leak: undefined };
    copies.push(copy);
    plant(copy, "waiver_applied_twice", -total(w));
  }
  // 5. A withdrawal refunded beyond the schedule: the whole tuition refunded in the schedule's 50 % or 25 % weeks.
  for (const c of take(docs.filter((d) => d.type === "Assessment Reversal" && d.reason === "WD" && (d.refundPct === 50 || d.refundPct === 25)), N)) {
    const pct = c.refundPct!;
    const due = total(c);
    c.lines = c.lines.map((l) => ({ ...l, amount: r2((l.amount * 100) / pct), desc: l.desc.replace(`${pct}%`, "100%") }));
    c.refundPct = 100;
    plant(c, "withdrawal_refund_beyond_schedule", due - total(c));
  }
  // 6. A sponsored student's charges transferred to the sponsor, the sponsor never invoiced for them.
  for (const tr of take(docs.filter((d) => d.type === "Third Party Transfer"), N)) {
    const inv = sponsorDocs.find((d) => d.account === tr.student!.sponsor && d.term === tr.term)!;
    const l = inv.lines.find((x) => x.desc.includes(tr.student!.id))!;
    inv.lines = inv.lines.filter((x) => x !== l);
    if (inv.lines.length === 0) docs.splice(docs.indexOf(inv), 1);
    plant(tr, "sponsor_invoice_not_raised", l.amount);
  }
  // 7. A term's charges posted twice: the fee assessment batch run again for a student.
  for (const b of take(bills.filter((d) => !used.has(d)), N)) {
    const copy: Doc = { ...b, date: addDays(b.date, int(0, 2)), lines: b.lines.map((l) => ({ ...l })), leak: undefined };
    copies.push(copy);
    plant(copy, "term_charges_posted_twice", total(b));
  }

  // Document numbers in date order (Banner's transaction numbers per account become one running number here).
  const all = [...docs, ...copies].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let n = 0;
  for (const d of all) d.no = `${d.type === "Sponsor Invoice" ? "SI" : "AR"}${String(4_100_000 + ++n)}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, students, regs, labels, sponsors };
}

// The student-account detail export: DD-MON-YYYY, "1,234.56", "," between columns; the document's header on each row.
export function writeTuition(seed: number, out: string) {
  const g = generateTuition(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Document Number", "Document Type", "Document Date", "Account ID", "Account Name", "Term Code", "Term Description", "Residency", "Student Level", "Program", "Billing Hours", "Census Date",
    "Related Document", "Reason Code", "Refund Pct", "Withdrawal Date", "Entered By", "Approved By", "Currency", "Document Amount",
    "Line No", "Detail Code", "Rate Code", "Detail Description", "Units", "Unit Type", "Rate", "Line Amount"];
  const sponsorName = new Map(g.sponsors.map((s) => [s.id, s.name]));
  const rows: string[][] = [];
  for (const d of g.docs) {
    const s = d.student;
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, bannerDate(d.date), d.account, s ? s.name : sponsorName.get(d.account) ?? "", d.term.code, d.term.name, s?.residency ?? "", s?.level ?? "", s?.program ?? "", numberText(d.hours), bannerDate(d.term.census),
      d.related?.no ?? "", d.reason, numberText(d.refundPct), bannerDate(d.wdDate), d.user, d.approver, "USD", num(total(d)),
      String(i + 1), l.code, l.rateCode, l.desc, numberText(l.qty), l.unit, l.rate === null ? "" : num(l.rate), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "student_account_detail.csv"), csv(header, rows));
  // The published rate table: each detail code (and rate code) per academic year, effective 1 July.
  const rates: string[][] = [];
  for (const r of RATES) r.rate.forEach((v, i) => rates.push([r.code, r.rateCode, r.desc, r.unit, "USD", num(v), i ? "2026" : "2025", bannerDate(AY_START[i]!)]));
  writeFileSync(join(out, "ref", "rate_table.csv"), csv(["Detail Code", "Rate Code", "Description", "Unit Type", "Currency", "Amount", "Aid Year", "Effective Date"], rates));
  // The registration billing log: each section registered, its billing hours, the detail code that bills them and the document that did.
  const regRows = g.regs.map((r) => [r.id, r.student.id, r.term.code, r.crn, r.course, r.code, r.rateCode, numberText(r.hours), r.status, bannerDate(r.statusDate), r.billable ? "Y" : "N", r.reason, r.doc?.no ?? ""]);
  writeFileSync(join(out, "ref", "registration_billing.csv"), csv(["Registration Seq", "Student ID", "Term Code", "CRN", "Course", "Detail Code", "Rate Code", "Bill Hours", "Reg Status", "Status Date", "Billable", "No Charge Reason", "Document Number"], regRows));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, students: g.students.length, registration_rows: regRows.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeTuition(Number(arg("--seed", "2101")), arg("--out", "/tmp/tuition-2101"))));
}
