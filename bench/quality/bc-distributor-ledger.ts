/**
 * An independent evaluation ledger of a WHOLESALE DISTRIBUTOR on Microsoft Dynamics 365 Business
 * Central: Northwind Industrial Supply, a distributor of MRO and safety supplies with three US
 * branches (Chicago, Cleveland, Detroit) and a Canadian subsidiary (Toronto, Montréal), two BC
 * companies in one tenant (USD and CAD), calendar 2024–2025. The export is BC's "General Ledger
 * Entries" list of each company, opened in Excel and saved as CSV, the two files appended into one
 * by the auditor with a `Company` column in front (BC writes no company on an entry: the list is
 * per company, and the Entry No. and Transaction No. restart in each).
 *
 * BC's conventions, kept as the system writes them: `Entry No.` numbers the entries in the order
 * they were posted (not by posting date); `Transaction No.` groups the entries of one balanced
 * posting; `Document No.` is BC's own number series (SINV-, SCR-, PINV-, PCR-, PMT-, CR-, GJ-…) and
 * `External Document No.` the vendor's invoice number on a purchase; `Document Type` is blank on a
 * general journal line; `Source Code` says what posted it (SALES, PURCHASES, GENJNL, PAYMENTJNL,
 * CASHRECJNL, INVTPCOST — the nightly "Adjust Cost – Item Entries" job —, ITEMJNL, FAGLJNL,
 * BANKREC, EXCHRATADJ, REVERSAL, CLSINCOME); a "Reverse Transaction" posts the reversal with the
 * original's Document No. and posting date, `Reversed` = Yes on both and the entry numbers linked
 * both ways; a recurring journal line of method "Reversing Variable" posts the month-end accrual
 * and its reversal on the 1st in one run, under one Document No.; the year-end "Close Income
 * Statement" posts on the closing date, which BC writes `C12/31/2024`; amounts are as Excel saves
 * BC's cells ("1,234.56", Debit and Credit Amount blank when zero); `Created On` is the entry's
 * SystemCreatedAt added to the list by personalisation, as Excel writes a date-time
 * ("1/31/2025 14:07", the company's local time). `Approved By` is joined by the auditor from BC's
 * Posted Approval Entries (the approval workflows of general journal batches and of purchase
 * invoices of 5,000 or more); blank where no approval ran.
 *
 * Written from how a distributor's books look — before reading the product's detectors. The
 * planted problems (≈ 0.3 % of transactions) are of kinds a distributor's auditor reports; each
 * transaction carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface BcTransaction {
  /** "<Company>-<Transaction No.>". */
  id: string;
  kind: string;
  anomaly?: string;
  user: string;
  sourceCode: string;
}

export interface BcLedger {
  header: string[];
  rows: string[][];
  /** "<Company>-<Entry No.>" → the transaction's id. */
  transactionOfLine: Map<string, string>;
  transactions: BcTransaction[];
}

export const BC_HEADER = [
  "Company", "Entry No.", "Posting Date", "Document Date", "Document Type", "Document No.", "External Document No.", "G/L Account No.",
  "G/L Account Name", "Description", "Global Dimension 1 Code", "Global Dimension 2 Code", "Amount", "Debit Amount", "Credit Amount",
  "Source Type", "Source No.", "Source Code", "Reason Code", "User ID", "Created On", "Approved By", "Journal Batch Name", "Reversed",
  "Reversed by Entry No.", "Reversed Entry No.", "Transaction No.", "Bal. Account No.",
];

export const BC_ANOMALIES = [
  "purchase_invoice_posted_twice",
  "payment_posted_twice",
  "manual_revenue_at_night_by_rare_user",
  "round_sum_to_suspense",
  "self_approved_journal",
  "vendor_invoice_amount_outlier",
  "accrual_never_reversed",
  "accrual_reversed_twice",
] as const;

const DAY = 86_400_000;
const MIN = 60_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

type Co = "us" | "ca";
const COMPANY: Record<Co, string> = { us: "Northwind Industrial Supply", ca: "Northwind Industrial Supply Canada" };
const BRANCHES: Record<Co, string[]> = { us: ["CHI", "CLE", "DET"], ca: ["TOR", "MTL"] };

const ACCOUNTS: Record<string, string> = {
  "10100": "Cash - Operating Account", "10200": "Cash - Payroll Account", "12100": "Accounts Receivable - Trade", "12900": "Intercompany Receivable",
  "13100": "Inventory - Finished Goods", "14100": "Prepaid Insurance", "15190": "Accum. Depreciation - Equipment", "19990": "Suspense",
  "20100": "Accounts Payable - Trade", "20900": "Intercompany Payable", "21100": "Accrued Liabilities", "22100": "Sales Tax Payable",
  "22150": "GST/HST Payable", "22160": "GST/HST Recoverable", "23100": "Payroll Liabilities", "30200": "Retained Earnings",
  "40100": "Sales - Industrial Supplies", "40200": "Sales - Safety Products", "40900": "Sales Returns & Allowances", "41100": "Intercompany Sales",
  "42100": "Management Fee Income", "50100": "Cost of Goods Sold", "50300": "Customs Duty", "50400": "Purchase Rebates & Volume Discounts",
  "50500": "Inventory Adjustments", "60100": "Salaries & Wages", "60200": "Payroll Taxes & Benefits", "61100": "Rent Expense", "61200": "Utilities",
  "62100": "Freight Out", "63100": "Professional Fees", "64100": "Office & Janitorial Supplies", "65100": "Depreciation Expense",
  "66100": "Insurance Expense", "68100": "Bank Charges", "69100": "Intercompany Management Fees", "71100": "Realized FX Gain/Loss",
  "71200": "Unrealized FX Gain/Loss",
};
/** Income-statement accounts (closed to retained earnings at year end). */
const isPnl = (a: string) => Number(a) >= 40000;

/** The domain's users: 25 logins. */
const U = {
  controller: "NWIS\\KMORRISON", staff: "NWIS\\DPATEL", ap1: "NWIS\\JREYES", ap2: "NWIS\\TNGUYEN", ar: "NWIS\\ABROOKS", purch: "NWIS\\RWILSON",
  cfo: "NWIS\\GHARTLEY", jobq: "NWIS\\BCJOBQUEUE", edi: "NWIS\\EDI-SVC", caAcct: "NWIS\\MTREMBLAY", caClerk: "NWIS\\SROY",
  whChi: "NWIS\\WHSE-CHI", whCle: "NWIS\\WHSE-CLE", whDet: "NWIS\\WHSE-DET", whTor: "NWIS\\WHSE-TOR", whMtl: "NWIS\\WHSE-MTL",
  vpSales: "NWIS\\BSANDERS", itAdmin: "NWIS\\ITADMIN", opsMgr: "NWIS\\CKRAUSE",
};
const ORDER_DESK: Record<Co, string[]> = { us: ["NWIS\\LCHEN", "NWIS\\MGARCIA", "NWIS\\PKOWALSKI", "NWIS\\SOKAFOR"], ca: ["NWIS\\JLAVOIE", "NWIS\\AGAGNON"] };
const WHSE: Record<string, string> = { CHI: U.whChi, CLE: U.whCle, DET: U.whDet, TOR: U.whTor, MTL: U.whMtl };
const ACCT_OF: Record<Co, string> = { us: U.staff, ca: U.caAcct };
const AP_OF: Record<Co, string[]> = { us: [U.ap1, U.ap2], ca: [U.caClerk] };
const AR_OF: Record<Co, string> = { us: U.ar, ca: U.caClerk };

