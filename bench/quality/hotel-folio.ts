// An independent billing data set (the twenty-ninth, 2026-11-28): a hotel group's folio billing
// over January – October 2026, exported from its property-management system (an Opera Cloud-style
// multi-property PMS; Mews and Cloudbeds write the same facts under other names). Written from how
// a hotel bills before reading the detectors.
//
// Four hotels: Austin (USD; Texas state hotel occupancy tax 6 % and the city's 11 %, both per
// room-night; a guest staying beyond 30 consecutive nights is a permanent resident, exempt from
// the 31st night; a federal traveller with an exemption certificate exempt from the state's part
// only), Miami Beach (USD; a resort fee per night, taxed; Florida sales tax 7 % and the resort tax
// 5 % on rooms and the fee, 2 % on food and beverage; a federal traveller exempt from all three;
// the resort fee waived by policy for Platinum members, comps and government rates), New York
// (USD; sales tax 8.875 % and the city hotel tax 5.875 %, plus 2.00 a room-night of occupancy fee
// and 1.50 of Javits fee) and Paris (EUR; the taxe de séjour per adult per night, children exempt;
// VAT on the folio's total).
//
// `folio_postings.csv`: one row per folio posting (revenue, generated tax, allowance), the bill's
// header on each — resort, bill number, folio type (GUEST, DIRECT BILL: a company's window routed to
// the city ledger, MASTER: a group's posting master, NO SHOW, CANCELLATION, CREDIT BILL), bill
// date, window, confirmation number, guest, payee, company, rate code, market, arrival, departure
// and the departure booked, nights, adults, children, the posting's room and room type (a group
// master's postings are its members' rooms), reservation status, guarantee, tax-exempt
// certificate, membership level, currency, net, tax, gross, the associated bill of a credit bill,
// its reason, the cashier and the approver of record; per posting the transaction number and date
// (the business date: the night audit posts each night on its date),
// code, description, group, the rate code of a room charge, quantity, price per unit, amount, the
// POS check or reference, reason code and user. Dates are MM/DD/YYYY (a US installation).
// Beside it: `ref/rate_codes.csv` (fixed rates per code, room type and validity — negotiated
// corporate rates renewed on 1 April, group blocks, government per diems by month and fiscal
// year —, and every code's policies: package, no-show, cancellation deadline, resort fee),
// `ref/rate_calendar.csv` (the revenue-management system's daily rates: BAR and the codes derived
// from it; each rate code names the transaction code it posts to, 1000), `ref/transaction_codes.csv` (codes, groups, fixed prices, the taxes each generates),
// `ref/room_nights.csv` (the night audit's in-house list: every room-night with the bill it is
// routed to), `ref/reservations.csv` (every reservation, cancelled and no-show ones included),
// `ref/allowance_authority.csv` (each user's allowance limit) and `ref/payments.csv` (deposits,
// card settlements and transfers to the city ledger, which the postings file leaves out).
//
// Regular business (hard negatives): BAR that changes every night (a stay's nights at different
// rates); advance purchase at BAR −15 %, corporate at BAR −10 %; negotiated corporate rates far
// below BAR, renewed on 1 April (stays across the renewal); group blocks on a master folio (the
// guests' own folios carry their incidentals only); packages with breakfast (the room line is the
// package less the breakfast of each adult, the breakfast posted on its own code); government per
// diems changing by month and on 1 October, tax-exempt federal travellers (exempt from some taxes
// but not others), government-rate guests without a certificate (taxed); long stays beyond 30
// nights exempt from the 31st; comps approved (a room at 0.00, no tax); rate overrides approved;
// allowances within the user's limit, or above it with a manager's approval; Platinum members'
// waived resort fee and free late check-out; late check-out fees; early departures (a fee on
// non-refundable rates and, in Miami, on flexible ones); no-show and late-cancellation fees per the
// rate code's policy (and none where it says none), waived with approval; split folios routing room
// and tax to a company; the same breakfast check amount twice a day (two checks); credit bills for
// disputed charges, approved. Planted (labelled per bill, with the amount at risk: what the bill
// should have charged, taxes included, less what it charged): a room-night not posted by the
// night audit, a room rate below the rate code's with no approval, the city/occupancy tax not
// charged on nights of a taxable stay, a no-show fee adjusted off without approval, a resort fee
// not charged on a stay the policy does not exempt, a charge posted twice (a POS check, or a
// night's room charge), an allowance above its user's limit with no approver.
// Run: bun run bench/quality/hotel-folio.ts --seed 2901 --out /tmp/hotel
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, days, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind = "room_night_not_posted" | "rate_below_rate_code" | "city_tax_not_charged" | "no_show_fee_waived_without_approval" | "resort_fee_not_charged" | "charge_posted_twice" | "allowance_above_limit";
export const LEAK_KINDS: LeakKind[] = ["room_night_not_posted", "rate_below_rate_code", "city_tax_not_charged", "no_show_fee_waived_without_approval", "resort_fee_not_charged", "charge_posted_twice", "allowance_above_limit"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const FIRST_DAY = "2026-01-01";
const LAST_DAY = "2026-10-31";
const CORP_RENEWAL = "2026-04-01";

type Group = "ROOM" | "FB" | "MINIBAR" | "RESORT" | "FEE" | "TAX" | "ALLOWANCE";
type Basis = "pct" | "night" | "adult_night";
/** A tax a posting generates: its code, how it is computed and on which groups. */
interface Tax { code: string; text: string; basis: Basis; rate: number; on: Group[]; govExempt: boolean; longStayExempt: boolean; local: boolean }
interface Property {
  code: string; name: string; currency: string; rooms: Record<string, number>; season: number[]; weekend: number; breakfast: number;
  resortFee: number; lateCheckout: number; earlyDepartureFee: number; vat: number; taxes: Tax[]; arrivals: [number, number]; roomsFrom: number;
}
const PROPS: Property[] = [
  { code: "AUSDT", name: "Lakeshore Austin Downtown", currency: "USD", rooms: { KING: 229, QQ: 209, STE: 389 }, season: [0.9, 1.05, 1.25, 1.05, 1, 0.95, 0.85, 0.85, 1, 1.1, 1, 0.9], weekend: 0.82, breakfast: 18, resortFee: 0, lateCheckout: 50, earlyDepartureFee: 0, vat: 0, arrivals: [3, 5], roomsFrom: 301,
    taxes: [
      { code: "7010", text: "TX State Hotel Occupancy Tax 6%", basis: "pct", rate: 6, on: ["ROOM"], govExempt: true, longStayExempt: true, local: false },
      { code: "7020", text: "Austin City Hotel Occupancy Tax 11%", basis: "pct", rate: 11, on: ["ROOM"], govExempt: false, longStayExempt: true, local: true },
      { code: "7090", text: "Sales Tax 8.25%", basis: "pct", rate: 8.25, on: ["FB", "MINIBAR"], govExempt: false, longStayExempt: false, local: false },
    ] },
  { code: "MIABH", name: "Lakeshore Miami Beach Resort", currency: "USD", rooms: { KING: 319, QQ: 299, STE: 549 }, season: [1.3, 1.45, 1.4, 1.15, 0.95, 0.85, 0.9, 0.85, 0.75, 0.9, 1, 1.2], weekend: 1.18, breakfast: 24, resortFee: 45, lateCheckout: 75, earlyDepartureFee: 100, vat: 0, arrivals: [2, 4], roomsFrom: 1101,
    taxes: [
      { code: "7110", text: "FL Sales Tax 7%", basis: "pct", rate: 7, on: ["ROOM", "RESORT", "FB", "MINIBAR"], govExempt: true, longStayExempt: false, local: false },
      { code: "7120", text: "Miami Beach Resort Tax 5%", basis: "pct", rate: 5, on: ["ROOM", "RESORT"], govExempt: true, longStayExempt: false, local: true },
      { code: "7130", text: "Miami Beach Resort Tax F&B 2%", basis: "pct", rate: 2, on: ["FB", "MINIBAR"], govExempt: true, longStayExempt: false, local: false },
    ] },
  { code: "NYCMT", name: "Lakeshore New York Midtown", currency: "USD", rooms: { KING: 289, QQ: 309, STE: 529 }, season: [0.75, 0.8, 0.95, 1.05, 1.1, 1.05, 0.95, 0.95, 1.2, 1.25, 1.2, 1.3], weekend: 0.92, breakfast: 28, resortFee: 0, lateCheckout: 50, earlyDepartureFee: 0, vat: 0, arrivals: [3, 5], roomsFrom: 801,
    taxes: [
      { code: "7210", text: "NYS Sales Tax 8.875%", basis: "pct", rate: 8.875, on: ["ROOM", "FB", "MINIBAR"], govExempt: true, longStayExempt: false, local: false },
      { code: "7220", text: "NYC Hotel Room Occupancy Tax 5.875%", basis: "pct", rate: 5.875, on: ["ROOM"], govExempt: true, longStayExempt: false, local: true },
      { code: "7230", text: "NYC Occupancy Fee $2.00/night", basis: "night", rate: 2, on: ["ROOM"], govExempt: false, longStayExempt: false, local: true },
      { code: "7240", text: "Javits Center Fee $1.50/night", basis: "night", rate: 1.5, on: ["ROOM"], govExempt: false, longStayExempt: false, local: false },
    ] },
  { code: "PARCE", name: "Lakeshore Paris Centre", currency: "EUR", rooms: { KING: 265, QQ: 245, STE: 455 }, season: [0.8, 0.85, 0.95, 1.05, 1.15, 1.25, 1.2, 1.05, 1.15, 1.05, 0.9, 0.95], weekend: 1.08, breakfast: 22, resortFee: 0, lateCheckout: 40, earlyDepartureFee: 0, vat: 10, arrivals: [2, 3], roomsFrom: 101,
    taxes: [{ code: "7310", text: "Taxe de sejour par personne/nuit", basis: "adult_night", rate: 5.78, on: ["ROOM"], govExempt: false, longStayExempt: false, local: true }] },
];
const ROOM_TYPES = ["KING", "QQ", "STE"];
const LONG_STAY_NIGHTS = 30;

/** Transaction codes every property shares (a property's taxes are its own). */
const CODES: Record<string, { text: string; group: Group }> = {
  "1000": { text: "Room Charge", group: "ROOM" }, "1050": { text: "Early Departure Fee", group: "FEE" }, "1060": { text: "Late Check-Out Fee", group: "FEE" },
  "1070": { text: "No-Show Fee", group: "ROOM" }, "1080": { text: "Late Cancellation Fee", group: "ROOM" },
  "2000": { text: "Restaurant Food", group: "FB" }, "2100": { text: "Bar Beverage", group: "FB" }, "2200": { text: "In-Room Dining", group: "FB" }, "2015": { text: "Breakfast Package", group: "FB" },
  "3000": { text: "Minibar", group: "MINIBAR" }, "4100": { text: "Resort Fee", group: "RESORT" }, "5000": { text: "Laundry", group: "FEE" }, "5100": { text: "Valet Parking", group: "FEE" },
  "9100": { text: "Allowance - Room", group: "ALLOWANCE" }, "9200": { text: "Allowance - F&B", group: "ALLOWANCE" }, "9700": { text: "Adjustment - No-Show Fee", group: "ALLOWANCE" },
};

interface RateCode { code: string; category: string; company: string; dynamic: boolean; noShow: "1NT+TAX" | "FULL STAY" | "NONE"; cancelHours: number; breakfast: boolean; resortFee: boolean; deposit: boolean; text: string }
const RATE_CODES: RateCode[] = [
  { code: "BAR", category: "BAR", company: "", dynamic: true, noShow: "1NT+TAX", cancelHours: 24, breakfast: false, resortFee: true, deposit: false, text: "Best Available Rate" },
  { code: "AP14", category: "DERIVED", company: "", dynamic: true, noShow: "FULL STAY", cancelHours: 0, breakfast: false, resortFee: true, deposit: true, text: "Advance Purchase, non-refundable (BAR -15%)" },
  { code: "PKGBB", category: "PACKAGE", company: "", dynamic: true, noShow: "1NT+TAX", cancelHours: 48, breakfast: true, resortFee: true, deposit: false, text: "Bed & Breakfast package (BAR + breakfast for two)" },
  { code: "CORP10", category: "DERIVED", company: "", dynamic: true, noShow: "1NT+TAX", cancelHours: 6, breakfast: false, resortFee: true, deposit: false, text: "Corporate discount (BAR -10%)" },
  { code: "GOV", category: "GOVERNMENT", company: "", dynamic: false, noShow: "NONE", cancelHours: 0, breakfast: false, resortFee: false, deposit: false, text: "Government per diem (FedRooms)" },
  { code: "COMP", category: "COMP", company: "", dynamic: false, noShow: "NONE", cancelHours: 0, breakfast: false, resortFee: false, deposit: false, text: "Complimentary (GM approval)" },
  { code: "LSR30", category: "LONG STAY", company: "", dynamic: false, noShow: "1NT+TAX", cancelHours: 72, breakfast: false, resortFee: false, deposit: true, text: "Extended stay 30+ nights" },
];
interface Company { id: string; name: string; code: string; props: string[]; pct: number; directBill: number }
const COMPANIES: Company[] = [
  { id: "AR10021", name: "Meridian Semiconductor Inc", code: "LNRMSI", props: ["AUSDT", "NYCMT"], pct: 0.68, directBill: 0.6 },
  { id: "AR10034", name: "Halvorsen Consulting Group", code: "LNRHCG", props: ["AUSDT", "NYCMT", "PARCE"], pct: 0.72, directBill: 0.3 },
  { id: "AR10058", name: "Bluewater Cruise Lines", code: "LNRBCL", props: ["MIABH"], pct: 0.7, directBill: 0.8 },
  { id: "AR10077", name: "Castellane Luxe SA", code: "LNRCLX", props: ["PARCE", "NYCMT"], pct: 0.74, directBill: 0.5 },
  { id: "AR10090", name: "Northgate Health Systems", code: "LNRNHS", props: ["AUSDT", "MIABH", "NYCMT"], pct: 0.66, directBill: 0.4 },
  { id: "AR10112", name: "Tessellate Software Ltd", code: "LNRTSL", props: ["AUSDT", "NYCMT", "PARCE", "MIABH"], pct: 0.75, directBill: 0.2 },
];
/** The federal per diem (lodging) per property: [from, to, rate]. */
const PER_DIEM: Record<string, [string, string, number][]> = {
  AUSDT: [["2025-10-01", "2026-09-30", 161], ["2026-10-01", "2027-09-30", 168]],
  MIABH: [["2025-10-01", "2026-03-31", 236], ["2026-04-01", "2026-05-31", 193], ["2026-06-01", "2026-09-30", 157], ["2026-10-01", "2026-12-31", 171]],
  NYCMT: [["2026-01-01", "2026-02-28", 175], ["2026-03-01", "2026-06-30", 279], ["2026-07-01", "2026-08-31", 236], ["2026-09-01", "2026-09-30", 301], ["2026-10-01", "2026-12-31", 306]],
};
const LONG_STAY_RATE: Record<string, number> = { AUSDT: 139 };

interface Line { trx: number; date: string; room: string; roomType: string; code: string; text: string; group: Group; rateCode: string; qty: number; price: number; amount: number; ref: string; reason: string; user: string }
interface Resv {
  conf: string; prop: Property; guest: string; profile: string; company?: Company; rate: string; market: string; arrival: string; departure: string; booked: string;
  adults: number; children: number; room: string; roomType: string; status: "CHECKED OUT" | "NO SHOW" | "CANCELLED"; guarantee: string; exemptNo: string; level: string;
  group?: string; directBill: boolean; cancelledAt?: string; bills: string[]; nightRates: number[];
}
interface Doc {
  no: string; prop: Property; type: string; date: string; window: number; r: Resv | null; payee: string; payeeName: string; rateCode: string;
  associated: string; reason: string; cashier: string; approver: string; lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number };
}

