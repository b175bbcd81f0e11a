// An independent billing data set (the seventh, 2026-11-27): a commercial mechanical and
// electrical contractor billing ~300 projects over 24 months from a construction ERP (Sage 300
// CRE / Viewpoint Vista / Procore style), exported as a comma-separated invoice-line report with US
// dates and quoted "1,234.56" amounts. Written from domain knowledge before reading the detectors:
// AIA G702/G703 progress billing against a schedule of values (each month's application bills the
// period's work, billed-to-date never over the scheduled value), retainage withheld at 10 % (5 %
// after 50 % complete on some contracts) and released at substantial completion (in one lump, or
// half then and half at final completion), approved change orders raising a line or adding one
// (and deducting), stored materials billed before installation and moved out as installed,
// time-and-materials change work at the contract's labour rates (overtime and double time by the
// contract's multipliers, prevailing-wage rates on public jobs, the labour agreement's increase on
// 1 January) and material at cost plus the contract's markup, back-charges credited to the owner,
// lump-sum small jobs, service calls at the standard rates, and sales tax as US states really treat
// contractors: no tax on improving real property in most states (the contractor pays use tax on
// its materials), tax on repair and service work in Texas and New York, on parts only in
// California, Florida and Illinois, and on everything in Washington, Hawaii (GET passed on) and New
// Mexico (gross receipts) — there on the gross work or on the amount net of retainage, by contract.
// Re-submitted pay applications (rejected by the owner's architect, voided by a credit memo and
// re-issued with corrected amounts, or unchanged once a lien waiver arrived) and crews billing the
// same hours on consecutive days are regular business, not duplicates.
// Planted leaks carry their true amount at risk; every other document is labelled with the kind of
// regular business it is (the hard negatives).
// Run: bun run bench/quality/billing-construction.ts --seed 5150 --out /tmp/con
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { mulberry32 as prng } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "tm_labour_below_rate" | "material_without_markup" | "overtime_at_straight_time" | "retainage_released_twice"
  | "duplicate_pay_app" | "excessive_backcharge_credit" | "tax_not_charged_service";
export const LEAK_KINDS: LeakKind[] = ["tm_labour_below_rate", "material_without_markup", "overtime_at_straight_time", "retainage_released_twice", "duplicate_pay_app", "excessive_backcharge_credit", "tax_not_charged_service"];

export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

interface Line {
  item: string; desc: string; um: string; units: number | null; price: number | null; markup: number | null;
  scheduled: number | null; prev: number | null; period: number; stored: number; retainage: number; amount: number;
}
interface Doc {
  no: string; trans: "Invoice" | "Credit Memo"; billType: string; date: string; customer: Customer; job: Job | null; app: number | null;
  periodEnd: string; ticket: string; workDate: string; applied: Doc | null; memo: string; lines: Line[];
  retainageReleased: number; tax: number; taxCode: TaxCode; exempt: string; regular: string; leak?: { kind: LeakKind; risk: number };
}
interface Customer { id: string; name: string; kind: "gc" | "owner" | "public" | "service"; exemptCert: string }
interface TaxCode { code: string; state: string; rate: number }
interface Job {
  id: string; name: string; contract: string; customer: Customer; state: string; city: TaxCode; type: "New Construction" | "Renovation" | "Capital Improvement";
  publicWork: boolean; retainage: number; reducedAfterHalf: boolean; taxStyle: "gross" | "net"; markup: number; ot: number; dt: number; rateFactor: number;
}

const r2 = (v: number) => Math.round(v * 100 + (v >= 0 ? 1e-7 : -1e-7)) / 100;
const addDays = (d: string, n: number) => new Date(Date.parse(d) + n * 86400000).toISOString().slice(0, 10);
const addMonths = (d: string, n: number) => { const t = new Date(d); t.setUTCMonth(t.getUTCMonth() + n); return t.toISOString().slice(0, 10); };
const monthEnd = (d: string) => addDays(addMonths(d.slice(0, 7) + "-01", 1), -1);
const weekday = (d: string) => new Date(d).getUTCDay();
const FIRST = "2024-10-01", LAST = "2026-09-30";
const usDate = (iso: string) => (iso ? `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}` : "");

// Taxing jurisdictions: a code per city, as the ERP's tax groups are set up.
const CITIES: Record<string, TaxCode[]> = {
  CA: [{ code: "CA-LA", state: "CA", rate: 0.095 }, { code: "CA-SF", state: "CA", rate: 0.08625 }, { code: "CA-SD", state: "CA", rate: 0.0775 }],
  TX: [{ code: "TX-HOU", state: "TX", rate: 0.0825 }, { code: "TX-DAL", state: "TX", rate: 0.0825 }, { code: "TX-AUS", state: "TX", rate: 0.0825 }],
  NY: [{ code: "NY-NYC", state: "NY", rate: 0.08875 }, { code: "NY-NAS", state: "NY", rate: 0.08625 }, { code: "NY-WES", state: "NY", rate: 0.08375 }],
  FL: [{ code: "FL-MIA", state: "FL", rate: 0.07 }, { code: "FL-ORL", state: "FL", rate: 0.065 }, { code: "FL-TPA", state: "FL", rate: 0.075 }],
  IL: [{ code: "IL-CHI", state: "IL", rate: 0.1025 }, { code: "IL-SPR", state: "IL", rate: 0.0825 }],
  WA: [{ code: "WA-SEA", state: "WA", rate: 0.1035 }, { code: "WA-TAC", state: "WA", rate: 0.103 }, { code: "WA-SPO", state: "WA", rate: 0.091 }],
  HI: [{ code: "HI-GET", state: "HI", rate: 0.04712 }],
  NM: [{ code: "NM-ABQ", state: "NM", rate: 0.07625 }, { code: "NM-SF", state: "NM", rate: 0.081875 }, { code: "NM-LC", state: "NM", rate: 0.083125 }],
};
const STATE_WEIGHTS: [string, number][] = [["CA", 20], ["TX", 18], ["NY", 14], ["FL", 12], ["IL", 8], ["WA", 12], ["HI", 6], ["NM", 10]];
const NT: TaxCode = { code: "NT", state: "", rate: 0 };
// Gross-receipts-style states tax construction itself; in the others the contractor is the
// consumer of its materials and bills improvements to real property without tax.
const TAXES_CONSTRUCTION = new Set(["WA", "HI", "NM"]);
// Repair, remodel and service work on commercial property: taxed in full, on parts only, or not.
const SERVICE_TAX: Record<string, "all" | "parts"> = { CA: "parts", TX: "all", NY: "all", FL: "parts", IL: "parts", WA: "all", HI: "all", NM: "all" };

