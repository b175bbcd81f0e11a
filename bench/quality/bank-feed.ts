/**
 * An independent evaluation data set of a COMPANY'S TREASURY: the bank-statement feed of a
 * mid-size US manufacturer with a German and a British subsidiary, over 18 months (January 2025 –
 * June 2026), exported from its bank portal / treasury system the way J.P. Morgan Access, Kyriba
 * or a BAI2 / camt.053 detail flattened to CSV writes it: one row per booked transaction on one of
 * its six accounts (US operating, payroll, tax, a collections zero-balance account swept nightly,
 * EUR and GBP operating), booking and value date (`YYYY-MM-DD`), the moment an outgoing payment
 * was initiated in the portal (UTC, empty for what the bank books on its own), the BAI type code
 * and the transaction type, `Debit`/`Credit` beside an unsigned amount, the account's currency,
 * the counterparty's name, its masked account (`****1234`, `DE89 **** 4410`) and bank, the bank
 * reference and end-to-end reference, the remittance information, and the treasury users who
 * initiated and approved an outgoing payment.
 *
 * Written from how treasury feeds look — before reading the product's detectors. Regular business
 * (unlabelled as anomalies, each row tagged with its kind: the hard negatives) dominates:
 *  - lockbox deposits and customers' ACH credits every business day, daily card settlements,
 *    month-end and year-end spikes; the collections account swept to operating every night;
 *  - bi-weekly payroll funding (operating → payroll, shifted to the business day before a bank
 *    holiday) and the payroll account's ACH debits of the payroll provider (net pay, taxes,
 *    401(k), garnishments), an annual bonus run in March;
 *  - federal payroll tax deposits after each payroll, quarterly estimated income tax (large,
 *    round-ish), monthly state sales tax, each funded into the tax account first;
 *  - vendor payments in twice-weekly ACH runs, wires for large and foreign vendors, checks;
 *    new vendors onboarded with a modest first payment; three vendors changing their bank
 *    account for good; a December spike;
 *  - intercompany funding of the subsidiaries, FX conversions into EUR and GBP, the subsidiaries'
 *    own salaries and suppliers, loan interest monthly and principal quarterly, bank fees and
 *    interest, the annual insurance premium;
 *  - the treasury manager on holiday for two weeks (the controller approving), the analyst's
 *    early-morning EUR wires (a habit), the CFO approving what is above the approval limit.
 * Planted (labelled per row; never in the export) are what a treasury controller looks for — see
 * BANK_ANOMALIES.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export const BANK_ANOMALIES = [
  "vendor_new_bank_account", // an established vendor's name paid into an account never seen for it (business email compromise)
  "duplicate_vendor_payment", // the same vendor and amount paid again 2–6 days later under another reference
  "large_wire_new_counterparty", // a large wire to a counterparty never paid before
  "split_under_approval_limit", // one payment cut into 2–3 pieces just under the CFO's approval limit
  "off_hours_wire", // a wire initiated at night or on a weekend by a user who never does that
  "self_approved_payment", // initiated and approved by the same user
  "lookalike_counterparty", // a counterparty whose name imitates an established vendor's
] as const;
export type BankAnomaly = (typeof BANK_ANOMALIES)[number];

export const BANK_HEADER = [
  "Bank Reference", "Account Name", "Account Number", "Booking Date", "Value Date", "Initiated At", "BAI Code", "Transaction Type",
  "Debit/Credit", "Amount", "Currency", "Counterparty Name", "Counterparty Account", "Counterparty Bank", "End To End Reference",
  "Remittance Information", "Initiated By", "Approved By",
];

export interface BankRow {
  id: string;
  kind: string;
  anomaly?: BankAnomaly;
  account: string;
  counterparty: string;
  amount: number;
  side: "Debit" | "Credit";
}

export interface BankExport {
  header: string[];
  rows: string[][];
  transactions: BankRow[];
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const END = Date.UTC(2026, 6, 1);
/** US bank holidays of the span (no bookings; payroll moves to the business day before). */
const HOLIDAYS = new Set([
  "2025-01-01", "2025-01-20", "2025-02-17", "2025-05-26", "2025-06-19", "2025-07-04", "2025-09-01", "2025-10-13", "2025-11-11", "2025-11-27", "2025-12-25",
  "2026-01-01", "2026-01-19", "2026-02-16", "2026-05-25", "2026-06-19",
]);
/** The approval limit above which the CFO approves an outgoing payment. */
const CFO_LIMIT = 50_000;

interface OwnAccount { name: string; number: string; currency: string }
const OPER: OwnAccount = { name: "US Operating", number: "****4821", currency: "USD" };
const PAYR: OwnAccount = { name: "US Payroll", number: "****7710", currency: "USD" };
const TAX: OwnAccount = { name: "US Tax", number: "****3390", currency: "USD" };
const COLL: OwnAccount = { name: "US Collections ZBA", number: "****5502", currency: "USD" };
const EUR: OwnAccount = { name: "EUR Operating", number: "DE89 **** 4410", currency: "EUR" };
const GBP: OwnAccount = { name: "GBP Operating", number: "GB29 **** 8812", currency: "GBP" };
const COMPANY = "NORTHWIND COMPONENTS INC";

