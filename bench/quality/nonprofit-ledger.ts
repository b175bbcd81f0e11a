/**
 * An independent evaluation ledger of a US NONPROFIT: a community-services organisation in
 * Massachusetts (four programs, federal, state and foundation grants, a capital campaign; USD,
 * calendar 2024–2025) exported from Sage Intacct as a custom report on the GL detail ("GL Detail"
 * with the audit columns added): one row per GL entry line, the line's RECORDNO as `Record No`
 * (assigned when the entry was created, so the rows sorted by entry date do not count up),
 * the journal symbol (GJ general, AP payables, AR receivables, CR cash receipts, PR payroll), the
 * batch number (per journal), `Entry Date` as MM/DD/YYYY, the Document (a vendor's bill number on
 * a bill, the check or ACH number on a payment, the deposit slip on a receipt), the nonprofit
 * dimensions Fund / Program / Department / Grant / Location as "ID--Name", the Vendor, Customer
 * (donor or grantor) and Employee dimensions, `Created By`, `When Created` (MM/DD/YYYY HH:mm:ss,
 * the company's local time) and `Approved By`. Plain numbers, no thousands separator; an empty
 * Debit or Credit where the line has none.
 *
 * Written from how such an organisation's books look — before reading the product's detectors:
 * payroll from ADP allocated to programs and grants by each pay period's timesheet percentages
 * (many round-ish lines), net assets released from restriction at month end, a monthly
 * indirect-cost allocation, grants with budget periods (renewed under a new code, or closed out
 * with bills for the last months keyed weeks after the end), rental assistance paid to landlords
 * at the same amount every month, a gala each October (hundreds of gifts and the event's bills in
 * one month, the bar on the unrestricted fund), year-end audit adjustments keyed in February dated
 * 31 December (by the controller and by the auditors' own user), in-kind gifts keyed by the
 * development director, multi-year pledges, recurring rent and utilities, staff mileage
 * reimbursements, the executive director replaced mid-history, the bookkeeper leaving and another
 * arriving, and a capital campaign that buys a building (one payment of millions). The planted
 * problems (≈0.7 % of documents) are of the kinds a nonprofit's auditor or grants manager reports;
 * every document carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface NonprofitOptions {
  seed: number;
}

/** One judged document: a journal entry, a bill, a payment, a deposit (its lines share Journal and Batch No). */
export interface NonprofitDocument {
  /** `<journal>-<batch no>`, as the export's two columns name it. */
  id: string;
  journal: string;
  kind: string;
  /** Set for planted problems: the kind an auditor would report. */
  anomaly?: string;
  user: string;
  lines: number;
}

export interface NonprofitLedger {
  header: string[];
  rows: string[][];
  /** Record No → document id. */
  documentOfRecord: Map<string, string>;
  documents: NonprofitDocument[];
}

export const NONPROFIT_HEADER = [
  "Record No", "Journal", "Batch No", "Entry Date", "Document", "Batch Title", "Line No", "Account No", "Account Title", "Memo",
  "Debit", "Credit", "Fund", "Program", "Department", "Grant", "Location", "Vendor ID", "Vendor Name", "Customer ID", "Customer Name",
  "Employee ID", "Created By", "When Created", "Approved By",
];

export const NONPROFIT_ANOMALIES = [
  "duplicate_invoice_paid_twice",
  "unallowable_grant_expense",
  "restricted_release_by_nonfinance",
  "grant_expense_after_end",
  "split_payment_new_vendor",
  "self_approved_reimbursement",
  "posting_after_departure",
  "round_cash_je_period_end",
] as const;

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

const ACCOUNTS: Record<string, string> = {
  "1010": "Cash - Operating Checking", "1020": "Cash - Money Market", "1030": "Cash - Capital Campaign",
  "1210": "Grants Receivable", "1220": "Pledges Receivable", "1300": "Prepaid Expenses", "1500": "Land and Building",
  "1510": "Furniture and Equipment", "1590": "Accumulated Depreciation", "2010": "Accounts Payable", "2110": "Payroll Taxes Payable",
  "2120": "Benefits Payable", "2200": "Accrued Expenses", "2400": "Deferred Revenue", "3100": "Net Assets Without Donor Restrictions",
  "3200": "Net Assets With Donor Restrictions", "4010": "Contributions - Individuals", "4020": "Contributions - Foundations",
  "4030": "Contributions - Corporate", "4100": "Federal Grant Revenue", "4110": "State Grant Revenue", "4200": "Special Events Revenue",
  "4300": "In-Kind Contributions", "4400": "Capital Campaign Contributions", "4500": "Investment Income",
  "4900": "Net Assets Released - With Donor Restrictions", "4910": "Net Assets Released - Without Donor Restrictions",
  "5010": "Salaries and Wages", "5020": "Payroll Taxes", "5030": "Employee Benefits", "6010": "Rent", "6020": "Utilities",
  "6030": "Telephone and Internet", "6040": "Office Supplies", "6050": "Program Supplies", "6060": "Postage and Printing",
  "6070": "Professional Fees - Audit", "6080": "Professional Fees - Legal", "6090": "Contract Services", "6100": "Travel and Mileage",
  "6110": "Conferences and Training", "6120": "Insurance", "6130": "Software and Subscriptions", "6140": "Equipment Maintenance",
  "6150": "Bank and Merchant Fees", "6160": "Special Event Expenses", "6170": "In-Kind Expense", "6180": "Depreciation",
  "6190": "Participant Assistance", "6200": "Food and Meals - Program", "6900": "Indirect Cost Allocation",
  "7850": "Entertainment and Alcohol - Unallowable",
};

const FUND = { gen: "100--Without Donor Restrictions", res: "200--With Donor Restrictions", fed: "300--Federal Awards", state: "310--State Awards", cap: "400--Capital Campaign" };
const PROGRAM = { youth: "P10--Youth Mentoring", lit: "P20--Adult Literacy", food: "P30--Food Security", housing: "P40--Housing Navigation", mg: "MG--Management and General", fr: "FR--Fundraising" };
const DEPT = { prog: "D100--Program Services", fin: "D200--Finance and Administration", dev: "D300--Development", fac: "D400--Facilities" };
const LOC = { hq: "HQ--Main Street", east: "EAST--Eastside Center", west: "WEST--Westside Center" };