export function generateConstruction(seed: number) {
  const rnd = prng(seed);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(rnd() * (hi - lo + 1));
  const chance = (p: number) => rnd() < p;
  const uniform = (lo: number, hi: number) => lo + rnd() * (hi - lo);
  const dayIn = (from: string, to: string) => addDays(from, int(0, Math.round((Date.parse(to) - Date.parse(from)) / 86400000)));
  const statePick = () => { let x = rnd() * 100; for (const [s, w] of STATE_WEIGHTS) { x -= w; if (x < 0) return s; } return "CA"; };

  // Standard T&M billing rates per trade classification (straight time), raised every 1 January by
  // the trades' labour agreements; overtime and double time are the contract's multipliers of it.
  const trades: Record<string, { desc: string; base: number; raise: [number, number] }> = {
    "E-FORE": { desc: "Electrician Foreman", base: 138, raise: [0.04, 0.042] },
    "E-JW": { desc: "Journeyman Electrician", base: 124, raise: [0.04, 0.042] },
    "E-APP": { desc: "Apprentice Electrician", base: 81, raise: [0.04, 0.042] },
    "P-FORE": { desc: "Pipefitter Foreman", base: 143, raise: [0.0375, 0.035] },
    "P-JW": { desc: "Journeyman Pipefitter", base: 129, raise: [0.0375, 0.035] },
    "P-APP": { desc: "Apprentice Pipefitter", base: 84, raise: [0.0375, 0.035] },
    "SM-JW": { desc: "Sheet Metal Journeyman", base: 121, raise: [0.045, 0.04] },
  };
  const yearIndex = (d: string) => (d < "2025-01-01" ? 0 : d < "2026-01-01" ? 1 : 2);
  const stdRate = (trade: string, d: string) => { const t = trades[trade]!; let r = t.base; for (let y = 0; y < yearIndex(d); y++) r = r2(r * (1 + t.raise[y]!)); return r; };
  const YEARS: [string, string][] = [["2024-01-01", "2024-12-31"], ["2025-01-01", "2025-12-31"], ["2026-01-01", "2026-12-31"]];
  // Materials: the purchasing cost (copper-bearing items move with the metal every quarter), and
  // the standard sell price in the price list: cost plus the standard 15 % markup.
  const matNames = [["EMT 3/4in conduit", "C"], ["EMT 1in conduit", "C"], ["THHN #12 Cu wire", "M"], ["THHN #10 Cu wire", "M"], ["MC cable 12/2", "M"], ["4in square box", "EA"], ["20A 1P breaker", "EA"], ["Duplex receptacle", "EA"], ["LED troffer 2x4", "EA"], ["Occupancy sensor", "EA"], ["Type L copper 1in", "C"], ["Type L copper 2in", "C"], ["Ball valve 1in", "EA"], ["Pipe hanger 2in", "EA"], ["Black iron 2in", "C"], ["Flex duct 8in", "C"], ["Galv duct 24ga", "C"], ["VAV box 10in", "EA"], ["Grille 24x24", "EA"], ["Fire caulk", "EA"], ["Unistrut 10ft", "EA"], ["Ground rod 8ft", "EA"], ["Disconnect 60A", "EA"], ["Thermostat", "EA"]] as const;
  const materials = Array.from({ length: 60 }, (_, i) => {
    const [desc, um] = matNames[i % matNames.length]!;
    const copper = /Cu|copper|wire|MC cable/i.test(desc);
    const cost = r2((um === "EA" ? 8 + rnd() * rnd() * 900 : 40 + rnd() * 700) * (desc.startsWith("VAV") ? 3 : 1));
    return { item: `M-${20100 + i * 13}`, desc: `${desc}${i >= matNames.length ? ` (${pick(["Alt", "HD", "Spec B"])})` : ""}`, um, cost, copper };
  });
  const QUARTERS: string[] = [];
  for (let q = "2024-07-01"; q <= LAST; q = addMonths(q, 3)) QUARTERS.push(q);
  const quarterMoves = QUARTERS.map(() => ({ copper: uniform(-0.03, 0.07), other: uniform(0, 0.02) }));
  const matCost = (m: (typeof materials)[number], d: string) => { let c = m.cost; for (let q = 1; q < QUARTERS.length && QUARTERS[q]! <= d; q++) c = r2(c * (1 + (m.copper ? quarterMoves[q]!.copper : quarterMoves[q]!.other))); return c; };
  const STD_MARKUP = 0.15;
  const priceRows: { item: string; price: number; um: string; from: string }[] = [];
  for (const t of Object.keys(trades)) for (const [from] of YEARS) priceRows.push({ item: `${t}-ST`, price: stdRate(t, from), um: "HR", from }, { item: `${t}-OT`, price: r2(stdRate(t, from) * 1.5), um: "HR", from }, { item: `${t}-DT`, price: r2(stdRate(t, from) * 2), um: "HR", from });
  for (const m of materials) for (const q of QUARTERS) priceRows.push({ item: m.item, price: r2(matCost(m, q) * (1 + STD_MARKUP)), um: m.um, from: q });
  const truck = (d: string) => (yearIndex(d) === 2 ? 125 : 115);
  for (const [from] of YEARS) priceRows.push({ item: "TRUCK", price: truck(from), um: "EA", from });

  // Customers: general contractors we work for as a subcontractor, owners who hire us directly,
  // public owners (prevailing wage; exempt from tax where the state exempts them), and building
  // owners and managers who call us for service.
  const customers: Customer[] = [];
  const gcNames = ["Turner", "Skanska", "Whiting", "Hensel", "McCarthy", "Clark", "Gilbane", "Mortenson", "Swinerton", "DPR", "Hoar", "Brasfield", "Balfour", "Suffolk", "JE Dunn"];
  for (let i = 0; i < 45; i++) customers.push({ id: `GC${1000 + i}`, name: `${pick(gcNames)} Builders ${i}`, kind: "gc", exemptCert: "" });
  for (let i = 0; i < 40; i++) customers.push({ id: `OW${2000 + i}`, name: `${pick(["Harbor", "Summit", "Oak", "Metro", "Pacific", "Lone Star"])} ${pick(["Properties", "Medical Center", "Realty", "Logistics", "Hotels"])} ${i}`, kind: "owner", exemptCert: "" });
  for (let i = 0; i < 25; i++) customers.push({ id: `PB${3000 + i}`, name: `${pick(["City of", "County of", "Unified School District", "State University", "Port of"])} ${pick(["Riverside", "Travis", "Kings", "Dade", "Cook", "King", "Honolulu", "Bernalillo"])} ${i}`, kind: "public", exemptCert: `EX-${int(100000, 999999)}` });
  for (let i = 0; i < 650; i++) customers.push({ id: `SV${5000 + i}`, name: `${pick(["Plaza", "Tower", "Center", "Park", "Building"])} ${pick(["Management", "Owners LLC", "Partners", "Holdings"])} ${i}`, kind: "service", exemptCert: chance(0.07) ? `EX-${int(100000, 999999)}` : "" });
  const gcs = customers.filter((c) => c.kind === "gc"), owners = customers.filter((c) => c.kind === "owner"), publics = customers.filter((c) => c.kind === "public"), servicers = customers.filter((c) => c.kind === "service");

  const docs: Doc[] = [];
  const contractRows: { contract: string; customer: string; item: string; rate: number; um: string; from: string; to: string }[] = [];
  const jobs: Job[] = [];
  const newDoc = (p: Partial<Doc> & Pick<Doc, "customer" | "date" | "billType" | "regular">): Doc => {
    const d: Doc = { no: "", trans: "Invoice", job: null, app: null, periodEnd: "", ticket: "", workDate: "", applied: null, memo: "", lines: [], retainageReleased: 0, tax: 0, taxCode: NT, exempt: "", ...p };
    docs.push(d);
    return d;
  };
  const blank = (l: Partial<Line> & Pick<Line, "item" | "desc" | "amount">): Line => ({ um: "", units: null, price: null, markup: null, scheduled: null, prev: null, period: 0, stored: 0, retainage: 0, ...l });
  const gross = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));
  const withheld = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.retainage, 0));

  // What a document of a job owes in tax: a construction job's tax code by its state and type; the
  // gross-receipts states on the gross work or net of retainage (then the retainage is taxed when
  // released), by contract.
  const jobTaxCode = (j: Job): TaxCode => {
    if (TAXES_CONSTRUCTION.has(j.state)) return j.city;
    if (j.state === "TX" && j.type === "Renovation" && j.customer.kind !== "public") return j.city; // repair/remodel of nonresidential property
    return NT;
  };
  const jobExempt = (j: Job) => (j.customer.kind === "public" && !TAXES_CONSTRUCTION.has(j.state) ? j.customer.exemptCert : j.state === "NY" && j.type === "Capital Improvement" ? "ST-124" : "");
  const taxJobDoc = (d: Doc, j: Job) => {
    d.taxCode = jobTaxCode(j); d.exempt = jobExempt(j);
    if (d.exempt || d.taxCode.rate === 0) { d.tax = 0; return; }
    const base = d.billType === "Retainage Release" ? (j.taxStyle === "net" ? d.retainageReleased : 0) : j.taxStyle === "net" ? gross(d) - withheld(d) : gross(d);
    d.tax = r2(base * d.taxCode.rate);
  };

  // ~300 projects: 220 progress-billed contracts, 80 lump-sum small jobs.
  const csi = {
    E: [["26 05 00", "Electrical general requirements"], ["26 05 19", "Wire and cable"], ["26 05 33", "Raceways and boxes"], ["26 24 13", "Switchboards"], ["26 24 16", "Panelboards"], ["26 27 26", "Wiring devices"], ["26 51 00", "Interior lighting"], ["26 56 00", "Exterior lighting"], ["27 10 00", "Structured cabling"], ["28 31 00", "Fire alarm"], ["26 32 13", "Engine generators"], ["26 05 26", "Grounding and bonding"]],
    M: [["23 05 00", "HVAC general requirements"], ["23 07 00", "HVAC insulation"], ["23 21 13", "Hydronic piping"], ["23 31 13", "Metal ducts"], ["23 36 00", "Air terminal units"], ["23 64 00", "Chillers"], ["23 73 00", "Air handling units"], ["23 09 00", "Controls"], ["22 11 16", "Domestic water piping"], ["22 13 16", "Sanitary waste piping"], ["23 05 93", "Testing, adjusting and balancing"], ["22 40 00", "Plumbing fixtures"]],
  } as const;
  const equipment = new Set(["26 24 13", "26 32 13", "23 64 00", "23 73 00"]);
  let jobSeq = 0;
  for (let p = 0; p < 300; p++) {
    const trade = chance(0.5) ? "E" : "M";
    const state = statePick();
    const cust = chance(0.6) ? pick(gcs) : chance(0.6) ? pick(owners) : pick(publics);
    const small = p >= 220;
    const type = small ? (chance(0.7) ? "Renovation" : "New Construction") : pick(["New Construction", "New Construction", "Renovation", state === "NY" ? "Capital Improvement" : "Renovation"] as const);
    const id = `${trade === "E" ? "2" : "3"}${String(24100 + ++jobSeq * 7).padStart(5, "0")}`;
    const j: Job = {
      id, name: `${pick(["Medical Office", "Distribution Center", "Elementary School", "Hotel", "Lab Building", "Parking Structure", "Office Tenant Fit-out", "Data Hall", "Retail Center"])} ${pick(["Phase 1", "Phase 2", "Expansion", "Renovation", "New Build"])}`,
      contract: `${id}-C`, customer: cust, state, city: pick(CITIES[state]!), type, publicWork: cust.kind === "public", retainage: small ? 0 : chance(0.15) ? 0.05 : 0.1,
      reducedAfterHalf: chance(0.3), taxStyle: chance(0.6) ? "gross" : "net", markup: pick([0.1, 0.1, 0.12, 0.15, 0.15]), ot: pick([1.5, 1.5, 1.5, 1.35]), dt: pick([2, 2, 1.7]), rateFactor: cust.kind === "public" ? uniform(1.22, 1.35) : pick([1, 1, 0.95, 0.92]),
    };
    jobs.push(j);
    const start = dayIn("2023-10-01", "2026-06-30");
    if (small) {
      // A lump-sum small job: one invoice at completion, per the proposal; now and then the same
      // scope at a second site of the same customer billed the same day.
      const date = dayIn(FIRST, "2026-09-20");
      const price = r2(Math.round(uniform(3500, 85000) / 50) * 50);
      const mk = (jj: Job, regular: string) => {
        const d = newDoc({ customer: cust, date, billType: "Lump Sum", regular, job: jj, periodEnd: date, memo: `Lump sum per proposal P-${int(1000, 9999)}` });
        d.lines = [blank({ item: "LS-BASE", desc: `${trade === "E" ? "Electrical" : "Mechanical"} scope per proposal`, um: "LS", units: 1, price, amount: price })];
        taxJobDoc(d, jj);
      };
      mk(j, "lump_sum_job");
      if (chance(0.2)) {
        const twin: Job = { ...j, id: `${id}-B`, name: `${j.name} (second site)`, contract: `${id}-B-C`, city: pick(CITIES[state]!) };
        jobs.push(twin);
        mk(twin, "lump_sum_same_scope_other_site");
      }
      continue;
    }
    // The contract's T&M rate schedule for change work: its rates per classification, raised each
    // 1 January with the labour agreement (prevailing wage on public work).
    const tradeKeys = Object.keys(trades).filter((t) => (trade === "E" ? t.startsWith("E-") : !t.startsWith("E-")));
    for (const t of tradeKeys) for (const [from, to] of YEARS) {
      const st = r2(stdRate(t, from) * j.rateFactor);
      contractRows.push({ contract: j.contract, customer: cust.id, item: `${t}-ST`, rate: st, um: "HR", from, to }, { contract: j.contract, customer: cust.id, item: `${t}-OT`, rate: r2(st * j.ot), um: "HR", from, to }, { contract: j.contract, customer: cust.id, item: `${t}-DT`, rate: r2(st * j.dt), um: "HR", from, to });
    }
    const rateOf = (item: string, d: string) => contractRows.find((r) => r.contract === j.contract && r.item === item && r.from <= d && d <= r.to)!.rate;

    // The schedule of values: lump-sum lines and a few unit-priced ones.
    const months = int(4, 18);
    const value = Math.round(uniform(150_000, 6_000_000) / 1000) * 1000;
    const codes = [...csi[trade]].sort(() => rnd() - 0.5).slice(0, int(6, 12));
    const weights = codes.map(() => 0.3 + rnd());
    const ws = weights.reduce((a, b) => a + b, 0);
    type Sov = { code: string; desc: string; sv: number; from: number; to: number; billed: number; unit?: { um: string; price: number; qty: number; done: number }; stored: number; storedAt?: number };
    const sov: Sov[] = codes.map(([code, desc], i) => {
      const a = int(0, Math.max(0, months - 3)), b = Math.min(months - 1, a + int(1, months));
      const s: Sov = { code, desc, sv: Math.round((value * weights[i]!) / ws), from: a, to: b, billed: 0, stored: 0 };
      if (!equipment.has(code) && chance(0.15)) { const price = r2(uniform(85, 900)); const qty = Math.max(10, Math.round(s.sv / price)); s.unit = { um: pick(["EA", "LF"]), price, qty, done: 0 }; s.sv = r2(qty * price); }
      if (equipment.has(code) && chance(0.6) && a > 0) s.storedAt = a - 1;
      return s;
    });
    // Approved change orders: a line raised or a new line; a fifth of them deducts.
    const cos: { at: number; line: Sov | null; add: number; no: number }[] = [];
    for (let k = 0; k < int(0, 5); k++) {
      const at = int(1, Math.max(1, months - 2));
      const add = Math.round(value * uniform(0.005, 0.06) * (chance(0.2) ? -1 : 1));
      cos.push({ at, line: chance(0.5) ? pick(sov.filter((s) => !s.unit)) ?? null : null, add, no: k + 1 });
    }
    cos.sort((a, b) => a.at - b.at);
    let withheldToDate = 0, billedToDate = 0, contractValue = sov.reduce((s, l) => s + l.sv, 0);
    const billDay = pick([25, 0]);
    const progressDocs: Doc[] = [];
    const voided = new Set<Doc>();
    const reissued: Doc[] = [];
    let lastDate = "";
    for (let m = 0; m < months; m++) {
      const periodEnd = billDay === 25 ? addDays(addMonths(start.slice(0, 7) + "-01", m), 24) : monthEnd(addMonths(start.slice(0, 7) + "-01", m));
      const date = addDays(periodEnd, int(0, 4));
      if (date > LAST) break;
      let regular = "progress_billing";
      for (const co of cos.filter((c) => c.at === m)) {
        if (co.line) { co.line.sv += co.add; regular = co.add < 0 ? "negative_change_order" : "change_order_raised_line"; }
        else { sov.push({ code: `CO-${String(co.no).padStart(3, "0")}`, desc: co.add < 0 ? "Deduct: owner-furnished equipment" : pick(["Added receptacles per RFI", "Relocate ductwork per ASI", "Additional panel per owner", "Revised lighting controls"]), sv: co.add, from: m, to: Math.min(months - 1, m + int(0, 3)), billed: 0, stored: 0 }); regular = co.add < 0 ? "negative_change_order" : "change_order_new_line"; }
        contractValue += co.add;
      }
      const lines: Line[] = [];
      let periodGross = 0;
      for (const s of sov) {
        // Cumulative percent complete on the line's own window (an S-curve), the period's work the
        // difference; the last month of the line tops it up to 100 %.
        const pct = m < s.from ? 0 : m >= s.to ? 1 : Math.min(1, (1 - Math.cos(Math.PI * (m - s.from + 1) / (s.to - s.from + 1))) / 2);
        let period: number, units: number | null = null;
        if (s.unit) { const done = Math.round(s.unit.qty * pct); units = done - s.unit.done; s.unit.done = done; period = r2(units * s.unit.price); }
        else period = r2(s.sv * pct - s.billed);
        // Stored materials: equipment delivered and billed the month before it is installed, then
        // moved out of storage into the work completed.
        let stored = 0;
        if (s.storedAt === m) { stored = r2(s.sv * uniform(0.5, 0.75)); s.stored = stored; }
        else if (s.stored && period > 0) { stored = -s.stored; s.stored = 0; }
        const prev = s.billed;
        s.billed = r2(s.billed + period);
        const earned = r2(period + stored);
        const pctComplete = (billedToDate + periodGross) / contractValue;
        const rate = j.reducedAfterHalf && pctComplete >= 0.5 ? j.retainage / 2 : j.retainage;
        const ret = r2(earned * rate);
        periodGross += earned;
        if (rate < j.retainage && regular === "progress_billing") regular = "retainage_reduced_after_half";
        if (stored !== 0 && regular === "progress_billing") regular = "stored_materials";
        lines.push(blank({ item: s.code, desc: s.desc, um: s.unit ? s.unit.um : "LS", units, price: s.unit ? s.unit.price : null, scheduled: r2(s.sv), prev, period, stored, retainage: ret, amount: earned }));
      }
      if (lines.every((l) => l.amount === 0)) continue;
      billedToDate += periodGross;
      const d = newDoc({ customer: cust, date, billType: "Progress", regular, job: j, app: progressDocs.length + 1, periodEnd, memo: `Application ${progressDocs.length + 1} for period ending ${usDate(periodEnd)}`, lines });
      withheldToDate = r2(withheldToDate + withheld(d));
      taxJobDoc(d, j);
      progressDocs.push(d);
      lastDate = date;
      // A pay application the architect rejected: voided by a credit memo and re-issued under the
      // same application number, corrected (a line cut back, its work billed next month) or, once
      // the missing lien waiver arrived, unchanged.
      if (chance(0.08)) {
        const cm = newDoc({ customer: cust, trans: "Credit Memo", date: addDays(date, int(5, 12)), billType: "Progress", regular: "pay_app_voided", job: j, app: d.app, periodEnd, applied: d, memo: `Void application ${d.app} - returned by architect`, lines: d.lines.map((l) => ({ ...l })) });
        taxJobDoc(cm, j);
        voided.add(d);
        const corrected = chance(0.75);
        const re = newDoc({ customer: cust, date: addDays(cm.date, int(0, 3)), billType: "Progress", regular: corrected ? "pay_app_resubmitted_corrected" : "pay_app_resubmitted_unchanged", job: j, app: d.app, periodEnd, memo: `Application ${d.app} (revised)`, lines: d.lines.map((l) => ({ ...l })) });
        if (corrected) {
          const l = pick(re.lines.filter((x) => x.amount > 0 && x.units === null)) ?? re.lines[0]!;
          const cut = r2(l.period * uniform(0.1, 0.4));
          l.period = r2(l.period - cut); l.amount = r2(l.amount - cut); l.retainage = r2(l.amount * (l.retainage / Math.max(0.01, l.amount + cut)));
          const s = sov.find((x) => x.code === l.item);
          if (s) s.billed = r2(s.billed - cut);
          billedToDate -= cut;
        }
        taxJobDoc(re, j);
        reissued.push(re);
        lastDate = re.date;
      }
    }
    // Back-charges: the owner or GC charged us (clean-up, damage to others' work), credited
    // against a pay application: a few percent of it at most.
    for (let k = 0; k < (chance(0.3) ? int(1, 2) : 0) && progressDocs.length > 1; k++) {
      // (against an application still standing: a voided one is no longer owed)
      const inv = pick([...progressDocs.filter((x) => !voided.has(x)), ...reissued]);
      if (!inv) continue;
      const amt = r2(Math.min(gross(inv) * 0.15, Math.round(uniform(400, 15000))));
      if (amt <= 0) continue;
      const cm = newDoc({ customer: cust, trans: "Credit Memo", date: addDays(inv.date, int(10, 45)), billType: "Back-charge", regular: "back_charge_credit", job: j, applied: inv, memo: pick(["Back-charge: clean-up", "Back-charge: damaged drywall", "Back-charge: crane time", "Back-charge: dumpster"]), lines: [blank({ item: "BACKCHARGE", desc: "Back-charge credit", um: "LS", units: 1, price: amt, amount: amt })] });
      taxJobDoc(cm, j);
      if (cm.tax) cm.tax = r2(amt * cm.taxCode.rate);
    }
    // Retainage released at substantial completion, in one lump or half then and half at final
    // completion; the release bills no work.
    const complete = sov.every((s) => s.to < months) && progressDocs.length > 0 && addMonths(start, months) <= "2026-08-01";
    if (complete && withheldToDate > 0) {
      const halves = chance(0.2);
      const parts = halves ? [r2(withheldToDate / 2), r2(withheldToDate - r2(withheldToDate / 2))] : [withheldToDate];
      let when = addDays(lastDate, int(10, 60));
      for (const [i, part] of parts.entries()) {
        if (when > LAST) break;
        const d = newDoc({ customer: cust, date: when, billType: "Retainage Release", regular: halves ? "retainage_release_partial" : "retainage_release", job: j, app: progressDocs.length + 1 + i, periodEnd: when, memo: halves ? (i === 0 ? "Retainage release 50% at substantial completion" : "Final retainage release at final completion") : "Retainage release at substantial completion", lines: [blank({ item: "RET-REL", desc: "Retainage release", um: "LS", units: 1, price: part, amount: part })], retainageReleased: part });
        taxJobDoc(d, j);
        when = addDays(when, int(30, 90));
      }
    }
    // Time-and-materials change work: daily tickets, billed with the month's batch (the rates of
    // the day of the work, so a December ticket billed in January keeps December's rates);
    // material at its purchase cost plus the contract's markup.
    const tm = chance(0.6) ? int(3, 18) : 0;
    for (let k = 0; k < tm; k++) {
      const work = dayIn(addMonths(start, 1), addMonths(start, months));
      if (work > "2026-09-15" || work < "2024-01-01" || weekday(work) === 0) continue;
      const date = addDays(monthEnd(work), int(1, 8));
      if (date > LAST) continue;
      const crew = [...new Set(Array.from({ length: int(1, 3) }, () => pick(tradeKeys)))];
      const lines: Line[] = [];
      const saturday = weekday(work) === 6;
      for (const t of crew) {
        const n = int(1, 3);
        if (!saturday) { const h = n * 8; lines.push(blank({ item: `${t}-ST`, desc: `${trades[t]!.desc} - ST`, um: "HR", units: h, price: rateOf(`${t}-ST`, work), amount: r2(h * rateOf(`${t}-ST`, work)) })); }
        if (saturday || chance(0.3)) { const h = n * int(2, 8); const it = saturday && chance(0.3) ? `${t}-DT` : `${t}-OT`; lines.push(blank({ item: it, desc: `${trades[t]!.desc} - ${it.endsWith("DT") ? "DT" : "OT"}`, um: "HR", units: h, price: rateOf(it, work), amount: r2(h * rateOf(it, work)) })); }
      }
      for (const mat of new Set(Array.from({ length: int(0, 4) }, () => pick(materials)))) {
        const q = mat.um === "EA" ? int(1, 24) : int(1, 10);
        const price = r2(matCost(mat, work) * (1 + j.markup));
        lines.push(blank({ item: mat.item, desc: mat.desc, um: mat.um, units: q, price, markup: j.markup, amount: r2(q * price) }));
      }
      const ticket = `T${int(10000, 99999)}`;
      const regular = j.publicWork ? "tm_ticket_prevailing_wage" : yearIndex(work) !== yearIndex(date) ? "tm_ticket_billed_after_rate_increase" : QUARTERS.some((q) => work < q && q <= date) ? "tm_ticket_billed_after_cost_change" : "tm_ticket";
      const d = newDoc({ customer: cust, date, billType: "T&M", regular, job: j, ticket, workDate: work, periodEnd: monthEnd(work), memo: `T&M change work ticket ${ticket}`, lines });
      taxJobDoc(d, j);
      // The same crew on the same task the next working day: the same hours at the same rates on
      // its own ticket, billed in the same batch.
      // (not across 1 January: the next day's ticket would carry the new year's rates)
      if (chance(0.15) && weekday(work) < 5 && yearIndex(addDays(work, 1)) === yearIndex(work)) {
        const t2 = `T${int(10000, 99999)}`;
        newDoc({ ...d, ticket: t2, workDate: addDays(work, 1), regular: "tm_same_crew_next_day", memo: `T&M change work ticket ${t2}`, lines: d.lines.map((l) => ({ ...l })) });
      }
    }
  }

  // Service calls for building owners: standard rates from the price list, a truck charge, parts
  // at the standard sell price; evenings and Saturdays at overtime, Sundays at double time.
  const serviceJob = new Map<Customer, { state: string; city: TaxCode }>();
  for (const c of servicers) { const s = statePick(); serviceJob.set(c, { state: s, city: pick(CITIES[s]!) }); }
  const taxService = (d: Doc, c: Customer) => {
    const { state, city } = serviceJob.get(c)!;
    d.taxCode = city; d.exempt = c.exemptCert;
    if (d.exempt) { d.tax = 0; return; }
    const base = SERVICE_TAX[state] === "all" ? gross(d) : d.lines.filter((l) => l.item.startsWith("M-")).reduce((s, l) => s + l.amount, 0);
    d.tax = r2(base * city.rate);
  };
  const serviceLines = (work: string, when: "day" | "evening" | "saturday" | "sunday") => {
    const t = pick(["E-JW", "E-JW", "P-JW", "SM-JW", "E-FORE"]);
    const it = when === "day" ? `${t}-ST` : when === "sunday" ? `${t}-DT` : `${t}-OT`;
    const rate = r2(stdRate(t, work) * (it.endsWith("DT") ? 2 : it.endsWith("OT") ? 1.5 : 1));
    const h = int(2, 12) / 2;
    const lines: Line[] = [blank({ item: "TRUCK", desc: "Service truck charge", um: "EA", units: 1, price: truck(work), amount: truck(work) }), blank({ item: it, desc: `${trades[t]!.desc} - ${it.slice(-2)}`, um: "HR", units: h, price: rate, amount: r2(h * rate) })];
    for (const mat of new Set(Array.from({ length: pick([0, 0, 1, 1, 2, 3]) }, () => pick(materials)))) {
      const q = mat.um === "EA" ? int(1, 6) : 1;
      const price = r2(matCost(mat, work) * (1 + STD_MARKUP));
      lines.push(blank({ item: mat.item, desc: mat.desc, um: mat.um, units: q, price, amount: r2(q * price) }));
    }
    return lines;
  };
  const visit = () => {
    let work = dayIn(FIRST, "2026-09-20");
    // Most calls are on weekdays; a weekend call is an emergency.
    if ((weekday(work) === 0 || weekday(work) === 6) && chance(0.75)) work = addDays(work, weekday(work) === 0 ? 1 : 2);
    const wd = weekday(work);
    const when: "day" | "evening" | "saturday" | "sunday" = wd === 0 ? "sunday" : wd === 6 ? "saturday" : chance(0.12) ? "evening" : "day";
    return { work, when };
  };
  for (const c of servicers) {
    for (let k = 0, n = int(2, 16); k < n; k++) {
      const { work, when } = visit();
      const d = newDoc({ customer: c, date: addDays(work, int(0, 10)), billType: "Service", regular: "", workDate: work, ticket: `W${int(100000, 999999)}`, memo: "Service call", lines: serviceLines(work, when) });
      taxService(d, c);
      const { state } = serviceJob.get(c)!;
      d.regular = c.exemptCert ? "service_tax_exempt" : when !== "day" ? "service_after_hours" : SERVICE_TAX[state] === "parts" ? (d.tax === 0 ? "service_labour_untaxed" : "service_parts_taxed") : "service_call";
    }
  }

  // Planted leaks: 30 of each kind, each its own new document, with its true amount at risk.
  const progress = docs.filter((d) => d.billType === "Progress" && d.trans === "Invoice" && d.date >= FIRST && d.date < "2026-09-20");
  const tmJobs = jobs.filter((j) => contractRows.some((r) => r.contract === j.contract));
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.regular = ""; d.leak = { kind, risk: r2(risk) }; return d; };
  const tmTicket = (j: Job, work: string, lines: Line[]) => {
    const d = newDoc({ customer: j.customer, date: addDays(monthEnd(work), int(1, 8)), billType: "T&M", regular: "", job: j, ticket: `T${int(10000, 99999)}`, workDate: work, periodEnd: monthEnd(work), memo: "T&M change work ticket", lines });
    taxJobDoc(d, j);
    return d;
  };
  const rate = (j: Job, item: string, d: string) => contractRows.find((r) => r.contract === j.contract && r.item === item && r.from <= d && d <= r.to)!.rate;
  const workday = (from = FIRST) => { let w = dayIn(from, "2026-08-31"); while (weekday(w) === 0 || weekday(w) === 6) w = addDays(w, 1); return w; };
  for (const kind of LEAK_KINDS) for (let n = 0; n < 30; n++) {
    if (kind === "tm_labour_below_rate") {
      // Last year's rate after the labour agreement's increase, or the standard rate on a
      // prevailing-wage job.
      const j = pick(tmJobs);
      const work = workday("2025-01-02");
      const t = pick(Object.keys(trades).filter((x) => contractRows.some((r) => r.contract === j.contract && r.item === `${x}-ST`)));
      const due = rate(j, `${t}-ST`, work);
      const billed = j.publicWork ? stdRate(t, work) : rate(j, `${t}-ST`, addDays(work.slice(0, 4) + "-01-01", -1));
      const h = int(1, 3) * 8;
      plant(tmTicket(j, work, [blank({ item: `${t}-ST`, desc: `${trades[t]!.desc} - ST`, um: "HR", units: h, price: billed, amount: r2(h * billed) })]), kind, (due - billed) * h);
    } else if (kind === "material_without_markup") {
      const j = pick(tmJobs);
      const work = workday();
      const t = pick(Object.keys(trades).filter((x) => contractRows.some((r) => r.contract === j.contract && r.item === `${x}-ST`)));
      const mat = pick(materials.filter((m) => m.cost > 30));
      const q = mat.um === "EA" ? int(2, 24) : int(2, 10);
      const cost = matCost(mat, work);
      const h = 8;
      plant(tmTicket(j, work, [blank({ item: `${t}-ST`, desc: `${trades[t]!.desc} - ST`, um: "HR", units: h, price: rate(j, `${t}-ST`, work), amount: r2(h * rate(j, `${t}-ST`, work)) }), blank({ item: mat.item, desc: mat.desc, um: mat.um, units: q, price: cost, markup: 0, amount: r2(q * cost) })]), kind, r2(cost * (1 + j.markup)) * q - r2(q * cost));
    } else if (kind === "overtime_at_straight_time") {
      // Overtime hours keyed on the overtime item at the straight-time rate: a T&M ticket of a
      // contract, or an evening service call.
      if (chance(0.5)) {
        const j = pick(tmJobs);
        const work = workday();
        const t = pick(Object.keys(trades).filter((x) => contractRows.some((r) => r.contract === j.contract && r.item === `${x}-ST`)));
        const st = rate(j, `${t}-ST`, work), ot = rate(j, `${t}-OT`, work), h = int(2, 12);
        plant(tmTicket(j, work, [blank({ item: `${t}-ST`, desc: `${trades[t]!.desc} - ST`, um: "HR", units: 8, price: st, amount: r2(8 * st) }), blank({ item: `${t}-OT`, desc: `${trades[t]!.desc} - OT`, um: "HR", units: h, price: st, amount: r2(h * st) })]), kind, (ot - st) * h);
      } else {
        const c = pick(servicers.filter((x) => !x.exemptCert));
        const work = workday();
        const t = pick(["E-JW", "P-JW", "SM-JW"]);
        const st = stdRate(t, work), h = int(2, 8) / 2;
        const d = newDoc({ customer: c, date: addDays(work, int(0, 10)), billType: "Service", regular: "", workDate: work, ticket: `W${int(100000, 999999)}`, memo: "Service call - after hours", lines: [blank({ item: "TRUCK", desc: "Service truck charge", um: "EA", units: 1, price: truck(work), amount: truck(work) }), blank({ item: `${t}-OT`, desc: `${trades[t]!.desc} - OT`, um: "HR", units: h, price: st, amount: r2(h * st) })] });
        taxService(d, c);
        plant(d, kind, (r2(st * 1.5) - st) * h);
      }
    } else if (kind === "retainage_released_twice") {
      // The release keyed again under a new number within days.
      const rel = docs.filter((d) => d.billType === "Retainage Release" && !d.leak && d.date >= FIRST && d.date < "2026-09-15" && d.regular === "retainage_release");
      const src = pick(rel);
      const d = newDoc({ ...src, date: addDays(src.date, int(1, 6)), regular: "", lines: src.lines.map((l) => ({ ...l })) });
      plant(d, kind, 0);
    } else if (kind === "duplicate_pay_app") {
      // The same application billed again under a new invoice number.
      const src = pick(progress);
      const d = newDoc({ ...src, date: addDays(src.date, int(0, 6)), regular: "", lines: src.lines.map((l) => ({ ...l })) });
      plant(d, kind, 0);
    } else if (kind === "excessive_backcharge_credit") {
      // A back-charge keyed ten times over, or against a small T&M ticket it exceeds.
      const inv = pick(docs.filter((d) => d.billType === "T&M" && d.trans === "Invoice" && !d.leak && d.date >= FIRST && d.date < "2026-09-01"));
      const g = gross(inv);
      const amt = r2(g * uniform(1.2, 4));
      const cm = newDoc({ customer: inv.customer, trans: "Credit Memo", date: addDays(inv.date, int(10, 45)), billType: "Back-charge", regular: "", job: inv.job, applied: inv, memo: "Back-charge: damage to others' work", lines: [blank({ item: "BACKCHARGE", desc: "Back-charge credit", um: "LS", units: 1, price: amt, amount: amt })] });
      cm.taxCode = inv.taxCode; cm.exempt = inv.exempt; cm.tax = inv.tax ? r2(amt * inv.taxCode.rate) : 0;
      plant(cm, kind, amt - g);
    } else {
      // Taxable service work billed without its tax (the code and rate stated, the tax left off).
      const c = pick(servicers.filter((x) => !x.exemptCert));
      const { work } = visit();
      const d = newDoc({ customer: c, date: addDays(work, int(0, 10)), billType: "Service", regular: "", workDate: work, ticket: `W${int(100000, 999999)}`, memo: "Service call", lines: serviceLines(work, "day") });
      if (SERVICE_TAX[serviceJob.get(c)!.state] === "parts" && !d.lines.some((l) => l.item.startsWith("M-"))) { const mat = pick(materials); const price = r2(matCost(mat, work) * (1 + STD_MARKUP)); d.lines.push(blank({ item: mat.item, desc: mat.desc, um: mat.um, units: 1, price, amount: price })); }
      taxService(d, c);
      plant(d, kind, d.tax);
      d.tax = 0;
    }
  }

  // Invoice numbers in date order, as the ERP assigns them; credit memos their own series.
  docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  let invNo = 40000, cmNo = 700;
  for (const d of docs) d.no = d.trans === "Invoice" ? String(++invNo) : `CM${++cmNo}`;
  // The export covers the 24 months: earlier pay applications of long contracts are not in it.
  docs.splice(0, docs.findIndex((d) => d.date >= FIRST));
  const labels: Label[] = docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs, contractRows, priceRows, labels, customers, jobs };
}

