/**
 * An independent evaluation data set of a CORPORATE CARD PROGRAM: a 600-employee software company
 * (offices in New York, San Francisco, Austin and London; field engineers on the road) over 18
 * months, January 2025 – June 2026, exported from its spend-management system the way Ramp, Brex,
 * Concur or Expensify write a card-transaction CSV: its own column names, `MM/DD/YYYY` transaction
 * and posting dates (the merchant's local day), the authorisation moment in UTC, the merchant as
 * the card network prints it (`AMZN Mktp US*2K4L81PQ0`, `UBER *TRIP`, `SQ *BLUE BOTTLE COFFEE`,
 * `LYFT *RIDE WED 7PM`: order codes and ride times in the descriptor), MCC and the tool's category,
 * cardholder, employee id, department, the amount in USD with the original currency and amount of
 * foreign spend, receipt Y/N, memo, GL account, approver, and the HR system's status and
 * termination date synced onto every row. One row per card transaction; refunds are negative.
 *
 * Written from how card programs look — before reading the product's detectors. Regular business
 * (unlabelled as anomalies, each transaction tagged with its kind: the hard negatives) dominates:
 *  - SaaS subscriptions charged on the same day every month by IT (seat counts growing), a few
 *    annual renewals (5–20× the monthly ones), personal-seat subscriptions of engineers;
 *  - travellers' bursts: flights booked ahead, hotel folios at checkout (some with a deposit at
 *    booking: split tender at one hotel), taxis, per-diem meals, weekends while away, foreign
 *    currency abroad, authorisation times shifted by the traveller's time zone;
 *  - conference season (registrations weeks ahead, dozens of employees in one city, a Las Vegas
 *    conference in a casino hotel);
 *  - office managers' many small purchases a day; the IT buyer's hardware orders, large at quarter
 *    end; the CFO's rare large charges (franchise tax, a board dinner); marketing's ad platforms
 *    charging exactly their billing threshold several times a month; HR's spot-award gift cards
 *    and December holiday gift cards; client gifts from a wine shop by sales managers; team events;
 *  - field engineers' fuel, hardware stores and motels; new hires' first purchases (a home-office
 *    stipend at a furniture store); refunds; tips making restaurant totals odd; the December
 *    budget flush; parental leaves of months that resume; merchants renamed by the network.
 * Planted (labelled per transaction; never in the export) are what a card-program auditor looks
 * for — see CARD_ANOMALIES.
 */
import { draws, mulberry32 } from "./mulberry32.ts";

export const CARD_ANOMALIES = [
  "split_under_card_limit", // one purchase cut into 2–3 charges, each just under the card's single-transaction limit
  "personal_spend", // jewellery, gambling, liquor, games: at home on a weekend, not travelling, never the cardholder's kind of spend
  "duplicate_charge", // the same merchant charging the same amount again a few days later
  "dormant_card_used", // a card unused for months suddenly used online, several times in a few days
  "far_outside_history", // ≥ 10× the cardholder's 99th percentile at a merchant new to them
  "round_gift_cards", // round-amount gift cards by a cardholder who never buys them
  "lookalike_merchant", // a merchant whose name imitates a vendor the company pays
  "after_termination", // the card of an employee who has left still used
] as const;
export type CardAnomaly = (typeof CARD_ANOMALIES)[number];

export const CARD_HEADER = [
  "Transaction ID", "Transaction Date", "Posted Date", "Transaction Time (UTC)", "Merchant", "MCC", "Category", "Merchant City",
  "Merchant Country", "Cardholder", "Employee ID", "Department", "Card Last 4", "Amount", "Currency", "Original Amount",
  "Original Currency", "Receipt", "Memo", "GL Account", "Approver", "Employee Status", "Termination Date",
];

export interface CardTransaction {
  id: string;
  kind: string;
  anomaly?: CardAnomaly;
  cardholder: string;
  amount: number;
  merchant: string;
}