interface Grant { code: string; program: string; fund: string; from: number; to: number; federal: boolean; revenue: string; grantor: string; location: string }
const d = (y: number, m: number, day: number) => Date.UTC(y, m - 1, day);
const GRANTS: Grant[] = [
  { code: "HHS-90FX0123-Y1--HHS Youth Mentoring Y1", program: PROGRAM.youth, fund: FUND.fed, from: d(2023, 10, 1), to: d(2024, 9, 30), federal: true, revenue: "4100", grantor: "C-HHS", location: LOC.east },
  { code: "HHS-90FX0123-Y2--HHS Youth Mentoring Y2", program: PROGRAM.youth, fund: FUND.fed, from: d(2024, 10, 1), to: d(2025, 9, 30), federal: true, revenue: "4100", grantor: "C-HHS", location: LOC.east },
  { code: "HHS-90FX0123-Y3--HHS Youth Mentoring Y3", program: PROGRAM.youth, fund: FUND.fed, from: d(2025, 10, 1), to: d(2026, 9, 30), federal: true, revenue: "4100", grantor: "C-HHS", location: LOC.east },
  { code: "HUD-COC-MA0456-24--HUD Continuum of Care FY24", program: PROGRAM.housing, fund: FUND.fed, from: d(2024, 1, 1), to: d(2024, 12, 31), federal: true, revenue: "4100", grantor: "C-HUD", location: LOC.hq },
  { code: "HUD-COC-MA0456-25--HUD Continuum of Care FY25", program: PROGRAM.housing, fund: FUND.fed, from: d(2025, 1, 1), to: d(2025, 12, 31), federal: true, revenue: "4100", grantor: "C-HUD", location: LOC.hq },
  { code: "USDA-CACFP-2024--USDA Child and Adult Care Food FY24", program: PROGRAM.food, fund: FUND.fed, from: d(2023, 10, 1), to: d(2024, 9, 30), federal: true, revenue: "4100", grantor: "C-USDA", location: LOC.west },
  { code: "USDA-CACFP-2025--USDA Child and Adult Care Food FY25", program: PROGRAM.food, fund: FUND.fed, from: d(2024, 10, 1), to: d(2025, 9, 30), federal: true, revenue: "4100", grantor: "C-USDA", location: LOC.west },
  { code: "USDA-CACFP-2026--USDA Child and Adult Care Food FY26", program: PROGRAM.food, fund: FUND.fed, from: d(2025, 10, 1), to: d(2026, 9, 30), federal: true, revenue: "4100", grantor: "C-USDA", location: LOC.west },
  { code: "DOJ-OJJDP-2023-MU-0071--DOJ Youth Violence Prevention", program: PROGRAM.youth, fund: FUND.fed, from: d(2023, 1, 1), to: d(2025, 3, 31), federal: true, revenue: "4100", grantor: "C-DOJ", location: LOC.west },
  { code: "MA-DESE-AL24--Mass DESE Adult Literacy FY24", program: PROGRAM.lit, fund: FUND.state, from: d(2023, 7, 1), to: d(2024, 6, 30), federal: false, revenue: "4110", grantor: "C-MADESE", location: LOC.hq },
  { code: "MA-DESE-AL25--Mass DESE Adult Literacy FY25", program: PROGRAM.lit, fund: FUND.state, from: d(2024, 7, 1), to: d(2025, 6, 30), federal: false, revenue: "4110", grantor: "C-MADESE", location: LOC.hq },
  { code: "MA-DESE-AL26--Mass DESE Adult Literacy FY26", program: PROGRAM.lit, fund: FUND.state, from: d(2025, 7, 1), to: d(2026, 6, 30), federal: false, revenue: "4110", grantor: "C-MADESE", location: LOC.hq },
  { code: "FDN-BARR-2024--Barr Foundation Food Access", program: PROGRAM.food, fund: FUND.res, from: d(2024, 3, 1), to: d(2025, 8, 31), federal: false, revenue: "4020", grantor: "C-BARR", location: LOC.west },
];
/** The organisation's awards as its grants manager would configure them (modules.compliance.grants):
 *  the grant's id as the Grant dimension writes it before its name, and the period of performance. */
export function nonprofitAwards(): { id: string; start: string; end: string; federal: boolean }[] {
  const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
  return GRANTS.map((g) => ({ id: g.code.split("--")[0]!, start: iso(g.from), end: iso(g.to), federal: g.federal }));
}
const grantsOn = (day: number, program?: string) => GRANTS.filter((g) => g.from <= day && day <= g.to && (!program || g.program === program));

/** Users: who keys, who approves, and when each was there. */
const USER = {
  bookkeeper1: "jmorales", bookkeeper2: "kpatel", controller: "dchen", ed1: "rwilliams", ed2: "anguyen",
  adp: "adp.integration", donorSync: "bloomerang.sync", devDirector: "lwatts", programDirector: "tgarcia", auditor: "cbrooks.rsm",
};
/** The finance staff, who release net assets from restriction (the controller and both bookkeepers). */
export const NONPROFIT_FINANCE_USERS = [USER.controller, USER.bookkeeper1, USER.bookkeeper2];
const BOOKKEEPER1_LAST_DAY = d(2024, 9, 30);
const BOOKKEEPER2_FIRST_DAY = d(2024, 10, 14);
const ED1_LAST_DAY = d(2024, 6, 28);
const ED2_FIRST_DAY = d(2024, 7, 15);
/** The controller approves bills up to this; the executive director above it. */
const APPROVAL_LIMIT = 5000;

interface Vendor { id: string; name: string; account: string; median: number; sigma: number; perMonth: number; program?: string; numbering: (n: number) => string; terms: number }
const num = (prefix: string, start: number) => (n: number) => `${prefix}${start + n}`;
const REGULAR_VENDORS: Vendor[] = [
  { id: "V1001", name: "Staples Business Advantage", account: "6040", median: 240, sigma: 0.6, perMonth: 4, numbering: num("", 7031550), terms: 30 },
  { id: "V1002", name: "Amazon Business", account: "6050", median: 180, sigma: 0.8, perMonth: 9, numbering: num("1KR7-", 43100), terms: 15 },
  { id: "V1003", name: "Greater Boston Food Bank", account: "6200", median: 1850, sigma: 0.45, perMonth: 4, program: PROGRAM.food, numbering: num("GBFB-", 20114), terms: 30 },
  { id: "V1004", name: "Sysco Boston", account: "6200", median: 960, sigma: 0.5, perMonth: 4, program: PROGRAM.food, numbering: num("", 440219), terms: 14 },
  { id: "V1005", name: "Tavolino Catering", account: "6200", median: 720, sigma: 0.5, perMonth: 1.5, numbering: num("INV-", 1001), terms: 30 },
  { id: "V1006", name: "Pitney Bowes", account: "6060", median: 310, sigma: 0.4, perMonth: 1, numbering: num("", 3300871), terms: 30 },
  { id: "V1007", name: "Minuteman Press", account: "6060", median: 640, sigma: 0.6, perMonth: 1, numbering: num("MP", 8801), terms: 30 },
  { id: "V1008", name: "Bright Horizons Consulting", account: "6090", median: 3200, sigma: 0.35, perMonth: 1, numbering: num("BHC-2024-", 11), terms: 30 },
  { id: "V1009", name: "ProLiteracy Worldwide", account: "6050", median: 420, sigma: 0.5, perMonth: 0.8, program: PROGRAM.lit, numbering: num("PL", 55120), terms: 30 },
  { id: "V1010", name: "Boston Public Schools Transport", account: "6090", median: 1400, sigma: 0.3, perMonth: 1.2, program: PROGRAM.youth, numbering: num("BPS-T-", 901), terms: 45 },
  { id: "V1011", name: "TechSoup", account: "6130", median: 260, sigma: 0.7, perMonth: 0.6, numbering: num("TS", 990031), terms: 0 },
  { id: "V1012", name: "CDW Government", account: "6140", median: 1100, sigma: 0.7, perMonth: 0.6, numbering: num("", 8812003), terms: 30 },
  { id: "V1013", name: "Cintas Facility Services", account: "6140", median: 185, sigma: 0.2, perMonth: 2, numbering: num("", 4091233), terms: 30 },
  { id: "V1014", name: "Evaluation Research Partners", account: "6090", median: 4200, sigma: 0.3, perMonth: 0.4, numbering: num("ERP-", 301), terms: 30 },
  { id: "V1015", name: "Foley Hoag LLP", account: "6080", median: 2300, sigma: 0.6, perMonth: 0.35, numbering: num("", 1203344), terms: 30 },
  { id: "V1016", name: "Costco Wholesale", account: "6050", median: 410, sigma: 0.6, perMonth: 3, numbering: num("CW", 77100), terms: 0 },
  { id: "V1017", name: "Uber for Business", account: "6100", median: 95, sigma: 0.5, perMonth: 2, numbering: num("UB-", 60020), terms: 0 },
  { id: "V1018", name: "NonProfit HR", account: "6110", median: 650, sigma: 0.5, perMonth: 0.5, numbering: num("NPH", 2210), terms: 30 },
];
/** Monthly fixed bills: vendor, account, amount 2024 → 2025, location, fund/program. */
const RECURRING: { id: string; name: string; account: string; y1: number; y2: number; location: string; numbering: (n: number) => string; until?: number }[] = [
  { id: "V2001", name: "Harbor Point Properties LLC", account: "6010", y1: 8750, y2: 9012.5, location: LOC.hq, numbering: num("HPP-", 2401), until: d(2025, 6, 30) },
  { id: "V2002", name: "Eastside Community Church", account: "6010", y1: 2400, y2: 2400, location: LOC.east, numbering: num("", 101) },
  { id: "V2003", name: "Comcast Business", account: "6030", y1: 389.9, y2: 409.9, location: LOC.hq, numbering: num("8773 10 019 ", 400) },
  { id: "V2004", name: "Microsoft 365 Nonprofit", account: "6130", y1: 742.5, y2: 742.5, location: LOC.hq, numbering: num("E0600", 41120) },
  { id: "V2005", name: "Marlin Business Bank", account: "6140", y1: 318.62, y2: 318.62, location: LOC.hq, numbering: num("LEASE-", 55010) },
];
/** Utilities billed monthly at a varying amount (seasonal). */
const UTILITIES: { id: string; name: string; median: number; location: string }[] = [
  { id: "V3001", name: "Eversource Energy", median: 1150, location: LOC.hq },
  { id: "V3002", name: "Eversource Energy", median: 610, location: LOC.east },
  { id: "V3003", name: "National Grid Gas", median: 480, location: LOC.west },
  { id: "V3004", name: "Verizon Wireless", median: 1080, location: LOC.hq },
];
/** Landlords paid rental assistance for clients every month (HUD CoC), the same amount month after month. */
const LANDLORDS = [
  "Dorchester Bay Apartments", "Roxbury Housing Partners", "Mattapan Realty Trust", "Codman Square Homes", "Hyde Park Rentals",
  "Egleston Place LLC", "Blue Hill Ave Properties", "Franklin Field Management", "Columbia Point Associates", "Grove Hall Realty",
  "Uphams Corner Housing", "Four Corners Lofts",
];
const GALA_VENDORS: [string, string, string, number][] = [
  ["V4001", "Fairmont Copley Plaza", "6160", 38500], ["V4002", "Premier Audio Visual", "6160", 6200],
  ["V4003", "Total Wine & More", "7850", 4800], ["V4004", "Bella Flora Designs", "6160", 3100], ["V1005", "Tavolino Catering", "6160", 21400],
];
/** Staff: id, user (if any), name, annual salary, program home, location. */
interface Staff { id: string; name: string; salary: number; home: string; location: string; user?: string; from: number; to: number; hourly: boolean }
const STAFF_NAMES = [
  "Maria Santos", "James O'Neil", "Keisha Brown", "Luis Ortega", "Emily Tran", "Marcus Reed", "Priya Shah", "Daniel Kim", "Angela White",
  "Tomas Rivera", "Grace Liu", "Andre Jackson", "Nadia Haddad", "Kevin Walsh", "Sofia Mendes", "Brian Doyle", "Fatima Diallo",
  "Owen Murphy", "Rachel Cohen", "Hector Alvarez", "Jasmine Lee", "Patrick Burke",
];

