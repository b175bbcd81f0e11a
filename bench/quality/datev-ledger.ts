/**
 * A German Mittelstand company's books as its Steuerberater exports them in the DATEV format
 * (EXTF Buchungsstapel, format version 700 / category 21 / version 13): a folder of batches, one
 * per month (`EXTF_Buchungsstapel_2025_03.csv`) plus the later batches of a month already
 * exported (`…_2025_03_Nachtrag_<date>.csv`: year-end closing entries, opening balances, and the
 * planted entries into a closed month). Each file: line 1 the metadata header (Beraternummer,
 * Mandantennummer, Wirtschaftsjahr-Beginn, Sachkontenlänge 4, Datum vom/bis, "erzeugt am"),
 * line 2 the column header of 125 columns, then one row per booking — `;` separated,
 * Windows-1252, `Umsatz` unsigned with `1234,56`, the Soll/Haben-Kennzeichen giving the side of
 * `Konto` (the Gegenkonto takes the other), `Belegdatum` as `DDMM` without the year (the
 * metadata's Datum vom/bis gives it), SKR03 accounts with automatic VAT accounts (8400/8300
 * Erlöse, 3400/3300 Wareneingang) and BU-Schlüssel 9/8 (Vorsteuer 19 %/7 %) on the others,
 * Kreditoren 70000+ and Debitoren 10000+ as `Konto` of invoices and payments.
 *
 * The business is bench/quality/statutory-business.ts on SKR03 with German public holidays
 * (Baden-Württemberg). A DATEV row has no user: who keyed a booking is not in the export.
 */
import { DAY, easter, type Chart, type Entry, type EntryLine, generateStatutoryBusiness, type Role } from "./statutory-business.ts";

const ACCOUNTS: Record<Role, [string, string]> = {
  bank: ["1200", "Bank"], customers: ["1400", "Forderungen aus L+L"], suppliers: ["1600", "Verbindlichkeiten aus L+L"],
  vat_out: ["1776", "Umsatzsteuer 19 %"], vat_in: ["1576", "Abziehbare Vorsteuer 19 %"], vat_payable: ["1780", "Umsatzsteuer-Vorauszahlungen"],
  sales_goods: ["8400", "Erlöse 19 % USt"], sales_services: ["8400", "Erlöse 19 % USt"],
  materials: ["3400", "Wareneingang 19 % Vorsteuer"], goods: ["3400", "Wareneingang 19 % Vorsteuer"], energy: ["4240", "Gas, Strom, Wasser"],
  rent: ["4210", "Miete"], telecom: ["4920", "Telefon"], maintenance: ["4260", "Instandhaltung betrieblicher Räume"],
  fees: ["4950", "Rechts- und Beratungskosten"], travel: ["4670", "Reisekosten Arbeitnehmer"], subcontracting: ["3100", "Fremdleistungen"],
  supplies: ["4930", "Bürobedarf"], insurance: ["4360", "Versicherungen"], transport: ["4730", "Ausgangsfrachten"],
  salaries: ["4120", "Gehälter"], social_charges: ["4130", "Gesetzliche soziale Aufwendungen"], net_pay: ["1740", "Verbindlichkeiten aus Lohn und Gehalt"],
  social_liability: ["1742", "Verbindlichkeiten im Rahmen der sozialen Sicherheit"], holiday_accrual: ["0970", "Sonstige Rückstellungen"],
  depreciation: ["4830", "Abschreibungen auf Sachanlagen"], accum_depreciation: ["0210", "Maschinen"],
  accrued_expenses: ["0970", "Sonstige Rückstellungen"], accrued_revenue: ["1548", "Forderungen aus noch nicht abgerechneten Leistungen"],
  stock: ["3980", "Bestand Waren"], stock_variation: ["8980", "Bestandsveränderungen"],
  provision_expense: ["2450", "Einstellungen in die Pauschalwertberichtigung"], provision: ["0998", "Pauschalwertberichtigung"],
  equity: ["0860", "Gewinnvortrag vor Verwendung"], fixed_assets: ["0210", "Maschinen"], suspense: ["1590", "Durchlaufende Posten"],
};
/** SKR03's automatic accounts: the VAT is split off by the account itself, no BU-Schlüssel. */
const REDUCED: Partial<Record<string, string>> = { "8400": "8300", "3400": "3300" };
const AUTOMATIC = new Set(["8400", "8300", "3400", "3300"]);

