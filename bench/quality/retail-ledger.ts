/**
 * An independent evaluation ledger of a MULTI-STORE RETAILER: a US general-merchandise chain of
 * 40–48 stores (each store a cost centre), its distribution centre and head office, exported from
 * the ERP's general ledger as a "GL journal lines" CSV: one row per journal line, `Line ID`
 * (numbered as lines were created), `Journal ID` (a journal's lines consecutive), `Doc Type` (POS
 * daily sales summaries, INV nightly inventory/COGS, PR payroll, AP invoices, PMT payments, GJ
 * manual journals, ALLOC allocations, CNT count adjustments), `Posting Date` (YYYY-MM-DD),
 * `Created At` (YYYY-MM-DD HH:mm:ss, head-office time), `Created By`, `Account`, `Account Name`,
 * `Cost Center` (S001… stores, DC01, HQ), `Department`, `Tender`, `Vendor ID`, `Vendor Name`,
 * `Description`, `Debit`, `Credit`. The fiscal months run July 2025 – January 2026 (back-to-school,
 * the holidays, the January count); each month is closed on the 8th working day of the next.
 *
 * Written from how such a retailer's books look — before reading the product's detectors: the
 * POS interface's nightly summary per store (sales by department, returns, sales tax, tenders —
 * cash, card, gift card, and at a few stores cheques or house charge accounts —, cash over/short
 * a few dollars either way), the inventory system's nightly COGS per store, weekly payroll per
 * store, rent (flat) and utilities (seasonal) monthly per store, central marketing and freight
 * allocated by sales, gift cards sold (December peak) and redeemed (January), breakage; stores
 * opened mid-period (pre-opening bills, a first month of launch sales), closed (last sales, lease
 * termination) and remodelled (three weeks without sales, then capital bills); a POS system
 * cut-over in October store by store (POS → XPOS doc type, a new interface user, the mobile-wallet
 * tender appears); physical counts in July and January with a shrink adjustment per store. The
 * planted problems (≈ 0.2 % of journals) are of the kinds a retailer's loss-prevention or internal
 * audit reports; every journal carries its kind beside the rows, never in the export.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export interface RetailOptions {
  seed: number;
}

/** One judged journal (its lines share the Journal ID). */
export interface RetailJournal {
  id: string;
  docType: string;
  kind: string;
  anomaly?: string;
  user: string;
  lines: number;
}

export interface RetailLedger {
  header: string[];
  rows: string[][];
  /** Line ID → journal id. */
  journalOfLine: Map<string, string>;
  journals: RetailJournal[];
}

export const RETAIL_HEADER = [
  "Line ID", "Journal ID", "Doc Type", "Posting Date", "Created At", "Created By", "Account", "Account Name", "Cost Center",
  "Department", "Tender", "Vendor ID", "Vendor Name", "Description", "Debit", "Credit",
];

export const RETAIL_ANOMALIES = [
  "cash_over_short_beyond_norm",
  "refund_spike",
  "manual_je_cash_inventory_unusual_user",
  "vendor_payment_closed_store",
  "shrink_outside_count",
  "unused_tender_split",
  "duplicate_pos_summary",
  "backdated_closed_period",
] as const;

const DAY = 86_400_000;
const START = Date.UTC(2025, 6, 1);
const END = Date.UTC(2026, 1, 1);

const ACCOUNTS: Record<string, string> = {
  "1010": "Store Cash on Hand", "1020": "Operating Bank", "1040": "Card Settlement Clearing", "1045": "Check Clearing",
  "1050": "Mobile Wallet Clearing", "1210": "House Charge Receivable", "1300": "Merchandise Inventory", "1310": "Inventory In Transit",
  "1500": "Leasehold Improvements", "1510": "Store Fixtures", "2010": "Accounts Payable", "2100": "Accrued Payroll",
  "2200": "Sales Tax Payable", "2300": "Gift Card Liability", "2400": "Accrued Expenses", "2450": "Lease Termination Reserve",
  "4010": "Sales - Apparel", "4020": "Sales - Home", "4030": "Sales - Seasonal", "4040": "Sales - Electronics",
  "4090": "Returns and Allowances", "4800": "Gift Card Breakage", "5010": "Cost of Goods Sold", "5020": "Freight In",
  "5150": "Inventory Shrink", "6010": "Store Wages", "6020": "Payroll Taxes", "6110": "Rent", "6120": "Common Area Maintenance",
  "6130": "Utilities", "6210": "Marketing", "6310": "Store Supplies", "6410": "Repairs and Maintenance", "6510": "Card Processing Fees",
  "6610": "Pre-Opening Expense", "6810": "Cash Over/Short", "6910": "Professional Fees",
};
const DEPTS: [string, string][] = [["4010", "APP"], ["4020", "HOME"], ["4030", "SEAS"], ["4040", "ELEC"]];

