/**
 * An independent evaluation data set of a PAYROLL REGISTER: a mid-size employer (a regional
 * distributor: warehouses, drivers, a customer-service floor, sales and a head office; ≈ 430
 * people at a time) over 18 months, January 2025 – June 2026, exported the way ADP Workforce Now,
 * Gusto or Paychex write a payroll-payments report: one row per payment (a direct deposit or a
 * check) with the pay date and the period it pays (`MM/DD/YYYY`), the pay run, the pay group,
 * employee id and name, department, cost centre, job title, pay type, hours, gross, deductions and
 * net, the bank account as the last four digits and a hash of the IBAN/account number, the
 * payment method and check number, the HR master's hire date, termination date and status joined
 * on every row, and the payroll user who processed and approved the run. Voids are rows of their
 * own (`Record Type` Void, the net negative).
 *
 * Written from how payroll runs look — before reading the product's detectors. Regular business
 * (unlabelled as anomalies, each payment tagged with its kind: the hard negatives):
 *  - three pay groups: hourly staff biweekly (Fridays), salaried staff semimonthly (15th and last
 *    day), executives monthly; a pay date on a weekend or a bank holiday moves to the business day
 *    before it (July 4th, Christmas, New Year's Day);
 *  - overtime for hourly staff, peaking in the distributor's season (October–December) and at
 *    quarter ends; late-approved overtime paid as a payment of its own the next run;
 *  - annual merit increases in March (retro pay for the weeks before the increase was keyed, in
 *    April), promotions (a raise and a new title), new hires' first prorated pay;
 *  - leavers' final pay (with the accrued vacation paid out as its own payment) on the first pay
 *    date after the termination date — legitimately after it —, severance in instalments after a
 *    layoff (pay type Severance);
 *  - an annual bonus in March (several times a salaried employee's usual pay), monthly commissions
 *    of sales staff that vary widely, off-cycle manual checks correcting a missed shift;
 *  - a married couple sharing one bank account, employees changing banks, a seasonal warehouse
 *    worker back for the next season after months away, leaves of absence that end, a direct
 *    deposit rejected by the bank, voided and reissued as a check for the same amount.
 * Planted (labelled per payment; never in the export) — see PAYROLL_ANOMALIES.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export const PAYROLL_ANOMALIES = [
  "ghost_employee", // a new employee id with no history, paid regular pay into the bank account of a payroll clerk
  "pay_after_final_pay", // a leaver still paid regular pay after the final pay (no severance agreed)
  "duplicate_pay", // the same period's pay paid to the employee a second time a few days later
  "off_cycle_far_above", // an off-cycle payment far above the employee's routine, keyed by a payroll user
  "bank_account_diverted", // an employee's bank account changed to another employee's just before a pay date
  "overtime_to_exempt", // overtime paid to a salaried (exempt) employee, whose role is never paid overtime
] as const;
export type PayrollAnomaly = (typeof PAYROLL_ANOMALIES)[number];

export const PAYROLL_HEADER = [
  "Payment ID", "Pay Run ID", "Record Type", "Pay Date", "Pay Period Start", "Pay Period End", "Pay Group", "Employee ID",
  "Employee Name", "Department", "Cost Center", "Job Title", "Pay Type", "Regular Hours", "Overtime Hours", "Gross Pay",
  "Deductions", "Net Pay", "Currency", "Bank Account Last 4", "Account Hash", "Payment Method", "Check Number", "Hire Date",
  "Termination Date", "Employee Status", "Processed By", "Approved By",
];

export interface PayrollPayment {
  id: string;
  kind: string;
  anomaly?: PayrollAnomaly;
  employee: string;
  payType: string;
  net: number;
}

export interface PayrollExport {
  header: string[];
  rows: string[][];
  payments: PayrollPayment[];
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const END = Date.UTC(2026, 6, 1);
const HOLIDAYS = new Set(
  ["2025-01-01", "2025-01-20", "2025-05-26", "2025-07-04", "2025-09-01", "2025-11-27", "2025-12-25", "2026-01-01", "2026-01-19", "2026-05-25"].map((d) => Date.parse(d)),
);

type Group = "BW" | "SM" | "MO";
const GROUP_NAME: Record<Group, string> = { BW: "Biweekly Hourly", SM: "Semimonthly Salaried", MO: "Monthly Executive" };

interface Role { dept: string; title: string; group: Group; n: number; pay: number; cc: string; sales?: boolean; seasonalOt?: boolean }
const ROLES: Role[] = [
  { dept: "Warehouse", title: "Warehouse Associate", group: "BW", n: 140, pay: 19.5, cc: "CC-310", seasonalOt: true },
  { dept: "Warehouse", title: "Forklift Operator", group: "BW", n: 40, pay: 22.5, cc: "CC-310", seasonalOt: true },
  { dept: "Warehouse", title: "Shift Lead", group: "BW", n: 14, pay: 27, cc: "CC-310", seasonalOt: true },
  { dept: "Transportation", title: "CDL Driver", group: "BW", n: 60, pay: 28, cc: "CC-320", seasonalOt: true },
  { dept: "Customer Service", title: "Customer Service Rep", group: "BW", n: 45, pay: 20, cc: "CC-410" },
  { dept: "Sales", title: "Account Executive", group: "SM", n: 28, pay: 72000, cc: "CC-510", sales: true },
  { dept: "Sales", title: "Sales Manager", group: "SM", n: 4, pay: 115000, cc: "CC-510", sales: true },
  { dept: "Finance", title: "Accountant", group: "SM", n: 9, pay: 78000, cc: "CC-610" },
  { dept: "Finance", title: "Payroll Specialist", group: "SM", n: 3, pay: 62000, cc: "CC-610" },
  { dept: "Human Resources", title: "HR Generalist", group: "SM", n: 5, pay: 68000, cc: "CC-620" },
  { dept: "IT", title: "Systems Administrator", group: "SM", n: 7, pay: 95000, cc: "CC-630" },
  { dept: "Operations", title: "Operations Manager", group: "SM", n: 12, pay: 98000, cc: "CC-300" },
  { dept: "Purchasing", title: "Buyer", group: "SM", n: 8, pay: 70000, cc: "CC-340" },
  { dept: "Executive", title: "Vice President", group: "MO", n: 6, pay: 210000, cc: "CC-100" },
  { dept: "Executive", title: "Chief Executive Officer", group: "MO", n: 1, pay: 380000, cc: "CC-100" },
];

const FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Chris", "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Priya", "Wei", "Carlos", "Aisha", "Omar", "Mei", "Raj", "Sofia", "Lucas", "Emma", "Noah", "Olivia", "Liam", "Ava", "Ethan", "Mia", "Kenji", "Yuki", "Fatima", "Diego", "Tyrone", "Keisha", "Luis", "Rosa", "Andre", "Tamika"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Patel", "Chen", "Kim", "Singh", "Okafor", "Novak", "Rossi", "Schmidt", "Washington", "Reyes"];

interface Employee {
  id: string;
  name: string;
  role: Role;
  title: string;
  /** Hourly rate or annual salary. */
  pay: number;
  /** Usual regular hours a biweekly period (part-timers fewer). */
  hours: number;
  hired: number;
  terminated?: number;
  severance?: number; // instalments after a layoff
  leave?: [number, number];
  /** Seasons worked (a returning seasonal worker): pay only within them. */
  seasons?: [number, number][];
  bank: { last4: string; hash: string }[]; // with the change days in `bankFrom`
  bankFrom: number[];
  check: boolean; // paid by check
  otAffinity: number;
  promoted?: number;
}

