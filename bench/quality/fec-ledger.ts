/**
 * A French SME's Fichier des Écritures Comptables (FEC, article A47 A-1 of the Livre des
 * procédures fiscales), as its accounting software writes it for a tax audit: one file per fiscal
 * year named `<SIREN>FEC<closing date>.txt`, the 18 columns in the order the law fixes, `|`
 * separated, dates `YYYYMMDD`, amounts with a decimal comma and no thousands separator (Debit and
 * Credit both filled, the other side `0,00`), ISO-8859-15. The business is
 * bench/quality/statutory-business.ts on the PCG chart: 401 fournisseurs and 411 clients with a
 * CompAuxNum per party, 512 banque, 6xx charges, 7xx produits, 44566/44571 TVA at 20 %, 10 % and
 * 5,5 %, journals AN, VE, AC, BQ, PAIE, OD, lettrage on matched lines; French public holidays and
 * the August close.
 *
 * The law's FEC has no user column; some software appends one (`withUser`: a 19th column
 * `Utilisateur`), which is how "entries by an unusual user" become visible at all.
 */
import { DAY, easter, type Chart, type Entry, generateStatutoryBusiness, type Role } from "./statutory-business.ts";

export const FEC_HEADER = ["JournalCode", "JournalLib", "EcritureNum", "EcritureDate", "CompteNum", "CompteLib", "CompAuxNum", "CompAuxLib", "PieceRef", "PieceDate", "EcritureLib", "Debit", "Credit", "EcritureLet", "DateLet", "ValidDate", "Montantdevise", "Idevise"];

const ACCOUNTS: Record<Role, [string, string]> = {
  bank: ["512000", "Banque"], customers: ["411000", "Clients"], suppliers: ["401000", "Fournisseurs"],
  vat_out: ["445710", "TVA collectée"], vat_in: ["445660", "TVA déductible sur ABS"], vat_payable: ["445510", "TVA à décaisser"],
  sales_goods: ["701000", "Ventes de produits finis"], sales_services: ["706000", "Prestations de services"],
  materials: ["601000", "Achats matières premières"], goods: ["607000", "Achats de marchandises"], energy: ["606100", "Fournitures non stockables (eau, énergie)"],
  rent: ["613200", "Locations immobilières"], telecom: ["626000", "Frais postaux et télécommunications"], maintenance: ["615000", "Entretien et réparations"],
  fees: ["622600", "Honoraires"], travel: ["625100", "Voyages et déplacements"], subcontracting: ["611000", "Sous-traitance générale"],
  supplies: ["606400", "Fournitures administratives"], insurance: ["616000", "Primes d'assurances"], transport: ["624100", "Transports sur achats"],
  salaries: ["641100", "Salaires, appointements"], social_charges: ["645100", "Cotisations à l'URSSAF"], net_pay: ["421000", "Personnel - Rémunérations dues"],
  social_liability: ["431000", "Sécurité sociale"], holiday_accrual: ["428200", "Dettes provisionnées pour congés à payer"],
  depreciation: ["681120", "Dotations aux amortissements des immobilisations corporelles"], accum_depreciation: ["281540", "Amortissements du matériel industriel"],
  accrued_expenses: ["408100", "Fournisseurs - Factures non parvenues"], accrued_revenue: ["418100", "Clients - Factures à établir"],
  stock: ["355000", "Stocks de produits finis"], stock_variation: ["713500", "Variation des stocks de produits"],
  provision_expense: ["681740", "Dotations aux dépréciations des créances"], provision: ["491000", "Dépréciations des comptes clients"],
  equity: ["110000", "Report à nouveau"], fixed_assets: ["215400", "Matériel industriel"], suspense: ["471000", "Compte d'attente"],
};

const JOURNALS: Record<Entry["journal"], string> = { AN: "A nouveaux", VE: "Journal des ventes", AC: "Journal des achats", BQ: "Banque", PAIE: "Journal de paie", OD: "Opérations diverses" };

