/**
 * An independent evaluation ledger of a SMALL business: a six-person landscaping company in
 * Illinois (USD, 24 months), exported from QuickBooks Online's "Journal" report customised with
 * the audit columns (Create Date, Created By) and re-saved from Excel as CSV — so amounts carry
 * thousands separators ("1,234.56", quoted) and dates are MM/DD/YYYY. QBO writes no line id (nor
 * does any set of its columns name a line): the connector names the rows by number
 * (`transaction_id: $row`, docs/connectors.md). One row per split line, the lines of one QBO transaction consecutive,
 * sorted by transaction date as the report sorts them.
 *
 * Written from how such a company's books look — before reading the product's detectors: a short,
 * sparse history (a few thousand lines), two people keying everything (the owner on his phone at
 * night and on weekends, a part-time bookkeeper who comes on Thursdays and enters the week in one
 * batch, backdated), the apps that post on their own (Gusto payroll, QuickBooks Payments deposits),
 * an accountant's year-end adjusting entries keyed in February, a seasonal trade (winter near
 * zero), once-a-year items (insurance renewal, the spring mower, the CPA's fee) and one-offs (an
 * SBA loan deposit, a financed track loader). The planted problems (≈1.5 % of transactions) are
 * of the kinds docs/analysis.md says anomaly_detection looks for; every transaction carries its
 * kind beside the rows, never in the export.
 */
import { mulberry32 } from "./mulberry32.ts";

export interface SmallbizOptions {
  seed: number;
}

export interface SmallbizTransaction {
  /** The evaluator's own id for the QBO transaction (never exported). */
  id: string;
  type: string;
  kind: string;
  /** Set for planted problems: the kind an auditor would report. */
  anomaly?: string;
  lines: number;
}

export interface SmallbizLedger {
  header: string[];
  rows: string[][];
  /** Data row number (from 1, as `transaction_id: $row` names it) → transaction id. */
  transactionOfRow: string[];
  transactions: SmallbizTransaction[];
}

export const SMALLBIZ_HEADER = ["Date", "Transaction Type", "Num", "Name", "Memo/Description", "Account", "Split", "Debit", "Credit", "Create Date", "Created By"];

export const OWNER = "Mike Alvarez";
export const BOOKKEEPER = "Dana Kowalski";
const ACCOUNTANT = "Lisa Chen CPA";
const GUSTO = "Gusto";
const QB_PAYMENTS = "QuickBooks Payments";

const DAY = 86_400_000;
const START = Date.UTC(2024, 0, 1);
const END = Date.UTC(2026, 0, 1);

interface Line { account: string; debit?: number; credit?: number; name?: string; memo?: string }
interface Txn {
  id: string;
  date: number;
  type: string;
  num: string;
  name: string;
  memo: string;
  lines: Line[];
  created: number;
  createdBy: string;
  kind: string;
  anomaly?: string;
}

/** How busy a landscaper is in each month (Jan..Dec): winter near zero, the spring peak. */
const SEASON = [0.15, 0.15, 0.45, 1.0, 1.0, 0.9, 0.75, 0.7, 0.8, 0.85, 0.6, 0.2];

interface BillVendor { name: string; account: string; median: number; sigma: number; perMonth: number; seasonal: boolean }
const BILL_VENDORS: BillVendor[] = [
  { name: "Green Valley Nursery", account: "Cost of Goods Sold:Plants & Materials", median: 1350, sigma: 0.5, perMonth: 3.5, seasonal: true },
  { name: "Stone & Soil Supply", account: "Cost of Goods Sold:Plants & Materials", median: 820, sigma: 0.55, perMonth: 2.5, seasonal: true },
  { name: "Mower Medics Repair", account: "Repairs & Maintenance:Equipment Repairs", median: 360, sigma: 0.6, perMonth: 0.9, seasonal: true },
  { name: "County Landfill", account: "Dump Fees", median: 150, sigma: 0.4, perMonth: 2, seasonal: true },
  { name: "Rivera Tree Service", account: "Cost of Goods Sold:Subcontractors", median: 2200, sigma: 0.45, perMonth: 0.35, seasonal: true },
];

interface CardVendor { name: string; memo: string; account: string; median: number; sigma: number; perWeek: number; seasonal: boolean }
const CARD_VENDORS: CardVendor[] = [
  { name: "Shell", memo: "SHELL OIL 57442219 SPRINGFIELD IL", account: "Automobile:Fuel", median: 78, sigma: 0.35, perWeek: 2.2, seasonal: true },
  { name: "Speedway", memo: "SPEEDWAY 07731 CHATHAM IL", account: "Automobile:Fuel", median: 72, sigma: 0.35, perWeek: 1.2, seasonal: true },
  { name: "The Home Depot", memo: "THE HOME DEPOT #1915 SPRINGFIELD IL", account: "Supplies & Materials", median: 95, sigma: 0.8, perWeek: 1.1, seasonal: true },
  { name: "Lowe's", memo: "LOWES #00548* SPRINGFIELD IL", account: "Supplies & Materials", median: 70, sigma: 0.7, perWeek: 0.5, seasonal: true },
  { name: "Northern Tool", memo: "NORTHERN TOOL #221 SPRINGFIELD IL", account: "Small Tools & Equipment", median: 110, sigma: 0.7, perWeek: 0.25, seasonal: true },
  { name: "AutoZone", memo: "AUTOZONE 3318 SPRINGFIELD IL", account: "Automobile:Repairs", median: 60, sigma: 0.7, perWeek: 0.3, seasonal: false },
  { name: "Casey's", memo: "CASEYS #3341 ROCHESTER IL", account: "Meals", median: 24, sigma: 0.5, perWeek: 0.8, seasonal: true },
  { name: "Amazon", memo: "AMAZON MKTPL*2K4TR91Q3 Amzn.com/bill WA", account: "Office Supplies & Software:Office Supplies", median: 38, sigma: 0.7, perWeek: 0.3, seasonal: false },
  { name: "Facebook Ads", memo: "FACEBK *ADS 650-5434800 CA", account: "Advertising & Marketing", median: 120, sigma: 0.5, perWeek: 0.35, seasonal: true },
];

