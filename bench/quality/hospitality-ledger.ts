/**
 * An independent evaluation ledger of a HOSPITALITY GROUP: four hotels and a restaurant run as a
 * 7-day, 24-hour operation, plus the group's head office (calendar 2025), exported from the group
 * ERP's "Journal lines" enquiry as CSV the way a European installation writes it (`;`-separated,
 * decimal comma, DD/MM/YYYY HH:mm entry stamps). One row per journal line; the lines of one
 * journal consecutive, journals in entry order; `Line No` is the ERP's own line id.
 *
 * Written from how a hotel group's books look — before reading the product's detectors. Regular
 * business (unlabelled: the hard negatives) dominates:
 *  - the PMS night audit posts every property's revenue day at 02:00–04:00 every day of the year,
 *    weekends and holidays included, under the interface's batch user (one per property);
 *  - each outlet's POS interface posts after lunch, after dinner, after the bar closes;
 *  - a sales-and-catering interface posts banquet revenue, 10× a normal week in a conference week;
 *  - night auditors work rotating nights (weekends included) and post the cash over/short of a
 *    few units and city-ledger transfers; front-office managers post comps and guest allowances
 *    to one-off guest accounts; F&B managers work Wednesday–Sunday evenings, post F&B comps and
 *    pay the tip pool out every pay period;
 *  - head office (accounts payable clerks, general-ledger accountants) works Monday–Friday office
 *    hours, longer at month end: vendor invoices for every property, OTA commission batches,
 *    utilities, city-tax remittances, month-end accruals (a payroll accrual included) and their
 *    reversals;
 *  - the payroll provider's interface posts every other Thursday at dawn per property (monthly on
 *    the 25th for head office), tips paid through payroll included;
 *  - strong seasonality: a summer resort, a ski lodge's winter, a city hotel's business weeks,
 *    the Christmas and New Year's Eve F&B peak; a property (GBP) opened on 1 July with pre-opening
 *    costs before; the ski lodge (CHF) closed six weeks for a renovation with large contractor
 *    invoices from vendors never used before.
 * Planted (labelled; every journal carries its kind beside the rows, never in the export) are the
 * problems an auditor of such a group looks for — see HOSPITALITY_ANOMALIES.
 */
import { mulberry32 } from "./mulberry32.ts";

export const HOSPITALITY_ANOMALIES = [
  "night_auditor_rebate", // a night auditor reverses room revenue to a guest account never used
  "comps_20x", // a manager's comp 20× his usual
  "cash_over_short_thousands", // a cash over/short of thousands
  "head_office_sunday_night", // a head-office user posting at 03:00 on a Sunday
  "other_property_account", // a property user's entry booked to another property's entity
  "repairs_new_vendor_outlier", // a repairs invoice from a new vendor, far above repairs' usual
  "payroll_off_run", // a payroll posting outside the payroll provider's run
  "fb_user_rooms_revenue", // an F&B user posting to rooms revenue
] as const;
export type HospitalityAnomaly = (typeof HOSPITALITY_ANOMALIES)[number];

export const HOSPITALITY_HEADER = [
  "Line No", "Journal No", "Entity", "Account", "Account Name", "Department", "Business Date", "Entered", "Entered By",
  "Source", "Counterparty", "Description", "Currency", "Debit", "Credit",
];

export interface HospitalityJournal {
  id: string;
  kind: string;
  anomaly?: HospitalityAnomaly;
  user: string;
  entity: string;
  lines: number;
}

export interface HospitalityLedger {
  header: string[];
  rows: string[][];
  /** Line No (as exported) → journal id. */
  journalOfLine: Map<string, string>;
  journals: HospitalityJournal[];
}

const DAY = 86_400_000;
const START = Date.UTC(2025, 0, 1);
const END = Date.UTC(2026, 0, 1);

const ACCOUNTS: Record<string, string> = {
  "1000": "Cash on hand - house bank",
  "1010": "Bank - operating",
  "1100": "Guest ledger",
  "1110": "City ledger",
  "1120": "Credit card clearing",
  "1500": "FF&E",
  "2000": "Accounts payable",
  "2100": "Tips payable",
  "2110": "City tax payable",
  "2120": "VAT payable",
  "2200": "Accrued liabilities",
  "2300": "Net pay clearing",
  "2310": "Payroll taxes payable",
  "4000": "Rooms revenue",
  "4010": "Rooms allowances",
  "4100": "F&B revenue - food",
  "4110": "F&B revenue - beverage",
  "4120": "Banquet revenue",
  "4200": "Minibar revenue",
  "4300": "Spa revenue",
  "5000": "Comps - rooms",
  "5010": "Comps - F&B",
  "6000": "Salaries and wages",
  "6010": "Payroll taxes and benefits",
  "6100": "OTA commissions",
  "6200": "Utilities",
  "6300": "Repairs and maintenance",
  "6400": "Cash over/short",
  "6500": "Pre-opening expenses",
  "6600": "Rent and service charges",
};

type Profile = "city" | "resort" | "ski" | "restaurant";
interface Property {
  code: string;
  name: string;
  currency: string;
  profile: Profile;
  rooms: number; // 0 for the restaurant
  /** Typical revenue day's room revenue in local currency at season 1. */
  roomDay: number;
  outlets: string[];
  spa: boolean;
  opens?: number;
  closed?: [number, number];
}

