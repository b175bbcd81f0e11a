// An independent billing data set (the twenty-third, 2026-11-28): a staffing agency's weekly
// timesheet billing over January 2025 – October 2026, exported from its staffing back office
// (Bullhorn Back Office, TempWorks, Avionté style): one row per invoice line, the invoice's header
// on each. The agency places temporary workers at client sites (warehouse, production, clerical,
// skilled trades, nursing, help desk) in five states and bills each approved weekly timesheet on
// its own invoice: the invoice number, type (Invoice, Supplemental Invoice, Credit Memo), date,
// week ending, client, branch, worksite state, PO, the assignment (its id, start, end and status),
// the worker, job class and title, shift, the timesheet and its client approver, the original
// invoice and reason of a supplement or credit, account manager, billing user and the approver of a
// credit; per line the pay code (REG, OT, DT, HOL worked, HOLNW holiday pay not worked, SHIFT2 shift
// differential, PERDIEM, MILE, EXP, RETRO, CONV, REBATE), description, quantity, unit, bill rate,
// pay rate and amount. Beside it the assignments' bill and pay rates per pay code with their
// effective dates (the assignment record: the rates the back office bills from), the approved
// timesheets (each line with the invoice the billing run put it on), the clients' master service
// agreements (markup per job class or a rate card, overtime, double-time and holiday multipliers,
// holiday pay, shift differential, conversion terms, volume rebate tiers, PO not-to-exceed), the
// rate cards and the assignments (start, end, end reason).
// Written from how a staffing agency bills before reading the detectors. Regular business (hard
// negatives): California daily overtime (a 4×10 week: 8 hours of OT in 40) and double time over 12
// hours or on the seventh day; weekly overtime elsewhere; holidays worked at the holiday
// multiplier; holiday pay for a long-tenured temp at clients that grant it (8 hours at straight
// rate, not worked); shift differentials; per diem and mileage passed through on travel
// assignments; expenses at cost; rate increases mid-assignment (merit raises re-marked up, rate
// card renewals on the client's anniversary, minimum-wage raises on 1 January), some entered late
// and billed by a retro invoice; timesheets corrected after billing (a supplemental invoice or a
// credit memo naming the original); credits for disputed hours; quarterly volume rebates;
// conversion fees when a client hires the worker, none after the contract's free hours; a PO
// exhausted and the next one used; the same worker billed the same 40 hours week after week.
// Planted (labelled, with the amount at risk): approved hours not billed; overtime billed at the straight rate; the old rate billed after an increase; a
// timesheet billed twice; a bill rate keyed at a markup below the agreement's; a worker billed
// after the assignment's end; a conversion fee never billed; a holiday worked billed at the
// straight rate.
// Run: bun run bench/quality/staffing-billing.ts --seed 2301 --out /tmp/staffing
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, days, num, numberText, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "hours_approved_not_billed" | "overtime_billed_at_straight_rate" | "old_rate_after_increase" | "timesheet_billed_twice"
  | "markup_below_contract" | "billed_after_assignment_end" | "conversion_fee_not_billed" | "holiday_billed_at_straight_rate";
