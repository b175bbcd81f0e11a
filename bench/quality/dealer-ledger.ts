/**
 * An independent evaluation ledger of a FRANCHISED NEW-CAR DEALER GROUP on a dealer management
 * system (CDK Drive's GL detail export; Reynolds ERA and Dealertrack write the same schedules):
 * Lakeshore Motors, two rooftops under one owner — Lakeshore Ford (company 1) and Lakeshore Toyota
 * (company 2) —, July 2024 – December 2025, in the manufacturer's standard chart of accounts (the
 * accounts of the monthly factory financial statement: 231 new-vehicle inventory, 310 floor plan,
 * 205 contracts in transit, 226 warranty claims, 227 factory receivable…).
 *
 * The DMS's conventions, kept as it writes them: every posting has a `Post Seq` (the posting
 * sequence of its company, in the order posted) and its lines a `Line`; `Journal` is the DMS's
 * journal number (02 cash receipts, 03 cash disbursements, 11 new-vehicle sales, 12 used-vehicle
 * sales, 20 service sales, 30 parts sales, 40 purchases, 41 vehicle purchases, 50 payroll, 60 the
 * manufacturer's statement and its credits, 90 general journal, 91 recurring entries, 99 year-end
 * close); `Ref #` is the document: the deal number, the repair order, the check or ACH trace, the
 * factory's credit memo; `Control` is the **schedule's control number** — the stock number on
 * inventory and floor plan, the deal number on contracts in transit and incentives, the claim on
 * warranty receivable, the customer on deposits and receivables, the vendor on payables —, and
 * `Cust/Vend No` with `Name` the posting's customer or vendor. `Acctg Date` is the accounting date
 * (a Saturday's deals are booked Monday with Saturday's date; the last day's deals on the 1st or
 * the 2nd), `Entry Date` when it was posted ("7/31/2025 16:42"). `Amount` is signed (debit +),
 * `Count` the unit count the factory statement reads (1 on a vehicle's sale and cost, −1 on a
 * backout).
 *
 * Written from how a dealership's books look — before reading the product's detectors. The planted
 * problems (three of each kind a seed) are what a dealership's auditor reports; each transaction
 * carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface DealerTransaction {
  /** "<Co>-<Post Seq>". */
  id: string;
  kind: string;
  anomaly?: string;
  user: string;
  journal: string;
}

export interface DealerLedger {
  header: string[];
  rows: string[][];
  /** "<Co>-<Post Seq>-<Line>" → the transaction's id. */
  transactionOfLine: Map<string, string>;
  transactions: DealerTransaction[];
}

export const DEALER_HEADER = [
  "Co", "Acctg Date", "Journal", "Journal Desc", "Ref #", "Post Seq", "Line", "Account", "Account Desc", "Dept", "Control", "Cust/Vend No",
  "Name", "Description", "Amount", "Count", "User ID", "Entry Date",
];

export const DEALER_ANOMALIES = [
  "sold_out_of_trust",
  "deal_cost_below_inventory",
  "fi_income_without_contract",
  "deposit_refund_to_employee",
  "warranty_claim_paid_twice",
  "journal_by_non_posting_user",
  "round_sum_inventory_adjustment",
  "floor_plan_payoff_twice",
  "deal_backdated_after_close",
] as const;

const DAY = 86_400_000;
const MIN = 60_000;
const START = Date.UTC(2024, 6, 1);
const END = Date.UTC(2026, 0, 1);

const JOURNALS: Record<string, string> = {
  "02": "CASH RECEIPTS", "03": "CASH DISBURSEMENTS", "11": "NEW VEHICLE SALES", "12": "USED VEHICLE SALES", "20": "SERVICE SALES", "30": "PARTS SALES",
  "40": "PURCHASES", "41": "VEHICLE PURCHASES", "50": "PAYROLL", "60": "MANUFACTURER STATEMENT", "90": "GENERAL JOURNAL", "91": "RECURRING ENTRIES",
  "99": "YEAR END CLOSE",
};

const ACCOUNTS: Record<string, string> = {
  "202": "CASH IN BANK", "205": "CONTRACTS IN TRANSIT", "220": "A/R CUSTOMERS & DEALERS", "226": "WARRANTY CLAIMS RECEIVABLE", "227": "FACTORY RECEIVABLE INCENTIVES/HOLDBACK",
  "231": "NEW VEHICLE INVENTORY", "232": "DEMONSTRATOR INVENTORY", "239": "LIFO RESERVE", "240": "USED VEHICLE INVENTORY", "242": "PARTS INVENTORY",
  "247": "WORK IN PROCESS - LABOR", "269": "ACCUM DEPRECIATION", "310": "FLOOR PLAN NOTES PAYABLE - NEW", "311": "FLOOR PLAN NOTES PAYABLE - USED",
  "315": "ACCOUNTS PAYABLE", "320": "CUSTOMER DEPOSITS", "325": "ACCRUED PAYROLL & COMMISSIONS", "326": "PAYROLL WITHHOLDINGS", "330": "SALES TAX PAYABLE",
  "390": "RETAINED EARNINGS", "410": "SALES NEW VEH RETAIL", "420": "SALES NEW VEH FLEET", "440": "SALES USED VEH RETAIL", "445": "SALES USED VEH WHOLESALE",
  "450": "F&I FINANCE RESERVE", "452": "F&I SERVICE CONTRACT INCOME", "454": "F&I GAP INCOME", "460": "SVC LABOR CUSTOMER PAY", "461": "SVC LABOR WARRANTY",
  "462": "SVC LABOR INTERNAL", "470": "PARTS SALES RO CUSTOMER", "471": "PARTS SALES WARRANTY", "472": "PARTS SALES INTERNAL", "474": "PARTS SALES WHOLESALE",
  "480": "DOC FEE INCOME", "610": "COST NEW VEH RETAIL", "614": "FLOOR PLAN ASSISTANCE", "615": "HOLDBACK", "616": "LIFO ADJUSTMENT", "620": "COST NEW VEH FLEET",
  "640": "COST USED VEH RETAIL", "645": "COST USED VEH WHOLESALE", "646": "USED VEH INVENTORY ADJUSTMENTS", "650": "F&I CHARGEBACKS", "660": "COST SVC LABOR CUSTOMER PAY",
  "661": "COST SVC LABOR WARRANTY", "662": "COST SVC LABOR INTERNAL", "670": "COST OF PARTS SALES", "700": "SALES COMMISSIONS", "720": "SALARIES OFFICE & MGMT",
  "722": "SALARIES SERVICE & PARTS", "724": "PAYROLL TAXES & BENEFITS", "730": "FLOOR PLAN INTEREST", "740": "ADVERTISING", "750": "POLICY ADJ & WARRANTY CHARGEBACKS",
  "760": "RENT", "770": "UTILITIES", "775": "DMS & COMPUTER SERVICES", "780": "DEPRECIATION", "790": "DEMO & COMPANY VEHICLE EXPENSE", "795": "OUTSIDE SERVICES",
};
const deptOf = (a: string) => {
  const n = Number(a);
  if (n < 400) return "";
  if (["410", "420", "610", "614", "615", "616", "620"].includes(a)) return "N";
  if (["440", "445", "640", "645", "646"].includes(a)) return "U";
  if (["450", "452", "454", "650"].includes(a)) return "F";
  if (["460", "461", "462", "660", "661", "662"].includes(a)) return "S";
  if (["470", "471", "472", "474", "670"].includes(a)) return "P";
  return "G";
};

type Co = "1" | "2";
const STORE: Record<Co, { name: string; make: string; factory: string; factoryName: string; lender: string; lenderName: string; prefix: string; newRate: number; usedRate: number; roRate: number; holdback: number }> = {
  "1": { name: "LAKESHORE FORD", make: "F", factory: "V00010", factoryName: "FORD MOTOR COMPANY", lender: "V00020", lenderName: "FORD MOTOR CREDIT CO", prefix: "F", newRate: 1.5, usedRate: 1.2, roRate: 7, holdback: 0.03 },
  "2": { name: "LAKESHORE TOYOTA", make: "T", factory: "V00011", factoryName: "TOYOTA MOTOR NORTH AMERICA", lender: "V00021", lenderName: "TOYOTA FINANCIAL SERVICES", prefix: "T", newRate: 1.9, usedRate: 1.4, roRate: 9, holdback: 0.02 },
};