interface Draft {
  day: number;
  run: string;
  record: "Payment" | "Void";
  periodStart: number;
  periodEnd: number;
  emp: Employee;
  payType: string;
  regHours: number;
  otHours: number;
  gross: number;
  net: number;
  bank?: { last4: string; hash: string };
  method: "Direct Deposit" | "Check";
  processedBy: string;
  approvedBy: string;
  kind: string;
  anomaly?: PayrollAnomaly;
  group: Group;
}

export function generatePayrollExport(options: { seed: number }): PayrollExport {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const hex = (n: number) => Array.from({ length: n }, () => "0123456789abcdef"[Math.floor(rnd() * 16)]).join("");
  const digits = (n: number) => Array.from({ length: n }, () => String(Math.floor(rnd() * 10))).join("");
  const cents = (x: number) => Math.round(x * 100) / 100;
  const weekday = (t: number) => new Date(t).getUTCDay();
  const businessDayOnOrBefore = (t: number) => {
    while (weekday(t) === 0 || weekday(t) === 6 || HOLIDAYS.has(t)) t -= DAY;
    return t;
  };
  const newAccount = () => ({ last4: digits(4), hash: hex(12) });

  // ---- People ------------------------------------------------------------------------------
  const usedNames = new Set<string>();
  const newName = () => {
    for (;;) {
      const n = `${pick(FIRST)} ${pick(LAST)}`;
      if (!usedNames.has(n)) { usedNames.add(n); return n; }
    }
  };
  let empNo = 10000;
  const employees: Employee[] = [];
  const addEmployee = (role: Role, hired: number): Employee => {
    const e: Employee = {
      id: `E${++empNo}`, name: newName(), role, title: role.title, pay: role.group === "BW" ? role.pay * between(0.9, 1.25) : role.pay * between(0.85, 1.25),
      hours: role.group === "BW" && rnd() < 0.12 ? pick([48, 56, 64]) : 80, hired, bank: [newAccount()], bankFrom: [Number.NEGATIVE_INFINITY],
      check: rnd() < 0.04, otAffinity: logn(1, 0.5),
    };
    employees.push(e);
    return e;
  };
  for (const role of ROLES) for (let i = 0; i < role.n; i++) addEmployee(role, START - int(60, 3000) * DAY);
  const payrollUsers = employees.filter((e) => e.role.title === "Payroll Specialist");
  const [manager, specialist, clerk] = payrollUsers.map((e) => e.name) as [string, string, string];
  // Growth and replacements through the period.
  const hourlyRoles = ROLES.filter((r) => r.group === "BW");
  for (let i = 0; i < 70; i++) addEmployee(rnd() < 0.85 ? pick(hourlyRoles) : pick(ROLES.filter((r) => r.group === "SM" && r.title !== "Payroll Specialist")), START + int(15, 520) * DAY);
  // Seasonal warehouse workers: mid-October to mid-January, back the next season.
  const seasonal: Employee[] = [];
  for (let i = 0; i < 12; i++) {
    const e = addEmployee(ROLES[0]!, Date.UTC(2024, 9, int(10, 20)));
    e.seasons = [[Date.UTC(2024, 9, 14), Date.UTC(2025, 0, 17)], [Date.UTC(2025, 9, 13), Date.UTC(2026, 0, 16)]];
    e.hired = Date.UTC(2025, 9, 13); // rehired: the HR master keeps the latest hire
    seasonal.push(e);
  }
  const ordinary = employees.filter((e) => !e.seasons && e.role.title !== "Payroll Specialist" && e.role.group !== "MO");
  // Leavers: resignations (final pay with vacation payout) and layoffs (severance in instalments).
  for (const e of ordinary) {
    if (rnd() < 0.13) {
      e.terminated = Math.max(e.hired + 60 * DAY, START + int(30, 520) * DAY);
      if (e.terminated >= END - 20 * DAY) e.terminated = undefined;
      else if (rnd() < 0.25) e.severance = int(3, 6);
    }
  }
  for (const e of ordinary) if (!e.terminated && rnd() < 0.04) { const from = START + int(40, 380) * DAY; e.leave = [from, from + int(42, 110) * DAY]; }
  for (const e of ordinary) if (!e.terminated && rnd() < 0.06) { e.bank.push(newAccount()); e.bankFrom.push(START + int(30, 520) * DAY); }
  for (const e of ordinary) if (!e.terminated && rnd() < 0.05) e.promoted = START + int(60, 500) * DAY;
  // A married couple: two employees paid into one account (since before the history).
  const couple = ordinary.filter((e) => !e.terminated && !e.leave && e.hired < START && e.bank.length === 1 && !e.check).slice(5, 7);
  couple[1]!.bank = [couple[0]!.bank[0]!];

  const working = (e: Employee, day: number) => {
    if (day < e.hired) return false;
    if (e.terminated !== undefined && day > e.terminated) return false;
    if (e.leave && day >= e.leave[0] && day < e.leave[1]) return false;
    if (e.seasons && !e.seasons.some(([a, b]) => day >= a && day <= b)) return false;
    return true;
  };
  const bankOn = (e: Employee, day: number) => {
    let k = 0;
    for (let i = 0; i < e.bankFrom.length; i++) if (day >= e.bankFrom[i]!) k = i;
    return e.bank[k]!;
  };
  const merit = new Map<Employee, number>();
  for (const e of employees) merit.set(e, between(0.02, 0.05));
  /** The pay rate on a day: the March merit increase (effective 1 March 2026, for 2025 too), a promotion. */
  const rateOn = (e: Employee, day: number) => {
    let r = e.pay;
    if (day >= Date.UTC(2025, 2, 1)) r *= 1 + merit.get(e)!;
    if (day >= Date.UTC(2026, 2, 1)) r *= 1 + merit.get(e)! * 0.9;
    if (e.promoted && day >= e.promoted) r *= 1.14;
    return r;
  };
  const netOf = (e: Employee, gross: number) => cents(gross * (1 - (0.24 + (e.role.group === "MO" ? 0.12 : e.role.group === "SM" ? 0.06 : 0.02) + (Number(e.id.slice(1)) % 7) * 0.01)));

  const drafts: Draft[] = [];
  let runNo = 0;
  const runId = (group: Group, day: number, offCycle = false) => `${offCycle ? "OC" : group}-${new Date(day).toISOString().slice(0, 10).replaceAll("-", "")}${offCycle ? `-${++runNo}` : ""}`;
  const pay = (o: Omit<Draft, "bank" | "method" | "record" | "net" | "approvedBy"> & { net?: number; record?: Draft["record"]; bank?: Draft["bank"]; method?: Draft["method"]; approvedBy?: string }) => {
    const e = o.emp;
    const method = o.method ?? (e.check ? "Check" : "Direct Deposit");
    const d: Draft = { record: "Payment", approvedBy: manager, ...o, net: o.net ?? netOf(e, o.gross), method, bank: method === "Check" ? undefined : (o.bank ?? bankOn(e, o.day)) };
    drafts.push(d);
    return d;
  };
  const peakOt = (day: number) => {
    const d = new Date(day);
    const m = d.getUTCMonth();
    const quarterEnd = (m === 2 || m === 5 || m === 8 || m === 11) && d.getUTCDate() >= 10;
    return m >= 9 && m <= 11 ? 2.6 : quarterEnd ? 1.7 : 1;
  };

  // ---- Regular runs ---------------------------------------------------------------------------
  type Run = { group: Group; day: number; start: number; end: number; id: string };
  const runs: Run[] = [];
  // Biweekly: periods Sunday–Saturday two weeks, paid the Friday after.
  for (let end = Date.UTC(2024, 11, 28); end < END; end += 14 * DAY) {
    const day = businessDayOnOrBefore(end + 6 * DAY);
    if (day >= START && day < END) runs.push({ group: "BW", day, start: end - 13 * DAY, end, id: runId("BW", day) });
  }
  for (let y = 2025; y <= 2026; y++) {
    for (let m = 0; m < 12; m++) {
      const last = Date.UTC(y, m + 1, 0);
      for (const [start, end] of [[Date.UTC(y, m, 1), Date.UTC(y, m, 15)], [Date.UTC(y, m, 16), last]] as const) {
        const day = businessDayOnOrBefore(end);
        if (day >= START && day < END) runs.push({ group: "SM", day, start, end, id: runId("SM", day) });
      }
      const day = businessDayOnOrBefore(last);
      if (day >= START && day < END) runs.push({ group: "MO", day, start: Date.UTC(y, m, 1), end: last, id: runId("MO", day) });
    }
  }
  runs.sort((a, b) => a.day - b.day);
  const regular = new Map<Employee, Draft[]>();
  const finalPaid = new Map<Employee, Run>();
  for (const run of runs) {
    const processedBy = run.group === "BW" ? pick([specialist, clerk]) : run.group === "SM" ? specialist : manager;
    const approvedBy = run.group === "MO" ? "Helen Brooks" : manager;
    for (const e of employees) {
      if (e.role.group !== run.group) continue;
      // Worked some of the period?
      let worked = 0;
      for (let d = run.start; d <= run.end; d += DAY) if (working(e, d) && weekday(d) !== 0 && weekday(d) !== 6) worked++;
      const weekdays = (() => { let n = 0; for (let d = run.start; d <= run.end; d += DAY) if (weekday(d) !== 0 && weekday(d) !== 6) n++; return n; })();
      if (worked === 0) continue;
      const fraction = worked / weekdays;
      const leaving = e.terminated !== undefined && e.terminated >= run.start && e.terminated <= run.end;
      const first = e.hired > run.start;
      const rate = rateOn(e, run.end);
      let gross: number, regHours = 0, otHours = 0;
      if (run.group === "BW") {
        regHours = Math.round(e.hours * fraction * between(0.96, 1) * 4) / 4;
        otHours = e.role.seasonalOt || rnd() < 0.3 ? Math.min(30, Math.round(logn(3, 0.9) * peakOt(run.end) * e.otAffinity * fraction * 4) / 4) : 0;
        if (rnd() < 0.5) otHours = 0;
        gross = regHours * rate + otHours * rate * 1.5;
      } else {
        gross = (run.group === "SM" ? rate / 24 : rate / 12) * fraction;
      }
      const kind = first ? "new_hire_first_pay" : leaving ? "final_pay" : e.seasons && run.day < e.seasons[1]![0] + 30 * DAY && run.day > e.seasons[1]![0] ? "seasonal_return" : e.leave && run.start <= e.leave[1] + 14 * DAY && run.end >= e.leave[1] ? "return_from_leave" : e.bank.length > 1 && run.day >= e.bankFrom[1]! && run.day < e.bankFrom[1]! + 30 * DAY ? "bank_change" : couple.includes(e) ? "shared_account" : run.day !== (run.group === "BW" ? run.end + 6 * DAY : run.end) ? "pay_date_moved" : peakOt(run.end) > 1 && otHours > 0 ? "overtime_peak" : "regular";
      if (leaving) {
        // Paid on the period's own pay date, on or after the termination date (in arrears): the period's pay, and the accrued vacation.
        const next = run;
        finalPaid.set(e, next);
        pay({ day: next.day, run: next.id, periodStart: run.start, periodEnd: run.end, emp: e, payType: "Final Pay", regHours, otHours, gross, processedBy, approvedBy, kind: "final_pay", group: run.group });
        const vac = (run.group === "BW" ? rate * 8 : rate / 260) * int(3, 15);
        pay({ day: next.day, run: next.id, periodStart: run.start, periodEnd: run.end, emp: e, payType: "Vacation Payout", regHours: 0, otHours: 0, gross: vac, processedBy, approvedBy, kind: "vacation_payout", group: run.group });
        if (e.severance) {
          let k = 0;
          for (const r of runs) if (r.group === run.group && r.day > next.day && k < e.severance) {
            k++;
            pay({ day: r.day, run: r.id, periodStart: r.start, periodEnd: r.end, emp: e, payType: "Severance", regHours: 0, otHours: 0, gross: run.group === "SM" ? rate / 24 : rate * 80, processedBy, approvedBy, kind: "severance_instalment", group: run.group });
          }
        }
        continue;
      }
      const d = pay({ day: run.day, run: run.id, periodStart: run.start, periodEnd: run.end, emp: e, payType: "Regular", regHours, otHours, gross, processedBy, approvedBy, kind, group: run.group });
      regular.set(e, [...(regular.get(e) ?? []), d]);
      // Late-approved overtime paid on its own the next run.
      if (run.group === "BW" && e.role.seasonalOt && rnd() < 0.025 * peakOt(run.end)) {
        const hrs = Math.round(between(2, 10) * 4) / 4;
        pay({ day: run.day, run: run.id, periodStart: run.start - 14 * DAY, periodEnd: run.end - 14 * DAY, emp: e, payType: "Overtime", regHours: 0, otHours: hrs, gross: hrs * rate * 1.5, processedBy, approvedBy, kind: "late_overtime", group: run.group });
      }
    }
  }

  // ---- Bonuses, commissions, retro, corrections ---------------------------------------------
  for (const y of [2025, 2026]) {
    const day = businessDayOnOrBefore(Date.UTC(y, 2, 14));
    const id = runId("SM", day, true);
    for (const e of employees) {
      if (e.role.group === "BW" || !working(e, day) || e.hired > day - 120 * DAY) continue;
      const share = e.role.group === "MO" ? between(0.25, 0.5) : e.role.sales ? between(0.03, 0.06) : between(0.06, 0.15);
      pay({ day, run: id, periodStart: Date.UTC(y - 1, 0, 1), periodEnd: Date.UTC(y - 1, 11, 31), emp: e, payType: "Bonus", regHours: 0, otHours: 0, gross: rateOn(e, day) * share, processedBy: manager, approvedBy: "Helen Brooks", kind: "annual_bonus", group: e.role.group });
    }
    // Hourly staff: a flat attendance bonus in December.
    const dec = businessDayOnOrBefore(Date.UTC(y, 11, 19));
    if (dec < END) {
      const decId = runId("BW", dec, true);
      for (const e of employees) if (e.role.group === "BW" && working(e, dec) && e.hired < dec - 90 * DAY) pay({ day: dec, run: decId, periodStart: Date.UTC(y, 0, 1), periodEnd: Date.UTC(y, 11, 31), emp: e, payType: "Bonus", regHours: 0, otHours: 0, gross: pick([250, 500, 500, 750]), processedBy: specialist, approvedBy: manager, kind: "holiday_bonus", group: "BW" });
    }
    // Retro pay in April: the merit increase effective 1 March, keyed after the March runs.
    const retroDay = runs.find((r) => r.group === "SM" && r.day >= Date.UTC(y, 3, 1))?.day;
    if (retroDay !== undefined && retroDay < END) {
      for (const e of employees) {
        if (!working(e, retroDay) || e.hired > Date.UTC(y, 2, 1)) continue;
        const inc = merit.get(e)! * (y === 2026 ? 0.9 : 1);
        const base = e.role.group === "BW" ? e.pay * e.hours * 2.15 : e.role.group === "SM" ? e.pay / 12 : e.pay / 12;
        const r = runs.find((x) => x.group === e.role.group && x.day >= retroDay)!;
        pay({ day: r.day, run: r.id, periodStart: Date.UTC(y, 2, 1), periodEnd: Date.UTC(y, 2, 31), emp: e, payType: "Retro Pay", regHours: 0, otHours: 0, gross: base * inc * between(0.9, 1.1), processedBy: specialist, approvedBy: manager, kind: "retro_pay", group: e.role.group });
      }
    }
  }
  // Monthly commissions of sales staff, on the month's second semimonthly pay date: they vary widely.
  for (const run of runs.filter((r) => r.group === "SM" && new Date(r.end).getUTCDate() > 15)) {
    for (const e of employees) {
      if (!e.role.sales || !working(e, run.day) || rnd() < 0.1) continue;
      const month = new Date(run.end).getUTCMonth();
      const q = month === 2 || month === 5 || month === 8 || month === 11 ? 1.8 : 1;
      pay({ day: run.day, run: run.id, periodStart: Date.UTC(new Date(run.end).getUTCFullYear(), month, 1), periodEnd: run.end, emp: e, payType: "Commission", regHours: 0, otHours: 0, gross: logn(e.role.title === "Sales Manager" ? 4200 : 2600, 0.75) * q, processedBy: specialist, approvedBy: manager, kind: "commission", group: "SM" });
    }
  }
  // Off-cycle manual checks correcting a missed shift or a wrong rate (small, by check).
  const bwRegular = [...regular.entries()].filter(([e]) => e.role.group === "BW");
  for (let i = 0; i < 90; i++) {
    const [e, ds] = pick(bwRegular);
    const orig = pick(ds);
    const day = businessDayOnOrBefore(orig.day + int(3, 6) * DAY);
    if (day >= END || !working(e, day - 5 * DAY)) { i--; continue; }
    const hrs = Math.round(between(3, 12) * 4) / 4;
    pay({ day, run: runId("BW", day, true), periodStart: orig.periodStart, periodEnd: orig.periodEnd, emp: e, payType: "Off-Cycle", regHours: hrs, otHours: 0, gross: hrs * rateOn(e, day), method: "Check", processedBy: pick([specialist, clerk]), approvedBy: manager, kind: "off_cycle_correction", group: "BW" });
  }
  // A direct deposit rejected by the bank (account closed): voided, reissued as a check for the same amount.
  for (let i = 0; i < 14; i++) {
    const [, ds] = pick([...regular.entries()]);
    const orig = pick(ds);
    if (orig.method === "Check" || orig.day > END - 10 * DAY) { i--; continue; }
    const voidDay = businessDayOnOrBefore(orig.day + int(2, 4) * DAY);
    drafts.push({ ...orig, day: voidDay, record: "Void", net: -orig.net, gross: -orig.gross, regHours: -orig.regHours, otHours: -orig.otHours, kind: "void", processedBy: specialist });
    drafts.push({ ...orig, day: businessDayOnOrBefore(voidDay + int(0, 2) * DAY), run: runId(orig.group, voidDay, true), method: "Check", bank: undefined, kind: "reissue_after_void", processedBy: specialist });
  }

  // ---- Planted --------------------------------------------------------------------------------
  const ghostCount = 4;
  for (let g = 0; g < ghostCount; g++) {
    const role = pick(hourlyRoles);
    const e = addEmployee(role, START + int(200, 480) * DAY);
    e.bank = [bankOn(employees.find((x) => x.name === clerk)!, e.hired)];
    for (const run of runs) if (run.group === "BW" && run.day > e.hired + 7 * DAY) {
      const regHours = 80;
      pay({ day: run.day, run: run.id, periodStart: run.start, periodEnd: run.end, emp: e, payType: "Regular", regHours, otHours: 0, gross: regHours * e.pay, processedBy: clerk, approvedBy: manager, kind: "ghost", anomaly: "ghost_employee", group: "BW" });
      if (rnd() < 0.2) break;
    }
  }
  // Leavers (no severance) still paid regular pay after their final pay.
  const leaversPaidOn = ordinary.filter((e) => e.terminated !== undefined && !e.severance && e.terminated < END - 70 * DAY).slice(0, 6);
  for (const e of leaversPaidOn) {
    const fin = finalPaid.get(e);
    if (!fin) continue;
    const last = regular.get(e)?.at(-1);
    let k = 0;
    for (const r of runs) if (r.group === e.role.group && r.day > fin.day && k < int(1, 3)) {
      k++;
      pay({ day: r.day, run: r.id, periodStart: r.start, periodEnd: r.end, emp: e, payType: "Regular", regHours: last?.regHours ?? 0, otHours: 0, gross: last ? Math.abs(last.gross) : e.pay / 24, net: last?.net, processedBy: r.group === "BW" ? clerk : specialist, approvedBy: manager, kind: "after_final", anomaly: "pay_after_final_pay", group: e.role.group });
    }
  }
  // The same period's pay paid again a few days later (an off-cycle run repeating it).
  for (let i = 0; i < 15; i++) {
    const [, ds] = pick([...regular.entries()]);
    const orig = pick(ds);
    const day = businessDayOnOrBefore(orig.day + int(1, 5) * DAY);
    if (day >= END || day <= orig.day) { i--; continue; }
    pay({ ...orig, day, run: runId(orig.group, day, true), kind: "duplicate", anomaly: "duplicate_pay", processedBy: pick([specialist, clerk]) });
  }
  // An off-cycle payment far above the employee's routine.
  for (let i = 0; i < 10; i++) {
    const [e, ds] = pick([...regular.entries()].filter(([x]) => x.role.group !== "MO"));
    const usual = ds.map((d) => d.net).sort((a, b) => a - b)[Math.floor(ds.length / 2)]!;
    const orig = pick(ds);
    const day = businessDayOnOrBefore(orig.day + int(2, 8) * DAY);
    if (day >= END || !working(e, day)) { i--; continue; }
    const gross = (usual / 0.7) * between(6, 15);
    pay({ day, run: runId(e.role.group, day, true), periodStart: orig.periodStart, periodEnd: orig.periodEnd, emp: e, payType: "Off-Cycle", regHours: 0, otHours: 0, gross, processedBy: pick([specialist, clerk]), approvedBy: pick([manager, specialist]), kind: "off_cycle_far_above", anomaly: "off_cycle_far_above", group: e.role.group });
  }
  // A bank account changed to another employee's just before a pay date.
  const divertible = ordinary.filter((e) => !e.terminated && !e.leave && e.bank.length === 1 && !e.check && !couple.includes(e));
  for (let i = 0; i < 5; i++) {
    const victim = divertible[(i * 37 + 11) % divertible.length]!;
    const beneficiary = divertible[(i * 53 + 29) % divertible.length]!;
    if (victim === beneficiary) continue;
    const ds = (regular.get(victim) ?? []).filter((d) => d.day > START + 200 * DAY);
    if (ds.length < 3) continue;
    const from = int(0, ds.length - 3);
    for (let k = 0; k < int(1, 3); k++) {
      const d = ds[from + k]!;
      d.bank = bankOn(beneficiary, d.day);
      d.kind = "diverted";
      d.anomaly = "bank_account_diverted";
    }
  }
  // Overtime paid to salaried (exempt) employees.
  const exempt = [...regular.entries()].filter(([e]) => e.role.group === "SM" && !e.role.sales);
  for (let i = 0; i < 10; i++) {
    const [e, ds] = pick(exempt);
    const orig = pick(ds);
    const hrs = Math.round(between(25, 60) * 4) / 4;
    const hourly = rateOn(e, orig.day) / 2080;
    pay({ day: orig.day, run: orig.run, periodStart: orig.periodStart, periodEnd: orig.periodEnd, emp: e, payType: "Overtime", regHours: 0, otHours: hrs, gross: hrs * hourly * 1.5, processedBy: pick([specialist, clerk]), approvedBy: manager, kind: "exempt_overtime", anomaly: "overtime_to_exempt", group: "SM" });
  }

  // A spouse hired later (regular business): a customer-service rep who joins in the second half
  // of the history and has pay deposited into the account the partner, an employee for years, has
  // always been paid into; the same surname. Drawn from a stream of its own, after everything
  // else, so the rest of the register is what it was without it.
  {
    const side = mulberry32(options.seed ^ 0x5f0b5e);
    const partners = ordinary.filter((e) => !e.terminated && !e.leave && !e.check && e.bank.length === 1 && e.hired < START && !couple.includes(e) && e.role.group !== "MO");
    const partner = partners[Math.floor(side() * partners.length)]!;
    const surname = partner.name.split(" ").at(-1)!;
    let name = "";
    for (let k = 0; !name || usedNames.has(name); k++) name = `${FIRST[Math.floor(side() * FIRST.length)]!} ${surname}`;
    usedNames.add(name);
    const role = ROLES.find((r) => r.title === "Customer Service Rep")!;
    const spouse: Employee = { id: `E${++empNo}`, name, role, title: role.title, pay: role.pay * (0.95 + 0.2 * side()), hours: 80, hired: START + Math.floor(250 + 100 * side()) * DAY, bank: partner.bank, bankFrom: partner.bankFrom, check: false, otAffinity: 1 };
    employees.push(spouse);
    merit.set(spouse, 0.02 + 0.03 * side());
    for (const run of runs) {
      if (run.group !== "BW" || run.day <= spouse.hired + 7 * DAY) continue;
      const regHours = Math.round(80 * (0.96 + 0.04 * side()) * 4) / 4;
      const processedBy = drafts.find((d) => d.run === run.id)?.processedBy ?? specialist;
      pay({ day: run.day, run: run.id, periodStart: run.start, periodEnd: run.end, emp: spouse, payType: "Regular", regHours, otHours: 0, gross: regHours * rateOn(spouse, run.end), processedBy, approvedBy: manager, kind: "spouse_hired_later", group: "BW" });
    }
  }

  // ---- The export -----------------------------------------------------------------------------
  const kept = drafts.filter((d) => d.day >= START && d.day < END);
  kept.sort((a, b) => a.day - b.day || a.run.localeCompare(b.run) || a.emp.id.localeCompare(b.emp.id));
  const p2 = (n: number) => String(n).padStart(2, "0");
  const mdy = (t: number) => { const d = new Date(t); return `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()}`; };
  const money = (x: number) => x.toFixed(2);
  const rows: string[][] = [];
  const payments: PayrollPayment[] = [];
  let payNo = 5_000_000;
  let checkNo = 40_000;
  for (const d of kept) {
    const e = d.emp;
    const id = `PMT${++payNo}`;
    const gross = cents(d.gross);
    const net = d.record === "Void" ? d.net : d.net;
    const status = e.terminated !== undefined ? "Terminated" : e.seasons && END > e.seasons[1]![1] ? "Terminated" : "Active";
    const term = e.terminated !== undefined ? mdy(e.terminated) : e.seasons ? mdy(e.seasons[1]![1]) : "";
    const title = e.promoted && d.day >= e.promoted ? `Senior ${e.title}` : e.title;
    rows.push([
      id, d.run, d.record, mdy(d.day), mdy(d.periodStart), mdy(d.periodEnd), GROUP_NAME[d.group], e.id, e.name, e.role.dept, e.role.cc, title, d.payType,
      d.regHours ? d.regHours.toFixed(2) : "0.00", d.otHours ? d.otHours.toFixed(2) : "0.00", money(gross), money(cents(gross - net)), money(net), "USD",
      d.bank ? `****${d.bank.last4}` : "", d.bank ? d.bank.hash : "", d.method, d.method === "Check" ? String(++checkNo) : "",
      mdy(e.hired), term, status, d.processedBy, d.approvedBy,
    ]);
    payments.push({ id, kind: d.kind, anomaly: d.anomaly, employee: `${e.id} ${e.name}`, payType: d.payType, net });
  }
  return { header: PAYROLL_HEADER, rows, payments };
}

export function toCsv(data: PayrollExport): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [data.header, ...data.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
