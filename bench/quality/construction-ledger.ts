/**
 * An independent evaluation ledger of a REGIONAL GENERAL CONTRACTOR: Keystone Builders, commercial
 * and institutional building (apartments, a fire station, a parking structure, clinics, a
 * hospital tower from 2025), calendar 2024–2025, exported from a construction ERP's GL detail
 * (Viewpoint Vista / Sage 300 CRE style: one row per GL line) with the job-cost coding every line
 * carries: `Trans #` (the GL transaction) and `Line`, `Batch` (the posting batch's number),
 * `Journal` (AP, AR, PR, EM, JC, GJ), `Source` (AP Entry, AP Payment, AR Invoice, AR Receipt, PR
 * Update, EM Allocation, JC Cost Adj, GL Journal), `GL Account` ("5200 Job Cost - Subcontract"),
 * `Job` ("24-109"), `Phase` (the cost code, "03-300 Cast-in-Place Concrete"), `Cost Type` (L, M, S,
 * E, O; empty on a balance-sheet line), `Vendor` (supplier, subcontractor, union trust fund or
 * owner), `Document` (the vendor's invoice, the sub's pay application "SC2417-05", the check),
 * `Actual Date` (MM/DD/YYYY: the accounting date), `Period` (MM/YYYY, the GL month), `Debit`,
 * `Credit`, `Memo`, `User` (the ERP login) and `Posted On` (MM/DD/YYYY HH:mm, when the batch was
 * posted).
 *
 * Written from how a contractor's books look — before reading the product's detectors: weekly
 * certified payroll by job and phase with union fringe accrued on every hour and remitted to the
 * trust funds monthly; subcontractor pay applications each month with 10 % retainage withheld and
 * released in one large payment when the job closes; progress billings (AIA G702) to owners with
 * their own retainage, and the controller's over/under-billing WIP adjustment each month end,
 * reversed on the 1st; equipment costs allocated to jobs by hours monthly; material delivered in
 * bulk at a job's start and in smaller loads after; change orders raising a sub's monthly billing
 * mid-job; the winter slowdown (December–February at about half the field hours); a hospital tower
 * far larger than any 2024 job from March 2025; month-end accruals of sub work not yet billed,
 * reversed on the 1st; the year-end close and audit adjustments keyed in January into December;
 * the AP bookkeeper on leave for six weeks in summer 2024, her batches keyed by the controller.
 * The planted problems (≈ 0.5 % of transactions) are of the kinds a contractor's auditor reports;
 * each transaction carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface ConstructionOptions {
  seed: number;
}

/** One judged GL transaction (its lines share the Trans #). */
export interface ConstructionTransaction {
  id: string;
  source: string;
  kind: string;
  anomaly?: string;
  user: string;
  lines: number;
}

export interface ConstructionLedger {
  header: string[];
  rows: string[][];
  /** "<Trans #>-<Line>" → Trans #. */
  transactionOfLine: Map<string, string>;
  transactions: ConstructionTransaction[];
}

export const CONSTRUCTION_HEADER = [
  "Trans #", "Line", "Batch", "Journal", "Source", "GL Account", "Job", "Phase", "Cost Type", "Vendor", "Document",
  "AP Ref", "Actual Date", "Period", "Debit", "Credit", "Memo", "User", "Posted On",
];

export const CONSTRUCTION_ANOMALIES = [
  "sub_payapp_paid_twice",
  "retainage_released_twice",
  "cost_to_closed_job",
  "round_sum_to_suspense",
  "payment_split_under_limit",
  "unusual_user_at_night",
  "accrual_never_reversed",
  "posting_to_closed_period",
] as const;

/** The approval limit on a single AP payment (the configured setup's split_below_limit). */
export const CONSTRUCTION_PAYMENT_LIMIT = 25000;

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

const ACCOUNTS: Record<string, string> = {
  "1000": "Cash - Operating", "1010": "Cash - Payroll", "1200": "AR - Contracts", "1210": "AR - Retainage Receivable",
  "1300": "Costs in Excess of Billings", "1500": "Construction Equipment", "1590": "Accumulated Depreciation", "1990": "Suspense - Unapplied Cash",
  "2000": "AP - Trade", "2010": "AP - Retainage Payable", "2100": "Accrued Payroll", "2110": "Union Fringe Payable", "2120": "Payroll Taxes Payable",
  "2200": "Accrued Job Costs", "2210": "Accrued Expenses", "2300": "Billings in Excess of Costs", "2500": "Income Taxes Payable",
  "4000": "Contract Revenue", "4100": "Revenue - Over/Under Billing Adj", "5000": "Job Cost - Labor", "5010": "Job Cost - Labor Burden",
  "5100": "Job Cost - Material", "5200": "Job Cost - Subcontract", "5300": "Job Cost - Equipment", "5400": "Job Cost - Other",
  "6000": "Equipment Operating Expense", "6100": "Equipment Depreciation", "6900": "Equipment Cost Allocated to Jobs",
  "7000": "G&A Salaries", "7100": "Office Rent", "7200": "Insurance", "7300": "Professional Fees", "7400": "Utilities and Phones", "7500": "Bank Charges",
  "8000": "Income Tax Expense",
};
const acct = (n: string) => `${n} ${ACCOUNTS[n]!}`;