const TEXTS: Record<string, string> = {
  customer_invoice: "AR", customer_receipt: "Zahlungseingang", supplier_invoice: "ER", supplier_direct_debit: "ER Lastschrift", supplier_payment: "Überweisung",
  direct_debit: "Lastschrift", payroll: "Lohn/Gehalt", salary_payment: "Gehaltszahlung", social_payment: "Sozialversicherung", depreciation: "AfA",
  accrual: "Rückstellung ausstehende Rechnungen", accrual_reversal: "Auflösung Rückstellung", vat_return: "USt-Voranmeldung", vat_payment: "Zahlung USt-VA",
  year_end_accrued_revenue: "Nicht abgerechnete Leistungen", year_end_holiday_accrual: "Urlaubsrückstellung", year_end_stock: "Bestandsveränderung",
  year_end_provision: "Pauschalwertberichtigung", opening_balances: "Saldenvortrag", accountant_entry: "Korrektur", manual_entry: "Umbuchung",
};

export const GERMANY: Chart = {
  account: Object.fromEntries(Object.entries(ACCOUNTS).map(([r, [n]]) => [r, n])) as Record<Role, string>,
  label: Object.fromEntries(Object.entries(ACCOUNTS).map(([r, [, l]]) => [r, l])) as Record<Role, string>,
  vatRates: [0.19, 0.07],
  // Baden-Württemberg.
  holidays: (year) => {
    const e = easter(year), f = (m: number, d: number) => Date.UTC(year, m - 1, d);
    return new Set([f(1, 1), f(1, 6), e - 2 * DAY, e + DAY, f(5, 1), e + 39 * DAY, e + 50 * DAY, e + 60 * DAY, f(10, 3), f(11, 1), f(12, 25), f(12, 26)]);
  },
  // Betriebsferien: the works shut between Christmas and New Year.
  closed: (day) => {
    const d = new Date(day);
    return d.getUTCMonth() === 11 && d.getUTCDate() >= 24;
  },
  supplierNames: [
    "Grundstücksgesellschaft Neckarpark", "EnBW Energie Baden-Württemberg", "Deutsche Telekom", "Allianz Versicherungs-AG", "Thyssenkrupp Materials", "Klöckner & Co", "Stahlhandel Greiner",
    "Würth Industrie Service", "Bosch Rexroth", "Präzisionsteile Maier GmbH", "Galvanik Schwaben", "Industriewartung Köhler", "Kanzlei Dr. Vogel",
    "Dachser SE", "Spedition Fischer", "BCD Travel", "Staples Deutschland", "Linde Gas", "TÜV Süd", "Hoffmann Group", "Zeppelin Rental",
    "Steuerberatung Häußler", "Festo Vertrieb", "Hahn+Kolb", "Mercateo", "Sodexo", "CWS Hygiene", "Alba Recycling", "UPS Deutschland", "DHL Express",
    "Gebr. Heller", "Hilti Deutschland", "Lapp Kabel", "Keller & Kalmbach", "Berner Group", "Druckerei Mack", "Schrauben Jäger", "Autohaus Stäbler", "Farben Löffler", "Verpackung Schüle",
  ],
  customerNames: Array.from({ length: 110 }, (_, i) => `${["Maschinenbau", "Metallbau", "Anlagenbau", "Fahrzeugtechnik", "Elektrotechnik", "Feinmechanik"][i % 6]} ${["Müller", "Schmidt", "Schneider", "Fischer", "Weber", "Meyer", "Wagner", "Becker", "Schulz", "Hoffmann", "Schäfer", "Koch", "Bauer", "Richter", "Klein", "Wolf", "Schröder", "Neumann", "Schwarz", "Zimmermann", "Braun", "Krüger"][i % 22]} ${["GmbH", "GmbH & Co. KG", "AG", "KG", "e.K."][Math.floor(i / 22) % 5]}`),
  newSupplierNames: ["Consulting Partner Süd", "ProTech Services", "Innovativ Beratung", "Delta Industrieservice", "Nova Solutions", "Alpha Handel", "Optimum Projekt", "Horizont Management", "Sigma Montage", "Beta Technik"],
  users: { sales: "FAKT", purchases: "KRED", bank: "BANK", payroll: "LOHN", accountant: "STB", closing: "STB_JA", rare: ["GF", "VERTRIEB", "EINKAUF"] },
};