const USER = {
  pos: "pos.interface", xpos: "xpos.integration", inv: "inv.batch", payroll: "adp.sync", ap1: "mreyes", ap2: "tcollins",
  staff1: "jpark", staff2: "sokafor", controller: "lbennett", invControl: "dwhitaker", treasury: "rgupta", fpa: "kmorgan",
  merch: "hlopez", storeOps: "bdavis",
};

interface Store {
  code: string;
  name: string;
  /** Median daily net sales. */
  size: number;
  depts: string[];
  tax: number;
  checks: boolean;
  house: boolean;
  opens: number;
  closes: number;
  remodel?: [number, number];
  cutover: number;
  rent: number;
  landlord: [string, string];
  utility: [string, string];
  overShortSigma: number;
}

interface Line {
  account: string;
  debit?: number;
  credit?: number;
  store: string;
  dept?: string;
  tender?: string;
  vendor?: [string, string];
  desc?: string;
}
interface Doc {
  docType: string;
  date: number;
  entered: number;
  createdBy: string;
  lines: Line[];
  kind: string;
  anomaly?: string;
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const CITIES = [
  "Springfield", "Riverside", "Fairview", "Franklin", "Greenville", "Bristol", "Clinton", "Salem", "Madison", "Georgetown",
  "Arlington", "Ashland", "Burlington", "Manchester", "Milton", "Oxford", "Dover", "Hudson", "Kingston", "Marion", "Newport",
  "Jackson", "Lebanon", "Auburn", "Dayton", "Lexington", "Winchester", "Centerville", "Mount Vernon", "Oakland", "Troy",
  "Chester", "Plymouth", "Lancaster", "Monroe", "Washington", "Hamilton", "Marietta", "Concord", "Waverly", "Princeton",
  "Shelby", "Columbia", "Florence", "Canton", "Bedford", "Cleveland", "Camden",
];
const LANDLORDS = ["Simon Property Group", "Brixmor Property", "Kimco Realty", "Regency Centers", "Federal Realty", "SITE Centers", "Phillips Edison", "Retail Opportunity Inv"];
const UTILITIES = ["Duke Energy", "Dominion Energy", "Xcel Energy", "FirstEnergy", "Ameren", "Entergy"];

export function generateRetailLedger(options: RetailOptions): RetailLedger {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const docs: Doc[] = [];
  const add = (doc: Doc) => (docs.push(doc), doc);
  const isWeekend = (day: number) => [0, 6].includes(new Date(day).getUTCDay());
  const workday = (day: number) => {
    let t = day;
    while (isWeekend(t)) t += DAY;
    return t;
  };
  const at = (day: number, from = 8.5, to = 17.5) => day + Math.floor(between(from, to) * 3_600_000) + int(0, 59) * 1000;
  const monthOf = (ms: number): [number, number] => [new Date(ms).getUTCFullYear(), new Date(ms).getUTCMonth()];
  const monthEnd = (y: number, m0: number) => Date.UTC(y, m0 + 1, 0);
  /** The 8th working day of the month after (y, m0): that month's close. */
  const closeOf = (y: number, m0: number) => {
    let t = Date.UTC(y, m0 + 1, 1), n = 0;
    for (;; t += DAY) if (!isWeekend(t) && ++n === 8) return t;
  };
  const months: [number, number][] = [];
  for (let t = START; t < END; t = Date.UTC(new Date(t).getUTCFullYear(), new Date(t).getUTCMonth() + 1, 1)) months.push(monthOf(t));

  // ---- the stores ------------------------------------------------------------------------------
  const n = int(40, 48);
  const cities = [...CITIES].sort(() => rnd() - 0.5);
  const stores: Store[] = [];
  for (let i = 0; i < n; i++) {
    const size = Math.round(logn(9000, 0.45));
    stores.push({
      code: `S${String(101 + i).padStart(3, "0")}`, name: `${cities[i]} ${pick(["Plaza", "Commons", "Crossing", "Mall", "Marketplace", "Town Center"])}`,
      size, depts: size > 11000 ? ["4010", "4020", "4030", "4040"] : size > 7000 ? ["4010", "4020", "4030"] : ["4010", "4020"],
      tax: pick([0.0625, 0.07, 0.0725, 0.08, 0.0475, 0.06]), checks: rnd() < 0.25, house: rnd() < 0.12,
      opens: START - 400 * DAY, closes: END + 400 * DAY, cutover: Date.UTC(2025, 9, int(6, 31)),
      rent: Math.round(logn(size * 2.6, 0.25) / 10) * 10, landlord: [`L${100 + (i % LANDLORDS.length)}`, LANDLORDS[i % LANDLORDS.length]!],
      utility: [`U${200 + (i % UTILITIES.length)}`, UTILITIES[i % UTILITIES.length]!], overShortSigma: between(4, 18),
    });
  }
  // Two stores close, three open, two are remodelled mid-period.
  const [closeA, closeB] = [stores[n - 1]!, stores[n - 2]!];
  closeA.closes = Date.UTC(2025, 8, 27);
  closeB.closes = Date.UTC(2025, 10, 1);
  for (const [k, s] of [stores[0]!, stores[1]!, stores[2]!].entries()) s.opens = [Date.UTC(2025, 7, 9), Date.UTC(2025, 9, 4), Date.UTC(2025, 10, 8)][k]!;
  stores[3]!.remodel = [Date.UTC(2025, 8, 2), Date.UTC(2025, 8, 23)];
  stores[4]!.remodel = [Date.UTC(2026, 0, 5), Date.UTC(2026, 0, 26)];
  const open = (s: Store, day: number) => day >= s.opens && day < s.closes && !(s.remodel && day >= s.remodel[0] && day < s.remodel[1]);
  const season = (day: number) => {
    const t = new Date(day), m = t.getUTCMonth(), d = t.getUTCDate(), wd = t.getUTCDay();
    let f = [1, 1, 1, 1, 1, 1, 0.95, 1.3, 0.9, 0.95, 1.25, 2.0][m]!;
    if (m === 0) f = 0.75;
    if (m === 7 && d < 10) f = 1.0;
    if (m === 10 && d >= 28) f = 3.2; // Black Friday weekend
    if (m === 11 && d >= 18 && d <= 24) f = 2.8;
    if (m === 11 && d === 25) f = 0;
    if (m === 11 && d >= 26) f = 1.6; // returns and gift cards
    if (m === 10 && d === 27) f = 0; // Thanksgiving
    return f * (wd === 6 ? 1.35 : wd === 0 ? 1.15 : wd === 5 ? 1.1 : 0.9);
  };

  // ---- nightly POS summaries and COGS ----------------------------------------------------------
  const pos = (s: Store, day: number, opts: { returnsFactor?: number; overShort?: number; extraTender?: string; kind?: string; anomaly?: string } = {}) => {
    const launch = day - s.opens < 30 * DAY ? 1.4 : 1;
    const gross = round2(logn(s.size * season(day) * launch, 0.18));
    const newPos = day >= s.cutover;
    const lines: Line[] = [];
    const shares = s.depts.map(() => between(0.5, 1.5));
    const tot = shares.reduce((a, b) => a + b, 0);
    let sales = 0;
    s.depts.forEach((acc, i) => {
      const amt = round2((gross * shares[i]!) / tot);
      sales += amt;
      lines.push({ account: acc, credit: amt, store: s.code, dept: DEPTS.find((x) => x[0] === acc)![1], desc: "Net sales" });
    });
    const m = new Date(day).getUTCMonth();
    const returnShare = (m === 11 && new Date(day).getUTCDate() >= 26) || m === 0 ? 0.09 : 0.035;
    const returns = rnd() < 0.85 ? round2(gross * returnShare * between(0.4, 1.6) * (opts.returnsFactor ?? 1)) : 0;
    if (returns) lines.push({ account: "4090", debit: returns, store: s.code, desc: "Customer returns" });
    const tax = round2((sales - returns) * s.tax);
    lines.push({ account: "2200", credit: tax, store: s.code, desc: "Sales tax collected" });
    const gcSold = rnd() < (m === 11 ? 0.8 : 0.2) ? round2(logn(m === 11 ? 900 : 150, 0.6) * (s.size / 9000)) : 0;
    if (gcSold) lines.push({ account: "2300", credit: gcSold, store: s.code, tender: "GIFTCARD", desc: "Gift cards sold" });
    let due = round2(sales - returns + tax + gcSold);
    const overShort = opts.overShort ?? (rnd() < 0.7 ? round2(logn(1, 1) * s.overShortSigma * (rnd() < 0.55 ? -1 : 1)) : 0);
    const tenders: [string, string, number][] = [];
    const gcRedeemed = rnd() < (m === 0 ? 0.7 : 0.3) ? round2(Math.min(due * 0.2, logn(m === 0 ? 600 : 120, 0.6))) : 0;
    if (gcRedeemed) tenders.push(["2300", "GIFTCARD", gcRedeemed]);
    let rest = due - gcRedeemed;
    if (s.checks) { const c = round2(rest * between(0.01, 0.04)); tenders.push(["1045", "CHECK", c]); rest -= c; }
    if (s.house && rnd() < 0.5) { const c = round2(rest * between(0.02, 0.08)); tenders.push(["1210", "HOUSE", c]); rest -= c; }
    if (opts.extraTender === "HOUSE") { const c = round2(rest * between(0.1, 0.2)); tenders.push(["1210", "HOUSE", c]); rest -= c; }
    if (opts.extraTender === "CHECK") { const c = round2(rest * between(0.08, 0.18)); tenders.push(["1045", "CHECK", c]); rest -= c; }
    if (newPos) { const c = round2(rest * between(0.05, 0.12)); tenders.push(["1050", "MOBILE", c]); rest -= c; }
    const cash = round2(rest * between(0.14, 0.24));
    tenders.push(["1040", "CARD", round2(rest - cash)]);
    tenders.push(["1010", "CASH", round2(cash + overShort)]);
    for (const [acc, tender, amt] of tenders) lines.push({ account: acc, debit: amt, store: s.code, tender });
    if (overShort) lines.push({ account: "6810", [overShort < 0 ? "debit" : "credit"]: Math.abs(overShort), store: s.code, desc: overShort < 0 ? "Cash short" : "Cash over" });
    // balance the rounding to the card line
    const dr = lines.reduce((a, l) => a + (l.debit ?? 0), 0), cr = lines.reduce((a, l) => a + (l.credit ?? 0), 0);
    const card = lines.find((l) => l.tender === "CARD")!;
    card.debit = round2(card.debit! + (cr - dr));
    due = 0;
    const entered = day + DAY + Math.floor(between(1.5, 3.0) * 3_600_000);
    return add({ docType: newPos ? "XPOS" : "POS", date: day, entered, createdBy: newPos ? USER.xpos : USER.pos, lines, kind: opts.kind ?? "pos_summary", anomaly: opts.anomaly });
  };
  const dailySales = new Map<string, number>(); // store|month → sales
  for (let day = START; day < END; day += DAY) {
    for (const s of stores) {
      if (!open(s, day) || season(day) === 0) continue;
      const doc = pos(s, day);
      const sales = doc.lines.filter((l) => l.account.startsWith("40") && l.account !== "4090").reduce((a, l) => a + l.credit!, 0);
      const key = `${s.code}|${monthOf(day).join("-")}`;
      dailySales.set(key, (dailySales.get(key) ?? 0) + sales);
      const cogs = round2(sales * between(0.56, 0.62));
      add({ docType: "INV", date: day, entered: day + DAY + Math.floor(between(3.1, 3.6) * 3_600_000), createdBy: USER.inv, kind: "nightly_cogs", lines: [
        { account: "5010", debit: cogs, store: s.code, desc: "COGS from POS" }, { account: "1300", credit: cogs, store: s.code, desc: "Inventory relief" },
      ] });
    }
    // Card settlement into the bank, chain-wide, every working day.
    if (!isWeekend(day)) {
      const amt = round2(logn(stores.length * 9000 * 0.7 * season(day) * (new Date(day).getUTCDay() === 1 ? 2.6 : 1), 0.1));
      const fee = round2(amt * 0.021);
      add({ docType: "GJ", date: day, entered: at(day, 6, 7), createdBy: USER.treasury, kind: "card_settlement", lines: [
        { account: "1020", debit: round2(amt - fee), store: "HQ", desc: "Processor deposit" }, { account: "6510", debit: fee, store: "HQ", desc: "Processing fees" }, { account: "1040", credit: amt, store: "HQ", desc: "Settlement" },
      ] });
    }
  }

  // ---- weekly payroll per store (one journal, a wage line and a tax line per store) ---------------
  for (let day = START + ((5 - new Date(START).getUTCDay() + 7) % 7) * DAY; day < END; day += 7 * DAY) {
    const lines: Line[] = [];
    let total = 0;
    for (const s of stores) {
      if (day < s.opens - 21 * DAY || day > s.closes + 7 * DAY) continue;
      const wages = round2(logn(s.size * 7 * 0.11 * (season(day) > 1.5 ? 1.3 : 1) * (s.remodel && day >= s.remodel[0] && day < s.remodel[1] ? 0.4 : 1), 0.08));
      const taxes = round2(wages * 0.0765);
      lines.push({ account: "6010", debit: wages, store: s.code, desc: "Store wages" }, { account: "6020", debit: taxes, store: s.code, desc: "Employer taxes" });
      total += wages + taxes;
    }
    lines.push({ account: "2100", credit: round2(total), store: "HQ", desc: "Payroll clearing" });
    add({ docType: "PR", date: day, entered: at(day - DAY, 5, 6), createdBy: USER.payroll, kind: "payroll", lines });
  }

  // ---- monthly: rent, CAM, utilities, allocations, accruals, breakage ---------------------------
  let invNo = 50000;
  const apClerk = () => pick([USER.ap1, USER.ap1, USER.ap2]);
  const bill = (o: { vendor: [string, string]; day: number; lines: Line[]; kind: string; anomaly?: string; createdBy?: string; pay?: boolean; payAnomaly?: string; entered?: number }) => {
    const total = round2(o.lines.reduce((a, l) => a + (l.debit ?? 0), 0));
    const who = o.createdBy ?? apClerk();
    add({ docType: "AP", date: o.day, entered: o.entered ?? at(o.day + int(0, 3) * DAY), createdBy: who, kind: o.kind, anomaly: o.anomaly, lines: [
      ...o.lines.map((l) => ({ ...l, vendor: o.vendor })), { account: "2010", credit: total, store: o.lines[0]!.store, vendor: o.vendor, desc: `Invoice ${++invNo}` },
    ] });
    if (o.pay === false) return;
    const pay = workday(o.day + int(20, 35) * DAY);
    add({ docType: "PMT", date: pay, entered: at(pay, 9, 11), createdBy: USER.treasury, kind: "payment", anomaly: o.payAnomaly, lines: [
      { account: "2010", debit: total, store: o.lines[0]!.store, vendor: o.vendor, desc: `Pay invoice ${invNo}` }, { account: "1020", credit: total, store: "HQ", vendor: o.vendor },
    ] });
  };
  for (const [y, m0] of months) {
    const first = Date.UTC(y, m0, 1);
    const me = monthEnd(y, m0);
    const close = closeOf(y, m0);
    for (const s of stores) {
      if (first > s.closes || me < s.opens - 45 * DAY) continue;
      bill({ vendor: s.landlord, day: workday(first - 5 * DAY), kind: "rent", lines: [
        { account: "6110", debit: s.rent, store: s.code, desc: "Base rent" }, { account: "6120", debit: round2(s.rent * 0.18), store: s.code, desc: "CAM" },
      ] });
      const heat = [0.9, 1.1, 1.0, 0.8, 0.9, 1.2, 1.3][months.findIndex((x) => x[0] === y && x[1] === m0)] ?? 1;
      bill({ vendor: s.utility, day: workday(Date.UTC(y, m0, int(8, 20))), kind: "utilities", lines: [{ account: "6130", debit: round2(logn(s.size * 0.19 * heat, 0.12)), store: s.code }] });
      if (rnd() < 0.35) bill({ vendor: ["V700", "Uline"], day: workday(Date.UTC(y, m0, int(1, 27))), kind: "supplies", lines: [{ account: "6310", debit: round2(logn(380, 0.5)), store: s.code }] });
      if (rnd() < 0.2) bill({ vendor: [pick(["V710", "V711"]), pick(["ServiceChannel Facilities", "ABM Industries"])], day: workday(Date.UTC(y, m0, int(1, 27))), kind: "repairs", lines: [{ account: "6410", debit: round2(logn(650, 0.7)), store: s.code }] });
    }
    // Central marketing and inbound freight, allocated to the stores by the month's sales.
    const salesOf = stores.map((s) => [s, dailySales.get(`${s.code}|${y}-${m0}`) ?? 0] as const).filter(([, v]) => v > 0);
    const totalSales = salesOf.reduce((a, [, v]) => a + v, 0);
    for (const [acc, share, desc] of [["6210", 0.035, "Marketing allocation"], ["5020", 0.022, "Freight allocation"]] as const) {
      const pool = round2(totalSales * share * between(0.9, 1.1));
      const lines: Line[] = salesOf.map(([s, v]) => ({ account: acc, debit: round2((pool * v) / totalSales), store: s.code, desc }));
      lines.push({ account: acc, credit: round2(lines.reduce((a, l) => a + l.debit!, 0)), store: acc === "6210" ? "HQ" : "DC01", desc: `${desc} pool` });
      add({ docType: "ALLOC", date: me, entered: at(workday(me + 3 * DAY)), createdBy: USER.fpa, kind: "allocation", lines });
    }
    // Head-office bills: the agency, freight carriers, the auditors.
    bill({ vendor: ["V800", "Mercer Creative Agency"], day: workday(Date.UTC(y, m0, 12)), kind: "marketing_bill", lines: [{ account: "6210", debit: round2(logn(totalSales * 0.03, 0.15)), store: "HQ" }] });
    for (let k = 0; k < 4; k++) bill({ vendor: [pick(["V810", "V811", "V812"]), pick(["JB Hunt Transport", "XPO Logistics", "Old Dominion Freight"])], day: workday(Date.UTC(y, m0, 3 + k * 7)), kind: "freight_bill", lines: [{ account: "5020", debit: round2(logn(totalSales * 0.005, 0.2)), store: "DC01" }] });
    // Month-end accruals and reversal, by the staff accountants.
    const accrual = round2(logn(48000, 0.2));
    add({ docType: "GJ", date: me, entered: at(workday(me + 2 * DAY)), createdBy: USER.staff1, kind: "accrual", lines: [{ account: "6130", debit: accrual, store: "HQ", desc: "Accrued utilities" }, { account: "2400", credit: accrual, store: "HQ" }] });
    add({ docType: "GJ", date: me + DAY, entered: at(workday(me + 2 * DAY)), createdBy: USER.staff1, kind: "accrual_reversal", lines: [{ account: "2400", debit: accrual, store: "HQ" }, { account: "6130", credit: accrual, store: "HQ", desc: "Reverse accrued utilities" }] });
    // Payroll clearing to the bank, sales tax remittance.
    const tax = round2(logn(totalSales * 0.065, 0.05));
    add({ docType: "GJ", date: workday(Date.UTC(y, m0, 20)), entered: at(workday(Date.UTC(y, m0, 20))), createdBy: USER.treasury, kind: "tax_remittance", lines: [{ account: "2200", debit: tax, store: "HQ" }, { account: "1020", credit: tax, store: "HQ" }] });
    // Cash deposits: each store's cash swept to the bank weekly (treasury's reconciliation).
    for (const s of stores) {
      if (first > s.closes || me < s.opens) continue;
      const cash = round2(logn(s.size * 30 * 0.17, 0.1) * season(Date.UTC(y, m0, 15)));
      add({ docType: "GJ", date: me, entered: at(workday(me + DAY), 7, 10), createdBy: USER.treasury, kind: "cash_sweep", lines: [{ account: "1020", debit: cash, store: "HQ" }, { account: "1010", credit: cash, store: s.code, desc: "Deposits in transit cleared" }] });
    }
    // Staff accountants' reclasses, a few a month.
    for (let k = 0; k < int(3, 7); k++) {
      const s = pick(stores);
      const amt = round2(logn(1200, 0.8));
      const [a, b] = pick([["6410", "6310"], ["6310", "6410"], ["6210", "6910"], ["6130", "6410"]]);
      const day = workday(Date.UTC(y, m0, int(2, 27)));
      add({ docType: "GJ", date: day, entered: at(day), createdBy: pick([USER.staff1, USER.staff2]), kind: "reclass", lines: [{ account: a!, debit: amt, store: s.code, desc: "Reclass" }, { account: b!, credit: amt, store: s.code, desc: "Reclass" }] });
    }
    // Gift card breakage quarterly; late entries in the close window.
    if (m0 % 3 === 2) {
      const brk = round2(logn(22000, 0.2));
      add({ docType: "GJ", date: me, entered: at(close - 2 * DAY), createdBy: USER.controller, kind: "breakage", lines: [{ account: "2300", debit: brk, store: "HQ" }, { account: "4800", credit: brk, store: "HQ" }] });
    }
  }

  // ---- store lifecycle: pre-opening, closing, remodel -------------------------------------------
  for (const s of stores.slice(0, 3)) {
    for (let k = 0; k < 4; k++) bill({ vendor: [pick(["V900", "V901"]), pick(["Lozier Store Fixtures", "Madix Inc"])], day: workday(s.opens - int(10, 40) * DAY), kind: "pre_opening", lines: [{ account: "1510", debit: round2(logn(38000, 0.4)), store: s.code }] });
    bill({ vendor: ["V902", "Hire Dynamics"], day: workday(s.opens - 14 * DAY), kind: "pre_opening", lines: [{ account: "6610", debit: round2(logn(9500, 0.3)), store: s.code }] });
    const inv = round2(logn(s.size * 40, 0.15));
    add({ docType: "INV", date: s.opens - 3 * DAY, entered: at(s.opens - 3 * DAY), createdBy: USER.invControl, kind: "opening_inventory", lines: [{ account: "1300", debit: inv, store: s.code, desc: "Opening stock transfer" }, { account: "1300", credit: inv, store: "DC01", desc: "Opening stock transfer" }] });
  }
  for (const s of [closeA, closeB]) {
    const inv = round2(logn(s.size * 25, 0.2));
    add({ docType: "INV", date: s.closes + 2 * DAY, entered: at(workday(s.closes + 2 * DAY)), createdBy: USER.invControl, kind: "closing_inventory", lines: [{ account: "1300", debit: inv, store: "DC01", desc: "Closing stock returned" }, { account: "1300", credit: inv, store: s.code, desc: "Closing stock returned" }] });
    const fee = Math.round(s.rent * 4 / 100) * 100;
    add({ docType: "GJ", date: monthEnd(...monthOf(s.closes)), entered: at(workday(s.closes + 5 * DAY)), createdBy: USER.controller, kind: "lease_termination", lines: [{ account: "6110", debit: fee, store: s.code, desc: "Lease termination fee" }, { account: "2450", credit: fee, store: s.code }] });
  }
  for (const s of [stores[3]!, stores[4]!]) for (let k = 0; k < 3; k++) {
    const day = workday(s.remodel![0] + int(3, 30) * DAY);
    if (day < END) bill({ vendor: ["V920", "Commercial Contractors Inc"], day, kind: "remodel", lines: [{ account: "1500", debit: round2(logn(62000, 0.3)), store: s.code }] });
  }
  // ---- physical counts: July and January, a shrink adjustment per store --------------------------
  for (const [from, to] of [[Date.UTC(2025, 6, 14), Date.UTC(2025, 6, 25)], [Date.UTC(2026, 0, 12), Date.UTC(2026, 0, 23)]] as const) {
    for (const s of stores) {
      const day = workday(from + int(0, (to - from) / DAY) * DAY);
      if (!open(s, day)) continue;
      const shrink = round2(logn(s.size * 30 * 0.015, 0.4) * (rnd() < 0.12 ? -0.3 : 1));
      add({ docType: "CNT", date: day, entered: at(day + int(1, 4) * DAY), createdBy: USER.invControl, kind: "count_shrink", lines: [
        { account: "5150", [shrink > 0 ? "debit" : "credit"]: Math.abs(shrink), store: s.code, desc: "Physical count adjustment" }, { account: "1300", [shrink > 0 ? "credit" : "debit"]: Math.abs(shrink), store: s.code, desc: "Physical count adjustment" },
      ] });
    }
  }
  // Late entries of the close window (regular): an invoice dated last month keyed before the close.
  for (const [y, m0] of months.slice(0, -1)) for (let k = 0; k < 6; k++) {
    const s = pick(stores.filter((x) => x.closes > Date.UTC(y, m0 + 1, 1)));
    const day = workday(Date.UTC(y, m0, int(20, 28)));
    bill({ vendor: s.utility, day, entered: at(workday(Date.UTC(y, m0 + 1, int(2, 9)))), kind: "late_invoice", lines: [{ account: "6410", debit: round2(logn(420, 0.5)), store: s.code }] });
  }

  // ---- planted problems, five of each ------------------------------------------------------------
  const live = () => stores.filter((s) => s.opens < START && s.closes > END && !s.remodel);
  const someDay = (from = START + 20 * DAY, to = END - 10 * DAY) => from + Math.floor(rnd() * ((to - from) / DAY)) * DAY;
  for (let k = 0; k < 5; k++) {
    const s = pick(live());
    const day = someDay();
    if (season(day) === 0) continue;
    pos(s, day, { overShort: -round2(between(25, 60) * s.overShortSigma), kind: "planted", anomaly: "cash_over_short_beyond_norm" });
  }
  for (let k = 0; k < 5; k++) {
    const s = pick(live());
    const day = someDay();
    if (season(day) === 0) continue;
    pos(s, day, { returnsFactor: between(8, 14), kind: "planted", anomaly: "refund_spike" });
  }
  for (let k = 0; k < 5; k++) {
    const s = pick(live());
    const day = workday(someDay());
    const who = pick([USER.merch, USER.storeOps]);
    const amt = pick([2500, 4000, 5000, 7500, 9000]);
    const [dr, cr] = pick([["6810", "1010"], ["5150", "1300"], ["1010", "6410"], ["6310", "1300"]]);
    add({ docType: "GJ", date: day, entered: at(day, 12, 19), createdBy: who, kind: "planted", anomaly: "manual_je_cash_inventory_unusual_user", lines: [{ account: dr!, debit: amt, store: s.code, desc: "Adjustment" }, { account: cr!, credit: amt, store: s.code, desc: "Adjustment" }] });
  }
  for (let k = 0; k < 5; k++) {
    const s = k % 2 ? closeA : closeB;
    const day = workday(s.closes + int(30, Math.max(31, (END - s.closes) / DAY - 10)) * DAY);
    if (day >= END) continue;
    const [vid, vname] = pick([["V710", "ServiceChannel Facilities"], ["V700", "Uline"], ["V930", "Atlas Maintenance Group"]]);
    bill({ vendor: [vid, vname], day, kind: "planted", anomaly: "vendor_payment_closed_store", payAnomaly: "vendor_payment_closed_store", lines: [{ account: pick(["6410", "6310"]), debit: round2(logn(2400, 0.4)), store: s.code }] });
  }
  for (let k = 0; k < 5; k++) {
    const s = pick(live());
    const day = workday(someDay(Date.UTC(2025, 8, 1), Date.UTC(2025, 11, 20)));
    const shrink = round2(logn(s.size * 30 * 0.015, 0.4) * between(0.8, 2));
    add({ docType: "CNT", date: day, entered: at(day), createdBy: pick([USER.invControl, USER.storeOps]), kind: "planted", anomaly: "shrink_outside_count", lines: [
      { account: "5150", debit: shrink, store: s.code, desc: "Physical count adjustment" }, { account: "1300", credit: shrink, store: s.code, desc: "Physical count adjustment" },
    ] });
  }
  for (let k = 0; k < 5; k++) {
    const candidates = live().filter((s) => !s.house || !s.checks);
    const s = pick(candidates);
    const day = someDay();
    if (season(day) === 0) continue;
    pos(s, day, { extraTender: s.house ? "CHECK" : "HOUSE", kind: "planted", anomaly: "unused_tender_split" });
  }
  {
    const posDocs = docs.filter((x) => (x.docType === "POS" || x.docType === "XPOS") && !x.anomaly && x.date > START + 20 * DAY && x.date < END - 5 * DAY);
    for (let k = 0; k < 5; k++) {
      const o = pick(posDocs);
      add({ ...o, lines: o.lines.map((l) => ({ ...l })), entered: o.entered + int(1, 6) * DAY + int(0, 3_600_000), kind: "planted", anomaly: "duplicate_pos_summary" });
    }
  }
  for (let k = 0; k < 5; k++) {
    const [y, m0] = pick(months.slice(0, 4));
    const day = workday(Date.UTC(y, m0, int(5, 25)));
    const keyed = workday(closeOf(y, m0) + int(45, 110) * DAY);
    if (keyed >= END + 20 * DAY) continue;
    const s = pick(live());
    const amt = round2(logn(6500, 0.5));
    const [dr, cr] = pick([["6410", "2400"], ["5010", "1300"], ["6210", "2400"]]);
    add({ docType: "GJ", date: day, entered: at(keyed), createdBy: pick([USER.staff1, USER.staff2, USER.controller]), kind: "planted", anomaly: "backdated_closed_period", lines: [{ account: dr!, debit: amt, store: s.code, desc: "Adjustment" }, { account: cr!, credit: amt, store: s.code, desc: "Adjustment" }] });
  }

  return exportLedger(docs.filter((x) => x.date >= START && x.date < END));
}

// ---- the export ---------------------------------------------------------------------------------
function exportLedger(docs: Doc[]): RetailLedger {
  const byEntry = [...docs].sort((a, b) => a.entered - b.entered);
  const journalNo = new Map<Doc, number>();
  const lineBase = new Map<Doc, number>();
  let jn = 700_000, ln = 31_000_000;
  for (const x of byEntry) {
    journalNo.set(x, ++jn);
    lineBase.set(x, ln);
    ln += x.lines.length;
  }
  const ordered = [...docs].sort((a, b) => a.date - b.date || journalNo.get(a)! - journalNo.get(b)!);
  const rows: string[][] = [];
  const journalOfLine = new Map<string, string>();
  const journals: RetailJournal[] = [];
  for (const x of ordered) {
    const id = `JE${journalNo.get(x)}`;
    journals.push({ id, docType: x.docType, kind: x.kind, anomaly: x.anomaly, user: x.createdBy, lines: x.lines.length });
    x.lines.forEach((l, i) => {
      const lid = String(lineBase.get(x)! + i);
      journalOfLine.set(lid, id);
      rows.push([
        lid, id, x.docType, iso(x.date), isoTime(x.entered), x.createdBy, l.account, ACCOUNTS[l.account]!, l.store, l.dept ?? "", l.tender ?? "",
        l.vendor?.[0] ?? "", l.vendor?.[1] ?? "", l.desc ?? "", l.debit ? l.debit.toFixed(2) : "", l.credit ? l.credit.toFixed(2) : "",
      ]);
    });
  }
  return { header: RETAIL_HEADER, rows, journalOfLine, journals };
}

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const isoTime = (ms: number) => new Date(ms).toISOString().slice(0, 19).replace("T", " ");

/** RFC 4180 quoting for the fields that need it. */
export function toCsv(ledger: RetailLedger): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