/** The DMS's users. Office staff post; managers, F&I and sales have logins and never post. */
const U = {
  controller: "KDUNN", office: "LBAKER", ap: "PWONG", payroll: "JKIM", title: "RLOPEZ", warranty: "AHILL", system: "CDKSYS",
  billing: { "1": "MROSS", "2": "TCHAVEZ" } as Record<Co, string>,
  cashiers: { "1": ["DSIMS"], "2": ["BMOORE", "EGRANT"] } as Record<Co, string[]>,
  parts: { "1": ["PCTR1"], "2": ["PCTR2", "PCTR3"] } as Record<Co, string[]>,
  nonPosting: ["TWARD", "CBELL", "GFOSTER", "NPRICE", "RHOLT"],
};

const FIRST = ["JAMES", "MARY", "ROBERT", "PATRICIA", "JOHN", "JENNIFER", "MICHAEL", "LINDA", "DAVID", "ELIZABETH", "WILLIAM", "BARBARA", "RICHARD", "SUSAN", "JOSEPH", "JESSICA", "THOMAS", "SARAH", "CARLOS", "MARIA", "WEI", "PRIYA", "AHMED", "FATIMA", "KEVIN", "LAURA", "BRIAN", "NICOLE", "JOSE", "ANA"];
const LAST = ["SMITH", "JOHNSON", "WILLIAMS", "BROWN", "JONES", "GARCIA", "MILLER", "DAVIS", "RODRIGUEZ", "MARTINEZ", "HERNANDEZ", "LOPEZ", "GONZALEZ", "WILSON", "ANDERSON", "THOMAS", "TAYLOR", "MOORE", "JACKSON", "MARTIN", "LEE", "PEREZ", "THOMPSON", "WHITE", "HARRIS", "SANCHEZ", "CLARK", "RAMIREZ", "LEWIS", "ROBINSON", "NGUYEN", "PATEL", "KIM", "OKAFOR", "KOWALSKI"];

interface Line {
  account: string;
  /** Signed: + debit, − credit. */
  amount: number;
  control?: string;
  desc?: string;
  count?: number;
}
interface Txn {
  co: Co;
  posting: number;
  entered: number;
  journal: string;
  ref: string;
  user: string;
  custVend?: string;
  name?: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

interface Stock {
  no: string;
  co: Co;
  isNew: boolean;
  value: number;
  floored: number;
  /** Floor plan account (310 new, 311 used), undefined when not floored. */
  fp?: "310" | "311";
  received: number;
  demo?: boolean;
  sold?: boolean;
  msrp: number;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function generateDealerLedger(options: { seed: number }): DealerLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const txns: Txn[] = [];
  const add = (t: Txn) => {
    const sum = r2(t.lines.reduce((s, l) => s + l.amount, 0));
    if (Math.abs(sum) > 0.005) throw new Error(`unbalanced ${t.kind} ${t.ref}: ${sum}`);
    if (t.posting < Date.UTC(2025, 0, 1) && t.kind !== "year_end_close") for (const l of t.lines) if (Number(l.account) >= 400) pnl.set(`${t.co}|${l.account}`, (pnl.get(`${t.co}|${l.account}`) ?? 0) + l.amount);
    txns.push(t);
    return t;
  };
  const dow = (d: number) => new Date(d).getUTCDay();
  const isWeekend = (d: number) => dow(d) === 0 || dow(d) === 6;
  const nextWorkday = (d: number) => {
    let t = d;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  const workdaysAfter = (d: number, n: number) => {
    let t = d;
    for (let k = 0; k < n; ) if (!isWeekend((t += DAY))) k++;
    return t;
  };
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  const nthWorkday = (y: number, m0: number, n: number) => {
    let t = Date.UTC(y, m0, 1), k = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++k === n) return t;
  };
  const at = (day: number, from: number, to: number) => day + Math.floor(between(from, to) * 60) * MIN;
  let refN = 100_000;
  const checkNo: Record<Co, number> = { "1": 48_200, "2": 61_700 };
  const roNo: Record<Co, number> = { "1": 412_000, "2": 733_000 };
  const dealNo: Record<Co, number> = { "1": 21_400, "2": 38_900 };
  const jeNo: Record<Co, number> = { "1": 9_100, "2": 9_600 };
  const stockNo: Record<Co, number> = { "1": 4_100, "2": 6_300 };
  const custNo = { n: 210_000 };
  const name = () => `${pick(LAST)}, ${pick(FIRST)}`;
  const customer = () => ({ no: String(++custNo.n), name: name() });
  const je = (co: Co) => `JE${++jeNo[co]}`;
  const chk = (co: Co) => String(++checkNo[co]);

  // Vendors: factory, lender, lienholders (banks), service-contract providers, auctions, landlords…
  const LENDERS = [["V00031", "ALLY FINANCIAL"], ["V00032", "CAPITAL ONE AUTO"], ["V00033", "CHASE AUTO"], ["V00034", "LAKESHORE CREDIT UNION"], ["V00035", "WELLS FARGO DEALER SVCS"]];
  const SC_PROVIDER = ["V00041", "ZURICH DEALER PROTECTION"] as const;
  const GAP_PROVIDER = ["V00042", "ALLSTATE DEALER SERVICES"] as const;
  const AUCTIONS = [["V00051", "MANHEIM DETROIT"], ["V00052", "ADESA GRAND RAPIDS"]];
  const DEALERS = [["D1107", "NORTHPOINT FORD"], ["D1131", "RIVERSIDE FORD"], ["D1210", "BAYVIEW FORD"], ["D2204", "HARBOR TOYOTA"], ["D2218", "CITY TOYOTA"], ["D2240", "MAPLE TOYOTA"]];
  const EXPENSE_VENDORS: [string, string, string, number][] = [
    ["V00061", "LAKESHORE REALTY LLC", "760", 0], ["V00062", "CONSUMERS ENERGY", "770", 4200], ["V00063", "CDK GLOBAL", "775", 0], ["V00064", "AUTOTRADER", "740", 6800],
    ["V00065", "WXYZ MEDIA GROUP", "740", 14000], ["V00066", "CINTAS UNIFORMS", "795", 640], ["V00067", "METRO TOWING", "795", 380], ["V00068", "SPARKLE DETAIL CO", "795", 2100],
    ["V00069", "WASTE MGMT", "795", 520], ["V00070", "STAPLES BUSINESS", "795", 310],
  ];
  const employees = Array.from({ length: 40 }, (_, i) => ({ no: `E${String(1001 + i)}`, name: name() }));

  const stocks: Stock[] = [];
  const newStock = (co: Co, day: number, isNew: boolean, value: number, msrp = 0): Stock => {
    const yr = String(new Date(day).getUTCFullYear() + (isNew ? 1 : 0)).slice(2);
    const s: Stock = { no: `${isNew ? "" : "U"}${yr}${STORE[co].prefix}${++stockNo[co]}`, co, isNew, value: r2(value), floored: 0, received: day, msrp };
    stocks.push(s);
    return s;
  };
  const inStock = (co: Co, isNew: boolean, day: number, minAge = 0) => stocks.filter((s) => s.co === co && s.isNew === isNew && !s.sold && s.received <= day - minAge * DAY);

  // Planted choices: which occurrences become anomalies (three of each kind, spread over the period).
  const plantDays = (n: number) => Array.from({ length: n }, () => START + Math.floor(between(0.08, 0.97) * (END - START)));
  const plan: Record<string, number[]> = Object.fromEntries(DEALER_ANOMALIES.map((k) => [k, plantDays(3).sort((a, b) => a - b)]));
  /** True once per planned day of `kind` (the first chance on or after it). */
  const due = (kind: string, day: number) => {
    const p = plan[kind]!;
    if (p.length && p[0]! <= day) { p.shift(); return true; }
    return false;
  };

  // Open items settled later.
  interface Pending { day: number; run: () => void }
  const pending: Pending[] = [];
  const later = (day: number, run: () => void) => pending.push({ day, run });
  const holdbackAccrued: Record<Co, number> = { "1": 0, "2": 0 };
  const incentiveOpen: Record<Co, { deal: string; amount: number }[]> = { "1": [], "2": [] };
  const scPayable: Record<Co, number> = { "1": 0, "2": 0 };
  const apOpen: Record<Co, { vendor: string; name: string; amount: number }[]> = { "1": [], "2": [] };
  const warrantyClaims: { co: Co; claim: string; amount: number; day: number }[] = [];
  const dealsForChargeback: { co: Co; deal: string; customer: string; reserve: number; sc: number; scIncome: number; day: number }[] = [];
  const pnl = new Map<string, number>();
  const closeDay = new Map<string, number>();