interface Line {
  account: string;
  debit?: number;
  credit?: number;
  memo?: string;
  fund: string;
  program: string;
  department: string;
  grant?: string;
  location: string;
  vendor?: [string, string];
  customer?: [string, string];
  employee?: string;
}
interface Doc {
  journal: "GJ" | "AP" | "AR" | "CR" | "PR";
  date: number;
  entered: number;
  createdBy: string;
  approvedBy: string;
  document: string;
  title: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const monthStart = (y: number, m0: number) => Date.UTC(y, m0, 1);
const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);

export function generateNonprofitLedger(options: NonprofitOptions): NonprofitLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const docs: Doc[] = [];
  const add = (doc: Doc) => {
    docs.push(doc);
    return doc;
  };
  const isWeekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());
  const workday = (day: number) => {
    let t = day;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  /** A moment on `day` during office hours (or the given hour range). */
  const at = (day: number, from = 8.5, to = 17.5) => day + Math.floor(between(from, to) * 3_600_000) + int(0, 59) * 1000;
  const bookkeeperOn = (day: number) => (day <= BOOKKEEPER1_LAST_DAY ? USER.bookkeeper1 : day >= BOOKKEEPER2_FIRST_DAY ? USER.bookkeeper2 : USER.controller);
  const edOn = (day: number) => (day <= ED1_LAST_DAY ? USER.ed1 : day >= ED2_FIRST_DAY ? USER.ed2 : USER.controller);
  const approverFor = (amount: number, day: number) => (amount > APPROVAL_LIMIT ? edOn(day) : USER.controller);
  const base = (program: string, location = LOC.hq): Omit<Line, "account"> => ({
    fund: FUND.gen, program, department: program === PROGRAM.mg ? DEPT.fin : program === PROGRAM.fr ? DEPT.dev : DEPT.prog, location,
  });
  /** Where a program's expense is charged on `day`: to one of its grants in force (most of it), else unrestricted. */
  const coding = (program: string, day: number, location?: string): Omit<Line, "account"> => {
    const gs = grantsOn(day, program);
    if (gs.length && rnd() < 0.7) {
      const g = pick(gs);
      return { fund: g.fund, program, department: DEPT.prog, grant: g.code, location: location ?? g.location };
    }
    return base(program, location ?? pick([LOC.hq, LOC.east, LOC.west]));
  };
  const programs = [PROGRAM.youth, PROGRAM.lit, PROGRAM.food, PROGRAM.housing];
  const restrictedSpend = new Map<string, { line: Omit<Line, "account">; amount: number }>(); // per month: restricted expense to release
  const noteRestricted = (l: Line, amount: number, month: string) => {
    if (l.fund !== FUND.res && l.fund !== FUND.cap) return;
    const key = `${month}|${l.fund}|${l.program}|${l.grant ?? ""}`;
    const e = restrictedSpend.get(key) ?? { line: { ...l, vendor: undefined, customer: undefined, employee: undefined, memo: undefined }, amount: 0 };
    e.amount += amount;
    restrictedSpend.set(key, e);
  };
  const monthKey = (day: number) => new Date(day).toISOString().slice(0, 7);
  const grantSpend = new Map<string, number>(); // month|grant → expense, billed to the grantor next month

  /** A vendor bill: expense lines (debit), one AP line (credit); then its payment. */
  const bill = (o: { vendor: [string, string]; document: string; day: number; lines: { account: string; amount: number; coding: Omit<Line, "account">; memo?: string }[]; kind: string; anomaly?: string; createdBy?: string; approvedBy?: string; entered?: number; terms?: number; payAnomaly?: string; employee?: string; pay?: boolean }) => {
    const total = round2(o.lines.reduce((s, l) => s + l.amount, 0));
    const createdBy = o.createdBy ?? bookkeeperOn(o.day);
    const entered = o.entered ?? at(workday(o.day + int(1, 6) * DAY));
    const lines: Line[] = o.lines.map((l) => ({ ...l.coding, account: l.account, debit: round2(l.amount), memo: l.memo, vendor: o.vendor, employee: o.employee }));
    lines.push({ ...base(PROGRAM.mg), account: "2010", credit: total, vendor: o.vendor, employee: o.employee, memo: o.document });
    for (const l of lines) if (l.debit) {
      noteRestricted(l, l.debit, monthKey(o.day));
      if (l.grant) grantSpend.set(`${monthKey(o.day)}|${l.grant}`, (grantSpend.get(`${monthKey(o.day)}|${l.grant}`) ?? 0) + l.debit);
    }
    const b = add({ journal: "AP", date: o.day, entered, createdBy, approvedBy: o.approvedBy ?? approverFor(total, entered), document: o.document, title: `Bill ${o.document} - ${o.vendor[1]}`, lines, kind: o.kind, anomaly: o.anomaly });
    if (o.pay === false) return b;
    // Paid in the weekly check/ACH run (Thursdays) after its terms.
    let payDay = Math.max(entered - (entered % DAY), o.day + (o.terms ?? 30) * DAY) + int(0, 6) * DAY;
    while (new Date(payDay).getUTCDay() !== 4) payDay += DAY;
    if (payDay >= END) return b;
    const check = rnd() < 0.55 ? `ACH${new Date(payDay).toISOString().slice(2, 10).replaceAll("-", "")}${int(10, 99)}` : String(checkNo++);
    add({ journal: "AP", date: payDay, entered: at(payDay, 9, 12), createdBy: bookkeeperOn(payDay), approvedBy: approverFor(total, payDay), document: check, title: `Payment ${check} - ${o.vendor[1]}`, lines: [
      { ...base(PROGRAM.mg), account: "2010", debit: total, vendor: o.vendor, employee: o.employee, memo: o.document },
      { ...base(PROGRAM.mg), account: "1010", credit: total, vendor: o.vendor, employee: o.employee, memo: o.document },
    ], kind: o.kind === "bill" || o.kind === "planted" ? "bill_payment" : `${o.kind}_payment`, anomaly: o.payAnomaly });
    return b;
  };
  let checkNo = 10412;
  const counters = new Map<string, number>();
  const nextNo = (v: { id: string; numbering: (n: number) => string }) => {
    const n = counters.get(v.id) ?? int(0, 40);
    counters.set(v.id, n + int(1, 3));
    return v.numbering(n);
  };

  // ---- staff and payroll ----------------------------------------------------------------------
  const staff: Staff[] = STAFF_NAMES.map((name, i) => {
    const home = i < 3 ? PROGRAM.mg : i < 5 ? PROGRAM.fr : programs[i % 4]!;
    const from = i === 18 ? d(2024, 8, 5) : i === 19 ? d(2025, 2, 3) : START;
    const to = i === 7 ? d(2025, 3, 14) : i === 12 ? d(2024, 11, 22) : END;
    return { id: `E${1001 + i}`, name, salary: Math.round(logn(i < 5 ? 68000 : 52000, 0.18) / 500) * 500, home, location: pick([LOC.hq, LOC.east, LOC.west]), from, to, hourly: i >= 14 };
  });
  staff.push({ id: "E1050", name: "David Chen", user: USER.controller, salary: 98000, home: PROGRAM.mg, location: LOC.hq, from: START, to: END, hourly: false });
  staff.push({ id: "E1051", name: "Julia Morales", user: USER.bookkeeper1, salary: 61000, home: PROGRAM.mg, location: LOC.hq, from: START, to: BOOKKEEPER1_LAST_DAY, hourly: false });
  staff.push({ id: "E1052", name: "Kiran Patel", user: USER.bookkeeper2, salary: 64000, home: PROGRAM.mg, location: LOC.hq, from: BOOKKEEPER2_FIRST_DAY, to: END, hourly: false });
  staff.push({ id: "E1053", name: "Robert Williams", user: USER.ed1, salary: 142000, home: PROGRAM.mg, location: LOC.hq, from: START, to: ED1_LAST_DAY, hourly: false });
  staff.push({ id: "E1054", name: "Amy Nguyen", user: USER.ed2, salary: 150000, home: PROGRAM.mg, location: LOC.hq, from: ED2_FIRST_DAY, to: END, hourly: false });
  staff.push({ id: "E1055", name: "Laura Watts", user: USER.devDirector, salary: 92000, home: PROGRAM.fr, location: LOC.hq, from: START, to: END, hourly: false });
  staff.push({ id: "E1056", name: "Teresa Garcia", user: USER.programDirector, salary: 88000, home: PROGRAM.youth, location: LOC.east, from: START, to: END, hourly: false });

  const payDays: number[] = [];
  for (let m = 0; m < 24; m++) {
    const y = 2024 + Math.floor(m / 12), m0 = m % 12;
    for (const day of [Date.UTC(y, m0, 15), monthEnd(y, m0)]) {
      let t = day;
      while (isWeekend(t)) t -= DAY;
      payDays.push(t);
    }
  }
  for (const payDay of payDays) {
    const sums = new Map<string, { coding: Omit<Line, "account">; wages: number; taxes: number; benefits: number }>();
    let net = 0, withheld = 0, benefits = 0;
    for (const s of staff) {
      if (payDay < s.from || payDay > s.to + 14 * DAY) continue;
      const gross = round2(s.hourly ? (s.salary / 2080) * 8 * int(9, 11) : s.salary / 24);
      // The pay period's timesheet: a program person splits time across the program's grants and
      // general program work; admin and fundraising staff put a little on programs (round shares).
      const shares: [Omit<Line, "account">, number][] = [];
      if (s.home === PROGRAM.mg || s.home === PROGRAM.fr) {
        const other = int(0, 2) * 5;
        shares.push([base(s.home, LOC.hq), 100 - other]);
        if (other) shares.push([coding(pick(programs), payDay), other]);
      } else {
        const gs = grantsOn(payDay, s.home);
        let left = 100;
        for (const g of gs) {
          const p = Math.min(left, int(4, 9) * 5);
          if (p) shares.push([{ fund: g.fund, program: s.home, department: DEPT.prog, grant: g.code, location: g.location }, p]);
          left -= p;
        }
        if (left > 0) shares.push([base(s.home, s.location), left]);
      }
      const taxes = round2(gross * 0.0765);
      const ben = s.hourly ? 0 : s.salary > 90000 ? 612.5 : 487.25;
      for (const [c, p] of shares) {
        const key = `${c.fund}|${c.program}|${c.grant ?? ""}|${c.location}|${c.department}`;
        const e = sums.get(key) ?? { coding: c, wages: 0, taxes: 0, benefits: 0 };
        e.wages += (gross * p) / 100;
        e.taxes += (taxes * p) / 100;
        e.benefits += (ben * p) / 100;
        sums.set(key, e);
      }
      const w = round2(gross * 0.22);
      net += gross - w - round2(gross * 0.0765);
      withheld += w + 2 * taxes;
      benefits += ben;
    }
    const lines: Line[] = [];
    let dr = 0;
    for (const e of sums.values()) {
      for (const [account, amt] of [["5010", e.wages], ["5020", e.taxes], ["5030", e.benefits]] as const) {
        const a = round2(amt);
        if (a <= 0) continue;
        dr += a;
        lines.push({ ...e.coding, account, debit: a, memo: "Payroll allocation per timesheets" });
        noteRestricted(lines.at(-1)!, a, monthKey(payDay));
        if (e.coding.grant) grantSpend.set(`${monthKey(payDay)}|${e.coding.grant}`, (grantSpend.get(`${monthKey(payDay)}|${e.coding.grant}`) ?? 0) + a);
      }
    }
    const cash = round2(net);
    lines.push({ ...base(PROGRAM.mg), account: "1010", credit: cash, memo: "Net pay - direct deposit" });
    lines.push({ ...base(PROGRAM.mg), account: "2110", credit: round2(dr - cash - round2(benefits)), memo: "Taxes withheld and employer taxes" });
    lines.push({ ...base(PROGRAM.mg), account: "2120", credit: round2(benefits), memo: "Benefits withheld" });
    const entered = at(payDay - DAY, 5.5, 6.5);
    add({ journal: "PR", date: payDay, entered, createdBy: USER.adp, approvedBy: USER.controller, document: `ADP-${new Date(payDay).toISOString().slice(0, 10)}`, title: `ADP payroll ${new Date(payDay).toISOString().slice(0, 10)}`, lines, kind: "payroll" });
    const tax = round2(dr - cash - round2(benefits));
    add({ journal: "PR", date: payDay, entered: entered + 120_000, createdBy: USER.adp, approvedBy: USER.controller, document: `ADPTAX-${new Date(payDay).toISOString().slice(0, 10)}`, title: "ADP tax remittance", lines: [
      { ...base(PROGRAM.mg), account: "2110", debit: tax, vendor: ["V9001", "ADP Tax Services"] },
      { ...base(PROGRAM.mg), account: "1010", credit: tax, vendor: ["V9001", "ADP Tax Services"] },
    ], kind: "payroll_tax_remittance" });
  }

  // ---- the months ---------------------------------------------------------------------------
  const donors = Array.from({ length: 900 }, (_, i) => [`D${10001 + i}`, `Donor ${10001 + i}`] as [string, string]);
  const foundations: [string, string][] = [["C-BARR", "Barr Foundation"], ["C-BOSFDN", "The Boston Foundation"], ["C-LIBMUT", "Liberty Mutual Foundation"], ["C-STATESTREET", "State Street Foundation"], ["C-KRAFT", "Kraft Family Foundation"]];
  const corporate: [string, string][] = [["C-BCBS", "Blue Cross Blue Shield MA"], ["C-EVERSRC", "Eversource Corporate Giving"], ["C-SANTNDR", "Santander Bank"], ["C-NEWBAL", "New Balance Foundation"]];
  const landlordRent = LANDLORDS.map((name, i) => ({ id: `V50${String(i + 1).padStart(2, "0")}`, name, rent: Math.round(logn(1500, 0.15) / 25) * 25, from: int(0, 10), months: int(6, 20) }));
  let depositNo = 5001;

  for (let m = 0; m < 24; m++) {
    const y = 2024 + Math.floor(m / 12), m0 = m % 12;
    const ms = monthStart(y, m0), me = monthEnd(y, m0);
    const dayIn = () => ms + int(0, Math.round((me - ms) / DAY)) * DAY;
    const mk = monthKey(ms);

    // Regular vendors' bills, coded to a program (and its grant) or to admin.
    for (const v of REGULAR_VENDORS) {
      const perMonth = v.perMonth * 1.6;
      const n = Math.floor(perMonth) + (rnd() < perMonth % 1 ? 1 : 0);
      for (let k = 0; k < n; k++) {
        const day = workday(dayIn());
        if (day >= END) continue;
        const split = rnd() < 0.35 ? 2 : 1;
        const total = round2(logn(v.median, v.sigma));
        const program = v.program ?? (v.account === "6040" || v.account === "6080" || v.account === "6130" ? PROGRAM.mg : pick([...programs, PROGRAM.mg]));
        const parts = split === 2 ? [round2(total * 0.6), round2(total - round2(total * 0.6))] : [total];
        bill({ vendor: [v.id, v.name], document: nextNo(v), day, terms: v.terms, kind: "bill", lines: parts.map((a) => ({ account: v.account, amount: a, coding: program === PROGRAM.mg ? base(PROGRAM.mg) : coding(program, day) })) });
      }
    }
    // Rent, leases, telecom: the same amount each month.
    for (const r of RECURRING) {
      if (r.until && ms > r.until) continue;
      bill({ vendor: [r.id, r.name], document: nextNo({ id: r.id, numbering: r.numbering }), day: ms, terms: 5, kind: "recurring", lines: [{ account: r.account, amount: y === 2024 ? r.y1 : r.y2, coding: base(PROGRAM.mg, r.location) }] });
    }
    for (const u of UTILITIES) {
      const season = [1.5, 1.4, 1.15, 0.9, 0.8, 1.0, 1.25, 1.3, 1.0, 0.85, 1.05, 1.4][m0]!;
      const account = u.name.startsWith("Verizon") ? "6030" : "6020";
      bill({ vendor: [u.id, u.name], document: `${u.id.slice(1)}-${mk.replace("-", "")}`, day: workday(ms + int(8, 14) * DAY), terms: 21, kind: "utilities", lines: [{ account, amount: round2(logn(u.median * season, 0.08)), coding: base(PROGRAM.mg, u.location) }] });
    }
    // HUD rental assistance: each client's landlord, the same rent every month of the lease.
    for (const l of landlordRent) {
      if (m < l.from || m >= l.from + l.months) continue;
      const g = grantsOn(ms, PROGRAM.housing)[0];
      bill({ vendor: [l.id, l.name], document: `RA-${l.id}-${mk.replace("-", "")}`, day: ms, terms: 3, kind: "rental_assistance", lines: [{ account: "6190", amount: l.rent, memo: "Tenant rental assistance", coding: g ? { fund: g.fund, program: PROGRAM.housing, department: DEPT.prog, grant: g.code, location: LOC.hq } : base(PROGRAM.housing) }] });
    }
    // Staff mileage and expense reimbursements: keyed by the bookkeeper, approved by the controller
    // (the controller's own by the executive director; the bookkeeper's own keyed by the controller).
    for (let k = 0; k < int(12, 20); k++) {
      const day = workday(dayIn());
      if (day >= END) continue;
      const s = pick(staff.filter((x) => x.from <= day && day <= x.to));
      const miles = int(12, 240);
      const rate = y === 2024 ? 0.67 : 0.7;
      const lines = [{ account: "6100", amount: round2(miles * rate), memo: `Mileage ${miles} mi @ ${rate}`, coding: s.home === PROGRAM.mg || s.home === PROGRAM.fr ? base(s.home) : coding(s.home, day) }];
      if (rnd() < 0.3) lines.push({ account: pick(["6050", "6200", "6110"]), amount: round2(logn(45, 0.6)), memo: "Receipts attached", coding: lines[0]!.coding });
      const keyer = s.user === bookkeeperOn(day) ? USER.controller : bookkeeperOn(day);
      const approver = s.user === USER.controller ? edOn(day) : USER.controller;
      bill({ vendor: [`EMP-${s.id}`, s.name], employee: s.id, document: `ER-${s.id}-${new Date(day).toISOString().slice(2, 10).replaceAll("-", "")}`, day, terms: 7, kind: "reimbursement", createdBy: keyer, approvedBy: approver, lines });
    }

    // Donations: the donor system's nightly deposit batches (gifts with the cash line).
    const gala = m0 === 9;
    const deposits = int(16, 22) + (m0 === 11 ? 10 : 0);
    for (let k = 0; k < deposits; k++) {
      const day = workday(dayIn());
      if (day >= END) continue;
      const gifts: Line[] = [];
      for (let g = 0; g < int(3, 12) + (m0 === 11 ? 6 : 0); g++) {
        const donor = pick(donors);
        const restricted = rnd() < 0.12;
        const amount = rnd() < 0.6 ? pick([25, 50, 100, 100, 250, 500, 1000]) : round2(logn(150, 1));
        gifts.push({ ...(restricted ? { ...base(pick(programs)), fund: FUND.res } : base(PROGRAM.fr)), account: "4010", credit: amount, customer: donor, memo: restricted ? "Restricted gift" : "Gift" });
      }
      if (rnd() < 0.2) { const f = pick([...foundations, ...corporate]); gifts.push({ ...base(PROGRAM.fr), account: f[0].startsWith("C-B") || f[0].startsWith("C-L") || f[0].startsWith("C-K") ? "4020" : "4030", credit: Math.round(logn(15000, 0.7) / 500) * 500, customer: f }); }
      const total = round2(gifts.reduce((s, l) => s + (l.credit ?? 0), 0));
      const fee = round2(total * 0.022);
      const slip = `DEP-${depositNo++}`;
      add({ journal: "CR", date: day, entered: at(day + DAY, 1.5, 2.5), createdBy: USER.donorSync, approvedBy: "", document: slip, title: `Bloomerang deposit ${slip}`, lines: [
        { ...base(PROGRAM.mg), account: "1010", debit: round2(total - fee), memo: slip }, { ...base(PROGRAM.fr), account: "6150", debit: fee, memo: "Processing fees" }, ...gifts,
      ], kind: "donation_deposit" });
    }
    // The gala (October): tickets, tables, sponsorships and the paddle raise, keyed by development.
    if (gala) {
      const galaDay = Date.UTC(y, 9, 17 + (y === 2025 ? 1 : 0));
      for (let k = 0; k < int(14, 20); k++) {
        const day = workday(galaDay + int(-20, 6) * DAY);
        const gifts: Line[] = [];
        for (let g = 0; g < int(6, 16); g++) {
          const sponsor = rnd() < 0.08;
          gifts.push({ ...base(PROGRAM.fr), account: sponsor ? "4030" : "4200", credit: sponsor ? pick([5000, 10000, 25000]) : pick([250, 250, 500, 2500, 100, 1000, 5000]), customer: sponsor ? pick(corporate) : pick(donors), memo: sponsor ? "Gala sponsorship" : pick(["Gala ticket", "Gala table", "Paddle raise", "Auction item"]) });
        }
        const total = round2(gifts.reduce((s, l) => s + (l.credit ?? 0), 0));
        const slip = `DEP-${depositNo++}`;
        add({ journal: "CR", date: day, entered: at(day, 9, 19), createdBy: rnd() < 0.7 ? USER.devDirector : bookkeeperOn(day), approvedBy: "", document: slip, title: `Gala ${y} deposit ${slip}`, lines: [{ ...base(PROGRAM.mg), account: "1010", debit: total, memo: slip }, ...gifts], kind: "gala_deposit" });
      }
      for (const [id, name, account, median] of GALA_VENDORS) {
        const amount = round2(logn(median, 0.1));
        bill({ vendor: [id, name], document: `${id === "V1005" ? "INV-" : ""}${int(2000, 9999)}`, day: workday(galaDay + int(-10, 4) * DAY), terms: 15, kind: "gala_expense", lines: [{ account, amount, memo: `Gala ${y}`, coding: base(PROGRAM.fr, LOC.hq) }] });
      }
    }
    // Board and donor-cultivation dinners: the bar on the unrestricted fund (allowable there).
    if (rnd() < 0.35) {
      const day = workday(dayIn());
      if (day < END) bill({ vendor: ["V4003", "Total Wine & More"], document: String(int(100000, 999999)), day, terms: 0, kind: "board_event", lines: [{ account: "7850", amount: round2(logn(380, 0.4)), memo: "Board reception", coding: base(PROGRAM.fr) }] });
    }

    // Pledges: foundation and capital-campaign pledges booked to receivable, paid in instalments.
    if (m0 % 3 === 1) {
      const f = pick(foundations);
      const total = Math.round(logn(60000, 0.5) / 5000) * 5000;
      const day = workday(dayIn());
      add({ journal: "AR", date: day, entered: at(day + 2 * DAY), createdBy: bookkeeperOn(day), approvedBy: USER.controller, document: `PLG-${f[0].slice(2)}-${mk.replace("-", "")}`, title: `Multi-year pledge ${f[1]}`, lines: [
        { ...base(PROGRAM.mg), fund: FUND.res, account: "1220", debit: total, customer: f }, { ...base(pick(programs)), fund: FUND.res, account: "4020", credit: total, customer: f },
      ], kind: "pledge" });
    }
    if (m >= 2 && m <= 17 && rnd() < 0.75) {
      // The capital campaign's gifts and pledge payments into the campaign's account.
      const day = workday(dayIn());
      const donor = pick(donors);
      const amount = Math.round(logn(40000, 0.9) / 1000) * 1000;
      const pledge = rnd() < 0.5;
      add({ journal: pledge ? "AR" : "CR", date: day, entered: at(day + DAY), createdBy: bookkeeperOn(day), approvedBy: pledge ? USER.controller : "", document: `CAP-${int(100, 999)}`, title: pledge ? "Capital campaign pledge" : "Capital campaign gift", lines: [
        { ...base(PROGRAM.mg), fund: FUND.cap, account: pledge ? "1220" : "1030", debit: amount, customer: donor }, { ...base(PROGRAM.fr), fund: FUND.cap, account: "4400", credit: amount, customer: donor },
      ], kind: pledge ? "capital_pledge" : "capital_gift" });
    }
    if (m0 % 3 === 0) {
      for (const f of foundations.slice(0, 3)) {
        const day = workday(dayIn());
        const amount = Math.round(logn(15000, 0.3) / 2500) * 2500;
        add({ journal: "CR", date: day, entered: at(day + DAY), createdBy: bookkeeperOn(day), approvedBy: "", document: `DEP-${depositNo++}`, title: `Pledge payment ${f[1]}`, lines: [
          { ...base(PROGRAM.mg), account: "1010", debit: amount, customer: f }, { ...base(PROGRAM.mg), fund: FUND.res, account: "1220", credit: amount, customer: f },
        ], kind: "pledge_payment" });
      }
    }

    // ---- month end (entered in the first two weeks of the next month, dated the last day) ----
    const close = workday(me + int(5, 10) * DAY);
    const closer = m0 % 2 === 0 ? USER.controller : bookkeeperOn(close);
    const je = (o: { title: string; lines: Line[]; kind: string; date?: number; entered?: number; createdBy?: string; approvedBy?: string; document?: string; anomaly?: string }) => {
      const createdBy = o.createdBy ?? closer;
      return add({ journal: "GJ", date: o.date ?? me, entered: o.entered ?? at(close, 8, 20), createdBy, approvedBy: o.approvedBy ?? USER.controller, document: o.document ?? "", title: o.title, lines: o.lines, kind: o.kind, anomaly: o.anomaly });
    };
    // Grant billing (cost reimbursement): the month's grant expense drawn down, received weeks later.
    for (const g of GRANTS) {
      const spent = round2(grantSpend.get(`${mk}|${g.code}`) ?? 0);
      if (spent <= 0 || g.fund === FUND.res) continue;
      const billDay = workday(me + int(8, 15) * DAY);
      const c: [string, string] = [g.grantor, g.code.split("--")[1]!.replace(/ (Y\d|FY\d+)$/, "")];
      add({ journal: "AR", date: me, entered: at(billDay), createdBy: bookkeeperOn(billDay), approvedBy: USER.controller, document: `DRAW-${g.code.split("--")[0]}-${mk.replace("-", "")}`, title: `Drawdown ${g.code.split("--")[0]} ${mk}`, lines: [
        { fund: g.fund, program: g.program, department: DEPT.prog, grant: g.code, location: g.location, account: "1210", debit: spent, customer: c },
        { fund: g.fund, program: g.program, department: DEPT.prog, grant: g.code, location: g.location, account: g.revenue, credit: spent, customer: c },
      ], kind: "grant_billing" });
      const paid = workday(billDay + int(10, 35) * DAY);
      if (paid < END) add({ journal: "CR", date: paid, entered: at(paid + DAY), createdBy: bookkeeperOn(paid), approvedBy: "", document: `EFT-${int(100000, 999999)}`, title: `Grant payment ${c[1]}`, lines: [
        { ...base(PROGRAM.mg), account: "1010", debit: spent, customer: c }, { fund: g.fund, program: g.program, department: DEPT.prog, grant: g.code, location: g.location, account: "1210", credit: spent, customer: c },
      ], kind: "grant_receipt" });
    }
    // Indirect costs: the negotiated rate on each grant's and program's direct salaries, credited to M&G.
    {
      const lines: Line[] = [];
      let total = 0;
      for (const p of programs) {
        for (const g of [...grantsOn(me, p), undefined]) {
          const direct = g ? grantSpend.get(`${mk}|${g.code}`) ?? 0 : logn(9000, 0.2);
          const amount = round2(direct * (g?.federal ? 0.15 : 0.12));
          if (amount <= 0) continue;
          total += amount;
          lines.push({ ...(g ? { fund: g.fund, program: p, department: DEPT.prog, grant: g.code, location: g.location } : base(p)), account: "6900", debit: amount, memo: `Indirect ${g?.federal ? "15%" : "12%"} ${mk}` });
        }
      }
      lines.push({ ...base(PROGRAM.mg), account: "6900", credit: round2(total), memo: `Indirect cost pool ${mk}` });
      je({ title: `Indirect cost allocation ${mk}`, lines, kind: "indirect_allocation" });
    }
    // Net assets released from restriction: the month's spending of restricted funds.
    {
      const lines: Line[] = [];
      let total = 0;
      for (const [key, e] of restrictedSpend) {
        if (!key.startsWith(mk)) continue;
        const a = round2(e.amount);
        total += a;
        lines.push({ ...e.line, account: "4900", debit: a, memo: "Released from restriction - purpose met" });
      }
      if (lines.length) {
        lines.push({ ...base(PROGRAM.mg), account: "4910", credit: round2(total), memo: "Released from restriction - purpose met" });
        je({ title: `Release from restriction ${mk}`, lines, kind: "release_from_restriction" });
      }
    }
    // Depreciation and insurance amortisation, the accrual of the month's unbilled services and its reversal.
    const depreciation = m >= 17 ? 9850 : 2140;
    je({ title: `Depreciation ${mk}`, lines: [...programs.map((p) => ({ ...base(p), account: "6180", debit: round2(depreciation / 5) })), { ...base(PROGRAM.mg), account: "6180", debit: round2(depreciation / 5) }, { ...base(PROGRAM.mg), account: "1590", credit: depreciation }], kind: "depreciation" });
    je({ title: `Insurance amortization ${mk}`, lines: [{ ...base(PROGRAM.mg), account: "6120", debit: y === 2024 ? 1533.33 : 1616.67 }, { ...base(PROGRAM.mg), account: "1300", credit: y === 2024 ? 1533.33 : 1616.67 }], kind: "prepaid_amortization" });
    const accrual = round2(logn(6500, 0.4));
    je({ title: `Accrued expenses ${mk}`, lines: [{ ...coding(pick(programs), me), account: "6090", debit: accrual }, { ...base(PROGRAM.mg), account: "2200", credit: accrual }], kind: "accrual" });
    if (me + DAY < END) je({ title: `Reverse accrued expenses ${mk}`, date: me + DAY, lines: [{ ...base(PROGRAM.mg), account: "2200", debit: accrual }, { ...coding(pick(programs), me), account: "6090", credit: accrual }], kind: "accrual_reversal" });
    je({ title: `Bank fees and interest ${mk}`, createdBy: bookkeeperOn(close), lines: [
      { ...base(PROGRAM.mg), account: "6150", debit: round2(logn(85, 0.3)) }, { ...base(PROGRAM.mg), account: "1020", debit: round2(logn(410, 0.2)) },
      { ...base(PROGRAM.mg), account: "4500", credit: 0 }, { ...base(PROGRAM.mg), account: "1010", credit: 0 },
    ].map((l, i, all) => (i === 2 ? { ...l, credit: all[1]!.debit } : i === 3 ? { ...l, credit: all[0]!.debit } : l)), kind: "bank_fees_interest" });
    // Cash moved between the operating account and the money market, in round amounts.
    if (rnd() < 0.45) {
      const amount = pick([25000, 50000, 75000, 100000, 150000]);
      const out = rnd() < 0.5;
      const day = rnd() < 0.5 ? me : workday(dayIn());
      je({ title: out ? "Transfer to money market" : "Transfer from money market", date: Math.min(day, me), entered: at(Math.min(day, me), 9, 17), createdBy: USER.controller, lines: [
        { ...base(PROGRAM.mg), account: out ? "1020" : "1010", debit: amount }, { ...base(PROGRAM.mg), account: out ? "1010" : "1020", credit: amount },
      ], kind: "cash_transfer" });
    }
    // In-kind gifts (donated food, professional services, space), keyed by the development director.
    if (rnd() < 0.6) {
      const day = workday(dayIn());
      const amount = Math.round(logn(2500, 0.8) / 50) * 50;
      const p = pick(programs);
      je({ title: `In-kind contribution ${mk}`, date: day, entered: at(day + int(2, 12) * DAY), createdBy: USER.devDirector, lines: [
        { ...base(p), account: "6170", debit: amount, memo: pick(["Donated food", "Donated legal services", "Donated event space", "Donated books"]) }, { ...base(PROGRAM.fr), account: "4300", credit: amount, customer: pick(corporate) },
      ], kind: "in_kind" });
    }
  }

  // Annual insurance premium (prepaid) and the audit firm's progress bills.
  for (const y of [2024, 2025]) {
    bill({ vendor: ["V6001", "Nonprofits Insurance Alliance"], document: `NIA-${y}-0412`, day: Date.UTC(y, 0, 3), terms: 20, kind: "bill", lines: [{ account: "1300", amount: y === 2024 ? 18400 : 19400, coding: base(PROGRAM.mg) }] });
    for (const [k, m0] of [[1, 1], [2, 2], [3, 3]] as const) bill({ vendor: ["V6002", "Rollins & Kemp CPAs"], document: `RK-${y}-${k}`, day: Date.UTC(y, m0, 10), terms: 30, kind: "bill", lines: [{ account: "6070", amount: [9500, 12500, 6000][k - 1]!, coding: base(PROGRAM.mg) }] });
  }
  // Year-end audit adjustments: keyed in February, dated 31 December, by the controller and by the auditors' user.
  for (const y of [2024]) {
    const ye = Date.UTC(y, 11, 31);
    const adjustments: [string, string, number][] = [
      ["1220", "4020", -round2(logn(8200, 0.3))], ["6090", "2200", round2(logn(14300, 0.4))], ["4010", "2400", round2(logn(22000, 0.3))],
      ["3200", "3100", round2(logn(31500, 0.4))], ["6170", "4300", round2(logn(5600, 0.5))], ["1510", "6140", round2(logn(7400, 0.3))],
      ["6180", "1590", round2(logn(3100, 0.3))], ["2110", "5020", round2(logn(1900, 0.5))],
    ];
    adjustments.forEach(([dr, cr, a], i) => {
      const keyed = workday(Date.UTC(y + 1, 1, int(3, 26)));
      const auditor = i % 3 === 1;
      const amt = Math.abs(a);
      const [dAcc, cAcc] = a < 0 ? [cr, dr] : [dr, cr];
      add({ journal: "GJ", date: ye, entered: at(keyed, 9, 18), createdBy: auditor ? USER.auditor : USER.controller, approvedBy: USER.controller, document: `AJE-${y}-${String(i + 1).padStart(2, "0")}`, title: `${auditor ? "Auditor proposed" : "Audit"} adjustment AJE ${i + 1}`, lines: [
        { ...base(dAcc.startsWith("6") ? pick(programs) : PROGRAM.mg), fund: dAcc === "3200" ? FUND.res : FUND.gen, account: dAcc, debit: amt }, { ...base(PROGRAM.mg), account: cAcc, credit: amt },
      ], kind: auditor ? "auditor_entry" : "audit_adjustment" });
    });
  }
  // The capital campaign buys the building (one wire, board-approved) and renovates it.
  {
    const close = Date.UTC(2025, 4, 22);
    add({ journal: "AP", date: close, entered: at(close, 9, 11), createdBy: USER.controller, approvedBy: USER.ed2, document: "WIRE-0522", title: "Purchase of 410 Main Street per Board resolution 2025-04", lines: [
      { ...base(PROGRAM.mg), fund: FUND.cap, account: "1500", debit: 2385000, vendor: ["V7001", "Suffolk Title & Escrow"], memo: "Purchase price" },
      { ...base(PROGRAM.mg), fund: FUND.cap, account: "1500", debit: 41862.37, vendor: ["V7001", "Suffolk Title & Escrow"], memo: "Closing costs" },
      { ...base(PROGRAM.mg), fund: FUND.cap, account: "1030", credit: 2426862.37, vendor: ["V7001", "Suffolk Title & Escrow"], memo: "Wire to closing" },
    ], kind: "building_purchase" });
    add({ journal: "GJ", date: monthEnd(2025, 4), entered: at(Date.UTC(2025, 5, 6)), createdBy: USER.controller, approvedBy: USER.controller, document: "", title: "Release capital campaign restriction - building placed in service", lines: [
      { ...base(PROGRAM.mg), fund: FUND.cap, account: "4900", debit: 2426862.37 }, { ...base(PROGRAM.mg), account: "4910", credit: 2426862.37 },
    ], kind: "release_from_restriction" });
    for (let k = 0; k < 6; k++) {
      const day = workday(Date.UTC(2025, 5 + k, 10));
      bill({ vendor: ["V7002", "Shawmut Design and Construction"], document: `SDC-PA-${k + 1}`, day, terms: 30, kind: "renovation", lines: [{ account: "1500", amount: round2(logn(85000, 0.4)), coding: { ...base(PROGRAM.mg), fund: FUND.cap } }] });
    }
  }

  // ---- planted problems, five of each ----------------------------------------------------------
  const someDay = (from = START + 30 * DAY, to = END - 40 * DAY) => workday(from + Math.floor(rnd() * ((to - from) / DAY)) * DAY);
  // A vendor's invoice keyed a second time with its number re-typed (INV-1001 as 1001), paid twice.
  {
    const originals = docs.filter((x) => x.kind === "bill" && x.journal === "AP" && x.date < END - 60 * DAY && /\d/.test(x.document) && x.lines.length >= 2);
    for (let k = 0; k < 5; k++) {
      const o = pick(originals);
      const vendor = o.lines[0]!.vendor!;
      const rekeyed = /^[A-Z]+-?\d+$/.test(o.document) ? o.document.replace(/^[A-Z]+-?/, "") : `INV-${o.document}`;
      const day = o.date + int(8, 45) * DAY;
      const lines = o.lines.filter((l) => l.debit).map((l) => ({ account: l.account, amount: l.debit!, coding: { fund: l.fund, program: l.program, department: l.department, grant: l.grant, location: l.location }, memo: l.memo }));
      bill({ vendor, document: rekeyed, day: workday(day), kind: "planted", anomaly: "duplicate_invoice_paid_twice", payAnomaly: "duplicate_invoice_paid_twice", lines, createdBy: bookkeeperOn(day) });
    }
  }
  // Alcohol and entertainment charged to a federal award (2 CFR 200.423 and .438: unallowable).
  for (let k = 0; k < 5; k++) {
    const day = someDay();
    const g = pick(GRANTS.filter((x) => x.federal && x.from <= day && day <= x.to));
    const [id, name] = pick([["V4003", "Total Wine & More"], ["V1005", "Tavolino Catering"], ["V8101", "The Capital Grille"]] as [string, string][]);
    bill({ vendor: [id, name], document: String(int(100000, 999999)), day, terms: 0, kind: "planted", anomaly: "unallowable_grant_expense", lines: [{ account: "7850", amount: round2(logn(640, 0.5)), memo: pick(["Staff appreciation", "Partner reception", "Team dinner"]), coding: { fund: g.fund, program: g.program, department: DEPT.prog, grant: g.code, location: g.location } }] });
  }
  // Restricted net assets moved to unrestricted mid-month by a program or development user, round.
  for (let k = 0; k < 5; k++) {
    const day = someDay();
    const who = pick([USER.programDirector, USER.devDirector]);
    const amount = pick([10000, 15000, 20000, 25000, 40000]);
    add({ journal: "GJ", date: day, entered: at(day, 10, 19), createdBy: who, approvedBy: who, document: "", title: pick(["Reclass restricted funds", "Release funds for operations", "Move restricted gift to general"]), lines: [
      { ...base(pick(programs)), fund: FUND.res, account: "4900", debit: amount }, { ...base(PROGRAM.mg), account: "4910", credit: amount },
    ], kind: "planted", anomaly: "restricted_release_by_nonfinance" });
  }
  // Expense coded to a grant after its budget period ended (no renewal under the same code).
  for (let k = 0; k < 5; k++) {
    const g = pick(GRANTS.filter((x) => x.to < END - 100 * DAY && x.to > START + 30 * DAY));
    const day = workday(g.to + int(20, 90) * DAY);
    const v = pick(REGULAR_VENDORS.filter((x) => x.account === "6050" || x.account === "6090" || x.account === "6200"));
    bill({ vendor: [v.id, v.name], document: nextNo(v), day, terms: v.terms, kind: "planted", anomaly: "grant_expense_after_end", lines: [{ account: v.account, amount: round2(logn(v.median, v.sigma)), coding: { fund: g.fund, program: g.program, department: DEPT.prog, grant: g.code, location: g.location } }] });
  }
  // A new vendor paid twice within days, each just under the controller's approval limit.
  for (let k = 0; k < 5; k++) {
    const day = someDay();
    const vendor: [string, string] = [`V88${10 + k}`, pick(["Metro Facility Solutions", "Apex Program Consulting", "Summit Staffing Group", "Clearview IT Partners", "Bayside Event Services", "Northstar Supply Co", "Keystone Outreach LLC"]) + (k ? ` ${k}` : "")];
    for (let p = 0; p < 2; p++) {
      const payDay = workday(day + p * int(1, 3) * DAY);
      const amount = round2(between(4620, 4990));
      const check = String(checkNo++);
      add({ journal: "AP", date: payDay, entered: at(payDay), createdBy: bookkeeperOn(payDay), approvedBy: USER.controller, document: check, title: `Manual check ${check} - ${vendor[1]}`, lines: [
        { ...base(pick([...programs, PROGRAM.mg])), account: pick(["6090", "6140"]), debit: amount, vendor }, { ...base(PROGRAM.mg), account: "1010", credit: amount, vendor },
      ], kind: "planted", anomaly: "split_payment_new_vendor" });
    }
  }
  // A finance user's own reimbursement, keyed and approved by that user.
  for (let k = 0; k < 5; k++) {
    const day = someDay();
    const s = staff.find((x) => x.user === (k % 2 ? bookkeeperOn(day) : USER.controller) && x.from <= day && day <= x.to) ?? staff.find((x) => x.user === USER.controller)!;
    const miles = int(60, 400);
    bill({ vendor: [`EMP-${s.id}`, s.name], employee: s.id, document: `ER-${s.id}-${new Date(day).toISOString().slice(2, 10).replaceAll("-", "")}`, day, terms: 7, kind: "planted", anomaly: "self_approved_reimbursement", createdBy: s.user, approvedBy: s.user, lines: [
      { account: "6100", amount: round2(miles * (day < d(2025, 1, 1) ? 0.67 : 0.7)), memo: `Mileage ${miles} mi`, coding: base(PROGRAM.mg) }, { account: "6110", amount: round2(logn(420, 0.4)), memo: "Conference registration", coding: base(PROGRAM.mg) },
    ] });
  }
  // The departed bookkeeper's login, never deactivated, posting months after the last day.
  for (let k = 0; k < 5; k++) {
    const day = someDay(BOOKKEEPER1_LAST_DAY + 45 * DAY);
    const v = pick(REGULAR_VENDORS);
    bill({ vendor: [v.id, v.name], document: nextNo(v), day, terms: v.terms, kind: "planted", anomaly: "posting_after_departure", createdBy: USER.bookkeeper1, entered: at(day + int(0, 3) * DAY, 9, 22), lines: [{ account: v.account, amount: round2(logn(v.median * 2, v.sigma)), coding: base(PROGRAM.mg) }] });
  }
  // A round manual journal to the operating cash account at the period end.
  for (let k = 0; k < 5; k++) {
    const m = int(1, 22);
    const me = monthEnd(2024 + Math.floor(m / 12), m % 12);
    const amount = pick([12000, 15000, 18000, 20000, 30000]);
    const who = pick([USER.controller, bookkeeperOn(me)]);
    add({ journal: "GJ", date: me, entered: at(me, 17, 21), createdBy: who, approvedBy: USER.controller, document: "", title: pick(["Adjust cash", "Cash adjustment", "Reclass"]), lines: [
      { ...base(PROGRAM.mg), account: pick(["6090", "2200", "1300", "6190"]), debit: amount }, { ...base(PROGRAM.mg), account: "1010", credit: amount },
    ], kind: "planted", anomaly: "round_cash_je_period_end" });
  }

  return exportLedger(docs.filter((x) => x.date < END && x.date >= START));
}

