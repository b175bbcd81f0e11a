// An independent billing data set (the forty-fourth, 2026-11-29): a US customs broker and freight
// forwarder's billing over twelve months (July 2025 – June 2026), exported from its forwarding
// system (CargoWise style) as the AR invoice line detail: one row per invoice line, the
// invoice's header on each (transaction number — a job's invoices are the job number with a
// suffix, /A, /B…, a consolidated monthly invoice a CI number —, type INV or CRD, the client's
// organisation code, the rate agreement, the related transaction a credit note or a rebill names,
// the invoice date, currency, total, user, approver), per line the job, the customs entry number,
// the arrival and entry dates, the charge code, description, quantity, unit, rate, amount and, for a
// disbursement (a charge paid on the client's behalf: duty, MPF, HMF, a trucker's drayage, a
// centralized examination station's fee, a CFS's storage), its unit cost. Beside it: the broker's
// standard schedule of fees (the price list), the clients' rate agreements (brokerage per entry with
// a number of HTS lines included and a charge per additional line, the ISF filing fee, PGA filings,
// post-summary corrections, the continuous bond's annual premium, the disbursement (advance) fee in
// percent of the duty and fees advanced with a minimum; each agreement re-priced on its
// anniversary), and the customs module's filings extract (each entry filed, its additional HTS lines,
// its PGA filings, each ISF and post-summary correction, with the invoice its job was billed on).
// Written from how a broker bills before reading the detectors.
// Regular business (hard negatives): duty, MPF and HMF passed through at exact cost; drayage passed
// at cost or at the client's agreed mark-up; clients on a negotiated flat all-in fee per entry (the
// filings extract still lists the entry, its lines and the ISF); free ISF for key accounts (an ISF
// the agreement prices at 0, not printed); the advance fee waived for key accounts, and not owed by
// clients paying duty through their own ACH statement (no duty on the broker's invoice);
// single-transaction bonds priced on value; duty drawback refunds credited, and the drawback filing
// fee; corrected entries credited in full and re-billed; post-summary corrections billed on their own
// invoice naming the entry's; consolidated monthly invoices; rates raised on each agreement's
// anniversary; the continuous bond renewed on the first invoice after the anniversary.
// Planted (labelled, with the amount owed): an entry filed and its job billed for the disbursements
// only (brokerage and lines never billed); brokerage below the agreement; a trucker's invoice passed
// on below its cost; the advance fee missing; an ISF filed without its fee; an invoice billed twice
// (the job's /B); a continuous bond renewal not billed; additional HTS lines not charged.
// Run: bun run bench/quality/customs-broker-billing.ts --seed 6201 --out /tmp/customs-broker
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { addDays, csv, num, r2, usDate } from "./monthly-export.ts";
import { draws, mulberry32 } from "./mulberry32.ts";
import { writeLabels } from "./labels-file.ts";

export type LeakKind =
  | "entry_not_billed" | "brokerage_below_agreement" | "disbursement_below_cost" | "advance_fee_missing"
  | "isf_not_billed" | "invoice_billed_twice" | "bond_renewal_not_billed" | "hts_lines_not_charged";
export const LEAK_KINDS: LeakKind[] = ["entry_not_billed", "brokerage_below_agreement", "disbursement_below_cost", "advance_fee_missing", "isf_not_billed", "invoice_billed_twice", "bond_renewal_not_billed", "hts_lines_not_charged"];
export interface Label { document: string; kind: LeakKind; currency: string; amount_at_risk: number }

