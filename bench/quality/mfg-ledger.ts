/**
 * An independent evaluation ledger of a MID-SIZE DISCRETE MANUFACTURER: Ridgeline, a maker of
 * gear motors and drive controls with two US plants (Dayton OH, Greenville SC) and a sales
 * subsidiary in Germany that buys from the parent and sells in EUR, calendar 2024–2025, exported
 * from NetSuite OneWorld as a saved transaction search over posting lines ("GL Detail": main line
 * and non-posting lines off): one row per GL line, `Internal ID` (the transaction's) and `Line ID`
 * (0, 1, 2… within it), `Document Number`, `Type` (Journal, Bill, Bill Payment, Invoice, Payment,
 * Item Receipt, Item Fulfillment, Work Order Issue, Work Order Completion, Work Order Close,
 * Inventory Adjustment, Inventory Cost Revaluation, Currency Revaluation), `Date` (M/D/YYYY),
 * `Period` ("Jan 2024"…, the year-end audit adjustments in the adjustment period "Adjust 2024"),
 * `Subsidiary` (the OneWorld hierarchy, "Ridgeline Holdings : Ridgeline Manufacturing Inc."), the
 * `Account` ("1320 Inventory - Raw Materials"), `Debit`, `Credit`, `Currency` (the subsidiary's),
 * `Name` (the entity: vendor, customer, employee, the other subsidiary), `Memo`, `Location`,
 * `Department`, `Class` (product line), `Created By`, `Date Created` (M/D/YYYY H:mm, the viewer's
 * US Eastern time and 24-hour preference: the German office keys from 2:00), `Approved By` (a
 * journal's approver under the journal approval workflow; empty elsewhere).
 *
 * Written from how such a manufacturer's books look — before reading the product's detectors:
 * standard costing — purchase price variances on each bill against its receipt, the shop-floor
 * integration (a MES system user) posting work-order issues and completions every night between
 * one and four, the cost accountant closing the month's work orders with material, labour,
 * overhead and scrap variances (large, round-ish, both signs), the standard-cost roll each January
 * (an inventory cost revaluation of every plant's stock) and one for a product launch; month-end
 * accruals (freight, duty, utilities, bonus) reversed automatically on the 1st by the system user;
 * the German subsidiary's EUR balances revalued monthly; intercompany sales (the parent's invoice,
 * the subsidiary's bill) and the elimination subsidiary's monthly eliminations; the fixed-asset
 * module's depreciation (the same amounts every month); payroll journals from ADP every other
 * Friday; the year-end physical count, bonus accrual and the auditors' adjustments in the
 * adjustment period weeks into the new year; Greenville's two-week shutdown in July 2024 (its
 * overhead unabsorbed), the December holiday shutdown, and the EV drive line launched in April
 * 2025 (a new class, volumes up). The planted problems (≈ 0.5 % of transactions) are of the kinds
 * a manufacturer's internal or external auditor reports; every transaction carries its kind beside
 * the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface MfgOptions {
  seed: number;
}

/** One judged transaction (its lines share the Internal ID). */
export interface MfgTransaction {
  id: string;
  type: string;
  kind: string;
  anomaly?: string;
  user: string;
  lines: number;
}

export interface MfgLedger {
  header: string[];
  rows: string[][];
  /** "<Internal ID>-<Line ID>" → Internal ID. */
  transactionOfLine: Map<string, string>;
  transactions: MfgTransaction[];
}

export const MFG_HEADER = [
  "Internal ID", "Line ID", "Document Number", "Type", "Date", "Period", "Subsidiary", "Account", "Debit", "Credit", "Currency",
  "Name", "Memo", "Location", "Department", "Class", "Created By", "Date Created", "Approved By",
];

export const MFG_ANOMALIES = [
  "manual_inventory_je_quarter_end",
  "variance_reversed_to_balance_sheet",
  "vendor_paid_twice_manual_je",
  "round_sum_to_suspense",
  "posting_to_closed_period",
  "intercompany_without_counterpart",
  "scrap_far_above_habit",
  "accrual_never_reversed",
  "self_approved_manual_journal",
  "topside_revenue_at_night",
  "large_payment_new_vendor",
  "departed_user_posting",
] as const;

/** The users who may key and approve journals: the finance team (the runner's compliance setup reads none of it). */
export const MFG_FINANCE_USERS = ["Karen Liu", "Marcus Webb", "Priya Nair", "Tom Alvarez", "Dana Brooks", "Jürgen Hoffmann"];

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

const ACCOUNTS: Record<string, string> = {
  "1000": "Operating Account - US Bank", "1010": "Sparkasse Geschäftskonto", "1200": "Accounts Receivable", "1250": "Intercompany Receivable",
  "1320": "Inventory - Raw Materials", "1330": "Inventory - Work in Process", "1340": "Inventory - Finished Goods", "1400": "Inventory - Trading Goods",
  "1500": "Machinery and Equipment", "1510": "Buildings", "1590": "Accumulated Depreciation", "1990": "Suspense",
  "2000": "Accounts Payable", "2050": "Accrued Purchases (Received Not Billed)", "2100": "Accrued Liabilities", "2150": "Accrued Freight and Duty",
  "2200": "Accrued Payroll", "2210": "Payroll Taxes Payable", "2250": "Intercompany Payable", "2300": "Accrued Bonus", "2400": "Income Taxes Payable",
  "4000": "Sales - Gear Motors", "4010": "Sales - Drive Controls", "4020": "Sales - EV Drives", "4050": "Intercompany Sales", "4100": "Sales - Trading (DE)",
  "5000": "Cost of Goods Sold", "5050": "Intercompany Cost of Sales", "5100": "Direct Labor", "5410": "Purchase Price Variance",
  "5420": "Material Usage Variance", "5430": "Labor Efficiency Variance", "5440": "Overhead Absorption Variance", "5450": "Scrap",
  "5460": "Standard Cost Revaluation", "5470": "Inventory Count Variance", "5500": "Freight In", "5510": "Customs Duty", "6000": "Salaries and Wages", "6010": "Payroll Taxes",
  "6100": "Utilities", "6200": "Repairs and Maintenance", "6300": "Professional Fees", "6400": "Depreciation Expense", "6500": "Bank Charges",
  "6600": "Bonus Expense", "7900": "Realized FX Gain/Loss", "7910": "Unrealized FX Gain/Loss", "8000": "Income Tax Expense",
};
const acct = (n: string) => `${n} ${ACCOUNTS[n]!}`;

const SUB = { us: "Ridgeline Holdings : Ridgeline Manufacturing Inc.", de: "Ridgeline Holdings : Ridgeline Antriebe GmbH", elim: "Ridgeline Holdings : Ridgeline Elimination" };
const LOC = { day: "Dayton Plant", gre: "Greenville Plant", de: "Stuttgart Sales Office", hq: "Dayton HQ" };

