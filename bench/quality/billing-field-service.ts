// An independent billing data set (the fifth, 2026-11-27): an HVAC and elevator maintenance
// company billing ~1,500 commercial customers in the US (state and city sales tax, labour taxable
// in some states only) and Canada (GST/HST, BC's PST on parts only, Québec's QST) from a
// field-service system (ServiceTitan / Salesforce Field Service style), 21 months, exported as a
// comma-separated invoice-line report with US dates and quoted "1,234.56" amounts. Written from
// domain knowledge before reading the detectors: maintenance agreements billed monthly, quarterly
// or annually in advance with a CPI uplift on each anniversary (some capped, some grandfathered),
// mid-term upgrades prorated, labour rate cards locked per agreement, a price book change on
// 1 January for new business only, national accounts with negotiated rates and a parts discount,
// time and materials with overtime and emergency rates, trip charges, flat-rate tasks, parts at a
// markup that varies by part, warranty work at 0, goodwill and partial credits, disputes credited
// in full and re-invoiced, tax-exempt schools and hospitals — and repeat visits: the same customer,
// task and price on another day by another technician under another job number.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-field-service.ts --seed 8128 --out /tmp/svc
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "missed_escalation" | "stale_labour_rate" | "after_hours_rate_not_applied" | "after_hours_billed_as_regular"
  | "parts_at_cost" | "expired_discount" | "duplicate_invoice" | "tax_not_charged"
  | "excessive_credit_note" | "warranty_outside_period";