const START = "2025-07-01", END = "2026-06-30";
/** The broker's standard schedule of fees (USD): what a client without an agreed rate pays. */
const SCHEDULE: Record<string, { desc: string; unit: string; rate: number }> = {
  "BRK-ENTRY": { desc: "Customs brokerage - formal entry", unit: "EA", rate: 195 },
  "HTS-ADDL": { desc: "Additional HTS classification lines", unit: "LINE", rate: 8 },
  "ISF-FILING": { desc: "Importer Security Filing (10+2)", unit: "EA", rate: 50 },
  "PGA-FDA": { desc: "FDA prior notice / PGA filing", unit: "EA", rate: 50 },
  "PGA-USDA": { desc: "USDA APHIS PGA filing", unit: "EA", rate: 50 },
  PSC: { desc: "Post summary correction", unit: "EA", rate: 125 },
  "BOND-CONT": { desc: "Continuous import bond - annual premium", unit: "YR", rate: 950 },
  "DBK-FEE": { desc: "Duty drawback claim preparation", unit: "EA", rate: 350 },
  "ADV-FEE": { desc: "Disbursement fee on duties and fees advanced", unit: "%", rate: 3 },
};
/** MPF on formal entries, 19 CFR 24.23: 0.3464 % of value, its minimum and maximum by fiscal year (from 1 October). */
const mpfOf = (value: number, day: string) => r2(Math.min(day >= "2025-10-01" ? 651.5 : 634.62, Math.max(day >= "2025-10-01" ? 33.58 : 32.71, value * 0.003464)));
const DISB_CODES = ["DUTY", "MPF", "HMF"]; // advanced to CBP on the client's behalf: the advance fee's basis
const DISB_DESC: Record<string, string> = {
  DUTY: "Customs duties advanced", MPF: "Merchandise processing fee", HMF: "Harbor maintenance fee", DRAY: "Drayage - pier to door",
  "EXAM-CES": "CBP examination - CES fees", STORAGE: "CFS storage and handling", STB: "Single transaction bond premium", "DUTY-DBK": "Duty drawback refund (99 %)",
};
const CLERKS = ["mreyes", "jchen", "apatel", "skowalski", "dthompson"];
const MANAGERS = ["K. Brennan (Branch Mgr)", "R. Alvarez (Customs Mgr)"];
const TRUCKERS = ["Harbor Link Drayage", "Pacific Coast Cartage", "Bayline Trucking", "Quick Chassis Express"];
const WORDS = ["ACME", "BLUE", "CREST", "DELTA", "EAGLE", "FOX", "GOLD", "HARBOR", "IRON", "JADE", "KEY", "LAKE", "MAPLE", "NORTH", "OAK", "PINE", "QUEST", "RIVER", "SUN", "TIDE", "UNION", "VALE", "WEST", "ZEN"];
const KINDS = ["TOYS", "HOME", "FOOD", "AUTO", "TEXT", "ELEC", "FURN", "TOOL", "PETS", "BEVS"];
const CITIES = ["LAX", "LGB", "ONT", "CHI", "NYC", "ATL", "DAL", "SEA"];

interface Client {
  code: string; agreement: string; anniv: string; allIn: boolean; raise: number; brk: number; included: number; addl: number; isf: number;
  continuous: boolean; bond: number; advPct: number | null; advMin: number; ach: boolean; drayMarkup: number; pga: "PGA-FDA" | "PGA-USDA" | null; pgaFee: number;
  psc: number; dbk: number | null; consolidated: boolean; volume: number; oceanShare: number; dutyRate: number;
}
/** A client's agreed price of a code on a day: the agreement re-priced on its anniversary. */
function agreed(c: Client, code: string, day: string): number {
  const base: Record<string, number> = { "BRK-ENTRY": c.brk, "ALL-IN": c.brk, "HTS-ADDL": c.addl, "ISF-FILING": c.isf, "PGA-FDA": c.pgaFee, "PGA-USDA": c.pgaFee, PSC: c.psc, "BOND-CONT": c.bond, "DBK-FEE": c.dbk ?? 0, "ADV-MIN": c.advMin };
  const p = base[code]!;
  return code === "BOND-CONT" ? p : r2(p * (day >= c.anniv ? 1 + c.raise : 1));
}