  /** The floor plan payoff of a sold unit (journal 03, ACH to the lender). */
  const payoff = (s: Stock, day: number, kind = "floor_plan_payoff", anomaly?: string) => {
    if (!s.fp || s.floored <= 0) return;
    const amount = s.floored;
    const lender = s.fp === "310" ? STORE[s.co].lender : "V00036";
    const lenderName = s.fp === "310" ? STORE[s.co].lenderName : "NEXTGEAR CAPITAL";
    const t = add({ co: s.co, posting: day, entered: at(day, 9, 16.5), journal: "03", ref: `ACH${++refN}`, user: U.ap, custVend: lender, name: lenderName,
      lines: [{ account: s.fp, amount, control: s.no, desc: "FLOOR PLAN PAYOFF" }, { account: "202", amount: -amount, control: lender, desc: "FLOOR PLAN PAYOFF" }], kind, anomaly });
    return t;
  };

  // ---- the opening inventory (received before the export's first day: not in it) ----------------------
  for (const co of ["1", "2"] as Co[]) {
    for (let i = 0; i < (co === "1" ? 110 : 140); i++) {
      const cost = logn(co === "1" ? 44_000 : 36_000, 0.25);
      const s = newStock(co, START - int(1, 120) * DAY, true, cost, r2(cost * between(1.06, 1.1)));
      s.fp = "310"; s.floored = s.value;
    }
    for (let i = 0; i < 70; i++) newStock(co, START - int(1, 40) * DAY, false, logn(19_000, 0.5));
  }

  const days: number[] = [];
  for (let d = START; d < END; d += DAY) days.push(d);

  /** A deal posting (journal 11 or 12). */
  const deal = (co: Co, day: number, s: Stock, o: { entered?: number; anomaly?: string; kind?: string } = {}) => {
    const st = STORE[co];
    const no = String(++dealNo[co]);
    const c = customer();
    const lines: Line[] = [];
    const price = s.isNew ? r2(s.value * between(0.99, 1.06)) : r2(s.value * between(1.04, 1.18));
    const rebate = s.isNew && rnd() < 0.55 ? pick([500, 750, 1000, 1500, 2000, 2500, 3000, 4000]) : 0;
    const trade = rnd() < 0.45 ? r2(logn(14_000, 0.6)) : 0;
    const lien = trade && rnd() < 0.6 ? r2(trade * between(0.3, 1.1)) : 0;
    const taxable = Math.max(0, price - trade);
    const tax = r2(taxable * 0.06);
    const doc = 260;
    const financed = rnd() < 0.72;
    const sc = rnd() < (financed ? 0.45 : 0.2) ? pick([1495, 1995, 2495, 2895, 3295]) : 0;
    const scCost = sc ? r2(sc * between(0.4, 0.6)) : 0;
    const gap = financed && rnd() < 0.35 ? pick([695, 795, 895, 995]) : 0;
    const gapCost = gap ? r2(gap * between(0.35, 0.5)) : 0;
    const deposit = rnd() < 0.3 ? pick([500, 1000, 1000, 2000, 2500, 5000]) : 0;
    const owed = r2(price + tax + doc + sc + gap - rebate - trade + lien);
    const tradeStock = trade ? newStock(co, day, false, trade) : undefined;
    const lienholder = pick(LENDERS);
    const bank = pick(LENDERS);
    const reserve = financed ? r2(Math.max(0, owed - deposit) * between(0.006, 0.02)) : 0;
    const costOf = s.demo ? "232" : s.isNew ? "231" : "240";
    const saleAcct = s.isNew ? "410" : "440";
    const costAcct = s.isNew ? "610" : "640";
    if (deposit) {
      // The deposit taken days before (journal 02).
      const dd = nextWorkday(day - int(1, 10) * DAY);
      add({ co, posting: dd, entered: at(dd, 9, 18), journal: "02", ref: `R${++refN}`, user: pick(U.cashiers[co]), custVend: c.no, name: c.name,
        lines: [{ account: "202", amount: deposit, control: c.no, desc: "CUSTOMER DEPOSIT" }, { account: "320", amount: -deposit, control: c.no, desc: `DEPOSIT STK ${s.no}` }], kind: "customer_deposit" });
    }
    const due = r2(owed - deposit);
    if (financed) lines.push({ account: "205", amount: r2(due + reserve), control: no, desc: bank[1] });
    else lines.push({ account: "202", amount: due, control: c.no, desc: "CASH DOWN / CASHIERS CHECK" });
    if (deposit) lines.push({ account: "320", amount: deposit, control: c.no, desc: "DEPOSIT APPLIED" });
    if (rebate) lines.push({ account: "227", amount: rebate, control: no, desc: "CUSTOMER CASH REBATE" });
    if (tradeStock) lines.push({ account: "240", amount: trade, control: tradeStock.no, desc: "TRADE-IN ACV" });
    if (lien) lines.push({ account: "315", amount: -lien, control: lienholder[0], desc: `LIEN PAYOFF ${tradeStock!.no}` });
    lines.push({ account: saleAcct, amount: -price, control: s.no, desc: s.isNew ? "NEW VEHICLE SALE" : "USED VEHICLE SALE", count: 1 });
    lines.push({ account: "330", amount: -tax, control: "STATE", desc: "SALES TAX" }, { account: "480", amount: -doc, control: no, desc: "DOC FEE" });
    if (reserve) lines.push({ account: "450", amount: -reserve, control: no, desc: `RESERVE ${bank[1]}` });
    if (sc) lines.push({ account: "452", amount: -r2(sc - scCost), control: no, desc: "SERVICE CONTRACT" }, { account: "315", amount: -scCost, control: SC_PROVIDER[0], desc: "SERVICE CONTRACT COST" });
    if (gap) lines.push({ account: "454", amount: -r2(gap - gapCost), control: no, desc: "GAP" }, { account: "315", amount: -gapCost, control: GAP_PROVIDER[0], desc: "GAP COST" });
    let cost = s.value;
    if (o.anomaly === "deal_cost_below_inventory") cost = r2(s.value - between(1800, 4500));
    lines.push({ account: costAcct, amount: cost, control: s.no, desc: "COST OF SALE", count: 1 }, { account: costOf, amount: -cost, control: s.no, desc: "COST OF SALE" });
    let holdback = 0;
    if (s.isNew && !s.demo) {
      holdback = r2(s.msrp * st.holdback);
      lines.push({ account: "227", amount: holdback, control: s.no, desc: "HOLDBACK" }, { account: "615", amount: -holdback, control: s.no, desc: "HOLDBACK" });
    }
    const gross = price - cost + holdback + rebate * 0 + reserve + (sc - scCost) + (gap - gapCost);
    const comm = r2(Math.max(200, gross * 0.22));
    lines.push({ account: "700", amount: comm, control: pick(employees).no, desc: "COMMISSION" }, { account: "325", amount: -comm, control: "COMM", desc: "ACCRUED COMMISSION" });
    // The office books the deal (a Saturday's on Monday, the month's last days on the 1st or 2nd).
    const booked = o.entered ?? (() => {
      const lastDays = new Date(day + 3 * DAY).getUTCMonth() !== new Date(day).getUTCMonth();
      const d = lastDays ? workdaysAfter(day, int(0, 2)) : isWeekend(day) ? nextWorkday(day) : rnd() < 0.7 ? day : workdaysAfter(day, 1);
      return at(d, 9, d === day ? 19.5 : 17.5);
    })();
    const t = add({ co, posting: day, entered: booked, journal: s.isNew ? "11" : "12", ref: no, user: U.billing[co], custVend: c.no, name: c.name, lines, kind: o.kind ?? (s.isNew ? (s.demo ? "demo_sale" : "new_vehicle_deal") : "used_vehicle_deal"), anomaly: o.anomaly });
    s.sold = true;
    holdbackAccrued[co] += holdback;
    if (rebate) incentiveOpen[co].push({ deal: no, amount: rebate });
    scPayable[co] += scCost + gapCost;
    if (financed && (reserve || sc)) dealsForChargeback.push({ co, deal: no, customer: c.no, reserve, sc: scCost, scIncome: r2(sc - scCost), day });
    return { t, no, c, financed, due: r2(due + reserve), bank, lien, lienholder, tradeStock, deposit, trade };
  };