const PHASES: Record<string, string> = {
  "01-100": "General Conditions", "02-200": "Earthwork and Site Utilities", "03-300": "Cast-in-Place Concrete", "04-200": "Masonry",
  "05-100": "Structural Steel", "06-100": "Rough Carpentry", "07-500": "Roofing", "08-400": "Storefront and Glazing", "09-200": "Drywall and Framing",
  "09-900": "Painting", "15-400": "Plumbing", "15-700": "HVAC", "16-100": "Electrical",
};
const phase = (p: string) => `${p} ${PHASES[p]!}`;
/** Self-performed trades (our own union crews) and the trades always subcontracted. */
const SELF = ["01-100", "03-300", "06-100", "02-200"];
const SUBS: [string, string][] = [
  ["05-100", "Allegheny Steel Erectors"], ["07-500", "Summit Roofing Co."], ["08-400", "Clearview Glass & Metal"], ["09-200", "Tri-State Drywall Inc."],
  ["09-900", "Brush Masters Painting"], ["15-400", "Keller Mechanical - Plumbing"], ["15-700", "Keller Mechanical - HVAC"], ["16-100", "Volt Electric LLC"],
  ["04-200", "Stonebridge Masonry"], ["02-200", "Diggs Excavating"],
];
const SUPPLIERS: [string, string][] = [
  ["Central Ready Mix", "03-300"], ["Harris Rebar Supply", "03-300"], ["84 Lumber", "06-100"], ["White Cap Supply", "01-100"],
  ["Ferguson Waterworks", "02-200"], ["United Rentals", "01-100"], ["Sunbelt Rentals", "01-100"], ["Fastenal", "01-100"],
];
const UNIONS = ["Carpenters Local 432 Trust Fund", "Laborers District Council Funds", "Operating Engineers Local 66 Funds", "Cement Masons Local 526 Funds"];

const U = {
  payroll: "MGARCIA", ap: "TWELLS", controller: "RCHEN", staff: "SPATEL", ar: "JBROOKS", equip: "DLOPEZ", pm: "AKOWALSKI", pm2: "LNGUYEN", cfo: "WHARPER",
};

interface Job {
  id: string;
  name: string;
  owner: string;
  start: number;
  /** Substantial completion: the last field work. */
  end: number;
  /** Monthly volume of field cost at full swing. */
  size: number;
  subs: [string, string][];
  /** The month (index from start) a change order raises the subs' billings. */
  changeAt: number;
}