export const FRANCE: Chart = {
  account: Object.fromEntries(Object.entries(ACCOUNTS).map(([r, [n]]) => [r, n])) as Record<Role, string>,
  label: Object.fromEntries(Object.entries(ACCOUNTS).map(([r, [, l]]) => [r, l])) as Record<Role, string>,
  vatRates: [0.2, 0.1, 0.055],
  holidays: (year) => {
    const e = easter(year), f = (m: number, d: number) => Date.UTC(year, m - 1, d);
    return new Set([f(1, 1), e + DAY, f(5, 1), f(5, 8), e + 39 * DAY, e + 50 * DAY, f(7, 14), f(8, 15), f(11, 1), f(11, 11), f(12, 25)]);
  },
  // The August close: the works shut from the first Monday of August for three weeks.
  closed: (day) => {
    const d = new Date(day);
    return d.getUTCMonth() === 7 && d.getUTCDate() <= 23;
  },
  supplierNames: [
    "SCI Les Tilleuls", "EDF Entreprises", "Orange Business", "AXA France IARD", "Aciers du Rhône SAS", "Métaux Lyonnais", "Tôlerie Bernard SARL",
    "Würth France", "Rexel France", "Usinage Précis SAS", "Traitements de Surface Dauphiné", "Maintenance Industrielle Girard", "Cabinet Morel Avocats",
    "Geodis Calberson", "Transports Chabert", "Carlson Wagonlit Travel", "Lyreco France", "Air Liquide France Industrie", "Bureau Veritas",
    "Manutan", "Kiloutou", "Fiducial Expertise", "Schneider Electric France", "Saint-Gobain Distribution", "Brossette", "Sodexo Entreprises",
    "Elis Services", "Veolia Propreté", "Chronopost", "DHL Express France", "Loxam", "Hilti France", "Legrand SNC", "Prolians", "Descours & Cabaud",
    "Imprimerie Grenier", "Établissements Fayolle", "Sanitaires Dubois", "Peintures Jallut", "Emballages Rhodaniens",
  ],
  customerNames: Array.from({ length: 110 }, (_, i) => `${["Ets", "SAS", "SARL", "Société", "Groupe", "Industries"][i % 6]} ${["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefèbvre", "Michel", "Garcia", "David", "Bertrand", "Roux", "Vincent", "Fournier", "Morel", "Girard"][i % 22]}${i >= 22 ? ` ${["Rhône", "Alpes", "Savoie", "Isère", "Ain"][Math.floor(i / 22) % 5]}` : ""}`),
  newSupplierNames: ["Conseil Stratégie Plus", "Innov'Process SARL", "Prestations Générales Sud", "Atlas Ingénierie", "Delta Services Pro", "Nova Consulting", "Alpha Négoce", "Optimum Partners", "Horizon Expertise", "Sigma Travaux"],
  users: { sales: "MDUPONT", purchases: "SMARTIN", bank: "BQ_IMPORT", payroll: "PAIE_SILAE", accountant: "JLEROY", closing: "CABINET_EC", rare: ["AFAURE", "PLEGRAND", "DIRECTION"] },
};

export interface FecFile {
  name: string;
  /** The file's rows, header first, as text fields. */
  rows: string[][];
}

export interface FecLedger {
  files: FecFile[];
  entries: Entry[];
  /** `<file>:<row>` (row 1 = the first after the header, as the csv connector's `$row` numbers them) → entry id. */
  entryOfRow: Map<string, number>;
}

const ymd = (ms: number) => new Date(ms).toISOString().slice(0, 10).replaceAll("-", "");
const amount = (x: number) => x.toFixed(2).replace(".", ",");

export function generateFecLedger(options: { seed: number; withUser?: boolean; siren?: string }): FecLedger {
  const business = generateStatutoryBusiness(FRANCE, { seed: options.seed });
  const siren = options.siren ?? "552081317";
  const files: FecFile[] = [];
  const entryOfRow = new Map<string, number>();
  for (let y = 0; y < business.years; y++) {
    const year = new Date(business.start).getUTCFullYear() + y;
    const from = Date.UTC(year, 0, 1), to = Date.UTC(year + 1, 0, 1);
    const name = `${siren}FEC${year}1231.txt`;
    const rows: string[][] = [options.withUser ? [...FEC_HEADER, "Utilisateur"] : FEC_HEADER];
    // Entries numbered per journal in a continuous sequence over the fiscal year, in date order.
    const seq = new Map<string, number>();
    for (const e of business.entries) {
      if (e.date < from || e.date >= to) continue;
      const n = (seq.get(e.journal) ?? 0) + 1;
      seq.set(e.journal, n);
      const num = `${e.journal}${String(n).padStart(6, "0")}`;
      for (const l of e.lines) {
        if (l.debit === 0 && l.credit === 0) continue;
        const row = [e.journal, JOURNALS[e.journal], num, ymd(e.date), FRANCE.account[l.role], FRANCE.label[l.role], l.party?.no ?? "", l.party?.name ?? "", e.pieceRef, ymd(e.pieceDate), e.text.slice(0, 60), amount(l.debit), amount(l.credit), l.match ?? "", l.match && l.matchDate ? ymd(l.matchDate) : "", ymd(e.validDate), "", ""];
        if (options.withUser) row.push(e.user);
        rows.push(row);
        entryOfRow.set(`${name}:${rows.length - 1}`, e.id);
      }
    }
    files.push({ name, rows });
  }
  return { files, entries: business.entries, entryOfRow };
}

/** The file's text; the caller writes it in ISO-8859-15 (Buffer "latin1" holds every letter used here). */
export function toFec(file: FecFile): string {
  return file.rows.map((r) => r.map((f) => f.replace(/[|\r\n]/g, " ")).join("|")).join("\r\n") + "\r\n";
}
