// An independent billing data set (the forty-seventh, 2026-11-29): an oil and gas operator's joint
// interest billing (JIB) over a year of accounting months (the February 2025 – January 2026 runs,
// costs of service months January – December 2025). The operator runs 26 wells under four joint
// operating agreements (JOAs), pays every well cost — AP vouchers for drilling and completion
// under AFEs, lease operating expense (pumper, chemicals, electricity, saltwater disposal,
// compressor rental, repairs, workovers), the district expense allocated per well-month — charges
// the COPAS overhead of each JOA's Exhibit C at a fixed rate per producing well-month (a drilling
// well's rate per month drilled, prorated by days), and bills each non-operating partner its
// working-interest decimal share of each property each month: one JIB invoice per owner, property
// and accounting month, one row per cost line with the invoice's header on each (the gross
// "8/8ths" amount, the owner's decimal, the net). Partners' payments (cash receipts) are in the
// same receivables export. Beside it: the division-of-interest (DOI) deck (each owner's cost-bearing
// decimal per property and its effective dates: farm-outs, assignments, carried interests,
// non-consent elections), the overhead rates of each JOA's Exhibit C per party and COPAS year,
// the cost distribution register (each cost charged to a property, per owner, with the JIB invoice
// it is billed on, a non-consenting or carried owner's share marked not billable), the well-month
// register (each well's status per month and its overhead, per owner, with the invoice), and the
// accounts-payable voucher register of the vendor invoices behind the costs.
// Written from how a JIB department bills, before reading the detectors.
// Regular business (hard negatives): decimals changing mid-year after a farm-out (a partner
// assigning half its interest to a newcomer) and an assignment (one partner buying another out),
// billed at the new decimals from the effective date and at the old ones for costs before it;
// non-consent elections on new wells (the partner billed nothing for the well, the consenting
// parties its share pro rata); a carried interest through completion (the carried partner billed
// nothing until then, its carriers its share); prior-period adjustments (late vendor invoices,
// reclasses between wells) billed with their original service dates and the decimals of those
// dates; overhead escalated on 1 April by the COPAS annual adjustment (March's well-months billed
// in April at the old rate); wells shut in for a whole month (no overhead); AFE overruns approved
// by supplement; revenue netted against the JIB for partners who elected netting; partners paying
// late and in lumps; credit memos passing vendor credits on; the district expense's year-end
// true-up; a vendor's monthly invoices of one amount; a voucher voided and keyed again.
// Planted (labelled, with the amount owed): a cost centre left out of a billing run (an account
// of a property-month on no owner's invoice, the distribution register naming them); an old
// decimal used after its change date; overhead not charged for a producing well-month; a cost line
// billed twice to a partner on the same invoice (same vendor invoice, same AFE line); overhead at
// the pre-escalation rate after 1 April; a partner billed for a well it went non-consent on
// (overbilling: owed back); a vendor invoice keyed and paid twice.
// Run: bun run bench/quality/jib-billing.ts --seed 6501 --out /tmp/jib-billing
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, num, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "cost_centre_not_billed" | "old_decimal_after_change" | "overhead_not_charged" | "cost_billed_twice"
  | "overhead_pre_escalation" | "non_consent_partner_billed" | "duplicate_vendor_invoice";
