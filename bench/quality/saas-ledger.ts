/**
 * An independent evaluation ledger of a VENTURE-BACKED B2B SAAS COMPANY: Lumen Analytics, a
 * product-analytics platform sold on annual and monthly subscriptions, with a US parent (USD) and
 * subsidiaries in the UK (GBP) and Germany (EUR), consolidated through an elimination subsidiary;
 * calendar 2024–2025, exported from NetSuite OneWorld as a saved transaction search over posting
 * lines ("GL Detail", main line and non-posting lines off): one row per GL line, `Internal ID` (the
 * transaction's) and `Line ID` (0, 1, 2… within it), `Document Number` (a journal's JE number, an
 * invoice's, and on a vendor bill the vendor's own invoice number: NetSuite's "Reference No." is the
 * bill's tranid), `Type` (Journal, Invoice, Payment, Credit Memo, Bill, Bill Payment, Currency
 * Revaluation), `Date` (M/D/YYYY), `Period` ("Jan 2024"…, the auditors' adjustments in "Adjust
 * 2024"), `Subsidiary` (the OneWorld hierarchy, "Lumen Analytics Inc. : Lumen Analytics Ltd"), the
 * `Account` ("2200 Deferred Revenue"), `Debit` and `Credit` in the subsidiary's base currency, `Base
 * Currency` (the subsidiary's, a joined field relabelled in the search), `Currency` (the
 * transaction's), `Exchange Rate`, `Amount (Foreign Currency)`, `Name` (customer, vendor, employee
 * or the other subsidiary), `Memo`, `Department`, `Class` (product line), `Created By`, `Date
 * Created` (M/D/YYYY h:mm am/pm, the exporting controller's US Pacific time: the London office
 * keys from 1 a.m., Berlin from 11 p.m.), `Approved By` (the journal approval workflow's approver,
 * a bill's and a bill payment's; empty on what the system and the integration create) and
 * `Reversal Date` (an auto-reversing journal's).
 *
 * Written from how such a company's books look — before reading the product's detectors:
 * revenue recognition (one journal per contract per month from deferred revenue to revenue, the
 * same amount every month: identical journals that are no duplicates), annual contracts invoiced
 * up front by the Salesforce integration and paid 20–75 days later, monthly ones invoiced each
 * month, renewals with uplifts and churn; prepaid software and insurance amortised monthly,
 * depreciation and capitalised-software amortisation from the fixed-asset module (the same amounts
 * every month); the engineering salaries capitalised each month (ASC 350-40); sales commissions
 * capitalised and amortised (ASC 340-40); month-end accruals with their auto-reversals on the 1st;
 * the parent's monthly management fee to each subsidiary mirrored in the subsidiary's books, and
 * ad-hoc recharges mirrored likewise; the currency revaluation of the intercompany balances each
 * month and its reversal on the 1st; payroll journals from the US provider on the 15th and the last
 * day, the UK's on the 25th and Germany's on the last working day; the monthly eliminations; the
 * quarter-end true-ups; the year-end tax provision and the auditors' adjusting entries keyed in
 * February into the adjustment period; the controller approving every manual journal (her own
 * approved by the CFO, but her monthly bank-fee journals approved by herself). The planted
 * problems (≈ 0.3 % of transactions) are of the kinds a SaaS company's auditor reports; each
 * transaction carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface SaasOptions {
  seed: number;
}

/** One judged transaction (its lines share the Internal ID). */
export interface SaasTransaction {
  id: string;
  type: string;
  kind: string;
  anomaly?: string;
  user: string;
  lines: number;
}

export interface SaasLedger {
  header: string[];
  rows: string[][];
  /** "<Internal ID>-<Line ID>" → Internal ID. */
  transactionOfLine: Map<string, string>;
  transactions: SaasTransaction[];
}

export const SAAS_HEADER = [
  "Internal ID", "Line ID", "Document Number", "Type", "Date", "Period", "Subsidiary", "Account", "Debit", "Credit", "Base Currency", "Currency",
  "Exchange Rate", "Amount (Foreign Currency)", "Name", "Memo", "Department", "Class", "Created By", "Date Created", "Approved By", "Reversal Date",
];

export const SAAS_ANOMALIES = [
  "manual_revenue_by_outsider",
  "vendor_bill_duplicated",
  "round_sum_to_suspense_weekend",
  "accrual_never_reversed",
  "revenue_to_closed_period",
  "revrec_posted_twice",
  "intercompany_without_mirror",
  "unusual_account_pair",
  "self_approved_above_threshold",
] as const;

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

type Sub = "us" | "uk" | "de" | "elim";
const SUB: Record<Sub, string> = {
  us: "Lumen Analytics Inc.",
  uk: "Lumen Analytics Inc. : Lumen Analytics Ltd",
  de: "Lumen Analytics Inc. : Lumen Analytics GmbH",
  elim: "Lumen Analytics Inc. : Lumen Analytics Elimination",
};
const BASE: Record<Sub, string> = { us: "USD", uk: "GBP", de: "EUR", elim: "USD" };
const ENTITY: Record<Sub, string> = { us: "Lumen Analytics Inc.", uk: "Lumen Analytics Ltd", de: "Lumen Analytics GmbH", elim: "Lumen Analytics Elimination" };

const ACCOUNTS: Record<string, string> = {
  "1000": "Cash - SVB Operating", "1005": "Cash - Barclays GBP", "1008": "Cash - Deutsche Bank EUR", "1100": "Accounts Receivable",
  "1200": "Prepaid Expenses", "1250": "Deferred Commissions", "1300": "Intercompany Receivable", "1500": "Computer Equipment",
  "1510": "Accumulated Depreciation", "1600": "Capitalized Software", "1610": "Accumulated Amortization - Capitalized Software", "1999": "Suspense",
  "2000": "Accounts Payable", "2100": "Accrued Liabilities", "2150": "Accrued Commissions", "2160": "Accrued Bonus", "2200": "Deferred Revenue",
  "2300": "Intercompany Payable", "2400": "Payroll Liabilities", "2500": "Income Taxes Payable",
  "4000": "Subscription Revenue", "4100": "Professional Services Revenue", "4900": "Intercompany Service Revenue",
  "5000": "Cost of Revenue - Hosting", "6000": "Salaries and Wages", "6010": "Payroll Taxes and Benefits", "6050": "Commissions Expense",
  "6100": "Software and Subscriptions", "6200": "Rent and Facilities", "6300": "Professional Fees", "6400": "Depreciation and Amortization",
  "6500": "Travel and Entertainment", "6600": "Intercompany Management Fees", "6800": "Bank Fees", "7000": "Unrealized FX Gain/Loss",
  "8000": "Income Tax Expense",
};
const acct = (n: string) => `${n} ${ACCOUNTS[n]!}`;
const CASH: Record<Sub, string> = { us: "1000", uk: "1005", de: "1008", elim: "1000" };
const DEPARTMENTS = ["Engineering", "Sales", "Marketing", "Customer Success", "G&A"];
const CLASSES = ["Core Platform", "Data Warehouse Sync", "Professional Services"];