export const DATEV_COLUMNS = [
  "Umsatz (ohne Soll/Haben-Kz)", "Soll/Haben-Kennzeichen", "WKZ Umsatz", "Kurs", "Basis-Umsatz", "WKZ Basis-Umsatz", "Konto", "Gegenkonto (ohne BU-Schlüssel)", "BU-Schlüssel", "Belegdatum",
  "Belegfeld 1", "Belegfeld 2", "Skonto", "Buchungstext", "Postensperre", "Diverse Adressnummer", "Geschäftspartnerbank", "Sachverhalt", "Zinssperre", "Beleglink",
  ...Array.from({ length: 8 }, (_, i) => [`Beleginfo - Art ${i + 1}`, `Beleginfo - Inhalt ${i + 1}`]).flat(),
  "KOST1 - Kostenstelle", "KOST2 - Kostenstelle", "Kost-Menge", "EU-Land u. UStID (Bestimmung)", "EU-Steuersatz (Bestimmung)", "Abw. Versteuerungsart", "Sachverhalt L+L", "Funktionsergänzung L+L",
  "BU 49 Hauptfunktionstyp", "BU 49 Hauptfunktionsnummer", "BU 49 Funktionsergänzung",
  ...Array.from({ length: 20 }, (_, i) => [`Zusatzinformation - Art ${i + 1}`, `Zusatzinformation- Inhalt ${i + 1}`]).flat(),
  "Stück", "Gewicht", "Zahlweise", "Forderungsart", "Veranlagungsjahr", "Zugeordnete Fälligkeit", "Skontotyp", "Auftragsnummer", "Buchungstyp", "USt-Schlüssel (Anzahlungen)",
  "EU-Mitgliedstaat (Anzahlungen)", "Sachverhalt L+L (Anzahlungen)", "EU-Steuersatz (Anzahlungen)", "Erlöskonto (Anzahlungen)", "Herkunft-Kz", "Buchungs GUID", "KOST-Datum", "SEPA-Mandatsreferenz",
  "Skontosperre", "Gesellschaftername", "Beteiligtennummer", "Identifikationsnummer", "Zeichnernummer", "Postensperre bis", "Bezeichnung SoBil-Sachverhalt", "Kennzeichen SoBil-Buchung",
  "Festschreibung", "Leistungsdatum", "Datum Zuord. Steuerperiode", "Fälligkeit", "Generalumkehr (GU)", "Steuersatz", "Land", "Abrechnungsreferenz", "BVV-Position",
  "EU-Mitgliedstaat u. UStID (Ursprung)", "EU-Steuersatz (Ursprung)", "Abw. Skontokonto",
];

export interface DatevFile {
  name: string;
  /** Line 1: the metadata header's fields (written as DATEV writes them, text quoted). */
  meta: (string | number)[];
  /** Column header and rows. */
  rows: string[][];
}