interface Vendor {
  name: string;
  account: string;
  bank: string;
  median: number;
  sigma: number;
  /** Payments per month, on average. */
  rate: number;
  method: "ACH" | "WIRE" | "CHECK";
  from: OwnAccount;
  onboarded: number;
  /** A legitimate change of bank account on this day, for good. */
  changes?: { at: number; account: string; bank: string };
}

const VENDOR_WORDS = [
  "Apex Industrial Supply", "Benchmark Castings", "Cascade Polymers", "Delta Fasteners", "Evergreen Logistics", "Fairview Electric", "Granite Tooling",
  "Harbor Freight Lines", "Ironclad Metals", "Jetstream Packaging", "Keystone Bearings", "Lakeside Chemicals", "Meridian Plastics", "Northstar Machining",
  "Oakridge Components", "Pinnacle Hydraulics", "Quantum Circuits", "Redwood Pallets", "Summit Welding Supply", "Titan Steel Service", "Unity Coatings",
  "Vanguard Motors", "Westfield Gaskets", "Yellowstone Rubber", "Zenith Controls", "Atlas Copier Leasing", "Brightline Janitorial", "Coastal Waste Services",
  "Dominion Energy", "Eastgate Properties", "Frontier Communications", "Guardian Security", "Horizon Staffing", "Insight Consulting Group", "Juniper Networks",
  "Kensington Legal", "Landmark Insurance Brokers", "Metro Courier", "Nationwide Forklift", "Orion Software", "Patriot Freight", "Quarry Abrasives",
  "Riverside Electric Motors", "Sterling Adhesives", "Trident Compressors", "Union Tank Car", "Valley Industrial Gas", "Wolverine Springs",
  "Allied Conveyor", "Bluewater Cooling", "Centurion Calibration", "Diamond Saw Works", "Elite Powder Coating", "Falcon Forge", "Global Wire & Cable",
  "Heritage Paper", "Integrity Testing Labs", "Jupiter Robotics", "Kinetic Drives", "Liberty Machine Tools", "Mariner Marine Hardware", "Nova Filtration",
  "Omega Seals", "Precision Grinding", "Quest Instruments", "Reliance Steel", "Sentinel Fire Protection", "Triton Pumps", "Ultra Clean Solvents",
  "Victory Label", "Windsor Crates", "Xcel Transport", "Yorktown Hose", "Zephyr Ventilation",
];
const LEGAL = ["Inc", "LLC", "Corp", "Co", "Inc.", "LLC"];
const BANKS = ["JPMORGAN CHASE", "BANK OF AMERICA", "WELLS FARGO", "US BANK", "PNC BANK", "TRUIST", "CITIBANK", "FIFTH THIRD", "KEYBANK", "HUNTINGTON"];
const EUR_VENDORS = ["Bosch Rexroth AG", "Schaeffler Technologies AG", "Festo SE", "igus GmbH", "Hoffmann Group GmbH", "Sick AG", "Pilz GmbH", "Würth Industrie Service"];
const GBP_VENDORS = ["RS Components Ltd", "Brammer Buck & Hickman", "Renishaw plc", "Spirax-Sarco Ltd", "Wolseley UK Ltd", "Travis Perkins plc"];
const CUSTOMERS = [
  "Acme Robotics", "Baxter Assembly", "Crown Equipment", "Dynamic Automation", "Emerson Fabrication", "Fleetline Trucks", "Great Lakes OEM", "Hillcrest Appliances",
  "Interstate Pump", "Jensen Marine", "Kraus Agricultural", "Lincoln HVAC", "Morgan Elevator", "Nordic Windpower", "Ozark Trailers", "Prairie Tractor",
  "Quincy Compressor", "Rockford Transit", "Sierra Aerospace", "Tecumseh Power", "Upland Rail", "Vireo Medical Devices", "Wabash Boats", "Yates Forklift",
];
/** The tax authorities' and garnishment payees' accounts (each its own). */
const AUTHORITY_ACCOUNTS = { "IRS USATAXPYMT": "****0001", "NYS DTF SALES TAX": "****6420", "TEXAS COMPTROLLER": "****3117" } as const;
const GARNISHEES = [
  { counterparty: "NYS CHILD SUPPORT SDU", cpAccount: "****1000" }, { counterparty: "TX CHILD SUPPORT SDU", cpAccount: "****2210" }, { counterparty: "US DEPT OF EDUCATION AWG", cpAccount: "****0457" },
];
const USERS = { analyst: "mchen", ap: "jpatel", apBackup: "dlee", manager: "rgomez", controller: "lwright", cfo: "kobrien" };