  for (const day of days) {
    const y = new Date(day).getUTCFullYear(), m0 = new Date(day).getUTCMonth(), dom = new Date(day).getUTCDate();
    const last = monthEnd(y, m0);
    const rush = (last - day) / DAY < 3 ? 2.4 : 1;
    // Settle what fell due today (in order).
    for (let i = 0; i < pending.length; ) {
      if (pending[i]!.day <= day) { pending[i]!.run(); pending.splice(i, 1); } else i++;
    }
    for (const co of ["1", "2"] as Co[]) {
      const st = STORE[co];
      const open = dow(day) !== 0;
      // ---- new-car receipts from the factory (journal 41): keep the inventory near its level ----
      if (!isWeekend(day)) {
        const level = inStock(co, true, day).length;
        const n = level < (co === "1" ? 95 : 120) ? int(2, 6) : int(0, 2);
        for (let i = 0; i < n; i++) {
          const cost = logn(co === "1" ? 44_000 : 36_000, 0.25);
          const s = newStock(co, day, true, cost, r2(cost * between(1.06, 1.1)));
          s.fp = "310"; s.floored = s.value;
          add({ co, posting: day, entered: at(day, 6, 7.5), journal: "41", ref: `${st.make}${int(1_000_000, 9_999_999)}`, user: U.system, custVend: st.factory, name: st.factoryName,
            lines: [{ account: "231", amount: s.value, control: s.no, desc: "VEHICLE INVOICE" }, { account: "310", amount: -s.value, control: s.no, desc: "FLOORED" }], kind: "new_vehicle_receipt" });
        }
        // Auction purchases of used cars, floored on the used line.
        if (rnd() < 0.5) {
          const a = pick(AUCTIONS);
          const s = newStock(co, day, false, logn(17_500, 0.45));
          s.fp = "311"; s.floored = s.value;
          add({ co, posting: day, entered: at(day, 10, 16), journal: "41", ref: `A${int(100_000, 999_999)}`, user: U.title, custVend: a[0], name: a[1],
            lines: [{ account: "240", amount: s.value, control: s.no, desc: "AUCTION PURCHASE" }, { account: "311", amount: -s.value, control: s.no, desc: "FLOORED NEXTGEAR" }], kind: "auction_purchase" });
        }
      }
      // ---- deals ----
      if (open) {
        const nNew = Math.round(st.newRate * rush * between(0.3, 1.7) * (dow(day) === 6 ? 1.6 : 1));
        for (let i = 0; i < nNew; i++) {
          const avail = inStock(co, true, day, 2).sort((a, b) => a.received - b.received);
          if (!avail.length) break;
          const s = avail[Math.floor(rnd() ** 1.6 * avail.length)]!;
          let anomaly: string | undefined;
          let entered: number | undefined;
          if (!isWeekend(day) && due("deal_cost_below_inventory", day)) anomaly = "deal_cost_below_inventory";
          else if (day === last && due("deal_backdated_after_close", day)) { anomaly = "deal_backdated_after_close"; entered = at(workdaysAfter(day, int(14, 22)), 10, 16); }
          const d = deal(co, day, s, { anomaly, entered });
          afterDeal(co, day, s, d);
        }
        const nUsed = Math.round(st.usedRate * rush * between(0.3, 1.7) * (dow(day) === 6 ? 1.6 : 1));
        for (let i = 0; i < nUsed; i++) {
          const avail = inStock(co, false, day, 6);
          if (!avail.length) break;
          const s = pick(avail);
          if (rnd() < 0.12) { wholesale(co, day, s); continue; }
          const d = deal(co, day, s);
          afterDeal(co, day, s, d);
        }
      }
      // ---- service: repair orders closed today (journal 20) ----
      if (open) {
        const nRo = Math.round(st.roRate * between(0.6, 1.4) * (dow(day) === 6 ? 0.5 : 1));
        for (let i = 0; i < nRo; i++) repairOrder(co, day);
        const nParts = int(0, 3);
        for (let i = 0; i < nParts; i++) {
          const shop = pick(["B3301 COLLISION KING", "B3302 ELITE AUTO BODY", "B3303 MIDTOWN REPAIR", "B3304 PRECISION COLLISION"]);
          const sale = r2(logn(420, 0.9)), cost = r2(sale * between(0.68, 0.76));
          add({ co, posting: day, entered: at(day, 8, 17), journal: "30", ref: `P${++refN}`, user: pick(U.parts[co]), custVend: shop.slice(0, 5), name: shop.slice(6),
            lines: [{ account: "220", amount: sale, control: shop.slice(0, 5), desc: "PARTS TICKET" }, { account: "474", amount: -sale, control: shop.slice(0, 5), desc: "WHOLESALE PARTS" },
              { account: "670", amount: cost, control: "PARTS", desc: "COST" }, { account: "242", amount: -cost, control: "PARTS", desc: "COST" }], kind: "parts_wholesale_ticket" });
          later(workdaysAfter(day, int(15, 35)), () => {
            const d = workdaysAfter(day, int(15, 35));
            add({ co, posting: d, entered: at(d, 9, 16), journal: "02", ref: `R${++refN}`, user: pick(U.cashiers[co]), custVend: shop.slice(0, 5), name: shop.slice(6),
              lines: [{ account: "202", amount: sale, control: shop.slice(0, 5), desc: "PAYMENT ON ACCOUNT" }, { account: "220", amount: -sale, control: shop.slice(0, 5), desc: "PAYMENT ON ACCOUNT" }], kind: "receipt_on_account" });
          });
        }
      }
      if (!isWeekend(day)) officeDay(co, day, dom, y, m0, last);
    }
  }

  // ---- the pieces the day loop calls -----------------------------------------------------------------
  function afterDeal(co: Co, day: number, s: Stock, d: ReturnType<typeof deal>) {
    // An unwind: the spot delivery's financing fell through before funding (no trade on these).
    const unwind = d.financed && !d.trade && rnd() < 0.035;
    const payDay = workdaysAfter(day, int(1, 3));
    if (unwind) {
      const ud = workdaysAfter(day, int(3, 9));
      later(ud, () => {
        add({ co, posting: ud, entered: at(ud, 10, 17), journal: d.t.journal, ref: d.no, user: U.billing[co], custVend: d.c.no, name: d.c.name,
          lines: d.t.lines.map((l) => ({ ...l, amount: -l.amount, count: l.count ? -l.count : undefined, desc: `BACKOUT ${l.desc ?? ""}`.trim() })), kind: "deal_unwind" });
        s.sold = false;
        if (d.deposit) add({ co, posting: ud, entered: at(ud, 11, 17), journal: "03", ref: chk(co), user: U.ap, custVend: d.c.no, name: d.c.name,
          lines: [{ account: "320", amount: d.deposit, control: d.c.no, desc: "DEPOSIT REFUND" }, { account: "202", amount: -d.deposit, control: "OPER", desc: "DEPOSIT REFUND" }], kind: "deposit_refund_unwind" });
        if (s.fp) {
          // The lender floors the unit again.
          add({ co, posting: ud, entered: at(ud, 11, 17), journal: "02", ref: `ACH${++refN}`, user: U.ap, custVend: STORE[co].lender, name: STORE[co].lenderName,
            lines: [{ account: "202", amount: s.floored, control: STORE[co].lender, desc: "REFLOOR" }, { account: s.fp, amount: -s.floored, control: s.no, desc: "REFLOOR UNWOUND DEAL" }], kind: "refloor_after_unwind" });
        }
      });
    } else if (d.financed) {
      const fd = workdaysAfter(day, rnd() < 0.1 ? int(12, 25) : int(2, 9));
      later(fd, () => add({ co, posting: fd, entered: at(fd, 9, 16), journal: "02", ref: `ACH${++refN}`, user: pick(U.cashiers[co]), custVend: d.bank[0], name: d.bank[1],
        lines: [{ account: "202", amount: d.due, control: d.bank[0], desc: "CONTRACT FUNDED" }, { account: "205", amount: -d.due, control: d.no, desc: `FUNDED ${d.bank[1]}` }], kind: "contract_funded" }));
    }
    if (d.lien) {
      const ld = workdaysAfter(day, int(2, 8));
      later(ld, () => add({ co, posting: ld, entered: at(ld, 9, 16), journal: "03", ref: chk(co), user: U.ap, custVend: d.lienholder[0], name: d.lienholder[1],
        lines: [{ account: "315", amount: d.lien, control: d.lienholder[0], desc: `LIEN PAYOFF ${d.tradeStock!.no}` }, { account: "202", amount: -d.lien, control: "OPER", desc: "LIEN PAYOFF" }], kind: "trade_lien_payoff" }));
    }
    if (s.fp && s.floored > 0) {
      const late = s.isNew && due("sold_out_of_trust", day);
      const pd = late ? workdaysAfter(day, int(22, 45)) : payDay;
      later(pd, () => {
        const t = payoff(s, pd, "floor_plan_payoff", late ? "sold_out_of_trust" : undefined);
        if (!late && t && due("floor_plan_payoff_twice", pd)) {
          const again = workdaysAfter(pd, int(1, 4));
          later(again, () => {
            const fl = s.floored;
            add({ co, posting: again, entered: at(again, 9, 16.5), journal: "03", ref: `ACH${++refN}`, user: U.ap, custVend: t.custVend, name: t.name,
              lines: [{ account: s.fp!, amount: fl, control: s.no, desc: "FLOOR PLAN PAYOFF" }, { account: "202", amount: -fl, control: t.custVend, desc: "FLOOR PLAN PAYOFF" }], kind: "floor_plan_payoff", anomaly: "floor_plan_payoff_twice" });
          });
        }
      });
      if (unwind) { /* refloored on the unwind, at the same amount */ }
    }
  }