/** Monthly card subscriptions: name, memo, account, price 2024 → 2025. */
const SUBSCRIPTIONS: [string, string, string, number, number][] = [
  ["Jobber", "JOBBER.COM 888-721-1115 AB", "Office Supplies & Software:Software", 129, 149],
  ["QuickBooks", "INTUIT *QBOOKS ONLINE CL.INTUIT.COM CA", "Office Supplies & Software:Software", 90, 99],
  ["Google", "GOOGLE *GSUITE_alvarezla CC@GOOGLE.COM CA", "Office Supplies & Software:Software", 36, 42],
];

/** Small one-off vendors the crew finds along the year (a new one every month or two). */
const NEW_VENDORS: [string, string][] = [
  ["Bob's Hydraulics", "Repairs & Maintenance:Equipment Repairs"], ["Sprinkler Parts Depot", "Supplies & Materials"],
  ["Prairie Seed Co", "Cost of Goods Sold:Plants & Materials"], ["Midwest Safety Supply", "Uniforms & Safety Gear"],
  ["Ace Hardware Chatham", "Supplies & Materials"], ["Sangamon Sharpening", "Repairs & Maintenance:Equipment Repairs"],
  ["Tractor Supply Co", "Supplies & Materials"], ["Cintas", "Uniforms & Safety Gear"], ["Harbor Freight", "Small Tools & Equipment"],
  ["Springfield Sign Co", "Advertising & Marketing"], ["Menards", "Supplies & Materials"], ["Fastenal", "Small Tools & Equipment"],
  ["Capitol Tire", "Automobile:Repairs"], ["Lincoln Land Irrigation", "Cost of Goods Sold:Plants & Materials"],
  ["UPS Store 4471", "Office Supplies & Software:Office Supplies"], ["Illini Hose & Fitting", "Repairs & Maintenance:Equipment Repairs"],
  ["Mulch Masters", "Cost of Goods Sold:Plants & Materials"], ["Staples", "Office Supplies & Software:Office Supplies"],
];

const RESIDENTIAL = [
  "Karen Whitfield", "Tom & Judy Brennan", "Raj Patel", "Linda Okafor", "Steve Marchetti", "Paula Dunn", "Greg Novak", "Amy Lindqvist",
  "Jorge & Maria Castillo", "Bill Hendricks", "Sue Yamamoto", "Dave Kessler", "Nancy Oduya",
];
const COMMERCIAL: [string, number, number][] = [
  // name, monthly maintenance fee, snow removal per push
  ["Oakbrook Office Park", 1850, 480], ["St. Mary's Church", 620, 260], ["Maple Ridge HOA", 2900, 1150],
];
const PROJECT_CUSTOMERS = [
  "Evan Sorensen", "Megan Tully", "The Wrights", "Carl Jablonski", "Priya Raman", "Hollis Family Dental", "Dennis Ferraro", "Laura Kim",
  "Jack & Ellen Moore", "Ruth Abernathy", "Kyle Brandt", "Sangamon Vet Clinic", "Nick Petrakis", "Olivia Grant", "Frank Zielinski",
  "Marisol Vega", "Tim Osborne", "Andrea Fitch", "Gary Lund", "Wendy Chao", "Harold Beck", "Ivy Morales", "Sam Whitaker", "Beth Coyle",
  "Lakeside Dental Group", "Peter Hanlon", "Joan Ruiz", "Martin Greer", "Kelly Boyd", "Vince Caruso", "Rachel Stein", "Ted Gaines",
];

const CHECKING = "Chase Business Checking";
const CARD = "Chase Ink Card";
const AP = "Accounts Payable (A/P)";
const AR = "Accounts Receivable (A/R)";
const UNDEPOSITED = "Undeposited Funds";
const PAYMENTS_TO_DEPOSIT = "Payments to deposit";
const SALES_TAX = "Illinois Department of Revenue Payable";
const SALES_TAX_RATE = 0.0725;