/** Who keys what. The controller approves every manual journal; the CFO approves hers. */
const U = {
  system: "-System-", celigo: "Celigo Integration", payroll: "Rippling Integration", controller: "Priya Raman", senior: "Marcus Webb",
  ap: "Lisa Park", billing: "Sam Torres", uk: "Oliver Hughes", de: "Katrin Vogel", cfo: "Daniel Cho",
};
/** Hours west of UTC of the exporter's Pacific time (DST ignored: one offset all year). */
const PACIFIC = -8;

interface Line {
  account: string;
  debit?: number;
  credit?: number;
  name?: string;
  memo?: string;
  department?: string;
  cls?: string;
}
interface Txn {
  sub: Sub;
  type: string;
  doc: string;
  date: number;
  /** "Adjust 2024" for the auditors' entries; default the date's month. */
  period?: string;
  /** UTC moment of creation. */
  entered: number;
  user: string;
  approvedBy?: string;
  /** The transaction's currency, when not the subsidiary's; its rate to the base currency. */
  currency?: string;
  rate?: number;
  reversalDate?: number;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const MONTHS3 = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const FIRST = ["Acme", "Blue", "North", "Bright", "Summit", "Harbor", "Vector", "Pioneer", "Atlas", "Cedar", "Nimbus", "Orbit", "Quantum", "Red", "Silver", "Union", "Velvet", "Granite", "Falcon", "Meridian", "Keystone", "Lattice", "Beacon", "Copper"];
const SECOND = ["Labs", "Health", "Retail", "Logistics", "Media", "Bank", "Software", "Foods", "Energy", "Travel", "Robotics", "Insurance", "Games", "Pay", "Learning", "Mobility"];
const FORM: Record<Sub, string[]> = { us: ["Inc.", "LLC", "Corp."], uk: ["Ltd", "plc", "Ltd"], de: ["GmbH", "AG", "GmbH & Co. KG"], elim: [""] };

export function generateSaasLedger(options: SaasOptions): SaasLedger {
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
  const nthWorkday = (y: number, m0: number, n: number) => {
    let t = Date.UTC(y, m0, 1), k = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++k === n) return t;
  };
  const lastWorkday = (y: number, m0: number) => {
    let t = Date.UTC(y, m0 + 1, 0);
    while (isWeekend(t)) t -= DAY;
    return t;
  };
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  /** A moment on `day` between local hours `from` and `to` of the office in `utcOffset` (hours). */
  const at = (day: number, from: number, to: number, utcOffset = PACIFIC) => day + Math.floor((between(from, to) - utcOffset) * HOUR);
  const officeOf: Record<Sub, number> = { us: PACIFIC, uk: 0, de: 1, elim: PACIFIC };
  const userOf: Record<Sub, string> = { us: U.senior, uk: U.uk, de: U.de, elim: U.senior };
  const jeNo = (() => {
    let n = 10_400 + int(0, 300);
    return () => `JE${++n}`;
  })();
  const invNo = (() => {
    let n = 20_100 + int(0, 400);
    return () => `INV-${++n}`;
  })();
  const pmtNo = (() => {
    let n = 5_200 + int(0, 300);
    return () => `PYMT${++n}`;
  })();
  const bpNo = (() => {
    let n = 3_100 + int(0, 300);
    return () => `BP${++n}`;
  })();
  const months: [number, number][] = [];
  for (let y = 2024; y <= 2025; y++) for (let m = 0; m < 12; m++) months.push([y, m]);
  const fx = (sub: Sub, day: number) => {
    // Monthly drifting rates to USD.
    const t = (day - START) / (365 * DAY);
    if (sub === "uk") return 1.27 + 0.04 * Math.sin(t * 3.1) + 0.01 * Math.sin(t * 11);
    if (sub === "de") return 1.09 + 0.03 * Math.sin(t * 2.3 + 1) + 0.008 * Math.sin(t * 13);
    return 1;
  };

  // ---- customers and their contracts ---------------------------------------------------------------
  interface Contract { so: string; sub: Sub; customer: string; acv: number; start: number; monthly: boolean; cls: string; currency: string; /** How late this customer pays, as a rule. */ payDays: number }
  const contracts: Contract[] = [];
  const usedNames = new Set<string>();
  // Each customer's name its own (two companies "Atlas Labs Inc." and "Atlas Labs Ltd" are a
  // generator's accident, not a customer list's).
  const customerName = (sub: Sub) => {
    for (let tries = 0; ; tries++) {
      const stem = `${pick(FIRST)} ${pick(SECOND)}${tries > 50 ? ` ${pick(["Group", "Systems", "Partners", "Holdings", "Digital", "Networks"])}` : ""}`;
      if (!usedNames.has(stem)) {
        usedNames.add(stem);
        return `${stem} ${pick(FORM[sub])}`;
      }
    }
  };
  let soN = 10_000 + int(0, 500);
  const newContract = (sub: Sub, start: number) => {
    const median = sub === "us" ? 48000 : sub === "uk" ? 30000 : 36000;
    const big = rnd() < 0.04;
    const acv = Math.round(logn(median * (big ? 8 : 1), 0.7) / 120) * 120;
    // A UK subsidiary bills some US-headquartered customers in USD.
    const currency = sub === "uk" && rnd() < 0.12 ? "USD" : BASE[sub];
    contracts.push({ so: `SO-${++soN}`, sub, customer: customerName(sub), acv, start, monthly: rnd() < 0.22, cls: rnd() < 0.8 ? CLASSES[0]! : CLASSES[1]!, currency, payDays: int(20, 60) });
  };
  // The book at the export's start (started 1–11 months before), then new logos each month.
  for (const [sub, n] of [["us", 95], ["uk", 26], ["de", 20]] as [Sub, number][]) {
    for (let i = 0; i < n; i++) newContract(sub, Date.UTC(2023, int(1, 11), 1));
  }
  for (const [y, m0] of months) {
    const growth = 1 + (y - 2024) * 0.6;
    for (const [sub, rate] of [["us", 3.2], ["uk", 0.9], ["de", 0.7]] as [Sub, number][]) {
      const n = Math.round(rate * growth * between(0.5, 1.5));
      for (let i = 0; i < n; i++) newContract(sub, Date.UTC(y, m0, 1));
    }
  }