export const LEAK_KINDS: LeakKind[] = ["cost_centre_not_billed", "old_decimal_after_change", "overhead_not_charged", "cost_billed_twice", "overhead_pre_escalation", "non_consent_partner_billed", "duplicate_vendor_invoice"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const r8 = (v: number) => Math.round(v * 1e8) / 1e8;
const SERVICE_MONTHS = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, "0")}`);
const monthEnd = (m: string) => addDays(`${nextMonth(m)}-01`, -1);
function nextMonth(m: string): string { const [y, mo] = m.split("-").map(Number) as [number, number]; return mo === 12 ? `${y + 1}-01` : `${y}-${String(mo + 1).padStart(2, "0")}`; }
const daysIn = (m: string) => Number(monthEnd(m).slice(8, 10));
const ESCALATION = "2025-04-01";

interface Account { code: string; desc: string; vendors: [string, string][]; median: number; monthly?: boolean }
const LOE: Account[] = [
  { code: "9210", desc: "LOE - Contract pumper", vendors: [["V2101", "Permian Pumping Services LLC"], ["V2102", "Caprock Lease Service"]], median: 1850, monthly: true },
  { code: "9230", desc: "LOE - Chemicals and treating", vendors: [["V2301", "ChampionX"], ["V2302", "Select Chemistry"]], median: 720 },
  { code: "9250", desc: "LOE - Electricity", vendors: [["V2501", "Oncor Electric Delivery"]], median: 1480 },
  { code: "9270", desc: "LOE - Saltwater disposal", vendors: [["V2701", "Basin Disposal Partners"], ["V2702", "Goodnight Midstream"]], median: 2350 },
  { code: "9310", desc: "LOE - Repairs and maintenance", vendors: [["V3101", "Roustabout Works Inc"], ["V3102", "Pecos Valley Welding"], ["V3103", "Apex Rod & Pump"]], median: 1900 },
  { code: "9350", desc: "LOE - Compressor rental", vendors: [["V3501", "Exterran Compression"]], median: 2600, monthly: true },
];
const WORKOVER: Account = { code: "9400", desc: "LOE - Workover", vendors: [["V4001", "Key Energy Services"], ["V4002", "Basic Well Service"]], median: 38000 };
const DISTRICT: Account = { code: "9900", desc: "District expense allocated", vendors: [["OP-DIST", "Operator district office"]], median: 345 };
const DRILL: Account[] = [
  { code: "8310", desc: "IDC - Rig daywork", vendors: [["V5101", "Patterson-UTI Drilling"]], median: 385000 },
  { code: "8320", desc: "IDC - Drilling fluids", vendors: [["V5201", "Newpark Drilling Fluids"]], median: 96000 },
  { code: "8330", desc: "IDC - Cementing", vendors: [["V5301", "Halliburton Energy Services"]], median: 142000 },
  { code: "8340", desc: "IDC - Bits", vendors: [["V5401", "Baker Hughes"]], median: 64000 },
  { code: "8610", desc: "TDC - Casing", vendors: [["V6101", "Tenaris Global Services"]], median: 410000 },
];
const COMPLETE: Account[] = [
  { code: "8410", desc: "ICC - Fracturing", vendors: [["V7101", "ProFrac Services"]], median: 1_250_000 },
  { code: "8420", desc: "ICC - Perforating and wireline", vendors: [["V7201", "Nine Energy Service"]], median: 185000 },
  { code: "8620", desc: "TCC - Tubing and wellhead", vendors: [["V7301", "Cactus Wellhead"]], median: 160000 },
];
const OVHD_PROD = "OVHD-PROD", OVHD_DRL = "OVHD-DRL";

interface Well { id: string; name: string; joa: string; spud?: string; complete?: string; afe?: string; compressor: boolean; shutIn: Set<string> }
interface Joa { id: string; name: string; prod: number; drl: number; parties: Record<string, number> }
interface DoiRow { joa: string; owner: string; well: string; decimal: number; type: string; from: string; to: string }
interface Line { account: string; desc: string; afe: string; supplement: string; vendor: string; vendorInv: string; voucher: string; service: string; units: number | null; gross: number; decimal: number; net: number }
interface Inv { no: string; type: "INV" | "CM" | "CR"; date: string; run: string; owner: string; well: Well | null; joa: string; ref: string; user: string; approver: string; lines: Line[]; total: number; regular: string; leak?: { kind: LeakKind; risk: number } }
interface Cost { voucher: string; vendor: string; vendorName: string; vendorInv: string; account: Account; well: Well; service: string; gross: number; afe: string; supplement: string; run: string; desc: string }
interface Voucher { no: string; type: "Bill" | "Credit"; vendor: string; vendorName: string; vendorInv: string; invDate: string; entered: string; amount: number; well: string; afe: string; user: string; approver: string; status: string; regular: string; leak?: { kind: LeakKind; risk: number } }
interface Dist { voucher: string; well: Well; account: string; owner: string; inv: string; gross: number; service: string; billable: boolean; interest: string }
interface WellMonth { well: Well; month: string; status: string; code: string; units: number; owner: string; inv: string; billable: boolean }

const OWNERS: Record<string, string> = {
  P101: "Cimarron Resources LP", P102: "Blackjack Energy Partners", P103: "Red Bluff Minerals Inc", P104: "Mesquite Oil Company", P105: "Llano Exploration LLC",
  P106: "Stockton Petroleum Corp", P107: "Hondo Royalty & Working Interest Fund", P108: "Guadalupe Energy LLC", P109: "Wichita Falls Oil Partners", P110: "Big Spring Capital LLC",
  P111: "Sabine Upstream LP", P112: "Concho Working Interests LLC", P113: "Trans-Pecos Farm-In Partners LLC",
};
const USERS = ["jib.analyst1", "jib.analyst2", "jib.sup"];

export function generateJib(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, int, between, logn } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const frac = (xs: number[]) => pick(xs);
  // The four JOAs: each party's decimal drawn from the fractions such deals are made of.
  const joas: Joa[] = [
    { id: "JOA-EAGLE-2019", name: "Eagle Draw Unit", prod: 1150, drl: 11800, parties: { P101: frac([0.25, 0.2]), P102: frac([0.125, 0.15]), P103: 0.1, P104: 0.05 } },
    { id: "JOA-BRAZOS-2017", name: "Brazos Flats", prod: 985, drl: 10400, parties: { P105: 0.3, P106: frac([0.15, 0.125]), P107: frac([0.0625, 0.075]) } },
    { id: "JOA-PECOS-2021", name: "Pecos Bend Prospect", prod: 1240, drl: 12600, parties: { P101: 0.2, P108: 0.2, P109: 0.1, P110: 0.05 } },
    { id: "JOA-CADDO-2015", name: "Caddo Lake", prod: 1060, drl: 10900, parties: { P102: 0.25, P111: frac([0.125, 0.1]), P112: 0.125, P106: 0.1 } },
  ];
  const escalation = r8(1 + pick([0.031, 0.036, 0.042]));   // the COPAS annual adjustment of 1 April
  const rateOn = (j: Joa, code: string, day: string) => { const base = code === OVHD_DRL ? j.drl : j.prod; return day >= ESCALATION ? r2(base * escalation) : base; };
  const wells: Well[] = [];
  const names = ["State", "Federal", "Ranch", "Unit", "Fee"];
  joas.forEach((j, k) => {
    const n = [6, 6, 5, 5][k]!;
    for (let i = 1; i <= n; i++) wells.push({ id: `W0${k + 1}${String(i).padStart(2, "0")}`, name: `${j.name.split(" ")[0]} ${pick(names)} ${i}H`, joa: j.id, compressor: chance(0.4), shutIn: new Set() });
  });
  // New wells drilled this year: one in Brazos (a partner non-consent), two in Pecos (one carried, one non-consent).
  const w0207: Well = { id: "W0207", name: "Brazos Ranch 7H", joa: "JOA-BRAZOS-2017", spud: "2025-06-16", complete: "2025-08-22", afe: "AFE-25-0207", compressor: false, shutIn: new Set() };
  const w0306: Well = { id: "W0306", name: "Pecos State 6H", joa: "JOA-PECOS-2021", spud: "2025-03-10", complete: "2025-05-20", afe: "AFE-25-0306", compressor: false, shutIn: new Set() };
  const w0307: Well = { id: "W0307", name: "Pecos Federal 7H", joa: "JOA-PECOS-2021", spud: "2025-08-05", complete: "2025-09-28", afe: "AFE-25-0307", compressor: false, shutIn: new Set() };
  wells.push(w0207, w0306, w0307);
  for (const w of take(wells.filter((w) => !w.spud), 4)) { const m = pick(SERVICE_MONTHS.slice(1, 11)); w.shutIn.add(m); if (chance(0.4)) w.shutIn.add(nextMonth(m)); }
  function take<T>(xs: T[], n: number): T[] { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; }
  const joaOf = (w: Well) => joas.find((j) => j.id === w.joa)!;

  // The DOI deck. Farm-out: P105 assigns half its Brazos interest to P113 from 1 July.
  // Assignment: P104 buys P103's Eagle interest from 1 May. Carry: P110 carried on W0306 through
  // completion by P101 and P108. Non-consent: P107 on W0207, P109 on W0307.
  const FARMOUT = "2025-07-01", ASSIGN = "2025-05-01", CARRY_END = "2025-05-31";
  const doi: DoiRow[] = [];
  const OPEN = "2049-12-31", BEGIN = "2015-01-01";
  for (const w of wells) {
    const j = joaOf(w);
    for (const [o, d] of Object.entries(j.parties)) {
      if (w.joa === "JOA-BRAZOS-2017" && o === "P105") { doi.push({ joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: BEGIN, to: addDays(FARMOUT, -1) }, { joa: j.id, owner: o, well: w.id, decimal: r8(d / 2), type: "WI", from: FARMOUT, to: OPEN }); continue; }
      if (w.joa === "JOA-EAGLE-2019" && o === "P103") { doi.push({ joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: BEGIN, to: addDays(ASSIGN, -1) }); continue; }
      if (w.joa === "JOA-EAGLE-2019" && o === "P104") { doi.push({ joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: BEGIN, to: addDays(ASSIGN, -1) }, { joa: j.id, owner: o, well: w.id, decimal: r8(d + j.parties.P103!), type: "WI", from: ASSIGN, to: OPEN }); continue; }
      if (w === w0306 && (o === "P101" || o === "P108")) { doi.push({ joa: j.id, owner: o, well: w.id, decimal: r8(d + j.parties.P110! / 2), type: "WI carrying", from: BEGIN, to: CARRY_END }, { joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: addDays(CARRY_END, 1), to: OPEN }); continue; }
      if (w === w0306 && o === "P110") { doi.push({ joa: j.id, owner: o, well: w.id, decimal: 0, type: "Carried", from: BEGIN, to: CARRY_END }, { joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: addDays(CARRY_END, 1), to: OPEN }); continue; }
      const nc = w === w0207 ? "P107" : w === w0307 ? "P109" : null;
      if (nc) {
        if (o === nc) { doi.push({ joa: j.id, owner: o, well: w.id, decimal: 0, type: "Non-consent", from: BEGIN, to: OPEN }); continue; }
        const consent = 1 - j.parties[nc]!;
        if (w === w0207 && o === "P105") { doi.push({ joa: j.id, owner: o, well: w.id, decimal: r8(d / 2 / consent), type: "WI", from: BEGIN, to: OPEN }); continue; }
        doi.push({ joa: j.id, owner: o, well: w.id, decimal: r8(d / consent), type: "WI", from: BEGIN, to: OPEN });
        continue;
      }
      doi.push({ joa: j.id, owner: o, well: w.id, decimal: d, type: "WI", from: BEGIN, to: OPEN });
    }
    if (w.joa === "JOA-BRAZOS-2017") doi.push({ joa: j.id, owner: "P113", well: w.id, decimal: r8((w === w0207 ? j.parties.P105! / 2 / (1 - j.parties.P107!) : j.parties.P105! / 2)), type: "WI (farm-in)", from: FARMOUT, to: OPEN });
  }
  const decimalOn = (owner: string, w: Well, day: string) => doi.find((r) => r.owner === owner && r.well === w.id && r.from <= day && day <= r.to);
  const ownersOf = (w: Well) => [...new Set(doi.filter((r) => r.well === w.id).map((r) => r.owner))];

  // Costs: vouchers per service month, entered in the next month's run (one in ten later: a late
  // vendor invoice, billed as a prior-period adjustment with its service date).
  const costs: Cost[] = [];
  const vouchers: Voucher[] = [];
  let vno = 4100, vinv = 0;
  const vendorNo = new Map<string, number>();
  const nextVendorInv = (vendor: string) => { const n = (vendorNo.get(vendor) ?? int(1000, 80000)) + int(1, 40); vendorNo.set(vendor, n); return vendor.startsWith("V2") ? `${n}` : vendor.startsWith("V5") || vendor.startsWith("V7") ? `INV-${n}` : `${vendor.slice(1)}-${n}`; };
  const monthsBetween = (service: string, run: string) => (Number(run.slice(0, 4)) - Number(service.slice(0, 4))) * 12 + Number(run.slice(5, 7)) - Number(service.slice(5, 7));
  const runOf = (service: string, lag: number) => { let m = service.slice(0, 7); for (let i = 0; i < lag; i++) m = nextMonth(m); return m; };
  const addCost = (a: Account, w: Well, service: string, gross: number, opts: { afe?: string; supplement?: string; lag?: number; desc?: string; vendor?: [string, string]; vendorInv?: string } = {}) => {
    const [vendor, vendorName] = opts.vendor ?? pick(a.vendors);
    const lag = opts.lag ?? (chance(0.06) ? int(2, 3) : 1);
    const run = runOf(service, lag);
    if (run > "2026-01") return null;
    const c: Cost = { voucher: `V25-${String(++vno).padStart(6, "0")}`, vendor, vendorName, vendorInv: opts.vendorInv ?? nextVendorInv(vendor), account: a, well: w, service, gross: r2(gross), afe: opts.afe ?? "", supplement: opts.supplement ?? "", run, desc: opts.desc ?? a.desc };
    costs.push(c);
    const entered = addDays(`${run}-01`, int(0, 14));
    vouchers.push({ no: c.voucher, type: gross < 0 ? "Credit" : "Bill", vendor, vendorName, vendorInv: c.vendorInv, invDate: addDays(service, int(1, 12)) > entered ? entered : addDays(service, int(1, 12)), entered, amount: c.gross, well: w.id, afe: c.afe, user: pick(["ap.clerk1", "ap.clerk2"]), approver: gross > 25000 ? "ops.manager" : "ap.supervisor", status: "Paid", regular: a.monthly ? "recurring_vendor_bill" : opts.afe ? "afe_vendor_bill" : "vendor_bill" });
    vinv++;
    return c;
  };
  const monthlyAmount = new Map<string, number>();
  for (const w of wells) {
    const producingFrom = w.complete ? addDays(w.complete, 1).slice(0, 7) : "2025-01";
    for (const m of SERVICE_MONTHS) {
      const day = (d: number) => `${m}-${String(Math.min(d, daysIn(m))).padStart(2, "0")}`;
      if (m < producingFrom) continue;
      if (w.shutIn.has(m)) { if (chance(0.5)) addCost(LOE[4]!, w, day(int(5, 25)), logn(900, 0.4)); addCost(DISTRICT, w, monthEnd(m), DISTRICT.median, { lag: 1 }); continue; }
      for (const a of LOE) {
        if (a.code === "9350" && !w.compressor) continue;
        if (a.code === "9310") { for (let k = int(0, 2); k > 0; k--) addCost(a, w, day(int(1, 28)), logn(a.median, 0.6)); continue; }
        if (a.monthly) { const key = `${w.id}|${a.code}`; if (!monthlyAmount.has(key)) monthlyAmount.set(key, r2(logn(a.median, 0.15))); addCost(a, w, monthEnd(m), monthlyAmount.get(key)!, { vendor: a.vendors[Number(w.id.slice(-1)) % a.vendors.length] }); continue; }
        addCost(a, w, day(int(20, 28)), logn(a.median, 0.35));
      }
      if (chance(0.03)) addCost(WORKOVER, w, day(int(3, 25)), logn(WORKOVER.median, 0.4), { afe: `AFE-25-W${w.id.slice(1)}` });
      addCost(DISTRICT, w, monthEnd(m), r2(DISTRICT.median * between(0.95, 1.05)), { lag: 1 });
    }
    // Drilling and completion under the AFE; an overrun approved by supplement on one well.
    if (w.spud) {
      const over = w === w0306;
      for (const a of DRILL) addCost(a, w, addDays(w.spud, int(5, 25)), logn(a.median, 0.2) * (over ? 1.35 : 1), { afe: w.afe, supplement: over && a.code === "8310" ? `${w.afe}-S1` : "", lag: int(1, 2) });
      for (const a of COMPLETE) addCost(a, w, addDays(w.complete!, -int(2, 10)), logn(a.median, 0.2), { afe: w.afe, supplement: over ? `${w.afe}-S1` : "", lag: int(1, 2) });
    }
  }
  // Reclasses between wells: a repair charged to the wrong well, moved months later with its service date.
  for (const c of take(costs.filter((c) => c.account.code === "9310" && c.run <= "2025-10"), 6)) {
    const to = pick(wells.filter((w) => w.joa === c.well.joa && w !== c.well && !w.spud));
    const lag = monthsBetween(c.service, c.run) + int(2, 3);
    if (!addCost(c.account, c.well, c.service, -c.gross, { lag, desc: `Reclass to ${to.id} - ${c.account.desc}`, vendor: [c.vendor, c.vendorName], vendorInv: `${c.vendorInv}-RC` })) continue;
    addCost(c.account, to, c.service, c.gross, { lag, desc: `Reclass from ${c.well.id} - ${c.account.desc}`, vendor: [c.vendor, c.vendorName], vendorInv: `${c.vendorInv}-RC2` });
  }
  // Year-end true-up of the district expense: the year's actual against the allocation, billed in January.
  for (const w of wells.filter((w) => !w.spud || w.complete! < "2025-10-01")) addCost(DISTRICT, w, "2025-12-31", r2(between(-260, 420)), { lag: 1, desc: "2025 district expense year-end true-up", vendor: ["OP-DIST", "Operator district office"], vendorInv: `DIST-TU-2025-${w.id}` });
  for (const v of vouchers) if (v.vendor === "OP-DIST") v.regular = "district_allocation";

  // Planted: a vendor invoice keyed and paid twice (the cost then distributed twice).
  const dupVendor: Voucher[] = [];
  for (const c of take(costs.filter((c) => c.gross > 800 && c.vendor !== "OP-DIST" && !c.account.monthly && c.run <= "2025-12" && !c.vendorInv.includes("-RC")), 6)) {
    const lag = chance(0.5) ? 0 : 1;
    const inv = chance(0.5) ? c.vendorInv : c.vendorInv.startsWith("INV-") ? c.vendorInv.slice(4) : `${c.vendorInv}A`;
    const d = addCost(c.account, c.well, c.service, c.gross, { vendor: [c.vendor, c.vendorName], vendorInv: inv, lag: monthsBetween(c.service, c.run) + lag, afe: c.afe });
    if (!d) continue;
    const v = vouchers.at(-1)!; v.entered = addDays(vouchers.find((x) => x.no === c.voucher)!.entered, int(9, 40)); v.invDate = vouchers.find((x) => x.no === c.voucher)!.invDate;
    if (v.entered.slice(0, 7) > d.run) v.entered = `${d.run}-${v.entered.slice(8, 10)}`;
    v.leak = { kind: "duplicate_vendor_invoice", risk: c.gross }; dupVendor.push(v);
  }
  // A voucher voided and keyed again (the vendor's invoice re-entered with the right property).
  for (const v of take(vouchers.filter((v) => !v.leak && v.vendor !== "OP-DIST" && v.type === "Bill"), 10)) {
    vouchers.push({ ...v, no: `V25-${String(++vno).padStart(6, "0")}`, entered: addDays(v.entered, int(1, 6)), regular: "reentered_after_void" });
    v.status = "Void"; v.regular = "voided_voucher";
  }
  // Vendor credits passed on to the partners (credit memos of the JIB).
  const vendorCredits = take(costs.filter((c) => c.gross > 1500 && !c.account.monthly && c.vendor !== "OP-DIST" && c.run <= "2025-12"), 10);

  // The billing: per owner, property and run.
  const invs = new Map<string, Inv>();
  const dists: Dist[] = [];
  const invNo = (run: string, w: Well, owner: string) => `JIB${run.slice(2, 4)}${run.slice(5, 7)}-${w.id}-${owner}`;
  const invFor = (run: string, w: Well, owner: string): Inv => {
    const no = invNo(run, w, owner);
    let inv = invs.get(no);
    if (!inv) { inv = { no, type: "INV", date: `${run}-20`, run, owner, well: w, joa: w.joa, ref: "", user: pick(USERS.slice(0, 2)), approver: "jib.sup", lines: [], total: 0, regular: "monthly_jib" }; invs.set(no, inv); }
    return inv;
  };
  const lineOf = (c: Cost, decimal: number, gross = c.gross): Line => ({ account: c.account.code, desc: c.desc, afe: c.afe, supplement: c.supplement, vendor: c.vendorName, vendorInv: c.vendorInv, voucher: c.voucher, service: c.service, units: null, gross, decimal, net: r2(gross * decimal) });
  for (const c of costs) {
    for (const owner of ownersOf(c.well)) {
      const row = decimalOn(owner, c.well, c.service);
      if (!row) continue;
      const inv = invNo(c.run, c.well, owner);
      dists.push({ voucher: c.voucher, well: c.well, account: c.account.code, owner, inv, gross: c.gross, service: c.service, billable: row.decimal > 0, interest: row.type });
      if (row.decimal > 0) invFor(c.run, c.well, owner).lines.push(lineOf(c, row.decimal));
    }
  }
  // Overhead per well-month, billed in the next month's run; the well-month register beside it.
  const wellMonths: WellMonth[] = [];
  const overheadLine = (code: string, m: string, units: number, decimal: number, rate: number): Line =>
    ({ account: code, desc: code === OVHD_DRL ? "COPAS overhead - drilling well rate" : "COPAS overhead - producing well rate", afe: "", supplement: "", vendor: "", vendorInv: "", voucher: "", service: monthEnd(m), units, gross: r2(rate * units), decimal, net: r2(rate * units * decimal) });
  for (const w of wells) for (const m of SERVICE_MONTHS) {
    const j = joaOf(w), run = nextMonth(m);
    let code = OVHD_PROD, units = 1, status = "Producing";
    if (w.spud && m < w.spud.slice(0, 7)) continue;
    if (w.spud && m <= w.complete!.slice(0, 7)) {
      const from = m === w.spud.slice(0, 7) ? Number(w.spud.slice(8, 10)) : 1, to = m === w.complete!.slice(0, 7) ? Number(w.complete!.slice(8, 10)) : daysIn(m);
      code = OVHD_DRL; units = r8(Math.round(((to - from + 1) / daysIn(m)) * 10000) / 10000); status = "Drilling / completing";
    } else if (w.shutIn.has(m)) status = "Shut in entire month";
    for (const owner of ownersOf(w)) {
      const row = decimalOn(owner, w, monthEnd(m));
      if (!row) continue;
      const billable = status !== "Shut in entire month" && row.decimal > 0;
      wellMonths.push({ well: w, month: m, status, code, units, owner, inv: invNo(run, w, owner), billable });
      if (billable) invFor(run, w, owner).lines.push(overheadLine(code, m, units, row.decimal, rateOn(j, code, monthEnd(m))));
    }
  }
  const all = () => [...invs.values()].filter((i) => i.type === "INV");
  const byPropRun = (w: Well, run: string) => all().filter((i) => i.well === w && i.run === run);

  // Planting, JIB side.
  const plant = (i: Inv, kind: LeakKind, risk: number) => { i.leak = { kind, risk: r2((i.leak?.risk ?? 0) + risk) }; };
  const plainRun = (w: Well, run: string) => !w.spud && !w.shutIn.has(`${run === "2025-01" ? "2024-12" : prevMonth(run)}`) && byPropRun(w, run).length > 0 && byPropRun(w, run).every((i) => !i.leak);
  function prevMonth(m: string) { const [y, mo] = m.split("-").map(Number) as [number, number]; return mo === 1 ? `${y - 1}-12` : `${y}-${String(mo - 1).padStart(2, "0")}`; }
  const runs = SERVICE_MONTHS.map(nextMonth);
  const propRuns = wells.flatMap((w) => runs.map((run) => ({ w, run })));
  // 1. A cost centre left out of the run: one account of a property-month on no owner's invoice.
  for (const { w, run } of take(propRuns.filter((p) => plainRun(p.w, p.run) && p.run > "2025-02"), 2)) {
    const code = pick(["9270", "9250", "9230"]);
    for (const i of byPropRun(w, run)) { const gone = i.lines.filter((l) => l.account === code); if (!gone.length) continue; i.lines = i.lines.filter((l) => l.account !== code); plant(i, "cost_centre_not_billed", gone.reduce((s, l) => s + l.net, 0)); }
  }
  // 2. The old decimal after its change date: the assignee of Eagle billed at its old decimal in one run.
  {
    const run = pick(["2025-06", "2025-07", "2025-08"]);
    for (const w of take(wells.filter((w) => w.joa === "JOA-EAGLE-2019" && plainRun(w, run)), 6)) {
      const i = invs.get(invNo(run, w, "P104"));
      if (!i) continue;
      let risk = 0;
      for (const l of i.lines) { if (l.service < ASSIGN) continue; const old = 0.05; risk += l.net - r2(l.gross * old); l.decimal = old; l.net = r2(l.gross * old); }
      if (risk > 0) plant(i, "old_decimal_after_change", risk);
    }
  }
  // 3. Overhead not charged for a producing well-month (the run's overhead calculation skipped the well).
  for (const { w, run } of take(propRuns.filter((p) => plainRun(p.w, p.run)), 2)) {
    for (const i of byPropRun(w, run)) { const oh = i.lines.find((l) => l.account === OVHD_PROD && l.service === monthEnd(prevMonth(run))); if (!oh) continue; i.lines = i.lines.filter((l) => l !== oh); plant(i, "overhead_not_charged", oh.net); }
  }
  // 4. A cost line billed twice to a partner on the same invoice (a batch posted twice).
  for (const i of take(all().filter((i) => !i.leak && i.well && !i.well.spud && i.lines.some((l) => l.voucher && l.gross > 300)), 6)) {
    const l = pick(i.lines.filter((l) => l.voucher && l.gross > 300));
    i.lines.push({ ...l }); plant(i, "cost_billed_twice", l.net);
  }
  // 5. Overhead at the pre-escalation rate after 1 April (a property's rate not updated).
  for (const { w, run } of take(propRuns.filter((p) => plainRun(p.w, p.run) && p.run >= "2025-05"), 2)) {
    for (const i of byPropRun(w, run)) {
      const oh = i.lines.find((l) => l.account === OVHD_PROD && l.service === monthEnd(prevMonth(run)));
      if (!oh) continue;
      const old = joaOf(w).prod, net = r2(old * oh.decimal);
      plant(i, "overhead_pre_escalation", oh.net - net);
      oh.gross = old; oh.net = net;
    }
  }
  // 6. A partner billed for a well it went non-consent on, at its JOA decimal (the others still at theirs).
  for (const [w, owner] of [[w0207, "P107"], [w0307, "P109"]] as const) {
    const rs = take([...new Set(costs.filter((c) => c.well === w).map((c) => c.run))].sort(), 3);
    for (const run of rs) {
      const lines = costs.filter((c) => c.well === w && c.run === run).map((c) => lineOf(c, joaOf(w).parties[owner]!));
      if (!lines.length) continue;
      const i = invFor(run, w, owner);
      i.lines.push(...lines);
      plant(i, "non_consent_partner_billed", lines.reduce((s, l) => s + l.net, 0));
    }
  }

  // The overhead the run's calculation posted to each property, distributed to its owners beside the costs.
  for (const i of all()) for (const l of i.lines) if (l.account.startsWith("OVHD")) dists.push({ voucher: `OH-${i.run}`, well: i.well!, account: l.account, owner: i.owner, inv: i.no, gross: l.gross, service: l.service, billable: true, interest: "WI" });

  // Regular labels, the most telling kind of each invoice.
  for (const i of all()) {
    if (i.leak) continue;
    const w = i.well!;
    const ppa = i.lines.some((l) => l.voucher && l.service.slice(0, 7) < prevMonth(i.run));
    if (ppa && i.lines.some((l) => l.desc.startsWith("Reclass"))) i.regular = "reclass_prior_period";
    else if (ppa && i.lines.some((l) => l.service < ASSIGN) && w.joa === "JOA-EAGLE-2019" && i.run > "2025-05") i.regular = "prior_period_at_old_decimal";
    else if (ppa && i.lines.some((l) => l.service < FARMOUT) && w.joa === "JOA-BRAZOS-2017" && i.run > "2025-07") i.regular = "prior_period_at_old_decimal";
    else if (ppa) i.regular = "prior_period_adjustment";
    else if (i.run === "2026-01") i.regular = "year_end_true_up";
    else if (i.lines.some((l) => l.supplement)) i.regular = "afe_overrun_supplement";
    else if (w.spud && (w === w0306 && (i.owner === "P101" || i.owner === "P108" || i.owner === "P110"))) i.regular = "carried_interest";
    else if (w === w0207 || w === w0307) i.regular = "non_consent_well_consenting_party";
    else if (w.spud) i.regular = "afe_drilling_completion";
    else if ((w.joa === "JOA-EAGLE-2019" && i.owner === "P104" && i.run > ASSIGN.slice(0, 7)) || (w.joa === "JOA-BRAZOS-2017" && (i.owner === "P105" || i.owner === "P113") && i.run > FARMOUT.slice(0, 7))) i.regular = "after_decimal_change";
    else if (i.run === "2025-04") i.regular = "march_overhead_billed_after_escalation";
    else if (w.shutIn.has(prevMonth(i.run))) i.regular = "shut_in_month";
  }
  // Revenue netted against the JIB for two owners who elected netting (the month's sales at their NRI).
  const netting = ["P105", "P111"];
  for (const i of all()) if (netting.includes(i.owner) && i.well && !i.well.shutIn.has(prevMonth(i.run)) && (!i.well.spud || prevMonth(i.run) > i.well.complete!.slice(0, 7))) {
    const dec = decimalOn(i.owner, i.well, monthEnd(prevMonth(i.run)));
    if (!dec || dec.decimal <= 0) continue;
    const nri = r8(dec.decimal * 0.8), gross = r2(logn(48000, 0.4));
    i.lines.push({ account: "REV-NET", desc: "Oil and gas sales netted - owner revenue at NRI", afe: "", supplement: "", vendor: "", vendorInv: "", voucher: "", service: monthEnd(prevMonth(i.run)), units: null, gross, decimal: nri, net: -r2(gross * nri) });
    if (i.regular === "monthly_jib") i.regular = "revenue_netted";
  }
  for (const i of all()) i.total = r2(i.lines.reduce((s, l) => s + l.net, 0));
  // Credit memos: a vendor's credit passed on, naming the invoice the cost was billed on.
  let cm = 0;
  for (const c of vendorCredits) {
    const credit = r2(-c.gross * between(0.05, 0.25));
    for (const owner of ownersOf(c.well)) {
      const row = decimalOn(owner, c.well, c.service);
      const orig = invs.get(invNo(c.run, c.well, owner));
      if (!row || row.decimal <= 0 || !orig || orig.leak) continue;
      const run = nextMonth(c.run);
      const l: Line = { ...lineOf(c, row.decimal, credit), desc: `Vendor credit - ${c.account.desc}` };
      const no = `CM${run.slice(2, 4)}${run.slice(5, 7)}-${String(++cm).padStart(4, "0")}`;
      invs.set(no, { no, type: "CM", date: `${run}-20`, run, owner, well: c.well, joa: c.well.joa, ref: orig.no, user: "jib.analyst1", approver: "jib.sup", lines: [l], total: l.net, regular: "credit_memo" });
    }
  }
  // Partners' payments: most pay each month's invoices 30–45 days after; two pay late, in lumps every two or three months, one a round amount on account.
  let cr = 0;
  const owners = [...new Set(all().map((i) => i.owner))];
  for (const o of owners) {
    const mine = all().filter((i) => i.owner === o);
    const byRun = new Map<string, number>();
    for (const i of mine) byRun.set(i.run, r2((byRun.get(i.run) ?? 0) + i.total));
    const lumpy = o === "P107" || o === "P112", onAccount = o === "P110";
    let carry = 0, k = 0;
    for (const run of [...byRun.keys()].sort()) {
      carry = r2(carry + byRun.get(run)!); k++;
      if (lumpy && k % pick([2, 3]) !== 0 && run !== "2026-01") continue;
      const amount = onAccount ? 25000 : carry;
      if (amount <= 0) continue;
      const no = `CR${run.slice(2, 4)}-${String(++cr).padStart(5, "0")}`;
      invs.set(no, { no, type: "CR", date: addDays(`${run}-20`, lumpy ? int(60, 110) : int(28, 45)), run, owner: o, well: null, joa: "", ref: "", user: "ar.cashapp", approver: "", lines: [], total: amount, regular: lumpy ? "lump_payment_late" : onAccount ? "payment_on_account" : "partner_payment" });
      carry = onAccount ? r2(carry - amount) : 0;
    }
  }

  const docs = [...invs.values()].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : a.no < b.no ? -1 : 1));
  const labels: Label[] = [
    ...docs.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: r2(d.leak!.risk) })),
    ...dupVendor.map((v) => ({ document: v.no, kind: v.leak!.kind, currency: "USD", amount_at_risk: r2(v.leak!.risk) })),
  ];
  // Overhead rates: each JOA's Exhibit C, listed per party of the JOA (the analyst's table), per COPAS year.
  const rates: string[][] = [];
  for (const j of joas) for (const o of [...new Set(doi.filter((r) => r.joa === j.id).map((r) => r.owner))]) for (const code of [OVHD_PROD, OVHD_DRL]) {
    const base = code === OVHD_DRL ? j.drl : j.prod;
    rates.push([j.id, o, code, code === OVHD_DRL ? "Drilling well rate per month" : "Producing well rate per month", "USD", base.toFixed(2), "2024-04-01", "2025-03-31"]);
    rates.push([j.id, o, code, code === OVHD_DRL ? "Drilling well rate per month" : "Producing well rate per month", "USD", r2(base * escalation).toFixed(2), ESCALATION, "2026-03-31"]);
  }
  return { docs, doi, dists, wellMonths, vouchers, labels, rates, wells, joas };
}

export function writeJib(seed: number, out: string) {
  const g = generateJib(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Invoice No", "Type", "Invoice Date", "Accounting Month", "Owner No", "Owner Name", "Property", "Property Name", "JOA", "Reference Invoice", "Entered By", "Approved By", "Currency", "Invoice Total",
    "Line No", "Account", "Account Description", "AFE No", "AFE Supplement", "Vendor", "Vendor Invoice", "Voucher", "Service Date", "Description", "Units", "Gross Amount", "Decimal", "Net Amount"];
  const rows: string[][] = [];
  for (const d of g.docs) {
    const head = [d.no, d.type, usDate(d.date), d.run, d.owner, OWNERS[d.owner] ?? d.owner, d.well?.id ?? "", d.well?.name ?? "", d.joa, d.ref, d.user, d.approver, "USD", num(d.total)];
    if (!d.lines.length) { rows.push([...head, ...Array(14).fill("")]); continue; }
    d.lines.forEach((l, k) => rows.push([...head, String(k + 1), l.account, l.account.startsWith("OVHD") ? "COPAS overhead" : l.desc.replace(/^(Reclass (to|from) W\d+ - |Vendor credit - )/, ""), l.afe, l.supplement, l.vendor, l.vendorInv, l.voucher, usDate(l.service), l.desc,
      l.units === null ? "" : String(l.units), num(l.gross), l.decimal.toFixed(8), num(l.net)]));
  }
  writeFileSync(join(out, "jib_invoice_detail.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "doi_deck.csv"), csv(["JOA", "Owner No", "Property", "Interest Type", "Decimal", "Effective From", "Effective To"],
    g.doi.map((r) => [r.joa, r.owner, r.well, r.type, r.decimal.toFixed(8), usDate(r.from), usDate(r.to)])));
  writeFileSync(join(out, "ref", "overhead_rates.csv"), csv(["JOA", "Owner No", "Account", "Description", "Currency", "Rate", "Effective From", "Effective To"], g.rates.map((r) => [...r.slice(0, 6), usDate(r[6]!), usDate(r[7]!)])));
  let n = 0;
  writeFileSync(join(out, "ref", "cost_distribution.csv"), csv(["Dist Id", "Voucher", "Property", "Account", "Owner No", "Interest Type", "JIB Invoice", "Service Date", "Gross Amount", "Billable"],
    g.dists.map((x) => [`D${String(++n).padStart(7, "0")}`, x.voucher, x.well.id, x.account, x.owner, x.interest, x.inv, usDate(x.service), num(x.gross), x.billable ? "Y" : "N"])));
  n = 0;
  writeFileSync(join(out, "ref", "well_month_register.csv"), csv(["Row Id", "Property", "Production Month", "Well Status", "Account", "Well Months", "Owner No", "JIB Invoice", "Month End", "Billable"],
    g.wellMonths.map((x) => [`WM${String(++n).padStart(6, "0")}`, x.well.id, x.month, x.status, x.code, String(x.units), x.owner, x.inv, usDate(monthEnd(x.month)), x.billable ? "Y" : "N"])));
  writeFileSync(join(out, "ap_vouchers.csv"), csv(["Voucher", "Voucher Type", "Vendor ID", "Vendor Name", "Vendor Invoice No", "Invoice Date", "Entered On", "Property", "AFE No", "Amount", "Currency", "Status", "Entered By", "Approved By"],
    g.vouchers.map((v) => [v.no, v.type, v.vendor, v.vendorName, v.vendorInv, usDate(v.invDate), usDate(v.entered), v.well, v.afe, num(v.amount), "USD", v.status, v.user, v.approver])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  for (const v of g.vouchers) if (!v.leak) regular[v.no] = v.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { jib_documents: g.docs.length, jib_lines: rows.length, vouchers: g.vouchers.length, distribution: g.dists.length, well_months: g.wellMonths.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeJib(Number(arg("--seed", "6501")), arg("--out", "/tmp/jib-billing-6501"))));
}