  function wholesale(co: Co, day: number, s: Stock) {
    const a = pick(AUCTIONS);
    const price = r2(s.value * between(0.78, 1.02));
    const no = String(++dealNo[co]);
    add({ co, posting: day, entered: at(nextWorkday(day), 9, 17), journal: "12", ref: no, user: U.billing[co], custVend: a[0], name: a[1],
      lines: [{ account: "220", amount: price, control: a[0], desc: "WHOLESALE" }, { account: "445", amount: -price, control: s.no, desc: "WHOLESALE", count: 1 },
        { account: "645", amount: s.value, control: s.no, desc: "COST WHOLESALE", count: 1 }, { account: "240", amount: -s.value, control: s.no, desc: "COST WHOLESALE" }], kind: "used_wholesale" });
    s.sold = true;
    const rd = workdaysAfter(day, int(4, 10));
    later(rd, () => add({ co, posting: rd, entered: at(rd, 9, 16), journal: "02", ref: `ACH${++refN}`, user: pick(U.cashiers[co]), custVend: a[0], name: a[1],
      lines: [{ account: "202", amount: price, control: a[0], desc: "AUCTION PROCEEDS" }, { account: "220", amount: -price, control: a[0], desc: "AUCTION PROCEEDS" }], kind: "receipt_on_account" }));
    if (s.fp && s.floored > 0) { const pd = workdaysAfter(day, int(1, 3)); later(pd, () => payoff(s, pd)); }
  }

  function repairOrder(co: Co, day: number) {
    const ro = String(++roNo[co]);
    const c = customer();
    const kind = rnd();
    const lines: Line[] = [];
    const rate = co === "1" ? 32 : 30;
    let roKind = "ro_customer_pay";
    const costs = (labor: number, parts: number, laborCost: string) => {
      const hours = labor / (co === "1" ? 165 : 155);
      lines.push({ account: laborCost, amount: r2(hours * rate), control: ro, desc: "TECH FLAT RATE" }, { account: "247", amount: -r2(hours * rate), control: ro, desc: "LABOR APPLIED" });
      if (parts) lines.push({ account: "670", amount: r2(parts * 0.62), control: "PARTS", desc: "PARTS COST" }, { account: "242", amount: -r2(parts * 0.62), control: "PARTS", desc: "PARTS COST" });
    };
    if (kind < 0.6 || kind >= 0.9) {
      const labor = r2(logn(260, 0.8)), parts = rnd() < 0.7 ? r2(logn(180, 1)) : 0, supplies = r2(Math.min(45, labor * 0.08)), tax = r2(parts * 0.06);
      const total = r2(labor + parts + supplies + tax);
      const onAccount = rnd() < 0.12;
      lines.push({ account: onAccount ? "220" : "202", amount: total, control: onAccount ? c.no : "SVC", desc: onAccount ? "CHARGE" : "CASH/CARD" },
        { account: "460", amount: -r2(labor + supplies), control: ro, desc: "CP LABOR" });
      if (parts) lines.push({ account: "470", amount: -parts, control: ro, desc: "CP PARTS" });
      if (tax) lines.push({ account: "330", amount: -tax, control: "STATE", desc: "SALES TAX" });
      costs(labor, parts, "660");
    }
    if (kind >= 0.6) {
      // A warranty claim (on a mixed RO too): the factory pays weeks later.
      roKind = kind >= 0.9 ? "ro_mixed_customer_warranty" : "ro_warranty";
      const labor = r2(logn(310, 0.7)), parts = rnd() < 0.8 ? r2(logn(240, 0.9)) : 0;
      const claim = `${STORE[co].make}W${ro}`;
      lines.push({ account: "226", amount: r2(labor + parts), control: claim, desc: "WARRANTY CLAIM" }, { account: "461", amount: -labor, control: ro, desc: "WARRANTY LABOR" });
      if (parts) lines.push({ account: "471", amount: -parts, control: ro, desc: "WARRANTY PARTS" });
      costs(labor, parts, "661");
      warrantyClaims.push({ co, claim, amount: r2(labor + parts), day });
    }
    if (kind >= 0.75 && kind < 0.9) {
      // An internal RO: a used car's reconditioning or a new car's PDI (no warranty claim then).
      lines.length = 0;
      warrantyClaims.pop();
      const used = inStock(co, false, day).filter((s) => day - s.received < 20 * DAY);
      const labor = r2(logn(380, 0.6)), parts = r2(logn(260, 0.9));
      if (used.length && rnd() < 0.8) {
        const s = pick(used);
        roKind = "ro_internal_recon";
        lines.push({ account: "240", amount: r2(labor + parts), control: s.no, desc: "RECON" });
        s.value = r2(s.value + labor + parts);
      } else {
        roKind = "ro_internal_company";
        lines.push({ account: "790", amount: r2(labor + parts), control: ro, desc: "COMPANY VEHICLE / SHUTTLE" });
      }
      lines.push({ account: "462", amount: -labor, control: ro, desc: "INTERNAL LABOR" }, { account: "472", amount: -parts, control: ro, desc: "INTERNAL PARTS" });
      costs(labor, parts, "662");
    }
    const closed = at(day, 8, day % 7 === 2 ? 13 : 18.5);
    add({ co, posting: day, entered: closed, journal: "20", ref: ro, user: pick(U.cashiers[co]), custVend: c.no, name: c.name, lines, kind: roKind });
    if (roKind === "ro_warranty" || roKind === "ro_mixed_customer_warranty") {
      const w = warrantyClaims[warrantyClaims.length - 1]!;
      const pd = workdaysAfter(day, int(12, 40));
      later(pd, () => warrantyCredit(co, pd, w));
    }
  }

  function warrantyCredit(co: Co, day: number, w: { claim: string; amount: number }) {
    const st = STORE[co];
    const short = rnd() < 0.06;
    const paid = short ? r2(w.amount * between(0.5, 0.95)) : w.amount;
    const lines: Line[] = [{ account: "202", amount: paid, control: st.factory, desc: "FACTORY WARRANTY CREDIT" }, { account: "226", amount: -w.amount, control: w.claim, desc: "CLAIM PAID" }];
    if (short) lines.push({ account: "750", amount: r2(w.amount - paid), control: w.claim, desc: "WARRANTY CLAIM ADJUSTED" });
    const t = add({ co, posting: day, entered: at(day, 5, 6), journal: "60", ref: `WC${int(10_000_000, 99_999_999)}`, user: U.system, custVend: st.factory, name: st.factoryName, lines, kind: short ? "warranty_credit_adjusted" : "warranty_credit" });
    if (!short && due("warranty_claim_paid_twice", day)) {
      const again = workdaysAfter(day, int(3, 12));
      later(again, () => add({ ...t, posting: again, entered: at(again, 5, 6), ref: `WC${int(10_000_000, 99_999_999)}`, lines: t.lines.map((l) => ({ ...l })), kind: "warranty_credit", anomaly: "warranty_claim_paid_twice" }));
    }
  }