  // Each contract's terms: annual up front or monthly, renewed each year (uplift) unless it churns.
  const revrecs: { c: Contract; month: number; amount: number; txn: Txn }[] = [];
  const newBookings = new Map<string, number>(); // "sub|y-m" → ACV booked (commissions)
  for (const c of contracts) {
    let acv = c.acv;
    for (let termStart = c.start; termStart < END; termStart = Date.UTC(new Date(termStart).getUTCFullYear() + 1, new Date(termStart).getUTCMonth(), 1)) {
      const ts = new Date(termStart);
      const termIx = ts.getUTCFullYear() - new Date(c.start).getUTCFullYear();
      if (termIx > 0 && rnd() < 0.1) break; // churned at renewal
      if (termIx > 0) acv = Math.round((acv * between(1.0, 1.07)) / 120) * 120;
      if (termStart >= START) {
        const k = `${c.sub}|${ts.getUTCFullYear()}-${ts.getUTCMonth()}`;
        newBookings.set(k, (newBookings.get(k) ?? 0) + acv * (termIx === 0 ? 1 : 0.25) * (c.sub === "us" ? 1 : fx(c.sub, termStart)));
      }
      const rateIn = (day: number) => (c.currency === BASE[c.sub] ? 1 : 1 / fx(c.sub, day)); // USD → GBP for the UK's USD customers
      const monthlyFee = round2(acv / 12);
      for (let i = 0; i < 12; i++) {
        const ms = Date.UTC(ts.getUTCFullYear(), ts.getUTCMonth() + i, 1);
        if (ms >= END) break;
        const my = new Date(ms).getUTCFullYear(), mm = new Date(ms).getUTCMonth();
        // The invoice: the whole year on the term's first day, or each month's.
        if (c.monthly || i === 0) {
          const amt = c.monthly ? monthlyFee : round2(acv);
          if (ms >= START) {
            const r = rateIn(ms);
            const base = round2(amt * r);
            const created = at(ms + int(0, 2) * DAY, 1, 4); // the nightly Salesforce sync
            add({ sub: c.sub, type: "Invoice", doc: invNo(), date: ms, entered: created, user: U.celigo, currency: c.currency, rate: r, kind: c.monthly ? "monthly_invoice" : "annual_invoice", lines: [
              { account: "1100", debit: base, name: c.customer, memo: `${c.so} ${c.monthly ? "monthly" : "annual"} subscription`, cls: c.cls },
              { account: "2200", credit: base, name: c.customer, memo: `${c.so} subscription ${MONTHS3[mm]} ${my}${c.monthly ? "" : " - 12 months"}`, cls: c.cls },
            ] });
            // Paid on the customer's own terms, give or take a few days; now and then weeks late
            // (two months of a monthly customer then paid days apart); large annual ones at times
            // in two instalments.
            const pd = workday(ms + (c.payDays + int(-3, 3) + (rnd() < 0.04 ? int(20, 35) : 0)) * DAY);
            if (pd < END) {
              const parts = !c.monthly && amt > 150000 && rnd() < 0.5 ? 2 : 1;
              for (let p = 0; p < parts; p++) {
                const d = workday(pd + p * 90 * DAY);
                if (d >= END) break;
                const part = round2(base / parts);
                add({ sub: c.sub, type: "Payment", doc: pmtNo(), date: d, entered: at(d + DAY, 1, 4), user: U.celigo, currency: c.currency, rate: r, kind: "customer_payment", lines: [
                  { account: CASH[c.sub], debit: part, name: c.customer, memo: `Payment ${c.so}` }, { account: "1100", credit: part, name: c.customer, memo: `Payment ${c.so}` },
                ] });
              }
            }
          }
        }
        // Revenue recognised: one journal per contract per month, dated the month's last day,
        // created by the scheduled rev-rec run on the 2nd at night.
        if (ms >= START) {
          const me = monthEnd(my, mm);
          const r = rateIn(ms);
          const base = round2(monthlyFee * r);
          const created = at(Date.UTC(my, mm + 1, 2), 2, 3);
          if (created >= END + 5 * DAY) continue;
          const txn = add({ sub: c.sub, type: "Journal", doc: jeNo(), date: me, entered: created, user: U.system, currency: c.currency, rate: r, kind: "revrec", lines: [
            { account: "2200", debit: base, name: c.customer, memo: `Rev Rec ${c.so}`, cls: c.cls }, { account: "4000", credit: base, name: c.customer, memo: `Rev Rec ${c.so}`, cls: c.cls },
          ] });
          revrecs.push({ c, month: ms, amount: base, txn });
        }
      }
    }
  }
  // Onboarding services: invoiced when delivered, recognised at once.
  for (const c of contracts) {
    if (c.start < START || rnd() > 0.3) continue;
    const d = workday(c.start + int(20, 60) * DAY);
    if (d >= END) continue;
    const amt = Math.round(logn(8000, 0.5) / 250) * 250;
    const r = c.currency === BASE[c.sub] ? 1 : 1 / fx(c.sub, d);
    add({ sub: c.sub, type: "Invoice", doc: invNo(), date: d, entered: at(d, 9, 16, officeOf[c.sub]), user: U.billing, currency: c.currency, rate: r, kind: "services_invoice", lines: [
      { account: "1100", debit: round2(amt * r), name: c.customer, memo: `${c.so} onboarding services`, cls: CLASSES[2] }, { account: "4100", credit: round2(amt * r), name: c.customer, memo: `${c.so} onboarding services`, cls: CLASSES[2] },
    ] });
  }
  // Credit memos: a service credit for an outage, a downgrade mid-term.
  for (let k = 0; k < 30; k++) {
    const c = pick(contracts.filter((x) => x.start >= START - 200 * DAY));
    const d = workday(Math.max(c.start, START) + int(30, 300) * DAY);
    if (d >= END) continue;
    const amt = round2(Math.min(c.acv * 0.2, logn(1500, 0.6)));
    const r = c.currency === BASE[c.sub] ? 1 : 1 / fx(c.sub, d);
    add({ sub: c.sub, type: "Credit Memo", doc: `CM-${1000 + k}`, date: d, entered: at(d, 9, 16, officeOf[c.sub]), user: U.billing, currency: c.currency, rate: r, kind: "credit_memo", lines: [
      { account: "2200", debit: round2(amt * r), name: c.customer, memo: `${c.so} service credit` }, { account: "1100", credit: round2(amt * r), name: c.customer, memo: `${c.so} service credit` },
    ] });
  }