interface Line { job: string; entry: string; arrival: string; entryDate: string; code: string; desc: string; qty: number; unit: string; rate: number; amount: number; cost: number | null }
interface Doc {
  no: string; type: "INV" | "CRD"; date: string; client: Client; related: Doc | null; relatedText: string; user: string; approver: string;
  lines: Line[]; regular: string; leak?: { kind: LeakKind; risk: number }; suffix: string; job: string; consolidated: boolean;
}
interface Filing { entry: string; job: string; client: Client; code: string; qty: number; day: string; doc: Doc | null; note: string }

const total = (d: Doc) => r2(d.lines.reduce((s, l) => s + l.amount, 0));

export function generateCustomsBroker(seed: number) {
  const rnd = mulberry32(seed);
  const { pick, int, logn, between } = draws(rnd);
  const chance = (p: number) => rnd() < p;
  const docs: Doc[] = [];
  const filings: Filing[] = [];
  const used = new Set<string>();
  const clients: Client[] = [];
  while (clients.length < 80) {
    const code = `${pick(WORDS)}${pick(KINDS)}${pick(CITIES)}`;
    if (used.has(code)) continue;
    used.add(code);
    const allIn = chance(0.08), key = !allIn && chance(0.12);
    clients.push({
      code, agreement: `RA-${code}`, anniv: addDays("2025-08-01", int(0, 300)), allIn, raise: chance(0.75) ? pick([0.03, 0.04, 0.05]) : 0,
      brk: allIn ? int(26, 38) * 5 : key ? int(15, 21) * 5 : int(19, 32) * 5, included: pick([3, 5, 5, 10]), addl: pick([4, 5, 6, 7.5]),
      isf: key ? 0 : int(5, 9) * 5, continuous: chance(0.6), bond: pick([450, 600, 750, 900, 1200]),
      advPct: key ? null : pick([2, 2.5, 3]), advMin: pick([15, 20, 25]), ach: !key && chance(0.15), drayMarkup: pick([0, 0, 0.1, 0.15]),
      pga: chance(0.2) ? "PGA-FDA" : chance(0.1) ? "PGA-USDA" : null, pgaFee: int(7, 10) * 5, psc: int(15, 25) * 5, dbk: chance(0.12) ? int(50, 70) * 5 : null,
      consolidated: chance(0.1), volume: Math.max(0.6, logn(4, 0.7)), oceanShare: between(0.5, 0.95), dutyRate: pick([0.025, 0.04, 0.065, 0.12, 0.25, 0.32]),
    });
  }
  let jobNo = 0, entryNo = 0, ciNo = 0;
  const newDoc = (d: Omit<Doc, "no">): Doc => { const x = { ...d, no: "" }; docs.push(x); return x; };
  const jobOf = () => `C${String(1_204_000 + ++jobNo).padStart(8, "0")}`;
  const entryOf = () => { const n = 4_310_000 + ++entryNo; return `9HB-${n}-${(n * 7) % 10}`; };
  const line = (l: Omit<Line, "amount" | "desc" | "unit"> & { desc?: string; unit?: string; amount?: number }): Line =>
    ({ ...l, desc: l.desc ?? SCHEDULE[l.code]?.desc ?? DISB_DESC[l.code] ?? l.code, unit: l.unit ?? SCHEDULE[l.code]?.unit ?? "EA", amount: l.amount ?? r2(l.qty * l.rate) });
  const pending = new Map<Client, { month: string; lines: Line[]; jobs: { job: string; fs: Filing[] }[] }>(); // consolidated: this month's lines
  /** A consolidated client's pending month on one invoice dated `day`, its filings naming it. */
  const invoiceMonth = (c: Client, day: string) => {
    const p = pending.get(c)!;
    const d = newDoc({ type: "INV", date: day, client: c, related: null, relatedText: "", user: "CW1-BILLING", approver: "", lines: p.lines, regular: "consolidated_monthly_invoice", suffix: "", job: "", consolidated: true });
    for (const j of p.jobs) for (const f of j.fs) f.doc = d;
    pending.delete(c);
  };
  const bondDue = new Set<Client>(clients.filter((c) => c.continuous)); // the renewal goes on the first invoice after the anniversary
  const entryDocs: { doc: Doc; c: Client; hasAdv: boolean; isf: boolean; addl: number; dray: boolean }[] = [];

  for (let day = START; day <= END; day = addDays(day, 1)) {
    const wd = new Date(day).getUTCDay();
    if (wd === 0 || wd === 6) continue;
    // A consolidated client's month is invoiced on the month's first working day after it.
    for (const [c, p] of pending) if (p.month < day.slice(0, 7)) invoiceMonth(c, day);
    for (const c of clients) {
      const entries = rnd() < c.volume / 21 ? 1 : 0;
      for (let k = 0; k < entries; k++) {
        const job = jobOf(), entry = entryOf(), ocean = chance(c.oceanShare);
        const arrival = day, entryDate = addDays(day, int(-1, 1)), value = r2(Math.max(1500, logn(42_000, 1.0)));
        const hts = Math.max(1, Math.round(logn(4, 0.9))), addl = Math.max(0, hts - c.included);
        const fs: Filing[] = [];
        const file = (code: string, qty: number, note = "") => { const f = { entry, job, client: c, code, qty, day: entryDate, doc: null, note }; filings.push(f); fs.push(f); };
        const ls: Line[] = [];
        const base = { job, entry, arrival, entryDate, cost: null };
        file("BRK-ENTRY", 1, `Type 01 consumption entry, ${hts} HTS lines`);
        if (c.allIn) ls.push(line({ ...base, code: "ALL-IN", qty: 1, rate: agreed(c, "ALL-IN", entryDate), desc: "Customs clearance - all-in flat fee per entry", unit: "EA" }));
        else ls.push(line({ ...base, code: "BRK-ENTRY", qty: 1, rate: agreed(c, "BRK-ENTRY", entryDate), desc: `Customs brokerage - formal entry (${c.included} lines incl.)` }));
        if (addl > 0) {
          file("HTS-ADDL", addl, `${hts} lines, ${c.included} included`);
          if (!c.allIn) ls.push(line({ ...base, code: "HTS-ADDL", qty: addl, rate: agreed(c, "HTS-ADDL", entryDate), desc: `Additional HTS lines (${hts} lines, ${c.included} incl.)` }));
        }
        if (ocean) {
          file("ISF-FILING", 1, "ISF 10+2 accepted");
          if (!c.allIn && c.isf > 0) ls.push(line({ ...base, code: "ISF-FILING", qty: 1, rate: agreed(c, "ISF-FILING", entryDate) }));
        }
        if (c.pga && chance(0.7)) {
          const n = chance(0.8) ? 1 : 2;
          file(c.pga, n, "PGA message set transmitted");
          if (!c.allIn) ls.push(line({ ...base, code: c.pga, qty: n, rate: agreed(c, c.pga, entryDate) }));
        }
        if (!c.continuous) {
          const premium = r2(Math.max(75, (value + (value * c.dutyRate)) * 0.005));
          ls.push(line({ ...base, code: "STB", qty: 1, rate: premium, desc: `Single transaction bond premium (value ${value.toFixed(0)})` }));
        }
        // Disbursements: advanced to CBP at exact cost, unless the client pays duty by its own ACH statement.
        const advanced: Line[] = [];
        if (!c.ach) {
          const duty = r2(value * c.dutyRate), mpf = mpfOf(value, entryDate), hmf = ocean ? r2(value * 0.00125) : 0;
          for (const [code, v] of [["DUTY", duty], ["MPF", mpf], ["HMF", hmf]] as const) if (v > 0) advanced.push(line({ ...base, code, qty: 1, rate: v, cost: v }));
          ls.push(...advanced);
        }
        let dray = false;
        if (ocean && chance(0.45)) {
          const cost = r2(int(38, 95) * 10 + (chance(0.3) ? int(2, 6) * 25 : 0));
          ls.push(line({ ...base, code: "DRAY", qty: 1, rate: r2(cost * (1 + c.drayMarkup)), cost, desc: `Drayage - ${pick(TRUCKERS)} inv ${int(40_000, 99_999)}` }));
          dray = true;
        }
        if (chance(0.04)) { const cost = r2(int(30, 160) * 10); ls.push(line({ ...base, code: "EXAM-CES", qty: 1, rate: cost, cost })); }
        if (ocean && chance(0.05)) { const d = int(2, 9), cost = r2(d * int(35, 60)); ls.push(line({ ...base, code: "STORAGE", qty: d, rate: r2(cost / d), amount: cost, cost: r2(cost / d), unit: "DAY" })); }
        let hasAdv = false;
        if (c.advPct !== null && advanced.length) {
          const basis = r2(advanced.reduce((s, l) => s + l.amount, 0));
          const pct = c.advPct, fee = r2((basis * pct) / 100), min = agreed(c, "ADV-MIN", entryDate);
          ls.push(fee >= min ? line({ ...base, code: "ADV-FEE", qty: basis, rate: pct, amount: fee, unit: "%", desc: `Disbursement fee ${pct} % of ${basis.toFixed(2)}` })
            : line({ ...base, code: "ADV-FEE", qty: 1, rate: min, unit: "EA", desc: "Disbursement fee - minimum" }));
          hasAdv = true;
        }
        const bondLine = c.continuous && bondDue.has(c) && entryDate >= c.anniv;
        if (bondLine) { ls.push(line({ ...base, code: "BOND-CONT", qty: 1, rate: c.bond, desc: `Continuous bond renewal ${usDate(c.anniv)} - ${usDate(addDays(c.anniv, 364))}`, unit: "YR" })); bondDue.delete(c); }
        if (c.consolidated) {
          const p = pending.get(c) ?? { month: day.slice(0, 7), lines: [], jobs: [] };
          p.lines.push(...ls); p.jobs.push({ job, fs }); pending.set(c, p);
          continue;
        }
        const regular = c.allIn ? "all_in_flat_fee" : c.ach ? "ach_statement_no_advance_fee" : c.isf === 0 && ocean ? "free_isf_key_account" : bondLine ? "bond_renewal_on_invoice"
          : entryDate >= c.anniv && c.raise > 0 && entryDate < addDays(c.anniv, 45) ? "rate_after_anniversary" : ls.some((l) => l.code === "DRAY" && l.rate > (l.cost ?? 0)) ? "drayage_marked_up" : "entry_invoice";
        const d = newDoc({ type: "INV", date: addDays(entryDate, int(1, 4)), client: c, related: null, relatedText: "", user: pick(CLERKS), approver: "", lines: ls, regular, suffix: "A", job, consolidated: false });
        for (const f of fs) f.doc = d;
        entryDocs.push({ doc: d, c, hasAdv, isf: ocean && !c.allIn && c.isf > 0, addl: c.allIn ? 0 : addl, dray });
        // A post-summary correction a few weeks on: billed on its own invoice naming the entry's.
        if (!c.allIn && chance(0.03)) {
          const on = addDays(d.date, int(10, 40));
          const p = newDoc({ type: "INV", date: on, client: c, related: d, relatedText: "", user: pick(CLERKS), approver: "", lines: [line({ ...base, code: "PSC", qty: 1, rate: agreed(c, "PSC", on) })], regular: "post_summary_correction", suffix: "B", job, consolidated: false });
          filings.push({ entry, job, client: c, code: "PSC", qty: 1, day: on, doc: p, note: "PSC transmitted - classification corrected" });
        }
      }
    }
  }
  // The last month of the consolidated clients, invoiced on the history's last day.
  for (const c of [...pending.keys()]) invoiceMonth(c, END);
  // Drawback: the refund credited to the client (naming the entry's invoice of a past year) and the claim's fee.
  for (const c of clients.filter((c) => c.dbk !== null)) for (let k = 0; k < int(1, 3); k++) {
    const on = addDays("2025-08-15", int(0, 300)), job = jobOf(), refund = r2(logn(9_000, 0.8));
    const oldJob = `C${String(int(1_050_000, 1_150_000)).padStart(8, "0")}`;
    const base = { job, entry: `DBK-${entryOf()}`, arrival: "", entryDate: on, cost: null };
    newDoc({ type: "CRD", date: on, client: c, related: null, relatedText: `${oldJob}/A`, user: pick(CLERKS), approver: pick(MANAGERS), lines: [line({ ...base, code: "DUTY-DBK", qty: 1, rate: refund, cost: refund })], regular: "duty_drawback_credit", suffix: "C", job, consolidated: false });
    newDoc({ type: "INV", date: on, client: c, related: null, relatedText: "", user: pick(CLERKS), approver: "", lines: [line({ ...base, code: "DBK-FEE", qty: 1, rate: agreed(c, "DBK-FEE", on) })], regular: "drawback_fee", suffix: "A", job, consolidated: false });
  }

  // Corrected entries: the invoice credited in full and re-billed with the corrected lines count.
  const take = <T>(xs: T[], n: number) => { const out: T[] = []; const pool = [...xs]; while (out.length < n && pool.length) out.push(pool.splice(Math.floor(rnd() * pool.length), 1)[0]!); return out; };
  const plain = (x: (typeof entryDocs)[number]) => !x.doc.leak && x.doc.date > "2025-08-01" && x.doc.regular !== "corrected_original" && !docs.some((d) => d.related === x.doc);
  for (const x of take(entryDocs.filter((x) => plain(x) && x.addl > 0), 30)) {
    const on = addDays(x.doc.date, int(3, 20));
    newDoc({ ...x.doc, type: "CRD", date: on, related: x.doc, user: pick(CLERKS), approver: pick(MANAGERS), lines: x.doc.lines.map((l) => ({ ...l })), regular: "credit_for_rebill", suffix: "C" });
    const lines = x.doc.lines.map((l) => ({ ...l }));
    const extra = int(1, 4), addl = lines.find((l) => l.code === "HTS-ADDL")!;
    addl.qty += extra; addl.amount = r2(addl.qty * addl.rate);
    const re = newDoc({ ...x.doc, date: on, related: x.doc, user: pick(CLERKS), lines, regular: "corrected_rebill", suffix: "B" });
    for (const f of filings) if (f.doc === x.doc) { f.doc = re; if (f.code === "HTS-ADDL") f.qty += extra; }
    x.doc.regular = "corrected_original";
  }

  // Planting: eight of each kind, on ordinary invoices.
  const plant = (d: Doc, kind: LeakKind, risk: number) => { d.leak = { kind, risk: r2(risk) }; };
  const N = 8;
  const drop = (d: Doc, pred: (l: Line) => boolean) => { const gone = d.lines.filter(pred); d.lines = d.lines.filter((l) => !gone.includes(l)); return gone.reduce((s, l) => s + l.amount, 0); };
  const ordinary = (x: (typeof entryDocs)[number]) => plain(x) && !x.c.allIn && x.doc.regular !== "corrected_original";
  // 1. The job billed for its disbursements only: brokerage, lines, ISF and PGA never billed.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.doc.lines.some((l) => DISB_CODES.includes(l.code))), N))
    plant(x.doc, "entry_not_billed", drop(x.doc, (l) => ["BRK-ENTRY", "HTS-ADDL", "ISF-FILING", "PGA-FDA", "PGA-USDA"].includes(l.code)));
  // 2. Brokerage below the agreement: last year's rate after the anniversary, or the key-account rate of another client.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.c.raise > 0 && x.doc.lines[0]!.entryDate >= addDays(x.c.anniv, 10)), N)) {
    const l = x.doc.lines.find((l) => l.code === "BRK-ENTRY")!;
    const low = chance(0.5) ? agreed(x.c, "BRK-ENTRY", "2000-01-01") : r2(l.rate - int(2, 6) * 5);
    plant(x.doc, "brokerage_below_agreement", l.rate - low);
    l.rate = low; l.amount = low;
  }
  // 3. A trucker's invoice passed on below its cost: the quote billed, the waiting time or chassis split left out.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.dray), N)) {
    const l = x.doc.lines.find((l) => l.code === "DRAY")!;
    const billed = r2(l.cost! - int(3, 12) * 25);
    plant(x.doc, "disbursement_below_cost", l.rate - billed);
    l.rate = billed; l.amount = billed;
  }
  // 4. The advance fee missing on duties advanced.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.hasAdv), N)) plant(x.doc, "advance_fee_missing", drop(x.doc, (l) => l.code === "ADV-FEE"));
  // 5. An ISF filed without its fee.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.isf), N)) plant(x.doc, "isf_not_billed", drop(x.doc, (l) => l.code === "ISF-FILING"));
  // 6. Additional HTS lines not charged: the line dropped, or the brokerage's included lines counted twice.
  for (const x of take(entryDocs.filter((x) => ordinary(x) && x.addl >= 2), N)) {
    const l = x.doc.lines.find((l) => l.code === "HTS-ADDL")!;
    if (chance(0.5)) plant(x.doc, "hts_lines_not_charged", drop(x.doc, (y) => y === l));
    else { const cut = Math.min(l.qty - 1, x.c.included); plant(x.doc, "hts_lines_not_charged", cut * l.rate); l.qty -= cut; l.amount = r2(l.qty * l.rate); l.desc = `Additional HTS lines (${l.qty} beyond incl.)`; }
  }
  // 7. The continuous bond's renewal left off the first invoice after the anniversary.
  for (const x of take(entryDocs.filter((x) => plain(x) && x.doc.regular === "bond_renewal_on_invoice" && x.doc.date > "2025-09-01"), N)) plant(x.doc, "bond_renewal_not_billed", drop(x.doc, (l) => l.code === "BOND-CONT"));
  // 8. An invoice billed twice: the job invoiced again as /B a few days later.
  for (const x of take(entryDocs.filter((x) => ordinary(x)), N)) {
    const copy = newDoc({ ...x.doc, date: addDays(x.doc.date, int(1, 6)), user: pick(CLERKS), lines: x.doc.lines.map((l) => ({ ...l })), suffix: "B", leak: undefined });
    plant(copy, "invoice_billed_twice", total(copy));
  }

  const all = docs.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  // A job's documents by suffix: /A its invoice, /B the next (a correction, a rebill), /C1 the credit of /A; a consolidated invoice a CI number.
  for (const d of all) d.no = d.consolidated ? `CI${String(30_000 + ++ciNo).padStart(8, "0")}` : d.type === "CRD" && d.related ? `${d.job}/C1` : `${d.job}/${d.suffix}`;
  const labels: Label[] = all.filter((d) => d.leak).map((d) => ({ document: d.no, kind: d.leak!.kind, currency: "USD", amount_at_risk: d.leak!.risk }));
  return { docs: all, filings, clients, labels };
}