  function officeDay(co: Co, day: number, dom: number, y: number, m0: number, last: number) {
    const st = STORE[co];
    const firstWd = nthWorkday(y, m0, 1);
    // Weekly: the Thursday check run pays the payables (journal 03).
    if (dow(day) === 4) {
      const byVendor = new Map<string, { name: string; amount: number }>();
      for (const o of apOpen[co].splice(0)) {
        const v = byVendor.get(o.vendor) ?? { name: o.name, amount: 0 };
        v.amount = r2(v.amount + o.amount);
        byVendor.set(o.vendor, v);
      }
      for (const [vendor, v] of byVendor) add({ co, posting: day, entered: at(day, 13, 16), journal: "03", ref: chk(co), user: U.ap, custVend: vendor, name: v.name,
        lines: [{ account: "315", amount: v.amount, control: vendor, desc: "CHECK RUN" }, { account: "202", amount: -v.amount, control: "OPER", desc: "CHECK RUN" }], kind: "vendor_check" });
      // Auction purchases are paid by the used floor plan: nothing to pay here.
      if (rnd() < 0.7) {
        const v = pick(EXPENSE_VENDORS.filter((x) => x[3] > 0 && x[3] < 2500));
        const amount = r2(logn(v[3], 0.35));
        add({ co, posting: day, entered: at(day, 9, 16), journal: "40", ref: `${int(10_000, 999_999)}`, user: U.ap, custVend: v[0], name: v[1],
          lines: [{ account: v[2], amount, control: v[0], desc: v[1] }, { account: "315", amount: -amount, control: v[0], desc: "INVOICE" }], kind: "vendor_invoice" });
        apOpen[co].push({ vendor: v[0], name: v[1], amount });
      }
    }
    // Customer deposits refunded to customers whose deal fell through (a few a month).
    if (rnd() < 0.08) {
      const c = customer();
      const dep = pick([500, 1000, 1000, 2000]);
      const dd = day - int(3, 20) * DAY;
      if (dd >= START) {
        add({ co, posting: nextWorkday(dd), entered: at(nextWorkday(dd), 9, 17), journal: "02", ref: `R${++refN}`, user: pick(U.cashiers[co]), custVend: c.no, name: c.name,
          lines: [{ account: "202", amount: dep, control: c.no, desc: "CUSTOMER DEPOSIT" }, { account: "320", amount: -dep, control: c.no, desc: "DEPOSIT" }], kind: "customer_deposit" });
        add({ co, posting: day, entered: at(day, 10, 16), journal: "03", ref: chk(co), user: U.ap, custVend: c.no, name: c.name,
          lines: [{ account: "320", amount: dep, control: c.no, desc: "DEPOSIT REFUND" }, { account: "202", amount: -dep, control: "OPER", desc: "DEPOSIT REFUND" }], kind: "deposit_refund" });
      }
    }
    if (due("deposit_refund_to_employee", day)) {
      const e = pick(employees);
      const dep = pick([1500, 2000, 2500, 1850, 2250]);
      add({ co, posting: day, entered: at(day, 10, 16), journal: "03", ref: chk(co), user: pick([U.ap, U.office]), custVend: e.no, name: e.name,
        lines: [{ account: "320", amount: dep, control: e.no, desc: "DEPOSIT REFUND" }, { account: "202", amount: -dep, control: "OPER", desc: "DEPOSIT REFUND" }], kind: "deposit_refund", anomaly: "deposit_refund_to_employee" });
    }
    if (due("fi_income_without_contract", day)) {
      const fake = String(dealNo[co] - int(5, 60));
      const amount = r2(between(1200, 2900));
      add({ co, posting: day, entered: at(day, 10, 17), journal: "90", ref: je(co), user: U.billing[co], custVend: "", name: "",
        lines: [{ account: "205", amount, control: `${fake}A`, desc: "SERVICE CONTRACT" }, { account: "452", amount: -amount, control: `${fake}A`, desc: "SERVICE CONTRACT" }], kind: "general_journal", anomaly: "fi_income_without_contract" });
    }
    if (due("journal_by_non_posting_user", day)) {
      const c = customer();
      const amount = r2(between(450, 2600));
      add({ co, posting: day, entered: at(day, 11, 18), journal: "90", ref: je(co), user: pick(U.nonPosting), custVend: c.no, name: c.name,
        lines: [{ account: "750", amount, control: c.no, desc: "ADJUST CUSTOMER BALANCE" }, { account: "220", amount: -amount, control: c.no, desc: "ADJUST CUSTOMER BALANCE" }], kind: "general_journal", anomaly: "journal_by_non_posting_user" });
    }
    // Dealer trades (a few a month): a unit out at invoice to another dealer, one in from another.
    if (rnd() < 0.12) {
      const other = pick(DEALERS.filter((d) => d[0]!.charAt(1) === co));
      const avail = inStock(co, true, day, 5);
      if (avail.length) {
        const s = pick(avail);
        add({ co, posting: day, entered: at(day, 9, 17), journal: "41", ref: `DT${++refN}`, user: U.title, custVend: other[0], name: other[1],
          lines: [{ account: "220", amount: s.value, control: other[0], desc: `DEALER TRADE OUT ${s.no}` }, { account: "231", amount: -s.value, control: s.no, desc: "DEALER TRADE OUT" }], kind: "dealer_trade_out" });
        s.sold = true;
        const pd = workdaysAfter(day, int(1, 3));
        later(pd, () => payoff(s, pd));
        const rd = workdaysAfter(day, int(3, 10));
        later(rd, () => add({ co, posting: rd, entered: at(rd, 9, 16), journal: "02", ref: `R${++refN}`, user: pick(U.cashiers[co]), custVend: other[0], name: other[1],
          lines: [{ account: "202", amount: s.value, control: other[0], desc: "DEALER TRADE CHECK" }, { account: "220", amount: -s.value, control: other[0], desc: `DEALER TRADE ${s.no}` }], kind: "receipt_on_account" }));
      }
      const cost = logn(co === "1" ? 47_000 : 38_000, 0.2);
      const s = newStock(co, day, true, cost, r2(cost * between(1.06, 1.1)));
      s.fp = "310"; s.floored = s.value;
      add({ co, posting: day, entered: at(day, 9, 17), journal: "41", ref: `DT${++refN}`, user: U.title, custVend: other[0], name: other[1],
        lines: [{ account: "231", amount: s.value, control: s.no, desc: "DEALER TRADE IN" }, { account: "310", amount: -s.value, control: s.no, desc: "FLOORED DEALER TRADE" }], kind: "dealer_trade_in" });
    }
    // Demo cars: a new unit put in service as a demonstrator now and then.
    if (rnd() < 0.07) {
      const avail = inStock(co, true, day, 10).filter((s) => !s.demo);
      if (avail.length) {
        const s = pick(avail);
        s.demo = true;
        add({ co, posting: day, entered: at(day, 9, 17), journal: "90", ref: je(co), user: U.title, custVend: "", name: "",
          lines: [{ account: "232", amount: s.value, control: s.no, desc: "TRANSFER TO DEMO" }, { account: "231", amount: -s.value, control: s.no, desc: "TRANSFER TO DEMO" }], kind: "demo_transfer" });
      }
    }
    // Fleet: a big deal now and then (a city's police units, a rental company's order).
    if (rnd() < 0.012) fleetDeal(co, day);
    // Floor plan curtailments on the 15th (or the next workday): aged new units pay 10 %.
    if (dom >= 15 && dom <= 17 && day === nextWorkday(Date.UTC(y, m0, 15))) {
      for (const s of inStock(co, true, day).filter((x) => x.fp && day - x.received > 180 * DAY && x.floored > x.value * 0.75)) {
        const cut = r2(s.value * 0.1);
        s.floored = r2(s.floored - cut);
        add({ co, posting: day, entered: at(day, 9, 12), journal: "03", ref: `ACH${++refN}`, user: U.ap, custVend: st.lender, name: st.lenderName,
          lines: [{ account: "310", amount: cut, control: s.no, desc: "CURTAILMENT 10%" }, { account: "202", amount: -cut, control: st.lender, desc: "CURTAILMENT" }], kind: "floor_plan_curtailment" });
      }
    }
    // Semi-monthly payroll (15th and last workday): flat-rate technicians paid on hours flagged.
    const lastWorkday = (d: number) => {
      let t = d;
      while (isWeekend(t)) t -= DAY;
      return t;
    };
    const payday = day === lastWorkday(Date.UTC(y, m0, 15)) || day === lastWorkday(last);
    if (payday) {
      const tech = r2(logn(co === "1" ? 58_000 : 74_000, 0.08)), office = r2(logn(38_000, 0.05)), svc = r2(logn(31_000, 0.07)), comm = r2(logn(co === "1" ? 42_000 : 55_000, 0.2));
      const taxes = r2((tech + office + svc + comm) * 0.0765);
      const gross = tech + office + svc + comm;
      const withheld = r2(gross * 0.24);
      add({ co, posting: day, entered: at(day, 7, 9), journal: "50", ref: `PR${y}${String(m0 + 1).padStart(2, "0")}${dom > 20 ? "B" : "A"}`, user: U.payroll, custVend: "", name: "",
        lines: [{ account: "247", amount: tech, control: "TECHS", desc: "FLAT RATE TECHNICIANS" }, { account: "720", amount: office, control: "OFFICE", desc: "SALARIES" }, { account: "722", amount: svc, control: "SVCPARTS", desc: "ADVISORS & PARTS" },
          { account: "325", amount: comm, control: "COMM", desc: "COMMISSIONS PAID" }, { account: "724", amount: taxes, control: "TAX", desc: "EMPLOYER TAXES" },
          { account: "326", amount: -r2(withheld + taxes), control: "TAX", desc: "WITHHOLDINGS" }, { account: "202", amount: -r2(gross - withheld), control: "PAYROLL", desc: "NET PAY" }], kind: "payroll" });
    }
    // The 1st workday: the recurring entries (reversal of last month's accrual, depreciation, rent).
    if (day === firstWd) {
      const rent = co === "1" ? 42_500 : 55_000;
      add({ co, posting: day, entered: at(day, 5, 6), journal: "40", ref: `RENT${y}${m0 + 1}`, user: U.system, custVend: "V00061", name: "LAKESHORE REALTY LLC",
        lines: [{ account: "760", amount: rent, control: "V00061", desc: "RENT" }, { account: "315", amount: -rent, control: "V00061", desc: "RENT" }], kind: "rent" });
      apOpen[co].push({ vendor: "V00061", name: "LAKESHORE REALTY LLC", amount: rent });
      const dms = co === "1" ? 9_870.44 : 11_214.9;
      add({ co, posting: day, entered: at(day, 9, 16), journal: "40", ref: `CDK${y}${m0 + 1}`, user: U.ap, custVend: "V00063", name: "CDK GLOBAL",
        lines: [{ account: "775", amount: dms, control: "V00063", desc: "DMS MONTHLY" }, { account: "315", amount: -dms, control: "V00063", desc: "DMS" }], kind: "vendor_invoice" });
      apOpen[co].push({ vendor: "V00063", name: "CDK GLOBAL", amount: dms });
      for (const v of EXPENSE_VENDORS.filter((x) => ["740", "770"].includes(x[2]))) {
        const amount = r2(logn(v[3], 0.2));
        add({ co, posting: day, entered: at(day, 9, 16), journal: "40", ref: `${int(10_000, 999_999)}`, user: U.ap, custVend: v[0], name: v[1],
          lines: [{ account: v[2], amount, control: v[0], desc: v[1] }, { account: "315", amount: -amount, control: v[0], desc: "INVOICE" }], kind: "vendor_invoice" });
        apOpen[co].push({ vendor: v[0], name: v[1], amount });
      }
    }
    // The 3rd workday: the manufacturer's statement of last month (parts, ad fund, incentives, FP assistance).
    if (day === nthWorkday(y, m0, 3) && Date.UTC(y, m0, 0) >= START) {
      const lines: Line[] = [];
      const partsBought = r2(logn(co === "1" ? 145_000 : 180_000, 0.12));
      lines.push({ account: "242", amount: partsBought, control: "PARTS", desc: "PARTS PURCHASES" }, { account: "740", amount: r2(logn(9_000, 0.1)), control: st.factory, desc: "REGIONAL AD FUND" });
      for (const inc of incentiveOpen[co].splice(0)) lines.push({ account: "227", amount: -inc.amount, control: inc.deal, desc: "INCENTIVE PAID" });
      const fpa = r2(logn(co === "1" ? 14_000 : 17_000, 0.15));
      lines.push({ account: "614", amount: -fpa, control: st.factory, desc: "FLOOR PLAN ASSISTANCE" });
      const net = r2(lines.reduce((s, l) => s + l.amount, 0));
      lines.push({ account: "202", amount: -net, control: st.factory, desc: "STATEMENT EFT" });
      add({ co, posting: Date.UTC(y, m0, 0), entered: at(day, 8, 11), journal: "60", ref: `MS${y}${String(m0).padStart(2, "0")}`, user: U.warranty, custVend: st.factory, name: st.factoryName, lines, kind: "manufacturer_statement" });
      // Floor plan interest of last month (the lender's statement).
      const interest = r2(stocks.filter((s) => s.co === co && s.fp && !s.sold).reduce((s, x) => s + x.floored, 0) * 0.072 / 12);
      add({ co, posting: day, entered: at(day, 9, 12), journal: "03", ref: `ACH${++refN}`, user: U.ap, custVend: st.lender, name: st.lenderName,
        lines: [{ account: "730", amount: interest, control: st.lender, desc: "FLOOR PLAN INTEREST" }, { account: "202", amount: -interest, control: st.lender, desc: "FP INTEREST" }], kind: "floor_plan_interest" });
      // The service-contract and GAP providers are remitted monthly.
      if (scPayable[co] > 0) {
        const amount = r2(scPayable[co]);
        scPayable[co] = 0;
        add({ co, posting: day, entered: at(day, 13, 16), journal: "03", ref: chk(co), user: U.ap, custVend: SC_PROVIDER[0], name: SC_PROVIDER[1],
          lines: [{ account: "315", amount, control: SC_PROVIDER[0], desc: "CONTRACTS REMITTED" }, { account: "202", amount: -amount, control: "OPER", desc: "CONTRACTS REMITTED" }], kind: "fi_provider_remittance" });
      }
    }
    // Quarterly: the factory pays the quarter's holdback (the 10th workday after the quarter).
    if (m0 % 3 === 0 && day === nthWorkday(y, m0, 10) && holdbackAccrued[co] > 0) {
      const amount = r2(holdbackAccrued[co]);
      holdbackAccrued[co] = 0;
      add({ co, posting: day, entered: at(day, 5, 6), journal: "60", ref: `HB${y}Q${m0 / 3 || 4}`, user: U.system, custVend: st.factory, name: st.factoryName,
        lines: [{ account: "202", amount, control: st.factory, desc: "HOLDBACK PAYMENT" }, { account: "227", amount: -amount, control: "HOLDBACK", desc: "QUARTERLY HOLDBACK" }], kind: "holdback_quarterly" });
    }
    // F&I chargebacks: contracts cancelled months after the sale (the lender's and provider's statements), 2nd workday.
    if (day === nthWorkday(y, m0, 2)) {
      for (const d of dealsForChargeback.filter((x) => x.co === co && day - x.day > 60 * DAY && day - x.day < 400 * DAY)) {
        if (rnd() > 0.012) continue;
        dealsForChargeback.splice(dealsForChargeback.indexOf(d), 1);
        const amount = r2(d.reserve * between(0.5, 1) + d.scIncome * between(0.3, 0.9));
        if (amount < 1) continue;
        add({ co, posting: day, entered: at(day, 9, 16), journal: "90", ref: je(co), user: U.office, custVend: d.customer, name: "",
          lines: [{ account: "650", amount, control: d.deal, desc: "F&I CHARGEBACK CANCELLED CONTRACT" }, { account: "315", amount: -amount, control: SC_PROVIDER[0], desc: "CHARGEBACK" }], kind: "fi_chargeback" });
        apOpen[co].push({ vendor: SC_PROVIDER[0], name: SC_PROVIDER[1], amount });
      }
    }
    // Month end (booked on the 2nd–5th workday with the last day's date): the controller's schedules.
    const closeKey = `${co}|${y}|${m0}`;
    if (!closeDay.has(closeKey)) closeDay.set(closeKey, nthWorkday(y, m0, int(2, 4)));
    if (day === closeDay.get(closeKey) && Date.UTC(y, m0, 0) >= START) monthEndClose(co, Date.UTC(y, m0, 0), day);
    // The year-end close, keyed in mid-January.
    if (m0 === 0 && dom >= 14 && dom <= 16 && day === nextWorkday(Date.UTC(y, 0, 14)) && y === 2025) yearEnd(co, day);
  }