export const LEAK_KINDS: LeakKind[] = ["hours_approved_not_billed", "overtime_billed_at_straight_rate", "old_rate_after_increase", "timesheet_billed_twice", "markup_below_contract", "billed_after_assignment_end", "conversion_fee_not_billed", "holiday_billed_at_straight_rate"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

/** The first Monday billed, the last Monday worked, the day the export was taken. */
const FIRST_MONDAY = "2024-12-30", LAST_MONDAY = "2026-10-19", EXPORT_END = "2026-11-04";
const HOLIDAYS = ["2025-01-01", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25", "2026-01-01", "2026-05-25", "2026-07-03", "2026-09-07"];
/** Worksite states: a pay level, daily overtime (California), sales tax on staffing services (Connecticut). */
const STATES: Record<string, { f: number; dailyOt: boolean; tax: number }> = {
  CA: { f: 1.25, dailyOt: true, tax: 0 }, TX: { f: 1, dailyOt: false, tax: 0 }, GA: { f: 0.97, dailyOt: false, tax: 0 },
  IL: { f: 1.1, dailyOt: false, tax: 0 }, CT: { f: 1.15, dailyOt: false, tax: 6.35 },
};
const BRANCH: Record<string, string> = { CA: "Ontario CA", TX: "Dallas TX", GA: "Atlanta GA", IL: "Joliet IL", CT: "Hartford CT" };
/** Job classes: a Texas pay rate, the markup group, whether the work runs to overtime, travel. */
interface JobClass { code: string; title: string; pay: number; group: "industrial" | "clerical" | "skilled" | "medical"; ot: number; travel: boolean }
const CLASSES: JobClass[] = [
  { code: "WHSE", title: "General Warehouse Associate", pay: 16.5, group: "industrial", ot: 0.35, travel: false },
  { code: "FORK", title: "Forklift Operator", pay: 19, group: "industrial", ot: 0.35, travel: false },
  { code: "MACH", title: "Machine Operator", pay: 20, group: "industrial", ot: 0.3, travel: false },
  { code: "ASSY", title: "Assembler", pay: 17, group: "industrial", ot: 0.25, travel: false },
  { code: "ADMN", title: "Administrative Assistant", pay: 21, group: "clerical", ot: 0.05, travel: false },
  { code: "CSR", title: "Customer Service Representative", pay: 19.5, group: "clerical", ot: 0.08, travel: false },
  { code: "DENT", title: "Data Entry Clerk", pay: 18, group: "clerical", ot: 0.05, travel: false },
  { code: "ACCT", title: "Accounting Clerk", pay: 24, group: "clerical", ot: 0.1, travel: false },
  { code: "MNT", title: "Maintenance Technician", pay: 28, group: "skilled", ot: 0.3, travel: false },
  { code: "WELD", title: "Welder (MIG/TIG)", pay: 27, group: "skilled", ot: 0.35, travel: true },
  { code: "LPN", title: "Licensed Practical Nurse", pay: 32, group: "medical", ot: 0.2, travel: true },
  { code: "HELP", title: "IT Help Desk Analyst", pay: 30, group: "clerical", ot: 0.05, travel: false },
];
const MILEAGE_RATE = 0.7;

interface Client {
  id: string; name: string; state: string; model: "markup" | "rate_card"; markup: Record<string, number>; card: Record<string, number>; anniversary: string;
  otMult: number; holMult: number; holidayPay: boolean; shiftAdder: number; convPct: number; convFreeHours: number; rebate: number[] | null; poCap: number;
  approvers: string[]; am: string; size: number; classes: JobClass[];
}
interface RatePeriod { from: string; pay: number; bill: number; cause: string; retro?: boolean }
interface Assignment {
  id: string; client: Client; emp: { id: string; name: string }; cls: JobClass; shift: 1 | 2 | 3; start: string; end: string; status: string; rates: RatePeriod[];
  schedule: "5x8" | "4x10" | "5x7.5" | "6x10"; travel: boolean; perDiem: number; markupCut?: number; po: string;
}
interface Line { code: string; desc: string; qty: number; unit: string; rate: number; pay: number | null; amount: number }
interface Invoice {
  no: string; type: "Invoice" | "Supplemental Invoice" | "Credit Memo"; date: string; weekEnding: string; client: Client; a: Assignment | null; timesheet: string; approver: string;
  original: Invoice | null; reason: string; user: string; creditApprover: string; po: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number }; order: number;
}
interface TsLine { id: string; ts: string; a: Assignment; weekEnding: string; code: string; hours: number; approver: string; approvedOn: string; status: string; invoice: Invoice | null }

const subtotal = (i: Invoice) => r2(i.lines.reduce((s, l) => s + l.amount, 0));
const tax = (i: Invoice) => r2((subtotal(i) * STATES[i.client.state]!.tax) / 100);
const round25 = (v: number) => Math.round(v * 4) / 4;

/**
 * A worker's week split into pay codes: each day's hours (Monday first, 0 for a day off; the
 * holidays worked apart), under California's daily rules where they apply (over 8 hours a day
 * overtime, over 12 double time; the seventh consecutive day: the first 8 overtime, the rest double
 * time) and the weekly 40 everywhere.
 */
export function splitWeek(hours: number[], holidayIdx: Set<number>, dailyOt: boolean): { REG: number; OT: number; DT: number; HOL: number } {
  let reg = 0, ot = 0, dt = 0, hol = 0;
  const worked = hours.filter((h) => h > 0).length;
  hours.forEach((h, i) => {
    if (h <= 0) return;
    if (holidayIdx.has(i)) { hol += h; return; }
    if (dailyOt && worked === 7 && i === 6) { ot += Math.min(8, h); dt += Math.max(0, h - 8); return; }
    if (dailyOt) { reg += Math.min(8, h); ot += Math.max(0, Math.min(12, h) - 8); dt += Math.max(0, h - 12); return; }
    reg += h;
  });
  if (reg > 40) { ot += reg - 40; reg = 40; }
  return { REG: r2(reg), OT: r2(ot), DT: r2(dt), HOL: r2(hol) };
}

export function generateStaffing(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const billers = ["kwalsh", "mortiz", "jchen", "dpatel", "lgreen"];
  const ams = ["AM Brooks", "AM Delgado", "AM Fischer", "AM Nakamura", "AM Owens", "AM Reyes"];
  const firstNames = ["Maria", "James", "Luis", "Ashley", "DeShawn", "Mei", "Carlos", "Jennifer", "Tyrone", "Olga", "Ahmed", "Brittany", "Jose", "Kim", "Marcus", "Ana", "Robert", "Lakisha", "Nguyen", "Patricia", "Victor", "Hannah", "Omar", "Rosa", "Terrence", "Emily", "Juan", "Sarah", "Dmitri", "Keisha"];
  const lastNames = ["Garcia", "Johnson", "Martinez", "Smith", "Nguyen", "Williams", "Lopez", "Brown", "Hernandez", "Davis", "Kim", "Wilson", "Rodriguez", "Moore", "Patel", "Taylor", "Thomas", "Jackson", "White", "Lee", "Harris", "Clark", "Lewis", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres"];
  const firms = ["Inland Empire Logistics", "Pacific Coast Fulfillment", "Lone Star Distribution", "Trinity Plastics", "Peachtree Packaging", "Savannah Cold Storage", "Prairie Foods", "Will County Fabrication", "Nutmeg Insurance Services", "Hartford Precision Machining", "Mojave Solar Components", "Gulf States Medical Center", "Metroplex Call Center", "Fox Valley Printing", "Riverside Home Health", "Cobb County Assembly", "Heartland Parcel Hub", "Central Valley Produce", "DFW Aerostructures", "Naugatuck Valley Castings", "Chattahoochee Paper", "Bay Area Biotech Supply", "Midway Auto Parts", "Sun Belt Cabinets", "Housatonic Medical Group", "Desert Sky Apparel", "Brazos Steel Works", "Lakeshore Bottling", "Blue Ridge Textiles", "Golden State Nursing Homes",
    "Texas Hill Country Hospital", "Elgin Electronics", "Stamford Claims Processing", "Fresno Ag Equipment", "Atlanta Beverage Co", "Aurora Corrugated", "Irving Data Services", "Oakland Port Services", "New Haven Labs", "Macon Poultry", "Rockford Tool & Die", "Fort Worth Rail Services", "San Joaquin Wine Cellars", "Augusta Pharma Packaging", "Naperville Software", "El Paso Maquila Services", "Waterbury Brass", "Temecula Medical Devices", "Austin Chip Assembly", "Peoria Heavy Equipment", "Decatur Grain Processing", "Norwalk Publishing", "Stockton Cold Chain", "Houston Ship Channel Welding", "Columbus GA Textiles", "Bakersfield Oilfield Services", "Evanston Clinic Partners", "Danbury Hospital Staffing", "Carrollton Returns Center", "Gwinnett Retail DC"];

  // Clients: each a master service agreement — a markup per job class or a rate card per job class.
  const clients: Client[] = [];
  const stateKeys = Object.keys(STATES);
  firms.forEach((name, i) => {
    const state = /CA|Pacific|Golden|Mojave|Bay Area|Fresno|Oakland|San Joaquin|Temecula|Stockton|Bakersfield|Central Valley|Inland|Riverside|Desert/.test(name) ? "CA"
      : /Texas|Lone Star|Trinity|Metroplex|DFW|Irving|Brazos|Fort Worth|El Paso|Austin|Houston|Gulf|Sun Belt|Carrollton/.test(name) ? "TX"
      : /Peachtree|Savannah|Cobb|Chattahoochee|Atlanta|Macon|Augusta|Columbus|Gwinnett|Blue Ridge/.test(name) ? "GA"
      : /Nutmeg|Hartford|Naugatuck|Housatonic|Stamford|New Haven|Waterbury|Norwalk|Danbury/.test(name) ? "CT" : stateKeys[3]!;
    const medical = /Medical|Hospital|Health|Nursing|Clinic|Pharma/.test(name);
    const office = /Insurance|Call Center|Claims|Data|Software|Publishing/.test(name);
    const pool = CLASSES.filter((c) => (medical ? c.group === "medical" || c.group === "clerical" : office ? c.group === "clerical" : c.group === "industrial" || c.group === "skilled" || c.code === "ADMN"));
    const classes = pool.filter(() => chance(0.7));
    if (classes.length === 0) classes.push(pool[0]!);
    const model = chance(0.4) ? "rate_card" : "markup";
    const markup: Record<string, number> = {}, card: Record<string, number> = {};
    for (const c of classes) {
      const base = c.group === "industrial" ? between(1.36, 1.5) : c.group === "clerical" ? between(1.4, 1.55) : c.group === "skilled" ? between(1.45, 1.6) : between(1.5, 1.65);
      markup[c.code] = Math.round(base * 100) / 100;
      card[c.code] = round25(c.pay * STATES[state]!.f * 1.05 * markup[c.code]!);
    }
    const size = logn(1, 0.8);
    clients.push({
      id: `C${String(10040 + i * 7)}`, name, state, model, markup, card, anniversary: `2025-${String(int(2, 11)).padStart(2, "0")}-01`,
      otMult: 1.5, holMult: chance(0.25) ? 2 : 1.5, holidayPay: chance(0.3), shiftAdder: chance(0.45) ? round25(between(1, 2.25)) : 0,
      convPct: pick([0.15, 0.18, 0.2, 0.25]), convFreeHours: pick([480, 520, 640]), rebate: size > 1.6 && chance(0.6) ? [1, 1.5, 2] : null, poCap: chance(0.3) ? pick([25_000, 50_000, 75_000, 100_000]) : 0,
      approvers: [0, 1, 2].map(() => `${pick(firstNames)} ${pick(lastNames)}`), am: pick(ams), size, classes,
    });
  });

  // Workers: a pool; most take one assignment at a time, some move between clients.
  const workers = Array.from({ length: 1400 }, (_, i) => ({ id: `E${String(300100 + i * 3)}`, name: `${pick(firstNames)} ${pick(lastNames)}`, busyUntil: "2000-01-01" }));
  const assignments: Assignment[] = [];
  let aNo = 510_000;
  const weekdayOf = (d: string) => new Date(d).getUTCDay();
  const monday = (d: string) => addDays(d, -((weekdayOf(d) + 6) % 7));
  for (const c of clients) {
    let day = addDays(FIRST_MONDAY, int(0, 60));
    for (;;) {
      day = addDays(day, Math.max(1, Math.round(logn(36 / c.size, 0.7))));
      if (weekdayOf(day) === 0 || weekdayOf(day) === 6) day = addDays(monday(day), 7);
      if (day > LAST_MONDAY) break;
      const cls = pick(c.classes);
      // Most workers start on a Monday; some mid-week.
      const start = chance(0.8) ? monday(day) < FIRST_MONDAY ? FIRST_MONDAY : monday(day) : day;
      const weeks = Math.max(1, Math.round(logn(cls.group === "clerical" ? 10 : 7, 0.9)));
      let end = addDays(monday(start), weeks * 7 - 3); // a Friday
      if (chance(0.15)) end = addDays(end, -int(1, 3)); // released or left mid-week
      const free = workers.filter((w) => w.busyUntil < start);
      const emp = free.length ? free[Math.floor(rnd() * free.length)]! : workers[Math.floor(rnd() * workers.length)]!;
      const endsAfterExport = end > addDays(LAST_MONDAY, 4);
      if (endsAfterExport) end = "";
      emp.busyUntil = end || "2099-01-01";
      // One worker in fifty also works weekends at a second client (two assignments at once).
      const travel = cls.travel && chance(0.5);
      const pay = round25(cls.pay * STATES[c.state]!.f * between(0.95, 1.15));
      const markupBill = (p: number) => r2(p * c.markup[cls.code]!);
      const cardRate = (on: string) => { const years = on >= addDays(c.anniversary, 365) ? 2 : on >= c.anniversary ? 1 : 0; return round25(c.card[cls.code]! * Math.pow(1.035, years)); };
      const billOn = (p: number, on: string) => (c.model === "markup" ? markupBill(p) : cardRate(on));
      const rates: RatePeriod[] = [{ from: start, pay, bill: billOn(pay, start), cause: "start" }];
      const lastDay = end || addDays(LAST_MONDAY, 6);
      // Rate changes: the rate card's renewal, a merit raise, the 1 January minimum-wage raise (California, Illinois, Connecticut).
      const changes: { from: string; cause: string }[] = [];
      if (c.model === "rate_card") for (const anniv of [c.anniversary, addDays(c.anniversary, 365)]) { const m = monday(anniv) < anniv ? addDays(monday(anniv), 7) : anniv; if (m > start && m <= lastDay) changes.push({ from: m, cause: "rate_card_renewal" }); }
      if (days(start, lastDay) > 70 && chance(0.25)) changes.push({ from: addDays(monday(start), 7 * int(6, Math.max(6, Math.floor(days(start, lastDay) / 7) - 1))), cause: "merit_raise" });
      if (c.model === "markup" && ["CA", "IL", "CT"].includes(c.state) && start < "2026-01-05" && lastDay >= "2026-01-05" && pay < 20 * STATES[c.state]!.f) changes.push({ from: "2026-01-05", cause: "minimum_wage" });
      changes.sort((x, y) => (x.from < y.from ? -1 : 1));
      for (const ch of changes) {
        if (ch.from > lastDay || rates.some((r) => r.from === ch.from)) continue;
        const prev = rates.at(-1)!;
        const newPay = ch.cause === "rate_card_renewal" ? prev.pay : ch.cause === "merit_raise" ? round25(prev.pay + pick([0.5, 0.75, 1, 1.25, 1.5])) : round25(prev.pay * 1.03);
        const bill = billOn(newPay, ch.from);
        if (bill === prev.bill && newPay === prev.pay) continue;
        rates.push({ from: ch.from, pay: newPay, bill, cause: ch.cause, retro: chance(0.12) });
      }
      const shift = cls.group === "industrial" || cls.code === "LPN" ? (chance(0.3) ? (chance(0.7) ? 2 : 3) : 1) : 1;
      const schedule = cls.group === "clerical" ? (chance(0.3) ? "5x7.5" : "5x8") : c.state === "CA" && cls.group !== "medical" && chance(0.35) ? "4x10" : cls.group === "industrial" && chance(0.1) ? "6x10" : "5x8";
      const status = !end ? "Active" : chance(0.09) && days(start, end) >= 21 ? "Ended - Converted" : chance(0.12) ? "Ended - Released" : "Ended - Completed";
      assignments.push({
        id: `A${++aNo}`, client: c, emp, cls, shift, start, end, status, rates, schedule, travel, perDiem: travel ? pick([59, 64, 68, 74, 79]) : 0,
        po: c.poCap ? `PO-${int(400000, 499999)}` : chance(0.5) ? `${c.id.slice(1)}-${int(1000, 9999)}` : "",
      });
    }
  }

  // The planted problems that live in an assignment's record: chosen on a stream of their own, before billing.
  const prnd = mulberry32(seed ^ 0x51a7f);
  const ptake = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(prnd() * pool.length), 1)[0]!); return out; };
  // Markup below the agreement's: a new assignment's bill rate keyed at 8–14 points below the client's markup (the record and every invoice agree).
  const markupCut = ptake(assignments.filter((a) => a.client.model === "markup" && a.rates.length === 1 && a.end && days(a.start, a.end) <= 12 && a.start >= "2025-02-03" && a.start <= "2026-09-01" && !a.travel), 4);
  for (const a of markupCut) { const cut = Math.round((0.08 + prnd() * 0.06) * 100) / 100; a.markupCut = cut; a.rates[0]!.bill = r2(a.rates[0]!.pay * (a.client.markup[a.cls.code]! - cut)); }

  // Billing: each approved weekly timesheet on its own invoice, the Tuesday after the week ends (a late approval: the next run).
  const invoices: Invoice[] = [];
  const tsLines: TsLine[] = [];
  let tsNo = 7_700_000, order = 0;
  const rateOn = (a: Assignment, day: string) => [...a.rates].reverse().find((r) => r.from <= day) ?? a.rates[0]!;
  const codeRate = (a: Assignment, r: RatePeriod, code: string) => code === "REG" || code === "HOLNW" ? r.bill : code === "OT" ? r2(r.bill * a.client.otMult) : code === "DT" ? r2(r.bill * 2) : code === "HOL" ? r2(r.bill * a.client.holMult) : code === "SHIFT2" ? r2(a.client.shiftAdder * (a.client.model === "markup" ? a.client.markup[a.cls.code]! : 1.4)) : code === "PERDIEM" ? a.perDiem : code === "MILE" ? MILEAGE_RATE : 0;
  const codePay = (a: Assignment, r: RatePeriod, code: string) => code === "REG" || code === "HOLNW" ? r.pay : code === "OT" ? r2(r.pay * 1.5) : code === "DT" ? r2(r.pay * 2) : code === "HOL" ? r2(r.pay * a.client.holMult) : code === "SHIFT2" ? a.client.shiftAdder : code === "PERDIEM" ? a.perDiem : code === "MILE" ? MILEAGE_RATE : null;
  const NAMES: Record<string, string> = { REG: "Regular", OT: "Overtime", DT: "Double time", HOL: "Holiday worked", HOLNW: "Holiday pay", SHIFT2: "Shift differential", PERDIEM: "Per diem", MILE: "Mileage", EXP: "Expense", RETRO: "Retro rate adjustment", CONV: "Conversion fee", REBATE: "Volume rebate" };
  const UNIT: Record<string, string> = { REG: "HRS", OT: "HRS", DT: "HRS", HOL: "HRS", HOLNW: "HRS", SHIFT2: "HRS", PERDIEM: "DAY", MILE: "MI", EXP: "EA", RETRO: "HRS", CONV: "EA", REBATE: "%" };
  const line = (a: Assignment, r: RatePeriod, code: string, qty: number, weekEnding: string, note = ""): Line => {
    const rate = codeRate(a, r, code);
    return { code, desc: `${NAMES[code]} ${code === "PERDIEM" ? `${qty} day${qty > 1 ? "s" : ""}` : code === "MILE" ? `${qty} mi` : `${qty.toFixed(2)} hrs`} w/e ${usDate(weekEnding)}${note}`, qty, unit: UNIT[code]!, rate, pay: codePay(a, r, code), amount: r2(qty * rate) };
  };
  const hoursWorked = new Map<Assignment, number>();
  const poBilled = new Map<string, number>();
  const byAssignment = new Map<Assignment, Invoice[]>();
  for (const a of assignments) {
    const c = a.client;
    const lastDay = a.end || addDays(LAST_MONDAY, 6);
    const list: Invoice[] = [];
    byAssignment.set(a, list);
    for (let wk = monday(a.start); wk <= lastDay; wk = addDays(wk, 7)) {
      const weekEnding = addDays(wk, 6);
      // The days worked and their hours, Monday first.
      const hours = [0, 0, 0, 0, 0, 0, 0];
      const perDay = a.schedule === "4x10" ? 10 : a.schedule === "6x10" ? 10 : a.schedule === "5x7.5" ? 7.5 : 8;
      const nDays = a.schedule === "4x10" ? 4 : a.schedule === "6x10" ? 6 : 5;
      for (let i = 0; i < nDays; i++) hours[i] = perDay;
      // Overtime: extra hours some weeks, a Saturday, a long day; a double shift in California now and then.
      if (chance(a.cls.ot)) {
        if (chance(0.5)) hours[5] = pick([4, 6, 8, 10]);
        else for (let i = 0; i < nDays; i++) if (chance(0.5)) hours[i] = hours[i]! + pick([1, 1.5, 2, 2.5]);
        if (c.state === "CA" && chance(0.15)) hours[int(0, nDays - 1)] = pick([12.5, 13, 14]);
        if (hours[5]! > 0 && chance(0.08)) hours[6] = pick([6, 8, 9]);
      }
      // Days not worked: before the start, after the end, an absence now and then.
      let holidayIdx = new Set<number>();
      for (let i = 0; i < 7; i++) {
        const d = addDays(wk, i);
        if (d < a.start || d > lastDay) hours[i] = 0;
        else if (hours[i]! > 0 && chance(0.03)) hours[i] = 0;
        if (HOLIDAYS.includes(d) && hours[i]! > 0) { if (a.cls.group === "clerical" || !chance(0.35)) hours[i] = 0; else holidayIdx.add(i); }
      }
      const split = splitWeek(hours, holidayIdx, STATES[c.state]!.dailyOt);
      const r = rateOn(a, wk);
      const tenure = days(a.start, wk);
      const holNw = c.holidayPay && tenure >= 90 && [0, 1, 2, 3, 4].some((i) => HOLIDAYS.includes(addDays(wk, i)) && hours[i] === 0 && !holidayIdx.has(i)) ? 8 : 0;
      const worked = split.REG + split.OT + split.DT + split.HOL;
      if (worked === 0 && holNw === 0) continue;
      const ts = `TS${++tsNo}`;
      const approver = pick(c.approvers);
      const lines: Line[] = [];
      for (const code of ["REG", "OT", "DT", "HOL"] as const) if (split[code] > 0) lines.push(line(a, r, code, split[code], weekEnding));
      if (holNw) lines.push(line(a, r, "HOLNW", holNw, weekEnding, ` (${usDate(HOLIDAYS.find((h) => h >= wk && h <= weekEnding)!)})`));
      if (a.shift > 1 && c.shiftAdder > 0 && worked > 0) lines.push(line(a, r, "SHIFT2", r2(worked), weekEnding, ` (${a.shift === 2 ? "2nd" : "3rd"} shift)`));
      if (a.travel) {
        // Per diem for each day away: the days worked, and the weekend between two weeks of work.
        const workedDays = hours.filter((h) => h > 0).length;
        const pd = workedDays >= 4 && wk !== monday(a.start) && !(a.end && weekEnding >= a.end) ? 7 : workedDays;
        if (pd > 0) lines.push(line(a, r, "PERDIEM", Math.min(7, pd), weekEnding));
        if (wk === monday(a.start) || (a.end && weekEnding >= a.end)) lines.push(line(a, r, "MILE", int(90, 640), weekEnding));
      }
      if (chance(0.025)) { const cost = r2(between(18, 140)); lines.push({ code: "EXP", desc: `${pick(["Safety boots (receipt)", "Parking (receipt)", "Background check", "Drug screen", "Uniform rental"])} w/e ${usDate(weekEnding)}`, qty: 1, unit: "EA", rate: cost, pay: null, amount: cost }); }
      const late = chance(0.06);
      // The PO: a client's PO with a not-to-exceed amount is replaced by the next one once it is used up.
      let regular = "regular";
      if (c.poCap) {
        const used = poBilled.get(a.po) ?? 0;
        const amt = lines.reduce((s, l) => s + l.amount, 0);
        if (used + amt > c.poCap) { a.po = `PO-${int(400000, 499999)}`; regular = "po_rollover"; }
        poBilled.set(a.po, (poBilled.get(a.po) ?? 0) + amt);
      }
      const inv: Invoice = { no: "", type: "Invoice", date: addDays(weekEnding, late ? 9 : 2), weekEnding, client: c, a, timesheet: ts, approver, original: null, reason: "", user: pick(billers), creditApprover: "", po: a.po, lines, regular, order: order++ };
      for (const l of lines) tsLines.push({ id: `${ts}-${l.code}`, ts, a, weekEnding, code: l.code, hours: l.qty, approver, approvedOn: addDays(weekEnding, late ? 8 : 1), status: "Approved", invoice: inv });
      // The kind of regular business the invoice shows, the rarest first.
      if (regular === "regular") {
        if (r.from > a.start && r.from >= wk && r.from <= weekEnding) regular = "rate_increase";
        else if (holNw) regular = "holiday_pay_not_worked";
        else if (split.HOL) regular = "holiday_worked";
        else if (split.DT) regular = "double_time";
        else if (STATES[c.state]!.dailyOt && split.OT > 0 && split.REG < 40) regular = "california_daily_overtime";
        else if (lines.some((l) => l.code === "EXP")) regular = "expense_pass_through";
        else if (a.travel) regular = "per_diem_travel";
        else if (lines.some((l) => l.code === "SHIFT2")) regular = "shift_differential";
        else if (split.OT) regular = "weekly_overtime";
        else if (worked < (a.schedule === "5x7.5" ? 37.5 : 40)) regular = "partial_week";
        else regular = "same_hours_every_week";
      }
      inv.regular = regular;
      invoices.push(inv);
      list.push(inv);
      hoursWorked.set(a, (hoursWorked.get(a) ?? 0) + worked);
    }
  }

  // Rate increases entered late: the weeks after the effective date billed at the old rate until the back office caught up, then a retro invoice for the difference.
  const extra: Invoice[] = [];
  for (const a of assignments) {
    const list = byAssignment.get(a)!;
    for (let k = 1; k < a.rates.length; k++) {
      const r = a.rates[k]!, prev = a.rates[k - 1]!;
      if (!r.retro || r.bill <= prev.bill) continue;
      const caught = list.filter((i) => i.weekEnding >= r.from).slice(0, int(1, 3));
      if (caught.length === 0) continue;
      const retroLines: Line[] = [];
      for (const inv of caught) {
        for (const l of inv.lines) if (["REG", "OT", "DT", "HOL", "HOLNW"].includes(l.code)) {
          const old = codeRate(a, prev, l.code);
          retroLines.push({ code: "RETRO", desc: `Retro rate adjustment ${NAMES[l.code]} ${l.qty.toFixed(2)} hrs w/e ${usDate(inv.weekEnding)} ${old.toFixed(2)} -> ${l.rate.toFixed(2)}`, qty: l.qty, unit: "HRS", rate: r2(l.rate - old), pay: r2(codePay(a, r, l.code)! - codePay(a, prev, l.code)!), amount: r2(l.qty * (l.rate - old)) });
          l.rate = old; l.pay = codePay(a, prev, l.code); l.amount = r2(l.qty * old);
        }
        inv.regular = "rate_increase_billed_by_retro";
      }
      const last = caught.at(-1)!;
      extra.push({ ...last, no: "", type: "Supplemental Invoice", date: addDays(last.date, int(5, 14)), original: caught[0]!, reason: "RETRO RATE", user: pick(billers), lines: retroLines, regular: "retro_adjustment", order: order++ });
    }
  }
  // Timesheets corrected after billing: the supervisor adds hours missed (a supplemental invoice) or removes hours keyed twice (a credit memo), each naming the original.
  for (const inv of invoices) {
    if (!chance(0.02)) continue;
    const a = inv.a!;
    const r = rateOn(a, addDays(inv.weekEnding, -6));
    const reg = inv.lines.find((l) => l.code === "REG");
    if (!reg) continue;
    const up = chance(0.6);
    const delta = up ? pick([1, 2, 2.5, 3, 4, 6]) : -Math.min(reg.qty, pick([1, 2, 3, 4]));
    const code = up && reg.qty >= 40 ? "OT" : "REG";
    const l = line(a, r, code, delta, inv.weekEnding, " (timesheet corrected)");
    if (inv.lines.some((x) => x.code === code && x.rate !== l.rate)) l.rate = inv.lines.find((x) => x.code === code)!.rate, l.amount = r2(delta * l.rate);
    const ts = `${inv.timesheet}-A1`;
    const corr: Invoice = { ...inv, no: "", type: up ? "Supplemental Invoice" : "Credit Memo", date: addDays(inv.date, int(6, 20)), timesheet: ts, original: inv, reason: "TIMESHEET CORRECTION", user: pick(billers), creditApprover: up ? "" : inv.client.am, lines: [l], regular: up ? "timesheet_correction_supplement" : "timesheet_correction_credit", order: order++ };
    extra.push(corr);
    tsLines.push({ id: `${ts}-${code}`, ts, a, weekEnding: inv.weekEnding, code, hours: delta, approver: inv.approver, approvedOn: addDays(corr.date, -1), status: "Approved - Adjusted", invoice: corr });
  }
  // Credits for disputed hours: the client disputes hours on an invoice; the account manager credits them (the worker was paid).
  for (const inv of invoices) {
    const reg = inv.lines.find((l) => l.code === "REG");
    if (!reg || reg.qty < 16 || !chance(0.015)) continue;
    const h = pick([2, 3, 4, 5, 6, 8]);
    extra.push({ ...inv, no: "", type: "Credit Memo", date: addDays(inv.date, int(10, 35)), original: inv, reason: "DISPUTED HOURS", user: pick(billers), creditApprover: inv.client.am,
      lines: [{ code: "REG", desc: `Credit disputed hours ${h.toFixed(2)} hrs w/e ${usDate(inv.weekEnding)}`, qty: -h, unit: "HRS", rate: reg.rate, pay: reg.pay, amount: r2(-h * reg.rate) }], regular: "disputed_hours_credit", order: order++ });
  }
  // Conversions: a client hires its temp; the fee is a share of the annualized pay, reduced by the hours worked, nothing after the agreement's free hours.
  const conversions = new Map<Assignment, Invoice | null>();
  for (const a of assignments) {
    if (a.status !== "Ended - Converted") continue;
    const worked = hoursWorked.get(a) ?? 0;
    const r = a.rates.at(-1)!;
    const fee = r2(a.client.convPct * r.pay * 2080 * Math.max(0, 1 - worked / a.client.convFreeHours));
    const list = byAssignment.get(a)!;
    if (list.length === 0) continue;
    if (fee < 100) { list.at(-1)!.regular = "conversion_after_free_hours"; conversions.set(a, null); continue; }
    const conv: Invoice = { no: "", type: "Invoice", date: addDays(a.end, int(5, 15)), weekEnding: "", client: a.client, a, timesheet: "", approver: "", original: null, reason: "CONVERSION", user: pick(billers), creditApprover: "", po: a.po,
      lines: [{ code: "CONV", desc: `Conversion fee ${a.emp.name} hired ${usDate(a.end)}: ${(a.client.convPct * 100).toFixed(0)} % of ${num(r2(r.pay * 2080))} less ${worked.toFixed(0)}/${a.client.convFreeHours} hrs worked`, qty: 1, unit: "EA", rate: fee, pay: null, amount: fee }], regular: "conversion_fee", order: order++ };
    extra.push(conv);
    conversions.set(a, conv);
  }
  // Volume rebates: each quarter, a credit of the tier's percent of the quarter's billed hours.
  for (const c of clients) {
    if (!c.rebate) continue;
    for (const [qStart, qStop, qName] of [["2025-01-01", "2025-03-31", "Q1 2025"], ["2025-04-01", "2025-06-30", "Q2 2025"], ["2025-07-01", "2025-09-30", "Q3 2025"], ["2025-10-01", "2025-12-31", "Q4 2025"], ["2026-01-01", "2026-03-31", "Q1 2026"], ["2026-04-01", "2026-06-30", "Q2 2026"], ["2026-07-01", "2026-09-30", "Q3 2026"]] as const) {
      const spend = r2(invoices.filter((i) => i.client === c && i.date >= qStart && i.date <= qStop).reduce((s, i) => s + i.lines.filter((l) => l.code !== "EXP" && l.code !== "PERDIEM" && l.code !== "MILE").reduce((t, l) => t + l.amount, 0), 0));
      if (spend <= 0) continue;
      const pct = spend > 250_000 ? c.rebate[2]! : spend > 100_000 ? c.rebate[1]! : c.rebate[0]!;
      extra.push({ no: "", type: "Credit Memo", date: addDays(qStop, int(15, 25)), weekEnding: "", client: c, a: null, timesheet: "", approver: "", original: null, reason: `VOLUME REBATE ${qName}`, user: pick(billers), creditApprover: c.am, po: "",
        lines: [{ code: "REBATE", desc: `Volume rebate ${pct} % of ${num(spend)} billed ${usDate(qStart)}-${usDate(qStop)}`, qty: spend, unit: "%", rate: pct, pay: null, amount: -r2((spend * pct) / 100) }], regular: "volume_rebate", order: order++ });
    }
  }

  // Planting into billed documents: 5 of each kind (≈ 0.5 %), on a stream of their own.
  const N = 5;
  const used = new Set<Invoice>();
  const dropped = new Set<Invoice>();
  const plant = (d: Invoice, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; used.add(d); };
  const adjusted = new Set(extra.map((e) => e.original).filter((x): x is Invoice => !!x));
  const plainPool = (f: (i: Invoice) => boolean) => invoices.filter((i) => i.date >= "2025-02-01" && i.date <= "2026-10-20" && !used.has(i) && !adjusted.has(i) && i.regular !== "rate_increase_billed_by_retro" && !i.a!.markupCut && f(i));
  // 1. Approved hours not billed: the overtime line, or a day of regular hours, left off the invoice; the timesheet keeps them.
  for (const inv of ptake(plainPool((i) => i.lines.some((l) => l.code === "OT" || (l.code === "REG" && l.qty >= 24))), N)) {
    const ot = inv.lines.find((l) => l.code === "OT");
    if (ot && prnd() < 0.5) { inv.lines = inv.lines.filter((l) => l !== ot); plant(inv, "hours_approved_not_billed", ot.amount); continue; }
    const reg = inv.lines.find((l) => l.code === "REG");
    if (!reg || reg.qty < 24) { inv.lines = inv.lines.filter((l) => l !== ot); plant(inv, "hours_approved_not_billed", ot!.amount); continue; }
    const h = reg.qty >= 40 ? 8 : 7.5 <= reg.qty / 5 ? 7.5 : 8;
    reg.qty = r2(reg.qty - h); reg.amount = r2(reg.qty * reg.rate); reg.desc = reg.desc.replace(/[\d.]+ hrs/, `${reg.qty.toFixed(2)} hrs`);
    plant(inv, "hours_approved_not_billed", h * reg.rate);
  }
  // 2. Overtime billed at the straight rate.
  for (const inv of ptake(plainPool((i) => i.lines.some((l) => l.code === "OT" && l.qty >= 2)), N)) {
    const ot = inv.lines.find((l) => l.code === "OT")!, reg = inv.lines.find((l) => l.code === "REG") ?? { rate: r2(ot.rate / inv.a!.client.otMult) };
    const risk = ot.amount - r2(ot.qty * reg.rate);
    ot.rate = reg.rate; ot.amount = r2(ot.qty * ot.rate);
    plant(inv, "overtime_billed_at_straight_rate", risk);
  }
  // 3. The old rate after an increase: the week after a raise billed from the previous rates (no retro follows).
  for (const inv of ptake(plainPool((i) => { const a = i.a!; const k = a.rates.findIndex((r) => r.from > a.start && r.from <= addDays(i.weekEnding, -6) && r.from >= addDays(i.weekEnding, -20)); return k > 0 && !a.rates[k]!.retro && a.rates[k]!.bill > a.rates[k - 1]!.bill; }), N)) {
    const a = inv.a!;
    const k = a.rates.findIndex((r) => r.from > a.start && r.from <= addDays(inv.weekEnding, -6) && r.from >= addDays(inv.weekEnding, -20));
    const before = subtotal(inv);
    for (const l of inv.lines) if (["REG", "OT", "DT", "HOL", "HOLNW", "SHIFT2"].includes(l.code)) { l.rate = codeRate(a, a.rates[k - 1]!, l.code); l.pay = codePay(a, a.rates[k - 1]!, l.code); l.amount = r2(l.qty * l.rate); }
    plant(inv, "old_rate_after_increase", before - subtotal(inv));
  }
  // 4. A timesheet billed twice: the billing run picked the approved timesheet up again a week later, under a new number.
  const copies: Invoice[] = [];
  for (const inv of ptake(plainPool(() => true), N)) {
    const copy: Invoice = { ...inv, no: "", date: addDays(inv.date, pick([0, 7, 7, 14])), lines: inv.lines.map((l) => ({ ...l })), leak: undefined, order: order++ };
    copies.push(copy);
    used.add(inv);
    plant(copy, "timesheet_billed_twice", subtotal(inv));
  }
  // 5. Markup below the agreement's (set in the assignment record above): every invoice of those assignments.
  for (const a of markupCut) for (const inv of byAssignment.get(a)!) {
    const right = r2(a.rates[0]!.pay * a.client.markup[a.cls.code]!);
    const risk = inv.lines.reduce((s, l) => s + (["REG", "OT", "DT", "HOL", "HOLNW"].includes(l.code) ? l.qty * (codeRate(a, { ...a.rates[0]!, bill: right }, l.code) - l.rate) : 0), 0);
    plant(inv, "markup_below_contract", risk);
  }
  // 6. A worker billed after the assignment's end: a timesheet keyed by the recruiter for the week after the worker left.
  for (const a of ptake(assignments.filter((a) => (a.status === "Ended - Completed" || a.status === "Ended - Released") && a.end >= "2025-02-01" && a.end <= "2026-10-10" && !a.markupCut && byAssignment.get(a)!.length > 0), N)) {
    const last = byAssignment.get(a)!.at(-1)!;
    const wk = addDays(monday(a.end), 7), weekEnding = addDays(wk, 6);
    const r = a.rates.at(-1)!;
    const h = pick([16, 24, 32, 40]);
    const ts = `TS${++tsNo}`;
    const inv: Invoice = { ...last, no: "", date: addDays(weekEnding, 2), weekEnding, timesheet: ts, approver: `proxy: ${pick(billers)}`, lines: [line(a, r, "REG", h, weekEnding)], leak: undefined, order: order++ };
    if (a.shift > 1 && a.client.shiftAdder > 0) inv.lines.push(line(a, r, "SHIFT2", h, weekEnding, ` (${a.shift === 2 ? "2nd" : "3rd"} shift)`));
    invoices.push(inv);
    for (const l of inv.lines) tsLines.push({ id: `${ts}-${l.code}`, ts, a, weekEnding, code: l.code, hours: l.qty, approver: inv.approver, approvedOn: addDays(weekEnding, 1), status: "Approved", invoice: inv });
    plant(inv, "billed_after_assignment_end", subtotal(inv));
  }
  // 7. A conversion fee never billed: the client hired the worker, no fee invoice; the assignment's last invoice labelled.
  for (const [a, conv] of ptake([...conversions].filter(([a, c]) => c && a.end <= "2026-10-10" && !used.has(byAssignment.get(a)!.at(-1)!)), N)) {
    dropped.add(conv!);
    plant(byAssignment.get(a)!.at(-1)!, "conversion_fee_not_billed", conv!.lines[0]!.amount);
  }
  // 8. A holiday worked billed at the straight rate.
  for (const inv of ptake(plainPool((i) => i.lines.some((l) => l.code === "HOL")), N)) {
    const hol = inv.lines.find((l) => l.code === "HOL")!;
    const straight = rateOn(inv.a!, addDays(inv.weekEnding, -6)).bill;
    const risk = hol.amount - r2(hol.qty * straight);
    hol.rate = straight; hol.amount = r2(hol.qty * straight);
    plant(inv, "holiday_billed_at_straight_rate", risk);
  }

  const all = [...invoices, ...extra.filter((e) => !dropped.has(e)), ...copies].filter((d) => d.date <= EXPORT_END && d.lines.length > 0)
    .sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.order - b.order));
  // Numbers in the order issued, the billing runs' sequence.
  all.forEach((d, i) => { d.no = `${d.type === "Credit Memo" ? "CM" : ""}${String(260_001 + i)}`; });
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  const issued = new Set(all);
  return { docs: all, clients, assignments, tsLines: tsLines.filter((t) => t.approvedOn <= EXPORT_END && (!t.invoice || issued.has(t.invoice))), labels };
}

