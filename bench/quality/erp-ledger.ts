/**
 * An independent evaluation ledger: the general-ledger entry export of a multi-entity retailer in
 * the shape of Microsoft Dynamics 365 Business Central's "G/L Entries" (NetSuite's GL detail has
 * the same columns under other names). One row per G/L entry (line), consecutive per document, with
 * Entry No., Document No., a Posting Date and the moment the entry was created, dimensions
 * (department, project, location), the source (vendor, customer, employee, intercompany partner),
 * the user and the source code / journal batch the posting came from.
 *
 * Written without reading the product's own generators (src/sampledata, bench/ledger.ts and the
 * rest of bench/quality): the business below is what such a company's ledger holds, from the
 * conventions of the ERP, and the point is its regular business — the entries an auditor would
 * not question — with a modest number of planted problems of the kinds an auditor looks for.
 *
 * Every document carries a kind (regular business or a planted anomaly), returned beside the rows
 * and never written into the export, so false alarms can be counted by the business that caused them.
 */
import { mulberry32 } from "./mulberry32.ts";

export interface ErpLedgerOptions {
  seed: number;
  /** First day of the ledger (the migration batch posts the opening balances the day before). */
  start?: string;
  months?: number;
}

export interface ErpLedgerDocument {
  documentNo: string;
  kind: string;
  /** Set for planted problems: the kind an auditor would report. */
  anomaly?: string;
  lines: number;
}

export interface ErpLedger {
  header: string[];
  rows: string[][];
  documents: ErpLedgerDocument[];
}


const DAY = 86_400_000;

const ACCOUNTS: Record<string, string> = {
  "10100": "Bank - Operating",
  "10200": "Bank - Payroll",
  "10300": "Cash Clearing - Stores",
  "10310": "Card Clearing",
  "11000": "Accounts Receivable",
  "12000": "Inventory",
  "12900": "Inventory Obsolescence Reserve",
  "13000": "Prepaid Expenses",
  "15000": "Fixed Assets - Store Fit-out",
  "15900": "Accumulated Depreciation",
  "19000": "Intercompany Receivable",
  "19500": "Investment in Subsidiaries",
  "20000": "Accounts Payable",
  "20100": "Employee Expenses Payable",
  "21000": "Accrued Expenses",
  "21500": "Deferred Revenue",
  "22000": "Sales Tax Payable",
  "22500": "VAT Input",
  "23000": "Payroll Liabilities",
  "24000": "Income Tax Payable",
  "29000": "Intercompany Payable",
  "30000": "Share Capital / Opening Balance",
  "31000": "Retained Earnings",
  "40000": "Sales - Stores",
  "40100": "Sales - Online",
  "40200": "Sales - Wholesale",
  "42000": "Interest Income",
  "49000": "Intercompany Revenue",
  "50000": "Cost of Goods Sold",
  "50500": "Inventory Adjustments",
  "51000": "Freight In",
  "60000": "Salaries and Wages",
  "60100": "Payroll Taxes",
  "60200": "Employee Benefits",
  "61000": "Rent",
  "61100": "Utilities",
  "61200": "Repairs and Cleaning",
  "61500": "Insurance",
  "62000": "Marketing",
  "63000": "Software Subscriptions",
  "63500": "Cloud Hosting",
  "64000": "Professional Fees",
  "65000": "Depreciation",
  "66000": "Bank and Card Fees",
  "67000": "Travel",
  "67100": "Meals and Entertainment",
  "68000": "Intercompany Management Fees",
  "69000": "FX Gain/Loss",
  "70000": "Income Tax Expense",
  "99990": "Suspense",
  "31500": "Owner Distributions",
};

const HEADER = [
  "Entry No.", "Posting Date", "Created At", "Document Type", "Document No.", "Company",
  "G/L Account No.", "G/L Account Name", "Description", "Department Code", "Project Code",
  "Location Code", "Source Type", "Source No.", "Currency Code", "Debit Amount", "Credit Amount",
  "Source Code", "Journal Batch Name", "User ID", "Fiscal Period",
];

interface Line {
  account: string;
  amount: number; // + debit, − credit
  dept?: string;
  project?: string;
  location?: string;
  sourceType?: string;
  sourceNo?: string;
  description?: string;
}

interface Doc {
  docNo: string;
  company: string;
  posting: number; // ms, a day
  created: number; // ms
  docType: string;
  sourceCode: string;
  batch: string;
  user: string;
  period?: number;
  kind: string;
  anomaly?: string;
  lines: Line[];
  description: string;
}

interface Entity {
  code: string;
  currency: string;
  opens: number; // ms
  stores: { code: string; opens: number; size: number }[];
  salesTax: number; // fraction on store sales
  payables: string; // AP clerk group key
}

interface Vendor {
  no: string;
  company: string;
  account: string;
  dept: string;
  location: string;
  project?: string;
  base: number;
  sigma: number;
  perMonth: number; // invoices a month (fraction: probability)
  fixed?: boolean;
  seasonal?: (month: number) => number;
  clerkGroup: "A" | "B" | "CA" | "UK" | "TEMP";
  from: number;
  to?: number;
  kind: string;
  vat?: boolean;
}