  function monthEndClose(co: Co, me: number, day: number) {
    // Aged used units written down (the used-car manager's list, in round hundreds).
    const aged = inStock(co, false, me, 45);
    if (aged.length) {
      const lines: Line[] = [];
      for (const s of aged.slice(0, 25)) {
        const w = Math.min(s.value * 0.2, pick([200, 300, 500, 500, 750, 1000, 1500]));
        const wd = Math.round(w / 100) * 100;
        if (wd <= 0) continue;
        s.value = r2(s.value - wd);
        lines.push({ account: "646", amount: wd, control: s.no, desc: "AGED UNIT WRITEDOWN" }, { account: "240", amount: -wd, control: s.no, desc: "AGED UNIT WRITEDOWN" });
      }
      if (lines.length) add({ co, posting: me, entered: at(day, 9, 18), journal: "90", ref: je(co), user: U.controller, custVend: "", name: "", lines, kind: "used_writedown_schedule" });
    }
    if (due("round_sum_inventory_adjustment", me)) {
      const s = pick(inStock(co, false, me));
      const amount = pick([5000, 7500, 10000, 12500, 15000]);
      s.value += amount;
      add({ co, posting: me, entered: at(day, 9, 18), journal: "90", ref: je(co), user: U.controller, custVend: "", name: "",
        lines: [{ account: "240", amount, control: s.no, desc: "INVENTORY ADJUSTMENT" }, { account: "646", amount: -amount, control: s.no, desc: "INVENTORY ADJUSTMENT" }], kind: "general_journal", anomaly: "round_sum_inventory_adjustment" });
    }
    // Demos depreciated monthly.
    const demos = inStock(co, true, me).filter((s) => s.demo);
    if (demos.length) {
      const lines: Line[] = [];
      for (const s of demos) {
        const d = r2(s.value * 0.015);
        s.value = r2(s.value - d);
        lines.push({ account: "790", amount: d, control: s.no, desc: "DEMO DEPRECIATION" }, { account: "232", amount: -d, control: s.no, desc: "DEMO DEPRECIATION" });
      }
      add({ co, posting: me, entered: at(day, 9, 18), journal: "90", ref: je(co), user: U.controller, custVend: "", name: "", lines, kind: "demo_depreciation" });
    }
    // Accrued payroll and commissions (reversed on the 1st by the recurring journal).
    const ref = je(co);
    const accLines: Line[] = [{ account: "247", amount: r2(logn(co === "1" ? 28_000 : 35_000, 0.2)), control: "TECHS", desc: "ACCRUE TECH PAY" },
      { account: "720", amount: r2(logn(9_000, 0.2)), control: "OFFICE", desc: "ACCRUE SALARIES" }];
    accLines.push({ account: "325", amount: -r2(accLines.reduce((s, l) => s + l.amount, 0)), control: "ACCRUAL", desc: "ACCRUED PAYROLL" });
    add({ co, posting: me, entered: at(day, 9, 18), journal: "90", ref, user: U.controller, custVend: "", name: "", lines: accLines, kind: "payroll_accrual" });
    // Posted as a reversing entry: the DMS posts its reversal, dated the 1st, in the same run.
    add({ co, posting: me + DAY, entered: at(day, 18.5, 19), journal: "91", ref, user: U.controller, custVend: "", name: "",
      lines: accLines.map((l) => ({ ...l, amount: -l.amount, desc: "REVERSE ACCRUAL" })), kind: "accrual_reversal" });
    // Depreciation (recurring, the same each month).
    const dep = co === "1" ? 18_416.67 : 22_083.33;
    add({ co, posting: me, entered: at(day, 5, 6), journal: "91", ref: `DEP${new Date(me).getUTCMonth() + 1}`, user: U.system, custVend: "", name: "",
      lines: [{ account: "780", amount: dep, control: "FA", desc: "DEPRECIATION" }, { account: "269", amount: -dep, control: "FA", desc: "DEPRECIATION" }], kind: "depreciation" });
    // The year's LIFO adjustment at December.
    if (new Date(me).getUTCMonth() === 11) {
      const lifo = r2(logn(co === "1" ? 85_000 : 110_000, 0.3));
      add({ co, posting: me, entered: at(day + 8 * DAY, 9, 17), journal: "90", ref: je(co), user: U.controller, custVend: "", name: "",
        lines: [{ account: "616", amount: lifo, control: "LIFO", desc: "LIFO ADJUSTMENT" }, { account: "239", amount: -lifo, control: "LIFO", desc: "LIFO RESERVE" }], kind: "lifo_adjustment" });
    }
  }