export const LEAK_KINDS: LeakKind[] = ["missed_escalation", "stale_labour_rate", "after_hours_rate_not_applied", "after_hours_billed_as_regular", "parts_at_cost", "expired_discount", "duplicate_invoice", "tax_not_charged", "excessive_credit_note", "warranty_outside_period"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

interface Line { item: string; desc: string; unit: string; qty: number; price: number; discount: number; amount: number; taxable: "all" | "parts" }
interface Doc {
  no: string; type: "Invoice" | "Credit Memo"; date: string; customer: Customer; jobNo: string; jobType: string; serviceDate: string;
  start: string; tech: string; location: string; agreement: string; original: Doc | null; memo: string; lines: Line[];
  tax: number; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Customer {
  id: string; name: string; currency: "USD" | "CAD"; region: string; rate: number; labourTaxed: boolean; partsExtra: number;
  exempt: string; locations: string[]; agreement?: Agreement; rateCard?: string; national?: National;
}
interface Agreement { id: string; plan: string; freq: 1 | 3 | 12; start: string; years: { from: string; to: string; plan: number; labour: number }[]; policy: string; upgrade?: { date: string; plan: string; factor: number } }
interface National { id: string; renewed: boolean; rates: Record<string, [number, number]> }
interface ContractRow { id: string; customer: string; item: string; price: number; currency: string; unit: string; from: string; to: string; /** A maintenance plan's billing cadence in months. */ freq?: number }
interface PriceRow { item: string; price: number; currency: string; from: string }

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
const weekday = (d: string) => new Date(d).getUTCDay();
const FIRST = "2025-01-01", LAST = "2026-09-30", NEW_BOOK = "2026-01-01";

// Jurisdictions: combined rate, whether labour and service fees are taxed (parts always are), and
// BC's PST on parts only on top of the GST.
const REGIONS: { region: string; currency: "USD" | "CAD"; rates: number[]; labourTaxed: boolean; partsExtra: number; weight: number }[] = [
  { region: "TX", currency: "USD", rates: [0.0825, 0.0825, 0.0675, 0.08], labourTaxed: true, partsExtra: 0, weight: 18 },
  { region: "NY", currency: "USD", rates: [0.08875, 0.08, 0.0875, 0.0825], labourTaxed: true, partsExtra: 0, weight: 14 },
  { region: "CA", currency: "USD", rates: [0.0725, 0.095, 0.1025, 0.0875], labourTaxed: false, partsExtra: 0, weight: 14 },
  { region: "FL", currency: "USD", rates: [0.07, 0.065, 0.075], labourTaxed: false, partsExtra: 0, weight: 10 },
  { region: "IL", currency: "USD", rates: [0.1025, 0.0825, 0.0875], labourTaxed: false, partsExtra: 0, weight: 8 },
  { region: "WA", currency: "USD", rates: [0.101, 0.089, 0.092], labourTaxed: true, partsExtra: 0, weight: 6 },
  { region: "ON", currency: "CAD", rates: [0.13], labourTaxed: true, partsExtra: 0, weight: 14 },
  { region: "AB", currency: "CAD", rates: [0.05], labourTaxed: true, partsExtra: 0, weight: 5 },
  { region: "BC", currency: "CAD", rates: [0.05], labourTaxed: true, partsExtra: 0.07, weight: 5 },
  { region: "QC", currency: "CAD", rates: [0.14975], labourTaxed: true, partsExtra: 0, weight: 6 },
];

export function generateFieldService(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const dayIn = (from: string, to: string) => addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 86400000)));

  // The price book: labour, overtime (1.5×) and emergency (2×) rates, trip and call-out charges,
  // flat-rate tasks, ~120 parts at cost × a markup that varies by part (cheap parts carry more). On
  // 1 January 2026 a new book: +7 % labour, +4 % parts cost.
  const fx = { USD: 1, CAD: 1.35 } as const;
  const services: Record<string, { desc: string; unit: string; usd: [number, number] }> = {
    "LAB-REG": { desc: "Labor - Regular", unit: "HR", usd: [135, 145] },
    "LAB-OT": { desc: "Labor - Overtime 1.5x", unit: "HR", usd: [202.5, 217.5] },
    "LAB-EMG": { desc: "Labor - Emergency/Weekend 2x", unit: "HR", usd: [270, 290] },
    "TRIP": { desc: "Trip Charge", unit: "EA", usd: [89, 95] },
    "CALLOUT-EMG": { desc: "Emergency Call-Out Surcharge", unit: "EA", usd: [150, 165] },
    "FR-DIAG": { desc: "Diagnostic - Flat Rate", unit: "EA", usd: [129, 139] },
    "FR-FILTER": { desc: "Filter Change RTU - Flat Rate", unit: "EA", usd: [189, 199] },
    "FR-BELT": { desc: "Belt Replacement - Flat Rate", unit: "EA", usd: [159, 169] },
    "FR-COIL": { desc: "Coil Cleaning - Flat Rate", unit: "EA", usd: [349, 369] },
    "FR-ELEV-CB": { desc: "Elevator Callback - Flat Rate", unit: "EA", usd: [295, 315] },
  };
  const svcPrice = (item: string, cur: "USD" | "CAD", date: string) => r2(services[item]!.usd[date >= NEW_BOOK ? 1 : 0] * fx[cur]);
  const parts: { item: string; desc: string; cost: number; markup: number }[] = [];
  const partNames = ["Capacitor", "Contactor", "Fan Motor", "Igniter", "Flame Sensor", "Thermostat", "Filter 20x25", "V-Belt", "Pressure Switch", "Door Operator Relay", "Limit Switch", "Refrigerant R-410A lb", "Compressor", "TXV Valve", "Control Board", "Hall Button", "Gear Oil qt", "Damper Actuator"];
  for (let i = 0; i < 120; i++) {
    const cost = r2(3 + rnd() * rnd() * rnd() * 1800);
    const markup = cost < 25 ? pick([2.0, 2.5, 3.0]) : cost < 200 ? pick([1.5, 1.65, 1.8, 2.0]) : pick([1.3, 1.35, 1.5]);
    parts.push({ item: `P-${10000 + i * 37}`, desc: `${pick(partNames)} ${int(1, 99)}`, cost, markup });
  }
  const partCost = (p: { cost: number }, cur: "USD" | "CAD", date: string) => r2(p.cost * fx[cur] * (date >= NEW_BOOK ? 1.04 : 1));
  const partPrice = (p: { cost: number; markup: number }, cur: "USD" | "CAD", date: string) => r2(partCost(p, cur, date) * p.markup);
  const priceRows: PriceRow[] = [];
  for (const cur of ["USD", "CAD"] as const) {
    for (const item of Object.keys(services)) { priceRows.push({ item, price: svcPrice(item, cur, FIRST), currency: cur, from: "" }, { item, price: svcPrice(item, cur, NEW_BOOK), currency: cur, from: NEW_BOOK }); }
    for (const p of parts) priceRows.push({ item: p.item, price: partPrice(p, cur, FIRST), currency: cur, from: "" }, { item: p.item, price: partPrice(p, cur, NEW_BOOK), currency: cur, from: NEW_BOOK });
  }

  // Customers: mostly commercial buildings; schools and hospitals tax-exempt; national accounts
  // with many locations under one customer number.
  const customers: Customer[] = [];
  const totalWeight = REGIONS.reduce((s, r) => s + r.weight, 0);
  const regionPick = () => { let x = rnd() * totalWeight; for (const r of REGIONS) { x -= r.weight; if (x < 0) return r; } return REGIONS[0]!; };
  const kinds = ["Office Tower", "Medical Office", "Retail Plaza", "Warehouse", "Hotel", "Condo Assn", "School District", "Hospital", "Restaurant", "Church", "Data Center"];
  for (let i = 0; i < 1500; i++) {
    const reg = regionPick();
    const kind = pick(kinds);
    const exempt = (kind === "School District" || kind === "Hospital" || kind === "Church") && chance(0.5) ? `EX-${reg.region}-${int(100000, 999999)}` : "";
    customers.push({ id: `C${String(20000 + i)}`, name: `${pick(["North", "West", "Lake", "Oak", "River", "Summit", "Harbor", "Pine", "Metro", "Bay"])} ${kind} ${i}`, currency: reg.currency, region: reg.region, rate: pick(reg.rates), labourTaxed: reg.labourTaxed, partsExtra: reg.partsExtra, exempt, locations: [`${int(100, 9999)} ${pick(["Main St", "Commerce Dr", "1st Ave", "Industrial Blvd", "King St", "Rue Sherbrooke"])}`] });
  }
  const contracts: ContractRow[] = [];
  // National accounts: 12 chains, 6–20 locations each; negotiated labour and trip rates for 2025,
  // renewed for 2026 at a few percent more — except three that were not renewed (list from 2026).
  const nationals = customers.slice(0, 12);
  nationals.forEach((c, k) => {
    c.name = `${pick(["QuickMart", "FreshFoods", "BankWest", "FitLife", "BurgerCo", "PharmaPlus"])} National ${k}`;
    c.exempt = "";
    c.locations = Array.from({ length: int(6, 20) }, (_, j) => `Store #${100 + j * 7}`);
    const id = `NA-${300 + k}`;
    const rates: Record<string, [number, number]> = {};
    for (const item of ["LAB-REG", "LAB-OT", "LAB-EMG", "TRIP"]) {
      const list = svcPrice(item, c.currency, FIRST);
      const y1 = r2(list * (0.84 + 0.03 * (k % 3)));
      rates[item] = [y1, r2(y1 * 1.04)];
    }
    c.national = { id, renewed: k % 4 !== 3, rates };
    for (const [item, [y1, y2]] of Object.entries(rates)) {
      contracts.push({ id, customer: c.id, item, price: y1, currency: c.currency, unit: services[item]!.unit, from: FIRST, to: "2025-12-31" });
      if (c.national.renewed) contracts.push({ id, customer: c.id, item, price: y2, currency: c.currency, unit: services[item]!.unit, from: NEW_BOOK, to: "2026-12-31" });
    }
  });
  // Maintenance agreements (~60 % of the rest): a plan price billed in advance monthly, quarterly
  // or annually; on each anniversary a CPI uplift of 3–5 % (some capped at 3 %, some grandfathered);
  // the labour rate card locked at the price book of the agreement's start and uplifted with it.
  const plans = ["PM-HVAC", "PM-HVAC", "PM-ELEV", "PM-BOILER"];
  let agrSeq = 0;
  for (const c of customers.slice(12)) {
    if (!chance(0.6)) continue;
    const start = dayIn("2022-06-01", "2026-05-31");
    const policy = chance(0.7) ? "cpi" : chance(0.5) ? "capped" : "grandfathered";
    const plan = pick(plans);
    const freq = pick([1, 1, 1, 3, 3, 12] as const);
    const base = r2((plan === "PM-ELEV" ? 350 + rnd() * 1400 : 120 + rnd() * rnd() * 2200) * fx[c.currency]);
    let labour = svcPrice("LAB-REG", c.currency, start);
    let price = base;
    const a: Agreement = { id: `MA-${String(++agrSeq).padStart(5, "0")}`, plan, freq, start, years: [], policy };
    for (let y = 0; ; y++) {
      const from = addMonths(start, 12 * y);
      if (from > "2026-12-31") break;
      if (y > 0 && policy !== "grandfathered") {
        const uplift = policy === "capped" ? Math.min(0.03, pick([0.03, 0.035, 0.04, 0.045, 0.05])) : pick([0.03, 0.035, 0.04, 0.045, 0.05]);
        price = r2(price * (1 + uplift)); labour = r2(labour * (1 + uplift));
      }
      a.years.push({ from, to: addDays(addMonths(start, 12 * (y + 1)), -1), plan: price, labour });
    }
    if (freq === 1 && chance(0.06) && start < "2025-06-01") a.upgrade = { date: dayIn("2025-03-02", "2026-06-28"), plan: `${plan}-PLUS`, factor: pick([1.25, 1.4, 1.6]) };
    c.agreement = a;
    for (const yr of a.years) {
      if (yr.to < FIRST) continue;
      const planRow = (item: string, price: number, from: string, to: string) => contracts.push({ id: a.id, customer: c.id, item, price, currency: c.currency, unit: "MO", from, to, freq: a.freq });
      if (a.upgrade && a.upgrade.date > yr.from && a.upgrade.date <= yr.to) {
        planRow(plan, yr.plan, yr.from, addDays(a.upgrade.date, -1));
        planRow(a.upgrade.plan, r2(yr.plan * a.upgrade.factor), a.upgrade.date, yr.to);
      } else if (a.upgrade && a.upgrade.date <= yr.from) planRow(a.upgrade.plan, r2(yr.plan * a.upgrade.factor), yr.from, yr.to);
      else planRow(plan, yr.plan, yr.from, yr.to);
      // The grandfathered agreement's rows are one open-ended row each, as the system keeps them.
      for (const [item, f] of [["LAB-REG", 1], ["LAB-OT", 1.5], ["LAB-EMG", 2]] as const)
        contracts.push({ id: a.id, customer: c.id, item, price: r2(yr.labour * f), currency: c.currency, unit: "HR", from: yr.from, to: yr.to });
    }
  }
  // Negotiated rate cards without an agreement: property managers with a labour rate well below list.
  let rcSeq = 0;
  for (const c of customers.slice(12).filter((c) => !c.agreement)) {
    if (!chance(0.18)) continue;
    c.rateCard = `RC-${String(++rcSeq).padStart(4, "0")}`;
    const f = pick([0.8, 0.85, 0.88]);
    for (const item of ["LAB-REG", "LAB-OT", "LAB-EMG"])
      for (const [from, to] of [[FIRST, "2025-12-31"], [NEW_BOOK, "2026-12-31"]])
        contracts.push({ id: c.rateCard, customer: c.id, item, price: r2(svcPrice(item, c.currency, from!) * f), currency: c.currency, unit: "HR", from: from!, to: to! });
  }
  const techs = Array.from({ length: 64 }, (_, i) => `${pick(["J.", "M.", "A.", "R.", "S.", "D.", "K.", "L."])} ${pick(["Garcia", "Smith", "Nguyen", "Patel", "Tremblay", "Roy", "Johnson", "Kowalski", "Chen", "Okafor"])} (T${300 + i})`);

  // Prices a line of this customer is billed at on this day (the agreement or rate card in force,
  // the national account's negotiated rate, else the price book).
  const yearOf = (a: Agreement, date: string) => a.years.find((y) => y.from <= date && date <= y.to);
  const labourPrice = (c: Customer, item: string, date: string): { price: number; contract: string } => {
    const f = item === "LAB-OT" ? 1.5 : item === "LAB-EMG" ? 2 : 1;
    if (c.agreement && item.startsWith("LAB-")) { const y = yearOf(c.agreement, date); if (y) return { price: r2(y.labour * f), contract: c.agreement.id }; }
    if (c.national && (c.national.renewed || date < NEW_BOOK) && c.national.rates[item]) return { price: c.national.rates[item]![date >= NEW_BOOK ? 1 : 0], contract: c.national.id };
    const rc = c.rateCard ? contracts.find((r) => r.id === c.rateCard && r.item === item && r.from <= date && date <= r.to) : undefined;
    if (rc) return { price: rc.price, contract: rc.id };
    return { price: svcPrice(item, c.currency, date), contract: "" };
  };
  const line = (item: string, desc: string, unit: string, qty: number, price: number, discount = 0, taxable: "all" | "parts" = "all"): Line =>
    ({ item, desc, unit, qty, price, discount, amount: r2(qty * price * (1 - discount / 100)), taxable });
  const svcLine = (c: Customer, item: string, qty: number, date: string) => line(item, services[item]!.desc, services[item]!.unit, qty, labourPrice(c, item, date).price);
  const partLine = (c: Customer, p: (typeof parts)[number], qty: number, date: string) =>
    line(p.item, p.desc, "EA", qty, partPrice(p, c.currency, date), c.national ? 8 : c.agreement ? 10 : 0, "parts");
  const taxOf = (c: Customer, lines: Line[]) => {
    if (c.exempt) return 0;
    const all = lines.reduce((s, l) => s + l.amount, 0);
    const partsBase = lines.filter((l) => l.taxable === "parts").reduce((s, l) => s + l.amount, 0);
    const base = c.labourTaxed ? all : partsBase;
    return r2(base * c.rate + partsBase * c.partsExtra);
  };
  const statedRate = (c: Customer) => (c.exempt ? 0 : c.rate + c.partsExtra);

  const docs: Doc[] = [];
  let jobSeq = 0;
  const newJob = () => `J${String(4000000 + ++jobSeq * 3)}`;
  const finish = (d: Omit<Doc, "tax">): Doc => { const full = { ...d, tax: taxOf(d.customer, d.lines) } as Doc; docs.push(full); return full; };
  const base = (c: Customer, date: string, regular: string): Omit<Doc, "tax"> => ({
    no: "", type: "Invoice", date, customer: c, jobNo: "", jobType: "", serviceDate: date, start: "", tech: "", location: pick(c.locations),
    agreement: c.agreement?.id ?? c.national?.id ?? c.rateCard ?? "", original: null, memo: "", lines: [], regular,
  });

  // Maintenance billing in advance on the 1st: a month, a quarter or a year at the plan price in
  // force that day (the anniversary's uplift included); the upgrade month's prorated difference.
  for (const c of customers) {
    const a = c.agreement;
    if (!a) continue;
    let first = a.start.slice(0, 7) + "-01";
    if (first < a.start) first = addMonths(first, 1);
    for (let d = first; d <= LAST; d = addMonths(d, a.freq)) {
      if (d < FIRST) continue;
      const y = yearOf(a, d);
      if (!y) continue;
      const upgraded = a.upgrade && a.upgrade.date <= d;
      const plan = upgraded ? a.upgrade!.plan : a.plan;
      const price = upgraded ? r2(y.plan * a.upgrade!.factor) : y.plan;
      const doc = base(c, d, a.policy === "grandfathered" ? "maintenance_grandfathered" : y.from > FIRST && y.from <= d && addMonths(y.from, a.freq) > d ? "maintenance_after_escalation" : a.freq === 1 ? "maintenance_monthly" : a.freq === 3 ? "maintenance_quarterly" : "maintenance_annual");
      doc.jobType = "Maintenance Agreement"; doc.memo = `${plan} ${a.freq === 1 ? "monthly" : a.freq === 3 ? "quarterly" : "annual"} billing ${d.slice(5, 7)}/${d.slice(0, 4)}`;
      doc.location = c.locations[0]!;
      doc.lines = [line(plan, `Preventive maintenance agreement ${plan}`, "MO", a.freq, price)];
      finish(doc);
      if (a.upgrade && a.upgrade.date > d && a.upgrade.date < addMonths(d, 1)) {
        const days = Math.round((Date.parse(addMonths(d, 1)) - Date.parse(a.upgrade.date)) / 86400000);
        const month = Math.round((Date.parse(addMonths(d, 1)) - Date.parse(d)) / 86400000);
        const diff = r2((r2(price * a.upgrade.factor) - price) * days / month);
        const up = base(c, a.upgrade.date, "prorated_upgrade");
        up.jobType = "Maintenance Agreement"; up.memo = `Prorated upgrade ${a.plan} to ${a.upgrade.plan} for ${days} of ${month} days`;
        up.location = c.locations[0]!;
        up.lines = [line(a.upgrade.plan, `Upgrade to ${a.upgrade.plan} - prorated`, "MO", 1, diff)];
        finish(up);
      }
    }
  }

  // Service calls: time and materials or flat rate; after-hours at overtime, weekends and nights at
  // the emergency rate plus a call-out surcharge; trip charge (waived for agreement customers);
  // parts at the price book (less the member's or national account's discount); warranty at 0.
  const visitDate = (): { date: string; start: string; when: "day" | "evening" | "weekend" } => {
    const date = dayIn(FIRST, "2026-09-25");
    const wd = weekday(date);
    if (wd === 0 || wd === 6) return { date, start: `${String(int(7, 22)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`, when: "weekend" };
    if (chance(0.12)) return { date, start: `${String(pick([5, 18, 19, 20, 21, 22])).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`, when: "evening" };
    return { date, start: `${String(int(7, 16)).padStart(2, "0")}:${pick(["00", "15", "30", "45"])}`, when: "day" };
  };
  const serviceDoc = (c: Customer, v: ReturnType<typeof visitDate>, regular: string): Omit<Doc, "tax"> => {
    const d = base(c, addDays(v.date, pick([0, 0, 0, 1, 2, 3])), regular);
    d.serviceDate = v.date; d.start = v.start; d.tech = pick(techs); d.jobNo = newJob();
    const labItem = v.when === "weekend" ? "LAB-EMG" : v.when === "evening" ? "LAB-OT" : "LAB-REG";
    d.jobType = v.when === "day" ? "Service" : "Emergency Service";
    if (!c.agreement) d.lines.push(svcLine(c, "TRIP", 1, v.date));
    if (v.when !== "day") d.lines.push(svcLine(c, "CALLOUT-EMG", 1, v.date));
    if (v.when === "day" && chance(0.45)) {
      const fr = pick(["FR-DIAG", "FR-FILTER", "FR-BELT", "FR-COIL", "FR-ELEV-CB"]);
      d.lines.push(line(fr, services[fr]!.desc, "EA", fr === "FR-FILTER" ? int(1, 6) : 1, svcPrice(fr, c.currency, v.date)));
      d.memo = "Flat rate task";
    } else d.lines.push(svcLine(c, labItem, int(2, 16) / 2, v.date));
    for (const p of new Set(Array.from({ length: pick([0, 0, 1, 1, 2, 3]) }, () => pick(parts)))) d.lines.push(partLine(c, p, p.cost < 25 ? int(1, 8) : int(1, 2), v.date));
    return d;
  };
  const invoices: Doc[] = [];
  for (const c of customers) {
    const calls = c.national ? int(15, 40) : int(1, 8);
    for (let k = 0; k < calls; k++) {
      const v = visitDate();
      const kind = v.when === "weekend" ? "emergency_weekend" : v.when === "evening" ? "after_hours_overtime" : "service_call";
      const d = serviceDoc(c, v, kind);
      if (d.lines.some((l) => l.item.startsWith("FR-"))) d.regular = "flat_rate_task";
      if (c.rateCard && d.lines.some((l) => l.item.startsWith("LAB-"))) d.regular = "negotiated_rate_card";
      if (c.national) d.regular = v.date >= NEW_BOOK && !c.national.renewed ? "national_account_after_expiry_at_list" : "national_account";
      if (c.exempt) d.regular = "tax_exempt_service";
      const inv = finish(d);
      invoices.push(inv);
      // A repeat visit: the problem came back; another job, another technician, another day (the
      // next day often), billed exactly as the first.
      if (chance(0.1)) {
        const gap = pick([1, 1, 2, 3, 4, 6]);
        const rd = addDays(v.date, gap);
        if (rd <= "2026-09-28") {
          const rep: Omit<Doc, "tax"> = { ...inv, date: addDays(rd, inv.date === inv.serviceDate ? 0 : pick([0, 1])), serviceDate: rd, start: `${String(int(7, 16)).padStart(2, "0")}:00`, tech: pick(techs.filter((t) => t !== inv.tech)), jobNo: newJob(), regular: gap === 1 ? "repeat_visit_next_day" : "repeat_visit", lines: inv.lines.map((l) => ({ ...l })) };
          invoices.push(finish(rep));
        }
      }
      // The same task at two locations of a national account on one day.
      if (c.national && c.locations.length > 1 && chance(0.12)) {
        const other = pick(c.locations.filter((l) => l !== inv.location));
        invoices.push(finish({ ...inv, location: other, jobNo: newJob(), tech: pick(techs), regular: "same_task_other_location", lines: inv.lines.map((l) => ({ ...l })) }));
      }
    }
    // Warranty work on equipment installed in the last year: 0 on every line, the warranty's end
    // date on the job.
    if (chance(0.12)) {
      const v = visitDate();
      const d = serviceDoc(c, v, "warranty_at_zero");
      d.jobType = "Warranty"; d.memo = `Warranty - unit installed ${addMonths(v.date, -int(2, 10)).slice(0, 7)}`;
      d.lines = d.lines.filter((l) => l.item !== "CALLOUT-EMG").map((l) => ({ ...l, price: 0, discount: 0, amount: 0 }));
      (d as Doc & { warrantyEnd?: string }).warrantyEnd = addMonths(v.date, int(1, 14));
      invoices.push(finish(d));
    }
  }

  // Credits: goodwill, partial credits (an hour not worked, a part returned), disputes credited in
  // full and re-invoiced (corrected hours, or unchanged for a new PO number).
  const credited = new Set<Doc>();
  const creditable = () => pick(invoices.filter((x) => x.lines.some((l) => l.amount > 0) && !credited.has(x) && x.date < "2026-09-01"));
  const credit = (inv: Doc, lines: Line[], memo: string, regular: string, days = int(3, 40)) => {
    credited.add(inv);
    return finish({ ...base(inv.customer, addDays(inv.date, days), regular), type: "Credit Memo", original: inv, jobNo: inv.jobNo, jobType: inv.jobType, serviceDate: inv.serviceDate, location: inv.location, agreement: inv.agreement, memo, lines });
  };
  for (let i = 0; i < 260; i++) {
    const inv = creditable();
    const net = inv.lines.reduce((s, l) => s + l.amount, 0);
    const r = rnd();
    if (r < 0.35) credit(inv, [line("CREDIT-GOODWILL", "Goodwill credit", "EA", 1, r2(Math.min(net * 0.5, pick([25, 50, 75, 100, 150]) * fx[inv.customer.currency])), 0, "all")], "Goodwill - delayed response", "goodwill_credit");
    else if (r < 0.6) {
      const l = pick(inv.lines.filter((x) => x.amount > 0));
      const q = l.unit === "HR" && l.qty > 1 ? 1 : l.qty > 1 ? 1 : l.qty;
      credit(inv, [{ ...l, qty: q, amount: r2(q * l.price * (1 - l.discount / 100)) }], l.unit === "HR" ? "Partial credit - hours adjusted" : "Partial credit - part returned", "partial_credit");
    } else {
      credit(inv, inv.lines.map((l) => ({ ...l })), "Credit - disputed invoice, re-invoiced", "dispute_full_credit", int(5, 20));
      const fixed = chance(0.5);
      const re = finish({ ...inv, date: addDays(inv.date, int(21, 45)), regular: fixed ? "reinvoice_corrected" : "reinvoice_unchanged", memo: fixed ? "Re-invoice: hours corrected" : "Re-invoice: PO number added", lines: inv.lines.map((l) => (fixed && l.unit === "HR" && l.qty > 1 ? { ...l, qty: l.qty - 0.5, amount: r2((l.qty - 0.5) * l.price * (1 - l.discount / 100)) } : { ...l })) });
      invoices.push(re);
    }
  }

  // Planted leaks: 40 of each kind, each its own new document (a copy or a credit where the kind
  // is one), with its true amount at risk (net of tax; the tax shortfall for the tax kind).
  const plant = (d: Omit<Doc, "tax">, kind: LeakKind, risk: number) => { const f = finish({ ...d, regular: "" }); f.leak = { kind, risk: r2(risk) }; return f; };
  const withAgreement = customers.filter((c) => c.agreement && c.agreement.policy !== "grandfathered");
  const taxable = customers.filter((c) => !c.exempt);
  const priceBook = customers.filter((c) => !c.agreement && !c.rateCard && !c.national && !c.exempt);
  for (const kind of LEAK_KINDS) for (let n = 0; n < 40; n++) {
    if (kind === "missed_escalation") {
      // The first billing after an anniversary still at last year's plan price.
      const c = pick(withAgreement.filter((x) => x.agreement!.years.some((y, i) => i > 0 && y.from > FIRST && y.from < "2026-09-01")));
      const a = c.agreement!;
      const i = a.years.findIndex((y, k) => k > 0 && y.from > FIRST && y.from < "2026-09-01");
      const [prev, y] = [a.years[i - 1]!, a.years[i]!];
      const date = addDays(y.from, int(1, 25));
      if (a.upgrade && a.upgrade.date <= date) { n--; continue; }
      const d = base(c, date, ""); d.jobType = "Maintenance Agreement"; d.location = c.locations[0]!;
      d.memo = `${a.plan} ${a.freq === 1 ? "monthly" : a.freq === 3 ? "quarterly" : "annual"} billing`;
      d.lines = [line(a.plan, `Preventive maintenance agreement ${a.plan}`, "MO", a.freq, prev.plan)];
      plant(d, kind, (y.plan - prev.plan) * a.freq);
    } else if (kind === "stale_labour_rate") {
      const c = pick(withAgreement.filter((x) => x.agreement!.years.some((y, i) => i > 0 && y.from > FIRST && y.from < "2026-09-01")));
      const a = c.agreement!;
      const i = a.years.findIndex((y, k) => k > 0 && y.from > FIRST && y.from < "2026-09-01");
      const [prev, y] = [a.years[i - 1]!, a.years[i]!];
      const v = { date: addDays(y.from, int(3, 120)), start: "09:00", when: "day" as const };
      if (v.date > "2026-09-25" || weekday(v.date) === 0 || weekday(v.date) === 6) { n--; continue; }
      const d = serviceDoc(c, v, "");
      const hours = int(2, 12) / 2;
      d.lines = [line("LAB-REG", services["LAB-REG"]!.desc, "HR", hours, prev.labour), ...d.lines.filter((l) => !l.item.startsWith("LAB-") && !l.item.startsWith("FR-"))];
      plant(d, kind, (y.labour - prev.labour) * hours);
    } else if (kind === "after_hours_rate_not_applied" || kind === "after_hours_billed_as_regular") {
      // An evening or weekend call: the overtime item at the regular rate, or the regular item.
      const c = pick(customers.filter((x) => !x.exempt));
      let v = visitDate();
      while (v.when === "day") v = visitDate();
      const d = serviceDoc(c, v, "");
      const ot = v.when === "weekend" ? "LAB-EMG" : "LAB-OT";
      const reg = labourPrice(c, "LAB-REG", v.date).price;
      const hours = int(2, 8) / 2;
      d.lines = d.lines.filter((l) => !l.item.startsWith("LAB-") && !l.item.startsWith("FR-"));
      d.lines.push(kind === "after_hours_rate_not_applied" ? line(ot, services[ot]!.desc, "HR", hours, reg) : line("LAB-REG", services["LAB-REG"]!.desc, "HR", hours, reg));
      plant(d, kind, (labourPrice(c, ot, v.date).price - reg) * hours);
    } else if (kind === "parts_at_cost") {
      const c = pick(priceBook);
      let v = visitDate();
      while (v.when !== "day") v = visitDate();
      const d = serviceDoc(c, v, "");
      const p = pick(parts.filter((x) => x.cost > 20));
      const qty = int(1, 3);
      const price = r2(partCost(p, c.currency, v.date) * pick([1, 1, 0.95]));
      d.lines = d.lines.filter((l) => l.item !== p.item).concat(line(p.item, p.desc, "EA", qty, price, 0, "parts"));
      plant(d, kind, (partPrice(p, c.currency, v.date) - price) * qty);
    } else if (kind === "expired_discount") {
      // A national account that did not renew, still billed at its 2025 negotiated rates in 2026.
      const c = pick(nationals.filter((x) => !x.national!.renewed));
      let v = visitDate();
      while (v.when !== "day" || v.date < "2026-01-05") v = visitDate();
      const d = serviceDoc(c, v, "");
      const hours = int(2, 10) / 2;
      d.lines = [line("TRIP", services.TRIP!.desc, "EA", 1, c.national!.rates.TRIP![0]), line("LAB-REG", services["LAB-REG"]!.desc, "HR", hours, c.national!.rates["LAB-REG"]![0]), ...d.lines.filter((l) => l.unit === "EA" && l.item.startsWith("P-"))];
      plant(d, kind, (svcPrice("TRIP", c.currency, v.date) - c.national!.rates.TRIP![0]) + (svcPrice("LAB-REG", c.currency, v.date) - c.national!.rates["LAB-REG"]![0]) * hours);
    } else if (kind === "duplicate_invoice") {
      // The same job billed twice: same job, technician and service date, a new invoice number.
      const src = pick(invoices.filter((x) => x.type === "Invoice" && x.jobNo && x.lines.some((l) => l.amount > 0) && !credited.has(x) && x.date < "2026-09-20"));
      plant({ ...src, date: addDays(src.date, int(0, 5)), lines: src.lines.map((l) => ({ ...l })) }, kind, 0);
    } else if (kind === "tax_not_charged") {
      const c = pick(taxable);
      const v = visitDate();
      const d = serviceDoc(c, v, "");
      if (!d.lines.some((l) => l.taxable === "parts")) d.lines.push(partLine(c, pick(parts), 1, v.date));
      const f = plant(d, kind, 0);
      f.leak!.risk = f.tax; f.tax = 0;
    } else if (kind === "excessive_credit_note") {
      // A credit that reverses the invoice and a goodwill amount on top of it, or a keying error.
      const inv = creditable();
      const net = inv.lines.reduce((s, l) => s + l.amount, 0);
      const extra = r2(net * pick([0.1, 0.3, 0.5, 1]));
      const cm = credit(inv, [...inv.lines.map((l) => ({ ...l })), line("CREDIT-GOODWILL", "Goodwill credit", "EA", 1, extra)], "Credit - customer complaint", "");
      cm.leak = { kind, risk: extra };
    } else {
      // Warranty work on a unit whose warranty ran out before the visit: should have been billed.
      const c = pick(priceBook);
      let v = visitDate();
      while (v.when !== "day") v = visitDate();
      const d = serviceDoc(c, v, "");
      const worth = d.lines.reduce((s, l) => s + l.amount, 0);
      d.jobType = "Warranty"; d.memo = `Warranty - unit installed ${addMonths(v.date, -int(14, 30)).slice(0, 7)}`;
      d.lines = d.lines.filter((l) => l.item !== "CALLOUT-EMG").map((l) => ({ ...l, price: 0, discount: 0, amount: 0 }));
      (d as Doc & { warrantyEnd?: string }).warrantyEnd = addMonths(v.date, -int(1, 12));
      plant(d, kind, worth);
    }
  }

  // Invoice numbers in date order, as the system assigns them; credit memos their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let invNo = 510000, cmNo = 9000;
  for (const d of docs) d.no = d.type === "Invoice" ? String(++invNo) : `CM-${++cmNo}`;
  const labels: Label[] = docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: d.customer.currency, amount_at_risk: d.leak!.risk }));
  return { docs, contracts, priceRows, labels, customers, statedRate };
}

