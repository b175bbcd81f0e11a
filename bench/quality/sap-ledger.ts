/**
 * The fifth independent evaluation ledger: an SAP S/4HANA "Journal Entry Items" export
 * (FAGLL03H / ACDOCA line items) of a German engineering and professional-services consultancy —
 * ~250 staff, company codes 1000 (Germany, EUR) and 2000 (Switzerland, CHF), 24 months — as a German
 * SAP user gets it from the list's "Export → Tabellenkalkulation": semicolon-separated, Windows-1252,
 * German headers, `DD.MM.YYYY` dates, `1.234,56` amounts **unsigned** beside a `Soll/Haben-Kennz.`
 * (S = Soll/debit, H = Haben/credit), one row per line item (Position) of a document (Belegnummer).
 *
 * Written from how such a company's books look, without reading the product's detectors or the
 * other generators' business: payroll by BATCH_HR (13th salary in November, holiday pay in June),
 * month-end accruals reversed on the 1st (AB), depreciation runs (AF) by a job user, bank
 * statements by the EBS_IF interface (Monday–Saturday, in volume), goods receipts (WE) and
 * invoice receipts (RE) over the GR/IR account with its monthly clearing, travel expenses by the
 * travel interface, milestone invoices, intercompany recharges, FX revaluation, the VAT return's
 * payment, corporate tax prepayments, the annual audit fee and D&O premium, year-end closing in
 * periods 13–16 entered in January–March, a migration batch of opening balances, a new cost
 * centre mid-year, a clerk on parental leave whose colleague covers, public holidays and the
 * Christmas shutdown. About 1 % of the documents are planted problems of the kinds an auditor
 * reports; each document carries its kind, returned beside the rows and never exported.
 */
import { mulberry32 } from "./mulberry32.ts";

export interface SapLedgerOptions {
  seed: number;
  /** First day of the ledger (the migration batch posts the opening balances on it). */
  start?: string;
  months?: number;
}

export interface SapLedgerDocument {
  /** Belegnummer (unique over the export: the number ranges here are company- and year-independent). */
  documentNo: string;
  kind: string;
  /** Set for planted problems: the kind an auditor would report. */
  anomaly?: string;
  lines: number;
}

export interface SapLedger {
  header: string[];
  rows: string[][];
  documents: SapLedgerDocument[];
}

const DAY = 86_400_000;

export const SAP_HEADER = [
  "Buchungskreis", "Belegnummer", "Position", "Geschäftsjahr", "Buchungsperiode", "Belegart",
  "Buchungsdatum", "Belegdatum", "Erfassungsdatum", "Erfassungsuhrzeit", "Buchungsschlüssel",
  "Sachkonto", "Kostenstelle", "Profitcenter", "Kreditor", "Debitor", "Name 1",
  "Soll/Haben-Kennz.", "Betrag in Hauswährung", "Hauswährung", "Betrag in Belegwährung",
  "Belegwährung", "Steuerkennzeichen", "Benutzername", "Text", "Referenz", "Zuordnung",
];

interface Line {
  account: string;
  sh: "S" | "H";
  /** In the document currency, positive. */
  amount: number;
  costCenter?: string;
  vendor?: string;
  customer?: string;
  tax?: string;
  text?: string;
  assignment?: string;
}

interface Doc {
  company: "1000" | "2000";
  docNo: string;
  type: string;
  posting: number;
  docDate: number;
  entry: number; // ms, with the time of day
  period?: number;
  currency: string; // Belegwährung
  rate: number; // local per document currency
  user: string;
  reference: string;
  text: string;
  kind: string;
  anomaly?: string;
  lines: Line[];
}

interface Vendor {
  no: string;
  name: string;
  company: "1000" | "2000";
  account: string;
  costCenter: string;
  base: number;
  sigma: number;
  /** Invoices a month (a fraction is a probability). */
  perMonth: number;
  fixed?: boolean;
  /** Posted as goods/service receipt + invoice receipt (WE/RE) rather than a direct FI invoice (KR). */
  mm?: boolean;
  tax: string;
  from: number;
  to?: number;
  kind: string;
  /** Invoice numbers this vendor writes. */
  refPrefix: string;
}

/** Easter Sunday (anonymous Gregorian algorithm), as ms of the UTC day. */
function easter(year: number): number {
  const a = year % 19, b = Math.floor(year / 100), c = year % 100, d = Math.floor(b / 4), e = b % 4;
  const f = Math.floor((b + 8) / 25), g = Math.floor((b - f + 1) / 3), h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4), k = c % 4, l = (32 + 2 * e + 2 * i - h - k) % 7, m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31), day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

/** Public holidays of Bavaria (1000, Munich) and Zurich (2000), as day ms. */
function holidays(company: "1000" | "2000", year: number): Set<number> {
  const e = easter(year);
  const fixed = (m: number, d: number) => Date.UTC(year, m - 1, d);
  const common = [fixed(1, 1), e - 2 * DAY, e + DAY, fixed(5, 1), e + 39 * DAY, e + 50 * DAY, fixed(12, 25), fixed(12, 26)];
  const own = company === "1000"
    ? [fixed(1, 6), e + 60 * DAY, fixed(8, 15), fixed(10, 3), fixed(11, 1)]
    : [fixed(1, 2), fixed(8, 1)];
  return new Set([...common, ...own]);
}