  function fleetDeal(co: Co, day: number) {
    const avail = inStock(co, true, day, 3).filter((s) => !s.demo);
    const n = Math.min(avail.length - 20, int(10, 28));
    if (n < 5) return;
    const units = avail.slice(0, n);
    const fleet = pick([["F9001", "CITY OF LAKESHORE"], ["F9002", "ENTERPRISE FLEET MGMT"], ["F9003", "LAKESHORE COUNTY SHERIFF"], ["F9004", "GREAT LAKES UTILITY CO"], ["F9005", "HERTZ CORP"]]);
    const no = String(++dealNo[co]);
    const lines: Line[] = [];
    let total = 0;
    const incentive = r2(n * pick([1500, 2000, 2500, 3000]));
    for (const s of units) {
      const price = r2(s.value * between(0.985, 1.02));
      total += price;
      lines.push({ account: "420", amount: -price, control: s.no, desc: "FLEET SALE", count: 1 }, { account: "620", amount: s.value, control: s.no, desc: "COST FLEET", count: 1 }, { account: "231", amount: -s.value, control: s.no, desc: "COST FLEET" });
      s.sold = true;
    }
    lines.unshift({ account: "220", amount: r2(total - incentive), control: fleet[0], desc: "FLEET INVOICE" }, { account: "227", amount: incentive, control: no, desc: "FLEET INCENTIVE (FIN CODE)" });
    add({ co, posting: day, entered: at(workdaysAfter(day, 1), 9, 17), journal: "11", ref: no, user: U.billing[co], custVend: fleet[0], name: fleet[1], lines, kind: "fleet_deal" });
    incentiveOpen[co].push({ deal: no, amount: incentive });
    for (const s of units) { const pd = workdaysAfter(day, int(1, 3)); later(pd, () => payoff(s, pd)); }
    const rd = workdaysAfter(day, int(20, 40));
    later(rd, () => add({ co, posting: rd, entered: at(rd, 9, 16), journal: "02", ref: `R${++refN}`, user: pick(U.cashiers[co]), custVend: fleet[0], name: fleet[1],
      lines: [{ account: "202", amount: r2(total - incentive), control: fleet[0], desc: "FLEET PAYMENT" }, { account: "220", amount: -r2(total - incentive), control: fleet[0], desc: "FLEET PAYMENT" }], kind: "receipt_on_account" }));
  }

  function yearEnd(co: Co, day: number) {
    const lines: Line[] = [];
    let net = 0;
    for (const [k, v] of [...pnl].sort()) {
      const [c, account] = k.split("|");
      if (c !== co || Math.abs(v) < 0.005) continue;
      lines.push({ account: account!, amount: -r2(v), control: "CLOSE", desc: "CLOSE TO RETAINED EARNINGS" });
      net = r2(net + r2(v));
    }
    lines.push({ account: "390", amount: r2(net), control: "CLOSE", desc: "CLOSE TO RETAINED EARNINGS" });
    add({ co, posting: Date.UTC(2024, 11, 31), entered: at(day, 10, 16), journal: "99", ref: "YE2024", user: U.controller, custVend: "", name: "", lines, kind: "year_end_close" });
  }

  return toLedger(txns);
}

/** The DMS's posting sequence (per company, in the order posted) and the export's rows. */
function toLedger(txns: Txn[]): DealerLedger {
  const money = (x: number) => (Math.abs(x) < 0.005 ? "0.00" : x.toFixed(2));
  const usDate = (d: number) => {
    const x = new Date(d);
    return `${x.getUTCMonth() + 1}/${x.getUTCDate()}/${x.getUTCFullYear()}`;
  };
  const usDateTime = (d: number) => `${usDate(d)} ${new Date(d).getUTCHours()}:${String(new Date(d).getUTCMinutes()).padStart(2, "0")}`;
  const rows: string[][] = [];
  const transactionOfLine = new Map<string, string>();
  const transactions: DealerTransaction[] = [];
  for (const co of ["1", "2"] as Co[]) {
    const mine = txns.filter((t) => t.co === co && t.posting < END && t.entered < END + 25 * DAY).map((t, i) => ({ t, i }));
    mine.sort((a, b) => a.t.entered - b.t.entered || a.i - b.i);
    let seq = co === "1" ? 1_204_000 : 2_377_000;
    for (const { t } of mine) {
      const postSeq = String(++seq);
      const id = `${co}-${postSeq}`;
      transactions.push({ id, kind: t.kind, anomaly: t.anomaly, user: t.user, journal: t.journal });
      t.lines.forEach((l, i) => {
        transactionOfLine.set(`${co}-${postSeq}-${i + 1}`, id);
        rows.push([
          co, usDate(t.posting), t.journal, JOURNALS[t.journal]!, t.ref, postSeq, String(i + 1), l.account, ACCOUNTS[l.account]!, deptOf(l.account), l.control ?? "",
          t.custVend ?? "", t.name ?? "", l.desc ?? "", money(l.amount), l.count ? String(l.count) : "", t.user, usDateTime(t.entered),
        ]);
      });
    }
  }
  return { header: DEALER_HEADER, rows, transactionOfLine, transactions };
}

export function toCsv(ledger: DealerLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