export function generateSmallbizLedger(options: SmallbizOptions): SmallbizLedger {
  const rand = mulberry32(options.seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)]!;
  const normal = () => Math.sqrt(-2 * Math.log(1 - rand())) * Math.cos(2 * Math.PI * rand());
  const lognormal = (median: number, sigma: number) => median * Math.exp(sigma * normal());
  const cents = (x: number) => Math.round(x * 100) / 100;
  const poisson = (mean: number) => {
    let k = 0;
    for (let p = Math.exp(-mean), s = p, u = rand(); u > s; k++) { p *= mean / (k + 1); s += p; }
    return k;
  };
  const month = (ms: number) => new Date(ms).getUTCMonth();
  const weekday = (ms: number) => new Date(ms).getUTCDay();
  const at = (day: number, hour: number, minute = Math.floor(rand() * 60)) => day + hour * 3_600_000 + minute * 60_000 + Math.floor(rand() * 60) * 1000;

  const txns: Txn[] = [];
  const newVendors = [...NEW_VENDORS];
  let seq = 0;
  const add = (t: Omit<Txn, "id">) => {
    const txn = { ...t, id: `T${String(++seq).padStart(5, "0")}` };
    txns.push(txn);
    return txn;
  };

  /** The bookkeeper's session that enters what happened on `day`: the next Thursday (Wednesday in
   *  Thanksgiving week), 9:00–14:00; some weeks she comes Friday instead. */
  const bookkeeperSession = (day: number) => {
    let d = day + DAY;
    while (weekday(d) !== 4) d += DAY;
    const date = new Date(d);
    if (date.getUTCMonth() === 10 && date.getUTCDate() >= 22 && date.getUTCDate() <= 28) d -= DAY;
    else if (rand() < 0.08) d += DAY;
    return at(d, 9 + Math.floor(rand() * 5));
  };
  /** The owner keys things in the evening, on weekends too, usually within a few days. */
  const ownerMoment = (day: number, within = 3) => at(day + Math.floor(rand() * within) * DAY, rand() < 0.8 ? 19 + Math.floor(rand() * 4) : 7 + Math.floor(rand() * 3));

  let invoiceNo = 1040;
  let checkNo = 2310;
  let billPaymentDays: { vendor: string; amount: number; num: string; billDate: number }[] = [];
  const openBills: { vendor: string; amount: number; num: string; date: number }[] = [];
  const cardSpend = new Map<number, number>(); // month start → card total
  const salesTaxDue = new Map<number, number>();
  const monthKey = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth(), 1);
  const openInvoices: { customer: string; amount: number; num: string; date: number; card: boolean }[] = [];

  // ---- the year's one-offs ------------------------------------------------------------------
  // SBA loan, deposited once in February 2024.
  const sbaDay = Date.UTC(2024, 1, 13);
  add({ date: sbaDay, type: "Deposit", num: "", name: "U.S. Small Business Administration", memo: "SBA 7(a) working capital loan proceeds", lines: [
    { account: CHECKING, debit: 75000, name: "U.S. Small Business Administration" }, { account: "SBA Loan Payable", credit: 75000, name: "U.S. Small Business Administration" },
  ], created: bookkeeperSession(sbaDay), createdBy: BOOKKEEPER, kind: "loan_deposit" });
  // A compact track loader, financed by the dealer's finance arm, April 2024.
  const loaderDay = Date.UTC(2024, 3, 9);
  add({ date: loaderDay, type: "Journal Entry", num: "JE-LOADER", name: "Deere Financial", memo: "Kubota SVL75 track loader, financed 60 mo", lines: [
    { account: "Equipment:Machinery", debit: 67900, name: "Central Power Equipment", memo: "Kubota SVL75-2 s/n 41877" },
    { account: "Deere Financial Equipment Loan", credit: 57900, name: "Deere Financial" },
    { account: CHECKING, credit: 10000, name: "Central Power Equipment", memo: "Down payment" },
  ], created: bookkeeperSession(loaderDay), createdBy: BOOKKEEPER, kind: "financed_equipment" });
  // Owner's contributions in the lean months.
  for (const [y, m, d, amount] of [[2024, 0, 19, 10000], [2024, 1, 26, 5000], [2025, 0, 8, 15000], [2025, 1, 20, 5000], [2025, 11, 29, 5000]] as const) {
    const day = Date.UTC(y, m, d);
    add({ date: day, type: "Deposit", num: "", name: OWNER, memo: "Owner contribution", lines: [
      { account: CHECKING, debit: amount, name: OWNER }, { account: "Owner's Investment", credit: amount, name: OWNER },
    ], created: ownerMoment(day, 1), createdBy: OWNER, kind: "owner_contribution" });
  }

  // ---- month by month -------------------------------------------------------------------------
  for (let m0 = START; m0 < END; m0 = Date.UTC(new Date(m0).getUTCFullYear(), new Date(m0).getUTCMonth() + 1, 1)) {
    const y = new Date(m0).getUTCFullYear();
    const mo = month(m0);
    const mEnd = Date.UTC(y, mo + 1, 1) - DAY;
    const season = SEASON[mo]!;
    const y2 = y === 2025;

    // Rent, utilities, phone, bookkeeper: monthly bills, entered by the bookkeeper.
    const monthly: [string, string, number][] = [
      ["Ridge Road Properties LLC", "Rent or Lease", y2 ? 2500 : 2400],
      ["Ameren Illinois", "Utilities", cents(lognormal(mo < 3 || mo > 9 ? 310 : 190, 0.15))],
      ["Verizon Wireless", "Utilities:Phone", y2 ? 318.62 : 312.4],
      ["Dana Kowalski Bookkeeping", "Legal & Professional Fees:Bookkeeping", mo === 0 || mo === 1 ? 850 : 650],
    ];
    for (const [vendor, account, amount] of monthly) {
      const day = vendor === "Ridge Road Properties LLC" ? m0 : m0 + (4 + Math.floor(rand() * 12)) * DAY;
      addBill(vendor, account, amount, day, vendor === "Ridge Road Properties LLC" ? `${y}-${String(mo + 1).padStart(2, "0")}` : String(10000 + Math.floor(rand() * 89999)), "regular_bill");
    }
    // Seasonal supplier bills.
    for (const v of BILL_VENDORS) {
      const n = poisson(v.perMonth * (v.seasonal ? season : 1));
      for (let i = 0; i < n; i++) addBill(v.name, v.account, cents(lognormal(v.median, v.sigma)), m0 + Math.floor(rand() * 28) * DAY, `${v.name.slice(0, 2).toUpperCase()}${40000 + Math.floor(rand() * 9999)}`, "regular_bill");
    }
    // Workers' comp quarterly; insurance renewal, the spring mower, the CPA's fee once a year.
    if (mo % 3 === 0) addBill("State Fund Workers Comp", "Insurance:Workers Compensation", cents(1850 * (y2 ? 1.06 : 1)), m0 + 9 * DAY, `WC${y}Q${mo / 3 + 1}`, "regular_bill");
    if (mo === 2) {
      addBill("Harbor Insurance Agency", "Insurance:General Liability & Auto", y2 ? 10420 : 9840, Date.UTC(y, 2, 1), `POL-${y}-7731`, "insurance_renewal");
      addBill("Central Power Equipment", "Equipment:Mowers", y2 ? 12480 : 11795, Date.UTC(y, 2, 18 + Math.floor(rand() * 8)), `CPE-${y}0318`, "annual_equipment");
      addBill("Chen & Associates CPA", "Legal & Professional Fees:Accounting", y2 ? 2950 : 2800, Date.UTC(y, 2, 28), `${y}-114`, "cpa_annual");
      addBill("Secretary of State", "Taxes & Licenses", 302, Date.UTC(y, 2, 11), "REG", "annual_license");
    }
    if (mo === 0) addBill("City of Springfield", "Taxes & Licenses", 250, Date.UTC(y, 0, 22), "BL-2231", "annual_license");

    // Card purchases (bank feed), accepted by the bookkeeper on her day or by the owner at night.
    for (let d = m0; d <= mEnd; d += DAY) {
      const wd = weekday(d);
      for (const v of CARD_VENDORS) {
        const rate = (v.perWeek / 6) * (v.seasonal ? season : 0.6) * (wd === 0 ? 0.3 : 1);
        if (rand() >= rate) continue;
        cardExpense(v.name, v.memo, v.account, cents(lognormal(v.median, v.sigma)), d, "card_expense");
      }
    }
    for (const [name, memo, account, p24, p25] of SUBSCRIPTIONS) cardExpense(name, memo, account, y2 ? p25 : p24, m0 + (name === "Jobber" ? 2 : name === "QuickBooks" ? 13 : 20) * DAY, "subscription");
    // A new small vendor every month or two.
    if (rand() < 0.6) {
      const [name, account] = newVendors.splice(Math.floor(rand() * newVendors.length), 1)[0] ?? pick(CARD_VENDORS.map((v) => [v.name, v.account] as [string, string]));
      cardExpense(name, `${name.toUpperCase().slice(0, 18)} SPRINGFIELD IL`, account, cents(lognormal(140, 0.6)), m0 + Math.floor(rand() * 27) * DAY, "new_small_vendor");
    }

    // Customers: residential maintenance (Apr–Nov), commercial all year (snow in winter), projects in spring and fall.
    const invoiceDay = mEnd;
    if (mo >= 3 && mo <= 10) {
      for (const c of RESIDENTIAL) {
        const base = 140 + (c.length % 7) * 35;
        const extras = rand() < 0.2 ? cents(lognormal(180, 0.5)) : 0;
        invoice(c, invoiceDay, [["Landscaping Services:Lawn Maintenance", base, false], ...(extras ? [["Sales of Product Income:Mulch & Plants", extras, true] as [string, number, boolean]] : [])], "maintenance_invoice", true);
      }
    }
    for (const [c, fee, push] of COMMERCIAL) {
      if (mo >= 3 && mo <= 10) invoice(c, invoiceDay, [["Landscaping Services:Commercial Maintenance", fee, false]], "commercial_invoice", false);
      else {
        const pushes = poisson(mo === 11 ? 2 : mo === 0 || mo === 1 ? 3.5 : 1);
        if (pushes) invoice(c, invoiceDay, [["Snow Removal", push * pushes, false]], "snow_invoice", false);
      }
    }
    const projects = poisson(3.2 * (mo === 3 || mo === 4 || mo === 8 || mo === 9 ? 1 : season * 0.4));
    for (let i = 0; i < projects; i++) {
      const labour = cents(lognormal(3800, 0.7));
      const materials = cents(labour * (0.3 + rand() * 0.6));
      invoice(pick(PROJECT_CUSTOMERS), m0 + Math.floor(rand() * 27) * DAY, [["Landscaping Services:Installation", labour, false], ["Sales of Product Income:Mulch & Plants", materials, true]], "project_invoice", false);
    }
    // Cash jobs.
    for (let i = poisson(2 * season); i > 0; i--) {
      const day = m0 + Math.floor(rand() * 27) * DAY;
      const amount = Math.round(lognormal(180, 0.4) / 5) * 5;
      add({ date: day, type: "Sales Receipt", num: String(1000 + seq), name: pick(["Cash Customer", "Walk-in", "Cash Customer"]), memo: "Yard cleanup", lines: [
        { account: UNDEPOSITED, debit: amount }, { account: "Landscaping Services:Cleanup", credit: amount },
      ], created: ownerMoment(day), createdBy: OWNER, kind: "sales_receipt" });
    }

    // Payroll: Gusto, the 15th and the last day; six people in season, two in winter.
    for (const payDay of [Date.UTC(y, mo, 15), mEnd]) {
      const crew = season >= 0.4 ? 6 : 2;
      const hours = season >= 0.4 ? 80 * (0.85 + 0.3 * season) : 80;
      const gross = cents(crew * hours * (y2 ? 21.5 : 20.75) * (0.95 + rand() * 0.1) + 2400);
      const employerTax = cents(gross * 0.0765 + (mo < 3 ? gross * 0.03 : 0));
      const withheld = cents(gross * 0.19);
      const net = cents(gross - withheld);
      const created = at(payDay - 2 * DAY, 10);
      add({ date: payDay, type: "Journal Entry", num: `GUSTO-${new Date(payDay).toISOString().slice(0, 10)}`, name: GUSTO, memo: "Payroll", lines: [
        { account: "Payroll Expenses:Wages", debit: gross, memo: "Gross pay" }, { account: "Payroll Expenses:Taxes", debit: employerTax, memo: "Employer taxes" },
        { account: CHECKING, credit: net, memo: "Net pay" }, { account: "Payroll Liabilities", credit: cents(withheld + employerTax), memo: "Taxes withheld and owed" },
      ], created, createdBy: GUSTO, kind: "payroll" });
      add({ date: payDay, type: "Expense", num: "", name: GUSTO, memo: "Payroll tax remittance", lines: [
        { account: "Payroll Liabilities", debit: cents(withheld + employerTax), name: GUSTO }, { account: CHECKING, credit: cents(withheld + employerTax), name: GUSTO },
      ], created: created + 60_000, createdBy: GUSTO, kind: "payroll_tax" });
    }
    autoDebit("Gusto", "Payroll Expenses:Service Fees", cents(80 + (season >= 0.4 ? 6 : 2) * 6), m0 + 2 * DAY, "bank_fee");
    autoDebit("Chase", "Bank Charges & Fees", 15, mEnd, "bank_fee");

    // Loans: the truck (all along), the loader (from May 2024), the SBA loan (from Aug 2024).
    loanPayment("Ford Credit", "Ford Credit Truck Loan", 812.44, 0.069, 41000, m0 + 4 * DAY);
    if (m0 >= Date.UTC(2024, 4, 1)) loanPayment("Deere Financial", "Deere Financial Equipment Loan", 1146.2, 0.049, 57900, m0 + 9 * DAY);
    if (m0 >= Date.UTC(2024, 7, 1)) loanPayment("U.S. Small Business Administration", "SBA Loan Payable", 866, 0.0775, 75000, m0 + 12 * DAY);

    // Owner's draws: irregular, round, more in season; quarterly estimated taxes coded to draws.
    for (let i = poisson(1.2 + 2.2 * season); i > 0; i--) {
      const day = m0 + Math.floor(rand() * 28) * DAY;
      const amount = pick([500, 1000, 1000, 1500, 2000, 2000, 2500, 3000, 4000, 5000]);
      const check = rand() < 0.4;
      add({ date: day, type: check ? "Check" : "Transfer", num: check ? String(checkNo++) : "", name: OWNER, memo: check ? "Draw" : "Online transfer to Alvarez personal", lines: [
        { account: "Owner's Draw", debit: amount, name: OWNER }, { account: CHECKING, credit: amount, name: OWNER },
      ], created: ownerMoment(day, 2), createdBy: OWNER, kind: "owner_draw" });
    }
    if (mo === 0 || mo === 3 || mo === 5 || mo === 8) {
      const day = Date.UTC(y, mo, 15);
      for (const [agency, amount] of [["IRS", pick([4000, 4500, 5000, 6000])], ["Illinois Department of Revenue", pick([1000, 1200, 1500])]] as const) {
        add({ date: day, type: "Expense", num: "EFT", name: agency, memo: `${y} estimated tax Q${mo === 0 ? 4 : mo === 3 ? 1 : mo === 5 ? 2 : 3}`, lines: [
          { account: "Owner's Draw", debit: amount, name: agency }, { account: CHECKING, credit: amount, name: agency },
        ], created: ownerMoment(day, 2), createdBy: OWNER, kind: "estimated_tax" });
      }
    }
    // Sales tax for the month before, to the same agency, on the 20th.
    const due = salesTaxDue.get(Date.UTC(y, mo - 1, 1));
    if (due) {
      const day = Date.UTC(y, mo, 20);
      add({ date: day, type: "Sales Tax Payment", num: "", name: "Illinois Department of Revenue", memo: `ST-1 ${new Date(Date.UTC(y, mo - 1, 1)).toISOString().slice(0, 7)}`, lines: [
        { account: SALES_TAX, debit: cents(due), name: "Illinois Department of Revenue" }, { account: CHECKING, credit: cents(due), name: "Illinois Department of Revenue" },
      ], created: bookkeeperSession(day - DAY), createdBy: BOOKKEEPER, kind: "sales_tax" });
    }
    // The card is paid in full once a month.
    const cardDue = cardSpend.get(Date.UTC(y, mo - 1, 1));
    if (cardDue) {
      const day = Date.UTC(y, mo, 8);
      add({ date: day, type: "Transfer", num: "", name: "", memo: "Payment - Chase Ink", lines: [
        { account: CARD, debit: cents(cardDue) }, { account: CHECKING, credit: cents(cardDue) },
      ], created: bookkeeperSession(day), createdBy: BOOKKEEPER, kind: "card_payment" });
    }
    // A refund or two a year.
    if (rand() < 0.12 * (season + 0.3)) {
      const day = m0 + Math.floor(rand() * 27) * DAY;
      const amount = Math.round(lognormal(160, 0.4));
      add({ date: day, type: "Refund", num: String(9000 + seq), name: pick(RESIDENTIAL), memo: "Refund - missed visit", lines: [
        { account: "Landscaping Services:Lawn Maintenance", debit: amount }, { account: CHECKING, credit: amount },
      ], created: ownerMoment(day), createdBy: OWNER, kind: "customer_refund" });
    }
  }

  // Bill payments: the bookkeeper pays what is due on her day, by check or online.
  for (const b of openBills.sort((a, c) => a.date - c.date)) {
    const created = bookkeeperSession(b.date + Math.floor(rand() * 20) * DAY);
    const day = Math.floor(created / DAY) * DAY;
    if (day >= END) continue;
    payBill(b.vendor, b.amount, b.num, day, created, "bill_payment");
  }
  // Customer payments: cards through QuickBooks Payments (deposited net of fees the next business
  // day), checks into Undeposited Funds (the owner deposits them every week or so).
  const deposits = new Map<number, { gross: number; fee: number }>();
  const checksToDeposit: { amount: number; day: number }[] = [];
  for (const inv of openInvoices) {
    const day = inv.date + (3 + Math.floor(rand() * (inv.card ? 18 : 35))) * DAY;
    if (day >= END || rand() < 0.02) continue;
    add({ date: day, type: "Payment", num: inv.card ? "" : String(1000 + Math.floor(rand() * 8999)), name: inv.customer, memo: inv.card ? "QuickBooks Payments" : "", lines: [
      { account: inv.card ? PAYMENTS_TO_DEPOSIT : UNDEPOSITED, debit: inv.amount, name: inv.customer }, { account: AR, credit: inv.amount, name: inv.customer },
    ], created: inv.card ? at(day, 8 + Math.floor(rand() * 12)) : ownerMoment(day), createdBy: inv.card ? QB_PAYMENTS : OWNER, kind: "customer_payment" });
    if (inv.card) {
      let dep = day + DAY;
      while (weekday(dep) === 0 || weekday(dep) === 6) dep += DAY;
      const d = deposits.get(dep) ?? { gross: 0, fee: 0 };
      d.gross += inv.amount;
      d.fee += cents(inv.amount * 0.029 + 0.25);
      deposits.set(dep, d);
    } else checksToDeposit.push({ amount: inv.amount, day });
  }
  for (const [day, d] of deposits) {
    if (day >= END) continue;
    add({ date: day, type: "Deposit", num: "", name: QB_PAYMENTS, memo: "QuickBooks Payments deposit", lines: [
      { account: CHECKING, debit: cents(d.gross - d.fee) }, { account: "Merchant Account Fees", debit: cents(d.fee) }, { account: PAYMENTS_TO_DEPOSIT, credit: cents(d.gross) },
    ], created: at(day, 6), createdBy: QB_PAYMENTS, kind: "processor_deposit" });
  }
  checksToDeposit.sort((a, b) => a.day - b.day);
  for (let i = 0; i < checksToDeposit.length;) {
    const first = checksToDeposit[i]!.day;
    let total = 0;
    let n = 0;
    while (i < checksToDeposit.length && checksToDeposit[i]!.day < first + 7 * DAY) { total += checksToDeposit[i]!.amount; i++; n++; }
    const day = first + (6 + Math.floor(rand() * 2)) * DAY;
    if (day >= END) break;
    add({ date: day, type: "Deposit", num: "", name: "", memo: `Deposit ${n} checks`, lines: [
      { account: CHECKING, debit: cents(total) }, { account: UNDEPOSITED, credit: cents(total) },
    ], created: ownerMoment(day, 1), createdBy: OWNER, kind: "check_deposit" });
  }

  // The accountant's year-end adjusting entries, dated 31 December, keyed in February.
  for (const year of [2023, 2024]) {
    const dated = Date.UTC(year, 11, 31);
    let keyed = Date.UTC(year + 1, 1, 17 + Math.floor(rand() * 6));
    const aje = (n: number, memo: string, lines: Line[]) => {
      add({ date: dated, type: "Journal Entry", num: `AJE-${year}-${n}`, name: "", memo, lines, created: at(keyed, 15 + n), createdBy: ACCOUNTANT, kind: "year_end_adjustment" });
    };
    const dep = year === 2023 ? 9420 : 24610;
    aje(1, "To record depreciation", [{ account: "Depreciation Expense", debit: dep }, { account: "Equipment:Accumulated Depreciation", credit: dep }]);
    const reclass = cents(lognormal(1300, 0.3));
    aje(2, "Reclass personal expenses to owner draws", [{ account: "Owner's Draw", debit: reclass }, { account: "Meals", credit: cents(reclass * 0.4) }, { account: "Automobile:Fuel", credit: cents(reclass * 0.6) }]);
    const accrual = cents(lognormal(5200, 0.2));
    aje(3, "Accrue wages earned 12/16-12/31", [{ account: "Payroll Expenses:Wages", debit: accrual }, { account: "Accrued Payroll", credit: accrual }]);
    const interest = cents(lognormal(900, 0.3));
    aje(4, "True-up loan balances to lender statements", [{ account: "Ford Credit Truck Loan", debit: interest }, { account: "Interest Paid", credit: interest }]);
    if (year === 2024) {
      const cap = 3184.5;
      aje(5, "Capitalize skid steer rebuild", [{ account: "Equipment:Machinery", debit: cap }, { account: "Repairs & Maintenance:Equipment Repairs", credit: cap }]);
      keyed += DAY;
    }
  }

  // ---- helpers (hoisted) ----------------------------------------------------------------------
  function addBill(vendor: string, account: string, amount: number, day: number, num: string, kind: string, anomaly?: string) {
    if (day >= END) return;
    const created = bookkeeperSession(day);
    add({ date: day, type: "Bill", num, name: vendor, memo: "", lines: [
      { account: AP, credit: amount, name: vendor }, { account, debit: amount, name: vendor },
    ], created, createdBy: BOOKKEEPER, kind, anomaly });
    openBills.push({ vendor, amount, num, date: day });
  }
  function payBill(vendor: string, amount: number, num: string, day: number, created: number, kind: string, anomaly?: string) {
    const check = rand() < 0.5;
    add({ date: day, type: "Bill Payment (Check)", num: check ? String(checkNo++) : "ACH", name: vendor, memo: num, lines: [
      { account: AP, debit: amount, name: vendor }, { account: CHECKING, credit: amount, name: vendor },
    ], created, createdBy: BOOKKEEPER, kind, anomaly });
    billPaymentDays.push({ vendor, amount, num, billDate: day });
  }
  function cardExpense(name: string, memo: string, account: string, amount: number, day: number, kind: string, anomaly?: string) {
    if (day >= END) return;
    const owner = rand() < 0.25;
    add({ date: day, type: "Credit Card Expense", num: "", name, memo, lines: [
      { account: CARD, credit: amount, name }, { account, debit: amount, name, memo },
    ], created: owner ? ownerMoment(day + DAY, 4) : bookkeeperSession(day), createdBy: owner ? OWNER : BOOKKEEPER, kind, anomaly });
    cardSpend.set(monthKey(day), (cardSpend.get(monthKey(day)) ?? 0) + amount);
  }
  function autoDebit(name: string, account: string, amount: number, day: number, kind: string) {
    add({ date: day, type: "Expense", num: "", name, memo: `${name.toUpperCase()} ACH DEBIT`, lines: [
      { account: CHECKING, credit: amount, name }, { account, debit: amount, name },
    ], created: bookkeeperSession(day), createdBy: BOOKKEEPER, kind });
  }
  function loanPayment(lender: string, loanAccount: string, payment: number, rate: number, principal0: number, day: number) {
    const months = Math.max(0, Math.round((day - START) / (30.4 * DAY)));
    const balance = principal0 * Math.pow(1 - 0.012, months);
    const interest = cents((balance * rate) / 12);
    add({ date: day, type: "Expense", num: "", name: lender, memo: `${lender.toUpperCase().slice(0, 14)} LOAN PMT`, lines: [
      { account: CHECKING, credit: payment, name: lender }, { account: loanAccount, debit: cents(payment - interest), name: lender }, { account: "Interest Paid", debit: interest, name: lender },
    ], created: bookkeeperSession(day), createdBy: BOOKKEEPER, kind: "loan_payment" });
  }
  function invoice(customer: string, day: number, items: [string, number, boolean][], kind: string, card: boolean) {
    if (day >= END) return;
    const tax = cents(items.reduce((s, [, a, taxed]) => s + (taxed ? a * SALES_TAX_RATE : 0), 0));
    const total = cents(items.reduce((s, [, a]) => s + a, 0) + tax);
    const num = String(invoiceNo++);
    add({ date: day, type: "Invoice", num, name: customer, memo: "", lines: [
      { account: AR, debit: total, name: customer },
      ...items.map(([account, amount]) => ({ account, credit: cents(amount), name: customer })),
      ...(tax ? [{ account: SALES_TAX, credit: tax, name: customer }] : []),
    ], created: kind === "maintenance_invoice" || kind === "commercial_invoice" || kind === "snow_invoice" ? ownerMoment(day + DAY, 3) : ownerMoment(day, 2), createdBy: OWNER, kind });
    openInvoices.push({ customer, amount: total, num, date: day, card });
    if (tax) salesTaxDue.set(monthKey(day), (salesTaxDue.get(monthKey(day)) ?? 0) + tax);
  }

  plantAnomalies({ txns, rand, pick, add, at, bookkeeperSession, nextCheck: () => String(checkNo++) });
  void billPaymentDays;

  // ---- the export -------------------------------------------------------------------------------
  txns.sort((a, b) => a.date - b.date || a.created - b.created);
  const rows: string[][] = [];
  const transactionOfRow: string[] = [""];
  for (const t of txns) {
    for (const l of t.lines) {
      const others = t.lines.filter((o) => o !== l);
      rows.push([
        mdy(t.date), t.type, t.num, l.name ?? t.name, l.memo ?? t.memo, l.account,
        others.length === 1 ? others[0]!.account : "-Split-",
        l.debit ? money(l.debit) : "", l.credit ? money(l.credit) : "", mdyTime(t.created), t.createdBy,
      ]);
      transactionOfRow.push(t.id);
    }
  }
  return {
    header: SMALLBIZ_HEADER,
    rows,
    transactionOfRow,
    transactions: txns.map((t) => ({ id: t.id, type: t.type, kind: t.kind, anomaly: t.anomaly, lines: t.lines.length })),
  };
}