export function generateBankExport(options: { seed: number }): BankExport {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const digits = (n: number) => Array.from({ length: n }, () => int(0, 9)).join("");
  const cents = (x: number) => Math.round(x * 100) / 100;
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const weekday = (t: number) => new Date(t).getUTCDay();
  const businessDay = (t: number) => weekday(t) !== 0 && weekday(t) !== 6 && !HOLIDAYS.has(iso(t));
  const nextBusinessDay = (t: number) => { while (!businessDay(t)) t += DAY; return t; };
  const prevBusinessDay = (t: number) => { while (!businessDay(t)) t -= DAY; return t; };
  const maskedUs = () => `****${digits(4)}`;
  const maskedIban = (cc: string) => `${cc}${digits(2)} **** ${digits(4)}`;

  interface Draft {
    day: number;
    account: OwnAccount;
    side: "Debit" | "Credit";
    amount: number;
    bai: string;
    type: string;
    counterparty: string;
    cpAccount: string;
    cpBank: string;
    remittance: string;
    /** Initiated in the portal: the moment (UTC ms), who initiated and who approved. */
    initiated?: { t: number; by: string; approver: string };
    kind: string;
    anomaly?: BankAnomaly;
    /** Value date, when it differs from the booking date (an ACH settles a day later). */
    valueDay?: number;
  }
  const drafts: Draft[] = [];
  const add = (d: Draft) => { if (d.day >= START && d.day < END) drafts.push(d); };

  // ---- Treasury users' presence -----------------------------------------------------------
  const managerAway = (() => { const s = Date.UTC(2025, 7, int(4, 11)); return [s, s + 14 * DAY] as const; })();
  const apAway = (() => { const s = Date.UTC(2025, 11, int(15, 19)); return [s, s + 12 * DAY] as const; })();
  const inRange = (t: number, r: readonly [number, number]) => t >= r[0] && t < r[1];
  /** ET offset (hours east of UTC): −4 in daylight saving, roughly March–October, else −5. */
  const et = (t: number) => { const m = new Date(t).getUTCMonth(); return m >= 2 && m <= 9 ? -4 : -5; };
  /** A moment on `day` at ET hour h (fractional), in UTC ms. */
  const atEt = (day: number, h: number) => day + (h - et(day)) * 3_600_000 + int(0, 59) * 60_000 + int(0, 59) * 1000;
  const initiator = (day: number) => (inRange(day, apAway) ? USERS.apBackup : USERS.ap);
  const approverFor = (amount: number, day: number) => (amount >= CFO_LIMIT ? USERS.cfo : inRange(day, managerAway) ? USERS.controller : USERS.manager);
  /** An outgoing payment keyed in business hours on its booking day or the business day before (ACH runs a day ahead). */
  const keyed = (day: number, amount: number, by?: string, lead = 0) => {
    const on = lead ? prevBusinessDay(day - lead * DAY) : day;
    return { t: atEt(on, between(8.5, 17)), by: by ?? initiator(on), approver: approverFor(amount, on) };
  };

  // ---- Vendors -----------------------------------------------------------------------------
  const vendors: Vendor[] = [];
  const usedNames = new Set<string>();
  for (const base of VENDOR_WORDS) {
    const name = `${base} ${pick(LEGAL)}`;
    usedNames.add(name);
    const big = rnd() < 0.15;
    vendors.push({
      name, account: maskedUs(), bank: pick(BANKS), median: big ? logn(60_000, 0.5) : logn(6_000, 0.9), sigma: between(0.25, 0.6),
      rate: big ? between(0.6, 1.5) : between(0.5, 4), method: big ? "WIRE" : rnd() < 0.12 ? "CHECK" : "ACH", from: OPER,
      onboarded: rnd() < 0.12 ? START + int(120, 480) * DAY : START - 400 * DAY,
    });
  }
  for (const name of EUR_VENDORS) vendors.push({ name, account: maskedIban("DE"), bank: pick(["DEUTSCHE BANK", "COMMERZBANK", "SPARKASSE"]), median: logn(9_000, 0.6), sigma: 0.4, rate: between(1, 3), method: "WIRE", from: EUR, onboarded: START - 400 * DAY });
  for (const name of GBP_VENDORS) vendors.push({ name, account: maskedIban("GB"), bank: pick(["BARCLAYS", "HSBC UK", "LLOYDS BANK", "NATWEST"]), median: logn(6_000, 0.6), sigma: 0.4, rate: between(1, 3), method: "WIRE", from: GBP, onboarded: START - 400 * DAY });
  // Three vendors move their account to another bank for good (a merger of banks, a new treasury).
  for (const v of vendors.filter((x) => x.from === OPER && x.onboarded < START).slice(0, 3).map(() => pick(vendors.filter((x) => x.from === OPER && x.onboarded < START && !x.changes)))) {
    v.changes = { at: START + int(150, 420) * DAY, account: maskedUs(), bank: pick(BANKS) };
  }
  const accountOf = (v: Vendor, day: number) => (v.changes && day >= v.changes.at ? { account: v.changes.account, bank: v.changes.bank } : { account: v.account, bank: v.bank });
  const invoiceNo = () => `INV ${digits(6)}`;

  const payVendor = (v: Vendor, day: number, amount: number, extra: Partial<Draft> = {}) => {
    const { account, bank } = accountOf(v, day);
    const method = v.method === "ACH" && amount > 250_000 ? "WIRE" : v.method;
    const [bai, type] = method === "ACH" ? ["455", "ACH DEBIT"] : method === "WIRE" ? ["495", "OUTGOING WIRE"] : ["475", "CHECK PAID"];
    const count = amount > v.median * 1.6 ? 2 : 1;
    const remittance = Array.from({ length: count }, invoiceNo).join(" ");
    add({
      day, account: v.from, side: "Debit", amount: cents(amount), bai, type, counterparty: v.name, cpAccount: account, cpBank: bank,
      remittance: method === "CHECK" ? `CHECK ${digits(6)} ${remittance}` : remittance,
      initiated: method === "CHECK" ? keyed(day, amount, undefined, int(3, 8)) : method === "ACH" ? keyed(day, amount, undefined, 1) : keyed(day, amount, v.from === OPER ? undefined : USERS.analyst),
      kind: `vendor_${method.toLowerCase()}`, ...extra,
    });
  };

  // ---- Day by day ---------------------------------------------------------------------------
  const payrollDays: number[] = [];
  for (let d = Date.UTC(2025, 0, 10); d < END; d += 14 * DAY) payrollDays.push(prevBusinessDay(d));
  const payrollSet = new Set(payrollDays);
  const vendorNext = new Map<Vendor, number>();
  const paidVendors = new Set<Vendor>();
  for (const v of vendors) vendorNext.set(v, Math.max(START, v.onboarded) + int(0, Math.round(30 / v.rate)) * DAY);
  const customerAccounts = new Map(CUSTOMERS.map((c) => [c, { account: maskedUs(), bank: pick(BANKS), median: logn(18_000, 0.6) }]));
  const headcountPay = () => logn(410_000, 0.05);

  for (let day = START; day < END; day += DAY) {
    if (!businessDay(day)) continue;
    const month = new Date(day).getUTCMonth();
    const dom = new Date(day).getUTCDate();
    const lastBusinessOfMonth = new Date(nextBusinessDay(day + DAY)).getUTCMonth() !== month;
    const seasonal = (month === 11 ? 1.4 : 1) * (lastBusinessOfMonth ? 1.8 : 1);
    let collected = 0;
    // Collections: lockbox batches, customers' ACH credits, card settlement.
    for (let k = int(1, 3); k > 0; k--) {
      const a = cents(logn(24_000 * seasonal, 0.55));
      collected += a;
      add({ day, account: COLL, side: "Credit", amount: a, bai: "115", type: "LOCKBOX DEPOSIT", counterparty: "LOCKBOX 0427", cpAccount: "", cpBank: "", remittance: `LBX BATCH ${digits(5)} ITEMS ${int(3, 40)}`, kind: "lockbox" });
    }
    for (let k = int(1, 4); k > 0; k--) {
      const c = pick(CUSTOMERS);
      const info = customerAccounts.get(c)!;
      const a = cents(logn(info.median * seasonal, 0.5));
      collected += a;
      add({ day, account: COLL, side: "Credit", amount: a, bai: "165", type: "ACH CREDIT", counterparty: c.toUpperCase(), cpAccount: info.account, cpBank: info.bank, remittance: `PMT ${invoiceNo()}`, kind: "customer_ach" });
    }
    const card = cents(logn(8_500 * seasonal, 0.3));
    collected += card;
    add({ day, account: COLL, side: "Credit", amount: card, bai: "165", type: "CARD SETTLEMENT", counterparty: "MERCHANT BANKCARD", cpAccount: "****0099", cpBank: "FISERV", remittance: `BATCH ${digits(7)}`, kind: "card_settlement" });
    // The nightly sweep of the collections ZBA to operating.
    add({ day, account: COLL, side: "Debit", amount: cents(collected), bai: "501", type: "ZBA TRANSFER DEBIT", counterparty: COMPANY, cpAccount: OPER.number, cpBank: "JPMORGAN CHASE", remittance: "ZBA SWEEP TO OPERATING", kind: "zba_sweep" });
    add({ day, account: OPER, side: "Credit", amount: cents(collected), bai: "275", type: "ZBA TRANSFER CREDIT", counterparty: COMPANY, cpAccount: COLL.number, cpBank: "JPMORGAN CHASE", remittance: "ZBA SWEEP FROM COLLECTIONS", kind: "zba_sweep" });

    // Payroll: funding, the provider's debits, the federal tax deposit the next day.
    if (payrollSet.has(day) || (month === 2 && dom >= 13 && dom <= 19 && weekday(day) === 3)) {
      const bonus = !payrollSet.has(day);
      const net = cents(bonus ? logn(1_250_000, 0.05) : headcountPay() * (month === 11 ? 1.05 : 1));
      const taxes = cents(net * between(0.36, 0.4));
      const k401 = bonus ? 0 : cents(net * between(0.07, 0.08));
      const garn = bonus ? [] : Array.from({ length: int(3, 5) }, () => cents(between(150, 900)));
      const funding = cents(net + taxes + k401 + garn.reduce((s, x) => s + x, 0));
      const fundT = keyed(day, funding, USERS.analyst, 1);
      fundT.approver = USERS.controller;
      add({ day: prevBusinessDay(day - DAY), account: OPER, side: "Debit", amount: funding, bai: "501", type: "BOOK TRANSFER DEBIT", counterparty: COMPANY, cpAccount: PAYR.number, cpBank: "JPMORGAN CHASE", remittance: bonus ? "FUND BONUS PAYROLL" : "FUND PAYROLL", initiated: fundT, kind: "payroll_funding" });
      add({ day: prevBusinessDay(day - DAY), account: PAYR, side: "Credit", amount: funding, bai: "275", type: "BOOK TRANSFER CREDIT", counterparty: COMPANY, cpAccount: OPER.number, cpBank: "JPMORGAN CHASE", remittance: bonus ? "FUND BONUS PAYROLL" : "FUND PAYROLL", kind: "payroll_funding" });
      add({ day, account: PAYR, side: "Debit", amount: net, bai: "455", type: "ACH DEBIT", counterparty: "ADP WAGE PAY", cpAccount: "****0301", cpBank: "ADP TRUST", remittance: bonus ? "ADP WAGE PAY BONUS RUN" : `ADP WAGE PAY PE ${iso(day - 5 * DAY)}`, kind: bonus ? "annual_bonus" : "payroll_ach" });
      add({ day, account: PAYR, side: "Debit", amount: taxes, bai: "455", type: "ACH DEBIT", counterparty: "ADP TAX", cpAccount: "****0302", cpBank: "ADP TRUST", remittance: "ADP TAX IMPOUND", kind: bonus ? "annual_bonus" : "payroll_ach" });
      if (k401) add({ day, account: PAYR, side: "Debit", amount: k401, bai: "455", type: "ACH DEBIT", counterparty: "FIDELITY 401K", cpAccount: "****7766", cpBank: "STATE STREET", remittance: "401K CONTRIB", kind: "payroll_ach" });
      for (const g of garn) add({ day, account: PAYR, side: "Debit", amount: g, bai: "455", type: "ACH DEBIT", ...pick(GARNISHEES), cpBank: "STATE TREASURY", remittance: "GARNISHMENT", kind: "payroll_ach" });
    }
    // Federal payroll tax (EFTPS) the business day after payroll, from the tax account it is funded into.
    if (payrollSet.has(prevBusinessDay(day - DAY))) {
      const t = cents(logn(165_000, 0.05));
      const fundT = keyed(day, t, USERS.analyst);
      fundT.approver = USERS.controller;
      add({ day, account: OPER, side: "Debit", amount: t, bai: "501", type: "BOOK TRANSFER DEBIT", counterparty: COMPANY, cpAccount: TAX.number, cpBank: "JPMORGAN CHASE", remittance: "FUND TAX ACCOUNT", initiated: fundT, kind: "tax_funding" });
      add({ day, account: TAX, side: "Credit", amount: t, bai: "275", type: "BOOK TRANSFER CREDIT", counterparty: COMPANY, cpAccount: OPER.number, cpBank: "JPMORGAN CHASE", remittance: "FUND TAX ACCOUNT", kind: "tax_funding" });
      add({ day, account: TAX, side: "Debit", amount: t, bai: "455", type: "ACH DEBIT", counterparty: "IRS USATAXPYMT", cpAccount: AUTHORITY_ACCOUNTS["IRS USATAXPYMT"], cpBank: "US TREASURY", remittance: "EFTPS 941 DEPOSIT", initiated: keyed(day, t, USERS.analyst), kind: "payroll_tax" });
    }
    // Quarterly estimated income tax (15th of Apr, Jun, Sep, Dec, moved to a business day) and monthly state sales tax (20th).
    const tax = (auth: keyof typeof AUTHORITY_ACCOUNTS, amount: number, memo: string, kind: string) => {
      const fundT = keyed(day, amount, USERS.analyst);
      add({ day, account: OPER, side: "Debit", amount, bai: "501", type: "BOOK TRANSFER DEBIT", counterparty: COMPANY, cpAccount: TAX.number, cpBank: "JPMORGAN CHASE", remittance: "FUND TAX ACCOUNT", initiated: fundT, kind });
      add({ day, account: TAX, side: "Credit", amount, bai: "275", type: "BOOK TRANSFER CREDIT", counterparty: COMPANY, cpAccount: OPER.number, cpBank: "JPMORGAN CHASE", remittance: "FUND TAX ACCOUNT", kind });
      add({ day, account: TAX, side: "Debit", amount, bai: "455", type: "ACH DEBIT", counterparty: auth, cpAccount: AUTHORITY_ACCOUNTS[auth], cpBank: auth === "IRS USATAXPYMT" ? "US TREASURY" : "STATE TREASURY", remittance: memo, initiated: keyed(day, amount, USERS.analyst), kind });
    };
    const dueOn = (m: number, d: number) => month === m && nextBusinessDay(Date.UTC(new Date(day).getUTCFullYear(), m, d)) === day;
    if ([3, 5, 8, 11].some((m) => dueOn(m, 15))) tax("IRS USATAXPYMT", Math.round(logn(850_000, 0.12) / 1000) * 1000, "EFTPS 1120 ESTIMATED TAX", "estimated_tax");
    if (dueOn(month, 20)) {
      tax("NYS DTF SALES TAX", cents(logn(62_000, 0.15) * (month === 0 ? 1.3 : 1)), "ST-810 SALES TAX", "sales_tax");
      tax("TEXAS COMPTROLLER", cents(logn(24_000, 0.15)), "TX SALES AND USE TAX", "sales_tax");
    }

    // Vendors due today (ACH runs on Tuesdays and Thursdays; wires and checks any business day).
    for (const v of vendors) {
      if (v.onboarded > day) continue;
      let next = vendorNext.get(v)!;
      if (next > day) continue;
      if (v.method === "ACH" && weekday(day) !== 2 && weekday(day) !== 4) continue;
      const first = v.onboarded >= START && !paidVendors.has(v);
      paidVendors.add(v);
      const amount = first ? Math.min(logn(v.median, v.sigma), v.median * 0.6) : logn(v.median * (month === 11 ? 1.3 : 1), v.sigma);
      payVendor(v, day, amount);
      next = day + Math.max(3, Math.round(logn(30 / v.rate, 0.35))) * DAY;
      vendorNext.set(v, next);
    }

    // Intercompany funding and FX (first business days of the month), subsidiaries' salaries (25th), local suppliers.
    const firstBusiness = day === nextBusinessDay(Date.UTC(new Date(day).getUTCFullYear(), month, 1));
    if (firstBusiness) {
      for (const [sub, acct, ccy, rate, median] of [["NORTHWIND GMBH", EUR, "EUR", 1.08, 380_000], ["NORTHWIND UK LTD", GBP, "GBP", 1.27, 240_000]] as const) {
        const usd = cents(Math.round(logn(median, 0.08) / 1000) * 1000);
        const fx = cents(usd / rate * between(0.99, 1.01));
        const t = keyed(day, usd, USERS.analyst);
        add({ day, account: OPER, side: "Debit", amount: usd, bai: "495", type: "FX SPOT DEBIT", counterparty: "JPMORGAN FX DESK", cpAccount: "", cpBank: "JPMORGAN CHASE", remittance: `FX SPOT USD/${ccy} ${sub}`, initiated: t, kind: "fx_conversion" });
        add({ day, account: acct, side: "Credit", amount: fx, bai: "195", type: "FX SPOT CREDIT", counterparty: "JPMORGAN FX DESK", cpAccount: "", cpBank: "JPMORGAN CHASE", remittance: `FX SPOT USD/${ccy}`, kind: "fx_conversion" });
        const ic = cents(Math.round(logn(median * 0.15, 0.2) / 1000) * 1000);
        add({ day: nextBusinessDay(day + DAY), account: OPER, side: "Debit", amount: ic, bai: "495", type: "OUTGOING WIRE", counterparty: sub, cpAccount: acct.number, cpBank: ccy === "EUR" ? "DEUTSCHE BANK" : "BARCLAYS", remittance: "INTERCOMPANY LOAN FUNDING", initiated: keyed(day, ic, USERS.analyst), kind: "intercompany" });
      }
      // Loan interest monthly, principal quarterly; bank fees; interest earned.
      add({ day, account: OPER, side: "Debit", amount: cents(logn(41_000, 0.03)), bai: "455", type: "ACH DEBIT", counterparty: "FIRST NATIONAL BANK LOAN SVC", cpAccount: "****9000", cpBank: "FIRST NATIONAL BANK", remittance: "TERM LOAN INTEREST", kind: "loan_interest" });
      if (month % 3 === 0) add({ day, account: OPER, side: "Debit", amount: 250_000, bai: "455", type: "ACH DEBIT", counterparty: "FIRST NATIONAL BANK LOAN SVC", cpAccount: "****9000", cpBank: "FIRST NATIONAL BANK", remittance: "TERM LOAN PRINCIPAL", kind: "loan_principal" });
      for (const a of [OPER, PAYR, TAX, COLL]) add({ day, account: a, side: "Debit", amount: cents(logn(a === OPER ? 1_450 : 240, 0.2)), bai: "698", type: "ACCOUNT ANALYSIS FEE", counterparty: "JPMORGAN CHASE", cpAccount: "", cpBank: "", remittance: "ACCOUNT ANALYSIS SERVICE CHARGE", kind: "bank_fee" });
      for (const a of [EUR, GBP]) add({ day, account: a, side: "Debit", amount: cents(logn(85, 0.2)), bai: "698", type: "ACCOUNT FEE", counterparty: a === EUR ? "DEUTSCHE BANK" : "BARCLAYS", cpAccount: "", cpBank: "", remittance: "KONTOFUEHRUNG / ACCOUNT FEE", kind: "bank_fee" });
      add({ day, account: OPER, side: "Credit", amount: cents(logn(3_200, 0.3)), bai: "354", type: "INTEREST CREDIT", counterparty: "JPMORGAN CHASE", cpAccount: "", cpBank: "", remittance: "INTEREST EARNED", kind: "interest" });
    }
    if (dom >= 24 && dom <= 26 && day === nextBusinessDay(Date.UTC(new Date(day).getUTCFullYear(), month, 25))) {
      add({ day, account: EUR, side: "Debit", amount: cents(logn(310_000, 0.03) * (month === 10 ? 1.5 : 1)), bai: "455", type: "SEPA CREDIT TRANSFER", counterparty: "GEHALTSZAHLUNG SAMMLER", cpAccount: "DE12 **** 0001", cpBank: "DEUTSCHE BANK", remittance: "LOHN/GEHALT SAMMELAUFTRAG", initiated: { ...keyed(day, 0, USERS.analyst), t: atEt(day, between(6, 7.5)) }, kind: "sub_salaries" });
      add({ day, account: GBP, side: "Debit", amount: cents(logn(205_000, 0.03)), bai: "455", type: "BACS PAYMENT", counterparty: "BACS SALARIES", cpAccount: "GB55 **** 0001", cpBank: "BARCLAYS", remittance: "MONTHLY SALARIES", initiated: keyed(day, 0, USERS.analyst), kind: "sub_salaries" });
    }
    // The annual insurance premium (July).
    if (month === 6 && day === nextBusinessDay(Date.UTC(new Date(day).getUTCFullYear(), 6, 1))) {
      const p = cents(logn(480_000, 0.05));
      add({ day, account: OPER, side: "Debit", amount: p, bai: "495", type: "OUTGOING WIRE", counterparty: "TRAVELERS CASUALTY & SURETY", cpAccount: maskedUs(), cpBank: "BANK OF AMERICA", remittance: "ANNUAL PROPERTY & CASUALTY PREMIUM", initiated: keyed(day, p, USERS.analyst), kind: "insurance_premium" });
    }
    // Wire fees for the day's outgoing wires.
    let wires = 0;
    for (let i = drafts.length - 1; i >= 0 && drafts[i]!.day >= day; i--) if (drafts[i]!.day === day && drafts[i]!.type === "OUTGOING WIRE" && drafts[i]!.account === OPER) wires++;
    if (wires) add({ day, account: OPER, side: "Debit", amount: 25 * wires, bai: "698", type: "WIRE FEE", counterparty: "JPMORGAN CHASE", cpAccount: "", cpBank: "", remittance: `OUTGOING WIRE FEE X${wires}`, kind: "bank_fee" });
  }

  // ---- Planted -------------------------------------------------------------------------------
  const established = vendors.filter((v) => v.from === OPER && v.onboarded < START && !v.changes);
  const randomBusinessDay = (from: number, to: number) => nextBusinessDay(START + int(from, to) * DAY);
  const paidBefore = (v: Vendor, day: number) => drafts.filter((x) => x.counterparty === v.name && x.day < day && !x.anomaly);
  // Business email compromise: the vendor's name, a new account (often at another bank), an amount like its invoices.
  for (let i = 0; i < 8; i++) {
    const v = pick(established);
    const day = randomBusinessDay(150, 530);
    if (paidBefore(v, day).length < 4) { i--; continue; }
    const fake = { account: rnd() < 0.5 ? maskedUs() : `****${digits(4)}`, bank: pick(["BANCORP SOUTH", "METRO CITY BANK", "CROSS RIVER BANK", "EVOLVE BANK & TRUST"]) };
    for (let k = rnd() < 0.4 ? 2 : 1; k > 0; k--) {
      const d = nextBusinessDay(day + (k - 1) * int(3, 8) * DAY);
      const amount = cents(logn(v.median, v.sigma) * between(1, 2.5));
      add({ day: d, account: OPER, side: "Debit", amount, bai: "495", type: "OUTGOING WIRE", counterparty: v.name, cpAccount: fake.account, cpBank: fake.bank, remittance: `${invoiceNo()} UPDATED BANK DETAILS`, initiated: keyed(d, amount), kind: "planted", anomaly: "vendor_new_bank_account" });
    }
  }
  // Duplicate vendor payments: the same invoice paid again under another reference.
  for (let i = 0; i < 14; i++) {
    const v = pick(vendors.filter((x) => x.from === OPER));
    const hist = drafts.filter((x) => x.counterparty === v.name && !x.anomaly && x.day < END - 10 * DAY && x.day > START + 30 * DAY);
    if (!hist.length) { i--; continue; }
    const x = pick(hist);
    const d = nextBusinessDay(x.day + int(2, 6) * DAY);
    add({ ...x, day: d, remittance: invoiceNo(), initiated: x.initiated ? keyed(d, x.amount) : undefined, kind: "planted", anomaly: "duplicate_vendor_payment" });
  }
  // Large wires to counterparties never paid before.
  const NEW_PARTIES = ["Crestline Trading LLC", "Pacific Rim Holdings Ltd", "Silverleaf Advisory Group", "Bay Harbor Equipment Brokers", "Omnia Global Supply FZE", "Kestrel Asset Partners", "Lantern Bridge Capital", "Norvale Industrial Resale"];
  for (const name of NEW_PARTIES) {
    const day = randomBusinessDay(120, 540);
    const amount = cents(logn(320_000, 0.5));
    add({ day, account: OPER, side: "Debit", amount, bai: "495", type: "OUTGOING WIRE", counterparty: name, cpAccount: maskedUs(), cpBank: pick(["CROSS RIVER BANK", "EMIRATES NBD", "HSBC HONG KONG", "METRO CITY BANK"]), remittance: pick(["ADVANCE PAYMENT PO 4471", "EQUIPMENT DEPOSIT", "CONSULTING RETAINER", "SETTLEMENT AGREEMENT"]), initiated: keyed(day, amount, USERS.analyst), kind: "planted", anomaly: "large_wire_new_counterparty" });
  }
  // Splits under the CFO's approval limit: 2–3 pieces to one vendor on one or two days, each approved by the manager.
  for (let i = 0; i < 7; i++) {
    const v = pick(established.filter((x) => x.median < 20_000));
    const day = randomBusinessDay(90, 530);
    const by = initiator(day);
    for (let p = int(2, 3); p > 0; p--) {
      const d = nextBusinessDay(day + (p === 3 ? DAY : 0));
      const amount = cents(CFO_LIMIT * between(0.9, 0.995));
      add({ day: d, account: OPER, side: "Debit", amount, bai: "495", type: "OUTGOING WIRE", counterparty: v.name, cpAccount: accountOf(v, d).account, cpBank: accountOf(v, d).bank, remittance: invoiceNo(), initiated: { t: atEt(d, between(9, 16)), by, approver: inRange(d, managerAway) ? USERS.controller : USERS.manager }, kind: "planted", anomaly: "split_under_approval_limit" });
    }
  }
  // Wires initiated at night or on a weekend by the AP users, who never do.
  for (let i = 0; i < 8; i++) {
    const v = pick(established);
    const day = randomBusinessDay(90, 540);
    const weekend = rnd() < 0.4;
    // A weekend wire is keyed on the Sunday evening before its booking day; a night one in the small hours of it.
    const t = weekend ? atEt(day - weekday(day) * DAY, between(20, 23)) : atEt(day, between(1, 4.5));
    const amount = cents(logn(v.median, v.sigma) * between(1.5, 4));
    add({ day, account: OPER, side: "Debit", amount, bai: "495", type: "OUTGOING WIRE", counterparty: v.name, cpAccount: accountOf(v, day).account, cpBank: accountOf(v, day).bank, remittance: invoiceNo(), initiated: { t, by: pick([USERS.ap, USERS.apBackup]), approver: approverFor(amount, day) }, kind: "planted", anomaly: "off_hours_wire" });
  }
  // Self-approved payments.
  for (let i = 0; i < 10; i++) {
    const v = pick(established);
    const day = randomBusinessDay(60, 540);
    const amount = cents(logn(v.median, v.sigma));
    const by = pick([USERS.ap, USERS.analyst, USERS.manager]);
    add({ day, account: OPER, side: "Debit", amount, bai: v.method === "ACH" ? "455" : "495", type: v.method === "ACH" ? "ACH DEBIT" : "OUTGOING WIRE", counterparty: v.name, cpAccount: accountOf(v, day).account, cpBank: accountOf(v, day).bank, remittance: invoiceNo(), initiated: { t: atEt(day, between(9, 17)), by, approver: by }, kind: "planted", anomaly: "self_approved_payment" });
  }
  // Counterparties imitating established vendors.
  const imitate = (name: string): string => {
    const words = name.split(" ");
    const i = words.findIndex((w) => w.length >= 6);
    const w = words[i]!;
    const j = int(1, w.length - 2);
    const edits = [w.slice(0, j) + w[j]! + w.slice(j), w.slice(0, j) + w.slice(j + 1), w.slice(0, j) + w[j + 1]! + w[j]! + w.slice(j + 2), w.replace(/l/, "I").replace(/o/, "0")];
    words[i] = pick(edits.filter((e) => e !== w));
    return words.join(" ");
  };
  for (let i = 0; i < 5; i++) {
    const v = pick(established.filter((x) => x.name.split(" ").some((w) => w.length >= 6)));
    const name = imitate(v.name);
    if (usedNames.has(name)) { i--; continue; }
    usedNames.add(name);
    const account = maskedUs(), bank = pick(["CROSS RIVER BANK", "METRO CITY BANK"]);
    let day = randomBusinessDay(150, 480);
    for (let k = int(2, 3); k > 0; k--) {
      const amount = cents(logn(v.median, v.sigma));
      add({ day, account: OPER, side: "Debit", amount, bai: "455", type: "ACH DEBIT", counterparty: name, cpAccount: account, cpBank: bank, remittance: invoiceNo(), initiated: keyed(day, amount, undefined, 1), kind: "planted", anomaly: "lookalike_counterparty" });
      day = nextBusinessDay(day + int(10, 30) * DAY);
    }
  }

  // ---- The export -------------------------------------------------------------------------
  drafts.sort((a, b) => a.day - b.day || (a.initiated?.t ?? a.day) - (b.initiated?.t ?? b.day));
  const rows: string[][] = [];
  const transactions: BankRow[] = [];
  let seq = 0;
  for (const x of drafts) {
    const id = `${iso(x.day).replaceAll("-", "").slice(2)}${String(++seq).padStart(6, "0")}${digits(2)}`;
    const valueDay = x.valueDay ?? x.day;
    const e2e = x.initiated ? `NWC${iso(x.initiated.t).replaceAll("-", "")}${digits(5)}` : "";
    const initiated = x.initiated ? new Date(Math.floor(x.initiated.t / 1000) * 1000).toISOString().replace(".000Z", "Z") : "";
    rows.push([
      id, x.account.name, x.account.number, iso(x.day), iso(valueDay), initiated, x.bai, x.type, x.side, x.amount.toFixed(2), x.account.currency,
      x.counterparty, x.cpAccount, x.cpBank, e2e, x.remittance, x.initiated?.by ?? "", x.initiated?.approver ?? "",
    ]);
    transactions.push({ id, kind: x.kind, anomaly: x.anomaly, account: x.account.name, counterparty: x.counterparty, amount: x.amount, side: x.side });
  }
  return { header: BANK_HEADER, rows, transactions };
}

export function toCsv(data: BankExport): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [data.header, ...data.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