// The back office's invoice register export: MM/DD/YYYY, "1,234.56", "," between columns; the invoice's header on each row.
export function writeStaffing(seed: number, out: string) {
  const g = generateStaffing(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice Number", "Invoice Type", "Invoice Date", "Week Ending", "Customer ID", "Customer Name", "Branch", "Worksite State", "PO Number", "Assignment ID", "Assignment Start", "Assignment End", "Assignment Status",
    "Employee ID", "Employee Name", "Job Class", "Job Title", "Shift", "Timesheet ID", "Timesheet Approver", "Original Invoice", "Reason Code", "Account Manager", "Entered By", "Approved By",
    "Currency", "Subtotal", "Sales Tax", "Invoice Total", "Line No", "Pay Code", "Description", "Qty", "UOM", "Bill Rate", "Pay Rate", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const a = d.a, c = d.client;
    const sub = subtotal(d), tx = tax(d);
    d.lines.forEach((l, i) => rows.push([
      d.no, d.type, usDate(d.date), usDate(d.weekEnding), c.id, c.name, BRANCH[c.state]!, c.state, d.po, a?.id ?? "", a ? usDate(a.start) : "", a ? usDate(a.end) : "", a?.status ?? "",
      a?.emp.id ?? "", a?.emp.name ?? "", a?.cls.code ?? "", a?.cls.title ?? "", a ? ["", "1st", "2nd", "3rd"][a.shift]! : "", d.timesheet, d.approver, d.original?.no ?? "", d.reason, c.am, d.user, d.creditApprover,
      "USD", num(sub), num(tx), num(r2(sub + tx)), String(i + 1), l.code, l.desc, numberText(l.qty), l.unit, numberText(l.rate), numberText(l.pay), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "invoice_register.csv"), csv(header, rows));
  // The assignment record's rates: a row per pay code and rate period, the bill rate the back office bills from.
  const ar: string[][] = [];
  for (const a of g.assignments) a.rates.forEach((r, k) => {
    const to = k + 1 < a.rates.length ? addDays(a.rates[k + 1]!.from, -1) : a.end;
    const codes = ["REG", "OT", "DT", "HOL", ...(a.client.holidayPay ? ["HOLNW"] : []), ...(a.shift > 1 && a.client.shiftAdder > 0 ? ["SHIFT2"] : []), ...(a.travel ? ["PERDIEM", "MILE"] : [])];
    const mult: Record<string, number> = { REG: 1, HOLNW: 1, OT: a.client.otMult, DT: 2, HOL: a.client.holMult };
    for (const code of codes) {
      const bill = code in mult ? r2(r.bill * mult[code]!) : code === "SHIFT2" ? r2(a.client.shiftAdder * (a.client.model === "markup" ? a.client.markup[a.cls.code]! : 1.4)) : code === "PERDIEM" ? a.perDiem : MILEAGE_RATE;
      const pay = code in mult ? r2(r.pay * (code === "OT" ? 1.5 : code === "DT" ? 2 : code === "HOL" ? a.client.holMult : 1)) : code === "SHIFT2" ? a.client.shiftAdder : bill;
      ar.push([a.id, a.client.id, a.emp.id, a.cls.code, code, code === "PERDIEM" ? "DAY" : code === "MILE" ? "MI" : "HRS", "USD", numberText(pay), numberText(bill), usDate(r.from), usDate(to), r.cause]);
    }
  });
  writeFileSync(join(out, "ref", "assignment_rates.csv"), csv(["Assignment ID", "Customer ID", "Employee ID", "Job Class", "Pay Code", "UOM", "Currency", "Pay Rate", "Bill Rate", "Effective Date", "End Date", "Change Reason"], ar));
  // The approved timesheets, a row per pay code, with the invoice the billing run put each on.
  const ts: string[][] = g.tsLines.map((t) => [t.id, t.ts, t.a.id, t.a.client.id, t.a.emp.id, usDate(t.weekEnding), t.code, numberText(t.hours), t.approver, usDate(t.approvedOn), t.status, t.invoice && t.invoice.date <= EXPORT_END ? t.invoice.no : ""]);
  writeFileSync(join(out, "ref", "approved_timesheets.csv"), csv(["Timesheet Line ID", "Timesheet ID", "Assignment ID", "Customer ID", "Employee ID", "Week Ending", "Pay Code", "Hours", "Approved By", "Approved On", "Status", "Invoice Number"], ts));
  // The clients' master service agreements and rate cards.
  const msa: string[][] = [];
  const card: string[][] = [];
  for (const c of g.clients) {
    for (const cls of c.classes) msa.push([c.id, c.name, c.state, c.model === "markup" ? "Markup on pay" : "Rate card", cls.code, c.model === "markup" ? c.markup[cls.code]!.toFixed(2) : "", String(c.otMult), "2", String(c.holMult), c.holidayPay ? "Y (after 90 days)" : "N", numberText(c.shiftAdder), `${(c.convPct * 100).toFixed(0)} %`, String(c.convFreeHours), c.rebate ? c.rebate.join("/") : "", c.poCap ? num(c.poCap) : ""]);
    if (c.model === "rate_card") for (const cls of c.classes) for (let y = 0; y < 3; y++) card.push([`RC-${c.id}-${y + 1}`, c.id, cls.code, "REG", numberText(round25(c.card[cls.code]! * Math.pow(1.035, y))), usDate(y === 0 ? "2024-01-01" : addDays(c.anniversary, 365 * (y - 1)))]);
  }
  writeFileSync(join(out, "ref", "client_msa.csv"), csv(["Customer ID", "Customer Name", "State", "Pricing", "Job Class", "Markup", "OT Multiplier", "DT Multiplier", "Holiday Multiplier", "Holiday Pay", "Shift Differential", "Conversion Fee", "Conversion Free Hours", "Rebate Tiers %", "PO Not To Exceed"], msa));
  writeFileSync(join(out, "ref", "client_rate_cards.csv"), csv(["Rate Card", "Customer ID", "Job Class", "Pay Code", "Bill Rate", "Effective Date"], card));
  writeFileSync(join(out, "ref", "assignments.csv"), csv(["Assignment ID", "Customer ID", "Employee ID", "Employee Name", "Job Class", "Shift", "Start Date", "End Date", "Status", "Travel"], g.assignments.map((a) => [a.id, a.client.id, a.emp.id, a.emp.name, a.cls.code, String(a.shift), usDate(a.start), usDate(a.end), a.status, a.travel ? "Y" : "N"])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, assignments: g.assignments.length, timesheet_rows: ts.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeStaffing(Number(arg("--seed", "2301")), arg("--out", "/tmp/staffing-2301"))));
}