interface Line {
  account: string;
  debit?: number;
  credit?: number;
  job?: string;
  phase?: string;
  ct?: string;
  vendor?: string;
  memo?: string;
}
interface Txn {
  journal: string;
  source: string;
  doc: string;
  /** AP: the vendor's invoice or pay application number (Vista's APRef), on the entry and its payment. */
  apRef?: string;
  date: number;
  /** The GL month it posts to; default the date's. */
  period?: number;
  entered: number;
  user: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function generateConstructionLedger(options: ConstructionOptions): ConstructionLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const txns: Txn[] = [];
  const add = (t: Txn) => {
    txns.push(t);
    return t;
  };
  const isWeekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());
  const workday = (day: number) => {
    let t = day;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  const at = (day: number, from = 8, to = 17) => day + Math.floor(between(from, to) * 3_600_000);
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  const nthWorkday = (y: number, m0: number, n: number) => {
    let t = Date.UTC(y, m0, 1), k = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++k === n) return t;
  };
  const months: [number, number][] = [];
  for (let y = 2024; y <= 2025; y++) for (let m = 0; m < 12; m++) months.push([y, m]);
  // The field slows in winter: December to February at about half the hours.
  const season = (day: number) => {
    const m = new Date(day).getUTCMonth();
    return m === 11 || m <= 1 ? 0.5 : m === 2 || m === 10 ? 0.8 : 1;
  };
  // The AP bookkeeper's leave (8 July – 16 August 2024): the controller keys AP.
  const apUser = (day: number) => (day >= Date.UTC(2024, 6, 8) && day < Date.UTC(2024, 7, 17) ? U.controller : U.ap);
  const subsFor = (n: number) => {
    const xs = [...SUBS];
    for (let i = xs.length - 1; i > 0; i--) {
      const k = Math.floor(rnd() * (i + 1));
      [xs[i], xs[k]] = [xs[k]!, xs[i]!];
    }
    return xs.slice(0, n);
  };
  const jobs: Job[] = [
    { id: "23-118", name: "Riverside Medical Office", owner: "Riverside Health Partners", start: Date.UTC(2023, 2, 1), end: Date.UTC(2024, 3, 19), size: 380000, subs: subsFor(6), changeAt: 99 },
    { id: "23-124", name: "Lakeview Elementary Addition", owner: "Lakeview School District", start: Date.UTC(2023, 5, 1), end: Date.UTC(2024, 7, 16), size: 300000, subs: subsFor(5), changeAt: 10 },
    { id: "24-101", name: "Harbor Point Apartments", owner: "Harbor Point Residential LLC", start: Date.UTC(2024, 2, 4), end: Date.UTC(2025, 5, 27), size: 520000, subs: subsFor(7), changeAt: 7 },
    { id: "24-105", name: "County Fire Station 7", owner: "Allegheny County", start: Date.UTC(2024, 3, 1), end: Date.UTC(2025, 1, 14), size: 210000, subs: subsFor(5), changeAt: 5 },
    { id: "24-109", name: "Midtown Parking Structure", owner: "Midtown Parking Authority", start: Date.UTC(2024, 5, 3), end: Date.UTC(2025, 8, 26), size: 450000, subs: subsFor(4), changeAt: 9 },
    { id: "24-112", name: "Northgate Retail Center", owner: "Northgate Commons LP", start: Date.UTC(2024, 7, 5), end: Date.UTC(2025, 4, 23), size: 260000, subs: subsFor(6), changeAt: 4 },
    { id: "24-115", name: "St. Luke's Clinic Renovation", owner: "St. Luke's Health System", start: Date.UTC(2024, 9, 7), end: Date.UTC(2025, 3, 18), size: 140000, subs: subsFor(5), changeAt: 99 },
    // Year two: the hospital tower, several times any 2024 job.
    { id: "25-201", name: "Mercy Regional Hospital Tower", owner: "Mercy Regional Medical Center", start: Date.UTC(2025, 2, 3), end: Date.UTC(2026, 11, 18), size: 1500000, subs: subsFor(9), changeAt: 6 },
    { id: "25-204", name: "Cedar Ridge Library", owner: "City of Cedar Ridge", start: Date.UTC(2025, 4, 5), end: Date.UTC(2025, 10, 21), size: 180000, subs: subsFor(5), changeAt: 99 },
    { id: "25-207", name: "Eastside Distribution Warehouse", owner: "Eastside Logistics Inc.", start: Date.UTC(2025, 6, 7), end: Date.UTC(2026, 4, 29), size: 380000, subs: subsFor(5), changeAt: 99 },
  ];
  const active = (j: Job, day: number) => day >= j.start && day <= j.end;
  // The S-curve: a job ramps up, peaks mid-way and tails off.
  const curve = (j: Job, day: number) => {
    const x = (day - j.start) / (j.end - j.start);
    return Math.max(0.15, Math.sin(Math.PI * Math.min(1, Math.max(0, x))));
  };
  const jobCost = new Map<string, number>(); // job|y-m → cost posted
  const addCost = (j: string, day: number, amt: number) => {
    const d = new Date(day);
    const k = `${j}|${d.getUTCFullYear()}-${d.getUTCMonth()}`;
    jobCost.set(k, (jobCost.get(k) ?? 0) + amt);
  };
  const checkNo = (() => {
    let n = 30000 + int(0, 5000);
    return () => String(++n);
  })();

  // ---- AP and what it pays -------------------------------------------------------------------------
  const toPay: { vendor: string; amount: number; day: number; doc: string; job?: string }[] = [];
  const payments: { vendor: string; amount: number; day: number; doc: string }[] = [];
  const apSeq = (() => {
    let n = 61000 + int(0, 3000);
    return () => `AP${++n}`;
  })();
  const apEntry = (day: number, vendor: string, ref: string, lines: Line[], kind: string, payable: number, job?: string) => {
    const e = workday(day + int(1, 6) * DAY);
    const t = add({ journal: "AP", source: "AP Entry", doc: apSeq(), apRef: ref, date: day, entered: at(e), user: apUser(e), lines, kind });
    toPay.push({ vendor, amount: payable, day, doc: ref, job });
    return t;
  };

  // Subcontractor pay applications: each sub bills its month's work on the 25th, 10 % retained.
  const payApps: { job: Job; vendor: string; phase: string; ref: string; gross: number; day: number; txn: Txn }[] = [];
  const retained = new Map<string, number>(); // job|vendor → retainage held
  for (const j of jobs) {
    j.subs.forEach(([ph, vendor], si) => {
      // Each trade works its own window of the job: site work first, finishes last.
      const from = j.start + ((j.end - j.start) * (si / (j.subs.length + 2))) * 0.6;
      const to = j.end - (j.end - j.start) * 0.05 * (j.subs.length - si) / j.subs.length;
      const contract = j.size * between(0.08, 0.16);
      let app = 0;
      const scNo = `SC${j.id.replace("-", "")}-${String(si + 1).padStart(2, "0")}`;
      for (let t = Date.UTC(new Date(j.start).getUTCFullYear(), new Date(j.start).getUTCMonth(), 25); t < Math.min(END, j.end + 40 * DAY); t = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + 1, 25)) {
        if (t < from || t > to + 30 * DAY) continue;
        app++;
        const monthIx = Math.round((t - j.start) / (30.4 * DAY));
        const co = monthIx >= j.changeAt ? 1.35 : 1;
        const gross = round2(logn(contract * 0.18 * season(t) * co * curve(j, t), 0.25));
        const ret = round2(gross * 0.1);
        const doc = `${scNo}-${String(app).padStart(2, "0")}`;
        const day = workday(t);
        if (day >= END) continue;
        const txn = apEntry(day, vendor, doc, [
          { account: "5200", debit: gross, job: j.id, phase: ph, ct: "S", vendor, memo: `Pay app ${app} ${PHASES[ph]}` },
          { account: "2010", credit: ret, job: j.id, vendor, memo: `Retainage 10% pay app ${app}` },
          { account: "2000", credit: round2(gross - ret), vendor, memo: `Pay app ${app}` },
        ], "sub_pay_app", round2(gross - ret), j.id);
        payApps.push({ job: j, vendor, phase: ph, ref: doc, gross, day, txn });
        addCost(j.id, day, gross);
        retained.set(`${j.id}|${vendor}`, round2((retained.get(`${j.id}|${vendor}`) ?? 0) + ret));
      }
    });
  }
  // Retainage released at the job's close (final lien waivers in): one large entry per sub.
  const releases: { job: Job; vendor: string; amount: number; day: number; ref: string }[] = [];
  for (const j of jobs) {
    const rel = workday(j.end + int(35, 60) * DAY);
    if (rel >= END) continue;
    for (const [si, [, vendor]] of j.subs.entries()) {
      const amt = retained.get(`${j.id}|${vendor}`) ?? 0;
      if (amt <= 0) continue;
      const doc = `RET-${j.id.replace("-", "")}-${String(si + 1).padStart(2, "0")}`;
      apEntry(rel, vendor, doc, [
        { account: "2010", debit: amt, job: j.id, vendor, memo: "Retainage release - final" },
        { account: "2000", credit: amt, vendor, memo: "Retainage release - final" },
      ], "retainage_release", amt, j.id);
      releases.push({ job: j, vendor, amount: amt, day: rel, ref: doc });
    }
  }
  // Material: a bulk delivery at the job's start (rebar, forms, lumber package), loads after.
  for (const j of jobs) {
    for (const [vendor, ph] of SUPPLIERS.slice(0, 3)) {
      const d = workday(j.start + int(3, 20) * DAY);
      if (d < START || d >= END) continue;
      const amt = round2(logn(j.size * 0.22, 0.3));
      apEntry(d, vendor, `${int(100000, 999999)}`, [
        { account: "5100", debit: amt, job: j.id, phase: ph, ct: "M", vendor, memo: "Bulk material delivery" },
        { account: "2000", credit: amt, vendor },
      ], "material_bulk", amt, j.id);
      addCost(j.id, d, amt);
    }
  }
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day)) continue;
    for (const j of jobs) {
      if (!active(j, day) || rnd() > 0.35 * season(day)) continue;
      const [vendor, ph] = pick(SUPPLIERS);
      const rental = vendor.includes("Rentals");
      const amt = round2(logn(j.size * (rental ? 0.006 : 0.012), 0.6));
      apEntry(day, vendor, `${rental ? "R" : ""}${int(1000000, 9999999)}`, [
        { account: rental ? "5400" : "5100", debit: amt, job: j.id, phase: ph, ct: rental ? "O" : "M", vendor, memo: rental ? "Equipment rental" : "Material delivery" },
        { account: "2000", credit: amt, vendor },
      ], rental ? "rental_bill" : "material_bill", amt, j.id);
      addCost(j.id, day, amt);
    }
  }
  // Overhead and equipment bills.
  for (const [y, m0] of months) {
    for (const [vendor, account, median, sigma] of [
      ["Penn Commercial Properties", "7100", 18500, 0], ["Travelers Insurance", "7200", 31000, 0.05], ["Verizon Business", "7400", 2400, 0.1],
      ["Duquesne Light", "7400", 3100, 0.2], ["Schneider Downs CPAs", "7300", 6500, 0.4],
    ] as const) {
      if (account === "7300" && rnd() < 0.5) continue;
      const d = workday(Date.UTC(y, m0, int(1, 12)));
      const amt = round2(sigma ? logn(median, sigma) : median);
      apEntry(d, vendor, `${int(10000, 99999)}`, [{ account, debit: amt, vendor }, { account: "2000", credit: amt, vendor }], "overhead_bill", amt);
    }
  }
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day) || rnd() > 0.3) continue;
    const [vendor, median, memo] = pick([["Bobcat of Pittsburgh", 2400, "Equipment repair"], ["Petroleum Traders", 3800, "Fuel"], ["Cleveland Brothers CAT", 5200, "Equipment parts and service"]] as const);
    const amt = round2(logn(median * season(day), 0.5));
    apEntry(day, vendor, `${int(100000, 999999)}`, [{ account: "6000", debit: amt, vendor, memo }, { account: "2000", credit: amt, vendor }], "equipment_bill", amt);
  }

  // ---- payroll: weekly certified payroll by job, union fringe accrued -------------------------------
  const fringeByMonth = new Map<string, number>(); // union|y-m
  for (let day = START + 4 * DAY; day < END; day += 7 * DAY) {
    // Paid Friday for the week ended the Sunday before; posted Wednesday–Thursday.
    const posted = day - int(1, 2) * DAY;
    for (const j of jobs) {
      if (!active(j, day - 5 * DAY)) continue;
      const lines: Line[] = [];
      let wages = 0, fringe = 0;
      const union = UNIONS[jobs.indexOf(j) % UNIONS.length]!;
      for (const ph of SELF) {
        if (ph === "02-200" && curve(j, day) > 0.5) continue;
        const w = round2(logn((j.size / 4.3) * 0.09 * season(day) * curve(j, day), 0.2));
        const f = round2(w * 0.38);
        wages += w;
        fringe += f;
        lines.push({ account: "5000", debit: w, job: j.id, phase: ph, ct: "L", memo: "Certified payroll" }, { account: "5010", debit: f, job: j.id, phase: ph, ct: "L", memo: "Union fringe" });
        addCost(j.id, day, w + f);
      }
      const tax = round2(wages * 0.24);
      lines.push(
        { account: "1010", credit: round2(wages - tax), memo: `PR week ending ${mdy(day - 5 * DAY)}` },
        { account: "2120", credit: tax, memo: "Withholdings" },
        { account: "2110", credit: round2(fringe), vendor: union, memo: "Union fringe accrual" },
      );
      add({ journal: "PR", source: "PR Update", doc: `PR${mdy(day).replaceAll("/", "")}`, date: day, entered: at(posted, 13, 17), user: U.payroll, lines, kind: "certified_payroll" });
      const k = `${union}|${new Date(day).getUTCFullYear()}-${new Date(day).getUTCMonth()}`;
      fringeByMonth.set(k, (fringeByMonth.get(k) ?? 0) + round2(fringe));
    }
    // Office payroll every other week.
    if (Math.round((day - START) / (7 * DAY)) % 2 === 0) {
      const w = round2(logn(48000, 0.04));
      add({ journal: "PR", source: "PR Update", doc: `PR${mdy(day).replaceAll("/", "")}S`, date: day, entered: at(posted, 13, 17), user: U.payroll, kind: "office_payroll", lines: [
        { account: "7000", debit: w, memo: "Salaried payroll" }, { account: "1010", credit: round2(w * 0.72), memo: "Salaried payroll" }, { account: "2120", credit: round2(w * 0.28), memo: "Withholdings" },
      ] });
    }
  }
  // Fringe remitted to each fund by the 15th of the next month (one payment per fund, often over the limit, approved).
  for (const [y, m0] of months) for (const union of UNIONS) {
    const amt = round2(fringeByMonth.get(`${union}|${y}-${m0}`) ?? 0);
    if (amt <= 0) continue;
    const d = workday(Date.UTC(y, m0 + 1, int(10, 14)));
    if (d >= END) continue;
    add({ journal: "AP", source: "AP Payment", doc: `EFT${checkNo()}`, apRef: `FR${y}${String(m0 + 1).padStart(2, "0")}`, date: d, entered: at(d, 9, 12), user: apUser(d), kind: "fringe_remittance", lines: [
      { account: "2110", debit: amt, vendor: union, memo: "Fringe remittance" }, { account: "1000", credit: amt, vendor: union, memo: "Fringe remittance" },
    ] });
  }
  // ---- the payment runs: Tuesdays, bills 30+ days old; pay apps when the owner has paid ---------------
  for (let day = START; day < END; day += DAY) {
    if (new Date(day).getUTCDay() !== 2) continue;
    const due = toPay.filter((b) => day - b.day >= 30 * DAY);
    for (const b of due) {
      const doc = b.amount > 5000 ? `EFT${checkNo()}` : `CK${checkNo()}`;
      add({ journal: "AP", source: "AP Payment", doc, apRef: b.doc, date: day, entered: at(day, 10, 13), user: apUser(day), kind: "ap_payment", lines: [
        { account: "2000", debit: b.amount, vendor: b.vendor, memo: `Pay ${b.doc}` }, { account: "1000", credit: b.amount, vendor: b.vendor, memo: `Pay ${b.doc}` },
      ] });
      payments.push({ vendor: b.vendor, amount: b.amount, day, doc });
    }
    toPay.splice(0, toPay.length, ...toPay.filter((b) => !due.includes(b)));
  }

  // ---- AR: progress billings (AIA) on the 25th, retainage receivable, owners paying in 45 days -------
  const billed = new Map<string, number>(); // job → billed to date
  const costToDate = new Map<string, number>();
  const wipByMonth = new Map<string, Map<string, number>>(); // y-m → job → over(+)/under(−) billing
  for (const [y, m0] of months) {
    for (const j of jobs) {
      const cost = jobCost.get(`${j.id}|${y}-${m0}`) ?? 0;
      costToDate.set(j.id, (costToDate.get(j.id) ?? 0) + cost);
      if (cost <= 0) continue;
      // Billed on a schedule of values: cost plus fee, front-loaded or lagging by the month's progress.
      const gross = round2(cost * 1.12 * between(0.85, 1.18));
      const ret = round2(gross * 0.1);
      const d = workday(Date.UTC(y, m0, 25));
      add({ journal: "AR", source: "AR Invoice", doc: `${j.id.replace("-", "")}-${String(m0 + 1).padStart(2, "0")}${y % 100}`, date: d, entered: at(d, 9, 16), user: U.ar, kind: "progress_billing", lines: [
        { account: "1200", debit: round2(gross - ret), job: j.id, vendor: j.owner, memo: "Progress billing AIA G702" },
        { account: "1210", debit: ret, job: j.id, vendor: j.owner, memo: "Retainage receivable" },
        { account: "4000", credit: gross, job: j.id, vendor: j.owner, memo: "Progress billing AIA G702" },
      ] });
      billed.set(j.id, (billed.get(j.id) ?? 0) + gross);
      const pay = workday(d + int(35, 60) * DAY);
      if (pay < END) add({ journal: "AR", source: "AR Receipt", doc: `DEP${int(10000, 99999)}`, date: pay, entered: at(pay, 9, 15), user: U.ar, kind: "owner_payment", lines: [
        { account: "1000", debit: round2(gross - ret), vendor: j.owner, memo: "Owner payment" }, { account: "1200", credit: round2(gross - ret), job: j.id, vendor: j.owner, memo: "Owner payment" },
      ] });
      const wip = wipByMonth.get(`${y}-${m0}`) ?? new Map<string, number>();
      wip.set(j.id, round2((billed.get(j.id) ?? 0) - (costToDate.get(j.id) ?? 0) * 1.12));
      wipByMonth.set(`${y}-${m0}`, wip);
    }
  }
  // Retainage receivable collected at the job's close.
  for (const j of jobs) {
    const d = workday(j.end + int(45, 75) * DAY);
    const amt = round2((billed.get(j.id) ?? 0) * 0.1);
    if (d >= END || amt <= 0 || d < START) continue;
    add({ journal: "AR", source: "AR Receipt", doc: `DEP${int(10000, 99999)}`, date: d, entered: at(d, 9, 15), user: U.ar, kind: "retainage_collected", lines: [
      { account: "1000", debit: amt, vendor: j.owner, memo: "Retainage collected" }, { account: "1210", credit: amt, job: j.id, vendor: j.owner, memo: "Retainage collected" },
    ] });
  }
  // Unidentified receipts parked in suspense by AR and applied days later.
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day) || rnd() > 0.04) continue;
    const j = pick(jobs.filter((x) => active(x, day)));
    if (!j) continue;
    const amt = round2(logn(j.size * 0.5, 0.6));
    add({ journal: "AR", source: "AR Receipt", doc: `DEP${int(10000, 99999)}`, date: day, entered: at(day, 9, 15), user: U.ar, kind: "unapplied_receipt", lines: [
      { account: "1000", debit: amt, memo: "Unidentified deposit" }, { account: "1990", credit: amt, memo: "Unidentified deposit" },
    ] });
    const ap = workday(day + int(2, 9) * DAY);
    add({ journal: "GJ", source: "GL Journal", doc: `JE${mdy(ap).replaceAll("/", "").slice(0, 4)}-${int(10, 99)}`, date: ap, entered: at(ap, 9, 16), user: U.ar, kind: "suspense_cleared", lines: [
      { account: "1990", debit: amt, memo: "Apply unidentified deposit" }, { account: "1200", credit: amt, job: j.id, vendor: j.owner, memo: "Apply unidentified deposit" },
    ] });
  }

  // ---- the month end ----------------------------------------------------------------------------
  const equipment = [{ name: "CAT 320 excavator", rate: 145 }, { name: "Manitowoc crawler crane", rate: 310 }, { name: "JLG telehandler", rate: 62 }, { name: "Skid steer", rate: 48 }];
  for (const [y, m0] of months) {
    const me = monthEnd(y, m0);
    const wd = (n: number) => nthWorkday(y, m0 + 1, n);
    const next1 = nthWorkday(y, m0 + 1, 1);
    // Equipment allocated to jobs by the hours on the foremen's timecards.
    const eq: Line[] = [];
    let total = 0;
    for (const j of jobs) {
      if (!active(j, me - 15 * DAY)) continue;
      for (const e of equipment) {
        if (rnd() < 0.35) continue;
        const hours = Math.round(logn(90 * season(me) * curve(j, me) * (j.size > 1e6 ? 2 : 1), 0.4));
        const amt = round2(hours * e.rate);
        total += amt;
        eq.push({ account: "5300", debit: amt, job: j.id, phase: "01-100", ct: "E", memo: `${e.name} ${hours} hrs` });
        addCost(j.id, me, amt);
      }
    }
    if (eq.length) {
      eq.push({ account: "6900", credit: round2(total), memo: "Equipment allocated to jobs" });
      add({ journal: "EM", source: "EM Allocation", doc: `EM${y}${String(m0 + 1).padStart(2, "0")}`, date: me, entered: at(wd(2), 10, 16), user: U.equip, lines: eq, kind: "equipment_allocation" });
    }
    // Depreciation of the fleet: the same every month.
    add({ journal: "GJ", source: "GL Journal", doc: `DEP${y}${String(m0 + 1).padStart(2, "0")}`, date: me, entered: at(wd(3), 9, 12), user: U.staff, kind: "depreciation", lines: [
      { account: "6100", debit: 21450, memo: "Equipment depreciation" }, { account: "1590", credit: 21450, memo: "Equipment depreciation" },
    ] });
    // Sub work in place not yet billed, accrued per job and reversed on the 1st.
    for (const j of jobs) {
      if (!active(j, me - 10 * DAY) || rnd() < 0.5) continue;
      const [ph] = pick(j.subs);
      const amt = Math.round(logn(j.size * 0.05, 0.5) / 100) * 100;
      const memo = `Accrue unbilled sub work ${MONTHS3[m0]} ${y}`;
      const acc = add({ journal: "GJ", source: "GL Journal", doc: `ACR${y}${String(m0 + 1).padStart(2, "0")}-${j.id.slice(3)}`, date: me, entered: at(wd(3), 10, 17), user: U.staff, kind: "accrual", lines: [
        { account: "5200", debit: amt, job: j.id, phase: ph, ct: "S", memo }, { account: "2200", credit: amt, memo },
      ] });
      if (next1 < END) add({ journal: "GJ", source: "GL Journal", doc: `${acc.doc}R`, date: Date.UTC(y, m0 + 1, 1), entered: at(wd(3), 17, 18), user: U.staff, kind: "accrual_reversal", lines: [
        { account: "2200", debit: amt, memo: `Reverse: ${memo}` }, { account: "5200", credit: amt, job: j.id, phase: ph, ct: "S", memo: `Reverse: ${memo}` },
      ] });
    }
    // The WIP schedule: over/under billing per job, booked by the controller and reversed on the 1st.
    const wip = wipByMonth.get(`${y}-${m0}`);
    if (wip && wip.size) {
      const lines: Line[] = [];
      for (const [job, v] of wip) {
        const amt = Math.round(Math.abs(v) / 10) * 10;
        if (!amt) continue;
        if (v > 0) lines.push({ account: "4100", debit: amt, job, memo: "Overbilling WIP adj" }, { account: "2300", credit: amt, job, memo: "Overbilling WIP adj" });
        else lines.push({ account: "1300", debit: amt, job, memo: "Underbilling WIP adj" }, { account: "4100", credit: amt, job, memo: "Underbilling WIP adj" });
      }
      const close = workday(wd(8));
      const entered = at(close, 16, 21); // the controller stays late on WIP day
      add({ journal: "GJ", source: "GL Journal", doc: `WIP${y}${String(m0 + 1).padStart(2, "0")}`, date: me, entered, user: U.controller, lines, kind: "wip_adjustment" });
      if (next1 < END) add({ journal: "GJ", source: "GL Journal", doc: `WIP${y}${String(m0 + 1).padStart(2, "0")}R`, date: Date.UTC(y, m0 + 1, 1), entered: entered + 5 * 60_000, user: U.controller, kind: "wip_reversal", lines: lines.map((l) => ({ ...l, debit: l.credit, credit: l.debit, memo: `Reverse: ${l.memo}` })) });
    }
    // Accrued expenses: utilities and the audit fee, reversed on the 1st.
    const ae = Math.round(logn(6000, 0.2) / 10) * 10;
    add({ journal: "GJ", source: "GL Journal", doc: `ACE${y}${String(m0 + 1).padStart(2, "0")}`, date: me, entered: at(wd(3), 10, 17), user: U.staff, kind: "accrual", lines: [
      { account: "7400", debit: ae, memo: "Accrued utilities" }, { account: "2210", credit: ae, memo: "Accrued utilities" },
    ] });
    if (next1 < END) add({ journal: "GJ", source: "GL Journal", doc: `ACE${y}${String(m0 + 1).padStart(2, "0")}R`, date: Date.UTC(y, m0 + 1, 1), entered: at(wd(3), 17, 18), user: U.staff, kind: "accrual_reversal", lines: [
      { account: "2210", debit: ae, memo: "Reverse: Accrued utilities" }, { account: "7400", credit: ae, memo: "Reverse: Accrued utilities" },
    ] });
    // The PMs' cost reclasses between phases now and then (a crew coded to the wrong cost code).
    for (const pm of [U.pm, U.pm2]) {
      if (rnd() < 0.4) continue;
      const j = pick(jobs.filter((x) => active(x, me - 10 * DAY)));
      if (!j) continue;
      const amt = round2(logn(4000, 0.7));
      const [a, b] = [pick(SELF), pick(SELF)];
      if (a === b) continue;
      const d = workday(Date.UTC(y, m0, int(5, 24)));
      add({ journal: "JC", source: "JC Cost Adj", doc: `JC${y % 100}${String(m0 + 1).padStart(2, "0")}-${int(1, 40)}`, date: d, entered: at(d, 8, 17), user: pm, kind: "pm_cost_reclass", lines: [
        { account: "5000", debit: amt, job: j.id, phase: a, ct: "L", memo: "Reclass labor to correct phase" }, { account: "5000", credit: amt, job: j.id, phase: b, ct: "L", memo: "Reclass labor to correct phase" },
      ] });
    }
    // Bank charges.
    const fees = round2(logn(420, 0.2));
    add({ journal: "GJ", source: "GL Journal", doc: `BK${y}${String(m0 + 1).padStart(2, "0")}`, date: me, entered: at(wd(2), 9, 12), user: U.staff, kind: "bank_charges", lines: [
      { account: "7500", debit: fees, memo: "Bank analysis charges" }, { account: "1000", credit: fees, memo: "Bank analysis charges" },
    ] });
  }
  // Year-end: the auditors' adjustments keyed in late January into December (the year's close waits for them).
  for (const y of [2024]) {
    for (const [dr, cr, memo, amt, who] of [
      ["8000", "2500", "AJE 1 income tax provision", Math.round(between(150, 400)) * 1000, U.controller],
      ["5400", "2210", "AJE 2 warranty reserve", Math.round(between(40, 120)) * 1000, U.controller],
      ["7300", "2210", "AJE 3 audit fee accrual", Math.round(between(30, 60)) * 1000, U.cfo],
    ] as const) {
      const keyed = workday(Date.UTC(y + 1, 0, int(20, 31)));
      add({ journal: "GJ", source: "GL Journal", doc: `AJE${y}-${memo.split(" ")[1]}`, date: Date.UTC(y, 11, 31), entered: at(keyed), user: who, kind: "audit_adjustment", lines: [
        { account: dr, debit: amt, memo }, { account: cr, credit: amt, memo },
      ] });
    }
  }

  // ---- planted problems -------------------------------------------------------------------------
  const someDay = (from = START + 60 * DAY, to = END - 30 * DAY) => workday(from + Math.floor(rnd() * ((to - from) / DAY)) * DAY);
  // A pay application keyed again weeks later under a slightly different number (and paid again).
  for (let k = 0; k < 3; k++) {
    const p = pick(payApps.filter((x) => x.day > START + 30 * DAY && x.day < END - 60 * DAY));
    const d = workday(p.day + int(10, 30) * DAY);
    // Keyed again from a second copy of the application: a letter added, a separator dropped, two digits swapped.
    const doc = pick([`${p.ref}A`, p.ref.replace(/-(\d+)$/, "$1"), p.ref.replace(/(\d)(\d)$/, "$2$1")]);
    const lines = p.txn.lines.map((l) => ({ ...l }));
    add({ journal: "AP", source: "AP Entry", doc: apSeq(), apRef: doc, date: d, entered: at(workday(d + DAY)), user: apUser(d), lines, kind: "planted", anomaly: "sub_payapp_paid_twice" });
    const pd = workday(d + 35 * DAY);
    const net = lines.find((l) => l.account === "2000")!.credit!;
    add({ journal: "AP", source: "AP Payment", doc: `EFT${checkNo()}`, apRef: doc, date: pd, entered: at(pd, 10, 13), user: apUser(pd), kind: "planted_payment", anomaly: "payment_of_planted_duplicate", lines: [
      { account: "2000", debit: net, vendor: p.vendor, memo: `Pay ${doc}` }, { account: "1000", credit: net, vendor: p.vendor, memo: `Pay ${doc}` },
    ] });
  }
  // Retainage released a second time, weeks after the final release.
  for (let k = 0; k < 3; k++) {
    const r = pick(releases.filter((x) => x.day < END - 60 * DAY));
    const d = workday(r.day + int(20, 45) * DAY);
    const doc = pick([`${r.ref}A`, r.ref.replace(/-(\d+)$/, "$1")]);
    add({ journal: "AP", source: "AP Entry", doc: apSeq(), apRef: doc, date: d, entered: at(workday(d + DAY)), user: apUser(d), kind: "planted", anomaly: "retainage_released_twice", lines: [
      { account: "2010", debit: r.amount, job: r.job.id, vendor: r.vendor, memo: "Retainage release - final" }, { account: "2000", credit: r.amount, vendor: r.vendor, memo: "Retainage release - final" },
    ] });
    const pd = workday(d + 30 * DAY);
    if (pd < END) add({ journal: "AP", source: "AP Payment", doc: `EFT${checkNo()}`, apRef: doc, date: pd, entered: at(pd, 10, 13), user: apUser(pd), kind: "planted_payment", anomaly: "payment_of_planted_duplicate", lines: [
      { account: "2000", debit: r.amount, vendor: r.vendor, memo: `Pay ${doc}` }, { account: "1000", credit: r.amount, vendor: r.vendor, memo: `Pay ${doc}` },
    ] });
  }
  // Costs posted to a job closed months before (its retainage released, its books final).
  for (let k = 0; k < 3; k++) {
    const j = pick(jobs.filter((x) => x.end + 120 * DAY < END - 30 * DAY && x.end > START - 200 * DAY));
    const d = someDay(Math.max(START, j.end + 90 * DAY), Math.min(END - 20 * DAY, j.end + 300 * DAY));
    const [vendor, ph] = pick(SUPPLIERS.slice(0, 4));
    const amt = round2(logn(j.size * 0.03, 0.4));
    add({ journal: "AP", source: "AP Entry", doc: apSeq(), apRef: `${int(100000, 999999)}`, date: d, entered: at(workday(d + DAY)), user: apUser(d), kind: "planted", anomaly: "cost_to_closed_job", lines: [
      { account: "5100", debit: amt, job: j.id, phase: ph, ct: "M", vendor, memo: "Material delivery" }, { account: "2000", credit: amt, vendor },
    ] });
  }
  // A round sum to suspense by a user who never posts there.
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const amt = pick([25000, 40000, 50000, 75000, 100000]);
    add({ journal: "GJ", source: "GL Journal", doc: `JE${mdy(d).replaceAll("/", "").slice(0, 4)}-${int(10, 99)}`, date: d, entered: at(d, 14, 18), user: pick([U.pm, U.payroll, U.equip]), kind: "planted", anomaly: "round_sum_to_suspense", lines: [
      { account: "1990", debit: amt, memo: "Clearing" }, { account: "1000", credit: amt, memo: "Clearing" },
    ] });
  }
  // A supplier's bill paid in two or three checks, each just under the approval limit.
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const vendor = pick(SUPPLIERS.slice(0, 4))[0];
    const ref = `${int(100000, 999999)}`;
    const parts = int(2, 3);
    for (let i = 0; i < parts; i++) {
      const amt = round2(CONSTRUCTION_PAYMENT_LIMIT - between(80, 1400));
      add({ journal: "AP", source: "AP Payment", doc: `CK${checkNo()}`, apRef: ref, date: d, entered: at(d, 10, 16), user: apUser(d), kind: "planted", anomaly: "payment_split_under_limit", lines: [
        { account: "2000", debit: amt, vendor, memo: "Manual check" }, { account: "1000", credit: amt, vendor, memo: "Manual check" },
      ] });
    }
  }
  // A project manager keying a cost transfer between jobs at two in the morning.
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const live = jobs.filter((x) => active(x, d));
    const [a, b] = [pick(live), pick(live)];
    const amt = round2(logn(30000, 0.4));
    add({ journal: "JC", source: "JC Cost Adj", doc: `JC${int(1000, 9999)}`, date: d, entered: d + Math.floor(between(1.8, 3.2) * 3_600_000), user: pick([U.pm, U.pm2]), kind: "planted", anomaly: "unusual_user_at_night", lines: [
      { account: "5200", debit: amt, job: a!.id, phase: pick(a!.subs)[0], ct: "S", memo: "Cost transfer" }, { account: "5200", credit: amt, job: b!.id, phase: pick(b!.subs)[0], ct: "S", memo: "Cost transfer" },
    ] });
  }
  // A month-end sub accrual left unreversed.
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(3, 21));
    const me = monthEnd(y, m0);
    const j = pick(jobs.filter((x) => active(x, me - 10 * DAY)));
    const amt = Math.round(logn(j.size * 0.05, 0.5) / 100) * 100;
    add({ journal: "GJ", source: "GL Journal", doc: `ACR${y}${String(m0 + 1).padStart(2, "0")}-${j.id.slice(3)}B`, date: me, entered: at(nthWorkday(y, m0 + 1, 3), 10, 17), user: U.staff, kind: "planted", anomaly: "accrual_never_reversed", lines: [
      { account: "5200", debit: amt, job: j.id, phase: pick(j.subs)[0], ct: "S", memo: `Accrue unbilled sub work ${MONTHS3[m0]} ${y}` }, { account: "2200", credit: amt, memo: `Accrue unbilled sub work ${MONTHS3[m0]} ${y}` },
    ] });
  }
  // An entry keyed 60–150 days after its month was closed, into that month.
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(2, 19));
    const d = workday(Date.UTC(y, m0, int(5, 25)));
    const keyed = workday(nthWorkday(y, m0 + 1, 10) + int(60, 150) * DAY);
    const j = pick(jobs.filter((x) => active(x, d)));
    const amt = round2(logn(15000, 0.5));
    add({ journal: "GJ", source: "GL Journal", doc: `JE${int(1000, 9999)}`, date: d, entered: at(keyed), user: pick([U.staff, U.controller]), kind: "planted", anomaly: "posting_to_closed_period", lines: [
      { account: "5400", debit: amt, job: j.id, phase: "01-100", ct: "O", memo: "Adjustment" }, { account: "2210", credit: amt, memo: "Adjustment" },
    ] });
  }

  return exportLedger(txns.filter((t) => t.date >= START && t.date < END && t.lines.every((l) => (l.debit ?? 1) > 0 && (l.credit ?? 1) > 0)));
}