interface Line {
  account: string;
  /** Signed: + debit, − credit. */
  amount: number;
  desc?: string;
  dept?: string;
  branch?: string;
}
interface Txn {
  co: Co;
  posting: number;
  /** The closing date C12/31 (BC's closing period). */
  closing?: boolean;
  docDate?: number;
  entered: number;
  docType: "" | "Invoice" | "Credit Memo" | "Payment" | "Refund";
  docNo: string;
  extDocNo?: string;
  sourceType?: "Customer" | "Vendor" | "Bank Account" | "Fixed Asset" | "";
  sourceNo?: string;
  sourceCode: string;
  reason?: string;
  user: string;
  approvedBy?: string;
  batch?: string;
  balAccount?: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
  /** A Reverse Transaction of this one. */
  reverses?: Txn;
  /** Filled while numbering. */
  entries?: number[];
  txNo?: number;
  reversedBy?: Txn;
}

const r2 = (x: number) => Math.round(x * 100) / 100;

export function generateBcDistributorLedger(options: { seed: number }): BcLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const txns: Txn[] = [];
  const add = (t: Txn) => (txns.push(t), t);
  const dow = (d: number) => new Date(d).getUTCDay();
  const isWeekend = (d: number) => dow(d) === 0 || dow(d) === 6;
  const nextWorkday = (d: number) => {
    let t = d;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  const nthWorkday = (y: number, m0: number, n: number) => {
    let t = Date.UTC(y, m0, 1), k = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++k === n) return t;
  };
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  /** A moment of `day` between local hours `from` and `to`. */
  const at = (day: number, from: number, to: number) => day + Math.floor(between(from, to) * 60) * MIN;
  const seq = (prefix: string, start: number, width = 6) => {
    let n = start;
    return () => `${prefix}${String(++n).padStart(width, "0")}`;
  };
  /** BC's number series of each company (the Canadian company's prefixed C). */
  const series = (c: "" | "C", base: number[]) => ({
    sinv: seq(`${c}SINV-`, base[0]!), scr: seq(`${c}SCR-`, base[1]!), pinv: seq(`${c}PINV-`, base[2]!), pcr: seq(`${c}PCR-`, base[3]!), pmt: seq(`${c}PMT-`, base[4]!),
    cr: seq(`${c}CR-`, base[5]!), gj: seq(`${c}GJ-`, base[6]!), sshp: seq(`${c}SSHP-`, base[7]!), prcpt: seq(`${c}PRCPT-`, base[8]!), ia: seq(`${c}IADJ-`, base[9]!),
  });
  const no: Record<Co, ReturnType<typeof series>> = {
    us: series("", [103_400, 4_100, 208_800, 1_200, 31_500, 48_000, 12_000, 103_000, 77_000, 5_500]),
    ca: series("C", [20_100, 900, 40_400, 300, 6_200, 9_100, 2_400, 20_000, 15_000, 1_100]),
  };
  const cad = (d: number) => 1.36 + 0.03 * Math.sin((d - START) / (365 * DAY) * 5.1) + 0.01 * Math.sin((d - START) / DAY / 9);
  const days: number[] = [];
  for (let d = START; d < END; d += DAY) days.push(d);
  const months: [number, number][] = [];
  for (let y = 2024; y <= 2025; y++) for (let m = 0; m < 12; m++) months.push([y, m]);

  // ---- customers and vendors -----------------------------------------------------------------------
  interface Customer { no: string; co: Co; weight: number; taxable: boolean; payDays: number; lumpy: boolean }
  const customers: Customer[] = [];
  for (const [co, n, prefix] of [["us", 140, "C"], ["ca", 45, "CC"]] as [Co, number, string][]) {
    for (let i = 0; i < n; i++) customers.push({ no: `${prefix}${String(10_010 + i * 10)}`, co, weight: logn(1, 1.1), taxable: rnd() < 0.4, payDays: int(20, 55), lumpy: rnd() < 0.3 });
  }
  type VendorRole = "supplier" | "carrier" | "broker" | "landlord" | "utility" | "janitorial" | "office" | "professional" | "insurer";
  interface Vendor { no: string; co: Co; role: VendorRole; weight: number; invNo: () => string; branch?: string; rent?: number; terms: number }
  const vendors: Vendor[] = [];
  let vN = 20_000;
  // Each vendor numbers its invoices its own way; the small ones number by year and month, so two
  // of them send the same "2024-03".
  const numbering = (role: VendorRole): (() => string) => {
    const style = role === "landlord" || role === "janitorial" ? 9 : int(0, 5);
    let n = int(10_000, 900_000);
    const letters = pick(["INV", "SI", "IN", "A", "TX", "MW"]);
    let ym = 0;
    return () => {
      n += int(1, role === "supplier" ? 400 : 20);
      if (style === 9) return `${2024 + Math.floor(ym / 12)}-${String((ym++ % 12) + 1).padStart(2, "0")}`;
      return [`${letters}${n}`, `${n}`, `${letters}-${n}`, `${String(n).padStart(8, "0")}`, `${letters}${String(n).slice(-4)}/${int(1, 9)}`, `${n}-00`][style]!;
    };
  };
  const addVendor = (co: Co, role: VendorRole, weight = 1, extra: Partial<Vendor> = {}) => {
    const v: Vendor = { no: `${co === "us" ? "V" : "CV"}${++vN}`, co, role, weight, invNo: numbering(role), terms: pick([30, 30, 45, 60]), ...extra };
    vendors.push(v);
    return v;
  };
  for (const co of ["us", "ca"] as Co[]) {
    for (let i = 0; i < (co === "us" ? 38 : 14); i++) addVendor(co, "supplier", logn(1, 1.0));
    for (let i = 0; i < 3; i++) addVendor(co, "carrier", 1);
    if (co === "ca") addVendor(co, "broker");
    for (const b of BRANCHES[co]) {
      addVendor(co, "landlord", 1, { branch: b, rent: Math.round(between(9000, 24000) / 50) * 50 });
      addVendor(co, "utility", 1, { branch: b });
      addVendor(co, "janitorial", 1, { branch: b, rent: Math.round(between(600, 1800) / 5) * 5 });
    }
    addVendor(co, "office", 1);
    addVendor(co, "professional", 1);
    addVendor(co, "insurer", 1);
  }
  const weighted = <T extends { weight: number }>(xs: T[]) => {
    const total = xs.reduce((s, x) => s + x.weight, 0);
    return () => {
      let r = rnd() * total;
      for (const x of xs) if ((r -= x.weight) <= 0) return x;
      return xs[xs.length - 1]!;
    };
  };
  const custOf: Record<Co, () => Customer> = { us: weighted(customers.filter((c) => c.co === "us")), ca: weighted(customers.filter((c) => c.co === "ca")) };
  const suppliersOf: Record<Co, () => Vendor> = { us: weighted(vendors.filter((v) => v.co === "us" && v.role === "supplier")), ca: weighted(vendors.filter((v) => v.co === "ca" && v.role === "supplier")) };
  const vendorsOf = (co: Co, role: VendorRole) => vendors.filter((v) => v.co === co && v.role === role);
  const icCustomer = "C-ICCA", icVendor = "CV-ICUS";

  /** Open items for payment runs and receipts. */
  interface Open { txn: Txn; amount: number; due: number; party: string; co: Co }
  const openPayables: Open[] = [];
  const openReceivables: Open[] = [];
  const approverOf = (amount: number, user: string) => (amount >= 25_000 ? (user === U.controller ? U.cfo : U.controller) : amount >= 5_000 ? U.purch : undefined);

  const purchaseInvoice = (co: Co, v: Vendor, day: number, lines: Line[], kind: string, user = pick(AP_OF[co])): Txn => {
    const total = r2(lines.reduce((s, l) => s + l.amount, 0));
    const t = add({
      co, posting: day, docDate: day - int(1, 6) * DAY, entered: at(day, 8, 17.5), docType: "Invoice", docNo: no[co].pinv(), extDocNo: v.invNo(),
      sourceType: "Vendor", sourceNo: v.no, sourceCode: "PURCHASES", user, approvedBy: approverOf(total, user),
      lines: [...lines, { account: "20100", amount: -total, desc: `Order ${v.no}`, branch: lines[0]!.branch }], kind,
    });
    openPayables.push({ txn: t, amount: total, due: day + v.terms * DAY, party: v.no, co });
    return t;
  };
  const journal = (co: Co, day: number, entered: number, user: string, lines: Line[], kind: string, o: Partial<Txn> = {}): Txn =>
    add({ co, posting: day, entered, docType: "", docNo: no[co].gj(), sourceCode: "GENJNL", user, batch: "GENERAL", lines, kind, ...o });

  const pnl = new Map<string, number>(); // year|co|account|dept|branch → balance (for the close)

  // ---- daily business -------------------------------------------------------------------------------
  for (const day of days) {
    if (isWeekend(day)) continue;
    const seasonal = 1 + 0.25 * Math.sin(((day - START) / (365 * DAY)) * 2 * Math.PI - 1.2);
    for (const co of ["us", "ca"] as Co[]) {
      const branches = BRANCHES[co];
      // Sales invoices posted from shipments by the order desk through the day; EDI orders by the
      // integration at night.
      const nInv = Math.round((co === "us" ? 5 : 2.2) * seasonal * between(0.6, 1.4));
      for (let i = 0; i < nInv; i++) {
        const c = custOf[co]();
        const edi = co === "us" && rnd() < 0.2;
        const branch = pick(branches);
        const lines: Line[] = [];
        let net = 0;
        for (const acc of rnd() < 0.35 ? ["40100", "40200"] : [pick(["40100", "40100", "40200"])]) {
          const a = r2(logn(c.lumpy ? 2600 : 1100, 0.8));
          net += a;
          lines.push({ account: acc, amount: -a, desc: `Order ${int(100_000, 999_999)}`, dept: "SALES", branch });
        }
        net = r2(net);
        const tax = co === "us" ? (c.taxable ? r2(net * 0.0725) : 0) : r2(net * 0.13);
        if (tax) lines.push({ account: co === "us" ? "22100" : "22150", amount: -tax, desc: co === "us" ? "Sales tax" : "HST", branch });
        const cost = r2(net * between(0.68, 0.78));
        lines.push({ account: "50100", amount: cost, desc: "Cost of sales", dept: "SALES", branch }, { account: "13100", amount: -cost, desc: "Cost of sales", branch });
        const t = add({
          co, posting: day, entered: edi ? at(day, 22, 23.8) : at(day, 7.5, 18.5), docType: "Invoice", docNo: no[co].sinv(), sourceType: "Customer", sourceNo: c.no,
          sourceCode: "SALES", user: edi ? U.edi : pick(ORDER_DESK[co]), lines: [{ account: "12100", amount: r2(net + tax), desc: `Order ${c.no}`, branch }, ...lines], kind: "sales_invoice",
        });
        openReceivables.push({ txn: t, amount: r2(net + tax), due: day + c.payDays * DAY, party: c.no, co });
        if (rnd() < 0.035) {
          // A return credited a few weeks later.
          const back = r2(net * between(0.1, 0.6));
          const rd = nextWorkday(day + int(7, 40) * DAY);
          if (rd < END) add({
            co, posting: rd, entered: at(rd, 8, 17), docType: "Credit Memo", docNo: no[co].scr(), sourceType: "Customer", sourceNo: c.no, sourceCode: "SALES", reason: "RETURN",
            user: pick(ORDER_DESK[co]), lines: [{ account: "40900", amount: back, desc: "Return", dept: "SALES", branch }, { account: "13100", amount: r2(back * 0.72), desc: "Return to stock", branch }, { account: "50100", amount: -r2(back * 0.72), desc: "Return to stock", dept: "SALES", branch }, { account: "12100", amount: -back, desc: "Return", branch }], kind: "sales_credit_memo",
          });
        }
      }
      // Purchase invoices from suppliers (posted from receipts), freight and duty on them.
      const nPur = Math.round((co === "us" ? 2.6 : 1.1) * seasonal * between(0.5, 1.5));
      for (let i = 0; i < nPur; i++) {
        const v = suppliersOf[co]();
        const branch = pick(branches);
        const amount = r2(logn(6500 * v.weight ** 0.3, 0.9));
        const lines: Line[] = [{ account: "13100", amount, desc: `Receipt ${no[co].prcpt()}`, dept: "PURCH", branch }];
        if (co === "ca") lines.push({ account: "22160", amount: r2(amount * 0.13), desc: "HST", branch });
        purchaseInvoice(co, v, day, lines, "purchase_invoice");
      }
      if (dow(day) === 2) {
        // Landed cost: the carriers' weekly freight bills and, in Canada, the broker's duty, assigned to receipts.
        for (const v of vendorsOf(co, "carrier")) {
          if (rnd() < 0.35) continue;
          const amount = r2(logn(1400, 0.6));
          purchaseInvoice(co, v, day, [{ account: "13100", amount, desc: "Item charge FREIGHT assigned", dept: "PURCH", branch: pick(branches) }], "landed_cost_freight");
        }
        for (const v of vendorsOf(co, "broker")) {
          const amount = r2(logn(2200, 0.7));
          purchaseInvoice(co, v, day, [{ account: "50300", amount, desc: "Duty - customs entry", dept: "PURCH", branch: "TOR" }, { account: "22160", amount: r2(amount * 0.13), desc: "HST on import", branch: "TOR" }], "landed_cost_duty");
        }
      }
      // Office supplies, now and then.
      if (rnd() < 0.22) for (const v of vendorsOf(co, "office")) purchaseInvoice(co, v, day, [{ account: "64100", amount: r2(logn(310, 0.5)), desc: "Office supplies", dept: "ADMIN", branch: pick(branches) }], "office_supplies");
      // Nightly Adjust Cost – Item Entries by the job queue: many small revaluations, now and then a
      // large one when a landed cost arrives after the goods were sold.
      const night = day + DAY;
      const nAdj = int(0, 5);
      for (let i = 0; i < nAdj; i++) {
        const big = rnd() < 0.04;
        const a = r2(logn(big ? 6000 : 140, big ? 0.6 : 1.1)) * (rnd() < 0.6 ? 1 : -1);
        const branch = pick(branches);
        const doc = rnd() < 0.6 ? no[co].sshp() : no[co].prcpt();
        add({ co, posting: day, entered: at(night, 1, 3.8), docType: "", docNo: doc, sourceCode: "INVTPCOST", user: U.jobq, lines: [{ account: "50100", amount: a, desc: "Adjust cost", dept: "SALES", branch }, { account: "13100", amount: -a, desc: "Adjust cost", branch }], kind: "inventory_cost_adjustment" });
      }
      // Cycle counts by each warehouse on Fridays.
      if (dow(day) === 5) for (const b of branches) {
        const a = r2(logn(240, 1.0)) * (rnd() < 0.65 ? -1 : 1);
        add({ co, posting: day, entered: at(day, 14, 16.5), docType: "", docNo: no[co].ia(), sourceCode: "ITEMJNL", user: WHSE[b]!, batch: "CYCLECOUNT", lines: [{ account: "50500", amount: -a, desc: "Cycle count", dept: "WHSE", branch: b }, { account: "13100", amount: a, desc: "Cycle count", branch: b }], kind: "cycle_count" });
      }
      // Cash receipts: customers pay their due invoices, several at once, some in part.
      if (dow(day) !== 0) {
        const due = openReceivables.filter((o) => o.co === co && o.due <= day);
        const byCustomer = new Map<string, Open[]>();
        for (const o of due) byCustomer.set(o.party, [...(byCustomer.get(o.party) ?? []), o]);
        for (const [cust, items] of byCustomer) {
          if (rnd() < 0.3) continue; // pays another day
          let amount = r2(items.reduce((s, o) => s + o.amount, 0));
          const partial = rnd() < 0.05;
          if (partial) amount = r2(amount * between(0.3, 0.7));
          for (const o of items) openReceivables.splice(openReceivables.indexOf(o), 1);
          if (partial) openReceivables.push({ ...items[0]!, amount: r2(items.reduce((s, o) => s + o.amount, 0) - amount), due: day + 21 * DAY });
          add({ co, posting: day, entered: at(day, 9, 16), docType: "Payment", docNo: no[co].cr(), sourceType: "Customer", sourceNo: cust, sourceCode: "CASHRECJNL", user: AR_OF[co], batch: "BANKDEP", balAccount: co === "us" ? "BA-OPER" : "BA-CAD", lines: [{ account: "10100", amount, desc: `Payment ${cust}` }, { account: "12100", amount: -amount, desc: `Payment ${cust}` }], kind: items.length > 1 ? "receipt_several_invoices" : partial ? "receipt_partial" : "receipt" });
        }
      }
      // Weekly payment run on Thursdays: one payment per vendor, paying all its due invoices.
      if (dow(day) === 4) {
        const due = openPayables.filter((o) => o.co === co && o.due <= day + 7 * DAY);
        const byVendor = new Map<string, Open[]>();
        for (const o of due) byVendor.set(o.party, [...(byVendor.get(o.party) ?? []), o]);
        const user = pick(AP_OF[co]);
        for (const [vendor, items] of byVendor) {
          let amount = r2(items.reduce((s, o) => s + o.amount, 0));
          const partial = rnd() < 0.04 && amount > 4000;
          if (partial) amount = r2(amount / 2);
          for (const o of items) openPayables.splice(openPayables.indexOf(o), 1);
          if (partial) openPayables.push({ ...items[0]!, amount, due: day + 14 * DAY });
          add({ co, posting: day, entered: at(day, 10, 12), docType: "Payment", docNo: no[co].pmt(), sourceType: "Vendor", sourceNo: vendor, sourceCode: "PAYMENTJNL", user, approvedBy: U.controller, batch: "PMT-RUN", balAccount: co === "us" ? "BA-OPER" : "BA-CAD", lines: [{ account: "20100", amount, desc: `Payment ${vendor}` }, { account: "10100", amount: -amount, desc: `Payment ${vendor}` }], kind: items.length > 1 ? "payment_several_invoices" : partial ? "payment_partial" : "payment" });
        }
      }
      // Unidentified receipts to suspense now and then, cleared to the customer days later.
      if (rnd() < 0.05) {
        const a = r2(logn(1800, 0.9));
        const c = custOf[co]();
        add({ co, posting: day, entered: at(day, 9, 16), docType: "Payment", docNo: no[co].cr(), sourceCode: "CASHRECJNL", user: AR_OF[co], batch: "BANKDEP", lines: [{ account: "10100", amount: a, desc: "Unidentified deposit" }, { account: "19990", amount: -a, desc: "Unidentified deposit" }], kind: "suspense_unidentified_receipt" });
        const cd = nextWorkday(day + int(2, 9) * DAY);
        if (cd < END) add({ co, posting: cd, entered: at(cd, 9, 16), docType: "", docNo: no[co].gj(), sourceType: "Customer", sourceNo: c.no, sourceCode: "GENJNL", user: AR_OF[co], approvedBy: U.controller, batch: "GENERAL", lines: [{ account: "19990", amount: a, desc: "Clear unidentified deposit" }, { account: "12100", amount: -a, desc: "Clear unidentified deposit" }], kind: "suspense_cleared" });
      }
    }
  }

  // ---- monthly and periodic ------------------------------------------------------------------------
  const depreciation: Record<string, number> = {};
  for (const co of ["us", "ca"] as Co[]) for (const b of BRANCHES[co]) depreciation[`${co}|${b}`] = Math.round(between(1800, 5200) * 100) / 100;
  const insurance: Record<Co, number> = { us: r2(between(3800, 6200)), ca: r2(between(1400, 2600)) };
  const mgmtFee = 15_000;
  const accrualPlan: { co: Co; account: string; desc: string; dept: string; median: number }[] = [
    { co: "us", account: "61200", desc: "Accrue utilities", dept: "ADMIN", median: 7200 },
    { co: "us", account: "62100", desc: "Accrue freight out", dept: "SALES", median: 16000 },
    { co: "us", account: "63100", desc: "Accrue audit & legal", dept: "ADMIN", median: 9000 },
    { co: "ca", account: "61200", desc: "Accrue utilities", dept: "ADMIN", median: 3100 },
    { co: "ca", account: "62100", desc: "Accrue freight out", dept: "SALES", median: 6200 },
  ];
  const accruals: { txn: Txn; reversal: Txn; y: number; m0: number }[] = [];
  for (const [y, m0] of months) {
    const me = monthEnd(y, m0);
    const close = nthWorkday(y, m0 + 1, 3); // month-end close keyed on the 3rd working day
    for (const co of ["us", "ca"] as Co[]) {
      const branches = BRANCHES[co];
      // Rent, janitorial (the same each month) and utilities, invoiced on the 1st working day.
      for (const v of [...vendorsOf(co, "landlord"), ...vendorsOf(co, "janitorial")]) {
        purchaseInvoice(co, v, nthWorkday(y, m0, 1), [{ account: v.role === "landlord" ? "61100" : "64100", amount: v.rent!, desc: v.role === "landlord" ? "Monthly rent" : "Janitorial service", dept: "ADMIN", branch: v.branch }], v.role === "landlord" ? "rent_invoice" : "janitorial_invoice");
      }
      for (const v of vendorsOf(co, "utility")) purchaseInvoice(co, v, nthWorkday(y, m0, int(8, 14)), [{ account: "61200", amount: r2(logn(co === "us" ? 2400 : 1500, 0.25)), desc: "Electricity & gas", dept: "ADMIN", branch: v.branch }], "utility_invoice");
      if (m0 % 3 === 2) for (const v of vendorsOf(co, "professional")) purchaseInvoice(co, v, nthWorkday(y, m0, int(10, 18)), [{ account: "63100", amount: r2(logn(co === "us" ? 14000 : 6000, 0.4)), desc: "Professional services", dept: "ADMIN", branch: branches[0] }], "professional_fees");
      if (m0 === 0) for (const v of vendorsOf(co, "insurer")) purchaseInvoice(co, v, nthWorkday(y, 0, 5), [{ account: "14100", amount: r2(insurance[co] * 12), desc: "Annual insurance premium", dept: "ADMIN", branch: branches[0] }], "insurance_premium");
      // Quarterly rebates and volume credits from the largest suppliers, posted the month after the quarter.
      if (m0 % 3 === 0 && !(y === 2024 && m0 === 0)) {
        const top = vendorsOf(co, "supplier").sort((a, b) => b.weight - a.weight).slice(0, co === "us" ? 4 : 2);
        for (const v of top) {
          const d = nthWorkday(y, m0, int(6, 15));
          const a = r2(logn(co === "us" ? 9000 : 3500, 0.4) * v.weight ** 0.5);
          const user = pick(AP_OF[co]);
          add({ co, posting: d, docDate: d - 3 * DAY, entered: at(d, 9, 16), docType: "Credit Memo", docNo: no[co].pcr(), extDocNo: `CM-${v.invNo()}`, sourceType: "Vendor", sourceNo: v.no, sourceCode: "PURCHASES", reason: "REBATE", user, approvedBy: approverOf(a, user), lines: [{ account: "20100", amount: a, desc: "Volume rebate" }, { account: "50400", amount: -a, desc: "Volume rebate", dept: "PURCH", branch: branches[0] }], kind: "vendor_rebate_credit" });
        }
      }
      // Depreciation from the FA G/L journal, the same every month.
      add({ co, posting: me, entered: at(close, 9, 11), docType: "", docNo: `${co === "us" ? "" : "C"}DEPR-${y}-${String(m0 + 1).padStart(2, "0")}`, sourceType: "Fixed Asset", sourceCode: "FAGLJNL", user: ACCT_OF[co], batch: "DEPR",
        lines: branches.flatMap((b) => [{ account: "65100", amount: depreciation[`${co}|${b}`]!, desc: "Depreciation", dept: "WHSE", branch: b }, { account: "15190", amount: -depreciation[`${co}|${b}`]!, desc: "Depreciation", branch: b }]), kind: "depreciation" });
      // Prepaid insurance released by the recurring journal, the same every month.
      add({ co, posting: me, entered: at(close, 9, 12), docType: "", docNo: no[co].gj(), sourceCode: "GENJNL", user: ACCT_OF[co], approvedBy: U.controller, batch: "RECURRING",
        lines: [{ account: "66100", amount: insurance[co], desc: "Insurance - monthly", dept: "ADMIN", branch: branches[0] }, { account: "14100", amount: -insurance[co], desc: "Insurance - monthly", branch: branches[0] }], kind: "recurring_prepaid_release" });
      // Payroll imported from ADP twice a month.
      for (const pd of [nthWorkday(y, m0, 10), monthEnd(y, m0)]) {
        const d = isWeekend(pd) ? pd - (dow(pd) === 6 ? 1 : 2) * DAY : pd;
        const lines: Line[] = [];
        let total = 0;
        for (const dept of ["SALES", "WHSE", "PURCH", "ADMIN"]) for (const b of branches) {
          const a = r2(logn(co === "us" ? 21000 : 12000, 0.08) * (dept === "WHSE" ? 1.4 : dept === "SALES" ? 1.2 : 0.5));
          total += a;
          lines.push({ account: "60100", amount: a, desc: "Payroll", dept, branch: b });
        }
        const taxes = r2(total * 0.11);
        lines.push({ account: "60200", amount: taxes, desc: "Employer taxes & benefits", dept: "ADMIN", branch: branches[0] }, { account: co === "us" ? "10200" : "10100", amount: -r2(total * 0.78), desc: "Net pay" }, { account: "23100", amount: -r2(total + taxes - r2(total * 0.78)), desc: "Withholdings" });
        add({ co, posting: d, entered: at(d - DAY, 15, 17), docType: "", docNo: no[co].gj(), sourceCode: "GENJNL", user: ACCT_OF[co], approvedBy: U.controller, batch: "PAYROLL", lines, kind: "payroll" });
      }
      // Month-end accruals on the recurring journal, method Reversing Variable: the accrual on the
      // last day and its reversal on the 1st posted in one run, under one Document No.
      for (const p of accrualPlan.filter((p) => p.co === co)) {
        const a = r2(logn(p.median, 0.25));
        const doc = no[co].gj();
        const entered = at(close, 10, 16);
        const base = { co, docType: "" as const, docNo: doc, sourceCode: "GENJNL", user: ACCT_OF[co], approvedBy: U.controller, batch: "ACCRUALS", entered };
        const acc = add({ ...base, posting: me, lines: [{ account: p.account, amount: a, desc: p.desc, dept: p.dept, branch: branches[0] }, { account: "21100", amount: -a, desc: p.desc, branch: branches[0] }], kind: "accrual" });
        const rev = add({ ...base, posting: me + DAY, lines: [{ account: p.account, amount: -a, desc: `Reversal ${p.desc}`, dept: p.dept, branch: branches[0] }, { account: "21100", amount: a, desc: `Reversal ${p.desc}`, branch: branches[0] }], kind: "accrual_reversal" });
        accruals.push({ txn: acc, reversal: rev, y, m0 });
      }
      // Bank charges from the bank reconciliation.
      add({ co, posting: me, entered: at(nthWorkday(y, m0 + 1, 2), 9, 16), docType: "", docNo: `${co === "us" ? "" : "C"}BREC-${y}${String(m0 + 1).padStart(2, "0")}`, sourceType: "Bank Account", sourceNo: co === "us" ? "BA-OPER" : "BA-CAD", sourceCode: "BANKREC", user: AR_OF[co], batch: "", lines: [{ account: "68100", amount: r2(between(60, 340)), desc: "Service charges", dept: "ADMIN", branch: branches[0] }, { account: "10100", amount: 0, desc: "Service charges" }], kind: "bank_fees" });
      // Sales tax (US monthly) and HST (Canada quarterly) remitted on the 20th.
      const taxDay = nextWorkday(Date.UTC(y, m0, 20));
      if (co === "us" || m0 % 3 === 0) {
        const a = r2(logn(co === "us" ? 24000 : 30000, 0.2));
        add({ co, posting: taxDay, entered: at(taxDay, 10, 15), docType: "Payment", docNo: no[co].pmt(), sourceType: "Vendor", sourceNo: co === "us" ? "V-TAXOH" : "CV-CRA", sourceCode: "PAYMENTJNL", user: ACCT_OF[co], approvedBy: U.controller, batch: "TAX",
          lines: co === "us" ? [{ account: "22100", amount: a, desc: "Sales tax return" }, { account: "10100", amount: -a, desc: "Sales tax return" }] : [{ account: "22150", amount: a, desc: "HST return" }, { account: "22160", amount: -r2(a * 0.55), desc: "HST return" }, { account: "10100", amount: -r2(a - r2(a * 0.55)), desc: "HST return" }], kind: "tax_remittance" });
      }
    }
    // Intercompany: the US ships to Canada (a sales invoice to the IC customer, mirrored as a
    // purchase invoice in CAD at the month's rate) and charges a management fee; Canada settles in USD.
    const icDay = nthWorkday(y, m0, int(8, 16));
    const icUsd = r2(logn(42000, 0.3));
    const rate = cad(icDay);
    const sinv = add({ co: "us", posting: icDay, entered: at(icDay, 9, 16), docType: "Invoice", docNo: no.us.sinv(), sourceType: "Customer", sourceNo: icCustomer, sourceCode: "SALES", user: U.controller,
      lines: [{ account: "12900", amount: icUsd, desc: "IC shipment to Canada" }, { account: "41100", amount: -icUsd, desc: "IC shipment to Canada", dept: "SALES", branch: "CHI" }, { account: "50100", amount: r2(icUsd * 0.8), desc: "Cost of sales", dept: "SALES", branch: "CHI" }, { account: "13100", amount: -r2(icUsd * 0.8), desc: "Cost of sales", branch: "CHI" }], kind: "intercompany_sale" });
    const icCad = r2(icUsd * rate);
    add({ co: "ca", posting: icDay + 2 * DAY, docDate: icDay, entered: at(icDay + 2 * DAY, 9, 16), docType: "Invoice", docNo: no.ca.pinv(), extDocNo: sinv.docNo, sourceType: "Vendor", sourceNo: icVendor, sourceCode: "PURCHASES", user: U.caAcct, approvedBy: U.controller,
      lines: [{ account: "13100", amount: icCad, desc: "IC receipt from US", dept: "PURCH", branch: "TOR" }, { account: "20900", amount: -icCad, desc: "IC receipt from US", branch: "TOR" }], kind: "intercompany_purchase" });
    add({ co: "us", posting: me, entered: at(close, 9, 16), docType: "", docNo: no.us.gj(), sourceType: "Customer", sourceNo: icCustomer, sourceCode: "GENJNL", user: U.staff, approvedBy: U.controller, batch: "INTERCO", lines: [{ account: "12900", amount: mgmtFee, desc: "Management fee" }, { account: "42100", amount: -mgmtFee, desc: "Management fee", dept: "ADMIN", branch: "CHI" }], kind: "intercompany_fee" });
    const feeCad = r2(mgmtFee * cad(me));
    add({ co: "ca", posting: me, entered: at(close, 9, 16), docType: "", docNo: no.ca.gj(), sourceType: "Vendor", sourceNo: icVendor, sourceCode: "GENJNL", user: U.caAcct, approvedBy: U.controller, batch: "INTERCO", lines: [{ account: "69100", amount: feeCad, desc: "Management fee", dept: "ADMIN", branch: "TOR" }, { account: "20900", amount: -feeCad, desc: "Management fee", branch: "TOR" }], kind: "intercompany_fee" });
    // Canada settles last month's balance in USD on the 25th; the difference is realised FX.
    const settle = nextWorkday(Date.UTC(y, m0, 25));
    const settleUsd = r2(icUsd + mgmtFee);
    const settleCad = r2(settleUsd * cad(settle));
    const booked = r2(icCad + feeCad);
    add({ co: "ca", posting: settle, entered: at(settle, 10, 15), docType: "Payment", docNo: no.ca.pmt(), sourceType: "Vendor", sourceNo: icVendor, sourceCode: "PAYMENTJNL", user: U.caAcct, approvedBy: U.controller, batch: "INTERCO", balAccount: "BA-CAD",
      lines: [{ account: "20900", amount: booked, desc: "IC settlement" }, { account: "71100", amount: r2(settleCad - booked), desc: "Realized FX", dept: "ADMIN", branch: "TOR" }, { account: "10100", amount: -settleCad, desc: "IC settlement" }], kind: "intercompany_settlement" });
    add({ co: "us", posting: settle, entered: at(settle, 10, 16), docType: "Payment", docNo: no.us.cr(), sourceType: "Customer", sourceNo: icCustomer, sourceCode: "CASHRECJNL", user: U.ar, batch: "BANKDEP", lines: [{ account: "10100", amount: settleUsd, desc: "IC settlement" }, { account: "12900", amount: -settleUsd, desc: "IC settlement" }], kind: "intercompany_settlement" });
    // Adjust Exchange Rates on the Canadian company's USD payable at month end.
    const fxAdj = r2(logn(900, 0.8)) * (rnd() < 0.5 ? 1 : -1);
    add({ co: "ca", posting: me, entered: at(close, 8, 9), docType: "", docNo: `CEXRATADJ-${y}${String(m0 + 1).padStart(2, "0")}`, sourceCode: "EXCHRATADJ", user: U.controller, lines: [{ account: "71200", amount: fxAdj, desc: "Unrealized FX on USD payables", dept: "ADMIN", branch: "TOR" }, { account: "20900", amount: -fxAdj, desc: "Unrealized FX on USD payables", branch: "TOR" }], kind: "fx_revaluation" });
  }
  // Bank charges: the reconciliation's second line is the bank (set after the first).
  for (const t of txns) if (t.kind === "bank_fees") t.lines[1]!.amount = -t.lines[0]!.amount;

  // ---- corrections by Reverse Transaction ---------------------------------------------------------
  // A journal posted to the wrong branch, reversed days later (same date and document) and posted
  // again correctly; a payment posted to the wrong vendor, reversed and paid to the right one.
  const reverse = (orig: Txn, user: string, entered: number, kind: string) => {
    const r = add({ ...orig, entered, user, approvedBy: undefined, batch: "", sourceCode: "REVERSAL", lines: orig.lines.map((l) => ({ ...l, amount: -l.amount })), kind, anomaly: undefined, reverses: orig });
    orig.reversedBy = r;
    return r;
  };
  for (const [y, m0] of months) {
    for (const co of ["us", "ca"] as Co[]) {
      if (rnd() < 0.55) {
        const d = nthWorkday(y, m0, int(3, 15));
        const a = r2(logn(3500, 0.8));
        const [wrong, right] = BRANCHES[co];
        const lines = (b: string): Line[] => [{ account: "62100", amount: a, desc: "Reclass freight out", dept: "SALES", branch: b }, { account: "64100", amount: -a, desc: "Reclass freight out", dept: "ADMIN", branch: b }];
        const orig = journal(co, d, at(d, 9, 16), ACCT_OF[co], lines(wrong!), "reclass_posted_wrong", { approvedBy: U.controller });
        const fix = nextWorkday(d + int(1, 6) * DAY);
        reverse(orig, ACCT_OF[co], at(fix, 9, 16), "reverse_transaction_correction");
        journal(co, d, at(fix, 9, 16) + 20 * MIN, ACCT_OF[co], lines(right!), "reclass_reposted", { approvedBy: U.controller });
      }
    }
    if (rnd() < 0.3) {
      const pays = txns.filter((t) => t.kind === "payment" && t.co === "us" && new Date(t.posting).getUTCFullYear() === y && new Date(t.posting).getUTCMonth() === m0);
      if (pays.length) {
        const orig = pick(pays);
        orig.kind = "payment_to_wrong_vendor";
        const fix = nextWorkday(orig.posting + int(1, 4) * DAY);
        reverse(orig, orig.user, at(fix, 9, 12), "reverse_transaction_correction");
        const right = pick(vendorsOf("us", "supplier").filter((v) => v.no !== orig.sourceNo));
        add({ ...orig, posting: fix, entered: at(fix, 12, 16), docNo: no.us.pmt(), sourceNo: right.no, lines: orig.lines.map((l) => ({ ...l, desc: `Payment ${right.no}` })), kind: "payment_reposted", reversedBy: undefined });
      }
    }
  }

  // ---- rare users' ordinary postings -------------------------------------------------------------
  for (const [y, m0] of months) if (m0 % 6 === 1) {
    const d = nthWorkday(y, m0, int(5, 15));
    const c = custOf.us();
    const a = r2(logn(600, 0.5));
    add({ co: "us", posting: d, entered: at(d, 10, 16), docType: "Credit Memo", docNo: no.us.scr(), sourceType: "Customer", sourceNo: c.no, sourceCode: "SALES", reason: "GOODWILL", user: U.vpSales, lines: [{ account: "40900", amount: a, desc: "Goodwill credit", dept: "SALES", branch: "CHI" }, { account: "12100", amount: -a, desc: "Goodwill credit", branch: "CHI" }], kind: "goodwill_credit_by_vp" });
  }

  // ---- planted ------------------------------------------------------------------------------------
  const inRange = (t: Txn) => t.posting >= Date.UTC(2024, 2, 1) && t.posting < Date.UTC(2025, 10, 15);
  const plant = (n: number, f: (i: number) => void) => {
    for (let i = 0; i < n; i++) f(i);
  };
  // A purchase invoice posted again days later under a new PINV number: the vendor's number and
  // lines the same (a second clerk keyed the paper copy), and paid again by its own payment.
  plant(3, () => {
    const orig = pick(txns.filter((t) => t.kind === "purchase_invoice" && inRange(t) && t.co === "us" && t.lines[0]!.amount > 2000));
    const d = nextWorkday(orig.posting + int(3, 25) * DAY);
    const user = AP_OF.us.find((u) => u !== orig.user) ?? orig.user;
    const copy = add({ ...orig, posting: d, entered: at(d, 8.5, 17), docNo: no.us.pinv(), user, kind: "purchase_invoice", anomaly: "purchase_invoice_posted_twice" });
    const amount = -copy.lines.at(-1)!.amount;
    const pd = nextWorkday(d + 20 * DAY);
    add({ co: "us", posting: pd, entered: at(pd, 10, 12), docType: "Payment", docNo: no.us.pmt(), sourceType: "Vendor", sourceNo: orig.sourceNo, sourceCode: "PAYMENTJNL", user, approvedBy: U.controller, batch: "PMT-RUN", balAccount: "BA-OPER", lines: [{ account: "20100", amount, desc: `Payment ${orig.sourceNo}` }, { account: "10100", amount: -amount, desc: `Payment ${orig.sourceNo}` }], kind: "payment", anomaly: "payment_of_planted_duplicate" });
  });
  // A vendor payment posted again 1–4 days later under a new PMT number (a manual payment line
  // not applied to the invoice, so BC did not stop it).
  plant(3, () => {
    const orig = pick(txns.filter((t) => t.kind === "payment" && inRange(t) && !t.anomaly && !t.reversedBy && t.lines[0]!.amount > 1500));
    const d = nextWorkday(orig.posting + int(1, 4) * DAY);
    add({ ...orig, posting: d, entered: at(d, 9, 16), docNo: no[orig.co].pmt(), batch: "MANUAL", kind: "payment", anomaly: "payment_posted_twice" });
  });
  // A manual journal to revenue keyed at 2 a.m. by a user who posts almost nothing.
  const quarterEnds = months.slice(2, 22).filter(([, m]) => m % 3 === 2);
  plant(3, () => {
    const [y, m0] = quarterEnds.splice(int(0, quarterEnds.length - 1), 1)[0]!;
    const d = monthEnd(y, m0);
    const c = custOf.us();
    const a = r2(between(18_000, 60_000));
    const user = pick([U.vpSales, U.itAdmin, U.opsMgr]);
    journal("us", isWeekend(d) ? d - 2 * DAY : d, at(d, 1.5, 3.2), user, [{ account: "12100", amount: a, desc: "Sales adjustment", branch: "CHI" }, { account: "40100", amount: -a, desc: "Sales adjustment", dept: "SALES", branch: "CHI" }], "manual_journal", { sourceType: "Customer", sourceNo: c.no, anomaly: "manual_revenue_at_night_by_rare_user" });
  });
  // A round sum moved to suspense with nothing to clear it.
  plant(3, () => {
    const co = pick(["us", "us", "ca"] as Co[]);
    const d = nextWorkday(pick(days.filter((x) => x > Date.UTC(2024, 2, 1) && x < Date.UTC(2025, 10, 1))));
    const a = pick([10_000, 15_000, 20_000, 25_000, 40_000, 50_000]);
    journal(co, d, at(d, 9, 17), pick([ACCT_OF[co], ...AP_OF[co]]), [{ account: "19990", amount: a, desc: "Transfer - to be cleared" }, { account: "10100", amount: -a, desc: "Transfer - to be cleared" }], "manual_journal", { approvedBy: U.controller, anomaly: "round_sum_to_suspense" });
  });
  // A large journal the controller posted and approved herself.
  plant(3, () => {
    const d = nextWorkday(pick(days.filter((x) => x > Date.UTC(2024, 2, 1) && x < Date.UTC(2025, 10, 1))));
    const a = r2(between(60_000, 250_000));
    journal("us", d, at(d, 9, 18), U.controller, [{ account: "50100", amount: a, desc: "Inventory write-down", dept: "WHSE", branch: pick(BRANCHES.us) }, { account: "13100", amount: -a, desc: "Inventory write-down", branch: pick(BRANCHES.us) }], "manual_journal", { approvedBy: U.controller, anomaly: "self_approved_journal" });
  });
  // An office-supplies or janitorial invoice 30–80× the vendor's usual.
  plant(3, () => {
    const v = pick([...vendorsOf("us", "office"), ...vendorsOf("us", "janitorial")]);
    const d = nextWorkday(pick(days.filter((x) => x > Date.UTC(2024, 3, 1) && x < Date.UTC(2025, 10, 1))));
    const usual = v.rent ?? 310;
    purchaseInvoice("us", v, d, [{ account: "64100", amount: r2(usual * between(30, 80)), desc: v.role === "office" ? "Office supplies" : "Janitorial service", dept: "ADMIN", branch: v.branch ?? "CHI" }], "purchase_invoice").anomaly = "vendor_invoice_amount_outlier";
  });
  // A month-end accrual keyed on the ordinary batch (not the reversing recurring one): never reversed.
  plant(3, () => {
    const p = pick(accrualPlan.filter((x) => x.co === "us"));
    const [y, m0] = pick(months.slice(2, 21));
    const me = monthEnd(y, m0);
    const a = r2(logn(p.median, 0.25));
    journal("us", me, at(nthWorkday(y, m0 + 1, 3), 10, 16), U.staff, [{ account: p.account, amount: a, desc: p.desc, dept: p.dept, branch: "CHI" }, { account: "21100", amount: -a, desc: p.desc, branch: "CHI" }], "accrual", { approvedBy: U.controller, anomaly: "accrual_never_reversed" });
  });
  // An accrual's reversal keyed again by hand days after the recurring journal had reversed it.
  plant(3, () => {
    const { txn, reversal } = pick(accruals.filter((a) => a.txn.co === "us" && a.y * 12 + a.m0 >= 2024 * 12 + 2 && a.y * 12 + a.m0 <= 2025 * 12 + 9));
    const d = nextWorkday(reversal.posting + int(1, 6) * DAY);
    journal("us", d, at(d, 9, 17), txn.user, reversal.lines.map((l) => ({ ...l, desc: `Reverse ${txn.lines[0]!.desc?.toLowerCase()}` })), "manual_journal", { approvedBy: U.controller, anomaly: "accrual_reversed_twice" });
  });

  // ---- year-end close of 2024, posted in January 2025 on the closing date --------------------------
  for (const t of txns) {
    const y = new Date(t.posting).getUTCFullYear();
    for (const l of t.lines) if (isPnl(l.account)) {
      const k = `${y}|${t.co}|${l.account}|${l.dept ?? ""}|${l.branch ?? ""}`;
      pnl.set(k, (pnl.get(k) ?? 0) + l.amount);
    }
  }
  for (const co of ["us", "ca"] as Co[]) {
    const lines: Line[] = [];
    let net = 0;
    for (const [k, v] of [...pnl].sort()) {
      const [y, c, account, dept, branch] = k.split("|");
      if (y !== "2024" || c !== co || Math.abs(v) < 0.005) continue;
      lines.push({ account: account!, amount: -r2(v), desc: "Close income statement", dept: dept || undefined, branch: branch || undefined });
      net += r2(v);
    }
    lines.push({ account: "30200", amount: r2(net), desc: "Close income statement" });
    const d = nthWorkday(2025, 0, int(12, 16));
    add({ co, posting: Date.UTC(2024, 11, 31), closing: true, entered: at(d, 10, 16), docType: "", docNo: `${co === "us" ? "" : "C"}CLOSE-2024`, sourceCode: "CLSINCOME", user: U.controller, approvedBy: undefined, batch: "CLOSE", lines, kind: "year_end_close" });
  }

  return toLedger(txns);
}