export function generateErpLedger(options: ErpLedgerOptions): ErpLedger {
  const rng = mulberry32(options.seed);
  const start = Date.parse(`${options.start ?? "2025-01-01"}T00:00:00Z`);
  const months = options.months ?? 18;
  const end = addMonths(start, months);
  const uniform = (a: number, b: number) => a + (b - a) * rng();
  const int = (a: number, b: number) => Math.floor(uniform(a, b + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const normal = () => {
    const u = 1 - rng();
    const v = rng();
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
  };
  const lognormal = (base: number, sigma: number) => base * Math.exp(sigma * normal());
  const money = (x: number) => Math.round(x * 100) / 100;

  const docs: Doc[] = [];
  const counters = new Map<string, number>();
  const nextNo = (series: string, width = 6) => {
    const n = (counters.get(series) ?? 100000) + int(1, 1);
    counters.set(series, n);
    return `${series}${String(n).padStart(width, "0")}`;
  };

  /** A human's posting moment on a day: office hours, a little lunch-time dip. */
  const officeTime = (day: number, from = 8, to = 18) => day + Math.floor(uniform(from, to) * 3_600_000) + int(0, 59) * 1000;
  const isWeekend = (day: number) => {
    const wd = new Date(day).getUTCDay();
    return wd === 0 || wd === 6;
  };
  /** The next weekday on or after a day. */
  const businessDay = (day: number) => {
    let d = day;
    while (isWeekend(d)) d += DAY;
    return d;
  };
  const monthIndex = (day: number) => new Date(day).getUTCMonth() + 1;

  const entities: Entity[] = [
    {
      code: "NWUS", currency: "USD", opens: start, salesTax: 0.0725, payables: "A",
      stores: [
        { code: "STORE01", opens: start, size: 1.3 }, { code: "STORE02", opens: start, size: 1.0 },
        { code: "STORE03", opens: start, size: 0.8 }, { code: "STORE04", opens: start, size: 1.1 },
        { code: "STORE05", opens: start, size: 0.7 }, { code: "STORE06", opens: start, size: 0.9 },
        { code: "STORE07", opens: Date.parse("2025-10-15T00:00:00Z"), size: 1.0 },
      ],
    },
    {
      code: "NWCA", currency: "CAD", opens: start, salesTax: 0.13, payables: "CA",
      stores: [{ code: "TOR01", opens: start, size: 1.2 }, { code: "VAN01", opens: start, size: 0.9 }],
    },
    {
      code: "NWUK", currency: "GBP", opens: Date.parse("2025-09-01T00:00:00Z"), salesTax: 0.2, payables: "UK",
      stores: [{ code: "LDN01", opens: Date.parse("2025-09-15T00:00:00Z"), size: 1.0 }, { code: "MAN01", opens: Date.parse("2025-10-01T00:00:00Z"), size: 0.7 }],
    },
  ];
  const fxScale: Record<string, number> = { USD: 1, CAD: 1.36, GBP: 0.79 };

  const seasonalRetail = (m: number) => (m === 11 ? 1.6 : m === 12 ? 2.4 : m === 1 ? 0.8 : m === 2 ? 0.85 : m >= 6 && m <= 8 ? 1.1 : 1);
  const seasonalBuying = (m: number) => (m === 9 || m === 10 ? 2 : m === 11 ? 1.4 : m === 1 ? 0.6 : 1);

  // ---- Vendors ---------------------------------------------------------------------------------
  const vendors: Vendor[] = [];
  let vendorSeq = 10000;
  const vendorNo = () => `V${(vendorSeq += int(1, 7))}`;
  for (const e of entities) {
    const s = fxScale[e.currency]!;
    const group = e.payables as Vendor["clerkGroup"];
    const vat = e.code === "NWUK";
    for (const store of e.stores) {
      const base = 12000 * store.size * s;
      vendors.push({ no: vendorNo(), company: e.code, account: "61000", dept: "OPS", location: store.code, base, sigma: 0, perMonth: 1, fixed: true, clerkGroup: group === "A" ? "B" : group, from: store.opens, kind: "ap_invoice", vat });
      vendors.push({ no: vendorNo(), company: e.code, account: "61100", dept: "OPS", location: store.code, base: 1800 * store.size * s, sigma: 0.18, perMonth: 1, seasonal: (m) => (m === 1 || m === 2 || m === 7 || m === 8 ? 1.35 : 1), clerkGroup: group, from: store.opens, kind: "ap_invoice", vat });
      vendors.push({ no: vendorNo(), company: e.code, account: "61200", dept: "OPS", location: store.code, base: 650 * s, sigma: 0.35, perMonth: 2, clerkGroup: group, from: store.opens, kind: "ap_invoice", vat });
    }
    const suppliers = e.code === "NWUS" ? 16 : e.code === "NWCA" ? 6 : 4;
    for (let i = 0; i < suppliers; i++) {
      vendors.push({ no: vendorNo(), company: e.code, account: "12000", dept: "OPS", location: "WH01", base: uniform(6000, 45000) * s * (e.code === "NWUS" ? 1 : 0.6), sigma: uniform(0.3, 0.6), perMonth: uniform(1, 4), seasonal: seasonalBuying, clerkGroup: i % 2 === 0 && group === "A" ? "A" : group === "A" ? "B" : group, from: e.opens, kind: "ap_invoice", vat });
    }
    for (let i = 0; i < (e.code === "NWUS" ? 3 : 1); i++) {
      vendors.push({ no: vendorNo(), company: e.code, account: "51000", dept: "OPS", location: "WH01", base: 1600 * s, sigma: 0.4, perMonth: 4, seasonal: seasonalBuying, clerkGroup: group, from: e.opens, kind: "ap_invoice", vat });
    }
    for (let i = 0; i < (e.code === "NWUS" ? 6 : 2); i++) {
      vendors.push({ no: vendorNo(), company: e.code, account: "62000", dept: "MKT", location: e.code === "NWUS" ? "HQ" : e.stores[0]!.code, base: uniform(2000, 9000) * s, sigma: 0.5, perMonth: uniform(0.5, 1.5), seasonal: (m) => (m === 11 ? 2.2 : m === 12 ? 1.5 : 1), clerkGroup: group === "A" ? "A" : group, from: e.opens, kind: "ap_invoice", vat });
    }
    for (let i = 0; i < (e.code === "NWUS" ? 7 : 2); i++) {
      vendors.push({ no: vendorNo(), company: e.code, account: "63000", dept: "IT", location: "HQ", base: uniform(300, 4000) * s, sigma: 0, perMonth: 1, fixed: true, clerkGroup: group, from: e.opens, kind: "ap_invoice", vat });
    }
    for (let i = 0; i < (e.code === "NWUS" ? 4 : 1); i++) {
      vendors.push({ no: vendorNo(), company: e.code, account: "64000", dept: "FIN", location: "HQ", base: uniform(2500, 9000) * s, sigma: 0.6, perMonth: 0.6, clerkGroup: group === "A" ? "B" : group, from: e.opens, kind: "ap_invoice", vat });
    }
  }
  // A cloud-hosting account opened mid-year with its own vendor: a new account, regular from then on.
  vendors.push({ no: vendorNo(), company: "NWUS", account: "63500", dept: "IT", location: "WEB", base: 5200, sigma: 0.12, perMonth: 1, clerkGroup: "B", from: Date.parse("2025-07-01T00:00:00Z"), kind: "new_account_vendor" });

  // ---- Users -------------------------------------------------------------------------------------
  const annaLeaves = Date.parse("2025-08-30T00:00:00Z");
  const coverFrom = Date.parse("2025-07-14T00:00:00Z");
  const coverTo = Date.parse("2025-07-26T00:00:00Z");
  const tempFrom = Date.parse("2025-10-27T00:00:00Z");
  const tempTo = Date.parse("2025-12-20T00:00:00Z");
  const clerkFor = (group: Vendor["clerkGroup"], day: number, v: Vendor): { user: string; kind?: string } => {
    if (group === "A") {
      if (day >= coverFrom && day < coverTo) return { user: "CARLOS.M", kind: "ap_invoice_vacation_cover" };
      if (day >= annaLeaves) return { user: "BEN.T", kind: day < annaLeaves + 60 * DAY ? "ap_invoice_successor" : undefined };
      return { user: "ANNA.K" };
    }
    if (group === "B") {
      if (day >= tempFrom && day < tempTo && v.account === "12000" && rng() < 0.5) return { user: "TEMP.AP1", kind: "ap_invoice_seasonal_temp" };
      return { user: "CARLOS.M" };
    }
    if (group === "CA") return { user: "CHLOE.D" };
    return { user: "IAN.B" };
  };

  // ---- Helpers -----------------------------------------------------------------------------------
  const push = (d: Omit<Doc, "docNo"> & { docNo?: string }, series: string) => {
    const doc = { ...d, docNo: d.docNo ?? nextNo(series) } as Doc;
    for (const l of doc.lines) l.amount = money(l.amount);
    const sum = money(doc.lines.reduce((s, l) => s + l.amount, 0));
    if (sum !== 0) {
      // rounding lands on the last line, as an ERP's balancing line does
      doc.lines[doc.lines.length - 1]!.amount = money(doc.lines[doc.lines.length - 1]!.amount - sum);
    }
    docs.push(doc);
    return doc;
  };
  const monthEnds: number[] = [];
  for (let m = start; m < end; m = addMonths(m, 1)) monthEnds.push(addMonths(m, 1) - DAY);

  // AP invoices with their payments in the weekly payment run (Thursday).
  const payables: { vendor: Vendor; amount: number; due: number; company: string; invoice: string; anomaly?: string }[] = [];
  const apInvoice = (v: Vendor, day: number, amount: number, kindOverride?: string, anomaly?: string, userOverride?: string, lineOverride?: Partial<Line>) => {
    const clerk = clerkFor(v.clerkGroup, day, v);
    const user = userOverride ?? clerk.user;
    const created = officeTime(businessDay(day));
    const vatAmount = v.vat ? money(amount * 0.2) : 0;
    const lines: Line[] = [
      { account: v.account, amount, dept: v.dept, location: v.location, project: v.project, sourceType: "Vendor", sourceNo: v.no, ...lineOverride },
    ];
    if (vatAmount) lines.push({ account: "22500", amount: vatAmount, sourceType: "Vendor", sourceNo: v.no });
    lines.push({ account: "20000", amount: -(amount + vatAmount), sourceType: "Vendor", sourceNo: v.no });
    const doc = push({
      company: v.company, posting: businessDay(day), created, docType: "Invoice", sourceCode: "PURCHASES", batch: "",
      user, kind: kindOverride ?? clerk.kind ?? v.kind, anomaly, lines, description: `Invoice ${v.no}`,
    }, "PI-");
    // The payment of a planted bill pays the same money out: an auditor reports it with the bill.
    const paysPlanted = anomaly === "extreme_vendor_invoice" || anomaly === "new_vendor_large" ? `${anomaly}_payment` : undefined;
    payables.push({ vendor: v, amount: amount + vatAmount, due: businessDay(day) + (v.account === "61000" ? 0 : 30 * DAY), company: v.company, invoice: doc.docNo, anomaly: paysPlanted });
    return doc;
  };

  // ---- Migration: opening balances and open items (the day before the first period) --------------
  {
    const created = start + DAY + 22 * 3_600_000;
    for (const e of entities.filter((x) => x.opens === start)) {
      const s = fxScale[e.currency]! * (e.code === "NWUS" ? 1 : 0.35);
      const bs: [string, number][] = [
        ["10100", 1_850_000 * s], ["10200", 240_000 * s], ["11000", 410_000 * s], ["12000", 2_600_000 * s],
        ["13000", 95_000 * s], ["15000", 3_900_000 * s], ["15900", -1_450_000 * s], ["20000", -880_000 * s],
        ["21000", -160_000 * s], ["22000", -120_000 * s], ["23000", -85_000 * s], ["30000", -1_000_000 * s],
      ];
      const lines: Line[] = bs.map(([account, amount]) => ({ account, amount: amount * uniform(0.95, 1.05), description: "Opening balance" }));
      lines.push({ account: "31000", amount: 0 });
      push({ company: e.code, posting: start - DAY, created, docType: "", sourceCode: "MIGRATION", batch: "OPENING", user: "MIGRATION", period: 12, kind: "migration", lines, description: "Opening balances" }, "MIG-");
      // Open payables per vendor, migrated against the opening balance account.
      const open = vendors.filter((v) => v.company === e.code && v.from === start);
      const openLines: Line[] = open.map((v) => ({ account: "20000", amount: -lognormal(v.base, 0.3), sourceType: "Vendor", sourceNo: v.no }));
      openLines.push({ account: "30000", amount: 0 });
      push({ company: e.code, posting: start - DAY, created: created + 600_000, docType: "", sourceCode: "MIGRATION", batch: "OPENING", user: "MIGRATION", period: 12, kind: "migration", lines: openLines, description: "Open vendor entries" }, "MIG-");
    }
  }

  // ---- Daily store sales (POS summaries), online sales and card settlements ----------------------
  // Per company and week, each location's sales: the cost of goods sold posted weekly.
  const storeWeeks = new Map<string, Map<string, number>>();
  for (let day = start; day < end; day += DAY) {
    const m = monthIndex(day);
    const wd = new Date(day).getUTCDay();
    const weekKey = Math.floor((day - start) / (7 * DAY));
    const blackFriday = m === 11 && new Date(day).getUTCDate() >= 24;
    for (const e of entities) {
      if (day < e.opens) continue;
      const s = fxScale[e.currency]!;
      let cardTotal = 0;
      for (const store of e.stores) {
        if (day < store.opens) continue;
        const sales = lognormal(9000 * store.size * s * seasonalRetail(m) * (wd === 6 ? 1.5 : wd === 0 ? 1.2 : 1) * (blackFriday ? 1.8 : 1), 0.15);
        const tax = sales * e.salesTax;
        const cash = (sales + tax) * uniform(0.12, 0.2);
        const card = sales + tax - cash;
        cardTotal += card;
        push({
          company: e.code, posting: day, created: day + DAY + 30 * 60_000 + int(0, 600) * 1000, docType: "", sourceCode: "POS", batch: "POS-IMPORT",
          user: "JOBQUEUE", kind: "pos_daily", description: `POS Z-report ${store.code}`,
          lines: [
            { account: "10300", amount: cash, location: store.code, dept: "SALES" },
            { account: "10310", amount: card, location: store.code, dept: "SALES" },
            { account: "40000", amount: -sales, location: store.code, dept: "SALES" },
            { account: "22000", amount: -tax, location: store.code },
          ],
        }, `POS-${store.code}-`);
        const wk = `${e.code}|${weekKey}`;
        const perStore = storeWeeks.get(wk) ?? new Map<string, number>();
        perStore.set(store.code, (perStore.get(store.code) ?? 0) + sales);
        storeWeeks.set(wk, perStore);
      }
      // Online shop, imported by the integration user at 02:00.
      const online = lognormal(4200 * s * seasonalRetail(m) * (e.code === "NWUS" ? 1 : 0.4) * (blackFriday ? 2.5 : 1), 0.25);
      const otax = online * e.salesTax;
      cardTotal += online + otax;
      push({
        company: e.code, posting: day, created: day + DAY + 2 * 3_600_000 + int(0, 900) * 1000, docType: "", sourceCode: "SALES", batch: "WEBSHOP",
        user: "SHOPIFY-INT", kind: "web_daily", description: "Online orders",
        lines: [
          { account: "10310", amount: online + otax, location: "WEB", dept: "SALES" },
          { account: "40100", amount: -online, location: "WEB", dept: "SALES" },
          { account: "22000", amount: -otax, location: "WEB" },
        ],
      }, "WEB-");
      const online2 = storeWeeks.get(`${e.code}|${weekKey}`) ?? new Map<string, number>();
      online2.set("WEB", (online2.get("WEB") ?? 0) + online);
      storeWeeks.set(`${e.code}|${weekKey}`, online2);
      // The card processor settles two days later, net of its fees (bank feed, job queue).
      if (cardTotal > 0) {
        const fee = cardTotal * uniform(0.018, 0.024);
        push({
          company: e.code, posting: day + 2 * DAY, created: day + 2 * DAY + 5 * 3_600_000 + int(0, 900) * 1000, docType: "", sourceCode: "BANKREC", batch: "BANKFEED",
          user: "JOBQUEUE", kind: "card_settlement", description: "Card settlement",
          lines: [
            { account: "10100", amount: cardTotal - fee },
            { account: "66000", amount: fee, dept: "FIN" },
            { account: "10310", amount: -cardTotal },
          ],
        }, "BNK-");
      }
    }
  }
  // Weekly cost of goods sold per location (inventory posting by the job queue, Sunday night).
  for (const [wk, perStore] of storeWeeks) {
    const [company, w] = wk.split("|") as [string, string];
    const day = start + (Number(w) + 1) * 7 * DAY;
    if (day >= end) continue;
    const lines: Line[] = [];
    for (const [loc, sales] of perStore) {
      const cost = sales * uniform(0.52, 0.58);
      lines.push({ account: "50000", amount: cost, location: loc, dept: "SALES" });
      lines.push({ account: "12000", amount: -cost, location: "WH01" });
    }
    push({ company, posting: day - DAY, created: day + 3 * 3_600_000, docType: "", sourceCode: "INVTPCOST", batch: "ADJCOST", user: "JOBQUEUE", kind: "cogs_weekly", lines, description: "Adjust cost - item entries" }, "COGS-");
  }

  // ---- Purchases ---------------------------------------------------------------------------------
  for (const v of vendors) {
    for (let m = Math.max(start, monthStart(v.from)); m < end; m = addMonths(m, 1)) {
      const season = v.seasonal ? v.seasonal(monthIndex(m)) : 1;
      let n = Math.floor(v.perMonth * (v.account === "12000" ? season : 1));
      if (rng() < v.perMonth * (v.account === "12000" ? season : 1) - n) n++;
      for (let i = 0; i < n; i++) {
        const day = v.fixed ? m + int(0, 2) * DAY : m + int(0, 27) * DAY;
        if (day < v.from || day >= end) continue;
        const increase = v.fixed && day >= Date.parse("2026-01-01T00:00:00Z") ? 1.035 : 1;
        const amount = v.fixed ? v.base * increase : lognormal(v.base * (v.account === "12000" ? 1 : season), v.sigma);
        apInvoice(v, day, money(amount));
      }
    }
  }
  // Annual items: insurance prepaid in February, an annual licence in January, the audit fee.
  const insurer = { no: vendorNo(), company: "NWUS", account: "13000", dept: "FIN", location: "HQ", base: 186_000, sigma: 0, perMonth: 0, clerkGroup: "B", from: start, kind: "annual_prepaid" } as Vendor;
  const licensor = { no: vendorNo(), company: "NWUS", account: "13000", dept: "IT", location: "HQ", base: 96_000, sigma: 0, perMonth: 0, clerkGroup: "B", from: start, kind: "annual_prepaid" } as Vendor;
  const auditor = { no: vendorNo(), company: "NWUS", account: "64000", dept: "FIN", location: "HQ", base: 78_000, sigma: 0, perMonth: 0, clerkGroup: "B", from: start, kind: "annual_audit_fee" } as Vendor;
  for (const year of [2025, 2026]) {
    const feb = Date.parse(`${year}-02-03T00:00:00Z`);
    if (feb < end) apInvoice(insurer, feb, money(insurer.base * (year === 2026 ? 1.06 : 1)));
    const jan = Date.parse(`${year}-01-08T00:00:00Z`);
    if (jan < end) apInvoice(licensor, jan, money(licensor.base * (year === 2026 ? 1.05 : 1)));
    const mar = Date.parse(`${year}-03-17T00:00:00Z`);
    if (mar < end) apInvoice(auditor, mar, money(auditor.base * (year === 2026 ? 1.04 : 1)));
  }
  // Store fit-outs: new contractors, large capital invoices on a project.
  const fitOuts: { company: string; location: string; project: string; from: string; invoices: number; clerk: Vendor["clerkGroup"]; base: number }[] = [
    { company: "NWUS", location: "STORE07", project: "PRJ-S07", from: "2025-08-04", invoices: 4, clerk: "B", base: 95_000 },
    { company: "NWUK", location: "LDN01", project: "PRJ-LDN", from: "2025-09-02", invoices: 3, clerk: "UK", base: 60_000 },
    { company: "NWUK", location: "MAN01", project: "PRJ-MAN", from: "2025-09-10", invoices: 2, clerk: "UK", base: 45_000 },
  ];
  for (const f of fitOuts) {
    for (let c = 0; c < 2; c++) {
      const v: Vendor = { no: vendorNo(), company: f.company, account: "15000", dept: "OPS", location: f.location, project: f.project, base: f.base, sigma: 0.3, perMonth: 0, clerkGroup: f.clerk, from: Date.parse(`${f.from}T00:00:00Z`), kind: "capex_fitout", vat: f.company === "NWUK" };
      for (let i = 0; i < f.invoices; i++) apInvoice(v, v.from + (i * 14 + c * 5) * DAY, money(lognormal(f.base, 0.3)));
    }
  }

  // ---- Planted problems in purchases ---------------------------------------------------------------
  const plant = <T>(n: number, f: (i: number) => T) => Array.from({ length: n }, (_, i) => f(i));
  const laterDay = () => start + int(75, Math.floor((end - start) / DAY) - 10) * DAY;
  const ordinary = vendors.filter((v) => !v.fixed && v.perMonth >= 1 && v.kind === "ap_invoice");
  plant(12, () => {
    const v = pick(ordinary);
    const day = Math.max(laterDay(), v.from + 90 * DAY);
    if (day >= end) return;
    apInvoice(v, day, money(v.base * uniform(20, 80)), "anomaly", "extreme_vendor_invoice");
  });
  // A new vendor, a large first invoice to an ordinary expense account (not a fit-out).
  plant(8, () => {
    const e = pick(entities.slice(0, 2));
    const account = pick(["62000", "64000", "61200"]);
    const v: Vendor = { no: vendorNo(), company: e.code, account, dept: account === "62000" ? "MKT" : account === "64000" ? "FIN" : "OPS", location: "HQ", base: 0, sigma: 0, perMonth: 0, clerkGroup: e.payables as Vendor["clerkGroup"], from: start, kind: "anomaly" };
    apInvoice(v, laterDay(), money(uniform(60_000, 180_000) * fxScale[e.currency]!), "anomaly", "new_vendor_large");
  });
  // Never-seen combinations: a vendor's invoice coded to another entity's store, or an expense
  // coded to a department / account the vendor never uses.
  plant(10, (i) => {
    const v = pick(ordinary.filter((x) => x.company === "NWUS"));
    const day = laterDay();
    if (i % 2 === 0) apInvoice(v, day, money(lognormal(v.base, v.sigma)), "anomaly", "never_seen_combination", undefined, { location: pick(["TOR01", "VAN01"]), dept: "IT" });
    else apInvoice(v, day, money(lognormal(v.base, v.sigma) * 3), "anomaly", "never_seen_combination", undefined, { account: pick(["15000", "19500", "31000"]), dept: "FIN" });
  });

  // ---- Payments: weekly runs on Thursday, one document per vendor payment ---------------------------
  payables.sort((a, b) => a.due - b.due);
  for (const p of payables) {
    let run = p.due;
    while (new Date(run).getUTCDay() !== 4) run += DAY;
    if (run >= end) continue;
    const uk = p.company === "NWUK";
    const user = uk ? "IAN.B" : "GRACE.H";
    push({
      company: p.company, posting: run, created: run + 10 * 3_600_000 + int(0, 3600) * 1000, docType: "Payment", sourceCode: "PAYMENTJNL", batch: "PMT-RUN",
      user, kind: p.anomaly ? "anomaly" : "ap_payment", anomaly: p.anomaly, description: `Payment ${p.invoice}`,
      lines: [
        { account: "20000", amount: p.amount, sourceType: "Vendor", sourceNo: p.vendor.no },
        { account: "10100", amount: -p.amount, sourceType: "Vendor", sourceNo: p.vendor.no },
      ],
    }, "PPAY-");
  }

  // ---- Wholesale receivables (US) ----------------------------------------------------------------
  const customers = Array.from({ length: 22 }, (_, i) => ({ no: `C${20010 + i * 3}`, base: uniform(3000, 30000), perMonth: uniform(0.8, 4) }));
  for (const c of customers) {
    for (let m = start; m < end; m = addMonths(m, 1)) {
      let n = Math.floor(c.perMonth);
      if (rng() < c.perMonth - n) n++;
      for (let i = 0; i < n; i++) {
        const day = businessDay(m + int(0, 27) * DAY);
        if (day >= end) continue;
        const amount = money(lognormal(c.base * seasonalBuying(monthIndex(m)) ** 0.5, 0.45));
        push({
          company: "NWUS", posting: day, created: officeTime(day), docType: "Invoice", sourceCode: "SALES", batch: "",
          user: "DIANA.P", kind: "ar_invoice", description: `Invoice ${c.no}`,
          lines: [
            { account: "11000", amount, sourceType: "Customer", sourceNo: c.no },
            { account: "40200", amount: -amount, dept: "SALES", location: "WH01", sourceType: "Customer", sourceNo: c.no },
          ],
        }, "SI-");
        const paid = businessDay(day + int(25, 50) * DAY);
        if (paid < end) {
          push({
            company: "NWUS", posting: paid, created: officeTime(paid), docType: "Payment", sourceCode: "CASHRECJNL", batch: "CASH-RCPT",
            user: "DIANA.P", kind: "ar_receipt", description: `Receipt ${c.no}`,
            lines: [
              { account: "10100", amount, sourceType: "Customer", sourceNo: c.no },
              { account: "11000", amount: -amount, sourceType: "Customer", sourceNo: c.no },
            ],
          }, "RCPT-");
        }
      }
    }
  }

  // ---- Employee expense reports (integration), reimbursed weekly ------------------------------------
  const employees = Array.from({ length: 36 }, (_, i) => ({ no: `E${1100 + i * 7}`, dept: pick(["SALES", "OPS", "MKT", "IT", "FIN", "ADMIN"]), company: i < 26 ? "NWUS" : i < 32 ? "NWCA" : "NWUK", travel: uniform(150, 1400) }));
  const owed = new Map<string, number>();
  for (let day = start; day < end; day += DAY) {
    if (isWeekend(day)) continue;
    for (const emp of employees) {
      const e = entities.find((x) => x.code === emp.company)!;
      if (day < e.opens + 14 * DAY || rng() > 0.045) continue;
      const s = fxScale[e.currency]!;
      const travel = money(lognormal(emp.travel * s, 0.6));
      const meals = money(lognormal(80 * s, 0.5));
      push({
        company: emp.company, posting: day, created: day + int(6, 22) * 3_600_000 + int(0, 3599) * 1000, docType: "Invoice", sourceCode: "PURCHASES", batch: "EXPENSES",
        user: "EXPENSE-INT", kind: "expense_report", description: `Expense report ${emp.no}`,
        lines: [
          { account: "67000", amount: travel, dept: emp.dept, sourceType: "Employee", sourceNo: emp.no },
          { account: "67100", amount: meals, dept: emp.dept, sourceType: "Employee", sourceNo: emp.no },
          { account: "20100", amount: -(travel + meals), sourceType: "Employee", sourceNo: emp.no },
        ],
      }, "EXP-");
      owed.set(`${emp.company}|${emp.no}`, (owed.get(`${emp.company}|${emp.no}`) ?? 0) + travel + meals);
    }
    if (new Date(day).getUTCDay() === 5) {
      for (const e of entities) {
        const lines: Line[] = [];
        let total = 0;
        for (const [k, amount] of owed) {
          const [company, no] = k.split("|") as [string, string];
          if (company !== e.code) continue;
          lines.push({ account: "20100", amount, sourceType: "Employee", sourceNo: no });
          total += amount;
          owed.delete(k);
        }
        if (!lines.length) continue;
        lines.push({ account: "10100", amount: -total });
        push({ company: e.code, posting: day, created: officeTime(day, 9, 12), docType: "Payment", sourceCode: "PAYMENTJNL", batch: "EXP-REIMB", user: e.code === "NWUK" ? "IAN.B" : "GRACE.H", kind: "expense_reimbursement", lines, description: "Expense reimbursement" }, "PPAY-");
      }
    }
  }

  // ---- Payroll (integration user), funding transfers, remittances ----------------------------------
  const headcount: Record<string, Record<string, number>> = {
    NWUS: { SALES: 48, OPS: 22, MKT: 6, IT: 5, FIN: 6, ADMIN: 5 },
    NWCA: { SALES: 14, OPS: 5, ADMIN: 2 },
    NWUK: { SALES: 10, OPS: 4, ADMIN: 2 },
  };
  const pay: Record<string, number> = { SALES: 1500, OPS: 2100, MKT: 3300, IT: 4100, FIN: 3600, ADMIN: 3900 };
  for (const e of entities) {
    const s = fxScale[e.currency]!;
    for (let m = start; m < end; m = addMonths(m, 1)) {
      for (const payDay of [m + 14 * DAY, addMonths(m, 1) - DAY]) {
        if (payDay < e.opens + 14 * DAY || payDay >= end) continue;
        const day = payDay;
        const peak = monthIndex(day) === 11 || monthIndex(day) === 12 ? 1.25 : 1;
        const lines: Line[] = [];
        let gross = 0;
        for (const [dept, n] of Object.entries(headcount[e.code]!)) {
          const wages = n * pay[dept]! * s * (dept === "SALES" ? peak : 1) * uniform(0.97, 1.03) * (day >= Date.parse("2026-01-01T00:00:00Z") ? 1.03 : 1);
          const tax = wages * 0.0765;
          lines.push({ account: "60000", amount: wages, dept });
          lines.push({ account: "60100", amount: tax, dept });
          if (payDay !== m + 14 * DAY) lines.push({ account: "60200", amount: n * 310 * s, dept });
          gross += wages;
        }
        const debit = lines.reduce((a, l) => a + l.amount, 0);
        const withheld = gross * 0.22 + (debit - gross);
        lines.push({ account: "23000", amount: -withheld });
        lines.push({ account: "10200", amount: -(debit - withheld) });
        const created = businessDay(day - 2 * DAY) + 6 * 3_600_000 + int(0, 1200) * 1000;
        push({ company: e.code, posting: day, created, docType: "", sourceCode: "PAYROLL", batch: "PAYROLL", user: "PAYROLL-INT", kind: "payroll", lines, description: "Payroll" }, "PAY-");
        // Funding the payroll account the day before (treasury).
        const net = debit - withheld;
        push({
          company: e.code, posting: businessDay(day - 3 * DAY), created: officeTime(businessDay(day - 3 * DAY), 9, 11), docType: "", sourceCode: "GENJNL", batch: "TREASURY",
          user: e.code === "NWUK" ? "IAN.B" : "GRACE.H", kind: "payroll_funding", description: "Fund payroll account",
          lines: [{ account: "10200", amount: net * 1.02 }, { account: "10100", amount: -net * 1.02 }],
        }, "GJ-");
      }
      // Monthly payroll tax remittance.
      const remit = businessDay(m + 9 * DAY);
      if (remit >= e.opens + 40 * DAY && remit < end) {
        const total = Object.entries(headcount[e.code]!).reduce((a, [d, n]) => a + n * pay[d]! * s * 2 * 0.3, 0) * uniform(0.97, 1.03);
        push({ company: e.code, posting: remit, created: officeTime(remit), docType: "", sourceCode: "GENJNL", batch: "TREASURY", user: e.code === "NWUK" ? "IAN.B" : "GRACE.H", kind: "payroll_tax_remittance", description: "Payroll tax remittance", lines: [{ account: "23000", amount: total }, { account: "10200", amount: -total }] }, "GJ-");
      }
    }
    // An annual bonus run in March (a payroll of its own, once a year).
    for (const year of [2025, 2026]) {
      const day = Date.parse(`${year}-03-20T00:00:00Z`);
      if (day < e.opens || day >= end) continue;
      const lines: Line[] = [];
      let total = 0;
      for (const [dept, n] of Object.entries(headcount[e.code]!)) {
        if (dept === "SALES" && e.code !== "NWUS") continue;
        const bonus = n * pay[dept]! * s * uniform(1.8, 2.6);
        lines.push({ account: "60000", amount: bonus, dept });
        total += bonus;
      }
      lines.push({ account: "23000", amount: -total * 0.3 });
      lines.push({ account: "10200", amount: -total * 0.7 });
      push({ company: e.code, posting: day, created: day + 6 * 3_600_000, docType: "", sourceCode: "PAYROLL", batch: "PAYROLL", user: "PAYROLL-INT", kind: "payroll_bonus", lines, description: "Annual bonus" }, "PAY-");
    }
  }

  // ---- Month-end close ---------------------------------------------------------------------------
  const icFee: Record<string, number> = { NWCA: 42_000, NWUK: 36_000 };
  const quarterIc = new Map<string, number>();
  const accrualKinds: { account: string; dept: string; base: number }[] = [
    { account: "61100", dept: "OPS", base: 9000 }, { account: "64000", dept: "FIN", base: 12000 },
    { account: "51000", dept: "OPS", base: 6000 }, { account: "60000", dept: "SALES", base: 25000 },
    { account: "62000", dept: "MKT", base: 8000 },
  ];
  let fixedAssetsBase = 3_900_000;
  for (const monthEnd of monthEnds) {
    const next = monthEnd + DAY;
    const closeDay = (n: number) => {
      let d = next;
      let k = 0;
      while (true) {
        if (!isWeekend(d)) k++;
        if (k === n) return d;
        d += DAY;
      }
    };
    const m = monthIndex(monthEnd);
    for (const e of entities) {
      if (monthEnd < e.opens + 20 * DAY) continue;
      const s = fxScale[e.currency]! * (e.code === "NWUS" ? 1 : 0.3);
      const controller = e.code === "NWUK" && monthEnd < Date.parse("2025-12-01T00:00:00Z") ? "IAN.B" : "EVA.R";
      // Accruals on working day 2, reversed on the 1st by the reversing journal.
      for (const a of accrualKinds) {
        if (rng() < 0.25) continue;
        const amount = lognormal(a.base * s * (m === 12 ? 1.6 : 1), 0.35);
        const day = closeDay(2);
        const created = officeTime(day, 9, 17);
        rng(); // a draw the first version made here: kept so that the seeds give the figures in docs/quality.md
        push({ company: e.code, posting: monthEnd, created, docType: "", sourceCode: "GENJNL", batch: "ACCRUALS", user: controller, kind: "accrual", description: `Accrual ${ACCOUNTS[a.account]}`,
          lines: [{ account: a.account, amount, dept: a.dept }, { account: "21000", amount: -amount }] }, "ACC-");
        push({ company: e.code, posting: next, created: created + 60_000, docType: "", sourceCode: "REVERSAL", batch: "ACCRUALS", user: controller, kind: "accrual_reversal", description: `Reversal of accrual ${ACCOUNTS[a.account]}`,
          lines: [{ account: "21000", amount }, { account: a.account, amount: -amount, dept: a.dept }] }, "ACC-");
      }
      // Depreciation (recurring journal, job queue, night of the last day).
      const depLines: Line[] = [];
      const fa = e.code === "NWUS" ? fixedAssetsBase : fixedAssetsBase * 0.3;
      for (const store of e.stores) {
        if (store.opens > monthEnd) continue;
        const dep = (fa / e.stores.length / 120) * fxScale[e.currency]! * store.size;
        depLines.push({ account: "65000", amount: dep, dept: "OPS", location: store.code });
        depLines.push({ account: "15900", amount: -dep, location: store.code });
      }
      if (depLines.length) push({ company: e.code, posting: monthEnd, created: monthEnd + 3_600_000, docType: "", sourceCode: "RECURRING", batch: "DEPRECIATION", user: "JOBQUEUE", kind: "depreciation", lines: depLines, description: "Monthly depreciation" }, "DEP-");
      // Prepaid amortisation (US: insurance and the annual licence).
      if (e.code === "NWUS") {
        push({ company: e.code, posting: monthEnd, created: monthEnd + 3_600_000 + 300_000, docType: "", sourceCode: "RECURRING", batch: "PREPAID", user: "JOBQUEUE", kind: "prepaid_amortisation", description: "Prepaid release",
          lines: [
            { account: "61500", amount: 186_000 / 12, dept: "ADMIN", location: "HQ" },
            { account: "63000", amount: 96_000 / 12, dept: "IT", location: "HQ" },
            { account: "13000", amount: -(186_000 + 96_000) / 12 },
          ] }, "DEP-");
      }
      // Overhead allocation from HQ to the operating departments (controller, working day 3).
      {
        const pool = lognormal(38_000 * s, 0.08);
        const shares: [string, number][] = [["SALES", 0.45], ["OPS", 0.3], ["MKT", 0.1], ["IT", 0.08], ["FIN", 0.07]];
        const lines: Line[] = [{ account: "61000", amount: -pool, dept: "ADMIN", location: "HQ" }];
        for (const [dept, share] of shares) lines.push({ account: "61000", amount: pool * share, dept, location: "HQ" });
        push({ company: e.code, posting: monthEnd, created: officeTime(closeDay(3), 10, 16), docType: "", sourceCode: "GENJNL", batch: "ALLOCATION", user: controller, kind: "allocation", lines, description: "HQ rent allocation" }, "ALLOC-");
      }
      // Inventory revaluation (standard cost updates) by the inventory controller.
      {
        const lines: Line[] = [];
        const locs = ["WH01", ...e.stores.filter((x) => x.opens <= monthEnd).map((x) => x.code)];
        for (const loc of locs) {
          const adj = (rng() < 0.5 ? -1 : 1) * lognormal(1800 * fxScale[e.currency]!, 0.6);
          lines.push({ account: "50500", amount: adj, dept: "OPS", location: loc }, { account: "12000", amount: -adj, location: loc });
        }
        const physical = m === 1 && monthEnd > start + 200 * DAY;
        if (physical) for (const l of lines) l.amount *= 6;
        push({ company: e.code, posting: monthEnd, created: officeTime(closeDay(2), 8, 12), docType: "", sourceCode: "INVTPCOST", batch: "REVALUATION", user: "HENRY.W", kind: physical ? "inventory_count" : "inventory_revaluation", lines, description: physical ? "Physical inventory count" : "Revaluation" }, "IREV-");
      }
      // Bank reconciliation batch (treasury, working day 4): fees, interest, returned items.
      {
        const lines: Line[] = [];
        const fees = lognormal(420 * s, 0.3);
        const interest = lognormal(2600 * s, 0.2);
        lines.push({ account: "66000", amount: fees, dept: "FIN" }, { account: "10100", amount: interest - fees }, { account: "42000", amount: -interest, dept: "FIN" });
        push({ company: e.code, posting: monthEnd, created: officeTime(closeDay(4), 9, 17), docType: "", sourceCode: "BANKREC", batch: "BANKREC", user: e.code === "NWUK" ? "IAN.B" : "GRACE.H", kind: "bank_reconciliation", lines, description: "Bank reconciliation" }, "BNK-");
      }
      // Sales tax / VAT remittance.
      {
        const day = businessDay(next + 19 * DAY);
        if (day < end && (e.code !== "NWUK" || m % 3 === 0)) {
          const amount = lognormal(e.code === "NWUS" ? 42_000 : e.code === "NWCA" ? 16_000 * 1.36 : 3 * 9_000, 0.15) * seasonalRetail(m);
          push({ company: e.code, posting: day, created: officeTime(day), docType: "", sourceCode: "GENJNL", batch: "TAX", user: e.code === "NWUK" ? "IAN.B" : "GRACE.H", kind: "sales_tax_remittance", description: "Sales tax return",
            lines: [{ account: "22000", amount }, { account: "10100", amount: -amount }] }, "GJ-");
        }
      }
      // Intercompany management fee, charged by the parent.
      if (e.code !== "NWUS") {
        const fee = icFee[e.code]! * uniform(0.98, 1.02);
        const local = fee * fxScale[e.currency]!;
        const created = officeTime(closeDay(3), 9, 17);
        push({ company: "NWUS", posting: monthEnd, created, docType: "Invoice", sourceCode: "INTERCOMP", batch: "IC", user: "GRACE.H", kind: "ic_fee", description: `Management fee ${e.code}`,
          lines: [{ account: "19000", amount: fee, sourceType: "IC Partner", sourceNo: e.code }, { account: "49000", amount: -fee, dept: "ADMIN", sourceType: "IC Partner", sourceNo: e.code }] }, "IC-");
        push({ company: e.code, posting: monthEnd, created: created + 120_000, docType: "Invoice", sourceCode: "INTERCOMP", batch: "IC", user: "GRACE.H", kind: "ic_fee", description: "Management fee NWUS",
          lines: [{ account: "68000", amount: local, dept: "ADMIN", sourceType: "IC Partner", sourceNo: "NWUS" }, { account: "29000", amount: -local, sourceType: "IC Partner", sourceNo: "NWUS" }] }, "IC-");
        const qk = `${e.code}|${Math.floor((monthIndex(monthEnd) - 1) / 3)}|${new Date(monthEnd).getUTCFullYear()}`;
        quarterIc.set(qk, (quarterIc.get(qk) ?? 0) + fee);
        // FX revaluation of the USD intercompany balance.
        const fx = (rng() < 0.5 ? -1 : 1) * lognormal(900 * fxScale[e.currency]!, 0.7);
        push({ company: e.code, posting: monthEnd, created: officeTime(closeDay(4), 9, 17), docType: "", sourceCode: "EXCHRATADJ", batch: "FX", user: "GRACE.H", kind: "fx_revaluation", description: "Exchange rate adjustment",
          lines: [{ account: "69000", amount: fx, dept: "FIN" }, { account: "29000", amount: -fx, sourceType: "IC Partner", sourceNo: "NWUS" }] }, "FX-");
      }
      // Quarter end: settlement and eliminations in the consolidation company; estimated income tax.
      if (m % 3 === 0 && e.code !== "NWUS") {
        const qk = `${e.code}|${Math.floor((m - 1) / 3)}|${new Date(monthEnd).getUTCFullYear()}`;
        const total = quarterIc.get(qk) ?? 0;
        if (total > 0) {
          const day = closeDay(8);
          if (day < end) {
            push({ company: e.code, posting: day, created: officeTime(day), docType: "Payment", sourceCode: "INTERCOMP", batch: "IC", user: "GRACE.H", kind: "ic_settlement", description: "IC settlement",
              lines: [{ account: "29000", amount: total * fxScale[e.currency]!, sourceType: "IC Partner", sourceNo: "NWUS" }, { account: "10100", amount: -total * fxScale[e.currency]! }] }, "IC-");
            push({ company: "NWUS", posting: day, created: officeTime(day), docType: "Payment", sourceCode: "INTERCOMP", batch: "IC", user: "GRACE.H", kind: "ic_settlement", description: "IC settlement",
              lines: [{ account: "10100", amount: total }, { account: "19000", amount: -total, sourceType: "IC Partner", sourceNo: e.code }] }, "IC-");
            push({ company: "NWCONS", posting: monthEnd, created: officeTime(closeDay(10), 14, 19), docType: "", sourceCode: "CONSOLID", batch: "ELIM", user: "FRANK.L", kind: "elimination", description: `Eliminate IC ${e.code}`,
              lines: [
                { account: "49000", amount: total, sourceType: "IC Partner", sourceNo: e.code },
                { account: "68000", amount: -total, sourceType: "IC Partner", sourceNo: e.code },
              ] }, "ELIM-");
          }
        }
      }
      if (m % 3 === 0 && e.code === "NWUS") {
        const day = businessDay(next + 14 * DAY);
        if (day < end) {
          const amount = lognormal(140_000, 0.1);
          push({ company: e.code, posting: day, created: officeTime(day), docType: "", sourceCode: "GENJNL", batch: "TAX", user: "GRACE.H", kind: "income_tax_estimate", description: "Estimated income tax",
            lines: [{ account: "24000", amount }, { account: "10100", amount: -amount }] }, "GJ-");
        }
      }
    }
    if (monthEnd > Date.parse("2025-10-01T00:00:00Z")) fixedAssetsBase = 4_300_000;
  }

  // ---- New entity: capital injection, the parent's investment -------------------------------------
  {
    const day = Date.parse("2025-09-01T00:00:00Z");
    push({ company: "NWUS", posting: day, created: officeTime(day + DAY, 10, 12), docType: "", sourceCode: "GENJNL", batch: "TREASURY", user: "FRANK.L", kind: "entity_opening", description: "Capital contribution NWUK",
      lines: [{ account: "19500", amount: 1_200_000, sourceType: "IC Partner", sourceNo: "NWUK" }, { account: "10100", amount: -1_200_000 }] }, "GJ-");
    push({ company: "NWUK", posting: day, created: officeTime(day + DAY, 12, 14), docType: "", sourceCode: "GENJNL", batch: "OPENING", user: "FRANK.L", kind: "entity_opening", description: "Share capital",
      lines: [{ account: "10100", amount: 1_200_000 * 0.79 }, { account: "30000", amount: -1_200_000 * 0.79, sourceType: "IC Partner", sourceNo: "NWUS" }] }, "GJ-");
  }

  // ---- Year-end close FY2025 (period 13, entered in January) and the auditor's adjustments -------
  {
    const closeCreated = Date.parse("2026-01-24T16:00:00Z"); // a Saturday of the close
    const yearEnd = Date.parse("2025-12-31T00:00:00Z");
    for (const e of entities) {
      const totals = new Map<string, number>();
      for (const d of docs) {
        if (d.company !== e.code || d.posting < start || d.posting > yearEnd || d.period === 13) continue;
        for (const l of d.lines) {
          if (Number(l.account) < 40000) continue;
          const k = `${l.account}|${l.dept ?? ""}`;
          totals.set(k, (totals.get(k) ?? 0) + l.amount);
        }
      }
      const lines: Line[] = [];
      let net = 0;
      for (const [k, v] of [...totals].sort()) {
        const [account, dept] = k.split("|") as [string, string];
        if (Math.abs(v) < 0.005) continue;
        lines.push({ account, amount: -v, dept: dept || undefined });
        net += v;
      }
      lines.push({ account: "31000", amount: net });
      push({ company: e.code, posting: yearEnd, created: closeCreated + entities.indexOf(e) * 300_000, docType: "", sourceCode: "CLSINCOME", batch: "YEAREND", user: "FRANK.L", period: 13, kind: "year_end_close", lines, description: "Close income statement 2025" }, "CLOSE-");
    }
    const audit: [string, string, number, string][] = [
      ["64000", "13000", 18_500, "Reclass prepaid legal fees"],
      ["50500", "12900", 64_000, "Obsolescence reserve"],
      ["60000", "21000", 41_000, "Bonus accrual true-up"],
      ["40100", "21500", 27_500, "Revenue cut-off: undelivered online orders"],
    ];
    audit.forEach(([dr, cr, amount, text], i) => {
      const day = Date.parse("2026-02-10T00:00:00Z") + i * 2 * DAY;
      push({ company: "NWUS", posting: yearEnd, created: officeTime(businessDay(day), 10, 16), docType: "", sourceCode: "GENJNL", batch: "AUDIT", user: "EXT-AUDIT", period: 13, kind: "audit_adjustment", description: text,
        lines: [{ account: dr, amount: amount * uniform(0.9, 1.1), dept: dr === "40100" ? "SALES" : "FIN", location: "HQ" }, { account: cr, amount: 0 }] }, "GJ-");
    });
  }

  // ---- Planted manual journals ---------------------------------------------------------------------
  // Extreme amounts for an expense account, entered by the controller.
  plant(8, () => {
    const a = pick(accrualKinds);
    const day = businessDay(laterDay());
    const amount = a.base * uniform(30, 100);
    push({ company: "NWUS", posting: day, created: officeTime(day), docType: "", sourceCode: "GENJNL", batch: "DEFAULT", user: "EVA.R", kind: "anomaly", anomaly: "extreme_account_journal", description: "Adjustment",
      lines: [{ account: a.account, amount, dept: a.dept }, { account: "21000", amount: -amount }] }, "GJ-");
  });
  // Users who never post journals, to cash, revenue or equity.
  plant(10, (i) => {
    const user = ["DIANA.P", "HENRY.W", "CARLOS.M", "CHLOE.D", "BEN.T"][i % 5]!;
    const company = user === "CHLOE.D" ? "NWCA" : "NWUS";
    const day = businessDay(Math.max(laterDay(), Date.parse("2025-09-10T00:00:00Z")));
    const amount = uniform(8_000, 45_000) * fxScale[company === "NWCA" ? "CAD" : "USD"]!;
    const [dr, cr] = pick([["10100", "40000"], ["31500", "10100"], ["10100", "42000"], ["99990", "10100"]] as const);
    push({ company, posting: day, created: officeTime(day), docType: "", sourceCode: "GENJNL", batch: "DEFAULT", user, kind: "anomaly", anomaly: "unusual_user_sensitive_account", description: "Correction",
      lines: [{ account: dr, amount, dept: "FIN" }, { account: cr, amount: -amount, dept: "FIN" }] }, "GJ-");
  });
  // Manual postings at night or on a Sunday to cash or revenue, by the usual posters.
  plant(10, (i) => {
    const user = i % 2 === 0 ? "GRACE.H" : "EVA.R";
    let day = laterDay();
    if (i % 3 === 0) while (new Date(day).getUTCDay() !== 0) day += DAY;
    const hour = i % 3 === 0 ? uniform(11, 15) : uniform(1, 4.5);
    const amount = uniform(15_000, 60_000);
    const [dr, cr] = pick([["10100", "40200"], ["40000", "10100"], ["20000", "10100"]] as const);
    push({ company: "NWUS", posting: day, created: day + Math.floor(hour * 3_600_000), docType: "", sourceCode: "GENJNL", batch: "DEFAULT", user, kind: "anomaly", anomaly: "off_hours_manual_posting", description: "Manual entry",
      lines: [{ account: dr, amount, dept: "FIN" }, { account: cr, amount: -amount, dept: "FIN" }] }, "GJ-");
  });
  // A never-used account by an AP clerk.
  plant(6, (i) => {
    const user = ["ANNA.K", "CARLOS.M", "CHLOE.D"][i % 3]!;
    const company = user === "CHLOE.D" ? "NWCA" : "NWUS";
    let day = laterDay();
    if (user === "ANNA.K") day = start + int(80, 230) * DAY;
    day = businessDay(day);
    const amount = uniform(2_000, 12_000);
    push({ company, posting: day, created: officeTime(day), docType: "", sourceCode: "GENJNL", batch: "DEFAULT", user, kind: "anomaly", anomaly: "rare_account", description: "Misc",
      lines: [{ account: pick(["99990", "31500"]), amount, dept: "FIN" }, { account: "20000", amount: -amount }] }, "GJ-");
  });

  // ---- Write -------------------------------------------------------------------------------------
  docs.sort((a, b) => a.created - b.created || (a.docNo < b.docNo ? -1 : 1));
  const rows: string[][] = [];
  let entry = 1;
  const out: ErpLedgerDocument[] = [];
  const currencyOf: Record<string, string> = { NWUS: "USD", NWCA: "CAD", NWUK: "GBP", NWCONS: "USD" };
  for (const d of docs) {
    const posting = new Date(d.posting).toISOString().slice(0, 10);
    const created = new Date(d.created).toISOString().slice(0, 19) + "Z";
    const period = d.period ?? new Date(d.posting).getUTCMonth() + 1;
    for (const l of d.lines) {
      rows.push([
        String(entry++), posting, created, d.docType, d.docNo, d.company, l.account, ACCOUNTS[l.account] ?? l.account,
        l.description ?? d.description, l.dept ?? "", l.project ?? "", l.location ?? "", l.sourceType ?? "", l.sourceNo ?? "",
        currencyOf[d.company]!, l.amount > 0 ? l.amount.toFixed(2) : "", l.amount < 0 ? (-l.amount).toFixed(2) : "",
        d.sourceCode, d.batch, d.user, String(period),
      ]);
    }
    out.push({ documentNo: d.docNo, kind: d.kind, anomaly: d.anomaly, lines: d.lines.length });
  }
  return { header: HEADER, rows, documents: out };
}

function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, 1);
}

function monthStart(ms: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
}

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: ErpLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\n") + "\n";
}