// ---- the export -------------------------------------------------------------------------------
function exportLedger(docs: Doc[]): NonprofitLedger {
  // Batch numbers per journal and record numbers in the order the entries were created.
  const byEntry = [...docs].sort((a, b) => a.entered - b.entered);
  const batchNo = new Map<Doc, number>();
  const recordBase = new Map<Doc, number>();
  const perJournal: Record<string, number> = { GJ: 1200, AP: 8400, AR: 610, CR: 3300, PR: 95 };
  let record = 2_400_118;
  for (const x of byEntry) {
    batchNo.set(x, ++perJournal[x.journal]!);
    recordBase.set(x, record);
    record += x.lines.length + (x.lines.length > 3 ? 1 : 0); // a deleted line's number is skipped
  }
  const ordered = [...docs].sort((a, b) => a.date - b.date || a.journal.localeCompare(b.journal) || batchNo.get(a)! - batchNo.get(b)!);
  const rows: string[][] = [];
  const documentOfRecord = new Map<string, string>();
  const documents: NonprofitDocument[] = [];
  for (const x of ordered) {
    const id = `${x.journal}-${batchNo.get(x)}`;
    documents.push({ id, journal: x.journal, kind: x.kind, anomaly: x.anomaly, user: x.createdBy, lines: x.lines.length });
    x.lines.forEach((l, i) => {
      const rec = String(recordBase.get(x)! + i);
      documentOfRecord.set(rec, id);
      rows.push([
        rec, x.journal, String(batchNo.get(x)), mdy(x.date), x.document, x.title, String(i + 1), l.account, ACCOUNTS[l.account]!, l.memo ?? "",
        l.debit ? l.debit.toFixed(2) : "", l.credit ? l.credit.toFixed(2) : "", l.fund, l.program, l.department, l.grant ?? "", l.location,
        l.vendor?.[0] ?? "", l.vendor?.[1] ?? "", l.customer?.[0] ?? "", l.customer?.[1] ?? "", l.employee ?? "", x.createdBy, mdyTime(x.entered), x.approvedBy,
      ]);
    });
  }
  return { header: NONPROFIT_HEADER, rows, documentOfRecord, documents };
}

const pad = (n: number) => String(n).padStart(2, "0");
function mdy(ms: number): string {
  const t = new Date(ms);
  return `${pad(t.getUTCMonth() + 1)}/${pad(t.getUTCDate())}/${t.getUTCFullYear()}`;
}
function mdyTime(ms: number): string {
  const t = new Date(ms);
  return `${mdy(ms)} ${pad(t.getUTCHours())}:${pad(t.getUTCMinutes())}:${pad(t.getUTCSeconds())}`;
}

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: NonprofitLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