interface PlantContext {
  txns: Txn[];
  rand: () => number;
  pick: <T>(xs: readonly T[]) => T;
  add: (t: Omit<Txn, "id">) => Txn;
  at: (day: number, hour: number, minute?: number) => number;
  bookkeeperSession: (day: number) => number;
  nextCheck: () => string;
}

/** The planted kinds (of what docs/analysis.md says anomaly_detection looks for; a duplicate
 *  payment is `duplicate_detection`'s, another module, and is not planted here). */
export const SMALLBIZ_ANOMALIES = ["extreme_vendor_amount", "wrong_account", "new_payee_round_check", "lookalike_payee"] as const;

/** The planted problems, added once the regular business stands, each between the seventh and the
 *  twenty-third month (a thin history behind it, but some). */
function plantAnomalies(ctx: PlantContext) {
  const { txns, rand, pick, add, at, bookkeeperSession } = ctx;
  const from = Date.UTC(2024, 6, 1);
  const to = Date.UTC(2025, 11, 1);
  const someDay = () => {
    let d = from + Math.floor(rand() * ((to - from) / DAY)) * DAY;
    while (SEASON[new Date(d).getUTCMonth()]! < 0.4) d += 30 * DAY;
    return d;
  };
  const regular = txns.filter((t) => !t.anomaly);
  const ofVendor = (name: string, type: string) => regular.filter((t) => t.name === name && t.type === type);
  const usual = (ts: Txn[]) => {
    const xs = ts.map((t) => t.lines[0]!.credit ?? t.lines[0]!.debit ?? 0).sort((a, b) => a - b);
    return xs[Math.floor(xs.length / 2)] ?? 100;
  };
  const money2 = (x: number) => Math.round(x * 100) / 100;
  const cardAccount = "Chase Ink Card";

  // 1. A vendor's bill 10–50× its usual, entered by the bookkeeper and paid a week or two later;
  //    and a fuel or hardware card charge 10–50× the merchant's usual.
  for (const vendor of ["Mower Medics Repair", "County Landfill", "Stone & Soil Supply", "Ameren Illinois"]) {
    const bills = ofVendor(vendor, "Bill");
    const base = bills.find((b) => b.lines[1]);
    if (!base) continue;
    const amount = money2(usual(bills) * (10 + rand() * 40));
    const day = someDay();
    const num = `${vendor.slice(0, 2).toUpperCase()}${50000 + Math.floor(rand() * 9999)}`;
    const account = base.lines[1]!.account;
    add({ date: day, type: "Bill", num, name: vendor, memo: "", lines: [
      { account: "Accounts Payable (A/P)", credit: amount, name: vendor }, { account, debit: amount, name: vendor },
    ], created: bookkeeperSession(day), createdBy: "Dana Kowalski", kind: "planted", anomaly: "extreme_vendor_amount" });
    const payCreated = bookkeeperSession(day + (7 + Math.floor(rand() * 7)) * DAY);
    add({ date: Math.floor(payCreated / DAY) * DAY, type: "Bill Payment (Check)", num: ctx.nextCheck(), name: vendor, memo: num, lines: [
      { account: "Accounts Payable (A/P)", debit: amount, name: vendor }, { account: "Chase Business Checking", credit: amount, name: vendor },
    ], created: payCreated, createdBy: "Dana Kowalski", kind: "planted", anomaly: "extreme_vendor_amount" });
  }
  for (const merchant of ["Shell", "The Home Depot"]) {
    const charges = ofVendor(merchant, "Credit Card Expense");
    const base = charges[0]!;
    const amount = money2(usual(charges) * (10 + rand() * 40));
    const day = someDay();
    add({ date: day, type: "Credit Card Expense", num: "", name: merchant, memo: base.memo, lines: [
      { account: cardAccount, credit: amount, name: merchant }, { account: base.lines[1]!.account, debit: amount, name: merchant, memo: base.memo },
    ], created: bookkeeperSession(day), createdBy: "Dana Kowalski", kind: "planted", anomaly: "extreme_vendor_amount" });
  }

  // 2. An ordinary amount coded to an account the vendor never uses (a personal or padded expense
  //    hidden among the vendor's usual ones).
  const miscoded: [string, string, string][] = [
    ["Shell", "Credit Card Expense", "Cost of Goods Sold:Plants & Materials"],
    ["The Home Depot", "Credit Card Expense", "Rent or Lease"],
    ["Verizon Wireless", "Bill", "Insurance:General Liability & Auto"],
    ["Green Valley Nursery", "Bill", "Legal & Professional Fees:Accounting"],
    ["Casey's", "Credit Card Expense", "Payroll Expenses:Wages"],
    ["Amazon", "Credit Card Expense", "Equipment:Machinery"],
  ];
  for (const [vendor, type, account] of miscoded) {
    const history = ofVendor(vendor, type);
    const base = history[0]!;
    const amount = money2(usual(history) * (0.7 + rand() * 0.6));
    const day = someDay();
    const other = type === "Bill" ? "Accounts Payable (A/P)" : cardAccount;
    add({ date: day, type, num: type === "Bill" ? `${vendor.slice(0, 2).toUpperCase()}${60000 + Math.floor(rand() * 9999)}` : "", name: vendor, memo: base.memo, lines: [
      { account: other, credit: amount, name: vendor }, { account, debit: amount, name: vendor, memo: base.memo },
    ], created: bookkeeperSession(day), createdBy: "Dana Kowalski", kind: "planted", anomaly: "wrong_account" });
  }

  // 3. A check to a payee never seen before, for a large round amount.
  const newPayees: [string, number, string, string][] = [
    ["Prairie Land Holdings", 9500, "Cost of Goods Sold:Subcontractors", "Dana Kowalski"],
    ["JM Consulting Group", 7500, "Legal & Professional Fees:Accounting", "Dana Kowalski"],
    ["Apex Equipment Sales", 12000, "Repairs & Maintenance:Equipment Repairs", "Mike Alvarez"],
    ["R. Delgado", 6000, "Cost of Goods Sold:Subcontractors", "Dana Kowalski"],
  ];
  for (const [payee, amount, account, user] of newPayees) {
    const day = someDay();
    add({ date: day, type: "Check", num: ctx.nextCheck(), name: payee, memo: "", lines: [
      { account: "Chase Business Checking", credit: amount, name: payee }, { account, debit: amount, name: payee },
    ], created: user === "Dana Kowalski" ? bookkeeperSession(day) : at(day, 20), createdBy: user, kind: "planted", anomaly: "new_payee_round_check" });
  }

  // 4. A payee whose name imitates an established one, keyed by the bookkeeper on a Sunday evening
  //    (a day she never works): her own firm's name misspelt, and the main nursery's.
  const lookalikes: [string, string, number][] = [
    ["Dana Kowalsky Bookkeeping", "Legal & Professional Fees:Bookkeeping", 2450],
    ["Green Vally Nursery", "Cost of Goods Sold:Plants & Materials", 3875.4],
  ];
  for (const [payee, account, amount] of lookalikes) {
    let day = someDay();
    while (new Date(day).getUTCDay() !== 0) day += DAY;
    const num = `${40000 + Math.floor(rand() * 9999)}`;
    const keyed = at(day, 21);
    add({ date: day - 3 * DAY, type: "Bill", num, name: payee, memo: "", lines: [
      { account: "Accounts Payable (A/P)", credit: amount, name: payee }, { account, debit: amount, name: payee },
    ], created: keyed, createdBy: "Dana Kowalski", kind: "planted", anomaly: "lookalike_payee" });
    add({ date: day, type: "Bill Payment (Check)", num: "ACH", name: payee, memo: num, lines: [
      { account: "Accounts Payable (A/P)", debit: amount, name: payee }, { account: "Chase Business Checking", credit: amount, name: payee },
    ], created: keyed + 240_000, createdBy: "Dana Kowalski", kind: "planted", anomaly: "lookalike_payee" });
  }
  void pick;
}

const pad = (n: number) => String(n).padStart(2, "0");
function mdy(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCMonth() + 1)}/${pad(d.getUTCDate())}/${d.getUTCFullYear()}`;
}
function mdyTime(ms: number): string {
  const d = new Date(ms);
  return `${mdy(ms)} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`;
}
/** Excel's "Number, 1000 separator" format, as the re-saved CSV writes it. */
function money(x: number): string {
  return x.toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** RFC 4180 quoting for the fields that need it (amounts with a thousands comma among them). */
export function toCsv(ledger: SmallbizLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