export function generateSapLedger(options: SapLedgerOptions): SapLedger {
  const rng = mulberry32(options.seed);
  names.clear();
  const start = Date.parse(`${options.start ?? "2024-01-01"}T00:00:00Z`);
  const months = options.months ?? 24;
  const end = addMonths(start, months);
  const uniform = (a: number, b: number) => a + (b - a) * rng();
  const int = (a: number, b: number) => Math.floor(uniform(a, b + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)]!;
  const chance = (p: number) => rng() < p;
  const normal = () => Math.sqrt(-2 * Math.log(1 - rng())) * Math.cos(2 * Math.PI * rng());
  const lognormal = (base: number, sigma: number) => base * Math.exp(sigma * normal());
  const money = (x: number) => Math.round(x * 100) / 100;

  const holidayCache = new Map<string, Set<number>>();
  const isHoliday = (company: "1000" | "2000", day: number) => {
    const y = new Date(day).getUTCFullYear();
    const key = `${company}${y}`;
    if (!holidayCache.has(key)) holidayCache.set(key, holidays(company, y));
    return holidayCache.get(key)!.has(day);
  };
  const weekday = (day: number) => new Date(day).getUTCDay();
  const isWeekend = (day: number) => weekday(day) === 0 || weekday(day) === 6;
  /** Christmas shutdown: 24.12.–31.12., nobody in the office. */
  const isShutdown = (day: number) => {
    const d = new Date(day);
    return d.getUTCMonth() === 11 && d.getUTCDate() >= 24;
  };
  const isWorkday = (company: "1000" | "2000", day: number) => !isWeekend(day) && !isHoliday(company, day) && !isShutdown(day);
  const nextWorkday = (company: "1000" | "2000", day: number) => {
    let d = day;
    while (!isWorkday(company, d)) d += DAY;
    return d;
  };
  const prevWorkday = (company: "1000" | "2000", day: number) => {
    let d = day;
    while (!isWorkday(company, d)) d -= DAY;
    return d;
  };
  const officeTime = (day: number, from = 7.5, to = 17.5) => day + Math.floor(uniform(from, to) * 3_600_000) + int(0, 59) * 1000;
  const nightTime = (day: number) => day + Math.floor(uniform(1, 4.5) * 3_600_000) + int(0, 59) * 1000;

  // Number ranges: per company code and document type, year-independent (one interval for all
  // years), company 2000 in its own intervals — so a Belegnummer names one document in the export.
  const RANGE: Record<string, string> = { SA: "01", AB: "02", AF: "03", KR: "19", KG: "17", KZ: "15", ZP: "20", DR: "18", DZ: "14", RE: "51", WE: "50", ZB: "16", TV: "21", UE: "09" };
  const counters = new Map<string, number>();
  const nextNo = (company: string, type: string) => {
    const key = company + type;
    const n = (counters.get(key) ?? 0) + 1;
    counters.set(key, n);
    return `${RANGE[type] ?? "01"}${company === "1000" ? "0" : "5"}${String(n).padStart(7, "0")}`;
  };

  const docs: Doc[] = [];
  const fxRate = (day: number) => 0.955 - 0.02 * ((day - start) / (end - start)) + 0.004 * Math.sin((day - start) / (DAY * 37)); // CHF per EUR
  const LOCAL: Record<string, string> = { "1000": "EUR", "2000": "CHF" };
  const add = (d: Omit<Doc, "docNo" | "currency" | "rate"> & { currency?: string; rate?: number }) => {
    const currency = d.currency ?? LOCAL[d.company]!;
    const doc: Doc = { ...d, currency, rate: d.rate ?? (currency === LOCAL[d.company] ? 1 : d.company === "2000" ? fxRate(d.posting) : 1 / fxRate(d.posting)), docNo: nextNo(d.company, d.type) };
    docs.push(doc);
    return doc;
  };

  // ---- Organisation -----------------------------------------------------------------------
  const costCenters1000 = ["1000", "1100", "1200", "2000", "2100", "2200", "3000", "3100", "3200", "4000", "4100", "9000"];
  const costCenters2000 = ["5000", "5100", "5200", "5900"];
  const newCostCenterOpens = addMonths(start, 6); // 4150 "Digital Engineering" opened mid-year
  const ccOf = (company: "1000" | "2000", day: number) =>
    company === "2000" ? costCenters2000 : day >= newCostCenterOpens ? [...costCenters1000, "4150"] : costCenters1000;
  const headcount: Record<string, number> = { "1000": 200, "2000": 50 };
  // AP clerks: WEBER_K is on parental leave for four months; SCHMIDT_A covers her vendors.
  const leaveFrom = addMonths(start, 9), leaveTo = addMonths(start, 13);
  const apClerk1000 = (vendorIndex: number, day: number) =>
    vendorIndex % 2 === 0 ? "SCHMIDT_A" : day >= leaveFrom && day < leaveTo ? "SCHMIDT_A" : "WEBER_K";
  const AP_2000 = "MUELLER_R";
  const AR_1000 = "BECKER_S", AR_2000 = "FREI_L";
  const GL_1000 = "HOFFMANN_J", GL_2000 = "FREI_L";
  const CONTROLLER = "KRAUSE_M";
  const PURCHASERS = ["LANG_T", "WOLF_C"];
  // A departed AP clerk: entered invoices in the first five months, then left the company.
  const DEPARTED = "ZIMMER_P", departedUntil = addMonths(start, 5);

  // ---- Vendors ----------------------------------------------------------------------------
  const vendors: Vendor[] = [];
  let vendorNo1000 = 100000, vendorNo2000 = 200000;
  const vendor = (v: Omit<Vendor, "no" | "from"> & { from?: number }) => {
    const no = String(v.company === "1000" ? ++vendorNo1000 : ++vendorNo2000);
    const full = { ...v, no, from: v.from ?? start } as Vendor;
    vendors.push(full);
    return full;
  };
  const refPrefix = () => pick(["RE-", "R", "INV", "", "2024-", "RG"]) + String(int(1, 9));
  // Germany
  vendor({ name: "Immobilien Isarpark GmbH & Co. KG", company: "1000", account: "670000", costCenter: "9000", base: 38500, sigma: 0, perMonth: 1, fixed: true, tax: "V1", kind: "rent", refPrefix: "MIETE" });
  vendor({ name: "Athlon Germany GmbH", company: "1000", account: "671000", costCenter: "9000", base: 12480, sigma: 0, perMonth: 1, fixed: true, tax: "V1", kind: "leasing", refPrefix: "LV" });
  vendor({ name: "Bechtle GmbH IT-Systemhaus", company: "1000", account: "672000", costCenter: "9000", base: 4200, sigma: 0.7, perMonth: 3, mm: true, tax: "V1", kind: "vendor_invoice", refPrefix: refPrefix() });
  vendor({ name: "SAP Deutschland SE & Co. KG", company: "1000", account: "673000", costCenter: "9000", base: 18600, sigma: 0.05, perMonth: 1 / 3, tax: "V1", kind: "vendor_invoice", refPrefix: "90" });
  vendor({ name: "Autodesk GmbH", company: "1000", account: "673000", costCenter: "3000", base: 6100, sigma: 0.2, perMonth: 1, tax: "V1", kind: "vendor_invoice", refPrefix: "DE" });
  vendor({ name: "Telekom Deutschland GmbH", company: "1000", account: "674000", costCenter: "9000", base: 3900, sigma: 0.08, perMonth: 1, tax: "V1", kind: "vendor_invoice", refPrefix: "TK" });
  vendor({ name: "Vodafone GmbH", company: "1000", account: "674000", costCenter: "9000", base: 2100, sigma: 0.1, perMonth: 1, tax: "V1", kind: "vendor_invoice", refPrefix: "VF" });
  for (const [name, cc] of [["Ingenieurbüro Hartmann GmbH", "3000"], ["Statik Consult Brandl", "3100"], ["TGA Planung Huber GmbH", "3200"], ["Vermessung Seidl & Partner", "3000"], ["CAD Service Neumann", "3100"], ["Projektsteuerung Fuchs GmbH", "2000"], ["Geotechnik Ried GmbH", "3200"], ["Brandschutz Wagner Ingenieure", "3100"]] as const) {
    vendor({ name, company: "1000", account: "675000", costCenter: cc, base: uniform(5000, 22000), sigma: 0.55, perMonth: uniform(1, 3), tax: "V1", kind: "subcontractor", refPrefix: refPrefix() });
  }
  vendor({ name: "Piepenbrock Dienstleistungen GmbH", company: "1000", account: "676000", costCenter: "9000", base: 4350, sigma: 0.03, perMonth: 1, tax: "V1", kind: "vendor_invoice", refPrefix: "PB" });
  vendor({ name: "Stadtwerke München GmbH", company: "1000", account: "677000", costCenter: "9000", base: 5200, sigma: 0.25, perMonth: 1, tax: "V1", kind: "vendor_invoice", refPrefix: "SWM" });
  vendor({ name: "Staples Deutschland GmbH", company: "1000", account: "681000", costCenter: "9000", base: 380, sigma: 0.6, perMonth: 4, mm: true, tax: "V1", kind: "vendor_invoice", refPrefix: "ST" });
  vendor({ name: "Hays AG", company: "1000", account: "682000", costCenter: "9000", base: 14500, sigma: 0.35, perMonth: 0.4, tax: "V1", kind: "vendor_invoice", refPrefix: "HY" });
  vendor({ name: "Messe München GmbH", company: "1000", account: "683000", costCenter: "1000", base: 9000, sigma: 0.7, perMonth: 0.25, tax: "V1", kind: "vendor_invoice", refPrefix: "MM" });
  vendor({ name: "Noerr Partnerschaftsgesellschaft mbB", company: "1000", account: "680000", costCenter: "9000", base: 7800, sigma: 0.6, perMonth: 0.5, tax: "V1", kind: "vendor_invoice", refPrefix: "N" });
  vendor({ name: "Dell GmbH", company: "1000", account: "211200", costCenter: "9000", base: 9500, sigma: 0.6, perMonth: 0.6, mm: true, tax: "V1", kind: "vendor_invoice", refPrefix: "DL" });
  vendor({ name: "Lufthansa AirPlus Servicekarten GmbH", company: "1000", account: "684000", costCenter: "9000", base: 16000, sigma: 0.3, perMonth: 1, tax: "V0", kind: "vendor_invoice", refPrefix: "AP" });
  // Once a year: audit fee (auditor, in the spring) and the D&O premium (January).
  const auditor = vendor({ name: "KPMG AG Wirtschaftsprüfungsgesellschaft", company: "1000", account: "679000", costCenter: "9000", base: 68000, sigma: 0.04, perMonth: 0, tax: "V1", kind: "audit_fee", refPrefix: "KP" });
  const dnoInsurer = vendor({ name: "Allianz Versicherungs-AG", company: "1000", account: "678000", costCenter: "9000", base: 41200, sigma: 0.02, perMonth: 0, tax: "V0", kind: "insurance", refPrefix: "POL" });
  // A vendor that starts in month 8 with a small first invoice (a new supplier, legitimately).
  vendor({ name: "Druckerei Kastner GmbH", company: "1000", account: "683000", costCenter: "1000", base: 650, sigma: 0.4, perMonth: 0.8, tax: "V1", kind: "new_vendor_small", refPrefix: "DK", from: addMonths(start, 8) });
  // The long tail: smaller suppliers of a consultancy (catering, books and standards, couriers,
  // maintenance, training, software tools, temporary staff), a few invoices each a month.
  const tail = ["Beuth Verlag", "DHL Express Germany", "Cateringservice Lohmann", "Hausmeisterservice Brunner", "TÜV SÜD Akademie", "Adobe Systems Software", "Randstad Deutschland", "Schindler Aufzüge", "Würth Industrie Service", "Getränke Huber", "Buchhandlung Hugendubel", "Kaiser Kopiertechnik", "Securitas Sicherheitsdienste", "Ratiodata Archivierung", "Haufe-Lexware", "Springer Fachmedien", "Microsoft Deutschland", "Atlassian Pty", "Rechenzentrum Nord", "Ecclesia Versicherungsdienst", "Kanzlei Obermeier", "Dolmetscherbüro Lechner", "Fahrradleasing JobRad", "Blumen Reiter", "Druckhaus Mayr", "Hotel Bayerischer Hof", "Planungsbüro Eder", "Laborprüfung Moser", "Geodatenservice Pfaffinger", "Werkstatt Zeller"];
  for (const name of tail) {
    const accountOf: [string, string][] = [["681000", "9000"], ["683000", "1000"], ["672000", "9000"], ["685000", "1000"], ["675000", "3000"], ["682000", "9000"], ["676000", "9000"]];
    const [account, costCenter] = pick(accountOf);
    vendor({ name: `${name} GmbH`, company: "1000", account, costCenter, base: uniform(150, 3500), sigma: uniform(0.3, 0.8), perMonth: uniform(1, 5), mm: chance(0.2), tax: "V1", kind: "vendor_invoice", refPrefix: refPrefix() });
  }
  for (const name of ["Papeterie Zumstein", "Kurierdienst Veloblitz", "Schulungszentrum Oerlikon", "Reinigung Meier", "Softwareshop Bern", "Gastro Zürichberg"]) {
    vendor({ name: `${name} AG`, company: "2000", account: pick(["681000", "672000", "685000", "676000"]), costCenter: "5900", base: uniform(200, 2500), sigma: uniform(0.3, 0.7), perMonth: uniform(1, 3), tax: "VS", kind: "vendor_invoice", refPrefix: refPrefix() });
  }
  // Switzerland
  vendor({ name: "Swiss Prime Site Immobilien AG", company: "2000", account: "670000", costCenter: "5900", base: 14000, sigma: 0, perMonth: 1, fixed: true, tax: "VS", kind: "rent", refPrefix: "M" });
  vendor({ name: "Swisscom (Schweiz) AG", company: "2000", account: "674000", costCenter: "5900", base: 1850, sigma: 0.1, perMonth: 1, tax: "VS", kind: "vendor_invoice", refPrefix: "SC" });
  vendor({ name: "Basler & Hofmann AG", company: "2000", account: "675000", costCenter: "5100", base: 11000, sigma: 0.5, perMonth: 1.5, tax: "VS", kind: "subcontractor", refPrefix: "BH" });
  vendor({ name: "Emch+Berger AG", company: "2000", account: "675000", costCenter: "5200", base: 8000, sigma: 0.5, perMonth: 1, tax: "VS", kind: "subcontractor", refPrefix: "EB" });
  vendor({ name: "Digitec Galaxus AG", company: "2000", account: "672000", costCenter: "5900", base: 1600, sigma: 0.7, perMonth: 1.5, tax: "VS", kind: "vendor_invoice", refPrefix: "DG" });
  vendor({ name: "ISS Facility Services AG", company: "2000", account: "676000", costCenter: "5900", base: 2300, sigma: 0.04, perMonth: 1, tax: "VS", kind: "vendor_invoice", refPrefix: "ISS" });

  const customers1000 = ["Stadtwerke Augsburg", "BMW AG", "Deutsche Bahn InfraGO AG", "Landeshauptstadt München", "Siemens Real Estate", "Flughafen München GmbH", "Wacker Chemie AG", "MAN Energy Solutions SE", "Bayernwerk Netz GmbH", "Allianz Real Estate", "Freistaat Bayern Staatl. Bauamt", "Audi AG"].map((name, i) => ({ no: String(300001 + i), name }));
  const customers2000 = ["SBB AG", "Kanton Zürich Hochbauamt", "Stadt Winterthur", "Roche Diagnostics AG", "Flughafen Zürich AG", "Axpo Grid AG"].map((name, i) => ({ no: String(400001 + i), name }));

  // ---- Regular business, month by month ------------------------------------------------
  const invoiceLines = (v: Vendor, net: number) => {
    const vat = v.tax === "V1" ? 0.19 : v.tax === "VS" ? 0.081 : 0;
    const tax = money(net * vat);
    const lines: Line[] = [{ account: "160000", sh: "H", amount: money(net + tax), vendor: v.no }, { account: v.account, sh: "S", amount: net, costCenter: v.costCenter, tax: v.tax }];
    if (tax > 0) lines.push({ account: "154000", sh: "S", amount: tax, tax: v.tax });
    return lines;
  };
  const payments: { v: Vendor; gross: number; due: number; ref: string }[] = [];
  const usedRefs = new Set<string>();
  const vendorRef = (v: Vendor) => {
    for (;;) {
      const r = `${v.refPrefix}${int(10000, 99999)}`;
      if (!usedRefs.has(v.no + r)) {
        usedRefs.add(v.no + r);
        return r;
      }
    }
  };
  const postVendorInvoice = (v: Vendor, day: number, net: number, user: string, kind: string, extra: Partial<Doc> = {}) => {
    const ref = extra.reference ?? vendorRef(v);
    const entry = officeTime(day);
    const docDate = day - int(1, 12) * DAY;
    if (v.mm) {
      // Goods/service receipt by purchasing, then the invoice receipt over GR/IR.
      const grDay = Math.max(start, day - int(2, 10) * DAY);
      // An inflated invoice comes with its inflated receipt: both are the planted problem.
      const inflated = extra.anomaly === "amount_outlier" ? { anomaly: extra.anomaly } : {};
      add({ company: v.company, type: "WE", posting: grDay, docDate: grDay, entry: officeTime(grDay), user: pick(PURCHASERS), reference: `LS${int(100000, 999999)}`, text: "Wareneingang", kind: extra.anomaly === "amount_outlier" ? "amount_outlier" : "goods_receipt", ...inflated, lines: [{ account: v.account, sh: "S", amount: net, costCenter: v.costCenter }, { account: "191100", sh: "H", amount: net }] });
      const vat = v.tax === "V1" ? 0.19 : 0.081;
      const tax = money(net * vat);
      const lines: Line[] = [{ account: "160000", sh: "H", amount: money(net + tax), vendor: v.no }, { account: "191100", sh: "S", amount: net }, { account: "154000", sh: "S", amount: tax, tax: v.tax }];
      add({ company: v.company, type: "RE", posting: day, docDate, entry, user, reference: ref, text: v.name.slice(0, 25), kind, ...extra, lines });
    } else {
      add({ company: v.company, type: "KR", posting: day, docDate, entry, user, reference: ref, text: v.name.slice(0, 25), kind, ...extra, lines: invoiceLines(v, net) });
    }
    const vat = v.tax === "V1" ? 0.19 : v.tax === "VS" ? 0.081 : 0;
    payments.push({ v, gross: money(net * (1 + vat)), due: day + int(14, 30) * DAY, ref });
  };

  const monthStarts: number[] = [];
  for (let m = start; m < end; m = addMonths(m, 1)) monthStarts.push(m);

  // Migration: opening balances on day one, by the migration user, one document per company.
  for (const company of ["1000", "2000"] as const) {
    const lines: Line[] = [];
    const balances: [string, "S" | "H", number][] = company === "1000"
      ? [["113100", "S", 2_480_000], ["140000", "S", 3_650_000], ["211100", "S", 940_000], ["211200", "S", 410_000], ["160000", "H", 1_120_000], ["290100", "H", 380_000], ["291100", "H", 620_000], ["174100", "H", 0], ["300000", "H", 2_500_000]]
      : [["113100", "S", 640_000], ["140000", "S", 910_000], ["211100", "S", 120_000], ["160000", "H", 260_000], ["291100", "H", 110_000], ["300000", "H", 500_000]];
    let sum = 0;
    for (const [account, sh, amount] of balances) {
      if (amount === 0) continue;
      lines.push({ account, sh, amount, text: "Altdatenübernahme" });
      sum += sh === "S" ? amount : -amount;
    }
    lines.push({ account: "999999", sh: sum > 0 ? "H" : "S", amount: Math.abs(sum), text: "Übernahmekonto" });
    add({ company, type: "UE", posting: start, docDate: start, entry: officeTime(start - 2 * DAY, 9, 11), user: "MIGRATION", reference: "EB-Übernahme", text: "Eröffnungsbilanz", kind: "migration", lines });
  }

  const vendorIndex = new Map(vendors.map((v, i) => [v, i] as const));
  for (const m of monthStarts) {
    const date = new Date(m);
    const year = date.getUTCFullYear(), month = date.getUTCMonth() + 1;
    const monthEnd = addMonths(m, 1) - DAY;
    const daysIn = Math.round((addMonths(m, 1) - m) / DAY);

    for (const company of ["1000", "2000"] as const) {
      const ccs = ccOf(company, m);
      // Payroll, BATCH_HR, on the last workday before the 28th; 13th salary in November, holiday pay in June (1000).
      const payDay = prevWorkday(company, m + 27 * DAY);
      const staff = headcount[company]!;
      const avg = company === "1000" ? 5600 : 8900;
      const lines: Line[] = [];
      let gross = 0;
      for (const cc of ccs) {
        const share = staff / ccs.length;
        let salary = money(share * avg * uniform(0.85, 1.15) * (1 + 0.002 * (m - start) / (30 * DAY)));
        if (cc === "4150" && m < addMonths(newCostCenterOpens, 2)) salary = money(salary * 0.3); // ramping up
        lines.push({ account: "630000", sh: "S", amount: salary, costCenter: cc, text: "Gehälter" });
        if (month === 11) lines.push({ account: "630100", sh: "S", amount: money(salary * uniform(0.95, 1.02)), costCenter: cc, text: "13. Monatsgehalt" });
        if (month === 6 && company === "1000") lines.push({ account: "630100", sh: "S", amount: money(salary * 0.5), costCenter: cc, text: "Urlaubsgeld" });
        const overtime = money(salary * uniform(0.01, 0.04));
        lines.push({ account: "630200", sh: "S", amount: overtime, costCenter: cc, text: "Überstunden/Zuschläge" });
        let social = 0;
        for (const [acc, share, txt] of (company === "1000" ? [["631000", 0.093, "AG-Anteil RV"], ["631100", 0.081, "AG-Anteil KV"], ["631200", 0.013, "AG-Anteil AV"], ["631300", 0.018, "AG-Anteil PV"]] : [["631000", 0.053, "AG-Anteil AHV/IV/EO"], ["631100", 0.011, "AG-Anteil ALV"], ["631200", 0.07, "AG-Anteil BVG"]]) as [string, number, string][]) {
          const part = money(salary * share);
          social += part;
          lines.push({ account: acc, sh: "S", amount: part, costCenter: cc, text: txt });
        }
        gross += salary + social + (month === 11 ? salary : 0) + (month === 6 && company === "1000" ? salary * 0.5 : 0);
      }
      gross = money(lines.reduce((s, l) => s + l.amount, 0));
      const wageTax = money(gross * 0.22), socialDue = money(gross * 0.32), net = money(gross - wageTax - socialDue);
      lines.push({ account: "174100", sh: "H", amount: net, text: "Nettolöhne" }, { account: "174200", sh: "H", amount: wageTax, text: "Lohnsteuer" }, { account: "174300", sh: "H", amount: socialDue, text: "Sozialversicherung" });
      add({ company, type: "SA", posting: payDay, docDate: payDay, entry: nightTime(payDay), user: "BATCH_HR", reference: `LOHN${year}${String(month).padStart(2, "0")}`, text: month === 11 ? "Gehaltslauf inkl. 13. ME" : "Gehaltslauf", kind: "payroll", lines });
      // Net pay, wage tax, social security paid from the bank (EBS_IF reads them off the statement).
      for (const [acc, amt, txt, d] of [["174100", net, "Nettolöhne", payDay + DAY], ["174200", wageTax, "Lohnsteuer Anmeldung", m + 39 * DAY], ["174300", socialDue, "SV-Beiträge", payDay]] as const) {
        const day = nextWorkday(company, d);
        if (day >= end) continue;
        add({ company, type: "ZB", posting: day, docDate: day, entry: day + DAY + int(5, 7) * 3_600_000, user: "EBS_IF", reference: `KA${int(100, 999)}`, text: txt, kind: "bank_statement", lines: [{ account: acc, sh: "S", amount: amt }, { account: "113100", sh: "H", amount: amt }] });
      }

      // Depreciation run (AF) by BATCH_AFA on the last day of the month, at night, weekends included.
      const afa = company === "1000" ? [["211100", 11800], ["211200", 8600]] as const : [["211100", 2100]] as const;
      add({ company, type: "AF", posting: monthEnd, docDate: monthEnd, entry: nightTime(monthEnd + DAY), user: "BATCH_AFA", reference: `AFAB${year}${String(month).padStart(2, "0")}`, text: "Abschreibungslauf", kind: "depreciation", lines: afa.flatMap(([acc, amt]) => [{ account: "660000", sh: "S" as const, amount: money(amt * (1 + 0.003 * ((m - start) / (30 * DAY)))), costCenter: company === "1000" ? "9000" : "5900" }, { account: acc, sh: "H" as const, amount: money(amt * (1 + 0.003 * ((m - start) / (30 * DAY)))) }]) });

      // Month-end accruals by the GL accountant (SA), reversed on the 1st (AB).
      const gl = company === "1000" ? GL_1000 : GL_2000;
      const closeDay = prevWorkday(company, monthEnd);
      const accruals: Line[] = [];
      for (const [acc, base] of (company === "1000" ? [["675000", 42000], ["677000", 5000], ["680000", 6000], ["684000", 9000]] : [["675000", 12000], ["674000", 1800]]) as [string, number][]) {
        const amt = money(lognormal(base, 0.25));
        accruals.push({ account: acc, sh: "S", amount: amt, costCenter: company === "1000" ? pick(ccs) : "5900", text: "Abgrenzung" }, { account: "290100", sh: "H", amount: amt, text: "Abgrenzung" });
      }
      const accrualEntry = officeTime(nextWorkday(company, monthEnd + DAY) , 8, 16);
      add({ company, type: "SA", posting: monthEnd, docDate: monthEnd, entry: accrualEntry, user: gl, reference: `ABGR${String(month).padStart(2, "0")}/${year}`, text: "Periodenabgrenzung", kind: "accrual", lines: accruals });
      if (monthEnd + DAY < end) {
        add({ company, type: "AB", posting: monthEnd + DAY, docDate: monthEnd + DAY, entry: accrualEntry + 600_000, user: gl, reference: `ABGR${String(month).padStart(2, "0")}/${year}`, text: "Storno Periodenabgrenzung", kind: "accrual_reversal", lines: accruals.map((l) => ({ ...l, sh: l.sh === "S" ? "H" : "S", text: "Storno" })) });
      }

      // GR/IR clearing (F.13-like) monthly by the GL accountant: small residues.
      const residue = money(lognormal(350, 0.8));
      add({ company, type: "SA", posting: closeDay, docDate: closeDay, entry: officeTime(closeDay), user: gl, reference: "WE/RE-Ausgleich", text: "WE/RE-Verrechnung", kind: "grir_clearing", lines: grirLines(chance(0.5) ? "S" : "H", residue) });

      // FX revaluation (Fremdwährungsbewertung) at month end, by the GL accountant, one document.
      const fx = money(lognormal(company === "1000" ? 1400 : 3200, 0.9));
      const gain = chance(0.5);
      add({ company, type: "SA", posting: monthEnd, docDate: monthEnd, entry: accrualEntry + 1_200_000, user: gl, reference: "FWB", text: "Fremdwährungsbewertung", kind: "fx_revaluation", lines: [{ account: company === "1000" ? "140000" : "160000", sh: gain ? "S" : "H", amount: fx }, { account: gain ? "720000" : "721000", sh: gain ? "H" : "S", amount: fx }] });

      // Intercompany recharge: 1000 charges 2000 for shared engineering services at month end.
      if (company === "1000") {
        const eur = money(lognormal(68000, 0.2));
        const icDay = closeDay;
        add({ company: "1000", type: "DR", posting: icDay, docDate: icDay, entry: officeTime(icDay, 13, 17), user: GL_1000, reference: `IC${year}${String(month).padStart(2, "0")}`, text: "Konzernumlage Engineering", kind: "intercompany", lines: [{ account: "140100", sh: "S", amount: eur, customer: "IC2000" }, { account: "840000", sh: "H", amount: eur, costCenter: "9000" }] });
        const rate = fxRate(icDay);
        const chf = money(eur * rate);
        add({ company: "2000", type: "KR", posting: icDay, docDate: icDay, entry: officeTime(nextWorkday("2000", icDay + DAY)), user: GL_2000, reference: `IC${year}${String(month).padStart(2, "0")}`, text: "Konzernumlage Engineering", kind: "intercompany", currency: "EUR", rate, lines: [{ account: "160100", sh: "H", amount: eur, vendor: "IC1000" }, { account: "640000", sh: "S", amount: eur, costCenter: "5900" }] });
        void chf;
      }

      // VAT: the Umsatzsteuervoranmeldung's payment on the 10th (1000 monthly; 2000 quarterly MWST).
      if (company === "1000" || month % 3 === 1) {
        const day = nextWorkday(company, m + 9 * DAY);
        const vat = money(lognormal(company === "1000" ? 118000 : 36000, 0.15));
        add({ company, type: "SA", posting: day, docDate: day, entry: officeTime(day), user: gl, reference: company === "1000" ? `UStVA ${String(month === 1 ? 12 : month - 1).padStart(2, "0")}/${month === 1 ? year - 1 : year}` : `MWST Q${Math.ceil((month === 1 ? 12 : month - 1) / 3)}`, text: "Umsatzsteuer-Zahllast", kind: "vat_payment", lines: [{ account: "176000", sh: "S", amount: vat }, { account: "113100", sh: "H", amount: vat }] });
      }
      // Corporate tax prepayments: 10.3., 10.6., 10.9., 10.12. (1000).
      if (company === "1000" && month % 3 === 0) {
        const day = nextWorkday(company, m + 9 * DAY);
        for (const [acc, amt, txt] of [["770000", 96000, "KSt-Vorauszahlung"], ["771000", 88000, "GewSt-Vorauszahlung"]] as const) {
          add({ company, type: "SA", posting: day, docDate: day, entry: officeTime(day), user: gl, reference: `VZ Q${month / 3}/${year}`, text: txt, kind: "tax_prepayment", lines: [{ account: acc, sh: "S", amount: amt }, { account: "113100", sh: "H", amount: amt }] });
        }
      }
    }

    // Annual: the D&O premium in January, the audit fee in April.
    if (month === 1) postVendorInvoice(dnoInsurer, nextWorkday("1000", m + 14 * DAY), money(dnoInsurer.base * uniform(0.99, 1.04)), "SCHMIDT_A", "insurance");
    if (month === 4) postVendorInvoice(auditor, nextWorkday("1000", m + 20 * DAY), money(auditor.base * uniform(1, 1.05)), "SCHMIDT_A", "audit_fee");

    // Vendor invoices.
    for (const v of vendors) {
      if (v.perMonth === 0 || m < addMonths(v.from, 0) - 27 * DAY || (v.to && m > v.to)) continue;
      let n = Math.floor(v.perMonth) + (chance(v.perMonth - Math.floor(v.perMonth)) ? 1 : 0);
      if (v.fixed) n = 1;
      for (let i = 0; i < n; i++) {
        let day = v.fixed ? nextWorkday(v.company, m + 2 * DAY) : nextWorkday(v.company, m + int(0, daysIn - 1) * DAY);
        if (day < v.from) day = nextWorkday(v.company, v.from);
        if (day >= end) continue;
        const net = v.fixed ? v.base : money(Math.max(20, lognormal(v.base, v.sigma)));
        const user = v.company === "2000" ? AP_2000 : day < departedUntil && vendorIndex.get(v)! % 3 === 1 ? DEPARTED : apClerk1000(vendorIndex.get(v)!, day);
        postVendorInvoice(v, day, net, user, v.kind === "new_vendor_small" ? "new_vendor_small" : v.kind);
      }
    }

    // Travel expenses from the travel interface (TRV_IF), weekly on Tuesdays, per employee claim.
    for (let d = m; d < addMonths(m, 1) && d < end; d += DAY) {
      if (weekday(d) !== 2 || !isWorkday("1000", d)) continue;
      const claims = int(30, 50);
      for (let i = 0; i < claims; i++) {
        const amt = money(lognormal(420, 0.8));
        const emp = `E${int(10001, 10200)}`;
        add({ company: "1000", type: "TV", posting: d, docDate: d - int(3, 20) * DAY, entry: nightTime(d), user: "TRV_IF", reference: `RK${emp}-${int(1, 99)}`, text: "Reisekosten", kind: "travel_expense", lines: [{ account: "684000", sh: "S", amount: money(amt * 0.9), costCenter: pick(ccOf("1000", d)) }, { account: "154000", sh: "S", amount: money(amt * 0.1) }, { account: "176500", sh: "H", amount: amt, assignment: emp }] });
      }
      for (let j = int(3, 8); isWorkday("2000", d) && j > 0; j--) {
        const amt = money(lognormal(640, 0.7));
        add({ company: "2000", type: "TV", posting: d, docDate: d - int(3, 20) * DAY, entry: nightTime(d), user: "TRV_IF", reference: `RK${int(20001, 20050)}`, text: "Spesen", kind: "travel_expense", lines: [{ account: "684000", sh: "S", amount: amt, costCenter: pick(costCenters2000) }, { account: "176500", sh: "H", amount: amt }] });
      }
    }

    // Customer milestone invoices (DR) — large and irregular — and their payments (DZ by EBS_IF).
    for (const company of ["1000", "2000"] as const) {
      const customers = company === "1000" ? customers1000 : customers2000;
      const n = company === "1000" ? int(14, 24) : int(5, 9);
      for (let i = 0; i < n; i++) {
        const c = pick(customers);
        const day = nextWorkday(company, m + int(0, daysIn - 1) * DAY);
        if (day >= end) continue;
        const milestone = chance(0.12);
        const net = money(milestone ? lognormal(240000, 0.8) : lognormal(38000, 0.7));
        const vat = money(net * (company === "1000" ? 0.19 : 0.081));
        const doc = add({ company, type: "DR", posting: day, docDate: day, entry: officeTime(day), user: company === "1000" ? AR_1000 : AR_2000, reference: `${company === "1000" ? "9" : "7"}${int(1000000, 9999999)}`, text: milestone ? `Abschlagsrechnung MS${int(1, 6)}` : "Leistungsabrechnung", kind: milestone ? "milestone_invoice" : "customer_invoice", lines: [{ account: "140000", sh: "S", amount: money(net + vat), customer: c.no }, { account: company === "1000" ? pick(["800000", "800100"]) : "800000", sh: "H", amount: net, costCenter: pick(ccOf(company, day)), tax: company === "1000" ? "A1" : "AS" }, { account: "175000", sh: "H", amount: vat, tax: company === "1000" ? "A1" : "AS" }] });
        const paid = nextWorkday(company, day + int(20, 60) * DAY);
        if (paid < end) add({ company, type: "DZ", posting: paid, docDate: paid, entry: paid + DAY + int(5, 7) * 3_600_000, user: "EBS_IF", reference: doc.reference, text: "Zahlungseingang", kind: "customer_payment", lines: [{ account: "113100", sh: "S", amount: money(net + vat) }, { account: "140000", sh: "H", amount: money(net + vat), customer: c.no }] });
      }
      // Bank fees and interest: the statement interface, several a week.
      for (let d = m; d < addMonths(m, 1) && d < end; d += DAY) {
        if (!isWorkday(company, d)) continue;
        // Corporate card settlements and direct debits, read off the statement at 05–07 the next day (Saturdays too).
        for (let j = int(2, 6); j > 0; j--) {
          const amt = money(lognormal(260, 1));
          add({ company, type: "ZB", posting: d, docDate: d, entry: d + DAY + int(5, 7) * 3_600_000 + int(0, 3599) * 1000, user: "EBS_IF", reference: `KA${int(100, 999)}`, text: pick(["Lastschrift", "Kartenabrechnung", "SEPA-Lastschrift"]), kind: "bank_statement", lines: [{ account: "113101", sh: "S", amount: amt }, { account: "113100", sh: "H", amount: amt }] });
        }
        if (!chance(0.4)) continue;
        const fee = money(lognormal(35, 0.9));
        add({ company, type: "ZB", posting: d, docDate: d, entry: d + DAY + int(5, 7) * 3_600_000 + int(0, 3599) * 1000, user: "EBS_IF", reference: `KA${int(100, 999)}`, text: "Kontoführung/Gebühren", kind: "bank_statement", lines: [{ account: "690000", sh: "S", amount: fee, costCenter: company === "1000" ? "9000" : "5900" }, { account: "113100", sh: "H", amount: fee }] });
      }
    }
  }

  // Vendor payments: the payment run (F110, Belegart ZP) on Tuesdays and Thursdays by the AP
  // clerk, settling what is due; the bank statement's debit is matched by EBS_IF.
  // The payment program pays all of a vendor's items due in a run with one payment document.
  payments.sort((a, b) => a.due - b.due);
  const runs = new Map<string, { v: Vendor; day: number; items: typeof payments }>();
  for (const p of payments) {
    let day = p.due;
    while (weekday(day) !== 2 && weekday(day) !== 4) day += DAY;
    day = nextWorkday(p.v.company, day);
    if (day >= end) continue;
    const key = `${p.v.no}|${day}`;
    const run = runs.get(key) ?? { v: p.v, day, items: [] };
    run.items.push(p);
    runs.set(key, run);
  }
  for (const { v, day, items } of runs.values()) {
    const user = v.company === "2000" ? AP_2000 : "SCHMIDT_A";
    const total = money(items.reduce((sum, p) => sum + p.gross, 0));
    const lines: Line[] = items.map((p) => ({ account: "160000", sh: "S", amount: p.gross, vendor: v.no, assignment: p.ref }));
    lines.push({ account: "113200", sh: "H", amount: total });
    add({ company: v.company, type: "ZP", posting: day, docDate: day, entry: officeTime(day, 9, 11), user, reference: items.length === 1 ? items[0]!.ref : "", text: "Zahllauf", kind: "vendor_payment", lines });
  }

  // Year-end closing (Jahresabschluss): periods 13–16 of each closed fiscal year, posted on 31.12.
  // and entered by the controller in January–March of the next year.
  for (let y = new Date(start).getUTCFullYear(); Date.UTC(y + 1, 2, 31) < end; y++) {
    const posting = Date.UTC(y, 11, 31);
    const items: [number, string, string, number, string][] = [
      [13, "291100", "630000", 540000, "Urlaubsrückstellung"],
      [13, "291200", "630100", 1_250_000, "Bonusrückstellung"],
      [14, "291300", "679000", 72000, "Rückstellung Abschlussprüfung"],
      [14, "292000", "770000", 410000, "Steuerrückstellung KSt"],
      [15, "292000", "771000", 360000, "Steuerrückstellung GewSt"],
      [15, "290100", "675000", 185000, "Nachträgliche Abgrenzung Subunternehmer"],
      [16, "211100", "660000", 46000, "Sonderabschreibung"],
    ];
    for (const [period, liability, expense, base, text] of items) {
      const entryDay = nextWorkday("1000", Date.UTC(y + 1, 0, 15) + int(0, 70) * DAY);
      const amt = money(base * uniform(0.85, 1.15));
      add({ company: "1000", type: "SA", posting, docDate: posting, entry: officeTime(entryDay), period, user: CONTROLLER, reference: `JA${y}`, text, kind: "year_end_closing", lines: [{ account: expense, sh: "S", amount: amt, costCenter: "9000", text }, { account: liability, sh: "H", amount: amt, text }] });
    }
  }

  // ---- Planted problems (~1 % of documents) -------------------------------------------------
  const regularCount = docs.length;
  const target = Math.round(regularCount * 0.01);
  const plantable = vendors.filter((v) => !v.fixed && v.perMonth >= 0.5 && v.company === "1000" && v.kind !== "new_vendor_small");
  const laterDay = (company: "1000" | "2000") => nextWorkday(company, start + int(120, Math.round((end - start) / DAY) - 10) * DAY);
  // Only kinds anomaly_detection names (docs/analysis.md): a vendor invoice entered twice is
  // duplicate_detection's, so none is planted here.
  const kinds = ["amount_outlier", "weekend_posting", "manual_batch_account", "split_below_limit", "new_vendor_large_payment", "dormant_user", "lookalike_vendor"] as const;
  let planted = 0;
  let k = 0;
  let newVendorNo = 109000;
  while (planted < target) {
    const kind = kinds[k++ % kinds.length]!;
    const v = pick(plantable);
    const day = laterDay("1000");
    const clerk = apClerk1000(vendorIndex.get(v)!, day);
    if (kind === "amount_outlier") {
      postVendorInvoice(v, day, money(v.base * uniform(20, 100)), clerk, kind, { anomaly: kind });
      planted++;
    } else if (kind === "weekend_posting") {
      // An AP clerk who never works weekends or holidays enters a manual journal on one.
      let d = day;
      while (!(isWeekend(d) || isHoliday("1000", d))) d += DAY;
      const amt = money(lognormal(8500, 0.6));
      add({ company: "1000", type: "SA", posting: d, docDate: d, entry: officeTime(d, 10, 20), user: pick(["SCHMIDT_A", "WEBER_K", BECKER]), reference: `UMB${int(100, 999)}`, text: "Umbuchung", kind, anomaly: kind, lines: [{ account: pick(["675000", "672000", "680000"]), sh: "S", amount: amt, costCenter: pick(costCenters1000) }, { account: "113100", sh: "H", amount: amt }] });
      planted++;
    } else if (kind === "manual_batch_account") {
      // A clerk posts by hand to payroll or to the asset accounts only the jobs touch.
      const amt = money(lognormal(14000, 0.5));
      const [acc, off] = pick([["630000", "113100"], ["174100", "113100"], ["660000", "211100"]] as const);
      add({ company: "1000", type: "SA", posting: day, docDate: day, entry: officeTime(day), user: pick(["SCHMIDT_A", "WEBER_K", BECKER]), reference: `UMB${int(100, 999)}`, text: pick(["Korrektur", "Nachzahlung", "Umbuchung"]), kind, anomaly: kind, lines: [{ account: acc, sh: "S", amount: amt, costCenter: acc === "174100" ? undefined : pick(costCenters1000) }, { account: off, sh: "H", amount: amt }] });
      planted++;
    } else if (kind === "split_below_limit") {
      // Two or three round invoices just under the 10.000 / 25.000 approval limit, days apart.
      const limit = pick([10000, 25000]);
      const pieces = int(2, 3);
      let d = day;
      for (let i = 0; i < pieces; i++) {
        const net = Math.round((limit * uniform(0.86, 0.995)) / 10) * 10;
        add({ company: "1000", type: "KR", posting: d, docDate: d, entry: officeTime(d), user: clerk, reference: vendorRef(v), text: v.name.slice(0, 25), kind, anomaly: kind, lines: [{ account: "160000", sh: "H", amount: net, vendor: v.no }, { account: v.account, sh: "S", amount: net, costCenter: v.costCenter, tax: "V0" }] });
        d = nextWorkday("1000", d + int(0, 2) * DAY);
      }
      planted += pieces;
    } else if (kind === "new_vendor_large_payment") {
      const nv: Vendor = { no: String(++newVendorNo), name: pick(["Consulting Partners Nord GmbH", "TechServ Solutions UG", "Baumann Projektberatung", "Kessler Engineering Services", "Nova Plan GmbH"]) + ` ${int(2, 9)}`, company: "1000", account: "675000", costCenter: pick(costCenters1000), base: 0, sigma: 0, perMonth: 0, tax: "V1", kind, from: day, refPrefix: "R" };
      const net = money(uniform(38000, 95000));
      const ref = `R${int(1000, 9999)}`;
      add({ company: "1000", type: "KR", posting: day, docDate: day, entry: officeTime(day), user: clerk, reference: ref, text: nv.name.slice(0, 25), kind, anomaly: kind, lines: invoiceLines(nv, net) });
      const pay = nextWorkday("1000", day + int(0, 2) * DAY);
      add({ company: "1000", type: "ZP", posting: pay, docDate: pay, entry: officeTime(pay), user: clerk, reference: ref, text: "Zahlung", kind, anomaly: kind, lines: [{ account: "160000", sh: "S", amount: money(net * 1.19), vendor: nv.no }, { account: "113200", sh: "H", amount: money(net * 1.19) }] });
      names.set(nv.no, nv.name);
      planted += 2;
    } else if (kind === "dormant_user") {
      // The departed clerk's user posts again, long after the last posting.
      const d = nextWorkday("1000", Math.max(day, departedUntil + 200 * DAY));
      if (d >= end) continue;
      postVendorInvoice(v, d, money(lognormal(v.base, v.sigma)), DEPARTED, kind, { anomaly: kind });
      planted++;
    } else if (kind === "lookalike_vendor") {
      // A fictitious vendor whose name imitates an established subcontractor's.
      const established = pick(vendors.filter((x) => x.kind === "subcontractor" && x.company === "1000"));
      const fake: Vendor = { ...established, no: String(++newVendorNo), name: lookalike(established.name, rng), refPrefix: "R", from: day, kind };
      const invoices = int(1, 3);
      let d = day;
      for (let i = 0; i < invoices; i++) {
        add({ company: "1000", type: "KR", posting: d, docDate: d, entry: officeTime(d), user: apClerk1000(vendorIndex.get(established)!, d), reference: `R${int(10000, 99999)}`, text: fake.name.slice(0, 25), kind, anomaly: kind, lines: invoiceLines(fake, money(lognormal(established.base, 0.4))) });
        d = nextWorkday("1000", d + int(10, 30) * DAY);
        if (d >= end) break;
      }
      names.set(fake.no, fake.name);
      planted += invoices;
    }
  }

  // ---- Export ------------------------------------------------------------------------------
  for (const v of vendors) names.set(v.no, v.name);
  names.set("IC1000", "Hartmann Consult Engineering GmbH");
  for (const c of [...customers1000, ...customers2000]) names.set(c.no, c.name);
  names.set("IC2000", "Hartmann Consult Engineering AG");

  // Numbers are drawn from each company's and document type's range as the documents are entered.
  docs.sort((a, b) => a.entry - b.entry);
  counters.clear();
  for (const d of docs) d.docNo = nextNo(d.company, d.type);
  const rows: string[][] = [];
  const documents: SapLedgerDocument[] = [];
  for (const d of docs) {
    const local = LOCAL[d.company]!;
    const p = new Date(d.posting);
    const fiscalYear = p.getUTCFullYear();
    const period = d.period ?? p.getUTCMonth() + 1;
    const time = new Date(d.entry);
    d.lines.forEach((l, i) => {
      const inLocal = d.currency === local ? l.amount : money(l.amount * d.rate);
      const partner = l.vendor ?? l.customer;
      rows.push([
        d.company, d.docNo, String(i + 1).padStart(3, "0"), String(fiscalYear), String(period).padStart(3, "0"), d.type,
        germanDate(d.posting), germanDate(d.docDate), germanDate(d.entry - (d.entry % DAY)), `${pad(time.getUTCHours())}:${pad(time.getUTCMinutes())}:${pad(time.getUTCSeconds())}`,
        postingKey(l), l.account, l.costCenter ?? "", "", l.vendor ?? "", l.customer ?? "", partner ? names.get(partner) ?? "" : "",
        l.sh, germanAmount(inLocal), local, germanAmount(l.amount), d.currency, l.tax ?? "", d.user, l.text ?? d.text, d.reference, l.assignment ?? "",
      ]);
    });
    documents.push({ documentNo: d.docNo, kind: d.kind, anomaly: d.anomaly, lines: d.lines.length });
  }
  for (const r of rows) r[13] = profitCenter(r[0]!, r[12]!);
  return { header: SAP_HEADER, rows, documents };
}