export interface CardExport {
  header: string[];
  rows: string[][];
  transactions: CardTransaction[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1);
const END = Date.UTC(2026, 6, 1);

type Role = "desk" | "traveller" | "field" | "office_manager" | "it_buyer" | "it_admin" | "ads" | "hr" | "exec" | "cfo";

interface Office { city: string; country: string; std: number; currency: string }
const OFFICES: Office[] = [
  { city: "NEW YORK", country: "US", std: -5, currency: "USD" },
  { city: "SAN FRANCISCO", country: "US", std: -8, currency: "USD" },
  { city: "AUSTIN", country: "US", std: -6, currency: "USD" },
  { city: "LONDON", country: "GB", std: 0, currency: "GBP" },
];

interface Place { city: string; country: string; std: number; currency: string; hotels: string[]; taxi: string; airline: string; meals: string[] }
const PLACES: Place[] = [
  { city: "CHICAGO", country: "US", std: -6, currency: "USD", hotels: ["HILTON CHICAGO", "HYATT REGENCY CHICAGO"], taxi: "UBER *TRIP", airline: "UNITED", meals: ["SQ *INTELLIGENTSIA", "TST* PORTILLOS", "GIBSONS BAR STEAKHOUSE"] },
  { city: "BOSTON", country: "US", std: -5, currency: "USD", hotels: ["MARRIOTT BOSTON COPLEY", "OMNI PARKER HOUSE"], taxi: "LYFT", airline: "DELTA AIR", meals: ["SQ *FLOUR BAKERY", "TST* TATTE BAKERY", "LEGAL SEA FOODS"] },
  { city: "SEATTLE", country: "US", std: -8, currency: "USD", hotels: ["HYATT REGENCY SEATTLE", "KIMPTON ALEXIS"], taxi: "UBER *TRIP", airline: "ALASKA AIR", meals: ["SQ *ELM COFFEE", "TST* IVARS", "CANLIS"] },
  { city: "ATLANTA", country: "US", std: -5, currency: "USD", hotels: ["WESTIN PEACHTREE PLAZA", "HILTON ATLANTA"], taxi: "UBER *TRIP", airline: "DELTA AIR", meals: ["SQ *OCTANE COFFEE", "CHICK-FIL-A #01234", "TST* POLARIS"] },
  { city: "DENVER", country: "US", std: -7, currency: "USD", hotels: ["BROWN PALACE HOTEL", "HILTON DENVER"], taxi: "LYFT", airline: "SOUTHWES", meals: ["SQ *HUCKLEBERRY", "TST* SNOOZE", "ELWAYS"] },
  { city: "NEW YORK", country: "US", std: -5, currency: "USD", hotels: ["MARRIOTT MARQUIS NY", "CITIZENM NYC"], taxi: "YELLOW CAB NYC", airline: "DELTA AIR", meals: ["SQ *JOE COFFEE", "TST* SWEETGREEN", "KEENS STEAKHOUSE"] },
  { city: "SAN FRANCISCO", country: "US", std: -8, currency: "USD", hotels: ["HILTON SF UNION SQ", "HOTEL ZETTA"], taxi: "UBER *TRIP", airline: "UNITED", meals: ["SQ *BLUE BOTTLE COFFEE", "TST* TARTINE", "HOUSE OF PRIME RIB"] },
  { city: "LONDON", country: "GB", std: 0, currency: "GBP", hotels: ["PREMIER INN LONDON", "THE HOXTON SHOREDITCH"], taxi: "UBER *TRIP", airline: "BRITISH A", meals: ["SQ *MONMOUTH COFFEE", "PRET A MANGER", "DISHOOM"] },
  { city: "PARIS", country: "FR", std: 1, currency: "EUR", hotels: ["NOVOTEL PARIS", "HOTEL DU LOUVRE"], taxi: "G7 TAXI", airline: "AIR FRANCE", meals: ["CAFE KITSUNE", "PAUL", "LE RELAIS DE L ENTRECOTE"] },
  { city: "BERLIN", country: "DE", std: 1, currency: "EUR", hotels: ["NH HOTEL BERLIN", "MOTEL ONE BERLIN"], taxi: "FREENOW", airline: "LUFTHANSA", meals: ["EINSTEIN KAFFEE", "SUMUP *CURRY 36", "BORCHARDT"] },
  { city: "TOKYO", country: "JP", std: 9, currency: "JPY", hotels: ["APA HOTEL TOKYO", "PARK HYATT TOKYO"], taxi: "NIHON KOTSU TAXI", airline: "JAL", meals: ["STARBUCKS JAPAN", "ICHIRAN", "GONPACHI NISHI-AZABU"] },
  { city: "TORONTO", country: "CA", std: -5, currency: "CAD", hotels: ["FAIRMONT ROYAL YORK", "DELTA TORONTO"], taxi: "UBER *TRIP", airline: "AIR CANADA", meals: ["TIM HORTONS #1234", "PAI NORTHERN THAI", "CANOE RESTAURANT"] },
];
const FX: Record<string, number> = { USD: 1, GBP: 1.27, EUR: 1.08, JPY: 0.0067, CAD: 0.73 };

const FIRST = ["James", "Mary", "Robert", "Patricia", "John", "Jennifer", "Michael", "Linda", "David", "Elizabeth", "William", "Barbara", "Richard", "Susan", "Joseph", "Jessica", "Thomas", "Sarah", "Chris", "Karen", "Daniel", "Lisa", "Matthew", "Nancy", "Anthony", "Betty", "Mark", "Sandra", "Priya", "Wei", "Carlos", "Aisha", "Omar", "Mei", "Raj", "Sofia", "Lucas", "Emma", "Noah", "Olivia", "Liam", "Ava", "Ethan", "Mia", "Kenji", "Yuki", "Fatima", "Diego"];
const LAST = ["Smith", "Johnson", "Williams", "Brown", "Jones", "Garcia", "Miller", "Davis", "Rodriguez", "Martinez", "Hernandez", "Lopez", "Gonzalez", "Wilson", "Anderson", "Thomas", "Taylor", "Moore", "Jackson", "Martin", "Lee", "Perez", "Thompson", "White", "Harris", "Sanchez", "Clark", "Ramirez", "Lewis", "Robinson", "Walker", "Young", "Allen", "King", "Wright", "Scott", "Torres", "Nguyen", "Hill", "Flores", "Patel", "Chen", "Kim", "Singh", "Okafor", "Novak", "Rossi", "Schmidt"];

interface Employee {
  id: string;
  name: string;
  dept: string;
  role: Role;
  office: Office;
  limit: number;
  hired: number;
  terminated?: number;
  approver: string;
  last4: string;
  /** Days of the month their personal-seat subscriptions charge on, with the price. */
  subs: { merchant: string; day: number; price: number; annual?: number }[];
  activity: number;
  /** A leave (parental) during which the card is not used. */
  leave?: [number, number];
  /** The card stops being used from this day (a role that no longer spends): the dormant cards. */
  quietFrom?: number;
  travelShare: number;
}

interface Draft {
  t: number; // UTC moment
  offset: number; // merchant's UTC offset, hours
  merchant: string;
  mcc: string;
  city: string;
  country: string;
  usd: number;
  currency: string; // original currency
  original: number;
  emp: Employee;
  memo: string;
  kind: string;
  anomaly?: CardAnomaly;
  receipt?: boolean;
}

const MCC: Record<string, [string, string]> = {
  // mcc → [category, GL account]
  "4511": ["Airlines", "6110 Travel - Airfare"],
  "7011": ["Lodging", "6120 Travel - Lodging"],
  "4121": ["Taxi & Rideshare", "6130 Travel - Ground Transportation"],
  "4111": ["Transit", "6130 Travel - Ground Transportation"],
  "7512": ["Car Rental", "6130 Travel - Ground Transportation"],
  "7523": ["Parking", "6130 Travel - Ground Transportation"],
  "5812": ["Restaurants", "6150 Meals & Entertainment"],
  "5814": ["Fast Food & Coffee", "6150 Meals & Entertainment"],
  "5811": ["Catering", "6150 Meals & Entertainment"],
  "5734": ["Software", "6210 Software & Subscriptions"],
  "5817": ["Digital Services", "6210 Software & Subscriptions"],
  "7372": ["Software", "6210 Software & Subscriptions"],
  "4816": ["Cloud & Internet", "6220 Cloud Hosting"],
  "5943": ["Office Supplies", "6310 Office Supplies"],
  "5942": ["Books", "6710 Training"],
  "5411": ["Groceries", "6310 Office Supplies"],
  "5300": ["Wholesale Clubs", "6310 Office Supplies"],
  "5310": ["Discount Stores", "6310 Office Supplies"],
  "5999": ["Retail - Other", "6310 Office Supplies"],
  "5732": ["Electronics", "6320 Computer Equipment"],
  "5045": ["Computer Equipment", "6320 Computer Equipment"],
  "5712": ["Furniture", "6330 Home Office Stipend"],
  "7311": ["Advertising", "6410 Advertising"],
  "7399": ["Business Services", "6420 Events & Conferences"],
  "8699": ["Associations", "6420 Events & Conferences"],
  "7361": ["Recruiting", "6510 Recruiting"],
  "5947": ["Gift Cards", "6520 Employee Gifts & Awards"],
  "5992": ["Florists", "6520 Employee Gifts & Awards"],
  "5921": ["Liquor Stores", "6520 Employee Gifts & Awards"],
  "7933": ["Recreation", "6530 Team Events"],
  "7999": ["Recreation", "6530 Team Events"],
  "5541": ["Fuel", "6610 Vehicle Fuel"],
  "5542": ["Fuel", "6610 Vehicle Fuel"],
  "5251": ["Hardware Stores", "6620 Field Supplies"],
  "5085": ["Industrial Supplies", "6620 Field Supplies"],
  "8299": ["Education", "6710 Training"],
  "9311": ["Taxes", "6810 Taxes & Licenses"],
  "4215": ["Shipping", "6310 Office Supplies"],
  "5944": ["Jewelry", "6900 Miscellaneous"],
  "7995": ["Gambling", "6900 Miscellaneous"],
  "5816": ["Digital Games", "6900 Miscellaneous"],
  "5945": ["Toys & Games", "6900 Miscellaneous"],
  "7298": ["Health & Beauty Spas", "6900 Miscellaneous"],
};

export function generateCardExport(options: { seed: number }): CardExport {
  const rnd = mulberry32(options.seed);
  const { pick, between, int, logn } = draws(rnd);
  const code = (n: number, alphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789") => Array.from({ length: n }, () => pick([...alphabet])).join("");
  const digits = (n: number) => code(n, "0123456789");
  const cents = (x: number) => Math.round(x * 100) / 100;
  const dayStart = (t: number) => Math.floor(t / DAY) * DAY;
  /** Daylight saving, roughly: April–October. */
  const offsetOf = (std: number, t: number) => {
    const m = new Date(t).getUTCMonth();
    const dst = m >= 3 && m <= 9 && std !== 9;
    return std + (dst ? 1 : 0);
  };
  const weekday = (t: number) => new Date(t).getUTCDay();
  const isWeekend = (t: number) => weekday(t) === 0 || weekday(t) === 6;

  // ---- People ----------------------------------------------------------------------------
  const usedNames = new Set<string>();
  const newName = () => {
    for (;;) {
      const n = `${pick(FIRST)} ${pick(LAST)}`;
      if (!usedNames.has(n)) { usedNames.add(n); return n; }
    }
  };
  const employees: Employee[] = [];
  let empNo = 1000;
  const heads: Record<string, string> = {};
  const DEPTS: [string, Role, number][] = [
    ["Engineering", "desk", 95], ["Product & Design", "desk", 28], ["Sales", "traveller", 85], ["Customer Success", "traveller", 35],
    ["Field Services", "field", 35], ["Marketing", "desk", 22], ["Marketing", "ads", 3], ["Finance", "desk", 8], ["Finance", "cfo", 1],
    ["People", "hr", 2], ["People", "desk", 5], ["IT", "it_admin", 2], ["IT", "it_buyer", 1], ["Workplace", "office_manager", 4],
    ["Executive", "exec", 3], ["Legal", "desk", 4],
  ];
  const LIMITS: Record<Role, number> = { desk: 2500, traveller: 5000, field: 2500, office_manager: 5000, it_buyer: 50000, it_admin: 25000, ads: 25000, hr: 10000, exec: 25000, cfo: 25000 };
  const addEmployee = (dept: string, role: Role, hired: number, officeIdx?: number): Employee => {
    const office = officeIdx !== undefined ? OFFICES[officeIdx]! : role === "field" ? OFFICES[pick([0, 1, 2])]! : pick([OFFICES[0]!, OFFICES[0]!, OFFICES[1]!, OFFICES[1]!, OFFICES[2]!, OFFICES[3]!]);
    const name = newName();
    heads[dept] ??= name;
    const e: Employee = {
      id: `E${++empNo}`, name, dept, role, office, limit: LIMITS[role], hired, approver: heads[dept] === name ? "Dana Whitfield" : heads[dept]!,
      last4: digits(4), subs: [], activity: logn(1, 0.5), travelShare: role === "traveller" ? between(0.5, 1) : role === "exec" ? 0.8 : role === "desk" ? (rnd() < 0.3 ? between(0.05, 0.25) : 0) : 0,
    };
    if (role === "desk" && dept === "Engineering" && rnd() < 0.6) e.subs.push({ merchant: "OPENAI *CHATGPT SUBSCR", day: int(1, 28), price: 20 });
    if (role === "desk" && dept === "Engineering" && rnd() < 0.25) e.subs.push({ merchant: "JETBRAINS", day: int(1, 28), price: 0, annual: 249 });
    if (role === "desk" && dept === "Product & Design" && rnd() < 0.7) e.subs.push({ merchant: "FIGMA", day: int(1, 28), price: 45 });
    if ((role === "traveller" || role === "exec") && rnd() < 0.5) e.subs.push({ merchant: "LINKEDIN PREMIUM", day: int(1, 28), price: 99.99 });
    if (rnd() < 0.15) e.subs.push({ merchant: `DROPBOX*${code(4)}`, day: int(1, 28), price: 19.99 });
    employees.push(e);
    return e;
  };
  for (const [dept, role, n] of DEPTS) for (let i = 0; i < n; i++) addEmployee(dept, role, START - int(30, 2000) * DAY, role === "office_manager" ? i % 4 : undefined);
  // Hires through the period (growth and replacements), and departures.
  const hires: Employee[] = [];
  for (let i = 0; i < 70; i++) {
    const [dept, role] = pick(DEPTS.filter(([, r]) => r === "desk" || r === "traveller" || r === "field")).slice(0, 2) as [string, Role];
    hires.push(addEmployee(dept, role, START + int(20, 520) * DAY));
  }
  const ordinaryPeople = employees.filter((e) => e.role === "desk" || e.role === "traveller" || e.role === "field");
  const leavers = ordinaryPeople.filter(() => rnd() < 0.12);
  for (const e of leavers) e.terminated = Math.max(e.hired + 90 * DAY, START + int(40, 530) * DAY);
  const onLeave = ordinaryPeople.filter((e) => !e.terminated && rnd() < 0.04);
  for (const e of onLeave) {
    const from = START + int(60, 330) * DAY;
    e.leave = [from, from + int(80, 150) * DAY];
  }
  const active = (e: Employee, t: number) =>
    t >= e.hired + 3 * DAY && (e.terminated === undefined || t < e.terminated) && !(e.leave && t >= e.leave[0] && t < e.leave[1]) && (e.quietFrom === undefined || t < e.quietFrom);

  // Dormant cards (planted): ordinary desk or field people whose cards go quiet months before a
  // burst of online charges.
  const dormantCandidates = ordinaryPeople.filter((e) => !e.terminated && !e.leave && e.hired < START && e.role !== "traveller");
  const dormant: Employee[] = [];
  while (dormant.length < 8) {
    const e = pick(dormantCandidates);
    if (dormant.includes(e)) continue;
    e.quietFrom = START + int(150, 320) * DAY;
    dormant.push(e);
  }
  // The leavers whose cards are used after they left (planted).
  const usedAfter = leavers.filter((e) => e.terminated! < END - 60 * DAY && e.terminated! > START + 120 * DAY).slice(0, 8);

  const drafts: Draft[] = [];
  /** A charge at local day `day` (UTC midnight of the local date) and local hour `hour`. */
  const charge = (e: Employee, day: number, hour: number, merchant: string, mcc: string, usdOrLocal: number, where: { city: string; country: string; std: number; currency: string }, kind: string, memo = "", extra: Partial<Draft> = {}) => {
    const offset = offsetOf(where.std, day);
    const local = cents(usdOrLocal);
    const usd = cents(where.currency === "USD" ? local : local * FX[where.currency]! * between(0.985, 1.015));
    drafts.push({ t: day + hour * HOUR + int(0, 59) * 60_000 - offset * HOUR, offset, merchant: named(merchant, day), mcc, city: where.city, country: where.country, usd, currency: where.currency, original: local, emp: e, memo, kind, ...extra });
  };
  const home = (e: Employee) => ({ city: e.office.city, country: e.office.country, std: e.office.std, currency: e.office.currency });
  const amazon = () => (rnd() < 0.7 ? `AMZN Mktp US*${code(9)}` : `Amazon.com*${code(9)}`);
  const amazonFor = (e: Employee) => (e.office.country === "GB" ? `AMAZON.CO.UK*${code(9)}` : amazon());
  const lyft = (day: number, hour: number) => `LYFT   *RIDE ${["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"][weekday(day)]} ${((hour + 11) % 12) + 1}${hour < 12 ? "AM" : "PM"}`;
  const taxi = (name: string, day: number, hour: number) => (name === "LYFT" ? lyft(day, hour) : name === "YELLOW CAB NYC" ? `NYC TAXI ${digits(4)}` : name);
  const RENAMES: [string, string, number][] = [
    ["SQ *BLUE BOTTLE COFFEE", "BLUE BOTTLE COFFEE 0041", Date.UTC(2025, 4, 1)],
    ["ZOOM.US 888-799-9666", "ZOOM.COM 888-799-9666", Date.UTC(2025, 8, 1)],
    ["GOOGLE *GSUITE_acmecloud.io", "GOOGLE *WORKSPACE acmecloud", Date.UTC(2025, 6, 1)],
  ];
  const named = (m: string, t: number) => {
    for (const [from, to, at] of RENAMES) if (m === from && t >= at) return to;
    return m;
  };
  const travellingDays = new Map<Employee, Set<number>>();
  const markTravel = (e: Employee, from: number, to: number) => {
    const s = travellingDays.get(e) ?? new Set<number>();
    for (let d = from; d <= to; d += DAY) s.add(d);
    travellingDays.set(e, s);
  };

  // ---- A trip ----------------------------------------------------------------------------
  const trip = (e: Employee, depart: number, place: Place, nights: number, kind: string, big = 1) => {
    if (!active(e, depart) || !active(e, depart + nights * DAY)) return;
    markTravel(e, depart, depart + nights * DAY);
    const h = home(e);
    const foreign = place.country !== e.office.country;
    const abroad = { city: place.city, country: place.country, std: place.std, currency: place.currency };
    const intl = place.country !== "US" || e.office.country !== "US";
    // Booked 5–25 days before, charged by the airline in USD from the US (or GBP from London).
    const booked = depart - int(5, 25) * DAY;
    const fare = (intl ? logn(1300, 0.35) : logn(480, 0.35)) * big;
    const airline = e.office.country === "GB" && place.airline === "BRITISH A" ? "EASYJET" : place.airline;
    charge(e, booked, int(9, 18), `${airline} ${digits(13)}`, "4511", e.office.currency === "GBP" ? fare / FX.GBP! : fare, h, kind, `Flight to ${place.city.toLowerCase()}`);
    if (rnd() < 0.3) charge(e, depart, int(6, 9), `${airline} ${digits(13)}`, "4511", e.office.currency === "GBP" ? 35 / FX.GBP! : pick([35, 40, 45, 75]), h, kind, "Bag fee");
    if (rnd() < 0.1) charge(e, booked + int(1, 4) * DAY, int(9, 18), `${airline} ${digits(13)}`, "4511", -fare * between(0.2, 1), h, "refund", "Fare change credit");
    // The hotel: one folio at checkout (nightly rate with taxes), a deposit at booking for some.
    const hotel = pick(place.hotels);
    const nightly = (place.currency === "JPY" ? logn(32000, 0.3) : place.currency === "USD" ? logn(290, 0.3) : logn(230, 0.3)) * big;
    if (rnd() < 0.2) {
      charge(e, booked, int(9, 18), hotel, "7011", nightly, abroad, `${kind}:hotel_deposit`, "Hotel deposit");
      charge(e, depart + nights * DAY, int(7, 11), hotel, "7011", nightly * (nights - 1) + logn(40, 0.6) * (place.currency === "JPY" ? 150 : 1), abroad, `${kind}:hotel_final`, "Hotel");
    } else charge(e, depart + nights * DAY, int(7, 11), hotel, "7011", nightly * nights + logn(40, 0.6) * (place.currency === "JPY" ? 150 : 1), abroad, kind, "Hotel");
    // Taxis, meals each day, weekends included; home-airport parking or a ride home.
    const perUnit = place.currency === "JPY" ? 150 : 1;
    for (let d = 0; d <= nights; d++) {
      const day = depart + d * DAY;
      for (let k = int(1, 2); k > 0; k--) { const hr = int(7, 22); charge(e, day, hr, taxi(place.taxi, day, hr), "4121", logn(26, 0.45) * perUnit, abroad, kind, ""); }
      if (rnd() < 0.4) charge(e, day, int(6, 9), place.meals[0]!, "5814", logn(9, 0.4) * perUnit, abroad, kind, "Breakfast");
      if (rnd() < 0.5) charge(e, day, int(11, 14), place.meals[1]!, "5812", logn(22, 0.35) * perUnit * 1.18, abroad, kind, "Lunch");
      const client = e.role === "traveller" && rnd() < 0.35;
      charge(e, day, int(18, 22), place.meals[2]!, "5812", (client ? logn(420, 0.55) : logn(48, 0.4)) * perUnit * between(1.15, 1.22), abroad, client ? `${kind}:client_dinner` : kind, client ? "Client dinner" : "Dinner");
    }
    if (foreign && intl && rnd() < 0.4) charge(e, depart + nights * DAY, int(6, 10), "HUDSON NEWS", "5999", logn(18, 0.4) * perUnit, abroad, kind, "");
    if (e.office.country === "US" && rnd() < 0.5) charge(e, depart + nights * DAY, int(17, 23), pick(["SP+ PARKING", "THE PARKING SPOT", "PARKWHIZ"]), "7523", 28 * (nights + 1), h, kind, "Airport parking");
  };

  // ---- Day by day -----------------------------------------------------------------------
  const FIELD_FUEL = ["SHELL OIL 57444", "CHEVRON 0201234", "EXXONMOBIL 4567", "CIRCLE K # 01234", "WAWA 8123", "BP#9021345"];
  const FIELD_SUPPLY = ["THE HOME DEPOT #6543", "LOWES #01234", "GRAINGER", "FASTENAL", "ACE HARDWARE 1207"];
  const LUNCH = ["SWEETGREEN", "CHIPOTLE 1234", "TST* DIG INN", "SQ *JOE COFFEE", "STARBUCKS STORE 12345", "PRET A MANGER", "JUST SALAD", "SQ *BLUE BOTTLE COFFEE", "SHAKE SHACK", "PANERA BREAD #204"];
  const CONFERENCES: { name: string; merchant: string; place: number; start: number; fee: number; attendees: number; hotel?: string }[] = [
    { name: "SaaStr Annual", merchant: "SQ *SAASTR ANNUAL", place: 6, start: Date.UTC(2025, 2, 11), fee: 1899, attendees: 25 },
    { name: "Dreamforce", merchant: "SALESFORCE DREAMFORCE", place: 6, start: Date.UTC(2025, 9, 14), fee: 2299, attendees: 40 },
    { name: "AWS re:Invent", merchant: "AMAZON WEB SERVICES REINVENT", place: -1, start: Date.UTC(2025, 11, 1), fee: 2099, attendees: 30, hotel: "THE VENETIAN LAS VEGAS" },
    { name: "SaaStr Annual", merchant: "SQ *SAASTR ANNUAL", place: 6, start: Date.UTC(2026, 2, 10), fee: 1999, attendees: 30 },
    { name: "Web Summit", merchant: "WEB SUMMIT LISBON", place: 8, start: Date.UTC(2025, 10, 10), fee: 1150, attendees: 12 },
  ];
  const VEGAS: Place = { city: "LAS VEGAS", country: "US", std: -8, currency: "USD", hotels: ["THE VENETIAN LAS VEGAS"], taxi: "UBER *TRIP", airline: "SOUTHWES", meals: ["SQ *VEGAS COFFEE", "WOLFGANG PUCK BAR", "TAO ASIAN BISTRO"] };
  for (const c of CONFERENCES) {
    const place = c.place < 0 ? VEGAS : PLACES[c.place]!;
    const people = employees.filter((e) => (e.role === "traveller" || e.role === "desk" || e.role === "exec") && active(e, c.start)).sort(() => rnd() - 0.5).slice(0, c.attendees);
    for (const e of people) {
      charge(e, c.start - int(20, 60) * DAY, int(9, 17), c.merchant, "7399", c.fee, { city: place.city, country: "US", std: -5, currency: "USD" }, "conference", `${c.name} registration`);
      if (place.city !== e.office.city) trip(e, c.start - DAY, place, 3, "conference");
    }
  }

  // SaaS charged by IT on fixed days (seat counts grow), annual renewals.
  const itAdmins = employees.filter((e) => e.role === "it_admin");
  const SAAS: { merchant: string; mcc: string; day: number; base: number; growth: number; by: number; annual?: number[]; month?: number }[] = [
    { merchant: "SLACK T02A4B6C8", mcc: "7372", day: 3, base: 6200, growth: 0.012, by: 0 },
    { merchant: "ZOOM.US 888-799-9666", mcc: "4816", day: 5, base: 1180, growth: 0.008, by: 0 },
    { merchant: "ATLASSIAN", mcc: "7372", day: 8, base: 4300, growth: 0.015, by: 1 },
    { merchant: "GITHUB, INC.", mcc: "7372", day: 11, base: 2100, growth: 0.015, by: 1 },
    { merchant: "NOTION LABS, INC.", mcc: "7372", day: 14, base: 960, growth: 0.01, by: 0 },
    { merchant: "GOOGLE *GSUITE_acmecloud.io", mcc: "7372", day: 1, base: 8640, growth: 0.01, by: 0 },
    { merchant: "DATADOG INC", mcc: "7372", day: 20, base: 3000, growth: 0.02, by: 1 },
    { merchant: "CALENDLY", mcc: "7372", day: 17, base: 96, growth: 0, by: 0 },
    { merchant: "ADOBE *CREATIVE CLOUD", mcc: "5734", day: 22, base: 359.88, growth: 0, by: 0 },
    { merchant: "1PASSWORD", mcc: "7372", day: 15, base: 0, growth: 0, by: 0, annual: [4788, 5160], month: 0 },
    { merchant: "DOCUSIGN INC", mcc: "7372", day: 9, base: 0, growth: 0, by: 1, annual: [3600, 3960], month: 2 },
    { merchant: "HUBSPOT INC", mcc: "7372", day: 1, base: 0, growth: 0, by: 0, annual: [21600, 23760], month: 3 },
    { merchant: "ZOOMINFO", mcc: "7372", day: 10, base: 0, growth: 0, by: 1, annual: [14500], month: 6 },
    { merchant: "JAMF SOFTWARE", mcc: "7372", day: 12, base: 0, growth: 0, by: 0, annual: [9180], month: 8 },
  ];
  for (let m = 0; m < 18; m++) {
    const y = 2025 + Math.floor(m / 12), mo = m % 12;
    for (const s of SAAS) {
      const admin = itAdmins[s.by % itAdmins.length]!;
      const day = Date.UTC(y, mo, s.day);
      const where = { city: "SAN FRANCISCO", country: "US", std: -8, currency: "USD" };
      if (s.annual) {
        if (mo === s.month) charge(admin, day, int(0, 5), s.merchant, s.mcc, s.annual[Math.min(s.annual.length - 1, Math.floor(m / 12))]!, where, "saas_annual", "Annual renewal");
        continue;
      }
      const amount = s.base * Math.pow(1 + s.growth, m) * (s.base > 500 ? between(0.99, 1.01) : 1);
      charge(admin, day, int(0, 5), named(s.merchant, day), s.mcc, s.base > 500 ? Math.round(amount / 10) * 10 + (s.base % 1) : amount, where, "saas_monthly", "Subscription");
    }
    // Cloud hosting on the 2nd, variable and growing.
    charge(itAdmins[0]!, Date.UTC(y, mo, 2), int(0, 4), "AMAZON WEB SERVICES", "4816", logn(11000, 0.12) * Math.pow(1.025, m), { city: "SEATTLE", country: "US", std: -8, currency: "USD" }, "cloud_monthly", "AWS");
  }

  // Marketing's ad platforms charge their billing threshold each time it is reached, then the rest at month end.
  const adsPeople = employees.filter((e) => e.role === "ads");
  for (let d = START; d < END; d += DAY) {
    const month = new Date(d).getUTCMonth();
    const busy = month === 10 || month === 8 ? 1.6 : 1;
    if (rnd() < 0.11 * busy) charge(adsPeople[0]!, d, int(0, 23), "GOOGLE *ADS4829371623", "7311", 5000, { city: "MOUNTAIN VIEW", country: "US", std: -8, currency: "USD" }, "ad_threshold", "Google Ads");
    if (rnd() < 0.07 * busy) charge(adsPeople[1]!, d, int(0, 23), d < Date.UTC(2025, 9, 1) ? `FACEBK *${code(10)}` : `META *ADS ${code(8)}`, "7311", 2500, { city: "MENLO PARK", country: "US", std: -8, currency: "USD" }, "ad_threshold", "Meta ads");
    if (new Date(d + DAY).getUTCDate() === 1) {
      charge(adsPeople[0]!, d, int(20, 23), "GOOGLE *ADS4829371623", "7311", between(300, 4900), { city: "MOUNTAIN VIEW", country: "US", std: -8, currency: "USD" }, "ad_month_end", "Google Ads");
      charge(adsPeople[2]!, d, int(8, 18), "LINKEDIN-ADS 18273645", "7311", logn(7000, 0.3) * busy, { city: "SUNNYVALE", country: "US", std: -8, currency: "USD" }, "ad_month_end", "LinkedIn campaign");
    }
    if (weekday(d) === 3 && rnd() < 0.25) charge(adsPeople[2]!, d, int(9, 17), pick(["CUSTOMINK", "STICKERMULE", "VISTAPRINT"]), "5999", logn(900, 0.6), { city: "RESTON", country: "US", std: -5, currency: "USD" }, "swag", "Event swag");
  }
  for (const q of [Date.UTC(2025, 1, 20), Date.UTC(2025, 4, 15), Date.UTC(2025, 8, 10), Date.UTC(2026, 1, 18), Date.UTC(2026, 4, 14)])
    charge(adsPeople[2]!, q, int(9, 17), `CVENT*${code(6)}`, "7399", logn(9000, 0.3), { city: "TYSONS", country: "US", std: -5, currency: "USD" }, "event_sponsorship", "Booth sponsorship");

  // The IT buyer: weekly orders, a laptop per hire, large orders in a quarter's last ten days.
  const buyer = employees.find((e) => e.role === "it_buyer")!;
  const HW = ["DELL MARKETING L.P.", "CDW DIRECT", "APPLE.COM/US", "B&H PHOTO 800-606-6969"];
  const buyerWhere = { city: "AUSTIN", country: "US", std: -6, currency: "USD" };
  for (let d = START; d < END; d += DAY) {
    if (isWeekend(d)) continue;
    if (rnd() < 0.35) charge(buyer, d, int(9, 17), rnd() < 0.3 ? amazon() : pick(HW), rnd() < 0.5 ? "5045" : "5732", logn(700, 0.7), buyerWhere, "it_order", "Peripherals");
    const dt = new Date(d);
    const quarterEnd = [2, 5, 8, 11].includes(dt.getUTCMonth()) && dt.getUTCDate() >= 19;
    if (quarterEnd && rnd() < 0.3) charge(buyer, d, int(9, 17), pick(HW.slice(0, 3)), "5045", between(12000, 48000), buyerWhere, "it_quarter_end", "Quarter-end refresh");
  }
  for (const e of employees) if (e.hired > START) charge(buyer, e.hired - int(3, 10) * DAY, int(9, 17), "APPLE.COM/US", "5732", between(1899, 3299), buyerWhere, "new_hire_laptop", `Laptop for ${e.name}`);

  // Office managers: many small purchases a day, weekly groceries, monthly all-hands catering.
  for (const om of employees.filter((e) => e.role === "office_manager")) {
    const where = home(om);
    const gb = om.office.country === "GB";
    for (let d = START; d < END; d += DAY) {
      if (isWeekend(d)) continue;
      for (let k = int(1, 4); k > 0; k--) charge(om, d, int(8, 18), gb ? `AMAZON.CO.UK*${code(9)}` : amazon(), "5999", logn(45, 0.8) / (gb ? FX.GBP! : 1), where, "office_supplies", "Office supplies");
      if (rnd() < 0.3) charge(om, d, int(8, 18), gb ? "TESCO STORES 2034" : pick(["STAPLES 00123", "TARGET 00012345", "CVS/PHARMACY #01234", "FEDEX OFFIC12345", "USPS PO 1234567"]), gb ? "5411" : "5943", logn(60, 0.7) / (gb ? FX.GBP! : 1), where, "office_supplies", "");
      if (weekday(d) === 1) charge(om, d, int(8, 12), gb ? "OCADO RETAIL" : pick(["COSTCO WHSE #0123", "INSTACART"]), gb ? "5411" : "5300", logn(420, 0.3) / (gb ? FX.GBP! : 1), where, "office_groceries", "Kitchen restock");
      if (new Date(d).getUTCDate() <= 7 && weekday(d) === 4) charge(om, d, int(9, 12), gb ? "DELIVEROO" : `EZCATER*${code(6)}`, "5811", logn(1400, 0.25) / (gb ? FX.GBP! : 1), where, "all_hands_catering", "All-hands lunch");
      if (rnd() < 0.02) charge(om, d, int(9, 17), gb ? "IKEA LTD" : "IKEA", "5712", logn(600, 0.5) / (gb ? FX.GBP! : 1), where, "office_supplies", "Office furniture");
      if (rnd() < 0.03) charge(om, d, int(9, 17), `${gb ? "AMAZON.CO.UK" : "AMZN Mktp US"}*${code(9)}`, "5999", -logn(45, 0.8) / (gb ? FX.GBP! : 1), where, "refund", "Return");
    }
  }

  // HR: spot awards as gift cards each month, recruiting, background checks, holiday gift cards in December.
  const hrPeople = employees.filter((e) => e.role === "hr");
  for (let m = 0; m < 18; m++) {
    const y = 2025 + Math.floor(m / 12), mo = m % 12;
    const hr = hrPeople[m % 2]!;
    const where = home(hr);
    for (let k = int(2, 6); k > 0; k--) charge(hr, Date.UTC(y, mo, int(10, 20)), int(9, 17), "TANGO CARD INC", "5947", pick([50, 100, 100, 250]), where, "spot_awards", "Spot award");
    charge(hr, Date.UTC(y, mo, 5), int(9, 12), `LINKEDIN JOBS ${digits(6)}`, "7361", logn(2200, 0.35), where, "recruiting", "Job slots");
    for (let k = int(2, 8); k > 0; k--) charge(hr, Date.UTC(y, mo, int(1, 28)), int(9, 17), "CHECKR INC", "7361", pick([35, 54.99, 79.99]), where, "recruiting", "Background check");
    if (mo === 11) for (let k = int(6, 10); k > 0; k--) charge(hr, Date.UTC(y, mo, int(8, 15)), int(9, 17), "GIFTCARDS.COM", "5947", pick([1000, 2500, 2500, 5000]), where, "holiday_gift_cards", "Holiday gift cards for staff");
  }

  // The CFO's large but rare charges; executives travel more and dearer.
  const cfo = employees.find((e) => e.role === "cfo")!;
  const cfoWhere = home(cfo);
  for (const [day, merchant, mcc, amount, memo] of [
    [Date.UTC(2025, 2, 1), "STATE OF DE FRANCHISE TAX", "9311", 18450, "Delaware franchise tax"],
    [Date.UTC(2026, 1, 27), "STATE OF DE FRANCHISE TAX", "9311", 21300, "Delaware franchise tax"],
    [Date.UTC(2025, 5, 12), "THE CAPITAL GRILLE 8023", "5812", 6840.55, "Board dinner"],
    [Date.UTC(2025, 11, 11), "THE CAPITAL GRILLE 8023", "5812", 7312.4, "Board dinner"],
    [Date.UTC(2025, 8, 23), "AICPA", "8699", 9400, "Finance team certifications"],
  ] as const) charge(cfo, day, 19, merchant, mcc, amount, cfoWhere, "cfo_rare_large", memo);

  // Team events and client gifts.
  for (const [dept, head] of Object.entries(heads)) {
    const lead = employees.find((e) => e.name === head)!;
    for (let q = 0; q < 6; q++) {
      const d = START + (q * 91 + int(20, 80)) * DAY;
      if (isWeekend(d) || !active(lead, d)) continue;
      charge(lead, d, int(16, 19), pick(["TOPGOLF AUSTIN", "BOWLERO", "SQ *ESCAPE THE ROOM", "PUTTSHACK"]), pick(["7933", "7999"]), logn(1400, 0.4) / (lead.office.currency === "GBP" ? FX.GBP! : 1), home(lead), "team_event", `${dept} team event`);
    }
  }
  const salesManagers = employees.filter((e) => e.role === "traveller" && e.dept === "Sales").slice(0, 10);
  for (const e of salesManagers)
    for (const y of [2025]) {
      for (let k = int(1, 3); k > 0; k--) {
        let d = Date.UTC(y, 11, int(1, 19));
        if (isWeekend(d)) d += 2 * DAY;
        if (active(e, d)) charge(e, d, int(11, 17), pick(["TOTAL WINE & MORE", "BEVMO #123", "ASTOR WINES"]), "5921", logn(650, 0.4), home(e), "client_gifts", "Client holiday gifts");
      }
    }

  // Ordinary life of each cardholder.
  for (const e of employees) {
    if (!["desk", "traveller", "field", "exec", "cfo", "hr", "it_admin", "ads"].includes(e.role)) continue;
    const h = home(e);
    const gb = e.office.country === "GB";
    const perUnit = gb ? 1 / FX.GBP! : 1;
    let nextTrip = START + int(3, 40) * DAY;
    // New hires: home-office stipend, first books and accessories.
    if (e.hired > START) {
      charge(e, e.hired + int(4, 12) * DAY, int(9, 21), pick(["IKEA", "WAYFAIR*" + code(6), "HERMAN MILLER STORE", "BRANCH FURNITURE"]), "5712", between(420, 500) * perUnit, h, "new_hire_stipend", "Home office stipend");
      charge(e, e.hired + int(4, 12) * DAY, int(9, 21), amazonFor(e), "5999", logn(70, 0.5) * perUnit, h, "new_hire_first", "Monitor cable, keyboard");
    }
    for (let d = START; d < END; d += DAY) {
      if (!active(e, d)) continue;
      if (travellingDays.get(e)?.has(d)) continue;
      // Trips.
      if (d >= nextTrip && e.travelShare > 0) {
        const nights = int(1, 4);
        const place = rnd() < (e.role === "exec" ? 0.4 : 0.22) ? pick(PLACES.slice(7)) : pick(PLACES.slice(0, 7).filter((p) => p.city !== e.office.city));
        trip(e, d, place, nights, "travel", e.role === "exec" ? 2.2 : 1);
        nextTrip = d + Math.round(int(20, 60) / e.travelShare) * DAY;
        continue;
      }
      const we = isWeekend(d);
      const dt = new Date(d);
      const flush = dt.getUTCMonth() === 11 && dt.getUTCDate() <= 22;
      const rate = e.activity * (we ? 0.08 : 1);
      if (e.role === "field") {
        if (!we || rnd() < 0.15) {
          if (rnd() < 0.4) charge(e, d, int(6, 18), pick(FIELD_FUEL), rnd() < 0.5 ? "5541" : "5542", logn(62, 0.3), h, "fuel", "Fuel");
          if (rnd() < 0.25) charge(e, d, int(11, 14), pick(["MCDONALDS F12345", "SUBWAY 01234", "CHICK-FIL-A #01234", "WENDYS #3245", "TACO BELL #2031"]), "5814", logn(13, 0.3), h, "field_meal", "Lunch");
          if (rnd() < 0.15) charge(e, d, int(7, 16), pick(FIELD_SUPPLY), rnd() < 0.7 ? "5251" : "5085", logn(85, 0.8), h, "field_supplies", "Parts");
          if (rnd() < 0.03) charge(e, d + DAY, int(6, 9), pick(["MOTEL 6 #1234", "LA QUINTA INN 0815", "HAMPTON INN"]), "7011", logn(119, 0.2), h, "field_motel", "Overnight job");
        }
        continue;
      }
      if (rnd() < 0.05 * rate) charge(e, d, int(11, 14), pick(LUNCH), "5812", logn(18, 0.4) * perUnit * 1.18, h, "meal", "Lunch");
      if (rnd() < 0.03 * rate) charge(e, d, int(7, 10), gb ? "PRET A MANGER" : pick(["STARBUCKS STORE 12345", "SQ *JOE COFFEE", named("SQ *BLUE BOTTLE COFFEE", d)]), "5814", pick([4.75, 5.45, 6.1, 6.65]) * perUnit, h, "coffee", "");
      if (rnd() < 0.03 * rate) charge(e, d, int(8, 22), amazonFor(e), "5999", logn(40, 0.7) * perUnit, h, "ordinary", "Books / supplies");
      if (rnd() < 0.02 * rate) { const hr = int(17, 23); charge(e, d, hr, gb ? "UBER *TRIP" : rnd() < 0.5 ? "UBER *TRIP" : lyft(d, hr), "4121", logn(24, 0.4) * perUnit, h, "ordinary", "Late ride home"); }
      if (rnd() < 0.015 * rate) charge(e, d, int(18, 21), gb ? "DELIVEROO" : pick(["DOORDASH*" + code(8), "GRUBHUB*" + code(6), "UBER   *EATS"]), "5812", logn(32, 0.35) * perUnit, h, "ordinary", "Late work dinner");
      if (e.role === "traveller" && !we && rnd() < 0.05) charge(e, d, int(12, 20), pick(["KEENS STEAKHOUSE", "TST* THE SMITH", "NOBU 57", "SQ *OLIVE & VINE"]), "5812", logn(260, 0.5) * perUnit * 1.2, h, "client_meal", "Client lunch");
      if (!we && rnd() < 0.004 * rate) charge(e, d, int(9, 17), pick(["UDEMY: ONLINE COURSES", "COURSERA", "OREILLY MEDIA"]), "8299", logn(120, 0.7) * perUnit, h, "training", "Course");
      if (flush && !we && rnd() < 0.025) charge(e, d, int(9, 17), pick(["APPLE.COM/US", "B&H PHOTO 800-606-6969", "UDEMY: ONLINE COURSES", amazonFor(e), "BEST BUY 00012345"]), "5732", logn(650, 0.6) * perUnit, h, "year_end_flush", "Use-it-or-lose-it budget");
      if (rnd() < 0.002) charge(e, d, int(9, 20), amazonFor(e), "5999", -logn(40, 0.7) * perUnit, h, "refund", "Return");
    }
    // Personal-seat subscriptions, same day each month (or year).
    for (const s of e.subs) {
      for (let m = 0; m < 18; m++) {
        const day = Date.UTC(2025 + Math.floor(m / 12), m % 12, s.day);
        if (!active(e, day)) continue;
        if (s.annual) { if (m % 12 === new Date(e.hired).getUTCMonth() % 12) charge(e, day, int(0, 5), s.merchant, "5734", s.annual, { city: "SAN FRANCISCO", country: "US", std: -8, currency: "USD" }, "personal_seat_annual", "Annual licence"); continue; }
        charge(e, day, int(0, 5), s.merchant, "5817", s.price, { city: "SAN FRANCISCO", country: "US", std: -8, currency: "USD" }, "personal_seat", "Subscription");
      }
    }
  }

  // ---- Planted anomalies ----------------------------------------------------------------
  const histories = () => {
    const by = new Map<Employee, Draft[]>();
    for (const x of drafts) if (!x.anomaly) (by.get(x.emp) ?? by.set(x.emp, []).get(x.emp)!).push(x);
    return by;
  };
  const regular = histories();
  const atHomeWeekend = (e: Employee, from: number, to: number): number => {
    for (let tries = 0; tries < 200; tries++) {
      const d = dayStart(from + rnd() * (to - from));
      if (isWeekend(d) && active(e, d) && !travellingDays.get(e)?.has(d)) return d;
    }
    return -1;
  };
  const planted = (e: Employee, d: number, hour: number, merchant: string, mcc: string, local: number, anomaly: CardAnomaly, memo = "", where = home(e)) =>
    charge(e, d, hour, merchant, mcc, local, where, anomaly, memo, { anomaly, receipt: rnd() < 0.3 });
  const spenders = ordinaryPeople.filter((e) => (regular.get(e)?.length ?? 0) >= 40 && !dormant.includes(e) && !usedAfter.includes(e));

  // Splits under the card's single-transaction limit.
  for (let i = 0; i < 16; i++) {
    const e = pick(spenders.filter((x) => x.role !== "field"));
    const d0 = START + int(60, 530) * DAY;
    if (!active(e, d0) || !active(e, d0 + DAY)) { i--; continue; }
    const merchant = pick(["APPLE.COM/US", "B&H PHOTO 800-606-6969", "BEST BUY 00012345", "HERMAN MILLER STORE", "STAPLES 00123", "SQ *NORTHSIDE AV RENTALS"]);
    const pieces = rnd() < 0.6 ? 2 : 3;
    const per = e.office.country === "GB" ? 1 / FX.GBP! : 1;
    for (let p = 0; p < pieces; p++) planted(e, d0 + (rnd() < 0.5 ? 0 : p > 0 ? DAY : 0), int(9, 18), merchant, "5732", e.limit * between(0.86, 0.995) * per, "split_under_card_limit", "Equipment");
  }
  // Personal spend at home on a weekend.
  const PERSONAL: [string, string, number][] = [
    ["KAY JEWELERS #1234", "5944", 650], ["ZALES #0221", "5944", 480], ["TIFFANY & CO", "5944", 1100], ["DRAFTKINGS", "7995", 250], ["FANDUEL SPORTSBOOK", "7995", 200],
    ["TOTAL WINE & MORE", "5921", 180], ["BEVMO #123", "5921", 140], ["STEAMGAMES.COM 4259522985", "5816", 70], ["PLAYSTATION NETWORK", "5816", 60], ["GAMESTOP #4410", "5945", 320], ["MASSAGE ENVY 0412", "7298", 140],
  ];
  for (let i = 0; i < 40; i++) {
    const e = pick(spenders);
    const d = atHomeWeekend(e, START + 60 * DAY, END - DAY);
    if (d < 0) { i--; continue; }
    const [m, mcc, med] = pick(PERSONAL);
    planted(e, d, int(11, 21), m, mcc, logn(med, 0.35) * (e.office.country === "GB" ? 1 / FX.GBP! : 1), "personal_spend", pick(["", "supplies", "misc", "team"]));
  }
  // A merchant charging the same amount again a few days later.
  for (let i = 0; i < 40; i++) {
    const e = pick(spenders);
    const hist = regular.get(e)!.filter((x) => x.usd > 30 && x.kind !== "personal_seat" && !x.kind.startsWith("refund") && x.t < END - 10 * DAY);
    const x = pick(hist);
    const d = dayStart(x.t + x.offset * HOUR) + int(1, 5) * DAY;
    if (!active(e, d)) { i--; continue; }
    drafts.push({ ...x, t: x.t + (d - dayStart(x.t + x.offset * HOUR)) + int(-120, 120) * 60_000, kind: "duplicate_charge", anomaly: "duplicate_charge", receipt: false });
  }
  // Dormant cards used online in a burst.
  for (const e of dormant) {
    const d0 = Math.min(END - 5 * DAY, e.quietFrom! + int(120, 220) * DAY);
    for (let k = int(4, 6); k > 0; k--) {
      const [m, mcc, med] = pick([["BESTBUY.COM 807", "5732", 700], ["WALMART.COM AA", "5310", 300], ["NEWEGG INC", "5732", 550], ["APPLE.COM/BILL", "5817", 90], ["SHEIN.COM", "5999", 160], ["NIKE.COM", "5999", 220]] as const);
      planted(e, d0 + int(0, 2) * DAY, int(0, 23), m, mcc, logn(med, 0.4), "dormant_card_used", "");
    }
  }
  // Far outside the cardholder's history, at a merchant new to them.
  for (let i = 0; i < 35; i++) {
    const e = pick(spenders.filter((x) => x.role === "desk" || x.role === "field"));
    const amounts = regular.get(e)!.map((x) => x.usd).sort((a, b) => a - b);
    const p99 = amounts[Math.floor(0.99 * (amounts.length - 1))]!;
    const d = START + int(120, 540) * DAY;
    if (!active(e, d) || d >= END) { i--; continue; }
    planted(e, d, int(9, 20), pick(["ROLEX BOUTIQUE NYC", "LOUIS VUITTON 0412", "CANON USA STORE", "SUNNYVALE AUDIO", "REI #102", "PELOTON INTERACTIVE", "SONY STORE ONLINE"]), pick(["5944", "5732", "5999", "5655"]), p99 * between(10, 16), "far_outside_history", "");
  }
  // Round-amount gift cards.
  for (let i = 0; i < 16; i++) {
    const e = pick(spenders);
    const d = START + int(60, 530) * DAY;
    if (!active(e, d)) { i--; continue; }
    const m = pick(["VANILLA GIFT CARD", "GIFT CARD MALL", "GIFTCARDS.COM", "BHN*GIFT CARD", "TARGET GIFTCARD 0034"]);
    for (let k = rnd() < 0.5 ? 2 : 3; k > 0; k--) planted(e, d + int(0, 1) * DAY, int(10, 20), m, "5947", pick([200, 250, 500, 500, 1000]), "round_gift_cards", pick(["Client gift", "Team gift", ""]));
  }
  // Merchants imitating vendors the company pays.
  const LOOKALIKES: [string, string, number][] = [
    ["ATLASSAIN", "7372", 1800], ["DATADOGG INC", "7372", 1500], ["DOCUSlGN INC", "7372", 900], ["CDW DIRRECT", "5045", 2100], ["DELL MARKETTING L.P.", "5045", 2300], ["NOTlON LABS, INC.", "7372", 600], ["HUBSPOTT INC", "7372", 1900],
  ];
  for (const [m, mcc, med] of LOOKALIKES) {
    const e = pick(spenders.filter((x) => x.role === "desk"));
    let d = START + int(150, 420) * DAY;
    for (let k = int(4, 6); k > 0; k--) {
      if (active(e, d)) planted(e, d, int(9, 17), m, mcc, logn(med, 0.25), "lookalike_merchant", "Software", { city: "WILMINGTON", country: "US", std: -5, currency: "USD" });
      d += int(10, 35) * DAY;
    }
  }
  // Cards of leavers still used after the termination date.
  for (const e of usedAfter) {
    const hist = regular.get(e) ?? [];
    for (let k = int(4, 6); k > 0; k--) {
      const d = e.terminated! + int(3, 45) * DAY;
      const like = hist.length ? pick(hist.filter((x) => x.usd > 0)) : undefined;
      const [m, mcc, amount] = like && rnd() < 0.7 ? [like.merchant.includes("*") && like.merchant.startsWith("AMZN") ? amazon() : like.merchant, like.mcc, like.usd * between(0.8, 1.3)] : ["UBER *TRIP", "4121", logn(30, 0.4)];
      planted(e, d, int(8, 22), m, mcc, amount / (e.office.currency === "GBP" ? FX.GBP! : 1), "after_termination", "");
    }
  }
  // A leaver's late refund: a return credited after they left (regular).
  for (const e of leavers.filter((x) => !usedAfter.includes(x)).slice(0, 6)) charge(e, e.terminated! + int(5, 25) * DAY, int(9, 17), amazonFor(e), "5999", -logn(60, 0.5), home(e), "refund_after_termination", "Return");

  // ---- The export -----------------------------------------------------------------------
  const kept = drafts.filter((x) => x.t >= START && x.t < END - DAY);
  kept.sort((a, b) => a.t - b.t);
  const p2 = (n: number) => String(n).padStart(2, "0");
  const mdy = (t: number) => { const d = new Date(t); return `${p2(d.getUTCMonth() + 1)}/${p2(d.getUTCDate())}/${d.getUTCFullYear()}`; };
  const iso = (t: number) => new Date(Math.floor(t / 60_000) * 60_000).toISOString().replace(".000Z", "Z");
  const rows: string[][] = [];
  const transactions: CardTransaction[] = [];
  const seen = new Set<string>();
  for (const x of kept) {
    let id: string;
    do id = `txn_${code(14, "0123456789abcdef")}`; while (seen.has(id));
    seen.add(id);
    const localDay = dayStart(x.t + x.offset * HOUR);
    let posted = localDay + int(1, 3) * DAY;
    while (isWeekend(posted)) posted += DAY;
    const [category, gl] = MCC[x.mcc] ?? ["Other", "6900 Miscellaneous"];
    const foreign = x.currency !== "USD";
    const receipt = x.receipt ?? (Math.abs(x.usd) < 75 ? rnd() < 0.6 : rnd() < 0.93);
    const e = x.emp;
    rows.push([
      id, mdy(localDay), mdy(posted), iso(x.t), x.merchant, x.mcc, category, x.city, x.country, e.name, e.id, e.dept, e.last4,
      x.usd.toFixed(2), "USD", foreign ? x.original.toFixed(x.currency === "JPY" ? 0 : 2) : "", foreign ? x.currency : "", receipt ? "Y" : "N", x.memo, gl, e.approver,
      e.terminated !== undefined ? "Terminated" : "Active", e.terminated !== undefined ? mdy(e.terminated) : "",
    ]);
    transactions.push({ id, kind: x.kind, anomaly: x.anomaly, cardholder: e.name, amount: x.usd, merchant: x.merchant });
  }
  return { header: CARD_HEADER, rows, transactions };
}

export function toCsv(data: CardExport): string {
  const q = (s: string) => (/[",\n]/.test(s) ? `"${s.replaceAll('"', '""')}"` : s);
  return [data.header, ...data.rows].map((r) => r.map(q).join(",")).join("\r\n") + "\r\n";
}
