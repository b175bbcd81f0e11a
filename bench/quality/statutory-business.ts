/**
 * The business behind the statutory ledger exports (bench/quality/fec-ledger.ts, the French FEC;
 * bench/quality/datev-ledger.ts, the German DATEV Buchungsstapel): two years of a manufacturing
 * SME's double-entry books, as entries of balanced lines on the accounts of its country's chart
 * (PCG or SKR03), each entry with its journal, its date, the date it was validated (closed for
 * change), the user who keyed or imported it and the kind of business it is. About 1 % of the
 * entries are planted journal-entry-test findings, each carrying its kind.
 *
 * Written from how such books look, not from the product's detectors: customers invoiced every
 * working day and paying 30–60 days later (with the matching "lettrage"), suppliers' invoices
 * (rent, energy and telecoms by direct debit, materials and subcontractors paid by transfer on
 * the 10th and the 25th), monthly payroll imported from the payroll software with the social
 * charges paid on the 15th, the monthly VAT return, depreciation and accruals keyed by the
 * accountant at month-end, the year-end closing entries (accrued revenue, holiday-pay accruals,
 * stock variation, provisions) dated the 31st of December and validated in February or March,
 * the opening balances on the first day of each fiscal year, monthly validation in the first
 * days of the next month, the country's public holidays and, in France, the August close.
 */
import { mulberry32 } from "./mulberry32.ts";

export const DAY = 86_400_000;

/** The planted kinds, as an auditor's journal-entry tests name them. */
export const STATUTORY_ANOMALIES = [
  "posted_after_close",
  "manual_entry_to_payroll_or_revenue",
  "round_amount_below_threshold",
  "duplicate_supplier_invoice",
  "new_supplier_paid_fast",
  "holiday_posting",
] as const;
export type StatutoryAnomaly = (typeof STATUTORY_ANOMALIES)[number];

/** What an account is for; each chart names its number. */
export type Role =
  | "bank" | "customers" | "suppliers" | "vat_out" | "vat_in" | "vat_payable" | "sales_goods" | "sales_services"
  | "materials" | "goods" | "energy" | "rent" | "telecom" | "maintenance" | "fees" | "travel" | "subcontracting" | "supplies" | "insurance" | "transport"
  | "salaries" | "social_charges" | "net_pay" | "social_liability" | "holiday_accrual" | "depreciation" | "accum_depreciation"
  | "accrued_expenses" | "accrued_revenue" | "stock" | "stock_variation" | "provision_expense" | "provision" | "equity" | "fixed_assets" | "suspense";

export interface Chart {
  account: Record<Role, string>;
  label: Record<Role, string>;
  /** VAT rates of the country, the standard one first. */
  vatRates: number[];
  holidays: (year: number) => Set<number>;
  /** Days the company is closed beyond weekends and holidays (France: most of August). */
  closed: (day: number) => boolean;
  supplierNames: string[];
  customerNames: string[];
  newSupplierNames: string[];
  users: { sales: string; purchases: string; bank: string; payroll: string; accountant: string; closing: string; rare: string[] };
}

export interface EntryLine {
  role: Role;
  debit: number;
  credit: number;
  /** The customer's or supplier's own number (CompAuxNum / personal account). */
  party?: { no: string; name: string };
  /** For a net line of an invoice: the VAT rate its tax line carries. */
  rate?: number;
  /** A tax line: the rate it is for. */
  taxOf?: number;
  /** Matching code between an invoice's party line and its payment's (lettrage). */
  match?: string;
  matchDate?: number;
}

export interface Entry {
  /** Unique over the whole ledger. */
  id: number;
  journal: "AN" | "VE" | "AC" | "BQ" | "PAIE" | "OD";
  date: number;
  validDate: number;
  user: string;
  pieceRef: string;
  pieceDate: number;
  text: string;
  kind: string;
  anomaly?: StatutoryAnomaly;
  lines: EntryLine[];
}

export interface StatutoryBusiness {
  entries: Entry[];
  start: number;
  years: number;
}

/** Easter Sunday (anonymous Gregorian algorithm), as ms of the UTC day. */
export function easter(year: number): number {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100, d = Math.floor(b / 4), e = b % 4;
  const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

export const addMonths = (ms: number, n: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate());
};
const monthStart = (ms: number) => {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
};
const monthEnd = (ms: number) => addMonths(monthStart(ms), 1) - DAY;