// The ERP's AR invoice-line report: MM/DD/YYYY, "1,234.56" quoted, "," between columns; the
// pay application's G703 columns on each line, its G702 totals on each row of the invoice.
const num = (v: number | null) => (v === null ? "" : (v < 0 ? "-" : "") + Math.abs(v).toFixed(2).replace(/\B(?=(\d{3})+(?!\d))/g, ","));
const pct = (v: number) => `${+(v * 100).toFixed(4)}%`;
const cell = (v: string) => (/[,"\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const csv = (header: string[], rows: string[][]) => [header, ...rows].map((r) => r.map(cell).join(",")).join("\r\n") + "\r\n";

export function writeConstruction(seed: number, out: string) {
  const g = generateConstruction(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice", "AR Trans Type", "Bill Type", "Invoice Date", "Customer", "Customer Name", "Contract", "Job", "Job Name", "Job State", "Job Type", "Public Job", "Application #", "Period Ending", "Ticket #", "Work Date", "Applied To Invoice", "Tax Code", "Tax Rate", "Tax Exempt", "Exempt Cert", "Memo", "Gross Billed", "Less Retainage", "Retainage Released", "Net Billed", "Sales Tax", "Amount Due", "Line", "Item", "Item Description", "UM", "Units", "Unit Price", "Markup %", "Scheduled Value", "Previous Billed", "This Period", "Stored Materials", "Retainage", "Line Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const grossAmt = Math.round(d.lines.reduce((s, l) => s + l.amount, 0) * 100) / 100;
    const ret = Math.round(d.lines.reduce((s, l) => s + l.retainage, 0) * 100) / 100;
    const net = Math.round((grossAmt - ret) * 100) / 100;
    const state = d.job?.state ?? d.taxCode.state;
    d.lines.forEach((l, i) => rows.push([
      d.no, d.trans, d.billType, usDate(d.date), d.customer.id, d.customer.name, d.job?.contract ?? "", d.job?.id ?? "", d.job?.name ?? "", state, d.job?.type ?? "Service", d.job?.publicWork ? "Y" : "N",
      d.app === null ? "" : String(d.app), usDate(d.periodEnd), d.ticket, usDate(d.workDate), d.applied?.no ?? "", d.taxCode.code, pct(d.taxCode.rate), d.exempt ? "Y" : "N", d.exempt, d.memo,
      num(grossAmt), num(ret), num(d.retainageReleased), num(d.billType === "Retainage Release" ? grossAmt : net), num(d.tax), num(Math.round(((d.billType === "Retainage Release" ? grossAmt : net) + d.tax) * 100) / 100),
      String(i + 1), l.item, l.desc, l.um, l.units === null ? "" : String(l.units), num(l.price), l.markup === null ? "" : pct(l.markup), num(l.scheduled), num(l.prev), num(l.period), l.stored ? num(l.stored) : "", num(l.retainage), num(l.amount),
    ]));
  }
  writeFileSync(join(out, "ar_invoice_lines.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "price_sheet.csv"), csv(["Item", "Price", "UM", "Effective"], g.priceRows.map((p) => [p.item, num(p.price), p.um, usDate(p.from)])));
  writeFileSync(join(out, "ref", "tm_rate_schedules.csv"), csv(["Contract", "Customer", "Item", "Rate", "UM", "Effective", "Expires"], g.contractRows.map((c) => [c.contract, c.customer, c.item, num(c.rate), c.um, usDate(c.from), usDate(c.to)])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (d.regular) regular[d.no] = d.regular;
  writeLabels(out, seed, g.labels, regular);
  return { documents: g.docs.length, lines: rows.length, customers: g.customers.length, projects: g.jobs.length, rate_rows: g.contractRows.length, leaks: g.labels.length };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeConstruction(Number(arg("--seed", "5150")), arg("--out", "/tmp/con-5150"))));
}