const U = {
  mes: "MES Integration", system: "-System-", fam: "FAM Depreciation Script", adp: "ADP Integration", costDay: "Priya Nair", costGre: "Tom Alvarez",
  controller: "Karen Liu", asstController: "Marcus Webb", staff: "Dana Brooks", ap1: "Luis Ortega", ap2: "Hannah Price", ar: "Grace Kim",
  treasury: "Omar Haddad", deAcct: "Jürgen Hoffmann", deSales: "Sabine Krüger", salesOps: "Kevin Doyle", plantMgr: "Rick Evans", auditor: "EY Audit Team",
  vpSales: "Brent Collins", oldCost: "Steve Marsh",
};

interface Line {
  account: string;
  debit?: number;
  credit?: number;
  name?: string;
  memo?: string;
  location?: string;
  department?: string;
  cls?: string;
}
interface Txn {
  type: string;
  docNo: string;
  date: number;
  /** The period it posts to; default the date's month. */
  period?: string;
  sub: "us" | "de" | "elim";
  entered: number;
  createdBy: string;
  approvedBy?: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];

const US_VENDORS: [string, string, string, number][] = [
  // name, what it supplies (account), department, median bill
  ["Nucor Steel Marion", "1320", "Purchasing", 38000], ["Ryerson Tull", "1320", "Purchasing", 21000], ["Timken Bearings", "1320", "Purchasing", 14500],
  ["SKF USA Inc.", "1320", "Purchasing", 12800], ["Regal Rexnord Components", "1320", "Purchasing", 17500], ["Arrow Electronics", "1320", "Purchasing", 24000],
  ["Digi-Key Electronics", "1320", "Purchasing", 6200], ["Mouser Electronics", "1320", "Purchasing", 5400], ["Parker Hannifin", "1320", "Purchasing", 9800],
  ["Dayton Castings LLC", "1320", "Purchasing", 31000], ["Carolina Wire & Cable", "1320", "Purchasing", 11200], ["Uline", "6200", "Maintenance", 850],
  ["Grainger", "6200", "Maintenance", 1900], ["Fastenal", "1320", "Purchasing", 3100], ["Duke Energy", "6100", "Facilities", 42000],
  ["AES Ohio", "6100", "Facilities", 36000], ["Deloitte Tax LLP", "6300", "Finance", 18000], ["Motion Industries", "6200", "Maintenance", 4200],
];
const FREIGHT_VENDORS = ["Old Dominion Freight Line", "Estes Express Lines", "Expeditors International"];
const DE_VENDORS: [string, string, number][] = [["DB Schenker", "5500", 2400], ["Stadtwerke Stuttgart", "6100", 1800], ["KPMG AG", "6300", 6500], ["Würth GmbH", "6200", 700]];
const US_CUSTOMERS = ["Rockwell Automation", "Hussmann Corp", "Crown Equipment", "Toro Company", "Oshkosh Corp", "JLG Industries", "Hyster-Yale", "Carrier Global", "Lennox International", "Daikin Applied", "Greenheck Fan", "Trane Technologies", "Polaris Inc.", "Club Car", "Textron Specialized"];
const DE_CUSTOMERS = ["KUKA AG", "Krones AG", "Dürr Systems", "Jungheinrich AG", "Festo SE", "Heidelberger Druck", "Voith Turbo"];