export function generateStatutoryBusiness(chart: Chart, options: { seed: number; start?: string; years?: number }): StatutoryBusiness {
  const rng = mulberry32(options.seed);
  const start = Date.parse(`${options.start ?? "2024-01-01"}T00:00:00Z`);
  const years = options.years ?? 2;
  const end = addMonths(start, 12 * years);
  const uniform = (a: number, b: number) => a + (b - a) * rng();
  const int = (a: number, b: number) => Math.floor(uniform(a, b + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const chance = (p: number) => rng() < p;
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const money = (x: number) => Math.round(x * 100) / 100;
  const holidayCache = new Map<number, Set<number>>();
  const isHoliday = (day: number) => {
    const y = new Date(day).getUTCFullYear();
    if (!holidayCache.has(y)) holidayCache.set(y, chart.holidays(y));
    return holidayCache.get(y)!.has(day);
  };
  const weekday = (day: number) => new Date(day).getUTCDay();
  const isWorkday = (day: number) => weekday(day) !== 0 && weekday(day) !== 6 && !isHoliday(day);
  const nextWorkday = (day: number) => {
    let d = day;
    while (!isWorkday(d)) d += DAY;
    return d;
  };
  const prevWorkday = (day: number) => {
    let d = day;
    while (!isWorkday(d)) d -= DAY;
    return d;
  };
  /** The monthly validation run: the 3rd–8th working day of the next month. */
  const validationOf = new Map<number, number>();
  const monthValidation = (day: number) => {
    const m = monthStart(day);
    if (!validationOf.has(m)) {
      let d = nextWorkday(addMonths(m, 1));
      for (let k = int(2, 7); k > 0; k--) d = nextWorkday(d + DAY);
      validationOf.set(m, d);
    }
    return validationOf.get(m)!;
  };
  /** The year-end closing's validation: late February to mid-March of the next year. */
  const yearEndValidation = (year: number) => nextWorkday(Date.UTC(year + 1, 1, 20) + int(0, 22) * DAY);

  const entries: Entry[] = [];
  let nextId = 1;
  const add = (e: Omit<Entry, "id" | "pieceDate" | "validDate"> & { pieceDate?: number; validDate?: number }) => {
    const entry: Entry = { ...e, id: nextId++, pieceDate: e.pieceDate ?? e.date, validDate: e.validDate ?? monthValidation(e.date) };
    const debit = entry.lines.reduce((s, l) => s + l.debit, 0), credit = entry.lines.reduce((s, l) => s + l.credit, 0);
    if (Math.abs(debit - credit) > 0.005) throw new Error(`unbalanced entry ${entry.kind}: ${debit} ≠ ${credit}`);
    entries.push(entry);
    return entry;
  };
  let matchNo = 0;
  const nextMatch = () => {
    matchNo++;
    let s = "", n = matchNo;
    do { s = String.fromCharCode(65 + (n % 26)) + s; n = Math.floor(n / 26); } while (n > 0);
    return s.padStart(3, "A");
  };
  const [standard] = chart.vatRates;

  // ---- Parties -------------------------------------------------------------------------------
  interface Supplier { no: string; name: string; role: Role; base: number; sigma: number; perMonth: number; rate: number; directDebit: boolean; fixed: boolean; refPrefix: string; from: number; invoices: number }
  const suppliers: Supplier[] = [];
  const supplierRoles: [Role, number, number, number, boolean, boolean][] = [
    // role, base, sigma, per month, direct debit, fixed amount
    ["rent", 8600, 0, 1, true, true],
    ["energy", 2400, 0.3, 1, true, false],
    ["telecom", 640, 0.1, 1, true, false],
    ["insurance", 1850, 0.02, 1, true, true],
    ["materials", 6500, 0.6, 6, false, false],
    ["materials", 4200, 0.7, 4, false, false],
    ["materials", 9800, 0.5, 3, false, false],
    ["goods", 3100, 0.8, 5, false, false],
    ["goods", 1500, 0.7, 3, false, false],
    ["subcontracting", 7200, 0.5, 2, false, false],
    ["subcontracting", 3900, 0.6, 1.5, false, false],
    ["maintenance", 950, 0.7, 1.5, false, false],
    ["fees", 2600, 0.4, 0.5, false, false],
    ["transport", 780, 0.5, 4, false, false],
    ["transport", 420, 0.6, 3, false, false],
    ["travel", 310, 0.8, 2, false, false],
    ["supplies", 260, 0.7, 3, false, false],
  ];
  let supplierNo = 0;
  for (let i = 0; i < chart.supplierNames.length; i++) {
    const [role, base, sigma, perMonth, dd, fixed] = supplierRoles[i % supplierRoles.length]!;
    const scaled = i < supplierRoles.length ? 1 : uniform(0.3, 0.8);
    suppliers.push({ no: `F${String(++supplierNo).padStart(4, "0")}`, name: chart.supplierNames[i]!, role, base: base * scaled * uniform(0.8, 1.25), sigma, perMonth: perMonth * scaled, rate: role === "goods" && chance(0.3) && chart.vatRates.length > 2 ? chart.vatRates[2]! : standard!, directDebit: dd, fixed, refPrefix: pick(["FA", "F", "FAC-", "RE", "INV", ""]) + String(int(1, 9)), from: start, invoices: 0 });
  }
  interface Customer { no: string; name: string; base: number; weight: number; services: boolean; days: number }
  const customers: Customer[] = chart.customerNames.map((name, i) => ({ no: `C${String(i + 1).padStart(4, "0")}`, name, base: Math.exp(uniform(Math.log(600), Math.log(14000))), weight: 1 / (i + 3), services: chance(0.3), days: pick([30, 45, 45, 60]) }));
  const weightTotal = customers.reduce((s, c) => s + c.weight, 0);
  const pickCustomer = () => {
    let r = rng() * weightTotal;
    for (const c of customers) if ((r -= c.weight) <= 0) return c;
    return customers[0]!;
  };

  // ---- Helpers that write entries ------------------------------------------------------------
  const invoiceNo = new Map<string, number>();
  const nextInvoiceNo = (prefix: string) => {
    const n = (invoiceNo.get(prefix) ?? 0) + 1;
    invoiceNo.set(prefix, n);
    return `${prefix}${String(n).padStart(5, "0")}`;
  };
  const supplierInvoice = (s: Supplier, day: number, net: number, opts: { ref?: string; kind?: string; anomaly?: StatutoryAnomaly; user?: string; validDate?: number; payWithin?: number } = {}) => {
    const tax = money(net * s.rate);
    const gross = money(net + tax);
    const match = nextMatch();
    const ref = opts.ref ?? `${s.refPrefix}${String(int(10000, 99999))}`;
    const inv = add({ journal: "AC", date: day, pieceDate: day - int(0, 6) * DAY, user: opts.user ?? chart.users.purchases, pieceRef: ref, text: `${s.name} ${ref}`, kind: opts.kind ?? (s.directDebit ? "supplier_direct_debit" : "supplier_invoice"), anomaly: opts.anomaly, validDate: opts.validDate, lines: [
      { role: s.role, debit: net, credit: 0, rate: s.rate },
      { role: "vat_in", debit: tax, credit: 0, taxOf: s.rate },
      { role: "suppliers", debit: 0, credit: gross, party: s, match },
    ] });
    s.invoices++;
    // Paid by direct debit a few days later, else by transfer on the next 10th or 25th after 30 days.
    let pay: number;
    if (opts.payWithin !== undefined) pay = nextWorkday(day + opts.payWithin * DAY);
    else if (s.directDebit) pay = nextWorkday(day + int(2, 6) * DAY);
    else {
      const due = day + int(30, 45) * DAY;
      const d = new Date(due);
      pay = nextWorkday(d.getUTCDate() <= 10 ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 10) : d.getUTCDate() <= 25 ? Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 25) : Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 10));
    }
    if (pay < end) {
      inv.lines[2]!.matchDate = pay;
      add({ journal: "BQ", date: pay, user: chart.users.bank, pieceRef: ref, text: `${s.directDebit ? "PRLV" : "VIR"} ${s.name}`, kind: s.directDebit ? "direct_debit" : "supplier_payment", anomaly: opts.anomaly === "new_supplier_paid_fast" ? opts.anomaly : undefined, lines: [
        { role: "suppliers", debit: gross, credit: 0, party: s, match, matchDate: pay },
        { role: "bank", debit: 0, credit: gross },
      ] });
    } else inv.lines[2]!.match = undefined;
    return inv;
  };
  const customerInvoice = (c: Customer, day: number, opts: { user?: string; anomaly?: StatutoryAnomaly; kind?: string } = {}) => {
    const net = money(c.base * Math.exp(0.55 * normal()));
    const reduced = chart.vatRates.length > 1 && !c.services && chance(0.12);
    const rates = reduced ? [standard!, chart.vatRates[1]!] : [standard!];
    const shares = reduced ? [money(net * uniform(0.5, 0.85))] : [];
    shares.push(money(net - shares.reduce((s, x) => s + x, 0)));
    const lines: EntryLine[] = [];
    let gross = 0;
    rates.forEach((rate, i) => {
      const tax = money(shares[i]! * rate);
      gross += shares[i]! + tax;
      lines.push({ role: c.services ? "sales_services" : "sales_goods", debit: 0, credit: shares[i]!, rate });
      lines.push({ role: "vat_out", debit: 0, credit: tax, taxOf: rate });
    });
    gross = money(gross);
    const match = nextMatch();
    const ref = nextInvoiceNo("FV");
    const inv = add({ journal: "VE", date: day, user: opts.user ?? chart.users.sales, pieceRef: ref, text: `Facture ${ref} ${c.name}`, kind: opts.kind ?? "customer_invoice", anomaly: opts.anomaly, lines: [{ role: "customers", debit: gross, credit: 0, party: c, match }, ...lines] });
    const paid = nextWorkday(day + (c.days + int(-5, 20)) * DAY);
    if (paid < end && chance(0.97)) {
      inv.lines[0]!.matchDate = paid;
      add({ journal: "BQ", date: paid, user: chart.users.bank, pieceRef: ref, text: `VIR RECU ${c.name}`, kind: "customer_receipt", lines: [
        { role: "bank", debit: gross, credit: 0 },
        { role: "customers", debit: 0, credit: gross, party: c, match, matchDate: paid },
      ] });
    } else inv.lines[0]!.match = undefined;
    return inv;
  };

  // ---- Opening balances, each fiscal year's first day ----------------------------------------
  for (let y = 0; y < years; y++) {
    const day = addMonths(start, 12 * y);
    const bank = money(uniform(180000, 320000)), fixed = money(uniform(900000, 1300000)), depr = money(fixed * uniform(0.35, 0.5)), stock = money(uniform(250000, 420000));
    const recv = money(uniform(380000, 520000)), pay = money(uniform(240000, 330000)), social = money(uniform(80000, 110000));
    const equity = money(bank + fixed - depr + stock + recv - pay - social);
    add({ journal: "AN", date: day, validDate: y === 0 ? nextWorkday(day + int(50, 75) * DAY) : yearEndValidation(new Date(day).getUTCFullYear() - 1), user: chart.users.closing, pieceRef: "AN", text: "A nouveaux", kind: "opening_balances", lines: [
      { role: "bank", debit: bank, credit: 0 }, { role: "fixed_assets", debit: fixed, credit: 0 }, { role: "accum_depreciation", debit: 0, credit: depr },
      { role: "stock", debit: stock, credit: 0 }, { role: "customers", debit: recv, credit: 0 }, { role: "suppliers", debit: 0, credit: pay },
      { role: "social_liability", debit: 0, credit: social }, { role: "equity", debit: 0, credit: equity },
    ] });
  }

  // ---- Day-to-day business -------------------------------------------------------------------
  const staff = 48;
  for (let day = start; day < end; day += DAY) {
    if (!isWorkday(day)) continue;
    const quiet = chart.closed(day) ? 0.15 : 1;
    const sales = Math.round(uniform(9, 17) * quiet);
    for (let k = 0; k < sales; k++) customerInvoice(pickCustomer(), day);
    for (const s of suppliers) {
      if (s.fixed || s.directDebit) continue;
      if (chance((s.perMonth / 21) * quiet)) supplierInvoice(s, day, money(s.base * Math.exp(s.sigma * normal())));
    }
  }
  for (let m = start; m < end; m = addMonths(m, 1)) {
    const last = monthEnd(m);
    // Direct-debit suppliers: one invoice a month.
    for (const s of suppliers) {
      if (!s.directDebit) continue;
      supplierInvoice(s, nextWorkday(m + int(0, 4) * DAY), s.fixed ? s.base : money(s.base * Math.exp(s.sigma * normal())));
    }
    // Payroll imported from the payroll software on the last working day; the thirteenth month in December.
    const payday = prevWorkday(last);
    const gross = money(staff * 2950 * uniform(0.98, 1.03) * (new Date(m).getUTCMonth() === 11 ? 1.9 : 1));
    const charges = money(gross * 0.42), employee = money(gross * 0.22), net = money(gross - employee);
    add({ journal: "PAIE", date: last, user: chart.users.payroll, pieceRef: `PAIE${new Date(m).toISOString().slice(0, 7)}`, text: `Paie ${new Date(m).toISOString().slice(0, 7)}`, kind: "payroll", lines: [
      { role: "salaries", debit: gross, credit: 0 }, { role: "social_charges", debit: charges, credit: 0 },
      { role: "net_pay", debit: 0, credit: net }, { role: "social_liability", debit: 0, credit: money(employee + charges) },
    ] });
    add({ journal: "BQ", date: payday, user: chart.users.bank, pieceRef: `SAL${new Date(m).toISOString().slice(0, 7)}`, text: "Virement salaires", kind: "salary_payment", lines: [{ role: "net_pay", debit: net, credit: 0 }, { role: "bank", debit: 0, credit: net }] });
    const urssaf = nextWorkday(addMonths(m, 1) + 14 * DAY);
    if (urssaf < end) add({ journal: "BQ", date: urssaf, user: chart.users.bank, pieceRef: `URSSAF${new Date(m).toISOString().slice(0, 7)}`, text: "Cotisations sociales", kind: "social_payment", lines: [{ role: "social_liability", debit: money(employee + charges), credit: 0 }, { role: "bank", debit: 0, credit: money(employee + charges) }] });
    // Depreciation and accrued expenses keyed by the accountant at month-end (reversed on the 1st).
    const depreciation = money(uniform(9800, 10400));
    add({ journal: "OD", date: last, user: chart.users.accountant, pieceRef: `DOT${new Date(m).toISOString().slice(0, 7)}`, text: "Dotation amortissements", kind: "depreciation", validDate: monthValidation(last) + int(0, 3) * DAY, lines: [{ role: "depreciation", debit: depreciation, credit: 0 }, { role: "accum_depreciation", debit: 0, credit: depreciation }] });
    const fnp = money(uniform(6000, 18000));
    add({ journal: "OD", date: last, user: chart.users.accountant, pieceRef: `FNP${new Date(m).toISOString().slice(0, 7)}`, text: "Factures non parvenues", kind: "accrual", validDate: monthValidation(last) + int(0, 3) * DAY, lines: [{ role: pick(["materials", "subcontracting", "energy", "fees"] as Role[]), debit: fnp, credit: 0 }, { role: "accrued_expenses", debit: 0, credit: fnp }] });
    if (last + DAY < end) add({ journal: "OD", date: last + DAY, user: chart.users.accountant, pieceRef: `EXTFNP${new Date(m).toISOString().slice(0, 7)}`, text: "Extourne FNP", kind: "accrual_reversal", lines: entries[entries.length - 1]!.lines.map((l) => ({ role: l.role, debit: l.credit, credit: l.debit })) });
    // The monthly VAT return around the 20th of the next month, and its payment.
    const vatDay = nextWorkday(addMonths(m, 1) + int(15, 19) * DAY);
    if (vatDay < end) {
      let out = 0, inn = 0;
      for (const e of entries) if (e.date >= m && e.date <= last) for (const l of e.lines) { if (l.role === "vat_out") out += l.credit; if (l.role === "vat_in") inn += l.debit; }
      out = money(out); inn = money(inn);
      const due = money(out - inn);
      add({ journal: "OD", date: vatDay, user: chart.users.accountant, pieceRef: `TVA${new Date(m).toISOString().slice(0, 7)}`, text: "Declaration de TVA", kind: "vat_return", lines: [{ role: "vat_out", debit: out, credit: 0 }, { role: "vat_in", debit: 0, credit: inn }, { role: "vat_payable", debit: 0, credit: due }] });
      add({ journal: "BQ", date: vatDay, user: chart.users.bank, pieceRef: `TVA${new Date(m).toISOString().slice(0, 7)}`, text: "Paiement TVA", kind: "vat_payment", lines: [{ role: "vat_payable", debit: due, credit: 0 }, { role: "bank", debit: 0, credit: due }] });
    }
    // Year-end closing entries: dated the 31st of December, keyed by the chartered accountant's
    // firm weeks later (the legitimate manual entries to revenue and payroll accounts).
    if (new Date(m).getUTCMonth() === 11) {
      const valid = yearEndValidation(new Date(m).getUTCFullYear());
      const fae = money(uniform(25000, 60000)), cp = money(uniform(60000, 95000)), stockVar = money(uniform(-30000, 30000)), prov = money(uniform(8000, 25000));
      add({ journal: "OD", date: last, validDate: valid, user: chart.users.closing, pieceRef: "CLOT-FAE", text: "Factures a etablir", kind: "year_end_accrued_revenue", lines: [{ role: "accrued_revenue", debit: fae, credit: 0 }, { role: "sales_goods", debit: 0, credit: fae }] });
      add({ journal: "OD", date: last, validDate: valid, user: chart.users.closing, pieceRef: "CLOT-CP", text: "Provision conges payes", kind: "year_end_holiday_accrual", lines: [{ role: "salaries", debit: cp, credit: 0 }, { role: "holiday_accrual", debit: 0, credit: cp }] });
      add({ journal: "OD", date: last, validDate: valid, user: chart.users.closing, pieceRef: "CLOT-STK", text: "Variation de stock", kind: "year_end_stock", lines: stockVar >= 0 ? [{ role: "stock", debit: stockVar, credit: 0 }, { role: "stock_variation", debit: 0, credit: stockVar }] : [{ role: "stock_variation", debit: -stockVar, credit: 0 }, { role: "stock", debit: 0, credit: -stockVar }] });
      add({ journal: "OD", date: last, validDate: valid, user: chart.users.closing, pieceRef: "CLOT-PROV", text: "Provision creances douteuses", kind: "year_end_provision", lines: [{ role: "provision_expense", debit: prov, credit: 0 }, { role: "provision", debit: 0, credit: prov }] });
    }
  }

  // ---- Planted findings ----------------------------------------------------------------------
  const PER_KIND = 30;
  const regular = entries.filter((e) => !e.anomaly);
  const afterWarmup = start + 75 * DAY;
  const workdays: number[] = [];
  for (let d = afterWarmup; d < end - 40 * DAY; d += DAY) if (isWorkday(d) && !chart.closed(d)) workdays.push(d);
  const ordinarySuppliers = suppliers.filter((s) => !s.directDebit && !s.fixed);
  // 1. Entered long after the period closed: a supplier invoice or an accountant's entry dated in
  //    a month already validated, validated three to seven months later.
  for (let i = 0; i < PER_KIND; i++) {
    const day = pick(workdays);
    const valid = nextWorkday(monthValidation(day) + int(90, 210) * DAY);
    // An ordinary invoice of the supplier, at its usual amounts: what is wrong is when it was entered.
    if (chance(0.5)) {
      const s = pick(ordinarySuppliers);
      supplierInvoice(s, day, money(s.base * Math.exp(s.sigma * normal())), { anomaly: "posted_after_close", validDate: valid, kind: "supplier_invoice" });
    }
    else {
      const amount = money(uniform(4000, 30000));
      add({ journal: "OD", date: day, validDate: valid, user: chart.users.accountant, pieceRef: `OD${int(100, 999)}`, text: "Regularisation", kind: "accountant_entry", anomaly: "posted_after_close", lines: [{ role: pick(["fees", "materials", "subcontracting"] as Role[]), debit: amount, credit: 0 }, { role: "suspense", debit: 0, credit: amount }] });
    }
  }
  // 2. A manual OD mid-year to the payroll or the revenue accounts, by someone who never posts there.
  for (let i = 0; i < PER_KIND; i++) {
    const day = pick(workdays);
    const amount = money(uniform(2500, 45000));
    const user = pick(chart.users.rare);
    const lines: EntryLine[] = chance(0.5)
      ? [{ role: "salaries", debit: amount, credit: 0 }, { role: "bank", debit: 0, credit: amount }]
      : [{ role: "customers", debit: amount, credit: 0, party: pick(customers) }, { role: "sales_services", debit: 0, credit: amount }];
    add({ journal: "OD", date: day, user, pieceRef: `OD${int(100, 999)}`, text: pick(["Regul", "Correction", "Ajustement", "Divers"]), kind: "manual_entry", anomaly: "manual_entry_to_payroll_or_revenue", lines });
  }
  // 3. Round amounts just under an approval threshold (5,000 or 10,000 gross), two or three pieces
  //    from one supplier within days: a purchase split to stay under the limit.
  // Suppliers whose purchases come near the limit at all (a stationer's 9,900 would be a finding of another kind).
  const nearLimit = ordinarySuppliers.filter((x) => x.base >= 1500);
  for (let planted = 0; planted < PER_KIND; ) {
    const s = pick(nearLimit);
    const limit = pick([5000, 10000]);
    const day = pick(workdays);
    const pieces = Math.min(PER_KIND - planted, pick([2, 2, 3]));
    for (let k = 0; k < pieces; k++) {
      const gross = limit - pick([50, 100, 10, 20, 250]);
      supplierInvoice(s, nextWorkday(day + k * int(0, 2) * DAY), money(gross / (1 + s.rate)), { anomaly: "round_amount_below_threshold" });
      // The net is rounded so that the gross comes out round.
      const e = entries.filter((x) => x.journal === "AC").at(-1)!;
      const party = e.lines.find((l) => l.role === "suppliers")!;
      const tax = e.lines.find((l) => l.role === "vat_in")!;
      tax.debit = money(gross - e.lines[0]!.debit);
      party.credit = gross;
      const pay = entries.find((x) => x.journal === "BQ" && x.lines.some((l) => l.match && l.match === party.match && x !== e));
      if (pay) { pay.lines[0]!.debit = gross; pay.lines[1]!.credit = gross; }
      planted++;
    }
  }
  // 4. A supplier invoice keyed twice: the same reference and amount weeks apart.
  const invoices = regular.filter((e) => e.kind === "supplier_invoice" && e.date > afterWarmup && e.date < end - 60 * DAY);
  for (let i = 0; i < PER_KIND; i++) {
    const orig = pick(invoices);
    const s = suppliers.find((x) => x.no === orig.lines.find((l) => l.role === "suppliers")!.party!.no)!;
    const day = nextWorkday(orig.date + int(4, 40) * DAY);
    supplierInvoice(s, day, orig.lines[0]!.debit, { ref: orig.pieceRef, anomaly: "duplicate_supplier_invoice" });
  }
  // 5. A new supplier whose first invoice is large and paid within days.
  for (let i = 0; i < PER_KIND; i++) {
    const s: Supplier = { no: `F${String(++supplierNo).padStart(4, "0")}`, name: chart.newSupplierNames[i % chart.newSupplierNames.length]! + (i >= chart.newSupplierNames.length ? ` ${i}` : ""), role: pick(["fees", "subcontracting", "materials"] as Role[]), base: 0, sigma: 0, perMonth: 0, rate: standard!, directDebit: false, fixed: false, refPrefix: "F", from: 0, invoices: 0 };
    suppliers.push(s);
    supplierInvoice(s, pick(workdays), money(uniform(18000, 65000)), { anomaly: "new_supplier_paid_fast", payWithin: int(1, 4) });
  }
  // 6. Entries dated on a Sunday or a public holiday by people who never post then.
  const offDays: number[] = [];
  for (let d = afterWarmup; d < end - 40 * DAY; d += DAY) if (weekday(d) === 0 || isHoliday(d)) offDays.push(d);
  for (let i = 0; i < PER_KIND; i++) {
    const day = pick(offDays);
    if (chance(0.5)) customerInvoice(pickCustomer(), day, { anomaly: "holiday_posting" });
    else {
      const s = pick(ordinarySuppliers);
      supplierInvoice(s, day, money(s.base * Math.exp(s.sigma * normal())), { anomaly: "holiday_posting" });
    }
  }
  // Payments of planted invoices keep their invoice's anomaly only where the payment is the finding.
  entries.sort((a, b) => a.date - b.date || a.id - b.id);
  return { entries, start, years };
}