  // ---- payables -------------------------------------------------------------------------------------
  const bills: { sub: Sub; vendor: string; doc: string; lines: Line[]; amount: number; date: number; txn: Txn }[] = [];
  const billEntry = (sub: Sub, vendor: string, doc: string, date: number, expense: Line[], kind: string) => {
    const total = round2(expense.reduce((s, l) => s + (l.debit ?? 0), 0));
    const e = workday(date + int(0, 4) * DAY);
    const user = sub === "us" ? U.ap : sub === "uk" ? U.uk : U.de;
    const txn = add({ sub, type: "Bill", doc, date, entered: at(e, 9, 17, officeOf[sub]), user, approvedBy: U.controller, kind, lines: [
      ...expense.map((l) => ({ ...l, name: vendor })), { account: "2000", credit: total, name: vendor, memo: expense[0]!.memo },
    ] });
    bills.push({ sub, vendor, doc, lines: expense, amount: total, date, txn });
    return txn;
  };
  const vendorNo = (prefix: string) => `${prefix}${int(100000, 999999)}`;
  for (const [y, m0] of months) {
    const first = Date.UTC(y, m0, 1);
    const t = (first - START) / (365 * DAY);
    // AWS: hosting, growing with the customer base, billed on the 2nd-3rd for last month.
    billEntry("us", "Amazon Web Services, Inc.", vendorNo("AWS-"), Date.UTC(y, m0, int(2, 3)), [{ account: "5000", debit: round2(logn(68000 * (1 + t * 0.45), 0.06)), memo: `AWS usage ${MONTHS3[(m0 + 11) % 12]}`, department: "Engineering", cls: CLASSES[0] }], "hosting_bill");
    billEntry("us", "Snowflake Inc.", `SF${y}${String(m0 + 1).padStart(2, "0")}-${int(1000, 9999)}`, Date.UTC(y, m0, 4), [{ account: "5000", debit: round2(logn(14000 * (1 + t * 0.5), 0.1)), memo: "Snowflake credits consumed", department: "Engineering", cls: CLASSES[1] }], "hosting_bill");
    // Rent: the same every month.
    billEntry("us", "Embarcadero Center Associates", `EC-${y}${String(m0 + 1).padStart(2, "0")}`, first, [{ account: "6200", debit: 48500, memo: `Rent ${MONTHS3[m0]} ${y} - Suite 1400`, department: "G&A" }], "rent_bill");
    billEntry("uk", "Workspace Group plc", `WS${int(10000, 99999)}`, first, [{ account: "6200", debit: 9200, memo: `Rent ${MONTHS3[m0]} ${y} - Shoreditch`, department: "G&A" }], "rent_bill");
    billEntry("de", "Factory Berlin GmbH", `FB-${y}-${String(m0 + 1).padStart(3, "0")}`, first, [{ account: "6200", debit: 7400, memo: `Miete ${MONTHS3[m0]} ${y}`, department: "G&A" }], "rent_bill");
    // Monthly software.
    for (const [vendor, amt, dept] of [["Slack Technologies, LLC", 3800, "G&A"], ["Atlassian Pty Ltd", 5200, "Engineering"], ["Datadog, Inc.", 11800, "Engineering"], ["HubSpot, Inc.", 6400, "Marketing"], ["Gong.io Inc.", 4100, "Sales"]] as [string, number, string][]) {
      const d = Date.UTC(y, m0, int(1, 10));
      billEntry("us", vendor, vendorNo(vendor.slice(0, 2).toUpperCase()), d, [{ account: "6100", debit: round2(logn(amt * (1 + t * 0.2), 0.08)), memo: `${vendor.split(" ")[0]} subscription`, department: dept }], "software_bill");
    }
    // Legal, recruiting, accounting, travel: irregular.
    for (let k = 0; k < int(2, 5); k++) {
      const [vendor, account, median, dept] = pick([
        ["Cooley LLP", "6300", 18000, "G&A"], ["Wilson Sonsini Goodrich & Rosati", "6300", 22000, "G&A"], ["Hired Recruiting Partners", "6300", 24000, "G&A"],
        ["Navan, Inc.", "6500", 9000, "Sales"], ["Armanino LLP", "6300", 12000, "G&A"], ["WeWork Events", "6500", 6000, "Marketing"],
      ] as [string, string, number, string][]);
      const d = workday(Date.UTC(y, m0, int(1, 26)));
      billEntry("us", vendor, vendorNo(""), d, [{ account, debit: round2(logn(median, 0.6)), memo: `${vendor.split(" ")[0]} services`, department: dept }], "services_bill");
    }
    for (const sub of ["uk", "de"] as Sub[]) {
      for (let k = 0; k < int(1, 3); k++) {
        const vendor = sub === "uk" ? pick(["Taylor Wessing LLP", "BDO LLP", "Hays plc", "Trainline.com Ltd"]) : pick(["Hengeler Mueller", "KPMG AG", "Hays AG", "Deutsche Bahn AG"]);
        const d = workday(Date.UTC(y, m0, int(1, 26)));
        billEntry(sub, vendor, vendorNo(sub === "uk" ? "UK" : "R"), d, [{ account: vendor.includes("rain") || vendor.includes("Bahn") ? "6500" : "6300", debit: round2(logn(5000, 0.6)), memo: "Services", department: "G&A" }], "services_bill");
      }
    }
    // Annual prepaids (insurance in January, Salesforce in March, the ERP in July): billed once, amortised monthly.
    for (const [vendor, month, amt, what] of [["Vouch Insurance Services", 0, 186000, "D&O and cyber insurance"], ["Salesforce, Inc.", 2, 264000, "Salesforce annual licences"], ["Oracle America (NetSuite)", 6, 96000, "NetSuite annual subscription"]] as [string, number, number, string][]) {
      if (m0 !== month) continue;
      const total = Math.round(amt * (1 + (y - 2024) * 0.08) / 12) * 12;
      billEntry("us", vendor, vendorNo("PP"), Date.UTC(y, m0, 3), [{ account: "1200", debit: total, memo: what, department: "G&A" }], "prepaid_bill");
      for (let i = 0; i < 12; i++) {
        const me = monthEnd(y, m0 + i);
        if (me >= END) break;
        add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(me + 2 * DAY, 2, 3), user: U.system, kind: "prepaid_amortization", lines: [
          { account: "6100", debit: round2(total / 12), memo: `Amortization: ${what}`, department: "G&A" }, { account: "1200", credit: round2(total / 12), memo: `Amortization: ${what}` },
        ] });
      }
    }
  }
  // Bill payments: a Thursday run in each office, 14–40 days after the bill, approved by the controller.
  const termsOf = new Map<string, number>();
  for (const b of bills) {
    // Each vendor on its own terms (net 15, net 30…), paid by the first run after.
    if (!termsOf.has(b.vendor)) termsOf.set(b.vendor, pick([15, 20, 30, 30, 30, 45]));
    let d = b.date + termsOf.get(b.vendor)! * DAY;
    while (new Date(d).getUTCDay() !== 4) d += DAY;
    if (d >= END) continue;
    const user = b.sub === "us" ? U.ap : b.sub === "uk" ? U.uk : U.de;
    add({ sub: b.sub, type: "Bill Payment", doc: bpNo(), date: d, entered: at(d, 10, 15, officeOf[b.sub]), user, approvedBy: U.controller, kind: "bill_payment", lines: [
      { account: "2000", debit: b.amount, name: b.vendor, memo: `Payment ${b.doc}` }, { account: CASH[b.sub], credit: b.amount, name: b.vendor, memo: `Payment ${b.doc}` },
    ] });
  }

  // ---- payroll from the providers -------------------------------------------------------------------
  const headcount = (sub: Sub, day: number) => {
    const t = (day - START) / (365 * DAY);
    return sub === "us" ? 92 * (1 + 0.3 * t) : sub === "uk" ? 18 * (1 + 0.35 * t) : 14 * (1 + 0.4 * t);
  };
  const payrollJe = (sub: Sub, d: number, entered: number, user: string, approvedBy: string | undefined, memo: string, perHead: number, kind: string) => {
    const lines: Line[] = [];
    let gross = 0, tax = 0;
    for (const dept of DEPARTMENTS) {
      const share = dept === "Engineering" ? 0.45 : dept === "Sales" ? 0.2 : dept === "G&A" ? 0.12 : 0.115;
      const g = round2(headcount(sub, d) * share * perHead * between(0.97, 1.03));
      const tx = round2(g * (sub === "de" ? 0.21 : sub === "uk" ? 0.14 : 0.0925));
      lines.push({ account: "6000", debit: g, department: dept, memo }, { account: "6010", debit: tx, department: dept, memo });
      gross += g;
      tax += tx;
    }
    const withheld = round2(gross * 0.3 + tax);
    lines.push({ account: CASH[sub], credit: round2(gross + tax - withheld), memo }, { account: "2400", credit: withheld, memo });
    return add({ sub, type: "Journal", doc: jeNo(), date: d, entered, user, approvedBy, kind, lines });
  };
  for (const [y, m0] of months) {
    for (const d of [Date.UTC(y, m0, 15), monthEnd(y, m0)]) {
      const pay = (() => { let t = d; while (isWeekend(t)) t -= DAY; return t; })();
      // Imported from the provider's file the evening before pay day.
      payrollJe("us", pay, at(pay - DAY, 17, 19), U.payroll, U.controller, `Rippling payroll ${mdy(pay)}`, 7600, "payroll");
    }
    const uk = (() => { let t = Date.UTC(y, m0, 25); while (isWeekend(t)) t -= DAY; return t; })();
    payrollJe("uk", uk, at(uk - 2 * DAY, 10, 16, 0), U.uk, U.controller, `Payroll ${MONTHS3[m0]} ${y}`, 5600, "payroll");
    const de = lastWorkday(y, m0);
    payrollJe("de", de, at(de - 3 * DAY, 9, 16, 1), U.de, U.controller, `Gehaltsabrechnung ${MONTHS3[m0]} ${y}`, 5900, "payroll");
  }

  // ---- month-end close ------------------------------------------------------------------------------
  const assets = 1_240_000;
  let capitalized = 2_800_000;
  const fixedCapAmort: number[] = [];
  for (const [y, m0] of months) {
    const me = monthEnd(y, m0);
    const next1 = Date.UTC(y, m0 + 1, 1);
    const wd = (n: number) => nthWorkday(y, m0 + 1, n);
    const q = m0 % 3 === 2;
    // Close work: the senior accountant keys on working days 1–5, on a Saturday when the close runs late.
    const closeDay = (n: number) => (rnd() < 0.12 ? (() => { let t = wd(n); while (new Date(t).getUTCDay() !== 6) t += DAY; return t; })() : wd(n));
    // Depreciation (fixed-asset module): the same every month, stepping up with each laptop refresh.
    const dep = round2(assets * (1 + Math.floor((me - START) / (180 * DAY)) * 0.08) / 36);
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(next1 + DAY, 2, 3), user: U.system, kind: "depreciation", lines: [
      { account: "6400", debit: dep, memo: "Depreciation - computer equipment", department: "G&A" }, { account: "1510", credit: dep, memo: "Depreciation - computer equipment" },
    ] });
    // Engineering salaries capitalised (ASC 350-40): the month's time on new features.
    const capAmt = Math.round(logn(118000 * (1 + (me - START) / (365 * DAY) * 0.3), 0.12) / 10) * 10;
    const capEntered = at(closeDay(3), 9, 17);
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: capEntered, user: U.senior, approvedBy: U.controller, kind: "capitalized_software", lines: [
      { account: "1600", debit: capAmt, memo: `Capitalized software development ${MONTHS3[m0]} ${y}`, department: "Engineering" }, { account: "6000", credit: capAmt, memo: `Capitalized software development ${MONTHS3[m0]} ${y}`, department: "Engineering" },
    ] });
    capitalized += capAmt;
    // Amortisation of capitalised software: 3 years, stepping each quarter as releases go live.
    if (m0 % 3 === 0 || fixedCapAmort.length === 0) fixedCapAmort.push(round2(capitalized / 36));
    const capAm = fixedCapAmort[fixedCapAmort.length - 1]!;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(next1 + DAY, 2, 3), user: U.system, kind: "software_amortization", lines: [
      { account: "6400", debit: capAm, memo: "Amortization - capitalized software", department: "Engineering" }, { account: "1610", credit: capAm, memo: "Amortization - capitalized software" },
    ] });
    // Commissions (ASC 340-40): the month's commissions capitalised, and the amortisation of the asset.
    for (const sub of ["us", "uk", "de"] as Sub[]) {
      const booked = newBookings.get(`${sub}|${y}-${m0}`) ?? 0;
      const comm = Math.round((booked * 0.1 * (sub === "us" ? 1 : 1 / fx(sub, me))) / 10) * 10;
      const user = userOf[sub];
      if (comm > 0) add({ sub, type: "Journal", doc: jeNo(), date: me, entered: at(closeDay(4), 9, 17, officeOf[sub]), user, approvedBy: U.controller, kind: "commission_capitalization", lines: [
        { account: "1250", debit: comm, memo: `Capitalize commissions ${MONTHS3[m0]} ${y}`, department: "Sales" }, { account: "2150", credit: comm, memo: `Capitalize commissions ${MONTHS3[m0]} ${y}`, department: "Sales" },
      ] });
      const amort = Math.round((headcount(sub, me) / 92) * 38000 * (1 + (me - START) / (365 * DAY) * 0.4) / 10) * 10;
      add({ sub, type: "Journal", doc: jeNo(), date: me, entered: at(next1 + DAY, 2, 3), user: U.system, kind: "commission_amortization", lines: [
        { account: "6050", debit: amort, memo: "Amortization of deferred commissions", department: "Sales" }, { account: "1250", credit: amort, memo: "Amortization of deferred commissions" },
      ] });
    }
    // Month-end accruals, auto-reversed on the 1st (NetSuite creates the reversal when the accrual is saved).
    const accrue = (sub: Sub, account: string, amount: number, memo: string, dept: string, kind = "accrual") => {
      const entered = at(closeDay(2), 9, 17, officeOf[sub]);
      const user = userOf[sub];
      add({ sub, type: "Journal", doc: jeNo(), date: me, entered, user, approvedBy: U.controller, reversalDate: next1, kind, lines: [
        { account, debit: amount, memo, department: dept }, { account: "2100", credit: amount, memo, department: dept },
      ] });
      if (next1 < END) add({ sub, type: "Journal", doc: jeNo(), date: next1, entered: entered + 2000, user, approvedBy: U.controller, kind: `${kind}_reversal`, lines: [
        { account: "2100", debit: amount, memo, department: dept }, { account, credit: amount, memo, department: dept },
      ] });
    };
    accrue("us", "6300", Math.round(logn(26000, 0.35) / 100) * 100, `Accrued legal fees ${MONTHS3[m0]} ${y}`, "G&A");
    accrue("us", "5000", Math.round(logn(9000, 0.3) / 100) * 100, `Accrued third-party hosting ${MONTHS3[m0]} ${y}`, "Engineering");
    accrue("us", "6500", Math.round(logn(7000, 0.4) / 100) * 100, `Accrued T&E ${MONTHS3[m0]} ${y}`, "Sales");
    accrue("uk", "6300", Math.round(logn(4000, 0.35) / 50) * 50, `Accrued professional fees ${MONTHS3[m0]} ${y}`, "G&A");
    accrue("de", "6300", Math.round(logn(3500, 0.35) / 50) * 50, `Rückstellung Beratung ${MONTHS3[m0]} ${y}`, "G&A");
    // Bonus accrual (not reversed: trued up each quarter).
    const bonus = Math.round(headcount("us", me) * 900 / 100) * 100;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(closeDay(2), 9, 17), user: U.senior, approvedBy: U.controller, kind: "bonus_accrual", lines: [
      { account: "6000", debit: bonus, memo: `Bonus accrual ${MONTHS3[m0]} ${y}`, department: "G&A" }, { account: "2160", credit: bonus, memo: `Bonus accrual ${MONTHS3[m0]} ${y}` },
    ] });
    // Intercompany: the parent's management fee (cost plus 5 %), charged in the subsidiary's currency, mirrored there.
    for (const sub of ["uk", "de"] as Sub[]) {
      const local = Math.round(logn(sub === "uk" ? 62000 : 48000, 0.08) / 10) * 10;
      const rate = fx(sub, me);
      const usd = round2(local * rate);
      const memo = `Management fee ${MONTHS3[m0]} ${y}`;
      const e = at(closeDay(3), 9, 17);
      add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: e, user: U.senior, approvedBy: U.controller, currency: BASE[sub], rate, kind: "ic_charge", lines: [
        { account: "1300", debit: usd, name: ENTITY[sub], memo }, { account: "4900", credit: usd, name: ENTITY[sub], memo },
      ] });
      add({ sub, type: "Journal", doc: jeNo(), date: me, entered: at(workday(wd(3) + int(0, 2) * DAY), 9, 17, officeOf[sub]), user: userOf[sub], approvedBy: U.controller, kind: "ic_mirror", lines: [
        { account: "6600", debit: local, name: ENTITY.us, memo, department: "G&A" }, { account: "2300", credit: local, name: ENTITY.us, memo },
      ] });
      // Eliminations: the consolidation's, in the elimination subsidiary.
      add({ sub: "elim", type: "Journal", doc: jeNo(), date: me, entered: at(wd(6), 2, 3), user: U.system, kind: "elimination", lines: [
        { account: "4900", debit: usd, name: ENTITY[sub], memo: `Elimination: ${memo}` }, { account: "6600", credit: usd, name: ENTITY[sub], memo: `Elimination: ${memo}` },
      ] });
      // Revaluation of the intercompany balance held in the subsidiary's currency, reversed on the 1st.
      const swing = round2((fx(sub, me) - fx(sub, me - 30 * DAY)) * local * int(2, 6));
      if (Math.abs(swing) >= 1) {
        const rv: Line[] = swing > 0
          ? [{ account: "1300", debit: swing, name: ENTITY[sub], memo: "Currency revaluation" }, { account: "7000", credit: swing, memo: "Currency revaluation" }]
          : [{ account: "7000", debit: -swing, memo: "Currency revaluation" }, { account: "1300", credit: -swing, name: ENTITY[sub], memo: "Currency revaluation" }];
        const re = at(wd(1), 3, 4);
        add({ sub: "us", type: "Currency Revaluation", doc: `REVAL${y}${String(m0 + 1).padStart(2, "0")}-${sub.toUpperCase()}`, date: me, entered: re, user: U.controller, kind: "fx_revaluation", lines: rv });
        if (next1 < END) add({ sub: "us", type: "Currency Revaluation", doc: `REVAL${y}${String(m0 + 1).padStart(2, "0")}-${sub.toUpperCase()}R`, date: next1, entered: re + 1000, user: U.controller, kind: "fx_revaluation_reversal", lines: rv.map((l) => ({ ...l, debit: l.credit, credit: l.debit })) });
      }
    }
    // Ad-hoc recharges each quarter (a shared conference, travel), mirrored likewise.
    if (q) {
      for (const sub of ["uk", "de"] as Sub[]) {
        const local = round2(logn(9000, 0.5));
        const rate = fx(sub, me);
        const memo = `Recharge: ${pick(["SaaStr booth share", "Offsite travel", "Shared tooling licences", "Recruiting fees"])} Q${Math.floor(m0 / 3) + 1}`;
        const d = workday(Date.UTC(y, m0, int(8, 22)));
        add({ sub: "us", type: "Journal", doc: jeNo(), date: d, entered: at(d, 9, 17), user: U.senior, approvedBy: U.controller, currency: BASE[sub], rate, kind: "ic_recharge", lines: [
          { account: "1300", debit: round2(local * rate), name: ENTITY[sub], memo }, { account: "6500", credit: round2(local * rate), memo, department: "G&A" },
        ] });
        add({ sub, type: "Journal", doc: jeNo(), date: d, entered: at(workday(d + int(1, 5) * DAY), 9, 17, officeOf[sub]), user: userOf[sub], approvedBy: U.controller, kind: "ic_recharge_mirror", lines: [
          { account: "6500", debit: local, name: ENTITY.us, memo, department: "G&A" }, { account: "2300", credit: local, name: ENTITY.us, memo },
        ] });
      }
      // Quarter-end true-ups: the bonus pool and the commissions asset to the model, either sign, keyed late in the close.
      const te = at(wd(int(6, 9)), 10, 18);
      const bt = Math.round(between(-60000, 90000) / 1000) * 1000;
      if (bt) add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: te, user: U.senior, approvedBy: U.controller, kind: "quarter_true_up", lines: bt > 0
        ? [{ account: "6000", debit: bt, memo: `Q${Math.floor(m0 / 3) + 1} bonus true-up`, department: "G&A" }, { account: "2160", credit: bt, memo: `Q${Math.floor(m0 / 3) + 1} bonus true-up` }]
        : [{ account: "2160", debit: -bt, memo: `Q${Math.floor(m0 / 3) + 1} bonus true-up` }, { account: "6000", credit: -bt, memo: `Q${Math.floor(m0 / 3) + 1} bonus true-up`, department: "G&A" }] });
      const ct = Math.round(between(-25000, 25000) / 100) * 100;
      if (ct) add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: te + 600_000, user: U.senior, approvedBy: U.controller, kind: "quarter_true_up", lines: ct > 0
        ? [{ account: "1250", debit: ct, memo: `Q${Math.floor(m0 / 3) + 1} commissions asset true-up`, department: "Sales" }, { account: "6050", credit: ct, memo: `Q${Math.floor(m0 / 3) + 1} commissions asset true-up`, department: "Sales" }]
        : [{ account: "6050", debit: -ct, memo: `Q${Math.floor(m0 / 3) + 1} commissions asset true-up`, department: "Sales" }, { account: "1250", credit: -ct, memo: `Q${Math.floor(m0 / 3) + 1} commissions asset true-up`, department: "Sales" }] });
      // The quarterly intercompany settlement: each subsidiary wires its balance.
      for (const sub of ["uk", "de"] as Sub[]) {
        const local = Math.round(logn(sub === "uk" ? 190000 : 150000, 0.08) / 100) * 100;
        const d = workday(Date.UTC(y, m0 + 1, 12));
        if (d >= END) continue;
        const rate = fx(sub, d);
        add({ sub, type: "Journal", doc: jeNo(), date: d, entered: at(d, 9, 16, officeOf[sub]), user: userOf[sub], approvedBy: U.controller, kind: "ic_settlement", lines: [
          { account: "2300", debit: local, name: ENTITY.us, memo: "Intercompany settlement" }, { account: CASH[sub], credit: local, memo: "Intercompany settlement" },
        ] });
        add({ sub: "us", type: "Journal", doc: jeNo(), date: d, entered: at(workday(d + DAY), 9, 17), user: U.senior, approvedBy: U.controller, currency: BASE[sub], rate, kind: "ic_settlement", lines: [
          { account: "1000", debit: round2(local * rate), memo: "Intercompany settlement received" }, { account: "1300", credit: round2(local * rate), name: ENTITY[sub], memo: "Intercompany settlement received" },
        ] });
      }
    }
    // Bank fees: the controller keys and approves them herself every month (the known SoD gap).
    for (const sub of ["us", "uk", "de"] as Sub[]) {
      const fee = round2(logn(sub === "us" ? 640 : 180, 0.25));
      const e = at(wd(2), 9, 12);
      add({ sub, type: "Journal", doc: jeNo(), date: me, entered: e, user: U.controller, approvedBy: U.controller, kind: "bank_fees", lines: [
        { account: "6800", debit: fee, memo: `Bank fees ${MONTHS3[m0]} ${y}`, department: "G&A" }, { account: CASH[sub], credit: fee, memo: `Bank fees ${MONTHS3[m0]} ${y}` },
      ] });
    }
  }
  // Year-end: the tax provision and the auditors' adjusting entries, keyed in February into the adjustment period.
  for (const y of [2024]) {
    const aje: [string, string, string, number, string][] = [
      ["8000", "2500", "Income tax provision FY" + y, Math.round(between(80, 240)) * 1000, U.controller],
      ["2200", "4000", "AJE 1 - rev rec cut-off on multi-year contract", Math.round(between(20, 90)) * 1000, U.controller],
      ["6300", "2100", "AJE 2 - unrecorded legal invoices", Math.round(between(15, 60)) * 1000, U.controller],
      ["1600", "6000", "AJE 3 - capitalized software true-up", Math.round(between(30, 120)) * 1000, U.controller],
    ];
    for (const [dr, cr, memo, amt, who] of aje) {
      const keyed = workday(Date.UTC(y + 1, 1, int(10, 26)));
      add({ sub: "us", type: "Journal", doc: jeNo(), date: Date.UTC(y, 11, 31), period: `Adjust ${y}`, entered: at(keyed, 9, 18), user: who, approvedBy: U.cfo, kind: "audit_adjustment", lines: [
        { account: dr, debit: amt, memo }, { account: cr, credit: amt, memo },
      ] });
    }
  }

  // ---- planted problems -------------------------------------------------------------------------
  const someDay = (from = START + 75 * DAY, to = END - 50 * DAY) => workday(from + Math.floor(rnd() * ((to - from) / DAY)) * DAY);
  // A manual journal to revenue by a user who never posts there (AP, billing), at quarter end.
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.filter(([, m]) => m % 3 === 2).slice(0, 7));
    const me = monthEnd(y, m0);
    const c = pick(contracts.filter((x) => x.sub === "us" && x.start < me));
    const amt = Math.round(between(35, 140)) * 1000;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(nthWorkday(y, m0 + 1, 2), 15, 19), user: pick([U.ap, U.billing]), approvedBy: U.controller, kind: "planted", anomaly: "manual_revenue_by_outsider", lines: [
      { account: "1100", debit: amt, name: c.customer, memo: "Revenue adjustment" }, { account: "4000", credit: amt, name: c.customer, memo: "Revenue adjustment", cls: c.cls },
    ] });
  }
  // A vendor bill keyed a second time weeks later under a near-identical number, and paid again.
  for (let k = 0; k < 3; k++) {
    const b = pick(bills.filter((x) => x.sub === "us" && x.txn.kind === "services_bill" && x.date > START + 30 * DAY && x.date < END - 60 * DAY));
    const d = workday(b.date + int(12, 40) * DAY);
    const doc = pick([`${b.doc}A`, b.doc.replace(/(\d)(\d)$/, "$2$1"), `${b.doc}-1`]);
    const t = add({ sub: "us", type: "Bill", doc, date: d, entered: at(d, 9, 17), user: U.ap, approvedBy: U.controller, kind: "planted", anomaly: "vendor_bill_duplicated", lines: [
      ...b.lines.map((l) => ({ ...l, name: b.vendor })), { account: "2000", credit: b.amount, name: b.vendor, memo: b.lines[0]!.memo },
    ] });
    const pd = workday(d + int(14, 30) * DAY);
    let pay = pd;
    while (new Date(pay).getUTCDay() !== 4) pay += DAY;
    add({ sub: "us", type: "Bill Payment", doc: bpNo(), date: pay, entered: at(pay, 10, 15), user: U.ap, approvedBy: U.controller, kind: "planted_payment", anomaly: "payment_of_planted_duplicate", lines: [
      { account: "2000", debit: b.amount, name: b.vendor, memo: `Payment ${t.doc}` }, { account: "1000", credit: b.amount, name: b.vendor, memo: `Payment ${t.doc}` },
    ] });
  }
  // A round sum to suspense, keyed on a weekend.
  for (let k = 0; k < 3; k++) {
    let d = someDay();
    while (new Date(d).getUTCDay() !== 6) d += DAY;
    d += int(0, 1) * DAY;
    const sub = pick(["us", "us", "uk"] as Sub[]);
    const amt = pick([25000, 40000, 50000, 75000, 100000]);
    add({ sub, type: "Journal", doc: jeNo(), date: d, entered: at(d, 11, 20, officeOf[sub]), user: sub === "us" ? pick([U.senior, U.ap]) : U.uk, approvedBy: U.controller, kind: "planted", anomaly: "round_sum_to_suspense_weekend", lines: [
      { account: "1999", debit: amt, memo: "Clearing" }, { account: CASH[sub], credit: amt, memo: "Clearing" },
    ] });
  }
  // A month-end accrual whose reversal never came (no reversal date set).
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(2, 20));
    const me = monthEnd(y, m0);
    const amt = Math.round(logn(26000, 0.35) / 100) * 100;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(nthWorkday(y, m0 + 1, 2), 9, 17), user: U.senior, approvedBy: U.controller, kind: "planted", anomaly: "accrual_never_reversed", lines: [
      { account: "6300", debit: amt, memo: `Accrued legal fees ${MONTHS3[m0]} ${y}`, department: "G&A" }, { account: "2100", credit: amt, memo: `Accrued legal fees ${MONTHS3[m0]} ${y}`, department: "G&A" },
    ] });
  }
  // Revenue booked into a period closed 45–120 days before.
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(2, 19));
    const me = monthEnd(y, m0);
    const keyed = workday(nthWorkday(y, m0 + 1, 8) + int(45, 120) * DAY);
    const c = pick(contracts.filter((x) => x.sub === "us" && x.start < me));
    const amt = round2(logn(30000, 0.5));
    add({ sub: "us", type: "Journal", doc: jeNo(), date: me, entered: at(keyed, 9, 17), user: pick([U.senior, U.controller]), approvedBy: pick([U.controller, U.cfo]), kind: "planted", anomaly: "revenue_to_closed_period", lines: [
      { account: "2200", debit: amt, name: c.customer, memo: `Rev Rec ${c.so}`, cls: c.cls }, { account: "4000", credit: amt, name: c.customer, memo: `Rev Rec ${c.so}`, cls: c.cls },
    ] });
  }
  // A rev-rec schedule posting twice in one month (the run re-submitted after a time-out).
  for (let k = 0; k < 3; k++) {
    const r = pick(revrecs.filter((x) => x.month > START + 60 * DAY && x.month < END - 60 * DAY));
    const t = r.txn;
    add({ ...t, doc: jeNo(), entered: t.entered + int(1, 4) * DAY + int(0, 3) * HOUR, lines: t.lines.map((l) => ({ ...l })), kind: "planted", anomaly: "revrec_posted_twice" });
  }
  // An intercompany charge with no mirror in the subsidiary.
  for (let k = 0; k < 3; k++) {
    const sub = pick(["uk", "de"] as Sub[]);
    const d = someDay();
    const local = round2(logn(40000, 0.4));
    const rate = fx(sub, d);
    add({ sub: "us", type: "Journal", doc: jeNo(), date: d, entered: at(d, 9, 17), user: pick([U.senior, U.controller]), approvedBy: U.controller, currency: BASE[sub], rate, kind: "planted", anomaly: "intercompany_without_mirror", lines: [
      { account: "1300", debit: round2(local * rate), name: ENTITY[sub], memo: "Recharge: shared services" }, { account: "4900", credit: round2(local * rate), name: ENTITY[sub], memo: "Recharge: shared services" },
    ] });
  }
  // An unusual account pair: capitalised software against deferred revenue.
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const amt = Math.round(between(30, 95)) * 1000;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: d, entered: at(d, 9, 17), user: U.senior, approvedBy: U.controller, kind: "planted", anomaly: "unusual_account_pair", lines: [
      { account: "2200", debit: amt, memo: "Reclass", department: "Engineering" }, { account: "1600", credit: amt, memo: "Reclass", department: "Engineering" },
    ] });
  }
  // A journal keyed and approved by the controller herself, far above her bank fees.
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const amt = Math.round(between(120, 400)) * 1000;
    add({ sub: "us", type: "Journal", doc: jeNo(), date: d, entered: at(d, 9, 18), user: U.controller, approvedBy: U.controller, kind: "planted", anomaly: "self_approved_above_threshold", lines: [
      { account: "6300", debit: amt, memo: "Advisory fees", department: "G&A" }, { account: "1000", credit: amt, memo: "Advisory fees" },
    ] });
  }

  return exportLedger(txns.filter((t) => t.date >= START && t.date < END && t.lines.every((l) => (l.debit ?? 1) > 0 && (l.credit ?? 1) > 0)));
}