const PROPERTIES: Property[] = [
  { code: "HCH", name: "Harbour City Hotel", currency: "EUR", profile: "city", rooms: 180, roomDay: 21_000, outlets: ["REST", "BAR"], spa: false },
  { code: "SSR", name: "Seaside Resort", currency: "EUR", profile: "resort", rooms: 140, roomDay: 19_000, outlets: ["REST", "POOL"], spa: true },
  { code: "ALP", name: "Alpine Lodge", currency: "CHF", profile: "ski", rooms: 70, roomDay: 16_000, outlets: ["REST"], spa: true, closed: [Date.UTC(2025, 3, 22), Date.UTC(2025, 5, 3)] },
  { code: "BIS", name: "Bistro Central", currency: "EUR", profile: "restaurant", rooms: 0, roomDay: 0, outlets: ["REST", "BAR"], spa: false },
  { code: "RVH", name: "Riverside Hotel", currency: "GBP", profile: "city", rooms: 110, roomDay: 12_500, outlets: ["REST"], spa: false, opens: Date.UTC(2025, 6, 1) },
];
const HQ = { code: "HQG", currency: "EUR" };

/** Occupancy/volume by month (Jan..Dec) per profile. */
const SEASON: Record<Profile, number[]> = {
  city: [0.7, 0.8, 0.9, 0.95, 1.0, 1.0, 0.85, 0.75, 1.05, 1.05, 0.95, 0.8],
  resort: [0.2, 0.2, 0.3, 0.5, 0.75, 1.1, 1.5, 1.6, 1.0, 0.5, 0.2, 0.3],
  ski: [1.6, 1.7, 1.3, 0.7, 0.3, 0.35, 0.6, 0.6, 0.45, 0.35, 0.5, 1.4],
  restaurant: [0.75, 0.8, 0.9, 1.0, 1.0, 1.0, 0.9, 0.8, 1.0, 1.0, 1.05, 1.5],
};
/** Day-of-week factor (Sun..Sat) per profile: business hotels sleep at weekends, leisure fills. */
const WEEK: Record<Profile, number[]> = {
  city: [0.75, 1.05, 1.15, 1.15, 1.1, 0.9, 0.75],
  resort: [1.1, 0.9, 0.85, 0.85, 0.9, 1.15, 1.25],
  ski: [1.0, 0.9, 0.9, 0.9, 0.95, 1.15, 1.2],
  restaurant: [0.9, 0.6, 0.8, 0.9, 1.0, 1.35, 1.45],
};
const PUBLIC_HOLIDAYS = ["2025-01-01", "2025-04-18", "2025-04-21", "2025-05-01", "2025-05-29", "2025-06-09", "2025-12-25", "2025-12-26"];

const FIRST = ["Anna", "Marco", "Lena", "Tom", "Sofia", "Jonas", "Elif", "Pavel", "Ines", "Luca", "Nora", "Ravi", "Clara", "Diego", "Mia", "Omar", "Julia", "Hugo", "Sara", "Felix", "Zoe", "Karim", "Eva", "Bruno", "Alma", "Nils", "Rosa", "Tariq", "Ida", "Mateo"];
const LAST = ["Keller", "Rossi", "Novak", "Meyer", "Dubois", "Silva", "Huber", "Berg", "Costa", "Jansen", "Wolf", "Moreau", "Fischer", "Lindgren", "Marin", "Ortiz", "Brandt", "Weber", "Conti", "Hansen"];
const CORPORATES = ["Siemens AG", "Deloitte", "Lufthansa Crew", "Roche", "IBM Europe", "Allianz SE", "Nestle", "KPMG", "Bosch", "SAP SE", "Novartis", "Airbus", "Philips", "UBS", "Zurich Insurance", "DHL", "Accenture", "ABB", "Vodafone", "Unilever", "Heineken", "Shell", "BASF", "Ericsson", "Maersk", "Volvo", "Ikea Group", "Adidas", "Bayer", "Daimler"];

interface Line { account: string; dept: string; debit?: number; credit?: number; counterparty?: string; memo?: string; entity?: string }
interface Journal {
  id: string;
  entity: string;
  currency: string;
  businessDate: number;
  entered: number;
  user: string;
  source: string;
  description: string;
  lines: Line[];
  kind: string;
  anomaly?: HospitalityAnomaly;
}