/** BC's numbering (per company, in the order posted), the Reversed links, and the export's rows. */
function toLedger(txns: Txn[]): BcLedger {
  const money = (x: number) => (Math.abs(x) < 0.005 ? "0.00" : x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }));
  const usDate = (d: number) => {
    const x = new Date(d);
    return `${x.getUTCMonth() + 1}/${x.getUTCDate()}/${x.getUTCFullYear()}`;
  };
  const usDateTime = (d: number) => `${usDate(d)} ${new Date(d).getUTCHours()}:${String(new Date(d).getUTCMinutes()).padStart(2, "0")}`;
  const rows: string[][] = [];
  const transactionOfLine = new Map<string, string>();
  const transactions: BcTransaction[] = [];
  for (const co of ["us", "ca"] as Co[]) {
    const mine = txns.filter((t) => t.co === co && t.entered < END + 30 * DAY && t.posting < END).map((t, i) => ({ t, i }));
    mine.sort((a, b) => a.t.entered - b.t.entered || a.i - b.i);
    let entry = co === "us" ? 412_300 : 96_800;
    let txNo = co === "us" ? 151_000 : 38_500;
    for (const { t } of mine) {
      t.txNo = ++txNo;
      t.entries = t.lines.map(() => ++entry);
    }
    for (const { t } of mine) {
      const id = `${COMPANY[co]}-${t.txNo}`;
      transactions.push({ id, kind: t.kind, anomaly: t.anomaly, user: t.user, sourceCode: t.sourceCode });
      const date = t.closing ? `C${usDate(t.posting)}` : usDate(t.posting);
      const reversed = t.reversedBy ?? t.reverses;
      t.lines.forEach((l, i) => {
        const entryNo = t.entries![i]!;
        transactionOfLine.set(`${COMPANY[co]}-${entryNo}`, id);
        rows.push([
          COMPANY[co], String(entryNo), date, t.closing ? date : usDate(t.docDate ?? t.posting), t.docType, t.docNo, t.extDocNo ?? "", l.account,
          ACCOUNTS[l.account]!, l.desc ?? "", l.dept ?? "", l.branch ?? "", money(l.amount), l.amount > 0 ? money(l.amount) : "", l.amount < 0 ? money(-l.amount) : "",
          t.sourceType ?? "", t.sourceNo ?? "", t.sourceCode, t.reason ?? "", t.user, usDateTime(t.entered), t.approvedBy ?? "", t.batch ?? "",
          reversed ? "Yes" : "No", t.reversedBy ? String(t.reversedBy.entries![i]) : "0", t.reverses ? String(t.reverses.entries![i]) : "0", String(t.txNo),
          i === 0 ? t.balAccount ?? "" : "",
        ]);
      });
    }
  }
  return { header: BC_HEADER, rows, transactionOfLine, transactions };
}

export function toCsv(ledger: BcLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