// US export: MM/DD/YYYY, "1,234.56" quoted, "," between columns.
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");
const num = (v: number) => (v < 0 ? "-" : "") + Math.abs(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
const pct = (v: number) => `${+(v * 100).toFixed(4)}%`;
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

/** `billingFrequency`: the rate cards also state each maintenance plan's billing cadence (a
 *  `Billing Frequency` column: Monthly, Quarterly, Annual), as a service system's agreement export
 *  can; without it the files are as they always were. */
export function writeFieldService(seed: number, out: string, opts: { billingFrequency?: boolean } = {}) {
  const g = generateFieldService(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice #", "Invoice Type", "Invoice Date", "Customer #", "Customer Name", "Currency", "State/Province", "Job #", "Job Type", "Service Date", "Start Time", "Technician", "Service Location", "Agreement #", "Tax Exempt", "Exemption Cert #", "Warranty Expires", "Original Invoice", "Memo", "Subtotal", "Tax", "Tax Rate", "Total", "Line #", "Item Code", "Description", "Unit", "Qty", "Unit Price", "Discount %", "Line Total"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const c = d.customer;
    const sub = r2(d.lines.reduce((s, l) => s + l.amount, 0));
    const w = (d as Doc & { warrantyEnd?: string }).warrantyEnd ?? "";
    d.lines.forEach((l, i) => rows.push([d.no, d.type, usDate(d.date), c.id, c.name, c.currency, c.region, d.jobNo, d.jobType, usDate(d.serviceDate), d.start, d.tech, d.location, d.agreement, c.exempt ? "Y" : "N", c.exempt, usDate(w), d.original?.no ?? "", d.memo, num(sub), num(d.tax), pct(g.statedRate(c)), num(r2(sub + d.tax)), String(i + 1), l.item, l.desc, l.unit, String(l.qty), num(l.price), l.discount ? String(l.discount) : "", num(l.amount)]));
  }
  writeFileSync(join(out, "invoice_lines.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "pricebook.csv"), csv(["Item Code", "Price", "Currency", "Effective Date"], g.priceRows.map((p) => [p.item, num(p.price), p.currency, usDate(p.from)])));
  const cadence = (c: ContractRow) => (c.freq === 1 ? "Monthly" : c.freq === 3 ? "Quarterly" : c.freq === 12 ? "Annual" : "");
  if (opts.billingFrequency) writeFileSync(join(out, "ref", "rate_cards.csv"), csv(["Agreement #", "Customer #", "Item Code", "Rate", "Currency", "Unit", "Effective", "Expires", "Billing Frequency"], g.contracts.map((c) => [c.id, c.customer, c.item, num(c.price), c.currency, c.unit, usDate(c.from), usDate(c.to), cadence(c)])));
  else writeFileSync(join(out, "ref", "rate_cards.csv"), csv(["Agreement #", "Customer #", "Item Code", "Rate", "Currency", "Unit", "Effective", "Expires"], g.contracts.map((c) => [c.id, c.customer, c.item, num(c.price), c.currency, c.unit, usDate(c.from), usDate(c.to)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, contracts: g.contracts.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeFieldService(Number(arg("--seed", "8128")), arg("--out", "/tmp/svc-8128"))));
}