export interface DatevLedger {
  files: DatevFile[];
  entries: Entry[];
  /** `<file>:<row>` (row 1 = the first booking, line 3) → entry id. */
  entryOfRow: Map<string, number>;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");
const money = (x: number) => Math.round(x * 100) / 100;

/** A personal account per party: Debitoren 10000+, Kreditoren 70000+. */
const personal = (l: EntryLine) => (l.role === "customers" ? String(10000 + Number(l.party!.no.slice(1))) : String(70000 + Number(l.party!.no.slice(1))));

function accountOf(l: EntryLine): string {
  if (l.party) return personal(l);
  const a = GERMANY.account[l.role];
  return l.rate === 0.07 ? (REDUCED[a] ?? a) : a;
}

/**
 * An entry as DATEV bookings: each booking one debit and one credit account. Tax lines go (the
 * gross amount is booked and the BU-Schlüssel or the automatic account splits the tax off); the
 * party or the bank is `Konto` where there is one, so that invoices and their payments sit on the
 * personal account's side.
 */
function bookings(e: Entry): { konto: string; gegenkonto: string; sh: "S" | "H"; amount: number; bu: string }[] {
  const taxByRate = new Map<number, number>();
  const netByRate = new Map<number, number>();
  for (const l of e.lines) {
    if (l.taxOf !== undefined) taxByRate.set(l.taxOf, (taxByRate.get(l.taxOf) ?? 0) + l.debit + l.credit);
    if (l.rate !== undefined) netByRate.set(l.rate, (netByRate.get(l.rate) ?? 0) + l.debit + l.credit);
  }
  const sides = e.lines.filter((l) => l.taxOf === undefined && l.debit + l.credit > 0).map((l) => {
    const net = l.debit + l.credit;
    const gross = l.rate !== undefined ? money(net + ((taxByRate.get(l.rate) ?? 0) * net) / netByRate.get(l.rate)!) : net;
    return { line: l, debit: l.debit > 0, left: gross };
  });
  const isContra = (l: EntryLine) => l.party !== undefined || l.role === "bank";
  const out: ReturnType<typeof bookings> = [];
  const debits = sides.filter((s) => s.debit), credits = sides.filter((s) => !s.debit);
  let i = 0, j = 0;
  while (i < debits.length && j < credits.length) {
    const d = debits[i]!, c = credits[j]!;
    const amount = money(Math.min(d.left, c.left));
    if (amount > 0) {
      const taxed = d.line.rate !== undefined ? d.line : c.line.rate !== undefined ? c.line : undefined;
      const buOf = () => {
        if (!taxed || AUTOMATIC.has(accountOf(taxed))) return "";
        const purchase = taxed.debit > 0;
        return taxed.rate === 0.07 ? (purchase ? "8" : "2") : purchase ? "9" : "3";
      };
      const [konto, gegen, sh] = isContra(c.line) && !isContra(d.line) ? [c.line, d.line, "H" as const] : [d.line, c.line, "S" as const];
      out.push({ konto: accountOf(konto), gegenkonto: accountOf(gegen), sh, amount, bu: buOf() });
    }
    d.left = money(d.left - amount);
    c.left = money(c.left - amount);
    if (d.left <= 0.004) i++;
    if (c.left <= 0.004) j++;
  }
  return out;
}

export function generateDatevLedger(options: { seed: number; berater?: number; mandant?: number }): DatevLedger {
  const business = generateStatutoryBusiness(GERMANY, { seed: options.seed });
  const berater = options.berater ?? 29098, mandant = options.mandant ?? 55003;
  // Batches: per month, the regular one exported at the month's validation; an entry validated a
  // week or more after its month's batch goes into a later batch of that month, created the day
  // it was validated (year-end closing, opening balances, late entries).
  const batchOf = new Map<string, { month: number; created: number; late: boolean; entries: Entry[] }>();
  const regularCreated = new Map<number, number>();
  for (const e of business.entries) {
    const d = new Date(e.date);
    const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    const created = regularCreated.get(month);
    if (created === undefined || e.validDate < created) regularCreated.set(month, e.validDate);
  }
  for (const [month, created] of regularCreated) {
    // The regular batch of a month: the most common validation day of its entries.
    const counts = new Map<number, number>();
    for (const e of business.entries) if (e.date >= month && e.date < Date.UTC(new Date(month).getUTCFullYear(), new Date(month).getUTCMonth() + 1, 1)) counts.set(e.validDate, (counts.get(e.validDate) ?? 0) + 1);
    regularCreated.set(month, [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? created);
  }
  for (const e of business.entries) {
    const d = new Date(e.date);
    const month = Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
    const regular = regularCreated.get(month)!;
    const late = e.validDate > regular + 7 * DAY;
    const key = late ? `${month}:${e.validDate}` : `${month}`;
    const batch = batchOf.get(key) ?? { month, created: late ? e.validDate : regular, late, entries: [] };
    batch.entries.push(e);
    batchOf.set(key, batch);
  }
  const files: DatevFile[] = [];
  const entryOfRow = new Map<string, number>();
  const wjStart = (ms: number) => Date.UTC(new Date(ms).getUTCFullYear(), 0, 1);
  for (const batch of [...batchOf.values()].sort((a, b) => a.month - b.month || a.created - b.created)) {
    const m = new Date(batch.month);
    const period = `${m.getUTCFullYear()}_${String(m.getUTCMonth() + 1).padStart(2, "0")}`;
    const name = `EXTF_Buchungsstapel_${period}${batch.late ? `_Nachtrag_${ymd(batch.created)}` : ""}.csv`;
    const to = Date.UTC(m.getUTCFullYear(), m.getUTCMonth() + 1, 1) - DAY;
    const created = `${ymd(batch.created)}${String(8 + (batch.created / DAY) % 9).padStart(2, "0")}1530123`;
    const meta = ["EXTF", 700, 21, "Buchungsstapel", 13, created, "", "RE", "", "", berater, mandant, ymd(wjStart(batch.month)), 4, ymd(batch.month), ymd(to), `Buchungen ${String(m.getUTCMonth() + 1).padStart(2, "0")}/${m.getUTCFullYear()}${batch.late ? " Nachtrag" : ""}`, "HB", 1, 0, 1, "EUR", "", "", "", "", "03", "", "", "", ""];
    const rows: string[][] = [DATEV_COLUMNS];
    for (const e of batch.entries) {
      for (const b of bookings(e)) {
        const d = new Date(e.date);
        const row = new Array<string>(DATEV_COLUMNS.length).fill("");
        row[0] = b.amount.toFixed(2).replace(".", ",");
        row[1] = b.sh;
        row[2] = "EUR";
        row[6] = b.konto;
        row[7] = b.gegenkonto;
        row[8] = b.bu;
        row[9] = `${String(d.getUTCDate()).padStart(2, "0")}${String(d.getUTCMonth() + 1).padStart(2, "0")}`;
        row[10] = e.pieceRef.slice(0, 36);
        row[13] = `${TEXTS[e.kind] ?? "Buchung"} ${e.lines.find((l) => l.party)?.party?.name ?? ""}`.trim().slice(0, 60);
        row[DATEV_COLUMNS.indexOf("Festschreibung")] = "1";
        rows.push(row);
        entryOfRow.set(`${name}:${rows.length - 1}`, e.id);
      }
    }
    files.push({ name, meta, rows });
  }
  return { files, entries: business.entries, entryOfRow };
}

/** The file as DATEV writes it: text fields quoted, numbers bare, CRLF; the caller encodes it in Windows-1252. */
export function toDatev(file: DatevFile): string {
  const q = (s: string) => `"${s.replace(/"/g, '""')}"`;
  const meta = file.meta.map((f) => (typeof f === "number" ? String(f) : f === "" ? "" : /^\d+$/.test(f) ? f : q(f))).join(";");
  const amountColumns = new Set([0, 3, 4, 12]);
  const body = file.rows.map((r, i) => r.map((f, k) => (i === 0 ? q(f) : f === "" ? "" : amountColumns.has(k) || /^\d+$/.test(f) ? f : q(f))).join(";"));
  return [meta, ...body].join("\r\n") + "\r\n";
}