const MONTHS3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

// ---- the export -------------------------------------------------------------------------------------
function exportLedger(txns: Txn[]): ConstructionLedger {
  // Trans # counts up as entries are posted; batches group a journal's entries posted together.
  const byEntry = [...txns].sort((a, b) => a.entered - b.entered);
  const transNo = new Map<Txn, number>();
  const batchOf = new Map<Txn, number>();
  let id = 880_000, batch = 5200, lastKey = "";
  for (const t of byEntry) {
    transNo.set(t, ++id);
    const key = `${t.journal}|${t.user}|${new Date(t.entered).toISOString().slice(0, 10)}`;
    if (key !== lastKey) batch++;
    lastKey = key;
    batchOf.set(t, batch);
  }
  const ordered = [...txns].sort((a, b) => a.date - b.date || transNo.get(a)! - transNo.get(b)!);
  const rows: string[][] = [];
  const transactionOfLine = new Map<string, string>();
  const transactions: ConstructionTransaction[] = [];
  for (const t of ordered) {
    const tid = String(transNo.get(t));
    transactions.push({ id: tid, source: t.source, kind: t.kind, anomaly: t.anomaly, user: t.user, lines: t.lines.length });
    const d = new Date(t.period ?? t.date);
    const period = `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${d.getUTCFullYear()}`;
    t.lines.forEach((l, i) => {
      transactionOfLine.set(`${tid}-${i + 1}`, tid);
      rows.push([
        tid, String(i + 1), String(batchOf.get(t)), t.journal, t.source, acct(l.account), l.job ?? "", l.phase ? phase(l.phase) : "", l.ct ?? "", l.vendor ?? "", t.doc, t.apRef ?? "",
        mdy(t.date), period, l.debit ? l.debit.toFixed(2) : "", l.credit ? l.credit.toFixed(2) : "", l.memo ?? "", t.user, mdyTime(t.entered),
      ]);
    });
  }
  return { header: CONSTRUCTION_HEADER, rows, transactionOfLine, transactions };
}

const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
};
const mdyTime = (ms: number) => {
  const d = new Date(ms);
  return `${mdy(ms)} ${String(d.getUTCHours()).padStart(2, "0")}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
};

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: ConstructionLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