export function generateHotel(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, between, int } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const weekday = (d: string) => new Date(d + "T00:00:00Z").getUTCDay();

  // The revenue-management system's BAR per property, room type and night: season × day of week × the day's demand.
  const bar = new Map<string, number>();
  for (const p of PROPS) for (let d = "2025-12-01"; d <= "2026-12-31"; d = addDays(d, 1)) {
    const wknd = weekday(d) === 5 || weekday(d) === 6 ? p.weekend : 1;
    const demand = between(0.9, 1.12);
    for (const rt of ROOM_TYPES) bar.set(`${p.code}|${rt}|${d}`, Math.round(p.rooms[rt]! * p.season[Number(d.slice(5, 7)) - 1]! * wknd * demand / 10) * 10 - 1);
  }
  const barOf = (p: Property, rt: string, d: string) => bar.get(`${p.code}|${rt}|${d}`)!;
  const dynamicRate = (code: string, p: Property, rt: string, d: string) =>
    code === "BAR" ? barOf(p, rt, d) : code === "AP14" ? r2(barOf(p, rt, d) * 0.85) : code === "CORP10" ? r2(barOf(p, rt, d) * 0.9) : barOf(p, rt, d) + 2 * p.breakfast;
  // Negotiated rates: a fixed rate per company, property and room type, renewed (+4 %) on 1 April.
  const lnr = (c: Company, p: Property, rt: string, d: string) => { const base = Math.round(p.rooms[rt]! * c.pct); return d < CORP_RENEWAL ? base : Math.round(base * 1.04); };
  const perDiem = (p: Property, d: string) => PER_DIEM[p.code]!.find(([f, t]) => f <= d && d <= t)![2];
  interface GroupBlock { code: string; name: string; account: string; prop: Property; arrival: string; nights: number; rates: Record<string, number> }
  const groups: GroupBlock[] = [];
  const groupNames = ["Texas Medical Assoc", "Fintech Summit", "Hendricks-Ortiz Wedding", "Pharma Sales Kickoff", "Intl Dental Congress", "Robotics Expo", "Bar Assoc CLE", "Alumni Reunion", "Salon du Design", "AutoTech Forum"];
  for (const p of PROPS) for (let m = 1; m <= 10; m++) if (chance(0.8)) {
    const arrival = `2026-${String(m).padStart(2, "0")}-${String(int(3, 24)).padStart(2, "0")}`;
    const f = between(0.68, 0.8);
    groups.push({ code: `GRP${p.code.slice(0, 3)}${String(m).padStart(2, "0")}`, name: pick(groupNames), account: `AR2${String(groups.length + 101)}`, prop: p, arrival, nights: int(2, 4), rates: Object.fromEntries(ROOM_TYPES.map((rt) => [rt, Math.round(barOf(p, rt, arrival) * f)])) });
  }
  /** The rate the code charges for a night: what the night audit posts. */
  const nightRate = (r: Resv, d: string): number => {
    if (r.group) return groups.find((g) => g.code === r.group)!.rates[r.roomType]!;
    if (r.rate === "COMP") return 0;
    if (r.rate === "GOV") return perDiem(r.prop, d);
    if (r.rate === "LSR30") return LONG_STAY_RATE[r.prop.code]!;
    if (r.company && r.rate === r.company.code) return lnr(r.company, r.prop, r.roomType, d);
    return dynamicRate(r.rate, r.prop, r.roomType, d);
  };
  const rateCodeOf = (code: string) => RATE_CODES.find((c) => c.code === code) ?? { code, category: "NEGOTIATED", company: "", dynamic: false, noShow: "1NT+TAX" as const, cancelHours: 18, breakfast: false, resortFee: true, deposit: false, text: "" };

  const first = ["James", "Maria", "Wei", "Aisha", "Lukas", "Sofia", "Daniel", "Priya", "Olivier", "Emma", "Carlos", "Hannah", "Kenji", "Fatima", "Noah", "Chloe", "Mateo", "Grace", "Ivan", "Leila"];
  const last = ["Smith", "Garcia", "Chen", "Khan", "Muller", "Rossi", "Nguyen", "Patel", "Dubois", "Johnson", "Lopez", "Schmidt", "Tanaka", "Haddad", "Brown", "Martin", "Silva", "Kowalski", "Ivanova", "Okafor"];
  const guestName = () => `${pick(last)}, ${pick(first)}`;
  const users = (p: Property) => ({ fd: [1, 2, 3, 4].map((i) => `FD_${p.code}_${i}`), sup: [`FDS_${p.code}_1`, `FDS_${p.code}_2`], fom: `FOM_${p.code}`, gm: `GM_${p.code}` });
  const LIMITS = { fd: 50, sup: 150, fom: 500, gm: 100000 };

  // Reservations: arrivals per property and day.
  const resvs: Resv[] = [];
  let confNo = 6_120_000;
  const roomOf = (p: Property) => String(p.roomsFrom + int(0, 6) * 100 + int(0, 40));
  for (const p of PROPS) for (let day = FIRST_DAY; day <= LAST_DAY; day = addDays(day, 1)) {
    const n = int(p.arrivals[0], p.arrivals[1]);
    for (let k = 0; k < n; k++) {
      const x = rnd();
      const companies = COMPANIES.filter((c) => c.props.includes(p.code));
      let rate: string, market: string, company: Company | undefined, nights: number, adults = 1, children = 0;
      if (x < 0.34) { rate = "BAR"; market = pick(["TRN", "OTA", "WEB"]); nights = int(1, p.code === "MIABH" ? 6 : 4); adults = int(1, 2); children = adults === 2 && chance(0.25) ? int(1, 2) : 0; }
      else if (x < 0.45) { rate = "AP14"; market = "WEB"; nights = int(1, 5); adults = int(1, 2); children = adults === 2 && chance(0.2) ? 1 : 0; }
      else if (x < 0.56) { rate = "PKGBB"; market = "PKG"; nights = int(1, 4); adults = chance(0.8) ? 2 : 1; children = adults === 2 && chance(0.3) ? int(1, 2) : 0; }
      else if (x < 0.78) { company = pick(companies); rate = company.code; market = "CORP"; nights = int(1, 4); }
      else if (x < 0.84) { company = pick(companies); rate = "CORP10"; market = "CORP"; nights = int(1, 3); }
      else if (x < 0.91 && p.code !== "PARCE") { rate = "GOV"; market = "GOV"; nights = int(1, 5); }
      else if (x < 0.925) { rate = "COMP"; market = "COMP"; nights = int(1, 3); adults = int(1, 2); }
      else if (x < 0.932 && p.code === "AUSDT") { rate = "LSR30"; market = "LONG"; company = pick(companies); nights = int(33, 62); }
      else { rate = "BAR"; market = "TRN"; nights = int(1, 3); adults = int(1, 2); }
      const roomType = rate === "COMP" || x > 0.97 ? pick(ROOM_TYPES) : chance(0.12) ? "STE" : chance(0.5) ? "KING" : "QQ";
      const departure = addDays(day, nights);
      if (departure > LAST_DAY && rate !== "LSR30") continue;
      if (departure > "2026-11-30") continue;
      const st = rnd();
      const status: Resv["status"] = rate === "COMP" || rate === "LSR30" ? "CHECKED OUT" : st < 0.03 ? "NO SHOW" : st < 0.07 ? "CANCELLED" : "CHECKED OUT";
      const guarantee = rate === "AP14" || rate === "LSR30" ? "DEP-GTD" : rate === "GOV" ? (chance(0.5) ? "CC-GTD" : "6PM") : market === "CORP" ? "CO-GTD" : chance(0.85) ? "CC-GTD" : "6PM";
      const exemptNo = rate === "GOV" && chance(0.8) ? `SF1094-${int(100000, 999999)}` : "";
      const r: Resv = {
        conf: String(++confNo), prop: p, guest: guestName(), profile: `P${int(1_000_000, 9_999_999)}`, company, rate, market, arrival: day, departure, booked: departure, adults, children, room: roomOf(p), roomType, status, guarantee, exemptNo,
        level: chance(0.07) ? "PLATINUM" : chance(0.12) ? "GOLD" : chance(0.25) ? "SILVER" : "", directBill: !!company && rate !== "CORP10" && chance(company.directBill), bills: [], nightRates: [],
      };
      if (status === "CANCELLED") {
        const rc = rateCodeOf(rate);
        // Most cancel in time; some inside the deadline (a late cancellation).
        const hoursBefore = chance(0.7) ? int(rc.cancelHours + 6, 24 * 20) : int(1, Math.max(2, rc.cancelHours - 1));
        r.cancelledAt = new Date(Date.parse(day + "T16:00:00Z") - hoursBefore * 3600000).toISOString().slice(0, 16);
      }
      // Early departure: a stay of 3+ nights cut short by the guest.
      if (status === "CHECKED OUT" && nights >= 3 && rate !== "LSR30" && chance(0.05)) r.departure = addDays(day, int(1, nights - 1));
      resvs.push(r);
    }
  }
  // Group members: each block's rooms, on the group's rate code and routed to its master.
  for (const g of groups) {
    const n = int(8, 24);
    for (let k = 0; k < n; k++) {
      const rt = chance(0.55) ? "KING" : "QQ";
      resvs.push({ conf: String(++confNo), prop: g.prop, guest: guestName(), profile: `P${int(1_000_000, 9_999_999)}`, rate: g.code, market: "GRP", arrival: g.arrival, departure: addDays(g.arrival, g.nights), booked: addDays(g.arrival, g.nights), adults: int(1, 2), children: 0, room: roomOf(g.prop), roomType: rt, status: "CHECKED OUT", guarantee: "GRP-GTD", exemptNo: "", level: chance(0.05) ? "GOLD" : "", group: g.code, directBill: true, bills: [], nightRates: [] });
    }
  }
  resvs.sort((a, b) => (a.arrival < b.arrival ? -1 : a.arrival > b.arrival ? 1 : 0));

  let trxNo = 4_410_000;
  const billNo: Record<string, number> = Object.fromEntries(PROPS.map((p, i) => [p.code, 100_000 + i * 200_000]));
  const newBill = (p: Property) => `${p.code.slice(0, 3)}${++billNo[p.code]!}`;
  const taxLines = (p: Property, r: Resv | null, base: Line, nightIndex: number, skipLocal = false): Line[] => {
    const out: Line[] = [];
    if (base.group === "ALLOWANCE") return out;
    const isComp = r?.rate === "COMP";
    for (const t of p.taxes) {
      if (!t.on.includes(base.group)) continue;
      if (r && r.exemptNo && t.govExempt) continue;
      if (r && t.longStayExempt && nightIndex >= LONG_STAY_NIGHTS) continue;
      if (isComp && base.group === "ROOM") continue;
      if (skipLocal && t.local) continue;
      const sign = Math.sign(base.amount) || 1;
      if (t.basis === "pct") { const a = r2((base.amount * t.rate) / 100); if (a !== 0) out.push({ ...base, trx: ++trxNo, code: t.code, text: t.text, group: "TAX", rateCode: "", qty: 1, price: a, amount: a }); }
      else if (t.basis === "night") out.push({ ...base, trx: ++trxNo, code: t.code, text: t.text, group: "TAX", rateCode: "", qty: sign, price: t.rate, amount: r2(sign * t.rate) });
      else { const n = r ? r.adults : 1; out.push({ ...base, trx: ++trxNo, code: t.code, text: t.text, group: "TAX", rateCode: "", qty: sign * n, price: t.rate, amount: r2(sign * n * t.rate) }); }
    }
    return out;
  };
  const post = (p: Property, r: Resv | null, date: string, code: string, amount: number, o: { qty?: number; price?: number; ref?: string; reason?: string; user?: string; rateCode?: string; text?: string; nightIndex?: number; skipLocal?: boolean } = {}): Line[] => {
    const c = CODES[code]!;
    const qty = o.qty ?? 1;
    const line: Line = { trx: ++trxNo, date, room: r?.room ?? "", roomType: r?.roomType ?? "", code, text: o.text ?? c.text, group: c.group, rateCode: o.rateCode ?? "", qty, price: o.price ?? r2(amount / qty), amount: r2(amount), ref: o.ref ?? "", reason: o.reason ?? "", user: o.user ?? "NA_AUTO" };
    return [line, ...taxLines(p, r, line, o.nightIndex ?? 0, o.skipLocal)];
  };
  const sum = (ls: Line[]) => r2(ls.reduce((s, l) => s + l.amount, 0));
  const resortFeeApplies = (r: Resv) => r.prop.resortFee > 0 && r.level !== "PLATINUM" && r.rate !== "COMP" && r.rate !== "GOV" && rateCodeOf(r.rate).resortFee;

  /** The night audit's postings for one night of a stay: the room (the package split), the resort fee, their taxes. */
  const nightPostings = (r: Resv, d: string, i: number, o: { rate?: number; skipLocal?: boolean; noResortFee?: boolean } = {}): Line[] => {
    const p = r.prop, rate = o.rate ?? nightRate(r, d);
    const out: Line[] = [];
    if (rateCodeOf(r.rate).breakfast) {
      const bf = p.breakfast * r.adults;
      out.push(...post(p, r, d, "1000", r2(rate - bf), { rateCode: r.rate, nightIndex: i, skipLocal: o.skipLocal, ref: `${r.room}` }));
      out.push(...post(p, r, d, "2015", bf, { qty: r.adults, price: p.breakfast, rateCode: r.rate, nightIndex: i, ref: `${r.room}` }));
    } else out.push(...post(p, r, d, "1000", rate, { rateCode: r.rate, nightIndex: i, skipLocal: o.skipLocal, ref: `${r.room}` }));
    if (resortFeeApplies(r) && !o.noResortFee) out.push(...post(p, r, d, "4100", p.resortFee, { nightIndex: i, skipLocal: o.skipLocal }));
    return out;
  };
  const incidentals = (r: Resv): Line[] => {
    const p = r.prop, out: Line[] = [];
    const n = r.group ? int(0, 3) : int(0, 5);
    const nights = days(r.arrival, r.departure);
    for (let k = 0; k < n; k++) {
      const d = addDays(r.arrival, int(0, Math.max(0, nights - 1)));
      const what = rnd();
      const chk = `CHK ${int(10_000, 99_999)}`;
      if (what < 0.3) out.push(...post(p, r, d, "2000", pick([p.breakfast, p.breakfast * 2, r2(between(25, 140))]), { ref: chk, user: "IFC_POS" }));
      else if (what < 0.5) out.push(...post(p, r, d, "2100", r2(between(12, 95)), { ref: chk, user: "IFC_POS" }));
      else if (what < 0.62) out.push(...post(p, r, d, "2200", r2(between(28, 120)), { ref: chk, user: "IFC_POS" }));
      else if (what < 0.82) out.push(...post(p, r, d, "3000", pick([6, 8, 9, 12, 14, 18, 24]), { ref: `MB ${r.room}`, user: "IFC_MINIBAR" }));
      else if (what < 0.9) out.push(...post(p, r, d, "5000", r2(between(15, 60)), { user: pick(users(p).fd) }));
      else if (p.code !== "PARCE") out.push(...post(p, r, d, "5100", p.code === "NYCMT" ? 75 : 45, { user: "NA_AUTO", ref: "VALET" }));
    }
    // The same breakfast twice a day: two guests paying their own checks.
    if (!r.group && r.adults === 2 && !rateCodeOf(r.rate).breakfast && chance(0.08)) {
      const d = r.arrival;
      out.push(...post(p, r, d, "2000", p.breakfast, { ref: `CHK ${int(10_000, 99_999)}`, user: "IFC_POS" }), ...post(p, r, d, "2000", p.breakfast, { ref: `CHK ${int(10_000, 99_999)}`, user: "IFC_POS" }));
    }
    return out;
  };

  const docs: Doc[] = [];
  const roomNights: { r: Resv; date: string; bill: string; rate: number }[] = [];
  const payments: string[][] = [];
  const quota: Record<LeakKind, number> = Object.fromEntries(LEAK_KINDS.map((k) => [k, 5])) as Record<LeakKind, number>;
  // Odds a document is planted, so that the 5 of each kind spread over the ten months.
  const odds: Record<LeakKind, number> = { room_night_not_posted: 0.0025, rate_below_rate_code: 0.0025, city_tax_not_charged: 0.0022, no_show_fee_waived_without_approval: 0.07, resort_fee_not_charged: 0.013, charge_posted_twice: 0.0022, allowance_above_limit: 0.0022 };
  const plant = (k: LeakKind, eligible: boolean) => (eligible && quota[k] > 0 && chance(odds[k]) ? (quota[k]--, true) : false);
  const header = (p: Property, r: Resv | null, type: string, date: string, window: number, payee: string, payeeName: string, regular: string): Doc =>
    ({ no: newBill(p), prop: p, type, date, window, r, payee, payeeName, rateCode: r?.rate ?? "", associated: "", reason: "", cashier: pick(users(p).fd), approver: "", lines: [], regular });
  const masters = new Map<string, Doc>();

  for (const r of resvs) {
    const p = r.prop, rc = rateCodeOf(r.rate), u = users(p);
    if (r.status === "NO SHOW" || r.status === "CANCELLED") {
      // The rate code's policy: a guaranteed no-show pays one night and tax (a non-refundable rate the stay); a late cancellation one night.
      if (r.guarantee === "6PM" || rc.noShow === "NONE") continue;
      const late = r.status === "CANCELLED" && Date.parse(r.arrival + "T16:00:00Z") - Date.parse(r.cancelledAt! + ":00Z") < rc.cancelHours * 3600000;
      if (r.status === "CANCELLED" && !late) continue;
      const d = header(p, r, r.status === "NO SHOW" ? "NO SHOW" : "CANCELLATION", addDays(r.arrival, 1), 1, r.profile, r.guest, r.status === "NO SHOW" ? "no_show_fee" : "late_cancellation_fee");
      const nights = rc.noShow === "FULL STAY" ? days(r.arrival, r.booked) : 1;
      let fee = 0;
      for (let i = 0; i < nights; i++) fee += nightRate(r, addDays(r.arrival, i));
      d.lines = post(p, r, r.arrival, r.status === "NO SHOW" ? "1070" : "1080", r2(fee), { rateCode: r.rate, text: `${r.status === "NO SHOW" ? "No-Show" : "Late Cancellation"} Fee ${rc.noShow}`, reason: rc.noShow });
      const charged = sum(d.lines);
      if (r.status === "NO SHOW" && plant("no_show_fee_waived_without_approval", true)) {
        d.lines.push(...d.lines.map((l) => ({ ...l, trx: ++trxNo, date: d.date, code: l.group === "TAX" ? l.code : "9700", text: l.group === "TAX" ? l.text : CODES["9700"]!.text, group: l.group === "TAX" ? "TAX" as Group : "ALLOWANCE" as Group, qty: -l.qty, amount: -l.amount, price: l.price, reason: "GUEST REQ", user: pick(u.fd) })));
        d.leak = { kind: "no_show_fee_waived_without_approval", risk: charged };
      } else if (chance(0.18)) {
        // Waived with a manager's approval (a flight cancelled, a loyal guest).
        d.lines.push(...d.lines.map((l) => ({ ...l, trx: ++trxNo, date: d.date, code: l.group === "TAX" ? l.code : "9700", text: l.group === "TAX" ? l.text : CODES["9700"]!.text, group: l.group === "TAX" ? "TAX" as Group : "ALLOWANCE" as Group, qty: -l.qty, amount: -l.amount, price: l.price, reason: pick(["FLIGHT CANX", "VIP WAIVE"]), user: u.fom })));
        d.approver = pick([u.fom, u.gm]);
        d.regular = "no_show_fee_waived_approved";
      }
      r.bills.push(d.no);
      docs.push(d);
      continue;
    }
    // A stay: the guest folio (window 1); room and tax routed to the company (window 2) or the group's master.
    const nights = days(r.arrival, r.departure);
    const guest = header(p, r, "GUEST", r.departure, 1, r.profile, r.guest, "stay");
    let roomDoc = guest;
    if (r.group) {
      const g = groups.find((x) => x.code === r.group)!;
      let m = masters.get(g.code);
      if (!m) { m = header(p, null, "MASTER", addDays(g.arrival, g.nights), 1, g.account, g.name, "group_master"); m.rateCode = g.code; masters.set(g.code, m); docs.push(m); }
      roomDoc = m;
      guest.regular = "group_guest_incidentals";
    } else if (r.directBill) {
      roomDoc = header(p, r, "DIRECT BILL", r.departure, 2, r.company!.id, r.company!.name, "split_folio_company");
      guest.regular = "split_folio_guest";
    }
    const roomLines: Line[] = [];
    const planned: LeakKind | null = roomDoc === guest || roomDoc.type === "DIRECT BILL"
      ? (plant("room_night_not_posted", nights >= 2) ? "room_night_not_posted"
        : plant("rate_below_rate_code", ["BAR", "CORP10"].includes(r.rate) || r.market === "CORP" && r.rate !== "LSR30") ? "rate_below_rate_code"
        : plant("city_tax_not_charged", !r.exemptNo && r.rate !== "COMP" && nights <= LONG_STAY_NIGHTS) ? "city_tax_not_charged"
        : plant("resort_fee_not_charged", resortFeeApplies(r)) ? "resort_fee_not_charged" : null)
      : null;
    const skipNight = planned === "room_night_not_posted" ? int(1, nights - 1) : -1;
    const cut = planned === "rate_below_rate_code" ? pick([0.75, 0.8, 0.85]) : 1;
    const taxNights = planned === "city_tax_not_charged" ? new Set([int(0, nights - 1), int(0, nights - 1)]) : new Set<number>();
    const overridden = !planned && r.rate === "BAR" && chance(0.03) ? pick([0.85, 0.9]) : 1;
    let risk = 0;
    for (let i = 0; i < nights; i++) {
      const d = addDays(r.arrival, i);
      const full = nightPostings(r, d, i, { rate: overridden < 1 ? Math.round(nightRate(r, d) * overridden) : undefined });
      r.nightRates.push(nightRate(r, d));
      roomNights.push({ r, date: d, bill: roomDoc.no, rate: nightRate(r, d) });
      if (i === skipNight) { risk += sum(full); continue; }
      let got = full;
      if (cut < 1) got = nightPostings(r, d, i, { rate: r2(Math.round(nightRate(r, d) * cut)) });
      else if (taxNights.has(i)) got = nightPostings(r, d, i, { skipLocal: true });
      else if (planned === "resort_fee_not_charged") got = nightPostings(r, d, i, { noResortFee: true });
      risk += sum(full) - sum(got);
      roomLines.push(...got);
    }
    if (overridden < 1) { roomDoc.approver = pick([u.fom, u.gm]); roomDoc.regular = "rate_override_approved"; guest.approver ||= roomDoc.approver; }
    // A night's room charge posted twice (the night audit run again after a failure).
    let dupRisk = 0;
    const dupRoom = !planned && roomDoc !== guest ? false : !planned && nights >= 2 && r.rate !== "COMP" && plant("charge_posted_twice", chance(0.4));
    if (dupRoom) { const d = addDays(r.arrival, int(0, nights - 1)); const again = nightPostings(r, d, 0).map((l) => ({ ...l, trx: ++trxNo })); dupRisk = sum(again); roomLines.push(...again); }
    roomDoc.lines.push(...roomLines);
    // Incidentals on the guest's own folio (the company pays room and tax only).
    const inc = incidentals(r);
    guest.lines.push(...inc);
    let dupPos = false;
    if (!planned && !dupRoom && inc.length && plant("charge_posted_twice", true)) {
      const first = inc.find((l) => l.group !== "TAX" && l.user.startsWith("IFC"));
      if (first) { const again = inc.filter((l) => l.ref === first.ref && l.date === first.date).map((l) => ({ ...l, trx: ++trxNo })); guest.lines.push(...again); dupRisk = sum(again); dupPos = true; }
      else quota.charge_posted_twice++;
    }
    // Departure: late check-out (free for Gold and Platinum), early departure (a fee on non-refundable rates, and in Miami on flexible ones).
    if (!r.group && chance(0.08)) {
      if (r.level === "GOLD" || r.level === "PLATINUM") guest.regular = "late_checkout_free_elite";
      else { guest.lines.push(...post(p, r, r.departure, "1060", p.lateCheckout, { user: pick(u.fd) })); if (guest.regular === "stay") guest.regular = "late_checkout_fee"; }
    }
    if (r.departure < r.booked) {
      const left = days(r.departure, r.booked);
      if (r.rate === "AP14") { let fee = 0; for (let i = 0; i < left; i++) fee += nightRate(r, addDays(r.departure, i)); guest.lines.push(...post(p, r, r.departure, "1050", r2(fee), { text: "Early Departure - non-refundable nights", user: pick(u.fd) })); }
      else if (p.earlyDepartureFee && !r.company && r.rate !== "GOV") guest.lines.push(...post(p, r, r.departure, "1050", p.earlyDepartureFee, { user: pick(u.fd) }));
      if (guest.regular === "stay" || guest.regular.startsWith("late_checkout")) guest.regular = "early_departure";
    }
    // Allowances: service recovery within the user's limit, or above it with a manager's approval.
    let allowanceRisk = 0;
    const allowDoc = guest.lines.length || roomDoc === guest ? guest : roomDoc;
    if (!planned && !dupRoom && !dupPos && r.rate !== "COMP" && plant("allowance_above_limit", true)) {
      const a = r2(between(120, 380));
      allowDoc.lines.push(...post(p, r, r.departure, "9100", -a, { reason: pick(["NOISE", "AC BROKEN", "HOUSEKEEPING"]), user: pick(u.fd) }));
      allowanceRisk = a;
    } else if (!planned && r.rate !== "COMP" && chance(0.05)) {
      const big = chance(0.4);
      const who = big ? pick([u.fom, u.gm]) : chance(0.5) ? pick(u.fd) : pick(u.sup);
      const limit = who.startsWith("FDS") ? LIMITS.sup : who.startsWith("FD") ? LIMITS.fd : LIMITS.fom;
      const a = big ? r2(between(150, 450)) : r2(between(10, limit));
      allowDoc.lines.push(...post(p, r, r.departure, chance(0.6) ? "9100" : "9200", -a, { reason: pick(["NOISE", "AC BROKEN", "SLOW SERVICE", "HOUSEKEEPING", "BILLING ERR"]), user: who }));
      if (big) allowDoc.approver = pick([u.fom, u.gm]);
      if (allowDoc.regular === "stay" || allowDoc.regular === "split_folio_guest") allowDoc.regular = big ? "allowance_approved_above_limit" : "allowance_within_limit";
    }
    // The stay's most telling kind.
    const label = (doc: Doc) => {
      if (doc.regular !== "stay" && doc.regular !== "split_folio_company") return;
      const rates = r.nightRates;
      const acrossFixed = !rc.dynamic && (r.rate === "GOV" ? new Set(rates).size > 1 : r.arrival < CORP_RENEWAL && addDays(r.departure, -1) >= CORP_RENEWAL);
      doc.regular = r.rate === "COMP" ? "comp_approved" : r.rate === "LSR30" ? "long_stay_tax_exempt" : r.exemptNo ? "government_tax_exempt" : r.rate === "GOV" ? "government_rate_taxed"
        : acrossFixed ? "stay_across_rate_change" : rc.breakfast ? "package_with_breakfast" : r.level === "PLATINUM" && p.resortFee ? "resort_fee_waived_platinum"
        : r.market === "CORP" ? (doc.type === "DIRECT BILL" ? "split_folio_company" : "corporate_negotiated_rate") : r.rate === "AP14" ? "advance_purchase" : p.currency === "EUR" ? "stay_eur_per_person_tax" : "stay_bar";
    };
    if (r.rate === "COMP") { guest.approver = u.gm; roomDoc.approver = u.gm; }
    label(guest);
    if (roomDoc !== guest && roomDoc.type === "DIRECT BILL") label(roomDoc);
    const target = planned ? roomDoc : dupRoom ? roomDoc : dupPos ? guest : allowanceRisk ? allowDoc : null;
    if (target) {
      const kind: LeakKind = planned ?? (dupRoom || dupPos ? "charge_posted_twice" : "allowance_above_limit");
      target.leak = { kind, risk: r2(planned ? risk : dupRoom || dupPos ? dupRisk : allowanceRisk) };
    }
    if (guest.lines.length || roomDoc === guest) { docs.push(guest); r.bills.push(guest.no); }
    if (roomDoc !== guest && roomDoc.type === "DIRECT BILL") { docs.push(roomDoc); r.bills.push(roomDoc.no); }
    if (roomDoc.type === "MASTER") r.bills.push(roomDoc.no);
    // A deposit on a prepaid rate, the settlement, the transfer of a company's window to the city ledger.
    const method = r.rate === "AP14" ? "DEPOSIT" : pick(["VISA", "MC", "AMEX", "CASH"]);
    if (guest.lines.length) payments.push([p.code, guest.no, usDate(guest.date), method === "DEPOSIT" ? "9800" : "9004", method, (-sum(guest.lines)).toFixed(2), p.currency]);
    if (roomDoc.type === "DIRECT BILL") payments.push([p.code, roomDoc.no, usDate(roomDoc.date), "9900", `CITY LEDGER ${r.company!.id}`, (-sum(roomDoc.lines)).toFixed(2), p.currency]);
    // A credit bill: a disputed minibar or restaurant charge taken back, approved.
    const disputed = inc.find((l) => l.group === "MINIBAR" || l.group === "FB");
    if (!guest.leak && disputed && chance(0.02)) {
      const back = inc.filter((l) => l.ref === disputed.ref && l.date === disputed.date && (l.trx === disputed.trx || l.group === "TAX"));
      const cb = header(p, r, "CREDIT BILL", addDays(guest.date, int(1, 9)), 1, r.profile, r.guest, "credit_bill_disputed_charge");
      cb.associated = guest.no; cb.reason = "GUEST DISPUTE"; cb.approver = pick([u.fom, u.gm]); cb.cashier = pick(u.sup);
      cb.lines = back.map((l) => ({ ...l, trx: ++trxNo, date: cb.date, qty: -l.qty, amount: -l.amount, user: cb.cashier }));
      docs.push(cb);
    }
  }
  // A group master's label; a master can carry the plants too? No: its postings are the block's (clean).
  const labels: Label[] = [];
  for (const d of docs) if (d.leak) labels.push({ document: d.no, kind: d.leak.kind, currency: d.prop.currency, amount_at_risk: d.leak.risk });
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  return { docs, labels, resvs, roomNights, groups, payments, barOf, dynamicRate, lnr, LIMITS };
}