const BECKER = "BECKER_S";
const names = new Map<string, string>();

/** A name that imitates another: one letter dropped, doubled or swapped in its longest word, or umlaut spelled out. */
function lookalike(name: string, rng: () => number): string {
  const words = name.split(" ");
  let w = 0;
  for (let i = 1; i < words.length; i++) if (words[i]!.length > words[w]!.length) w = i;
  const word = words[w]!;
  const at = 1 + Math.floor(rng() * (word.length - 3));
  const choice = Math.floor(rng() * 3);
  words[w] = choice === 0 ? word.slice(0, at) + word.slice(at + 1) : choice === 1 ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2) : word.slice(0, at) + word[at] + word.slice(at);
  return words.join(" ");
}

/** The GR/IR account's residue against price differences, on either side. */
function grirLines(side: "S" | "H", amount: number): Line[] {
  return [{ account: "191100", sh: side, amount }, { account: "231000", sh: side === "S" ? "H" : "S", amount }];
}

function profitCenter(company: string, costCenter: string): string {
  if (!costCenter) return "";
  return company === "1000" ? `P${costCenter.slice(0, 2)}00` : "P5000";
}

function postingKey(l: Line): string {
  if (l.vendor) return l.sh === "H" ? "31" : "25";
  if (l.customer) return l.sh === "S" ? "01" : "15";
  return l.sh === "S" ? "40" : "50";
}

const pad = (n: number) => String(n).padStart(2, "0");

function germanDate(ms: number): string {
  const d = new Date(ms);
  return `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()}`;
}

/** 1234567.8 → "1.234.567,80" (unsigned: the side is in Soll/Haben-Kennz.). */
export function germanAmount(x: number): string {
  const [int, dec] = Math.abs(x).toFixed(2).split(".");
  return `${int!.replace(/\B(?=(\d{3})+(?!\d))/g, ".")},${dec}`;
}

function addMonths(ms: number, n: number): number {
  const d = new Date(ms);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + n, d.getUTCDate());
}

/** The export as the SAP list writes it: `;`-separated, fields with `;` or `"` quoted. */
export function toSapCsv(ledger: SapLedger): string {
  const field = (s: string) => (/[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(field).join(";")).join("\r\n") + "\r\n";
}