export function generateMfgLedger(options: MfgOptions): MfgLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const txns: Txn[] = [];
  const docSeq: Record<string, number> = {};
  const docNo = (prefix: string) => `${prefix}${(docSeq[prefix] = (docSeq[prefix] ?? 10000 + int(0, 3000)) + 1)}`;
  const add = (t: Omit<Txn, "docNo"> & { docNo?: string }) => {
    const full = { ...t, docNo: t.docNo ?? docNo(t.type === "Journal" ? "JE" : t.type.split(" ").map((w) => w[0]).join("")) } as Txn;
    txns.push(full);
    return full;
  };
  const isWeekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());
  const workday = (day: number) => {
    let t = day;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  const at = (day: number, from = 8.5, to = 17.5) => day + Math.floor(between(from, to) * 3_600_000);
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  const nthWorkday = (y: number, m0: number, n: number) => {
    let t = Date.UTC(y, m0, 1), k = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++k === n) return t;
  };
  const months: [number, number][] = [];
  for (let y = 2024; y <= 2025; y++) for (let m = 0; m < 12; m++) months.push([y, m]);
  const eur = (day: number) => 1.08 + 0.04 * Math.sin((day - START) / (200 * DAY)) + between(-0.004, 0.004); // USD per EUR
  // Plant shutdowns: Greenville two weeks in July 2024, both plants between Christmas and New Year.
  const shutdown = (loc: string, day: number) => {
    const d = new Date(day), m = d.getUTCMonth(), dd = d.getUTCDate();
    if (m === 11 && dd >= 23) return true;
    if (m === 0 && dd === 1) return true;
    return loc === LOC.gre && day >= Date.UTC(2024, 6, 1) && day < Date.UTC(2024, 6, 15);
  };
  const LAUNCH = Date.UTC(2025, 3, 1);
  const classes = (day: number) => (day >= LAUNCH ? ["Gear Motors", "Drive Controls", "EV Drives"] : ["Gear Motors", "Drive Controls"]);
  const salesAcct: Record<string, string> = { "Gear Motors": "4000", "Drive Controls": "4010", "EV Drives": "4020" };
  const plants = [
    { loc: LOC.day, size: 1.0, cost: U.costDay, scrap: 2600 },
    { loc: LOC.gre, size: 0.7, cost: U.costGre, scrap: 1700 },
  ];
  const volume = (day: number) => (day >= LAUNCH ? 1.0 + Math.min(0.35, ((day - LAUNCH) / (90 * DAY)) * 0.35) : 1.0);

  // ---- the shop floor: nightly work-order issues and completions from the MES -----------------
  const woByMonth = new Map<string, number>(); // plant|y-m → standard value completed
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day)) continue;
    for (const p of plants) {
      if (shutdown(p.loc, day)) continue;
      const v = volume(day) * p.size;
      const entered = day + DAY + Math.floor(between(1.0, 3.8) * 3_600_000);
      const issueLines: Line[] = [];
      for (const cls of classes(day)) {
        if (cls === "EV Drives" && rnd() < 0.3) continue;
        const amt = round2(logn(9000 * v * (cls === "EV Drives" ? 0.7 : 1), 0.35));
        issueLines.push({ account: "1330", debit: amt, location: p.loc, department: "Production", cls, memo: "WO material issue" }, { account: "1320", credit: amt, location: p.loc, department: "Production", cls, memo: "WO material issue" });
      }
      add({ type: "Work Order Issue", date: day, sub: "us", entered, createdBy: U.mes, lines: issueLines, kind: "wo_issue" });
      const compLines: Line[] = [];
      let total = 0;
      for (const cls of classes(day)) {
        if (cls === "EV Drives" && rnd() < 0.3) continue;
        const amt = round2(logn(15500 * v * (cls === "EV Drives" ? 0.7 : 1), 0.3));
        total += amt;
        compLines.push({ account: "1340", debit: amt, location: p.loc, department: "Production", cls, memo: "WO completion at standard" }, { account: "1330", credit: amt, location: p.loc, department: "Production", cls, memo: "WO completion at standard" });
      }
      add({ type: "Work Order Completion", date: day, sub: "us", entered: entered + int(5, 40) * 60_000, createdBy: U.mes, lines: compLines, kind: "wo_completion" });
      const key = `${p.loc}|${new Date(day).getUTCFullYear()}-${new Date(day).getUTCMonth()}`;
      woByMonth.set(key, (woByMonth.get(key) ?? 0) + total);
    }
  }

  // ---- purchasing: receipts, bills with their price variance, payment runs ----------------------
  const billsToPay: { vendor: string; amount: number; day: number; loc: string }[] = [];
  const payments: { vendor: string; amount: number; day: number; doc: string; loc: string }[] = [];
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day)) continue;
    const n = int(1, 3);
    for (let k = 0; k < n; k++) {
      const [vendor, account, dept, median] = pick(US_VENDORS);
      const loc = rnd() < 0.6 ? LOC.day : LOC.gre;
      if (shutdown(loc, day) && account === "1320") continue;
      if (account === "6100" && rnd() < 0.93) continue; // utilities come monthly
      if (account === "6300" && rnd() < 0.85) continue;
      const amt = round2(logn(median * (account === "1320" ? volume(day) : 1), 0.45));
      const user = rnd() < 0.55 ? U.ap1 : U.ap2;
      if (account === "1320") {
        const recDay = day - int(2, 12) * DAY;
        const std = round2(amt * between(0.96, 1.04));
        add({ type: "Item Receipt", date: recDay, sub: "us", entered: at(workday(recDay), 7, 15), createdBy: pick(["Jose Ramirez", "Carl Fisher"]), kind: "item_receipt", lines: [
          { account: "1320", debit: std, name: vendor, location: loc, department: "Receiving", memo: "Receipt at standard" }, { account: "2050", credit: std, name: vendor, location: loc, department: "Receiving" },
        ] });
        const ppv = round2(amt - std);
        const lines: Line[] = [{ account: "2050", debit: std, name: vendor, location: loc, department: dept }];
        if (Math.abs(ppv) >= 0.01) lines.push({ account: "5410", [ppv > 0 ? "debit" : "credit"]: Math.abs(ppv), name: vendor, location: loc, department: dept, memo: "Purchase price variance" });
        lines.push({ account: "2000", credit: amt, name: vendor, location: loc, department: dept });
        add({ type: "Bill", docNo: `INV${int(10000, 999999)}`, date: day, sub: "us", entered: at(day), createdBy: user, lines, kind: "bill_inventory" });
      } else {
        add({ type: "Bill", docNo: `${int(100000, 9999999)}`, date: day, sub: "us", entered: at(day), createdBy: user, kind: "bill_expense", lines: [
          { account, debit: amt, name: vendor, location: loc, department: dept }, { account: "2000", credit: amt, name: vendor, location: loc, department: dept },
        ] });
      }
      billsToPay.push({ vendor, amount: amt, day, loc });
    }
    // Inbound freight: each plant's carriers bill on Mondays (Old Dominion, Estes; Expeditors for imports).
    if (new Date(day).getUTCDay() === 1) for (const p of plants) {
      if (shutdown(p.loc, day)) continue;
      const vendor = pick(FREIGHT_VENDORS);
      const amt = round2(logn(5200 * p.size * volume(day), 0.35));
      add({ type: "Bill", docNo: `${int(1000000, 9999999)}`, date: day, sub: "us", entered: at(day), createdBy: U.ap2, kind: "bill_freight", lines: [
        { account: "5500", debit: amt, name: vendor, location: p.loc, department: "Receiving" }, { account: "2000", credit: amt, name: vendor, location: p.loc, department: "Receiving" },
      ] });
      billsToPay.push({ vendor, amount: amt, day, loc: p.loc });
    }
    // Thursday payment run: bills 30–45 days old.
    if (new Date(day).getUTCDay() === 4) {
      const due = billsToPay.filter((b) => day - b.day >= 30 * DAY);
      for (const b of due) {
        // An urgent bill now and then is paid by a manual wire journal before the run (paid once).
        if (rnd() < 0.01) {
          const wd = workday(day - int(3, 10) * DAY);
          add({ type: "Journal", date: wd, sub: "us", entered: at(wd), createdBy: U.treasury, approvedBy: U.asstController, kind: "manual_wire_payment", lines: [
            { account: "2000", debit: b.amount, name: b.vendor, location: b.loc, department: "Finance", memo: "Manual wire" }, { account: "1000", credit: b.amount, name: b.vendor, location: LOC.hq, department: "Finance", memo: "Manual wire" },
          ] });
          continue;
        }
        const doc = docNo("ACH");
        add({ type: "Bill Payment", docNo: doc, date: day, sub: "us", entered: at(day, 10, 12), createdBy: U.treasury, kind: "bill_payment", lines: [
          { account: "2000", debit: b.amount, name: b.vendor, location: b.loc }, { account: "1000", credit: b.amount, name: b.vendor, location: LOC.hq },
        ] });
        payments.push({ vendor: b.vendor, amount: b.amount, day, doc, loc: b.loc });
        // Now and then the vendor's bank returns the ACH (closed account, R02/R03): treasury books
        // the return by journal and the next run sends the payment again.
        if (rnd() < 0.012 && day < END - 30 * DAY) {
          const back = workday(day + int(2, 4) * DAY);
          add({ type: "Journal", date: back, sub: "us", entered: at(back), createdBy: U.treasury, approvedBy: U.asstController, kind: "ach_return", lines: [
            { account: "1000", debit: b.amount, name: b.vendor, location: LOC.hq, department: "Finance", memo: `ACH return R03 ${doc}` }, { account: "2000", credit: b.amount, name: b.vendor, location: b.loc, department: "Finance", memo: `ACH return R03 ${doc}` },
          ] });
          // Sent again by the next run, or at once by a manual wire journal to the new account.
          if (rnd() < 0.5) {
            const again = day + 7 * DAY;
            add({ type: "Bill Payment", docNo: docNo("ACH"), date: again, sub: "us", entered: at(again, 10, 12), createdBy: U.treasury, kind: "payment_resent", lines: [
              { account: "2000", debit: b.amount, name: b.vendor, location: b.loc }, { account: "1000", credit: b.amount, name: b.vendor, location: LOC.hq },
            ] });
          } else {
            const wire = workday(back + DAY);
            add({ type: "Journal", date: wire, sub: "us", entered: at(wire), createdBy: U.treasury, approvedBy: U.asstController, kind: "payment_resent_by_wire", lines: [
              { account: "2000", debit: b.amount, name: b.vendor, location: b.loc, department: "Finance", memo: "Wire after ACH return" }, { account: "1000", credit: b.amount, name: b.vendor, location: LOC.hq, department: "Finance", memo: "Wire after ACH return" },
            ] });
          }
        }
      }
      billsToPay.splice(0, billsToPay.length, ...billsToPay.filter((b) => !due.includes(b)));
    }
  }

  // ---- sales: fulfillments, invoices, receipts; the German subsidiary -----------------------------
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day)) continue;
    const n = int(1, 2);
    for (let k = 0; k < n; k++) {
      const cust = pick(US_CUSTOMERS);
      const cls = pick(classes(day));
      const loc = rnd() < 0.6 ? LOC.day : LOC.gre;
      const price = round2(logn(26000 * volume(day), 0.5));
      const cost = round2(price * between(0.58, 0.66));
      add({ type: "Item Fulfillment", date: day, sub: "us", entered: at(day, 13, 18), createdBy: pick(["Jose Ramirez", "Carl Fisher"]), kind: "fulfillment", lines: [
        { account: "5000", debit: cost, name: cust, location: loc, cls }, { account: "1340", credit: cost, name: cust, location: loc, cls },
      ] });
      add({ type: "Invoice", date: day, sub: "us", entered: at(day + DAY, 8, 11), createdBy: U.ar, kind: "invoice", lines: [
        { account: "1200", debit: price, name: cust, location: loc, cls }, { account: salesAcct[cls]!, credit: price, name: cust, location: loc, cls },
      ] });
      const pay = workday(day + int(35, 60) * DAY);
      if (pay < END) add({ type: "Payment", date: pay, sub: "us", entered: at(pay, 9, 12), createdBy: U.ar, kind: "customer_payment", lines: [
        { account: "1000", debit: price, name: cust, location: LOC.hq }, { account: "1200", credit: price, name: cust, location: LOC.hq },
      ] });
    }
    // The German office sells from stock bought from the parent (EUR), keyed 8–17 Stuttgart = 2–11 Eastern.
    if (rnd() < 0.7) {
      const cust = pick(DE_CUSTOMERS);
      const price = round2(logn(14000, 0.5));
      const cost = round2(price * between(0.7, 0.76));
      const e = at(day, 2.5, 11);
      add({ type: "Item Fulfillment", date: day, sub: "de", entered: e, createdBy: U.deSales, kind: "fulfillment_de", lines: [
        { account: "5000", debit: cost, name: cust, location: LOC.de, cls: "Gear Motors" }, { account: "1400", credit: cost, name: cust, location: LOC.de, cls: "Gear Motors" },
      ] });
      add({ type: "Invoice", date: day, sub: "de", entered: e + int(10, 90) * 60_000, createdBy: U.deSales, kind: "invoice_de", lines: [
        { account: "1200", debit: price, name: cust, location: LOC.de, cls: "Gear Motors" }, { account: "4100", credit: price, name: cust, location: LOC.de, cls: "Gear Motors" },
      ] });
      const pay = workday(day + int(25, 45) * DAY);
      if (pay < END) add({ type: "Payment", date: pay, sub: "de", entered: at(pay, 2.5, 10), createdBy: U.deAcct, kind: "customer_payment_de", lines: [
        { account: "1010", debit: price, name: cust, location: LOC.de }, { account: "1200", credit: price, name: cust, location: LOC.de },
      ] });
    }
  }

  // ---- intercompany: weekly shipments to the GmbH, both sides -----------------------------------
  const icByMonth = new Map<string, [number, number]>(); // y-m → [USD sales, USD cost]
  for (let day = START + 3 * DAY; day < END; day += 7 * DAY) {
    const d = workday(day);
    if (d >= END) break;
    const usd = round2(logn(52000, 0.3));
    const cost = round2(usd * between(0.78, 0.82));
    const rate = eur(d);
    const eurAmt = round2(usd / rate);
    const ref = docNo("IC");
    add({ type: "Item Fulfillment", date: d, sub: "us", entered: at(d, 14, 17), createdBy: "Carl Fisher", kind: "ic_fulfillment", lines: [
      { account: "5050", debit: cost, name: "Ridgeline Antriebe GmbH", location: LOC.day, cls: "Gear Motors" }, { account: "1340", credit: cost, name: "Ridgeline Antriebe GmbH", location: LOC.day, cls: "Gear Motors" },
    ] });
    add({ type: "Invoice", docNo: ref, date: d, sub: "us", entered: at(d + DAY, 8, 11), createdBy: U.ar, kind: "ic_invoice", lines: [
      { account: "1250", debit: usd, name: "Ridgeline Antriebe GmbH", location: LOC.day, cls: "Gear Motors", memo: `IC sale ${ref}` }, { account: "4050", credit: usd, name: "Ridgeline Antriebe GmbH", location: LOC.day, cls: "Gear Motors", memo: `IC sale ${ref}` },
    ] });
    const arrive = workday(d + int(10, 16) * DAY);
    if (arrive < END) add({ type: "Bill", docNo: ref, date: arrive, sub: "de", entered: at(arrive, 2.5, 10), createdBy: U.deAcct, kind: "ic_bill", lines: [
      { account: "1400", debit: eurAmt, name: "Ridgeline Manufacturing Inc.", location: LOC.de, memo: `IC purchase ${ref}` }, { account: "2250", credit: eurAmt, name: "Ridgeline Manufacturing Inc.", location: LOC.de, memo: `IC purchase ${ref}` },
    ] });
    const key = `${new Date(d).getUTCFullYear()}-${new Date(d).getUTCMonth()}`;
    const prev = icByMonth.get(key) ?? [0, 0];
    icByMonth.set(key, [prev[0] + usd, prev[1] + cost]);
  }

  // ---- the month end ------------------------------------------------------------------------------
  const assets = [
    { loc: LOC.day, cls: "1500", amt: round2(between(38000, 52000)) }, { loc: LOC.day, cls: "1510", amt: round2(between(9000, 14000)) },
    { loc: LOC.gre, cls: "1500", amt: round2(between(26000, 36000)) }, { loc: LOC.gre, cls: "1510", amt: round2(between(6000, 9000)) },
  ];
  const accrualsToReverse: Txn[] = [];
  for (const [y, m0] of months) {
    const me = monthEnd(y, m0);
    const wd = (n: number) => nthWorkday(y, m0 + 1, n);
    // Work-order close: the month's variances per plant, round-ish, both signs; Greenville's
    // shutdown leaves its overhead unabsorbed.
    for (const p of plants) {
      const produced = woByMonth.get(`${p.loc}|${y}-${m0}`) ?? 0;
      const lines: Line[] = [];
      const v = (acc: string, share: number, sigma: number, bias = 0) => {
        const amt = Math.round((produced * share * (bias + between(-1, 1) * sigma)) / 10) * 10;
        if (amt === 0) return;
        lines.push({ account: acc, [amt > 0 ? "debit" : "credit"]: Math.abs(amt), location: p.loc, department: "Production", memo: "WO close variance" });
        lines.push({ account: "1330", [amt > 0 ? "credit" : "debit"]: Math.abs(amt), location: p.loc, department: "Production", memo: "WO close variance" });
      };
      const shut = p.loc === LOC.gre && y === 2024 && m0 === 6;
      v("5420", 0.02, 1, 0.3);
      v("5430", 0.015, 1);
      v("5440", shut ? 0.2 : m0 === 11 ? 0.06 : 0.02, shut ? 0.2 : 1, shut || m0 === 11 ? 1 : 0.1);
      const scrap = Math.round(logn(p.scrap * (p.size + 0.3), 0.3) / 10) * 10;
      lines.push({ account: "5450", debit: scrap, location: p.loc, department: "Production", memo: "Scrap at standard" }, { account: "1330", credit: scrap, location: p.loc, department: "Production", memo: "Scrap at standard" });
      add({ type: "Work Order Close", date: me, sub: "us", entered: at(wd(2), 9, 19), createdBy: p.cost, kind: "wo_close_variances", lines });
    }
    // Depreciation from the fixed-asset module: the same amounts every month.
    add({ type: "Journal", date: me, sub: "us", entered: at(wd(1), 1, 2), createdBy: U.fam, kind: "depreciation", lines: assets.flatMap((a) => [
      { account: "6400", debit: a.amt, location: a.loc, department: "Finance", memo: `Depreciation ${ACCOUNTS[a.cls]}` }, { account: "1590", credit: a.amt, location: a.loc, department: "Finance", memo: `Depreciation ${ACCOUNTS[a.cls]}` },
    ]) });
    add({ type: "Journal", date: me, sub: "de", entered: at(wd(1), 1, 2), createdBy: U.fam, kind: "depreciation", lines: [
      { account: "6400", debit: 1840, location: LOC.de, department: "Finance", memo: "Depreciation Office Equipment" }, { account: "1590", credit: 1840, location: LOC.de, department: "Finance", memo: "Depreciation Office Equipment" },
    ] });
    // Accruals keyed by the staff accountant, reversed on the 1st by the system.
    const accruals: [string, string, string, number][] = [["5500", "2150", "Freight accrual", 48000], ["5510", "2150", "Duty accrual", 16000], ["6100", "2100", "Utilities accrual", 70000], ["6600", "2300", "Bonus accrual", 55000]];
    for (const [dr, cr, memo, median] of accruals) {
      const amt = Math.round(logn(median, 0.15) / 100) * 100;
      const t = add({ type: "Journal", date: me, sub: "us", entered: at(wd(int(2, 3))), createdBy: U.staff, approvedBy: U.asstController, kind: "accrual", lines: [
        { account: dr, debit: amt, location: LOC.hq, department: "Finance", memo }, { account: cr, credit: amt, location: LOC.hq, department: "Finance", memo },
      ] });
      accrualsToReverse.push(t);
      if (me + DAY < END) add({ type: "Journal", date: me + DAY, sub: "us", entered: at(wd(int(3, 4)), 20, 23), createdBy: U.system, kind: "accrual_reversal", lines: [
        { account: cr, debit: amt, location: LOC.hq, department: "Finance", memo: `Reversal of ${t.docNo}` }, { account: dr, credit: amt, location: LOC.hq, department: "Finance", memo: `Reversal of ${t.docNo}` },
      ] });
    }
    // The controller's own month-end bank-fees journal, keyed and approved by her (a standing gap).
    const fees = round2(logn(2300, 0.2));
    add({ type: "Journal", date: me, sub: "us", entered: at(wd(2)), createdBy: U.controller, approvedBy: U.controller, kind: "bank_fees", lines: [
      { account: "6500", debit: fees, location: LOC.hq, department: "Finance", memo: "Bank analysis charges" }, { account: "1000", credit: fees, location: LOC.hq, department: "Finance" },
    ] });
    // FX revaluation of the GmbH's USD-denominated intercompany payable; the parent's EUR receivable.
    const fx = round2(between(-1, 1) * logn(9000, 0.6));
    add({ type: "Currency Revaluation", date: me, sub: "de", entered: at(wd(1), 0, 1), createdBy: U.system, kind: "fx_revaluation", lines: [
      { account: "7910", [fx > 0 ? "debit" : "credit"]: Math.abs(fx), location: LOC.de, memo: "Revalue open currency balances" }, { account: "2250", [fx > 0 ? "credit" : "debit"]: Math.abs(fx), location: LOC.de, memo: "Revalue open currency balances" },
    ] });
    // Eliminations of the month's intercompany sales, by the elimination subsidiary.
    const [icSales, icCost] = icByMonth.get(`${y}-${m0}`) ?? [0, 0];
    if (icSales > 0) add({ type: "Journal", date: me, sub: "elim", entered: at(wd(4), 0, 1), createdBy: U.system, kind: "elimination", lines: [
      { account: "4050", debit: round2(icSales), location: LOC.hq, memo: "Intercompany elimination" }, { account: "5050", credit: round2(icCost), location: LOC.hq, memo: "Intercompany elimination" },
      { account: "1340", credit: round2(icSales - icCost), location: LOC.hq, memo: "Unrealized profit in inventory" },
    ] });
    // Utility bills, the auditors' and tax advisers' fees in Germany.
    for (const [vendor, account, median] of DE_VENDORS) {
      if (rnd() < 0.3) continue;
      const d = workday(Date.UTC(y, m0, int(5, 24)));
      const amt = round2(logn(median, 0.3));
      add({ type: "Bill", docNo: `RE-${int(1000, 99999)}`, date: d, sub: "de", entered: at(d, 2.5, 10), createdBy: U.deAcct, kind: "bill_de", lines: [
        { account, debit: amt, name: vendor, location: LOC.de }, { account: "2000", credit: amt, name: vendor, location: LOC.de },
      ] });
      const pd = workday(d + 14 * DAY);
      if (pd < END) add({ type: "Bill Payment", date: pd, sub: "de", entered: at(pd, 2.5, 10), createdBy: U.deAcct, kind: "bill_payment_de", lines: [
        { account: "2000", debit: amt, name: vendor, location: LOC.de }, { account: "1010", credit: amt, name: vendor, location: LOC.de },
      ] });
    }
    // Unidentified receipts parked in suspense by treasury and cleared within days (non-round).
    for (let k = 0; k < int(0, 2); k++) {
      const d = workday(Date.UTC(y, m0, int(2, 25)));
      const amt = round2(logn(3800, 0.8));
      add({ type: "Journal", date: d, sub: "us", entered: at(d), createdBy: U.treasury, approvedBy: U.asstController, kind: "suspense_parking", lines: [
        { account: "1000", debit: amt, location: LOC.hq, department: "Finance", memo: "Unidentified receipt" }, { account: "1990", credit: amt, location: LOC.hq, department: "Finance", memo: "Unidentified receipt" },
      ] });
      const c = workday(d + int(2, 8) * DAY);
      // Applied to the customer once identified, by the receivables clerk who applies receipts.
      add({ type: "Journal", date: c, sub: "us", entered: at(c), createdBy: U.ar, approvedBy: U.asstController, kind: "suspense_clearing", lines: [
        { account: "1990", debit: amt, location: LOC.hq, department: "Finance", memo: "Apply unidentified receipt" }, { account: "1200", credit: amt, name: pick(US_CUSTOMERS), location: LOC.hq, department: "Finance" },
      ] });
    }
    // Staff reclasses, approved by the assistant controller.
    for (let k = 0; k < int(2, 5); k++) {
      const d = workday(Date.UTC(y, m0, int(3, 27)));
      const amt = round2(logn(4200, 0.9));
      const [a, b] = pick([["6200", "1320"], ["5500", "6200"], ["6300", "6200"], ["5100", "6000"], ["5410", "5500"]]);
      // A plant's cost accountant reclasses her own plant's costs; the staff accountant either plant's.
      const [who, loc] = pick([[U.staff, pick([LOC.day, LOC.gre])], [U.costDay, LOC.day], [U.costGre, LOC.gre]] as const);
      add({ type: "Journal", date: d, sub: "us", entered: at(d), createdBy: who, approvedBy: U.asstController, kind: "reclass", lines: [
        { account: a!, debit: amt, location: loc, department: "Finance", memo: "Reclass" }, { account: b!, credit: amt, location: loc, department: "Finance", memo: "Reclass" },
      ] });
    }
  }

  // ---- payroll from ADP, every other Friday ------------------------------------------------------
  for (let day = Date.UTC(2024, 0, 12); day < END; day += 14 * DAY) {
    const lines: Line[] = [];
    let net = 0;
    for (const [loc, dl, ind] of [[LOC.day, 182000, 64000], [LOC.gre, 121000, 41000], [LOC.hq, 0, 98000]] as const) {
      const shut = shutdown(loc, day) ? 0.45 : 1;
      if (dl) { const a = round2(logn(dl * shut * volume(day), 0.04)); lines.push({ account: "5100", debit: a, location: loc, department: "Production", memo: "Direct labor" }); net += a; }
      const b = round2(logn(ind, 0.04));
      lines.push({ account: "6000", debit: b, location: loc, department: loc === LOC.hq ? "Administration" : "Plant Overhead", memo: "Salaries and wages" });
      net += b;
      const tx = round2((lines.at(-1)!.debit! + (dl ? lines.at(-2)!.debit! : 0)) * 0.0765);
      lines.push({ account: "6010", debit: tx, location: loc, department: loc === LOC.hq ? "Administration" : "Plant Overhead", memo: "Employer taxes" });
      net += tx;
    }
    const taxes = round2(net * 0.31);
    lines.push({ account: "2210", credit: taxes, location: LOC.hq, department: "Finance", memo: "Withholding and employer taxes" });
    lines.push({ account: "1000", credit: round2(net - taxes), location: LOC.hq, department: "Finance", memo: "Net pay" });
    add({ type: "Journal", date: day, sub: "us", entered: at(day - DAY, 15, 17), createdBy: U.adp, kind: "payroll", lines });
    // The GmbH's monthly payroll from DATEV Lohn is keyed by its accountant once a month (last Friday).
  }
  for (const [y, m0] of months) {
    const d = workday(Date.UTC(y, m0, 25));
    const g = round2(logn(86000, 0.03));
    add({ type: "Journal", date: d, sub: "de", entered: at(d, 3, 9), createdBy: U.deAcct, approvedBy: U.controller, kind: "payroll_de", lines: [
      { account: "6000", debit: g, location: LOC.de, department: "Sales", memo: "Gehälter" }, { account: "6010", debit: round2(g * 0.21), location: LOC.de, department: "Sales", memo: "Sozialversicherung AG" },
      { account: "1010", credit: round2(g * 1.21), location: LOC.de, department: "Sales", memo: "Lohnzahlung" },
    ] });
  }

  // ---- the standard-cost roll each January and for the launch; the year end ---------------------
  for (const [when, why] of [[Date.UTC(2024, 0, 1), "2024 standard cost roll"], [Date.UTC(2025, 0, 1), "2025 standard cost roll"], [LAUNCH, "EV Drives launch standards"]] as const) {
    for (const p of plants) {
      const lines: Line[] = [];
      for (const acc of ["1320", "1330", "1340"]) {
        const amt = Math.round(logn(140000 * p.size, 0.4) * (rnd() < 0.35 ? -1 : 1));
        lines.push({ account: acc, [amt > 0 ? "debit" : "credit"]: Math.abs(amt), location: p.loc, department: "Cost Accounting", memo: why }, { account: "5460", [amt > 0 ? "credit" : "debit"]: Math.abs(amt), location: p.loc, department: "Cost Accounting", memo: why });
      }
      add({ type: "Inventory Cost Revaluation", date: when, sub: "us", entered: at(when - 2 * DAY, 19, 23), createdBy: p.cost, kind: "cost_revaluation", lines });
    }
  }
  for (const y of [2024, 2025]) {
    const dec31 = Date.UTC(y, 11, 31);
    // Physical count at the year end.
    for (const p of plants) {
      const adj = Math.round(logn(26000 * p.size, 0.5) * (rnd() < 0.3 ? -1 : 1));
      add({ type: "Inventory Adjustment", date: dec31, sub: "us", entered: at(Date.UTC(y + 1, 0, int(5, 9))), createdBy: p.cost, kind: "year_end_count", lines: [
        { account: "5470", [adj > 0 ? "debit" : "credit"]: Math.abs(adj), location: p.loc, department: "Cost Accounting", memo: "Physical inventory count" }, { account: "1320", [adj > 0 ? "credit" : "debit"]: Math.abs(adj), location: p.loc, department: "Cost Accounting", memo: "Physical inventory count" },
      ] });
    }
    if (y === 2025) continue; // 2025's audit falls after the export
    // The auditors' adjustments and the tax provision in the adjustment period, keyed in February.
    for (const [dr, cr, memo, amt, who] of [
      ["6600", "2300", "AJE 1 bonus true-up", Math.round(between(60, 180)) * 1000, U.controller],
      ["5000", "1340", "AJE 2 E&O reserve", Math.round(between(80, 250)) * 1000, U.auditor],
      ["8000", "2400", "AJE 3 income tax provision", Math.round(between(400, 900)) * 1000, U.controller],
      ["2050", "5410", "AJE 4 RNB clean-up", Math.round(between(20, 70)) * 1000, U.auditor],
    ] as const) {
      const keyed = workday(Date.UTC(y + 1, 1, int(3, 26)));
      add({ type: "Journal", date: dec31, period: `Adjust ${y}`, sub: "us", entered: at(keyed), createdBy: who, approvedBy: who === U.auditor ? U.controller : U.asstController, kind: "audit_adjustment", lines: [
        { account: dr, debit: amt, location: LOC.hq, department: "Finance", memo }, { account: cr, credit: amt, location: LOC.hq, department: "Finance", memo },
      ] });
    }
  }
  // Utility bills at each plant monthly (both AES Ohio and Duke Energy), regular large round-ish amounts.
  for (const [y, m0] of months) for (const [vendor, loc, median] of [["AES Ohio", LOC.day, 36000], ["Duke Energy", LOC.gre, 24000]] as const) {
    const d = workday(Date.UTC(y, m0, int(8, 14)));
    const amt = round2(logn(median * (shutdown(loc, d) ? 0.6 : 1), 0.12));
    add({ type: "Bill", docNo: `${int(1000000, 9999999)}`, date: d, sub: "us", entered: at(d), createdBy: U.ap1, kind: "bill_utility", lines: [
      { account: "6100", debit: amt, name: vendor, location: loc, department: "Facilities" }, { account: "2000", credit: amt, name: vendor, location: loc, department: "Facilities" },
    ] });
    const pd = workday(d + 21 * DAY);
    if (pd < END) add({ type: "Bill Payment", docNo: docNo("ACH"), date: pd, sub: "us", entered: at(pd, 10, 12), createdBy: U.treasury, kind: "bill_payment", lines: [
      { account: "2000", debit: amt, name: vendor, location: loc }, { account: "1000", credit: amt, name: vendor, location: LOC.hq },
    ] });
  }
  // Cycle counts: each plant's cost accountant books the shop's count differences a few times a
  // week, to the count variance account (scrap is what the work orders report scrapped).
  for (let day = START; day < END; day += DAY) {
    if (isWeekend(day)) continue;
    for (const p of plants) {
      if (shutdown(p.loc, day) || rnd() < 0.45) continue;
      const adj = round2(logn(650 * p.size, 0.8) * (rnd() < 0.45 ? -1 : 1));
      add({ type: "Inventory Adjustment", date: day, sub: "us", entered: at(day, 10, 16), createdBy: p.cost, kind: "cycle_count", lines: [
        { account: "5470", [adj > 0 ? "debit" : "credit"]: Math.abs(adj), location: p.loc, department: "Cost Accounting", memo: "Cycle count" }, { account: "1320", [adj > 0 ? "credit" : "debit"]: Math.abs(adj), location: p.loc, department: "Cost Accounting", memo: "Cycle count" },
      ] });
    }
  }
  // The departed cost accountant: Steve Marsh kept Greenville's books until April 2024, when Tom Alvarez took over.
  for (const t of txns) if (t.createdBy === U.costGre && t.entered < Date.UTC(2024, 4, 1)) t.createdBy = U.oldCost;

  // ---- planted problems, three of each --------------------------------------------------------------
  const quarterEnds = months.filter(([, m]) => m % 3 === 2).map(([y, m]) => monthEnd(y, m));
  const someDay = (from = START + 60 * DAY, to = END - 20 * DAY) => workday(from + Math.floor(rnd() * ((to - from) / DAY)) * DAY);
  for (let k = 0; k < 3; k++) {
    const qe = pick(quarterEnds.slice(0, -1));
    const amt = pick([50000, 75000, 120000, 150000, 250000]);
    const who = pick([U.salesOps, U.plantMgr, U.ap2]);
    const loc = pick([LOC.day, LOC.gre]);
    add({ type: "Journal", date: qe, sub: "us", entered: at(workday(qe + DAY), 16, 19), createdBy: who, approvedBy: U.asstController, kind: "planted", anomaly: "manual_inventory_je_quarter_end", lines: [
      { account: "1340", debit: amt, location: loc, department: "Production", memo: "Inventory adjustment" }, { account: "5000", credit: amt, location: loc, department: "Production", memo: "Inventory adjustment" },
    ] });
  }
  {
    const closes = txns.filter((t) => t.kind === "wo_close_variances" && t.date > START + 60 * DAY && t.date < END - 40 * DAY);
    for (let k = 0; k < 3; k++) {
      const c = pick(closes);
      const line = c.lines.find((l) => l.account === "5420" && l.debit) ?? c.lines.find((l) => l.account === "5440" && l.debit) ?? c.lines[0]!;
      const amt = line.debit ?? line.credit!;
      const d = workday(c.entered + int(2, 6) * DAY);
      add({ type: "Journal", date: c.date, sub: "us", entered: at(d, 17, 20), createdBy: c.createdBy, approvedBy: U.asstController, kind: "planted", anomaly: "variance_reversed_to_balance_sheet", lines: [
        { account: "1330", debit: amt, location: line.location, department: "Production", memo: "Reverse variance" }, { account: line.account, credit: amt, location: line.location, department: "Production", memo: "Reverse variance" },
      ] });
    }
  }
  {
    const candidates = payments.filter((p) => p.day > START + 40 * DAY && p.day < END - 20 * DAY && p.amount > 5000);
    for (let k = 0; k < 3; k++) {
      const p = pick(candidates);
      const d = workday(p.day + int(1, 5) * DAY);
      // The clerk codes the journal as the payment run coded the payment: the bill's plant on the payable, the bank at HQ.
      add({ type: "Journal", date: d, sub: "us", entered: at(d), createdBy: pick([U.ap1, U.ap2]), approvedBy: U.asstController, kind: "planted", anomaly: "vendor_paid_twice_manual_je", lines: [
        { account: "2000", debit: p.amount, name: p.vendor, location: p.loc, department: "Finance", memo: "Manual payment" }, { account: "1000", credit: p.amount, name: p.vendor, location: LOC.hq, department: "Finance", memo: "Manual payment" },
      ] });
    }
  }
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const amt = pick([25000, 40000, 50000, 75000, 100000]);
    add({ type: "Journal", date: d, sub: "us", entered: at(d, 15, 19), createdBy: pick([U.staff, U.ap2, U.salesOps]), approvedBy: U.asstController, kind: "planted", anomaly: "round_sum_to_suspense", lines: [
      { account: "1990", debit: amt, location: LOC.hq, department: "Finance", memo: "Temporary" }, { account: pick(["1000", "5000", "4000"]), credit: amt, location: LOC.hq, department: "Finance", memo: "Temporary" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(2, 18));
    const d = workday(Date.UTC(y, m0, int(5, 25)));
    const keyed = workday(nthWorkday(y, m0 + 1, 8) + int(50, 120) * DAY);
    const amt = round2(logn(18000, 0.5));
    const [dr, cr] = pick([["6200", "2100"], ["5000", "1340"], ["6300", "2100"]]);
    add({ type: "Journal", date: d, sub: "us", entered: at(keyed), createdBy: pick([U.staff, U.costDay, U.asstController]), approvedBy: U.controller, kind: "planted", anomaly: "posting_to_closed_period", lines: [
      { account: dr!, debit: amt, location: pick([LOC.day, LOC.gre]), department: "Finance", memo: "Adjustment" }, { account: cr!, credit: amt, location: LOC.hq, department: "Finance", memo: "Adjustment" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const d = pick(quarterEnds.slice(0, -1));
    const usd = Math.round(logn(90000, 0.3) / 1000) * 1000;
    add({ type: "Journal", date: d, sub: "us", entered: at(workday(d + DAY), 14, 18), createdBy: pick([U.staff, U.asstController]), approvedBy: U.controller, kind: "planted", anomaly: "intercompany_without_counterpart", lines: [
      { account: "1250", debit: usd, name: "Ridgeline Antriebe GmbH", location: LOC.day, department: "Finance", memo: "IC recharge" }, { account: "4050", credit: usd, name: "Ridgeline Antriebe GmbH", location: LOC.day, department: "Finance", memo: "IC recharge" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const p = pick(plants);
    const d = someDay();
    const amt = round2(p.scrap * (p.size + 0.3) * between(9, 16));
    add({ type: "Inventory Adjustment", date: d, sub: "us", entered: at(d), createdBy: pick([U.plantMgr, p.cost]), kind: "planted", anomaly: "scrap_far_above_habit", lines: [
      { account: "5450", debit: amt, location: p.loc, department: "Production", memo: "Scrap write-off" }, { account: "1320", credit: amt, location: p.loc, department: "Production", memo: "Scrap write-off" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const [y, m0] = pick(months.slice(3, 22));
    const me = monthEnd(y, m0);
    const amt = Math.round(logn(35000, 0.3) / 100) * 100;
    add({ type: "Journal", date: me, sub: "us", entered: at(nthWorkday(y, m0 + 1, 3)), createdBy: U.staff, approvedBy: U.asstController, kind: "planted", anomaly: "accrual_never_reversed", lines: [
      { account: "6300", debit: amt, location: LOC.hq, department: "Finance", memo: "Consulting accrual" }, { account: "2100", credit: amt, location: LOC.hq, department: "Finance", memo: "Consulting accrual" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const who = pick([U.asstController, U.costDay]);
    const amt = pick([15000, 22500, 30000, 48000]);
    const [dr, cr] = pick([["1340", "5440"], ["6300", "1000"], ["1500", "6200"]]);
    add({ type: "Journal", date: d, sub: "us", entered: at(d), createdBy: who, approvedBy: who, kind: "planted", anomaly: "self_approved_manual_journal", lines: [
      { account: dr!, debit: amt, location: pick([LOC.day, LOC.hq]), department: "Finance", memo: "Adjustment" }, { account: cr!, credit: amt, location: LOC.hq, department: "Finance", memo: "Adjustment" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const qe = pick(quarterEnds);
    const amt = pick([180000, 250000, 300000, 400000]);
    const cust = pick(US_CUSTOMERS);
    const entered = qe + Math.floor(between(22.5, 23.9) * 3_600_000);
    add({ type: "Journal", date: qe, sub: "us", entered, createdBy: U.vpSales, approvedBy: U.controller, kind: "planted", anomaly: "topside_revenue_at_night", lines: [
      { account: "1200", debit: amt, name: cust, location: LOC.hq, department: "Sales", memo: "Q-end revenue" }, { account: "4000", credit: amt, name: cust, location: LOC.hq, department: "Sales", memo: "Q-end revenue" },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const d = someDay();
    const vendor = pick(["Midwest Precision Supply LLC", "Apex Industrial Partners", "Summit Tooling Group"]);
    const amt = round2(logn(140000, 0.3));
    add({ type: "Bill Payment", docNo: docNo("WIRE"), date: d, sub: "us", entered: at(d, 16, 18), createdBy: U.treasury, kind: "planted", anomaly: "large_payment_new_vendor", lines: [
      { account: "2000", debit: amt, name: vendor, location: LOC.hq }, { account: "1000", credit: amt, name: vendor, location: LOC.hq },
    ] });
  }
  for (let k = 0; k < 3; k++) {
    const d = someDay(Date.UTC(2024, 8, 1), Date.UTC(2025, 11, 1));
    const amt = round2(logn(12000, 0.5));
    const [dr, cr] = pick([["1340", "5440"], ["1320", "5420"], ["5000", "1340"]]);
    add({ type: "Journal", date: d, sub: "us", entered: at(d, 18, 22), createdBy: U.oldCost, approvedBy: U.asstController, kind: "planted", anomaly: "departed_user_posting", lines: [
      { account: dr!, debit: amt, location: LOC.gre, department: "Cost Accounting", memo: "Cost adjustment" }, { account: cr!, credit: amt, location: LOC.gre, department: "Cost Accounting", memo: "Cost adjustment" },
    ] });
  }

  return exportLedger(txns.filter((t) => t.date >= START && t.date < END));
}

// ---- the export -------------------------------------------------------------------------------------
function exportLedger(txns: Txn[]): MfgLedger {
  // Internal IDs count up as transactions are created; the search sorts by date, then by id.
  const byEntry = [...txns].sort((a, b) => a.entered - b.entered);
  const internal = new Map<Txn, number>();
  let id = 204_000;
  for (const t of byEntry) internal.set(t, (id += 1 + (id % 7 === 0 ? 3 : 0)));
  const ordered = [...txns].sort((a, b) => a.date - b.date || internal.get(a)! - internal.get(b)!);
  const rows: string[][] = [];
  const transactionOfLine = new Map<string, string>();
  const transactions: MfgTransaction[] = [];
  for (const t of ordered) {
    const iid = String(internal.get(t));
    transactions.push({ id: iid, type: t.type, kind: t.kind, anomaly: t.anomaly, user: t.createdBy, lines: t.lines.length });
    const d = new Date(t.date);
    const period = t.period ?? `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
    const currency = t.sub === "de" ? "EUR" : "USD";
    t.lines.forEach((l, i) => {
      transactionOfLine.set(`${iid}-${i}`, iid);
      rows.push([
        iid, String(i), t.docNo, t.type, mdy(t.date), period, SUB[t.sub], acct(l.account), l.debit ? l.debit.toFixed(2) : "", l.credit ? l.credit.toFixed(2) : "", currency,
        l.name ?? "", l.memo ?? "", l.location ?? "", l.department ?? "", l.cls ?? "", t.createdBy, mdyTime(t.entered), t.approvedBy ?? "",
      ]);
    });
  }
  return { header: MFG_HEADER, rows, transactionOfLine, transactions };
}

const mdy = (ms: number) => {
  const d = new Date(ms);
  return `${d.getUTCMonth() + 1}/${d.getUTCDate()}/${d.getUTCFullYear()}`;
};
const mdyTime = (ms: number) => {
  const d = new Date(ms);
  return `${mdy(ms)} ${d.getUTCHours()}:${String(d.getUTCMinutes()).padStart(2, "0")}`;
};

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: MfgLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