// ---- the export -------------------------------------------------------------------------------------
function exportLedger(txns: Txn[]): SaasLedger {
  // Internal IDs count up as transactions are created; the search sorts by date, then by id.
  const byEntry = [...txns].sort((a, b) => a.entered - b.entered);
  const internal = new Map<Txn, number>();
  let id = 318_000;
  for (const t of byEntry) internal.set(t, (id += 1 + (id % 5 === 0 ? 2 : 0)));
  const ordered = [...txns].sort((a, b) => a.date - b.date || internal.get(a)! - internal.get(b)!);
  const rows: string[][] = [];
  const transactionOfLine = new Map<string, string>();
  const transactions: SaasTransaction[] = [];
  for (const t of ordered) {
    const iid = String(internal.get(t));
    transactions.push({ id: iid, type: t.type, kind: t.kind, anomaly: t.anomaly, user: t.user, lines: t.lines.length });
    const d = new Date(t.date);
    const period = t.period ?? `${MONTHS3[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const currency = t.currency ?? BASE[t.sub];
    const rate = t.rate ?? 1;
    t.lines.forEach((l, i) => {
      transactionOfLine.set(`${iid}-${i}`, iid);
      const base = (l.debit ?? 0) - (l.credit ?? 0);
      rows.push([
        iid, String(i), t.doc, t.type, mdy(t.date), period, SUB[t.sub], acct(l.account), l.debit ? l.debit.toFixed(2) : "", l.credit ? l.credit.toFixed(2) : "",
        BASE[t.sub], currency, rate === 1 ? "1.00" : rate.toFixed(6), (base / rate).toFixed(2), l.name ?? "", l.memo ?? "", l.department ?? "", l.cls ?? "",
        t.user, mdyTime(t.entered + PACIFIC * HOUR), t.approvedBy ?? "", t.reversalDate ? mdy(t.reversalDate) : "",
      ]);
    });
  }
  return { header: SAAS_HEADER, rows, transactionOfLine, transactions };
}

const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};
/** NetSuite's default: 12-hour clock with am/pm. */
const mdyTime = (ms: number) => {
  const d = new Date(ms);
  const h = d.getUTCHours();
  return `${mdy(ms)} ${h % 12 === 0 ? 12 : h % 12}:${String(d.getUTCMinutes()).padStart(2, "0")} ${h < 12 ? "am" : "pm"}`;
};

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: SaasLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