// The AR invoice line detail: MM/DD/YYYY dates, "1,234.56" amounts, "," between columns; the invoice's header on each row.
export function writeCustomsBroker(seed: number, out: string) {
  const g = generateCustomsBroker(seed);
  mkdirSync(join(out, "ref"), { recursive: true });
  const header = ["Transaction Number", "Transaction Type", "Invoice Date", "Organisation Code", "Rate Agreement", "Related Transaction", "Created By", "Approved By", "Currency", "Invoice Total",
    "Line No", "Job Number", "Entry Number", "Arrival Date", "Entry Date", "Charge Code", "Description", "Quantity", "Unit", "Rate", "Line Amount", "Unit Cost"];
  const rows: string[][] = [];
  for (const d of g.docs) d.lines.forEach((l, k) => rows.push([
    d.no, d.type, usDate(d.date), d.client.code, d.client.agreement, d.related?.no ?? d.relatedText, d.user, d.approver, "USD", num(total(d)),
    String(k + 1), l.job, l.entry, usDate(l.arrival), usDate(l.entryDate), l.code, l.desc, l.unit === "%" ? l.qty.toFixed(2) : String(l.qty), l.unit, num(l.rate), num(l.amount), l.cost === null ? "" : num(l.cost),
  ]));
  writeFileSync(join(out, "ar_invoice_lines.csv"), csv(header, rows));
  writeFileSync(join(out, "ref", "schedule_of_fees.csv"), csv(["Charge Code", "Description", "Unit", "Currency", "Rate", "Effective Date"],
    Object.entries(SCHEDULE).map(([code, s]) => [code, s.desc, s.unit, "USD", num(s.rate), "01/01/2025"])));
  // The rate agreements: a row per charge and agreement year (re-priced on the anniversary).
  const agreements: string[][] = [];
  for (const c of g.clients) for (const [from, to] of [[addDays(c.anniv, -365), addDays(c.anniv, -1)], [c.anniv, addDays(c.anniv, 364)]] as const) {
    const row = (code: string, unit: string, price: number, desc: string, appliesTo = "", freq = "") => agreements.push([c.agreement, c.code, code, desc, unit, "USD", num(price), appliesTo, freq, usDate(from), usDate(to)]);
    if (c.allIn) row("ALL-IN", "EA", agreed(c, "ALL-IN", from), "All-in clearance per entry (brokerage, ISF, lines, PGA)", "BRK-ENTRY HTS-ADDL ISF-FILING PGA-FDA PGA-USDA");
    else {
      row("BRK-ENTRY", "EA", agreed(c, "BRK-ENTRY", from), `Brokerage per entry, ${c.included} HTS lines included`);
      row("HTS-ADDL", "LINE", agreed(c, "HTS-ADDL", from), `Each HTS line beyond ${c.included}`);
      row("ISF-FILING", "EA", agreed(c, "ISF-FILING", from), c.isf === 0 ? "ISF filing - no charge (key account)" : "ISF filing");
      if (c.pga) row(c.pga, "EA", agreed(c, c.pga, from), "PGA filing");
      row("PSC", "EA", agreed(c, "PSC", from), "Post summary correction");
    }
    if (c.advPct !== null) {
      row("ADV-FEE", "%", c.advPct, "Disbursement fee on duties and fees advanced", "DUTY, MPF, HMF");
      row("ADV-FEE", "EA", agreed(c, "ADV-MIN", from), "Disbursement fee - minimum per entry");
    }
    if (c.continuous) row("BOND-CONT", "YR", c.bond, "Continuous bond annual premium", "", "Annual");
    if (c.dbk !== null) row("DBK-FEE", "EA", agreed(c, "DBK-FEE", from), "Drawback claim preparation");
  }
  writeFileSync(join(out, "ref", "rate_agreements.csv"), csv(["Agreement", "Organisation Code", "Charge Code", "Description", "Unit", "Currency", "Rate", "Applies To", "Billing Frequency", "Valid From", "Valid To"], agreements));
  let n = 0;
  writeFileSync(join(out, "ref", "customs_filings.csv"), csv(["Filing Id", "Entry Number", "Job Number", "Organisation Code", "Charge Code", "Quantity", "Filed Date", "Invoice Number", "Notes"],
    g.filings.map((f) => [`F${String(++n).padStart(7, "0")}`, f.entry, f.job, f.client.code, f.code, String(f.qty), usDate(f.day), f.doc?.no ?? "", f.note])));
  const regular: Record<string, string> = {};
  for (const d of g.docs) if (!d.leak) regular[d.no] = d.regular;
  const byKind = writeLabels(out, seed, g.labels, regular);
  return { invoices: g.docs.length, lines: rows.length, filings: g.filings.length, clients: g.clients.length, leaks: g.labels.length, by_kind: byKind };
}

if (import.meta.main) {
  const arg = (name: string, dflt: string): string => { const i = process.argv.indexOf(name); return (i > 0 ? process.argv[i + 1] : undefined) ?? dflt; };
  console.log(JSON.stringify(writeCustomsBroker(Number(arg("--seed", "6201")), arg("--out", "/tmp/customs-broker-6201"))));
}