export function writeHotel(seed: number, out: string) {
  const g = generateHotel(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const n2 = (v: number) => v.toFixed(2);
  const q = (v: number) => String(v);
  const header = ["RESORT", "BILL_NO", "FOLIO_TYPE", "BILL_DATE", "FOLIO_WINDOW", "CONFIRMATION_NO", "GUEST_NAME", "PAYEE_ID", "PAYEE_NAME", "COMPANY_ID", "RATE_CODE", "MARKET_CODE", "ARRIVAL", "DEPARTURE", "ORIGINAL_DEPARTURE", "NIGHTS", "ADULTS", "CHILDREN", "ROOM", "ROOM_TYPE", "RESV_STATUS", "GUARANTEE_CODE", "TAX_EXEMPT_NO", "MEMBERSHIP_LEVEL", "CURRENCY", "NET_AMOUNT", "TAX_AMOUNT", "GROSS_AMOUNT", "ASSOCIATED_BILL_NO", "ADJ_REASON", "CASHIER_ID", "APPROVED_BY",
    "TRX_NO", "TRX_DATE", "TRX_CODE", "TRX_DESC", "TRX_GROUP", "LINE_RATE_CODE", "QUANTITY", "PRICE_PER_UNIT", "TRX_AMOUNT", "REFERENCE", "REASON_CODE", "USER_ID"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const net = r2(d.lines.filter((l) => l.group !== "TAX").reduce((s, l) => s + l.amount, 0));
    const tax = r2(d.lines.filter((l) => l.group === "TAX").reduce((s, l) => s + l.amount, 0) + (d.prop.vat ? (net * d.prop.vat) / 100 : 0));
    const r = d.r;
    for (const l of d.lines) rows.push([
      d.prop.code, d.no, d.type, usDate(d.date), String(d.window), r?.conf ?? "", r?.guest ?? "", d.payee, d.payeeName, r?.company?.id ?? (d.type === "MASTER" ? d.payee : ""), d.rateCode, r?.market ?? (d.type === "MASTER" ? "GRP" : ""),
      r ? usDate(r.arrival) : "", r ? usDate(r.departure) : "", r ? usDate(r.booked) : "", r ? String(days(r.arrival, r.departure)) : "", r ? String(r.adults) : "", r ? String(r.children) : "", l.room, l.roomType, r?.status ?? "", r?.guarantee ?? "", r?.exemptNo ?? "", r?.level ?? "",
      d.prop.currency, n2(net), n2(tax), n2(r2(net + tax)), d.associated, d.reason, d.cashier, d.approver,
      String(l.trx), usDate(l.date), l.code, l.text, l.group, l.rateCode, q(l.qty), q(l.price), n2(l.amount), l.ref, l.reason, l.user,
    ]);
  }
  writeFileSync(join(out, "folio_postings.csv"), csv(header, rows));
  // The rate codes: fixed rates per room type and validity, and each code's policies.
  const rc: string[][] = [];
  const policy = (c: { noShow: string; cancelHours: number; breakfast: boolean; resortFee: boolean; deposit: boolean }) => [c.noShow, String(c.cancelHours), c.breakfast ? "BKFST" : "", c.resortFee ? "Y" : "N", c.deposit ? "Y" : "N"];
  for (const p of PROPS) {
    for (const c of RATE_CODES) {
      if (c.dynamic) { rc.push([p.code, c.code, c.text, c.category, "", "1000", "*", p.currency, "", "01/01/2026", "12/31/2026", ...policy(c), c.breakfast ? n2(p.breakfast) : ""]); continue; }
      if (c.code === "GOV") { if (PER_DIEM[p.code]) for (const [f, t, v] of PER_DIEM[p.code]!) for (const rt of ["KING", "QQ"]) rc.push([p.code, "GOV", c.text, c.category, "", "1000", rt, p.currency, n2(v), usDate(f), usDate(t), ...policy(c), ""]); continue; }
      if (c.code === "COMP") { for (const rt of ROOM_TYPES) rc.push([p.code, "COMP", c.text, c.category, "", "1000", rt, p.currency, "0.00", "01/01/2026", "12/31/2026", ...policy(c), ""]); continue; }
      if (c.code === "LSR30" && LONG_STAY_RATE[p.code]) for (const rt of ROOM_TYPES) rc.push([p.code, "LSR30", c.text, c.category, "", "1000", rt, p.currency, n2(LONG_STAY_RATE[p.code]!), "01/01/2026", "12/31/2026", ...policy(c), ""]);
    }
    for (const co of COMPANIES.filter((x) => x.props.includes(p.code))) for (const rt of ROOM_TYPES) for (const [f, t] of [["2026-01-01", "2026-03-31"], ["2026-04-01", "2027-03-31"]] as const)
      rc.push([p.code, co.code, `Negotiated rate ${co.name}`, "NEGOTIATED", co.id, "1000", rt, p.currency, n2(g.lnr(co, p, rt, f)), usDate(f), usDate(t), "1NT+TAX", "18", "", "Y", "N", ""]);
    for (const gr of g.groups.filter((x) => x.prop === p)) for (const rt of ["KING", "QQ"]) rc.push([p.code, gr.code, `Group ${gr.name}`, "GROUP", gr.account, "1000", rt, p.currency, n2(gr.rates[rt]!), usDate(gr.arrival), usDate(addDays(gr.arrival, gr.nights - 1)), "NONE", "0", "", "Y", "N", ""]);
  }
  writeFileSync(join(out, "ref", "rate_codes.csv"), csv(["RESORT", "RATE_CODE", "DESCRIPTION", "RATE_CATEGORY", "COMPANY_ID", "TRX_CODE", "ROOM_TYPE", "CURRENCY", "AMOUNT", "BEGIN_DATE", "END_DATE", "NO_SHOW_POLICY", "CANCEL_HOURS", "PACKAGE", "RESORT_FEE", "DEPOSIT_REQUIRED", "BREAKFAST_PER_ADULT"], rc));
  // The revenue-management system's daily rates: BAR and the codes derived from it.
  const cal: string[][] = [];
  for (const p of PROPS) for (let d = FIRST_DAY; d <= "2026-11-30"; d = addDays(d, 1)) for (const rt of ROOM_TYPES) for (const code of ["BAR", "AP14", "PKGBB", "CORP10"])
    cal.push([p.code, usDate(d), code, "1000", rt, p.currency, n2(g.dynamicRate(code, p, rt, d))]);
  writeFileSync(join(out, "ref", "rate_calendar.csv"), csv(["RESORT", "STAY_DATE", "RATE_CODE", "TRX_CODE", "ROOM_TYPE", "CURRENCY", "AMOUNT"], cal));
  // The transaction codes: group, fixed price and unit where the code has one, the taxes it generates.
  const tc: string[][] = [];
  for (const p of PROPS) {
    for (const [code, c] of Object.entries(CODES)) {
      if (code === "4100" && !p.resortFee) continue;
      const gen = p.taxes.filter((t) => t.on.includes(c.group)).map((t) => t.code).join(" ");
      const price = code === "4100" ? p.resortFee : code === "1060" ? p.lateCheckout : code === "1050" && p.earlyDepartureFee ? p.earlyDepartureFee : code === "5100" && p.code !== "PARCE" ? (p.code === "NYCMT" ? 75 : 45) : null;
      tc.push([p.code, code, c.text, c.group, price === null ? "" : n2(price), price === null ? "" : code === "4100" ? "NIGHT" : "EA", p.currency, gen, "", ""]);
    }
    for (const t of p.taxes) tc.push([p.code, t.code, t.text, "TAX", t.basis === "pct" ? "" : n2(t.rate), t.basis === "pct" ? "%" : t.basis === "night" ? "NIGHT" : "PERSON-NIGHT", p.currency, "", t.basis === "pct" ? String(t.rate) : "",
      [t.govExempt ? "federal government (certificate)" : "", t.longStayExempt ? `permanent resident from night ${LONG_STAY_NIGHTS + 1}` : "", t.on.includes("ROOM") ? "complimentary rooms" : "", t.basis === "adult_night" ? "under 18" : ""].filter(Boolean).join("; ")]);
  }
  writeFileSync(join(out, "ref", "transaction_codes.csv"), csv(["RESORT", "TRX_CODE", "DESCRIPTION", "TRX_GROUP", "PRICE", "UNIT", "CURRENCY", "GENERATES", "TAX_PERCENT", "EXEMPTIONS"], tc));
  // The night audit's in-house list: each room-night, its rate and the bill its room charge is routed to.
  const rn = g.roomNights.map(({ r, date, bill, rate }) => [r.prop.code, usDate(date), r.conf, r.room, r.roomType, r.rate, String(r.adults), String(r.children), r.prop.currency, rate.toFixed(2), "1000", "1", bill, `${r.conf}-${date.replace(/-/g, "")}`]);
  writeFileSync(join(out, "ref", "room_nights.csv"), csv(["RESORT", "STAY_DATE", "CONFIRMATION_NO", "ROOM", "ROOM_TYPE", "RATE_CODE", "ADULTS", "CHILDREN", "CURRENCY", "RATE_AMOUNT", "TRX_CODE", "ROOM_NIGHTS", "BILL_NO", "ROOM_NIGHT_ID"], rn));
  const rv = g.resvs.map((r) => [r.prop.code, r.conf, r.guest, r.company?.id ?? "", r.rate, r.market, usDate(r.arrival), usDate(r.booked), usDate(r.departure), r.roomType, String(r.adults), String(r.children), r.status, r.guarantee, r.cancelledAt ? r.cancelledAt.replace("T", " ") : "", r.exemptNo, r.level, r.bills.join(" ")]);
  writeFileSync(join(out, "ref", "reservations.csv"), csv(["RESORT", "CONFIRMATION_NO", "GUEST_NAME", "COMPANY_ID", "RATE_CODE", "MARKET_CODE", "ARRIVAL", "BOOKED_DEPARTURE", "DEPARTURE", "ROOM_TYPE", "ADULTS", "CHILDREN", "RESV_STATUS", "GUARANTEE_CODE", "CANCELLED_AT", "TAX_EXEMPT_NO", "MEMBERSHIP_LEVEL", "BILL_NOS"], rv));
  const auth: string[][] = [];
  for (const p of PROPS) {
    for (let i = 1; i <= 4; i++) auth.push([p.code, `FD_${p.code}_${i}`, "Front Desk Agent", n2(g.LIMITS.fd), p.currency]);
    for (let i = 1; i <= 2; i++) auth.push([p.code, `FDS_${p.code}_${i}`, "Front Desk Supervisor", n2(g.LIMITS.sup), p.currency]);
    auth.push([p.code, `FOM_${p.code}`, "Front Office Manager", n2(g.LIMITS.fom), p.currency], [p.code, `GM_${p.code}`, "General Manager", "", p.currency]);
  }
  writeFileSync(join(out, "ref", "allowance_authority.csv"), csv(["RESORT", "USER_ID", "ROLE", "ALLOWANCE_LIMIT", "CURRENCY"], auth));
  writeFileSync(join(out, "ref", "payments.csv"), csv(["RESORT", "BILL_NO", "TRX_DATE", "TRX_CODE", "PAYMENT_METHOD", "TRX_AMOUNT", "CURRENCY"], g.payments));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, reservations: g.resvs.length, room_nights: rn.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeHotel(Number(arg("--seed", "2901")), arg("--out", "/tmp/h-hotel-2901"))));
}