export function generateHospitalityLedger(options: { seed: number }): HospitalityLedger {
  const rnd = mulberry32(options.seed);
  const uniform = (a: number, b: number) => a + (b - a) * rnd();
  const int = (a: number, b: number) => Math.floor(uniform(a, b + 1));
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const chance = (p: number) => rnd() < p;
  const gauss = () => {
    const u = Math.max(rnd(), 1e-12);
    return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * rnd());
  };
  const lognormal = (median: number, sigma: number) => median * Math.exp(sigma * gauss());
  const round2 = (x: number) => Math.round(x * 100) / 100;
  const poisson = (lambda: number) => {
    let k = 0;
    let p = Math.exp(-lambda);
    let s = p;
    const u = rnd();
    while (u > s && k < 200) { k++; p *= lambda / k; s += p; }
    return k;
  };
  const usedNames = new Set<string>();
  const person = (prefix: string) => {
    for (;;) {
      const n = `${prefix}.${pick(FIRST).toLowerCase()}.${pick(LAST).toLowerCase()}`;
      if (!usedNames.has(n)) { usedNames.add(n); return n; }
    }
  };
  const at = (day: number, hourFrom: number, hourTo: number) => day + Math.floor(uniform(hourFrom, hourTo) * 60) * 60_000;
  const dow = (day: number) => new Date(day).getUTCDay();
  const month = (day: number) => new Date(day).getUTCMonth();
  const iso = (day: number) => new Date(day).toISOString().slice(0, 10);
  const isHoliday = (day: number) => PUBLIC_HOLIDAYS.includes(iso(day));
  const workday = (day: number) => dow(day) !== 0 && dow(day) !== 6 && !isHoliday(day);
  const lastWorkday = (y: number, m: number) => {
    let d = Date.UTC(y, m + 1, 1) - DAY;
    while (!workday(d)) d -= DAY;
    return d;
  };
  const nthWorkday = (y: number, m: number, n: number) => {
    let d = Date.UTC(y, m, 1);
    let k = 0;
    for (;;) {
      if (workday(d) && ++k === n) return d;
      d += DAY;
    }
  };
  /** The F&B peak of the festive season. */
  const festive = (day: number) => {
    const s = iso(day).slice(5);
    if (s === "12-31") return 3.2;
    if (s === "12-24" || s === "12-25" || s === "12-26") return 2.4;
    if (s >= "12-01" && s <= "12-23") return 1.35;
    return 1;
  };

  const journals: Journal[] = [];
  let seq = 0;
  const add = (j: Omit<Journal, "id">) => {
    const id = `J${String(++seq).padStart(6, "0")}`;
    journals.push({ id, ...j });
    return id;
  };

  // People.
  const staff = new Map<string, { nightAuditors: string[]; fom?: string; fbm: string; rm?: string }>();
  for (const p of PROPERTIES) {
    const code = p.code.toLowerCase();
    staff.set(p.code, {
      nightAuditors: p.rooms ? [person(`${code}.na`), person(`${code}.na`)] : [],
      fom: p.rooms ? person(`${code}.fom`) : undefined,
      fbm: person(`${code}.fbm`),
    });
  }
  const apClerks = [person("hq.ap"), person("hq.ap")];
  const glAccountants = [person("hq.gl"), person("hq.gl")];
  const PAYROLL = "PAYROLL_IFC";

  // The usual size of each manager's comp (what a 20× comp is 20× of).
  const compMedian = new Map<string, number>();
  for (const p of PROPERTIES) {
    const s = staff.get(p.code)!;
    if (s.fom) compMedian.set(s.fom, uniform(90, 180));
    compMedian.set(s.fbm, uniform(25, 70));
  }
  // Each property's repair vendors and their usual invoice.
  const repairVendors = new Map<string, { name: string; median: number }[]>();
  const REPAIR_NAMES = ["Kältetechnik", "Elevator Service", "Plumbing", "Electrical", "Kitchen Equipment Service", "Pool Care", "HVAC Services", "Locksmith", "Painting & Decorating", "Laundry Equipment"];
  for (const p of PROPERTIES) {
    repairVendors.set(p.code, REPAIR_NAMES.filter(() => chance(0.6)).map((n) => ({ name: `${pick(LAST)} ${n}`, median: uniform(180, 650) })));
  }
  const utilityVendors = (p: Property) => [`${p.name.split(" ")[0]} Energy`, `${p.name.split(" ")[0]} Water Board`, "Telecom Business"];
  let guestSerial = int(100_000, 400_000);
  const guest = () => `G${++guestSerial * 7 % 1_000_000}`;

  const isOpen = (p: Property, day: number) => (!p.opens || day >= p.opens) && !(p.closed && day >= p.closed[0] && day < p.closed[1]);
  // The conference week at the city hotel: a week in October.
  const conferenceStart = Date.UTC(2025, 9, int(6, 20));
  // Payroll runs: every other Thursday from 9 Jan.
  const payrollRuns: number[] = [];
  for (let d = Date.UTC(2025, 0, 9); d < END; d += 14 * DAY) payrollRuns.push(d);
  const payrollRunSet = new Set(payrollRuns);

  for (let day = START; day < END; day += DAY) {
    const m = month(day);
    const wd = dow(day);
    for (const p of PROPERTIES) {
      const s = staff.get(p.code)!;
      if (!isOpen(p, day)) continue;
      const season = SEASON[p.profile][m]! * WEEK[p.profile][wd]!;
      const rampUp = p.opens ? Math.min(1, 0.45 + (day - p.opens) / (120 * DAY)) : 1;
      const vol = season * rampUp;
      const cur = p.currency;
      // Night audit: the revenue day closes at 02:00–04:00 the next morning.
      if (p.rooms) {
        const rooms = round2(lognormal(p.roomDay * vol, 0.08));
        const minibar = round2(lognormal(p.roomDay * 0.012 * vol, 0.3));
        const cityTax = round2(rooms * 0.04);
        const roomCharges = round2(lognormal(p.roomDay * 0.09 * vol, 0.2));
        const lines: Line[] = [
          { account: "1100", dept: "ROOMS", debit: round2(rooms + minibar + cityTax + roomCharges) },
          { account: "4000", dept: "ROOMS", credit: rooms },
          { account: "4200", dept: "ROOMS", credit: minibar },
          { account: "4100", dept: "FB", credit: roomCharges },
          { account: "2110", dept: "ROOMS", credit: cityTax },
        ];
        add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 2, 4), user: `PMS_IFC_${p.code}`, source: "PMS", description: `Night audit ${iso(day)}`, lines, kind: "night_audit" });
        // The PMS settlement batch: guest payments by card.
        const settled = round2((rooms + minibar + cityTax + roomCharges) * uniform(0.85, 1.1));
        add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 2, 4), user: `PMS_IFC_${p.code}`, source: "PMS", description: `Settlements ${iso(day)}`, lines: [{ account: "1120", dept: "ROOMS", debit: settled }, { account: "1100", dept: "ROOMS", credit: settled }], kind: "night_audit_settlement" });
        // The night auditor on duty: cash over/short, city-ledger transfers of departed corporate guests.
        const na = s.nightAuditors[Math.floor((day - START) / DAY / 4) % 2 === 0 ? (wd < 4 ? 0 : 1) : (wd < 3 ? 1 : 0)]!;
        const diff = round2(gauss() * 4);
        if (Math.abs(diff) >= 0.5 && chance(0.7)) {
          const short = diff < 0;
          add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 2.5, 5.5), user: na, source: "GL", description: short ? "Cash short front desk" : "Cash over front desk", lines: short ? [{ account: "6400", dept: "ROOMS", debit: -diff }, { account: "1000", dept: "ROOMS", credit: -diff }] : [{ account: "1000", dept: "ROOMS", debit: diff }, { account: "6400", dept: "ROOMS", credit: diff }], kind: "cash_over_short" });
        }
        for (let k = poisson(p.profile === "city" ? 1.3 * vol : 0.3 * vol); k > 0; k--) {
          const amt = round2(lognormal(650, 0.7));
          add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 1, 5), user: na, source: "GL", description: "Transfer to city ledger", lines: [{ account: "1110", dept: "ROOMS", debit: amt, counterparty: pick(CORPORATES) }, { account: "1100", dept: "ROOMS", credit: amt }], kind: "city_ledger_transfer" });
        }
        // Front-office manager: Monday–Friday office hours and every other Saturday.
        const fomWorks = (wd >= 1 && wd <= 5) || (wd === 6 && Math.floor((day - START) / (7 * DAY)) % 2 === 0);
        if (fomWorks && s.fom) {
          for (let k = poisson(0.5 * Math.max(0.5, vol)); k > 0; k--) {
            const amt = round2(lognormal(compMedian.get(s.fom)!, 0.35));
            add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 8, 18.5), user: s.fom, source: "GL", description: "Complimentary room", lines: [{ account: "5000", dept: "ROOMS", debit: amt }, { account: "4000", dept: "ROOMS", credit: amt }], kind: "comp_rooms" });
          }
          for (let k = poisson(0.45); k > 0; k--) {
            const amt = round2(lognormal(110, 0.6));
            add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 8, 18.5), user: s.fom, source: "GL", description: "Guest allowance - service recovery", lines: [{ account: "4010", dept: "ROOMS", debit: amt }, { account: "1100", dept: "ROOMS", credit: amt, counterparty: guest() }], kind: "guest_allowance" });
          }
        }
      }
      // POS interfaces per outlet: after lunch, after dinner, the bar after closing.
      for (const outlet of p.outlets) {
        const closes: [number, number][] = outlet === "BAR" ? [[1, 2.5]] : outlet === "POOL" ? [[18.5, 19.5]] : [[15, 16], [23, 24.5]];
        if (outlet === "POOL" && (m < 5 || m > 8)) continue;
        for (const [h0, h1] of closes) {
          const base = p.profile === "restaurant" ? 2600 : p.rooms * 9;
          const food = round2(lognormal(base * vol * festive(day) * (outlet === "BAR" ? 0.25 : 1), 0.15));
          const bev = round2(lognormal(base * vol * festive(day) * (outlet === "BAR" ? 0.8 : 0.4), 0.18));
          const tips = round2((food + bev) * uniform(0.03, 0.07));
          const entered = h0 < 5 ? at(day + DAY, h0, h1) : at(day, h0, h1);
          add({ entity: p.code, currency: cur, businessDate: day, entered, user: `POS_IFC_${p.code}_${outlet}`, source: "POS", description: `${outlet} shift close`, lines: [
            { account: "1120", dept: "FB", debit: round2(food + bev + tips) },
            { account: "4100", dept: "FB", credit: food },
            { account: "4110", dept: "FB", credit: bev },
            { account: "2100", dept: "FB", credit: tips },
          ], kind: "pos_close" });
        }
      }
      if (p.spa) {
        const spa = round2(lognormal(p.rooms * 6 * vol, 0.25));
        add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 20, 21.5), user: `SPA_IFC_${p.code}`, source: "SPA", description: "Spa day close", lines: [{ account: "1120", dept: "SPA", debit: spa }, { account: "4300", dept: "SPA", credit: spa }], kind: "spa_close" });
      }
      // Banquets through sales-and-catering at the city hotels; the conference week is ten times a normal week.
      if (p.profile === "city") {
        const conference = day >= conferenceStart && day < conferenceStart + 5 * DAY && p.code === "HCH";
        if (conference || (wd >= 1 && wd <= 5 ? chance(0.35) : chance(0.5))) {
          const amt = round2(lognormal(p.rooms * 25, 0.4) * (conference ? 14 : 1));
          add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 1, 1.5), user: `SC_IFC_${p.code}`, source: "S&C", description: conference ? "Conference banquet" : "Banquet event", lines: [{ account: "1110", dept: "BANQ", debit: amt, counterparty: pick(CORPORATES) }, { account: "4120", dept: "BANQ", credit: amt }], kind: conference ? "conference_banquet" : "banquet" });
        }
      }
      // F&B manager (restaurant manager at the bistro): Wednesday–Sunday, 11:00–23:30.
      if (wd === 0 || wd >= 3) {
        for (let k = poisson(0.8 * festive(day)); k > 0; k--) {
          const amt = round2(lognormal(compMedian.get(s.fbm)!, 0.4));
          add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 11, 23.5), user: s.fbm, source: "GL", description: "F&B comp", lines: [{ account: "5010", dept: "FB", debit: amt }, { account: "4100", dept: "FB", credit: amt }], kind: "comp_fb" });
        }
        if (!p.rooms) {
          const diff = round2(gauss() * 3);
          if (Math.abs(diff) >= 0.5) {
            const short = diff < 0;
            add({ entity: p.code, currency: cur, businessDate: day, entered: at(day + DAY, 0, 1.5), user: s.fbm, source: "GL", description: short ? "Cash short till" : "Cash over till", lines: short ? [{ account: "6400", dept: "FB", debit: -diff }, { account: "1000", dept: "FB", credit: -diff }] : [{ account: "1000", dept: "FB", debit: diff }, { account: "6400", dept: "FB", credit: diff }], kind: "cash_over_short" });
          }
        }
      }
      // Tip pool paid out in cash on the Sunday after a pay period.
      if (wd === 0 && payrollRunSet.has(day - 3 * DAY)) {
        const amt = round2(lognormal((p.rooms || 120) * 14 * vol, 0.2));
        add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 15, 18), user: s.fbm, source: "GL", description: "Tip pool payout", lines: [{ account: "2100", dept: "FB", debit: amt }, { account: "1000", dept: "FB", credit: amt }], kind: "tip_pool_payout" });
      }
    }

    // Payroll provider: every other Thursday at dawn, per open (or about to open) property.
    if (payrollRunSet.has(day)) {
      for (const p of PROPERTIES) {
        if (p.opens && day < p.opens - 30 * DAY) continue;
        const closed = p.closed && day >= p.closed[0] && day < p.closed[1];
        const size = (p.rooms || 60) * 95 * (p.profile === "resort" ? 0.6 + 0.4 * SEASON.resort[month(day)]! : p.profile === "ski" ? 0.5 + 0.4 * SEASON.ski[month(day)]! : 1) * (closed ? 0.35 : 1);
        const rooms = p.rooms ? round2(lognormal(size * 0.45, 0.04)) : 0;
        const fb = round2(lognormal(size * 0.4, 0.04));
        const ag = round2(lognormal(size * 0.15, 0.03));
        const gross = rooms + fb + ag;
        const tips = round2(lognormal((p.rooms || 120) * 10, 0.15));
        const lines: Line[] = [
          ...(rooms ? [{ account: "6000", dept: "ROOMS", debit: rooms }] : []),
          { account: "6000", dept: "FB", debit: fb },
          { account: "6000", dept: "A&G", debit: ag },
          { account: "6010", dept: "A&G", debit: round2(gross * 0.21) },
          { account: "2100", dept: "FB", debit: tips },
          { account: "2300", dept: "A&G", credit: round2(gross * 0.78 + tips) },
          { account: "2310", dept: "A&G", credit: round2(gross * 0.43) },
        ];
        add({ entity: p.code, currency: p.currency, businessDate: day, entered: at(day, 5, 6.5), user: PAYROLL, source: "PAYROLL", description: `Payroll run ${iso(day)}`, lines, kind: "payroll_run" });
      }
    }
    // Head office payroll: monthly on the 25th (the working day before when it falls on a holiday or weekend).
    {
      let d25 = Date.UTC(2025, month(day), 25);
      while (!workday(d25)) d25 -= DAY;
      if (day === d25) {
        const gross = round2(lognormal(68_000, 0.02));
        add({ entity: HQ.code, currency: HQ.currency, businessDate: day, entered: at(day, 5, 6.5), user: PAYROLL, source: "PAYROLL", description: `HQ payroll ${iso(day).slice(0, 7)}`, lines: [
          { account: "6000", dept: "HQ", debit: gross }, { account: "6010", dept: "HQ", debit: round2(gross * 0.21) },
          { account: "2300", dept: "HQ", credit: round2(gross * 0.78) }, { account: "2310", dept: "HQ", credit: round2(gross * 0.43) },
        ], kind: "payroll_run" });
      }
    }

    // Head office: Monday–Friday, office hours.
    if (workday(day)) {
      const y = 2025;
      const monthEnd = day === lastWorkday(y, m);
      const late = monthEnd || day === nthWorkday(y, m, 1) || day === nthWorkday(y, m, 2) ? 21.5 : 18;
      for (const p of PROPERTIES) {
        if (p.opens && day < p.opens - 75 * DAY) continue;
        const cur = p.currency;
        const closed = p.closed && day >= p.closed[0] && day < p.closed[1];
        const preOpening = p.opens && day < p.opens;
        const ap = pick(apClerks);
        // Repairs invoices (roughly 6 a month), and now and then a new local tradesman's ordinary invoice.
        for (let k = poisson(preOpening ? 0.05 : 0.28); k > 0; k--) {
          const v = pick(repairVendors.get(p.code)!);
          const amt = round2(lognormal(v.median, 0.6));
          add({ entity: p.code, currency: cur, businessDate: day - int(2, 20) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: `Invoice ${int(1000, 99999)}`, lines: [{ account: "6300", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: v.name }], kind: "repairs_invoice" });
        }
        if (chance(0.035)) {
          const name = `${pick(LAST)} ${pick(["Handwerk", "Repairs", "Glass", "Roofing", "Carpentry", "Flooring"])} ${int(1, 99)}`;
          const amt = round2(lognormal(380, 0.5));
          add({ entity: p.code, currency: cur, businessDate: day - int(2, 20) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: `Invoice ${int(1000, 99999)}`, lines: [{ account: "6300", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: name }], kind: "repairs_new_vendor" });
        }
        // Renovation: contractors invoice large sums to FF&E and repairs while the lodge is shut.
        if (closed && chance(0.45)) {
          const name = pick(["Bau & Holz AG", "Interior Contract GmbH", "Alpin Sanitär", "Swiss Lighting Projects", "Teppich Design SA"]);
          const amt = round2(lognormal(38_000, 0.6));
          add({ entity: p.code, currency: cur, businessDate: day - int(1, 10) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: "Renovation progress invoice", lines: [{ account: "1500", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: name }], kind: "renovation_invoice" });
        }
        if (preOpening && chance(0.4)) {
          const name = pick(["Opening Team Recruitment Ltd", "Brand Launch Agency", "Uniform Direct", "Hotel Systems Ltd", "Linen Supply UK"]);
          const amt = round2(lognormal(4_500, 0.7));
          add({ entity: p.code, currency: cur, businessDate: day - int(1, 10) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: "Pre-opening invoice", lines: [{ account: "6500", dept: "A&G", debit: amt }, { account: "2000", dept: "A&G", credit: amt, counterparty: name }], kind: "pre_opening_invoice" });
        }
        if (!closed && !preOpening && chance(0.012)) {
          const amt = round2(lognormal(9_000, 0.6));
          add({ entity: p.code, currency: cur, businessDate: day - int(1, 10) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: "FF&E replacement", lines: [{ account: "1500", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: pick(["Hotel Furnishers BV", "Mattress Contract Co", "Kitchen Pro Equipment"]) }], kind: "ffe_invoice" });
        }
        // Utilities: three bills a month, the second week.
        if (day === nthWorkday(y, m, 6) && !preOpening) {
          for (const v of utilityVendors(p)) {
            const amt = round2(lognormal((p.rooms || 40) * (v.includes("Energy") ? 38 : 9) * (closed ? 0.4 : 1) * (p.profile === "ski" && (m < 3 || m === 11) ? 1.5 : 1), 0.12));
            add({ entity: p.code, currency: cur, businessDate: day - int(1, 5) * DAY, entered: at(day, 8.5, 17), user: ap, source: "AP", description: "Utility bill", lines: [{ account: "6200", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: v }], kind: "utility_bill" });
          }
        }
        // OTA commission batches for last month's stays, on the fourth working day.
        if (day === nthWorkday(y, m, 4) && p.rooms && !(p.opens && day < p.opens + 20 * DAY)) {
          for (const ota of ["Booking.com", "Expedia"]) {
            const prev = (m + 11) % 12;
            const amt = round2(lognormal(p.roomDay * 30 * SEASON[p.profile][prev]! * (ota === "Booking.com" ? 0.3 : 0.15) * 0.16, 0.1));
            add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 8.5, 17), user: ap, source: "AP", description: `${ota} commission statement`, lines: [{ account: "6100", dept: "ROOMS", debit: amt }, { account: "2000", dept: "ROOMS", credit: amt, counterparty: ota }], kind: "ota_commission" });
          }
        }
        // City-tax remittance on the tenth working day.
        if (day === nthWorkday(y, m, 10) && p.rooms && !(p.opens && day < p.opens + 20 * DAY)) {
          const amt = round2(lognormal(p.roomDay * 30 * SEASON[p.profile][(m + 11) % 12]! * 0.04, 0.05));
          add({ entity: p.code, currency: cur, businessDate: day, entered: at(day, 8.5, 18), user: pick(glAccountants), source: "GL", description: "City tax remittance", lines: [{ account: "2110", dept: "A&G", debit: amt }, { account: "1010", dept: "A&G", credit: amt, counterparty: "Municipal Tax Office" }], kind: "city_tax_remittance" });
        }
        // Month-end accruals (utilities, the payroll days since the last run) and their reversal on the first working day.
        if ((monthEnd || day === nthWorkday(y, m, 1)) && !(p.opens && day < p.opens - 30 * DAY)) {
          const reversal = !monthEnd;
          const gl = pick(glAccountants);
          for (const [acct, dept, median] of [["6200", "POM", (p.rooms || 40) * 45], ["6000", "A&G", (p.rooms || 60) * 60]] as const) {
            const amt = round2(lognormal(median, 0.25));
            add({ entity: p.code, currency: cur, businessDate: reversal ? day : day, entered: at(day, 9, late), user: gl, source: "GL", description: reversal ? "Reversal of month-end accrual" : acct === "6000" ? "Payroll accrual" : "Utilities accrual", lines: reversal ? [{ account: "2200", dept, debit: amt }, { account: acct, dept, credit: amt }] : [{ account: acct, dept, debit: amt }, { account: "2200", dept, credit: amt }], kind: reversal ? "accrual_reversal" : "month_end_accrual" });
          }
        }
      }
      // Head office's own costs: rent on the first working day.
      if (day === nthWorkday(y, m, 1)) {
        add({ entity: HQ.code, currency: HQ.currency, businessDate: day, entered: at(day, 8.5, 17), user: pick(apClerks), source: "AP", description: "Office rent", lines: [{ account: "6600", dept: "HQ", debit: 9_800 }, { account: "2000", dept: "HQ", credit: 9_800, counterparty: "City Office Properties" }], kind: "hq_rent" });
      }
      // Payments runs: Tuesdays and Fridays, one per property.
      if (wd === 2 || wd === 5) {
        for (const p of PROPERTIES) {
          if (p.opens && day < p.opens - 60 * DAY) continue;
          const amt = round2(lognormal((p.rooms || 40) * 160, 0.4));
          add({ entity: p.code, currency: p.currency, businessDate: day, entered: at(day, 10, 15), user: pick(apClerks), source: "AP", description: "Payment run", lines: [{ account: "2000", dept: "A&G", debit: amt }, { account: "1010", dept: "A&G", credit: amt }], kind: "payment_run" });
        }
      }
    }
  }

  // ---- Planted problems: three of each kind, on open properties, each on a day chosen at random.
  const openProperty = (rooms: boolean): [Property, number] => {
    for (;;) {
      const p = pick(PROPERTIES.filter((q) => !rooms || q.rooms));
      const day = START + int(20, 355) * DAY;
      if (isOpen(p, day)) return [p, day];
    }
  };
  const plantDay = (pred: (d: number) => boolean) => {
    for (;;) {
      const d = START + int(20, 355) * DAY;
      if (pred(d)) return d;
    }
  };
  for (let i = 0; i < 3; i++) {
    {
      const [p, day] = openProperty(true);
      const s = staff.get(p.code)!;
      const amt = round2(lognormal(900, 0.5));
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: at(day + DAY, 2.5, 4.5), user: pick(s.nightAuditors), source: "GL", description: "Room rate adjustment", lines: [{ account: "4000", dept: "ROOMS", debit: amt }, { account: "1100", dept: "ROOMS", credit: amt, counterparty: `G${int(900_000, 999_999)}` }], kind: "night_auditor_rebate", anomaly: "night_auditor_rebate" });
    }
    {
      const [p, day0] = openProperty(false);
      const s = staff.get(p.code)!;
      const useFom = s.fom && chance(0.5);
      const user = useFom ? s.fom! : s.fbm;
      const day = useFom ? plantDay((d) => dow(d) >= 1 && dow(d) <= 5 && isOpen(p, d)) : plantDay((d) => (dow(d) === 0 || dow(d) >= 3) && isOpen(p, d)) ?? day0;
      const amt = round2(compMedian.get(user)! * uniform(18, 24));
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: useFom ? at(day, 9, 18) : at(day, 12, 23), user, source: "GL", description: useFom ? "Complimentary room" : "F&B comp", lines: useFom ? [{ account: "5000", dept: "ROOMS", debit: amt }, { account: "4000", dept: "ROOMS", credit: amt }] : [{ account: "5010", dept: "FB", debit: amt }, { account: "4100", dept: "FB", credit: amt }], kind: "comps_20x", anomaly: "comps_20x" });
    }
    {
      const [p, day] = openProperty(false);
      const s = staff.get(p.code)!;
      const user = p.rooms ? pick(s.nightAuditors) : s.fbm;
      const amt = round2(uniform(1_800, 6_500));
      const dept = p.rooms ? "ROOMS" : "FB";
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: p.rooms ? at(day + DAY, 2.5, 5.5) : at(day + DAY, 0, 1.5), user, source: "GL", description: p.rooms ? "Cash short front desk" : "Cash short till", lines: [{ account: "6400", dept, debit: amt }, { account: "1000", dept, credit: amt }], kind: "cash_over_short_thousands", anomaly: "cash_over_short_thousands" });
    }
    {
      const day = plantDay((d) => dow(d) === 0);
      const [p] = openProperty(false);
      const amt = round2(lognormal((p.rooms || 40) * 160, 0.4));
      const gl = pick(glAccountants);
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: at(day, 2.75, 3.5), user: gl, source: "GL", description: chance(0.5) ? "Manual payment" : "Accrual adjustment", lines: [{ account: "2000", dept: "A&G", debit: amt }, { account: "1010", dept: "A&G", credit: amt }], kind: "head_office_sunday_night", anomaly: "head_office_sunday_night" });
    }
    {
      const [p, day0] = openProperty(true);
      const s = staff.get(p.code)!;
      const others = PROPERTIES.filter((q) => q.code !== p.code && q.rooms && isOpen(q, day0));
      const other = pick(others);
      const day = plantDay((d) => dow(d) >= 1 && dow(d) <= 5 && isOpen(other, d) && isOpen(p, d));
      const amt = round2(lognormal(compMedian.get(s.fom!)!, 0.35));
      add({ entity: other.code, currency: other.currency, businessDate: day, entered: at(day, 9, 18), user: s.fom!, source: "GL", description: "Complimentary room", lines: [{ account: "5000", dept: "ROOMS", debit: amt }, { account: "4000", dept: "ROOMS", credit: amt }], kind: "other_property_account", anomaly: "other_property_account" });
    }
    {
      const [p, day0] = openProperty(false);
      const day = workday(day0) ? day0 : plantDay((d) => workday(d) && isOpen(p, d));
      const vendors = repairVendors.get(p.code)!;
      const median = vendors.reduce((a, v) => a + v.median, 0) / Math.max(1, vendors.length);
      const amt = round2(median * uniform(25, 60));
      const name = `${pick(["Nordic", "Prime", "Atlas", "Apex", "Vertex"])} ${pick(["Facility Solutions", "Building Services", "Technical Consulting"])}`;
      add({ entity: p.code, currency: p.currency, businessDate: day - int(2, 10) * DAY, entered: at(day, 8.5, 17), user: pick(apClerks), source: "AP", description: `Invoice ${int(1000, 99999)}`, lines: [{ account: "6300", dept: "POM", debit: amt }, { account: "2000", dept: "POM", credit: amt, counterparty: name }], kind: "repairs_new_vendor_outlier", anomaly: "repairs_new_vendor_outlier" });
    }
    {
      const [p] = openProperty(false);
      const byHand = chance(0.5);
      const day = plantDay((d) => !payrollRunSet.has(d) && (byHand ? workday(d) : true) && isOpen(p, d) && ![0, 1, 2].some((k) => payrollRunSet.has(d - k * DAY)));
      const gross = round2(lognormal((p.rooms || 60) * 95 * 0.4, 0.1));
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: byHand ? at(day, 9, 17.5) : at(day, 5, 6.5), user: byHand ? pick(glAccountants) : PAYROLL, source: byHand ? "GL" : "PAYROLL", description: byHand ? "Payroll correction" : `Payroll run ${iso(day)}`, lines: [{ account: "6000", dept: "FB", debit: gross }, { account: "2300", dept: "A&G", credit: gross }], kind: "payroll_off_run", anomaly: "payroll_off_run" });
    }
    {
      const [p, day0] = openProperty(true);
      const s = staff.get(p.code)!;
      const day = plantDay((d) => (dow(d) === 0 || dow(d) >= 3) && isOpen(p, d)) ?? day0;
      const amt = round2(lognormal(compMedian.get(s.fbm)! * 3, 0.4));
      add({ entity: p.code, currency: p.currency, businessDate: day, entered: at(day, 12, 23), user: s.fbm, source: "GL", description: "Revenue correction", lines: [{ account: "4100", dept: "FB", debit: amt }, { account: "4000", dept: "ROOMS", credit: amt }], kind: "fb_user_rooms_revenue", anomaly: "fb_user_rooms_revenue" });
    }
  }

  // The export: journals in entry order, numbered as the ERP numbers them then.
  journals.sort((a, b) => a.entered - b.entered || a.id.localeCompare(b.id));
  const rows: string[][] = [];
  const journalOfLine = new Map<string, string>();
  const out: HospitalityJournal[] = [];
  const money = (x: number | undefined) => (x === undefined ? "" : x.toFixed(2).replace(".", ","));
  const dmy = (t: number) => {
    const d = new Date(t);
    const p2 = (n: number) => String(n).padStart(2, "0");
    return `${p2(d.getUTCDate())}/${p2(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`;
  };
  const stamp = (t: number) => {
    const d = new Date(t);
    const p2 = (n: number) => String(n).padStart(2, "0");
    return `${dmy(t)} ${p2(d.getUTCHours())}:${p2(d.getUTCMinutes())}`;
  };
  let lineNo = 100_000;
  journals.forEach((j, i) => {
    const journalNo = `${j.source === "PMS" || j.source === "POS" || j.source === "SPA" || j.source === "S&C" ? "IF" : j.source}-${String(i + 1).padStart(6, "0")}`;
    for (const l of j.lines) {
      const id = String(++lineNo);
      journalOfLine.set(id, j.id);
      rows.push([id, journalNo, l.entity ?? j.entity, l.account, ACCOUNTS[l.account]!, l.dept, dmy(j.businessDate), stamp(j.entered), j.user, j.source, l.counterparty ?? "", l.memo ?? j.description, j.currency, money(l.debit), money(l.credit)]);
    }
    out.push({ id: j.id, kind: j.kind, anomaly: j.anomaly, user: j.user, entity: j.entity, lines: j.lines.length });
  });
  return { header: HOSPITALITY_HEADER, rows, journalOfLine, journals: out };
}

export function toCsv(ledger: HospitalityLedger): string {
  const q = (s: string) => (/[";\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [ledger.header, ...ledger.rows].map((r) => r.map(q).join(";")).join("\r\n") + "\r\n";
}
